// PM4 queues on a Device (Device.createQueue({ kind: 'pm4', mcpu })): a ring in device memory that the
// host fills with a PM4 stream (src/cp/pm4/builder.ts writes them) and whose write pointer it bumps; the
// command processor runs it when the host waits (finish, a signal's wait), taking turns with the device's
// other queues, AQL ones included, so one queue can wait on what another writes. The device's GDS is
// shared by its PM4 queues.

import { runUntil } from '../cp/aql/wait.js';
import { GDS_BYTES, Pm4Machine } from '../cp/pm4-exec/machine.js';
import { Pm4Error } from '../cp/pm4-exec/packet.js';
import { Pm4Queue } from '../cp/pm4-exec/queue.js';
import { type Engine, isEngine } from '../emu/jit/engine.js';
import type { DispatchStats } from '../gpu/dispatch.js';
import { isTarget, TARGETS, type Target } from '../isa/targets.js';
import type { Device } from './device.js';
import { LaunchError } from './errors.js';
import { DEFAULT_BUDGET } from './launch.js';

/** Device.createQueue's options for a PM4 queue. */
export interface Pm4QueueOptions {
  readonly kind: 'pm4';
  /** The processor the stream is written for: packet layouts, register offsets, the ISA of dispatches. */
  readonly mcpu: Target;
  /** Dwords in the ring: a power of two from 64 to 2^20 (default 4096). */
  readonly ringDwords?: number;
  /** A graphics ring, with a constant engine (INDIRECT_BUFFER_CONST, CE RAM, CE/DE counters). */
  readonly constantEngine?: boolean;
  /** Wave-instructions each dispatch may execute (default 1e9), its wall-clock seconds (default none). */
  readonly budget?: number;
  readonly timeout?: number;
  readonly engine?: Engine;
  /** Interrupts fence packets raise (EVENT_WRITE_EOP / RELEASE_MEM INT_SEL). */
  readonly onInterrupt?: (packet: string, data: number) => void;
}

const GDS = new WeakMap<Device, Uint8Array>();

/** A PM4 queue (Device.createQueue({ kind: 'pm4', mcpu })). */
export class DevicePm4Queue {
  readonly kind = 'pm4';
  /** The executor, for its register file, counters and engines. */
  readonly processor: Pm4Queue;
  private live = true;

  constructor(
    private readonly dev: Device,
    /** The ring's device address. */
    readonly ring: number,
    readonly ringDwords: number,
    processor: Pm4Queue,
  ) {
    this.processor = processor;
  }

  /** The dword index the next submitted word goes to. */
  get writePointer(): number {
    return this.processor.writePointer;
  }

  /** The dword index of the next packet the command processor runs. */
  get readPointer(): number {
    return this.processor.readPointer;
  }

  /** Counts of the dispatches the queue ran. */
  get stats(): DispatchStats {
    return this.processor.stats;
  }

  /**
   * Copies `words` (whole packets) into the ring at the write pointer, wrapping at its end, and rings the
   * doorbell. A ring without room first lets the command processor run.
   */
  submit(words: ArrayLike<number>): void {
    this.check('submit');
    const n = this.ringDwords;
    if (words.length >= n)
      throw new LaunchError('argument', `submit: ${words.length} dwords do not fit a ring of ${n}`);
    const free = () => n - 1 - ((this.writePointer - this.readPointer) & (n - 1));
    if (free() < words.length && !runUntil(this.dev.queues, () => free() >= words.length))
      throw new LaunchError(
        'argument',
        `submit: ${this.processor.label} has no room for ${words.length} dwords`,
      );
    const mem = this.dev.mem;
    let w = this.writePointer;
    for (let k = 0; k < words.length; k++) {
      mem.write32(this.ring + w * 4, words[k] >>> 0);
      w = (w + 1) & (n - 1);
    }
    this.processor.ringDoorbell(w);
  }

  /** Runs the device's queues until this one has run every submitted packet. */
  finish(): void {
    this.check('finish');
    const failed = this.processor.failure;
    if (failed !== undefined || !runUntil(this.dev.queues, () => this.processor.idle))
      throw new Pm4Error(
        `finish: ${this.processor.label} ${failed === undefined ? 'cannot finish' : `stopped after an error: ${failed.message}`}`,
      );
  }

  /** Removes the queue from the device and frees its ring. */
  destroy(): void {
    this.check('destroy');
    this.live = false;
    this.dev.detachQueue(this.processor);
    this.dev.mem.free(this.ring);
  }

  private check(what: string): void {
    if (!this.live) throw new LaunchError('argument', `${what}: the queue was destroyed`);
  }
}

/** A new empty PM4 queue, attached to the device's command processor. */
export function createPm4Queue(dev: Device, o: Pm4QueueOptions): DevicePm4Queue {
  if (!isTarget(String(o.mcpu)))
    throw new LaunchError(
      'argument',
      `createQueue: mcpu = ${String(o.mcpu)} is not one of ${TARGETS.join(', ')}`,
    );
  const n = o.ringDwords ?? 4096;
  if (!Number.isSafeInteger(n) || n < 64 || n > 2 ** 20 || (n & (n - 1)) !== 0)
    throw new LaunchError(
      'argument',
      `createQueue: ringDwords = ${String(n)} is not a power of two from 64 to 2^20`,
    );
  const budget = o.budget ?? DEFAULT_BUDGET;
  if (!Number.isSafeInteger(budget) || budget < 1)
    throw new LaunchError('argument', `createQueue: budget = ${String(budget)} is not a positive integer`);
  const timeout = o.timeout ?? 0;
  if (typeof timeout !== 'number' || !(timeout >= 0))
    throw new LaunchError('argument', `createQueue: timeout = ${String(timeout)} is not a number of seconds`);
  if (o.engine !== undefined && !isEngine(o.engine))
    throw new LaunchError('argument', `createQueue: engine = ${String(o.engine)} is not jit or interpreter`);
  let gds = GDS.get(dev);
  if (gds === undefined) {
    gds = new Uint8Array(GDS_BYTES);
    GDS.set(dev, gds);
  }
  const id = dev.nextQueueId();
  const ring = dev.allocate(n * 4, 256, 'createQueue: the PM4 ring');
  const machine = new Pm4Machine(dev.mem, o.mcpu, {
    limits: { budget, timeout, progressInterval: 0.5 },
    engine: o.engine,
    gds,
    onInterrupt:
      o.onInterrupt === undefined ? undefined : (_q, packet, data) => o.onInterrupt?.(packet, data),
  });
  const q = new Pm4Queue(machine, {
    label: `PM4 queue ${id} (${o.constantEngine ? 'graphics' : 'compute'} ring)`,
    ring,
    ringDwords: n,
    constantEngine: o.constantEngine === true,
  });
  dev.attachQueue(q);
  return new DevicePm4Queue(dev, ring, n, q);
}
