// The check of a wave's 64 GLOBAL addresses under a full EXEC, with WebAssembly SIMD on the VGPRs in the
// translating engine's memory (vregs.ts): whether every lane's address is dword-aligned inside lane 0's
// allocation (with a VGPR-pair address, every high word equal to lane 0's), so that the lanes can move
// their dwords without a check each; and whether the lanes are one run of equally spaced elements
// (lane l at lane 0's address plus l times the element's size: a coalesced access), which for dwords
// moves as one copy (mem-gen.ts).

import { vregExports, vregMemory } from './vregs.js';
import { FuncWriter, I32, moduleBytes, OP, SIMD, V128 } from './wasm-bin.js';

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
  const first = f.local(I32);
  const last = f.local(I32);
  const okBit = f.local(I32);
  const runBit = f.local(I32);
  // Whether the lanes are one run: want = lo[0] + stride * (0, 1, 2, 3), step = 4 * stride in each lane.
  f.get(P_LO).mem32(OP.i32Load, 0).tee(first).simd(SIMD.i32x4Splat);
  f.get(P_STRIDE).simd(SIMD.i32x4Splat).const16([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
  f.simd(SIMD.i32x4Mul).simd(SIMD.i32x4Add).set(want);
  f.get(P_STRIDE).i32(2).op(OP.i32Shl).simd(SIMD.i32x4Splat).set(step);
  f.splatConst(-1).set(run);
  for (let k = 0; k < 16; k++) {
    f.get(run)
      .get(P_LO)
      .simdMem(SIMD.load, 16 * k)
      .get(want)
      .simd(SIMD.i32x4Eq)
      .simd(SIMD.and)
      .set(run);
    if (k < 15) f.get(want).get(step).simd(SIMD.i32x4Add).set(want);
  }
  f.get(P_LO).mem32(OP.i32Load, 252).set(last);
  // A run of whole dwords that does not wrap (its last lane at or above its first) lies between its
  // first and last lanes, each aligned if the first is: those two decide. Any other set of lanes is
  // checked lane by lane.
  f.get(run).simd(SIMD.i32x4AllTrue);
  f.get(P_STRIDE).i32(3).op(OP.i32And, OP.i32Eqz, OP.i32And);
  f.get(last).get(first).op(OP.i32GeU, OP.i32And);
  f.op(OP.if, OP.void);
  f.get(first).get(P_MIN).op(OP.i32GeU);
  f.get(P_MAX).get(last).op(OP.i32GeU, OP.i32And);
  f.get(first).i32(3).op(OP.i32And, OP.i32Eqz, OP.i32And).set(okBit);
  f.i32(LANES_RUN).set(runBit);
  f.op(OP.else);
  f.get(P_MIN).simd(SIMD.i32x4Splat).set(min);
  f.get(P_MAX).simd(SIMD.i32x4Splat).set(max);
  f.splatConst(-1).set(ok);
  for (let k = 0; k < 16; k++) {
    f.get(P_LO)
      .simdMem(SIMD.load, 16 * k)
      .set(x);
    // In [min, max] and a multiple of 4 (x & 3 clear: x AND NOT 3 equals x).
    f.get(ok).get(x).get(min).simd(SIMD.i32x4GeU).simd(SIMD.and);
    f.get(x).get(max).simd(SIMD.i32x4LeU).simd(SIMD.and);
    f.get(x).splatConst(3).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Eq).simd(SIMD.and).set(ok);
  }
  f.get(ok).simd(SIMD.i32x4AllTrue).set(okBit);
  f.get(run).simd(SIMD.i32x4AllTrue).i32(1).op(OP.i32Shl).set(runBit);
  f.op(OP.end);
  // With a high word: every lane's equal to lane 0's.
  f.get(P_HI).i32(1).op(OP.i32Add).op(OP.if, OP.void);
  f.get(P_HI).mem32(OP.i32Load, 0).simd(SIMD.i32x4Splat).set(want);
  f.splatConst(-1).set(ok);
  for (let k = 0; k < 16; k++)
    f.get(ok)
      .get(P_HI)
      .simdMem(SIMD.load, 16 * k)
      .get(want)
      .simd(SIMD.i32x4Eq)
      .simd(SIMD.and)
      .set(ok);
  f.get(okBit).get(ok).simd(SIMD.i32x4AllTrue).op(OP.i32And).set(okBit);
  f.op(OP.end);
  f.get(okBit).get(runBit).op(OP.i32Or);
  return f;
}

/** The function, or a stand-in answering 0 (no lane checked) where the memory cannot be made. */
export function lanesFn(): LanesFn {
  const mem = vregMemory();
  if (mem === null) return () => 0;
  return vregExports(mem, moduleBytes([build()], 1)).f0 as LanesFn;
}
