// SOPK: a scalar register and a 16-bit immediate (plain constant, branch offset or hwreg descriptor).
import type { Target } from '../../isa/targets.js';
import { hex } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, DST32, DST64, imm32, listOps } from './scalar-common.js';
import { hwreg } from './scalar-fields.js';

/** How the op's operands read and print. */
enum K {
  /** sdst (32-bit), simm16 in hex. */
  Const,
  /** 64-bit sdst, simm16 as unsigned decimal (a branch offset LLVM does not resolve). */
  Pair,
  /** sdst, hwreg(...). */
  GetReg,
  /** hwreg(...), sdst. */
  SetReg,
  /** hwreg(...), 32-bit literal; the sdst field is unused. */
  SetRegImm,
}

const LAYOUTS: Record<string, K> = {
  s_movk_i32: K.Const,
  s_cmovk_i32: K.Const,
  s_cmpk_eq_i32: K.Const,
  s_cmpk_lg_i32: K.Const,
  s_cmpk_gt_i32: K.Const,
  s_cmpk_ge_i32: K.Const,
  s_cmpk_lt_i32: K.Const,
  s_cmpk_le_i32: K.Const,
  s_cmpk_eq_u32: K.Const,
  s_cmpk_lg_u32: K.Const,
  s_cmpk_gt_u32: K.Const,
  s_cmpk_ge_u32: K.Const,
  s_cmpk_lt_u32: K.Const,
  s_cmpk_le_u32: K.Const,
  s_addk_i32: K.Const,
  s_mulk_i32: K.Const,
  s_cbranch_i_fork: K.Pair,
  s_getreg_b32: K.GetReg,
  s_setreg_b32: K.SetReg,
  s_setreg_imm32_b32: K.SetRegImm,
  s_call_b64: K.Pair,
};

export const TABLE = buildTable('sopk', 32, LAYOUTS);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = TABLE[(w >>> 23) & 0x1f];
  out.size = 0;
  if (op === null) return;
  const imm = w & 0xffff;
  const cd = (w >>> 16) & 0x7f;
  switch (op.layout) {
    case K.Const: {
      out.text = op.name + ' ' + DST32[cd] + ', ' + hex(imm);
      break;
    }
    case K.Pair: {
      const d = DST64[cd];
      if (d === null) return;
      out.text = op.name + ' ' + d + ', ' + imm;
      break;
    }
    case K.GetReg:
      out.text = op.name + ' ' + DST32[cd] + ', ' + hwreg(imm);
      break;
    case K.SetReg:
      out.text = op.name + ' ' + hwreg(imm) + ', ' + DST32[cd];
      break;
    case K.SetRegImm:
      if (i + 2 > inp.n) return;
      out.text = op.name + ' ' + hwreg(imm) + ', ' + imm32(inp.words[i + 1]);
      out.size = 2;
      return;
  }
  out.size = 1;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SOPK');
}

export const sopk: Family = { decode, ops };
