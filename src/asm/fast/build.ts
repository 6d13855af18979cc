// Programs (program.ts) made from the op tables: the VOP1/VOP2/VOPC rows as the VOP family indexes them
// (src/isa/vop-profile.ts via asm/families/valu-vop.ts) and the scalar rows (src/isa/ops/scalar-sop.ts),
// each op's operand profile turned into its slot list and its fields' places in the encoding layouts.
// An op or form whose syntax needs more than slots (madmk/madak's K, v_swap, lane selects, hwreg,
// waitcnt, gpr_idx, SDWA/DPP/e64 forms) gets no program: its lines go the general way.
import { typeDwords } from '../../codec/operands.js';
import { SOP1, SOP2, SOPC, SOPK, SOPP } from '../../isa/encodings/scalar.js';
import { VOP1, VOP2, VOPC } from '../../isa/encodings/vector.js';
import type { Field, Layout } from '../../isa/fields.js';
import {
  K_B32,
  K_B64,
  K_C64,
  K_NONE,
  K_R32,
  K_R64,
  SOP1_OPS,
  SOP2_OPS,
  SOPC_OPS,
  SOPK_OPS,
  SOPP_OPS,
  Sopk,
  Sopp,
  type SopRow,
} from '../../isa/ops/scalar-sop.js';
import type { OpRow } from '../../isa/ops.js';
import type { Target } from '../../isa/targets.js';
import { VF_CARRY_OUT, VF_LANE, VF_MADAK, VF_MADMK, VF_MASK_IN, VF_SWAP } from '../../isa/vop-profile.js';
import { rowTable } from '../families/scalar-common.js';
import { ENC_VOP1, ENC_VOP2, ENC_VOPC, F_AUTO, F_E32, type Entry as VopEntry } from '../families/valu-vop.js';
import type { AsmFamily } from '../types.js';
import {
  IMM16_ANY,
  IMM16_SIGNED,
  IMM16_UNSIGNED,
  P_VCC_IN,
  type Program,
  S_IMM16,
  S_SDST,
  S_SREG,
  S_SSRC,
  S_SSRC_NOLIT,
  S_VCC,
  S_VGPR,
  S_VSRC,
  TYPES,
} from './program.js';

/** A program under construction. */
class Builder {
  slot: number[] = [];
  arg: number[] = [];
  field: (Field | null)[] = [];
  flags = 0;
  src0 = 0;
  add(kind: number, arg: number, field: Field | null): this {
    this.slot.push(kind);
    this.arg.push(arg);
    this.field.push(field);
    return this;
  }
  done(l: Layout, opcode: number): Program {
    const base = new Uint32Array(l.dwords);
    const op = l.fields.op;
    base[0] = (l.fixedValue | (opcode << op.shift)) >>> 0;
    return {
      slot: Uint8Array.from(this.slot),
      arg: Uint8Array.from(this.arg),
      field: this.field,
      base,
      flags: this.flags,
      src0: this.src0,
    };
  }
}

const typeIndex = (t: string): number => TYPES.indexOf(t as (typeof TYPES)[number]);

/** The e32 program of a VOP1/VOP2/VOPC table entry (written with `_e32` or without a suffix). */
function vopProgram(e: VopEntry): Program | null {
  if (e.coAlias || (e.form !== F_AUTO && e.form !== F_E32)) return null;
  const o = e.o;
  const p = o.p;
  if (p.flags & (VF_SWAP | VF_LANE | VF_MADMK | VF_MADAK) || p.dstKind === 'sgpr') return null;
  const b = new Builder();
  if (p.dstKind === 'none') return e.enc === ENC_VOP1 ? b.done(VOP1, o.opcode) : null;
  const s0 = typeIndex(o.s0);
  if (s0 < 0) return null;
  if (e.enc === ENC_VOP1) {
    b.add(S_VGPR, o.dstDw, VOP1.fields.vdst).add(S_VSRC, s0, VOP1.fields.src0);
    return b.done(VOP1, o.opcode);
  }
  if (e.enc === ENC_VOPC) {
    b.add(S_VCC, 0, null).add(S_VSRC, s0, VOPC.fields.src0).add(S_VGPR, typeDwords(o.s1), VOPC.fields.vsrc1);
    return b.done(VOPC, o.opcode);
  }
  if (e.enc !== ENC_VOP2) return null;
  b.add(S_VGPR, o.dstDw, VOP2.fields.vdst);
  if (p.flags & VF_CARRY_OUT) b.add(S_VCC, 0, null);
  b.src0 = b.slot.length;
  b.add(S_VSRC, s0, VOP2.fields.src0).add(S_VGPR, typeDwords(o.s1), VOP2.fields.vsrc1);
  if (p.flags & VF_MASK_IN) {
    b.add(S_VCC, 0, null);
    b.flags |= P_VCC_IN;
  }
  return b.done(VOP2, o.opcode);
}

