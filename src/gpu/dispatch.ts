// The dispatcher: splits a grid into workgroups and 64-lane wavefronts, sets up each wave's initial state
// as the LLVM AMDGPU guide's "Initial Kernel Execution State" prescribes for the processor's generation
// (from a wave plan, src/gpu/wave-plan.ts: the kernel descriptor's fields or a PM4 stream's COMPUTE_* registers, and the processor record), runs the waves of a workgroup round-robin between barriers, and turns faults into reports
// naming the kernel, workgroup, wave, lane, pc and instruction.

import type { KernelDescriptor } from '../elf/kernel-descriptor.js';
import { ExecError, type Inst } from '../emu/inst.js';
import { type Block, FAULT } from '../emu/jit/block.js';
import { type BlockCache, blockCacheOf, DEFAULT_ENGINE, type Engine } from '../emu/jit/engine.js';
import { gwsDeadlock, gwsRelease } from '../emu/mem/ds-gws.js';
import { type DeviceMemory, formatAddress, GUARD_BYTES, MemoryFault } from '../emu/memory.js';
import type { Program } from '../emu/program.js';
import type { SentMessage } from '../emu/salu/ops-system.js';
import { installTrapHandler, type TrapHandler, trapMemoryViolation } from '../emu/trap.js';
import { trapFetch } from '../emu/trap-fetch.js';
import { type DispatchContext, EXEC_HI, EXEC_LO, WAVE_SIZE, type Wave, type Workgroup } from '../emu/wave.js';
import { giveWave, giveWorkgroup, takeWave, takeWorkgroup } from '../emu/wave-pool.js';
import type { Processor } from '../isa/processors.js';
import { DispatchError } from './dispatch-error.js';
import { type DispatchLimits, type SchedulerState, Watchdog } from './watchdog.js';
import { type ComputeRegisters, planOfDescriptor, planOfRegisters, type WavePlan } from './wave-plan.js';

export { DispatchError };

/**
 * What the dispatcher needs of a kernel: its processor and either its descriptor (the AQL path) or the
 * COMPUTE_* registers a PM4 stream set (the hardware path); exactly one of the two.
 */
export interface KernelSetup {
  readonly name: string;
  /** Device address of the first instruction. */
  readonly entry: number;
  readonly descriptor?: KernelDescriptor;
  readonly registers?: ComputeRegisters;
  readonly processor: Processor;
  /** Bytes of private memory per work-item (fixed size plus any dynamic stack). */
  readonly privateSize: number;
  /** Group segment bytes: the static size plus the dynamic LDS of the launch. */
  readonly groupSize: number;
}

export interface DispatchSetup {
  readonly grid: readonly [number, number, number];
  readonly block: readonly [number, number, number];
  readonly dims: number;
  readonly kernarg: number;
  readonly packet: number;
  readonly queue: number;
  readonly dispatchId: number;
  readonly limits: DispatchLimits;
  /**
   * A trap handler for the waves (TBA/TMA; STATUS.TRAP_EN set); its code is either in `program` or in
   * `handlerProgram` (a separately loaded handler, consulted for pcs in its image).
   */
  readonly trapHandler?: TrapHandler & { readonly program?: Program };
  /** Where the waves' s_sendmsg messages are collected, if the caller wants them. */
  readonly messages?: SentMessage[];
  /**
   * The execution engine (default: the translating engine). A dispatch with a trap handler runs on the
   * interpreter, which can enter the handler between any two instructions.
   */
  readonly engine?: Engine;
  /** The translating engine's runs of a region before it is compiled (default: compileAfter()). */
  readonly compileAfter?: number;
  /**
   * Whether the threads of a parallel dispatch take single waves instead of whole workgroups
   * (GroupRunner.units): only for code whose waves share nothing within a workgroup (no barrier, LDS or
   * message: parallel.ts, codeSharing) and no LDS allocation, so that a few large workgroups still
   * spread over the threads.
   */
  readonly splitWaves?: boolean;
}

export interface DispatchStats {
  workgroups: number;
  waves: number;
  waveInstructions: number;
  laneInstructions: number;
}

/** How many instructions a wave runs before the scheduler moves on to the next wave. */
const SLICE = 4096;

