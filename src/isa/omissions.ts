import { T_ALL, T_GFX906_UP } from './targets.js';

// Ops of the Vega document's opcode tables (DOC_OPCODES) that `gcnkit isa` deliberately does not list,
// each with the reason. An op is named by its document table and name, never by opcode number (the
// number lives only in the document table). test/isa.test.ts checks this list against the op tables.
export interface DocOmission {
  /** DOC_OPCODES key: 'sop2', 'vop3a', 'flat', ... */
  readonly format: string;
  /** The op's name as the document gives it (lowercase). */
  readonly name: string;
  /** Targets on which it is omitted (T_* bits from targets.ts). */
  readonly targets: number;
  /** Why: e.g. LLVM has no such op on the target, or spells it differently (give LLVM's name). */
  readonly reason: string;
}

export const DOC_OMISSIONS: readonly DocOmission[] = [
  {
    format: 'mimg',
    name: 'image_gather4h_pck',
    targets: T_ALL,
    reason:
      'LLVM has no such op on gfx9: llvm-mc-22 rejects the name and llvm-objdump-22 decodes nothing at its opcode',
  },
  {
    format: 'mimg',
    name: 'image_gather8h_pck',
    targets: T_ALL,
    reason:
      'LLVM has no such op on gfx9: llvm-mc-22 rejects the name and llvm-objdump-22 decodes nothing at its opcode',
  },
  {
    format: 'vop3p',
    name: 'v_mad_mix_f32',
    targets: T_GFX906_UP,
    reason:
      'gfx906 and gfx908 fuse this opcode: LLVM decodes and assembles it as v_fma_mix_f32 (listed under that name)',
  },
  {
    format: 'vop3p',
    name: 'v_mad_mixlo_f16',
    targets: T_GFX906_UP,
    reason:
      'gfx906 and gfx908 fuse this opcode: LLVM decodes and assembles it as v_fma_mixlo_f16 (listed under that name)',
  },
  {
    format: 'vop3p',
    name: 'v_mad_mixhi_f16',
    targets: T_GFX906_UP,
    reason:
      'gfx906 and gfx908 fuse this opcode: LLVM decodes and assembles it as v_fma_mixhi_f16 (listed under that name)',
  },
];

/** Whether (format, name) is omitted on the target bit. */
export function isOmitted(format: string, name: string, targetBit: number): boolean {
  return DOC_OMISSIONS.some((o) => o.format === format && o.name === name && (o.targets & targetBit) !== 0);
}
