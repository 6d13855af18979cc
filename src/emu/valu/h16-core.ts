// Shared machinery of the f16 lane math (half-ops.ts): an f16 value table, the MODE-derived rounding and
// denormal state of the running instruction, and exact-sum helpers so that every result is one correct
// rounding of the exact value.
//
// Conventions taken from the Vega/MI100 ISA documents:
// - f16 uses the "double/half" MODE fields: FP_ROUND[3:2] and FP_DENORM[7:6] (bit 6 = keep input
//   denormals, bit 7 = keep output denormals); f32 uses FP_ROUND[1:0] and FP_DENORM[5:4].
// - DX10_CLAMP (bit 8) turns a NaN into 0 when the clamp bit is set; IEEE (bit 9) changes min/max NaN rules.
// - FP16_OVFL (bit 23) saturates a finite result that overflowed to +-65504 whatever the round mode.
// - Generated ("default") NaNs are 0xfe00 as in the documents' examples (sqrt(-inf), 0/0 in div_fixup);
//   NaN inputs propagate quieted (bit 9 set), the first NaN source winning.

import * as f16 from '../float/f16.js';
import type { Lanes } from './lanes.js';

const { f64ToF16 } = f16; // a local binding inlines better than a namespace access

/** The value of every f16 bit pattern (NaNs as NaN). */
export const F16V = new Float64Array(65536);
for (let b = 0; b < 65536; b++) {
  const e = (b >>> 10) & 31;
  const m = b & 1023;
  const mag = e === 31 ? (m === 0 ? Infinity : NaN) : e === 0 ? m * 2 ** -24 : (m + 1024) * 2 ** (e - 25);
  F16V[b] = b & 0x8000 ? -mag : mag;
}

export const DNAN = 0xfe00;

// ---- per-instruction state (one instruction runs at a time) ------------------------------------------
let rm = 0;
let inOk = true;
let outFlush = false;
let ovfl = false;
let clampOn = false;
let dx10 = false;
let ieee = false;
let scale = 1;
let rm32 = 0;
let in32Ok = true;
let out32Flush = false;

const OMOD_SCALE = [1, 2, 4, 0.5];

/** Loads the MODE/clamp/omod state of the instruction about to run. */
export function begin(x: Lanes): void {
  const m = x.mode;
  rm = (m >>> 2) & 3;
  inOk = ((m >>> 6) & 1) === 1;
  outFlush = ((m >>> 7) & 1) === 0;
  rm32 = m & 3;
  in32Ok = ((m >>> 4) & 1) === 1;
  out32Flush = ((m >>> 5) & 1) === 0;
  ovfl = ((m >>> 23) & 1) === 1;
  dx10 = ((m >>> 8) & 1) === 1;
  ieee = ((m >>> 9) & 1) === 1;
  clampOn = x.clamp;
  scale = OMOD_SCALE[x.omod & 3];
}

/** For the mad (unfused) ops, which the documents say flush f16/f32 denormals whatever the mode. */
export function forceFlush(): void {
  inOk = false;
  outFlush = true;
  in32Ok = false;
  out32Flush = true;
}

/** For v_mad_mix*: f32 denormals flushed whatever the mode, as v_mad_f32 does. */
export function forceFlush32(): void {
  in32Ok = false;
  out32Flush = true;
}

/** VOP3P has no omod. */
export function noOmod(): void {
  scale = 1;
}

/** Overrides the f16 round mode (v_cvt_pkrtz_f16_f32). */
export function setRound16(r: number): void {
  rm = r;
}

export function roundMode16(): number {
  return rm;
}

export function ieeeMode(): boolean {
  return ieee;
}

export function isNan16(b: number): boolean {
  return (b & 0x7fff) > 0x7c00;
}

export function isSnan16(b: number): boolean {
  return (b & 0x7fff) > 0x7c00 && (b & 0x200) === 0;
}

/** The value of f16 bits with input denormals flushed if the mode says so. */
export function val(b: number): number {
  if ((b & 0x7c00) === 0 && !inOk) return b & 0x8000 ? -0 : 0;
  return F16V[b];
}

/** f16 bits with input denormals flushed if the mode says so (for ops that return an operand). */
export function canon(b: number): number {
  return (b & 0x7c00) === 0 && !inOk ? b & 0x8000 : b;
}

/** The result of an op whose result is NaN: quieted bits, or 0 under clamp with DX10_CLAMP. */
export function nanRes(b: number): number {
  return clampOn && dx10 ? 0 : (b | 0x200) & 0xffff;
}

/** clamp to [0, 1] on f16 bits of a non-NaN value (-0 stays -0). */
function clamp16(r: number): number {
  if (r & 0x8000) return (r & 0x7fff) === 0 ? r : 0;
  return r > 0x3c00 ? 0x3c00 : r;
}

const cb = new Float32Array(1);
const cu = new Uint32Array(cb.buffer);

/**
 * A non-NaN double rounded to f16 bits in round mode r (flush: subnormal results become signed zeros).
 * Fast path: the value is first rounded to odd at f32 precision (24 bits, enough for one more exact
 * rounding to 11 bits), then rounded with integer operations; tiny and huge values use f64ToF16.
 */
