// VOP3P (bits [31:23] = 0x1a7): packed 16-bit math, mixed-precision FMA, dot products and (gfx908) MFMA.
// Layout: word0 = vdst[7:0] neg_hi[10:8] op_sel[13:11] op_sel_hi2[14] clamp[15] op[22:16];
// word1 = src0[8:0] src1[17:9] src2[26:18] op_sel_hi0/1[28:27] neg_lo[31:29]. MFMA reuses the modifier
// bits: cbsz = neg_hi, abid = [14:11], blgp = neg_lo, and op_sel_hi0/1 select AGPRs for src0/src1.
// With DecodeOutput.into (the emulator's Program) the fields also go into that Decoded, in this one pass.

import { type Target, targetBit } from '../../isa/targets.js';
import { PACKED_OPS, type PackedOp } from '../../isa/vop3-packed.js';
import type { Decoded } from '../decoded.js';
import { agpr, sgprAlignWarning, TTMP_BASE_GFX9 } from '../operands.js';
import {
  type ByteTable,
  byteTable,
  piece,
  putComma,
  putP,
  putS,
  putT,
  type TextSink,
  textLen,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import {
  AGPR_NAMES,
  bitBytes,
  bitList,
  fillOperands,
  fpMods,
  NEG_HI,
  NEG_LO,
  OP_SEL,
  OP_SEL_HI,
  srcTable,
  VGPR_NAMES,
} from './vop3-common.js';
import { ACC_READ_SRC, ACC_WRITE_SRC, MFMA_SRC, mfmaAccTable } from './vop3p-operands.js';

const K_PACKED = 0;
const K_PACKED_NO_SEL = 1;
const K_MIX = 2;
const K_MFMA = 3;
const K_ACC_READ = 4;
const K_ACC_WRITE = 5;
const KIND_CODE = {
  packed: K_PACKED,
  packedNoSel: K_PACKED_NO_SEL,
  mix: K_MIX,
  mfma: K_MFMA,
  accRead: K_ACC_READ,
  accWrite: K_ACC_WRITE,
};

interface Entry {
  op: PackedOp;
  prefix: string;
  kind: number;
  nsrc: number;
  /** Bits of the 3-bit per-source fields that a two-source op must leave clear. */
  unusedSrcBits: number;
  /** MFMA: vdst text by field value (null when the tuple leaves the AGPR file); null until first use. */
  dst: readonly (string | null)[] | null;
  acc: readonly (string | null)[] | null;
  /** The pre-encoded texts (text-bytes.ts), made on first use. */
  b: EntryBytes | null;
}

interface EntryBytes {
  readonly prefix: ByteTable;
  readonly dst: ByteTable;
  readonly acc: ByteTable;
}

function bytesOf(e: Entry): EntryBytes {
  if (e.b === null) {
    if (e.dst === null) mfmaTexts(e);
    e.b = {
      prefix: piece(e.prefix),
      dst: byteTable(e.dst as (string | null)[]),
      acc: byteTable(e.acc as (string | null)[]),
    };
  }
  return e.b;
}

/** An MFMA entry's AGPR tuple texts (e.dst, e.acc). */
function mfmaTexts(e: Entry): void {
  const n = e.op.accDwords;
  e.dst = Array.from({ length: 256 }, (_, d) => (d + n <= 256 ? agpr(d, n) : null));
  e.acc = mfmaAccTable(n);
}

const SRC = srcTable('b32');
const CLAMP = piece(' clamp');
let srcBytes: ByteTable | null = null;
let mfmaBytes: ByteTable[][] | null = null;
let accBytes: ByteTable[] | null = null;
let nameBytes: ByteTable[] | null = null;

/** The shared source tables pre-encoded, on first use: SRC, MFMA_SRC, ACC_READ/WRITE_SRC, VGPR/AGPR names. */
function shared(): void {
  srcBytes = byteTable(SRC);
  mfmaBytes = MFMA_SRC.map((byAcc) => byAcc.map(byteTable));
  accBytes = [byteTable(ACC_READ_SRC), byteTable(ACC_WRITE_SRC)];
  nameBytes = [byteTable(VGPR_NAMES), byteTable(AGPR_NAMES)];
}

function buildTable(t: Target): (Entry | null)[] {
  const tab: (Entry | null)[] = new Array(128).fill(null);
  const bit = targetBit(t);
  for (const op of PACKED_OPS) {
    if (!(op.targets & bit)) continue;
    const n = op.accDwords;
    tab[op.opcode] = {
      op,
      prefix: op.name + ' ',
      kind: KIND_CODE[op.kind],
      nsrc: op.nsrc,
      unusedSrcBits: op.nsrc === 2 ? 4 : 0,
      // MFMA's AGPR tuple texts: made by mfmaTexts on the op's first word.
      dst: n ? null : [],
      acc: n ? null : [],
      b: null,
    };
  }
  return tab;
}

const NONE: (Entry | null)[] = new Array(128).fill(null);

/**
 * The ops of a target by opcode, built on first use and shared by the targets with the same ops (gfx902,
 * gfx909 and gfx90c have gfx900's: processors.ts); none before gfx9. Building gfx900's, gfx906's and
 * gfx908's at module load was a visible part of a small file's start-up.
 */
const TABLES: Partial<Record<Target, (Entry | null)[]>> = {};
const BY_BIT = new Map<number, (Entry | null)[]>();
function tableOf(t: Target): (Entry | null)[] {
  const bit = targetBit(t);
  let tab = bit === 0 ? NONE : BY_BIT.get(bit);
  if (tab === undefined) {
    tab = buildTable(t);
    BY_BIT.set(bit, tab);
  }
  TABLES[t] = tab;
  return tab;
}

/**
 * The fields of an accepted word: op = the PackedOp, dst = VDST, src0-2 = 9-bit codes, negHi, opSel (3
 * bits), opSelHi (op_sel_hi0/1 and op_sel_hi2), neg = neg_lo, clamp; acc = bits 59-60 (MFMA's AGPR
 * selects of src0/src1, the same bits as op_sel_hi0/1).
 */
function fillDecoded(d: Decoded, op: PackedOp, w0: number, w1: number): void {
  fillOperands(d, 'vop3p', op.name, op, w0, w1);
  d.negHi = (w0 >>> 8) & 7;
  d.opSel = (w0 >>> 11) & 7;
  d.opSelHi = ((w1 >>> 27) & 3) | ((w0 >>> 12) & 4);
  d.neg = w1 >>> 29;
  d.clamp = (w0 & 0x8000) !== 0;
  d.acc = (w1 >>> 27) & 3;
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const e = (TABLES[inp.target] ?? tableOf(inp.target))[(w0 >>> 16) & 0x7f];
  if (e === null) return;
  const c0 = w1 & 0x1ff;
  const c1 = (w1 >>> 9) & 0x1ff;
  const c2 = (w1 >>> 18) & 0x1ff;
  const vdst = w0 & 0xff;
  const negHi = (w0 >>> 8) & 7;
  const opSel = (w0 >>> 11) & 7;
  const opSelHi = ((w1 >>> 27) & 3) | ((w0 >>> 12) & 4);
  const negLo = w1 >>> 29;
  const clamp = (w0 & 0x8000) !== 0;
  if (srcBytes === null) shared();
  const o = out.sink as TextSink;
  // The MIX ops build a string; the others write pre-encoded bytes, once every operand is accepted.
  let text = '';
  switch (e.kind) {
    case K_MFMA: {
      const sd = e.op.srcDwords - 1;
      const a0 = (w1 >>> 27) & 1;
      const a1 = (w1 >>> 28) & 1;
      if (e.dst === null) mfmaTexts(e);
      if ((e.dst as (string | null)[])[vdst] === null) return;
      if (MFMA_SRC[sd][a0][c0] === null || MFMA_SRC[sd][a1][c1] === null) return;
      if ((e.acc as (string | null)[])[c2] === null) return;
      const b = bytesOf(e);
      const m = (mfmaBytes as ByteTable[][])[sd];
      putP(o, b.prefix);
      putT(o, b.dst, vdst);
      putComma(o);
      putT(o, m[a0], c0);
      putComma(o);
      putT(o, m[a1], c1);
      putComma(o);
      putT(o, b.acc, c2);
      // llvm-objdump-22 warns about misaligned SGPR/TTMP tuples here too (src0/src1 of 64-bit sources,
      // src2 as at most 16 registers); codes of VGPRs, AGPRs and constants never warn.
      out.comment =
        sgprAlignWarning(c0, e.op.srcDwords, TTMP_BASE_GFX9) +
        sgprAlignWarning(c1, e.op.srcDwords, TTMP_BASE_GFX9) +
        sgprAlignWarning(c2, Math.min(e.op.accDwords, 16), TTMP_BASE_GFX9);
      const abid = (w0 >>> 11) & 15;
      if (negHi) text += ' cbsz:' + negHi;
      if (abid) text += ' abid:' + abid;
      if (negLo) text += ' blgp:' + negLo;
      break;
    }
    case K_ACC_READ:
    case K_ACC_WRITE: {
      // The modifier fields are fixed to zero; src1/src2, op_sel_hi and clamp are ignored.
      if (negHi | opSel | negLo) return;
      const read = e.kind === K_ACC_READ;
      if ((read ? ACC_READ_SRC : ACC_WRITE_SRC)[c0] === null) return;
      putP(o, bytesOf(e).prefix);
      putT(o, (nameBytes as ByteTable[])[read ? 0 : 1], vdst);
      putComma(o);
      putT(o, (accBytes as ByteTable[])[read ? 0 : 1], c0);
      break;
    }
    default: {
      const un = e.unusedSrcBits;
      if ((negHi | opSel | negLo) & un) return;
      // Checked by the arena entries putT copies next (0 bytes: a code LLVM rejects): the string table's
      // loads were cache misses of their own on distinct input (issue 13).
      const sb = srcBytes as ByteTable;
      const three = e.nsrc === 3;
      if (textLen(sb, c0) === 0 || textLen(sb, c1) === 0 || (three && textLen(sb, c2) === 0)) return;
      if (e.kind === K_MIX) {
        // neg_lo negates and neg_hi takes the absolute value of the (f32 or f16) source.
        text =
          e.prefix +
          VGPR_NAMES[vdst] +
          ', ' +
          fpMods(SRC[c0] as string, c0, (negLo & 1) !== 0, (negHi & 1) !== 0) +
          ', ' +
          fpMods(SRC[c1] as string, c1, (negLo & 2) !== 0, (negHi & 2) !== 0) +
          ', ' +
          fpMods(SRC[c2] as string, c2, (negLo & 4) !== 0, (negHi & 4) !== 0);
        if (opSel) text += bitList('op_sel', opSel, 3);
        if (opSelHi) text += bitList('op_sel_hi', opSelHi, 3);
        if (clamp) text += ' clamp';
      } else {
        const n = e.nsrc;
        const all = (1 << n) - 1;
        if (e.kind !== K_PACKED && opSel) return;
        putP(o, bytesOf(e).prefix);
        putT(o, (nameBytes as ByteTable[])[0], vdst);
        putComma(o);
        putT(o, sb, c0);
        putComma(o);
        putT(o, sb, c1);
        if (three) {
          putComma(o);
          putT(o, sb, c2);
        }
        if (e.kind === K_PACKED) {
          if (opSel) putT(o, bitBytes(OP_SEL, n), opSel & all);
          if ((opSelHi & all) !== all) putT(o, bitBytes(OP_SEL_HI, n), opSelHi & all);
        }
        if (negLo) putT(o, bitBytes(NEG_LO, n), negLo & all);
        if (negHi) putT(o, bitBytes(NEG_HI, n), negHi & all);
        // Half of the distinct words have the bit: as a piece, not a string copied by character.
        if (clamp) putP(o, CLAMP);
      }
    }
  }
  if (text !== '') putS(o, text);
  out.size = 2;
  if (out.into !== undefined) fillDecoded(out.into, e.op, w0, w1);
}

// Every described processor (not only the supported ones): `gcnkit isa` lists gfx902's ops as gfx900's.
function ops(t: Target): IsaEntry[] {
  const list: IsaEntry[] = [];
  for (const e of TABLES[t] ?? tableOf(t))
    if (e !== null) list.push({ name: e.op.name, encoding: 'VOP3P', opcode: e.op.opcode });
  return list;
}

export const vop3p: Family = { decode, ops };
