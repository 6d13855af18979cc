// AMDGPU specifics of the ELF header: the processor in e_flags (EF_AMDGPU_MACH) and the xnack/sramecc
// feature bits, whose layout depends on the code object version (EI_ABIVERSION for the HSA OS ABI).
import { OTHER_MACHINES, processorByMach } from '../isa/processors.js';
import type { ElfHeader } from './types.js';

export const ELFOSABI_AMDGPU_HSA = 64;
export const ELFOSABI_AMDGPU_PAL = 65;
export const ELFOSABI_AMDGPU_MESA3D = 66;

export const EF_AMDGPU_MACH = 0x0ff;

/** The processor named by EF_AMDGPU_MACH, or `unknown (0x..)`. */
export function machName(flags: number): string {
  const mach = flags & EF_AMDGPU_MACH;
  return (
    processorByMach(mach)?.name ?? OTHER_MACHINES[mach] ?? `unknown (0x${mach.toString(16).padStart(3, '0')})`
  );
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
