// ELF string tables built the two ways LLVM builds them, because byte identity with LLVM's output
// depends on the exact offsets: ld.lld appends names in the order it meets them (deduplicating only some
// tables), while LLVM's MC layer (llvm-mc, clang -c) sorts names by their reversed bytes so that a name
// which is the tail of another shares its bytes ("tail merging").

/** Encodes a latin1 string (one char per byte, as the reader returns names) to bytes. */
export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) throw new RangeError(`name ${JSON.stringify(s)} has a character above U+00FF`);
    out[i] = c;
  }
  return out;
}

/**
 * An append-only string table as ld.lld's StringTableSection builds it: a leading NUL, then each added
 * string with its NUL in the order added. `dedup` false reproduces lld's .strtab/.dynstr for symbol
 * names (every symbol gets its own copy); true reproduces .shstrtab (one copy per distinct name).
 */
export class AppendStringTable {
  private readonly parts: Uint8Array[] = [];
  private readonly seen = new Map<string, number>();
  private size = 1;

  constructor(private readonly dedupAll = false) {}

  add(s: string, dedup = this.dedupAll): number {
    if (dedup) {
      const old = this.seen.get(s);
      if (old !== undefined) return old;
    }
    if (s === '') return 0;
    const off = this.size;
    if (dedup) this.seen.set(s, off);
    this.parts.push(latin1Bytes(s));
    this.size += s.length + 1;
    return off;
  }

  get length(): number {
    return this.size;
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let p = 1;
    for (const b of this.parts) {
      out.set(b, p);
      p += b.length + 1;
    }
    return out;
  }
}

/** Orders like LLVM's multikey sort on reversed strings: at the first differing byte from the end, the
 * larger byte first; a string that is a tail of another comes after it. */
function tailOrder(a: string, b: string): number {
  for (let k = 1; ; k++) {
    const ca = k <= a.length ? a.charCodeAt(a.length - k) : -1;
    const cb = k <= b.length ? b.charCodeAt(b.length - k) : -1;
    if (ca !== cb) return cb - ca;
    if (ca === -1) return 0;
  }
}

/**
 * A tail-merged ELF string table as LLVM's StringTableBuilder (kind ELF, optimized) builds it. The result
 * does not depend on the order strings are given in. Returns the bytes and each string's offset.
 */
export function tailMergedStringTable(strings: Iterable<string>): {
  bytes: Uint8Array;
  offsets: Map<string, number>;
} {
  const uniq = [...new Set(strings)].sort(tailOrder);
  const offsets = new Map<string, number>();
  const kept: string[] = [];
  let size = 1;
  let prev = '';
  for (const s of uniq) {
    // The empty string too lands on the previous string's NUL (or offset 0 when it is alone).
    if (prev.endsWith(s) && (prev !== '' || s === '')) {
      offsets.set(s, size - s.length - 1);
      continue;
    }
    offsets.set(s, size);
    kept.push(s);
    size += s.length + 1;
    prev = s;
  }
  const bytes = new Uint8Array(size);
  let p = 1;
  for (const s of kept) {
    bytes.set(latin1Bytes(s), p);
    p += s.length + 1;
  }
  if (!offsets.has('')) offsets.set('', 0);
  return { bytes, offsets };
}
