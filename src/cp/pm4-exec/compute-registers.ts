// The COMPUTE_* registers a dispatch starts from, by dword offset in the register space (SET_SH_REG's
// 0x2c00-based offsets plus 0x2c00), and the bit fields the dispatch reads. Offsets are the same on gfx6 to
// gfx9: Linux drivers/gpu/drm/amd/amdgpu/sid.h (COMPUTE_DISPATCH_INITIATOR 0xB800 bytes, ...,
// COMPUTE_USER_DATA_0 0xB900) and gc_9_0_offset.h (mmCOMPUTE_* with the SH base). Bit fields: sid.h and
// gc_9_0_sh_mask.h (COMPUTE_PGM_RSRC1/2__*, COMPUTE_TMPRING_SIZE__*, COMPUTE_DISPATCH_INITIATOR__*).

export const COMPUTE = {
  DISPATCH_INITIATOR: 0x2e00,
  DIM_X: 0x2e01,
  START_X: 0x2e04,
  NUM_THREAD_X: 0x2e07,
  PGM_LO: 0x2e0c,
  PGM_HI: 0x2e0d,
  TBA_LO: 0x2e0e,
  TMA_LO: 0x2e10,
  PGM_RSRC1: 0x2e12,
  PGM_RSRC2: 0x2e13,
  RESOURCE_LIMITS: 0x2e15,
  TMPRING_SIZE: 0x2e18,
  USER_DATA_0: 0x2e40,
} as const;

/** A bit field: [lo, width]. */
type Bits = readonly [number, number];
export const get = (v: number, [lo, width]: Bits): number => (v >>> lo) & ((1 << width) - 1);

export const RSRC1 = {
  VGPRS: [0, 6],
  SGPRS: [6, 4],
  FLOAT_MODE: [12, 8],
  DX10_CLAMP: [21, 1],
  IEEE_MODE: [23, 1],
} as const satisfies Record<string, Bits>;

export const RSRC2 = {
  SCRATCH_EN: [0, 1],
  USER_SGPR: [1, 5],
  TRAP_PRESENT: [6, 1],
  TGID_X_EN: [7, 1],
  TGID_Y_EN: [8, 1],
  TGID_Z_EN: [9, 1],
  TG_SIZE_EN: [10, 1],
  TIDIG_COMP_CNT: [11, 2],
  LDS_SIZE: [15, 9],
} as const satisfies Record<string, Bits>;

export const TMPRING_SIZE = { WAVES: [0, 12], WAVESIZE: [12, 13] } as const satisfies Record<string, Bits>;

export const NUM_THREAD = { FULL: [0, 16], PARTIAL: [16, 16] } as const satisfies Record<string, Bits>;

export const INITIATOR = {
  COMPUTE_SHADER_EN: [0, 1],
  PARTIAL_TG_EN: [1, 1],
  FORCE_START_AT_000: [2, 1],
  ORDERED_APPEND_ENBL: [3, 1],
  USE_THREAD_DIMENSIONS: [5, 1],
} as const satisfies Record<string, Bits>;
