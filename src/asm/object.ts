// The end of assembly: fixups resolved (or turned into relocations) and the ET_REL object laid out as
// llvm-mc-22's ELF writer lays it out: .strtab first in the section table but last in the file, each
// .rela section after its section, .symtab last; symbols in the order they were first mentioned, locals
// first; one tail-merged string table for section and symbol names.

import { ELFOSABI_AMDGPU_HSA } from '../elf/amdgpu.js';
import { tailMergedStringTable } from '../elf/strtab.js';
import {
  R_AMDGPU_ABS32,
  R_AMDGPU_ABS32_HI,
  R_AMDGPU_ABS32_LO,
  R_AMDGPU_ABS64,
  R_AMDGPU_GOTPCREL,
  R_AMDGPU_GOTPCREL32_HI,
  R_AMDGPU_GOTPCREL32_LO,
  R_AMDGPU_REL16,
  R_AMDGPU_REL32,
  R_AMDGPU_REL32_HI,
  R_AMDGPU_REL32_LO,
  R_AMDGPU_REL64,
} from '../elf/types.js';
import { type RelocatableSection, writeRelocatable } from '../elf/writer.js';
import { elfFlags, processorOf } from '../isa/processors.js';
import type { Assembler } from './assembler.js';
import type { Section, SectionFixup } from './sections.js';
import {
  ExprEvalError,
  evaluate,
  isAbsolute,
  type RelValue,
  STB_GLOBAL,
  STB_LOCAL,
  STT_SECTION,
  Sym,
} from './symbols.js';

const SHT_STRTAB = 3;
const SHT_SYMTAB = 2;
const SHT_RELA = 4;
const SHF_INFO_LINK = 0x40;
const SHN_ABS = 0xfff1;

/** EI_ABIVERSION per code object version. */
const ABI_VERSION: Record<number, number> = { 4: 2, 5: 3, 6: 4 };

interface Reloc {
  offset: number;
  type: number;
  /** A symbol, or a section (its section symbol). */
  target: Sym | Section;
  addend: bigint;
}

/** The relocation type for a fixup's kind and the `@variant` of its symbol, or null if there is none. */
function relocType(kind: SectionFixup['kind'], variant: string, pcrel: boolean): number | null {
  if (kind === 'data8')
    return pcrel
      ? R_AMDGPU_REL64
      : variant === 'rel64'
        ? R_AMDGPU_REL64
        : variant === ''
          ? R_AMDGPU_ABS64
          : null;
  if (kind !== 'data4' && kind !== 'lit32' && kind !== 'lit32_pcrel') return null;
  switch (variant) {
    case '':
      return pcrel || kind === 'lit32_pcrel' ? R_AMDGPU_REL32 : R_AMDGPU_ABS32;
    case 'abs32@lo':
      return R_AMDGPU_ABS32_LO;
    case 'abs32@hi':
      return R_AMDGPU_ABS32_HI;
    case 'rel32@lo':
      return R_AMDGPU_REL32_LO;
    case 'rel32@hi':
      return R_AMDGPU_REL32_HI;
    case 'gotpcrel32@lo':
      return R_AMDGPU_GOTPCREL32_LO;
    case 'gotpcrel32@hi':
      return R_AMDGPU_GOTPCREL32_HI;
    case 'gotpcrel':
      return R_AMDGPU_GOTPCREL;
    case 'rel32':
      return R_AMDGPU_REL32;
  }
  return null;
}

const SIZE: Record<SectionFixup['kind'], number> = {
  data1: 1,
  data2: 2,
  data4: 4,
  data8: 8,
  sopp_br: 2,
  lit32: 4,
  lit32_pcrel: 4,
};

/** The binding a symbol ends with: undefined symbols without `.local` are global. */
function bindingOf(s: Sym): number {
  if (s.bindingSet) return s.binding;
  return s.defined ? STB_LOCAL : STB_GLOBAL;
}

/**
 * Resolves fixups and sizes (reporting what cannot be), and returns the object's writer, or null when
 * no object is wanted.
 */
export function finishObject(a: Assembler): (() => Uint8Array) | null {
  if (a.opts.object === false) return null;
  const relocs = new Map<Section, Reloc[]>();
  const undefinedTemps = new Set<string>();
  const addReloc = (sec: Section, r: Reloc) => {
    const list = relocs.get(sec);
    if (list) list.push(r);
    else relocs.set(sec, [r]);
  };
  for (const sec of a.sections) {
    for (const f of sec.fixups) resolveFixup(a, sec, f, addReloc, undefinedTemps);
  }
  for (const k of a.kernel.relocs) {
    const t = k.target;
    const addend = BigInt(k.offset) - k.kd.value;
    if (t.defined && bindingOf(t) === STB_LOCAL && t.section)
      addReloc(k.section, {
        offset: k.offset,
        type: R_AMDGPU_REL64,
        target: t.section,
        addend: addend + t.value,
      });
    else addReloc(k.section, { offset: k.offset, type: R_AMDGPU_REL64, target: t, addend });
  }
  for (const sz of a.sizes) {
    try {
      const v = evaluate(sz.expr, { symbols: a.symbols, dot: null, register: false });
      if (!isAbsolute(v)) a.reportAt(sz.where, sz.line, sz.col, 'expected absolute expression');
      else sz.sym.sizeValue = v.c;
    } catch (e) {
      if (!(e instanceof ExprEvalError)) throw e;
      a.reportAt(sz.where, sz.line, e.col || sz.col, e.message);
    }
  }
  for (const name of undefinedTemps) a.reportUnknown(`Undefined temporary symbol ${name}`);
  return () => writeObject(a, relocs);
}

