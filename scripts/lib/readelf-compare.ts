// Compares `gcnkit info --json` with `llvm-readelf-22 --elf-output-style=JSON -h -l -S --symbols
// --dyn-symbols --notes -r -d` on every field both report. Returns one line per disagreement, plus the
// number of fields compared so a test can show that it compared something.
import type { CodeObjectInfo } from '../../src/elf/info.js';

// biome-ignore lint/suspicious/noExplicitAny: readelf's JSON has no schema
type Any = any;

const BIND: Record<string, string> = {
  Local: 'STB_LOCAL',
  Global: 'STB_GLOBAL',
  Weak: 'STB_WEAK',
  Unique: 'STB_GNU_UNIQUE',
};
const TYPE: Record<string, string> = {
  None: 'STT_NOTYPE',
  Object: 'STT_OBJECT',
  Function: 'STT_FUNC',
  Section: 'STT_SECTION',
  File: 'STT_FILE',
  Common: 'STT_COMMON',
  TLS: 'STT_TLS',
  AMDGPU_HSA_KERNEL: 'STT_AMDGPU_HSA_KERNEL',
};
const VIS = ['STV_DEFAULT', 'STV_INTERNAL', 'STV_HIDDEN', 'STV_PROTECTED'];
const ET: Record<number, string> = { 1: 'ET_REL', 2: 'ET_EXEC', 3: 'ET_DYN' };
const OSABI: Record<number, string> = {
  64: 'ELFOSABI_AMDGPU_HSA',
  65: 'ELFOSABI_AMDGPU_PAL',
  66: 'ELFOSABI_AMDGPU_MESA3D',
};

export interface Comparison {
  fields: number;
  problems: string[];
}

