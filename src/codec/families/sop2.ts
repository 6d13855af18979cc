// SOP2: two scalar sources, one scalar destination; either source may be a 32-bit literal dword.
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, DST32, DST64, listOps, src, type Width } from './scalar-common.js';

/** [sdst, ssrc0, ssrc1] widths; sdst 0 = the op writes no SGPR (LLVM ignores the field). */
type Layout = readonly [Width, Width, Width];

const W111: Layout = [1, 1, 1];
const W222: Layout = [2, 2, 2];
const W221: Layout = [2, 2, 1];

const LAYOUTS: Record<string, Layout> = {
  s_add_u32: W111,
  s_sub_u32: W111,
  s_add_i32: W111,
  s_sub_i32: W111,
  s_addc_u32: W111,
  s_subb_u32: W111,
  s_min_i32: W111,
  s_min_u32: W111,
  s_max_i32: W111,
  s_max_u32: W111,
  s_cselect_b32: W111,
  s_cselect_b64: W222,
  s_and_b32: W111,
  s_and_b64: W222,
  s_or_b32: W111,
  s_or_b64: W222,
  s_xor_b32: W111,
  s_xor_b64: W222,
  s_andn2_b32: W111,
  s_andn2_b64: W222,
  s_orn2_b32: W111,
  s_orn2_b64: W222,
  s_nand_b32: W111,
  s_nand_b64: W222,
  s_nor_b32: W111,
  s_nor_b64: W222,
  s_xnor_b32: W111,
  s_xnor_b64: W222,
  s_lshl_b32: W111,
  s_lshl_b64: W221,
  s_lshr_b32: W111,
  s_lshr_b64: W221,
  s_ashr_i32: W111,
  s_ashr_i64: W221,
  s_bfm_b32: W111,
  s_bfm_b64: [2, 1, 1],
  s_mul_i32: W111,
  s_bfe_u32: W111,
  s_bfe_i32: W111,
  s_bfe_u64: W221,
  s_bfe_i64: W221,
  s_cbranch_g_fork: [0, 2, 2],
  s_absdiff_i32: W111,
  s_rfe_restore_b64: [0, 2, 1],
  s_mul_hi_u32: W111,
  s_mul_hi_i32: W111,
  s_lshl1_add_u32: W111,
  s_lshl2_add_u32: W111,
  s_lshl3_add_u32: W111,
  s_lshl4_add_u32: W111,
  s_pack_ll_b32_b16: W111,
  s_pack_lh_b32_b16: W111,
  s_pack_hh_b32_b16: W111,
};

export const TABLE = buildTable('sop2', 128, LAYOUTS);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = TABLE[(w >>> 23) & 0x7f];
  out.size = 0;
  if (op === null) return;
  const [wd, w0, w1] = op.layout;
  const c0 = w & 0xff;
  const c1 = (w >>> 8) & 0xff;
  const cd = (w >>> 16) & 0x7f;
  const size = c0 === 255 || c1 === 255 ? 2 : 1;
  if (i + size > inp.n) return;
  const lit = size === 2 ? inp.words[i + 1] : 0;
  const s0 = src(c0, w0, lit);
  const s1 = src(c1, w1, lit);
  if (s0 === null || s1 === null) return;
  if (wd === 0) {
    out.text = op.name + ' ' + s0 + ', ' + s1;
  } else {
    const d = wd === 2 ? DST64[cd] : DST32[cd];
    if (d === null) return;
    out.text = op.name + ' ' + d + ', ' + s0 + ', ' + s1;
  }
  out.size = size;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SOP2');
}

export const sop2: Family = { decode, ops };
