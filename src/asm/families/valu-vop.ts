// VOP1, VOP2 and VOPC ops in all their encodings: e32, e64 (VOP3A/VOP3B), SDWA and DPP. Without a suffix
// llvm-mc picks the encoding: DPP when a DPP control is written, SDWA when an SDWA select or sext() is, and
// otherwise the first of e32, e64, SDWA the operands fit (e32 takes no modifiers, an SGPR-pair result or a
// non-VGPR src1; e64 takes no literal on gfx9).

import { genOf } from '../../codec/families/scalar-common.js';
import { type VopOp, vopTables } from '../../codec/families/vop-ops.js';
import { K_NONE, K_SDST, K_VOPC, type Vop3Entry, vop3Table } from '../../codec/families/vop3-tables.js';
import { typeDwords } from '../../codec/operands.js';
import { VOP3 } from '../../isa/encodings/vector.js';
import type { Target } from '../../isa/targets.js';
import {
  M0_INDEX_DST_OP,
  processorOf,
  VF_CARRY_OUT,
  VF_LANE,
  VF_MADAK,
  VF_MADMK,
  VF_MASK_IN,
  VF_SWAP,
  VGPR_SRC0_OPS,
  vop3Opcode,
} from '../../isa/vop-profile.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import { hasXnack, litInner } from './scalar-common.js';
import {
  firstOf,
  leftover,
  type ModOrder,
  NOT_VALID,
  reachOf,
  type Split,
  splitOperands,
  type ValuMods,
} from './valu-mods.js';
import { encodeDpp, encodeSdwa, type VopLine } from './valu-sdwa-dpp.js';
import {
  BUS_ERROR,
  busViolation,
  type Err,
  encodeSrc,
  err,
  foldMods,
  INT_CLAMP,
  INVALID,
  intClampOld,
  isErr,
  isVcc,
  ldsDirectError,
  literalOf,
  M0_BUS,
  S_AGPR,
  S_LIT,
  S_SGPR,
  S_VGPR,
  type Src,
  setValuGen,
  sgpr32,
  sgprPair,
  VCC_BUS,
  vgprIndex,
  vop3Bus,
  vop3bEncoded,
  withLiteral,
} from './valu-src.js';

const LDS_DIRECT = 254;
const M0_CODE = 124;
const UNIQUE_LITERAL = 'only one unique literal operand is allowed';
export const F_AUTO = 0;
export const F_E32 = 1;
export const F_E64 = 2;
export const F_SDWA = 3;
export const F_DPP = 4;

export const ENC_VOP1 = 0;
export const ENC_VOP2 = 1;
export const ENC_VOPC = 2;

export interface Entry {
  readonly o: VopOp;
  readonly enc: number;
  readonly form: number;
  readonly e64: Vop3Entry | null;
  readonly sdwa: boolean;
  readonly dpp: boolean;
  /** The operand roles of the op's syntax (see wantOf). */
  readonly want: readonly (keyof VopLine)[];
  /** gfx6/7 llvm-mc's v_*_co_u32 spelling of v_add_i32/v_sub_i32/v_subrev_i32 (see CO_ALIASES). */
  readonly coAlias?: boolean;
  /** gfx6/gfx7: the e64 form takes clamp only to refuse it (valu-src.ts intClampOld). */
  readonly intClamp: boolean;
}

/**
 * llvm-mc-22 for gfx6/7 takes the gfx9 names of the carry-out adds (their profiles' names) for
 * v_add_i32/v_sub_i32/v_subrev_i32: as e64 (`v_add_co_u32 v5, vcc, v1, v2` and `_e64`), and as e32 only
 * when written with a trailing vcc (`v_add_co_u32 v5, vcc, v1, v2, vcc`); the carry-in ops have no alias.
 */
const CO_ALIASES = new Set(['v_add_co_u32', 'v_sub_co_u32', 'v_subrev_co_u32']);

const NO_CARRY_ADD = new Set(['v_add_u32', 'v_sub_u32', 'v_subrev_u32']);

