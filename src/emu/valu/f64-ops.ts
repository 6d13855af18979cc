// Lane math of the f64 VALU ops: add, mul, fma, min/max, ldexp, the integer roundings, fract, frexp,
// rcp/rsq/sqrt, the division helpers and v_trig_preop_f64.
//
// Operands are dd[l] (bits in the uK pairs); MODE's double-precision fields apply: FP_ROUND [3:2] and
// FP_DENORM [7:6]. Round-to-nearest uses plain double arithmetic (exactly rounded); the directed modes
// round the exact value held as a double plus its exact error (TwoSum, or the fma-computed product error),
// falling back to exact BigInt arithmetic where that error is not representable (fma, tiny products).

import { fmaF64 } from '../float/fma.js';
import { rint } from './f32-unary.js';
import { M_DENORM_IN32, M_IEEE, RNE, sumErr, zeroSum } from './f32-util.js';
import {
  exactFma64,
  flush64,
  isNaN64,
  ldexp64,
  MIN_NORMAL64,
  NAN64_HI,
  nan64,
  overflow64,
  post64,
  roundF64,
} from './f64-util.js';
import { type Lanes, laneBit, type ValuFn } from './lanes.js';

/** MODE bit set when f64 input denormals are kept. */
const M_DENORM_IN64 = M_DENORM_IN32 << 2;

function rm64(x: Lanes): number {
  return (x.mode >>> 2) & 3;
}

function flushIn(x: Lanes, n: number): void {
  if ((x.mode & M_DENORM_IN64) !== 0) return;
  flush64(x.u0);
  if (n > 1) flush64(x.u1);
  if (n > 2) flush64(x.u2);
}

function add(x: Lanes): void {
  flushIn(x, 2);
  const rm = rm64(x);
  const a = x.d0;
  const b = x.d1;
  const d = x.dd;
  if (rm === RNE) {
    for (let l = 0; l < 64; l++) {
      const r = a[l] + b[l];
      if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, null);
      else d[l] = r;
    }
    post64(x);
    return;
  }
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let r = p + q;
    if (rm !== RNE) {
      if (r === 0) r = zeroSum(p, q, rm);
      else if (Number.isFinite(r)) r = roundF64(r, sumErr(p, q, r), rm);
      else if (Number.isFinite(p) && Number.isFinite(q)) r = overflow64(r < 0, rm);
    }
    if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, null);
    else d[l] = r;
  }
  post64(x);
}

function mul(x: Lanes): void {
  flushIn(x, 2);
  const rm = rm64(x);
  const a = x.d0;
  const b = x.d1;
  const d = x.dd;
  if (rm === RNE) {
    for (let l = 0; l < 64; l++) {
      const r = a[l] * b[l];
      if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, null);
      else d[l] = r;
    }
    post64(x);
    return;
  }
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let r = p * q;
    if (rm !== RNE && !Number.isNaN(r) && p !== 0 && q !== 0 && Number.isFinite(p) && Number.isFinite(q)) {
      if (!Number.isFinite(r)) r = overflow64(r < 0, rm);
      // Below 2^-968 the product's error may not be representable: round exactly.
      else if (Math.abs(r) < 2 ** -968) r = exactFma64(p, q, 0, rm);
      else r = roundF64(r, fmaF64(p, q, -r), rm);
    }
    if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, null);
    else d[l] = r;
  }
  post64(x);
}

/** a*b + c rounded once in mode rm. */
function fma64(a: number, b: number, c: number, rm: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return a * b + c;
  return rm === RNE ? fmaF64(a, b, c) : exactFma64(a, b, c, rm);
}

function fma(x: Lanes): void {
  flushIn(x, 3);
  const rm = rm64(x);
  const a = x.d0;
  const b = x.d1;
  const c = x.d2;
  const d = x.dd;
  for (let l = 0; l < 64; l++) {
    const r = fma64(a[l], b[l], c[l], rm);
    if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, x.u2);
    else d[l] = r;
  }
  post64(x);
}

// ---- min / max (Vega pseudo-code, as V_MIN_F32/V_MAX_F32) --------------------------------------------------

function isSNaN64(lo: number, hi: number): boolean {
  return isNaN64(lo, hi) && (hi & 0x80000) === 0;
}

