// SOPK: a scalar register and a 16-bit immediate (plain constant, branch offset or hwreg descriptor).
// Ops and their shapes: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOPK } from '../../isa/encodings/scalar.js';
import { SOPK_OPS, Sopk, type SopkRow } from '../../isa/ops/scalar-sop.js';
import type { Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { hex, sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { genOf, genTables, imm32, listRows, NAMES, SCRATCH } from './scalar-common.js';
import { hwreg } from './scalar-fields.js';

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

function print(d: Decoded, gen: Generation, out: DecodeOutput): string | null {
  const names = NAMES[gen];
  const name = d.name;
  // SDST names no register of the generation (gfx6/7 have no null, gfx6 no 104/105): not an instruction.
  const r32 = names.dst32[d.dst];
  switch ((d.op as SopkRow).kind) {
    case Sopk.K32:
    case Sopk.Scc:
    case Sopk.SccU:
      return r32 === null ? null : name + ' ' + r32 + ', ' + hex(d.imm);
    case Sopk.Br64: {
      const r = names.dst64[d.dst];
      if (r === null) return null;
      out.comment = sgprAlignWarning(d.dst, 2, gen === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD);
      return name + ' ' + r + ', ' + d.imm;
    }
    case Sopk.GetReg:
      return r32 === null ? null : name + ' ' + r32 + ', ' + hwreg(d.imm, gen);
    case Sopk.SetReg:
      return r32 === null ? null : name + ' ' + hwreg(d.imm, gen) + ', ' + r32;
    case Sopk.SetRegImm32:
      return name + ' ' + hwreg(d.imm, gen) + ', ' + imm32(d.lit);
  }
}

// Written out per family rather than made by a shared factory: a closure factory's call sites share one
// feedback vector, which goes megamorphic across the families and slows the disassembler.
function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  const gen = genOf(inp.target);
  const d = out.into ?? SCRATCH;
  if (sopkFields(inp.words, i, inp.n, gen, d) === null) return;
  const text = print(d, gen, out);
  if (text === null) return;
  d.text = text;
  out.text = text;
  out.size = d.size >>> 2;
}

export const sopk: Family = {
  decode,
  ops: (t: Target): IsaEntry[] => listRows(SOPK_OPS, t, 'SOPK'),
};