function build(t: Target): Map<string, Entry> {
  const m = new Map<string, Entry>();
  const proc = processorOf(t);
  const tabs = vopTables(t);
  for (let enc = 0; enc < 3; enc++) {
    for (const o of tabs[enc]) {
      if (o === undefined) continue;
      const op3 = vop3Opcode(o.p, proc);
      // LLVM has no VOP3 form of gfx6/gfx7's v_readlane/v_writelane (VOP2 there): `_e64` is refused.
      const e64 = op3 === undefined || (o.old && o.p.flags & VF_LANE) ? null : (vop3Table(t)[op3] ?? null);
      const intClamp = o.old && intClampOld(e64);
      const base = { o, enc, e64, sdwa: o.hasSdwa, dpp: o.hasDpp, want: wantOf(o, enc), intClamp };
      const name = o.name;
      m.set(name, { ...base, form: F_AUTO });
      m.set(name + '_e32', { ...base, form: F_E32 });
      m.set(name + '_e64', { ...base, form: F_E64 });
      // Registered even where the form does not exist: llvm-mc names the missing variant.
      m.set(name + '_sdwa', { ...base, form: F_SDWA });
      m.set(name + '_dpp', { ...base, form: F_DPP });
      if (o.old && o.p.name !== name && CO_ALIASES.has(o.p.name)) {
        m.set(o.p.name, { ...base, form: F_AUTO, coAlias: true });
        m.set(o.p.name + '_e64', { ...base, form: F_E64, coAlias: true });
      }
    }
  }
  return m;
}

const TABLES = new Map<Target, Map<string, Entry>>();
function table(t: Target): Map<string, Entry> {
  let m = TABLES.get(t);
  if (!m) {
    m = build(t);
    TABLES.set(t, m);
  }
  return m;
}

/** The operand roles of an op's syntax, in order (computed once per table entry). */
function wantOf(o: VopOp, enc: number): readonly (keyof VopLine)[] {
  const f = o.p.flags;
  if (o.p.dstKind === 'none') return [];
  if (enc === ENC_VOPC) return ['sdst', 'src0', 'src1'];
  if (enc === ENC_VOP1) return ['dst', 'src0'];
  if (f & VF_MADMK) return ['dst', 'src0', 'k', 'src1'];
  if (f & VF_MADAK) return ['dst', 'src0', 'src1', 'k'];
  const want: (keyof VopLine)[] = ['dst'];
  if (f & VF_CARRY_OUT) want.push('sdst');
  want.push('src0', 'src1');
  if (f & VF_MASK_IN) want.push('mask');
  return want;
}

/** Sorts the positional operands into their roles, or says why they do not fit the op's syntax. */
function roles(e: Entry, form: number, inst: AsmInst, p: readonly Operand[]): VopLine | Err {
  const o = e.o;
  const line: VopLine = { dst: null, sdst: null, src0: null, src1: null, mask: null, k: null };
  let want = e.want;
  // llvm-mc for gfx6-gfx8 takes v_cndmask_b32's e32 form without its vcc operand.
  if (
    want[want.length - 1] === 'mask' &&
    o.p.name === 'v_cndmask_b32' &&
    (o.old || o.sdwa8) &&
    (form === F_AUTO || form === F_E32) &&
    p.length === want.length - 1
  )
    want = want.slice(0, -1);
  if (p.length !== want.length) {
    // The gfx8 spelling of the carry-out add (v_add_u32 v1, vcc, v2, v3) is another GPU's form.
    if (NO_CARRY_ADD.has(o.p.name) && p.length === 4 && isVcc(p[1]))
      return err(
        form === F_DPP ? NOT_VALID : 'operands are not valid for this GPU or mode',
        form === F_DPP ? p[1].pos : inst.pos,
      );
    if (p.length < want.length) return err('too few operands for instruction', inst.pos);
    return err(INVALID, p[want.length].pos);
  }
  for (let k = 0; k < want.length; k++) line[want[k]] = p[k];
  return line;
}

function noMods(op: Operand | null): Err | null {
  if (op && (op.mods.neg || op.mods.abs || op.mods.sext)) return err(INVALID, op.pos);
  return null;
}

/**
 * Modifiers on an e32 source: none on an integer source (its parser takes none at all), and on a float
 * source only around an immediate of src0, where they fold into the value.
 */
function srcMods(op: Operand | null, fp: boolean, foldable: boolean): Err | null {
  if (!op) return null;
  const md = op.mods;
  if (md.sext) return err(INVALID, op.pos);
  if (!md.neg && !md.abs) return null;
  if (!fp) return err(NOT_VALID, op.pos);
  return foldable && (op.kind === 'int' || op.kind === 'float' || op.kind === 'call')
    ? null
    : err(INVALID, op.pos);
}

