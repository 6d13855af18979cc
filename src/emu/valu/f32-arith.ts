// Lane math of the f32 arithmetic VALU ops: add/sub/mul (and the DX9 "legacy" multiply), mad/mac/madmk/
// madak (unfused, denormals always flushed), fma/fmac, min/max/min3/max3/med3 (IEEE-mode NaN rules),
// ldexp, the cube-map ops and the division helpers div_scale/div_fmas/div_fixup.
//
// Results are exactly rounded in the MODE register's single-precision rounding mode: the exact value is
// held as a double plus its error (products of f32 values are exact in a double; TwoSum gives the error of
// a sum) and rounded once. The default mode (round to nearest) takes the plain Float32Array store.

import { fmaF32 } from '../float/fma.js';
import {
  f32Of,
  flush32,
  isNaN32,
  M_DENORM_IN32,
  M_IEEE,
  NAN32,
  nan2,
  nan3,
  post32,
  RNE,
  roundF32,
  sumErr,
  zeroSum,
} from './f32-util.js';
import { type Lanes, laneBit, type ValuFn } from './lanes.js';

const ADD = 0;
const SUB = 1;
const SUBREV = 2;
const MUL = 3;
const MUL_LEGACY = 4;

function arith2(x: Lanes, op: number): void {
  const m = x.mode;
  if ((m & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
  }
  const rm = m & 3;
  const a = x.f0;
  const b = x.f1;
  const ua = x.u0;
  const ub = x.u1;
  const d = x.df;
  const du = x.du;
  if (rm === RNE && op !== MUL_LEGACY) {
    // Fast path: the Float32Array store rounds the exact (add/sub: correctly rounded) double once. One
    // loop per op, so that the lane loop does not choose the operation.
    if (op === ADD) {
      for (let l = 0; l < 64; l++) {
        const r = a[l] + b[l];
        if (!Number.isNaN(r)) d[l] = r;
        else du[l] = nan2(ua[l], ub[l]);
      }
    } else if (op === SUB) {
      for (let l = 0; l < 64; l++) {
        const r = a[l] - b[l];
        if (!Number.isNaN(r)) d[l] = r;
        else du[l] = nan2(ua[l], ub[l]);
      }
    } else if (op === SUBREV) {
      for (let l = 0; l < 64; l++) {
        const r = b[l] - a[l];
        if (!Number.isNaN(r)) d[l] = r;
        else du[l] = nan2(ua[l], ub[l]);
      }
    } else {
      for (let l = 0; l < 64; l++) {
        const r = a[l] * b[l];
        if (!Number.isNaN(r)) d[l] = r;
        else du[l] = nan2(ua[l], ub[l]);
      }
    }
    post32(x);
    return;
  }
  for (let l = 0; l < 64; l++) {
    let p = a[l];
    let q = b[l];
    let r: number;
    if (op >= MUL) {
      r = op === MUL_LEGACY && (p === 0 || q === 0) ? 0 : p * q;
      if (rm !== RNE && !Number.isNaN(r)) r = roundF32(r, 0, rm);
    } else {
      if (op === SUB) q = -q;
      else if (op === SUBREV) {
        const t = p;
        p = q;
        q = -t;
      }
      r = p + q;
      if (rm !== RNE) r = r === 0 ? zeroSum(p, q, rm) : roundF32(r, sumErr(p, q, r), rm);
    }
    if (Number.isNaN(r)) du[l] = nan2(ua[l], ub[l]);
    else d[l] = r;
  }
  post32(x);
}

/** a*b + c rounded once in mode rm (a, b, c f32 values or doubles with at most 24 significant bits). */
function fma32(a: number, b: number, c: number, rm: number): number {
  if (rm === RNE) return fmaF32(a, b, c);
  const p = a * b;
  const s = p + c;
  if (!Number.isFinite(s)) return s;
  if (s === 0) return zeroSum(p, c, rm);
  return roundF32(s, sumErr(p, c, s), rm);
}

function fma(x: Lanes): void {
  const m = x.mode;
  if ((m & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
    flush32(x.u2);
  }
  const rm = m & 3;
  const a = x.f0;
  const b = x.f1;
  const c = x.f2;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const r = fma32(a[l], b[l], c[l], rm);
    if (Number.isNaN(r)) du[l] = nan3(x.u0[l], x.u1[l], x.u2[l]);
    else d[l] = r;
  }
  post32(x);
}

/** v_mad_f32 family: round(round(a*b) + c); denormal inputs and results are always flushed. */
function mad(x: Lanes, legacy: boolean): void {
  flush32(x.u0);
  flush32(x.u1);
  flush32(x.u2);
  const rm = x.mode & 3;
  const a = x.f0;
  const b = x.f1;
  const c = x.f2;
  const d = x.df;
  const du = x.du;
  if (rm === RNE && !legacy) {
    for (let l = 0; l < 64; l++) {
      const r = Math.fround(a[l] * b[l]) + c[l];
      if (Number.isNaN(r)) du[l] = nan3(x.u0[l], x.u1[l], x.u2[l]);
      else d[l] = r;
    }
    post32(x, true);
    return;
  }
  for (let l = 0; l < 64; l++) {
    const p0 = a[l];
    const q0 = b[l];
    const p = legacy && (p0 === 0 || q0 === 0) ? 0 : roundF32(p0 * q0, 0, rm);
    const q = c[l];
    let r = p + q;
    if (rm !== RNE && !Number.isNaN(r)) r = r === 0 ? zeroSum(p, q, rm) : roundF32(r, sumErr(p, q, r), rm);
    if (Number.isNaN(r)) du[l] = nan3(x.u0[l], x.u1[l], x.u2[l]);
    else d[l] = r;
  }
  post32(x, true);
}

// ---- min / max -------------------------------------------------------------------------------------------

function isSNaN32(b: number): boolean {
  return (b & 0x7fffffff) > 0x7f800000 && (b & 0x400000) === 0;
}

/** V_MIN_F32 on bits a, b with values fa, fb (the Vega pseudo-code; IEEE mode quiets signaling NaNs). */
export function min32(a: number, b: number, fa: number, fb: number, ieee: boolean): number {
  if (Number.isNaN(fa) || Number.isNaN(fb)) {
    if (ieee) {
      if (isSNaN32(a)) return (a | 0x400000) >>> 0;
      if (isSNaN32(b)) return (b | 0x400000) >>> 0;
    }
    return isNaN32(a) ? b : a;
  }
  if (fa === 0 && fb === 0) return a >>> 31 ? a : b;
  return fa < fb ? a : b;
}

/** V_MAX_F32 on bits a, b with values fa, fb. */
export function max32(a: number, b: number, fa: number, fb: number, ieee: boolean): number {
  if (Number.isNaN(fa) || Number.isNaN(fb)) {
    if (ieee) {
      if (isSNaN32(a)) return (a | 0x400000) >>> 0;
      if (isSNaN32(b)) return (b | 0x400000) >>> 0;
    }
    return isNaN32(a) ? b : a;
  }
  if (fa === 0 && fb === 0) return a >>> 31 ? b : a;
  if (ieee) return fa >= fb ? a : b;
  return fa > fb ? a : b;
}

const MIN = 0;
const MAX = 1;
const MIN3 = 2;
const MAX3 = 3;
const MED3 = 4;

function minmax(x: Lanes, op: number): void {
  const m = x.mode;
  const three = op >= MIN3;
  if ((m & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
    if (three) flush32(x.u2);
  }
  const ieee = (m & M_IEEE) !== 0;
  const ua = x.u0;
  const ub = x.u1;
  const uc = x.u2;
  const fa = x.f0;
  const fbv = x.f1;
  const fc = x.f2;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const a = ua[l];
    const b = ub[l];
    const p = fa[l];
    const q = fbv[l];
    let r: number;
    if (op === MIN) r = min32(a, b, p, q, ieee);
    else if (op === MAX) r = max32(a, b, p, q, ieee);
    else {
      const c = uc[l];
      const w = fc[l];
      if (op === MIN3) {
        const t = min32(a, b, p, q, ieee);
        r = min32(t, c, f32Of(t), w, ieee);
      } else if (op === MAX3) {
        const t = max32(a, b, p, q, ieee);
        r = max32(t, c, f32Of(t), w, ieee);
      } else if (Number.isNaN(p) || Number.isNaN(q) || Number.isNaN(w)) {
        const t = min32(a, b, p, q, ieee);
        r = min32(t, c, f32Of(t), w, ieee);
      } else {
        // No NaN: the median; max3 == S0 (numerically) picks max(S1, S2), and so on.
        const mx = Math.max(p, q, w);
        if (mx === p) r = max32(b, c, q, w, ieee);
        else if (mx === q) r = max32(a, c, p, w, ieee);
        else r = max32(a, b, p, q, ieee);
      }
    }
    du[l] = r;
  }
  post32(x);
}

// ---- ldexp, cube map -------------------------------------------------------------------------------------

function ldexp(x: Lanes): void {
  const m = x.mode;
  if ((m & M_DENORM_IN32) === 0) flush32(x.u0);
  const rm = m & 3;
  const a = x.f0;
  const k = x.i1;
  const d = x.df;
  const du = x.du;
  const ua = x.u0;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      du[l] = (ua[l] | 0x400000) >>> 0;
      continue;
    }
    let e = k[l];
    // Beyond +-300 every finite nonzero f32 overflows or underflows anyway; the product stays exact.
    if (e > 300) e = 300;
    else if (e < -300) e = -300;
    d[l] = roundF32(v * 2 ** e, 0, rm);
  }
  post32(x);
}

