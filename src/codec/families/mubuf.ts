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

/**
 * Writes the text of a filled Decoded into `o`, or returns false (nothing written) when LLVM rejects the
 * word. Every check comes before the first byte.
 * The rare kinds (the cache ops, buffer_store_lds_dword) take the same path as the others: every field,
 * comparison and call below runs on every word, with empty pieces where a kind has none. Separate
 * branches for them were first reached in a cold run after this function was optimised, and each
 * deoptimised it (three recompilations of a large function: issue 13).
 */
export function printMubuf(d: Decoded, t: Target, w0: number, w1: number, o: TextSink): boolean {
  const op = d.op as BufOp;
  const proc = mubufTable(t).proc;
  const g = proc.generation;
  const old = g === 'gfx6' || g === 'gfx7';
  const kind = op.kind;
  const cache = kind === BufKind.Cache;
  const storeLds = kind === BufKind.StoreLds;
  const { offen, idxen, glc, slc, lds, tfe, addr64 } = d;
  const srsrc = srsrcName(d.saddr >> 2, g);
  const soffset = soffsetName(d.src0, g);
  const bit15 = (w0 >>> 15) & 1;
  // gfx6/7 text must reassemble: the cache ops' other fields are written as 0.
  const oldCacheBits = (w0 & 0x0203ffff) | w1;
  const dataDwords = lds ? 0 : bufDataDwords(op, proc) + (tfe ? 1 : 0);
  if (cache) {
    // These bits are fixed at zero in LLVM's encoding of the cache ops (bit 15 is SI's addr64).
    if (offen || idxen || glc || lds || tfe || bit15) return false;
    if (old && oldCacheBits) return false;
  } else {
    if (srsrc === null || soffset === null) return false;
    if (storeLds) {
      if (!lds || offen || idxen || tfe || addr64) return false;
    } else {
      if (lds && (!op.lds || tfe)) return false;
      if ((tfe && kind === BufKind.Atomic) || (glc && !op.glc)) return false;
      // gfx6/7 text must reassemble: llvm-mc says "TFE modifier has no meaning for store instructions".
      if (
        old &&
        ((tfe && kind === BufKind.Store) || !siRegsWritable(d, dataDwords, w0, w1, (1 << 17) | (1 << 25)))
      )
        return false;
      // addr64 takes a 64-bit address and excludes idxen/offen.
      if (addr64 && (idxen || offen)) return false;
    }
  }
  putS(o, op.name);
  if (cache) return true;
  putC(o, 0x20);
  // vdata (none for LDS loads), then vaddr or `off` (neither for buffer_store_lds_dword).
  const rest = !storeLds;
  if (rest && !lds) {
    putVRange(o, d.vdata, dataDwords);
    putComma(o);
  }
  if (rest) {
    if (addr64) putVRange(o, d.vaddr, 2);
    else if (idxen || offen) putVRange(o, d.vaddr, idxen && offen ? 2 : 1);
    else putS(o, 'off');
    putComma(o);
  }
  putS(o, srsrc as string);
  putComma(o);
  putS(o, soffset as string);
  if (idxen) putS(o, ' idxen');
  if (offen) putS(o, ' offen');
  if (addr64) putS(o, ' addr64');
  putOffset(o, d.offset);
  // buffer_store_lds_dword prints lds before glc/slc, the others after.
  putS(o, storeLds ? ' lds' : '');
  if (glc) putS(o, ' glc');
  if (slc) putS(o, ' slc');
  if (lds && rest) putS(o, ' lds');
  if (tfe) putS(o, ' tfe');
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
