// SOP1, SOP2 and SOPC decode the same way: a destination (SOP1/SOP2), one or two sources (each possibly the
// literal code 255, then a literal dword follows), the operand kinds taken from the op row's profile. One
// function per step, shared by the three families: fields() extracts into a Decoded (also the emulator's
// decoder), print() turns that into LLVM's text.
import type { Field, Layout } from '../../isa/fields.js';
import { K_GPR_IDX, type SopRow } from '../../isa/ops/scalar-sop.js';
import type { Generation } from '../../isa/processors.js';
import type { Decoded } from '../decoded.js';
import { sgprAlignWarning, TTMP_BASE_GFX9, TTMP_BASE_OLD } from '../operands.js';
import { type ByteTable, piece, putC, putComma, putP, putT, type TextSink, textLen } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Format } from '../types.js';
import { genOf, namesBytes, putSrc, SCRATCH, srcOk } from './scalar-common.js';
import { putGprIdx } from './scalar-fields.js';

const LITERAL = 255;
const NO_FIELD: Field = { word: 0, shift: 0, mask: 0, lo: 0, width: 0 };

export interface SopCodec {
  /**
   * Extracts the instruction at `at` into `d` (fmt, name, size in bytes, dst, src0, src1, lit, op = the
   * row); returns the row, or null when the opcode is not an op of the generation or words are missing.
   */
  fields(words: ArrayLike<number>, at: number, n: number, gen: Generation, d: Decoded): SopRow | null;
  decode(inp: DecodeInput, i: number, out: DecodeOutput): void;
}

export function sopCodec(
  fmt: Format,
  l: Layout,
  tables: Readonly<Record<Generation, readonly (SopRow | null)[]>>,
): SopCodec {
  const f = l.fields as Record<string, Field>;
  const opF = f.op;
  const s0F = f.ssrc0;
  const s1F = f.ssrc1 ?? NO_FIELD;
  const dF = f.sdst ?? NO_FIELD;
  const hasS1 = f.ssrc1 !== undefined;

  function fields(
    words: ArrayLike<number>,
    at: number,
    n: number,
    gen: Generation,
    d: Decoded,
  ): SopRow | null {
    const w = words[at];
    const row = tables[gen][(w >>> opF.shift) & opF.mask];
    if (row === null) return null;
    const p = row.profile;
    const s0 = w & s0F.mask;
    const s1 = hasS1 ? (w >>> s1F.shift) & s1F.mask : 0;
    let size = 4;
    if ((s0 === LITERAL && p.src0 !== 0) || (hasS1 && s1 === LITERAL && p.src1 !== K_GPR_IDX)) {
      if (at + 1 >= n) return null;
      d.lit = words[at + 1];
      size = 8;
    } else d.lit = 0;
    d.fmt = fmt;
    d.name = row.name;
    d.op = row;
    d.size = size;
    d.src0 = s0;
    d.src1 = s1;
    d.dst = p.dst === 0 ? 128 : (w >>> dF.shift) & dF.mask;
    return row;
  }

  /** Mnemonic bytes per generation and opcode, encoded on first use. */
  const nameBytes: Record<Generation, (ByteTable | undefined)[]> = {
    gfx6: [],
    gfx7: [],
    gfx8: [],
    gfx9: [],
  };

  /**
   * Writes the text of a filled Decoded (whose opcode is `op`) into `o`; false when LLVM rejects an
   * operand. Sets out.comment.
   */
  function print(d: Decoded, op: number, gen: Generation, out: DecodeOutput, o: TextSink): boolean {
    const p = (d.op as SopRow).profile;
    const nb = namesBytes(gen);
    const tb = gen === 'gfx9' ? TTMP_BASE_GFX9 : TTMP_BASE_OLD;
    let comment = '';
    // Every operand is checked before the first byte is written, by the arena entries written next.
    if (p.dst !== 0 && textLen(p.dst === 2 ? nb.dst64 : nb.dst32, d.dst) === 0) return false;
    if (p.src0 !== 0 && !srcOk(d.src0, p.src0, nb)) return false;
    if (p.src1 !== 0 && p.src1 !== K_GPR_IDX && !srcOk(d.src1, p.src1, nb)) return false;
    let name = nameBytes[gen][op];
    if (name === undefined) {
      name = piece(d.name);
      nameBytes[gen][op] = name;
    }
    putP(o, name);
    let first = true;
    if (p.dst !== 0) {
      const wide = p.dst === 2;
      if (wide) comment = sgprAlignWarning(d.dst, 2, tb);
      putC(o, 0x20);
      putT(o, wide ? nb.dst64 : nb.dst32, d.dst);
      first = false;
    }
    if (p.src0 !== 0) {
      if ((p.src0 & 3) === 2) comment += sgprAlignWarning(d.src0, 2, tb);
      if (first) putC(o, 0x20);
      else putComma(o);
      putSrc(o, d.src0, p.src0, d.lit, nb);
      first = false;
    }
    if (p.src1 !== 0) {
      if ((p.src1 & 3) === 2) comment += sgprAlignWarning(d.src1, 2, tb);
      if (first) putC(o, 0x20);
      else putComma(o);
      if (p.src1 === K_GPR_IDX) putGprIdx(o, d.src1);
      else putSrc(o, d.src1, p.src1, d.lit, nb);
    }
    out.comment = comment;
    return true;
  }

  // The decoder of the three families (not the shared factory of scalar-common: see sopk.ts).
  function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
    out.size = 0;
    const gen = genOf(inp.target);
    const d = out.into ?? SCRATCH;
    if (fields(inp.words, i, inp.n, gen, d) === null) return;
    if (!print(d, (inp.words[i] >>> opF.shift) & opF.mask, gen, out, out.sink as TextSink)) return;
    out.size = d.size >>> 2;
  }

  return { fields, decode };
}
