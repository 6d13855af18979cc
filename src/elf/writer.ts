// A mutable ELF64 LE image and its writer. An image read from a file keeps the exact layout (offsets,
// name offsets, the bytes between structures) so that writing it back reproduces the file byte for byte;
// new images get their layout from `layoutFile` (or the linker, which needs page-congruent segments).
import { ElfError } from './errors.js';
import type { ElfFile } from './reader.js';
import { AppendStringTable, tailMergedStringTable } from './strtab.js';
import {
  EHDR_SIZE,
  EM_AMDGPU,
  PHDR_SIZE,
  SHDR_SIZE,
  SHN_LORESERVE,
  SHN_XINDEX,
  SHT_NOBITS,
} from './types.js';

export interface ImageHeader {
  osAbi: number;
  abiVersion: number;
  type: number;
  machine: number;
  /** e_version (and e_ident[EI_VERSION]); 1 in every file LLVM writes. */
  version: number;
  entry: bigint;
  flags: number;
  /** 0 when there are no program headers. */
  phoff: number;
  shoff: number;
}

export interface ImageSection {
  name: string;
  /** sh_name; assigned by `assignSectionNames` for new images. */
  nameOffset?: number;
  type: number;
  /** sh_flags (all AMDGPU flags lie below 2^53). */
  flags: number;
  addr: number;
  /** sh_offset; for new images assigned by a layout. */
  offset: number;
  /** sh_size: must equal data.length except for SHT_NOBITS, whose data is empty. */
  size: number;
  link: number;
  info: number;
  addralign: number;
  entsize: number;
  data: Uint8Array;
}

export interface ImageSegment {
  type: number;
  flags: number;
  offset: number;
  vaddr: number;
  paddr: number;
  filesz: number;
  memsz: number;
  align: number;
}

/** File bytes no structure describes that were not zero (ld.lld fills none today; kept for exactness). */
export interface ImageFill {
  offset: number;
  bytes: Uint8Array;
}

export interface ElfImage {
  header: ImageHeader;
  /** Section 0 (the null section) included; it holds extended counts when there are many sections. */
  sections: ImageSection[];
  shstrndx: number;
  segments: ImageSegment[];
  fill: ImageFill[];
  /** The file size when the file extends past its last structure; otherwise the end of the last one. */
  fileSize?: number;
}

/** A null section 0. */
export function nullSection(): ImageSection {
  return {
    name: '',
    nameOffset: 0,
    type: 0,
    flags: 0,
    addr: 0,
    offset: 0,
    size: 0,
    link: 0,
    info: 0,
    addralign: 0,
    entsize: 0,
    data: new Uint8Array(0),
  };
}

const u64n = (dv: DataView, off: number): number => {
  const v = dv.getBigUint64(off, true);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`value 0x${v.toString(16)} too large`);
  return Number(v);
};