const CUBEID = 0;
const CUBESC = 1;
const CUBETC = 2;
const CUBEMA = 3;

function cube(x: Lanes, op: number): void {
  if ((x.mode & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
    flush32(x.u2);
  }
  const f0 = x.f0;
  const f1 = x.f1;
  const f2 = x.f2;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const sx = f0[l];
    const sy = f1[l];
    const sz = f2[l];
    const ax = Math.abs(sx);
    const ay = Math.abs(sy);
    const az = Math.abs(sz);
    let r: number;
    if (az >= ax && az >= ay) {
      if (op === CUBEID) r = sz < 0 ? 5 : 4;
      else if (op === CUBESC) r = sz < 0 ? -sx : sx;
      else if (op === CUBETC) r = -sy;
      else r = 2 * sz;
    } else if (ay >= ax) {
      if (op === CUBEID) r = sy < 0 ? 3 : 2;
      else if (op === CUBESC) r = sx;
      else if (op === CUBETC) r = sy < 0 ? -sz : sz;
      else r = 2 * sy;
    } else {
      if (op === CUBEID) r = sx < 0 ? 1 : 0;
      else if (op === CUBESC) r = sx < 0 ? sz : -sz;
      else if (op === CUBETC) r = -sy;
      else r = 2 * sx;
    }
    if (Number.isNaN(r)) du[l] = nan3(x.u0[l], x.u1[l], x.u2[l]);
    else d[l] = r;
  }
  post32(x);
}