function resolveFixup(
  a: Assembler,
  sec: Section,
  f: SectionFixup,
  addReloc: (sec: Section, r: Reloc) => void,
  undefinedTemps: Set<string>,
): void {
  const dot = new Sym('.', -1);
  dot.section = sec;
  dot.value = BigInt(f.dot);
  dot.defined = true;
  let v: RelValue;
  try {
    v = evaluate(f.expr, { symbols: a.symbols, dot, register: false });
  } catch (e) {
    if (!(e instanceof ExprEvalError)) throw e;
    a.reportAt(f.where, f.pos.line, e.col || f.pos.col, e.message);
    return;
  }
  const size = SIZE[f.kind];
  const { add, sub } = v;
  if (f.kind === 'sopp_br') {
    if (!add && !sub) sec.write(f.offset, 2, v.c);
    else if (add && !sub && add.section === sec && bindingOf(add) === STB_LOCAL) {
      const imm = (add.value + v.c - BigInt(f.offset) - 4n) / 4n;
      if (imm < -32768n || imm > 32767n)
        a.reportAt(f.where, f.pos.line, f.pos.col, 'branch size exceeds simm16');
      sec.write(f.offset, 2, imm);
    } else if (
      add &&
      !sub &&
      (add.defined || add.bindingSet) &&
      !(add.temporary && !add.defined) &&
      add.section !== null
    ) {
      // llvm-mc leaves the field at what an unresolved value gives, (0 - 4) / 4, and emits R_AMDGPU_REL16.
      sec.write(f.offset, 2, -1n);
      if (bindingOf(add) === STB_LOCAL)
        addReloc(sec, {
          offset: f.offset,
          type: R_AMDGPU_REL16,
          target: add.section,
          addend: add.value + v.c,
        });
      else {
        add.usedInReloc = true;
        addReloc(sec, { offset: f.offset, type: R_AMDGPU_REL16, target: add, addend: v.c });
      }
    } else {
      const name = add?.name ?? '';
      a.reportAt(f.where, f.pos.line, f.pos.col, `undefined label '${name}'`);
      if (add?.temporary && !add.defined) undefinedTemps.add(name);
    }
    return;
  }
  if (!add && !sub) {
    sec.write(f.offset, size, v.c);
    return;
  }
  let pcrel = false;
  let addend = v.c;
  if (sub) {
    // `X - .` and `X - label_here`: PC-relative to the fixup's place.
    if (sub.section !== sec || !add) {
      a.reportAt(f.where, f.pos.line, f.pos.col, 'Cannot represent a difference across sections');
      return;
    }
    pcrel = true;
    addend += BigInt(f.offset) - sub.value;
  }
  const target = add as Sym;
  const pcrelKind = pcrel || f.kind === 'lit32_pcrel';
  if (pcrelKind && v.variant === '' && target.section === sec && bindingOf(target) !== 2) {
    // Resolved here: S + A - P.
    sec.write(f.offset, size, target.value + addend - BigInt(f.offset));
    return;
  }
  const type = relocType(f.kind, v.variant, pcrel);
  if (type === null) {
    a.reportAt(f.where, f.pos.line, f.pos.col, 'unsupported relocation type');
    return;
  }
  if (target.temporary && !target.defined) {
    undefinedTemps.add(target.name);
    return;
  }
  const viaSymbol = !target.defined || bindingOf(target) !== STB_LOCAL || v.variant.startsWith('gotpcrel');
  if (target.section && !viaSymbol) {
    addReloc(sec, { offset: f.offset, type, target: target.section, addend: addend + target.value });
  } else {
    target.usedInReloc = true;
    addReloc(sec, { offset: f.offset, type, target, addend });
  }
}

interface SymEntry {
  name: string;
  value: bigint;
  size: bigint;
  info: number;
  other: number;
  shndx: number;
}

