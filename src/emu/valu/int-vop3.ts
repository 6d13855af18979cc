// Lane math of the VOP3-only 32- and 64-bit integer ops: full-width multiplies, 24-bit and 64-bit
// multiply-adds, bitfield and byte manipulation, three-input arithmetic, bit counts and 64-bit shifts.

import { satI32, satU32 } from './int-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function madI32I24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.i2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI32(((a[l] << 8) >> 8) * ((b[l] << 8) >> 8) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = Math.imul((a[l] << 8) >> 8, (b[l] << 8) >> 8) + c[l];
}

function madU32U24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32((a[l] & 0xffffff) * (b[l] & 0xffffff) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = (Math.imul(a[l] & 0xffffff, b[l] & 0xffffff) >>> 0) + c[l];
}

function mulLoU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = Math.imul(a[l], b[l]);
}

// High dword of a 32x32-bit product without BigInt: the double product is within 2^11 of the exact one
// (hi * 2^32 + lo), and so is its difference with the exact low dword (Math.imul), so dividing by 2^32 and
// rounding recovers hi exactly. Signed products (|p| <= 2^62) work the same way.
function mulHiU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    d[l] = Math.round((p * q - (Math.imul(p, q) >>> 0)) / 4294967296);
  }
}

function mulHiI32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const d = x.di;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    d[l] = Math.round((p * q - (Math.imul(p, q) >>> 0)) / 4294967296);
  }
}

/**
 * {vcc, D.u64} = S0.u32 * S1.u32 + S2.u64: maskOut gets the carry out of bit 63; clamp saturates to
 * 2^64 - 1 on carry.
 */
function madU64U32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (Math.imul(p, q) >>> 0) + c[2 * l];
    const hi =
      Math.round((p * q - (Math.imul(p, q) >>> 0)) / 4294967296) + c[2 * l + 1] + (lo > 0xffffffff ? 1 : 0);
    if (hi > 0xffffffff) {
      if (l < 32) m0 |= 1 << l;
      else m1 |= 1 << l;
      d[2 * l] = clamp ? 0xffffffff : lo;
      d[2 * l + 1] = clamp ? 0xffffffff : hi;
    } else {
      d[2 * l] = lo;
      d[2 * l + 1] = hi;
    }
  }
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

/**
 * {vcc, D.i64} = S0.i32 * S1.i32 + S2.i64. The document does not define the mask bit; it is taken to be
 * the signed overflow of the 64-bit sum (the product itself always fits), which clamp saturates.
 */
function madI64I32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  let m0 = 0;
  let m1 = 0;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const ph = Math.round((p * q - (Math.imul(p, q) >>> 0)) / 4294967296) >>> 0;
    const ch = c[2 * l + 1];
    const lo = (Math.imul(p, q) >>> 0) + c[2 * l];
    const hi = (ph + ch + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    const sp = ph >>> 31;
    if (sp === ch >>> 31 && hi >>> 31 !== sp) {
      if (l < 32) m0 |= 1 << l;
      else m1 |= 1 << l;
      d[2 * l] = clamp ? (sp ? 0 : 0xffffffff) : lo;
      d[2 * l + 1] = clamp ? (sp ? 0x80000000 : 0x7fffffff) : hi;
    } else {
      d[2 * l] = lo;
      d[2 * l + 1] = hi;
    }
  }
  x.maskOut[0] = m0;
  x.maskOut[1] = m1;
}

// Bitfield ops: offset and width are the low 5 bits of their source; a zero width extracts nothing.
function bfeU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const w = c[l] & 31;
    d[l] = w === 0 ? 0 : (a[l] >>> b[l]) & (0xffffffff >>> (32 - w));
  }
}

function bfeI32(x: Lanes): void {
  const a = x.i0;
  const b = x.u1;
  const c = x.u2;
  const d = x.di;
  for (let l = 0; l < 64; l++) {
    // Sign-extends from the field's top bit; a field reaching past bit 31 extends bit 31.
    const w = c[l] & 31;
    d[l] = w === 0 ? 0 : ((a[l] >> b[l]) << (32 - w)) >> (32 - w);
  }
}