// ---- division helpers ------------------------------------------------------------------------------------

const MIN_NORMAL32 = 1.1754943508222875e-38;

/** Whether v rounded to f32 is a denormal (also the translating engine's helper: jit/helpers.ts). */
export function isDenormF32(v: number): boolean {
  const r = Math.fround(v);
  return r !== 0 && Math.abs(r) < MIN_NORMAL32;
}

/**
 * V_DIV_SCALE_F32 (Vega pseudo-code; D keeps S0 when no case scales it). S0 is the value to scale (the
 * denominator or the numerator), S1 the denominator, S2 the numerator; VCC (maskOut) asks div_fmas to
 * post-scale. Inputs are examined unflushed.
 */
function divScale(x: Lanes): void {
  const f0 = x.f0;
  const f1 = x.f1;
  const f2 = x.f2;
  const u0 = x.u0;
  const u1 = x.u1;
  const u2 = x.u2;
  const d = x.df;
  const du = x.du;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 64; l++) {
    const s0 = f0[l];
    const s1 = f1[l];
    const s2 = f2[l];
    const e1 = (u1[l] >>> 23) & 0xff;
    const e2 = (u2[l] >>> 23) & 0xff;
    let vcc = 0;
    let r = s0;
    let rb = -1;
    if (s2 === 0 || s1 === 0) rb = NAN32;
    else if (e2 - e1 >= 96) {
      vcc = 1;
      if (s0 === s1) r = s0 * 2 ** 64;
    } else if (e1 === 0) r = s0 * 2 ** 64;
    else if (isDenormF32(1 / s1) && isDenormF32(s2 / s1)) {
      // The document says ldexp(S0, 64) here, which overflows the (huge) denominator; scaling it down
      // is what makes the quotient come out 2^64 too large for div_fmas to scale back.
      vcc = 1;
      if (s0 === s1) r = s0 * 2 ** -64;
    } else if (isDenormF32(1 / s1)) r = s0 * 2 ** -64;
    else if (isDenormF32(s2 / s1)) {
      vcc = 1;
      if (s0 === s2) r = s0 * 2 ** 64;
    } else if (e2 <= 23) r = s0 * 2 ** 64;
    if (rb >= 0) du[l] = rb;
    else if (Number.isNaN(r)) du[l] = nan3(u0[l], u1[l], u2[l]);
    else d[l] = r;
    if (vcc) {
      if (l < 32) m0 |= 1 << l;
      else m1 |= 1 << (l - 32);
    }
  }
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
  post32(x);
}

