// The packed-f16 (VOP3P v_pk_*_f16, VOP2 v_pk_fmac_f16), mix (v_mad_mix*, v_fma_mix*) and float
// dot-product (v_dot2_f32_f16, v_dot2c_f32_f16) lane math.
//
// Mix ops receive raw 32-bit sources and decode them here: op_sel_hi[k] = 1 makes source k an f16 taken
// from the half op_sel[k] selects, op_sel_hi[k] = 0 an f32; neg_hi[k] is abs, neg_lo[k] negation (abs
// first). v_fma_mix* (gfx906+) is fused: the exact a*b+c is rounded once to f32. v_mad_mix* (gfx900) rounds
// the product to f32 first and flushes f32 denormals like v_mad_f32. The 16-bit results (mixlo/mixhi)
// are that f32 result converted to f16 with the f16 round mode (LLVM relies on this double rounding when
// it folds fptrunc(fma) into v_fma_mixlo).

import * as f16 from '../float/f16.js';
import * as core from './h16-core.js';
import * as ops from './h16-ops.js';
import type { Lanes, ValuFn } from './lanes.js';

// Local bindings of the shared helpers: calls through a module namespace (a getter per access under
// the TS loader) kept them from being inlined into the lane loops.
const {
  begin,
  canon,
  f32val,
  fin,
  fin32,
  fo,
  forceFlush32,
  isNan16,
  isNan32,
  nanRes,
  nanRes32,
  noOmod,
  round32,
  roundMode32,
  sumOdd,
  val,
  val32,
} = core;
const { addH, fmaH, maxR, minR, mulH } = ops;
const { f16ToF32Bits, f32BitsToF16 } = f16;

/** The default NaN of f32 results (the f16 one, 0xfe00, widened). */
const DNAN32 = 0xffc00000;

function pk2(f: (a: number, b: number) => number): ValuFn {
  return (x: Lanes) => {
    begin(x);
    noOmod();
    const { u0, u1, du } = x;
    for (let l = 0; l < 64; l++) {
      const a = u0[l];
      const b = u1[l];
      du[l] = (f(a & 0xffff, b & 0xffff) | (f(a >>> 16, b >>> 16) << 16)) >>> 0;
    }
  };
}

const pkFma: ValuFn = (x) => {
  begin(x);
  noOmod();
  const { u0, u1, u2, du } = x;
  for (let l = 0; l < 64; l++) {
    const a = u0[l];
    const b = u1[l];
    const c = u2[l];
    du[l] = (fmaH(a & 0xffff, b & 0xffff, c & 0xffff) | (fmaH(a >>> 16, b >>> 16, c >>> 16) << 16)) >>> 0;
  }
};

// ---- mix -----------------------------------------------------------------------------------------------

// Decoded source of the lane being computed: its value and, if it is a NaN, its quieted f32 bits.
const sv = new Float64Array(3);
const sn = new Uint32Array(3);
const sIsNan = new Uint8Array(3);

/** Decodes mix source k of one lane from its raw register value and the VOP3P modifiers. */
function mixSource(x: Lanes, k: number, raw: number): void {
  const abs = (x.negHi >>> k) & 1;
  const neg = (x.neg >>> k) & 1;
  if ((x.opSelHi >>> k) & 1) {
    let h = (x.opSel >>> k) & 1 ? raw >>> 16 : raw & 0xffff;
    if (abs) h &= 0x7fff;
    if (neg) h ^= 0x8000;
    sIsNan[k] = isNan16(h) ? 1 : 0;
    if (sIsNan[k]) sn[k] = f16ToF32Bits(h);
    else sv[k] = val(h);
  } else {
    let b = raw;
    if (abs) b &= 0x7fffffff;
    if (neg) b ^= 0x80000000;
    b >>>= 0;
    sIsNan[k] = isNan32(b) ? 1 : 0;
    if (sIsNan[k]) sn[k] = (b | 0x400000) >>> 0;
    else sv[k] = val32(b);
  }
}

/** The mix result of the current lane as an f64 value (NaN: -1 returned and the f32 NaN bits in nanOut). */
const nanOut = new Uint32Array(1);
function mixValue(fused: boolean): number {
  for (let k = 0; k < 3; k++)
    if (sIsNan[k]) {
      nanOut[0] = sn[k];
      return NaN;
    }
  const rm = roundMode32();
  let p = sv[0] * sv[1];
  const c = sv[2];
  if (Number.isNaN(p)) {
    nanOut[0] = DNAN32;
    return NaN;
  }
  // mad: the product is an f32 (round mode, flush) before the add.
  if (!fused && p - p === 0) p = f32val(round32(p, rm));
  if (p - p !== 0 || c - c !== 0) {
    const r = p + c;
    if (Number.isNaN(r)) nanOut[0] = DNAN32;
    return r;
  }
  return sumOdd(p, c, rm);
}

