// A fixed string-keyed table looked up by a span of a line (start, end), so that finding a mnemonic or a
// keyword needs no slice of the line: the span is hashed (FNV-1a, as strtab.ts) and compared in place.
import { strHash } from '../strtab.js';

export class SpanTable<V> {
  private readonly keys: (string | undefined)[];
  private readonly vals: (V | undefined)[];
  private readonly mask: number;
  constructor(entries: Iterable<readonly [string, V]>) {
    const list = [...entries];
    let size = 16;
    while (size < list.length * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Array(size).fill(undefined);
    this.vals = new Array(size).fill(undefined);
    for (const [k, v] of list) {
      let h = strHash(k) & this.mask;
      while (this.keys[h] !== undefined && this.keys[h] !== k) h = (h + 1) & this.mask;
      this.keys[h] = k;
      this.vals[h] = v;
    }
  }

  /** The value of the key spelled by line[start, end), or undefined. */
  get(line: string, start: number, end: number): V | undefined {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193);
    h = (h >>> 0) & this.mask;
    const len = end - start;
    for (;;) {
      const k = this.keys[h];
      if (k === undefined) return undefined;
      if (k.length === len && same(k, line, start)) return this.vals[h];
      h = (h + 1) & this.mask;
    }
  }
}

function same(k: string, line: string, start: number): boolean {
  for (let i = 0; i < k.length; i++) if (k.charCodeAt(i) !== line.charCodeAt(start + i)) return false;
  return true;
}
