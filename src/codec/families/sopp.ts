// SOPP: program-control ops with a 16-bit immediate (branch offset, wait counts, message, or a plain value).
// Ops and their shapes: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOPP } from '../../isa/encodings/scalar.js';
import { SOPP_OPS, Sopp, type SoppRow } from '../../isa/ops/scalar-sop.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { putB, putC, putDec, putImm32, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { genOf, genTables, listRows, nameBytesByGen, SCRATCH } from './scalar-common.js';
import { putGprIdx, putSendmsg, putWaitcnt } from './scalar-fields.js';

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

const NAME_BYTES = nameBytesByGen(SOPP_BY_GEN);

/** Writes the text of a filled Decoded into `o`; false when LLVM rejects the word. */
function print(d: Decoded, gen: Generation, out: DecodeOutput, o: TextSink, op: number): boolean {
  const imm = d.imm;
  const kind = (d.op as SoppRow).kind;
  if (kind === Sopp.None && imm !== 0) return false;
  putB(o, NAME_BYTES[gen][op] as Uint8Array);
  switch (kind) {
    case Sopp.None:
      break;
    case Sopp.Imm:
      putC(o, 0x20);
      putImm32(o, imm);
      break;
    case Sopp.Branch:
      out.branchOffset = (((imm << 16) >> 16) + 1) * 4;
      // Unsigned, as llvm-objdump prints it (llvm-mc echoes whichever form the source used: both reassemble).
      putC(o, 0x20);
      putDec(o, imm);
      break;
    case Sopp.Endpgm:
      if (imm !== 0) {
        putC(o, 0x20);
        putDec(o, imm);
      }
      break;
    case Sopp.Waitcnt:
      putC(o, 0x20);
      putWaitcnt(o, imm, gen);
      break;
    case Sopp.Sendmsg:
      putC(o, 0x20);
      putSendmsg(o, imm, gen);
      break;
    case Sopp.GprIdx:
      putC(o, 0x20);
      putGprIdx(o, imm);
      break;
  }
  return true;
}

// Written out per family rather than made by a shared factory: a closure factory's call sites share one
// feedback vector, which goes megamorphic across the families and slows the disassembler.
function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  const gen = genOf(inp.target);
  const d = out.into ?? SCRATCH;
  if (soppFields(inp.words, i, inp.n, gen, d) === null) return;
  if (!print(d, gen, out, out.sink as TextSink, (inp.words[i] >>> OP.shift) & OP.mask)) return;
  out.size = d.size >>> 2;
}

export const sopp: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SOPP_OPS, t, 'SOPP'),
};
