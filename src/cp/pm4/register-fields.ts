// Bit fields of the registers the PM4 executor reads to start a dispatch, as named constants
// (FIELDS.COMPUTE_PGM_RSRC2.USER_SGPR is { lo: 1, width: 5 }). Facts: Linux
// drivers/gpu/drm/amd/include/asic_reg/gc/gc_9_0_sh_mask.h (COMPUTE_*__*__SHIFT/_MASK) and, for SI/CIK
// differences, Mesa src/amd/common/sid.h (S_00B848_*, S_00B84C_*, S_00B854_WAVES_PER_SH_SI/_GFX6,
// S_00B800_*); COMPUTE_PGM_RSRC3's gfx90a fields from LLVM's AMDGPUUsage kernel descriptor table.
import { type Generation, genAtLeast } from '../../isa/processors.js';

export interface RegField {
  readonly lo: number;
  readonly width: number;
  /** First generation with the field (default gfx6). */
  readonly from?: Generation;
}

const f = (lo: number, width: number, from?: Generation): RegField => ({ lo, width, from });

export const FIELDS = {
  COMPUTE_DISPATCH_INITIATOR: {
    COMPUTE_SHADER_EN: f(0, 1),
    PARTIAL_TG_EN: f(1, 1),
    FORCE_START_AT_000: f(2, 1),
    ORDERED_APPEND_ENBL: f(3, 1),
    ORDERED_APPEND_MODE: f(4, 1, 'gfx7'),
    USE_THREAD_DIMENSIONS: f(5, 1, 'gfx7'),
    ORDER_MODE: f(6, 1, 'gfx7'),
    DISPATCH_CACHE_CNTL: f(7, 3, 'gfx7'),
    SCALAR_L1_INV_VOL: f(10, 1, 'gfx7'),
    VECTOR_L1_INV_VOL: f(11, 1, 'gfx7'),
    DATA_ATC: f(12, 1, 'gfx7'),
    RESTORE: f(14, 1, 'gfx8'),
  },
  COMPUTE_NUM_THREAD: {
    NUM_THREAD_FULL: f(0, 16),
    NUM_THREAD_PARTIAL: f(16, 16),
  },
  COMPUTE_PGM_RSRC1: {
    VGPRS: f(0, 6),
    SGPRS: f(6, 4),
    PRIORITY: f(10, 2),
    FLOAT_MODE: f(12, 8),
    PRIV: f(20, 1),
    DX10_CLAMP: f(21, 1),
    DEBUG_MODE: f(22, 1),
    IEEE_MODE: f(23, 1),
    BULKY: f(24, 1),
    CDBG_USER: f(25, 1),
    FP16_OVFL: f(26, 1, 'gfx9'),
  },
  COMPUTE_PGM_RSRC2: {
    SCRATCH_EN: f(0, 1),
    USER_SGPR: f(1, 5),
    TRAP_PRESENT: f(6, 1),
    TGID_X_EN: f(7, 1),
    TGID_Y_EN: f(8, 1),
    TGID_Z_EN: f(9, 1),
    TG_SIZE_EN: f(10, 1),
    TIDIG_COMP_CNT: f(11, 2),
    EXCP_EN_MSB: f(13, 2, 'gfx7'),
    LDS_SIZE: f(15, 9),
    EXCP_EN: f(24, 7),
  },
  // gfx90a (the unified VGPR file); reserved before.
  COMPUTE_PGM_RSRC3: {
    ACCUM_OFFSET: f(0, 6, 'gfx9'),
    TG_SPLIT: f(16, 1, 'gfx9'),
  },
  COMPUTE_RESOURCE_LIMITS: {
    // SI: [5:0] in units of 16 waves (Mesa's WAVES_PER_SH_SI); CIK+: [9:0] waves.
    WAVES_PER_SH: f(0, 10),
    TG_PER_CU: f(12, 4),
    LOCK_THRESHOLD: f(16, 6),
    SIMD_DEST_CNTL: f(22, 1),
    FORCE_SIMD_DIST: f(23, 1, 'gfx7'),
    CU_GROUP_COUNT: f(24, 3, 'gfx7'),
  },
  COMPUTE_TMPRING_SIZE: {
    WAVES: f(0, 12),
    WAVESIZE: f(12, 13),
  },
  COMPUTE_STATIC_THREAD_MGMT: {
    SH0_CU_EN: f(0, 16),
    SH1_CU_EN: f(16, 16),
  },
  GRBM_GFX_INDEX: {
    INSTANCE_INDEX: f(0, 8),
    SH_INDEX: f(8, 8),
    SE_INDEX: f(16, 8),
    SH_BROADCAST_WRITES: f(29, 1),
    INSTANCE_BROADCAST_WRITES: f(30, 1),
    SE_BROADCAST_WRITES: f(31, 1),
  },
} as const satisfies Record<string, Record<string, RegField>>;

/** A field's value in a register word. */
export function regField(word: number, fl: RegField): number {
  return fl.width >= 32 ? word >>> 0 : (word >>> fl.lo) & ((1 << fl.width) - 1);
}

/** The fields of a register group that exist on generation `g`, in bit order, as [name, field]. */
export function fieldsOn(
  group: Readonly<Record<string, RegField>>,
  g: Generation,
): readonly (readonly [string, RegField])[] {
  return Object.entries(group)
    .filter(([, fl]) => fl.from === undefined || genAtLeast(g, fl.from))
    .sort((a, b) => a[1].lo - b[1].lo);
}

/** SI's WAVES_PER_SH is 6 bits (units of 16 waves); from CIK on it is 10 bits of waves. */
export function wavesPerShField(g: Generation): RegField {
  return genAtLeast(g, 'gfx7') ? FIELDS.COMPUTE_RESOURCE_LIMITS.WAVES_PER_SH : f(0, 6);
}