function encodeE32(e: Entry, inst: AsmInst, l: VopLine, late: Err | null): EncodeResult {
  const o = e.o;
  const p = o.p;
  const op = o.opcode;
  if (late && (p.dstKind === 'none' || !(p.flags & VF_LANE))) return late;
  if (p.dstKind === 'none') return { words: [e.enc === ENC_VOP1 ? (0x7e000000 | (op << 9)) >>> 0 : 0] };
  const ms = srcMods(l.src0, o.fp0, true) ?? srcMods(l.src1, o.fp1, false) ?? noMods(l.k);
  if (ms) return ms;
  if (l.sdst && !isVcc(l.sdst)) return err(INVALID, l.sdst.pos);
  if (l.mask && !isVcc(l.mask)) return err(INVALID, l.mask.pos);
  const s0op = l.src0 as Operand;
  const md0 = s0op.mods;
  const s0 = md0.neg || md0.abs ? foldMods(s0op, o.s0) : encodeSrc(s0op, o.s0, typeDwords(o.s0));
  if (isErr(s0)) return s0;
  if (s0.kind === S_AGPR) return err(INVALID, s0op.pos);
  // v_swap_b32 and v_readfirstlane_b32 read a VGPR only.
  if ((p.flags & VF_SWAP || p.dstKind === 'sgpr') && s0.kind !== S_VGPR && s0.code !== LDS_DIRECT)
    return err(INVALID, s0op.pos);
  if (VGPR_SRC0_OPS.has(p.name) && s0.kind !== S_VGPR) return err(INVALID, s0op.pos);
  let w: number;
  let src1 = 0;
  // The lane select as a source the constant bus counts (m0 is not counted).
  let lane: Src | null = null;
  if (p.flags & VF_LANE && l.src1) {
    // gfx6/gfx7 VOP2 v_readlane/v_writelane: the lane select is a scalar code in the src1 field;
    // v_writelane's data (src0) is a scalar value too.
    if (p.dstKind !== 'sgpr' && s0.kind === S_VGPR) return err(INVALID, s0op.pos);
    const s1 = encodeSrc(l.src1, 'b32', 1);
    if (isErr(s1)) return s1;
    if (s1.kind === S_VGPR || s1.kind === S_LIT || s1.kind === S_AGPR) return err(INVALID, litInner(l.src1));
    src1 = s1.code;
    if (s1.code !== M0_CODE) lane = s1;
  } else if (l.src1) {
    const v = vgprIndex(l.src1, typeDwords(o.s1));
    if (isErr(v)) return v;
    src1 = v;
  }
  if (e.enc === ENC_VOPC) w = 0x7c000000 | (op << 17) | (src1 << 9) | s0.code;
  else {
    let dst: number | Err;
    if (p.dstKind === 'sgpr') dst = sgpr32(l.dst as Operand);
    else dst = vgprIndex(l.dst as Operand, o.dstDw);
    if (isErr(dst)) return dst;
    if (e.enc === ENC_VOP1) w = 0x7e000000 | (dst << 17) | (op << 9) | s0.code;
    else w = (op << 25) | (dst << 17) | (src1 << 9) | s0.code;
  }
  let lit: Src | null = s0.kind === S_LIT ? s0 : null;
  if (l.k) {
    const kv = literalOf(l.k, o.s0);
    if (isErr(kv)) return kv;
    if (lit && (lit.expr !== null || kv.expr !== null || lit.lit !== kv.lit))
      return err(UNIQUE_LITERAL, l.k.pos);
    lit = kv;
  }
  // gfx6/gfx7's VOP2 lane ops have no other form: a modifier out of place is reported after their operands.
  if (late) return late;
  const ld = ldsDirectError([s0], inst.mnemonic, false);
  if (ld) return ld;
  const v = busViolation([s0, l.k ? lit : lane], p.flags & VF_MASK_IN ? VCC_BUS : impliedBus(p.name));
  if (v) return err(BUS_ERROR, v.op.pos);
  return withLiteral([w >>> 0], lit);
}

/** The constant-bus key of the scalar register an op reads without naming it, or -1. */
function impliedBus(name: string): number {
  return name === M0_INDEX_DST_OP ? M0_BUS : -1;
}

