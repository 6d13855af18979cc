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
 * A table of texts by code (an operand table: 512 source codes, 256 registers, ...) encoded once, as
 * `n` entries of HEADS from entry `at` on; a null entry (a code LLVM rejects) is an empty text. HEADS
 * holds every table's entries as 4 words each: the text's length, its first 8 bytes as two little-endian
 * words (zero-padded), and where in REST the words of its bytes after the first 8 start. putT copies a
 * text of up to 8 bytes (nearly every operand: `v12`, `s[4:5]`, `0.5`) with two stores, no loop, and one
 * entry of 16 bytes read: byte by byte the copies were 10-15% of a distinct run; a loop of 4-byte stores
 * over per-table typed arrays (one for lengths, one for words, one for offsets) still a fifth of VOP3's
 * time (issue 13).
 */
export interface ByteTable {
  /** Index of entry 0's first word in HEADS. */
  readonly at: number;
  readonly n: number;
}

/**
 * Every ByteTable's entries (grown by doubling; a module variable the hot path reads once per text). Sized
 * for the tables of a whole gfx9 run (about 100k words on the 1M distinct benchmark): a growth inside
 * byteTable, first reached after V8 optimised it at start-up, deoptimised it (one of its deopts in a
 * start-up; the others are the tables' array kinds). Untouched pages cost nothing.
 */
let HEADS: Uint32Array = new Uint32Array(1 << 17);
let headsUsed = 0;
/** The words of texts' bytes after their first 8 (mnemonics, long operand notes). */
let REST: Uint32Array = new Uint32Array(1 << 16);
let restUsed = 0;

function grow(a: Uint32Array, need: number): Uint32Array {
  if (need <= a.length) return a;
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}

const TABLES = new WeakMap<readonly (string | null)[], ByteTable>();

/** The ByteTable of a text table, built on first use and kept per table (tables are shared by many ops). */
export function byteTable(t: readonly (string | null)[]): ByteTable {
  let b = TABLES.get(t);
  if (b === undefined) {
    // The callers' tables come in several elements kinds (empty, packed, holey), and each new kind met by
    // the optimised loop's length and element loads deoptimised it (3-4 deopts and 6 compilations in a
    // cold run; a copy in one kind deoptimised at the copy). Reflect.get is a generic load, with no map
    // check to fail; tables are built once, so its cost does not matter.
    const n = Reflect.get(t, 'length') as number;
    const at = headsUsed;
    HEADS = grow(HEADS, at + 4 * n);
    headsUsed = at + 4 * n;
    for (let k = 0; k < n; k++) {
      const s = Reflect.get(t, k) as string | null | undefined;
      const e = at + 4 * k;
      if (s === null || s === undefined) continue;
      const len = s.length;
      const restWords = len > 8 ? (len - 5) >>> 2 : 0;
      REST = grow(REST, restUsed + restWords + 1);
      HEADS[e] = len;
      HEADS[e + 3] = restUsed;
      for (let c = 0; c < len; c++) {
        const byte = (s.charCodeAt(c) & 0xff) << (8 * (c & 3));
        if (c < 8) HEADS[e + 1 + (c >>> 2)] |= byte;
        else REST[restUsed + ((c - 8) >>> 2)] |= byte;
      }
      restUsed += restWords;
    }
    b = { at, n };
    TABLES.set(t, b);
  }
  return b;
}

/** The length of text `k` of a ByteTable (0: the code is rejected). */
export function textLen(t: ByteTable, k: number): number {
  return HEADS[t.at + 4 * k];
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
  const h = HEADS;
  const e = t.at + 4 * k;
  const n = h[e];
  v.setUint32(p, h[e + 1], true);
  v.setUint32(p + 4, h[e + 2], true);
  if (n > 8) putRest(v, h[e + 3], n, p);
  o.pos = p + n;
}

/**
 * The bytes after the first 8 of a text of `n` bytes whose rest is REST[r...], four bytes a store: the
 * first 8 without a loop (most such texts are mnemonics of 9 to 16 bytes; a loop's varying count
 * mispredicted its end), which may copy a word past the text's (REST keeps one word to spare).
 */
function putRest(v: DataView, r: number, n: number, p: number): void {
  const w = REST;
  v.setUint32(p + 8, w[r], true);
  v.setUint32(p + 12, w[r + 1], true);
  for (let q = r + 2, e = r + ((n - 5) >>> 2), d = p + 16; q < e; q++, d += 4) v.setUint32(d, w[q], true);
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
