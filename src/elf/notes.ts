// ELF note records (SHT_NOTE sections, PT_NOTE segments): a strict parser, its byte-exact inverse, and the
// note type names llvm-readelf prints. Every size is checked against the container before it is used, so a
// malformed note gives an ElfError naming the note and field, never a RangeError or a hang.
import { ElfError } from './errors.js';
import { latin1 } from './reader.js';

export interface ElfNote {
  /** n_name without its terminating NUL, bytes as latin1 characters. */
  name: string;
  type: number;
  desc: Uint8Array;
  /** File offset of the note header. */
  offset: number;
}

export const NT_AMD_HSA_CODE_OBJECT_VERSION = 1;
export const NT_AMD_HSA_HSAIL = 2;
export const NT_AMD_HSA_ISA_VERSION = 3;
export const NT_AMD_HSA_METADATA = 10;
export const NT_AMD_HSA_ISA_NAME = 11;
export const NT_AMD_PAL_METADATA = 12;
export const NT_AMDGPU_METADATA = 32;

const NHDR_SIZE = 12;
const hex = (v: number): string => '0x' + v.toString(16);
const alignUp = (v: number, a: number): number => Math.ceil(v / a) * a;

/**
 * Parses the notes in `bytes[fileOffset, fileOffset + size)`. `align` is the container's alignment (LLVM
 * treats sh_addralign 0 and 1 as 4): it pads the name and the descriptor.
 */
