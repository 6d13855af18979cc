// Symbolic names for ELF numbers, as the ELF and AMDGPU specifications spell them, for `gcnkit info`.
// Unknown values get a hex form rather than an error: a tool that reports on a file must not refuse to
// describe a field it does not recognise.

const hex = (v: number | bigint): string => '0x' + v.toString(16);

function lookup(table: Record<number, string>, v: number, prefix: string): string {
  return table[v] ?? `${prefix}${hex(v)}`;
}

const ET: Record<number, string> = { 0: 'ET_NONE', 1: 'ET_REL', 2: 'ET_EXEC', 3: 'ET_DYN', 4: 'ET_CORE' };
export const elfTypeName = (v: number): string => lookup(ET, v, 'ET_');

const OSABI: Record<number, string> = {
  0: 'ELFOSABI_NONE',
  64: 'ELFOSABI_AMDGPU_HSA',
  65: 'ELFOSABI_AMDGPU_PAL',
  66: 'ELFOSABI_AMDGPU_MESA3D',
};
export const osAbiName = (v: number): string => lookup(OSABI, v, 'ELFOSABI_');

const SHT: Record<number, string> = {
  0: 'SHT_NULL',
  1: 'SHT_PROGBITS',
  2: 'SHT_SYMTAB',
  3: 'SHT_STRTAB',
  4: 'SHT_RELA',
  5: 'SHT_HASH',
  6: 'SHT_DYNAMIC',
  7: 'SHT_NOTE',
  8: 'SHT_NOBITS',
  9: 'SHT_REL',
  10: 'SHT_SHLIB',
  11: 'SHT_DYNSYM',
  14: 'SHT_INIT_ARRAY',
  15: 'SHT_FINI_ARRAY',
  16: 'SHT_PREINIT_ARRAY',
  17: 'SHT_GROUP',
  18: 'SHT_SYMTAB_SHNDX',
  1879002115: 'SHT_LLVM_ADDRSIG',
  1879002124: 'SHT_LLVM_OFFLOADING',
  1879048182: 'SHT_GNU_HASH',
  1879048189: 'SHT_GNU_verdef',
  1879048190: 'SHT_GNU_verneed',
  1879048191: 'SHT_GNU_versym',
};
export const sectionTypeName = (v: number): string => lookup(SHT, v, 'SHT_');

const SHF: [number, string][] = [
  [0x1, 'SHF_WRITE'],
  [0x2, 'SHF_ALLOC'],
  [0x4, 'SHF_EXECINSTR'],
  [0x10, 'SHF_MERGE'],
  [0x20, 'SHF_STRINGS'],
  [0x40, 'SHF_INFO_LINK'],
  [0x80, 'SHF_LINK_ORDER'],
  [0x100, 'SHF_OS_NONCONFORMING'],
  [0x200, 'SHF_GROUP'],
  [0x400, 'SHF_TLS'],
  [0x800, 'SHF_COMPRESSED'],
  [0x80000000, 'SHF_EXCLUDE'],
];
export function sectionFlagNames(flags: number): string[] {
  return SHF.filter(([bit]) => (flags & bit) >>> 0 === bit).map(([, n]) => n);
}

const PT: Record<number, string> = {
  0: 'PT_NULL',
  1: 'PT_LOAD',
  2: 'PT_DYNAMIC',
  3: 'PT_INTERP',
  4: 'PT_NOTE',
  5: 'PT_SHLIB',
  6: 'PT_PHDR',
  7: 'PT_TLS',
  1685382480: 'PT_GNU_EH_FRAME',
  1685382481: 'PT_GNU_STACK',
  1685382482: 'PT_GNU_RELRO',
  1685382483: 'PT_GNU_PROPERTY',
};
export const segmentTypeName = (v: number): string => lookup(PT, v, 'PT_');

export function segmentFlagNames(flags: number): string[] {
  const out: string[] = [];
  if (flags & 1) out.push('PF_X');
  if (flags & 2) out.push('PF_W');
  if (flags & 4) out.push('PF_R');
  return out;
}

const STB: Record<number, string> = { 0: 'STB_LOCAL', 1: 'STB_GLOBAL', 2: 'STB_WEAK', 10: 'STB_GNU_UNIQUE' };
export const symbolBindName = (v: number): string => lookup(STB, v, 'STB_');

