// Reading relocatable inputs for the linker: which sections are kept and under which output name, and
// global symbol resolution in ld.lld's insertion order.
import { ElfError } from './errors.js';
import type { ElfFile } from './reader.js';
import {
  type ElfSection,
  type ElfSymbol,
  ET_REL,
  SHF_ALLOC,
  SHN_ABS,
  SHN_COMMON,
  SHN_UNDEF,
  SHT_NOBITS,
  SHT_NOTE,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_RELA,
  SHT_STRTAB,
  SHT_SYMTAB,
  STT_FILE,
  STT_SECTION,
} from './types.js';

export const SHF_MERGE = 0x10;
export const SHF_STRINGS = 0x20;
export const SHF_GROUP = 0x200;
export const SHF_TLS = 0x400;
export const SHF_EXCLUDE = 0x80000000;
const SHT_LLVM_ADDRSIG = 0x6fff4c03;
const SHT_GROUP = 17;
const GRP_COMDAT = 1;
export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STV_DEFAULT = 0;
export const STV_HIDDEN = 2;
export const STV_PROTECTED = 3;

export const hex = (v: number | bigint): string => '0x' + v.toString(16);

/** A kept input section: its bytes (relocated in place later) and its place in the output. */
export interface InputSection {
  file: number;
  sec: ElfSection;
  outName: string;
  data: Uint8Array;
  /** Offset inside the output section, set by the layout. */
  outOff: number;
}

/** A merged-string input section: where each of its strings starts, and where it lands in the output. */
export interface MergedInput {
  file: LinkInput;
  sec: ElfSection;
  starts: number[];
  outs: number[];
}

/** The output offset of input offset `x` of a merged-string section. */
export function mergedOffset(m: MergedInput, x: bigint, field: string): number {
  const n = Number(x);
  if (x < 0n || n >= m.sec.size)
    m.file.fail(field, `offset ${hex(x)} is outside ${m.sec.name} (${m.sec.size} bytes)`);
  let lo = 0;
  let hi = m.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (m.starts[mid] <= n) lo = mid;
    else hi = mid - 1;
  }
  return m.outs[lo] + (n - m.starts[lo]);
}

export type SymDef =
  | { kind: 'section'; isec: InputSection; value: bigint }
  | { kind: 'merged'; m: MergedInput; value: bigint }
  | { kind: 'abs'; value: bigint }
  | { kind: 'common'; align: number }
  | { kind: 'undef' };

export interface LinkSymbol {
  name: string;
  type: number;
  bind: number;
  visibility: number;
  size: bigint;
  def: SymDef;
  /** Input file that defines it (or first mentions it). */
  file: number;
  /** Set when the symbol is a file-local symbol. */
  local: boolean;
  /** Synthetic .bss piece of a common symbol. */
  commonSec?: InputSection;
}

// Prefixes ld.lld folds into one output section (without -z keep-text-section-prefix).
const PREFIXES = [
  '.text',
  '.rodata',
  '.data.rel.ro',
  '.data',
  '.bss.rel.ro',
  '.bss',
  '.ldata',
  '.lrodata',
  '.lbss',
  '.gcc_except_table',
  '.init_array',
  '.fini_array',
  '.tbss',
  '.tdata',
  '.ctors',
  '.dtors',
];

export function outputName(name: string): string {
  for (const p of PREFIXES) if (name === p || name.startsWith(p + '.')) return p;
  return name;
}

export class LinkInput {
  readonly sections = new Map<number, InputSection>();
  /** Per symbol-table index: the local symbol or the global it resolves to. */
  readonly symbols: LinkSymbol[] = [];
  readonly locals: LinkSymbol[] = [];
  readonly symtab?: ElfSection;
  readonly merged = new Map<number, MergedInput>();
  private readonly droppedMembers = new Set<number>();

  private droppedGroupMember(i: number): boolean {
    return this.droppedMembers.has(i);
  }

  constructor(
    readonly f: ElfFile,
    readonly index: number,
  ) {
    this.symtab = f.sectionOfType(SHT_SYMTAB);
  }

  fail(field: string, problem: string): never {
    throw new ElfError(this.f.fileName, field, problem);
  }

