// SOP1: one scalar source (possibly a 32-bit literal dword), one scalar destination.
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, DST32, DST64, listOps, REG_ONLY, src, type Width } from './scalar-common.js';

/** [sdst, ssrc0] widths; 0 = the op has no such operand. */
type Layout = readonly [Width, Width];

const W11: Layout = [1, 1];
const W22: Layout = [2, 2];
const W12: Layout = [1, 2];
const W21: Layout = [2, 1];
const W20: Layout = [2, 0];
const W01: Layout = [0, 1];
// Sources LLVM types as SGPRs only (it decodes an immediate there but marks it invalid).
const R1 = (1 + REG_ONLY) as Width;
const R2 = (2 + REG_ONLY) as Width;
const R11: Layout = [1, R1];
const R22: Layout = [2, R2];
const R02: Layout = [0, R2];
const R01: Layout = [0, R1];

const LAYOUTS: Record<string, Layout> = {
  s_mov_b32: W11,
  s_mov_b64: W22,
  s_cmov_b32: W11,
  s_cmov_b64: W22,
  s_not_b32: W11,
  s_not_b64: W22,
  s_wqm_b32: W11,
  s_wqm_b64: W22,
  s_brev_b32: W11,
  s_brev_b64: W22,
  s_bcnt0_i32_b32: W11,
  s_bcnt0_i32_b64: W12,
  s_bcnt1_i32_b32: W11,
  s_bcnt1_i32_b64: W12,
  s_ff0_i32_b32: W11,
  s_ff0_i32_b64: W12,
  s_ff1_i32_b32: W11,
  s_ff1_i32_b64: W12,
  s_flbit_i32_b32: W11,
  s_flbit_i32_b64: W12,
  s_flbit_i32: W11,
  s_flbit_i32_i64: W12,
  s_sext_i32_i8: W11,
  s_sext_i32_i16: W11,
  s_bitset0_b32: W11,
  s_bitset0_b64: W21,
  s_bitset1_b32: W11,
  s_bitset1_b64: W21,
  s_getpc_b64: W20,
  s_setpc_b64: R02,
  s_swappc_b64: W22,
  s_rfe_b64: R02,
  s_and_saveexec_b64: W22,
  s_or_saveexec_b64: W22,
  s_xor_saveexec_b64: W22,
  s_andn2_saveexec_b64: W22,
  s_orn2_saveexec_b64: W22,
  s_nand_saveexec_b64: W22,
  s_nor_saveexec_b64: W22,
  s_xnor_saveexec_b64: W22,
  s_quadmask_b32: W11,
  s_quadmask_b64: W22,
  s_movrels_b32: R11,
  s_movrels_b64: R22,
  s_movreld_b32: W11,
  s_movreld_b64: W22,
  s_cbranch_join: R01,
  s_abs_i32: W11,
  s_set_gpr_idx_idx: W01,
  s_andn1_saveexec_b64: W22,
  s_orn1_saveexec_b64: W22,
  s_andn1_wrexec_b64: W22,
  s_andn2_wrexec_b64: W22,
  s_bitreplicate_b64_b32: W21,
};

export const TABLE = buildTable('sop1', 256, LAYOUTS);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = TABLE[(w >>> 8) & 0xff];
  out.size = 0;
  if (op === null) return;
  const [wd, ws] = op.layout;
  const cs = w & 0xff;
  const cd = (w >>> 16) & 0x7f;
  let size = 1;
  let text = op.name + ' ';
  if (wd !== 0) {
    const d = wd === 2 ? DST64[cd] : DST32[cd];
    if (d === null) return;
    text += d;
  }
  if (ws !== 0) {
    if (cs === 255) {
      size = 2;
      if (i + 2 > inp.n) return;
    }
    const s = src(cs, ws, size === 2 ? inp.words[i + 1] : 0);
    if (s === null) return;
    text += wd === 0 ? s : ', ' + s;
  }
  out.text = text;
  out.size = size;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SOP1');
}

export const sop1: Family = { decode, ops };
