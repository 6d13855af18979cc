// Instruction text written as bytes (issue 13: the disassembler's distinct-input time went to building
// each line as a string by concatenation, flattening that rope and copying it into the output buffer
// character by character). Families that print this way copy pre-encoded pieces (mnemonics, operand
// names) straight into the caller's buffer; decodeAt turns the bytes into a string for callers that
// want text, so there is one printer per family, never two to keep in step.
// All instruction text is ASCII: one byte per character.

/**
 * Where a family writes its text: `buf` from `pos` on. The caller guarantees TEXT_ROOM bytes of room
 * before it calls the family (instruction texts are far shorter), so the family writes without checks.
 */
export interface TextSink {
  buf: Uint8Array;
  /** A DataView of `buf`'s whole buffer: ByteTable texts are copied four bytes a store. */
  view: DataView;
  pos: number;
}

/** A TextSink over a fresh buffer of `size` bytes. */
export function textSink(size: number): TextSink {
  const buf = new Uint8Array(size);
  return { buf, view: new DataView(buf.buffer), pos: 0 };
}

/** Bytes of room a family may use; the longest texts (MIMG with every modifier) are under 200. */
export const TEXT_ROOM = 512;

/**
 * A table of texts by code (an operand table: 512 source codes, 256 registers, ...) encoded once: text k
 * is `bytes[start[k], start[k + 1])`, `len[k]` bytes long; a null entry (a code LLVM rejects) is empty
 * here, and the family checks the string table for null before it writes. Each text's first 8 bytes are
 * also kept as two little-endian 32-bit words at `head[2k]`, zero-padded, so that putT copies a text of up
 * to 8 bytes (nearly every operand: `v12`, `s[4:5]`, `0.5`) with two stores and no loop; longer texts
 * continue from the same words as the rest, `words` from `wordAt[k]` on (byte by byte the copies were
 * 10-15% of a distinct run, a loop of 4-byte stores still 20% of VOP3's time: issue 13).
 */
export interface ByteTable {
  readonly bytes: Uint8Array;
  readonly start: Int32Array;
  readonly len: Int32Array;
  readonly head: Uint32Array;
  readonly words: Uint32Array;
  readonly wordAt: Int32Array;
}

const TABLES = new WeakMap<readonly (string | null)[], ByteTable>();

/** The ByteTable of a text table, built on first use and kept per table (tables are shared by many ops). */
export function byteTable(t: readonly (string | null)[]): ByteTable {
  let b = TABLES.get(t);
  if (b === undefined) {
    let n = 0;
    for (const s of t) n += s === null || s === undefined ? 0 : s.length;
    const bytes = new Uint8Array(n);
    const start = new Int32Array(t.length + 1);
    let p = 0;
    for (let k = 0; k < t.length; k++) {
      start[k] = p;
      const s = t[k];
      if (s !== null && s !== undefined) for (let c = 0; c < s.length; c++) bytes[p++] = s.charCodeAt(c);
    }
    start[t.length] = p;
    const wordAt = new Int32Array(t.length + 1);
    let nw = 0;
    for (let k = 0; k < t.length; k++) {
      wordAt[k] = nw;
      nw += (start[k + 1] - start[k] + 3) >>> 2;
    }
    wordAt[t.length] = nw;
    const words = new Uint32Array(nw);
    const len = new Int32Array(t.length);
    const head = new Uint32Array(2 * t.length);
    for (let k = 0; k < t.length; k++) {
      len[k] = start[k + 1] - start[k];
      for (let q = start[k], c = 0; q < start[k + 1]; q++, c++) {
        words[wordAt[k] + (c >>> 2)] |= bytes[q] << (8 * (c & 3));
        if (c < 8) head[2 * k + (c >>> 2)] |= bytes[q] << (8 * (c & 3));
      }
    }
    b = { bytes, start, len, head, words, wordAt };
    TABLES.set(t, b);
  }
  return b;
}

/** A string's bytes (for prefixes and fixed pieces, encoded at table-build time). */
export function ascii(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let k = 0; k < s.length; k++) b[k] = s.charCodeAt(k);
  return b;
}

/**
 * Appends text `k` of a ByteTable: its first 8 bytes in two 4-byte stores, the rest (texts over 8 bytes)
 * four bytes a store. Up to 8 bytes past the text are written too, which TEXT_ROOM leaves room for and
 * the next text (or the line's padding) overwrites.
 */
export function putT(o: TextSink, t: ByteTable, k: number): void {
  const v = o.view;
  const p = o.pos;
  const n = t.len[k];
  const h = t.head;
  v.setUint32(p, h[2 * k], true);
  v.setUint32(p + 4, h[2 * k + 1], true);
  if (n > 8) putRest(v, t, k, p);
  o.pos = p + n;
}

/** The bytes of text `k` after its first 8 (putT's rare case), four bytes a store. */
function putRest(v: DataView, t: ByteTable, k: number, p: number): void {
  const w = t.words;
  for (let q = t.wordAt[k] + 2, e = t.wordAt[k + 1], r = p + 8; q < e; q++, r += 4)
    v.setUint32(r, w[q], true);
}

