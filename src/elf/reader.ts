// A strict ELF64 little-endian reader for AMDGPU code objects. Every offset and size is checked against
// the file before it is used, so a truncated or corrupt file gives an ElfError naming the field rather
// than a RangeError, a wrong answer or a hang (all loops are bounded by counts checked against the size).
import { ElfError } from './errors.js';
import {
  DYN_SIZE,
  EHDR_SIZE,
  type ElfDynamicEntry,
  type ElfHeader,
  type ElfRela,
  type ElfSection,
  type ElfSegment,
  type ElfSymbol,
  EM_AMDGPU,
  PHDR_SIZE,
  RELA_SIZE,
  SHDR_SIZE,
  SHN_LORESERVE,
  SHN_UNDEF,
  SHN_XINDEX,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NOBITS,
  SHT_RELA,
  SHT_STRTAB,
  SHT_SYMTAB,
  SHT_SYMTAB_SHNDX,
  SYM_SIZE,
} from './types.js';

const hex = (v: number | bigint): string => '0x' + v.toString(16);

/** Bytes to a string with one char per byte (latin1), so names round-trip byte for byte. */
export function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let p = start; p < end; p += 8192) {
    s += String.fromCharCode.apply(null, bytes.subarray(p, Math.min(end, p + 8192)) as unknown as number[]);
  }
  return s;
}

export class ElfFile {
  readonly header: ElfHeader;
  readonly sections: readonly ElfSection[];
  /** Program headers (empty for relocatable objects). */
  readonly segments: readonly ElfSegment[];
  private readonly dv: DataView;
  private readonly symCache = new Map<number, readonly ElfSymbol[]>();

  private constructor(
    readonly bytes: Uint8Array,
    readonly fileName: string,
  ) {
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.header = this.readHeader();
    this.sections = this.readSections();
    this.segments = this.readSegments();
  }

  /** Parses and validates the header and section table; symbols are read on demand. */
  static parse(bytes: Uint8Array, fileName: string): ElfFile {
    return new ElfFile(bytes, fileName);
  }

  private fail(field: string, problem: string): never {
    throw new ElfError(this.fileName, field, problem);
  }

  /** A u64 that must be usable as an exact JS number (offsets, sizes, addresses). */
  private u64(off: number, field: string): number {
    const lo = this.dv.getUint32(off, true);
    const hi = this.dv.getUint32(off + 4, true);
    if (hi >= 0x200000) this.fail(field, `value ${hex(this.dv.getBigUint64(off, true))} is too large`);
    return hi * 0x100000000 + lo;
  }

  private readHeader(): ElfHeader {
    const b = this.bytes;
    const size = b.length;
    if (size < 4 || b[0] !== 0x7f || b[1] !== 0x45 || b[2] !== 0x4c || b[3] !== 0x46) {
      this.fail(
        'e_ident',
        size < 4 ? `file too short for an ELF header (${size} bytes)` : 'not an ELF file (bad magic)',
      );
    }
    if (size < 16) this.fail('e_ident', `truncated (${size} bytes, need 16)`);
    if (b[4] !== 2)
      this.fail('e_ident[EI_CLASS]', b[4] === 1 ? '32-bit ELF is not supported' : `invalid class ${b[4]}`);
    if (b[5] !== 1)
      this.fail('e_ident[EI_DATA]', b[5] === 2 ? 'big-endian ELF is not supported' : `invalid data ${b[5]}`);
    if (size < EHDR_SIZE) this.fail('ELF header', `truncated (${size} bytes, need ${EHDR_SIZE})`);
    const dv = this.dv;
    const machine = dv.getUint16(18, true);
    if (machine !== EM_AMDGPU) this.fail('e_machine', `${machine} is not EM_AMDGPU (${EM_AMDGPU})`);
    const ehsize = dv.getUint16(52, true);
    if (ehsize < EHDR_SIZE) this.fail('e_ehsize', `${ehsize} is smaller than ${EHDR_SIZE}`);
    const phoff = this.u64(32, 'e_phoff');
    const phentsize = dv.getUint16(54, true);
    const phnum = dv.getUint16(56, true);
    if (phnum > 0) {
      if (phentsize !== PHDR_SIZE) this.fail('e_phentsize', `${phentsize}, expected ${PHDR_SIZE}`);
      if (phoff + phnum * PHDR_SIZE > size) {
        this.fail(
          'e_phoff',
          `program headers (${phnum} at ${hex(phoff)}) extend beyond the end of the file (${size} bytes)`,
        );
      }
    }
    const shoff = this.u64(40, 'e_shoff');
    const shentsize = dv.getUint16(58, true);
    let shnum = dv.getUint16(60, true);
    let shstrndx = dv.getUint16(62, true);
    if (shoff !== 0) {
      if (shentsize !== SHDR_SIZE) this.fail('e_shentsize', `${shentsize}, expected ${SHDR_SIZE}`);
      if (shoff + SHDR_SIZE > size) {
        this.fail(
          'e_shoff',
          `section header table at ${hex(shoff)} is beyond the end of the file (${size} bytes)`,
        );
      }
      // More than 0xff00 sections or a large name-table index spill into section 0 (ELF extended numbering).
      if (shnum === 0) shnum = this.u64(shoff + 32, 'section 0 sh_size (extended e_shnum)');
      if (shstrndx === SHN_XINDEX) shstrndx = dv.getUint32(shoff + 40, true);
      if (shoff + shnum * SHDR_SIZE > size) {
        this.fail(
          'e_shnum',
          `${shnum} section headers at ${hex(shoff)} extend beyond the end of the file (${size} bytes)`,
        );
      }
      if (shstrndx !== 0 && shstrndx >= shnum)
        this.fail('e_shstrndx', `${shstrndx} is not a section (${shnum} sections)`);
    } else {
      shnum = 0;
      shstrndx = 0;
    }
    return {
      osAbi: b[7],
      abiVersion: b[8],
      type: dv.getUint16(16, true),
      machine,
      version: dv.getUint32(20, true),
      entry: dv.getBigUint64(24, true),
      phoff,
      shoff,
      flags: dv.getUint32(48, true),
      ehsize,
      phentsize,
      phnum,
      shentsize,
      shnum,
      shstrndx,
    };
  }

