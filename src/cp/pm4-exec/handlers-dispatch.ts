// DISPATCH_DIRECT and DISPATCH_INDIRECT (seed 004 2.6): the dimensions come from the packet or from
// memory, everything else from the COMPUTE_* registers the stream set, as hardware reads them: the
// program at COMPUTE_PGM_LO/HI (256-byte units), VGPRs, float mode and system-register enables in
// COMPUTE_PGM_RSRC1/2, the workgroup size in COMPUTE_NUM_THREAD_X/Y/Z (the last group along an axis
// partial when PARTIAL_TG_EN and NUM_THREAD_PARTIAL say so), the first group in COMPUTE_START_X/Y/Z
// unless FORCE_START_AT_000, the user SGPRs in COMPUTE_USER_DATA_0-15 and the scratch slots in
// COMPUTE_TMPRING_SIZE (WAVESIZE in 1 KiB units, gfx9 sh_mask).

import type { ComputeRegisters } from '../../gpu/wave-plan.js';
import { genAtLeast } from '../../isa/processors.js';
import { COMPUTE, get, INITIATOR, NUM_THREAD, RSRC1, RSRC2, TMPRING_SIZE } from './compute-registers.js';
import { DONE, type ExecPacket, type Handler } from './packet.js';
import type { Pm4Queue } from './queue.js';

/** What DISPATCH_DIRECT/INDIRECT hand to the device: the dispatch as the registers describe it. */
export interface RegisterDispatchSetup {
  readonly where: string;
  readonly entry: number;
  readonly registers: ComputeRegisters;
  /** Work-items per axis, and the workgroup size. */
  readonly grid: readonly [number, number, number];
  readonly block: readonly [number, number, number];
  /** The first workgroup per axis (COMPUTE_START_X/Y/Z). */
  readonly start: readonly [number, number, number];
  /** LDS bytes per workgroup (COMPUTE_PGM_RSRC2.LDS_SIZE). */
  readonly lds: number;
}

