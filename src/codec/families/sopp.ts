// SOPP: program-control ops with a 16-bit immediate (branch offset, wait counts, message, or a plain value).
// Ops and their shapes: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOPP } from '../../isa/encodings/scalar.js';
import { SOPP_OPS, Sopp, type SoppRow } from '../../isa/ops/scalar-sop.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { genOf, genTables, imm32, listRows, SCRATCH } from './scalar-common.js';
import { gprIdx, sendmsg, waitcnt } from './scalar-fields.js';

export const SOPP_BY_GEN = genTables(SOPP_OPS, SOPP.fields.op.mask + 1);

const OP = SOPP.fields.op;
const SIMM = SOPP.fields.simm16;

/** Extracts into `d`: imm = simm16, size = 4, op = the row. */
export function soppFields(
  words: ArrayLike<number>,
  at: number,
  _n: number,
  gen: Generation,
  d: Decoded,
): SoppRow | null {
  const w = words[at];
  const row = SOPP_BY_GEN[gen][(w >>> OP.shift) & OP.mask];
  if (row === null) return null;
  d.fmt = 'sopp';
  d.name = row.name;
  d.op = row;
  d.size = 4;
  d.imm = (w >>> SIMM.shift) & SIMM.mask;
  return row;
}

function print(d: Decoded, gen: Generation, out: DecodeOutput): string | null {
  const imm = d.imm;
  const name = d.name;
  switch ((d.op as SoppRow).kind) {
    case Sopp.None:
      return imm !== 0 ? null : name;
    case Sopp.Imm:
      return name + ' ' + imm32(imm);
    case Sopp.Branch:
      out.branchOffset = (((imm << 16) >> 16) + 1) * 4;
      // Unsigned, as llvm-objdump prints it (llvm-mc echoes whichever form the source used: both reassemble).
      return name + ' ' + imm;
    case Sopp.Endpgm:
      return imm === 0 ? name : name + ' ' + imm;
    case Sopp.Waitcnt:
      return name + ' ' + waitcnt(imm, gen);
    case Sopp.Sendmsg:
      return name + ' ' + sendmsg(imm, gen);
    case Sopp.GprIdx:
      return name + ' ' + gprIdx(imm);
  }
}

// Written out per family rather than made by a shared factory: a closure factory's call sites share one
// feedback vector, which goes megamorphic across the families and slows the disassembler.
function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  const gen = genOf(inp.target);
  const d = out.into ?? SCRATCH;
  if (soppFields(inp.words, i, inp.n, gen, d) === null) return;
  const text = print(d, gen, out);
  if (text === null) return;
  d.text = text;
  out.text = text;
  out.size = d.size >>> 2;
}

export const sopp: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SOPP_OPS, t, 'SOPP'),
};
