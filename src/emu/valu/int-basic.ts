// Lane math of the 32-bit integer and bitwise VOP1/VOP2 ops (and the VOP3-only v_add_i32/v_sub_i32):
// moves, logic, shifts, min/max, 24-bit multiplies and the carry/borrow add/sub family.

import { satI32, satU32 } from './int-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function movB32(x: Lanes): void {
  // Signed views, and no subarray (which would allocate a view per move).
  const a = x.i0;
  const d = x.di;
  for (let l = 0; l < 64; l++) d[l] = a[l];
}

function notB32(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = ~a[l];
}

function bfrevB32(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    let v = a[l];
    v = ((v >>> 1) & 0x55555555) | ((v & 0x55555555) << 1);
    v = ((v >>> 2) & 0x33333333) | ((v & 0x33333333) << 2);
    v = ((v >>> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
    v = ((v >>> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
    d[l] = (v >>> 16) | (v << 16);
  }
}

// The find-first-bit ops return -1 (0xffffffff) when no bit qualifies.
function ffbhU32(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    d[l] = v === 0 ? 0xffffffff : Math.clz32(v);
  }
}

function ffblB32(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const v = a[l];
    d[l] = v === 0 ? 0xffffffff : 31 - Math.clz32(v & -v);
  }
}

function ffbhI32(x: Lanes): void {
  const a = x.i0;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    // Bits equal to the sign bit become zeros, so the count is the leading-zero count of the rest.
    const v = a[l] ^ (a[l] >> 31);
    d[l] = v === 0 ? 0xffffffff : Math.clz32(v);
  }
}

/**
 * v_screen_partition_4se_b32's table: the select is {x_min, y_min, x_max, y_max}, two bits each (pixel bits
 * 6:5 of the bounding box, i.e. 32-pixel tile coordinates modulo 4), and the entry has bit s set for every
 * shader engine s = {x[0] ^ y[1], y[0] ^ x[1]} of a tile in the box, the ranges wrapping modulo 4. This
 * rule reproduces all 256 entries the Vega document lists.
 */
const SCREEN_PARTITION_4SE = (() => {
  const t = new Uint8Array(256);
  for (let sel = 0; sel < 256; sel++) {
    const x0 = (sel >>> 6) & 3;
    const y0 = (sel >>> 4) & 3;
    const nx = (((sel >>> 2) & 3) - x0) & 3;
    const ny = ((sel & 3) - y0) & 3;
    let m = 0;
    for (let i = 0; i <= nx; i++) {
      const tx = (x0 + i) & 3;
      for (let j = 0; j <= ny; j++) {
        const ty = (y0 + j) & 3;
        m |= 1 << ((((tx ^ (ty >>> 1)) & 1) << 1) | ((ty ^ (tx >>> 1)) & 1));
      }
    }
    t[sel] = m;
  }
  return t;
})();

function screenPartition4seB32(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = SCREEN_PARTITION_4SE[a[l] & 0xff];
}

function cndmaskB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const m0 = x.maskIn[0];
  const m1 = x.maskIn[1];
  for (let l = 0; l < 32; l++) d[l] = (m0 >>> l) & 1 ? b[l] : a[l];
  for (let l = 32; l < 64; l++) d[l] = (m1 >>> l) & 1 ? b[l] : a[l];
}

// 24-bit multiplies: the products (at most 48 bits) are exact in a double; Math.imul gives the low dword.
function mulI32I24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI32(((a[l] << 8) >> 8) * ((b[l] << 8) >> 8));
  else for (let l = 0; l < 64; l++) d[l] = Math.imul((a[l] << 8) >> 8, (b[l] << 8) >> 8);
}

function mulHiI32I24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = Math.floor((((a[l] << 8) >> 8) * ((b[l] << 8) >> 8)) / 4294967296);
}

function mulU32U24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32((a[l] & 0xffffff) * (b[l] & 0xffffff));
  else for (let l = 0; l < 64; l++) d[l] = Math.imul(a[l] & 0xffffff, b[l] & 0xffffff);
}

function mulHiU32U24(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = Math.floor(((a[l] & 0xffffff) * (b[l] & 0xffffff)) / 4294967296);
}

function minI32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const d = x.di;
  for (let l = 0; l < 64; l++) d[l] = a[l] < b[l] ? a[l] : b[l];
}

function maxI32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const d = x.di;
  for (let l = 0; l < 64; l++) d[l] = a[l] >= b[l] ? a[l] : b[l];
}

function minU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] < b[l] ? a[l] : b[l];
}

function maxU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] >= b[l] ? a[l] : b[l];
}

