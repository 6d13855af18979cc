// Programs (program.ts) made from the op tables: the VOP1/VOP2/VOPC rows as the VOP family indexes them
// (src/isa/vop-profile.ts via asm/families/valu-vop.ts) and the scalar rows (src/isa/ops/scalar-sop.ts),
// each op's operand profile turned into its slot list and its fields' places in the encoding layouts.
// An op or form whose syntax needs more than slots (v_swap, lane selects, waitcnt, gpr_idx, SDWA/DPP
// forms) gets no program: its lines go the general way.
import { genOf } from '../../codec/families/scalar-common.js';
import * as vop3 from '../../codec/families/vop3-tables.js';
import { typeDwords } from '../../codec/operands.js';
import { SMEM_LAYOUTS, SOP1, SOP2, SOPC, SOPK, SOPP } from '../../isa/encodings/scalar.js';
import { VOP1, VOP2, VOP3, VOPC } from '../../isa/encodings/vector.js';
import type { Field, Layout } from '../../isa/fields.js';
import { SMEM_OPS, Smem, type SmemRow } from '../../isa/ops/scalar-smem.js';
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
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import {
  M0_INDEX_DST_OP,
  VF_CARRY_OUT,
  VF_LANE,
  VF_MADAK,
  VF_MADMK,
  VF_MASK_IN,
  VF_SWAP,
  VGPR_SRC0_OPS,
} from '../../isa/vop-profile.js';
import { rowTable } from '../families/scalar-common.js';
import { REV_OP } from '../families/valu-src.js';
import {
  ENC_VOP1,
  ENC_VOP2,
  ENC_VOPC,
  F_AUTO,
  F_DPP,
  F_E32,
  F_E64,
  F_SDWA,
  type Entry as VopEntry,
} from '../families/valu-vop.js';
import { READS_VCC, type Entry as Vop3OnlyEntry } from '../families/valu-vop3.js';
import type { AsmFamily } from '../types.js';
import { kw, MODS, named } from './operands.js';
import {
  C_SOE,
  IMM16_ANY,
  IMM16_SIGNED,
  IMM16_UNSIGNED,
  MAP_BCAST,
  MAP_BOUND,
  MAP_DIV,
  MAP_DPP,
  MAP_MUL,
  MAP_OPSEL,
  MOD_IDS,
  type ModTable,
  P_CLAMP,
  P_KLIT,
  P_LDS_DIRECT,
  P_M0_BUS,
  P_OMOD,
  P_OPSEL,
  P_OPTIONAL,
  P_SDWA,
  P_TABLE,
  P_VCC_BUS,
  P_VCC_IN,
  P_WAITCNT,
  type Program,
  S_DPP,
  S_HWREG,
  S_IMM16,
  S_IMM32,
  S_KLIT,
  S_MASK3,
  S_PROBE,
  S_SBASE,
  S_SDATA,
  S_SDST,
  S_SOFFSET,
  S_SOPDST,
  S_SREG,
  S_SSRC,
  S_SSRC_NOLIT,
  S_VCC,
  S_VGPR,
  S_VSRC,
  S_VSRC_V,
  S_VSRC3,
  TYPES,
} from './program.js';

const NEG_ABS = MODS.NEG | MODS.ABS;
const N_QUAD_PERM = named('quad_perm');

