// Instruction-level disassembly: picks the encoding family from the high bits of the first dword and
// lets it decode and print. Never throws; words that are not an instruction print as `.long`.
import { findProcessor, type Generation, isaRefusal } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import { ds } from './families/ds.js';
import { exp } from './families/exp.js';
import { flat } from './families/flat.js';
import { mimg } from './families/mimg.js';
import { mtbuf } from './families/mtbuf.js';
import { mubuf } from './families/mubuf.js';
import { smem } from './families/smem.js';
import { sop1 } from './families/sop1.js';
import { sop2 } from './families/sop2.js';
import { sopc } from './families/sopc.js';
import { sopk } from './families/sopk.js';
import { sopp } from './families/sopp.js';
import { vintrp } from './families/vintrp.js';
import { vop1 } from './families/vop1.js';
import { vop2 } from './families/vop2.js';
import { vop3 } from './families/vop3.js';
import { vop3p } from './families/vop3p.js';
import { vopc } from './families/vopc.js';
import { ascii, HEX_LOWER, putB, TEXT_ROOM, type TextSink, textOf, textSink } from './text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, Format } from './types.js';

export const FAMILIES: Record<Format, Family> = {
  sop2,
  sopk,
  sop1,
  sopc,
  sopp,
  smem,
  vop2,
  vop1,
  vopc,
  vop3,
  vop3p,
  vintrp,
  ds,
  mubuf,
  mtbuf,
  mimg,
  exp,
  flat,
};

/**
 * Format of a first dword, indexed by its bits [31:23], per generation; null where the generation has no
 * encoding. The generations differ in where SMRD/SMEM, EXP and VINTRP sit, in FLAT (gfx7+) and in VOP3P
 * (gfx9), as the ISA documents' microcode-format chapters give them.
 */
const HIGH_BITS: Record<Generation, (Format | null)[]> = {
  gfx6: highBits('gfx6'),
  gfx7: highBits('gfx7'),
  gfx8: highBits('gfx8'),
  gfx9: highBits('gfx9'),
};

function highBits(g: Generation): (Format | null)[] {
  const t: (Format | null)[] = new Array(512).fill(null);
  const set = (lo: number, hi: number, f: Format): void => {
    for (let k = lo; k <= hi; k++) t[k] = f;
  };
  const old = g === 'gfx6' || g === 'gfx7';
  set(0x000, 0x0ff, 'vop2');
  set(0x0f8, 0x0fb, 'vopc');
  set(0x0fc, 0x0ff, 'vop1');
  set(0x100, 0x15f, 'sop2');
  set(0x160, 0x17c, 'sopk');
  set(0x17d, 0x17d, 'sop1');
  set(0x17e, 0x17e, 'sopc');
  set(0x17f, 0x17f, 'sopp');
  if (old) {
    // SMRD ([31:27] = 11000) is decoded by the smem family on these generations.
    set(0x180, 0x18f, 'smem');
    set(0x190, 0x197, 'vintrp');
    set(0x1f0, 0x1f7, 'exp');
  } else {
    set(0x180, 0x187, 'smem');
    set(0x188, 0x18f, 'exp');
    set(0x1a8, 0x1af, 'vintrp');
  }
  set(0x1a0, 0x1a7, 'vop3');
  if (g === 'gfx9') set(0x1a7, 0x1a7, 'vop3p');
  set(0x1b0, 0x1b7, 'ds');
  if (g !== 'gfx6') set(0x1b8, 0x1bf, 'flat');
  set(0x1c0, 0x1c7, 'mubuf');
  set(0x1d0, 0x1d7, 'mtbuf');
  set(0x1e0, 0x1e7, 'mimg');
  return t;
}

/** The formats as small numbers for decodeInto's switch, whose cases follow FAMILIES' order (index + 1; 0: none). */
const FORMAT_LIST = Object.keys(FAMILIES) as Format[];

/** How many formats there are (the largest format number). */
export const FORMAT_COUNT = FORMAT_LIST.length;

/** The format number of a format (see formatNumbers). */
export function formatNumberOf(f: Format): number {
  return FORMAT_LIST.indexOf(f) + 1;
}

/**
 * The same tables as format numbers, for the per-instruction path: decodeInto switches on the number
 * and calls each family's decoder from its own call site. One call site for every family (`fam.decode`)
 * was megamorphic: V8 could neither inline a decoder nor avoid a generic call (7-8% of a distinct run's
 * profile sat on that line: issue 13).
 */
const FORMAT_ID: Record<Generation, Uint8Array> = {
  gfx6: formatIds('gfx6'),
  gfx7: formatIds('gfx7'),
  gfx8: formatIds('gfx8'),
  gfx9: formatIds('gfx9'),
};

function formatIds(g: Generation): Uint8Array {
  return Uint8Array.from(HIGH_BITS[g], (f) => (f === null ? 0 : FORMAT_LIST.indexOf(f) + 1));
}

/** The gfx9 table, for tools that want to know the encoding without decoding (fuzzers, statistics). */
export const FORMAT_BY_HIGH_BITS: readonly (Format | null)[] = HIGH_BITS.gfx9;

