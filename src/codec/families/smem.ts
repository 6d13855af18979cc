// Scalar memory: SMEM on gfx8/9 (two dwords), SMRD on gfx6/7 (one dword, plus a literal offset dword on
// gfx7). Ops and their shapes: src/isa/ops/scalar-smem.ts; bit layouts: src/isa/encodings/scalar.ts.
//
// Decoded fields: saddr = SBASE as an SGPR code (2 * field), dst = the SDATA code, offset = the immediate
// byte offset (0 without IMM; SMRD's dword offset or gfx7's literal dword offset, times 4), src0 = the SGPR holding an
// offset (-1 none), lit = the SMRD dword offset or literal as encoded, glc, size in bytes, op = the row.
import { SMEM_LAYOUTS } from '../../isa/encodings/scalar.js';
import type { Field } from '../../isa/fields.js';
import { SMEM_OPS, Smem, type SmemRow } from '../../isa/ops/scalar-smem.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import {
  ascii,
  type ByteTable,
  byteTable,
  putB,
  putC,
  putComma,
  putHex,
  putImm32,
  putT,
  type TextSink,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import {
  genOf,
  genTables,
  listRows,
  nameBytesByGen,
  namesBytes,
  namesOf,
  SCRATCH,
  sregTuple,
} from './scalar-common.js';

export const SMEM_BY_GEN = genTables(SMEM_OPS, 256);

const LITERAL = 255;

// Field positions per generation copied once into plain numbers for the per-instruction path (the SMRD
// layout lacks soe/nv/glc/soffset: shift -1).
interface Pos {
  readonly smrd: boolean;
  readonly gfx7: boolean;
  readonly opShift: number;
  readonly opMask: number;
  readonly immShift: number;
  readonly sbaseShift: number;
  readonly sbaseMask: number;
  readonly sdataShift: number;
  readonly sdataMask: number;
  readonly glcShift: number;
  readonly soeShift: number;
  readonly soffsetShift: number;
  readonly offsetMask: number;
  /** Whether the immediate offset is signed (gfx9's 21 bits). */
  readonly signed: boolean;
}
function pos(gen: Generation): Pos {
  const f = SMEM_LAYOUTS[gen].fields;
  const shift = (x: Field | undefined) => (x === undefined ? -1 : x.shift);
  return {
    smrd: f.glc === undefined,
    gfx7: gen === 'gfx7',
    opShift: f.op.shift,
    opMask: f.op.mask,
    immShift: f.imm.shift,
    sbaseShift: f.sbase.shift,
    sbaseMask: f.sbase.mask,
    sdataShift: f.sdata.shift,
    sdataMask: f.sdata.mask,
    glcShift: shift(f.glc),
    soeShift: shift(f.soe),
    soffsetShift: shift(f.soffset),
    offsetMask: f.offset.mask,
    signed: f.offset.width === 21,
  };
}
const POS: Record<Generation, Pos> = {
  gfx6: pos('gfx6'),
  gfx7: pos('gfx7'),
  gfx8: pos('gfx8'),
  gfx9: pos('gfx9'),
};

/**
 * Extracts the instruction at `at` into `d` (see the header; imm = the IMM bit); null when it is not an
 * op of the generation.
 */
export function smemFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  gen: Generation,
  d: Decoded,
): SmemRow | null {
  const p = POS[gen];
  const w0 = words[at];
  const row = SMEM_BY_GEN[gen][(w0 >>> p.opShift) & p.opMask];
  if (row === null) return null;
  const imm = (w0 >>> p.immShift) & 1;
  d.fmt = 'smem';
  d.name = row.name;
  d.op = row;
  d.imm = imm;
  d.saddr = 2 * ((w0 >>> p.sbaseShift) & p.sbaseMask);
  d.dst = (w0 >>> p.sdataShift) & p.sdataMask;
  if (p.smrd) {
    const off = w0 & p.offsetMask;
    d.glc = false;
    d.size = 4;
    d.lit = off;
    if (imm) {
      d.offset = off * 4;
      d.src0 = -1;
    } else if (off === LITERAL && p.gfx7) {
      if (at + 1 >= n) return null;
      d.lit = words[at + 1];
      // Like the 8-bit immediate, the literal counts dwords (LLVM: convertSMRDOffsetUnits on SI/CI).
      d.offset = d.lit * 4;
      d.src0 = -1;
      d.size = 8;
    } else {
      d.offset = 0;
      d.src0 = off;
    }
    return row;
  }
  if (at + 1 >= n) return null;
  const w1 = words[at + 1];
  const soe = p.soeShift >= 0 ? (w0 >>> p.soeShift) & 1 : 0;
  d.size = 8;
  d.glc = ((w0 >>> p.glcShift) & 1) !== 0;
  d.lit = 0;
  const raw = w1 & p.offsetMask;
  d.offset = imm ? (p.signed ? (raw << 11) >> 11 : raw) : 0;
  d.src0 = soe ? w1 >>> p.soffsetShift : imm ? -1 : w1 & 0x7f;
  return row;
}

// sdata names per dword count; LLVM excludes m0 and exec from the data classes but still prints them,
// with a note.
function sdataTable(n: number, gen: Generation): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < 128; c++) t.push(sregTuple(c, n, gen));
  if (n === 1) {
    for (const c of [124, 126, 127]) {
      t[c] += "/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/";
    }
  } else if (n === 2) {
    t[126] += "/*Invalid register, operand has 'SReg_64_XEXEC' register class*/";
  }
  return t;
}

