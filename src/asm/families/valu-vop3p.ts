// VOP3P: packed 16-bit math, the gfx906 dot products and mixed-precision FMA, and the gfx908 matrix ops
// (MFMA, whose modifier bits hold cbsz/abid/blgp and AGPR selects) and AGPR moves.
// Layout: word0 = vdst[7:0] neg_hi[10:8] op_sel[13:11] op_sel_hi2[14] clamp[15] op[22:16] 0x1a7[31:23];
// word1 = src0[8:0] src1[17:9] src2[26:18] op_sel_hi0/1[28:27] neg_lo[31:29].

import { genOf } from '../../codec/families/scalar-common.js';
import type { OperandType } from '../../codec/operands.js';
import { TARGETS, type Target, targetBit } from '../../isa/targets.js';
import { PACKED_OPS, type PackedOp } from '../../isa/vop3-packed.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import { hasXnack } from './scalar-common.js';
import { NOT_VALID, splitOperands, type ValuMods } from './valu-mods.js';
import {
  type Err,
  encodeSrc,
  err,
  INVALID,
  isErr,
  ldsDirectError,
  S_AGPR,
  S_CONST,
  S_LIT,
  S_VGPR,
  type Src,
  setValuGen,
  vgprIndex,
  vop3Bus,
} from './valu-src.js';

const VOP3P = 0xd3800000;

function build(t: Target): Map<string, PackedOp> {
  const m = new Map<string, PackedOp>();
  const tb = targetBit(t);
  for (const op of PACKED_OPS) {
    if (!(op.targets & tb)) continue;
    m.set(op.name, op);
    if (op.kind === 'accRead' || op.kind === 'accWrite') m.set(op.name.slice(0, -4), op);
    else if (op.kind !== 'mfma') m.set(op.name + '_e64', op);
  }
  return m;
}

const TABLES = new Map<Target, Map<string, PackedOp>>(TARGETS.map((t) => [t, build(t)]));

/** The op `name` (its `_e64` spelling, an AGPR move without `_b32`) on `t`. */
export function packedOp(t: Target, name: string): PackedOp | undefined {
  return TABLES.get(t)?.get(name);
}

/** Source types by op: what an inline constant means in each source (src2 of a dot is a 32-bit value). */
export function packedSrcTypes(op: PackedOp): OperandType[] {
  const n = op.name;
  if (op.kind === 'mix') return ['f16', 'f16', 'f16'];
  if (n === 'v_dot2_f32_f16') return ['v2f16', 'v2f16', 'f32'];
  if (n.startsWith('v_dot'))
    return n.startsWith('v_dot2') ? ['v2i16', 'v2i16', 'i32'] : ['i32', 'i32', 'i32'];
  const t: OperandType = n.endsWith('f16') ? 'v2f16' : 'v2i16';
  return [t, t, t];
}

function encodeMfma(
  op: PackedOp,
  inst: AsmInst,
  p: readonly Operand[],
  m: ValuMods,
  late?: Err,
): EncodeResult {
  if (p.length !== 4)
    return p.length < 4
      ? (late ?? err('too few operands for instruction', inst.pos))
      : err(INVALID, p[4].pos);
  const d = vgprIndex(p[0], op.accDwords, 'a');
  if (isErr(d)) return d;
  const codes = [0, 0, 0];
  let acc = 0;
  for (let k = 0; k < 3; k++) {
    const sop = p[k + 1];
    const n = k < 2 ? op.srcDwords : op.accDwords;
    const s = encodeSrc(sop, 'f32', n);
    if (isErr(s)) return s;
    if (sop.mods.neg || sop.mods.abs || sop.mods.sext) return err(INVALID, sop.pos);
    // gfx908 takes the accumulator (src2) from AGPRs only; LLVM names constants specially.
    if (k === 2 && s.kind === S_CONST)
      return err('inline constants are not allowed for this operand', sop.pos);
    if (k < 2 ? s.kind !== S_VGPR && s.kind !== S_AGPR : s.kind !== S_AGPR) return err(INVALID, sop.pos);
    if (k < 2 && s.kind === S_AGPR) acc |= 1 << k;
    codes[k] = s.code;
  }
  if (late) return late;
  // LLVM checks overlap (after matching) only for accumulators wider than 128 bits.
  const first = codes[2] - 256;
  if (op.accDwords > 4 && first !== d && first < d + op.accDwords && d < first + op.accDwords)
    return err('source 2 operand must not partially overlap with dst', p[3].pos);
  const w0 = VOP3P | (op.opcode << 16) | (m.abid << 11) | (m.cbsz << 8) | d;
  const w1 = (m.blgp << 29) | (acc << 27) | (codes[2] << 18) | (codes[1] << 9) | codes[0];
  return { words: [w0 >>> 0, w1 >>> 0] };
}