/** A program under construction. */
export class Builder {
  slot: number[] = [];
  arg: number[] = [];
  field: (Field | null)[] = [];
  src: number[] = [];
  srcMods: number[] = [];
  flags = 0;
  src0 = 0;
  neg: Field | null = null;
  abs: Field | null = null;
  clamp: Field | null = null;
  omod: Field | null = null;
  imm: Field | null = null;
  glc: Field | null = null;
  soe: Field | null = null;
  soffset: Field | null = null;
  opSel = 0;
  sdwaEnc = 0;
  sdwaOmod = false;
  mods: ModTable | null = null;
  checks = 0;
  dataDw = 0;
  dmasks = 0;
  channels = 0;
  dataWidths = 0;
  addrWidths = 0;
  addrBase = 0;
  alt: Program | null = null;
  add(kind: number, arg: number, field: Field | null, src = 0, mods = 0): this {
    this.slot.push(kind);
    this.arg.push(arg);
    this.field.push(field);
    this.src.push(src);
    this.srcMods.push(mods);
    return this;
  }
  /** The VOP3 modifier fields of layout `l`: neg and (unless VOP3B) abs, clamp and omod where the op has them. */
  vop3(l: Layout<string>, vop3b: boolean, clamp: boolean, omod: boolean): this {
    this.neg = l.fields.neg;
    this.abs = vop3b ? null : l.fields.abs;
    this.clamp = clamp ? l.fields.clamp : null;
    this.omod = omod ? l.fields.omod : null;
    if (clamp) this.flags |= P_CLAMP;
    if (omod) this.flags |= P_OMOD;
    return this;
  }
  /**
   * The VOP3 modifiers' table: op_sel, clamp, then omod (`mul:2`, `mul:4` or `div:2`, one of them), each
   * once (llvm-mc's order; valu-vop3.ts).
   */
  private vop3Mods(): ModTable | null {
    const c = this.clamp;
    const o = this.omod;
    const s = this.opSel;
    if (c === null && o === null && s === 0) return null;
    const at = (f: Field | null) => (f === null ? '-' : `${f.word}.${f.shift}`);
    return modTable(`vop3/${at(c)}/${at(o)}/${s}`, () => {
      const rows: ModRow[] = [];
      if (c !== null) rows.push([kw('clamp'), 2, 1, c]);
      if (o !== null)
        rows.push([named('mul'), 3, 15, o, 0, MAP_MUL], [named('div'), 3, 15, o, 0, MAP_DIV, named('mul')]);
      if (s > 0) rows.push([named('op_sel'), 1, 15, OP_SEL, 0, MAP_OPSEL + s - 2]);
      return [rows, []];
    });
  }
  done(l: Layout, opcode: number): Program {
    const mods = this.mods ?? this.vop3Mods();
    const base = new Uint32Array(l.dwords);
    const op = l.fields.op;
    base[0] = (l.fixedValue | (opcode << op.shift)) >>> 0;
    return {
      slot: Uint8Array.from(this.slot),
      arg: Uint8Array.from(this.arg),
      field: this.field,
      base,
      flags: mods === null ? this.flags : this.flags | P_TABLE,
      src0: this.src0,
      src: Uint8Array.from(this.src),
      srcMods: Uint8Array.from(this.srcMods),
      neg: this.neg,
      abs: this.abs,
      clamp: this.clamp,
      omod: this.omod,
      imm: this.imm,
      glc: this.glc,
      soe: this.soe,
      soffset: this.soffset,
      opSel: this.opSel,
      sdwaEnc: this.sdwaEnc,
      sdwaOmod: this.sdwaOmod,
      mods,
      checks: this.checks,
      dataDw: this.dataDw,
      dmasks: this.dmasks,
      channels: this.channels,
      dataWidths: this.dataWidths,
      addrWidths: this.addrWidths,
      addrBase: this.addrBase,
      alt: this.alt,
    };
  }
}

/**
 * A modifier table's row: word id, order level, highest value, field[, lowest value (0), value map (0: none),
 * the word id of an earlier row it excludes (shares its written bit)].
 */
export type ModRow = readonly [number, number, number, Field, number?, number?, number?];

/** VOP3 op_sel's bits in the first dword (valu-vop3.ts opSelField). */
const OP_SEL: Field = { word: 0, shift: 11, mask: 0xf, lo: 11, width: 4 };

/** Tables shared by the programs with the same modifiers (a program build then makes none), by key. */
const modTables = new Map<string, ModTable>();

/**
 * The ModTable (program.ts) of `key`, made by `make` on first use from its rows and the word ids that must
 * be written.
 */
