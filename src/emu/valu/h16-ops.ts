// The f16 VALU ops of gfx900/gfx906/gfx908 with a single 16-bit result or a compare mask (VOP1, VOP2,
// VOPC, VOP3): arithmetic, min/max/med3, rounding to integers, transcendentals, conversions, compares.
// Per-value helpers (addH, fmaH, maxR, ...) are shared with the packed ops (h16-packed.ts).

import { FCMP_PREDICATES, holds, relation } from '../../isa/ops/vector-cmp.js';
import * as f16 from '../float/f16.js';
import * as core from './h16-core.js';
import type { Lanes, ValuFn } from './lanes.js';

// Local bindings of the shared helpers: calls through a module namespace (a getter per access under
// the TS loader) kept them from being inlined into the lane loops.
const {
  add16,
  begin,
  canon,
  DNAN,
  F16V,
  fin,
  fin32,
  fo,
  forceFlush,
  ieeeMode,
  isNan16,
  isNan32,
  isSnan16,
  nanRes,
  nanRes32,
  roundMode16,
  setRound16,
  sumOdd,
  toF16,
  val,
  val32,
} = core;
const { f16ToF32Bits, f32BitsToF16 } = f16;

// ---- per-value helpers (f16 bits in, f16 bits out; state from begin()) ------------------------------

export function addH(a: number, b: number): number {
  if (isNan16(a)) return nanRes(a);
  if (isNan16(b)) return nanRes(b);
  const r = add16(val(a), val(b), roundMode16());
  return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
}

export function subH(a: number, b: number): number {
  if (isNan16(a)) return nanRes(a);
  if (isNan16(b)) return nanRes(b);
  const r = add16(val(a), -val(b), roundMode16());
  return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
}

export function mulH(a: number, b: number): number {
  if (isNan16(a)) return nanRes(a);
  if (isNan16(b)) return nanRes(b);
  const r = val(a) * val(b);
  return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
}

/** Fused a*b+c with one rounding. */
export function fmaH(a: number, b: number, c: number): number {
  if (isNan16(a)) return nanRes(a);
  if (isNan16(b)) return nanRes(b);
  if (isNan16(c)) return nanRes(c);
  const p = val(a) * val(b);
  const cv = val(c);
  if (p - p !== 0 || cv - cv !== 0) {
    const r = p + cv;
    return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
  }
  return fin(sumOdd(p, cv, roundMode16()));
}

/** Unfused a*b+c (v_mad_f16 family): the product is rounded to f16 first (call forceFlush() first). */
export function madH(a: number, b: number, c: number): number {
  if (isNan16(a)) return nanRes(a);
  if (isNan16(b)) return nanRes(b);
  if (isNan16(c)) return nanRes(c);
  const p = val(a) * val(b);
  if (Number.isNaN(p)) return nanRes(DNAN);
  const pr = val(roundProduct(p));
  const r = add16(pr, val(c), roundMode16());
  return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
}

/** The product of mad rounded to f16 bits with the current round mode, denormals flushed, no modifiers. */
function roundProduct(p: number): number {
  return toF16(p, roundMode16(), true);
}

/** max per the ISA pseudo-code, on raw bits (no finishing); `canon` already applied by the caller. */
export function maxR(a: number, b: number): number {
  const ieee = ieeeMode();
  if (ieee && isSnan16(a)) return a | 0x200;
  if (ieee && isSnan16(b)) return b | 0x200;
  if (isNan16(a)) return b;
  if (isNan16(b)) return a;
  if (a === 0 && b === 0x8000) return a;
  if (a === 0x8000 && b === 0) return b;
  const x = F16V[a];
  const y = F16V[b];
  if (ieee) return x >= y ? a : b;
  return x > y ? a : b;
}

export function minR(a: number, b: number): number {
  const ieee = ieeeMode();
  if (ieee && isSnan16(a)) return a | 0x200;
  if (ieee && isSnan16(b)) return b | 0x200;
  if (isNan16(a)) return b;
  if (isNan16(b)) return a;
  if (a === 0 && b === 0x8000) return b;
  if (a === 0x8000 && b === 0) return a;
  return F16V[a] < F16V[b] ? a : b;
}

