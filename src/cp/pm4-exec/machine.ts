// The device a PM4 queue drives: device memory, the processor, the GDS, and a dispatcher that runs what
// DISPATCH_DIRECT/INDIRECT describe with the host's limits (instruction budget, timeout, engine).
// Dispatches run on the calling thread: scratch slots (COMPUTE_TMPRING_SIZE) are numbered per
// workgroup's waves, which only one workgroup in flight keeps apart.

import type { Engine as ExecEngine } from '../../emu/jit/engine.js';
import { type DeviceMemory, MemoryFault } from '../../emu/memory.js';
import type { SentMessage } from '../../emu/salu/ops-system.js';
import { type DispatchSetup, GroupRunner, type KernelSetup } from '../../gpu/dispatch.js';
import type { DispatchLimits } from '../../gpu/watchdog.js';
import { type Generation, type Processor, processorOf } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import { CodeNotMapped, Programs } from '../program-at.js';
import type { RegisterDispatchSetup } from './handlers-dispatch.js';
import type { Pm4Device, Pm4Queue } from './queue.js';

/** GDS bytes (64 KiB on GCN). */
export const GDS_BYTES = 65536;

export interface Pm4MachineOptions {
  readonly limits: DispatchLimits;
  readonly engine?: ExecEngine;
  /** Interrupts that fence packets raise (INT_SEL). */
  readonly onInterrupt?: (queue: string, packet: string, data: number) => void;
  /** Where the waves' s_sendmsg messages go. */
  readonly messages?: SentMessage[];
  /** gfx7/gfx8: the private base the kernel driver programs for flat scratch (SH_HIDDEN_PRIVATE_BASE_VMID). */
  readonly privateBase?: number;
  /** The device's GDS, shared by its queues (default: a GDS of the machine's own). */
  readonly gds?: Uint8Array;
  /** A name for the kernel at a program address, for reports (default: the queue and packet). */
  readonly kernelName?: (entry: number) => string | undefined;
}

export class Pm4Machine implements Pm4Device {
  readonly processor: Processor;
  readonly generation: Generation;
  readonly programs: Programs;
  readonly gds: Uint8Array;
  private dispatches = 0;
  private readonly t0 = performance.now();

  constructor(
    readonly mem: DeviceMemory,
    readonly target: Target,
    private readonly options: Pm4MachineOptions,
  ) {
    this.processor = processorOf(target);
    this.generation = this.processor.generation;
    this.programs = new Programs(mem, target);
    this.gds = options.gds ?? new Uint8Array(GDS_BYTES);
  }

  runDispatch(q: Pm4Queue, d: RegisterDispatchSetup): void {
    let program: ReturnType<Programs['at']>;
    try {
      program = this.programs.at(d.entry);
    } catch (e) {
      if (e instanceof CodeNotMapped || e instanceof MemoryFault)
        throw q.error(d.where, `DISPATCH: COMPUTE_PGM_LO/HI: ${e.message}`);
      throw e;
    }
    const k: KernelSetup = {
      name: this.options.kernelName?.(d.entry) ?? `${q.label} dispatch at ${d.where}`,
      entry: d.entry,
      registers:
        this.options.privateBase === undefined
          ? d.registers
          : { ...d.registers, privateBase: this.options.privateBase },
      processor: this.processor,
      privateSize: 0,
      groupSize: d.lds,
    };
    const setup: DispatchSetup = {
      grid: d.grid,
      block: d.block,
      dims: 3,
      kernarg: 0,
      packet: 0,
      queue: 0,
      dispatchId: this.dispatches++,
      limits: this.options.limits,
      messages: this.options.messages,
      engine: this.options.engine,
    };
    const groups = new GroupRunner(this.mem, program, k, setup);
    try {
      const [nx, ny] = groups.groups;
      const [sx, sy, sz] = d.start;
      for (let f = 0; f < groups.count; f++) {
        const x = f % nx;
        const y = Math.floor(f / nx) % ny;
        const z = Math.floor(f / (nx * ny));
        if (x >= sx && y >= sy && z >= sz) groups.run(f, q.stats);
      }
    } finally {
      groups.free();
    }
  }

  interrupt(q: Pm4Queue, packet: string, data: number): void {
    this.options.onInterrupt?.(q.label, packet, data);
  }

  /** A 100 MHz reference clock since the machine started (the GPU clock counter's usual rate). */
  clock(): number {
    return Math.floor((performance.now() - this.t0) * 1e5);
  }
}
