// SOP1, SOP2 and SOPC: scalar ALU ops with register/constant sources and at most one 32-bit literal.
import type { Format } from '../../codec/types.js';
import { SOP1, SOP2, SOPC } from '../../isa/encodings/scalar.js';
import { encode, type Field, type Layout, put } from '../../isa/fields.js';
import {
  K_B32,
  K_B64,
  K_C64,
  K_GPR_IDX,
  K_NONE,
  K_R32,
  K_R64,
  SOP1_OPS,
  SOP2_OPS,
  SOPC_OPS,
  type SopProfile,
  type SopRow,
} from '../../isa/ops/scalar-sop.js';
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
  RC,
  rowTable,
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

/** The slots of an op, from its row's operand profile (src/isa/ops/scalar-sop.ts). */
function slotsOf(p: SopProfile): readonly S[] {
  const out: S[] = [];
  if (p.dst !== K_NONE) out.push(p.dst === K_B64 ? S.D64 : S.D32);
  for (const k of [p.src0, p.src1]) {
    if (k === K_NONE) continue;
    out.push(SRC_SLOT[k]);
  }
  return out;
}
const SRC_SLOT: Record<number, S> = {
  [K_B32]: S.S32,
  [K_B64]: S.S64,
  [K_C64]: S.S64N,
  [K_R32]: S.R32,
  [K_R64]: S.R64,
  [K_GPR_IDX]: S.GprIdx,
};

function family(fmt: Format, rows: readonly SopRow[], l: Layout): AsmFamily {
  const byName = rowTable(rows);
  const f = l.fields as Record<string, Field>;
  // Slot lists per profile, resolved once.
  const slotCache = new Map<SopProfile, readonly S[]>();
  return {
    name: fmt,
    mnemonics: (t: Target) => spellings(byName(t).keys()),
    encode(inst: AsmInst): EncodeResult | null {
      return guard(inst, () => {
        const found = byName(inst.target).get(baseName(inst));
        if (found === undefined) return { error: 'invalid instruction', pos: inst.pos };
        const p = found.row.profile;
        let slots = slotCache.get(p);
        if (!slots) {
          slots = slotsOf(p);
          slotCache.set(p, slots);
        }
        const lit = new Literal();
        const codes = matchSlots(inst, slots, lit);
        // Operands in slot order: [sdst], ssrc0, [ssrc1]; an op without a destination leaves SDST zero.
        const d = p.dst !== K_NONE ? 1 : 0;
        const words = encode(l, { op: found.opcode });
        if (d) put(f.sdst, words, codes[0]);
        if (p.src0 !== K_NONE) put(f.ssrc0, words, codes[d]);
        if (p.src1 !== K_NONE) put(f.ssrc1, words, codes[d + 1]);
        return lit.finish(words);
      });
    },
  };
}

export const sop1Asm = family('sop1', SOP1_OPS, SOP1);
export const sop2Asm = family('sop2', SOP2_OPS, SOP2);
export const sopcAsm = family('sopc', SOPC_OPS, SOPC);