export function modTable(key: string, make: () => [ModRow[], number[]]): ModTable {
  let t = modTables.get(key);
  if (t) return t;
  const [rows, need] = make();
  const index = new Uint8Array(MOD_IDS);
  const order = new Uint8Array(rows.length);
  const bit = new Int32Array(rows.length);
  const map = new Uint8Array(rows.length);
  const min = new Int32Array(rows.length);
  const max = new Int32Array(rows.length);
  const field: Field[] = [];
  let needBits = 0;
  rows.forEach(([w, level, hi, f, lo, m, excludes], j) => {
    index[w] = j + 1;
    order[j] = level;
    bit[j] = excludes === undefined ? 1 << j : bit[index[excludes] - 1];
    map[j] = m ?? 0;
    min[j] = lo ?? 0;
    max[j] = hi;
    field.push(f);
    if (need.includes(w)) needBits |= bit[j];
  });
  t = { index, order, bit, map, min, max, field, need: needBits };
  modTables.set(key, t);
  return t;
}

const typeIndex = (t: string): number => TYPES.indexOf(t as (typeof TYPES)[number]);

/**
 * The e32 program of a VOP1/VOP2/VOPC table entry (written with `_e32` or without a suffix), or with `_dpp`
 * its DPP program (dppProgram): VOP1/VOP2 with 32-bit sources (valu-sdwa-dpp.ts takes the others).
 */

/** The DPP extension dword's fields (valu-mods.ts): src0[7:0] dpp_ctrl[16:8] bound_ctrl[19] bank_mask[27:24] row_mask[31:28]. */
const dppField = (shift: number, width: number): Field => ({
  word: 1,
  shift,
  mask: 2 ** width - 1,
  lo: 32 + shift,
  width,
});
const DPP_SRC0 = dppField(0, 8);

/**
 * `b.done(l, opcode)`, or with `dpp` its DPP form: word 0 with src0 = 0xfa, the extension dword with the masks
 * at 15 when not written; src0 (in the extension dword) and vsrc1 VGPRs with the op's neg/abs (src0's at bits
 * 20/21, src1's at 22/23); the modifiers in llvm-mc's order, each once, no comma: one control
 * (quad_perm:[a,b,c,d], row_shl/row_shr/row_ror:1-15, wave_shl/wave_rol/wave_shr/wave_ror:1, row_mirror,
 * row_half_mirror, row_bcast:15/31) first, then row_mask and bank_mask (0-15), bound_ctrl:0/1. Made by `done`
 * as every program is (programs of one shape keep encodeProgram's property loads monomorphic).
 */
function vopDone(b: Builder, l: Layout, opcode: number, dpp: boolean, takesMods: boolean): Program {
  if (!dpp) return b.done(l, opcode);
  const slot = b.slot;
  for (let k = 0; k < slot.length; k++) {
    const s0 = slot[k] === S_VSRC;
    // Slot 0 is the destination (a VOPC's is vcc).
    if (!s0 && (slot[k] !== S_VGPR || k === 0)) continue;
    slot[k] = S_DPP;
    b.arg[k] = (takesMods ? 1 : 0) | (s0 ? 0 : 2);
    if (s0) b.field[k] = DPP_SRC0;
  }
  b.neg = dppField(20, 4);
  b.abs = dppField(21, 3);
  const ctrl = dppField(8, 9);
  b.mods = modTable('dpp', () => {
    const control = (w: number, hi: number, lo: number, map: number): ModRow => [
      w,
      1,
      hi,
      ctrl,
      lo,
      map,
      N_QUAD_PERM,
    ];
    const rows: ModRow[] = [
      [N_QUAD_PERM, 1, 255, ctrl],
      ...['row_shl', 'row_shr', 'row_ror'].map((w, i) => control(named(w as 'row_shl'), 15, 1, MAP_DPP + i)),
      ...['wave_shl', 'wave_rol', 'wave_shr', 'wave_ror'].map((w, i) =>
        control(named(w as 'wave_shl'), 1, 1, MAP_DPP + 3 + i),
      ),
      control(kw('row_mirror'), 1, 1, MAP_DPP + 7),
      control(kw('row_half_mirror'), 1, 1, MAP_DPP + 8),
      control(named('row_bcast'), 31, 15, MAP_BCAST),
      [named('row_mask'), 2, 15, dppField(28, 4)],
      [named('bank_mask'), 3, 15, dppField(24, 4)],
      [named('bound_ctrl'), 4, 1, dppField(19, 1), 0, MAP_BOUND],
    ];
    return [rows, [N_QUAD_PERM]];
  });
  const p = b.done({ ...l, dwords: 2 }, opcode);
  p.base[0] |= 0xfa;
  p.base[1] = 0xff000000;
  return p;
}