function minmax(x: Lanes, max: boolean): void {
  flushIn(x, 2);
  const ieee = (x.mode & M_IEEE) !== 0;
  const ua = x.u0;
  const ub = x.u1;
  const a = x.d0;
  const b = x.d1;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const i = 2 * l;
    const alo = ua[i];
    const ahi = ua[i + 1];
    const blo = ub[i];
    const bhi = ub[i + 1];
    // pick: 0 = S0, 1 = S1; quiet: set the quiet bit of the pick.
    let pick: number;
    let quiet = false;
    if (ieee && isSNaN64(alo, ahi)) {
      pick = 0;
      quiet = true;
    } else if (ieee && isSNaN64(blo, bhi)) {
      pick = 1;
      quiet = true;
    } else if (isNaN64(alo, ahi)) pick = 1;
    else if (isNaN64(blo, bhi)) pick = 0;
    else {
      const p = a[l];
      const q = b[l];
      if (p === 0 && q === 0) pick = (ahi >>> 31 === 1) === max ? 1 : 0;
      else if (max) pick = (ieee ? p >= q : p > q) ? 0 : 1;
      else pick = p < q ? 0 : 1;
    }
    du[i] = pick === 0 ? alo : blo;
    const hi = pick === 0 ? ahi : bhi;
    du[i + 1] = quiet ? (hi | 0x80000) >>> 0 : hi;
  }
  post64(x);
}

function ldexp(x: Lanes): void {
  flushIn(x, 1);
  const rm = rm64(x);
  const a = x.d0;
  const k = x.i1;
  const d = x.dd;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) nan64(x.du, l, x.u0, null, null);
    else d[l] = ldexp64(v, k[l], rm);
  }
  post64(x);
}

// ---- one-source ops ----------------------------------------------------------------------------------------

const TRUNC = 0;
const CEIL = 1;
const FLOOR = 2;
const RNDNE = 3;
const FRACT = 4;
const RCP = 5;
const RSQ = 6;
const SQRT = 7;
const FREXP_MANT = 8;

/** The largest double below 1, the upper bound of fract. */
const BELOW_ONE = 1 - 2 ** -53;

function unary(x: Lanes, op: number): void {
  flushIn(x, 1);
  const rm = rm64(x);
  const a = x.d0;
  const d = x.dd;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      nan64(du, l, x.u0, null, null);
      continue;
    }
    let r: number;
    if (op === TRUNC) r = Math.trunc(v);
    else if (op === CEIL) r = Math.ceil(v);
    else if (op === FLOOR) r = Math.floor(v);
    else if (op === RNDNE) r = rint(v);
    else if (op === FRACT) {
      if (!Number.isFinite(v)) r = Number.NaN;
      else {
        const f = -Math.floor(v);
        r = v + f;
        if (rm !== RNE && r !== 0) r = roundF64(r, sumErr(v, f, r), rm);
        if (r >= 1) r = BELOW_ONE;
        // An exact zero is +0 (-0 rounding toward -inf): see v_fract_f32 in f32-unary.ts.
        if (r === 0) r = zeroSum(v, f, rm);
      }
    } else if (op === RCP) r = 1 / v;
    else if (op === RSQ) r = v === 0 ? 1 / v : v < 0 ? Number.NaN : 1 / Math.sqrt(v);
    else if (op === SQRT) r = v === 0 ? v : v < 0 ? Number.NaN : Math.sqrt(v);
    else {
      // frexp_mant: inf passes through, zero too.
      if (v === 0 || !Number.isFinite(v)) r = v;
      else r = ldexp64(v, -frexpExp(v), RNE);
    }
    if (Number.isNaN(r)) {
      du[2 * l] = 0;
      du[2 * l + 1] = NAN64_HI;
    } else d[l] = r;
  }
  post64(x);
}

const eb = new Float64Array(1);
const ebu = new Uint32Array(eb.buffer);

/** The e of frexp: v = m * 2^e with |m| in [0.5, 1) (v finite, nonzero). */
function frexpExp(v: number): number {
  eb[0] = v;
  let e = (ebu[1] >>> 20) & 0x7ff;
  if (e === 0) {
    eb[0] = v * 2 ** 64;
    e = ((ebu[1] >>> 20) & 0x7ff) - 64;
  }
  return e - 1022;
}

function frexpExpOp(x: Lanes): void {
  flushIn(x, 1);
  const a = x.d0;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    du[l] = v === 0 || !Number.isFinite(v) ? 0 : frexpExp(v);
  }
}

// ---- division helpers ----------------------------------------------------------------------------------

