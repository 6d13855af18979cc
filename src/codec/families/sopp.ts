// SOPP: program-control ops with a 16-bit immediate (branch offset, wait counts, message, or a plain value).
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, imm32, listOps } from './scalar-common.js';
import { gprIdx, sendmsg, waitcnt } from './scalar-fields.js';

/** How the simm16 field prints. */
enum P {
  /** No operand; LLVM rejects a non-zero simm16. */
  None,
  /** A plain immediate (decimal up to 64, else hex). */
  Imm,
  /** PC-relative branch: unsigned decimal, target = next instruction + simm16 dwords. */
  Branch,
  /** s_endpgm: the operand is printed only when non-zero. */
  Endpgm,
  Waitcnt,
  Sendmsg,
  GprIdx,
}

const LAYOUTS: Record<string, P> = {
  s_nop: P.Imm,
  s_endpgm: P.Endpgm,
  s_branch: P.Branch,
  s_wakeup: P.None,
  s_cbranch_scc0: P.Branch,
  s_cbranch_scc1: P.Branch,
  s_cbranch_vccz: P.Branch,
  s_cbranch_vccnz: P.Branch,
  s_cbranch_execz: P.Branch,
  s_cbranch_execnz: P.Branch,
  s_barrier: P.None,
  s_setkill: P.Imm,
  s_waitcnt: P.Waitcnt,
  s_sethalt: P.Imm,
  s_sleep: P.Imm,
  s_setprio: P.Imm,
  s_sendmsg: P.Sendmsg,
  s_sendmsghalt: P.Sendmsg,
  s_trap: P.Imm,
  s_icache_inv: P.None,
  s_incperflevel: P.Imm,
  s_decperflevel: P.Imm,
  s_ttracedata: P.None,
  s_cbranch_cdbgsys: P.Branch,
  s_cbranch_cdbguser: P.Branch,
  s_cbranch_cdbgsys_or_user: P.Branch,
  s_cbranch_cdbgsys_and_user: P.Branch,
  s_endpgm_saved: P.None,
  s_set_gpr_idx_off: P.None,
  s_set_gpr_idx_mode: P.GprIdx,
  s_endpgm_ordered_ps_done: P.None,
};

export const TABLE = buildTable('sopp', 128, LAYOUTS);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = TABLE[(w >>> 16) & 0x7f];
  out.size = 0;
  if (op === null) return;
  const imm = w & 0xffff;
  switch (op.layout) {
    case P.None:
      if (imm !== 0) return;
      out.text = op.name;
      break;
    case P.Imm:
      out.text = op.name + ' ' + imm32(imm);
      break;
    case P.Branch:
      out.text = op.name + ' ' + imm;
      out.branchOffset = (((imm << 16) >> 16) + 1) * 4;
      break;
    case P.Endpgm:
      out.text = imm === 0 ? op.name : op.name + ' ' + imm;
      break;
    case P.Waitcnt:
      out.text = op.name + ' ' + waitcnt(imm);
      break;
    case P.Sendmsg:
      out.text = op.name + ' ' + sendmsg(imm);
      break;
    case P.GprIdx:
      out.text = op.name + ' ' + gprIdx(imm);
      break;
  }
  out.size = 1;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SOPP');
}

export const sopp: Family = { decode, ops };
