// Links relocatable AMDGPU objects into a shared code object laid out as `ld.lld -shared` lays it out:
// the same output sections in the same order, page-congruent PT_LOADs, .relro_padding, .dynsym sorted for
// .gnu.hash, .rela.dyn sorted relative-first, and lld's string tables.
import { ElfError } from './errors.js';
import { buildGnuHash, buildSysvHash, gnuHashOrder } from './hash.js';
import {
  type InputSection,
  LinkInput,
  type LinkSymbol,
  type MergedInput,
  mergedOffset,
  SHF_GROUP,
  SHF_MERGE,
  SHF_STRINGS,
  STB_GLOBAL,
  STB_LOCAL,
  STV_DEFAULT,
  STV_HIDDEN,
  SymbolTable,
} from './link-input.js';
import { mergeStrings, splitStrings } from './link-merge.js';
import { applyRelocation, isPreemptible, scanRelocations } from './link-reloc.js';
import type { ElfFile } from './reader.js';
import { AppendStringTable } from './strtab.js';
import {
  DT_GNU_HASH,
  DT_HASH,
  DT_NULL,
  DT_RELA,
  DT_RELACOUNT,
  DT_RELAENT,
  DT_RELASZ,
  DT_STRSZ,
  DT_STRTAB,
  DT_SYMENT,
  DT_SYMTAB,
  EHDR_SIZE,
  EM_AMDGPU,
  ET_DYN,
  PF_R,
  PF_W,
  PF_X,
  PHDR_SIZE,
  PT_DYNAMIC,
  PT_GNU_RELRO,
  PT_GNU_STACK,
  PT_LOAD,
  PT_NOTE,
  PT_PHDR,
  R_AMDGPU_ABS64,
  R_AMDGPU_RELATIVE64,
  RELA_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHN_ABS,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_GNU_HASH,
  SHT_HASH,
  SHT_NOBITS,
  SHT_NOTE,
  SHT_PROGBITS,
  SHT_RELA,
  SHT_STRTAB,
  SHT_SYMTAB,
  STT_NOTYPE,
  STT_SECTION,
  SYM_SIZE,
} from './types.js';
import {
  alignTo,
  type ElfImage,
  type ImageSection,
  type ImageSegment,
  nullSection,
  writeElf,
} from './writer.js';

/** What ld.lld 22 as packaged by Debian writes into .comment; pass the oracle's own string to match it. */
export const DEFAULT_LINKER_COMMENT = 'Linker: Debian LLD 22.1.8';

export interface LinkOptions {
  /** The linker's .comment string (ld.lld: "Linker: LLD <version>"). */
  comment?: string;
  /** Reject undefined default-visibility references too, like `-z defs`. */
  noUndefined?: boolean;
}

// AMDGPU's maximum and common page sizes in ld.lld.
const PAGE = 0x1000;
const RELRO_NAMES = new Set([
  '.data.rel.ro',
  '.bss.rel.ro',
  '.ctors',
  '.dtors',
  '.jcr',
  '.eh_frame',
  '.fini_array',
  '.init_array',
  '.preinit_array',
  '.dynamic',
  '.got',
]);

interface OutSection {
  name: string;
  type: number;
  flags: number;
  align: number;
  entsize: number;
  parts: InputSection[];
  data: Uint8Array;
  size: number;
  addr: number;
  offset: number;
  index: number;
  link: number;
  info: number;
}

const newOut = (name: string, type: number, flags: number, align: number, entsize = 0): OutSection => ({
  name,
  type,
  flags,
  align,
  entsize,
  parts: [],
  data: new Uint8Array(0),
  size: 0,
  addr: 0,
  offset: 0,
  index: 0,
  link: 0,
  info: 0,
});

const isRelro = (s: OutSection) =>
  (s.flags & SHF_ALLOC) !== 0 &&
  (s.flags & SHF_WRITE) !== 0 &&
  (RELRO_NAMES.has(s.name) || s.name === '.relro_padding');

