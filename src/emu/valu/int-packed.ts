// Lane math of the packed 16-bit integer ops (VOP3P v_pk_*) and the integer dot products (gfx906/gfx908
// VOP3P v_dot*, gfx908 VOP2 v_dot*c). Packed sources arrive with op_sel/op_sel_hi already applied: the low
// half of uK[l] feeds the low result, the high half the high result. Clamp saturates each half (the dot
// products: the 32-bit result) to the type's range.

import { satI16, satI32, satU16, satU32 } from './int-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function pkAddU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p & 0xffff) + (q & 0xffff);
    const hi = (p >>> 16) + (q >>> 16);
    d[l] = clamp ? satU16(lo) | (satU16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkSubU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p & 0xffff) - (q & 0xffff);
    const hi = (p >>> 16) - (q >>> 16);
    d[l] = clamp ? satU16(lo) | (satU16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkAddI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = ((p << 16) >> 16) + ((q << 16) >> 16);
    const hi = (p >> 16) + (q >> 16);
    d[l] = clamp ? satI16(lo) | (satI16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkSubI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = ((p << 16) >> 16) - ((q << 16) >> 16);
    const hi = (p >> 16) - (q >> 16);
    d[l] = clamp ? satI16(lo) | (satI16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkMulLoU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p & 0xffff) * (q & 0xffff);
    const hi = (p >>> 16) * (q >>> 16);
    d[l] = clamp ? satU16(lo) | (satU16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkMadU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const r = c[l];
    const lo = (p & 0xffff) * (q & 0xffff) + (r & 0xffff);
    const hi = (p >>> 16) * (q >>> 16) + (r >>> 16);
    d[l] = clamp ? satU16(lo) | (satU16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

function pkMadI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const r = c[l];
    const lo = ((p << 16) >> 16) * ((q << 16) >> 16) + ((r << 16) >> 16);
    const hi = (p >> 16) * (q >> 16) + (r >> 16);
    d[l] = clamp ? satI16(lo) | (satI16(hi) << 16) : (lo & 0xffff) | (hi << 16);
  }
}

// Shifts: each half of src0 gives its half's amount (bits 3:0 and 19:16).
function pkLshlrevB16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l];
    const v = b[l];
    d[l] = ((v << (s & 15)) & 0xffff) | (((v >>> 16) << ((s >>> 16) & 15)) << 16);
  }
}

function pkLshrrevB16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l];
    const v = b[l];
    d[l] = ((v & 0xffff) >>> (s & 15)) | (((v >>> 16) >>> ((s >>> 16) & 15)) << 16);
  }
}

function pkAshrrevI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const s = a[l];
    const v = b[l];
    d[l] = ((((v << 16) >> 16) >> (s & 15)) & 0xffff) | (((v >> 16) >> ((s >>> 16) & 15)) << 16);
  }
}

function pkMaxU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p & 0xffff) >= (q & 0xffff) ? p & 0xffff : q & 0xffff;
    const hi = p >>> 16 >= q >>> 16 ? p >>> 16 : q >>> 16;
    d[l] = lo | (hi << 16);
  }
}

function pkMinU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p & 0xffff) < (q & 0xffff) ? p & 0xffff : q & 0xffff;
    const hi = p >>> 16 < q >>> 16 ? p >>> 16 : q >>> 16;
    d[l] = lo | (hi << 16);
  }
}

function pkMaxI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p << 16) >> 16 >= (q << 16) >> 16 ? p : q;
    const hi = p >> 16 >= q >> 16 ? p : q;
    d[l] = (lo & 0xffff) | (hi & 0xffff0000);
  }
}

function pkMinI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const lo = (p << 16) >> 16 < (q << 16) >> 16 ? p : q;
    const hi = p >> 16 < q >> 16 ? p : q;
    d[l] = (lo & 0xffff) | (hi & 0xffff0000);
  }
}

// Dot products: D = sum of the element products + src2. Each sum is an exact double (well under 2^53);
// the store wraps it to 32 bits, clamp saturates it.
function dot2I32I16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.i2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const s = ((p << 16) >> 16) * ((q << 16) >> 16) + (p >> 16) * (q >> 16) + c[l];
    d[l] = clamp ? satI32(s) : s;
  }
}

function dot2U32U16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const s = (p & 0xffff) * (q & 0xffff) + (p >>> 16) * (q >>> 16) + c[l];
    d[l] = clamp ? satU32(s) : s;
  }
}

function dot4I32I8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.i2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let s = c[l];
    for (let k = 24; k >= 0; k -= 8) s += ((p << k) >> 24) * ((q << k) >> 24);
    d[l] = clamp ? satI32(s) : s;
  }
}

function dot4U32U8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let s = c[l];
    for (let k = 0; k < 32; k += 8) s += ((p >>> k) & 0xff) * ((q >>> k) & 0xff);
    d[l] = clamp ? satU32(s) : s;
  }
}

function dot8I32I4(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.i2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let s = c[l];
    for (let k = 28; k >= 0; k -= 4) s += ((p << k) >> 28) * ((q << k) >> 28);
    d[l] = clamp ? satI32(s) : s;
  }
}

function dot8U32U4(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    let s = c[l];
    for (let k = 0; k < 32; k += 4) s += ((p >>> k) & 15) * ((q >>> k) & 15);
    d[l] = clamp ? satU32(s) : s;
  }
}

export const PACKED_INT_OPS: Record<string, ValuFn> = {
  v_pk_add_u16: pkAddU16,
  v_pk_sub_u16: pkSubU16,
  v_pk_add_i16: pkAddI16,
  v_pk_sub_i16: pkSubI16,
  v_pk_mul_lo_u16: pkMulLoU16,
  v_pk_mad_u16: pkMadU16,
  v_pk_mad_i16: pkMadI16,
  v_pk_lshlrev_b16: pkLshlrevB16,
  v_pk_lshrrev_b16: pkLshrrevB16,
  v_pk_ashrrev_i16: pkAshrrevI16,
  v_pk_max_u16: pkMaxU16,
  v_pk_min_u16: pkMinU16,
  v_pk_max_i16: pkMaxI16,
  v_pk_min_i16: pkMinI16,
  v_dot2_i32_i16: dot2I32I16,
  v_dot2_u32_u16: dot2U32U16,
  v_dot4_i32_i8: dot4I32I8,
  v_dot4_u32_u8: dot4U32U8,
  v_dot8_i32_i4: dot8I32I4,
  v_dot8_u32_u4: dot8U32U4,
  // The gfx908 VOP2 forms accumulate into their destination, which the executor passes as src2.
  v_dot2c_i32_i16: dot2I32I16,
  v_dot4c_i32_i8: dot4I32I8,
  v_dot8c_i32_i4: dot8I32I4,
};
