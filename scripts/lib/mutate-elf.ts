// Mutations of code objects for robustness fuzzing of `gcnkit info` and `gcnkit disasm`. Most random
// byte flips land in instruction bytes and only test the decoder, so half of the mutations aim at the
// structures a reader trusts: header fields, section and program headers, symbols, notes (sizes and
// the msgpack metadata), kernel descriptors, relocations and the dynamic section.
import { ElfFile } from '../../src/elf/reader.js';
import { SHT_DYNSYM, SHT_NOTE, SHT_RELA, SHT_SYMTAB } from '../../src/elf/types.js';

export type Rng = () => number;

/** Regions of a file that hold structure, found once per seed object. */
interface Targets {
  /** [offset, size, field width] of fields worth corrupting. */
  fields: [number, number][];
  /** [offset, length] of byte ranges worth flipping (notes, symbol tables, descriptors). */
  ranges: [number, number][];
}

const cache = new WeakMap<Uint8Array, Targets>();

function targetsOf(bytes: Uint8Array): Targets {
  const hit = cache.get(bytes);
  if (hit) return hit;
  const elf = ElfFile.parse(bytes, 'seed');
  const fields: [number, number][] = [];
  for (const [o, w] of [
    [16, 2],
    [24, 8],
    [32, 8],
    [40, 8],
    [48, 4],
    [52, 2],
    [54, 2],
    [56, 2],
    [58, 2],
    [60, 2],
    [62, 2],
    [7, 1],
    [8, 1],
  ] as [number, number][])
    fields.push([o, w]);
  const { shoff, phoff } = elf.header;
  for (const s of elf.sections) {
    const o = shoff + s.index * 64;
    for (const [d, w] of [
      [0, 4],
      [4, 4],
      [8, 8],
      [16, 8],
      [24, 8],
      [32, 8],
      [40, 4],
      [44, 4],
      [48, 8],
      [56, 8],
    ])
      fields.push([o + d, w]);
  }
  for (const p of elf.segments) {
    const o = phoff + p.index * 56;
    for (const [d, w] of [
      [0, 4],
      [4, 4],
      [8, 8],
      [16, 8],
      [32, 8],
      [40, 8],
      [48, 8],
    ])
      fields.push([o + d, w]);
  }
  const ranges: [number, number][] = [];
  for (const s of elf.sections) {
    if (s.type === SHT_NOTE || s.type === SHT_RELA || s.type === SHT_SYMTAB || s.type === SHT_DYNSYM)
      ranges.push([s.offset, s.size]);
    if (s.name === '.rodata' || s.name === '.dynamic' || s.name === '.strtab' || s.name === '.dynstr')
      ranges.push([s.offset, s.size]);
  }
  const t = { fields, ranges: ranges.filter(([, n]) => n > 0) };
  cache.set(bytes, t);
  return t;
}

const INTERESTING = [0, 1, 2, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff];

function setField(b: Uint8Array, off: number, width: number, rng: Rng): void {
  if (off + width > b.length) return;
  const pick = rng() % 4;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (pick === 0) {
    for (let i = 0; i < width; i++) b[off + i] = 0xff;
  } else if (pick === 1) {
    const v = INTERESTING[rng() % INTERESTING.length];
    for (let i = 0; i < width; i++) b[off + i] = i < 4 ? (v >>> (8 * i)) & 0xff : 0;
  } else if (pick === 2) {
    // Small deltas keep a field plausible, which reaches deeper checks than an absurd value.
    const d = (rng() % 65) - 32;
    if (width >= 4) dv.setUint32(off, (dv.getUint32(off, true) + d) >>> 0, true);
    else if (width === 2) dv.setUint16(off, (dv.getUint16(off, true) + d) & 0xffff, true);
    else b[off] = (b[off] + d) & 0xff;
  } else {
    for (let i = 0; i < width; i++) b[off + i] = rng() & 0xff;
  }
}

export type MutationKind = 'truncate' | 'flip' | 'field' | 'structure';

/** One mutated copy of `seed`. */
export function mutate(seed: Uint8Array, rng: Rng): { bytes: Uint8Array; kind: MutationKind } {
  const r = rng() % 8;
  if (r === 0) {
    // Truncation: bias towards the structure-dense start and end of the file.
    const n = seed.length;
    const len = rng() % 2 ? rng() % Math.min(n, 4096) : n - 1 - (rng() % Math.min(n - 1, 4096));
    return { bytes: seed.slice(0, len), kind: 'truncate' };
  }
  const b = seed.slice();
  const t = targetsOf(seed);
  if (r <= 2) {
    const k = 1 + (rng() % 8);
    for (let i = 0; i < k; i++) b[rng() % b.length] ^= 1 << (rng() % 8);
    return { bytes: b, kind: 'flip' };
  }
  if (r <= 5) {
    const k = 1 + (rng() % 3);
    for (let i = 0; i < k; i++) {
      const [off, w] = t.fields[rng() % t.fields.length];
      setField(b, off, w, rng);
    }
    return { bytes: b, kind: 'field' };
  }
  const k = 1 + (rng() % 6);
  for (let i = 0; i < k && t.ranges.length; i++) {
    const [off, n] = t.ranges[rng() % t.ranges.length];
    const at = off + (rng() % n);
    if (rng() % 2) b[at] ^= 1 << (rng() % 8);
    else setField(b, at, [1, 2, 4, 8][rng() % 4], rng);
  }
  return { bytes: b, kind: 'structure' };
}