/** ld.lld's section rank for the permission-ordered layout (lower first; equal ranks keep their order). */
function rank(s: OutSection): number {
  if (!(s.flags & SHF_ALLOC)) return 100;
  if (s.type === SHT_NOTE) return 0;
  if (s.flags & SHF_EXECINSTR) return s.flags & SHF_WRITE ? 4 : 3;
  if (!(s.flags & SHF_WRITE)) return s.type === SHT_PROGBITS || s.type === SHT_NOBITS ? 2 : 1;
  if (isRelro(s)) return s.name === '.relro_padding' ? 7 : s.type === SHT_NOBITS ? 6 : 5;
  return s.type === SHT_NOBITS ? 9 : 8;
}

const fail = (field: string, problem: string): never => {
  throw new ElfError('<link>', field, problem);
};

function checkTargets(inputs: readonly ElfFile[]): void {
  if (inputs.length === 0) fail('inputs', 'no input files');
  const h0 = inputs[0].header;
  for (const f of inputs) {
    const h = f.header;
    if (h.machine !== EM_AMDGPU) throw new ElfError(f.fileName, 'e_machine', `${h.machine} is not EM_AMDGPU`);
    const first = inputs[0].fileName;
    if (h.flags !== h0.flags)
      throw new ElfError(
        f.fileName,
        'e_flags',
        `0x${h.flags.toString(16)} (processor/features) differs from 0x${h0.flags.toString(16)} in ${first}`,
      );
    if (h.osAbi !== h0.osAbi)
      throw new ElfError(f.fileName, 'e_ident[EI_OSABI]', `${h.osAbi} differs from ${h0.osAbi} in ${first}`);
    if (h.abiVersion !== h0.abiVersion)
      throw new ElfError(
        f.fileName,
        'e_ident[EI_ABIVERSION]',
        `${h.abiVersion} differs from ${h0.abiVersion} in ${first}`,
      );
  }
}

/** Links `inputs` into the bytes of a shared code object. */
export function linkShared(inputs: readonly ElfFile[], options: LinkOptions = {}): Uint8Array {
  return writeElf(linkSharedImage(inputs, options));
}

