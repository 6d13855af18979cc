// Register names by dword offset (the numbering of type-0 BASE_INDEX and of WRITE_DATA/COPY_DATA/
// WAIT_REG_MEM register addresses). SET_CONFIG_REG counts from 0x2000, SET_SH_REG from 0x2c00,
// SET_CONTEXT_REG from 0xa000, SET_UCONFIG_REG (CIK+) from 0xc000 (seed 004 2.2.2, 2.4.4, 2.4.7; Linux
// soc15d.h PACKET3_SET_*_REG_START). Facts:
//   gfx6: Linux drivers/gpu/drm/amd/amdgpu/sid.h (dword offsets: GRBM_*, SCRATCH_REG0-7, CP_*) and Mesa
//         src/amd/common/sid.h (byte addresses R_00B800_COMPUTE_DISPATCH_INITIATOR .. R_00B93C_
//         COMPUTE_USER_DATA_15, R_00B82C_COMPUTE_MAX_WAVE_ID on SI, R_0085F0_CP_COHER_CNTL ..);
//   gfx7, gfx8: the same compute block with CIK's additions (SE2/SE3, RESTART_*, PIPELINESTAT/PERFCOUNT
//         enables in MAX_WAVE_ID's place, which moved to R_00CD20), GRBM_GFX_INDEX at uconfig 0x30800;
//   gfx9: Linux drivers/gpu/drm/amd/include/asic_reg/gc/gc_9_0_offset.h, mmCOMPUTE_* with BASE_IDX 0
//         (GC segment 0 is dword 0x2000: mmCOMPUTE_DISPATCH_INITIATOR 0x0e00 is 0x2e00): no TBA/TMA
//         there (0x2e0e-0x2e11 are DISPATCH_PKT_ADDR and DISPATCH_SCRATCH_BASE), SE4-SE7 at
//         0x2e25-0x2e28; SCRATCH_REG0-7 at uconfig 0xc040 (mmSCRATCH_REG0 0x2040, BASE_IDX 1);
//         COMPUTE_PGM_RSRC3 (gfx90a) at 0x2e2d, as ROCt's kfdtest (Dispatch.cpp) writes it.
// gfx908 uses the gfx9 table. Offsets without a name print as hex.
import { type Generation, genAtLeast } from '../../isa/processors.js';
import { FIELDS, type RegField } from './register-fields.js';

export const CONFIG_REG_BASE = 0x2000;
export const SH_REG_BASE = 0x2c00;
export const CONTEXT_REG_BASE = 0xa000;
export const UCONFIG_REG_BASE = 0xc000;

/** The compute registers at the same offset on every generation, for the executor. */
export const REG = {
  COMPUTE_DISPATCH_INITIATOR: 0x2e00,
  COMPUTE_DIM_X: 0x2e01,
  COMPUTE_DIM_Y: 0x2e02,
  COMPUTE_DIM_Z: 0x2e03,
  COMPUTE_START_X: 0x2e04,
  COMPUTE_START_Y: 0x2e05,
  COMPUTE_START_Z: 0x2e06,
  COMPUTE_NUM_THREAD_X: 0x2e07,
  COMPUTE_NUM_THREAD_Y: 0x2e08,
  COMPUTE_NUM_THREAD_Z: 0x2e09,
  COMPUTE_PGM_LO: 0x2e0c,
  COMPUTE_PGM_HI: 0x2e0d,
  COMPUTE_PGM_RSRC1: 0x2e12,
  COMPUTE_PGM_RSRC2: 0x2e13,
  COMPUTE_VMID: 0x2e14,
  COMPUTE_RESOURCE_LIMITS: 0x2e15,
  COMPUTE_STATIC_THREAD_MGMT_SE0: 0x2e16,
  COMPUTE_STATIC_THREAD_MGMT_SE1: 0x2e17,
  COMPUTE_TMPRING_SIZE: 0x2e18,
  COMPUTE_USER_DATA_0: 0x2e40,
  /** gfx90a: ACCUM_OFFSET, TG_SPLIT. */
  COMPUTE_PGM_RSRC3: 0x2e2d,
} as const;

