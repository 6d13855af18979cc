// A fixed string-keyed table for the per-line mnemonic lookup, hashed in JavaScript. The mnemonic is a
// fresh slice of the line each time: a Map.get with it into the ~6,000 mnemonics of a target measured
// 190 ns (26 ns with a key already hashed, node 20); FNV-1a over a short name costs a few ns a character.
// The fast path looks spans of a byte copy of the source up (slotBytes): comparing a key a character at a
// time with charCodeAt on both strings was 9% of a warm line (two string reads a character, each with the
// string's representation checked; the bench's source is a cons string, read through its indirection).

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
  /**
   * Per slot: the key's offset in kbytes, its length (-1: an empty slot) and its strHash; kbytes holds
   * the keys' characters as bytes (ASCII as itself, any other code unit as 0xff, which sourceBytes never
   * gives, so such a key matches no source).
   */
  private readonly kbytes: Uint8Array;
  private readonly koff: Int32Array;
  private readonly klen: Int32Array;
  private readonly khash: Int32Array;
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
    this.koff = new Int32Array(size);
    this.klen = new Int32Array(size).fill(-1);
    this.khash = new Int32Array(size);
    let total = 0;
    for (const k of this.keys) total += k?.length ?? 0;
    this.kbytes = new Uint8Array(total);
    let at = 0;
    for (let h = 0; h < size; h++) {
      const k = this.keys[h];
      if (k === undefined) continue;
      this.koff[h] = at;
      this.klen[h] = k.length;
      this.khash[h] = strHash(k) | 0;
      for (let i = 0; i < k.length; i++) {
        const c = k.charCodeAt(i);
        this.kbytes[at++] = c < 128 ? c : 0xff;
      }
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
   * The value of the key spelled by the bytes b[start, end) (a source as the fast path reads it: lexer.ts
   * sourceBytes) whose strHash is `hash` (any 32-bit form of it: the fast lexer hashes as it reads), or
   * undefined.
   */
  getBytes(b: Uint8Array, start: number, end: number, hash: number): V | undefined {
    const slot = this.slotBytes(b, start, end, hash);
    return slot < 0 ? undefined : this.vals[slot];
  }
  /**
   * The slot (0 .. capacity - 1) of the key spelled by b[start, end) whose strHash is `hash`, or -1: a
   * caller may keep data of its own per slot in typed arrays of `capacity` entries. Compared in typed
   * arrays (the key's hash, length and bytes), with no slice of the source and no string read.
   */
  slotBytes(b: Uint8Array, start: number, end: number, hash: number): number {
    const len = end - start;
    const h32 = hash | 0;
    const klen = this.klen;
    let h = h32 & this.mask;
    for (;;) {
      const l = klen[h];
      if (l < 0) return -1;
      if (l === len && this.khash[h] === h32 && this.sameBytes(h, b, start, len)) return h;
      h = (h + 1) & this.mask;
    }
  }
  private sameBytes(slot: number, b: Uint8Array, start: number, len: number): boolean {
    const kb = this.kbytes;
    const o = this.koff[slot];
    for (let i = 0; i < len; i++) if (kb[o + i] !== b[start + i]) return false;
    return true;
  }
  /** The number of slots (slotBytes's range). */
  get capacity(): number {
    return this.mask + 1;
  }
  /** The key and the value in a slot slotBytes gave. */
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