/** Reads the dispatch's registers; errors name the register and the packet. */
export function registerDispatch(
  q: Pm4Queue,
  p: ExecPacket,
  dims: readonly number[],
  initiator: number,
): RegisterDispatchSetup {
  const r = q.regs;
  const gen = q.device.generation;
  if (get(initiator, INITIATOR.COMPUTE_SHADER_EN) === 0)
    throw q.error(p.where, `${p.name}: DISPATCH_INITIATOR.COMPUTE_SHADER_EN is 0`);
  if (get(initiator, INITIATOR.ORDERED_APPEND_ENBL) !== 0)
    throw q.error(
      p.where,
      `${p.name}: ordered append (DISPATCH_INITIATOR.ORDERED_APPEND_ENBL) is not modelled`,
    );
  const rsrc1 = r[COMPUTE.PGM_RSRC1];
  const rsrc2 = r[COMPUTE.PGM_RSRC2];
  if (get(rsrc2, RSRC2.TRAP_PRESENT) !== 0)
    throw q.error(
      p.where,
      `${p.name}: COMPUTE_PGM_RSRC2.TRAP_PRESENT: trap handlers (COMPUTE_TBA/TMA) are not supported on the PM4 path`,
    );
  const block: [number, number, number] = [0, 0, 0];
  const grid: [number, number, number] = [0, 0, 0];
  const start: [number, number, number] = [0, 0, 0];
  const threads = get(initiator, INITIATOR.USE_THREAD_DIMENSIONS) === 1;
  const partial = get(initiator, INITIATOR.PARTIAL_TG_EN) === 1;
  const force0 = get(initiator, INITIATOR.FORCE_START_AT_000) === 1;
  for (let a = 0; a < 3; a++) {
    const nt = r[COMPUTE.NUM_THREAD_X + a];
    const full = get(nt, NUM_THREAD.FULL);
    const axis = 'XYZ'[a];
    if (full === 0) throw q.error(p.where, `${p.name}: COMPUTE_NUM_THREAD_${axis}.NUM_THREAD_FULL is 0`);
    block[a] = full;
    const dim = dims[a] >>> 0;
    if (dim === 0) throw q.error(p.where, `${p.name}: DIM_${axis} is 0`);
    const part = get(nt, NUM_THREAD.PARTIAL);
    grid[a] = threads ? dim : partial && part !== 0 && part < full ? (dim - 1) * full + part : dim * full;
    start[a] = force0 ? 0 : r[COMPUTE.START_X + a];
  }
  if (block[0] * block[1] * block[2] > 1024)
    throw q.error(p.where, `${p.name}: a workgroup of ${block.join('x')} work-items; at most 1024`);
  const pgm = (r[COMPUTE.PGM_LO] + (r[COMPUTE.PGM_HI] & 0xff) * 2 ** 32) * 256;
  const tmpring = r[COMPUTE.TMPRING_SIZE];
  const userData: number[] = [];
  for (let k = 0; k < 16; k++) userData.push(r[COMPUTE.USER_DATA_0 + k]);
  const registers: ComputeRegisters = {
    userData,
    userSgprs: get(rsrc2, RSRC2.USER_SGPR),
    tgid: [
      get(rsrc2, RSRC2.TGID_X_EN) === 1,
      get(rsrc2, RSRC2.TGID_Y_EN) === 1,
      get(rsrc2, RSRC2.TGID_Z_EN) === 1,
    ],
    tgSize: get(rsrc2, RSRC2.TG_SIZE_EN) === 1,
    scratch: get(rsrc2, RSRC2.SCRATCH_EN) === 1,
    tidigCompCnt: get(rsrc2, RSRC2.TIDIG_COMP_CNT),
    vgprGranules: get(rsrc1, RSRC1.VGPRS),
    mode:
      get(rsrc1, RSRC1.FLOAT_MODE) | (get(rsrc1, RSRC1.DX10_CLAMP) << 8) | (get(rsrc1, RSRC1.IEEE_MODE) << 9),
    waveScratchBytes: get(tmpring, TMPRING_SIZE.WAVESIZE) * 1024,
    scratchWaves: get(tmpring, TMPRING_SIZE.WAVES),
  };
  // LDS_SIZE granularity: 64 dwords on gfx6, 128 from gfx7 (sid.h / cikd.h).
  const lds = get(rsrc2, RSRC2.LDS_SIZE) * (genAtLeast(gen, 'gfx7') ? 512 : 256);
  return { where: p.where, entry: pgm, registers, grid, block, start, lds };
}

const dispatchDirect: Handler = (q, _e, p) => {
  const initiator = p.get('dispatch_initiator');
  // The packet's initiator is also written to COMPUTE_DISPATCH_INITIATOR, as the CP does.
  q.writeReg(COMPUTE.DISPATCH_INITIATOR, initiator);
  q.device.runDispatch(
    q,
    registerDispatch(q, p, [p.get('dim_x'), p.get('dim_y'), p.get('dim_z')], initiator),
  );
  return DONE;
};

/**
 * DISPATCH_INDIRECT: the three dimensions at an address: the packet's own (compute queues, gfx7+) or
 * data_offset past the base SET_BASE gave for indirect dispatches (BASE_INDEX 1).
 */
const dispatchIndirect: Handler = (q, _e, p) => {
  let addr: number;
  if (p.has('addr')) addr = p.get('addr');
  else {
    const base = q.bases.get(1);
    if (base === undefined)
      throw q.error(
        p.where,
        'DISPATCH_INDIRECT: no base address: SET_BASE with base_index 1 must come first',
      );
    addr = base + p.get('data_offset');
  }
  if (addr % 4 !== 0)
    throw q.error(
      p.where,
      `DISPATCH_INDIRECT: the dimensions' address 0x${addr.toString(16)} is not dword-aligned`,
    );
  const mem = q.device.mem;
  const dims = [mem.read32(addr), mem.read32(addr + 4), mem.read32(addr + 8)];
  const initiator = p.get('dispatch_initiator');
  q.writeReg(COMPUTE.DISPATCH_INITIATOR, initiator);
  q.device.runDispatch(q, registerDispatch(q, p, dims, initiator));
  return DONE;
};

export const DISPATCH_HANDLERS: readonly [string, Handler][] = [
  ['DISPATCH_DIRECT', dispatchDirect],
  ['DISPATCH_INDIRECT', dispatchIndirect],
];
