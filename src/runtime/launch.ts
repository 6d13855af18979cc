// Kernel launches: the arguments packed as the kernel's metadata describes (explicit and hidden), checks
// of the launch against what the kernel declares, and the dispatch itself, as the ROCm runtime does it: a
// kernel dispatch packet written into an AQL queue in device memory, the doorbell rung, and the host
// waiting on the packet's completion signal while the command processor (src/cp/aql) runs the queues.

import type { HostDispatch, LoadedCode } from '../cp/aql/kernel-dispatch.js';
import { PACKET_BYTES, Q, QUEUE_BYTES, SIGNAL_BYTES } from '../cp/aql/layout.js';
import {
  type HeaderOptions,
  type KernelDispatchFields,
  writeKernelDispatch,
  writeQueue,
} from '../cp/aql/packets.js';
import { AqlQueue } from '../cp/aql/queue.js';
import { initSignal, setSignalValue, writeU64 } from '../cp/aql/signal.js';
import { waitSignal } from '../cp/aql/wait.js';
import { sameBytes } from '../cp/program-at.js';
import type { CodeObject, LoadedKernel } from '../elf/code-object.js';
import { ElfError } from '../elf/errors.js';
import {
  decodeKernelDescriptor,
  encodeKernelDescriptor,
  type KernelDescriptor,
} from '../elf/kernel-descriptor.js';
import { PT_LOAD } from '../elf/types.js';
import { ENGINES, isEngine } from '../emu/jit/engine.js';
import type { Program } from '../emu/program.js';
import { DispatchError, type DispatchStats, privateBytesPerWave } from '../gpu/dispatch.js';
import { type CodeSharing, codeSharing, workerHost } from '../gpu/parallel.js';
import { processorOf } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import { checkBlock, dynamicLdsWarning } from './checks.js';
import type { Device } from './device.js';
import { LaunchError } from './errors.js';
import { layOutFor } from './image-device.js';
import { packExplicit, packHidden } from './kernargs.js';
import { allocateIn, QUEUE_PACKETS } from './launch-memory.js';
import { launchThroughPm4 } from './pm4-launch.js';
import { decodePrintfBuffer, PRINTF_BUFFER_BYTES, PrintfTable } from './printf.js';
import { resolveTrapHandler } from './trap-handler.js';
import type { LaunchMessage, LaunchOptions, LaunchResult } from './types.js';

/** Private stack per work-item for kernels whose stack size the compiler could not bound (recursion). */
export const DYNAMIC_STACK_BYTES = 16384;
/** LaunchOptions.budget when none is given. */
export const DEFAULT_BUDGET = 1e9;
/** LaunchOptions.progressInterval when none is given (seconds). */
export const DEFAULT_PROGRESS_INTERVAL = 0.5;

export class Module implements LoadedCode {
  constructor(
    readonly device: Device,
    readonly code: CodeObject,
    readonly program: Program,
    readonly base: number,
    readonly target: Target,
  ) {}

  get kernels(): readonly LoadedKernel[] {
    return this.code.kernels;
  }

  /** A kernel by name (`vadd`) or descriptor symbol (`vadd.kd`). */
  kernel(name: string): LoadedKernel {
    try {
      return this.code.kernel(name);
    } catch (e) {
      if (e instanceof ElfError) throw new LaunchError('no-kernel', e.problem);
      throw e;
    }
  }

  /** Runs one dispatch to completion (synchronously), through an AQL queue of its own (docs/api.md). */
  launch(name: string, opts: LaunchOptions): LaunchResult {
    if (opts?.queue === 'pm4') return launchThroughPm4(this, name, opts);
    if (opts?.queue !== undefined && opts.queue !== 'aql')
      throw new LaunchError('argument', `queue = ${String(opts.queue)} is not 'aql' or 'pm4'`);
    const dev = this.device;
    const mem = dev.mem;
    // Everything the launch allocates is freed however it ends (the printf buffer after it is read).
    const allocs: number[] = [];
    let k: LoadedKernel | undefined;
    let setup: LaunchSetup | undefined;
    try {
      setup = this.setup(name, opts, allocs);
      k = setup.kernel;
      // The queue's doorbell and the packet's completion signal, after the setup's checks of memory.
      // One allocation for both: each allocation is a SharedArrayBuffer, which costs the garbage collector.
      const doorbell = allocateIn(
        dev,
        allocs,
        2 * SIGNAL_BYTES,
        `kernel '${k.name}': the AQL queue's signals`,
      );
      const done = doorbell + SIGNAL_BYTES;
      initSignal(mem, done, 1);
      // The queue's indices start at the device's count of dispatches, the dispatch id the kernel sees.
      const first = dev.nextDispatchId();
      initSignal(mem, doorbell, first - 1);
      const q = setup.queue;
      writeQueue(mem, { address: q.address, ring: q.ring, size: QUEUE_PACKETS, doorbell, id: first, first });
      const queue = new AqlQueue(
        mem,
        dev,
        q.address,
        `the AQL queue of launch ${first} (kernel '${k.name}')`,
      );
      queue.host.set(first, setup.host);
      writeU64(mem, q.address + Q.writeDispatchId, first + 1);
      writeKernelDispatch(mem, queue.slot(first), { ...setup.packet, completionSignal: done });
      setSignalValue(mem, doorbell, first);
      const t0 = performance.now();
      dev.attachQueue(queue);
      try {
        waitSignal(mem, dev.queues, done, 'eq', 0);
      } finally {
        dev.detachQueue(queue);
      }
      return setup.result((performance.now() - t0) / 1000);
    } catch (e) {
      if (k !== undefined) launchNote(e, k, this.target);
      throw e;
    } finally {
      for (const a of allocs) mem.free(a);
    }
  }