/**
 * V_DIV_FMAS_F32: fma, where VCC (maskIn) is set scaled (exactly, before its single rounding) back by the
 * 2^64 that v_div_scale_f32 applied: 2^64 when S2 (the scaled quotient) has a biased exponent above 127,
 * else 2^-64. The Vega document's "2**32" cannot undo div_scale's 2^64 scaling in either direction; the
 * exponent rule is the one later AMD documents and hardware-checked emulators use.
 */
function divFmas(x: Lanes): void {
  const rm = x.mode & 3;
  const a = x.f0;
  const b = x.f1;
  const c = x.f2;
  const u2 = x.u2;
  const d = x.df;
  const du = x.du;
  const vcc = x.maskIn;
  for (let l = 0; l < 64; l++) {
    let r: number;
    if (laneBit(vcc, l)) {
      const k = ((u2[l] >>> 23) & 0xff) > 127 ? 2 ** 64 : 2 ** -64;
      r = fma32(a[l] * k, b[l], c[l] * k, rm);
    } else r = fma32(a[l], b[l], c[l], rm);
    if (Number.isNaN(r)) du[l] = nan3(x.u0[l], x.u1[l], x.u2[l]);
    else d[l] = r;
  }
  post32(x);
}

/**
 * V_DIV_FIXUP_F32: S0 quotient, S1 denominator, S2 numerator (Vega pseudo-code). One addition: a NaN
 * quotient with ordinary operands gives +-inf, as hardware does (the document's last case would return a
 * NaN); it arises when the scaled iteration of a huge quotient overflows.
 */
function divFixup(x: Lanes): void {
  if ((x.mode & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
    flush32(x.u2);
  }
  const u0 = x.u0;
  const u1 = x.u1;
  const u2 = x.u2;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const q = u0[l];
    const den = u1[l];
    const num = u2[l];
    const sign = (den ^ num) & 0x80000000;
    const aden = den & 0x7fffffff;
    const anum = num & 0x7fffffff;
    let r: number;
    if (isNaN32(num)) r = num | 0x400000;
    else if (isNaN32(den)) r = den | 0x400000;
    else if (aden === 0 && anum === 0) r = NAN32;
    else if (aden === 0x7f800000 && anum === 0x7f800000) r = NAN32;
    else if (aden === 0 || anum === 0x7f800000) r = sign | 0x7f800000;
    else if (aden === 0x7f800000 || anum === 0) r = sign;
    else if (((num >>> 23) & 0xff) - ((den >>> 23) & 0xff) < -150) r = sign;
    // A NaN quotient here comes from the scaled Newton-Raphson steps overflowing: the quotient is huge.
    else if (isNaN32(q)) r = sign | 0x7f800000;
    else r = sign | (q & 0x7fffffff);
    du[l] = r >>> 0;
  }
  post32(x);
}

export const F32_ARITH_OPS: Record<string, ValuFn> = {
  v_add_f32: (x) => arith2(x, ADD),
  v_sub_f32: (x) => arith2(x, SUB),
  v_subrev_f32: (x) => arith2(x, SUBREV),
  v_mul_f32: (x) => arith2(x, MUL),
  v_mul_legacy_f32: (x) => arith2(x, MUL_LEGACY),
  v_fma_f32: fma,
  v_fmac_f32: fma,
  v_mad_f32: (x) => mad(x, false),
  v_mac_f32: (x) => mad(x, false),
  v_madmk_f32: (x) => mad(x, false),
  v_madak_f32: (x) => mad(x, false),
  v_mad_legacy_f32: (x) => mad(x, true),
  v_min_f32: (x) => minmax(x, MIN),
  v_max_f32: (x) => minmax(x, MAX),
  v_min3_f32: (x) => minmax(x, MIN3),
  v_max3_f32: (x) => minmax(x, MAX3),
  v_med3_f32: (x) => minmax(x, MED3),
  v_ldexp_f32: ldexp,
  v_cubeid_f32: (x) => cube(x, CUBEID),
  v_cubesc_f32: (x) => cube(x, CUBESC),
  v_cubetc_f32: (x) => cube(x, CUBETC),
  v_cubema_f32: (x) => cube(x, CUBEMA),
  v_div_scale_f32: divScale,
  v_div_fmas_f32: divFmas,
  v_div_fixup_f32: divFixup,
};
