// Every processor gcnkit knows, one record each: the single place a per-target fact lives. Encoders,
// decoders, the ELF reader/writer, the .amdhsa directives and the dispatcher read these records; nothing
// else may branch on a processor's name (test/src-tree.test.ts). Facts: LLVM's AMDGPUUsage guide
// (processor table, e_flags, kernel descriptor, "Initial Kernel Execution State"), LLVM 22's
// AMDGPU.td/GCNProcessors.td subtarget features, and the ISA documents (register files, LDS).

/** ISA generation: decides encodings and opcode numbers (LLVM's SI/CI/VI/GFX9 "real" encodings). */
export type Generation = 'gfx6' | 'gfx7' | 'gfx8' | 'gfx9';

export const GENERATIONS: readonly Generation[] = ['gfx6', 'gfx7', 'gfx8', 'gfx9'];

/** Whether generation `g` is `min` or later (LLVM's isGFX7Plus, isGFX8Plus, ...). */
export function genAtLeast(g: Generation, min: Generation): boolean {
  return GENERATIONS.indexOf(g) >= GENERATIONS.indexOf(min);
}

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
  | 'xnack' // supports the xnack target feature (the target id has an xnack setting)
  | 'sramecc' // supports the sramecc target feature
  | 'sgpr-init-bug' // FeatureSGPRInitBug: the hardware is always given a fixed 96 SGPRs
  | 'gfx90a-insts' // unified VGPR file: COMPUTE_PGM_RSRC3 holds ACCUM_OFFSET and TG_SPLIT
  | 'architected-flat-scratch' // no private segment buffer or flat scratch init user SGPRs
  | 'kernarg-preload'; // KERNARG_PRELOAD_SPEC_* are meaningful

/** How the dispatcher hands a kernel its flat scratch (the "Flat Scratch Init" user SGPRs). */
export type FlatScratchInit =
  /** No FLAT, so no flat scratch: the directive is accepted but the hardware ignores it (gfx6). */
  | 'none'
  /** Two SGPRs: the scratch offset from the aperture base, then the private segment size (gfx7, gfx8). */
  | 'offset-size'
  /** One 64-bit address of the queue's scratch (gfx9). */
  | 'address';

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
  /** Whether gcnkit's ISA tables describe it (a `Target`); the others only have code objects described. */
  readonly described: boolean;
  /** Whether LLVM 22 knows the -mcpu (gfx940 and gfx941 were removed). */
  readonly inLlvm22: boolean;
  /** SGPRs a kernel may address (LLVM's getAddressableNumSGPRs: 104 before gfx8, 102 after, 96 with the init bug). */
  readonly sgprs: number;
  /** VGPRs per lane (wave64). */
  readonly vgprs: number;
  /** Accumulation VGPRs per lane: 256 with MFMA (gfx908), else 0. */
  readonly agprs: number;
  /** SGPRs per unit of GRANULATED_WAVEFRONT_SGPR_COUNT: always 8, even where allocation is by 16. */
  readonly sgprEncodingGranule: number;
  /** SGPRs the hardware allocates at a time: 8 on GFX6-GFX8, 16 on GFX9. */
  readonly sgprAllocGranule: number;
  /** VGPRs per unit of GRANULATED_WORKITEM_VGPR_COUNT (wave64): 4, or 8 with the unified file. */
  readonly vgprEncodingGranule: number;
  /** VGPRs the hardware allocates at a time; equals the encoding granule on GFX6-GFX9. */
  readonly vgprAllocGranule: number;
  /** Bytes of LDS a workgroup may use (LLVM's FeatureLocalMemorySize: 32 KiB on SI, 64 KiB after). */
  readonly ldsBytes: number;
  readonly flatScratchInit: FlatScratchInit;
  /**
   * SGPR-file index (operand code) of FLAT_SCRATCH_LO, HI following: 104 on gfx7, 102 from gfx8 (where
   * XNACK_MASK takes 104); -1 on gfx6, which has no flat scratch.
   */
  readonly flatScratchSgpr: number;
}

const GFX6_F: Feature[] = [];
const GFX7_F: Feature[] = ['flat'];
const GFX8_F: Feature[] = ['flat', 'sdwa', 'dpp', '16-bit-insts'];
/** gfx801-805 (not gfx810): LLVM's FeatureUnpackedD16VMem. */
const GFX80X_F: Feature[] = [...GFX8_F, 'unpacked-d16-vmem'];
const GFX9_F: Feature[] = [...GFX8_F, 'flat-global', 'vop3p', 'xnack'];
const GFX906_F: Feature[] = [...GFX9_F, 'dl-insts', 'dot1-insts', 'dot2-insts', 'sramecc'];
const GFX908_F: Feature[] = [...GFX906_F, 'mai-insts', 'atomic-fadd-insts'];
const GFX90A_F: Feature[] = [...GFX908_F, 'gfx90a-insts', 'kernarg-preload'];
const GFX94X_F: Feature[] = [...GFX90A_F, 'architected-flat-scratch'];