interface Tables {
  sdata: (string | null)[][];
  /** By SBASE code (even). */
  sbase: (string | null)[][];
  /** The two pre-encoded (text-bytes.ts). */
  sdataB: ByteTable[];
  sbaseB: ByteTable[];
  /** llvm-objdump's misalignment warning by register code, per tuple width (sgprAlignWarning, tabled). */
  warn: string[][];
}
function tables(gen: Generation): Tables {
  const sdata: (string | null)[][] = [];
  for (const n of [1, 2, 4, 8, 16]) sdata[n] = sdataTable(n, gen);
  const sbase: (string | null)[][] = [];
  for (const n of [2, 4]) {
    sbase[n] = [];
    for (let c = 0; c < 128; c++) sbase[n].push(sregTuple(c, n, gen));
  }
  const ttmp = gen === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD;
  const warn: string[][] = [];
  for (const n of [1, 2, 4, 8, 16]) {
    warn[n] = [];
    for (let c = 0; c < 128; c++) warn[n].push(sgprAlignWarning(c, n, ttmp));
  }
  return { sdata, sbase, warn, sdataB: sdata.map(byteTable), sbaseB: sbase.map(byteTable) };
}
// Per generation on first use: the four at module load were about 10 ms of a small file's start-up.
const TABLES: Record<Generation, Tables | null> = { gfx6: null, gfx7: null, gfx8: null, gfx9: null };
function tablesOf(gen: Generation): Tables {
  let t = TABLES[gen];
  if (t === null) {
    t = tables(gen);
    TABLES[gen] = t;
  }
  return t;
}

/** A signed byte offset in hex (`-0x..` below zero). */
function putOffsetHex(o: TextSink, v: number): void {
  if (v < 0) {
    putC(o, 0x2d);
    v = -v;
  }
  putHex(o, v);
}

const OFFSET = ascii(' offset:');
const GLC = ascii(' glc');

/** The offset operand(s): an immediate, an SGPR, or both (gfx9 soe and imm set); checked by `print`. */
function putAddress(o: TextSink, d: Decoded, dst32: ByteTable, smrd: boolean, imm: number): void {
  if (smrd) {
    // The dword offset (or gfx7's literal) as encoded.
    if (d.src0 < 0) putHex(o, d.lit);
    else putT(o, dst32, d.src0);
    return;
  }
  if (d.src0 < 0) {
    putOffsetHex(o, d.offset);
    return;
  }
  putT(o, dst32, d.src0);
  // gfx9 with SOE: the SGPR, then the immediate as a modifier when IMM is set too.
  if (imm) {
    putB(o, OFFSET);
    putOffsetHex(o, d.offset);
  }
}

const NAME_BYTES = nameBytesByGen(SMEM_BY_GEN);

/** Writes the text of a filled Decoded into `o`; false when LLVM rejects the word. */
function print(d: Decoded, gen: Generation, out: DecodeOutput, w0: number, o: TextSink): boolean {
  const row = d.op as SmemRow;
  const p = POS[gen];
  const t = TABLES[gen] ?? tablesOf(gen);
  const imm = d.imm;
  const name = NAME_BYTES[gen][(w0 >>> p.opShift) & p.opMask] as Uint8Array;
  switch (row.access) {
    case Smem.Cache:
      if (imm || (p.smrd && (w0 & 0x3fffff) !== 0)) return false;
      putB(o, name);
      return true;
    case Smem.Time:
    case Smem.RealTime: {
      if (imm || (p.smrd && (w0 & 0x7fff) !== 0)) return false;
      if (t.sdata[2][d.dst] === null) return false;
      out.comment = t.warn[2][d.dst];
      putB(o, name);
      putC(o, 0x20);
      putT(o, t.sdataB[2], d.dst);
      return true;
    }
  }
  if (t.sbase[row.base][d.saddr] === null) return false;
  // The offset SGPR must name a register (SMRD: a code below 128 too).
  if (d.src0 >= 0 && (d.src0 >= 128 || namesOf(gen).dst32[d.src0] === null)) return false;
  const data = row.access !== Smem.Probe && row.access !== Smem.Discard;
  if (data && t.sdata[row.data][d.dst] === null) return false;
  let comment = t.warn[row.base][d.saddr];
  putB(o, name);
  putC(o, 0x20);
  if (row.access === Smem.Probe) {
    putImm32(o, d.dst);
    putComma(o);
  } else if (data) {
    putT(o, t.sdataB[row.data], d.dst);
    putComma(o);
    const w = t.warn[row.data][d.dst];
    // A returning atomic (glc) has SDATA twice in LLVM's operand list (the result and the tied data),
    // and llvm-objdump warns once per decoded operand.
    comment = (row.access === Smem.Atomic && d.glc ? w + w : w) + comment;
  }
  putT(o, t.sbaseB[row.base], d.saddr);
  putComma(o);
  putAddress(o, d, namesBytes(gen).dst32, p.smrd, imm);
  if (row.glc && d.glc) putB(o, GLC);
  out.comment = comment;
  return true;
}

// Written out per family rather than made by a shared factory: a closure factory's call sites share one
// feedback vector, which goes megamorphic across the families and slows the disassembler.
function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  const gen = genOf(inp.target);
  const d = out.into ?? SCRATCH;
  if (smemFields(inp.words, i, inp.n, gen, d) === null) return;
  if (!print(d, gen, out, inp.words[i], out.sink as TextSink)) return;
  out.size = d.size >>> 2;
}

export const smem: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SMEM_OPS, t, POS[genOf(t)].smrd ? 'SMRD' : 'SMEM'),
};