const STT: Record<number, string> = {
  0: 'STT_NOTYPE',
  1: 'STT_OBJECT',
  2: 'STT_FUNC',
  3: 'STT_SECTION',
  4: 'STT_FILE',
  5: 'STT_COMMON',
  6: 'STT_TLS',
  10: 'STT_AMDGPU_HSA_KERNEL',
};
export const symbolTypeName = (v: number): string => lookup(STT, v, 'STT_');

const STV = ['STV_DEFAULT', 'STV_INTERNAL', 'STV_HIDDEN', 'STV_PROTECTED'];
export const symbolVisibilityName = (other: number): string => STV[other & 3];

const DT: Record<number, string> = {
  0: 'DT_NULL',
  1: 'DT_NEEDED',
  2: 'DT_PLTRELSZ',
  3: 'DT_PLTGOT',
  4: 'DT_HASH',
  5: 'DT_STRTAB',
  6: 'DT_SYMTAB',
  7: 'DT_RELA',
  8: 'DT_RELASZ',
  9: 'DT_RELAENT',
  10: 'DT_STRSZ',
  11: 'DT_SYMENT',
  12: 'DT_INIT',
  13: 'DT_FINI',
  14: 'DT_SONAME',
  15: 'DT_RPATH',
  16: 'DT_SYMBOLIC',
  17: 'DT_REL',
  18: 'DT_RELSZ',
  19: 'DT_RELENT',
  20: 'DT_PLTREL',
  21: 'DT_DEBUG',
  22: 'DT_TEXTREL',
  23: 'DT_JMPREL',
  24: 'DT_BIND_NOW',
  25: 'DT_INIT_ARRAY',
  26: 'DT_FINI_ARRAY',
  27: 'DT_INIT_ARRAYSZ',
  28: 'DT_FINI_ARRAYSZ',
  29: 'DT_RUNPATH',
  30: 'DT_FLAGS',
  1879047925: 'DT_GNU_HASH',
  1879048185: 'DT_RELACOUNT',
  1879048187: 'DT_FLAGS_1',
};
export function dynamicTagName(tag: bigint): string {
  if (tag >= 0n && tag <= 0x7fffffffn) return lookup(DT, Number(tag), 'DT_');
  return `DT_${hex(tag)}`;
}

/**
 * The e_flags bits as named by the LLVM AMDGPU guide for the HSA code object version `cov`
 * (v2: bit 0 xnack; v3: bits 8 and 9 are xnack and sramecc on/off; v4+: two 2-bit settings;
 * v6: the generic version in bits 24-31).
 */
export function amdgpuFlagNames(flags: number, cov: number | undefined, processor: string): string[] {
  const out: string[] = [];
  const mach = flags & 0xff;
  out.push(
    mach === 0
      ? 'EF_AMDGPU_MACH_NONE'
      : `EF_AMDGPU_MACH_AMDGCN_${processor.toUpperCase().replace(/-/g, '_')}`,
  );
  if (cov === undefined || cov <= 2) {
    if (flags & 1) out.push('EF_AMDGPU_FEATURE_XNACK_V2');
    if (flags & 2) out.push('EF_AMDGPU_FEATURE_TRAP_HANDLER_V2');
  } else if (cov === 3) {
    if (flags & 0x100) out.push('EF_AMDGPU_FEATURE_XNACK_V3');
    if (flags & 0x200) out.push('EF_AMDGPU_FEATURE_SRAMECC_V3');
  } else {
    const s = ['UNSUPPORTED', 'ANY', 'OFF', 'ON'];
    // 0 (unsupported) is the absence of the feature, which llvm-readelf does not list either.
    if ((flags >> 8) & 3) out.push(`EF_AMDGPU_FEATURE_XNACK_${s[(flags >> 8) & 3]}_V4`);
    if ((flags >> 10) & 3) out.push(`EF_AMDGPU_FEATURE_SRAMECC_${s[(flags >> 10) & 3]}_V4`);
    if (cov >= 6 && flags >>> 24) out.push(`EF_AMDGPU_GENERIC_VERSION_V${flags >>> 24}`);
  }
  return out;
}