  secField(s: ElfSection): string {
    return `section ${s.index} (${s.name})`;
  }

  /** Decides for each section whether it is kept; merged-string sections are returned separately. */
  collectSections(merged: Map<string, MergedInput[]>, groups: Set<string>): void {
    const f = this.f;
    if (f.header.type !== ET_REL)
      this.fail('e_type', `${f.header.type} is not ET_REL (a relocatable object)`);
    // COMDAT groups: the first input to bring a signature keeps its members; later copies are dropped.
    const dropped = new Set<number>();
    const grouped = new Set<number>();
    for (const g of f.sections) {
      if (g.type !== SHT_GROUP) continue;
      const field = this.secField(g);
      const words = f.contents(g);
      if (words.length < 4 || words.length % 4)
        this.fail(`${field} sh_size`, `${words.length} is not a group`);
      const dv = new DataView(words.buffer, words.byteOffset, words.byteLength);
      if (dv.getUint32(0, true) !== GRP_COMDAT) this.fail(field, 'only COMDAT groups are supported');
      if (g.link !== this.symtab?.index) this.fail(`${field} sh_link`, 'is not the symbol table');
      const sig = f.symbols(this.symtab).at(g.info)?.name;
      if (sig === undefined) this.fail(`${field} sh_info`, `${g.info} is not a symbol`);
      const keep = !groups.has(sig);
      groups.add(sig);
      for (let o = 4; o < words.length; o += 4) {
        const idx = dv.getUint32(o, true);
        if (idx === 0 || idx >= f.sections.length) this.fail(field, `member ${idx} is not a section`);
        grouped.add(idx);
        if (!keep) {
          dropped.add(idx);
          this.droppedMembers.add(idx);
        }
      }
    }
    for (const s of f.sections) {
      if (s.index === 0 || s.type === SHT_GROUP || dropped.has(s.index)) continue;
      const field = this.secField(s);
      if (s.flags & SHF_GROUP && !grouped.has(s.index)) this.fail(field, 'SHF_GROUP set but in no group');
      // Relocations of a dropped member go with it.
      if (s.type === SHT_RELA && dropped.has(s.info)) continue;
      if (s.flags & SHF_TLS) this.fail(field, 'thread-local sections are not supported');
      if (s.type === SHT_SYMTAB || s.type === SHT_STRTAB || s.type === SHT_NULL) continue;
      if (s.type === SHT_RELA) {
        const t = f.sections[s.info];
        if (!t || s.info === 0) this.fail(`${field} sh_info`, `${s.info} is not a section`);
        continue;
      }
      if (s.type === SHT_LLVM_ADDRSIG || s.flags & SHF_EXCLUDE) continue;
      // The GNU-stack marker only tells the linker the stack is not executable.
      if (s.name === '.note.GNU-stack') continue;
      if (s.type !== SHT_PROGBITS && s.type !== SHT_NOBITS && s.type !== SHT_NOTE)
        this.fail(field, `section type ${hex(s.type)} is not supported`);
      if (s.flags & SHF_MERGE) {
        if (!(s.flags & SHF_STRINGS) || s.entsize !== 1 || s.flags & SHF_ALLOC)
          this.fail(field, 'only non-alloc merged 1-byte strings (SHF_MERGE|SHF_STRINGS) are supported');
        const list = merged.get(s.name) ?? [];
        const m: MergedInput = { file: this, sec: s, starts: [], outs: [] };
        this.merged.set(s.index, m);
        list.push(m);
        merged.set(s.name, list);
        continue;
      }
      const name = s.flags & SHF_ALLOC ? outputName(s.name) : s.name;
      this.sections.set(s.index, {
        file: this.index,
        sec: s,
        outName: name,
        data: f.contents(s).slice(),
        outOff: 0,
      });
    }
  }

