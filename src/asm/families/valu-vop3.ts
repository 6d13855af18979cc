// The VOP3-only ops (VOP3A/VOP3B opcodes 448 and up, and the VOP3 forms of the VINTRP ops). Operand types
// come from the shared VOP3 shape table; modifier availability from the disassembler's VOP3 entries.

import { genOf } from '../../codec/families/scalar-common.js';
import {
  K_INTERP,
  K_INTERP16,
  K_READLANE,
  K_SDST,
  K_WRITELANE,
  type Vop3Entry,
  vop3Table,
} from '../../codec/families/vop3-tables.js';
import { type OperandType, typeDwords } from '../../codec/operands.js';
import { VOP3 } from '../../isa/encodings/vector.js';
import { opcodeOn } from '../../isa/ops.js';
import type { Target } from '../../isa/targets.js';
import { processorOf } from '../../isa/vop-profile.js';
import { VOP3_ONLY_OPS, type Vop3OpShape, type Vop3Type } from '../../isa/vop3-ops.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import { hasXnack, litInner } from './scalar-common.js';
import { NOT_VALID, splitOperands, type ValuMods } from './valu-mods.js';
import {
  type Err,
  encodeSrc,
  err,
  INT_CLAMP,
  INVALID,
  intClampOld,
  isErr,
  ldsDirectError,
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
} from './valu-src.js';

export interface Entry {
  readonly s: Vop3OpShape;
  readonly e: Vop3Entry;
  /** A suffix llvm-mc refuses by the mnemonic (the variant's error), before it reads the operands. */
  readonly variant?: string;
  /** gfx6/gfx7: clamp taken only to be refused (valu-src.ts intClampOld). */
  readonly intClamp?: boolean;
}

/** Ops that read vcc without naming it (the constant bus counts it). */
export const READS_VCC = new Set(['v_div_fmas_f32', 'v_div_fmas_f64']);

function build(t: Target): Map<string, Entry> {
  const m = new Map<string, Entry>();
  const proc = processorOf(t);
  for (const s of VOP3_ONLY_OPS) {
    const op = opcodeOn(s, proc);
    const e = op === undefined ? null : vop3Table(t)[op];
    if (e === null || e === undefined) continue;
    const intClamp = proc.generation !== 'gfx8' && proc.generation !== 'gfx9' && intClampOld(e);
    // LLVM names the VOP3 forms of the VINTRP ops with their encoding suffix only.
    if (e.kind === K_INTERP) m.set(s.name + '_e64', { s, e });
    else if (e.kind === K_READLANE || e.kind === K_WRITELANE) {
      // gfx8/gfx9 encode v_readlane/v_writelane as VOP3 only, but LLVM keeps them VOP2 ops whose e32
      // form has that encoding: `_e32` is taken and the other suffixes are refused.
      m.set(s.name, { s, e });
      m.set(s.name + '_e32', { s, e });
      for (const v of ['e64', 'sdwa', 'dpp'])
        m.set(`${s.name}_${v}`, { s, e, variant: `${v} variant of this instruction is not supported` });
    } else {
      m.set(s.name, { s, e, intClamp });
      m.set(s.name + '_e64', { s, e, intClamp });
    }
  }
  // llvm-mc's mnemonic aliases: the old name of an op where the generation has no op of that name.
  for (const [alias, name] of MNEMONIC_ALIASES) {
    const e = m.get(name);
    if (e !== undefined && !m.has(alias)) {
      m.set(alias, e);
      m.set(alias + '_e64', e);
    }
  }
  return m;
}

/** gfx8/gfx9 llvm-mc-22 takes v_mul_lo_i32 (gfx6/gfx7's op) for v_mul_lo_u32, the same computation. */
const MNEMONIC_ALIASES: readonly (readonly [string, string])[] = [['v_mul_lo_i32', 'v_mul_lo_u32']];

const TABLES = new Map<Target, Map<string, Entry>>();
function table(t: Target): Map<string, Entry> {
  let m = TABLES.get(t);
  if (m === undefined) {
    m = build(t);
    TABLES.set(t, m);
  }
  return m;
}

function dwordsOf(t: Vop3Type): number {
  return t === 'v128' ? 4 : typeDwords(t);
}