function med3R(a: number, b: number, c: number): number {
  if (isNan16(a) || isNan16(b) || isNan16(c)) return minR(minR(a, b), c);
  const m = F16V[maxR(maxR(a, b), c)];
  if (m === F16V[a]) return maxR(b, c);
  if (m === F16V[b]) return maxR(a, c);
  return maxR(a, b);
}

// ---- loop builders -------------------------------------------------------------------------------------

type H1 = (a: number) => number;
type H2 = (a: number, b: number) => number;
type H3 = (a: number, b: number, c: number) => number;

function un(f: H1): ValuFn {
  return (x: Lanes) => {
    begin(x);
    const { u0, du } = x;
    for (let l = 0; l < 64; l++) du[l] = f(u0[l] & 0xffff);
  };
}

function bin(f: H2, rev = false): ValuFn {
  return (x: Lanes) => {
    begin(x);
    const { u0, u1, du } = x;
    if (rev) for (let l = 0; l < 64; l++) du[l] = f(u1[l] & 0xffff, u0[l] & 0xffff);
    else for (let l = 0; l < 64; l++) du[l] = f(u0[l] & 0xffff, u1[l] & 0xffff);
  };
}

function tri(f: H3, mad = false): ValuFn {
  return (x: Lanes) => {
    begin(x);
    if (mad) forceFlush();
    const { u0, u1, u2, du } = x;
    for (let l = 0; l < 64; l++) du[l] = f(u0[l] & 0xffff, u1[l] & 0xffff, u2[l] & 0xffff);
  };
}

/** A unary math function of the f16 value: NaN inputs propagate, NaN results are the default NaN. */
function math1(g: (v: number) => number): H1 {
  return (a) => {
    if (isNan16(a)) return nanRes(a);
    const r = g(val(a));
    return Number.isNaN(r) ? nanRes(DNAN) : fin(r);
  };
}

function rndne(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  let r = d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
  if (r === 0) r = v < 0 || 1 / v < 0 ? -0 : 0;
  return r;
}

const ALMOST_ONE = F16V[0x3bff];

function fract(v: number): number {
  if (v - v !== 0) return NaN;
  const r = v - Math.floor(v);
  return r < ALMOST_ONE ? r : ALMOST_ONE;
}

/** sin/cos of v * 2pi, with the argument reduced exactly to one period first. */
function sin2pi(v: number): number {
  if (v === 0) return v;
  if (v - v !== 0) return NaN;
  const f = v - Math.trunc(v);
  return Math.sin(2 * Math.PI * f);
}

function cos2pi(v: number): number {
  if (v - v !== 0) return NaN;
  const f = v - Math.trunc(v);
  return Math.cos(2 * Math.PI * f);
}

function ldexpH(a: number, e: number): number {
  if (isNan16(a)) return nanRes(a);
  let k = (e << 16) >> 16;
  if (k > 80) k = 80;
  else if (k < -80) k = -80;
  return fin(val(a) * 2 ** k);
}

function frexpMant(a: number): number {
  if (isNan16(a)) return nanRes(a);
  const b = canon(a);
  if ((b & 0x7fff) === 0x7c00 || (b & 0x7fff) === 0) return fo(b);
  let m = b & 0x7ff;
  if ((b & 0x7c00) === 0) {
    m = b & 0x3ff;
    while (m < 0x400) m <<= 1;
  } else m = (b & 0x3ff) | 0x400;
  return fo((b & 0x8000) | (14 << 10) | (m & 0x3ff));
}

function frexpExp(a: number): number {
  const b = canon(a) & 0x7fff;
  if (b >= 0x7c00 || b === 0) return 0;
  let e = b >>> 10;
  if (e === 0) {
    // denormal m * 2^-24: exponent floor(log2 m) + 1 - 24
    e = 31 - Math.clz32(b) + 1 - 24;
    return e & 0xffff;
  }
  return (e - 14) & 0xffff;
}

function divFixup(q: number, d: number, n: number): number {
  const sq = canon(q);
  const sd = canon(d);
  const sn = canon(n);
  const sign = (sd ^ sn) & 0x8000;
  if (isNan16(sn)) return fo(sn | 0x200);
  if (isNan16(sd)) return fo(sd | 0x200);
  const ad = sd & 0x7fff;
  const an = sn & 0x7fff;
  if (ad === 0 && an === 0) return fo(DNAN);
  if (ad === 0x7c00 && an === 0x7c00) return fo(DNAN);
  if (ad === 0 || an === 0x7c00) return fo(sign | 0x7c00);
  if (ad === 0x7c00 || an === 0) return fo(sign);
  return fo(sign | (sq & 0x7fff));
}