export interface RegisterDef {
  readonly name: string;
  readonly offset: number;
  /** Named bit fields, printed with the value (register-fields.ts). */
  readonly fields?: Readonly<Record<string, RegField>>;
}

const FIELDS_OF: Readonly<Record<string, Readonly<Record<string, RegField>>>> = {
  COMPUTE_DISPATCH_INITIATOR: FIELDS.COMPUTE_DISPATCH_INITIATOR,
  COMPUTE_NUM_THREAD_X: FIELDS.COMPUTE_NUM_THREAD,
  COMPUTE_NUM_THREAD_Y: FIELDS.COMPUTE_NUM_THREAD,
  COMPUTE_NUM_THREAD_Z: FIELDS.COMPUTE_NUM_THREAD,
  COMPUTE_PGM_RSRC1: FIELDS.COMPUTE_PGM_RSRC1,
  COMPUTE_PGM_RSRC2: FIELDS.COMPUTE_PGM_RSRC2,
  COMPUTE_PGM_RSRC3: FIELDS.COMPUTE_PGM_RSRC3,
  COMPUTE_RESOURCE_LIMITS: FIELDS.COMPUTE_RESOURCE_LIMITS,
  COMPUTE_TMPRING_SIZE: FIELDS.COMPUTE_TMPRING_SIZE,
  GRBM_GFX_INDEX: FIELDS.GRBM_GFX_INDEX,
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `COMPUTE_STATIC_THREAD_MGMT_SE${i}`,
      FIELDS.COMPUTE_STATIC_THREAD_MGMT,
    ]),
  ),
};

type Entry = readonly [name: string, offset: number];

const run = (prefix: string, first: number, n: number, from = 0): Entry[] =>
  Array.from({ length: n }, (_, i) => [`${prefix}${i + from}`, first + i] as const);

const COMPUTE_COMMON: Entry[] = [
  ...Object.entries(REG).filter(([n]) => n !== 'COMPUTE_PGM_RSRC3' && n !== 'COMPUTE_USER_DATA_0'),
  ...run('COMPUTE_USER_DATA_', 0x2e40, 16),
  ['COMPUTE_NOWHERE', 0x2e7f],
];

const SI: Entry[] = [
  ...COMPUTE_COMMON,
  ['COMPUTE_MAX_WAVE_ID', 0x2e0b],
  ['COMPUTE_TBA_LO', 0x2e0e],
  ['COMPUTE_TBA_HI', 0x2e0f],
  ['COMPUTE_TMA_LO', 0x2e10],
  ['COMPUTE_TMA_HI', 0x2e11],
  ['GRBM_CNTL', 0x2000],
  ['GRBM_STATUS2', 0x2002],
  ['GRBM_STATUS', 0x2004],
  ['GRBM_STATUS_SE0', 0x2005],
  ['GRBM_STATUS_SE1', 0x2006],
  ['GRBM_SOFT_RESET', 0x2008],
  ['GRBM_GFX_INDEX', 0x200b],
  ['GRBM_INT_CNTL', 0x2018],
  ['CP_STRMOUT_CNTL', 0x213f],
  ...run('SCRATCH_REG', 0x2140, 8),
  ['SCRATCH_UMSK', 0x2150],
  ['SCRATCH_ADDR', 0x2151],
  ['CP_SEM_WAIT_TIMER', 0x216f],
  ['CP_SEM_INCOMPLETE_TIMER_CNTL', 0x2172],
  ['CP_COHER_CNTL2', 0x217a],
  ['CP_COHER_CNTL', 0x217c],
  ['CP_COHER_SIZE', 0x217d],
  ['CP_COHER_BASE', 0x217e],
  ['CP_COHER_STATUS', 0x217f],
  ['CP_ME_CNTL', 0x21b6],
  ['CP_RB2_RPTR', 0x21be],
  ['CP_RB1_RPTR', 0x21bf],
  ['CP_RB0_RPTR', 0x21c0],
  ['CP_RB_WPTR_DELAY', 0x21c1],
  ['CP_PERFMON_CNTL', 0x21ff],
];