function encodeE64(e: Entry, inst: AsmInst, l: VopLine, m: ValuMods, late: Err | null): EncodeResult {
  const v3 = e.e64;
  if (v3 === null) return err('e64 variant of this instruction is not supported', inst.pos);
  const op3 = v3.opcode;
  const L = VOP3[processorOf(inst.target).generation].fields;
  if (v3.kind === K_NONE) return { words: [(0xd0000000 | (op3 << L.op.shift)) >>> 0, 0] };
  const o = e.o;
  let vdst: number | Err;
  let sdst = 0;
  if (v3.kind === K_VOPC) vdst = sgprPair(l.sdst as Operand);
  else vdst = vgprIndex(l.dst as Operand, o.dstDw);
  if (isErr(vdst)) return vdst;
  if (v3.kind === K_SDST) {
    const s = sgprPair(l.sdst as Operand);
    if (isErr(s)) return s;
    sdst = s;
  }
  const srcs: (Src | null)[] = [null, null, null];
  let neg = 0;
  let abs = 0;
  const ops = [l.src0, l.src1, l.mask];
  const types = [o.s0, o.s1, 'b64' as const];
  for (let k = 0; k < 3; k++) {
    const sop = ops[k];
    if (!sop) continue;
    const s = encodeSrc(sop, types[k], typeDwords(types[k]));
    if (isErr(s)) return s;
    // The carry-in or select mask (k 2) is a scalar register pair (SSrc_b64 without immediates to LLVM).
    if (s.kind === S_AGPR || (k === 0 && VGPR_SRC0_OPS.has(o.p.name) && s.kind !== S_VGPR))
      return err(INVALID, sop.pos);
    if (k === 2 && s.kind !== S_SGPR) return err(INVALID, sop.pos);
    const md = sop.mods;
    if (md.sext) return err(INVALID, sop.pos);
    if ((md.neg || md.abs) && !(v3.modsPrint & (1 << k))) return err(k < 2 ? NOT_VALID : INVALID, sop.pos);
    if (md.neg) neg |= 1 << k;
    if (md.abs) abs |= 1 << k;
    srcs[k] = s;
  }
  if (late) return late;
  const ld = ldsDirectError(srcs, inst.mnemonic, false);
  if (ld) return ld;
  const bus = vop3Bus(srcs, impliedBus(o.p.name));
  if (bus) return bus;
  if (m.clamp && e.intClamp) return err(INT_CLAMP, m.clamp);
  const field = v3.kind === K_SDST ? (sdst & 0x7f) << 8 : abs << 8; // VOP3B sdst is 7 bits: LLVM truncates a wider code
  const w0 = 0xd0000000 | (op3 << L.op.shift) | (m.clamp ? 1 << L.clamp.shift : 0) | field | vdst;
  const c = (k: number) => srcs[k]?.code ?? 0;
  const w1 = (neg << 29) | (m.omod << 27) | (c(2) << 18) | (c(1) << 9) | c(0);
  return vop3bEncoded([w0 >>> 0, w1 >>> 0], v3.kind === K_SDST ? sdst : 0);
}

const NO_MODS: readonly string[] = [];
const DPP_MODS: readonly string[] = ['dpp_ctrl', 'row_mask', 'bank_mask', 'bound_ctrl'];

interface Orders {
  readonly e64: readonly string[];
  /** The SDWA form of the target's generation, the other generation's, and gfx9's. */
  readonly sdwa: readonly string[];
  readonly sdwaOther: readonly string[];
  readonly sdwa9: readonly string[];
  readonly split: ModOrder;
}

/**
 * The SDWA modifiers in llvm-mc's order, gfx9's or gfx8's (gfx8 has no omod; gfx9's VOPC form no clamp).
 * llvm-mc reads a line's modifiers only at the places the target's forms allow, but matches it against both
 * generations' SDWA forms: a line only the other generation's form takes is "operands are not valid for this
 * GPU or mode", and when neither takes it the error is gfx9's form's (matched last).
 */
function sdwaOrder(enc: number, fpDst: boolean, gfx9: boolean): readonly string[] {
  if (enc === ENC_VOPC) return gfx9 ? ['src0_sel', 'src1_sel'] : ['clamp', 'src0_sel', 'src1_sel'];
  const r = ['clamp'];
  if (gfx9 && fpDst) r.push('omod');
  r.push('dst_sel', 'dst_unused', 'src0_sel');
  if (enc !== ENC_VOP1) r.push('src1_sel');
  return r;
}

/** llvm-mc's error for the line's modifiers in the SDWA form (sdwaOrder), or null. */
function sdwaLate(sp: Split, ord: Orders, inst: AsmInst): Err | null {
  const own = leftover(sp, ord.sdwa);
  if (own === null || ord.sdwa === NO_MODS) return own;
  if (leftover(sp, ord.sdwaOther) === null)
    return err('operands are not valid for this GPU or mode', inst.pos);
  return leftover(sp, ord.sdwa9);
}

const ORDERS = new WeakMap<Entry, Orders>();