interface Extra {
  supported?: boolean;
  described?: boolean;
  inLlvm22?: boolean;
}

function p(
  name: string,
  generation: Generation,
  mach: number,
  features: Feature[],
  x: Extra = {},
): Processor {
  const f = new Set(features);
  const gfx8Plus = genAtLeast(generation, 'gfx8');
  const unified = f.has('gfx90a-insts');
  return {
    name,
    generation,
    mach,
    features: f,
    supported: x.supported ?? false,
    described: x.described ?? true,
    inLlvm22: x.inLlvm22 ?? true,
    sgprs: f.has('sgpr-init-bug') ? 96 : gfx8Plus ? 102 : 104,
    vgprs: unified ? 512 : 256,
    agprs: f.has('mai-insts') && !unified ? 256 : 0,
    sgprEncodingGranule: 8,
    sgprAllocGranule: generation === 'gfx9' ? 16 : 8,
    vgprEncodingGranule: unified ? 8 : 4,
    vgprAllocGranule: unified ? 8 : 4,
    ldsBytes: generation === 'gfx6' ? 32768 : 65536,
    flatScratchInit: !f.has('flat') ? 'none' : generation === 'gfx9' ? 'address' : 'offset-size',
    flatScratchSgpr: !f.has('flat') ? -1 : gfx8Plus ? 102 : 104,
  };
}

const NOT_DESCRIBED: Extra = { described: false };

/**
 * In LLVM's order. `mach` values: AMDGPUUsage, "AMDGPU ELF Header e_flags" table (checked against the
 * e_flags llvm-mc-22 writes). gfx904, gfx90a, the gfx94x line and the generic targets describe code
 * objects only (their kernel descriptors are read and printed; their ISA is not described, and every
 * entry point that decodes refuses them: isaRefusal).
 */
export const PROCESSORS: readonly Processor[] = [
  p('gfx600', 'gfx6', 0x020, GFX6_F, { supported: true }),
  p('gfx601', 'gfx6', 0x021, GFX6_F, { supported: true }),
  p('gfx602', 'gfx6', 0x03a, GFX6_F, { supported: true }),
  p('gfx700', 'gfx7', 0x022, GFX7_F, { supported: true }),
  p('gfx701', 'gfx7', 0x023, GFX7_F, { supported: true }),
  p('gfx702', 'gfx7', 0x024, GFX7_F, { supported: true }),
  p('gfx703', 'gfx7', 0x025, GFX7_F, { supported: true }),
  p('gfx704', 'gfx7', 0x026, GFX7_F, { supported: true }),
  p('gfx705', 'gfx7', 0x03b, GFX7_F, { supported: true }),
  p('gfx801', 'gfx8', 0x028, [...GFX80X_F, 'xnack'], { supported: true }),
  p('gfx802', 'gfx8', 0x029, [...GFX80X_F, 'sgpr-init-bug'], { supported: true }),
  p('gfx803', 'gfx8', 0x02a, GFX80X_F, { supported: true }),
  p('gfx805', 'gfx8', 0x03c, [...GFX80X_F, 'sgpr-init-bug'], { supported: true }),
  p('gfx810', 'gfx8', 0x02b, [...GFX8_F, 'xnack'], { supported: true }),
  p('gfx900', 'gfx9', 0x02c, GFX9_F, { supported: true }),
  // gfx902, gfx909 and gfx90c: gfx900's ISA (LLVM's FeatureISAVersion9_0_{2,9,C} differ from 9_0_0 only
  // in things the ISA does not see; llvm-objdump-22 prints the same text for 20,000 random words on each).
  p('gfx902', 'gfx9', 0x02d, GFX9_F),
  p('gfx904', 'gfx9', 0x02e, GFX9_F, NOT_DESCRIBED),
  p('gfx906', 'gfx9', 0x02f, GFX906_F, { supported: true }),
  p('gfx908', 'gfx9', 0x030, GFX908_F, { supported: true }),
  p('gfx909', 'gfx9', 0x031, GFX9_F),
  p('gfx90a', 'gfx9', 0x03f, GFX90A_F, NOT_DESCRIBED),
  p('gfx90c', 'gfx9', 0x032, GFX9_F),
  p('gfx940', 'gfx9', 0x040, GFX94X_F, { described: false, inLlvm22: false }),
  p('gfx941', 'gfx9', 0x04b, GFX94X_F, { described: false, inLlvm22: false }),
  p('gfx942', 'gfx9', 0x04c, GFX94X_F, NOT_DESCRIBED),
  p('gfx950', 'gfx9', 0x04f, GFX94X_F, NOT_DESCRIBED),
  // Generic targets (code object v6), as clang-22 and llvm-readelf-22 number them.
  p('gfx9-generic', 'gfx9', 0x051, GFX9_F, NOT_DESCRIBED),
  p('gfx9-4-generic', 'gfx9', 0x05f, GFX94X_F, NOT_DESCRIBED),
];