const CIK_COMPUTE: Entry[] = [
  ['COMPUTE_PIPELINESTAT_ENABLE', 0x2e0a],
  ['COMPUTE_PERFCOUNT_ENABLE', 0x2e0b],
  ['COMPUTE_STATIC_THREAD_MGMT_SE2', 0x2e19],
  ['COMPUTE_STATIC_THREAD_MGMT_SE3', 0x2e1a],
  ['COMPUTE_RESTART_X', 0x2e1b],
  ['COMPUTE_RESTART_Y', 0x2e1c],
  ['COMPUTE_RESTART_Z', 0x2e1d],
  ['COMPUTE_THREAD_TRACE_ENABLE', 0x2e1e],
  ['COMPUTE_MISC_RESERVED', 0x2e1f],
  ['COMPUTE_DISPATCH_ID', 0x2e20],
  ['COMPUTE_THREADGROUP_ID', 0x2e21],
  ['COMPUTE_RELAUNCH', 0x2e22],
  ['COMPUTE_WAVE_RESTORE_ADDR_LO', 0x2e23],
  ['COMPUTE_WAVE_RESTORE_ADDR_HI', 0x2e24],
];

const CIK: Entry[] = [
  ...SI.filter(([n]) => n !== 'COMPUTE_MAX_WAVE_ID' && n !== 'GRBM_GFX_INDEX'),
  ...CIK_COMPUTE,
  ['COMPUTE_WAVE_RESTORE_CONTROL', 0x2e25],
  ['GRBM_GFX_INDEX', 0xc200],
];

const GFX9: Entry[] = [
  ...COMPUTE_COMMON,
  ...CIK_COMPUTE,
  ['COMPUTE_DISPATCH_PKT_ADDR_LO', 0x2e0e],
  ['COMPUTE_DISPATCH_PKT_ADDR_HI', 0x2e0f],
  ['COMPUTE_DISPATCH_SCRATCH_BASE_LO', 0x2e10],
  ['COMPUTE_DISPATCH_SCRATCH_BASE_HI', 0x2e11],
  ...run('COMPUTE_STATIC_THREAD_MGMT_SE', 0x2e25, 4, 4),
  ['COMPUTE_PGM_RSRC3', REG.COMPUTE_PGM_RSRC3],
  ['GRBM_GFX_INDEX', 0xc200],
  ...run('SCRATCH_REG', 0xc040, 8),
];

interface RegTable {
  readonly byOffset: ReadonlyMap<number, RegisterDef>;
  readonly byName: ReadonlyMap<string, RegisterDef>;
}
const TABLES = new Map<Generation, RegTable>();

/** The register table of generation `g`. */
export function registers(g: Generation): RegTable {
  let t = TABLES.get(g);
  if (t === undefined) {
    const entries = g === 'gfx9' ? GFX9 : genAtLeast(g, 'gfx7') ? CIK : SI;
    const byOffset = new Map<number, RegisterDef>();
    const byName = new Map<string, RegisterDef>();
    for (const [name, offset] of entries) {
      if (byOffset.has(offset) || byName.has(name))
        throw new Error(`registers: ${name} at 0x${offset.toString(16)} twice on ${g}`);
      const def: RegisterDef = { name, offset, fields: FIELDS_OF[name] };
      byOffset.set(offset, def);
      byName.set(name, def);
    }
    t = { byOffset, byName };
    TABLES.set(g, t);
  }
  return t;
}

/** The name of the register at dword `offset`, or the offset in hex ("0x2e0e"). */
export function registerName(offset: number, g: Generation): string {
  return registers(g).byOffset.get(offset)?.name ?? `0x${offset.toString(16)}`;
}

/**
 * The dword offset of a register given by name (COMPUTE_PGM_LO) or number; throws with the generation
 * when the name is unknown there.
 */
export function registerOffset(reg: string | number, g: Generation): number {
  if (typeof reg === 'number') return reg;
  const def = registers(g).byName.get(reg);
  if (def === undefined) throw new RangeError(`no register ${reg} on ${g}`);
  return def.offset;
}