  /**
   * Everything before a dispatch: the checks of the launch against the kernel, the kernel arguments
   * (explicit and hidden, pointing at `queue` or, without one, at a queue allocated here), the trap
   * handler and printf buffer, and the packet's fields. Allocations are added to `allocs`.
   */
  setup(name: string, opts: LaunchOptions, allocs: number[], queue?: number): LaunchSetup {
    if (typeof opts !== 'object' || opts === null)
      throw new LaunchError('argument', 'launch: options { grid, block, args } are required');
    const k = this.kernel(name);
    const dev = this.device;
    const mem = dev.mem;
    const warnings: string[] = [];
    const warn = (m: string) => {
      warnings.push(m);
      dev.warn(m);
    };
    const grid = dims(opts.grid, 'grid');
    const block = dims(opts.block, 'block');
    const nd = opts.grid.length;
    const budget = opts.budget ?? DEFAULT_BUDGET;
    if (!Number.isSafeInteger(budget) || budget < 1)
      throw new LaunchError('argument', `budget = ${String(budget)} is not a positive integer`);
    if (opts.engine !== undefined && !isEngine(opts.engine))
      throw new LaunchError(
        'argument',
        `engine = ${String(opts.engine)} is not one of ${ENGINES.join(', ')}`,
      );
    const timeout = secondsOption(opts.timeout ?? 0, 'timeout', ' (0 for none)');
    const progressInterval = secondsOption(
      opts.progressInterval ?? DEFAULT_PROGRESS_INTERVAL,
      'progressInterval',
      '',
    );
    if (opts.onProgress !== undefined && typeof opts.onProgress !== 'function')
      throw new LaunchError('argument', 'onProgress must be a function');
    const workers = opts.workers ?? workerHost()?.cores ?? 1;
    if (!Number.isSafeInteger(workers) || workers < 1)
      throw new LaunchError('argument', `workers = ${String(workers)} is not a positive integer`);
    checkBlock(k, block);
    const md = k.metadata;
    const mdArgs = md.args ?? [];
    const explicit = mdArgs.filter((a) => !a.valueKind.startsWith('hidden_'));
    if (!Array.isArray(opts.args) || opts.args.length !== explicit.length) {
      const given = Array.isArray(opts.args) ? opts.args.length : 'no array';
      throw new LaunchError(
        'argument',
        `kernel '${k.name}' takes ${explicit.length} argument(s) (${explicit.map((a) => a.name ?? a.valueKind).join(', ')}), ${given} given`,
      );
    }
    const groupStatic = Number(k.descriptor.groupSegmentFixedSize);
    const kernargSize = Math.max(Number(md.kernargSegmentSize), Number(k.descriptor.kernargSize), 16);
    const kernarg = new Uint8Array(Math.ceil(kernargSize / 16) * 16);
    const kv = new DataView(kernarg.buffer);
    const packed = packExplicit(kv, k.name, mdArgs, opts.args, Math.ceil(groupStatic / 16) * 16, warn);
    // Image and sampler descriptors in the layout of this kernel's generation (src/isa/resources.ts).
    layOutFor(
      dev,
      processorOf(this.target).generation,
      explicit.map((a) => a.valueKind),
      opts.args,
    );
    let { lds, dynamicLds } = packed;
    const extra = opts.dynamicLds ?? 0;
    if (!Number.isSafeInteger(extra) || extra < 0)
      throw new LaunchError('argument', `dynamicLds = ${String(extra)} is not a byte count`);
    if (extra > 0) {
      // HIP places extern __shared__ arrays after everything else, aligned like any group allocation.
      lds = Math.ceil(lds / 16) * 16 + extra;
      dynamicLds += extra;
    }
    const noDynamic = dynamicLdsWarning(k, dynamicLds);
    if (noDynamic !== undefined) warn(noDynamic);
    if (lds > 65536)
      throw new LaunchError('lds', `kernel '${k.name}' needs ${lds} bytes of LDS; a workgroup has 65536`);
    const usesPrintf = mdArgs.some((a) => a.valueKind === 'hidden_printf_buffer');
    const printfSize = opts.printfBufferSize ?? PRINTF_BUFFER_BYTES;
    if (usesPrintf && (!Number.isSafeInteger(printfSize) || printfSize < 8 || printfSize > 0xffffffff))
      throw new LaunchError(
        'argument',
        `printfBufferSize = ${printfSize} is not a byte count from 8 to 2^32-1`,
      );
    const privateSize =
      Number(k.descriptor.privateSegmentFixedSize) + (md.usesDynamicStack ? DYNAMIC_STACK_BYTES : 0);

    const allocate = (bytes: number, what: string) =>
      allocateIn(dev, allocs, bytes, `kernel '${k.name}': ${what}`);
    const trapHandler = resolveTrapHandler(opts.trapHandler, this.program, this.target, allocate, (a, b) =>
      mem.upload(a, b),
    );
    // The packet ring and the amd_queue_t (hsa_queue_t followed by the AMD fields LLVM reads for code
    // object v4 and older), where the kernel's dispatch and queue pointers point.
    const ring = queue === undefined ? allocate(QUEUE_PACKETS * PACKET_BYTES, 'the AQL queue') : 0;
    const queueAddress = queue ?? allocate(QUEUE_BYTES, 'the AQL queue');
    const kernargAddr = allocate(kernarg.length, 'the kernel arguments');
    // A printf buffer when the kernel takes one (hidden_printf_buffer), its header set as the runtime
    // does. Allocations start zeroed: the header needs only its size (bytes used stays 0).
    const printfBuf = usesPrintf ? allocate(printfSize, 'the printf buffer') : 0;
    if (usesPrintf) mem.write32(printfBuf + 4, printfSize);
    packHidden(kv, mdArgs, grid, block, nd, queueAddress, dynamicLds, printfBuf);
    mem.upload(kernargAddr, kernarg);
    // The dispatcher backs the private segments of one workgroup's waves (reused by the next).
    const waves = Math.ceil((block[0] * block[1] * block[2]) / 64);
    const scratch = privateBytesPerWave(privateSize) * waves;
    if (mem.used + scratch > mem.limit)
      throw new LaunchError(
        'memory-limit',
        `kernel '${k.name}' needs ${privateSize} bytes of private memory per work-item (${scratch} for a ` +
          `workgroup of ${waves} wave(s)), which would exceed the device's memoryLimit of ${mem.limit} bytes ` +
          `(${mem.used} in use): free buffers, raise the memoryLimit option or launch smaller blocks`,
      );
    const stats: DispatchStats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
    const messages: LaunchMessage[] = [];
    return {
      kernel: k,
      queue: { address: queueAddress, ring },
      // Barrier bit and system-scope acquire and release fences: the header HIP writes (packets.ts).
      packet: {
        dims: nd,
        block,
        grid,
        privateSegmentSize: privateSize,
        groupSegmentSize: lds,
        kernelObject: this.base + k.descriptorAddress,
        kernarg: kernargAddr,
      },
      host: {
        engine: opts.engine,
        workers,
        limits: { budget, timeout, progressInterval, onProgress: opts.onProgress },
        trapHandler,
        messages,
        shareable: !usesPrintf,
        stats,
      },
      result: (seconds) => {
        let printf = '';
        let printfNotes: string[] | undefined;
        if (usesPrintf) {
          const out = decodePrintfBuffer(mem.download(printfBuf, printfSize), this.printfTable());
          printf = out.text;
          if (out.notes.length > 0) printfNotes = out.notes;
        }
        return {
          kernel: k.name,
          ...stats,
          seconds,
          printf,
          ...(printfNotes ? { printfNotes } : {}),
          warnings,
          ...(messages.length > 0 ? { messages } : {}),
        };
      },
    };
  }