// The "rev" shifts take the shift amount in src0; JavaScript's shifts already use only its low 5 bits.
function lshrrevB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = b[l] >>> a[l];
}

function ashrrevI32(x: Lanes): void {
  const a = x.u0;
  const b = x.i1;
  const d = x.di;
  for (let l = 0; l < 64; l++) d[l] = b[l] >> a[l];
}

function lshlrevB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = b[l] << a[l];
}

function andB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] & b[l];
}

function orB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] | b[l];
}

function xorB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = a[l] ^ b[l];
}

function xnorB32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = ~(a[l] ^ b[l]);
}

// Sums and differences of uint32 values are exact doubles; the Uint32Array store wraps them modulo 2^32,
// and clamp saturates them instead (the unsigned range for _u32 and the carry ops, signed for _i32).
function addU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(a[l] + b[l]);
  else for (let l = 0; l < 64; l++) d[l] = a[l] + b[l];
}

function subU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(a[l] - b[l]);
  else for (let l = 0; l < 64; l++) d[l] = a[l] - b[l];
}

function subrevU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(b[l] - a[l]);
  else for (let l = 0; l < 64; l++) d[l] = b[l] - a[l];
}

function addI32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const d = x.di;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI32(a[l] + b[l]);
  else for (let l = 0; l < 64; l++) d[l] = a[l] + b[l];
}

function subI32(x: Lanes): void {
  const a = x.i0;
  const b = x.i1;
  const d = x.di;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI32(a[l] - b[l]);
  else for (let l = 0; l < 64; l++) d[l] = a[l] - b[l];
}

/**
 * The carry family. Each lane's exact result r (sum, or difference with the borrow subtracted) gives both
 * the carry/borrow bit (r outside 0..2^32-1) and the stored dword. `rev` swaps the sources; `withCarry`
 * adds (sub: subtracts) maskIn's bit. For v_subbrev the document's VCC formula repeats v_subb's; the
 * borrow of the subtraction actually performed (src1 - src0 - VCC) is used, as for v_subrev_co.
 */
function carryOp(sub: boolean, rev: boolean, withCarry: boolean): ValuFn {
  return (x: Lanes): void => {
    const a = rev ? x.u1 : x.u0;
    const b = rev ? x.u0 : x.u1;
    const d = x.du;
    const c0 = withCarry ? x.maskIn[0] : 0;
    const c1 = withCarry ? x.maskIn[1] : 0;
    const clamp = x.clamp;
    let m0 = 0;
    let m1 = 0;
    for (let l = 0; l < 64; l++) {
      const cin = ((l < 32 ? c0 : c1) >>> l) & 1;
      const r = sub ? a[l] - b[l] - cin : a[l] + b[l] + cin;
      if (r < 0 || r > 0xffffffff) {
        if (l < 32) m0 |= 1 << l;
        else m1 |= 1 << l;
        d[l] = clamp ? (r < 0 ? 0 : 0xffffffff) : r;
      } else d[l] = r;
    }
    x.maskOut[0] = m0;
    x.maskOut[1] = m1;
  };
}

export const BASIC_OPS: Record<string, ValuFn> = {
  v_mov_b32: movB32,
  v_not_b32: notB32,
  v_bfrev_b32: bfrevB32,
  v_ffbh_u32: ffbhU32,
  v_ffbl_b32: ffblB32,
  v_ffbh_i32: ffbhI32,
  v_screen_partition_4se_b32: screenPartition4seB32,
  v_cndmask_b32: cndmaskB32,
  v_mul_i32_i24: mulI32I24,
  v_mul_hi_i32_i24: mulHiI32I24,
  v_mul_u32_u24: mulU32U24,
  v_mul_hi_u32_u24: mulHiU32U24,
  v_min_i32: minI32,
  v_max_i32: maxI32,
  v_min_u32: minU32,
  v_max_u32: maxU32,
  v_lshrrev_b32: lshrrevB32,
  v_ashrrev_i32: ashrrevI32,
  v_lshlrev_b32: lshlrevB32,
  v_and_b32: andB32,
  v_or_b32: orB32,
  v_xor_b32: xorB32,
  v_xnor_b32: xnorB32,
  v_add_u32: addU32,
  v_sub_u32: subU32,
  v_subrev_u32: subrevU32,
  v_add_i32: addI32,
  v_sub_i32: subI32,
  v_add_co_u32: carryOp(false, false, false),
  v_sub_co_u32: carryOp(true, false, false),
  v_subrev_co_u32: carryOp(true, true, false),
  v_addc_co_u32: carryOp(false, false, true),
  v_subb_co_u32: carryOp(true, false, true),
  v_subbrev_co_u32: carryOp(true, true, true),
};