/** A SOP1/SOP2/SOPC source slot by the profile's operand kind, or false for kinds left to the families. */
function sopSource(b: Builder, kind: number, field: Field): boolean {
  switch (kind) {
    case K_B32:
      b.add(S_SSRC, 1, field);
      return true;
    case K_B64:
      b.add(S_SSRC, 2, field);
      return true;
    case K_C64:
      b.add(S_SSRC_NOLIT, 2, field);
      return true;
    case K_R32:
      b.add(S_SREG, 1, field);
      return true;
    case K_R64:
      b.add(S_SREG, 2, field);
      return true;
  }
  return false;
}

function sopProgram(l: Layout, row: SopRow, opcode: number): Program | null {
  const p = row.profile;
  const b = new Builder();
  if (p.dst !== K_NONE) {
    if (p.dst !== K_B32 && p.dst !== K_B64) return null;
    b.add(S_SDST, p.dst === K_B64 ? 2 : 1, l.fields.sdst);
  }
  if (p.src0 !== K_NONE && !sopSource(b, p.src0, l.fields.ssrc0)) return null;
  if (p.src1 !== K_NONE && !sopSource(b, p.src1, l.fields.ssrc1)) return null;
  return b.done(l, opcode);
}

function sopkProgram(row: OpRow & { kind: Sopk }, opcode: number): Program | null {
  const k = row.kind;
  if (k !== Sopk.K32 && k !== Sopk.Scc && k !== Sopk.SccU) return null;
  const b = new Builder()
    .add(S_SDST, 1, SOPK.fields.sdst)
    .add(S_IMM16, k === Sopk.SccU ? IMM16_UNSIGNED : IMM16_SIGNED, SOPK.fields.simm16);
  return b.done(SOPK, opcode);
}

function soppProgram(row: OpRow & { kind: Sopp }, opcode: number): Program | null {
  const b = new Builder();
  switch (row.kind) {
    case Sopp.None:
    case Sopp.Endpgm:
      return b.done(SOPP, opcode);
    case Sopp.Imm:
      return b.add(S_IMM16, IMM16_ANY, SOPP.fields.simm16).done(SOPP, opcode);
    case Sopp.Branch:
      // A label needs a fixup: only a plain offset is the fast path's.
      return b.add(S_IMM16, IMM16_SIGNED, SOPP.fields.simm16).done(SOPP, opcode);
  }
  return null;
}

const sop1Rows = rowTable(SOP1_OPS);
const sop2Rows = rowTable(SOP2_OPS);
const sopcRows = rowTable(SOPC_OPS);
const sopkRows = rowTable(SOPK_OPS);
const soppRows = rowTable(SOPP_OPS);

/**
 * The program of `name` on `target`, when the first family the general path tries for it (`fam`, with
 * its table entry) is one the fast path has programs for; null otherwise.
 */
export function programOf(target: Target, name: string, fam: AsmFamily, entry: unknown): Program | null {
  if (fam.name === 'valu-vop') return entry ? vopProgram(entry as VopEntry) : null;
  // The scalar families take `_e32` as the plain op (and refuse `_e64`).
  if (name.endsWith('_e64')) return null;
  const base = name.endsWith('_e32') ? name.slice(0, -4) : name;
  switch (fam.name) {
    case 'sop1':
    case 'sop2':
    case 'sopc': {
      const rows = fam.name === 'sop1' ? sop1Rows : fam.name === 'sop2' ? sop2Rows : sopcRows;
      const l = fam.name === 'sop1' ? SOP1 : fam.name === 'sop2' ? SOP2 : SOPC;
      const r = rows(target).get(base);
      return r ? sopProgram(l, r.row, r.opcode) : null;
    }
    case 'sopk': {
      const r = sopkRows(target).get(base);
      return r ? sopkProgram(r.row, r.opcode) : null;
    }
    case 'sopp': {
      const r = soppRows(target).get(base);
      return r ? soppProgram(r.row, r.opcode) : null;
    }
  }
  return null;
}