/** The wave plan of a kernel set-up: from its registers or its descriptor. */
function planOf(k: KernelSetup): WavePlan {
  if (k.registers !== undefined) return planOfRegisters(k.registers);
  if (k.descriptor !== undefined) return planOfDescriptor(k.descriptor);
  throw new DispatchError(`kernel '${k.name}' has neither a kernel descriptor nor dispatch registers`);
}

/**
 * The units of work of a parallel dispatch (GroupRunner.units): its workgroups, or with
 * DispatchSetup.splitWaves (and more than one wave a workgroup) every wave slot of every workgroup.
 */
export function dispatchUnits(d: DispatchSetup): number {
  const [gx, gy, gz] = d.grid;
  const [bx, by, bz] = d.block;
  const groups = Math.ceil(gx / bx) * Math.ceil(gy / by) * Math.ceil(gz / bz);
  const waves = Math.ceil((bx * by * bz) / WAVE_SIZE);
  return d.splitWaves === true && waves > 1 ? groups * waves : groups;
}

/** Device memory backing one wave's private segment (each work-item's share rounded to 16 bytes). */
export function privateBytesPerWave(privateSize: number): number {
  return Math.ceil(privateSize / 16) * 16 * WAVE_SIZE;
}

export function runDispatch(
  mem: DeviceMemory,
  program: Program,
  k: KernelSetup,
  d: DispatchSetup,
  stats: DispatchStats,
): void {
  const groups = new GroupRunner(mem, program, k, d);
  try {
    for (let f = 0; f < groups.count; f++) groups.run(f, stats);
  } finally {
    groups.free();
  }
}

/**
 * What runs the workgroups of one dispatch on one thread: the waves, LDS and private memory of one
 * workgroup, reused by each workgroup it runs. runDispatch runs every workgroup in order with one; a
 * parallel dispatch (parallel.ts) has one per thread, each taking workgroups by their flat index.
 */
export class GroupRunner {
  /** Workgroups in the grid. */
  readonly count: number;
  /**
   * Units of work the threads of a parallel dispatch take (runUnit): the workgroups, or with
   * DispatchSetup.splitWaves every wave slot of every workgroup (slots past a partial workgroup's last
   * wave are empty).
   */
  readonly units: number;
  /** Waves of a full workgroup: a unit's waves when units are single waves. */
  private readonly wavesPerWg: number;
  private readonly split: boolean;
  /** Workgroups per dimension. */
  readonly groups: readonly [number, number, number];
  readonly dog: Watchdog;
  private readonly scratch: number[] = [];
  private readonly scratchBase: number;
  private readonly perWave: number;
  private readonly ctx: DispatchContext;
  private readonly waves: Wave[] = [];
  private readonly vgprs: number;
  private readonly wg = takeWorkgroup();
  private readonly state: SchedulerState;
  /** The jit engine's compiled blocks of the program, or null for the interpreter. */
  private readonly jit: BlockCache | null;
  private readonly plan: WavePlan;
  /** The waves' ids and EXEC in a full workgroup (waveIds), made on first use. */
  private readonly fullIds: WaveIds[] = [];
  /** Every wave's first SGPRs: the user SGPRs (the same for the whole dispatch), zeros after them. */
  private readonly sgprs = new Uint32Array(128);

