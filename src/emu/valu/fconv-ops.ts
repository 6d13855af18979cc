// Lane math of the conversions that involve f32 or f64 but not f16: int <-> float, f32 <-> f64, the
// byte/nibble conversions and the pack conversions (v_cvt_pk_u8_f32, v_cvt_pknorm_*_f32 and the integer
// v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32).
//
// Float-to-int conversions truncate (C casts), saturate out-of-range values and infinities, and turn NaN
// into 0 (Vega document). Int-to-float and f64-to-f32 round in the MODE rounding mode of the result's
// precision; the result goes through the usual output stage (denormal flush, omod, clamp).

import { rint } from './f32-unary.js';
import { flush32, M_DENORM_IN32, post32, RNE, roundF32 } from './f32-util.js';
import { flush64, post64 } from './f64-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function satI32(v: number): number {
  if (Number.isNaN(v)) return 0;
  return v >= 2147483647 ? 2147483647 : v <= -2147483648 ? -2147483648 : v;
}

function satU32(v: number): number {
  if (Number.isNaN(v)) return 0;
  return v >= 4294967295 ? 4294967295 : v <= 0 ? 0 : v;
}

const I32 = 0;
const U32 = 1;
const FLR = 2;
const RPI_I32 = 3;

/** f32 -> 32-bit integer. */
function toInt32(x: Lanes, op: number): void {
  if ((x.mode & M_DENORM_IN32) === 0) flush32(x.u0);
  const a = x.f0;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (op === I32) du[l] = satI32(Math.trunc(v));
    else if (op === U32) du[l] = satU32(Math.trunc(v));
    else if (op === FLR) du[l] = satI32(Math.floor(v));
    // v + 0.5 is exact in a double for an f32 v.
    else du[l] = satI32(Math.floor(v + 0.5));
  }
}

/** f64 -> 32-bit integer. */
function f64ToInt32(x: Lanes, unsigned: boolean): void {
  if ((x.mode & (M_DENORM_IN32 << 2)) === 0) flush64(x.u0);
  const a = x.d0;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = Math.trunc(a[l]);
    du[l] = unsigned ? satU32(v) : satI32(v);
  }
}

/** 32-bit integer -> f32, rounded in the single-precision mode. */
function intToF32(x: Lanes, unsigned: boolean): void {
  const rm = x.mode & 3;
  const d = x.df;
  const s = unsigned ? x.u0 : x.i0;
  if (rm === RNE) for (let l = 0; l < 64; l++) d[l] = s[l];
  else for (let l = 0; l < 64; l++) d[l] = roundF32(s[l], 0, rm);
  post32(x);
}

/** 32-bit integer -> f64 (exact). */
function intToF64(x: Lanes, unsigned: boolean): void {
  const d = x.dd;
  const s = unsigned ? x.u0 : x.i0;
  for (let l = 0; l < 64; l++) d[l] = s[l];
  post64(x);
}

/** f64 -> f32: rounded in the single-precision mode; NaN keeps its sign and top payload bits, quieted. */
function f64ToF32(x: Lanes): void {
  if ((x.mode & (M_DENORM_IN32 << 2)) === 0) flush64(x.u0);
  const rm = x.mode & 3;
  const a = x.d0;
  const u = x.u0;
  const d = x.df;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    if (Number.isNaN(v)) {
      const hi = u[2 * l + 1];
      const lo = u[2 * l];
      du[l] = ((hi & 0x80000000) | 0x7fc00000 | ((hi & 0xfffff) << 3) | (lo >>> 29)) >>> 0;
    } else d[l] = roundF32(v, 0, rm);
  }
  post32(x);
}

/** f32 -> f64 (exact); NaN payload kept, quieted. */
function f32ToF64(x: Lanes): void {
  if ((x.mode & M_DENORM_IN32) === 0) flush32(x.u0);
  const a = x.f0;
  const u = x.u0;
  const d = x.dd;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const b = u[l];
    if ((b & 0x7fffffff) > 0x7f800000) {
      du[2 * l] = (b & 7) << 29;
      du[2 * l + 1] = ((b & 0x80000000) | 0x7ff80000 | ((b & 0x7fffff) >>> 3)) >>> 0;
    } else d[l] = a[l];
  }
  post64(x);
}

function ubyte(x: Lanes, n: number): void {
  const s = x.u0;
  const d = x.df;
  const sh = 8 * n;
  for (let l = 0; l < 64; l++) d[l] = (s[l] >>> sh) & 0xff;
  post32(x);
}

