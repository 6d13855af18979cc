// SOPK: a scalar register and a 16-bit immediate (plain constant, branch offset or hwreg descriptor).
// Ops and their shapes: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOPK } from '../../isa/encodings/scalar.js';
import { SOPK_OPS, Sopk, type SopkRow } from '../../isa/ops/scalar-sop.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import { putB, putC, putComma, putDec, putHex, putImm32, putT, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { genOf, genTables, listRows, nameBytesByGen, namesBytes, namesOf, SCRATCH } from './scalar-common.js';
import { putHwreg } from './scalar-fields.js';

export const SOPK_BY_GEN = genTables(SOPK_OPS, SOPK.fields.op.mask + 1);

const OP = SOPK.fields.op;
const SDST = SOPK.fields.sdst;
const SIMM = SOPK.fields.simm16;

/** Extracts into `d`: dst = SDST, imm = simm16, lit (s_setreg_imm32_b32), size in bytes, op = the row. */
export function sopkFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  gen: Generation,
  d: Decoded,
): SopkRow | null {
  const w = words[at];
  const row = SOPK_BY_GEN[gen][(w >>> OP.shift) & OP.mask];
  if (row === null) return null;
  d.size = 4;
  d.lit = 0;
  if (row.kind === Sopk.SetRegImm32) {
    if (at + 1 >= n) return null;
    d.lit = words[at + 1];
    d.size = 8;
  }
  d.fmt = 'sopk';
  d.name = row.name;
  d.op = row;
  d.dst = (w >>> SDST.shift) & SDST.mask;
  d.imm = (w >>> SIMM.shift) & SIMM.mask;
  return row;
}

const NAME_BYTES = nameBytesByGen(SOPK_BY_GEN);

/** Writes the text of a filled Decoded into `o`; false when LLVM rejects the word. */
function print(d: Decoded, gen: Generation, out: DecodeOutput, o: TextSink, op: number): boolean {
  const names = namesOf(gen);
  const kind = (d.op as SopkRow).kind;
  // SDST names no register of the generation (gfx6/7 have no null, gfx6 no 104/105): not an instruction.
  if (
    kind === Sopk.Br64
      ? names.dst64[d.dst] === null
      : kind !== Sopk.SetRegImm32 && names.dst32[d.dst] === null
  )
    return false;
  const nb = namesBytes(gen);
  putB(o, NAME_BYTES[gen][op] as Uint8Array);
  putC(o, 0x20);
  switch (kind) {
    case Sopk.K32:
    case Sopk.Scc:
    case Sopk.SccU:
      putT(o, nb.dst32, d.dst);
      putComma(o);
      putHex(o, d.imm);
      break;
    case Sopk.Br64:
      // s_cbranch_i_fork's target is symbolized like a branch's, but never annotated (not the first operand).
      if (d.name === 's_cbranch_i_fork') out.labelOffset = 4 + ((d.imm << 16) >> 14);
      out.comment = sgprAlignWarning(d.dst, 2, gen === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD);
      putT(o, nb.dst64, d.dst);
      putComma(o);
      putDec(o, d.imm);
      break;
    case Sopk.GetReg:
      putT(o, nb.dst32, d.dst);
      putComma(o);
      putHwreg(o, d.imm, gen);
      break;
    case Sopk.SetReg:
      putHwreg(o, d.imm, gen);
      putComma(o);
      putT(o, nb.dst32, d.dst);
      break;
    case Sopk.SetRegImm32:
      putHwreg(o, d.imm, gen);
      putComma(o);
      putImm32(o, d.lit);
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
  if (sopkFields(inp.words, i, inp.n, gen, d) === null) return;
  if (!print(d, gen, out, out.sink as TextSink, (inp.words[i] >>> OP.shift) & OP.mask)) return;
  out.size = d.size >>> 2;
}

export const sopk: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SOPK_OPS, t, 'SOPK'),
};