  /** The device's code lookup (LoadedCode): whether `address` lies in this code object's image. */
  contains(address: number): boolean {
    return address >= this.base && address < this.base + this.code.imageSize;
  }

  kernelName(kd: number): string | undefined {
    return this.code.kernels.find((k) => this.base + k.descriptorAddress === kd)?.name;
  }

  private readonly descriptors = new Map<number, { bytes: Uint8Array; kd: KernelDescriptor }>();
  /**
   * The kernel descriptor in these bytes, decoded once while they stay the same (the dispatcher keys its
   * per-descriptor plans on the object): the code object's own when they are its bytes.
   */
  descriptor(kd: number, bytes: Uint8Array): KernelDescriptor {
    const hit = this.descriptors.get(kd);
    if (hit !== undefined && sameBytes(hit.bytes, bytes)) return hit.kd;
    const own = this.code.kernels.find((k) => this.base + k.descriptorAddress === kd)?.descriptor;
    const decoded =
      own !== undefined && sameBytes(encodeKernelDescriptor(own), bytes)
        ? own
        : decodeKernelDescriptor(bytes);
    this.descriptors.set(kd, { bytes, kd: decoded });
    return decoded;
  }

  private codeShares: CodeSharing | undefined;
  /** What the code object's code lets the threads of a dispatch split (parallel.ts). */
  sharing(): CodeSharing {
    if (this.codeShares === undefined) {
      const ranges: [number, number][] = [];
      // Executable PT_LOAD segments (p_flags PF_X = 1), at their load addresses.
      for (const seg of this.code.elf.segments)
        if (seg.type === PT_LOAD && (seg.flags & 1) !== 0)
          ranges.push([this.base + seg.vaddr, this.base + seg.vaddr + seg.memsz]);
      this.codeShares = codeSharing(this.program, ranges);
    }
    return this.codeShares;
  }

