// A fixed string-keyed table for the per-line mnemonic lookup, hashed in JavaScript. The mnemonic is a
// fresh slice of the line each time: a Map.get with it into the ~6,000 mnemonics of a target measured
// 190 ns (26 ns with a key already hashed, node 20); FNV-1a over a short name costs a few ns a character.

/** FNV-1a over the UTF-16 code units of `s` (32 bits). */
export function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pow2Above = (n: number): number => {
  let size = 16;
  while (size < n) size *= 2;
  return size;
};

/** A fixed set of keys (open addressing, load <= 1/2). `get` returns the value; `key` the stored key. */
export class StrTable<V> {
  private readonly keys: (string | undefined)[];
  private readonly vals: (V | undefined)[];
  private readonly mask: number;
  constructor(entries: Iterable<readonly [string, V]>) {
    const list = [...entries];
    const size = pow2Above(list.length * 2);
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
  /** The slot of `s`, or -1. */
  private find(s: string): number {
    let h = strHash(s) & this.mask;
    for (;;) {
      const k = this.keys[h];
      if (k === undefined) return -1;
      if (k === s) return h;
      h = (h + 1) & this.mask;
    }
  }
  get(s: string): V | undefined {
    const h = this.find(s);
    return h < 0 ? undefined : this.vals[h];
  }
  has(s: string): boolean {
    return this.find(s) >= 0;
  }
  /**
   * The value of the key spelled by line[start, end), or undefined: hashed and compared in place, with no
   * slice of the line (the assembler's fast path looks mnemonics and keywords up so).
   */
  getSpan(line: string, start: number, end: number): V | undefined {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193);
    const slot = this.slotHashed(line, start, end, h);
    return slot < 0 ? undefined : this.vals[slot];
  }
  /** getSpan with the span's strHash (any 32-bit form of it) already known: the fast lexer hashes as it reads. */
  getHashed(line: string, start: number, end: number, hash: number): V | undefined {
    const slot = this.slotHashed(line, start, end, hash);
    return slot < 0 ? undefined : this.vals[slot];
  }
  /**
   * The slot (0 .. capacity - 1) of the key spelled by line[start, end) whose strHash is `hash`, or -1: a
   * caller may keep data of its own per slot in typed arrays of `capacity` entries.
   */
  slotHashed(line: string, start: number, end: number, hash: number): number {
    let h = (hash >>> 0) & this.mask;
    const len = end - start;
    for (;;) {
      const k = this.keys[h];
      if (k === undefined) return -1;
      if (k.length === len && sameAt(k, line, start)) return h;
      h = (h + 1) & this.mask;
    }
  }
  /** The number of slots (slotHashed's range). */
  get capacity(): number {
    return this.mask + 1;
  }
  /** The key and the value in a slot slotHashed gave. */
  keyAt(slot: number): string {
    return this.keys[slot] as string;
  }
  valueAt(slot: number): V {
    return this.vals[slot] as V;
  }
  /** The stored (flat, internalised) copy of `s`: later Map lookups with it hash for free. */
  key(s: string): string | undefined {
    const h = this.find(s);
    return h < 0 ? undefined : this.keys[h];
  }
}

/** Whether `line` holds `k` at `start`. */
function sameAt(k: string, line: string, start: number): boolean {
  for (let i = 0; i < k.length; i++) if (k.charCodeAt(i) !== line.charCodeAt(start + i)) return false;
  return true;
}
