// Lane math of the one-source f32 VALU ops: rounding to integers (trunc/ceil/floor/rndne), fract, frexp,
// and the transcendental unit (rcp, rsq, sqrt, log2, exp2, sin, cos).
//
// The transcendental ops compute the correctly rounded (or, for rsq/log/exp/sin/cos, a double result
// rounded once) f32 value, inside the document's 1 ULP bound. The Vega document says they flush
// denormals ("denormals are flushed"), so inputs and results are flushed whatever MODE says; sin and cos
// "support denormals" and follow MODE. Special values follow the document's examples (rcp(+-0) = +-inf,
// log(+-0) = -inf, log(negative) = NaN 0xffc00000, sqrt(-0) = -0, sin(+-inf) = NaN).

import { f32Bits, flush32, M_DENORM_IN32, NAN32, post32, roundF32, zeroSum } from './f32-util.js';
import type { Lanes, ValuFn } from './lanes.js';

/** Round-half-even of a finite double to an integer (exact for any double). */
export function rint(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  const r = d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1;
  return r === 0 && (v < 0 || Object.is(v, -0)) ? -0 : r;
}

const TRUNC = 0;
const CEIL = 1;
const FLOOR = 2;
const RNDNE = 3;
const FRACT = 4;

/** Integer rounding ops and fract (exact results; fract's is rounded in the MODE rounding mode). */
function intRound(x: Lanes, op: number): void {
  const m = x.mode;
  if ((m & M_DENORM_IN32) === 0) flush32(x.u0);
  const rm = m & 3;
  const a = x.f0;
  const ua = x.u0;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      du[l] = (ua[l] | 0x400000) >>> 0;
      continue;
    }
    let r: number;
    if (op === TRUNC) r = Math.trunc(v);
    else if (op === CEIL) r = Math.ceil(v);
    else if (op === FLOOR) r = Math.floor(v);
    else if (op === RNDNE) r = rint(v);
    else if (v === Infinity || v === -Infinity) r = Number.NaN;
    else {
      // x - floor(x) is exact in a double; the result stays below 1 (0x3f7fffff at most).
      r = roundF32(v - Math.floor(v), 0, rm);
      if (r >= 1) r = 0.9999999403953552;
      // The Vega document's pseudo-code, S0 + -floor(S0), is an IEEE addition: an exact zero (an
      // integral or zero input, -0 included) is +0, or -0 when rounding toward -inf. LLVM's constant
      // folding of llvm.amdgcn.fract agrees (x - floor(x)), and its gfx6 f64 floor lowering
      // (x - min(fract(x), ...)) needs fract(-0) = +0 to return floor(-0) = -0.
      if (r === 0) r = zeroSum(v, -Math.floor(v), rm);
    }
    if (Number.isNaN(r)) du[l] = NAN32;
    else d[l] = r;
  }
  post32(x);
}

/** frexp_mant and frexp_exp: v = mant * 2^exp with |mant| in [0.5, 1). */
function frexp(x: Lanes, exp: boolean): void {
  if ((x.mode & M_DENORM_IN32) === 0) flush32(x.u0);
  const a = x.f0;
  const ua = x.u0;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    const b = ua[l];
    if ((b & 0x7f800000) === 0x7f800000) {
      // inf or NaN: the exponent is 0, the mantissa the input (NaN quieted).
      du[l] = exp ? 0 : (b & 0x7fffffff) > 0x7f800000 ? (b | 0x400000) >>> 0 : b;
      continue;
    }
    if (v === 0) {
      du[l] = exp ? 0 : b;
      continue;
    }
    let e = ((b >>> 23) & 0xff) - 126;
    if (e === -126) {
      // Denormal: normalise.
      e = ((f32Bits(Math.abs(v) * 2 ** 32) >>> 23) & 0xff) - 126 - 32;
    }
    if (exp) du[l] = e;
    else d[l] = v * 2 ** -e;
  }
  if (!exp) post32(x);
}

const RCP = 0;
const RSQ = 1;
const SQRT = 2;
const LOG = 3;
const EXP = 4;

/** The transcendental ops; denormal inputs and results are flushed regardless of MODE. */
function trans(x: Lanes, op: number): void {
  flush32(x.u0);
  const a = x.f0;
  const ua = x.u0;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      du[l] = (ua[l] | 0x400000) >>> 0;
      continue;
    }
    let r: number;
    if (op === RCP) r = 1 / v;
    else if (op === RSQ) r = v === 0 ? 1 / v : v < 0 ? Number.NaN : 1 / Math.sqrt(v);
    else if (op === SQRT) r = v === 0 ? v : v < 0 ? Number.NaN : Math.sqrt(v);
    else if (op === LOG) r = v === 0 ? -Infinity : v < 0 ? Number.NaN : Math.log2(v);
    else r = 2 ** v;
    if (Number.isNaN(r)) du[l] = NAN32;
    else d[l] = r;
  }
  post32(x, true);
}

