// The disassembler's output, written as bytes into one buffer: no per-line strings or ropes, so a
// million instruction lines cost a million family texts and nothing else. Either the buffer grows to
// hold the whole output, or (with a sink) it is handed to the sink whenever a line ends past `flushAt`
// and then reused, so that output of any size streams through one small buffer. All text is ASCII or
// latin1 (symbol names keep their raw bytes as latin1 characters), one byte per character.

const HEX_UPPER = new Uint8Array([...'0123456789ABCDEF'].map((c) => c.charCodeAt(0)));

/**
 * `%02X` of each byte value as one 16-bit little-endian number (first digit in the low byte), so that a
 * word's 8 digits are two 32-bit stores through a DataView instead of eight shifts, masks and byte stores.
 */
const HEX_PAIR = Uint16Array.from({ length: 256 }, (_, v) => HEX_UPPER[v >>> 4] | (HEX_UPPER[v & 15] << 8));
/** Four spaces, and `// 0` / `000` as little-endian 32-bit numbers (the address column's fixed part). */
const SPACES4 = 0x20202020;
/** Eight spaces as the float64 of that bit pattern (a normal number: stored bit for bit). */
const SPACES8 = new Float64Array(new Uint32Array([SPACES4, SPACES4]).buffer)[0];
const SLASHES = 0x30202f2f;
/** Scratch for the address column's first 8 bytes as a float64 (ByteOut.addressPrefix). */
const PREFIX_F64 = new Float64Array(1);
const PREFIX_WORDS = new Uint32Array(PREFIX_F64.buffer);
/** Room for an instruction line's tail after its text (stores may write past a field) and its newline. */
export const TAIL_ROOM = 64 + 3 + 12 + 2 + 27 + 4 + 1;

export class ByteOut {
  buf: Uint8Array;
  /** A DataView of `buf` (for writing several bytes in one store; replaced with it). */
  view: DataView;
  pos = 0;

  /**
   * `sink`, if given, receives the bytes written so far (a view, valid during the call) each time
   * `lineEnd` finds more than `sizeHint` less 64 KiB of them, and at `flush`.
   */
  constructor(
    sizeHint = 1 << 16,
    private readonly sink?: (chunk: Uint8Array) => void,
  ) {
    this.buf = new Uint8Array(Math.max(1024, sizeHint));
    this.view = new DataView(this.buf.buffer);
    this.flushAt = this.sink ? Math.max(512, this.buf.length - 65536) : Number.POSITIVE_INFINITY;
  }

  /** With a sink: where lineEnd flushes (+Infinity without one). */
  readonly flushAt: number;

  /** Called between lines: with a sink, hands it a full buffer and starts again at its beginning. */
  lineEnd(): void {
    if (this.pos >= this.flushAt) this.flush();
  }