function vopProgram(e: VopEntry, name: string): Program | null {
  const dpp = e.form === F_DPP;
  if (e.coAlias || (e.form !== F_AUTO && e.form !== F_E32 && !dpp)) return null;
  const o = e.o;
  const p = o.p;
  if (
    !dpp &&
    e.enc === ENC_VOP1 &&
    (p.flags & VF_SWAP || p.dstKind === 'sgpr' || VGPR_SRC0_OPS.has(p.name))
  ) {
    // v_swap_b32 vdst, vsrc; v_readfirstlane_b32 sdst, vsrc; v_movrels*_b32 vdst, vsrc (a VGPR only:
    // lds_direct is the general path's).
    const dst = p.dstKind === 'sgpr' ? S_SDST : S_VGPR;
    return new Builder()
      .add(dst, 1, VOP1.fields.vdst)
      .add(S_VSRC_V, 0, VOP1.fields.src0)
      .done(VOP1, o.opcode);
  }
  if (p.flags & (VF_SWAP | VF_LANE) || p.dstKind === 'sgpr') return null;
  const b = new Builder();
  if (dpp) {
    if (!e.dpp || p.dstKind === 'none' || p.flags & (VF_MADMK | VF_MADAK)) return null;
    if (typeDwords(o.s0) !== 1 || (e.enc === ENC_VOP2 && typeDwords(o.s1) !== 1)) return null;
  }
  if (p.dstKind === 'none') return e.enc === ENC_VOP1 ? b.done(VOP1, o.opcode) : null;
  const s0 = typeIndex(o.s0);
  if (s0 < 0) return null;
  if (!dpp && typeDwords(o.s0) === 1 && !REV_OP.test(name)) b.flags |= P_LDS_DIRECT;
  if (e.enc === ENC_VOP1) {
    b.add(S_VGPR, o.dstDw, VOP1.fields.vdst).add(S_VSRC, s0, VOP1.fields.src0);
    if (p.name === M0_INDEX_DST_OP) {
      b.src0 = 1;
      b.flags |= P_M0_BUS;
    }
    return vopDone(b, VOP1, o.opcode, dpp, o.dppMods);
  }
  if (e.enc === ENC_VOPC) {
    b.add(S_VCC, 0, null).add(S_VSRC, s0, VOPC.fields.src0).add(S_VGPR, typeDwords(o.s1), VOPC.fields.vsrc1);
    return vopDone(b, VOPC, o.opcode, dpp, o.dppMods);
  }
  if (e.enc !== ENC_VOP2) return null;
  b.add(S_VGPR, o.dstDw, VOP2.fields.vdst);
  if (p.flags & VF_CARRY_OUT) b.add(S_VCC, 0, null);
  b.src0 = b.slot.length;
  b.add(S_VSRC, s0, VOP2.fields.src0);
  // madmk: dst, src0, K, src1; madak: dst, src0, src1, K (the K literal in the dword after).
  if (p.flags & VF_MADMK) b.add(S_KLIT, s0, null);
  b.add(S_VGPR, typeDwords(o.s1), VOP2.fields.vsrc1);
  if (p.flags & VF_MADAK) b.add(S_KLIT, s0, null);
  if (p.flags & (VF_MADMK | VF_MADAK)) b.flags |= P_KLIT;
  if (p.flags & VF_MASK_IN) {
    b.add(S_VCC, 0, null);
    b.flags |= P_VCC_IN;
  }
  return vopDone(b, VOP2, o.opcode, dpp, o.dppMods);
}