  constructor(
    private readonly mem: DeviceMemory,
    program: Program,
    private readonly k: KernelSetup,
    private readonly d: DispatchSetup,
  ) {
    const p = k.processor;
    const [gx, gy, gz] = d.grid;
    const [bx, by, bz] = d.block;
    this.groups = [Math.ceil(gx / bx), Math.ceil(gy / by), Math.ceil(gz / bz)];
    this.count = this.groups[0] * this.groups[1] * this.groups[2];
    const wavesPerWg = Math.ceil((bx * by * bz) / WAVE_SIZE);
    this.wavesPerWg = wavesPerWg;
    this.split = d.splitWaves === true && wavesPerWg > 1;
    this.units = dispatchUnits(d);
    const plan = planOf(k);
    this.plan = plan;
    // Hardware starts a workgroup only when each of its waves has a scratch slot: with fewer slots than
    // waves it could never start (the emulator runs one workgroup's waves at a time, so slots are reused).
    if (plan.privateSegment && plan.scratchWaves !== undefined && plan.scratchWaves < wavesPerWg)
      throw new DispatchError(
        `kernel '${k.name}': COMPUTE_TMPRING_SIZE.WAVES = ${plan.scratchWaves} scratch slots, fewer than the ` +
          `${wavesPerWg} waves of a workgroup: the workgroup can never start`,
      );
    if (k.groupSize > p.ldsBytes) {
      throw new DispatchError(
        `kernel '${k.name}' needs ${k.groupSize} bytes of LDS; a workgroup has ${p.ldsBytes} on ${p.name}`,
      );
    }
    // Private memory for one workgroup's waves, reused by every workgroup (they run one after another).
    // Each wave's region is a separate allocation, so the allocator's unmapped guard after it turns a
    // private segment overflow (a stack deeper than the descriptor says) into a fault instead of silently
    // overwriting the next wave's stack. The bump allocator places them in increasing order: the wave
    // offsets from the first are what the private segment buffer and flat scratch init are based on.
    const perWave = privateBytesPerWave(k.privateSize);
    const scratch = this.scratch;
    try {
      if (perWave > 0) for (let i = 0; i < wavesPerWg; i++) scratch.push(mem.alloc(perWave, 4096));
    } catch (e) {
      this.free();
      // A private segment too large to back (e.g. a descriptor asking for gigabytes per work-item).
      if (!(e instanceof RangeError)) throw e;
      throw new DispatchError(
        `kernel '${k.name}' needs ${k.privateSize} bytes of private memory per work-item ` +
          `(${perWave * wavesPerWg} for a workgroup); the emulator cannot allocate that: ${e.message}`,
      );
    }
    this.perWave = perWave;
    const scratchBase = scratch.length > 0 ? scratch[0] : 0;
    this.scratchBase = scratchBase;
    // User SGPRs: COMPUTE_USER_DATA as written (PM4), or what the firmware makes of the descriptor (AQL).
    const data = plan.userData;
    if (data !== undefined) for (let u = 0; u < plan.userSgprCount; u++) this.sgprs[u] = data[u] >>> 0;
    else firmwareUserSgprs(plan, k, d, scratchBase, this.sgprs);
    this.ctx = {
      mem,
      kernel: k.name,
      inst: fetchOf(program, d.trapHandler),
      startNs: performance.now() * 1e6,
      clock: 0,
      messages: d.messages,
      // gfx7/gfx8 flat scratch counts from a private base: the dispatch's scratch (initWave).
      flatScratch:
        p.flatScratchInit === 'offset-size'
          ? { sgpr: p.flatScratchSgpr, privateBase: plan.privateBase ?? scratchBase }
          : undefined,
    };
    for (let i = 0; i < wavesPerWg; i++) this.waves.push(takeWave(p.agprs > 0));
    // VGPRs (and with MFMA as many AGPRs) the descriptor allocates, in the processor's granules.
    this.vgprs = Math.min(p.vgprs, (plan.vgprGranules + 1) * p.vgprEncodingGranule);
    this.wg.ldsSize = k.groupSize;
    this.wg.waves = this.waves;
    this.dog = new Watchdog(k.name, d.limits, totalWaves(d.grid, d.block), this.count);
    this.jit =
      (d.engine ?? DEFAULT_ENGINE) === 'jit' && d.trapHandler === undefined
        ? blockCacheOf(program, d.compileAfter)
        : null;
    // The translating engine's SIMD lane loops run LDS accesses where the LDS is in their memory.
    if (this.jit !== null && k.groupSize > 0 && k.groupSize <= this.wg.lds.length)
      this.wg.useRegisterMemory();
    this.state = {
      waves: this.waves,
      nw: 0,
      ranges: new Float64Array(2 * wavesPerWg),
      wavesDone: 0,
      workgroupsDone: 0,
    };
  }

  /** Runs unit `u` of `units` (a workgroup, or one wave of one) to completion; adds its counts to `stats`. */
  runUnit(u: number, stats: DispatchStats): void {
    if (!this.split) this.run(u, stats);
    else {
      const wi = u % this.wavesPerWg;
      this.run((u - wi) / this.wavesPerWg, stats, wi, wi + 1);
    }
  }