  /** Hands the bytes written so far to the sink (nothing without one). */
  flush(): void {
    if (!this.sink || this.pos === 0) return;
    this.sink(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  /** Makes room for `n` more bytes (`buf` may be replaced). */
  ensure(n: number): void {
    this.room(n);
  }

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Appends a string of latin1 characters. */
  str(s: string): void {
    const n = s.length;
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    for (let k = 0; k < n; k++) b[p++] = s.charCodeAt(k);
    this.pos = p;
  }

  /**
   * Appends a latin1 string that recurs (a comment, a symbol name): its bytes are encoded on first use
   * and then copied four at a time. Copying each character through charCodeAt was 3% of a distinct run
   * (about 90k such strings a million lines, 40 characters each: issue 13).
   */
  recurring(s: string): void {
    // A direct-mapped memo in front of the Map, keyed by the length and the last two characters (the
    // warnings differ in their register number at the end): a hit is a pointer compare, where Map.get was
    // 1.6% of a distinct run (about 100 ns a lookup among a thousand symbol names and warnings).
    const len = s.length;
    const m = len > 1 ? (len * 5 + s.charCodeAt(len - 1) * 17 + s.charCodeAt(len - 2)) & 255 : len;
    let at: number | undefined;
    if (MEMO_KEY[m] === s) at = MEMO_AT[m];
    else {
      at = RECURRING.get(s);
      if (at === undefined) {
        at = encodeRecurring(s);
        if (at < 0) {
          this.str(s);
          return;
        }
      }
      MEMO_KEY[m] = s;
      MEMO_AT[m] = at;
    }
    const n = at & 0x3ff;
    const from = at >>> 10;
    this.room(n + 4);
    const v = this.view;
    const src = RECURRING_VIEW;
    const p = this.pos;
    for (let q = 0; q < n; q += 4) v.setUint32(p + q, src.getUint32(from + q, true), true);
    this.pos = p + n;
  }

  /** Appends `0x` and a non-negative integer below 2^53 in lowercase hex (as toString(16)). */
  hexL(x: number): void {
    // The digit count by integer shifts below 2^32: `2 ** (4 * n)` in the loop was 1% of a distinct run
    // (issue 13: about 30k branch annotations a million lines).
    let n = 1;
    if (x < 0x100000000) {
      for (let r = x >>> 4; r !== 0; r >>>= 4) n++;
    } else while (n < 14 && x >= 2 ** (4 * n)) n++;
    this.room(2 + n);
    const b = this.buf;
    b[this.pos] = 0x30;
    b[this.pos + 1] = 0x78;
    this.pos += 2 + n;
    hexDigits(b, this.pos, x, n, HEX_LOWER);
  }

  /** Appends bytes. */
  bytesOf(src: Uint8Array): void {
    this.room(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
  }

  /**
   * Appends `len` bytes of `src` from `start` (a cached line) and writes the low 32 bits of `addr` as 8
   * hex digits at `at` within them.
   */
  lineWithAddress(src: Uint8Array, start: number, len: number, at: number, addr: number): void {
    this.room(len);
    const b = this.buf;
    let q = this.pos;
    for (let s = start, e = start + len; s < e; s++, q++) b[q] = src[s];
    hex8At(b, this.pos + at, addr);
    this.pos += len;
  }

  /**
   * The end of an instruction line after its text (which starts at `lineStart`, after the tab):
   * padding to column 60, `// `, the address (below 2^32) as 12 hex digits, `: ` and the `size` words
   * from `words[w]` as 8 hex digits each, separated by spaces. Returns where the address's low 8 digits
   * start, relative to `lineStart`. One room check for the whole tail.
   */
  lineTail(lineStart: number, addr: number, words: Uint32Array, w: number, size: number): number {
    this.room(TAIL_ROOM);
    return this.tail(lineStart, addr, words, w, size);
  }

  /**
   * lineTail and the line's newline, for a line with no annotation or comment, with no room check: the
   * caller made room for the text and TAIL_ROOM more bytes (one check a line instead of three).
   */
  lineTailNl(lineStart: number, addr: number, words: Uint32Array, w: number, size: number): number {
    const at = this.tail(lineStart, addr, words, w, size);
    this.buf[this.pos++] = 0x0a;
    return at;
  }

  private tail(lineStart: number, addr: number, words: Uint32Array, w: number, size: number): number {
    // Eight or four bytes a store; a store may write past its field, which the next one overwrites.
    const v = this.view;
    let p = this.pos;
    const e = lineStart + 60;
    if (p < e) {
      // The padding (at most 59 bytes) as 8-byte stores: 32 bytes from its start and the 32 before its
      // end, with no branch on its length (a loop, or a test for more than 32 bytes, mispredicted where
      // the text ended: issue 13). Stores past the padding are overwritten by the address column.
      v.setFloat64(p, SPACES8);
      v.setFloat64(p + 8, SPACES8);
      v.setFloat64(p + 16, SPACES8);
      v.setFloat64(p + 24, SPACES8);
      const q = Math.max(p, e - 32);
      v.setFloat64(q, SPACES8);
      v.setFloat64(q + 8, SPACES8);
      v.setFloat64(q + 16, SPACES8);
      v.setFloat64(q + 24, SPACES8);
      p = e;
    }
    // `// 0000`, the address's 8 digits, `: `: all but its low 2 digits are those of the line before
    // nearly always (a new prefix every 256 bytes of code), so they are kept as the bit patterns of three
    // stores (the digits looked up and shifted per line were a third of the tail's hex).
    const hi = addr >>> 8;
    if (hi !== this.addrHi) this.addressPrefix(hi);
    v.setFloat64(p, this.addrA, true);
    v.setUint32(p + 8, this.addrB, true);
    v.setUint32(p + 12, this.addrC | (HEX_PAIR[addr & 255] << 8), true);
    v.setUint8(p + 16, 0x20);
    const at = p + 7 - lineStart;
    p = hex8View(v, p + 17, words[w]);
    for (let k = 1; k < size; k++) {
      this.buf[p] = 0x20;
      p = hex8View(v, p + 1, words[w + k]);
    }
    this.pos = p;
    return at;
  }

  /** The address column's bytes for addresses `hi << 8` to `hi << 8 | 255` (see tail). */
  private addrHi = -1;
  /** `// 0000` and the first digit; the next four digits; the sixth digit and `:` (byte 3). */
  private addrA = 0;
  private addrB = 0;
  private addrC = 0;

  private addressPrefix(hi: number): void {
    this.addrHi = hi;
    const d = (k: number): number => HEX_UPPER[(hi >>> (20 - 4 * k)) & 15];
    PREFIX_WORDS[0] = SLASHES;
    PREFIX_WORDS[1] = 0x00303030 | (d(0) << 24);
    this.addrA = PREFIX_F64[0];
    this.addrB = d(1) | (d(2) << 8) | (d(3) << 16) | (d(4) << 24);
    this.addrC = d(5) | (0x3a << 24);
  }

  byte(c: number): void {
    this.room(1);
    this.buf[this.pos++] = c;
  }

  spaces(n: number): void {
    if (n <= 0) return;
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    // A plain loop beats fill() for the short runs of padding on each line.
    for (const e = p + n; p < e; p++) b[p] = 0x20;
    this.pos = p;
  }

  /** `%0<digits>X` of a non-negative integer below 2^53 (more digits if it needs them, as printf). */
  hexU(v: number, digits: number): void {
    let n = digits;
    while (n < 14 && v >= 2 ** (4 * n)) n++;
    this.room(n);
    this.pos += n;
    hexDigits(this.buf, this.pos, v, n, HEX_UPPER);
  }

  /** `%08X` of a 32-bit word. */
  hex8U(v: number): void {
    this.room(8);
    this.pos = hex8At(this.buf, this.pos, v);
  }

  /** The bytes written so far (a view). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

const HEX_LOWER = new Uint8Array([...'0123456789abcdef'].map((c) => c.charCodeAt(0)));

/**
 * The bytes of recurring strings (ByteOut.recurring), one after another, each padded to a multiple of 4
 * bytes; RECURRING maps a string to its length | its offset << 10. Bounded: strings of 1 KiB or more, and
 * all strings once the arena is full, are copied by character instead.
 */
const RECURRING = new Map<string, number>();
const RECURRING_BYTES = new Uint8Array(1 << 18);
const RECURRING_VIEW = new DataView(RECURRING_BYTES.buffer);
let recurringUsed = 0;
const MEMO_KEY: string[] = new Array<string>(256).fill('');
const MEMO_AT = new Int32Array(256);

/** Adds `s` to the recurring strings; returns its entry, or -1 when it is not kept. */
function encodeRecurring(s: string): number {
  const n = s.length;
  if (n >= 0x400 || recurringUsed + n + 4 > RECURRING_BYTES.length) return -1;
  const at = recurringUsed;
  for (let k = 0; k < n; k++) RECURRING_BYTES[at + k] = s.charCodeAt(k);
  recurringUsed = (at + n + 3) & ~3;
  const e = n | (at << 10);
  RECURRING.set(s, e);
  return e;
}

/** The `n` low hex digits of `v` (below 2^53) from the table `digits`, ending before `b[end]`. */
function hexDigits(b: Uint8Array, end: number, v: number, n: number, digits: Uint8Array): void {
  let p = end;
  // Low 32 bits with integer ops, the rest with division (addresses may exceed 32 bits).
  let lo = (v % 0x100000000) >>> 0;
  let hi = Math.floor(v / 0x100000000);
  for (let k = 0; k < n; k++) {
    if (k < 8) {
      b[--p] = digits[lo & 15];
      lo >>>= 4;
    } else {
      b[--p] = digits[hi & 15];
      hi = Math.floor(hi / 16);
    }
  }
}

/** Writes `%08X` of a 32-bit value at `b[p]`; returns p + 8. */
function hex8At(b: Uint8Array, p: number, v: number): number {
  b[p] = HEX_UPPER[v >>> 28];
  b[p + 1] = HEX_UPPER[(v >>> 24) & 15];
  b[p + 2] = HEX_UPPER[(v >>> 20) & 15];
  b[p + 3] = HEX_UPPER[(v >>> 16) & 15];
  b[p + 4] = HEX_UPPER[(v >>> 12) & 15];
  b[p + 5] = HEX_UPPER[(v >>> 8) & 15];
  b[p + 6] = HEX_UPPER[(v >>> 4) & 15];
  b[p + 7] = HEX_UPPER[v & 15];
  return p + 8;
}

/** hex8At through a DataView: two 32-bit stores. */
function hex8View(v: DataView, p: number, x: number): number {
  v.setUint32(p, HEX_PAIR[x >>> 24] | (HEX_PAIR[(x >>> 16) & 255] << 16), true);
  v.setUint32(p + 4, HEX_PAIR[(x >>> 8) & 255] | (HEX_PAIR[x & 255] << 16), true);
  return p + 8;
}

/** Bytes to a string, one latin1 character per byte (TextDecoder's "latin1" is windows-1252). */
export function latin1String(bytes: Uint8Array): string {
  // Listings are ASCII but for odd symbol names: ASCII is UTF-8, which TextDecoder decodes natively.
  let ascii = true;
  for (let p = 0; p < bytes.length; p++) {
    if (bytes[p] > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) return new TextDecoder().decode(bytes);
  const parts: string[] = [];
  for (let p = 0; p < bytes.length; p += 16384) {
    parts.push(String.fromCharCode.apply(null, bytes.subarray(p, p + 16384) as unknown as number[]));
  }
  return parts.join('');
}
