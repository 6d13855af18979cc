// A KERNEL_DISPATCH packet run as the packet processor runs it: every field read from the packet in device
// memory (hsa_kernel_dispatch_packet_t, layout.ts), the kernel descriptor read from device memory at
// kernel_object (the LLVM AMDGPU guide, seed 001: "it is the address of the kernel descriptor that is used
// in the AQL dispatch packet"), the code found among the device's loaded code objects, then the dispatcher.
// What a packet cannot say (engine, threads, budget and timeout, progress callback, trap handler, where
// s_sendmsg messages go) the host gives per packet in a side table (HostDispatch); a packet the host did
// not describe runs with the defaults.

import { KD_SIZE, type KernelDescriptor } from '../../elf/kernel-descriptor.js';
import type { Engine } from '../../emu/jit/engine.js';
import type { DeviceMemory } from '../../emu/memory.js';
import type { Program } from '../../emu/program.js';
import type { SentMessage } from '../../emu/salu/ops-system.js';
import type { TrapHandler } from '../../emu/trap.js';
import { type DispatchSetup, type DispatchStats, type KernelSetup, runDispatch } from '../../gpu/dispatch.js';
import { type CodeSharing, runParallel, workerHost } from '../../gpu/parallel.js';
import type { DispatchLimits } from '../../gpu/watchdog.js';
import { processorOf } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import { DISPATCH } from './layout.js';
import { readU64 } from './signal.js';

/**
 * Workgroups per thread below which a dispatch whose waves share nothing gives the threads single waves
 * (DispatchSetup.splitWaves): with more, whole workgroups already balance the threads to within a
 * sixteenth, and a unit of one wave costs a workgroup's set-up per wave (vector add: +29% CPU).
 */
export const SPLIT_BELOW = 16;

/** A code object loaded on the device, as the packet processor needs it. */
export interface LoadedCode {
  readonly program: Program;
  readonly target: Target;
  /** The kernel whose descriptor is at device address `kd`, if the code object names one there. */
  kernelName(kd: number): string | undefined;
  /** What its code lets the threads of a dispatch split (workgroups; a workgroup's waves). */
  sharing(): CodeSharing;
  /** The descriptor decoded from these 64 bytes, cached while they stay the same. */
  descriptor(kd: number, bytes: Uint8Array): KernelDescriptor;
}

/** The device's code objects by address. */
export interface CodeLookup {
  codeAt(address: number): LoadedCode | undefined;
}

/** What the host says about one dispatch beyond its packet. */
export interface HostDispatch {
  readonly engine?: Engine;
  /** Threads the workgroups may be split between (1: the calling thread only). */
  readonly workers: number;
  readonly limits: DispatchLimits;
  readonly trapHandler?: TrapHandler & { readonly program?: Program };
  readonly messages?: SentMessage[];
  /** False when the dispatch has state threads cannot share (the printf buffer's record order). */
  readonly shareable: boolean;
  /** Receives the dispatch's counts. */
  readonly stats: DispatchStats;
}

/** LaunchOptions.budget's default, for packets the host did not describe. */
const DEFAULT_BUDGET = 1e9;

/** The side-table entry of a packet written without one (e.g. by hand into the ring). */
export function defaultHostDispatch(): HostDispatch {
  return {
    workers: 1,
    limits: { budget: DEFAULT_BUDGET, timeout: 0, progressInterval: 0.5 },
    shareable: true,
    stats: { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 },
  };
}

/** A packet that cannot run: `problem` is completed with the queue and packet by the caller. */
export class PacketProblem extends Error {}

function hex(a: number): string {
  return `0x${a.toString(16)}`;
}

/**
 * Runs the kernel dispatch packet at `slot` (packet index `index` of the queue at `queue`) to completion.
 * Throws PacketProblem for a malformed packet; a failing dispatch throws the dispatcher's error.
 */