  /**
   * Runs the workgroup of flat index `flat` (x fastest) to completion, or only its waves [from, to) (a
   * split dispatch's unit); adds their counts to `stats`, the workgroup's with its first wave.
   */
  run(flat: number, stats: DispatchStats, from = 0, to = this.wavesPerWg): void {
    const k = this.k;
    const d = this.d;
    const wg = this.wg;
    const waves = this.waves;
    const state = this.state;
    const scratch = this.scratch;
    // Indexed reads, not destructuring: this runs once per workgroup.
    const grid = d.grid;
    const block = d.block;
    const bx = block[0];
    const by = block[1];
    const bz = block[2];
    const nx = this.groups[0];
    const ny = this.groups[1];
    const x = flat % nx;
    const y = Math.floor(flat / nx) % ny;
    const z = Math.floor(flat / (nx * ny));
    wg.id[0] = x;
    wg.id[1] = y;
    wg.id[2] = z;
    wg.index = flat;
    if (k.groupSize > 0) wg.lds.fill(0, 0, k.groupSize);
    // Work-items of this (possibly partial) workgroup.
    const sx = Math.min(bx, grid[0] - x * bx);
    const sy = Math.min(by, grid[1] - y * by);
    const sz = Math.min(bz, grid[2] - z * bz);
    const items = sx * sy * sz;
    const nw = Math.ceil(items / WAVE_SIZE);
    // The waves this call runs, in waves[0, m).
    const m = Math.min(to, nw) - from;
    if (m <= 0) return;
    const first = wavesBefore(grid, block, x, y, z);
    // Every full workgroup's waves start with the same ids: made once per dispatch.
    const full = sx === bx && sy === by && sz === bz;
    const size = full ? block : [sx, sy, sz];
    if (full && this.fullIds.length === 0)
      for (let wi = 0; wi < nw; wi++) this.fullIds.push(waveIds(wi, items, size, this.plan.workitemIds));
    for (let j = 0; j < m; j++) {
      const wi = from + j;
      const w = waves[j];
      w.reset(this.vgprs, this.sgprs);
      w.wg = wg;
      w.ctx = this.ctx;
      w.id = wi;
      w.dispatchIndex = first + wi;
      // A PM4 dispatch's scratch is the driver's: the wave's offset is its slot's (slot = wave in group).
      const plan = this.plan;
      const offset =
        plan.userData !== undefined
          ? plan.privateSegment
            ? wi * (plan.waveScratchBytes ?? 0)
            : 0
          : scratch.length > 0
            ? scratch[wi] - this.scratchBase
            : 0;
      w.privateEnd = this.scratchBase + offset + this.perWave;
      initWaveRest(
        w,
        plan,
        k,
        wg,
        wi,
        nw,
        items,
        size,
        this.scratchBase,
        offset,
        full ? this.fullIds[wi] : undefined,
      );
      installTrapHandler(w, d.trapHandler, k.processor.generation);
      state.ranges[2 * j] = w.pc;
      state.ranges[2 * j + 1] = w.pc;
    }
    state.nw = m;
    wg.waveCount = m;
    state.wavesDone = stats.waves;
    state.workgroupsDone = stats.workgroups;
    runWorkgroup(state, k, this.dog, this.jit);
    for (let j = 0; j < m; j++) {
      stats.waveInstructions += waves[j].waveInstructions;
      stats.laneInstructions += waves[j].laneInstructions;
    }
    if (from === 0) stats.workgroups++;
    stats.waves += m;
  }

  /** Releases the private memory, the waves' register pages and the LDS's. */
  free(): void {
    for (const a of this.scratch) this.mem.free(a);
    this.scratch.length = 0;
    for (const w of this.waves) giveWave(w);
    this.waves.length = 0;
    giveWorkgroup(this.wg);
  }
}

/**
 * The flat dispatch index of the first wave of workgroup (x, y, z): the waves of every workgroup before
 * it in x-fastest order, whatever thread runs it. Only the last workgroup of an axis can be partial, so
 * every workgroup before (x, y, z) along an axis is full along that axis.
 */
export function wavesBefore(
  grid: readonly number[],
  block: readonly number[],
  x: number,
  y: number,
  z: number,
): number {
  const bx = block[0];
  const by = block[1];
  const bz = block[2];
  const sy = Math.min(by, grid[1] - y * by);
  const sz = Math.min(bz, grid[2] - z * bz);
  // Plain functions, no closures: this runs once per workgroup.
  return z * planeWaves(grid, block, bz) + y * rowWaves(grid, block, by, sz) + x * groupWaves(bx, sy, sz);
}

