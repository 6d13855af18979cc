// The host API: one virtual GPU with its memory (capped, like a real device's), code objects loaded into
// it, and host copies into and out of its buffers. Launches are in launch.ts.

import type { CodeLookup } from '../cp/aql/kernel-dispatch.js';
import type { SchedQueue } from '../cp/scheduler.js';
import { CodeObject } from '../elf/code-object.js';
import { ET_DYN, ET_REL } from '../elf/types.js';
import { DeviceMemory } from '../emu/memory.js';
import { Program } from '../emu/program.js';
import { DispatchError } from '../gpu/dispatch.js';
import { supportedNames } from '../isa/processors.js';
import { isTarget } from '../isa/targets.js';
import {
  createQueue,
  createSignal,
  type DeviceAqlQueue,
  type DeviceSignal,
  type QueueOptions,
} from './aql-device.js';
import { LaunchError, memoryError } from './errors.js';
import type { DeviceImage, DeviceSampler, ImageOptions, SamplerOptions } from './image.js';
import { createImage, createSampler } from './image-device.js';
import { isBuffer } from './kernargs.js';
import { Module } from './launch.js';
import { createPm4Queue, type DevicePm4Queue, type Pm4QueueOptions } from './pm4-device.js';
import type { DeviceBuffer, DeviceOptions } from './types.js';

export { AqlError } from '../cp/aql/queue.js';
export { Pm4Error } from '../cp/pm4-exec/packet.js';
export { QueueDeadlock } from '../cp/scheduler.js';
export type { PacketOptions, QueuedDispatch, QueueOptions } from './aql-device.js';
export { DeviceAqlQueue, DeviceSignal } from './aql-device.js';
export { DevicePm4Queue, type Pm4QueueOptions } from './pm4-device.js';
export { DispatchError, LaunchError, Module };
export type { LaunchErrorCode } from './errors.js';
export { DEFAULT_BUDGET, DEFAULT_PROGRESS_INTERVAL } from './launch.js';

/** The default DeviceOptions.memoryLimit: 4 GiB, the smallest memory of the GPUs gcnkit models. */
export const DEFAULT_MEMORY_LIMIT = 4 * 2 ** 30;

type TypedArrayCtor<T> = { new (buffer: ArrayBuffer): T; BYTES_PER_ELEMENT: number };

export class Device implements CodeLookup {
  readonly mem: DeviceMemory;
  private readonly onWarning: ((message: string) => void) | undefined;
  private dispatchId = 0;
  /** The loaded code objects, which the command processor finds kernels in by address. */
  private readonly modules: Module[] = [];
  /** The command processor's queues (AQL and PM4), in the order they take turns. */
  private readonly cpQueues: SchedQueue[] = [];

  constructor(options: DeviceOptions = {}) {
    if (typeof options !== 'object' || options === null)
      throw new LaunchError('argument', `new Device: options must be an object, got ${describe(options)}`);
    const limit = options.memoryLimit ?? DEFAULT_MEMORY_LIMIT;
    if (!(Number.isSafeInteger(limit) && limit >= 0) && limit !== Number.POSITIVE_INFINITY)
      throw new LaunchError('argument', `memoryLimit = ${String(limit)} is not a byte count`);
    if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
      throw new LaunchError('argument', 'onWarning must be a function');
    this.mem = new DeviceMemory(limit);
    this.onWarning = options.onWarning;
  }

  /** The cap on live device allocations, in bytes. */
  get memoryLimit(): number {
    return this.mem.limit;
  }