function cmp(pred: (a: number, b: number) => boolean): ValuFn {
  return (x: Lanes) => {
    begin(x);
    const { u0, u1, maskOut } = x;
    let m0 = 0;
    let m1 = 0;
    for (let l = 0; l < 32; l++) if (pred(val(u0[l] & 0xffff), val(u1[l] & 0xffff))) m0 |= 1 << l;
    for (let l = 32; l < 64; l++) if (pred(val(u0[l] & 0xffff), val(u1[l] & 0xffff))) m1 |= 1 << (l - 32);
    maskOut[0] = m0;
    maskOut[1] = m1;
  };
}

/** The v_cmp_class bit (0..9) of raw f16 bits: sNaN, qNaN, -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf. */
export function classBit16(b: number): number {
  const a = b & 0x7fff;
  const neg = (b & 0x8000) !== 0;
  if (a > 0x7c00) return a & 0x200 ? 1 : 0;
  if (a === 0x7c00) return neg ? 2 : 9;
  if (a === 0) return neg ? 5 : 6;
  if (a < 0x400) return neg ? 4 : 7;
  return neg ? 3 : 8;
}

const cmpClass: ValuFn = (x) => {
  const { u0, u1, maskOut } = x;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 64; l++) {
    if ((u1[l] >>> classBit16(u0[l] & 0xffff)) & 1) {
      if (l < 32) m0 |= 1 << l;
      else m1 |= 1 << (l - 32);
    }
  }
  maskOut[0] = m0;
  maskOut[1] = m1;
};

// ---- conversions -----------------------------------------------------------------------------------

const cvtF16F32: ValuFn = (x) => {
  begin(x);
  const { u0, du } = x;
  for (let l = 0; l < 64; l++) {
    const b = u0[l];
    du[l] = isNan32(b) ? nanRes(f32BitsToF16(b)) : fin(val32(b));
  }
};

const cvtPkrtz: ValuFn = (x) => {
  begin(x);
  setRound16(3);
  const { u0, u1, du } = x;
  for (let l = 0; l < 64; l++) {
    const a = u0[l];
    const b = u1[l];
    const lo = isNan32(a) ? nanRes(f32BitsToF16(a)) : fin(val32(a));
    const hi = isNan32(b) ? nanRes(f32BitsToF16(b)) : fin(val32(b));
    du[l] = (lo | (hi << 16)) >>> 0;
  }
};

const cvtF32F16: ValuFn = (x) => {
  begin(x);
  const { u0, du } = x;
  for (let l = 0; l < 64; l++) {
    const b = u0[l] & 0xffff;
    // FP16 denormal inputs are accepted whatever the mode (the document's wording); the conversion is exact.
    du[l] = isNan16(b) ? nanRes32(f16ToF32Bits(b)) : fin32(F16V[b]);
  }
};

function cvtFromInt(signed: boolean): ValuFn {
  return (x) => {
    begin(x);
    const { u0, du } = x;
    for (let l = 0; l < 64; l++) {
      const v = u0[l] & 0xffff;
      du[l] = fin(signed ? (v << 16) >> 16 : v);
    }
  };
}

function cvtToInt(signed: boolean): ValuFn {
  const lo = signed ? -32768 : 0;
  const hi = signed ? 32767 : 65535;
  return (x) => {
    const { u0, du } = x;
    for (let l = 0; l < 64; l++) {
      const b = u0[l] & 0xffff;
      if (isNan16(b)) {
        du[l] = 0;
        continue;
      }
      let v = Math.trunc(F16V[b]);
      v = v < lo ? lo : v > hi ? hi : v;
      du[l] = v & 0xffff;
    }
  };
}

/** f16 -> snorm16/unorm16: clamp to [-1, 1] / [0, 1], scale, round to nearest even; NaN gives 0. */
export function normH(b: number, signed: boolean): number {
  if (isNan16(b)) return 0;
  let v = F16V[b];
  const lo = signed ? -1 : 0;
  v = v < lo ? lo : v > 1 ? 1 : v;
  const s = v * (signed ? 32767 : 65535);
  const f = Math.floor(s);
  const d = s - f;
  const r = d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
  return r & 0xffff;
}