/** An image of `f` that `writeElf` turns back into the same bytes. */
export function imageFromFile(f: ElfFile): ElfImage {
  const b = f.bytes;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const h = f.header;
  const fail = (field: string, problem: string): never => {
    throw new ElfError(f.fileName, field, problem);
  };
  if (b[6] !== h.version) fail('e_ident[EI_VERSION]', `${b[6]} differs from e_version ${h.version}`);
  for (let i = 9; i < 16; i++) if (b[i] !== 0) fail(`e_ident[${i}]`, 'padding byte is not zero');
  if (h.ehsize !== EHDR_SIZE) fail('e_ehsize', `${h.ehsize} cannot be written (only ${EHDR_SIZE})`);
  if (h.phnum === 0 && h.phentsize !== 0 && h.phentsize !== PHDR_SIZE)
    fail('e_phentsize', `${h.phentsize} cannot be written`);
  if (h.phnum === 0 && h.phoff !== 0) fail('e_phoff', 'set without program headers cannot be written');
  if (h.shnum === 0 && h.shentsize !== 0) fail('e_shentsize', 'set without sections cannot be written');
  const sections: ImageSection[] = f.sections.map((s) => {
    const o = h.shoff + s.index * SHDR_SIZE;
    return {
      name: s.name,
      nameOffset: dv.getUint32(o, true),
      type: s.type,
      flags: u64n(dv, o + 8),
      addr: s.addr,
      offset: s.offset,
      size: s.size,
      link: s.link,
      info: s.info,
      addralign: s.addralign,
      entsize: s.entsize,
      data: s.index === 0 ? new Uint8Array(0) : f.contents(s).slice(),
    };
  });
  // Section 0's fields are only meaningful for extended numbering; keep them as they are.
  if (sections.length > 0) {
    const s0 = f.sections[0];
    if (s0.type !== SHT_NOBITS && s0.size !== 0 && h.shnum < SHN_LORESERVE)
      fail('section header 0', 'non-empty null section cannot be written');
  }
  const segments: ImageSegment[] = f.segments.map((p) => ({ ...p }));
  // Everything the structures cover; what is left and non-zero becomes fill.
  const covered = new Uint8Array(b.length);
  const cover = (start: number, len: number) => covered.fill(1, start, Math.min(b.length, start + len));
  cover(0, EHDR_SIZE);
  cover(h.phoff, h.phnum * PHDR_SIZE);
  cover(h.shoff, h.shnum * SHDR_SIZE);
  for (const s of f.sections) if (s.index !== 0 && s.type !== SHT_NOBITS) cover(s.offset, s.size);
  const fill: ImageFill[] = [];
  for (let i = 0; i < b.length; ) {
    if (covered[i] || b[i] === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < b.length && !covered[j] && b[j] !== 0) j++;
    fill.push({ offset: i, bytes: b.slice(i, j) });
    i = j;
  }
  return {
    header: {
      osAbi: h.osAbi,
      abiVersion: h.abiVersion,
      type: h.type,
      machine: h.machine,
      version: h.version,
      entry: h.entry,
      flags: h.flags,
      phoff: h.phoff,
      shoff: h.shoff,
    },
    sections,
    shstrndx: h.shstrndx,
    segments,
    fill,
    fileSize: b.length,
  };
}

/** The end of the last structure of the image (the file size unless `fileSize` says more). */
export function imageEnd(img: ElfImage): number {
  let end = EHDR_SIZE;
  if (img.segments.length) end = Math.max(end, img.header.phoff + img.segments.length * PHDR_SIZE);
  if (img.sections.length) end = Math.max(end, img.header.shoff + img.sections.length * SHDR_SIZE);
  for (const [i, s] of img.sections.entries())
    if (i !== 0 && s.type !== SHT_NOBITS) end = Math.max(end, s.offset + s.size);
  for (const f of img.fill) end = Math.max(end, f.offset + f.bytes.length);
  return Math.max(end, img.fileSize ?? 0);
}

const bad = (field: string, problem: string): never => {
  throw new ElfError('<elf writer>', field, problem);
};