/**
 * The generation of a target, memoised for the per-instruction path. A processor whose ISA is not
 * described (a JavaScript caller can pass any string) is refused here, before any word is decoded, with
 * one line naming it: decoding never throws for a described one.
 */
let lastTarget = '';
let lastGen: Generation = 'gfx9';
export function generationOf(t: Target): Generation {
  if (t !== lastTarget) {
    const refusal = isaRefusal(t);
    if (refusal !== null) throw new Error(refusal);
    const r = findProcessor(t)!;
    lastTarget = t;
    lastGen = r.generation;
  }
  return lastGen;
}

/**
 * decodeInto's numbers for the formats of a target's first dwords, by bits [31:23] (0: none; else the
 * index in FAMILIES' order + 1): the disassembler groups lines by them (src/disasm/decode-window.ts).
 */
export function formatNumbers(t: Target): Uint8Array {
  return FORMAT_ID[generationOf(t)];
}

export function formatOf(word0: number, gen: Generation = 'gfx9'): Format | null {
  return HIGH_BITS[gen][word0 >>> 23];
}

const LONG = ascii('.long 0x');

/** The `.long` line of a word that is not an instruction (8 hex digits), written into `sink`. */
function invalid(inp: DecodeInput, i: number, out: DecodeOutput, sink: TextSink): void {
  out.size = 1;
  out.branchOffset = Number.NaN;
  out.labelOffset = Number.NaN;
  out.comment = '';
  putB(sink, LONG);
  const v = inp.words[i];
  const b = sink.buf;
  const p = sink.pos;
  for (let k = 0; k < 8; k++) b[p + k] = HEX_LOWER[(v >>> (28 - 4 * k)) & 15];
  sink.pos = p + 8;
}

/**
 * Decodes the instruction at dword index `i` into `out`, its text written into `sink` from sink.pos on
 * (which must have TEXT_ROOM bytes of room) and sink.pos moved past it; out.text is left alone. Returns
 * false for an invalid encoding: out.size is then 1 and the text the `.long` directive llvm-objdump
 * prints for it.
 */
export function decodeInto(inp: DecodeInput, i: number, out: DecodeOutput, sink: TextSink): boolean {
  out.size = 0;
  out.branchOffset = Number.NaN;
  out.labelOffset = Number.NaN;
  out.comment = '';
  const start = sink.pos;
  out.sink = sink;
  // The cases follow FORMAT_LIST (FAMILIES' order).
  switch (FORMAT_ID[generationOf(inp.target)][inp.words[i] >>> 23]) {
    case 0:
      break;
    case 1:
      sop2.decode(inp, i, out);
      break;
    case 2:
      sopk.decode(inp, i, out);
      break;
    case 3:
      sop1.decode(inp, i, out);
      break;
    case 4:
      sopc.decode(inp, i, out);
      break;
    case 5:
      sopp.decode(inp, i, out);
      break;
    case 6:
      smem.decode(inp, i, out);
      break;
    case 7:
      vop2.decode(inp, i, out);
      break;
    case 8:
      vop1.decode(inp, i, out);
      break;
    case 9:
      vopc.decode(inp, i, out);
      break;
    case 10:
      vop3.decode(inp, i, out);
      break;
    case 11:
      vop3p.decode(inp, i, out);
      break;
    case 12:
      vintrp.decode(inp, i, out);
      break;
    case 13:
      ds.decode(inp, i, out);
      break;
    case 14:
      mubuf.decode(inp, i, out);
      break;
    case 15:
      mtbuf.decode(inp, i, out);
      break;
    case 16:
      mimg.decode(inp, i, out);
      break;
    case 17:
      exp.decode(inp, i, out);
      break;
    case 18:
      flat.decode(inp, i, out);
      break;
    default:
      throw new Error('internal: decodeInto has no case for a format');
  }
  if (out.size !== 0 && i + out.size <= inp.n) return true;
  // A family may have written part of a text before it found the word invalid.
  sink.pos = start;
  invalid(inp, i, out, sink);
  return false;
}

/** decodeAt's text buffer. */
const SCRATCH: TextSink = textSink(TEXT_ROOM);

/**
 * decodeInto with the text as a string in out.text (tests, tools, the emulator's Program): the same
 * printer, into a scratch buffer.
 */
export function decodeAt(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const saved = out.sink;
  SCRATCH.pos = 0;
  decodeInto(inp, i, out, SCRATCH);
  out.sink = saved;
  out.text = textOf(SCRATCH.buf, 0, SCRATCH.pos);
}

/** Convenience for tests and tools: decode a list of dwords at address 0 into text lines. */
export function disasmWords(words: ArrayLike<number>, target: Target): { text: string; size: number }[] {
  const w = Uint32Array.from(words);
  const inp: DecodeInput = { words: w, n: w.length, target };
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
  const res: { text: string; size: number }[] = [];
  for (let i = 0; i < w.length; ) {
    decodeAt(inp, i, out);
    res.push({ text: out.text, size: out.size });
    i += out.size;
  }
  return res;
}
