// ELF64 structures as gcnkit reads them. Numbers are plain JS numbers where the value must lie within
// the file (offsets, sizes, indices); symbol values stay bigint because absolute symbols may hold any
// 64-bit value and tools compare them exactly.

export const EM_AMDGPU = 224;

export const ET_REL = 1;
export const ET_EXEC = 2;
export const ET_DYN = 3;

export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_RELA = 4;
export const SHT_NOTE = 7;
export const SHT_NOBITS = 8;
export const SHT_HASH = 5;
export const SHT_DYNAMIC = 6;
export const SHT_REL = 9;
export const SHT_DYNSYM = 11;
export const SHT_GNU_HASH = 0x6ffffff6;
export const SHT_SYMTAB_SHNDX = 18;

export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;

export const SHN_UNDEF = 0;
export const SHN_LORESERVE = 0xff00;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;
export const SHN_XINDEX = 0xffff;

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;

export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;
export const STT_FILE = 4;
export const STT_COMMON = 5;
/** Code object v2 kernels (amd_kernel_code_t) carry this OS-specific type. */
export const STT_AMDGPU_HSA_KERNEL = 10;

export const EHDR_SIZE = 64;
export const SHDR_SIZE = 64;
export const PHDR_SIZE = 56;
export const SYM_SIZE = 24;
export const RELA_SIZE = 24;
export const DYN_SIZE = 16;

export const PT_NULL = 0;
export const PT_LOAD = 1;
export const PT_DYNAMIC = 2;
export const PT_NOTE = 4;
export const PT_PHDR = 6;
export const PT_GNU_STACK = 0x6474e551;
export const PT_GNU_RELRO = 0x6474e552;

export const PF_X = 1;
export const PF_W = 2;
export const PF_R = 4;

/** Dynamic-section tags ld.lld emits for AMDGPU shared code objects. */
export const DT_NULL = 0;
export const DT_HASH = 4;
export const DT_STRTAB = 5;
export const DT_SYMTAB = 6;
export const DT_RELA = 7;
export const DT_RELASZ = 8;
export const DT_RELAENT = 9;
export const DT_STRSZ = 10;
export const DT_SYMENT = 11;
export const DT_SONAME = 14;
export const DT_TEXTREL = 22;
export const DT_FLAGS = 30;
export const DT_GNU_HASH = 0x6ffffef5;
export const DT_RELACOUNT = 0x6ffffff9;

/** R_AMDGPU_* relocation types (LLVM AMDGPU usage guide, "Relocation Records"). */
export const R_AMDGPU_NONE = 0;
export const R_AMDGPU_ABS32_LO = 1;
export const R_AMDGPU_ABS32_HI = 2;
export const R_AMDGPU_ABS64 = 3;
export const R_AMDGPU_REL32 = 4;
export const R_AMDGPU_REL64 = 5;
export const R_AMDGPU_ABS32 = 6;
export const R_AMDGPU_GOTPCREL = 7;
export const R_AMDGPU_GOTPCREL32_LO = 8;
export const R_AMDGPU_GOTPCREL32_HI = 9;
export const R_AMDGPU_REL32_LO = 10;
export const R_AMDGPU_REL32_HI = 11;
export const R_AMDGPU_RELATIVE64 = 13;
export const R_AMDGPU_REL16 = 14;

export const RELOCATION_NAMES: Record<number, string> = {
  0: 'R_AMDGPU_NONE',
  1: 'R_AMDGPU_ABS32_LO',
  2: 'R_AMDGPU_ABS32_HI',
  3: 'R_AMDGPU_ABS64',
  4: 'R_AMDGPU_REL32',
  5: 'R_AMDGPU_REL64',
  6: 'R_AMDGPU_ABS32',
  7: 'R_AMDGPU_GOTPCREL',
  8: 'R_AMDGPU_GOTPCREL32_LO',
  9: 'R_AMDGPU_GOTPCREL32_HI',
  10: 'R_AMDGPU_REL32_LO',
  11: 'R_AMDGPU_REL32_HI',
  13: 'R_AMDGPU_RELATIVE64',
  14: 'R_AMDGPU_REL16',
};

export interface ElfSegment {
  readonly index: number;
  readonly type: number;
  readonly flags: number;
  readonly offset: number;
  readonly vaddr: number;
  readonly paddr: number;
  readonly filesz: number;
  readonly memsz: number;
  readonly align: number;
}

export interface ElfRela {
  readonly offset: bigint;
  readonly type: number;
  /** Index into the symbol table named by the relocation section's sh_link. */
  readonly symbol: number;
  readonly addend: bigint;
}

export interface ElfDynamicEntry {
  readonly tag: bigint;
  readonly value: bigint;
}

export interface ElfHeader {
  /** e_ident[EI_OSABI]: 64 = AMDGPU HSA, 65 = PAL, 66 = Mesa3D. */
  readonly osAbi: number;
  /** e_ident[EI_ABIVERSION]: for HSA, code object version minus 2. */
  readonly abiVersion: number;
  readonly type: number;
  readonly machine: number;
  readonly version: number;
  readonly entry: bigint;
  readonly phoff: number;
  readonly shoff: number;
  readonly flags: number;
  readonly ehsize: number;
  readonly phentsize: number;
  readonly phnum: number;
  readonly shentsize: number;
  /** The real section count (resolved through section 0 when e_shnum is 0). */
  readonly shnum: number;
  /** The real section-name table index (resolved through section 0 when it is SHN_XINDEX). */
  readonly shstrndx: number;
}

export interface ElfSection {
  readonly index: number;
  /** Name from the section-name table, bytes as latin1 characters (so they round-trip exactly). */
  readonly name: string;
  readonly type: number;
  /** sh_flags; every flag gcnkit tests lives in the low 32 bits. */
  readonly flags: number;
  readonly addr: number;
  readonly offset: number;
  readonly size: number;
  readonly link: number;
  readonly info: number;
  readonly addralign: number;
  readonly entsize: number;
}

export interface ElfSymbol {
  /** Index in its symbol table. */
  readonly index: number;
  /** Name bytes as latin1 characters. */
  readonly name: string;
  readonly value: bigint;
  readonly size: bigint;
  /** st_info & 0xf */
  readonly type: number;
  /** st_info >> 4 */
  readonly bind: number;
  readonly other: number;
  /** Raw st_shndx: a section index or a reserved value (SHN_UNDEF, SHN_ABS, SHN_COMMON, SHN_XINDEX). */
  readonly shndx: number;
  /** The section the symbol is defined in (SHN_XINDEX resolved), or -1 (undefined, absolute, common). */
  readonly section: number;
}