function mix(fused: boolean, out: 0 | 1 | 2): ValuFn {
  return (x: Lanes) => {
    begin(x);
    noOmod();
    if (!fused) forceFlush32();
    const du = x.du;
    const rm = roundMode32();
    for (let l = 0; l < 64; l++) {
      mixSource(x, 0, x.u0[l]);
      mixSource(x, 1, x.u1[l]);
      mixSource(x, 2, x.u2[l]);
      const r = mixValue(fused);
      if (out === 0) du[l] = Number.isNaN(r) ? nanRes32(nanOut[0]) : fin32(r);
      else if (Number.isNaN(r)) du[l] = nanRes(f32BitsToF16(nanOut[0]));
      else du[l] = fin(f32val(round32(r, rm)));
    }
  };
}

// ---- dot products ------------------------------------------------------------------------------------------

/** The rounding error of s = p + c (TwoSum). */
function sumErr(p: number, c: number, s: number): number {
  const bb = s - p;
  return p - (s - bb) + (c - bb);
}

function dot2(vop3p: boolean): ValuFn {
  return (x: Lanes) => {
    begin(x);
    noOmod();
    const { u0, u1, u2, du } = x;
    const rm = roundMode32();
    const negC = vop3p && ((x.neg >>> 2) & 1) === 1;
    const absC = vop3p && ((x.negHi >>> 2) & 1) === 1;
    for (let l = 0; l < 64; l++) {
      const a = u0[l];
      const b = u1[l];
      let cb = u2[l];
      if (absC) cb &= 0x7fffffff;
      if (negC) cb ^= 0x80000000;
      cb >>>= 0;
      const a0 = a & 0xffff;
      const b0 = b & 0xffff;
      const a1 = a >>> 16;
      const b1 = b >>> 16;
      if (isNan16(a0) || isNan16(b0) || isNan16(a1) || isNan16(b1) || isNan32(cb)) {
        const n = isNan16(a0)
          ? f16ToF32Bits(a0)
          : isNan16(b0)
            ? f16ToF32Bits(b0)
            : isNan16(a1)
              ? f16ToF32Bits(a1)
              : isNan16(b1)
                ? f16ToF32Bits(b1)
                : cb | 0x400000;
        du[l] = nanRes32(n);
        continue;
      }
      const p0 = val(a0) * val(b0);
      const p1 = val(a1) * val(b1);
      const c = val32(cb);
      if (p0 - p0 !== 0 || p1 - p1 !== 0 || c - c !== 0) {
        const r = p0 + p1 + c;
        du[l] = Number.isNaN(r) ? nanRes32(DNAN32) : fin32(r);
        continue;
      }
      // Exact p0 + p1 + c rounded once: two TwoSums, the two error terms summed to odd, then a last
      // round-to-odd sum that the f32 rounding turns into the correctly rounded result.
      const s1 = p0 + p1;
      const e1 = sumErr(p0, p1, s1);
      const s2 = s1 + c;
      const e2 = sumErr(s1, c, s2);
      let r: number;
      if (e1 === 0 && e2 === 0) r = s2 === 0 ? sumOdd(s1, c, rm) : s2;
      else r = sumOdd(s2, sumOdd(e1, e2, 0), rm);
      du[l] = fin32(r);
    }
  };
}

export const H16_PACKED_OPS: Record<string, ValuFn> = {
  v_pk_add_f16: pk2(addH),
  v_pk_mul_f16: pk2(mulH),
  v_pk_min_f16: pk2((a, b) => fo(minR(canon(a), canon(b)))),
  v_pk_max_f16: pk2((a, b) => fo(maxR(canon(a), canon(b)))),
  v_pk_fma_f16: pkFma,
  // VOP2 (gfx908): D = S0 * S1 + D per half; the tied D arrives as src2.
  v_pk_fmac_f16: pkFma,
  v_mad_mix_f32: mix(false, 0),
  v_mad_mixlo_f16: mix(false, 1),
  v_mad_mixhi_f16: mix(false, 2),
  v_fma_mix_f32: mix(true, 0),
  v_fma_mixlo_f16: mix(true, 1),
  v_fma_mixhi_f16: mix(true, 2),
  v_dot2_f32_f16: dot2(true),
  v_dot2c_f32_f16: dot2(false),
};
