// The host API of AQL queues and signals (docs/api.md, "Queues and signals"): queues and signals live in
// device memory (src/cp/aql), the host writes packets into a queue's ring and rings its doorbell, and a
// wait on a signal runs the device's command processor until the signal satisfies the condition.

import {
  FENCE_SCOPE_NAMES,
  type FenceScopeName,
  PACKET_BYTES,
  PacketType,
  Q,
  QUEUE_BYTES,
  SIGNAL_BYTES,
  SIGNAL_CONDITIONS,
  type SignalCondition,
} from '../cp/aql/layout.js';
import { type HeaderOptions, writeBarrier, writeKernelDispatch, writeQueue } from '../cp/aql/packets.js';
import { AqlQueue } from '../cp/aql/queue.js';
import { initSignal, setSignalValue, signalValue, writeU64 } from '../cp/aql/signal.js';
import { runUntil, waitSignal } from '../cp/aql/wait.js';
import type { Device } from './device.js';
import { LaunchError } from './errors.js';
import type { LaunchSetup, Module } from './launch.js';
import { allocateIn } from './launch-memory.js';
import type { LaunchOptions, LaunchResult } from './types.js';

/** A signal (amd_signal_t) in device memory; its handle for packets is its address. */
export class DeviceSignal {
  private live = true;
  constructor(
    private readonly dev: Device,
    readonly address: number,
  ) {}

  /** The current value (hsa_signal_load). */
  load(): number {
    this.check('load');
    return signalValue(this.dev.mem, this.address);
  }

  /** Sets the value (hsa_signal_store). */
  store(value: number): void {
    this.check('store');
    setSignalValue(this.dev.mem, this.address, safe(value, 'store: value'));
  }

  /** Adds `value` (hsa_signal_add); returns the new value. */
  add(value: number): number {
    this.check('add');
    const v = this.load() + safe(value, 'add: value');
    setSignalValue(this.dev.mem, this.address, safe(v, 'add: the result'));
    return v;
  }

  /** Subtracts `value` (hsa_signal_subtract); returns the new value. */
  subtract(value: number): number {
    return this.add(-safe(value, 'subtract: value'));
  }

  /**
   * Runs the device's queues until the value satisfies `condition` ('eq', 'ne', 'lt', 'gte') against
   * `value` (hsa_signal_wait_scacquire); returns the value then. A wait that can never end is an error:
   * QueueDeadlock when queues are blocked, AqlError when every queue is idle.
   */
  wait(condition: SignalCondition, value: number): number {
    this.check('wait');
    if (!SIGNAL_CONDITIONS.includes(condition))
      throw new LaunchError(
        'argument',
        `wait: condition = ${String(condition)} is not one of ${SIGNAL_CONDITIONS.join(', ')}`,
      );
    return waitSignal(this.dev.mem, this.dev.queues, this.address, condition, safe(value, 'wait: value'));
  }

  /** Frees the signal's memory; later use is an error. */
  destroy(): void {
    this.check('destroy');
    this.live = false;
    this.dev.mem.free(this.address);
  }

  private check(what: string): void {
    if (!this.live)
      throw new LaunchError(
        'argument',
        `${what}: the signal at 0x${this.address.toString(16)} was destroyed`,
      );
  }
}

function safe(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw new LaunchError('argument', `${what} = ${String(v)} is not a safe integer`);
  return v;
}

/** A new signal with `value` (hsa_signal_create). */
export function createSignal(dev: Device, value: number): DeviceSignal {
  safe(value, 'createSignal: value');
  const a = dev.allocate(SIGNAL_BYTES, SIGNAL_BYTES, 'createSignal');
  initSignal(dev.mem, a, value);
  return new DeviceSignal(dev, a);
}

/** Device.createQueue's options. */
export interface QueueOptions {
  readonly kind: 'aql';
  /** Packets in the ring: a power of two from 1 to 65536 (default 64). */
  readonly size?: number;
}

/** The header of a packet the host writes (defaults: barrier bit set, system-scope fences, as HIP). */
export interface PacketOptions {
  readonly barrier?: boolean;
  readonly acquire?: FenceScopeName;
  readonly release?: FenceScopeName;
  /** Decremented by 1 when the packet completes. */
  readonly completionSignal?: DeviceSignal;
}