/** Waves of a workgroup of sx * sy * sz work-items. */
function groupWaves(sx: number, sy: number, sz: number): number {
  return Math.ceil((sx * sy * sz) / WAVE_SIZE);
}

/** Waves of a row of workgroups along x, each sy * sz work-items across. */
function rowWaves(grid: readonly number[], block: readonly number[], sy: number, sz: number): number {
  const bx = block[0];
  const partX = grid[0] % bx;
  return Math.floor(grid[0] / bx) * groupWaves(bx, sy, sz) + (partX > 0 ? groupWaves(partX, sy, sz) : 0);
}

/** Waves of a plane of workgroups (every row along y), sz work-items deep. */
function planeWaves(grid: readonly number[], block: readonly number[], sz: number): number {
  const by = block[1];
  const partY = grid[1] % by;
  return (
    Math.floor(grid[1] / by) * rowWaves(grid, block, by, sz) +
    (partY > 0 ? rowWaves(grid, block, partY, sz) : 0)
  );
}

/**
 * The user SGPRs the command processor's firmware gives an AQL dispatch from its kernel descriptor's
 * enables (the LLVM AMDGPU guide's order): the private segment buffer V#, the dispatch packet, queue and
 * kernel argument pointers, the dispatch id, flat scratch init and the private segment size, all
 * constants of the dispatch. A PM4 driver writes the same values into COMPUTE_USER_DATA_*. Writes them
 * into `s` from index 0 (SGPRs it skips stay as they are); returns how many it wrote.
 */
export function firmwareUserSgprs(
  plan: WavePlan,
  k: KernelSetup,
  d: DispatchSetup,
  dispatchScratch: number,
  s: Uint32Array | number[],
): number {
  const p = k.processor;
  let r = 0;
  if (plan.privateSegmentBuffer) {
    // V#: base, stride 0, swizzle on; num_records all ones; element size 4, index stride 64, add_tid
    // (the same word 3 bits on GFX6-GFX9).
    s[r++] = dispatchScratch >>> 0;
    s[r++] = ((Math.floor(dispatchScratch / 2 ** 32) & 0xffff) | (1 << 31)) >>> 0;
    s[r++] = 0xffffffff;
    s[r++] = ((1 << 19) | (3 << 21) | (1 << 23)) >>> 0;
  }
  if (plan.dispatchPtr) r = put64(s, r, d.packet);
  if (plan.queuePtr) r = put64(s, r, d.queue);
  if (plan.kernargPtr) r = put64(s, r, d.kernarg);
  if (plan.dispatchId) r = put64(s, r, d.dispatchId);
  if (plan.flatScratchInit) {
    // gfx9: the address of the dispatch's scratch. gfx7/gfx8: the byte offset of that scratch from the
    // private base (the dispatch's first wave: 0 here), then a work-item's private size. gfx6 has no
    // flat scratch: the two SGPRs are counted but stay zero.
    if (p.flatScratchInit === 'address') r = put64(s, r, dispatchScratch);
    else if (p.flatScratchInit === 'offset-size') {
      s[r++] = 0;
      s[r++] = Math.ceil(k.privateSize / 4) * 4;
    } else r += 2;
  }
  if (plan.privateSegmentSize) s[r++] = Math.ceil(k.privateSize / 4) * 4;
  return r;
}

/** Writes a 64-bit value as two SGPRs at s[r], s[r + 1]; returns r + 2. (Not a closure: once per wave.) */
function put64(s: Uint32Array | number[], r: number, v: number): number {
  s[r] = v >>> 0;
  s[r + 1] = Math.floor(v / 2 ** 32) >>> 0;
  return r + 2;
}

/**
 * One wave's initial registers, the user SGPRs included (the per-generation tests; the dispatcher writes
 * the user SGPRs once per dispatch, GroupRunner.sgprs, and then the rest per wave).
 */
export function initWave(
  w: Wave,
  k: KernelSetup,
  d: DispatchSetup,
  wg: Workgroup,
  wi: number,
  nw: number,
  items: number,
  size: readonly number[],
  dispatchScratch: number,
  waveOffset: number,
  ids?: WaveIds,
): void {
  const plan = planOf(k);
  const data = plan.userData;
  if (data !== undefined) for (let u = 0; u < plan.userSgprCount; u++) w.s[u] = data[u] >>> 0;
  else firmwareUserSgprs(plan, k, d, dispatchScratch, w.s);
  initWaveRest(w, plan, k, wg, wi, nw, items, size, dispatchScratch, waveOffset, ids);
}