/**
 * The gfx9 SDWA program of a VOP1/VOP2/VOPC `_sdwa` entry (fast/sdwa.ts; valu-sdwa-dpp.ts encodeSdwa is the
 * reference): the e32 word's slots with both sources as S_VSRC (VGPR, scalar register or inline constant),
 * each taking neg/abs when it is a float source and sext when it is an integer one.
 */
function sdwaProgram(e: VopEntry): Program | null {
  const o = e.o;
  const p = o.p;
  const vopc = e.enc === ENC_VOPC;
  if (e.coAlias || !e.sdwa || o.sdwa8 || p.dstKind !== (vopc ? 'mask' : 'vgpr')) return null;
  if (p.flags & (VF_SWAP | VF_LANE | VF_MADMK | VF_MADAK) || (!vopc && o.dstDw !== 1)) return null;
  const s0 = typeIndex(o.s0);
  const s1 = typeIndex(o.s1);
  if (s0 < 0 || typeDwords(o.s0) !== 1) return null;
  if (e.enc !== ENC_VOP1 && (s1 < 0 || typeDwords(o.s1) !== 1)) return null;
  const b = new Builder();
  b.flags |= P_SDWA;
  b.sdwaEnc = e.enc;
  b.sdwaOmod = o.fpDst;
  const mods = (fp: boolean) => (fp ? NEG_ABS : MODS.SEXT);
  b.add(vopc ? S_SDST : S_VGPR, vopc ? 2 : 1, null);
  if (e.enc === ENC_VOP2 && p.flags & VF_CARRY_OUT) b.add(S_VCC, 0, null);
  b.add(S_VSRC, s0, null, 0, mods(o.fp0));
  if (e.enc !== ENC_VOP1) b.add(S_VSRC, s1, null, 1, mods(o.fp1));
  if (e.enc === ENC_VOP2 && p.flags & VF_MASK_IN) {
    b.add(S_VCC, 0, null);
    b.flags |= P_VCC_IN;
  }
  return b.done(e.enc === ENC_VOP1 ? VOP1 : e.enc === ENC_VOP2 ? VOP2 : VOPC, o.opcode);
}

/** The e64 (VOP3) program of a VOP1/VOP2/VOPC table entry written with `_e64`. */
function vopE64Program(e: VopEntry, l: Layout<string>): Program | null {
  const v3 = e.e64;
  if (e.coAlias || e.form !== F_E64 || v3 === null) return null;
  const o = e.o;
  const p = o.p;
  if (p.flags & (VF_SWAP | VF_LANE | VF_MADMK | VF_MADAK) || p.dstKind === 'sgpr') return null;
  const b = new Builder();
  if (v3.kind === vop3.K_NONE) return p.dstKind === 'none' ? b.done(l, v3.opcode) : null;
  const vopc = e.enc === ENC_VOPC;
  const carry = (p.flags & VF_CARRY_OUT) !== 0;
  if (vopc !== (v3.kind === vop3.K_VOPC) || carry !== (v3.kind === vop3.K_SDST)) return null;
  b.vop3(l, carry, v3.clamp, v3.omod);
  if (p.name === M0_INDEX_DST_OP) {
    b.src0 = e.want.indexOf('src0');
    b.flags |= P_M0_BUS;
  }
  const mods = (k: number) => (v3.modsPrint & (1 << k) ? NEG_ABS : 0);
  for (const role of e.want) {
    if (role === 'dst') b.add(S_VGPR, o.dstDw, l.fields.vdst);
    else if (role === 'sdst') b.add(S_SDST, 2, vopc ? l.fields.vdst : l.fields.sdst);
    else if (role === 'src0' || role === 'src1') {
      const k = role === 'src0' ? 0 : 1;
      const t = typeIndex(k === 0 ? o.s0 : o.s1);
      if (t < 0) return null;
      if (k === 0 && VGPR_SRC0_OPS.has(p.name)) b.add(S_VSRC_V, 0, l.fields.src0);
      else b.add(S_VSRC3, t, k === 0 ? l.fields.src0 : l.fields.src1, k, mods(k));
    } else if (role === 'mask') b.add(S_MASK3, 0, l.fields.src2);
    else return null;
  }
  return b.done(l, v3.opcode);
}