function isDenorm64(v: number): boolean {
  return v !== 0 && Math.abs(v) < MIN_NORMAL64;
}

/** V_DIV_SCALE_F64 (Vega pseudo-code; D keeps S0 when no case scales it). */
function divScale(x: Lanes): void {
  const f0 = x.d0;
  const f1 = x.d1;
  const f2 = x.d2;
  const u1 = x.u1;
  const u2 = x.u2;
  const d = x.dd;
  const du = x.du;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 64; l++) {
    const s0 = f0[l];
    const s1 = f1[l];
    const s2 = f2[l];
    const e1 = (u1[2 * l + 1] >>> 20) & 0x7ff;
    const e2 = (u2[2 * l + 1] >>> 20) & 0x7ff;
    let vcc = 0;
    let r = s0;
    let nan = false;
    if (s2 === 0 || s1 === 0) nan = true;
    else if (e2 - e1 >= 768) {
      vcc = 1;
      if (s0 === s1) r = ldexp64(s0, 128, RNE);
    } else if (e1 === 0) r = ldexp64(s0, 128, RNE);
    else if (isDenorm64(1 / s1) && isDenorm64(s2 / s1)) {
      // As V_DIV_SCALE_F32: the document's ldexp(S0, 128) would overflow; scale the denominator down.
      vcc = 1;
      if (s0 === s1) r = ldexp64(s0, -128, RNE);
    } else if (isDenorm64(1 / s1)) r = ldexp64(s0, -128, RNE);
    else if (isDenorm64(s2 / s1)) {
      vcc = 1;
      if (s0 === s2) r = ldexp64(s0, 128, RNE);
    } else if (e2 <= 53) r = ldexp64(s0, 128, RNE);
    if (nan) {
      du[2 * l] = 0;
      du[2 * l + 1] = NAN64_HI;
    } else if (Number.isNaN(r)) nan64(du, l, x.u0, x.u1, x.u2);
    else d[l] = r;
    if (vcc) {
      if (l < 32) m0 |= 1 << l;
      else m1 |= 1 << (l - 32);
    }
  }
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
  post64(x);
}

/** v * 2^-128 is exact (the result stays a normal double, or v is zero or not finite). */
function scalesDownExactly(v: number): boolean {
  return v === 0 || !(Math.abs(v) < 2 ** -894);
}

/**
 * V_DIV_FMAS_F64: fma, where VCC (maskIn) is set scaled back by div_scale's 2^128: up when S2 (the scaled
 * quotient) has a biased exponent above 1023, else down (see V_DIV_FMAS_F32). Scaling down is folded into
 * the operands so that a denormal result is rounded once.
 */
function divFmas(x: Lanes): void {
  const rm = rm64(x);
  const a = x.d0;
  const b = x.d1;
  const c = x.d2;
  const u2 = x.u2;
  const d = x.dd;
  const vcc = x.maskIn;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const s = c[l];
    let r: number;
    if (!laneBit(vcc, l)) r = fma64(p, q, s, rm);
    else if (((u2[2 * l + 1] >>> 20) & 0x7ff) > 1023) r = ldexp64(fma64(p, q, s, rm), 128, rm);
    else if (scalesDownExactly(p) && scalesDownExactly(s)) r = fma64(p * 2 ** -128, q, s * 2 ** -128, rm);
    else if (Number.isFinite(p) && Number.isFinite(q) && Number.isFinite(s))
      r = exactFma64(p, q, s, rm, -128);
    else r = fma64(p, q, s, rm);
    if (Number.isNaN(r)) nan64(x.du, l, x.u0, x.u1, x.u2);
    else d[l] = r;
  }
  post64(x);
}