/** A kernel dispatch written into a queue: its result once the packet has been processed. */
export interface QueuedDispatch {
  /** The packet's index in its queue (its dispatch id). */
  readonly index: number;
  /** Whether the packet has been processed. */
  readonly done: boolean;
  /** The launch's result; an error before the packet has been processed. */
  result(): LaunchResult;
}

/** An AQL queue (Device.createQueue({ kind: 'aql' })). */
export class DeviceAqlQueue {
  readonly kind = 'aql';
  /** The packet processor, for its counts (processed, fences). */
  readonly processor: AqlQueue;
  private readonly allocs: number[] = [];
  /** The allocations and results of dispatches written but not processed yet, by packet index. */
  private readonly pending = new Map<number, { setup: LaunchSetup; allocs: number[]; done?: LaunchResult }>();
  private live = true;

  constructor(
    private readonly dev: Device,
    /** The amd_queue_t's address: what a kernel's queue pointer points at. */
    readonly address: number,
    /** The packet ring's address. */
    readonly ring: number,
    readonly size: number,
    /** The doorbell signal: the host stores the index of the last packet it published. */
    readonly doorbell: DeviceSignal,
    readonly id: number,
  ) {
    this.processor = new AqlQueue(dev.mem, dev, address, `AQL queue ${id}`);
    this.processor.onProcessed = (index, seconds) => {
      const p = this.pending.get(index);
      if (p === undefined) return;
      this.pending.delete(index);
      p.done = p.setup.result(seconds);
      for (const a of p.allocs) dev.mem.free(a);
    };
  }

  /** read_dispatch_id: the next packet the packet processor will process. */
  get readIndex(): number {
    return this.processor.readIndex;
  }

  /** write_dispatch_id: the next packet index the host will write. */
  get writeIndex(): number {
    return this.processor.writeIndex;
  }

  /**
   * Writes a kernel dispatch packet for `kernel` of `module` (a launch's options, as Module.launch takes
   * them, plus the packet header's); it runs once submitted.
   */
  dispatch(module: Module, kernel: string, opts: LaunchOptions & PacketOptions): QueuedDispatch {
    this.check('dispatch');
    const h = headerOptions(opts, 'dispatch');
    const allocs: number[] = [];
    let setup: LaunchSetup;
    try {
      setup = module.setup(kernel, opts, allocs, this.address);
    } catch (e) {
      for (const a of allocs) this.dev.mem.free(a);
      throw e;
    }
    const index = this.reserve();
    this.processor.host.set(index, setup.host);
    const entry: { setup: LaunchSetup; allocs: number[]; done?: LaunchResult } = { setup, allocs };
    this.pending.set(index, entry);
    writeKernelDispatch(this.dev.mem, this.processor.slot(index), {
      ...setup.packet,
      ...h,
      completionSignal: opts.completionSignal?.address ?? 0,
    });
    const k = setup.kernel;
    return {
      index,
      get done() {
        return entry.done !== undefined;
      },
      result: () => {
        if (entry.done === undefined)
          throw new LaunchError(
            'argument',
            `result: the dispatch of kernel '${k.name}' (packet ${index}) has not completed`,
          );
        return entry.done;
      },
    };
  }

  /** Writes a BARRIER_AND packet: completes when every one of `deps` (up to 5) is 0. Returns its index. */
  barrierAnd(deps: readonly DeviceSignal[], opts: PacketOptions = {}): number {
    return this.barrier(PacketType.BARRIER_AND, deps, opts, 'barrierAnd');
  }

  /** Writes a BARRIER_OR packet: completes when one of `deps` (up to 5) is 0. Returns its index. */
  barrierOr(deps: readonly DeviceSignal[], opts: PacketOptions = {}): number {
    return this.barrier(PacketType.BARRIER_OR, deps, opts, 'barrierOr');
  }

  /** Rings the doorbell with the last packet written: the packet processor may process them all. */
  submit(): void {
    this.check('submit');
    this.doorbell.store(this.writeIndex - 1);
  }

  /** Runs the device's queues until this one has processed every packet written (and submitted). */
  finish(): void {
    this.check('finish');
    if (!runUntil(this.dev.queues, () => this.readIndex >= this.writeIndex))
      throw new LaunchError(
        'argument',
        `finish: ${this.processor.label} stops at packet ${this.readIndex} of ${this.writeIndex} written` +
          (this.processor.error === undefined ? ': submit() the packets first' : ' after an error'),
      );
  }

