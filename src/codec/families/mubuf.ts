// MUBUF: untyped buffer loads, stores and atomics. Two dwords, laid out per generation in
// src/isa/encodings/memory.ts (gfx6/7: addr64 at bit 15 and slc in the second dword; gfx8/9: slc at 17).
// (Bit 25 of word 0 and 21-22 of word 1 are ignored by LLVM on gfx9.)
import { BUF_ADDR64, MUBUF } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { BufKind, type BufOp, bufDataDwords, mubufTable } from '../../isa/ops/memory-buf.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { putC, putComma, putDec, putS, putVRange, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { fillBufFields, siRegsWritable, soffsetName, srsrcName } from './buf-common.js';

/**
 * Decodes the MUBUF instruction at dword `at` into `d` (name, op = its BufOp, offset, offen, idxen, glc,
 * lds, slc, tfe, addr64, vaddr, vdata, saddr = first SGPR of the descriptor, src0 = the soffset code);
 * returns the size in dwords, 0 when LLVM decodes no instruction there.
 */
export function decodeMubufFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  t: Target,
  d: Decoded,
): number {
  if (at + 1 >= n) return 0;
  const tab = mubufTable(t);
  const g = tab.proc.generation;
  const L = MUBUF[g].fields;
  const op = tab.byOpcode[get(L.op, words, at)];
  if (op === null) return 0;
  d.name = op.name;
  d.op = op;
  d.fmt = 'mubuf';
  fillBufFields(L, BUF_ADDR64[g], words, at, d);
  d.lds = get(L.lds, words, at) === 1;
  return 2;
}

/** The text of a decoded MUBUF instruction as LLVM prints it, or null where LLVM decodes none. */
/**
 * Writes the text of a filled Decoded into `o`, or returns false (nothing written) when LLVM rejects the
 * word. Every check comes before the first byte.
 */
export function printMubuf(d: Decoded, t: Target, w0: number, w1: number, o: TextSink): boolean {
  const op = d.op as BufOp;
  const proc = mubufTable(t).proc;
  const g = proc.generation;
  if (op.kind === BufKind.Cache) {
    // These bits are fixed at zero in LLVM's encoding of the cache ops (bit 15 is SI's addr64).
    if (d.offen || d.idxen || d.glc || d.lds || d.tfe || (w0 >>> 15) & 1) return false;
    // gfx6/7 text must reassemble: every other field is written as 0.
    if ((g === 'gfx6' || g === 'gfx7') && ((w0 & 0x0203ffff) !== 0 || w1 !== 0)) return false;
    putS(o, op.name);
    return true;
  }
  const srsrc = srsrcName(d.saddr >> 2, g);
  const soffset = soffsetName(d.src0, g);
  if (srsrc === null || soffset === null) return false;
  if (op.kind === BufKind.StoreLds) {
    if (!d.lds || d.offen || d.idxen || d.tfe || d.addr64) return false;
    putS(o, op.name);
    putC(o, 0x20);
    putS(o, srsrc);
    putComma(o);
    putS(o, soffset);
    putOffset(o, d.offset);
    putS(o, ' lds');
    if (d.glc) putS(o, ' glc');
    if (d.slc) putS(o, ' slc');
    return true;
  }
  if (d.lds && (!op.lds || d.tfe)) return false;
  if ((d.tfe && op.kind === BufKind.Atomic) || (d.glc && !op.glc)) return false;
  // gfx6/7 text must reassemble: llvm-mc says "TFE modifier has no meaning for store instructions".
  if (
    (g === 'gfx6' || g === 'gfx7') &&
    ((d.tfe && op.kind === BufKind.Store) ||
      !siRegsWritable(
        d,
        d.lds ? 0 : bufDataDwords(op, proc) + (d.tfe ? 1 : 0),
        w0,
        w1,
        (1 << 17) | (1 << 25),
      ))
  )
    return false;
  // addr64 takes a 64-bit address and excludes idxen/offen.
  if (d.addr64 && (d.idxen || d.offen)) return false;
  putS(o, op.name);
  putC(o, 0x20);
  if (!d.lds) {
    putVRange(o, d.vdata, bufDataDwords(op, proc) + (d.tfe ? 1 : 0));
    putComma(o);
  }
  if (d.addr64) putVRange(o, d.vaddr, 2);
  else if (d.idxen || d.offen) putVRange(o, d.vaddr, d.idxen && d.offen ? 2 : 1);
  else putS(o, 'off');
  putComma(o);
  putS(o, srsrc);
  putComma(o);
  putS(o, soffset);
  if (d.idxen) putS(o, ' idxen');
  if (d.offen) putS(o, ' offen');
  if (d.addr64) putS(o, ' addr64');
  putOffset(o, d.offset);
  if (d.glc) putS(o, ' glc');
  if (d.slc) putS(o, ' slc');
  if (d.lds) putS(o, ' lds');
  if (d.tfe) putS(o, ' tfe');
  return true;
}

/** ` offset:N` unless N is 0. */
function putOffset(o: TextSink, offset: number): void {
  if (offset === 0) return;
  putS(o, ' offset:');
  putDec(o, offset);
}

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeMubufFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  if (!printMubuf(d, inp.target, inp.words[i], inp.words[i + 1], out.sink as TextSink)) return;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const tab = mubufTable(t);
  const g = tab.proc.generation;
  return tab.rows.map((o) => ({ name: o.name, encoding: 'MUBUF', opcode: o.opcodes[g] as number }));
}

export const mubuf: Family = { decode, ops };
