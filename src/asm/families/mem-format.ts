// MTBUF's `format:` operand on gfx9: a 7-bit number (dfmt | nfmt << 4), or a bracketed list of one data
// format and/or one numeric format by name; the one not written keeps its default (dfmt 1, nfmt 0).
import { DATA_FORMATS, NUM_FORMATS } from '../../isa/buffer-formats.js';
import type { Operand } from '../types.js';
import type { Actual, NamedParser } from './mem-match.js';

/** The symbolic data and numeric formats by name (the fast path's lexer reads them too). */
export const DFMT: ReadonlyMap<string, number> = new Map(
  DATA_FORMATS.map((n, k) => [`BUF_DATA_FORMAT_${n}`, k]),
);
export const NFMT: ReadonlyMap<string, number> = new Map(
  NUM_FORMATS.map((n, k) => [`BUF_NUM_FORMAT_${n}`, k]),
);

export const formatParser: NamedParser = (op: Operand, a: Actual) => {
  if (op.kind !== 'named') return null;
  const first = op.values[0];
  if (!op.list) {
    if (first === undefined || !('int' in first))
      return { error: 'expected absolute expression', pos: first?.pos ?? op.pos };
    const v = Number(first.int);
    if (v < 0 || v > 127) return { error: 'out of range format', pos: first.pos };
    a.value = v;
    return null;
  }
  if (first === undefined) {
    // The list is empty: LLVM points just past `format:[`.
    return { error: 'expected a format string', pos: { line: op.pos.line, col: op.pos.col + 8 } };
  }
  let dfmt = -1;
  let nfmt = -1;
  for (const v of op.values) {
    if (!('ident' in v)) return { error: 'expected a format string', pos: v.pos };
    const name = v.ident;
    const d = DFMT.get(name);
    const n = NFMT.get(name);
    if (d !== undefined) {
      if (dfmt >= 0) return { error: 'duplicate data format', pos: v.pos };
      dfmt = d;
    } else if (n !== undefined) {
      if (nfmt >= 0) return { error: 'duplicate numeric format', pos: v.pos };
      nfmt = n;
    } else if (name.startsWith('BUF_FMT_')) {
      return { error: 'unified format is not supported on this GPU', pos: v.pos };
    } else return { error: 'unsupported format', pos: v.pos };
  }
  a.value = (dfmt < 0 ? 1 : dfmt) | ((nfmt < 0 ? 0 : nfmt) << 4);
  return null;
};