  /** Loads a linked code object (an ld.lld -shared output, the .hsaco of clang) into device memory. */
  load(bytes: Uint8Array, name = 'code object'): Module {
    if (!(bytes instanceof Uint8Array))
      throw new LaunchError(
        'argument',
        `load: bytes must be a Uint8Array (the file's contents), got ${describe(bytes)}`,
      );
    const co = CodeObject.load(bytes, name);
    const type = co.elf.header.type;
    if (type === ET_REL)
      throw new LaunchError(
        'object-kind',
        `${name} is a relocatable object (ET_REL), not a loadable code object: link it first with ` +
          "ld.lld -shared, or gcnkit's linker (link() in the library, gcnkit link on the command line)",
      );
    if (type !== ET_DYN)
      throw new LaunchError(
        'object-kind',
        `${name} is an ELF of type ${type}, not a shared code object (ET_DYN): link it with ld.lld -shared`,
      );
    if (co.metadata === undefined)
      throw new LaunchError(
        'no-metadata',
        `${name} has no AMDGPU metadata note (NT_AMDGPU_METADATA), which names its kernels and their arguments: ` +
          "compile it for code object v4 or v5 (clang's default, -mcode-object-version=5), or add .amdgpu_metadata to assembly",
      );
    const proc = co.target.processor;
    if (!isTarget(proc))
      throw new LaunchError(
        'target',
        `${name}: target ${proc} is not supported (${supportedNames().join(', ')})`,
      );
    const base = this.allocate(Math.max(co.imageSize, 4), 0x1000, `load ${name}: the code object image`);
    const image = co.loadImage(BigInt(base));
    this.mem.upload(base, image);
    const m = new Module(this, co, new Program(image, base, proc), base, proc);
    this.modules.push(m);
    return m;
  }

  /** The loaded code object whose image holds `address`. */
  codeAt(address: number): Module | undefined {
    return this.modules.find((m) => m.contains(address));
  }

  /** The command processor's queues: the ones a wait on a signal runs. */
  get queues(): readonly SchedQueue[] {
    return this.cpQueues;
  }

  /** Adds a queue to the command processor (it takes turns from the next wait on). */
  attachQueue(q: SchedQueue): void {
    this.cpQueues.push(q);
  }

  /** Removes a queue from the command processor. */
  detachQueue(q: SchedQueue): void {
    const i = this.cpQueues.indexOf(q);
    if (i >= 0) this.cpQueues.splice(i, 1);
  }

  /** A zeroed buffer of `bytes` bytes (a non-negative safe integer). */
  alloc(bytes: number): DeviceBuffer {
    byteCount(bytes, 'alloc: bytes');
    return { address: this.allocate(Math.max(bytes, 1), 256, 'alloc'), size: bytes };
  }

  /** A new buffer holding a copy of `data`. */
  upload(data: ArrayBufferView): DeviceBuffer {
    const bytes = viewBytes(data, 'upload: data');
    const b = this.alloc(bytes.length);
    this.mem.upload(b.address, bytes);
    return b;
  }

  /** Copies `data` into `buf` at `byteOffset` (e.g. between two launches that share the buffer). */
  write(buf: DeviceBuffer, data: ArrayBufferView, byteOffset = 0): void {
    this.live(buf, 'write');
    const bytes = viewBytes(data, 'write: data');
    this.range(buf, byteOffset, bytes.length, 'write');
    this.mem.upload(buf.address + byteOffset, bytes);
  }

  /** A copy of `byteLength` bytes of `buf` from `byteOffset` (by default, to the end of the buffer). */
  read(buf: DeviceBuffer, byteOffset = 0, byteLength?: number): Uint8Array {
    this.live(buf, 'read');
    byteCount(byteOffset, 'read: byteOffset');
    const n = byteLength ?? Math.max(0, buf.size - byteOffset);
    this.range(buf, byteOffset, n, 'read');
    return this.mem.download(buf.address + byteOffset, n);
  }

  /** The whole buffer as a typed array (`download(buf, Float32Array)`); a trailing partial element is dropped. */
  download<T>(buf: DeviceBuffer, type: TypedArrayCtor<T>): T {
    this.live(buf, 'download');
    const size = type?.BYTES_PER_ELEMENT;
    if (typeof type !== 'function' || !Number.isInteger(size) || size < 1)
      throw new LaunchError(
        'argument',
        'download: type must be a typed array constructor, e.g. Float32Array',
      );
    const n = Math.floor(buf.size / size) * size;
    return new type(this.mem.download(buf.address, n).buffer as ArrayBuffer);
  }