export function parseNotes(
  bytes: Uint8Array,
  fileOffset: number,
  size: number,
  align: 4 | 8,
  fileName: string,
): ElfNote[] {
  if (fileOffset < 0 || size < 0 || fileOffset + size > bytes.length) {
    throw new ElfError(
      fileName,
      'notes',
      `range ${hex(fileOffset)}+${hex(size)} extends beyond the end of the file (${bytes.length} bytes)`,
    );
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const notes: ElfNote[] = [];
  let pos = 0;
  while (pos < size) {
    const i = notes.length;
    const at = fileOffset + pos;
    const fail = (field: string, problem: string): never => {
      throw new ElfError(fileName, `note ${i} (at ${hex(at)}) ${field}`, problem);
    };
    const left = size - pos;
    if (left < NHDR_SIZE) fail('header', `needs ${NHDR_SIZE} bytes, only ${left} left in the container`);
    const namesz = dv.getUint32(at, true);
    const descsz = dv.getUint32(at + 4, true);
    const type = dv.getUint32(at + 8, true);
    const descStart = alignUp(NHDR_SIZE + namesz, align);
    if (descStart > left) fail('n_namesz', `${namesz} overflows the container (${left} bytes left)`);
    const total = alignUp(descStart + descsz, align);
    if (total > left) fail('n_descsz', `${descsz} overflows the container (${left} bytes left)`);
    if (namesz > 0 && bytes[at + NHDR_SIZE + namesz - 1] !== 0) fail('n_name', 'is not NUL-terminated');
    const name = namesz > 0 ? latin1(bytes, at + NHDR_SIZE, at + NHDR_SIZE + namesz - 1) : '';
    notes.push({ name, type, desc: bytes.subarray(at + descStart, at + descStart + descsz), offset: at });
    pos += total;
  }
  return notes;
}

/** The inverse of parseNotes: headers, NUL-terminated names, zero padding to `align`. */
export function encodeNotes(
  notes: readonly Pick<ElfNote, 'name' | 'type' | 'desc'>[],
  align: 4 | 8,
): Uint8Array {
  let size = 0;
  const layout = notes.map((n) => {
    const namesz = n.name === '' ? 0 : n.name.length + 1;
    const descStart = alignUp(NHDR_SIZE + namesz, align);
    const total = alignUp(descStart + n.desc.length, align);
    const start = size;
    size += total;
    return { namesz, descStart, start };
  });
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  notes.forEach((n, k) => {
    const { namesz, descStart, start } = layout[k];
    dv.setUint32(start, namesz, true);
    dv.setUint32(start + 4, n.desc.length, true);
    dv.setUint32(start + 8, n.type >>> 0, true);
    for (let c = 0; c < n.name.length; c++) {
      const code = n.name.charCodeAt(c);
      if (code > 0xff) throw new RangeError(`note ${k}: name ${JSON.stringify(n.name)} is not latin1`);
      out[start + NHDR_SIZE + c] = code;
    }
    out.set(n.desc, start + descStart);
  });
  return out;
}

const AMD_TYPES: Record<number, string> = {
  [NT_AMD_HSA_CODE_OBJECT_VERSION]: 'NT_AMD_HSA_CODE_OBJECT_VERSION (AMD HSA Code Object Version)',
  [NT_AMD_HSA_HSAIL]: 'NT_AMD_HSA_HSAIL (AMD HSA HSAIL Properties)',
  [NT_AMD_HSA_ISA_VERSION]: 'NT_AMD_HSA_ISA_VERSION (AMD HSA ISA Version)',
  [NT_AMD_HSA_METADATA]: 'NT_AMD_HSA_METADATA (AMD HSA Metadata)',
  [NT_AMD_HSA_ISA_NAME]: 'NT_AMD_HSA_ISA_NAME (AMD HSA ISA Name)',
  [NT_AMD_PAL_METADATA]: 'NT_AMD_PAL_METADATA (AMD PAL Metadata)',
};
const AMDGPU_TYPES: Record<number, string> = {
  [NT_AMDGPU_METADATA]: 'NT_AMDGPU_METADATA (AMDGPU Metadata)',
};
const GNU_TYPES: Record<number, string> = {
  1: 'NT_GNU_ABI_TAG (ABI version tag)',
  2: 'NT_GNU_HWCAP (DSO-supplied software HWCAP info)',
  3: 'NT_GNU_BUILD_ID (unique build ID bitstring)',
  4: 'NT_GNU_GOLD_VERSION (gold version)',
  5: 'NT_GNU_PROPERTY_TYPE_0 (property note)',
};
const LLVM_OMP_TYPES: Record<number, string> = {
  1: 'NT_LLVM_OPENMP_OFFLOAD_VERSION (image format version)',
  2: 'NT_LLVM_OPENMP_OFFLOAD_PRODUCER (producing toolchain)',
  3: 'NT_LLVM_OPENMP_OFFLOAD_PRODUCER_VERSION (producing toolchain version)',
};
// Owners readelf knows, for a non-core file; any other owner gets the generic table.
const GENERIC_TYPES: Record<number, string> = {
  1: 'NT_VERSION (version)',
  2: 'NT_ARCH (architecture)',
  256: 'OPEN',
  257: 'func',
};
const FREEBSD_TYPES: Record<number, string> = {
  1: 'NT_FREEBSD_ABI_TAG (ABI version tag)',
  2: 'NT_FREEBSD_NOINIT_TAG (no .init tag)',
  3: 'NT_FREEBSD_ARCH_TAG (architecture tag)',
  4: 'NT_FREEBSD_FEATURE_CTL (FreeBSD feature control)',
};
const ANDROID_TYPES: Record<number, string> = {
  1: 'NT_ANDROID_TYPE_IDENT',
  3: 'NT_ANDROID_TYPE_KUSER',
  4: 'NT_ANDROID_TYPE_MEMTAG (Android memory tagging information)',
};
const BY_OWNER: Record<string, Record<number, string>> = {
  GNU: GNU_TYPES,
  FreeBSD: FREEBSD_TYPES,
  AMD: AMD_TYPES,
  AMDGPU: AMDGPU_TYPES,
  LLVMOMPOFFLOAD: LLVM_OMP_TYPES,
  Android: ANDROID_TYPES,
};

/**
 * The type column llvm-readelf prints for a note of a non-core file, e.g.
 * `NT_AMDGPU_METADATA (AMDGPU Metadata)`, or `Unknown note type: (0x00000021)`.
 */
export function noteTypeName(owner: string, type: number): string {
  const table = Object.hasOwn(BY_OWNER, owner) ? BY_OWNER[owner] : GENERIC_TYPES;
  return table[type] ?? `Unknown note type: (0x${(type >>> 0).toString(16).padStart(8, '0')})`;
}