  /** Removes the queue from the device and frees its memory (and that of unprocessed dispatches). */
  destroy(): void {
    this.check('destroy');
    this.live = false;
    this.dev.detachQueue(this.processor);
    for (const p of this.pending.values()) for (const a of p.allocs) this.dev.mem.free(a);
    this.pending.clear();
    for (const a of this.allocs) this.dev.mem.free(a);
    this.doorbell.destroy();
  }

  private barrier(type: 3 | 5, deps: readonly DeviceSignal[], opts: PacketOptions, what: string): number {
    this.check(what);
    if (!Array.isArray(deps) || deps.length > 5 || !deps.every((d) => d instanceof DeviceSignal))
      throw new LaunchError('argument', `${what}: deps must be an array of at most 5 signals (createSignal)`);
    const h = headerOptions(opts, what);
    const index = this.reserve();
    writeBarrier(
      this.dev.mem,
      this.processor.slot(index),
      type,
      deps.map((d) => d.address),
      opts.completionSignal?.address ?? 0,
      h,
    );
    return index;
  }

  /**
   * The next packet index, the write index bumped past it. A full ring first lets the command processor
   * run; if that frees no slot, the packets in it were never submitted.
   */
  private reserve(): number {
    const full = () => this.writeIndex - this.readIndex >= this.size;
    if (full() && !runUntil(this.dev.queues, () => !full()))
      throw new LaunchError(
        'argument',
        `${this.processor.label} is full: its ${this.size} packets from ${this.readIndex} on were written and not processed` +
          (this.processor.error === undefined
            ? ' (submit() them first)'
            : ' (the queue stopped after an error)'),
      );
    const index = this.writeIndex;
    writeU64(this.dev.mem, this.address + Q.writeDispatchId, index + 1);
    return index;
  }

  private check(what: string): void {
    if (!this.live) throw new LaunchError('argument', `${what}: the queue was destroyed`);
  }

  /** The queue's allocations, freed by destroy. */
  own(a: number): void {
    this.allocs.push(a);
  }
}

function headerOptions(o: PacketOptions, what: string): HeaderOptions {
  const scope = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    const i = FENCE_SCOPE_NAMES.indexOf(v as FenceScopeName);
    if (i < 0)
      throw new LaunchError(
        'argument',
        `${what}: ${name} = ${String(v)} is not one of ${FENCE_SCOPE_NAMES.join(', ')}`,
      );
    return i;
  };
  if (o.completionSignal !== undefined && !(o.completionSignal instanceof DeviceSignal))
    throw new LaunchError('argument', `${what}: completionSignal must be a signal (createSignal)`);
  return { barrier: o.barrier, acquire: scope(o.acquire, 'acquire'), release: scope(o.release, 'release') };
}

/** A new empty AQL queue, attached to the device's command processor. */
export function createQueue(dev: Device, options: QueueOptions): DeviceAqlQueue {
  if (typeof options !== 'object' || options === null || options.kind !== 'aql')
    throw new LaunchError(
      'argument',
      "createQueue: options must be { kind: 'aql', size? } or { kind: 'pm4', mcpu, ... }",
    );
  const size = options.size ?? 64;
  if (!Number.isSafeInteger(size) || size < 1 || size > 65536 || (size & (size - 1)) !== 0)
    throw new LaunchError(
      'argument',
      `createQueue: size = ${String(size)} is not a power of two from 1 to 65536`,
    );
  const allocs: number[] = [];
  let doorbell: DeviceSignal | undefined;
  try {
    const ring = allocateIn(dev, allocs, size * PACKET_BYTES, 'createQueue: the packet ring');
    const address = allocateIn(dev, allocs, QUEUE_BYTES, 'createQueue: the amd_queue_t');
    doorbell = createSignal(dev, -1);
    const id = dev.nextQueueId();
    writeQueue(dev.mem, { address, ring, size, doorbell: doorbell.address, id, first: 0 });
    const q = new DeviceAqlQueue(dev, address, ring, size, doorbell, id);
    for (const a of allocs) q.own(a);
    dev.attachQueue(q.processor);
    return q;
  } catch (e) {
    for (const a of allocs) dev.mem.free(a);
    doorbell?.destroy();
    throw e;
  }
}
