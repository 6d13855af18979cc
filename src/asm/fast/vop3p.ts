// VOP3P on the fast path (asm/families/valu-vop3p.ts is the reference): packed math and dot products
// `vdst, src0, src1[, src2]` with clamp and the op_sel / op_sel_hi / neg_lo / neg_hi bit lists, the mix ops
// (neg/abs on register sources as neg_lo/neg_hi, no neg lists), and the gfx908 MFMA ops `a[..], src0,
// src1, a[..]` with cbsz / abid / blgp. Sources: VGPRs, scalar registers (one scalar value: the constant
// bus) and inline constants; a literal, an AGPR source of a packed op, lds_direct and every modifier
// spelling but these (each once, no comma, after the sources) go the general way.
// Layout (valu-vop3p.ts): word0 = vdst[7:0] neg_hi[10:8] op_sel[13:11] op_sel_hi2[14] clamp[15] op[22:16]
// 0x1a7[31:23]; word1 = src0[8:0] src1[17:9] src2[26:18] op_sel_hi0/1[28:27] neg_lo[31:29].
import type { Target } from '../../isa/targets.js';
import * as valu from '../families/valu-src.js';
import { packedOp, packedSrcTypes } from '../families/valu-vop3p.js';
import {
  FILE,
  kw,
  MODS,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opValue,
  opWord,
} from './operands.js';
import { scalarReg, TYPES, words } from './program.js';

// Imported bindings copied once (see lexer.ts).
const { immCode, specialSrc } = valu;
const { REG: O_REG, INT: O_INT, FLOAT: O_FLOAT, KEY: O_KEY, NAMED: O_NAMED, LIST: O_LIST } = OPERAND;
const { V: F_V, A: F_A, SPECIAL: F_SPECIAL } = FILE;
const { NEG: M_NEG, ABS: M_ABS, SEXT: M_SEXT } = MODS;
const K_CLAMP = kw('clamp');
const N_OP_SEL = named('op_sel');
const N_OP_SEL_HI = named('op_sel_hi');
const N_NEG_LO = named('neg_lo');
const N_NEG_HI = named('neg_hi');
const N_CBSZ = named('cbsz');
const N_ABID = named('abid');
const N_BLGP = named('blgp');

const VOP3P = 0xd3800000;
const K_PACKED = 0;
const K_NOSEL = 1;
const K_MIX = 2;
const K_MFMA = 3;

export interface Vop3pProgram {
  readonly kind: number;
  readonly opcode: number;
  /** Sources (2 or 3). */
  readonly nsrc: number;
  /** The sources' types (TYPES indexes): what an inline constant means in each. */
  readonly types: Uint8Array;
  /** MFMA: dwords of vdst and src2, of src0 and src1. */
  readonly accDwords: number;
  readonly srcDwords: number;
}

const typeIndex = (t: string): number => TYPES.indexOf(t as (typeof TYPES)[number]);

/** The program of the VOP3P op `name` on `t` (its `_e64` spelling too), or null (the AGPR moves). */
export function vop3pProgram(t: Target, name: string): Vop3pProgram | null {
  const op = packedOp(t, name);
  if (!op) return null;
  const kind =
    op.kind === 'packed'
      ? K_PACKED
      : op.kind === 'packedNoSel'
        ? K_NOSEL
        : op.kind === 'mix'
          ? K_MIX
          : op.kind === 'mfma'
            ? K_MFMA
            : -1;
  if (kind < 0) return null;
  const types = Uint8Array.from(packedSrcTypes(op), typeIndex);
  return { kind, opcode: op.opcode, nsrc: op.nsrc, types, accDwords: op.accDwords, srcDwords: op.srcDwords };
}

/** The scalar value the sources read (code * 32 + dwords, as program.ts counts it), or -1. */
let bus = -1;

/** Source k of a packed/dot/mix op as a 9-bit code, or -1. */
function source(k: number, type: number): number {
  const ok = opKind[k];
  if (ok === O_INT || ok === O_FLOAT) {
    const c = immCode(ok === O_FLOAT, opValue[k], TYPES[type]);
    // gfx9's VOP3P has no literal.
    return c === 255 ? -1 : c;
  }
  if (ok !== O_REG || opCount[k] !== 1) return -1;
  const f = opFile[k];
  if (f === F_V) return opIndex[k] < 256 ? 256 + opIndex[k] : -1;
  if (f === F_A) return -1;
  const named = f === F_SPECIAL;
  const c = named ? specialSrc(opIndex[k], 1, 1) : scalarReg(k, 1);
  if (c < 0) return -1;
  const key = c * 32 + 1;
  if (bus >= 0 && bus !== key) return -1;
  bus = key;
  return c;
}

/** A VGPR or AGPR tuple of `dw` dwords (MFMA operands), as its 9-bit code (AGPRs 256 + index too), or -1. */
function tuple(k: number, dw: number, agprOnly: boolean): number {
  if (opKind[k] !== O_REG || opMods[k] !== 0 || opCount[k] !== dw) return -1;
  const f = opFile[k];
  if (f !== F_A && (agprOnly || f !== F_V)) return -1;
  const i = opIndex[k];
  return i + dw <= 256 ? 256 + i : -1;
}