/** Serializes an image whose layout (offsets, name offsets) is final. */
export function writeElf(img: ElfImage): Uint8Array {
  const h = img.header;
  const n = img.sections.length;
  const out = new Uint8Array(imageEnd(img));
  const dv = new DataView(out.buffer);
  for (const f of img.fill) out.set(f.bytes, f.offset);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, h.version, h.osAbi, h.abiVersion]);
  dv.setUint16(16, h.type, true);
  dv.setUint16(18, h.machine, true);
  dv.setUint32(20, h.version, true);
  dv.setBigUint64(24, h.entry, true);
  dv.setBigUint64(32, BigInt(img.segments.length ? h.phoff : 0), true);
  dv.setBigUint64(40, BigInt(n ? h.shoff : 0), true);
  dv.setUint32(48, h.flags, true);
  dv.setUint16(52, EHDR_SIZE, true);
  dv.setUint16(54, img.segments.length ? PHDR_SIZE : 0, true);
  if (img.segments.length >= 0xffff) bad('e_phnum', `${img.segments.length} program headers`);
  dv.setUint16(56, img.segments.length, true);
  dv.setUint16(58, n ? SHDR_SIZE : 0, true);
  // Extended numbering: counts that do not fit live in section 0.
  const extCount = n >= SHN_LORESERVE;
  const extStr = img.shstrndx >= SHN_LORESERVE;
  dv.setUint16(60, extCount ? 0 : n, true);
  dv.setUint16(62, extStr ? SHN_XINDEX : img.shstrndx, true);
  for (const [i, p] of img.segments.entries()) {
    const o = h.phoff + i * PHDR_SIZE;
    dv.setUint32(o, p.type, true);
    dv.setUint32(o + 4, p.flags, true);
    dv.setBigUint64(o + 8, BigInt(p.offset), true);
    dv.setBigUint64(o + 16, BigInt(p.vaddr), true);
    dv.setBigUint64(o + 24, BigInt(p.paddr), true);
    dv.setBigUint64(o + 32, BigInt(p.filesz), true);
    dv.setBigUint64(o + 40, BigInt(p.memsz), true);
    dv.setBigUint64(o + 48, BigInt(p.align), true);
  }
  for (const [i, s] of img.sections.entries()) {
    const field = `section ${i} (${s.name})`;
    const nameOffset = s.nameOffset ?? bad(field, 'no sh_name assigned (call assignSectionNames)');
    if (i !== 0 && s.type !== SHT_NOBITS) {
      if (s.data.length !== s.size) bad(field, `${s.data.length} data bytes but sh_size ${s.size}`);
      out.set(s.data, s.offset);
    }
    const o = h.shoff + i * SHDR_SIZE;
    dv.setUint32(o, nameOffset, true);
    dv.setUint32(o + 4, s.type, true);
    dv.setBigUint64(o + 8, BigInt(s.flags), true);
    dv.setBigUint64(o + 16, BigInt(s.addr), true);
    dv.setBigUint64(o + 24, BigInt(s.offset), true);
    const size = i === 0 && extCount ? n : s.size;
    dv.setBigUint64(o + 32, BigInt(size), true);
    dv.setUint32(o + 40, i === 0 && extStr ? img.shstrndx : s.link, true);
    dv.setUint32(o + 44, s.info, true);
    dv.setBigUint64(o + 48, BigInt(s.addralign), true);
    dv.setBigUint64(o + 56, BigInt(s.entsize), true);
  }
  return out;
}

export const alignTo = (v: number, a: number): number => (a > 1 ? Math.ceil(v / a) * a : v);

/**
 * Fills the section-name table (section `img.shstrndx`) and every sh_name. 'lld' appends names in section
 * order, one copy per distinct name; 'mc' tail-merges them as llvm-mc does. `extra` strings (symbol names
 * when one table serves both, as in llvm-mc's .strtab) come after the section names in 'lld' order and
 * are merged with them in 'mc' order; their offsets are returned.
 */
export function assignSectionNames(
  img: ElfImage,
  style: 'lld' | 'mc',
  extra: readonly string[] = [],
): Map<string, number> {
  const tab = img.sections[img.shstrndx];
  if (!tab || img.shstrndx === 0) return bad('e_shstrndx', 'no section-name table to fill');
  const names = img.sections.slice(1).map((s) => s.name);
  let offsets: Map<string, number>;
  if (style === 'mc') {
    const t = tailMergedStringTable([...names, ...extra]);
    tab.data = t.bytes;
    offsets = t.offsets;
  } else {
    const t = new AppendStringTable(true);
    offsets = new Map();
    for (const s of [...names, ...extra]) offsets.set(s, t.add(s));
    tab.data = t.bytes();
  }
  tab.size = tab.data.length;
  img.sections[0].nameOffset = 0;
  for (const s of img.sections.slice(1)) s.nameOffset = offsets.get(s.name);
  return offsets;
}

