// Lane math of the f32/f64 compares (the 16 predicates) and v_cmp_class_f32/f64. Each writes a full
// 64-lane mask to maskOut; the executor ANDs it with EXEC (and writes EXEC for v_cmpx_*).
//
// The predicates and their truth tables are described once, in isa/ops/vector-cmp.ts. Input denormals are
// flushed as MODE says (compares are floating-point operations); the class test looks at the raw bits.
// gfx6/gfx7's v_cmps_* (signalling on any NaN) give the same mask: gcnkit models no FP exceptions.

import { FCMP_PREDICATES, relation as rel } from '../../isa/ops/vector-cmp.js';
import { flush32, M_DENORM_IN32 } from './f32-util.js';
import { flush64 } from './f64-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function cmp32(x: Lanes, table: number): void {
  if ((x.mode & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
  }
  const a = x.f0;
  const b = x.f1;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 32; l++) m0 |= ((table >>> rel(a[l], b[l])) & 1) << l;
  for (let l = 0; l < 32; l++) m1 |= ((table >>> rel(a[l + 32], b[l + 32])) & 1) << l;
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

function cmp64(x: Lanes, table: number): void {
  if ((x.mode & (M_DENORM_IN32 << 2)) === 0) {
    flush64(x.u0);
    flush64(x.u1);
  }
  const a = x.d0;
  const b = x.d1;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 32; l++) m0 |= ((table >>> rel(a[l], b[l])) & 1) << l;
  for (let l = 0; l < 32; l++) m1 |= ((table >>> rel(a[l + 32], b[l + 32])) & 1) << l;
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

/**
 * The class bit of an f32 (bits): 0 signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0,
 * 6 +0, 7 +denormal, 8 +normal, 9 +inf.
 */
export function class32(b: number): number {
  const neg = b >>> 31 === 1;
  const e = (b >>> 23) & 0xff;
  const m = b & 0x7fffff;
  if (e === 0xff) {
    if (m !== 0) return m & 0x400000 ? 1 : 0;
    return neg ? 2 : 9;
  }
  if (e === 0) {
    if (m === 0) return neg ? 5 : 6;
    return neg ? 4 : 7;
  }
  return neg ? 3 : 8;
}

function class64(lo: number, hi: number): number {
  const neg = hi >>> 31 === 1;
  const e = (hi >>> 20) & 0x7ff;
  const mz = (hi & 0xfffff) === 0 && lo === 0;
  if (e === 0x7ff) {
    if (!mz) return hi & 0x80000 ? 1 : 0;
    return neg ? 2 : 9;
  }
  if (e === 0) {
    if (mz) return neg ? 5 : 6;
    return neg ? 4 : 7;
  }
  return neg ? 3 : 8;
}

function cmpClass32(x: Lanes): void {
  const a = x.u0;
  const s = x.u1;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 32; l++) m0 |= ((s[l] >>> class32(a[l])) & 1) << l;
  for (let l = 0; l < 32; l++) m1 |= ((s[l + 32] >>> class32(a[l + 32])) & 1) << l;
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

function cmpClass64(x: Lanes): void {
  const a = x.u0;
  const s = x.u1;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 32; l++) m0 |= ((s[l] >>> class64(a[2 * l], a[2 * l + 1])) & 1) << l;
  for (let l = 32; l < 64; l++) m1 |= ((s[l] >>> class64(a[2 * l], a[2 * l + 1])) & 1) << (l - 32);
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

export const FCMP_OPS: Record<string, ValuFn> = {
  v_cmp_class_f32: cmpClass32,
  v_cmp_class_f64: cmpClass64,
};
FCMP_PREDICATES.forEach((p, table) => {
  FCMP_OPS[`v_cmp_${p}_f32`] = (x) => cmp32(x, table);
  FCMP_OPS[`v_cmp_${p}_f64`] = (x) => cmp64(x, table);
  FCMP_OPS[`v_cmps_${p}_f32`] = FCMP_OPS[`v_cmp_${p}_f32`];
  FCMP_OPS[`v_cmps_${p}_f64`] = FCMP_OPS[`v_cmp_${p}_f64`];
});
