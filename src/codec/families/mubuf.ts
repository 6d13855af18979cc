// MUBUF: untyped buffer loads, stores and atomics. Two dwords, laid out per generation in
// src/isa/encodings/memory.ts (gfx6/7: addr64 at bit 15 and slc in the second dword; gfx8/9: slc at 17).
// (Bit 25 of word 0 and 21-22 of word 1 are ignored by LLVM on gfx9.)
import { BUF_ADDR64, MUBUF } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { BufKind, type BufOp, bufDataDwords, mubufTable } from '../../isa/ops/memory-buf.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { regRange } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { bufVaddr, fillBufFields, siRegsWritable, soffsetName, srsrcName } from './buf-common.js';

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
export function printMubuf(d: Decoded, t: Target, w0: number, w1: number): string | null {
  const op = d.op as BufOp;
  const proc = mubufTable(t).proc;
  const g = proc.generation;
  if (op.kind === BufKind.Cache) {
    // These bits are fixed at zero in LLVM's encoding of the cache ops (bit 15 is SI's addr64).
    if (d.offen || d.idxen || d.glc || d.lds || d.tfe || (w0 >>> 15) & 1) return null;
    // gfx6/7 text must reassemble: every other field is written as 0.
    if ((g === 'gfx6' || g === 'gfx7') && ((w0 & 0x0203ffff) !== 0 || w1 !== 0)) return null;
    return op.name;
  }
  const srsrc = srsrcName(d.saddr >> 2, g);
  const soffset = soffsetName(d.src0, g);
  if (srsrc === null || soffset === null) return null;
  let text: string;
  if (op.kind === BufKind.StoreLds) {
    if (!d.lds || d.offen || d.idxen || d.tfe || d.addr64) return null;
    text = op.name + ' ' + srsrc + ', ' + soffset;
    if (d.offset) text += ' offset:' + d.offset;
    text += ' lds';
    if (d.glc) text += ' glc';
    if (d.slc) text += ' slc';
    return text;
  }
  if (d.lds && (!op.lds || d.tfe)) return null;
  if ((d.tfe && op.kind === BufKind.Atomic) || (d.glc && !op.glc)) return null;
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
    return null;
  // addr64 takes a 64-bit address and excludes idxen/offen.
  if (d.addr64 && (d.idxen || d.offen)) return null;
  const vaddr = d.addr64 ? regRange('v', d.vaddr, 2) : bufVaddr(d.vaddr, d.idxen ? 1 : 0, d.offen ? 1 : 0);
  const tfe = d.tfe ? 1 : 0;
  text = d.lds ? op.name + ' ' : op.name + ' ' + regRange('v', d.vdata, bufDataDwords(op, proc) + tfe) + ', ';
  text += vaddr + ', ' + srsrc + ', ' + soffset;
  if (d.idxen) text += ' idxen';
  if (d.offen) text += ' offen';
  if (d.addr64) text += ' addr64';
  if (d.offset) text += ' offset:' + d.offset;
  if (d.glc) text += ' glc';
  if (d.slc) text += ' slc';
  if (d.lds) text += ' lds';
  if (d.tfe) text += ' tfe';
  return text;
}

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeMubufFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  const text = printMubuf(d, inp.target, inp.words[i], inp.words[i + 1]);
  if (text === null) return;
  out.text = text;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const tab = mubufTable(t);
  const g = tab.proc.generation;
  return tab.rows.map((o) => ({ name: o.name, encoding: 'MUBUF', opcode: o.opcodes[g] as number }));
}

export const mubuf: Family = { decode, ops };