/** The program of a VOP3-only op (asm/families/valu-vop3.ts entry): VOP3A, or VOP3B with an SGPR-pair sdst. */
function vop3OnlyProgram(ent: Vop3OnlyEntry, l: Layout<string>): Program | null {
  const { s, e } = ent;
  if (e.kind !== vop3.K_PLAIN && e.kind !== vop3.K_SDST) return null;
  if (e.mov || s.dst === 'v128') return null;
  const vop3b = e.kind === vop3.K_SDST;
  const b = new Builder().vop3(l, vop3b, e.clamp, e.omod);
  b.add(S_VGPR, typeDwords(s.dst), l.fields.vdst);
  if (vop3b) b.add(S_SDST, 2, l.fields.sdst);
  const fields = [l.fields.src0, l.fields.src1, l.fields.src2];
  for (let k = 0; k < s.src.length; k++) {
    const t = typeIndex(s.src[k]);
    if (t < 0 || k > 2) return null;
    b.add(S_VSRC3, t, fields[k], k, e.modsPrint & (1 << k) ? (vop3b ? MODS.NEG : NEG_ABS) : 0);
  }
  if (READS_VCC.has(s.name)) b.flags |= P_VCC_BUS;
  if (e.opSel > 0 && !vop3b) {
    b.opSel = e.opSel;
    b.flags |= P_OPSEL;
  }
  return b.done(l, e.opcode);
}

/**
 * The program of an SMEM op on gfx8/gfx9 by its shape (asm/families/scalar-smem.ts): loads, stores and
 * atomics `sdata, sbase, offset [glc]`, probes `mode, sbase, offset`, discards `sbase, offset`, the clocks
 * `sdata` and the cache ops without operands; the offset an SGPR or an integer, and on gfx9 `soffset
 * offset:N`. SMRD (gfx6/7) is the family's.
 */
function smemProgram(row: SmemRow, opcode: number, gen: Generation): Program | null {
  if (gen !== 'gfx8' && gen !== 'gfx9') return null;
  const l = SMEM_LAYOUTS[gen];
  const f = l.fields;
  const b = new Builder();
  const a = row.access;
  if (a === Smem.Cache) return b.done(l, opcode);
  if (a === Smem.Time || a === Smem.RealTime) return b.add(S_SDATA, 2, f.sdata).done(l, opcode);
  if (row.base !== 2 && row.base !== 4) return null;
  const glc = a !== Smem.Probe && a !== Smem.Discard;
  if (a === Smem.Probe) b.add(S_PROBE, 0, f.sdata);
  else if (glc) b.add(S_SDATA, row.data, f.sdata);
  const signed = gen === 'gfx9' && row.base === 2;
  b.add(S_SBASE, row.base, f.sbase).add(S_SOFFSET, signed ? 1 : 0, f.offset);
  b.imm = f.imm;
  b.soe = f.soe ?? null;
  b.soffset = f.soffset ?? null;
  // gfx9's `offset:N` right after an SGPR offset (C_SOE moves the SGPR), then glc.
  const soe = b.soe !== null;
  if (soe) b.checks |= C_SOE;
  if (soe || glc)
    b.mods = modTable(`smem/${gen}/${+signed}${+glc}`, () => {
      const rows: ModRow[] = [];
      if (soe) rows.push([named('offset'), 1, 0xfffff, f.offset, signed ? -0x100000 : 0]);
      if (glc) rows.push([kw('glc'), 2, 1, f.glc]);
      return [rows, []];
    });
  return b.done(l, opcode);
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
    b.add(S_SOPDST, p.dst === K_B64 ? 2 : 1, l.fields.sdst);
  }
  if (p.src0 !== K_NONE && !sopSource(b, p.src0, l.fields.ssrc0)) return null;
  if (p.src1 !== K_NONE && !sopSource(b, p.src1, l.fields.ssrc1)) return null;
  return b.done(l, opcode);
}