function bfiB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (a[l] & b[l]) | (~a[l] & c[l]);
}

function bfmB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = ((1 << a[l]) - 1) << b[l];
}

/** Low dword of {S0, S1} >> S2[4:0]. */
function alignbitB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = c[l] & 31;
    d[l] = s === 0 ? b[l] : (b[l] >>> s) | (a[l] << (32 - s));
  }
}

/**
 * Low dword of {S0, S1} >> (8 * S2[1:0]). The Vega document writes S2.u[4:0], which would shift up to
 * 248 bits; the byte count is two bits, as in CLRX's description and the later AMD documents.
 */
function alignbyteB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = (c[l] & 3) << 3;
    d[l] = s === 0 ? b[l] : (b[l] >>> s) | (a[l] << (32 - s));
  }
}

/**
 * One byte of v_perm_b32's result: in[0..3] are S1's bytes, in[4..7] S0's; selectors 8-11 replicate the
 * top bit of in[1], in[3], in[5], in[7]; 12 gives 0x00, 13 and above 0xff.
 */
function permByte(s0: number, s1: number, sel: number): number {
  if (sel < 8) return ((sel < 4 ? s1 : s0) >>> ((sel & 3) << 3)) & 0xff;
  if (sel < 12) return ((sel < 10 ? s1 : s0) >>> (sel & 1 ? 31 : 15)) & 1 ? 0xff : 0;
  return sel === 12 ? 0 : 0xff;
}

/** v_perm_b32 of one lane: S0, S1 and the selector dword (also the translating engine's, jit/helpers.ts). */
export function permDword(s0: number, s1: number, sel: number): number {
  return (
    permByte(s0, s1, sel & 0xff) |
    (permByte(s0, s1, (sel >>> 8) & 0xff) << 8) |
    (permByte(s0, s1, (sel >>> 16) & 0xff) << 16) |
    (permByte(s0, s1, sel >>> 24) << 24)
  );
}

function permB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = permDword(a[l], b[l], c[l]);
}

function min3I32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const c = x.i2;
  const d = x.di;
  for (let l = 0; l < 64; l++) {
    const m = a[l] < b[l] ? a[l] : b[l];
    d[l] = m < c[l] ? m : c[l];
  }
}

function max3I32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const c = x.i2;
  const d = x.di;
  for (let l = 0; l < 64; l++) {
    const m = a[l] >= b[l] ? a[l] : b[l];
    d[l] = m >= c[l] ? m : c[l];
  }
}

function med3I32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const c = x.i2;
  const d = x.di;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const r = c[l];
    const lo = p < q ? p : q;
    const hi = p < q ? q : p;
    d[l] = r <= lo ? lo : r >= hi ? hi : r;
  }
}

function min3U32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const m = a[l] < b[l] ? a[l] : b[l];
    d[l] = m < c[l] ? m : c[l];
  }
}

function max3U32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const m = a[l] >= b[l] ? a[l] : b[l];
    d[l] = m >= c[l] ? m : c[l];
  }
}

function med3U32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const r = c[l];
    const lo = p < q ? p : q;
    const hi = p < q ? q : p;
    d[l] = r <= lo ? lo : r >= hi ? hi : r;
  }
}

function xadU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = ((a[l] ^ b[l]) >>> 0) + c[l];
}

function lshlAddU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = ((a[l] << b[l]) >>> 0) + c[l];
}

function addLshlU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (a[l] + b[l]) << c[l];
}

function add3U32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] + b[l] + c[l];
}

function lshlOrB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (a[l] << b[l]) | c[l];
}

function andOrB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (a[l] & b[l]) | c[l];
}

function or3B32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] | b[l] | c[l];
}

/** Number of set bits of a 32-bit value (SWAR). */
function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function bcntU32B32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = popcount32(a[l]) + b[l];
}