/** v_cvt_off_f32_i4: the signed nibble S0[3:0] / 16. */
function offI4(x: Lanes): void {
  const s = x.u0;
  const d = x.df;
  for (let l = 0; l < 64; l++) d[l] = ((s[l] << 28) >> 28) / 16;
  post32(x);
}

/** flt32_to_uint8 (and the 16-bit norms): round to nearest even, saturate, NaN to 0. */
function satRound(v: number, lo: number, hi: number): number {
  if (Number.isNaN(v)) return 0;
  const r = rint(v);
  return r <= lo ? lo : r >= hi ? hi : r;
}

/** v_cvt_pk_u8_f32: byte S1[1:0] of S2 replaced by flt32_to_uint8(S0). */
function pkU8(x: Lanes): void {
  if ((x.mode & M_DENORM_IN32) === 0) flush32(x.u0);
  const a = x.f0;
  const sel = x.u1;
  const s2 = x.u2;
  const du = x.du;
  for (let l = 0; l < 64; l++) {
    const sh = 8 * (sel[l] & 3);
    du[l] = ((s2[l] & ~(0xff << sh)) | (satRound(a[l], 0, 255) << sh)) >>> 0;
  }
}

/** v_cvt_pknorm_i16_f32 / _u16_f32: {norm(S1), norm(S0)}. */
function pkNorm(x: Lanes, signed: boolean): void {
  if ((x.mode & M_DENORM_IN32) === 0) {
    flush32(x.u0);
    flush32(x.u1);
  }
  const a = x.f0;
  const b = x.f1;
  const du = x.du;
  const k = signed ? 32767 : 65535;
  const lo = signed ? -32767 : 0;
  for (let l = 0; l < 64; l++) {
    const p = satRound(a[l] * k, lo, k) & 0xffff;
    const q = satRound(b[l] * k, lo, k) & 0xffff;
    du[l] = (p | (q << 16)) >>> 0;
  }
}

/** v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32: {sat16(S1), sat16(S0)}. */
function pkInt16(x: Lanes, signed: boolean): void {
  const du = x.du;
  if (signed) {
    const a = x.i0;
    const b = x.i1;
    for (let l = 0; l < 64; l++) {
      const p = a[l] > 32767 ? 32767 : a[l] < -32768 ? -32768 : a[l];
      const q = b[l] > 32767 ? 32767 : b[l] < -32768 ? -32768 : b[l];
      du[l] = ((p & 0xffff) | (q << 16)) >>> 0;
    }
  } else {
    const a = x.u0;
    const b = x.u1;
    for (let l = 0; l < 64; l++) {
      const p = a[l] > 65535 ? 65535 : a[l];
      const q = b[l] > 65535 ? 65535 : b[l];
      du[l] = (p | (q << 16)) >>> 0;
    }
  }
}

export const FCONV_OPS: Record<string, ValuFn> = {
  v_cvt_i32_f32: (x) => toInt32(x, I32),
  v_cvt_u32_f32: (x) => toInt32(x, U32),
  v_cvt_flr_i32_f32: (x) => toInt32(x, FLR),
  v_cvt_rpi_i32_f32: (x) => toInt32(x, RPI_I32),
  v_cvt_i32_f64: (x) => f64ToInt32(x, false),
  v_cvt_u32_f64: (x) => f64ToInt32(x, true),
  v_cvt_f32_i32: (x) => intToF32(x, false),
  v_cvt_f32_u32: (x) => intToF32(x, true),
  v_cvt_f64_i32: (x) => intToF64(x, false),
  v_cvt_f64_u32: (x) => intToF64(x, true),
  v_cvt_f32_f64: f64ToF32,
  v_cvt_f64_f32: f32ToF64,
  v_cvt_f32_ubyte0: (x) => ubyte(x, 0),
  v_cvt_f32_ubyte1: (x) => ubyte(x, 1),
  v_cvt_f32_ubyte2: (x) => ubyte(x, 2),
  v_cvt_f32_ubyte3: (x) => ubyte(x, 3),
  v_cvt_off_f32_i4: offI4,
  v_cvt_pk_u8_f32: pkU8,
  // The same insertion with the destination itself as S2 (the executor fetches it as a tied input).
  v_cvt_pkaccum_u8_f32: pkU8,
  v_cvt_pknorm_i16_f32: (x) => pkNorm(x, true),
  v_cvt_pknorm_u16_f32: (x) => pkNorm(x, false),
  v_cvt_pk_u16_u32: (x) => pkInt16(x, false),
  v_cvt_pk_i16_i32: (x) => pkInt16(x, true),
};