export function compareWithReadelf(
  info: CodeObjectInfo,
  re: Any,
  /** The YAML gcnkit prints for note i (the metadata as llvm-readelf shows it). */
  yamlOfNote?: (i: number) => string | undefined,
): Comparison {
  const problems: string[] = [];
  let fields = 0;
  const eq = (where: string, ours: unknown, theirs: unknown) => {
    fields++;
    const a = typeof ours === 'string' && /^\d+$/.test(ours) ? Number(ours) : ours;
    const b = typeof theirs === 'string' && /^\d+$/.test(theirs) ? Number(theirs) : theirs;
    if (JSON.stringify(a) !== JSON.stringify(b))
      problems.push(`${where}: gcnkit ${JSON.stringify(ours)}, llvm-readelf ${JSON.stringify(theirs)}`);
  };
  const sameSet = (where: string, ours: string[], theirs: string[]) =>
    eq(where, [...ours].sort(), [...theirs].sort());

  const h = re.ElfHeader;
  const oh = info.header;
  eq('header OS/ABI', oh.osAbi, OSABI[h.Ident['OS/ABI'].Value] ?? h.Ident['OS/ABI'].Value);
  eq('header ABIVersion', oh.abiVersion, h.Ident.ABIVersion);
  eq(
    'header Type',
    oh.type,
    ET[
      Number(/\(0x([0-9a-f]+)\)/.exec(h.Type)?.[1] ? parseInt(/\(0x([0-9a-f]+)\)/.exec(h.Type)![1], 16) : -1)
    ],
  );
  eq('header Machine', 224, h.Machine.Value);
  eq('header Version', oh.version, h.Version);
  eq('header Entry', oh.entry, h.Entry);
  eq('header ProgramHeaderOffset', oh.phoff, h.ProgramHeaderOffset);
  eq('header SectionHeaderOffset', oh.shoff, h.SectionHeaderOffset);
  eq('header Flags', oh.flags, h.Flags.Value);
  sameSet(
    'header Flags names',
    oh.flagNames,
    h.Flags.Flags.map((f: Any) => f.Name),
  );
  eq('header HeaderSize', oh.ehsize, h.HeaderSize);
  eq('header ProgramHeaderEntrySize', oh.phentsize, h.ProgramHeaderEntrySize);
  eq('header ProgramHeaderCount', oh.phnum, h.ProgramHeaderCount);
  eq('header SectionHeaderEntrySize', oh.shentsize, h.SectionHeaderEntrySize);
  eq('header SectionHeaderCount', oh.shnum, h.SectionHeaderCount);
  eq('header StringTableSectionIndex', oh.shstrndx, h.StringTableSectionIndex);

  const secs = (re.Sections ?? []).map((x: Any) => x.Section);
  eq('section count', info.sections.length, secs.length);
  for (const [i, s] of secs.entries()) {
    const o = info.sections[i];
    if (!o) continue;
    const w = `section ${i} (${s.Name.Name})`;
    eq(`${w} Index`, o.index, s.Index);
    eq(`${w} Name`, o.name, s.Name.Name);
    eq(`${w} Type`, o.type, s.Type.Name);
    sameSet(
      `${w} Flags`,
      o.flags,
      s.Flags.Flags.map((f: Any) => f.Name),
    );
    eq(`${w} Address`, o.address, s.Address);
    eq(`${w} Offset`, o.offset, s.Offset);
    eq(`${w} Size`, o.size, s.Size);
    eq(`${w} Link`, o.link, s.Link);
    eq(`${w} Info`, o.info, s.Info);
    eq(`${w} AddressAlignment`, o.align, s.AddressAlignment);
    eq(`${w} EntrySize`, o.entsize, s.EntrySize);
  }

  const phs = (re.ProgramHeaders ?? []).map((x: Any) => x.ProgramHeader);
  eq('program header count', info.segments.length, phs.length);
  for (const [i, p] of phs.entries()) {
    const o = info.segments[i];
    if (!o) continue;
    const w = `program header ${i}`;
    eq(`${w} Type`, o.type, p.Type.Name);
    eq(`${w} Offset`, o.offset, p.Offset);
    eq(`${w} VirtualAddress`, o.vaddr, p.VirtualAddress);
    eq(`${w} PhysicalAddress`, o.paddr, p.PhysicalAddress);
    eq(`${w} FileSize`, o.filesz, p.FileSize);
    eq(`${w} MemSize`, o.memsz, p.MemSize);
    sameSet(
      `${w} Flags`,
      o.flags,
      p.Flags.Flags.map((f: Any) => f.Name),
    );
    eq(`${w} Alignment`, o.align, p.Alignment);
  }

  const syms = (table: string, ours: CodeObjectInfo['symbols'], theirs: Any[] | undefined) => {
    const list = (theirs ?? []).map((x: Any) => x.Symbol);
    eq(`${table} count`, ours.length, list.length);
    for (const [i, s] of list.entries()) {
      const o = ours[i];
      if (!o) continue;
      const w = `${table} ${i} (${s.Name.Name})`;
      eq(`${w} Name`, o.name, s.Name.Name);
      eq(`${w} Value`, o.value, s.Value);
      eq(`${w} Size`, o.size, s.Size);
      eq(`${w} Binding`, o.bind, BIND[s.Binding.Name] ?? s.Binding.Name);
      eq(`${w} Type`, o.type, TYPE[s.Type.Name] ?? s.Type.Name);
      eq(`${w} Visibility`, o.visibility, VIS[s.Other.Value & 3]);
      const sec =
        s.Section.Name === 'Undefined'
          ? 'UND'
          : s.Section.Name === 'Absolute'
            ? 'ABS'
            : s.Section.Name === 'Common'
              ? 'COMMON'
              : s.Section.Name;
      eq(`${w} Section`, o.section, sec);
    }
  };
  syms('symbol', info.symbols, re.Symbols);
  syms('dynamic symbol', info.dynamicSymbols, re.DynamicSymbols);

  const dyn = re.DynamicSection ?? [];
  eq('dynamic entry count', info.dynamic.length, dyn.length);
  for (const [i, d] of dyn.entries()) {
    const o = info.dynamic[i];
    if (!o) continue;
    eq(`dynamic ${i} Type`, o.tag, `DT_${d.Type}`);
    eq(`dynamic ${i} Value`, o.value, d.Value);
  }

  const rels = re.Relocations ?? [];
  eq('relocation section count', info.relocations.length, rels.length);
  for (const [i, r] of rels.entries()) {
    const o = info.relocations[i];
    if (!o) continue;
    eq(`relocation section ${i} name`, o.section, info.sections[r.SectionIndex]?.name);
    eq(`relocation section ${i} count`, o.entries.length, r.Relocs.length);
    for (const [j, x] of r.Relocs.entries()) {
      const e = o.entries[j];
      if (!e) continue;
      const rl = x.Relocation;
      const w = `${o.section} relocation ${j}`;
      eq(`${w} Offset`, e.offset, rl.Offset);
      eq(`${w} Type`, e.type, rl.Type.Name);
      eq(`${w} Symbol index`, e.symbolIndex, rl.Symbol?.Value ?? 0);
      // readelf names "no symbol" `-`.
      if (e.symbolIndex !== 0) eq(`${w} Symbol`, e.symbol, rl.Symbol?.Name);
      eq(`${w} Addend`, e.addend, rl.Addend);
    }
  }

  const notes = (re.NoteSections ?? []).flatMap((x: Any) =>
    x.NoteSection.Notes.map((n: Any) => ({ ...n, section: x.NoteSection.Name })),
  );
  eq('note count', info.notes.length, notes.length);
  for (const [i, n] of notes.entries()) {
    const o = info.notes[i] as Any;
    if (!o) continue;
    const w = `note ${i}`;
    eq(`${w} section`, o.section, n.section);
    eq(`${w} Owner`, o.owner, n.Owner);
    eq(`${w} Data size`, o.size, n['Data size']);
    eq(`${w} Type`, o.typeName, n.Type);
    if (n['AMDGPU Metadata'] !== undefined && yamlOfNote)
      eq(`${w} AMDGPU Metadata`, yamlOfNote(i), n['AMDGPU Metadata']);
  }
  return { fields, problems };
}