/** Per lane l, the bits of lanes below l within the low / high dword of a lane mask. */
const BELOW_LO = new Uint32Array(64);
const BELOW_HI = new Uint32Array(64);
for (let l = 0; l < 64; l++) {
  BELOW_LO[l] = l >= 32 ? 0xffffffff : (1 << l) - 1;
  BELOW_HI[l] = l <= 32 ? 0 : (1 << (l - 32)) - 1;
}

function mbcntLoU32B32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = popcount32(a[l] & BELOW_LO[l]) + b[l];
}

function mbcntHiU32B32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = popcount32(a[l] & BELOW_HI[l]) + b[l];
}

// 64-bit shifts: the amount (src0) uses bits 5:0; the value (src1) is a dword pair.
function lshlrevB64(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l] & 63;
    const lo = b[2 * l];
    const hi = b[2 * l + 1];
    if (s === 0) {
      d[2 * l] = lo;
      d[2 * l + 1] = hi;
    } else if (s < 32) {
      d[2 * l] = lo << s;
      d[2 * l + 1] = (hi << s) | (lo >>> (32 - s));
    } else {
      d[2 * l] = 0;
      d[2 * l + 1] = lo << (s - 32);
    }
  }
}

function lshrrevB64(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l] & 63;
    const lo = b[2 * l];
    const hi = b[2 * l + 1];
    if (s === 0) {
      d[2 * l] = lo;
      d[2 * l + 1] = hi;
    } else if (s < 32) {
      d[2 * l] = (lo >>> s) | (hi << (32 - s));
      d[2 * l + 1] = hi >>> s;
    } else {
      d[2 * l] = hi >>> (s - 32);
      d[2 * l + 1] = 0;
    }
  }
}

function ashrrevI64(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l] & 63;
    const lo = b[2 * l];
    const hi = b[2 * l + 1] | 0;
    if (s === 0) {
      d[2 * l] = lo;
      d[2 * l + 1] = hi;
    } else if (s < 32) {
      d[2 * l] = (lo >>> s) | (hi << (32 - s));
      d[2 * l + 1] = hi >> s;
    } else {
      d[2 * l] = hi >> (s - 32);
      d[2 * l + 1] = hi >> 31;
    }
  }
}

export const VOP3_INT_OPS: Record<string, ValuFn> = {
  v_mad_i32_i24: madI32I24,
  v_mad_u32_u24: madU32U24,
  v_mul_lo_u32: mulLoU32,
  v_mul_hi_u32: mulHiU32,
  v_mul_hi_i32: mulHiI32,
  v_mad_u64_u32: madU64U32,
  v_mad_i64_i32: madI64I32,
  v_bfe_u32: bfeU32,
  v_bfe_i32: bfeI32,
  v_bfi_b32: bfiB32,
  v_bfm_b32: bfmB32,
  v_alignbit_b32: alignbitB32,
  v_alignbyte_b32: alignbyteB32,
  v_perm_b32: permB32,
  v_min3_i32: min3I32,
  v_max3_i32: max3I32,
  v_med3_i32: med3I32,
  v_min3_u32: min3U32,
  v_max3_u32: max3U32,
  v_med3_u32: med3U32,
  v_xad_u32: xadU32,
  v_lshl_add_u32: lshlAddU32,
  v_add_lshl_u32: addLshlU32,
  v_add3_u32: add3U32,
  v_lshl_or_b32: lshlOrB32,
  v_and_or_b32: andOrB32,
  v_or3_b32: or3B32,
  v_bcnt_u32_b32: bcntU32B32,
  v_mbcnt_lo_u32_b32: mbcntLoU32B32,
  v_mbcnt_hi_u32_b32: mbcntHiU32B32,
  v_lshlrev_b64: lshlrevB64,
  v_lshrrev_b64: lshrrevB64,
  v_ashrrev_i64: ashrrevI64,
};
