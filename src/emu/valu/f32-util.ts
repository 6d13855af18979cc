// Shared helpers of the f32 lane math: MODE decoding, directed rounding of an exact value held as a
// double plus an error term, denormal flushing, NaN selection and the output modifiers (omod, clamp).
//
// MODE (Vega ISA, "Mode register"): FP_ROUND [1:0] single, [3:2] double; FP_DENORM [5:4] single,
// [7:6] double, where bit 0 of a 2-bit denormal field allows input denormals and bit 1 allows output
// denormals (0 flush both, 1 allow input only, 2 allow output only, 3 allow both); DX10_CLAMP [8]
// (clamp turns NaN into 0); IEEE [9] (min/max quiet signaling NaNs).

import type { Lanes } from './lanes.js';

export const RNE = 0;
export const RPI = 1;
export const RNI = 2;
export const RTZ = 3;

/** MODE bit set when input f32 denormals are kept. */
export const M_DENORM_IN32 = 0x10;
/** MODE bit set when output f32 denormals are kept. */
export const M_DENORM_OUT32 = 0x20;
export const M_DENORM_IN64 = 0x40;
export const M_DENORM_OUT64 = 0x80;
export const M_DX10_CLAMP = 0x100;
export const M_IEEE = 0x200;

/** The NaN the hardware generates for invalid operations (the Vega document's examples: 0xffc00000). */
export const NAN32 = 0xffc00000;

const fb = new Float32Array(1);
const ub = new Uint32Array(fb.buffer);

/** Bits of an f32 value (a double that is exactly an f32, or rounded to one). */
export function f32Bits(v: number): number {
  fb[0] = v;
  return ub[0];
}

/** The f32 value of bits. */
export function f32Of(bits: number): number {
  ub[0] = bits;
  return fb[0];
}

export function isNaN32(bits: number): boolean {
  return (bits & 0x7fffffff) > 0x7f800000;
}

/** The next f32 toward +infinity of an f32 value (not NaN, not +inf). */
export function nextUp32(r: number): number {
  if (r === 0) return 1.401298464324817e-45;
  fb[0] = r;
  ub[0] = r > 0 ? ub[0] + 1 : ub[0] - 1;
  return fb[0];
}

/** The next f32 toward -infinity of an f32 value (not NaN, not -inf). */
export function nextDown32(r: number): number {
  if (r === 0) return -1.401298464324817e-45;
  fb[0] = r;
  ub[0] = r > 0 ? ub[0] - 1 : ub[0] + 1;
  return fb[0];
}

/**
 * Rounds the exact value s + e to f32 in mode rm, where s is a double and e the exact rest (s the
 * nearest double to s + e, or e = 0). Round-to-nearest is Math.fround(s), which is exact-then-rounded
 * when the caller guarantees no double rounding (add, sub, mul and exact values).
 */
export function roundF32(s: number, e: number, rm: number): number {
  const r = Math.fround(s);
  if (rm === RNE || !Number.isFinite(s)) return r;
  let lo: number;
  let hi: number;
  if (r === s) {
    if (e === 0) return r;
    if (e > 0) {
      lo = r;
      hi = nextUp32(r);
    } else {
      hi = r;
      lo = nextDown32(r);
    }
  } else if (r > s) {
    hi = r;
    lo = nextDown32(r);
  } else {
    lo = r;
    hi = nextUp32(r);
  }
  if (rm === RPI) return hi;
  if (rm === RNI) return lo;
  return lo >= 0 ? lo : hi;
}

/** The exact error of s = a + b (TwoSum; a, b doubles, s their rounded sum, finite). */
export function sumErr(a: number, b: number, s: number): number {
  const bb = s - a;
  return a - (s - bb) + (b - bb);
}

/** The sign of an exact zero sum a + b: -0 only if both are -0, or under round toward -infinity. */
export function zeroSum(a: number, b: number, rm: number): number {
  if (rm === RNI) return Object.is(a, 0) && Object.is(b, 0) ? 0 : -0;
  return Object.is(a, -0) && Object.is(b, -0) ? -0 : 0;
}

/** Replaces denormal f32 operands (bits) by zeros of the same sign, lanes 0..63. */
export function flush32(u: Uint32Array): void {
  for (let l = 0; l < 64; l++) {
    const v = u[l];
    if ((v & 0x7f800000) === 0 && (v & 0x7fffff) !== 0) u[l] = v & 0x80000000;
  }
}

/** Quiet NaN result of ops with NaN inputs: the first NaN source (bits) quieted, else the default NaN. */
export function nan2(a: number, b: number): number {
  if (isNaN32(a)) return (a | 0x400000) >>> 0;
  if (isNaN32(b)) return (b | 0x400000) >>> 0;
  return NAN32;
}

export function nan3(a: number, b: number, c: number): number {
  if (isNaN32(a)) return (a | 0x400000) >>> 0;
  if (isNaN32(b)) return (b | 0x400000) >>> 0;
  if (isNaN32(c)) return (c | 0x400000) >>> 0;
  return NAN32;
}

const OMOD = [1, 2, 4, 0.5];

/**
 * Finishes an f32 result in du/df: flushes output denormals unless MODE keeps them (or `forceFlush`),
 * applies omod and clamp (NaN: 0 under DX10_CLAMP, else kept). Cheap when there is nothing to do.
 */
export function post32(x: Lanes, forceFlush = false): void {
  const flush = forceFlush || (x.mode & M_DENORM_OUT32) === 0;
  const omod = x.omod;
  const clamp = x.clamp;
  if (!flush && omod === 0 && !clamp) return;
  const du = x.du;
  if (omod === 0 && !clamp) {
    for (let l = 0; l < 64; l++) {
      const b = du[l];
      if ((b & 0x7f800000) === 0) du[l] = b & 0x80000000;
    }
    return;
  }
  const df = x.df;
  const k = OMOD[omod];
  const dx10 = (x.mode & M_DX10_CLAMP) !== 0;
  const rm = x.mode & 3;
  for (let l = 0; l < 64; l++) {
    const b = du[l];
    if ((b & 0x7fffffff) > 0x7f800000) {
      if (clamp && dx10) du[l] = 0;
      continue;
    }
    let v = df[l];
    if (omod !== 0) {
      v = roundF32(v * k, 0, rm);
      if (flush && v !== 0 && Math.abs(v) < 1.1754943508222875e-38) v = v < 0 ? -0 : 0;
    } else if (flush && (b & 0x7f800000) === 0) v = b & 0x80000000 ? -0 : 0;
    if (clamp) v = v > 0 ? (v > 1 ? 1 : v) : 0;
    df[l] = v;
  }
}