  private printfFormats: PrintfTable | undefined;
  private printfTable(): PrintfTable {
    this.printfFormats ??= new PrintfTable(this.code.metadata?.printf ?? []);
    return this.printfFormats;
  }
}

/** What Module.setup prepared for one dispatch. */
export interface LaunchSetup {
  readonly kernel: LoadedKernel;
  /** The amd_queue_t the kernel arguments point at, and the ring allocated with it (0: none allocated). */
  readonly queue: { readonly address: number; readonly ring: number };
  /** The kernel dispatch packet's fields but the header options and completion signal. */
  readonly packet: Omit<KernelDispatchFields, 'completionSignal' | keyof HeaderOptions>;
  /** The packet's side-table entry. */
  readonly host: HostDispatch;
  /** The result once the dispatch has completed (reads the printf buffer). */
  result(seconds: number): LaunchResult;
}

/** Adds what most likely caused a fault of kernel `k`'s dispatch to its message. */
export function launchNote(e: unknown, k: LoadedKernel, target: Target): void {
  // A read of 0xc0-0xc7 by gfx7/8 code object v5 code: clang-22's non-kernel functions (every -O0
  // kernel calls one) take the LDS/private aperture bases from hidden_private_base/hidden_shared_base
  // off a null implicit-argument pointer. Hardware faults the same way; v4 code uses the queue.
  const mdArgs = k.metadata.args ?? [];
  const gen = processorOf(target).generation;
  const v5 = mdArgs.some((a) => a.valueKind === 'hidden_private_base');
  // A fault near address 0 in a kernel that takes a hostcall buffer: most likely HIP's default printf.
  const hostcall = mdArgs.some((a) => a.valueKind === 'hidden_hostcall_buffer');
  if (
    e instanceof DispatchError &&
    (gen === 'gfx7' || gen === 'gfx8') &&
    v5 &&
    /unmapped address 0xc[0-7] \(4-byte read\)/.test(e.message)
  )
    e.message +=
      ' (note: clang-22 code object v5 code for gfx7/gfx8 functions reads the aperture bases from address 0xc0, which faults on hardware too: compile with -mcode-object-version=4)';
  else if (e instanceof DispatchError && hostcall && /unmapped address 0x[0-9a-f]{1,4}\b/.test(e.message))
    e.message +=
      ' (note: the kernel takes a hostcall buffer, which is not modelled (null): HIP printf needs -mprintf-kind=buffered)';
}

/** A finite, non-negative number of seconds. */
function secondsOption(v: unknown, what: string, zero: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new LaunchError('argument', `${what} = ${String(v)} is not a number of seconds${zero}`);
  return v;
}

/** A grid or block as the AQL packet holds it: 1 to 3 dimensions, missing ones 1. */
function dims(v: unknown, what: 'grid' | 'block'): [number, number, number] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 3)
    throw new LaunchError('argument', `${what} must be an array of 1 to 3 dimensions`);
  const out: [number, number, number] = [1, 1, 1];
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1)
      throw new LaunchError('argument', `${what}[${i}] = ${String(x)} is not a positive integer`);
    // The packet's grid_size_x/y/z are 32-bit: more work-items in one dimension cannot be dispatched.
    if (x > 0xffffffff)
      throw new LaunchError(
        what === 'grid' ? 'grid' : 'block-size',
        `${what}[${i}] = ${x} exceeds the AQL packet's 32-bit ${what} size (at most 4294967295 work-items per dimension)`,
      );
    out[i] = x;
  }
  if (what === 'block' && out[0] * out[1] * out[2] > 1024)
    throw new LaunchError('block-size', `block ${out.join('x')} has more than 1024 work-items`);
  return out;
}