function writeObject(a: Assembler, relocs: Map<Section, Reloc[]>): Uint8Array {
  // Section indices: .strtab is 1, then each section followed by its .rela, then .symtab.
  const index = new Map<Section, number>();
  const out: RelocatableSection[] = [{ name: '.strtab', type: SHT_STRTAB, flags: 0, addralign: 1 }];
  const relaOf: [Section, number][] = [];
  for (const s of a.sections) {
    out.push({
      name: s.name,
      type: s.type,
      flags: s.flags,
      addralign: s.align,
      entsize: s.entsize,
      data: s.contents(),
      size: s.size,
    });
    index.set(s, out.length);
    const r = relocs.get(s);
    if (r?.length) {
      out.push({
        name: `.rela${s.name}`,
        type: SHT_RELA,
        flags: SHF_INFO_LINK,
        addralign: 8,
        entsize: 24,
        info: out.length,
      });
      relaOf.push([s, out.length]);
    }
  }
  const symtabIndex = out.length + 1;

  // Section symbols exist only for sections that relocations name.
  const usedSections = new Set<Section>();
  for (const list of relocs.values())
    for (const r of list) if (!(r.target instanceof Sym)) usedSections.add(r.target);
  const bySymOrder = new Map<number, Section>();
  for (const s of usedSections) bySymOrder.set(s.symbolOrder, s);

  const locals: SymEntry[] = [];
  const globals: SymEntry[] = [];
  const symIndex = new Map<Sym | Section, number>();
  const keys: (Sym | Section)[] = [];
  for (const s of a.symbols.all()) {
    if (s.name.charCodeAt(0) === 0) {
      const sec = bySymOrder.get(s.order);
      if (!sec) continue;
      locals.push({
        name: '',
        value: 0n,
        size: 0n,
        info: STT_SECTION,
        other: 0,
        shndx: index.get(sec) as number,
      });
      keys.push(sec);
      continue;
    }
    if (s.temporary && !s.usedInReloc) continue;
    let shndx = 0;
    let value = s.value;
    if (s.variable) {
      const v = evaluate(s.variable, { symbols: a.symbols, dot: null, register: false });
      if (isAbsolute(v)) {
        shndx = SHN_ABS;
        value = v.c;
      } else if (v.add?.section && !v.sub) {
        shndx = index.get(v.add.section) as number;
        value = v.add.value + v.c;
      } else continue;
    } else if (s.absolute) shndx = SHN_ABS;
    else if (s.section) shndx = index.get(s.section) as number;
    const binding = bindingOf(s);
    const e: SymEntry = {
      name: s.name,
      value,
      size: s.sizeValue,
      info: (binding << 4) | s.type,
      other: s.visibility,
      shndx,
    };
    if (binding === STB_LOCAL) {
      locals.push(e);
      keys.push(s);
    } else globals.push(e);
  }
  let n = 1;
  for (const k of keys) symIndex.set(k, n++);
  const globalSyms = [...a.symbols.all()].filter(
    (s) => s.name.charCodeAt(0) !== 0 && !(s.temporary && !s.usedInReloc) && bindingOf(s) !== STB_LOCAL,
  );
  for (const s of globalSyms) symIndex.set(s, n++);

  const names = [
    ...out.map((s) => s.name),
    '.symtab',
    ...locals.map((e) => e.name),
    ...globals.map((e) => e.name),
  ];
  const strtab = tailMergedStringTable(names);
  out[0].data = strtab.bytes;

  const all = [...locals, ...globals];
  const symtab = new Uint8Array((all.length + 1) * 24);
  const sv = new DataView(symtab.buffer);
  all.forEach((e, k) => {
    const o = (k + 1) * 24;
    sv.setUint32(o, e.name === '' ? 0 : (strtab.offsets.get(e.name) as number), true);
    symtab[o + 4] = e.info;
    symtab[o + 5] = e.other;
    sv.setUint16(o + 6, e.shndx, true);
    sv.setBigUint64(o + 8, BigInt.asUintN(64, e.value), true);
    sv.setBigUint64(o + 16, BigInt.asUintN(64, e.size), true);
  });
  out.push({
    name: '.symtab',
    type: SHT_SYMTAB,
    flags: 0,
    addralign: 8,
    entsize: 24,
    link: 1,
    info: locals.length + 1,
    data: symtab,
  });

  for (const [sec, at] of relaOf) {
    const list = (relocs.get(sec) as Reloc[]).slice().sort((x, y) => x.offset - y.offset);
    const data = new Uint8Array(list.length * 24);
    const dv = new DataView(data.buffer);
    list.forEach((r, k) => {
      const sym = symIndex.get(r.target) ?? 0;
      dv.setBigUint64(k * 24, BigInt(r.offset), true);
      dv.setBigUint64(k * 24 + 8, (BigInt(sym) << 32n) | BigInt(r.type), true);
      dv.setBigInt64(k * 24 + 16, BigInt.asIntN(64, r.addend), true);
    });
    const rs = out[at - 1];
    rs.data = data;
    rs.link = symtabIndex;
  }

  // File order: contents, .symtab, the .rela sections, .strtab.
  const order: number[] = [];
  for (let i = 2; i < symtabIndex; i++) if (out[i - 1].type !== SHT_RELA) order.push(i);
  order.push(symtabIndex);
  for (const [, at] of relaOf) order.push(at);
  order.push(1);
  return writeRelocatable({
    osAbi: ELFOSABI_AMDGPU_HSA,
    abiVersion: ABI_VERSION[a.codeObjectVersion] ?? 4,
    flags: elfFlags(processorOf(a.target), a.opts.features),
    sections: out,
    shstrndx: 1,
    order,
    names: strtab.offsets,
  });
}
