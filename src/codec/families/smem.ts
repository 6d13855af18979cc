// Scalar memory: SMEM on gfx8/9 (two dwords), SMRD on gfx6/7 (one dword, plus a literal offset dword on
// gfx7). Ops and their shapes: src/isa/ops/scalar-smem.ts; bit layouts: src/isa/encodings/scalar.ts.
//
// Decoded fields: saddr = SBASE as an SGPR code (2 * field), dst = the SDATA code, offset = the immediate
// byte offset (0 without IMM; SMRD's dword offset or gfx7's literal dword offset, times 4), src0 = the SGPR holding an
// offset (-1 none), lit = the SMRD dword offset or literal as encoded, glc, size in bytes, op = the row.
import { SMEM_LAYOUTS, type SmemLayout } from '../../isa/encodings/scalar.js';
import { SMEM_OPS, Smem, type SmemRow } from '../../isa/ops/scalar-smem.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { hex, sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import type { DecodeOutput, Family, IsaEntry } from '../types.js';
import { decoder, genOf, genTables, imm32, listRows, NAMES, sregTuple } from './scalar-common.js';

export const SMEM_BY_GEN = genTables(SMEM_OPS, 256);

const LITERAL = 255;

// Field positions per generation, copied once (the SMRD layout lacks soe/nv/glc/soffset).
interface Pos {
  readonly l: SmemLayout;
  readonly smrd: boolean;
  readonly offsetBits: number;
}
const POS: Record<Generation, Pos> = {
  gfx6: { l: SMEM_LAYOUTS.gfx6, smrd: true, offsetBits: 8 },
  gfx7: { l: SMEM_LAYOUTS.gfx7, smrd: true, offsetBits: 8 },
  gfx8: { l: SMEM_LAYOUTS.gfx8, smrd: false, offsetBits: 20 },
  gfx9: { l: SMEM_LAYOUTS.gfx9, smrd: false, offsetBits: 21 },
};

/** Extracts the instruction at `at` into `d` (see the header); null when it is not an op of the generation. */
export function smemFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  gen: Generation,
  d: Decoded,
): SmemRow | null {
  const p = POS[gen];
  const f = p.l.fields;
  const w0 = words[at];
  const row = SMEM_BY_GEN[gen][(w0 >>> f.op.shift) & f.op.mask];
  if (row === null) return null;
  const imm = (w0 >>> f.imm.shift) & 1;
  d.fmt = 'smem';
  d.name = row.name;
  d.op = row;
  d.saddr = 2 * ((w0 >>> f.sbase.shift) & f.sbase.mask);
  d.dst = (w0 >>> f.sdata.shift) & f.sdata.mask;
  if (p.smrd) {
    const off = w0 & f.offset.mask;
    d.glc = false;
    d.size = 4;
    d.lit = off;
    if (imm) {
      d.offset = off * 4;
      d.src0 = -1;
    } else if (off === LITERAL && gen === 'gfx7') {
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
  const soe = f.soe !== undefined && (w0 >>> f.soe.shift) & 1;
  d.size = 8;
  d.glc = ((w0 >>> f.glc.shift) & 1) !== 0;
  d.lit = 0;
  const raw = w1 & f.offset.mask;
  d.offset = imm ? (p.offsetBits === 21 ? (raw << 11) >> 11 : raw) : 0;
  d.src0 = soe ? w1 >>> f.soffset.shift : imm ? -1 : w1 & 0x7f;
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
  ttmp: number;
}
function tables(gen: Generation): Tables {
  const sdata: (string | null)[][] = [];
  for (const n of [1, 2, 4, 8, 16]) sdata[n] = sdataTable(n, gen);
  const sbase: (string | null)[][] = [];
  for (const n of [2, 4]) {
    sbase[n] = [];
    for (let c = 0; c < 128; c++) sbase[n].push(sregTuple(c, n, gen));
  }
  return { sdata, sbase, ttmp: gen === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD };
}
const TABLES: Record<Generation, Tables> = {
  gfx6: tables('gfx6'),
  gfx7: tables('gfx7'),
  gfx8: tables('gfx8'),
  gfx9: tables('gfx9'),
};

function offsetHex(s: number): string {
  return s < 0 ? '-0x' + (-s).toString(16) : '0x' + s.toString(16);
}

/** The offset operand(s): an immediate, an SGPR, or both (gfx9 soe and imm set). */
function address(d: Decoded, gen: Generation, smrd: boolean, imm: number): string | null {
  const dst32 = NAMES[gen].dst32;
  if (smrd) {
    // The dword offset (or gfx7's literal) as encoded.
    if (d.src0 < 0) return hex(d.lit);
    return d.src0 < 128 ? dst32[d.src0] : null;
  }
  if (d.src0 < 0) return offsetHex(d.offset);
  const so = dst32[d.src0];
  // gfx9 with SOE: the SGPR, then the immediate as a modifier when IMM is set too.
  return imm ? so + ' offset:' + offsetHex(d.offset) : so;
}

function print(d: Decoded, gen: Generation, out: DecodeOutput, w0: number): string | null {
  const row = d.op as SmemRow;
  const p = POS[gen];
  const t = TABLES[gen];
  const f = p.l.fields;
  const imm = (w0 >>> f.imm.shift) & 1;
  let text: string;
  let comment = '';
  switch (row.access) {
    case Smem.Cache:
      if (imm || (p.smrd && (w0 & 0x3fffff) !== 0)) return null;
      return row.name;
    case Smem.Time:
    case Smem.RealTime: {
      if (imm || (p.smrd && (w0 & 0x7fff) !== 0)) return null;
      const r = t.sdata[2][d.dst];
      if (r === null) return null;
      out.comment = sgprAlignWarning(d.dst, 2, t.ttmp);
      return row.name + ' ' + r;
    }
  }
  const base = t.sbase[row.base][d.saddr];
  if (base === null) return null;
  const addr = address(d, gen, p.smrd, imm);
  if (addr === null) return null;
  comment = sgprAlignWarning(d.saddr, row.base, t.ttmp);
  if (row.access === Smem.Probe) text = row.name + ' ' + imm32(d.dst) + ', ' + base + ', ' + addr;
  else if (row.access === Smem.Discard) text = row.name + ' ' + base + ', ' + addr;
  else {
    const r = t.sdata[row.data][d.dst];
    if (r === null) return null;
    const w = sgprAlignWarning(d.dst, row.data, t.ttmp);
    // A returning atomic (glc) has SDATA twice in LLVM's operand list (the result and the tied data),
    // and llvm-objdump warns once per decoded operand.
    comment = (row.access === Smem.Atomic && d.glc ? w + w : w) + comment;
    text = row.name + ' ' + r + ', ' + base + ', ' + addr;
  }
  if (row.glc && d.glc) text += ' glc';
  out.comment = comment;
  return text;
}

const decode = decoder(smemFields, print);

export const smem: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SMEM_OPS, t, POS[genOf(t)].smrd ? 'SMRD' : 'SMEM'),
};
