// VOP3 (bits [31:26] = 110100, except VOP3P): the 64-bit VALU encoding of the VOP3-only ops and the e64
// forms of VOP1/VOP2/VOPC ops. Layout: word0 = vdst[7:0] abs[10:8] op_sel[14:11] clamp[15] op[25:16]
// (VOP3B: sdst[14:8] instead of abs/op_sel); word1 = src0[8:0] src1[17:9] src2[26:18] omod[28:27] neg[31:29].
// With DecodeOutput.into (the emulator's Program) the fields also go into that Decoded, in this one pass.
import { hasOpSel, VOP3 } from '../../isa/encodings/vector.js';
import type { Target } from '../../isa/targets.js';
import { processorOf } from '../../isa/vop-profile.js';
import type { Decoded } from '../decoded.js';
import { sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import {
  type ByteTable,
  byteTable,
  piece,
  putC,
  putComma,
  putP,
  putS,
  putT,
  type TextSink,
  textLen,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { bitBytes, bitList, fillOperands, fpMods, IS_INLINE_CONST, OP_SEL } from './vop3-common.js';
import {
  K_INTERP,
  K_INTERP16,
  K_NONE,
  K_SDST,
  K_VOPC,
  sdst64Table,
  type Vop3Entry,
  vop3Entry,
  vop3Ops,
} from './vop3-tables.js';

const OMOD = ['', ' mul:2', ' mul:4', ' div:2'];
const CHANNEL = ['x', 'y', 'z', 'w'];
const PARAM = ['p10', 'p20', 'p0'];

/** `attrN.c` of an interpolation's src0 field. */
function attr(code: number): string {
  return 'attr' + (code & 63) + '.' + CHANNEL[(code >>> 6) & 3];
}

let lastTarget = '';
let L = VOP3.gfx9.fields;
let ttmpBase = TTMP_BASE_GFX9;
let SDST64_TABLE = sdst64Table('gfx9');
let opSelBits = true;
let SDST64_BYTES: ByteTable = byteTable(SDST64_TABLE);
/** Per opcode of the current target: its Vop3Op, null where there is none, undefined until first used. */
let OPS: (Vop3Op | null | undefined)[] = [];
const NO_TEXTS = byteTable([]);

/**
 * What the decoder reads of an opcode's entry, in one shape for every op, with the operand tables
 * pre-encoded (a code LLVM rejects has an empty text there: no operand prints as nothing). Made on the
 * first word of the opcode.
 */
class Vop3Op {
  readonly kind: number;
  /** The neg/abs bits that must be clear. */
  readonly noMods: number;
  readonly modsPrint: number;
  readonly clamp: boolean;
  readonly omod: boolean;
  readonly opSel: number;
  readonly opSelZero: number;
  readonly pairs: number;
  /** Printed sources (0-3). */
  readonly n: number;
  readonly prefix: ByteTable;
  readonly dst: ByteTable;
  readonly src0: ByteTable;
  readonly src1: ByteTable;
  readonly src2: ByteTable;

  constructor(readonly entry: Vop3Entry) {
    this.kind = entry.kind;
    this.noMods = ~entry.mods;
    this.modsPrint = entry.modsPrint;
    this.clamp = entry.clamp;
    this.omod = entry.omod;
    this.opSel = entry.opSel;
    this.opSelZero = entry.opSelZero;
    this.pairs = entry.pairs;
    this.n = entry.src.length;
    this.prefix = piece(entry.prefix);
    this.dst = byteTable(entry.dst);
    const src = entry.src.map(byteTable);
    this.src0 = src[0] ?? NO_TEXTS;
    this.src1 = src[1] ?? NO_TEXTS;
    this.src2 = src[2] ?? NO_TEXTS;
  }
}

/** The Vop3Op of opcode `op` of the current target (made on first use). */
function opOf(target: Target, op: number): Vop3Op | null {
  const e = vop3Entry(target, op);
  const d = e === null ? null : new Vop3Op(e);
  OPS[op] = d;
  return d;
}

/** An operand with float input modifiers, as fpMods prints it. */
function putMods(o: TextSink, t: ByteTable, code: number, neg: boolean, abs: boolean): void {
  if (neg) {
    if (!abs && IS_INLINE_CONST[code]) {
      putS(o, 'neg(');
      putT(o, t, code);
      putC(o, 0x29);
      return;
    }
    putC(o, 0x2d);
  }
  if (abs) putC(o, 0x7c);
  putT(o, t, code);
  if (abs) putC(o, 0x7c);
}
/** vcc_lo's scalar operand code: where VOP3A ops without a scalar result field would write a carry. */
const VCC_LO = 106;

/**
 * The fields of an accepted VOP3 word: op = the Vop3Entry, dst = VDST, src0-2 = 9-bit codes, omod, neg,
 * clamp (never on gfx6/7's VOP3B, whose bit 11 is sdst's). VOP3B: sdst = SDST (abs and op_sel 0);
 * VOP3A: abs, op_sel (the raw four bits where the generation has them), sdst = VDST for VOPC (its mask
 * result), else vcc.
 */
function fillDecoded(d: Decoded, e: Vop3Entry, w0: number, w1: number, clamp: boolean): void {
  fillOperands(d, 'vop3', e.name, e, w0, w1);
  d.omod = (w1 >>> 27) & 3;
  d.neg = w1 >>> 29;
  d.clamp = clamp;
  if (e.kind === K_SDST) d.sdst = (w0 >>> 8) & 0x7f;
  else {
    d.abs = (w0 >>> 8) & 7;
    d.opSel = opSelBits ? (w0 >>> 11) & 0xf : 0;
    d.sdst = e.kind === K_VOPC ? w0 & 0xff : VCC_LO;
  }
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  if (inp.target !== lastTarget) {
    const g = processorOf(inp.target).generation;
    L = VOP3[g].fields;
    ttmpBase = g === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD;
    SDST64_TABLE = sdst64Table(g);
    opSelBits = hasOpSel(g);
    SDST64_BYTES = byteTable(SDST64_TABLE);
    OPS = new Array(L.op.mask + 1).fill(undefined);
    lastTarget = inp.target;
  }
  out.size = 0;
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const op = (w0 >>> L.op.shift) & L.op.mask;
  let d = OPS[op];
  if (d === undefined) d = opOf(inp.target, op);
  if (d === null) return;
  const kind = d.kind;
  const neg = w1 >>> 29;
  const omod = (w1 >>> 27) & 3;
  const vop3b = kind === K_SDST;
  // gfx6/gfx7 VOP3B has no clamp: its bit 11 is part of sdst.
  const clamp = ((w0 >>> L.clamp.shift) & 1) !== 0 && !(vop3b && L.clamp.shift < 14);
  const abs = vop3b ? 0 : (w0 >>> 8) & 7;
  if ((neg | abs) & d.noMods) return;
  if ((omod && !d.omod) || (clamp && !d.clamp)) return;
  const opSel = d.opSel ? (w0 >>> 11) & 15 : 0;
  if (opSel & d.opSelZero) return;
  const vdst = w0 & 0xff;
  if (kind !== K_NONE && kind !== K_VOPC && textLen(d.dst, vdst) === 0) return;
  const c0 = w1 & 0x1ff;
  const c1 = (w1 >>> 9) & 0x1ff;
  const c2 = (w1 >>> 18) & 0x1ff;
  const o = out.sink as TextSink;
  switch (kind) {
    case K_NONE:
      // vdst and the modifiers must be zero; the source fields and op_sel are ignored.
      if (vdst !== 0 || neg | abs | omod || clamp) return;
      putP(o, d.prefix);
      break;
    case K_INTERP:
    case K_INTERP16:
      if (!interp(d.entry, o, w0, w1, neg, abs, omod, clamp, opSel)) return;
      out.size = 2;
      if (out.into !== undefined) fillDecoded(out.into, d.entry, w0, w1, clamp);
      return;
    case K_VOPC: {
      if (textLen(SDST64_BYTES, vdst) === 0 || textLen(d.src0, c0) === 0 || textLen(d.src1, c1) === 0) return;
      putP(o, d.prefix);
      putT(o, SDST64_BYTES, vdst);
      putComma(o);
      putMods(o, d.src0, c0, (neg & 1) !== 0, (abs & 1) !== 0);
      putComma(o);
      putMods(o, d.src1, c1, (neg & 2) !== 0, (abs & 2) !== 0);
      break;
    }
    default: {
      const n = d.n;
      let sd = 0;
      if (vop3b) {
        sd = (w0 >>> 8) & 0x7f;
        if (textLen(SDST64_BYTES, sd) === 0) return;
      }
      if (
        (n > 0 && textLen(d.src0, c0) === 0) ||
        (n > 1 && textLen(d.src1, c1) === 0) ||
        (n > 2 && textLen(d.src2, c2) === 0)
      )
        return;
      putP(o, d.prefix);
      putT(o, d.dst, vdst);
      if (vop3b) {
        putComma(o);
        putT(o, SDST64_BYTES, sd);
      }
      const mp = d.modsPrint;
      if (n > 0) {
        putComma(o);
        if (mp & 1) putMods(o, d.src0, c0, (neg & 1) !== 0, (abs & 1) !== 0);
        else putT(o, d.src0, c0);
      }
      if (n > 1) {
        putComma(o);
        if (mp & 2) putMods(o, d.src1, c1, (neg & 2) !== 0, (abs & 2) !== 0);
        else putT(o, d.src1, c1);
      }
      if (n > 2) {
        putComma(o);
        if (mp & 4) putMods(o, d.src2, c2, (neg & 4) !== 0, (abs & 4) !== 0);
        else putT(o, d.src2, c2);
      }
      if (opSel)
        putT(
          o,
          bitBytes(OP_SEL, d.opSel),
          (d.opSel === 3 ? (opSel & 3) | ((opSel >>> 1) & 4) : opSel) & ((1 << d.opSel) - 1),
        );
    }
  }
  if (clamp) putP(o, CLAMP);
  if (omod) putP(o, OMOD_TEXT[omod]);
  out.size = 2;
  if (out.into !== undefined) fillDecoded(out.into, d.entry, w0, w1, clamp);
  const pairs = d.pairs;
  if (pairs !== 0) {
    PAIR_CODES[0] = kind === K_SDST ? (w0 >>> 8) & 0x7f : vdst;
    PAIR_CODES[1] = c0;
    PAIR_CODES[2] = c1;
    PAIR_CODES[3] = c2;
    PAIR_CODES[4] = c2;
    out.comment = pairWarnings(pairs, ttmpBase);
  }
}

// llvm-objdump warns about each misaligned SGPR pair (or quad), in operand order: result, src0-2, src2 as
// a quad. One loop with one call site, reached whenever any pair is there: a call site per operand was
// first reached after the decoder was optimised (the quad is rare) and deoptimised it in a cold run.
const PAIR_BITS = Int32Array.of(8, 1, 2, 4, 64);
const PAIR_WIDTHS = Int32Array.of(2, 2, 2, 2, 4);
const PAIR_CODES = new Int32Array(5);

function pairWarnings(pairs: number, ttmpBase: number): string {
  let c = '';
  for (let k = 0; k < 5; k++) {
    if (pairs & PAIR_BITS[k]) c += sgprAlignWarning(PAIR_CODES[k], PAIR_WIDTHS[k], ttmpBase);
  }
  return c;
}

const CLAMP = piece(' clamp');
const OMOD_TEXT = OMOD.map(piece);

/**
 * The interpolations' text (rare: built as a string). Returns false when the word is not an instruction.
 */
function interp(
  e: Vop3Entry,
  o: TextSink,
  w0: number,
  w1: number,
  neg: number,
  abs: number,
  omod: number,
  clamp: boolean,
  opSel: number,
): boolean {
  const src = e.src;
  const dst = e.dst[w0 & 0xff];
  const c0 = w1 & 0x1ff;
  const c1 = (w1 >>> 9) & 0x1ff;
  const c2 = (w1 >>> 18) & 0x1ff;
  let text: string;
  if (e.kind === K_INTERP) {
    if (c0 & 0x100) return false;
    let s1: string | null;
    if (e.mov) s1 = c1 < 3 ? PARAM[c1] : 'invalid_param_' + c1;
    else {
      s1 = src[1][c1];
      if (s1 === null) return false;
      s1 = fpMods(s1, c1, (neg & 2) !== 0, (abs & 2) !== 0);
    }
    text = e.prefix + dst + ', ' + s1 + ', ' + attr(c0);
    if (clamp) text += ' clamp';
  } else {
    const s1 = src[1][c1];
    if (s1 === null) return false;
    text = e.prefix + dst + ', ' + fpMods(s1, c1, (neg & 2) !== 0, (abs & 2) !== 0) + ', ' + attr(c0);
    if (src.length === 3) {
      const s2 = src[2][c2];
      if (s2 === null) return false;
      text += ', ' + fpMods(s2, c2, (neg & 4) !== 0, (abs & 4) !== 0);
    }
    if (c0 & 0x100) text += ' high';
    if (clamp) text += ' clamp';
    // Only src0's (the attribute's), src2's and dst's op_sel bits are kept; they print after clamp.
    const sel = opSel & 13;
    if (sel) text += bitList('op_sel', sel, 4);
  }
  putS(o, text + OMOD[omod]);
  return true;
}

function ops(t: Target): IsaEntry[] {
  return vop3Ops(t);
}

export const vop3: Family = { decode, ops };