function encodeMfma(p: Vop3pProgram, n: number): number {
  const acc = p.accDwords;
  const d = tuple(0, acc, true);
  const c0 = tuple(1, p.srcDwords, false);
  const c1 = tuple(2, p.srcDwords, false);
  const c2 = tuple(3, acc, true);
  if (d < 0 || c0 < 0 || c1 < 0 || c2 < 0) return 0;
  // LLVM checks overlap only for accumulators wider than 128 bits.
  if (acc > 4 && c2 !== d && c2 < d + acc && d < c2 + acc) return 0;
  let cbsz = -1;
  let abid = -1;
  let blgp = -1;
  for (let k = 4; k < n; k++) {
    if (opComma[k] !== 0 || opKind[k] !== O_NAMED) return 0;
    const w = opWord[k];
    const v = opValue[k];
    if (w === N_CBSZ && cbsz < 0 && v >= 0 && v <= 7) cbsz = v;
    else if (w === N_ABID && abid < 0 && v >= 0 && v <= 15) abid = v;
    else if (w === N_BLGP && blgp < 0 && v >= 0 && v <= 7) blgp = v;
    else return 0;
  }
  const a = (opFile[1] === F_A ? 1 : 0) | (opFile[2] === F_A ? 2 : 0);
  words[0] = VOP3P | (p.opcode << 16) | (abid > 0 ? abid << 11 : 0) | (cbsz > 0 ? cbsz << 8 : 0) | (d - 256);
  words[1] = ((blgp > 0 ? blgp << 29 : 0) | (a << 27) | (c2 << 18) | (c1 << 9) | c0) >>> 0;
  return 2;
}

/** Encodes the operands [0, n) with `p` into words; the number of dwords, or 0 for the general path. */
export function encodeVop3p(p: Vop3pProgram, n: number): number {
  const ns = p.nsrc;
  if (n < ns + 1 || opComma[0] !== 0) return 0;
  for (let k = 1; k <= ns; k++) if (opComma[k] !== 1) return 0;
  if (p.kind === K_MFMA) return encodeMfma(p, n);
  if (opKind[0] !== O_REG || opFile[0] !== F_V || opCount[0] !== 1 || opMods[0] !== 0) return 0;
  const d = opIndex[0];
  if (d >= 256) return 0;
  const mix = p.kind === K_MIX;
  bus = -1;
  let negLo = 0;
  let negHi = 0;
  let c0 = 0;
  let c1 = 0;
  let c2 = 0;
  for (let k = 1; k <= ns; k++) {
    const mods = opMods[k];
    // The mix ops spell neg_lo as a negation and neg_hi as an absolute value of the source.
    if (mods !== 0 && (!mix || mods & M_SEXT)) return 0;
    const c = source(k, p.types[k - 1]);
    if (c < 0) return 0;
    if (mods & M_NEG) negLo |= 1 << (k - 1);
    if (mods & M_ABS) negHi |= 1 << (k - 1);
    if (k === 1) c0 = c;
    else if (k === 2) c1 = c;
    else c2 = c;
  }
  let clamp = 0;
  let opSel = -1;
  let opSelHi = -1;
  let listLo = -1;
  let listHi = -1;
  for (let k = ns + 1; k < n; k++) {
    if (opComma[k] !== 0) return 0;
    const ok = opKind[k];
    const w = opWord[k];
    const v = opValue[k];
    if (ok === O_KEY && w === K_CLAMP && clamp === 0) clamp = 1;
    else if (ok !== O_LIST) return 0;
    else if (w === N_OP_SEL && opSel < 0 && p.kind !== K_NOSEL) opSel = v;
    else if (w === N_OP_SEL_HI && opSelHi < 0 && p.kind !== K_NOSEL) opSelHi = v;
    else if (w === N_NEG_LO && listLo < 0 && !mix) listLo = v;
    else if (w === N_NEG_HI && listHi < 0 && !mix) listHi = v;
    else return 0;
  }
  // Entries past the op's sources are ignored (a two-source op has no src2 bits).
  const srcMask = (1 << ns) - 1;
  if (listLo > 0) negLo |= listLo & srcMask;
  if (listHi > 0) negHi |= listHi & srcMask;
  let hi = opSelHi >= 0 ? opSelHi & srcMask : mix ? 0 : 7;
  if (ns === 2 && !mix) hi |= 4;
  const sel = opSel > 0 ? opSel & srcMask : 0;
  words[0] =
    (VOP3P | (p.opcode << 16) | (clamp << 15) | ((hi & 4) << 12) | (sel << 11) | (negHi << 8) | d) >>> 0;
  words[1] = ((negLo << 29) | ((hi & 3) << 27) | (c2 << 18) | (c1 << 9) | c0) >>> 0;
  return 2;
}
