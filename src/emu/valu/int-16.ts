// Lane math of the 16-bit integer ops (VOP2 and VOP3). Sources are read from bits 15:0 only, whatever the
// upper half holds (SDWA may leave a sign extension there), and results are written zero-extended.

import { satI16, satI32, satU16, satU32 } from './int-util.js';
import type { Lanes, ValuFn } from './lanes.js';

function addU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU16((a[l] & 0xffff) + (b[l] & 0xffff));
  else for (let l = 0; l < 64; l++) d[l] = (a[l] + b[l]) & 0xffff;
}

function subU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU16((a[l] & 0xffff) - (b[l] & 0xffff));
  else for (let l = 0; l < 64; l++) d[l] = (a[l] - b[l]) & 0xffff;
}

function subrevU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU16((b[l] & 0xffff) - (a[l] & 0xffff));
  else for (let l = 0; l < 64; l++) d[l] = (b[l] - a[l]) & 0xffff;
}

function addI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI16(((a[l] << 16) >> 16) + ((b[l] << 16) >> 16));
  else for (let l = 0; l < 64; l++) d[l] = (a[l] + b[l]) & 0xffff;
}

function subI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI16(((a[l] << 16) >> 16) - ((b[l] << 16) >> 16));
  else for (let l = 0; l < 64; l++) d[l] = (a[l] - b[l]) & 0xffff;
}

// The document says v_mul_lo_u16 "supports saturation": clamp saturates the full product.
function mulLoU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU16((a[l] & 0xffff) * (b[l] & 0xffff));
  else for (let l = 0; l < 64; l++) d[l] = Math.imul(a[l], b[l]) & 0xffff;
}

function lshlrevB16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (b[l] << (a[l] & 15)) & 0xffff;
}

function lshrrevB16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (b[l] & 0xffff) >>> (a[l] & 15);
}

function ashrrevI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) d[l] = (((b[l] << 16) >> 16) >> (a[l] & 15)) & 0xffff;
}

function maxU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l] & 0xffff;
    const q = b[l] & 0xffff;
    d[l] = p >= q ? p : q;
  }
}

function minU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l] & 0xffff;
    const q = b[l] & 0xffff;
    d[l] = p < q ? p : q;
  }
}

function maxI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = (a[l] << 16) >> 16;
    const q = (b[l] << 16) >> 16;
    d[l] = (p >= q ? p : q) & 0xffff;
  }
}

function minI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = (a[l] << 16) >> 16;
    const q = (b[l] << 16) >> 16;
    d[l] = (p < q ? p : q) & 0xffff;
  }
}

// v_mad_u16 and v_mad_legacy_u16 (likewise the i16 pair) differ only in what the executor keeps of the
// destination's other half.
function madU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp)
    for (let l = 0; l < 64; l++) d[l] = satU16((a[l] & 0xffff) * (b[l] & 0xffff) + (c[l] & 0xffff));
  else for (let l = 0; l < 64; l++) d[l] = (Math.imul(a[l], b[l]) + c[l]) & 0xffff;
}

function madI16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp)
    for (let l = 0; l < 64; l++)
      d[l] = satI16(((a[l] << 16) >> 16) * ((b[l] << 16) >> 16) + ((c[l] << 16) >> 16));
  else for (let l = 0; l < 64; l++) d[l] = (Math.imul(a[l], b[l]) + c[l]) & 0xffff;
}

function madU32U16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32((a[l] & 0xffff) * (b[l] & 0xffff) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = (a[l] & 0xffff) * (b[l] & 0xffff) + c[l];
}

function madI32I16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.i2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satI32(((a[l] << 16) >> 16) * ((b[l] << 16) >> 16) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = ((a[l] << 16) >> 16) * ((b[l] << 16) >> 16) + c[l];
}

function min3U16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l] & 0xffff;
    const q = b[l] & 0xffff;
    const r = c[l] & 0xffff;
    const m = p < q ? p : q;
    d[l] = m < r ? m : r;
  }
}

function max3U16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l] & 0xffff;
    const q = b[l] & 0xffff;
    const r = c[l] & 0xffff;
    const m = p >= q ? p : q;
    d[l] = m >= r ? m : r;
  }
}

function med3U16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l] & 0xffff;
    const q = b[l] & 0xffff;
    const r = c[l] & 0xffff;
    const lo = p < q ? p : q;
    const hi = p < q ? q : p;
    d[l] = r <= lo ? lo : r >= hi ? hi : r;
  }
}

function min3I16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = (a[l] << 16) >> 16;
    const q = (b[l] << 16) >> 16;
    const r = (c[l] << 16) >> 16;
    const m = p < q ? p : q;
    d[l] = (m < r ? m : r) & 0xffff;
  }
}

function max3I16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = (a[l] << 16) >> 16;
    const q = (b[l] << 16) >> 16;
    const r = (c[l] << 16) >> 16;
    const m = p >= q ? p : q;
    d[l] = (m >= r ? m : r) & 0xffff;
  }
}

function med3I16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = (a[l] << 16) >> 16;
    const q = (b[l] << 16) >> 16;
    const r = (c[l] << 16) >> 16;
    const lo = p < q ? p : q;
    const hi = p < q ? q : p;
    d[l] = (r <= lo ? lo : r >= hi ? hi : r) & 0xffff;
  }
}

/** Each signed 16-bit half of src0 saturated to 0..255, packed into the low two bytes. */
function satPkU8I16(x: Lanes): void {
  const a = x.u0;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const lo = (a[l] << 16) >> 16;
    const hi = a[l] >> 16;
    d[l] = (lo < 0 ? 0 : lo > 255 ? 255 : lo) | ((hi < 0 ? 0 : hi > 255 ? 255 : hi) << 8);
  }
}

export const INT16_OPS: Record<string, ValuFn> = {
  v_add_u16: addU16,
  v_sub_u16: subU16,
  v_subrev_u16: subrevU16,
  v_add_i16: addI16,
  v_sub_i16: subI16,
  v_mul_lo_u16: mulLoU16,
  v_lshlrev_b16: lshlrevB16,
  v_lshrrev_b16: lshrrevB16,
  v_ashrrev_i16: ashrrevI16,
  v_max_u16: maxU16,
  v_max_i16: maxI16,
  v_min_u16: minU16,
  v_min_i16: minI16,
  v_mad_u16: madU16,
  v_mad_i16: madI16,
  v_mad_legacy_u16: madU16,
  v_mad_legacy_i16: madI16,
  v_mad_u32_u16: madU32U16,
  v_mad_i32_i16: madI32I16,
  v_min3_u16: min3U16,
  v_max3_u16: max3U16,
  v_med3_u16: med3U16,
  v_min3_i16: min3I16,
  v_max3_i16: max3I16,
  v_med3_i16: med3I16,
  v_sat_pk_u8_i16: satPkU8I16,
};
