// The check of a wave's 64 GLOBAL addresses under a full EXEC, with WebAssembly SIMD on the VGPRs in the
// translating engine's memory (vregs.ts): whether every lane's address is dword-aligned inside lane 0's
// allocation (with a VGPR-pair address, every high word equal to lane 0's), so that the lanes can move
// their dwords without a check each; and whether the lanes are one run of equally spaced elements
// (lane l at lane 0's address plus l times the element's size: a coalesced access), which for dwords
// moves as one copy (mem-gen.ts).

import { vregExports, vregMemory } from './vregs.js';
import { FuncWriter, moduleBytes, OP, SIMD, V128 } from './wasm-bin.js';

/**
 * (lo, hi, stride, min, max) => bit 0 set if each of the 64 words of the row at byte offset `lo` is in
 * [min, max] (unsigned) with its low two bits clear and, unless hi is -1, each word of the row at `hi`
 * equals that row's first; bit 1 set if the words at `lo` are lo[0] + stride * l (mod 2^32).
 */
export type LanesFn = (lo: number, hi: number, stride: number, min: number, max: number) => number;

/** Bit 0 of a LanesFn's result: every lane in bounds and aligned. */
export const LANES_IN = 1;
/** Bit 1: the lanes are one run. */
export const LANES_RUN = 2;

function build(): FuncWriter {
  const P_LO = 0;
  const P_HI = 1;
  const P_STRIDE = 2;
  const P_MIN = 3;
  const P_MAX = 4;
  const f = new FuncWriter(5);
  const want = f.local(V128);
  const step = f.local(V128);
  const run = f.local(V128);
  const ok = f.local(V128);
  const min = f.local(V128);
  const max = f.local(V128);
  const x = f.local(V128);
  // want = lo[0] + stride * (0, 1, 2, 3); step = 4 * stride in each lane.
  f.get(P_LO).mem32(OP.i32Load, 0).simd(SIMD.i32x4Splat);
  f.get(P_STRIDE).simd(SIMD.i32x4Splat).const16([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
  f.simd(SIMD.i32x4Mul).simd(SIMD.i32x4Add).set(want);
  f.get(P_STRIDE).i32(2).op(OP.i32Shl).simd(SIMD.i32x4Splat).set(step);
  f.get(P_MIN).simd(SIMD.i32x4Splat).set(min);
  f.get(P_MAX).simd(SIMD.i32x4Splat).set(max);
  f.splatConst(-1).set(run);
  f.splatConst(-1).set(ok);
  for (let k = 0; k < 16; k++) {
    f.get(P_LO)
      .simdMem(SIMD.load, 16 * k)
      .set(x);
    f.get(run).get(x).get(want).simd(SIMD.i32x4Eq).simd(SIMD.and).set(run);
    if (k < 15) f.get(want).get(step).simd(SIMD.i32x4Add).set(want);
    // In [min, max] and a multiple of 4 (x & 3 clear: x AND NOT 3 equals x).
    f.get(ok).get(x).get(min).simd(SIMD.i32x4GeU).simd(SIMD.and);
    f.get(x).get(max).simd(SIMD.i32x4LeU).simd(SIMD.and);
    f.get(x).splatConst(3).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Eq).simd(SIMD.and).set(ok);
  }
  f.get(P_HI).i32(1).op(OP.i32Add).op(OP.if, OP.void);
  f.get(P_HI).mem32(OP.i32Load, 0).simd(SIMD.i32x4Splat).set(want);
  for (let k = 0; k < 16; k++)
    f.get(ok)
      .get(P_HI)
      .simdMem(SIMD.load, 16 * k)
      .get(want)
      .simd(SIMD.i32x4Eq)
      .simd(SIMD.and)
      .set(ok);
  f.op(OP.end);
  f.get(ok).simd(SIMD.i32x4AllTrue);
  f.get(run).simd(SIMD.i32x4AllTrue).i32(1).op(OP.i32Shl, OP.i32Or);
  return f;
}

/** The function, or a stand-in answering 0 (no lane checked) where the memory cannot be made. */
export function lanesFn(): LanesFn {
  const mem = vregMemory();
  if (mem === null) return () => 0;
  return vregExports(mem, moduleBytes([build()], 1)).f0 as LanesFn;
}
