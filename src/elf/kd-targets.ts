// The processor facts that change how a kernel descriptor is laid out, decoded and printed, for the GFX6-GFX9
// processors (LLVM's isGFX9 / FeatureGFX90AInsts / FeatureArchitectedFlatScratch / FeatureKernargPreload).
// GFX10+ descriptors need wave32 and extra RSRC1/RSRC3 fields and are not modelled.

export interface KdTarget {
  readonly processor: string;
  /** GFX generation: 6..9. */
  readonly gen: 6 | 7 | 8 | 9;
  /** gfx90a and the gfx94x/gfx950 line: unified VGPR file, COMPUTE_PGM_RSRC3 holds ACCUM_OFFSET and TG_SPLIT. */
  readonly gfx90aInsts: boolean;
  /** gfx94x/gfx950: no private segment buffer or flat scratch init user SGPRs. */
  readonly architectedFlatScratch: boolean;
  /** KERNARG_PRELOAD_SPEC_* are meaningful (gfx90a+). */
  readonly kernargPreload: boolean;
  /** VGPRs per unit of GRANULATED_WORKITEM_VGPR_COUNT (wave64). */
  readonly vgprEncodingGranule: 4 | 8;
  /** VGPRs the hardware allocates at a time; equals the encoding granule on GFX6-GFX9. */
  readonly vgprAllocGranule: 4 | 8;
  /** SGPRs per unit of GRANULATED_WAVEFRONT_SGPR_COUNT: always 8, even where allocation is by 16. */
  readonly sgprEncodingGranule: 8;
  /** SGPRs the hardware allocates at a time: 8 on GFX6-GFX8, 16 on GFX9 (so GFX9 counts are even). */
  readonly sgprAllocGranule: 8 | 16;
}

const GEN: Record<string, 6 | 7 | 8 | 9> = {
  gfx600: 6,
  gfx601: 6,
  gfx602: 6,
  gfx700: 7,
  gfx701: 7,
  gfx702: 7,
  gfx703: 7,
  gfx704: 7,
  gfx705: 7,
  gfx801: 8,
  gfx802: 8,
  gfx803: 8,
  gfx805: 8,
  gfx810: 8,
  gfx900: 9,
  gfx902: 9,
  gfx904: 9,
  gfx906: 9,
  gfx908: 9,
  gfx909: 9,
  gfx90a: 9,
  gfx90c: 9,
  gfx940: 9,
  gfx941: 9,
  gfx942: 9,
  gfx950: 9,
  'gfx9-generic': 9,
  'gfx9-4-generic': 9,
};

const GFX90A_LINE = new Set(['gfx90a', 'gfx940', 'gfx941', 'gfx942', 'gfx950', 'gfx9-4-generic']);
const ARCH_FLAT_SCRATCH = new Set(['gfx940', 'gfx941', 'gfx942', 'gfx950', 'gfx9-4-generic']);

export const KD_PROCESSORS: readonly string[] = Object.keys(GEN);

/** A processor name, optionally with target-id features (`gfx90a:xnack+`), which do not matter here. */
export function kdTarget(processor: string): KdTarget {
  const name = processor.split(':')[0];
  const gen = GEN[name];
  if (gen === undefined) {
    throw new Error(`kernel descriptor: processor '${processor}' is not supported (GFX6-GFX9 only)`);
  }
  const g90a = GFX90A_LINE.has(name);
  const vgpr = g90a ? 8 : 4;
  return {
    processor: name,
    gen,
    gfx90aInsts: g90a,
    architectedFlatScratch: ARCH_FLAT_SCRATCH.has(name),
    kernargPreload: g90a,
    vgprEncodingGranule: vgpr,
    vgprAllocGranule: vgpr,
    sgprEncodingGranule: 8,
    sgprAllocGranule: gen === 9 ? 16 : 8,
  };
}