/** A wave's initial registers after the user SGPRs: system SGPRs, flat scratch, work-item ids, EXEC. */
function initWaveRest(
  w: Wave,
  plan: WavePlan,
  k: KernelSetup,
  wg: Workgroup,
  wi: number,
  nw: number,
  items: number,
  size: readonly number[],
  dispatchScratch: number,
  waveOffset: number,
  ids?: WaveIds,
): void {
  const p = k.processor;
  const s = w.s;
  const waveScratch = dispatchScratch + waveOffset;
  const data = plan.userData;
  // System SGPRs follow the user SGPRs whatever the count of enabled user registers says.
  let r = plan.userSgprCount;
  if (plan.wgX) s[r++] = wg.id[0];
  if (plan.wgY) s[r++] = wg.id[1];
  if (plan.wgZ) s[r++] = wg.id[2];
  if (plan.wgInfo) s[r++] = ((wi === 0 ? 1 << 31 : 0) | (nw & 63)) >>> 0;
  if (plan.privateSegment) s[r++] = waveOffset;
  // FLAT_SCRATCH as the kernel's prologue would set it; kernels that set it themselves overwrite it.
  // gfx9: the wave's scratch address; gfx7/gfx8: HI = the wave's offset from the private base in
  // 256-byte units, LO = a work-item's private size.
  const fs = p.flatScratchSgpr;
  // Registers path: hardware leaves FLAT_SCRATCH to the program (its prologue, from the driver's data).
  if (data === undefined && p.flatScratchInit === 'address') {
    s[fs] = waveScratch >>> 0;
    s[fs + 1] = Math.floor(waveScratch / 2 ** 32) >>> 0;
  } else if (data === undefined && p.flatScratchInit === 'offset-size') {
    s[fs] = Math.ceil(k.privateSize / 4) * 4;
    s[fs + 1] = waveOffset >>> 8;
  }
  // Work-item ids and EXEC: the same for wave wi of every workgroup of this size (WaveIds).
  const t = ids ?? waveIds(wi, items, size, plan.workitemIds);
  w.v.set(t.v, 0);
  s[EXEC_LO] = t.e0;
  s[EXEC_HI] = t.e1;
  w.mode = plan.mode;
  w.pc = k.entry;
}

/** A wave's work-item id VGPRs (v0, v1, v2 as the plan enables them) and EXEC. */
export interface WaveIds {
  readonly v: Uint32Array;
  readonly e0: number;
  readonly e1: number;
}

/**
 * The ids of wave wi of a workgroup of `items` work-items of `size`: lane l is work-item wi*64+l of the
 * group, x fastest. `enable` is the descriptor's ENABLE_VGPR_WORKITEM_ID: 0 writes v0 (x), 1 also v1 (y),
 * 2 also v2 (z); lanes past the group's end are off and read 0.
 */
export function waveIds(wi: number, items: number, size: readonly number[], enable: number): WaveIds {
  const [sx, sy] = size;
  const v = new Uint32Array(WAVE_SIZE * (Math.min(enable, 2) + 1));
  let e0 = 0;
  let e1 = 0;
  for (let l = 0; l < WAVE_SIZE; l++) {
    const t = wi * WAVE_SIZE + l;
    if (t >= items) break;
    if (l < 32) e0 |= 1 << l;
    else e1 |= 1 << (l - 32);
    v[l] = t % sx;
    if (enable >= 1) v[64 + l] = Math.floor(t / sx) % sy;
    if (enable >= 2) v[128 + l] = Math.floor(t / (sx * sy));
  }
  return { v, e0: e0 >>> 0, e1: e1 >>> 0 };
}

/**
 * The instruction lookup of a dispatch: the kernel's program; with a trap handler also the handler's own
 * program (when loaded separately), float exceptions and the MODE.DEBUG single step (trap-fetch.ts).
 */
function fetchOf(program: Program, trap: DispatchSetup['trapHandler']): (pc: number) => Inst {
  if (trap === undefined) return (pc) => program.inst(pc);
  const handler = trap.program;
  return trapFetch(
    handler === undefined
      ? (pc) => program.inst(pc)
      : (pc) => (handler.contains(pc) ? handler.inst(pc) : program.inst(pc)),
  );
}

