import { RNE, RNI, type RoundMode, RPI } from './round-mode.js';

// One shared scratch buffer: the conversions run per lane per instruction, so they must not allocate.
const buf = new ArrayBuffer(8);
const f64 = new Float64Array(buf);
const f32 = new Float32Array(buf, 0, 1);
const u32 = new Uint32Array(buf);
const HI = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

// 2^(e-25) for biased f16 exponents 0..31 so that (1024 + mant) * F16_SCALE[e] is the exact value.
const F16_SCALE = new Float64Array(32);
for (let e = 0; e < 32; e++) F16_SCALE[e] = 2 ** ((e === 0 ? 1 : e) - 25);

/** Exact value of an IEEE binary16 bit pattern (NaN payloads are not representable in a JS NaN). */
export function f16ToF32(bits: number): number {
  const e = (bits >>> 10) & 0x1f;
  const m = bits & 0x3ff;
  let v: number;
  if (e === 0x1f) v = m === 0 ? Infinity : NaN;
  else if (e === 0) v = m * F16_SCALE[0]!;
  else v = (m + 0x400) * F16_SCALE[e]!;
  return bits & 0x8000 ? -v : v;
}

/**
 * binary16 bits -> binary32 bits. A NaN keeps its sign and payload (shifted to the top of the f32
 * mantissa) and is quieted, which is how the GPU's V_CVT_F32_F16 treats signalling NaNs.
 */
export function f16ToF32Bits(bits: number): number {
  const sign = (bits & 0x8000) << 16;
  const e = (bits >>> 10) & 0x1f;
  const m = bits & 0x3ff;
  if (e === 0x1f) return (sign | 0x7f800000 | (m << 13) | (m === 0 ? 0 : 0x400000)) >>> 0;
  f32[0] = f16ToF32(bits);
  return (u32[0]! | sign) >>> 0;
}

function overflow(sign: number, round: RoundMode): number {
  // Directed modes never round away from their direction, so overflow saturates to max-finite there.
  const toInf = round === RNE || (round === RPI && sign === 0) || (round === RNI && sign !== 0);
  return sign | (toInf ? 0x7c00 : 0x7bff);
}

/**
 * Rounds any double to binary16 bits with a single rounding, so f64 sources do not suffer the double
 * rounding a detour through f32 would cause. NaNs become quiet NaNs with the sign and the top 9
 * payload bits kept (quiet bit forced), as x86 F16C does; AMD hardware is assumed to match, not yet
 * confirmed on silicon.
 * flushDenorm flushes results that are subnormal after rounding to a signed zero.
 */
export function f64ToF16(x: number, round: RoundMode = RNE, flushDenorm = false): number {
  f64[0] = x;
  const hi = u32[HI]!;
  const lo = u32[LO]!;
  const sign = (hi >>> 16) & 0x8000;
  const be = (hi >>> 20) & 0x7ff;
  const mhi = hi & 0xfffff;
  if (be === 0x7ff) {
    if (mhi === 0 && lo === 0) return sign | 0x7c00;
    return sign | 0x7e00 | ((mhi >>> 10) & 0x1ff);
  }
  if (be === 0 && mhi === 0 && lo === 0) return sign;
  const e = be - 1023;
  if (e > 15) return overflow(sign, round);
  // The 53-bit significand is (1 << 20 | mhi) : lo; we keep 11 bits (normal) or fewer (subnormal), so
  // at least 42 bits go, i.e. all of `lo` is sticky and `shift` counts bits dropped from the top word.
  let kept: number;
  let rem: number;
  let shift: number;
  if (be === 0 || e < -38) {
    // Far below half the smallest subnormal: nonzero, less than half an ulp.
    kept = 0;
    rem = 1;
    shift = 22;
  } else {
    const top = 0x100000 | mhi;
    shift = e >= -14 ? 10 : -4 - e;
    if (shift > 22) shift = 22;
    kept = top >>> shift;
    rem = top & ((1 << shift) - 1);
  }
  const half = 1 << (shift - 1);
  const inexact = rem !== 0 || lo !== 0;
  let up = 0;
  if (inexact) {
    if (round === RNE) up = rem > half || (rem === half && (lo !== 0 || (kept & 1) !== 0)) ? 1 : 0;
    else if (round === RPI) up = sign === 0 ? 1 : 0;
    else if (round === RNI) up = sign !== 0 ? 1 : 0;
  }
  // For normals `kept` includes the implicit bit, so adding it to (e + 14) << 10 yields the encoding,
  // and a rounding carry propagates into the exponent (or from subnormal into the smallest normal).
  const mag = (e >= -14 ? (e + 14) << 10 : 0) + kept + up;
  if (mag >= 0x7c00) return overflow(sign, round);
  if (flushDenorm && mag < 0x400) return sign;
  return sign | mag;
}

/** Rounds an f32 value (held in a double) to binary16 bits; see f64ToF16 for NaN and flush rules. */
export function f32ToF16(x: number, round: RoundMode = RNE, flushDenorm = false): number {
  return f64ToF16(x, round, flushDenorm);
}

/** Like f32ToF16 but from raw f32 bits, so NaN payloads survive (a JS number cannot carry them). */
export function f32BitsToF16(bits: number, round: RoundMode = RNE, flushDenorm = false): number {
  if ((bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0) {
    return ((bits >>> 16) & 0x8000) | 0x7e00 | ((bits >>> 13) & 0x1ff);
  }
  u32[0] = bits;
  return f64ToF16(f32[0]!, round, flushDenorm);
}