const LDS_DIRECT = 254;
const CHANNELS = 'xyzw';
const PARAMS: Record<string, number> = { p10: 0, p20: 1, p0: 2 };

/** `attrN.c`: the interpolation attribute and channel as src0's code. */
function attrCode(op: Operand): number | Err {
  if (op.kind !== 'ident' || !op.name.startsWith('attr')) return err(INVALID, op.pos);
  const dot = op.name.indexOf('.');
  const n = Number(op.name.slice(4, dot));
  const ch = CHANNELS.indexOf(op.name.slice(dot + 1));
  if (dot < 5 || !Number.isInteger(n) || ch < 0 || op.name.length !== dot + 2) return err(INVALID, op.pos);
  if (n > 32) return err('out of bounds interpolation attribute number', op.pos);
  return n | (ch << 6);
}

/** op_sel:[...] as the VOP3 field: sources then the result, whose bit is always bit 3. */
function opSelField(m: ValuMods, e: Vop3Entry): number | Err {
  if (m.opSelN < 0) return 0;
  if (e.opSel === 0) return err(NOT_VALID, m.opSelPos as NonNullable<ValuMods['opSelPos']>);
  // The entry after the sources is the result's (bit 3); entries past it are ignored.
  const n = e.opSel - 1;
  // v_interp_p2_f16's second entry is the attribute's, which has no op_sel: llvm-mc-22 drops the bit.
  const srcs = m.opSel & ((1 << n) - 1) & (e.kind === K_INTERP16 ? ~2 : ~0);
  return srcs | (((m.opSel >>> n) & 1) << 3);
}

const ORDERS = new Map<string, readonly string[]>();

/** An op's modifier order with clamp where LLVM's AsmString has it (after op_sel/high, before omod). */
function withClamp(o: readonly string[]): readonly string[] {
  if (o.includes('clamp')) return o;
  const k = o.indexOf('omod');
  return k < 0 ? [...o, 'clamp'] : [...o.slice(0, k), 'clamp', ...o.slice(k)];
}

/**
 * The op's modifiers in llvm-mc's order (its VOP3 AsmStrings): op_sel, then the 16-bit interpolations'
 * high, then clamp and omod, those the op takes (v_interp_p2_f16: op_sel last).
 */
function orderOf(e: Vop3Entry): readonly string[] {
  const key = `${+(e.opSel !== 0)}${+(e.kind === K_INTERP16)}${+e.clamp}${+e.omod}`;
  let o = ORDERS.get(key);
  if (!o) {
    const c: string[] = [];
    // v_interp_p2_f16 (the 16-bit interpolation with op_sel) writes it last: "high clamp op_sel".
    if (e.opSel !== 0 && e.kind !== K_INTERP16) c.push('op_sel');
    if (e.kind === K_INTERP16) c.push('high');
    if (e.clamp) c.push('clamp');
    if (e.omod) c.push('omod');
    if (e.opSel !== 0 && e.kind === K_INTERP16) c.push('op_sel');
    o = c;
    ORDERS.set(key, o);
  }
  return o;
}

