// SOP1, SOP2 and SOPC: scalar ALU ops with register/constant sources and at most one 32-bit literal.
import type { Format } from '../../codec/types.js';
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import {
  baseName,
  encodeSrc,
  fail,
  guard,
  INVALID,
  Literal,
  needReg,
  opcodeTable,
  RC,
  Src,
  scan,
  spellings,
  TOO_FEW,
} from './scalar-common.js';
import { gprIdx } from './scalar-symbolic.js';

/** What one operand slot takes. */
export enum S {
  /** 32-bit destination (7-bit field). */
  D32,
  D64,
  /** Sources: registers, inline constants, literal. */
  S32,
  S64,
  /** A 64-bit source without a literal form. */
  S64N,
  /** Register-only sources. */
  R32,
  R64,
  /** VGPR index mode bits (s_set_gpr_idx_on). */
  GprIdx,
}

/** Encodes one slot to its field value; a literal goes to `lit`. */
export function encodeSlot(op: Operand, slot: S, lit: Literal): number {
  switch (slot) {
    case S.D32:
      // LLVM's SReg_32 includes src_vccz/src_execz/src_scc, whose codes do not fit the field: it keeps
      // the low 7 bits.
      return needReg(op, RC.R32) & 0x7f;
    case S.D64:
      return needReg(op, RC.R64);
    case S.S32:
      return encodeSrc(op, Src.B32, lit);
    case S.S64:
      return encodeSrc(op, Src.B64, lit);
    case S.S64N:
      return encodeSrc(op, Src.B64NoLit, lit);
    case S.R32:
      return needReg(op, RC.R32);
    case S.R64:
      return needReg(op, RC.R64);
    case S.GprIdx:
      return gprIdx(op);
  }
}

/** Matches the operands against `slots` in order, as LLVM's matcher reports the first that does not fit. */
export function matchSlots(inst: AsmInst, slots: readonly S[], lit: Literal): number[] {
  const custom = slots.indexOf(S.GprIdx);
  let mode = 0;
  const ops = scan(inst.operands, custom, (op, i) => {
    if (i !== custom) return false;
    mode = gprIdx(op);
    return true;
  });
  const codes: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    const op = ops[i];
    if (op === undefined) fail(TOO_FEW, inst.pos);
    codes.push(i === custom ? mode : encodeSlot(op, slots[i], lit));
  }
  if (ops.length > slots.length) fail(INVALID, ops[slots.length].pos);
  return codes;
}

const D32_S32 = [S.D32, S.S32];
const D64_S64 = [S.D64, S.S64];
const D32_S64 = [S.D32, S.S64];
const D64_S32 = [S.D64, S.S32];

const SOP1: Record<string, readonly S[]> = {
  s_getpc_b64: [S.D64],
  s_setpc_b64: [S.R64],
  s_rfe_b64: [S.R64],
  s_swappc_b64: D64_S64,
  s_movrels_b32: [S.D32, S.R32],
  s_movrels_b64: [S.D64, S.R64],
  s_cbranch_join: [S.R32],
  s_set_gpr_idx_idx: [S.S32],
  s_bitset0_b64: D64_S32,
  s_bitset1_b64: D64_S32,
  s_bitreplicate_b64_b32: D64_S32,
};
/** SOP1 ops not listed above: the operand widths follow the name. */
function sop1Slots(name: string): readonly S[] {
  const fixed = SOP1[name];
  if (fixed) return fixed;
  // s_<op>_i32_b64 / s_flbit_i32_i64 count bits of a pair into one SGPR.
  if (/_i32_[bi]64$/.test(name)) return D32_S64;
  return /_[bi]64$/.test(name) ? D64_S64 : D32_S32;
}

const SOP2: Record<string, readonly S[]> = {
  s_lshl_b64: [S.D64, S.S64, S.S32],
  s_lshr_b64: [S.D64, S.S64, S.S32],
  s_ashr_i64: [S.D64, S.S64, S.S32],
  s_bfe_u64: [S.D64, S.S64, S.S32],
  s_bfe_i64: [S.D64, S.S64, S.S32],
  s_bfm_b64: [S.D64, S.S32, S.S32],
  s_cbranch_g_fork: [S.S64N, S.S64N],
  s_rfe_restore_b64: [S.S64, S.S32],
};
function sop2Slots(name: string): readonly S[] {
  return SOP2[name] ?? (/_[bi]64$/.test(name) ? [S.D64, S.S64, S.S64] : [S.D32, S.S32, S.S32]);
}

const SOPC: Record<string, readonly S[]> = {
  s_bitcmp0_b64: [S.S64, S.S32],
  s_bitcmp1_b64: [S.S64, S.S32],
  s_cmp_eq_u64: [S.S64, S.S64],
  s_cmp_lg_u64: [S.S64, S.S64],
  s_set_gpr_idx_on: [S.S32, S.GprIdx],
};
function sopcSlots(name: string): readonly S[] {
  return SOPC[name] ?? [S.S32, S.S32];
}

interface Shape {
  fmt: Format;
  slots(name: string): readonly S[];
  /** The first dword from the opcode and the slot values in operand order. */
  word(opcode: number, slots: readonly S[], codes: readonly number[]): number;
}

function family(shape: Shape): AsmFamily {
  const opcodes = opcodeTable(shape.fmt);
  // Slot lists per op name, resolved once.
  const slotCache = new Map<string, readonly S[]>();
  return {
    name: shape.fmt,
    mnemonics: (t: Target) => spellings(opcodes(t).keys()),
    encode(inst: AsmInst): EncodeResult | null {
      return guard(() => {
        const name = baseName(inst);
        const opcode = opcodes(inst.target).get(name);
        if (opcode === undefined) return { error: 'invalid instruction', pos: inst.pos };
        let slots = slotCache.get(name);
        if (!slots) {
          slots = shape.slots(name);
          slotCache.set(name, slots);
        }
        const lit = new Literal();
        const codes = matchSlots(inst, slots, lit);
        return lit.finish([shape.word(opcode, slots, codes) >>> 0]);
      });
    },
  };
}

/** Whether the layout starts with a destination (ops without one leave the SDST field zero). */
function hasDst(slots: readonly S[]): boolean {
  return slots[0] === S.D32 || slots[0] === S.D64;
}

export const sop1Asm = family({
  fmt: 'sop1',
  slots: sop1Slots,
  word(opcode, slots, codes) {
    const d = hasDst(slots);
    const dst = d ? codes[0] : 0;
    const src = slots.length > (d ? 1 : 0) ? codes[d ? 1 : 0] : 0;
    return 0xbe800000 | (dst << 16) | (opcode << 8) | src;
  },
});

export const sop2Asm = family({
  fmt: 'sop2',
  slots: sop2Slots,
  word(opcode, slots, codes) {
    const d = hasDst(slots) ? 1 : 0;
    const dst = d ? codes[0] : 0;
    return 0x80000000 | (opcode << 23) | (dst << 16) | (codes[d + 1] << 8) | codes[d];
  },
});

export const sopcAsm = family({
  fmt: 'sopc',
  slots: sopcSlots,
  word(opcode, _slots, codes) {
    return 0xbf000000 | (opcode << 16) | (codes[1] << 8) | codes[0];
  },
});