export function runKernelDispatch(
  mem: DeviceMemory,
  code: CodeLookup,
  queue: number,
  slot: number,
  index: number,
  host: HostDispatch,
): void {
  const setup = mem.read16(slot + DISPATCH.setup);
  const dims = setup & 3;
  if (dims < 1 || dims > 3 || setup >> 2 !== 0)
    throw new PacketProblem(
      `setup = ${hex(setup)}: dimensions (bits 0-1) must be 1, 2 or 3, the other bits 0`,
    );
  // hsa.h asks for 1 in the sizes beyond the dimensions; the dispatcher, like the CP, uses all three
  // sizes whatever the dimensions (which reach the kernel only through the packet), as launches always did.
  const block: [number, number, number] = [1, 1, 1];
  const grid: [number, number, number] = [1, 1, 1];
  for (let a = 0; a < 3; a++) {
    const axis = 'xyz'[a];
    block[a] = mem.read16(slot + DISPATCH.workgroupSize + 2 * a);
    grid[a] = mem.read32(slot + DISPATCH.gridSize + 4 * a);
    if (block[a] === 0) throw new PacketProblem(`workgroup_size_${axis} is 0`);
    if (grid[a] === 0) throw new PacketProblem(`grid_size_${axis} is 0`);
  }
  if (block[0] * block[1] * block[2] > 1024)
    throw new PacketProblem(`workgroup size ${block.join('x')} has more than 1024 work-items`);
  const privateSize = mem.read32(slot + DISPATCH.privateSegmentSize);
  const groupSize = mem.read32(slot + DISPATCH.groupSegmentSize);
  const kd = readU64(mem, slot + DISPATCH.kernelObject);
  const kernarg = readU64(mem, slot + DISPATCH.kernargAddress);
  // The kernel descriptor is 64-byte aligned (LLVM AMDGPU guide, "Kernel Descriptor").
  if (kd % 64 !== 0)
    throw new PacketProblem(`kernel_object ${hex(kd)} is not 64-byte aligned (a kernel descriptor)`);
  const loaded = code.codeAt(kd);
  if (loaded === undefined || mem.regionOf(kd, KD_SIZE) === null)
    throw new PacketProblem(`kernel_object ${hex(kd)} is not in a code object loaded on this device`);
  // hsa.h: kernarg_address must be 16-byte aligned.
  if (kernarg % 16 !== 0) throw new PacketProblem(`kernarg_address ${hex(kernarg)} is not 16-byte aligned`);
  const descriptor = loaded.descriptor(kd, mem.download(kd, KD_SIZE));
  const entry = kd + Number(descriptor.kernelCodeEntryByteOffset);
  if (!loaded.program.contains(entry) || entry % 4 !== 0)
    throw new PacketProblem(
      `the kernel descriptor at ${hex(kd)} puts the entry point at ${hex(entry)}, outside its code object's code`,
    );
  const kernel: KernelSetup = {
    name: loaded.kernelName(kd) ?? `kernel at ${hex(kd)}`,
    entry,
    descriptor,
    processor: processorOf(loaded.target),
    privateSize,
    groupSize,
  };
  const dispatch: DispatchSetup = {
    grid,
    block,
    dims,
    kernarg,
    packet: slot,
    queue,
    dispatchId: index,
    limits: host.limits,
    trapHandler: host.trapHandler,
    messages: host.messages,
    engine: host.engine,
  };
  // Threads: no more than units of work (workgroups, or single waves when a workgroup's waves share
  // nothing: DispatchSetup.splitWaves); one when the dispatch has state the threads cannot share (a trap
  // handler's, the printf buffer's record order, GWS and ordered counts).
  const wh = workerHost();
  if (wh !== undefined && host.workers > 1 && host.trapHandler === undefined && host.shareable) {
    const sharing = loaded.sharing();
    const groups =
      Math.ceil(grid[0] / block[0]) * Math.ceil(grid[1] / block[1]) * Math.ceil(grid[2] / block[2]);
    const waves = Math.ceil((block[0] * block[1] * block[2]) / 64);
    const splitWaves =
      !sharing.crossWave && groupSize === 0 && waves > 1 && groups < SPLIT_BELOW * host.workers;
    const threads = Math.min(host.workers, splitWaves ? groups * waves : groups, 0x7fffffff);
    if (threads > 1 && !sharing.crossGroup) {
      runParallel(
        wh,
        threads - 1,
        mem,
        loaded.program,
        kernel,
        { ...dispatch, splitWaves },
        host.stats,
        sharing.atomics,
      );
      return;
    }
  }
  runDispatch(mem, loaded.program, kernel, dispatch, host.stats);
}