export function linkSharedImage(files: readonly ElfFile[], options: LinkOptions = {}): ElfImage {
  checkTargets(files);
  const inputs = files.map((f, i) => new LinkInput(f, i));
  const merged = new Map<string, MergedInput[]>();
  const groups = new Set<string>();
  for (const inp of inputs) inp.collectSections(merged, groups);
  const table = new SymbolTable(files.map((f) => f.fileName));
  for (const inp of inputs) inp.collectSymbols(table);

  // Output sections from inputs, in order of first appearance (merged strings take their place too).
  const outs: OutSection[] = [];
  const byName = new Map<string, OutSection>();
  const mergedOuts = new Map<string, OutSection>();
  for (const inp of inputs) {
    for (const s of inp.f.sections) {
      const isec = inp.sections.get(s.index);
      if (!isec) {
        if (merged.has(s.name) && !byName.has(s.name) && merged.get(s.name)!.some((m) => m.sec === s)) {
          const o = newOut(s.name, s.type, s.flags, s.addralign, s.entsize);
          byName.set(s.name, o);
          mergedOuts.set(s.name, o);
          outs.push(o);
        }
        continue;
      }
      let o = byName.get(isec.outName);
      if (!o) {
        o = newOut(isec.outName, s.type, s.flags & ~SHF_GROUP, Math.max(1, s.addralign), s.entsize);
        byName.set(isec.outName, o);
        outs.push(o);
      } else if (mergedOuts.has(isec.outName)) {
        inp.fail(inp.secField(s), 'is both a merged-string section and a plain one in the inputs');
      }
      // Group membership does not survive into a linked file.
      o.flags |= s.flags & ~SHF_GROUP;
      if (o.type === SHT_NOBITS && s.type !== SHT_NOBITS) o.type = s.type;
      if (o.entsize !== s.entsize) o.entsize = 0;
      o.align = Math.max(o.align, s.addralign);
      o.parts.push(isec);
    }
  }
  // Common symbols get zeroed space, ahead of the input .bss pieces.
  const commons = table.order.filter((g) => g.def.kind === 'common');
  if (commons.length) {
    let bss = byName.get('.bss');
    if (!bss) {
      bss = newOut('.bss', SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 1);
      byName.set('.bss', bss);
      outs.push(bss);
    }
    const pieces: InputSection[] = [];
    for (const g of commons) {
      const align = g.def.kind === 'common' ? Math.max(1, g.def.align) : 1;
      const sec = {
        index: -1,
        name: 'COMMON',
        type: SHT_NOBITS,
        flags: SHF_ALLOC | SHF_WRITE,
        addr: 0,
        offset: 0,
        size: Number(g.size),
        link: 0,
        info: 0,
        addralign: align,
        entsize: 0,
      };
      const isec: InputSection = { file: g.file, sec, outName: '.bss', data: new Uint8Array(0), outOff: 0 };
      g.def = { kind: 'section', isec, value: 0n };
      bss.align = Math.max(bss.align, align);
      pieces.push(isec);
    }
    bss.parts.unshift(...pieces);
  }

  // Merged strings: input pieces are rewritten to their merged offsets when relocations refer to them.
  const comment = options.comment ?? DEFAULT_LINKER_COMMENT;
  let commentOut = mergedOuts.get('.comment');
  if (!commentOut) {
    commentOut = newOut('.comment', SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1, 1);
    mergedOuts.set('.comment', commentOut);
    merged.set('.comment', []);
    outs.push(commentOut);
  }
  for (const [name, o] of mergedOuts) {
    const pieces: string[] = name === '.comment' ? [comment] : [];
    const perInput: string[][] = [];
    for (const m of merged.get(name) ?? []) {
      const strs = splitStrings(m.file.f.contents(m.sec), () =>
        m.file.fail(m.file.secField(m.sec), 'merged strings do not end with a NUL'),
      );
      perInput.push(strs);
      pieces.push(...strs);
      o.align = Math.max(o.align, m.sec.addralign);
    }
    const r = mergeStrings(pieces, o.align);
    o.data = r.data;
    o.size = r.data.length;
    (merged.get(name) ?? []).forEach((m, k) => {
      let p = 0;
      for (const str of perInput[k]) {
        m.starts.push(p);
        m.outs.push(r.offsets.get(str)!);
        p += str.length + 1;
      }
    });
  }
  for (const [name, list] of merged) {
    for (const m of list) {
      const rela = m.file.f.sections.find((s) => s.type === SHT_RELA && s.info === m.sec.index);
      if (rela && m.file.f.relocations(rela).length)
        m.file.fail(
          m.file.secField(rela),
          `relocations inside merged-string section ${name} are not supported`,
        );
    }
  }

  const scan = scanRelocations(inputs, options.noUndefined ?? false);

  // Dynamic symbols: every global that stays global, undefined ones first, then by .gnu.hash bucket.
  const exported = table.order.filter((g) => g.visibility === STV_DEFAULT || g.visibility === 3);
  const dynstr = new AppendStringTable();
  const dynName = new Map<LinkSymbol, number>();
  for (const g of exported) dynName.set(g, dynstr.add(g.name));
  const undef = exported.filter((g) => g.def.kind === 'undef');
  const defined = exported.filter((g) => g.def.kind !== 'undef');
  const gh = gnuHashOrder(
    defined.map((g) => g.name),
    defined.map((g) => dynName.get(g)!),
  );
  const dynsyms: LinkSymbol[] = [...undef, ...gh.order.map((i) => defined[i])];
  const dynIndex = new Map<LinkSymbol, number>(dynsyms.map((g, i) => [g, i + 1]));

  // Synthetic sections, in ld.lld's creation order.
  const dynsymOut = newOut('.dynsym', SHT_DYNSYM, SHF_ALLOC, 8, SYM_SIZE);
  dynsymOut.size = (dynsyms.length + 1) * SYM_SIZE;
  const gnuHashOut = newOut('.gnu.hash', SHT_GNU_HASH, SHF_ALLOC, 8);
  gnuHashOut.data = buildGnuHash(
    gh.order.map((i) => defined[i].name),
    gh.nBuckets,
    undef.length + 1,
  );
  const hashOut = newOut('.hash', SHT_HASH, SHF_ALLOC, 4, 4);
  hashOut.data = buildSysvHash(['', ...dynsyms.map((g) => g.name)]);
  const dynstrOut = newOut('.dynstr', SHT_STRTAB, SHF_ALLOC, 1);
  dynstrOut.data = dynstr.bytes();
  const dynRelocs = scan.sites.filter((s) => s.dynamic);
  const gotDyn = scan.got.filter((g) => !(g.def.kind === 'abs' && !isPreemptible(g)));
  const nRela = dynRelocs.length + gotDyn.length;
  const relaOut = newOut('.rela.dyn', SHT_RELA, SHF_ALLOC, 8, RELA_SIZE);
  relaOut.size = nRela * RELA_SIZE;
  const nRelative =
    dynRelocs.filter((s) => s.dynamic === 'relative').length + gotDyn.filter((g) => !isPreemptible(g)).length;
  const dynTags: bigint[] = [];
  if (nRela) {
    dynTags.push(BigInt(DT_RELA), BigInt(DT_RELASZ), BigInt(DT_RELAENT));
    if (nRelative) dynTags.push(BigInt(DT_RELACOUNT));
  }
  dynTags.push(
    BigInt(DT_SYMTAB),
    BigInt(DT_SYMENT),
    BigInt(DT_STRTAB),
    BigInt(DT_STRSZ),
    BigInt(DT_GNU_HASH),
    BigInt(DT_HASH),
    BigInt(DT_NULL),
  );
  const dynamicOut = newOut('.dynamic', SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, 8, 16);
  dynamicOut.size = dynTags.length * 16;
  const gotOut = newOut('.got', SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8);
  gotOut.data = new Uint8Array(scan.got.length * 8);
  const padOut = newOut('.relro_padding', SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 1);
  for (const o of [gnuHashOut, hashOut, dynstrOut, gotOut]) o.size = o.data.length;

  const synthetic = [dynsymOut, gnuHashOut, hashOut, dynstrOut, relaOut, dynamicOut, gotOut, padOut];
  const alloc = [
    ...outs.filter((o) => o.flags & SHF_ALLOC),
    ...synthetic.filter((o) => o !== relaOut || nRela),
  ]
    .filter((o) => o !== gotOut || scan.got.length)
    .map((o, i) => ({ o, i, r: rank(o) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.o);
  // Non-alloc outputs keep input order; lld's own .comment goes after them unless an input had one.
  const nonAlloc = outs.filter((o) => !(o.flags & SHF_ALLOC) && o !== commentOut);
  const commentFirst = outs.indexOf(commentOut);
  const firstNonAllocAfter = nonAlloc.findIndex((o) => outs.indexOf(o) > commentFirst);
  if (merged.get('.comment')!.length && firstNonAllocAfter >= 0)
    nonAlloc.splice(firstNonAllocAfter, 0, commentOut);
  else nonAlloc.push(commentOut);
  const symtabOut = newOut('.symtab', SHT_SYMTAB, 0, 8, SYM_SIZE);
  const shstrtabOut = newOut('.shstrtab', SHT_STRTAB, 0, 1);
  const strtabOut = newOut('.strtab', SHT_STRTAB, 0, 1);
  const sections = [...alloc, ...nonAlloc, symtabOut, shstrtabOut, strtabOut];
  sections.forEach((o, i) => {
    o.index = i + 1;
  });
  const shstr = new AppendStringTable(true);
  const shName = sections.map((o) => shstr.add(o.name));

  // Input pieces within output sections.
  for (const o of outs) {
    if (o.parts.length === 0) continue;
    let off = 0;
    for (const p of o.parts) {
      off = alignTo(off, Math.max(1, p.sec.addralign));
      p.outOff = off;
      off += p.sec.size;
    }
    o.size = off;
  }

  // Program headers first: their count fixes where the first section goes.
  const loads: OutSection[][] = [];
  const perm = (o: OutSection) =>
    PF_R | (o.flags & SHF_WRITE ? PF_W : 0) | (o.flags & SHF_EXECINSTR ? PF_X : 0) | (isRelro(o) ? 8 : 0);
  for (const o of alloc) {
    const cur = loads[loads.length - 1];
    if (cur && perm(cur[0]) === perm(o)) cur.push(o);
    else loads.push([o]);
  }
  const notes: OutSection[][] = [];
  for (const [k, o] of alloc.entries()) {
    if (o.type !== SHT_NOTE) continue;
    const prev = alloc[k - 1];
    const run = notes[notes.length - 1];
    if (run && prev === run[run.length - 1] && prev.align === o.align) run.push(o);
    else notes.push([o]);
  }
  const relro = alloc.filter(isRelro);
  const phnum = 1 + loads.length + 1 + (relro.length ? 1 : 0) + 1 + notes.length;

  // Addresses and offsets: each PT_LOAD after the first starts a page further on at the same page
  // offset, so file offsets stay congruent to addresses without padding the file.
  let symtabWriter: () => void = () => fail('.symtab', 'not laid out');
  let dot = EHDR_SIZE + phnum * PHDR_SIZE;
  let off = dot;
  for (const [li, group] of loads.entries()) {
    for (const [k, o] of group.entries()) {
      if (o === padOut) {
        o.addr = dot;
        o.offset = off;
        o.size = alignTo(dot, PAGE) - dot;
        continue;
      }
      let addr = dot;
      if (k === 0 && li > 0) addr = alignTo(dot, PAGE) + (dot % PAGE);
      addr = alignTo(addr, o.align);
      o.addr = addr;
      if (k === 0) o.offset = off + ((((addr - off) % PAGE) + PAGE) % PAGE);
      else if (o.type === SHT_NOBITS) o.offset = off;
      else o.offset = group[0].offset + addr - group[0].addr;
      if (o.type !== SHT_NOBITS) off = o.offset + o.size;
      dot = addr + o.size;
    }
  }
  for (const o of [...nonAlloc, symtabOut, shstrtabOut, strtabOut]) {
    if (o === symtabOut) buildSymtab();
    if (o === shstrtabOut) {
      shstrtabOut.data = shstr.bytes();
      shstrtabOut.size = shstrtabOut.data.length;
    }
    o.offset = alignTo(off, o.align);
    off = o.offset + o.size;
  }

  // Symbol addresses.
  const outOf = (isec: InputSection) => {
    const o = byName.get(isec.outName);
    if (!o) return fail(isec.outName, 'output section vanished');
    return o;
  };
  function addr(g: LinkSymbol): bigint {
    switch (g.def.kind) {
      case 'section':
        return BigInt(outOf(g.def.isec).addr + g.def.isec.outOff) + g.def.value;
      case 'abs':
        return g.def.value;
      case 'merged':
        return BigInt(mergedOffset(g.def.m, g.def.value, `symbol ${g.name}`));
      default:
        return 0n;
    }
  }
  function shndx(g: LinkSymbol): number {
    if (g.def.kind === 'section') return outOf(g.def.isec).index;
    if (g.def.kind === 'abs') return SHN_ABS;
    if (g.def.kind === 'merged') return mergedOuts.get(g.def.m.sec.name)!.index;
    return 0;
  }

  // Section contents.
  for (const o of outs) {
    if (o.parts.length === 0 || o.type === SHT_NOBITS) continue;
    o.data = new Uint8Array(o.size);
  }
  const gotAddr = (g: LinkSymbol) => BigInt(gotOut.addr + 8 * scan.got.indexOf(g));
  for (const site of scan.sites) {
    const P = BigInt(outOf(site.isec).addr + site.isec.outOff) + site.r.offset;
    const d = site.sym.def;
    // A section symbol plus addend names a byte inside some string, which moved with that string.
    const S =
      d.kind === 'merged' && site.sym.type === STT_SECTION
        ? BigInt(mergedOffset(d.m, d.value + site.r.addend, `relocation at ${site.isec.sec.name}`)) -
          site.r.addend
        : addr(site.sym);
    applyRelocation(site, S, P, scan.got.includes(site.sym) ? gotAddr(site.sym) : 0n);
  }
  for (const o of outs) {
    if (o.type === SHT_NOBITS) continue;
    for (const p of o.parts) if (p.sec.type !== SHT_NOBITS) o.data.set(p.data, p.outOff);
  }
  const gotDv = new DataView(gotOut.data.buffer);
  scan.got.forEach((g, i) => {
    if (g.def.kind === 'abs' && !isPreemptible(g)) gotDv.setBigUint64(8 * i, addr(g), true);
  });

  // .rela.dyn: relative ones first, then by symbol, then by place.
  interface Dyn {
    offset: bigint;
    type: number;
    sym: number;
    addend: bigint;
  }
  const dyn: Dyn[] = [];
  for (const s of dynRelocs) {
    const P = BigInt(outOf(s.isec).addr + s.isec.outOff) + s.r.offset;
    if (s.dynamic === 'relative')
      dyn.push({ offset: P, type: R_AMDGPU_RELATIVE64, sym: 0, addend: addr(s.sym) + s.r.addend });
    else dyn.push({ offset: P, type: R_AMDGPU_ABS64, sym: dynIndex.get(s.sym)!, addend: s.r.addend });
  }
  for (const g of gotDyn) {
    const P = gotAddr(g);
    if (isPreemptible(g)) dyn.push({ offset: P, type: R_AMDGPU_ABS64, sym: dynIndex.get(g)!, addend: 0n });
    else dyn.push({ offset: P, type: R_AMDGPU_RELATIVE64, sym: 0, addend: addr(g) });
  }
  dyn.sort(
    (a, b) =>
      Number(a.type !== R_AMDGPU_RELATIVE64) - Number(b.type !== R_AMDGPU_RELATIVE64) ||
      a.sym - b.sym ||
      (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0),
  );
  relaOut.data = new Uint8Array(relaOut.size);
  const rdv = new DataView(relaOut.data.buffer);
  dyn.forEach((d, i) => {
    rdv.setBigUint64(i * 24, d.offset, true);
    rdv.setBigUint64(i * 24 + 8, (BigInt(d.sym) << 32n) | BigInt(d.type), true);
    rdv.setBigInt64(i * 24 + 16, d.addend, true);
  });

  // .dynsym
  dynsymOut.data = new Uint8Array(dynsymOut.size);
  const writeSym = (dv: DataView, i: number, name: number, g: LinkSymbol, bind: number) => {
    dv.setUint32(i * 24, name, true);
    dv.setUint8(i * 24 + 4, (bind << 4) | (g.type & 0xf));
    dv.setUint8(i * 24 + 5, g.visibility);
    dv.setUint16(i * 24 + 6, shndx(g), true);
    dv.setBigUint64(i * 24 + 8, addr(g), true);
    dv.setBigUint64(i * 24 + 16, g.size, true);
  };
  const ddv = new DataView(dynsymOut.data.buffer);
  dynsyms.forEach((g, i) => {
    writeSym(ddv, i + 1, dynName.get(g)!, g, g.bind);
  });
  dynsymOut.link = dynstrOut.index;
  dynsymOut.info = 1;
  gnuHashOut.link = dynsymOut.index;
  hashOut.link = dynsymOut.index;
  relaOut.link = dynsymOut.index;
  dynamicOut.link = dynstrOut.index;

  // .dynamic
  const dynValue: Record<number, number> = {
    [DT_RELA]: relaOut.addr,
    [DT_RELASZ]: relaOut.size,
    [DT_RELAENT]: RELA_SIZE,
    [DT_RELACOUNT]: nRelative,
    [DT_SYMTAB]: dynsymOut.addr,
    [DT_SYMENT]: SYM_SIZE,
    [DT_STRTAB]: dynstrOut.addr,
    [DT_STRSZ]: dynstrOut.size,
    [DT_GNU_HASH]: gnuHashOut.addr,
    [DT_HASH]: hashOut.addr,
    [DT_NULL]: 0,
  };
  dynamicOut.data = new Uint8Array(dynamicOut.size);
  const dyv = new DataView(dynamicOut.data.buffer);
  dynTags.forEach((t, i) => {
    dyv.setBigInt64(i * 16, t, true);
    dyv.setBigUint64(i * 16 + 8, BigInt(dynValue[Number(t)]), true);
  });

  // .symtab/.strtab: file locals, then globals in insertion order and _DYNAMIC, locals moved first.
  function buildSymtab(): void {
    const dynamicSym: LinkSymbol = {
      name: '_DYNAMIC',
      type: STT_NOTYPE,
      bind: STB_LOCAL,
      visibility: STV_HIDDEN,
      size: 0n,
      def: { kind: 'undef' },
      file: -1,
      local: true,
    };
    const all = [...inputs.flatMap((i) => i.locals), ...table.order, dynamicSym];
    const strtab = new AppendStringTable();
    const names = new Map<LinkSymbol, number>(all.map((g) => [g, strtab.add(g.name)]));
    const isLocal = (g: LinkSymbol) => g.local || (g.visibility !== STV_DEFAULT && g.visibility !== 3);
    // lld groups the local part by file, files in order of first appearance (_DYNAMIC's file last).
    const byFile = new Map<number, LinkSymbol[]>();
    for (const g of all.filter(isLocal)) {
      const list = byFile.get(g.file) ?? [];
      list.push(g);
      byFile.set(g.file, list);
    }
    const ordered = [...[...byFile.values()].flat(), ...all.filter((g) => !isLocal(g))];
    strtabOut.data = strtab.bytes();
    strtabOut.size = strtabOut.data.length;
    symtabOut.size = (ordered.length + 1) * SYM_SIZE;
    symtabOut.link = strtabOut.index;
    symtabOut.info = all.filter(isLocal).length + 1;
    symtabWriter = () => {
      symtabOut.data = new Uint8Array(symtabOut.size);
      const dv = new DataView(symtabOut.data.buffer);
      ordered.forEach((g, i) => {
        if (g === dynamicSym) {
          writeSym(dv, i + 1, names.get(g)!, g, STB_LOCAL);
          dv.setUint16((i + 1) * 24 + 6, dynamicOut.index, true);
          dv.setBigUint64((i + 1) * 24 + 8, BigInt(dynamicOut.addr), true);
          return;
        }
        writeSym(
          dv,
          i + 1,
          names.get(g)!,
          g,
          isLocal(g) ? STB_LOCAL : g.bind === STB_LOCAL ? STB_GLOBAL : g.bind,
        );
      });
    };
  }
  symtabWriter();

  const segments = programHeaders(phnum, loads, relro, notes, dynamicOut);
  const h0 = files[0].header;
  return {
    header: {
      osAbi: h0.osAbi,
      abiVersion: h0.abiVersion,
      type: ET_DYN,
      machine: EM_AMDGPU,
      version: 1,
      entry: 0n,
      flags: h0.flags,
      phoff: EHDR_SIZE,
      shoff: alignTo(off, 8),
    },
    sections: [nullSection(), ...sections.map((o, i) => toImage(o, shName[i]))],
    shstrndx: shstrtabOut.index,
    segments,
    fill: [],
  };

  function toImage(o: OutSection, nameOffset: number): ImageSection {
    return {
      name: o.name,
      nameOffset,
      type: o.type,
      flags: o.flags,
      addr: o.flags & SHF_ALLOC ? o.addr : 0,
      offset: o.offset,
      size: o.size,
      link: o.link,
      info: o.info,
      addralign: o.align,
      entsize: o.entsize,
      data: o.type === SHT_NOBITS ? new Uint8Array(0) : o.data,
    };
  }
}

function programHeaders(
  phnum: number,
  loads: OutSection[][],
  relro: OutSection[],
  notes: OutSection[][],
  dynamic: OutSection,
): ImageSegment[] {
  const span = (secs: OutSection[], type: number, flags: number, align: number, fromZero = false) => {
    const first = secs[0];
    const last = secs[secs.length - 1];
    const start = fromZero ? 0 : first.offset;
    const vstart = fromZero ? 0 : first.addr;
    let fileEnd = start;
    for (const s of secs) if (s.type !== SHT_NOBITS) fileEnd = s.offset + s.size;
    return {
      type,
      flags,
      offset: start,
      vaddr: vstart,
      paddr: vstart,
      filesz: fileEnd - start,
      memsz: last.addr + last.size - vstart,
      align,
    };
  };
  const flagsOf = (o: OutSection) =>
    PF_R | (o.flags & SHF_WRITE ? PF_W : 0) | (o.flags & SHF_EXECINSTR ? PF_X : 0);
  const segs: ImageSegment[] = [
    {
      type: PT_PHDR,
      flags: PF_R,
      offset: EHDR_SIZE,
      vaddr: EHDR_SIZE,
      paddr: EHDR_SIZE,
      filesz: phnum * PHDR_SIZE,
      memsz: phnum * PHDR_SIZE,
      align: 8,
    },
  ];
  loads.forEach((g, i) => {
    segs.push(span(g, PT_LOAD, flagsOf(g[0]), PAGE, i === 0));
  });
  segs.push(span([dynamic], PT_DYNAMIC, PF_R | PF_W, 8));
  if (relro.length) segs.push(span(relro, PT_GNU_RELRO, PF_R, 1));
  segs.push({
    type: PT_GNU_STACK,
    flags: PF_R | PF_W,
    offset: 0,
    vaddr: 0,
    paddr: 0,
    filesz: 0,
    memsz: 0,
    align: 0,
  });
  for (const run of notes) segs.push(span(run, PT_NOTE, PF_R, run[0].align));
  return segs;
}