  /** Locals become LinkSymbols; globals are resolved in `table` in ld.lld's insertion order. */
  collectSymbols(table: SymbolTable): void {
    if (!this.symtab) return;
    const syms = this.f.symbols(this.symtab);
    const field = (s: ElfSymbol) => `${this.secField(this.symtab!)} symbol ${s.index} (${s.name})`;
    for (const s of syms) {
      if (s.index === 0) {
        this.symbols.push({
          name: '',
          type: 0,
          bind: 0,
          visibility: 0,
          size: 0n,
          def: { kind: 'undef' },
          file: this.index,
          local: true,
        });
        continue;
      }
      const def = this.definition(s, field(s));
      if (s.bind === STB_LOCAL) {
        const sym: LinkSymbol = {
          name: s.name,
          type: s.type,
          bind: STB_LOCAL,
          visibility: s.other & 3,
          size: s.size,
          def,
          file: this.index,
          local: true,
        };
        this.symbols.push(sym);
        if (s.type === STT_SECTION || def.kind === 'undef') continue;
        if (def.kind !== 'common' || s.type === STT_FILE) this.locals.push(sym);
        continue;
      }
      if (s.bind !== STB_GLOBAL && s.bind !== STB_WEAK)
        this.fail(`${field(s)} st_bind`, `${s.bind} is not supported`);
      this.symbols.push(table.add(s, def, this, field(s)));
    }
  }

  private definition(s: ElfSymbol, field: string): SymDef {
    if (s.shndx === SHN_UNDEF) return { kind: 'undef' };
    if (s.shndx === SHN_ABS) return { kind: 'abs', value: s.value };
    if (s.shndx === SHN_COMMON) return { kind: 'common', align: Number(s.value) };
    if (s.section < 0)
      this.fail(`${field} st_shndx`, `reserved section index ${hex(s.shndx)} is not supported`);
    const m = this.merged.get(s.section);
    if (m) return { kind: 'merged', m, value: s.value };
    const isec = this.sections.get(s.section);
    // Symbols in dropped sections (.note.GNU-stack, .llvm_addrsig) are not linkable.
    if (!isec) {
      if (s.type === STT_SECTION || s.bind === STB_LOCAL || this.droppedGroupMember(s.section))
        return { kind: 'undef' };
      this.fail(`${field} st_shndx`, `defined in section ${s.section}, which the linker does not keep`);
    }
    return { kind: 'section', isec, value: s.value };
  }
}

const minVisibility = (a: number, b: number): number => (a === 0 ? b : b === 0 ? a : Math.min(a, b));

/** Global symbols in ld.lld's insertion order, with its resolution rules. */
export class SymbolTable {
  readonly order: LinkSymbol[] = [];
  private readonly byName = new Map<string, LinkSymbol>();

  constructor(private readonly fileNames: readonly string[]) {}

  get(name: string): LinkSymbol | undefined {
    return this.byName.get(name);
  }

  add(s: ElfSymbol, def: SymDef, file: LinkInput, field: string): LinkSymbol {
    const vis = s.other & 3;
    let g = this.byName.get(s.name);
    if (!g) {
      g = {
        name: s.name,
        type: s.type,
        bind: s.bind,
        visibility: vis,
        size: s.size,
        def,
        file: file.index,
        local: false,
      };
      this.byName.set(s.name, g);
      this.order.push(g);
      return g;
    }
    g.visibility = minVisibility(g.visibility, vis);
    const wasDef = g.def.kind === 'section' || g.def.kind === 'abs' || g.def.kind === 'merged';
    if (def.kind === 'undef') {
      // A strong reference makes an undefined symbol strong.
      if (g.def.kind === 'undef' && s.bind === STB_GLOBAL) g.bind = STB_GLOBAL;
      return g;
    }
    if (def.kind === 'common') {
      if (wasDef) return g;
      if (g.def.kind === 'common') {
        if (s.size > g.size) g.size = s.size;
        g.def = { kind: 'common', align: Math.max(g.def.align, def.align) };
        return g;
      }
    } else if (wasDef) {
      if (s.bind === STB_WEAK) return g;
      if (g.bind !== STB_WEAK)
        file.fail(field, `duplicate symbol: also defined in ${this.fileNames[g.file]}`);
    }
    g.def = def;
    g.type = s.type;
    g.bind = s.bind;
    g.size = s.size;
    g.file = file.index;
    return g;
  }
}