function cvtNorm(signed: boolean): ValuFn {
  return (x) => {
    const { u0, du } = x;
    for (let l = 0; l < 64; l++) du[l] = normH(u0[l] & 0xffff, signed);
  };
}

function cvtPkNorm(signed: boolean): ValuFn {
  return (x) => {
    const { u0, u1, du } = x;
    for (let l = 0; l < 64; l++)
      du[l] = (normH(u0[l] & 0xffff, signed) | (normH(u1[l] & 0xffff, signed) << 16)) >>> 0;
  };
}

const packB32: ValuFn = (x) => {
  const { u0, u1, du } = x;
  for (let l = 0; l < 64; l++) du[l] = ((u0[l] & 0xffff) | ((u1[l] & 0xffff) << 16)) >>> 0;
};

const ldexp: ValuFn = (x) => {
  begin(x);
  const { u0, u1, du } = x;
  for (let l = 0; l < 64; l++) du[l] = ldexpH(u0[l] & 0xffff, u1[l]);
};

const minF: H2 = (a, b) => fo(minR(canon(a), canon(b)));
const maxF: H2 = (a, b) => fo(maxR(canon(a), canon(b)));

export const H16_SCALAR_OPS: Record<string, ValuFn> = {
  v_add_f16: bin(addH),
  v_sub_f16: bin(subH),
  v_subrev_f16: bin(subH, true),
  v_mul_f16: bin(mulH),
  v_fma_f16: tri(fmaH),
  v_fma_legacy_f16: tri(fmaH),
  v_mad_f16: tri(madH, true),
  v_mad_legacy_f16: tri(madH, true),
  // Tied accumulator (v_mac) and the K literal (madmk: src0 * K + src1, madak: src0 * src1 + K) arrive as src2.
  v_mac_f16: tri(madH, true),
  v_madmk_f16: tri(madH, true),
  v_madak_f16: tri(madH, true),
  v_min_f16: bin(minF),
  v_max_f16: bin(maxF),
  v_min3_f16: tri((a, b, c) => fo(minR(minR(canon(a), canon(b)), canon(c)))),
  v_max3_f16: tri((a, b, c) => fo(maxR(maxR(canon(a), canon(b)), canon(c)))),
  v_med3_f16: tri((a, b, c) => fo(med3R(canon(a), canon(b), canon(c)))),
  v_ldexp_f16: ldexp,
  v_frexp_mant_f16: un(frexpMant),
  v_frexp_exp_i16_f16: un(frexpExp),
  v_fract_f16: un(math1(fract)),
  v_trunc_f16: un(math1(Math.trunc)),
  v_ceil_f16: un(math1(Math.ceil)),
  v_floor_f16: un(math1(Math.floor)),
  v_rndne_f16: un(math1(rndne)),
  v_rcp_f16: un(math1((v) => 1 / v)),
  v_rsq_f16: un(math1((v) => 1 / Math.sqrt(v))),
  v_sqrt_f16: un(math1(Math.sqrt)),
  v_log_f16: un(math1(Math.log2)),
  v_exp_f16: un(math1((v) => 2 ** v)),
  v_sin_f16: un(math1(sin2pi)),
  v_cos_f16: un(math1(cos2pi)),
  v_div_fixup_f16: tri(divFixup),
  v_div_fixup_legacy_f16: tri(divFixup),
  v_cmp_class_f16: cmpClass,
  v_cvt_f16_f32: cvtF16F32,
  v_cvt_f32_f16: cvtF32F16,
  v_cvt_pkrtz_f16_f32: cvtPkrtz,
  v_cvt_f16_u16: cvtFromInt(false),
  v_cvt_f16_i16: cvtFromInt(true),
  v_cvt_u16_f16: cvtToInt(false),
  v_cvt_i16_f16: cvtToInt(true),
  v_cvt_norm_i16_f16: cvtNorm(true),
  v_cvt_norm_u16_f16: cvtNorm(false),
  v_cvt_pknorm_i16_f16: cvtPkNorm(true),
  v_cvt_pknorm_u16_f16: cvtPkNorm(false),
  v_pack_b32_f16: packB32,
};
FCMP_PREDICATES.forEach((p, table) => {
  H16_SCALAR_OPS[`v_cmp_${p}_f16`] = cmp((a, b) => holds(table, relation(a, b)));
});