/**
 * sin/cos of 2*pi*x. The argument is reduced exactly (x - floor(x), then quarter turns) so that exact
 * multiples of a quarter turn give exact 0 and +-1, and huge inputs (all integers) give sin 0, cos 1.
 */
function sincos(x: Lanes, cos: boolean): void {
  if ((x.mode & M_DENORM_IN32) === 0) flush32(x.u0);
  const a = x.f0;
  const ua = x.u0;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      du[l] = (ua[l] | 0x400000) >>> 0;
      continue;
    }
    if (v === Infinity || v === -Infinity) {
      du[l] = NAN32;
      continue;
    }
    if (v === 0 && !cos) {
      d[l] = v;
      continue;
    }
    if (Math.abs(v) < 0.25) {
      // No reduction needed (and v - floor(v) would not be exact for tiny negative v).
      const w = 2 * Math.PI * v;
      d[l] = cos ? Math.cos(w) : Math.sin(w);
      continue;
    }
    const t = (v - Math.floor(v)) * 4; // exact for |v| >= 0.25, in [0, 4)
    let q = Math.floor(t);
    const f = t - q;
    if (cos) q = (q + 1) & 3;
    const ang = f * (Math.PI / 2);
    let r: number;
    if (q === 0) r = Math.sin(ang);
    else if (q === 1) r = Math.cos(ang);
    else if (q === 2) r = -Math.sin(ang);
    else r = -Math.cos(ang);
    // Exact zeros are +0 (cos(0.25) = 0x00000000 in the document).
    d[l] = r === 0 ? 0 : r;
  }
  post32(x);
}

/**
 * v_exp_legacy_f32 (gfx7-gfx9), by CLRX GcnInstrsVop1.md: "for values smaller than -126.0 always returns
 * 0 regardless floatmode", else APPROX_POW2(x), given here by v_exp_f32's unit. The pseudo-code's test
 * (x >= -126.0, else 0.0) would also give 0 for NaN; the description names only values below -126, so a
 * NaN is quieted as v_exp_f32 does (a reading, not a documented fact).
 */
function expLegacy(x: Lanes): void {
  const ua = x.u0;
  // trans() flushes the source in place: decide on the raw bits first (-126.0 is 0xc2fc0000).
  const below = LEGACY_BELOW;
  for (let l = 0; l < 64; l++) {
    const b = ua[l];
    below[l] =
      (b & 0x80000000) !== 0 && (b & 0x7fffffff) > 0x42fc0000 && (b & 0x7fffffff) <= 0x7f800000 ? 1 : 0;
  }
  trans(x, EXP);
  const du = x.du;
  for (let l = 0; l < 64; l++) if (below[l]) du[l] = 0;
}

/**
 * v_log_legacy_f32 (gfx7-gfx9), by CLRX GcnInstrsVop1.md: 1.0 gives 0.0, a negative source -NaN, else
 * APPROX_LOG2(x); "doesn't handle denormalized values regardless FLOAT MODE register setup" (flushed, so
 * +-denormal and +-0 give -inf). These are v_log_f32's results here (0xffc00000 is the -NaN); CLRX's note
 * that the results differ "slightly" from v_log_f32 is about approximation error the document does not
 * quantify, and both return the double result rounded once to f32.
 */
function logLegacy(x: Lanes): void {
  trans(x, LOG);
}

const LEGACY_BELOW = new Uint8Array(64);

export const F32_UNARY_OPS: Record<string, ValuFn> = {
  v_trunc_f32: (x) => intRound(x, TRUNC),
  v_ceil_f32: (x) => intRound(x, CEIL),
  v_floor_f32: (x) => intRound(x, FLOOR),
  v_rndne_f32: (x) => intRound(x, RNDNE),
  v_fract_f32: (x) => intRound(x, FRACT),
  v_frexp_mant_f32: (x) => frexp(x, false),
  v_frexp_exp_i32_f32: (x) => frexp(x, true),
  v_rcp_f32: (x) => trans(x, RCP),
  v_rcp_iflag_f32: (x) => trans(x, RCP),
  v_rsq_f32: (x) => trans(x, RSQ),
  v_sqrt_f32: (x) => trans(x, SQRT),
  v_log_f32: (x) => trans(x, LOG),
  v_exp_f32: (x) => trans(x, EXP),
  v_exp_legacy_f32: expLegacy,
  v_log_legacy_f32: logLegacy,
  v_sin_f32: (x) => sincos(x, false),
  v_cos_f32: (x) => sincos(x, true),
};
