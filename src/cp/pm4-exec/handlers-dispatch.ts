// DISPATCH_DIRECT and DISPATCH_INDIRECT (seed 004 2.6): the dimensions come from the packet or from
// memory, everything else from the COMPUTE_* registers the stream set, as hardware reads them: the
// program at COMPUTE_PGM_LO/HI (256-byte units), VGPRs, float mode and system-register enables in
// COMPUTE_PGM_RSRC1/2, the workgroup size in COMPUTE_NUM_THREAD_X/Y/Z (the last group along an axis
// partial when PARTIAL_TG_EN and NUM_THREAD_PARTIAL say so), the first group in COMPUTE_START_X/Y/Z
// unless FORCE_START_AT_000, the user SGPRs in COMPUTE_USER_DATA_0-15 and the scratch slots in
// COMPUTE_TMPRING_SIZE (WAVESIZE in 1 KiB units, gfx9 sh_mask).

import type { ComputeRegisters } from '../../gpu/wave-plan.js';
import { genAtLeast } from '../../isa/processors.js';
import { FIELDS as F, regField } from '../pm4/register-fields.js';
import { REG } from '../pm4/registers.js';
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
  if (regField(initiator, F.COMPUTE_DISPATCH_INITIATOR.COMPUTE_SHADER_EN) === 0)
    throw q.error(p.where, `${p.name}: COMPUTE_DISPATCH_INITIATOR.COMPUTE_SHADER_EN is 0`);
  if (regField(initiator, F.COMPUTE_DISPATCH_INITIATOR.ORDERED_APPEND_ENBL) !== 0)
    throw q.error(
      p.where,
      `${p.name}: ordered append (COMPUTE_DISPATCH_INITIATOR.ORDERED_APPEND_ENBL) is not modelled`,
    );
  const rsrc1 = r[REG.COMPUTE_PGM_RSRC1];
  const rsrc2 = r[REG.COMPUTE_PGM_RSRC2];
  if (regField(rsrc2, F.COMPUTE_PGM_RSRC2.TRAP_PRESENT) !== 0)
    throw q.error(
      p.where,
      `${p.name}: COMPUTE_PGM_RSRC2.TRAP_PRESENT: trap handlers (COMPUTE_TBA/TMA) are not supported on the PM4 path`,
    );
  const block: [number, number, number] = [0, 0, 0];
  const grid: [number, number, number] = [0, 0, 0];
  const start: [number, number, number] = [0, 0, 0];
  const threads = regField(initiator, F.COMPUTE_DISPATCH_INITIATOR.USE_THREAD_DIMENSIONS) === 1;
  const partial = regField(initiator, F.COMPUTE_DISPATCH_INITIATOR.PARTIAL_TG_EN) === 1;
  const force0 = regField(initiator, F.COMPUTE_DISPATCH_INITIATOR.FORCE_START_AT_000) === 1;
  for (let a = 0; a < 3; a++) {
    const nt = r[REG.COMPUTE_NUM_THREAD_X + a];
    const full = regField(nt, F.COMPUTE_NUM_THREAD.NUM_THREAD_FULL);
    const axis = 'XYZ'[a];
    if (full === 0) throw q.error(p.where, `${p.name}: COMPUTE_NUM_THREAD_${axis}.NUM_THREAD_FULL is 0`);
    block[a] = full;
    const dim = dims[a] >>> 0;
    if (dim === 0) throw q.error(p.where, `${p.name}: DIM_${axis} is 0`);
    const part = regField(nt, F.COMPUTE_NUM_THREAD.NUM_THREAD_PARTIAL);
    grid[a] = threads ? dim : partial && part !== 0 && part < full ? (dim - 1) * full + part : dim * full;
    start[a] = force0 ? 0 : r[REG.COMPUTE_START_X + a];
  }
  if (block[0] * block[1] * block[2] > 1024)
    throw q.error(p.where, `${p.name}: a workgroup of ${block.join('x')} work-items; at most 1024`);
  const pgm = (r[REG.COMPUTE_PGM_LO] + (r[REG.COMPUTE_PGM_HI] & 0xff) * 2 ** 32) * 256;
  const tmpring = r[REG.COMPUTE_TMPRING_SIZE];
  const userData: number[] = [];
  for (let k = 0; k < 16; k++) userData.push(r[REG.COMPUTE_USER_DATA_0 + k]);
  const registers: ComputeRegisters = {
    userData,
    userSgprs: regField(rsrc2, F.COMPUTE_PGM_RSRC2.USER_SGPR),
    tgid: [
      regField(rsrc2, F.COMPUTE_PGM_RSRC2.TGID_X_EN) === 1,
      regField(rsrc2, F.COMPUTE_PGM_RSRC2.TGID_Y_EN) === 1,
      regField(rsrc2, F.COMPUTE_PGM_RSRC2.TGID_Z_EN) === 1,
    ],
    tgSize: regField(rsrc2, F.COMPUTE_PGM_RSRC2.TG_SIZE_EN) === 1,
    scratch: regField(rsrc2, F.COMPUTE_PGM_RSRC2.SCRATCH_EN) === 1,
    tidigCompCnt: regField(rsrc2, F.COMPUTE_PGM_RSRC2.TIDIG_COMP_CNT),
    vgprGranules: regField(rsrc1, F.COMPUTE_PGM_RSRC1.VGPRS),
    mode:
      regField(rsrc1, F.COMPUTE_PGM_RSRC1.FLOAT_MODE) |
      (regField(rsrc1, F.COMPUTE_PGM_RSRC1.DX10_CLAMP) << 8) |
      (regField(rsrc1, F.COMPUTE_PGM_RSRC1.IEEE_MODE) << 9),
    waveScratchBytes: regField(tmpring, F.COMPUTE_TMPRING_SIZE.WAVESIZE) * 1024,
    scratchWaves: regField(tmpring, F.COMPUTE_TMPRING_SIZE.WAVES),
  };
  // LDS_SIZE granularity: 64 dwords on gfx6, 128 from gfx7 (sid.h / cikd.h).
  const lds = regField(rsrc2, F.COMPUTE_PGM_RSRC2.LDS_SIZE) * (genAtLeast(gen, 'gfx7') ? 512 : 256);
  return { where: p.where, entry: pgm, registers, grid, block, start, lds };
}

const dispatchDirect: Handler = (q, _e, p) => {
  const initiator = p.get('dispatch_initiator');
  // The packet's initiator is also written to COMPUTE_DISPATCH_INITIATOR, as the CP does.
  q.writeReg(REG.COMPUTE_DISPATCH_INITIATOR, initiator);
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
  q.writeReg(REG.COMPUTE_DISPATCH_INITIATOR, initiator);
  q.device.runDispatch(q, registerDispatch(q, p, dims, initiator));
  return DONE;
};

export const DISPATCH_HANDLERS: readonly [string, Handler][] = [
  ['DISPATCH_DIRECT', dispatchDirect],
  ['DISPATCH_INDIRECT', dispatchIndirect],
];
