// MTBUF: typed buffer loads and stores, the format given in the instruction. Two dwords, laid out per
// generation in src/isa/encodings/memory.ts (gfx6/7: addr64 at 15 and a 3-bit op; gfx8/9: a 4-bit op).
// LLVM rejects tfe on gfx9 MTBUF.
import { DATA_FORMATS, NUM_FORMATS } from '../../isa/buffer-formats.js';
import { BUF_ADDR64, MTBUF } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { type BufOp, bufDataDwords, mtbufTable } from '../../isa/ops/memory-buf.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import {
  ascii,
  byteTable,
  putB,
  putC,
  putComma,
  putDec,
  putS,
  putT,
  putVRange,
  type TextSink,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { fillBufFields, siRegsWritable, soffsetName, srsrcName } from './buf-common.js';

const DFMT = DATA_FORMATS;
const NFMT = NUM_FORMATS;

/** ` format:[...]` by dfmt | nfmt << 4; LLVM leaves out the defaults (dfmt 8, nfmt unorm). */
const FORMAT: string[] = [];
const RESERVED_FORMAT: boolean[] = [];
for (let k = 0; k < 128; k++) {
  const d = k & 15;
  const n = k >> 4;
  const parts: string[] = [];
  if (d !== 1) parts.push('BUF_DATA_FORMAT_' + DFMT[d]);
  if (n !== 0) parts.push('BUF_NUM_FORMAT_' + NFMT[n]);
  FORMAT.push(parts.length ? ' format:[' + parts.join(',') + ']' : '');
  RESERVED_FORMAT.push(d === 0 || d === 15 || n === 6);
}

/**
 * Decodes the MTBUF instruction at dword `at` into `d` (as decodeMubufFields, plus dfmt and nfmt; lds is
 * false); returns the size in dwords, 0 when LLVM decodes no instruction there.
 */
export function decodeMtbufFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  t: Target,
  d: Decoded,
): number {
  if (at + 1 >= n) return 0;
  const tab = mtbufTable(t);
  const g = tab.proc.generation;
  const L = MTBUF[g].fields;
  const op = tab.byOpcode[get(L.op, words, at)];
  if (op === null) return 0;
  d.name = op.name;
  d.op = op;
  d.fmt = 'mtbuf';
  fillBufFields(L, BUF_ADDR64[g], words, at, d);
  d.lds = false;
  d.dfmt = get(L.dfmt, words, at);
  d.nfmt = get(L.nfmt, words, at);
  return 2;
}

const FORMAT_B = byteTable(FORMAT);

/** Writes the text of a decoded MTBUF instruction into `o`; false where LLVM decodes none. */
export function printMtbuf(d: Decoded, t: Target, w0: number, w1: number, o: TextSink): boolean {
  const op = d.op as BufOp;
  const proc = mtbufTable(t).proc;
  const g = proc.generation;
  // LLVM decodes no MTBUF with tfe from gfx8 on, and llvm-mc-22 writes none on gfx6/7.
  if (d.tfe) return false;
  // llvm-mc-22 rejects the reserved formats on gfx6/7 ("unsupported format"), so they cannot round-trip.
  if (
    (g === 'gfx6' || g === 'gfx7') &&
    (RESERVED_FORMAT[d.dfmt | (d.nfmt << 4)] || !siRegsWritable(d, bufDataDwords(op, proc), w0, w1, 0))
  )
    return false;
  const srsrc = srsrcName(d.saddr >> 2, g);
  const soffset = soffsetName(d.src0, g);
  if (srsrc === null || soffset === null) return false;
  if (d.addr64 && (d.idxen || d.offen)) return false;
  putS(o, op.name);
  putC(o, 0x20);
  putVRange(o, d.vdata, bufDataDwords(op, proc));
  putComma(o);
  if (d.addr64 || (d.idxen && d.offen)) putVRange(o, d.vaddr, 2);
  else if (d.idxen || d.offen) putVRange(o, d.vaddr, 1);
  else putB(o, OFF);
  putComma(o);
  putS(o, srsrc);
  putComma(o);
  putS(o, soffset);
  putT(o, FORMAT_B, d.dfmt | (d.nfmt << 4));
  if (d.idxen) putB(o, IDXEN);
  if (d.offen) putB(o, OFFEN);
  if (d.addr64) putB(o, ADDR64);
  if (d.offset) {
    putB(o, OFFSET);
    putDec(o, d.offset);
  }
  if (d.glc) putB(o, GLC);
  if (d.slc) putB(o, SLC);
  return true;
}

const OFF = ascii('off');
const IDXEN = ascii(' idxen');
const OFFEN = ascii(' offen');
const ADDR64 = ascii(' addr64');
const OFFSET = ascii(' offset:');
const GLC = ascii(' glc');
const SLC = ascii(' slc');

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeMtbufFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  if (!printMtbuf(d, inp.target, inp.words[i], inp.words[i + 1], out.sink as TextSink)) return;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const tab = mtbufTable(t);
  const g = tab.proc.generation;
  return tab.rows.map((o) => ({ name: o.name, encoding: 'MTBUF', opcode: o.opcodes[g] as number }));
}

export const mtbuf: Family = { decode, ops };
