// Every processor gcnkit describes, one record each: the single place a per-target fact lives. Encoders,
// decoders, the ELF reader/writer, the .amdhsa directives and the dispatcher read these records; nothing
// else may branch on a processor's name. Facts: LLVM's AMDGPUUsage guide (processor table, e_flags,
// kernel descriptor) and the ISA documents (register files, LDS).

/** ISA generation: decides encodings and opcode numbers (LLVM's SI/CI/VI/GFX9 "real" encodings). */
export type Generation = 'gfx6' | 'gfx7' | 'gfx8' | 'gfx9';

export const GENERATIONS: readonly Generation[] = ['gfx6', 'gfx7', 'gfx8', 'gfx9'];

/** Optional ISA features, named as LLVM's subtarget features are (lowercase, without "Feature"). */
export type Feature =
  | 'flat' // FLAT encoding (gfx7+)
  | 'flat-global' // GLOBAL/SCRATCH segments of FLAT (gfx9)
  | 'sdwa'
  | 'dpp'
  | 'vop3p' // packed 16-bit math (gfx9)
  | '16-bit-insts' // 16-bit VALU ops (gfx8+)
  | 'unpacked-d16-vmem' // d16 buffer/image data one component per VGPR (gfx80x; gfx810 and gfx9 pack two)
  | 'dl-insts' // gfx906 dot and fma-mix extras
  | 'dot1-insts'
  | 'dot2-insts'
  | 'mai-insts' // MFMA and AGPRs (gfx908)
  | 'atomic-fadd-insts' // global/buffer float add (gfx908)
  | 'xnack' // supports the xnack target feature
  | 'sramecc'; // supports the sramecc target feature

export interface Processor {
  /** LLVM's -mcpu name. */
  readonly name: string;
  readonly generation: Generation;
  /** EF_AMDGPU_MACH value in e_flags. */
  readonly mach: number;
  readonly features: ReadonlySet<Feature>;
  /**
   * Whether gcnkit models this processor end to end (codec, assembler, code objects, emulator). Records
   * of other processors exist so code objects for them are named and refused precisely.
   */
  readonly supported: boolean;
}

const GFX6_F: Feature[] = [];
const GFX7_F: Feature[] = ['flat'];
const GFX8_F: Feature[] = ['flat', 'sdwa', 'dpp', '16-bit-insts'];
/** gfx801-805 (not gfx810): LLVM's FeatureUnpackedD16VMem. */
const GFX80X_F: Feature[] = [...GFX8_F, 'unpacked-d16-vmem'];
const GFX9_F: Feature[] = [...GFX8_F, 'flat-global', 'vop3p', 'xnack'];

function p(
  name: string,
  generation: Generation,
  mach: number,
  features: Feature[],
  supported = false,
): Processor {
  return { name, generation, mach, features: new Set(features), supported };
}

/** In LLVM's order. `mach` values: AMDGPUUsage, "AMDGPU ELF Header e_flags" table. */
export const PROCESSORS: readonly Processor[] = [
  p('gfx600', 'gfx6', 0x020, GFX6_F),
  p('gfx601', 'gfx6', 0x021, GFX6_F),
  p('gfx602', 'gfx6', 0x03a, GFX6_F),
  p('gfx700', 'gfx7', 0x022, GFX7_F),
  p('gfx701', 'gfx7', 0x023, GFX7_F),
  p('gfx702', 'gfx7', 0x024, GFX7_F),
  p('gfx703', 'gfx7', 0x025, GFX7_F),
  p('gfx704', 'gfx7', 0x026, GFX7_F),
  p('gfx705', 'gfx7', 0x03b, GFX7_F),
  p('gfx801', 'gfx8', 0x028, [...GFX80X_F, 'xnack']),
  p('gfx802', 'gfx8', 0x029, GFX80X_F),
  p('gfx803', 'gfx8', 0x02a, GFX80X_F),
  p('gfx805', 'gfx8', 0x03c, GFX80X_F),
  p('gfx810', 'gfx8', 0x02b, [...GFX8_F, 'xnack']),
  p('gfx900', 'gfx9', 0x02c, GFX9_F, true),
  p('gfx906', 'gfx9', 0x02f, [...GFX9_F, 'dl-insts', 'dot1-insts', 'dot2-insts', 'sramecc'], true),
  p(
    'gfx908',
    'gfx9',
    0x030,
    [...GFX9_F, 'dl-insts', 'dot1-insts', 'dot2-insts', 'sramecc', 'mai-insts', 'atomic-fadd-insts'],
    true,
  ),
];

const BY_NAME = new Map(PROCESSORS.map((r) => [r.name, r]));

/** The record of an -mcpu name, or undefined. */
export function findProcessor(name: string): Processor | undefined {
  return BY_NAME.get(name);
}

/** Names of the processors gcnkit models end to end, for messages ("one of gfx900, ..."). */
export function supportedNames(): string[] {
  return PROCESSORS.filter((r) => r.supported).map((r) => r.name);
}