/** Waves in a grid: each workgroup's work-items (a partial one at the end of each axis) in waves of 64. */
function totalWaves(grid: readonly number[], block: readonly number[]): number {
  // Per axis: how many full workgroups, and the size of the partial one (0 if none).
  const axes = [0, 1, 2].map((a) => ({
    full: Math.floor(grid[a] / block[a]),
    size: block[a],
    part: grid[a] % block[a],
  }));
  let total = 0;
  for (const x of [true, false])
    for (const y of [true, false])
      for (const z of [true, false]) {
        const [ax, ay, az] = axes;
        const count =
          (x ? ax.full : +(ax.part > 0)) * (y ? ay.full : +(ay.part > 0)) * (z ? az.full : +(az.part > 0));
        const items = (x ? ax.size : ax.part) * (y ? ay.size : ay.part) * (z ? az.size : az.part);
        total += count * Math.ceil(items / WAVE_SIZE);
      }
  return total;
}

/** Runs the waves of the current workgroup to completion, round-robin, a slice at a time. */
function runWorkgroup(s: SchedulerState, k: KernelSetup, dog: Watchdog, jit: BlockCache | null): void {
  const waves = s.waves;
  const nw = s.nw;
  const budget = dog.limits.budget;
  for (;;) {
    let running = 0;
    let waiting = 0;
    let blocked = -1;
    for (let wi = 0; wi < nw; wi++) {
      const w = waves[wi];
      if (w.done) continue;
      if (w.atBarrier) {
        // A wave stopped by a GWS op or ds_ordered_count goes on when the op's condition holds.
        if (w.sys.gwsWait < 0) {
          waiting++;
          continue;
        }
        if (!gwsRelease(w)) {
          blocked = wi;
          continue;
        }
      }
      running++;
      const before = w.waveInstructions;
      const limit = Math.min(SLICE, budget - dog.executed);
      if (jit === null) runWave(w, limit, k, s.ranges, wi);
      else runWaveJit(w, limit, k, s.ranges, wi, jit);
      dog.executed += w.waveInstructions - before;
      if (dog.executed >= budget && !w.done && !w.atBarrier) throw dog.stop('budget', s);
      if (dog.executed >= dog.nextLook) dog.look(s);
    }
    if (running === 0) {
      if (blocked >= 0) throw report(gwsDeadlock(waves[blocked]), waves[blocked], undefined, k);
      if (waiting === 0) return;
      // Every wave is at the barrier or finished: release them together.
      for (let wi = 0; wi < nw; wi++) waves[wi].atBarrier = false;
    }
  }
}

function wgName(w: Wave): string {
  return `(${w.wg.id[0]},${w.wg.id[1]},${w.wg.id[2]})`;
}

/** Runs up to `limit` instructions of a wave; records the pc range they covered at ranges[2wi..2wi+1]. */
function runWave(w: Wave, limit: number, k: KernelSetup, ranges: Float64Array, wi: number): void {
  const ctx = w.ctx;
  let n = 0;
  let i: Inst | undefined;
  let lo = w.pc;
  let hi = lo;
  for (;;) {
    try {
      while (n < limit && !w.done && !w.atBarrier) {
        const pc = w.pc;
        i = ctx.inst(pc);
        if (pc > hi) hi = pc;
        else if (pc < lo) lo = pc;
        issue(w, i);
        n++;
      }
      break;
    } catch (e) {
      // A memory violation enters the trap handler when there is one and MODE.EXCP_EN.mem_viol is set.
      if (i !== undefined && isMemoryViolation(e) && trapMemoryViolation(w, i.pc + i.size)) {
        n++;
        continue;
      }
      w.waveInstructions += n;
      throw report(e, w, i, k);
    }
  }
  w.waveInstructions += n;
  ranges[2 * wi] = lo;
  ranges[2 * wi + 1] = hi;
}

/**
 * runWave on the translating engine: compiled blocks, each run whole (a wave may overrun its slice by
 * the rest of a block). VGPR indexing mode and MODE.VSKIP run on the interpreter, one instruction at a time.
 */