  private readSections(): ElfSection[] {
    const { shoff, shnum, shstrndx } = this.header;
    const size = this.bytes.length;
    const raw: Omit<ElfSection, 'name'>[] = [];
    const nameOffs: number[] = [];
    for (let i = 0; i < shnum; i++) {
      const o = shoff + i * SHDR_SIZE;
      const f = `section header ${i}`;
      const type = this.dv.getUint32(o + 4, true);
      const sec = {
        index: i,
        type,
        flags: this.dv.getUint32(o + 8, true),
        addr: this.u64(o + 16, `${f} sh_addr`),
        offset: this.u64(o + 24, `${f} sh_offset`),
        size: this.u64(o + 32, `${f} sh_size`),
        link: this.dv.getUint32(o + 40, true),
        info: this.dv.getUint32(o + 44, true),
        addralign: this.u64(o + 48, `${f} sh_addralign`),
        entsize: this.u64(o + 56, `${f} sh_entsize`),
      };
      if (type !== SHT_NOBITS && i !== 0 && sec.offset + sec.size > size) {
        this.fail(
          f,
          `contents (sh_offset ${hex(sec.offset)} + sh_size ${hex(sec.size)}) extend beyond the end of the file (${size} bytes)`,
        );
      }
      raw.push(sec);
      nameOffs.push(this.dv.getUint32(o, true));
    }
    let names: string[] = raw.map(() => '');
    if (shstrndx !== 0) {
      const strtab = raw[shstrndx];
      if (strtab.type !== SHT_STRTAB) this.fail('e_shstrndx', `section ${shstrndx} is not a string table`);
      names = nameOffs.map((off, i) => this.str(strtab, off, `section header ${i} sh_name`));
    }
    return raw.map((s, i) => ({ ...s, name: names[i] }));
  }

  private readSegments(): ElfSegment[] {
    const { phoff, phnum } = this.header;
    const size = this.bytes.length;
    const segs: ElfSegment[] = [];
    for (let i = 0; i < phnum; i++) {
      const o = phoff + i * PHDR_SIZE;
      const f = `program header ${i}`;
      const seg: ElfSegment = {
        index: i,
        type: this.dv.getUint32(o, true),
        flags: this.dv.getUint32(o + 4, true),
        offset: this.u64(o + 8, `${f} p_offset`),
        vaddr: this.u64(o + 16, `${f} p_vaddr`),
        paddr: this.u64(o + 24, `${f} p_paddr`),
        filesz: this.u64(o + 32, `${f} p_filesz`),
        memsz: this.u64(o + 40, `${f} p_memsz`),
        align: this.u64(o + 48, `${f} p_align`),
      };
      if (seg.offset + seg.filesz > size) {
        this.fail(
          f,
          `contents (p_offset ${hex(seg.offset)} + p_filesz ${hex(seg.filesz)}) extend beyond the end of the file (${size} bytes)`,
        );
      }
      segs.push(seg);
    }
    return segs;
  }

  /** The entries of a SHT_RELA section. */
  relocations(sec: ElfSection): readonly ElfRela[] {
    const f = `section ${sec.index} (${sec.name})`;
    if (sec.type !== SHT_RELA) this.fail(f, 'is not a SHT_RELA section');
    if (sec.entsize !== RELA_SIZE) this.fail(`${f} sh_entsize`, `${sec.entsize}, expected ${RELA_SIZE}`);
    if (sec.size % RELA_SIZE !== 0)
      this.fail(`${f} sh_size`, `${sec.size} is not a multiple of ${RELA_SIZE}`);
    const out: ElfRela[] = [];
    for (let o = sec.offset; o < sec.offset + sec.size; o += RELA_SIZE) {
      out.push({
        offset: this.dv.getBigUint64(o, true),
        type: this.dv.getUint32(o + 8, true),
        symbol: this.dv.getUint32(o + 12, true),
        addend: this.dv.getBigInt64(o + 16, true),
      });
    }
    return out;
  }