  /**
   * An OpenCL image (docs/api.md, "Images"): texel data (linear rows, zeroed or a copy of `data`) and
   * the image object a kernel's image argument points to. The result is also a DeviceBuffer of the
   * texel data, for read, write and download.
   */
  createImage(options: ImageOptions, data?: ArrayBufferView): DeviceImage {
    return createImage(this, options, data === undefined ? undefined : viewBytes(data, 'createImage: data'));
  }

  /** An OpenCL sampler (options or a sampler_t value); one device S# per distinct value. */
  createSampler(options: SamplerOptions | number): DeviceSampler {
    return createSampler(this, options);
  }

  free(buf: DeviceBuffer): void {
    this.live(buf, 'free');
    this.mem.free(buf.address);
  }

  nextDispatchId(): number {
    return this.dispatchId++;
  }

  private queueId = 0;
  /** hsa_queue_t.id of the next queue: unique over the device's lifetime. */
  nextQueueId(): number {
    return ++this.queueId;
  }

  /** A new AQL queue in device memory, processed by the device's command processor (docs/api.md). */
  createQueue(options: QueueOptions): DeviceAqlQueue;
  createQueue(options: Pm4QueueOptions): DevicePm4Queue;
  createQueue(options: QueueOptions | Pm4QueueOptions): DeviceAqlQueue | DevicePm4Queue {
    if (typeof options === 'object' && options !== null && options.kind === 'pm4')
      return createPm4Queue(this, options);
    return createQueue(this, options as QueueOptions);
  }

  /** A new signal (amd_signal_t) in device memory with `value` (default 0). */
  createSignal(value = 0): DeviceSignal {
    return createSignal(this, value);
  }

  /** Passes a warning to DeviceOptions.onWarning. */
  warn(message: string): void {
    this.onWarning?.(message);
  }

  /**
   * Device memory for `what`: over the memoryLimit, or more than the host can back, is a LaunchError
   * raised before any memory is taken.
   */
  allocate(bytes: number, align: number, what: string): number {
    try {
      return this.mem.alloc(bytes, align);
    } catch (e) {
      throw memoryError(e, what);
    }
  }

  private live(buf: DeviceBuffer, what: string): void {
    if (!isBuffer(buf))
      throw new LaunchError(
        'argument',
        `${what}: expected a device buffer (from alloc or upload), got ${describe(buf)}`,
      );
    const r = this.mem.allocationAt(buf.address);
    if (r === undefined || r.base !== buf.address || buf.size > r.size || !Number.isSafeInteger(buf.size))
      throw new LaunchError(
        'argument',
        `${what}: the buffer at 0x${buf.address.toString(16)} (${buf.size} bytes) is not a live allocation of this device (freed?)`,
      );
  }

  private range(buf: DeviceBuffer, byteOffset: number, byteLength: number, what: string): void {
    byteCount(byteOffset, `${what}: byteOffset`);
    byteCount(byteLength, `${what}: byteLength`);
    if (byteOffset + byteLength > buf.size)
      throw new LaunchError(
        'argument',
        `${what}: ${byteLength} bytes at byteOffset ${byteOffset} do not fit in the ${buf.size}-byte buffer`,
      );
  }
}

function byteCount(n: unknown, what: string): void {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new LaunchError(
      'argument',
      `${what} = ${describe(n)} is not a byte count (a non-negative integer)`,
    );
}

function viewBytes(data: unknown, what: string): Uint8Array {
  if (!ArrayBuffer.isView(data))
    throw new LaunchError(
      'argument',
      `${what} must be a typed array or DataView (wrap an ArrayBuffer in a Uint8Array), got ${describe(data)}`,
    );
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function describe(x: unknown): string {
  if (x === null) return 'null';
  if (typeof x === 'object') return (x as object).constructor?.name ?? 'an object';
  if (typeof x === 'string') return `'${x}'`;
  if (typeof x === 'function') return 'a function';
  return String(x);
}