/**
 * Lays out a file with no program headers (a relocatable object): section contents in `order` (section
 * indices; default: index order), each at its alignment after the ELF header, then the section header
 * table at an 8-byte boundary. llvm-mc writes .strtab and .symtab after the sections they describe, so
 * the assembler passes its own order.
 */
export function layoutFile(img: ElfImage, order?: readonly number[]): void {
  let pos = EHDR_SIZE;
  if (img.segments.length) {
    img.header.phoff = pos;
    pos += img.segments.length * PHDR_SIZE;
  }
  const seq = order ?? img.sections.map((_, i) => i).slice(1);
  for (const i of seq) {
    const s = img.sections[i];
    if (!s || i === 0) bad('layout order', `${i} is not a section`);
    if (s.type === SHT_NOBITS) {
      s.offset = alignTo(pos, s.addralign);
      continue;
    }
    pos = alignTo(pos, s.addralign);
    s.offset = pos;
    pos += s.size;
  }
  img.header.shoff = alignTo(pos, 8);
  img.fileSize = undefined;
}

/** A relocatable section as an assembler describes it (its place in the file is computed). */
export interface RelocatableSection {
  name: string;
  type: number;
  flags: number;
  addralign: number;
  entsize?: number;
  link?: number;
  info?: number;
  /** Contents; for SHT_NOBITS leave empty and give `size`. */
  data?: Uint8Array;
  size?: number;
}

export interface RelocatableObject {
  osAbi: number;
  abiVersion: number;
  flags: number;
  /** Sections from index 1 on; one of them is the section-name table. */
  sections: RelocatableSection[];
  /** Index (from 1, as in the file) of the section-name table. */
  shstrndx: number;
  /** File order of section contents (section indices); default: index order. */
  order?: readonly number[];
  /**
   * How sh_name offsets are found: 'mc' (default: the name table is built tail-merged, as llvm-mc does),
   * 'lld', or the offsets of names in a table the caller built into the name-table section's data (llvm-mc
   * shares one .strtab between section and symbol names, so the assembler builds it with
   * `tailMergedStringTable` before writing .symtab).
   */
  names?: 'lld' | 'mc' | ReadonlyMap<string, number>;
}

/** An ET_REL image of `obj`, laid out and with its section names assigned. */
export function relocatableImage(obj: RelocatableObject): ElfImage {
  const img: ElfImage = {
    header: {
      osAbi: obj.osAbi,
      abiVersion: obj.abiVersion,
      type: 1,
      machine: EM_AMDGPU,
      version: 1,
      entry: 0n,
      flags: obj.flags,
      phoff: 0,
      shoff: 0,
    },
    sections: [
      nullSection(),
      ...obj.sections.map((s) => {
        const data = s.data ?? new Uint8Array(0);
        return {
          name: s.name,
          type: s.type,
          flags: s.flags,
          addr: 0,
          offset: 0,
          size: s.type === SHT_NOBITS ? (s.size ?? 0) : data.length,
          link: s.link ?? 0,
          info: s.info ?? 0,
          addralign: s.addralign,
          entsize: s.entsize ?? 0,
          data: s.type === SHT_NOBITS ? new Uint8Array(0) : data,
        };
      }),
    ],
    shstrndx: obj.shstrndx,
    segments: [],
    fill: [],
  };
  const names = obj.names ?? 'mc';
  if (typeof names === 'string') assignSectionNames(img, names);
  else
    for (const s of img.sections.slice(1)) {
      s.nameOffset = names.get(s.name);
      if (s.nameOffset === undefined) bad(`section ${s.name}`, 'name missing from the given name table');
    }
  layoutFile(img, obj.order);
  return img;
}

/** Writes a relocatable object (see `relocatableImage`). */
export function writeRelocatable(obj: RelocatableObject): Uint8Array {
  return writeElf(relocatableImage(obj));
}
