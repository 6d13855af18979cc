// Whether a wave's 64 GLOBAL addresses are one run of equally spaced elements (lane l at lane 0's address
// plus l times the element's size), checked with WebAssembly SIMD on the VGPRs in the translating engine's
// memory (vregs.ts). Coalesced accesses, the common case, then move as one span: one region check, and
// for dwords one copy, instead of a check per lane (mem-gen.ts).

import { vregMemory } from './vregs.js';
import { FuncWriter, moduleBytes, OP, SIMD, V128 } from './wasm-bin.js';

/**
 * (lo, hi, stride) => 1 if the 64 words of the row at byte offset `lo` are lo[0] + stride * l (mod 2^32)
 * and, unless hi is -1, the 64 words of the row at `hi` all equal its first; else 0.
 */
export type SpanFn = (lo: number, hi: number, stride: number) => number;

function build(): FuncWriter {
  const P_LO = 0;
  const P_HI = 1;
  const P_STRIDE = 2;
  const f = new FuncWriter(3);
  const want = f.local(V128);
  const step = f.local(V128);
  const acc = f.local(V128);
  // want = lo[0] + stride * (0, 1, 2, 3); step = 4 * stride in each lane.
  f.get(P_LO).mem32(OP.i32Load, 0).simd(SIMD.i32x4Splat);
  f.get(P_STRIDE).simd(SIMD.i32x4Splat).const16([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
  f.simd(SIMD.i32x4Mul).simd(SIMD.i32x4Add).set(want);
  f.get(P_STRIDE).i32(2).op(OP.i32Shl).simd(SIMD.i32x4Splat).set(step);
  f.splatConst(-1).set(acc);
  for (let k = 0; k < 16; k++) {
    f.get(acc)
      .get(P_LO)
      .simdMem(SIMD.load, 16 * k)
      .get(want)
      .simd(SIMD.i32x4Eq)
      .simd(SIMD.and)
      .set(acc);
    if (k < 15) f.get(want).get(step).simd(SIMD.i32x4Add).set(want);
  }
  f.get(P_HI).i32(1).op(OP.i32Add).op(OP.if, OP.void);
  f.get(P_HI).mem32(OP.i32Load, 0).simd(SIMD.i32x4Splat).set(want);
  for (let k = 0; k < 16; k++)
    f.get(acc)
      .get(P_HI)
      .simdMem(SIMD.load, 16 * k)
      .get(want)
      .simd(SIMD.i32x4Eq)
      .simd(SIMD.and)
      .set(acc);
  f.op(OP.end);
  f.get(acc).simd(SIMD.i32x4AllTrue);
  return f;
}

/** The function, or a stand-in answering 0 (never one span) where the memory cannot be made. */
export function spanFn(): SpanFn {
  const mem = vregMemory();
  if (mem === null) return () => 0;
  const inst = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes([build()], 1)), { m: { mem } });
  return inst.exports.f0 as SpanFn;
}