/** V_DIV_FIXUP_F64: S0 quotient, S1 denominator, S2 numerator. */
function divFixup(x: Lanes): void {
  flushIn(x, 3);
  const u0 = x.u0;
  const u1 = x.u1;
  const u2 = x.u2;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const i = 2 * l;
    const nlo = u2[i];
    const nhi = u2[i + 1];
    const dlo = u1[i];
    const dhi = u1[i + 1];
    const sign = (nhi ^ dhi) & 0x80000000;
    const denZero = (dhi & 0x7fffffff) === 0 && dlo === 0;
    const numZero = (nhi & 0x7fffffff) === 0 && nlo === 0;
    const denInf = (dhi & 0x7fffffff) === 0x7ff00000 && dlo === 0;
    const numInf = (nhi & 0x7fffffff) === 0x7ff00000 && nlo === 0;
    let lo: number;
    let hi: number;
    if (isNaN64(nlo, nhi)) {
      lo = nlo;
      hi = nhi | 0x80000;
    } else if (isNaN64(dlo, dhi)) {
      lo = dlo;
      hi = dhi | 0x80000;
    } else if ((denZero && numZero) || (denInf && numInf)) {
      lo = 0;
      hi = NAN64_HI;
    } else if (denZero || numInf) {
      lo = 0;
      hi = sign | 0x7ff00000;
    } else if (denInf || numZero) {
      lo = 0;
      hi = sign;
    } else if (((nhi >>> 20) & 0x7ff) - ((dhi >>> 20) & 0x7ff) < -1075) {
      lo = 0;
      hi = sign;
    } else if (isNaN64(u0[i], u0[i + 1])) {
      // As V_DIV_FIXUP_F32: a NaN quotient of ordinary operands is an overflowed iteration.
      lo = 0;
      hi = sign | 0x7ff00000;
    } else {
      lo = u0[i];
      hi = sign | (u0[i + 1] & 0x7fffffff);
    }
    du[i] = lo;
    du[i + 1] = hi >>> 0;
  }
  post64(x);
}

// ---- v_trig_preop_f64 --------------------------------------------------------------------------------------

/** floor(2/pi * 2^1201): the document's 2/PI[1200:0], bit 1200 weighing 2^-1. */
function twoOverPiBits(): bigint {
  // pi by Machin's formula, pi = 16 atan(1/5) - 4 atan(1/239), in fixed point with guard bits.
  const P = 1300n;
  const one = 1n << P;
  const atanInv = (n: bigint): bigint => {
    let sum = 0n;
    let term = one / n;
    const n2 = n * n;
    for (let k = 1n; term !== 0n; k += 2n) {
      sum += ((k & 3n) === 1n ? 1n : -1n) * (term / k);
      term /= n2;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  // 2/pi * 2^1201 = 2^(1202 + P) / (pi * 2^P).
  return (1n << (1202n + P)) / pi;
}

/** 53-bit segments: SEG[shift] = ((2/PI[1200:0] << shift) >> 1148) & (2^53 - 1), as a double. */
const SEGMENTS: Float64Array = (() => {
  const bits = twoOverPiBits();
  const mask = (1n << 53n) - 1n;
  const t = new Float64Array(1201);
  for (let s = 0; s < 1201; s++) {
    const sh = 1148 - s;
    t[s] = Number((sh >= 0 ? bits >> BigInt(sh) : bits << BigInt(-sh)) & mask);
  }
  return t;
})();

function trigPreop(x: Lanes): void {
  const u0 = x.u0;
  const k = x.u1;
  const d = x.dd;
  for (let l = 0; l < 64; l++) {
    const e = (u0[2 * l + 1] >>> 20) & 0x7ff;
    let shift = (k[l] & 31) * 53;
    if (e > 1077) shift += e - 1077;
    // Bits past 2/PI[0] are zero.
    const seg = shift < 1201 ? SEGMENTS[shift] : 0;
    let scale = -53 - shift;
    if (e >= 1968) scale += 128;
    d[l] = ldexp64(seg, scale, 3);
  }
  post64(x);
}

export const F64_OPS: Record<string, ValuFn> = {
  v_add_f64: add,
  v_mul_f64: mul,
  v_fma_f64: fma,
  v_min_f64: (x) => minmax(x, false),
  v_max_f64: (x) => minmax(x, true),
  v_ldexp_f64: ldexp,
  v_trunc_f64: (x) => unary(x, TRUNC),
  v_ceil_f64: (x) => unary(x, CEIL),
  v_floor_f64: (x) => unary(x, FLOOR),
  v_rndne_f64: (x) => unary(x, RNDNE),
  v_fract_f64: (x) => unary(x, FRACT),
  v_rcp_f64: (x) => unary(x, RCP),
  v_rsq_f64: (x) => unary(x, RSQ),
  v_sqrt_f64: (x) => unary(x, SQRT),
  v_frexp_mant_f64: (x) => unary(x, FREXP_MANT),
  v_frexp_exp_i32_f64: frexpExpOp,
  v_div_scale_f64: divScale,
  v_div_fmas_f64: divFmas,
  v_div_fixup_f64: divFixup,
  v_trig_preop_f64: trigPreop,
};
