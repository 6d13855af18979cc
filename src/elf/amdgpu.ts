// AMDGPU specifics of the ELF header: the processor in e_flags (EF_AMDGPU_MACH) and the xnack/sramecc
// feature bits, whose layout depends on the code object version (EI_ABIVERSION for the HSA OS ABI).
import type { ElfHeader } from './types.js';

export const ELFOSABI_AMDGPU_HSA = 64;
export const ELFOSABI_AMDGPU_PAL = 65;
export const ELFOSABI_AMDGPU_MESA3D = 66;

export const EF_AMDGPU_MACH = 0x0ff;

/** EF_AMDGPU_MACH values (LLVM AMDGPU usage guide), so an unsupported processor is named exactly. */
const MACH_NAMES: Record<number, string> = {
  0: 'none',
  1: 'r600',
  2: 'r630',
  3: 'rs880',
  4: 'rv670',
  5: 'rv710',
  6: 'rv730',
  7: 'rv770',
  8: 'cedar',
  9: 'cypress',
  10: 'juniper',
  11: 'redwood',
  12: 'sumo',
  13: 'barts',
  14: 'caicos',
  15: 'cayman',
  16: 'turks',
  32: 'gfx600',
  33: 'gfx601',
  34: 'gfx700',
  35: 'gfx701',
  36: 'gfx702',
  37: 'gfx703',
  38: 'gfx704',
  40: 'gfx801',
  41: 'gfx802',
  42: 'gfx803',
  43: 'gfx810',
  44: 'gfx900',
  45: 'gfx902',
  46: 'gfx904',
  47: 'gfx906',
  48: 'gfx908',
  49: 'gfx909',
  50: 'gfx90c',
  51: 'gfx1010',
  52: 'gfx1011',
  53: 'gfx1012',
  54: 'gfx1030',
  55: 'gfx1031',
  56: 'gfx1032',
  57: 'gfx1033',
  58: 'gfx602',
  59: 'gfx705',
  60: 'gfx805',
  61: 'gfx1035',
  62: 'gfx1034',
  63: 'gfx90a',
  64: 'gfx940',
  65: 'gfx1100',
  66: 'gfx1013',
  68: 'gfx1103',
  69: 'gfx1036',
  70: 'gfx1101',
  71: 'gfx1102',
  75: 'gfx941',
  76: 'gfx942',
  // Generic targets (code object v6), as clang-22 and llvm-readelf-22 number them.
  81: 'gfx9-generic',
  95: 'gfx9-4-generic',
};

/** The processor named by EF_AMDGPU_MACH, or `unknown (0x..)`. */
export function machName(flags: number): string {
  const mach = flags & EF_AMDGPU_MACH;
  return MACH_NAMES[mach] ?? `unknown (0x${mach.toString(16).padStart(3, '0')})`;
}

/** A v4+ target feature setting; v3 only knows on/off, v2 only xnack on/off. */
export type FeatureSetting = 'unsupported' | 'any' | 'off' | 'on';

export interface AmdgpuTargetInfo {
  /** Processor name, e.g. gfx908. */
  readonly processor: string;
  /** Code object version (2..), when the OS ABI is HSA; undefined otherwise. */
  readonly codeObjectVersion: number | undefined;
  readonly xnack: FeatureSetting;
  readonly sramecc: FeatureSetting;
}

const V4_SETTINGS: FeatureSetting[] = ['unsupported', 'any', 'off', 'on'];

export function amdgpuTargetInfo(h: ElfHeader): AmdgpuTargetInfo {
  const processor = machName(h.flags);
  const cov = h.osAbi === ELFOSABI_AMDGPU_HSA ? h.abiVersion + 2 : undefined;
  let xnack: FeatureSetting;
  let sramecc: FeatureSetting;
  if (cov === 2) {
    xnack = h.flags & 0x01 ? 'on' : 'off';
    sramecc = 'unsupported';
  } else if (cov === 3) {
    xnack = h.flags & 0x100 ? 'on' : 'off';
    sramecc = h.flags & 0x200 ? 'on' : 'off';
  } else {
    xnack = V4_SETTINGS[(h.flags >> 8) & 3];
    sramecc = V4_SETTINGS[(h.flags >> 10) & 3];
  }
  return { processor, codeObjectVersion: cov, xnack, sramecc };
}