  /** The entries of the SHT_DYNAMIC section up to and including DT_NULL (all of them if none). */
  dynamic(): readonly ElfDynamicEntry[] {
    const sec = this.sectionOfType(SHT_DYNAMIC);
    if (!sec) return [];
    if (sec.size % DYN_SIZE !== 0)
      this.fail(`section ${sec.index} (${sec.name}) sh_size`, `${sec.size} is not a multiple of ${DYN_SIZE}`);
    const out: ElfDynamicEntry[] = [];
    for (let o = sec.offset; o < sec.offset + sec.size; o += DYN_SIZE) {
      const tag = this.dv.getBigInt64(o, true);
      out.push({ tag, value: this.dv.getBigUint64(o + 8, true) });
      if (tag === 0n) break;
    }
    return out;
  }

  /** The NUL-terminated string at `off` in string-table section `tab`. */
  strAt(tab: ElfSection, off: number, field: string): string {
    return this.str(tab, off, field);
  }

  private str(tab: Omit<ElfSection, 'name'>, off: number, field: string): string {
    if (off >= tab.size)
      this.fail(field, `string offset ${hex(off)} is outside the string table (${tab.size} bytes)`);
    const start = tab.offset + off;
    const end = this.bytes.indexOf(0, start);
    if (end < 0 || end >= tab.offset + tab.size)
      this.fail(field, `string at ${hex(off)} is not NUL-terminated`);
    return latin1(this.bytes, start, end);
  }

  /** The bytes of a section (empty for SHT_NOBITS); a view, not a copy. */
  contents(sec: ElfSection): Uint8Array {
    if (sec.type === SHT_NOBITS) return new Uint8Array(0);
    return this.bytes.subarray(sec.offset, sec.offset + sec.size);
  }

  /** The first section of a type, e.g. SHT_SYMTAB. */
  sectionOfType(type: number): ElfSection | undefined {
    return this.sections.find((s) => s.type === type);
  }

  sectionByName(name: string): ElfSection | undefined {
    return this.sections.find((s) => s.name === name);
  }

  /** The symbols of a SHT_SYMTAB or SHT_DYNSYM section, index 0 (the null symbol) included. */
  symbols(tab: ElfSection): readonly ElfSymbol[] {
    const cached = this.symCache.get(tab.index);
    if (cached) return cached;
    const f = `section ${tab.index} (${tab.name})`;
    if (tab.type !== SHT_SYMTAB && tab.type !== SHT_DYNSYM) this.fail(f, 'is not a symbol table');
    if (tab.entsize !== SYM_SIZE) this.fail(`${f} sh_entsize`, `${tab.entsize}, expected ${SYM_SIZE}`);
    if (tab.size % SYM_SIZE !== 0) this.fail(`${f} sh_size`, `${tab.size} is not a multiple of ${SYM_SIZE}`);
    if (tab.link === 0 || tab.link >= this.sections.length)
      this.fail(`${f} sh_link`, `${tab.link} is not a section`);
    const strtab = this.sections[tab.link];
    if (strtab.type !== SHT_STRTAB) this.fail(`${f} sh_link`, `section ${tab.link} is not a string table`);
    const n = tab.size / SYM_SIZE;
    // Section indices that do not fit st_shndx live in a parallel SHT_SYMTAB_SHNDX table.
    const xtab = this.sections.find((s) => s.type === SHT_SYMTAB_SHNDX && s.link === tab.index);
    const syms: ElfSymbol[] = [];
    for (let i = 0; i < n; i++) {
      const o = tab.offset + i * SYM_SIZE;
      const sf = `${f} symbol ${i}`;
      const info = this.bytes[o + 4];
      const shndx = this.dv.getUint16(o + 6, true);
      let section = shndx === SHN_UNDEF || shndx >= SHN_LORESERVE ? -1 : shndx;
      if (shndx === SHN_XINDEX) {
        if (!xtab || xtab.size < (i + 1) * 4)
          this.fail(`${sf} st_shndx`, 'SHN_XINDEX without a SHT_SYMTAB_SHNDX entry');
        section = this.dv.getUint32(xtab.offset + i * 4, true);
        if (section === 0) section = -1;
      }
      if (section >= this.sections.length) {
        this.fail(`${sf} st_shndx`, `${section} is not a section (${this.sections.length} sections)`);
      }
      syms.push({
        index: i,
        name: this.str(strtab, this.dv.getUint32(o, true), `${sf} st_name`),
        value: this.dv.getBigUint64(o + 8, true),
        size: this.dv.getBigUint64(o + 16, true),
        type: info & 0xf,
        bind: info >> 4,
        other: this.bytes[o + 5],
        shndx,
        section,
      });
    }
    this.symCache.set(tab.index, syms);
    return syms;
  }
}
