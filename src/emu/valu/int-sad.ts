// Lane math of the byte/word averaging and sum-of-absolute-differences ops (video/motion-estimation
// helpers). Without clamp the accumulations wrap in their field (32 bits, 16 for the packed results); with
// clamp they saturate to the field's maximum.
//
// Wide operands follow the Lanes layout: 64-bit at uK[2l], uK[2l+1]; v_mqsad_u32_u8's 128-bit src2 and
// result at uK[4l..4l+3], lowest dword first (the order exec.ts fetches and writes 4-dword operands in).

import { satU32 } from './int-util.js';
import type { Lanes, ValuFn } from './lanes.js';

/** Sum over the four byte positions of |a.byte - b.byte|. */
function sadBytes(a: number, b: number): number {
  let s = 0;
  for (let k = 0; k < 32; k += 8) {
    const t = ((a >>> k) & 0xff) - ((b >>> k) & 0xff);
    s += t < 0 ? -t : t;
  }
  return s;
}

/** As sadBytes, skipping the positions where b's byte (the reference) is zero. */
function msadBytes(a: number, b: number): number {
  let s = 0;
  for (let k = 0; k < 32; k += 8) {
    const q = (b >>> k) & 0xff;
    if (q === 0) continue;
    const t = ((a >>> k) & 0xff) - q;
    s += t < 0 ? -t : t;
  }
  return s;
}

/** Bytes i..i+3 of the 64-bit value {hi, lo}. */
function window4(lo: number, hi: number, i: number): number {
  return i === 0 ? lo : (lo >>> (8 * i)) | (hi << (32 - 8 * i));
}

function lerpU8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  for (let l = 0; l < 64; l++) {
    const p = a[l];
    const q = b[l];
    const r = c[l];
    let v = 0;
    // S2's bit 0 of each byte rounds that byte's average up.
    for (let k = 0; k < 32; k += 8)
      v |= ((((p >>> k) & 0xff) + ((q >>> k) & 0xff) + ((r >>> k) & 1)) >>> 1) << k;
    d[l] = v;
  }
}

function sadU8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(sadBytes(a[l], b[l]) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = sadBytes(a[l], b[l]) + c[l];
}

function sadHiU8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(sadBytes(a[l], b[l]) * 65536 + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = sadBytes(a[l], b[l]) * 65536 + c[l];
}

function sadU16(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const t0 = (a[l] & 0xffff) - (b[l] & 0xffff);
    const t1 = (a[l] >>> 16) - (b[l] >>> 16);
    const s = (t0 < 0 ? -t0 : t0) + (t1 < 0 ? -t1 : t1) + c[l];
    d[l] = clamp ? satU32(s) : s;
  }
}

function sadU32(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const t = a[l] - b[l];
    const s = (t < 0 ? -t : t) + c[l];
    d[l] = clamp ? satU32(s) : s;
  }
}

function msadU8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  if (x.clamp) for (let l = 0; l < 64; l++) d[l] = satU32(msadBytes(a[l], b[l]) + c[l]);
  else for (let l = 0; l < 64; l++) d[l] = msadBytes(a[l], b[l]) + c[l];
}

/**
 * v_qsad_pk_u16_u8 / v_mqsad_pk_u16_u8: four SADs of src1 against the byte windows 0..3 of the 64-bit
 * src0, each accumulated into the matching 16-bit field of the 64-bit src2.
 */
function quadSad16(masked: boolean): ValuFn {
  return (x: Lanes): void => {
    const a = x.u0;
    const b = x.u1;
    const c = x.u2;
    const d = x.du;
    const clamp = x.clamp;
    for (let l = 0; l < 64; l++) {
      const lo = a[2 * l];
      const hi = a[2 * l + 1];
      const ref = b[l];
      const c0 = c[2 * l];
      const c1 = c[2 * l + 1];
      let r0 = 0;
      let r1 = 0;
      for (let i = 0; i < 4; i++) {
        const w = window4(lo, hi, i);
        const acc = ((i < 2 ? c0 : c1) >>> ((i & 1) << 4)) & 0xffff;
        let s = (masked ? msadBytes(w, ref) : sadBytes(w, ref)) + acc;
        s = clamp && s > 0xffff ? 0xffff : s & 0xffff;
        if (i < 2) r0 |= s << ((i & 1) << 4);
        else r1 |= s << ((i & 1) << 4);
      }
      d[2 * l] = r0;
      d[2 * l + 1] = r1;
    }
  };
}

/** v_mqsad_u32_u8: as v_mqsad_pk_u16_u8 with 32-bit accumulators (128-bit src2 and result). */
function mqsadU32U8(x: Lanes): void {
  const a = x.u0;
  const b = x.u1;
  const c = x.u2;
  const d = x.du;
  const clamp = x.clamp;
  for (let l = 0; l < 64; l++) {
    const lo = a[2 * l];
    const hi = a[2 * l + 1];
    const ref = b[l];
    for (let i = 0; i < 4; i++) {
      const s = msadBytes(window4(lo, hi, i), ref) + c[4 * l + i];
      d[4 * l + i] = clamp ? satU32(s) : s;
    }
  }
}

export const SAD_OPS: Record<string, ValuFn> = {
  v_lerp_u8: lerpU8,
  v_sad_u8: sadU8,
  v_sad_hi_u8: sadHiU8,
  v_sad_u16: sadU16,
  v_sad_u32: sadU32,
  v_msad_u8: msadU8,
  v_qsad_pk_u16_u8: quadSad16(false),
  v_mqsad_pk_u16_u8: quadSad16(true),
  v_mqsad_u32_u8: mqsadU32U8,
};
