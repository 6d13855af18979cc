// A bounded cache of finished instruction lines, keyed by their words. Straight-line code repeats the
// same words a lot (s_waitcnt, v_mov, ...), and a line's bytes depend only on its words and address, so
// a hit copies the line's bytes and rewrites the address digits instead of decoding again.
// Direct-mapped over typed arrays: a fixed number of slots chosen by the first word, each holding the
// words it was made from and the line's bytes. A miss costs one hash and one compare; storing a line is
// one copy of its bytes; nothing is allocated per line, and distinct input (every word new) only
// overwrites slots; while lookups miss, only a sample of lines is looked up and stored, so distinct input
// runs at the speed of no cache (a Map of a million lines cost 38%, every-line lookups 10-15%: issue 13).

/** Slots (a power of two): 32k lines of up to SLOT_BYTES bytes, 4 MB of line bytes. */
const SLOT_BITS = 15;
const SLOTS = 1 << SLOT_BITS;
/** Longer lines (long texts, comments) are not cached. */
const SLOT_BYTES = 128;

export class LineCache {
  /** The words of each slot's instruction: w0, w1, w2 (unused words 0). */
  private readonly words = new Uint32Array(SLOTS * 3);
  /** Per slot: size in dwords (0: empty), line length in bytes, where the address's low 8 digits are. */
  private readonly meta = new Int32Array(SLOTS * 3);
  /** The line bytes: slot k's at [k * SLOT_BYTES, + its length). */
  readonly bytes = new Uint8Array(SLOTS * SLOT_BYTES);

  /**
   * Lines to pass by before the next lookup. While fewer than 1 lookup in 8 hits, the cache looks up and
   * stores only 1 line in 16, and while fewer than 1 in 64 hits (distinct input) 1 in 256; the driver
   * skips the rest with one counter test. On distinct input each lookup is a cache miss in a 4 MB table
   * and each store a line copy into it, often a page touched for the first time (every line: 10-15% of
   * the time; 1 in 16: still 8-10%), and a sample is enough to see repetition come back.
   */
  skip = 0;
  /** Whether fewer than 1 recent lookup in 64 hit (distinct input): the driver then decodes by blocks. */
  rare = false;
  /** Recent lookups and their hits (halved now and then). */
  private lookups = 0;
  private lookupHits = 0;

  /** Empties the cache (for another file, whose target may differ), keeping its memory. */
  reset(): void {
    this.meta.fill(0);
    this.skip = 0;
    this.rare = false;
    this.lookups = 0;
    this.lookupHits = 0;
  }

  /**
   * The slot of the instruction whose first words are `w0`, `w1` (`w1`: the next word, 0 at the end).
   * Encodings whose first word has its top two bits set are 64-bit on gfx9 (VOP3, DS, FLAT, MUBUF, SMEM,
   * ...): their first word is mostly the opcode and destination, so the second word is hashed too, or
   * every v_fma_f32 into v0 would share one slot. Only a hash: `find` checks every word.
   */
  static slotOf(w0: number, w1: number): number {
    // Both products every time: a Math.imul first reached after the line loop was optimised (its branch
    // had no feedback yet) deoptimised the loop in a cold run.
    const h = Math.imul(w1, 0x85ebca6b);
    const k = w0 >>> 30 === 3 ? w0 ^ h : w0;
    return Math.imul(k, 0x9e3779b1) >>> (32 - SLOT_BITS);
  }

  /**
   * The size in dwords of the cached line for the instruction at `words[w]` (`n` words valid), or 0
   * when the slot holds another instruction (then the driver stores the line it makes).
   */
  find(slot: number, words: Uint32Array, w: number, n: number): number {
    const lookups = ++this.lookups;
    // A short memory (halved every 1024 lookups), so that repetition coming back is seen within about
    // 16k lines even after a long distinct stretch.
    if (lookups > 1 << 10) {
      this.lookups >>= 1;
      this.lookupHits >>= 1;
    }
    const hits = this.lookupHits;
    this.rare = hits * 64 < lookups;
    this.skip = hits * 8 < lookups ? (this.rare ? 255 : 15) : 0;
    const m = slot * 3;
    const size = this.meta[m];
    if (size === 0 || w + size > n) return 0;
    const k = this.words;
    if (k[m] !== words[w]) return 0;
    if (size > 1 && k[m + 1] !== words[w + 1]) return 0;
    if (size > 2 && k[m + 2] !== words[w + 2]) return 0;
    this.lookupHits++;
    return size;
  }

  /** Where the line of `slot` starts in `bytes`. */
  static start(slot: number): number {
    return slot * SLOT_BYTES;
  }

  /** The length of the line of a slot `find` accepted. */
  length(slot: number): number {
    return this.meta[slot * 3 + 1];
  }

  /** Where in that line the low 8 digits of its address are. */
  addressAt(slot: number): number {
    return this.meta[slot * 3 + 2];
  }

  /**
   * Stores the line just written at `src[from, to)` for the `size` words at `words[w]`, after a `find`
   * of its slot missed; `addrAt` is where its address's low 8 hex digits are, relative to `from` (the 4
   * digits before them are zeros).
   */
  store(
    slot: number,
    words: Uint32Array,
    w: number,
    size: number,
    src: Uint8Array,
    from: number,
    to: number,
    addrAt: number,
  ): void {
    const len = to - from;
    // A long line leaves the slot to the instruction it holds (it is rarer than the one it would evict).
    if (len > SLOT_BYTES) return;
    const m = slot * 3;
    this.words[m] = words[w];
    this.words[m + 1] = size > 1 ? words[w + 1] : 0;
    this.words[m + 2] = size > 2 ? words[w + 2] : 0;
    this.meta[m] = size;
    this.meta[m + 1] = len;
    this.meta[m + 2] = addrAt;
    const b = this.bytes;
    // A plain loop: a subarray for set() would allocate a view per line.
    for (let p = from, q = slot * SLOT_BYTES; p < to; p++, q++) b[q] = src[p];
  }
}
