// Everything `gcnkit info` reports about a code object, as one plain JSON-ready object. Numbers stay
// numbers when they are exact in a double, else they become decimal strings: consumers must never get a
// silently rounded address.

import { findProcessor } from '../isa/processors.js';
import { amdgpuTargetInfo } from './amdgpu.js';
import { ElfError } from './errors.js';
import { decodeKernelDescriptor, type KernelDescriptor, kdFields } from './kernel-descriptor.js';
import { decodeMetadata, MetadataFloat, type MetadataValue, metadataToDocument } from './metadata.js';
import {
  amdgpuFlagNames,
  dynamicTagName,
  elfTypeName,
  osAbiName,
  sectionFlagNames,
  sectionTypeName,
  segmentFlagNames,
  segmentTypeName,
  symbolBindName,
  symbolTypeName,
  symbolVisibilityName,
} from './names.js';
import { noteTypeName, parseNotes } from './notes.js';
import type { ElfFile } from './reader.js';
import {
  type ElfSection,
  type ElfSymbol,
  ET_REL,
  RELOCATION_NAMES,
  SHN_ABS,
  SHN_COMMON,
  SHN_UNDEF,
  SHT_DYNSYM,
  SHT_NOBITS,
  SHT_NOTE,
  SHT_RELA,
  SHT_SYMTAB,
  STT_SECTION,
} from './types.js';

export type Num = number | string;

const num = (v: bigint | number): Num =>
  typeof v === 'number'
    ? v
    : v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(v)
      : v.toString();

/** A metadata document as plain JSON, under LLVM's own keys (`.name`, `.args`, `amdhsa.kernels`). */
export function metadataJson(v: MetadataValue | undefined): unknown {
  if (typeof v === 'bigint') return num(v);
  if (v instanceof MetadataFloat) return v.value;
  if (Array.isArray(v)) return v.map(metadataJson);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = metadataJson(x);
    return out;
  }
  return v;
}

export interface InfoSymbol {
  index: number;
  name: string;
  value: Num;
  size: Num;
  type: string;
  bind: string;
  visibility: string;
  /** Section name, or UND / ABS / COMMON. */
  section: string;
  shndx: number;
}

function symbolInfo(elf: ElfFile, s: ElfSymbol): InfoSymbol {
  let section: string;
  if (s.section >= 0) section = elf.sections[s.section].name;
  else if (s.shndx === SHN_UNDEF) section = 'UND';
  else if (s.shndx === SHN_ABS) section = 'ABS';
  else if (s.shndx === SHN_COMMON) section = 'COMMON';
  else section = `0x${s.shndx.toString(16)}`;
  return {
    index: s.index,
    name: displayName(elf, s),
    value: num(s.value),
    size: num(s.size),
    type: symbolTypeName(s.type),
    bind: symbolBindName(s.bind),
    visibility: symbolVisibilityName(s.other),
    section,
    shndx: s.shndx,
  };
}

/** A section symbol's name is its section's, as llvm-readelf shows it. */
function displayName(elf: ElfFile, s: ElfSymbol): string {
  return s.name === '' && s.type === STT_SECTION && s.section >= 0 ? elf.sections[s.section].name : s.name;
}

/** The 64 bytes a symbol defines, read from its section (works for relocatable and shared objects). */
function symbolBytes(elf: ElfFile, s: ElfSymbol, size: number): Uint8Array | undefined {
  if (s.section < 0) return undefined;
  const sec = elf.sections[s.section];
  if (sec.type === SHT_NOBITS) return undefined;
  const off = Number(s.value) - (elf.header.type === ET_REL ? 0 : sec.addr);
  if (off < 0 || off + size > sec.size) return undefined;
  return elf.contents(sec).subarray(off, off + size);
}

function descriptorInfo(kd: KernelDescriptor, processor: string) {
  const { reserved: _r, ...raw } = kd as KernelDescriptor & { reserved?: unknown };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = typeof v === 'bigint' ? num(v) : v;
  // Bit fields differ per generation; for a processor gcnkit does not model, the raw words are all it can say.
  if (findProcessor(processor) === undefined)
    return { ...out, fields: null, fieldsUnavailable: `no bit-field layout for processor '${processor}'` };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(kdFields(kd, processor)))
    fields[k] = typeof v === 'bigint' ? num(v) : v;
  return { ...out, fields };
}