/**
 * The modifiers of the op's e64, SDWA and DPP forms in llvm-mc's order (their AsmStrings), and the places
 * llvm-mc reads each at over all the forms the op has (it reads a line's operands before it picks a form).
 */
function orderOf(e: Entry): Orders {
  let r = ORDERS.get(e);
  if (r) return r;
  const v3 = e.e64;
  const e64: string[] = [];
  if (v3?.clamp || e.intClamp) e64.push('clamp');
  if (v3?.omod) e64.push('omod');
  const o = e.o;
  const sdwa9 = e.sdwa ? sdwaOrder(e.enc, o.fpDst, true) : NO_MODS;
  const sdwa8 = e.sdwa ? sdwaOrder(e.enc, o.fpDst, false) : NO_MODS;
  const sdwa = o.sdwa8 ? sdwa8 : sdwa9;
  const forms: (readonly string[])[] = [e64, sdwa];
  if (e.dpp) forms.push(DPP_MODS);
  r = {
    e64,
    sdwa,
    sdwaOther: o.sdwa8 ? sdwa9 : sdwa8,
    sdwa9,
    split: {
      expected: -1,
      classes: NO_MODS,
      reach: reachOf(...forms),
      noSrcMods: (o.p.flags & VF_LANE) !== 0,
    },
  };
  ORDERS.set(e, r);
  return r;
}

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, table(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, e: Entry | undefined): EncodeResult | null {
  if (!e) return null;
  setValuGen(genOf(inst.target), hasXnack(inst.target));
  // llvm-mc refuses a missing variant by its mnemonic, before it reads the operands.
  if (e.form === F_SDWA && !e.sdwa) return err('sdwa variant of this instruction is not supported', inst.pos);
  if (e.form === F_DPP && !e.dpp) return err('dpp variant of this instruction is not supported', inst.pos);
  const ord = orderOf(e);
  const sp = splitOperands(inst.operands, ord.split);
  if (isErr(sp)) return sp;
  for (let k = 0; k < sp.pos.length; k++) {
    const x = sp.pos[k];
    if (x.kind === 'ident' && x.name === 'lit')
      return err('expected left paren after lit', sp.pos[k + 1]?.pos ?? x.pos);
  }
  const m = sp.mods;
  let form = e.form;
  let pos = sp.pos;
  if (e.coAlias && form === F_AUTO) {
    if (pos.length === 5 && isVcc(pos[4])) {
      pos = pos.slice(0, 4);
      form = F_E32;
    } else form = F_E64;
  }
  if (form === F_AUTO) {
    if (m.dpp || m.dppOther) form = F_DPP;
    else if (m.sdwa || sp.pos.some((x) => x.mods.sext)) form = F_SDWA;
  }
  if ((form === F_DPP && !e.dpp) || (form === F_SDWA && !e.sdwa))
    return err(NOT_VALID, firstOf(m.dpp, m.dppOther, m.sdwa) ?? inst.pos);
  const l = roles(e, form, inst, pos);
  if (isErr(l)) return l;
  const late32 = leftover(sp, NO_MODS);
  const late64 = leftover(sp, ord.e64);
  const lateSdwa = sdwaLate(sp, ord, inst);
  switch (form) {
    case F_E32:
      return encodeE32(e, inst, l, late32);
    case F_E64:
      return encodeE64(e, inst, l, m, late64);
    case F_SDWA:
      return encodeSdwa(e.o, e.enc, inst, l, m, lateSdwa);
    case F_DPP:
      return encodeDpp(e.o, e.enc, inst, l, m, leftover(sp, DPP_MODS));
  }
  const r32 = encodeE32(e, inst, l, late32);
  // A line that matched e32 but breaks a rule checked after matching is not tried in other encodings
  // (nor is one whose vcc operand was left implicit: only e32 has that form).
  if (!isErr(r32) || r32.error === BUS_ERROR || r32.error === UNIQUE_LITERAL) return r32;
  if (e.o.p.flags & VF_MASK_IN && l.mask === null) return r32;
  const r64 = e.e64 ? encodeE64(e, inst, l, m, late64) : r32;
  if (!isErr(r64)) return r64;
  if (e.sdwa) {
    const rs = encodeSdwa(e.o, e.enc, inst, l, m, lateSdwa);
    if (!isErr(rs)) return rs;
  }
  return r64;
}

export const valuVop: AsmFamily = {
  name: 'valu-vop',
  mnemonics: (t) => table(t).keys(),
  encode,
  entry: (t, name) => table(t).get(name),
  encodeEntry: (inst, e) => encodeEntry(inst, e as Entry | undefined),
};