/** A fixed text (a mnemonic) as a one-entry ByteTable, for putP (made once per text). */
export function piece(s: string): ByteTable {
  let b = PIECES.get(s);
  if (b === undefined) {
    b = byteTable([s]);
    PIECES.set(s, b);
  }
  return b;
}
const PIECES = new Map<string, ByteTable>();

/** Appends a piece (four bytes a store, as putT). */
export function putP(o: TextSink, t: ByteTable): void {
  putT(o, t, 0);
}

/** Appends pre-encoded bytes. */
export function putB(o: TextSink, s: Uint8Array): void {
  const b = o.buf;
  let p = o.pos;
  for (let q = 0; q < s.length; q++) b[p++] = s[q];
  o.pos = p;
}

/** Appends a string (the rare pieces made at decode time: warnings, unusual immediates). */
export function putS(o: TextSink, s: string): void {
  const b = o.buf;
  let p = o.pos;
  for (let q = 0; q < s.length; q++) b[p++] = s.charCodeAt(q);
  o.pos = p;
}

/** Appends an integer in decimal (no string made). */
export function putDec(o: TextSink, v: number): void {
  const b = o.buf;
  let p = o.pos;
  if (v < 0) {
    b[p++] = 0x2d;
    v = -v;
  }
  // Register numbers and most offsets are below 1000: their digits without a loop.
  if (v < 10) {
    b[p] = 0x30 + v;
    o.pos = p + 1;
    return;
  }
  if (v < 100) {
    const t = (v / 10) | 0;
    b[p] = 0x30 + t;
    b[p + 1] = 0x30 + v - 10 * t;
    o.pos = p + 2;
    return;
  }
  if (v < 1000) {
    const h = (v / 100) | 0;
    const r = v - 100 * h;
    const t = (r / 10) | 0;
    b[p] = 0x30 + h;
    b[p + 1] = 0x30 + t;
    b[p + 2] = 0x30 + r - 10 * t;
    o.pos = p + 3;
    return;
  }
  let n = 1;
  for (let x = v; x >= 10; x = Math.floor(x / 10)) n++;
  p += n;
  o.pos = p;
  do {
    b[--p] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  } while (v > 0);
}

/** Appends `v<first>` or `v[<first>:<last>]` (a VGPR tuple of `dwords`), as operands.ts's regRange. */
export function putVRange(o: TextSink, first: number, dwords: number): void {
  putRange(o, V, first, dwords);
}

/** Appends `, ` (the operand separator). */
export function putComma(o: TextSink): void {
  const p = o.pos;
  o.buf[p] = 0x2c;
  o.buf[p + 1] = 0x20;
  o.pos = p + 2;
}

/** Appends one byte. */
export function putC(o: TextSink, c: number): void {
  o.buf[o.pos++] = c;
}

/** The text of `b[from, to)` as a string. */
export function textOf(b: Uint8Array, from: number, to: number): string {
  let s = '';
  // Chunks keep fromCharCode.apply's argument count small; texts are short.
  for (let p = from; p < to; p += 4096)
    s += String.fromCharCode.apply(null, b.subarray(p, Math.min(to, p + 4096)) as unknown as number[]);
  return s;
}

/** Lowercase hex digits by value. */
export const HEX_LOWER = ascii('0123456789abcdef');

/** Appends `0x` and the lowercase hex digits of the low 32 bits of `v` (operands.ts's hex, no string). */
export function putHex(o: TextSink, v: number): void {
  v >>>= 0;
  const b = o.buf;
  let p = o.pos;
  b[p] = 0x30;
  b[p + 1] = 0x78;
  let n = 1;
  for (let x = v >>> 4; x !== 0; x >>>= 4) n++;
  p += 2 + n;
  o.pos = p;
  do {
    b[--p] = HEX_LOWER[v & 15];
    v >>>= 4;
  } while (v !== 0);
}

const V = ascii('v');

/** Appends `<prefix><first>` or `<prefix>[<first>:<last>]` (operands.ts's regRange, prefix pre-encoded). */
export function putRange(o: TextSink, prefix: Uint8Array, first: number, dwords: number): void {
  putB(o, prefix);
  if (dwords === 1) {
    putDec(o, first);
    return;
  }
  putC(o, 0x5b);
  putDec(o, first);
  putC(o, 0x3a);
  putDec(o, first + dwords - 1);
  putC(o, 0x5d);
}

const F32_TEXT = byteTable(['0.5', '-0.5', '1.0', '-1.0', '2.0', '-2.0', '4.0', '-4.0', '0.15915494']);
/** The inline float constants' bit patterns (codes 240-248), and their texts. */
export const F32_BITS = [
  0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
];

/** LLVM's printImmediate32: small integers in decimal, inline float bit patterns by value, else hex. */
export function putImm32(o: TextSink, v: number): void {
  v >>>= 0;
  if (v <= 64) putDec(o, v);
  else if (v >= 0xfffffff0) putDec(o, v | 0);
  else {
    const k = F32_BITS.indexOf(v);
    if (k >= 0) putT(o, F32_TEXT, k);
    else putHex(o, v);
  }
}

/** v0..v255 pre-encoded. */
export const VGPR_NAMES = byteTable(Array.from({ length: 256 }, (_, n) => 'v' + n));
