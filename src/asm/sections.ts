// Sections as llvm-mc's ELF streamer keeps them: contents grow in place (no fragments: nothing on
// GFX9 relaxes, so every offset is final when it is emitted), with the fixups to resolve once the
// whole file has been read.
import type { Expr } from './expr.js';
import type { Pos } from './types.js';

export const SHT_PROGBITS = 1;
export const SHT_NOTE = 7;
export const SHT_NOBITS = 8;
export const SHT_INIT_ARRAY = 14;
export const SHT_FINI_ARRAY = 15;
export const SHT_PREINIT_ARRAY = 16;

export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;
export const SHF_MERGE = 0x10;
export const SHF_STRINGS = 0x20;
export const SHF_TLS = 0x400;
export const SHF_EXCLUDE = 0x80000000;

/** What a fixup patches: data of 1/2/4/8 bytes, a branch's simm16, or an instruction literal. */
export type FixupKind = 'data1' | 'data2' | 'data4' | 'data8' | 'sopp_br' | 'lit32' | 'lit32_pcrel';

export interface SectionFixup {
  /** Offset in the section of the bytes to patch. */
  offset: number;
  kind: FixupKind;
  expr: Expr;
  pos: Pos;
  /** For instruction fixups: offset of the instruction's end (PC-relative bases). */
  instEnd: number;
  /** Where the statement came from, for diagnostics found at the end. */
  where: SourceRef;
  /** The location counter when the fixup was made, for `.` in data expressions. */
  dot: number;
}

/** A source line: the file (or `<instantiation>`) name and its text. */
export interface SourceRef {
  file: string;
  source: string;
  /** Where the enclosing macro (or `.rept`) was expanded from, innermost first. */
  notes: readonly SourceNote[];
}

export interface SourceNote {
  file: string;
  line: number;
  col: number;
  source: string;
}

export class Section {
  bytes = new Uint8Array(64);
  size = 0;
  align: number;
  readonly fixups: SectionFixup[] = [];
  /** The place of the section's symbol in the symbol table order (llvm-mc registers it on creation). */
  symbolOrder = 0;

  constructor(
    readonly name: string,
    readonly type: number,
    readonly flags: number,
    readonly entsize: number,
    /** Creation order: sections are numbered in it. */
    readonly order: number,
    align = 1,
  ) {
    this.align = align;
  }

  get isCode(): boolean {
    return (this.flags & SHF_EXECINSTR) !== 0;
  }

  get isNobits(): boolean {
    return this.type === SHT_NOBITS;
  }

  /** Makes room for `n` more bytes and returns the offset where they go. */
  reserve(n: number): number {
    const at = this.size;
    const need = at + n;
    if (!this.isNobits && need > this.bytes.length) {
      let cap = this.bytes.length * 2;
      while (cap < need) cap *= 2;
      const b = new Uint8Array(cap);
      b.set(this.bytes.subarray(0, at));
      this.bytes = b;
    }
    this.size = need;
    return at;
  }

  put8(v: number): void {
    const at = this.reserve(1);
    if (!this.isNobits) this.bytes[at] = v;
  }

  put32(v: number): void {
    const at = this.reserve(4);
    if (this.isNobits) return;
    const b = this.bytes;
    b[at] = v;
    b[at + 1] = v >>> 8;
    b[at + 2] = v >>> 16;
    b[at + 3] = v >>> 24;
  }

  /** Writes the low `n` bytes of `v` little-endian at `at` (already reserved). */
  write(at: number, n: number, v: bigint): void {
    if (this.isNobits) return;
    let x = BigInt.asUintN(64, v);
    for (let i = 0; i < n; i++) {
      this.bytes[at + i] = Number(x & 0xffn);
      x >>= 8n;
    }
  }

  contents(): Uint8Array {
    return this.isNobits ? new Uint8Array(0) : this.bytes.slice(0, this.size);
  }
}

/** `name` is `prefix` or starts with `prefix.` (LLVM's hasPrefix for section names). */
const hasPrefix = (name: string, prefix: string): boolean => name === prefix || name.startsWith(`${prefix}.`);

/** The section type llvm-mc gives a `.section NAME` without `@type`. */
export function defaultSectionType(name: string): number {
  if (name.startsWith('.note')) return SHT_NOTE;
  if (hasPrefix(name, '.init_array')) return SHT_INIT_ARRAY;
  if (hasPrefix(name, '.bss') || hasPrefix(name, '.tbss')) return SHT_NOBITS;
  if (hasPrefix(name, '.fini_array')) return SHT_FINI_ARRAY;
  if (hasPrefix(name, '.preinit_array')) return SHT_PREINIT_ARRAY;
  return SHT_PROGBITS;
}

/** The flags llvm-mc gives a `.section NAME` without a flags string. */
export function defaultSectionFlags(name: string): number {
  if (name === '.fini' || name === '.init' || hasPrefix(name, '.text')) return SHF_ALLOC | SHF_EXECINSTR;
  if (
    hasPrefix(name, '.data') ||
    name === '.data1' ||
    hasPrefix(name, '.bss') ||
    hasPrefix(name, '.init_array') ||
    hasPrefix(name, '.fini_array') ||
    hasPrefix(name, '.preinit_array')
  )
    return SHF_ALLOC | SHF_WRITE;
  if (hasPrefix(name, '.tdata') || hasPrefix(name, '.tbss')) return SHF_ALLOC | SHF_WRITE | SHF_TLS;
  if (hasPrefix(name, '.rodata') || name === '.rodata1') return SHF_ALLOC;
  return 0;
}

const FLAG_CHARS: [string, number][] = [
  ['a', SHF_ALLOC],
  ['e', SHF_EXCLUDE],
  ['x', SHF_EXECINSTR],
  ['w', SHF_WRITE],
  ['M', SHF_MERGE],
  ['S', SHF_STRINGS],
  ['T', SHF_TLS],
];

/** Flags of a `.section` flags string, or the index of the first character llvm-mc rejects. */
export function parseSectionFlags(s: string): number | { bad: number } {
  let flags = 0;
  for (let i = 0; i < s.length; i++) {
    const e = FLAG_CHARS.find(([c]) => c === s[i]);
    if (!e) return { bad: i };
    flags |= e[1];
  }
  return flags;
}

const TYPE_NAMES: Record<string, number> = {
  progbits: SHT_PROGBITS,
  nobits: SHT_NOBITS,
  note: SHT_NOTE,
  init_array: SHT_INIT_ARRAY,
  fini_array: SHT_FINI_ARRAY,
  preinit_array: SHT_PREINIT_ARRAY,
};

export function sectionTypeByName(name: string): number | undefined {
  return TYPE_NAMES[name];
}

/** How llvm-mc's asm printer switches to a section (`.text`, or `.section NAME,"FLAGS",@TYPE[,ENTSIZE]`). */
export function sectionSwitchText(s: Section): string {
  if (s.name === '.text' || s.name === '.data') return `\t${s.name}\n`;
  let flags = '';
  for (const [c, bit] of FLAG_CHARS) if (s.flags & bit) flags += c;
  const type = Object.keys(TYPE_NAMES).find((k) => TYPE_NAMES[k] === s.type) ?? 'progbits';
  const ent = s.flags & SHF_MERGE ? `,${s.entsize}` : '';
  return `\t.section\t${s.name},"${flags}",@${type}${ent}\n`;
}