function sopkProgram(row: OpRow & { kind: Sopk }, opcode: number): Program | null {
  const f = SOPK.fields;
  const b = new Builder();
  switch (row.kind) {
    case Sopk.K32:
    case Sopk.Scc:
    case Sopk.SccU:
      b.add(S_SOPDST, 1, f.sdst).add(
        S_IMM16,
        row.kind === Sopk.SccU ? IMM16_UNSIGNED : IMM16_SIGNED,
        f.simm16,
      );
      break;
    case Sopk.Br64:
      // A label needs a fixup: only a plain offset is the fast path's.
      b.add(S_SOPDST, 2, f.sdst).add(S_IMM16, IMM16_SIGNED, f.simm16);
      break;
    case Sopk.GetReg:
      b.add(S_SOPDST, 1, f.sdst).add(S_HWREG, 0, f.simm16);
      break;
    case Sopk.SetReg:
      b.add(S_HWREG, 0, f.simm16).add(S_SOPDST, 1, f.sdst);
      break;
    case Sopk.SetRegImm32:
      b.add(S_HWREG, 0, f.simm16).add(S_IMM32, 0, null);
      break;
    default:
      return null;
  }
  return b.done(SOPK, opcode);
}

function soppProgram(row: OpRow & { kind: Sopp }, opcode: number, gen: Generation): Program | null {
  const b = new Builder();
  switch (row.kind) {
    case Sopp.None:
      return b.done(SOPP, opcode);
    case Sopp.Endpgm:
      b.flags |= P_OPTIONAL;
      return b.add(S_IMM16, IMM16_UNSIGNED, SOPP.fields.simm16).done(SOPP, opcode);
    case Sopp.Sendmsg:
      // A plain 16-bit value; sendmsg(...) is the general path's.
      return b.add(S_IMM16, IMM16_UNSIGNED, SOPP.fields.simm16).done(SOPP, opcode);
    case Sopp.Imm:
      return b.add(S_IMM16, IMM16_ANY, SOPP.fields.simm16).done(SOPP, opcode);
    case Sopp.Branch:
      // A label needs a fixup: only a plain offset is the fast path's.
      return b.add(S_IMM16, IMM16_SIGNED, SOPP.fields.simm16).done(SOPP, opcode);
    case Sopp.Waitcnt:
      // fast/waitcnt.ts reads the operands; the slot's arg says whether vmcnt has gfx9's 6 bits.
      b.flags |= P_WAITCNT;
      return b.add(S_IMM16, gen === 'gfx9' ? 1 : 0, SOPP.fields.simm16).done(SOPP, opcode);
  }
  return null;
}

const sop1Rows = rowTable(SOP1_OPS);
const sop2Rows = rowTable(SOP2_OPS);
const sopcRows = rowTable(SOPC_OPS);
const sopkRows = rowTable(SOPK_OPS);
const soppRows = rowTable(SOPP_OPS);
const smemRows = rowTable(SMEM_OPS);

/**
 * The program of `name` on `target`, when the first family the general path tries for it (`fam`, with
 * its table entry) is one the fast path has programs for; null otherwise.
 */
export function programOf(target: Target, name: string, fam: AsmFamily, entry: unknown): Program | null {
  if (fam.name === 'valu-vop') {
    if (!entry) return null;
    const e = entry as VopEntry;
    if (e.form === F_SDWA) return sdwaProgram(e);
    return e.form === F_E64 ? vopE64Program(e, VOP3[genOf(target)]) : vopProgram(e, name);
  }
  if (fam.name === 'valu-vop3')
    return entry ? vop3OnlyProgram(entry as Vop3OnlyEntry, VOP3[genOf(target)]) : null;
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
    case 'smem': {
      const r = smemRows(target).get(base);
      return r ? smemProgram(r.row, r.opcode, genOf(target)) : null;
    }
    case 'sopp': {
      const r = soppRows(target).get(base);
      return r ? soppProgram(r.row, r.opcode, genOf(target)) : null;
    }
  }
  return null;
}