export function toF16(v: number, r: number, flush: boolean): number {
  cb[0] = v;
  let a = cu[0];
  const got = cb[0];
  const sign = (a >>> 16) & 0x8000;
  a &= 0x7fffffff;
  if (a < 0x0d800000 || a >= 0x48000000) return f64ToF16(v, r as 0, flush); // |v| < 2^-100 or >= 2^17
  if (got !== v && (a & 1) === 0) a += got < v === (sign === 0) ? 1 : -1;
  const e = (a >>> 23) - 127;
  const mant = (a & 0x7fffff) | 0x800000;
  let shift = 13;
  if (e < -14) shift = 13 - 14 - e > 24 ? 25 : -1 - e;
  const kept = shift > 24 ? 0 : mant >>> shift;
  const rem = shift > 24 ? mant : mant & ((1 << shift) - 1);
  let up = 0;
  if (rem !== 0) {
    if (r === 0) {
      const half = 1 << (shift - 1);
      up = rem > half || (rem === half && (kept & 1) === 1) ? 1 : 0;
    } else if (r === 1) up = sign === 0 ? 1 : 0;
    else if (r === 2) up = sign !== 0 ? 1 : 0;
  }
  const mag = (e >= -14 ? (e + 14) << 10 : 0) + kept + up;
  if (mag >= 0x7c00) {
    const toInf = r === 0 || (r === 1 && sign === 0) || (r === 2 && sign !== 0);
    return sign | (toInf ? 0x7c00 : 0x7bff);
  }
  if (flush && mag < 0x400) return sign;
  return sign | mag;
}

/** Rounds a non-NaN exact (or round-to-odd) value to f16 bits with omod, round mode, flush, FP16_OVFL, clamp. */
export function fin(v: number): number {
  let r = toF16(v * scale, rm, outFlush);
  if (ovfl && (r & 0x7fff) === 0x7c00 && v - v === 0) r = (r & 0x8000) | 0x7bff;
  return clampOn ? clamp16(r) : r;
}

/** Finishes a result that is already f16 bits (min/max/med3/div_fixup): NaN, omod, flush, clamp. */
export function fo(b: number): number {
  if (isNan16(b)) return clampOn && dx10 ? 0 : b;
  if (scale === 1 && !(outFlush && (b & 0x7c00) === 0)) return clampOn ? clamp16(b) : b;
  return fin(F16V[b]);
}

// ---- exact sums -------------------------------------------------------------------------------------
const sb = new Float64Array(1);
const su = new Uint32Array(sb.buffer);
const LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HI = LE ? 1 : 0;
const LO = LE ? 0 : 1;

/**
 * p + c for finite doubles, as the double nearest the exact sum but rounded to odd (last bit set when
 * inexact): rounding that once more to a format of at most 51 bits equals rounding the exact sum, in
 * every rounding mode. An exact zero sum takes its sign from the IEEE rule for round mode `r`.
 */
export function sumOdd(p: number, c: number, r: number): number {
  const s = p + c;
  if (s === 0) {
    if (p === 0 && c === 0) return r === 2 ? (1 / p < 0 || 1 / c < 0 ? -0 : 0) : s;
    return r === 2 ? -0 : 0;
  }
  const bb = s - p;
  const err = p - (s - bb) + (c - bb);
  if (err === 0) return s;
  sb[0] = s;
  const lo = su[LO];
  if ((lo & 1) !== 0) return s;
  if (err > 0 === s > 0) su[LO] = lo | 1;
  else if (lo === 0) {
    su[LO] = 0xffffffff;
    su[HI] = su[HI] - 1;
  } else su[LO] = lo - 1;
  return sb[0];
}

/** Exact sum of two f16 values (always representable), with the IEEE zero sign for round mode r. */
export function add16(a: number, b: number, r: number): number {
  const s = a + b;
  if (s === 0 && r === 2) return a === 0 && b === 0 && 1 / a > 0 && 1 / b > 0 ? 0 : -0;
  return s;
}

// ---- f32 results ----------------------------------------------------------------------------------------
const f32b = new Float32Array(1);
const f32u = new Uint32Array(f32b.buffer);

/** f32 bits -> value with the f32 input-denormal mode applied. */
export function val32(bits: number): number {
  if ((bits & 0x7f800000) === 0 && !in32Ok) return bits & 0x80000000 ? -0 : 0;
  f32u[0] = bits;
  return f32b[0];
}

export function isNan32(bits: number): boolean {
  return (bits & 0x7fffffff) > 0x7f800000;
}

/** Rounds a non-NaN value to f32 (round mode r) and returns its bits; flushes per the f32 output mode. */
export function round32(v: number, r: number): number {
  f32b[0] = v;
  let u = f32u[0];
  const got = f32b[0];
  if (r !== 0 && got !== v) {
    // Math.fround rounded to nearest; step one ulp toward v when that went the wrong way.
    const below = got < v;
    const wantUp = r === 1 || (r === 3 && v < 0);
    if (below === wantUp) {
      if (got === 0) u = v > 0 ? 1 : 0x80000001;
      else if (below === got > 0) u = u + 1;
      else u = u - 1;
    }
  }
  if (out32Flush && (u & 0x7f800000) === 0) u &= 0x80000000;
  return u >>> 0;
}

/** A non-NaN value as f32 bits with omod, the f32 round mode and flush, and clamp. */
export function fin32(v: number): number {
  let u = round32(v * scale, rm32);
  if (clampOn) {
    if (u & 0x80000000) u = (u & 0x7fffffff) === 0 ? u : 0;
    else if (u > 0x3f800000) u = 0x3f800000;
  }
  return u >>> 0;
}

/** A NaN f32 result (bits) under clamp/DX10_CLAMP. */
export function nanRes32(bits: number): number {
  return clampOn && dx10 ? 0 : (bits | 0x400000) >>> 0;
}

/** The f32 value of bits, for exact conversions (no flush). */
export function f32val(bits: number): number {
  f32u[0] = bits;
  return f32b[0];
}

export function roundMode32(): number {
  return rm32;
}