export function codeObjectInfo(elf: ElfFile) {
  const h = elf.header;
  const target = amdgpuTargetInfo(h);
  const file = elf.fileName;
  const tables = elf.sections.filter((s) => s.type === SHT_SYMTAB || s.type === SHT_DYNSYM);
  const symtab = elf.sectionOfType(SHT_SYMTAB);
  const dynsym = elf.sectionOfType(SHT_DYNSYM);
  const allSyms = tables.flatMap((t) => elf.symbols(t));

  const notes = [];
  let metadata: ReturnType<typeof decodeMetadata> | undefined;
  for (const sec of elf.sections) {
    if (sec.type !== SHT_NOTE) continue;
    for (const n of parseNotes(elf.bytes, sec.offset, sec.size, sec.addralign === 8 ? 8 : 4, file)) {
      const entry: Record<string, unknown> = {
        section: sec.name,
        owner: n.name,
        type: n.type,
        typeName: noteTypeName(n.name, n.type),
        size: n.desc.length,
      };
      if (n.name === 'AMDGPU' && n.type === 32) {
        const md = decodeMetadata(n.desc, file);
        metadata ??= md;
        entry.metadata = metadataJson(metadataToDocument(md));
      }
      notes.push(entry);
    }
  }

  const kernels = [];
  const docKernels = metadata ? (metadataToDocument(metadata)['amdhsa.kernels'] as MetadataValue[]) : [];
  for (const [i, km] of (metadata?.kernels ?? []).entries()) {
    const sym = allSyms.find((s) => s.name === km.symbol && s.shndx !== SHN_UNDEF);
    const bytes = sym && symbolBytes(elf, sym, 64);
    if (!sym || !bytes)
      throw new ElfError(
        file,
        `amdhsa.kernels[${i}].symbol`,
        `'${km.symbol}' does not name 64 bytes of a section`,
      );
    const kd = decodeKernelDescriptor(bytes, 0, file);
    const entry = sym.value + kd.kernelCodeEntryByteOffset;
    kernels.push({
      name: km.name,
      descriptorSymbol: km.symbol,
      descriptorAddress: num(sym.value),
      codeAddress: num(entry),
      metadata: metadataJson(docKernels[i]) as Record<string, unknown>,
      descriptor: descriptorInfo(kd, target.processor),
    });
  }

  const relocations = elf.sections
    .filter((s) => s.type === SHT_RELA)
    .map((sec: ElfSection) => {
      const syms = sec.link > 0 && sec.link < elf.sections.length ? elf.symbols(elf.sections[sec.link]) : [];
      return {
        section: sec.name,
        entries: elf.relocations(sec).map((r) => ({
          offset: num(r.offset),
          type: RELOCATION_NAMES[r.type] ?? `0x${r.type.toString(16)}`,
          symbolIndex: r.symbol,
          symbol: r.symbol === 0 ? '' : syms[r.symbol] ? displayName(elf, syms[r.symbol]) : `#${r.symbol}`,
          addend: num(r.addend),
        })),
      };
    });

  return {
    file,
    target: { ...target },
    header: {
      class: 'ELF64',
      data: 'little-endian',
      osAbi: osAbiName(h.osAbi),
      abiVersion: h.abiVersion,
      type: elfTypeName(h.type),
      machine: 'EM_AMDGPU',
      version: h.version,
      entry: num(h.entry),
      phoff: h.phoff,
      shoff: h.shoff,
      flags: h.flags,
      flagNames: amdgpuFlagNames(h.flags, target.codeObjectVersion, target.processor),
      ehsize: h.ehsize,
      phentsize: h.phentsize,
      phnum: h.phnum,
      shentsize: h.shentsize,
      shnum: h.shnum,
      shstrndx: h.shstrndx,
    },
    sections: elf.sections.map((s) => ({
      index: s.index,
      name: s.name,
      type: sectionTypeName(s.type),
      flags: sectionFlagNames(s.flags),
      address: s.addr,
      offset: s.offset,
      size: s.size,
      link: s.link,
      info: s.info,
      align: s.addralign,
      entsize: s.entsize,
    })),
    segments: elf.segments.map((p) => ({
      type: segmentTypeName(p.type),
      flags: segmentFlagNames(p.flags),
      offset: p.offset,
      vaddr: p.vaddr,
      paddr: p.paddr,
      filesz: p.filesz,
      memsz: p.memsz,
      align: p.align,
    })),
    symbols: symtab ? elf.symbols(symtab).map((s) => symbolInfo(elf, s)) : [],
    dynamicSymbols: dynsym ? elf.symbols(dynsym).map((s) => symbolInfo(elf, s)) : [],
    relocations,
    dynamic: elf.dynamic().map((d) => ({ tag: dynamicTagName(d.tag), value: num(d.value) })),
    notes,
    kernels,
  };
}

export type CodeObjectInfo = ReturnType<typeof codeObjectInfo>;