/**
 * EF_AMDGPU_MACH values of machines outside GCN gfx6-gfx9 (r600 and gfx10+), only so that a code
 * object for one is refused by its name.
 */
export const OTHER_MACHINES: Readonly<Record<number, string>> = {
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
  51: 'gfx1010',
  52: 'gfx1011',
  53: 'gfx1012',
  54: 'gfx1030',
  55: 'gfx1031',
  56: 'gfx1032',
  57: 'gfx1033',
  61: 'gfx1035',
  62: 'gfx1034',
  65: 'gfx1100',
  66: 'gfx1013',
  68: 'gfx1103',
  69: 'gfx1036',
  70: 'gfx1101',
  71: 'gfx1102',
};

/** The processors whose ISA gcnkit describes (codec, assembler, emulator): `Target` below. */
export type Target =
  | 'gfx600'
  | 'gfx601'
  | 'gfx602'
  | 'gfx700'
  | 'gfx701'
  | 'gfx702'
  | 'gfx703'
  | 'gfx704'
  | 'gfx705'
  | 'gfx801'
  | 'gfx802'
  | 'gfx803'
  | 'gfx805'
  | 'gfx810'
  | 'gfx900'
  | 'gfx902'
  | 'gfx906'
  | 'gfx908'
  | 'gfx909'
  | 'gfx90c';

/** Defaults of the entry points when no processor is named (llvm-mc's own default, gfx600, is not modelled). */
export const DEFAULT_TARGET: Target = 'gfx900';
/** `gcnkit asm` without --mcpu or .amdgcn_target: the processor with the most instructions. */
export const DEFAULT_ASM_TARGET: Target = 'gfx908';

const BY_NAME = new Map(PROCESSORS.map((r) => [r.name, r]));

/** The record of an -mcpu name (a target-id suffix such as `:xnack+` is ignored), or undefined. */
export function findProcessor(name: string): Processor | undefined {
  const colon = name.indexOf(':');
  return BY_NAME.get(colon < 0 ? name : name.slice(0, colon));
}

/** The record of a processor gcnkit describes. */
export function processorOf(t: Target): Processor {
  return BY_NAME.get(t) as Processor;
}

/**
 * Why the decoder (and every entry point that decodes) refuses processor `name`, in one line naming
 * it; null when its ISA is described. The records of gfx904 (v_fma_mix where gfx900 has v_mad_mix),
 * gfx90a and the gfx94x line (new encodings and ops), and the generic targets describe code objects only.
 */
export function isaRefusal(name: string): string | null {
  const r = findProcessor(name);
  if (r?.described) return null;
  const known = PROCESSORS.filter((x) => x.described).map((x) => x.name);
  return r === undefined
    ? `unknown processor '${name}' (gcnkit describes the instructions of ${known.join(', ')})`
    : `processor ${name}: gcnkit does not describe its instructions (only its code objects); it describes ${known.join(', ')}`;
}

/** Names of the processors gcnkit models end to end, for messages ("one of gfx900, ..."). */
export function supportedNames(): string[] {
  return PROCESSORS.filter((r) => r.supported).map((r) => r.name);
}

/** `gfx900, gfx906 or gfx908`: the supported processors for help texts. */
export function supportedList(): string {
  const n = supportedNames();
  return n.length < 2 ? n.join('') : `${n.slice(0, -1).join(', ')} or ${n[n.length - 1]}`;
}

/** The processor named by EF_AMDGPU_MACH, or undefined. */
export function processorByMach(mach: number): Processor | undefined {
  return PROCESSORS.find((r) => r.mach === mach);
}

/**
 * e_flags llvm-mc-22 writes for code object v4+ (HSA): the machine, and each target-id feature the
 * processor supports as "any" (xnack bits 8-9, sramecc bits 10-11), or on/off where the caller says.
 */
export function elfFlags(r: Processor, f?: { xnack?: boolean; sramecc?: boolean }): number {
  let flags = r.mach;
  if (r.features.has('xnack')) flags |= (f?.xnack === undefined ? 1 : f.xnack ? 3 : 2) << 8;
  if (r.features.has('sramecc')) flags |= (f?.sramecc === undefined ? 1 : f.sramecc ? 3 : 2) << 10;
  return flags;
}
