// SOPC: compares two scalar sources into SCC (and the VGPR-indexing setup s_set_gpr_idx_on).
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, listOps, src, type Width } from './scalar-common.js';
import { gprIdx } from './scalar-fields.js';

/** [ssrc0, ssrc1] widths; ssrc1 0 = the field holds gpr_idx mode bits instead of a source. */
type Layout = readonly [Width, Width];

const W11: Layout = [1, 1];
const W21: Layout = [2, 1];
const W22: Layout = [2, 2];

const LAYOUTS: Record<string, Layout> = {
  s_cmp_eq_i32: W11,
  s_cmp_lg_i32: W11,
  s_cmp_gt_i32: W11,
  s_cmp_ge_i32: W11,
  s_cmp_lt_i32: W11,
  s_cmp_le_i32: W11,
  s_cmp_eq_u32: W11,
  s_cmp_lg_u32: W11,
  s_cmp_gt_u32: W11,
  s_cmp_ge_u32: W11,
  s_cmp_lt_u32: W11,
  s_cmp_le_u32: W11,
  s_bitcmp0_b32: W11,
  s_bitcmp1_b32: W11,
  s_bitcmp0_b64: W21,
  s_bitcmp1_b64: W21,
  s_setvskip: W11,
  s_set_gpr_idx_on: [1, 0],
  s_cmp_eq_u64: W22,
  s_cmp_lg_u64: W22,
};

export const TABLE = buildTable('sopc', 128, LAYOUTS);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = TABLE[(w >>> 16) & 0x7f];
  out.size = 0;
  if (op === null) return;
  const [w0, w1] = op.layout;
  const c0 = w & 0xff;
  const c1 = (w >>> 8) & 0xff;
  const size = c0 === 255 || (w1 !== 0 && c1 === 255) ? 2 : 1;
  if (i + size > inp.n) return;
  const lit = size === 2 ? inp.words[i + 1] : 0;
  const s0 = src(c0, w0, lit);
  const s1 = w1 === 0 ? gprIdx(c1) : src(c1, w1, lit);
  if (s0 === null || s1 === null) return;
  out.text = op.name + ' ' + s0 + ', ' + s1;
  out.size = size;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SOPC');
}

export const sopc: Family = { decode, ops };