function encode(inst: AsmInst): EncodeResult | null {
  const ent = table(inst.target).get(inst.mnemonic);
  if (!ent) return null;
  setValuGen(genOf(inst.target), hasXnack(inst.target));
  if (ent.variant) return err(ent.variant, inst.pos);
  const { s, e } = ent;
  const nsrc = s.src.length;
  const want = 1 + (e.kind === K_SDST ? 1 : 0) + nsrc;
  const lane = e.kind === K_READLANE || e.kind === K_WRITELANE;
  const sp = splitOperands(inst.operands, {
    expected: want,
    classes: ent.intClamp ? withClamp(orderOf(e)) : orderOf(e),
    noSrcMods: lane,
  });
  if (isErr(sp)) return sp;
  const m = sp.mods;
  const opSel = opSelField(m, e);
  if (isErr(opSel)) return opSel;
  const p = sp.pos;
  const interp = e.kind === K_INTERP || e.kind === K_INTERP16;
  if (p.length !== want) {
    if (p.length < want) return sp.late ?? err('too few operands for instruction', inst.pos);
    return err(INVALID, p[want].pos);
  }
  // Result.
  let vdst: number | Err;
  if (e.kind === K_READLANE) vdst = sgpr32(p[0]);
  else vdst = vgprIndex(p[0], dwordsOf(s.dst));
  if (isErr(vdst)) return vdst;
  let sdst = 0;
  let k0 = 1;
  if (e.kind === K_SDST) {
    const sd = sgprPair(p[1]);
    if (isErr(sd)) return sd;
    sdst = sd;
    k0 = 2;
  }
  // Sources in syntax order; interpolation writes src1 (i/j or param) before the attribute (src0).
  const order = interp ? [1, 0, 2] : [0, 1, 2];
  let gpu: Err | null = null;
  const codes = [0, 0, 0];
  const srcs: (Src | null)[] = [null, null, null];
  let neg = 0;
  let abs = 0;
  for (let j = 0; j < nsrc; j++) {
    const k = order[j];
    const op = p[k0 + j];
    if (interp && k === 0) {
      const a = attrCode(op);
      if (isErr(a)) return a;
      codes[0] = a | (m.high ? 0x100 : 0);
      continue;
    }
    if (e.mov && k === 1) {
      const pr = op.kind === 'ident' ? PARAMS[op.name] : undefined;
      if (pr === undefined) return err(INVALID, op.pos);
      codes[1] = pr;
      continue;
    }
    const t = s.src[k];
    const src = encodeSrc(op, t === 'v128' ? 'b32' : (t as OperandType), dwordsOf(t));
    if (isErr(src)) return src;
    if (src.kind === S_AGPR) return err(INVALID, op.pos);
    if ((t === 'v128' || interp) && src.kind !== S_VGPR) return err(INVALID, op.pos);
    if (lane) {
      // LLVM's gfx8/gfx9 lane ops: src0 of v_readlane a VGPR (or lds_direct), of v_writelane a scalar
      // value; the lane select a scalar value, no literal. A literal or lds_direct as v_writelane's src0
      // matches only gfx10's form: refused for the GPU once the other operands match.
      const rl = e.kind === K_READLANE;
      const vsrc = src.kind === S_VGPR || (rl && src.code === LDS_DIRECT);
      if (k === 0 ? rl !== vsrc : src.kind === S_VGPR || src.kind === S_LIT)
        return err(INVALID, litInner(op));
      if (k === 0 && !rl && (src.kind === S_LIT || src.code === LDS_DIRECT))
        gpu = err('operands are not valid for this GPU or mode', inst.pos);
    }
    const md = op.mods;
    if (md.sext) return err(INVALID, op.pos);
    if ((md.neg || md.abs) && !(e.modsPrint & (1 << k))) return err(NOT_VALID, op.pos);
    // VOP3B has no abs bits (sdst sits there): LLVM rejects them, except src1's, which it drops.
    if (md.abs && e.kind === K_SDST && k !== 1) return err('ABS not allowed in VOP3B instructions', inst.pos);
    if (md.neg) neg |= 1 << k;
    if (md.abs && e.kind !== K_SDST) abs |= 1 << k;
    codes[k] = src.code;
    // v_writelane_b32 may take m0 as its lane select besides another scalar value.
    if (!(e.kind === K_WRITELANE && k === 1 && src.kind === S_SGPR && src.code === 124)) srcs[k] = src;
  }
  if (sp.late) return sp.late;
  if (gpu) return gpu;
  const ld = ldsDirectError(srcs, inst.mnemonic, false);
  if (ld) return ld;
  const bus = vop3Bus(srcs, READS_VCC.has(s.name) ? VCC_BUS : -1);
  if (bus) return bus;
  if (m.clamp && ent.intClamp) return err(INT_CLAMP, m.clamp);
  const field = e.kind === K_SDST ? (sdst & 0x7f) << 8 : (abs << 8) | (opSel << 11);
  const L = VOP3[processorOf(inst.target).generation].fields;
  const w0 = 0xd0000000 | (e.opcode << L.op.shift) | (m.clamp ? 1 << L.clamp.shift : 0) | field | vdst;
  const w1 = (neg << 29) | (m.omod << 27) | (codes[2] << 18) | (codes[1] << 9) | codes[0];
  return vop3bEncoded([w0 >>> 0, w1 >>> 0], e.kind === K_SDST ? sdst : 0);
}

export const valuVop3: AsmFamily = {
  name: 'valu-vop3',
  mnemonics: (t) => table(t).keys(),
  encode,
  entry: (t, name) => table(t).get(name),
};