function runWaveJit(
  w: Wave,
  limit: number,
  k: KernelSetup,
  ranges: Float64Array,
  wi: number,
  jit: BlockCache,
): void {
  const ctx = w.ctx;
  const fetch = ctx.inst;
  const sys = w.sys;
  let n = 0;
  let lo = w.pc;
  let hi = lo;
  let i: Inst | undefined;
  let b: Block | undefined;
  let prev: Block | undefined;
  try {
    while (n < limit && !w.done && !w.atBarrier) {
      b = undefined;
      i = undefined;
      if (w.gprIdxMode !== 0 || sys.skipVector) {
        i = fetch(w.pc);
        issue(w, i);
        n++;
        prev = undefined;
        continue;
      }
      b = prev === undefined ? jit.get(fetch, w.pc, w.mode) : prev.successor(jit, fetch, w.pc, w.mode);
      if (b.first < lo) lo = b.first;
      if (b.last > hi) hi = b.last;
      n += b.run(w, limit - n);
      prev = b;
    }
  } catch (e) {
    if (b !== undefined) {
      i = b.insts[FAULT.at];
      n += FAULT.n;
    }
    w.waveInstructions += n;
    throw report(e, w, i, k);
  }
  w.waveInstructions += n;
  ranges[2 * wi] = lo;
  ranges[2 * wi + 1] = hi;
}

/** Issues one instruction on the interpreter; MODE.VSKIP: vector instructions are skipped (s_setvskip). */
function issue(w: Wave, i: Inst): void {
  if (w.sys.skipVector && isVector(i)) w.pc = i.pc + i.size;
  else i.run(w, i);
}

/** Formats MODE.VSKIP skips: VOP*, memory (MUBUF/MTBUF/MIMG/DS/FLAT) and export (Vega S_SETVSKIP). */
const VECTOR_FORMATS: ReadonlySet<string> = new Set([
  'vop1',
  'vop2',
  'vopc',
  'vop3',
  'vop3p',
  'vintrp',
  'ds',
  'mubuf',
  'mtbuf',
  'mimg',
  'flat',
  'exp',
]);

function isVector(i: Inst): boolean {
  return VECTOR_FORMATS.has(i.fmt);
}

function isMemoryViolation(e: unknown): boolean {
  return e instanceof MemoryFault || (e instanceof ExecError && (e as { addr?: number }).addr !== undefined);
}

/** The wording of the handlers' errors for what the emulator does not model (as opposed to kernel faults). */
const UNMODELLED = /without semantics|not modelled/;

function report(e: unknown, w: Wave, i: Inst | undefined, k: KernelSetup): Error {
  const where = `kernel '${k.name}' workgroup ${wgName(w)} wave ${w.id}`;
  const at = i === undefined ? `pc 0x${w.pc.toString(16)}` : `pc 0x${i.pc.toString(16)} (${i.text})`;
  const err = e as { lane?: number; addr?: number; size?: number; kind?: string; message?: string };
  if (e instanceof MemoryFault || (e instanceof ExecError && err.addr !== undefined)) {
    const lane = err.lane === undefined ? '' : ` lane ${err.lane}`;
    const a = err.addr ?? 0;
    if (w.privateEnd > 0 && a >= w.privateEnd && a < w.privateEnd + GUARD_BYTES) {
      return new DispatchError(
        `${where}${lane}: private segment overflow at ${at}: the access at ${formatAddress(a)} is beyond the ` +
          `${k.privateSize} bytes per work-item the kernel descriptor and metadata ask for (a deeper call stack, ` +
          'e.g. recursion, than the compiler reported)',
        'fault',
      );
    }
    return new DispatchError(
      `${where}${lane}: memory fault at ${at}: unmapped address ${formatAddress(err.addr ?? 0)} (${err.size}-byte ${err.kind})`,
      'fault',
    );
  }
  // Handlers name the pc themselves for use outside a dispatch; the report names it once.
  if (e instanceof ExecError) {
    const what = e.message.replace(/ at pc 0x[0-9a-f]+$/, '');
    return new DispatchError(`${where}: ${what} at ${at}`, UNMODELLED.test(what) ? 'unimplemented' : 'fault');
  }
  if (e instanceof Error) return new DispatchError(`${where}: internal error at ${at}: ${e.message}`);
  return new DispatchError(`${where}: ${String(e)} at ${at}`);
}