function encodeAcc(op: PackedOp, inst: AsmInst, p: readonly Operand[], late?: Err): EncodeResult {
  if (p.length !== 2)
    return p.length < 2
      ? (late ?? err('too few operands for instruction', inst.pos))
      : err(INVALID, p[2].pos);
  const read = op.kind === 'accRead';
  const d = vgprIndex(p[0], 1, read ? 'v' : 'a');
  if (isErr(d)) return d;
  const s = encodeSrc(p[1], 'b32', 1);
  if (isErr(s)) return s;
  if (p[1].mods.neg || p[1].mods.abs || p[1].mods.sext) return err(INVALID, p[1].pos);
  if (read ? s.kind !== S_AGPR : s.kind !== S_VGPR && s.kind !== S_CONST) {
    const scalar = !read && s.kind !== S_LIT && s.kind !== S_AGPR;
    return err(scalar ? 'source operand must be either a VGPR or an inline constant' : INVALID, p[1].pos);
  }
  if (late) return late;
  const w0 = VOP3P | (op.opcode << 16) | 0x4000 | d;
  return { words: [w0 >>> 0, (0x18000000 | s.code) >>> 0] };
}

/**
 * The modifiers of each kind in llvm-mc's order (the AsmStrings of LLVM's VOP3P and MFMA instructions):
 * gfx908 MFMAs take no clamp.
 */
const ORDER: Record<PackedOp['kind'], readonly string[]> = {
  packed: ['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi', 'clamp'],
  packedNoSel: ['neg_lo', 'neg_hi', 'clamp'],
  mix: ['op_sel', 'op_sel_hi', 'clamp'],
  mfma: ['cbsz', 'abid', 'blgp'],
  accRead: [],
  accWrite: [],
};

function encode(inst: AsmInst): EncodeResult | null {
  const op = TABLES.get(inst.target)?.get(inst.mnemonic);
  if (!op) return null;
  setValuGen(genOf(inst.target), hasXnack(inst.target));
  const expected = op.kind === 'mfma' ? 4 : op.kind === 'accRead' || op.kind === 'accWrite' ? 2 : op.nsrc + 1;
  const sp = splitOperands(inst.operands, { expected, classes: ORDER[op.kind] });
  if (isErr(sp)) return sp;
  const m = sp.mods;
  const p = sp.pos;
  if (op.kind === 'mfma') return encodeMfma(op, inst, p, m, sp.late);
  if (op.kind === 'accRead' || op.kind === 'accWrite') return encodeAcc(op, inst, p, sp.late);
  const mix = op.kind === 'mix';
  const n = op.nsrc;
  if (p.length !== n + 1)
    return p.length < n + 1
      ? (sp.late ?? err('too few operands for instruction', inst.pos))
      : err(INVALID, p[n + 1].pos);
  const d = vgprIndex(p[0], 1);
  if (isErr(d)) return d;
  const types = packedSrcTypes(op);
  const srcs: (Src | null)[] = [null, null, null];
  // Entries past the op's sources are ignored (a two-source op has no src2 bits).
  const srcMask = (1 << n) - 1;
  let negLo = m.negLo & srcMask;
  let negHi = m.negHi & srcMask;
  for (let k = 0; k < n; k++) {
    const sop = p[k + 1];
    const s = encodeSrc(sop, types[k], 1);
    if (isErr(s)) return s;
    if (s.kind === S_AGPR) return err(INVALID, sop.pos);
    const md = sop.mods;
    if (md.sext || ((md.neg || md.abs) && !mix)) return err(NOT_VALID, sop.pos);
    // The mix ops spell neg_lo as a negation and neg_hi as an absolute value of the source.
    if (md.neg) negLo |= 1 << k;
    if (md.abs) negHi |= 1 << k;
    srcs[k] = s;
  }
  if (sp.late) return sp.late;
  const ld = ldsDirectError(srcs, inst.mnemonic, false);
  if (ld) return ld;
  const bus = vop3Bus(srcs, -1);
  if (bus) return bus;
  let opSelHi = m.opSelHiN >= 0 ? m.opSelHi & srcMask : mix ? 0 : 7;
  if (n === 2 && !mix) opSelHi |= 4;
  const c = (k: number) => srcs[k]?.code ?? 0;
  const w0 =
    VOP3P |
    (op.opcode << 16) |
    (m.clamp ? 0x8000 : 0) |
    ((opSelHi & 4) << 12) |
    ((m.opSel & srcMask) << 11) |
    (negHi << 8) |
    d;
  const w1 = (negLo << 29) | ((opSelHi & 3) << 27) | (c(2) << 18) | (c(1) << 9) | c(0);
  return { words: [w0 >>> 0, w1 >>> 0] };
}

export const valuVop3p: AsmFamily = {
  name: 'valu-vop3p',
  mnemonics: (t) => TABLES.get(t)?.keys() ?? [],
  encode,
};
