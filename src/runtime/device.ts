// The host API: one virtual GPU with its memory, code objects loaded into it, and kernel launches with the
// arguments packed as the kernel's metadata describes (explicit and hidden), an AQL dispatch packet and a
// queue in device memory, as the ROCm runtime would set them up.

import { type CodeObject, CodeObject as CodeObjectClass, type LoadedKernel } from '../elf/code-object.js';
import { kdFields } from '../elf/kernel-descriptor.js';
import type { KernelArgMetadata } from '../elf/metadata.js';
import { f32ToF16 } from '../emu/float/f16.js';
import { Program } from '../emu/program.js';
import { PRIVATE_APERTURE_HI, SHARED_APERTURE_HI } from '../emu/wave.js';
import { DispatchError, type DispatchStats, runDispatch } from '../gpu/dispatch.js';
import { DeviceMemory } from '../gpu/memory.js';
import { hasAgprs, isTarget, type Target } from '../isa/targets.js';
import { decodePrintfBuffer, PRINTF_BUFFER_BYTES, PrintfTable } from './printf.js';
import './semantics.js';
import type { DeviceBuffer, KernelArg, LaunchOptions, LaunchResult, ValueType } from './types.js';

/** Bad launch input (arguments, sizes): the message names the argument or field. */
export class LaunchError extends Error {
  override readonly name = 'LaunchError';
}

export { DispatchError };

/** Private stack per work-item for kernels whose stack size the compiler could not bound (recursion). */
export const DYNAMIC_STACK_BYTES = 16384;

/** Packets in the queue each launch builds (one dispatch packet, in slot 0). */
const QUEUE_PACKETS = 16;
const DEFAULT_BUDGET = 1e9;

type TypedArrayCtor<T> = { new (buffer: ArrayBuffer): T; BYTES_PER_ELEMENT: number };

export class Device {
  readonly mem = new DeviceMemory();
  private dispatchId = 0;

  /** Loads a code object into device memory. */
  load(bytes: Uint8Array, name = 'code object'): Module {
    const co = CodeObjectClass.load(bytes, name);
    const proc = co.target.processor;
    if (!isTarget(proc))
      throw new LaunchError(`${name}: target ${proc} is not supported (gfx900, gfx906, gfx908)`);
    const base = this.mem.alloc(Math.max(co.imageSize, 4), 0x1000);
    const image = co.loadImage(BigInt(base));
    this.mem.upload(base, image);
    return new Module(this, co, new Program(image, base, proc), base, proc);
  }

  alloc(bytes: number): DeviceBuffer {
    return { address: this.mem.alloc(Math.max(bytes, 1)), size: bytes };
  }

  upload(data: ArrayBufferView): DeviceBuffer {
    const b = this.alloc(data.byteLength);
    this.mem.upload(b.address, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return b;
  }

  download<T>(buf: DeviceBuffer, type: TypedArrayCtor<T>): T {
    const bytes = this.mem.download(buf.address, buf.size);
    const n = Math.floor(bytes.length / type.BYTES_PER_ELEMENT) * type.BYTES_PER_ELEMENT;
    const copy = new ArrayBuffer(n);
    new Uint8Array(copy).set(bytes.subarray(0, n));
    return new type(copy);
  }

  free(buf: DeviceBuffer): void {
    this.mem.free(buf.address);
  }

  nextDispatchId(): number {
    return this.dispatchId++;
  }
}

export class Module {
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

  /** Runs one dispatch to completion (synchronously). */
  launch(name: string, opts: LaunchOptions): LaunchResult {
    const k = this.code.kernel(name);
    const mem = this.device.mem;
    const grid = dims(opts.grid, 'grid');
    const block = dims(opts.block, 'block');
    const nd = opts.grid.length;
    const fields = kdFields(k.descriptor, this.target);
    const md = k.metadata;
    const explicit = (md.args ?? []).filter((a) => !a.valueKind.startsWith('hidden_'));
    if (opts.args.length !== explicit.length) {
      throw new LaunchError(
        `kernel '${k.name}' takes ${explicit.length} argument(s) (${explicit.map((a) => a.name ?? a.valueKind).join(', ')}), ${opts.args.length} given`,
      );
    }
    const groupStatic = Number(k.descriptor.groupSegmentFixedSize);
    let lds = Math.ceil(groupStatic / 16) * 16;
    const kernargSize = Math.max(Number(md.kernargSegmentSize), Number(k.descriptor.kernargSize), 16);
    const kernarg = new Uint8Array(Math.ceil(kernargSize / 16) * 16);
    const kv = new DataView(kernarg.buffer);
    let e = 0;
    let dynamicLds = 0;
    for (const a of md.args ?? []) {
      if (a.valueKind.startsWith('hidden_')) continue;
      const arg = opts.args[e];
      const where = `argument ${e} (${a.name ?? a.valueKind})`;
      e++;
      if (a.valueKind === 'dynamic_shared_pointer') {
        if (!isLds(arg)) throw new LaunchError(`${where} is a __local pointer: pass { lds: bytes }`);
        const align = Math.max(Number(a.pointeeAlign ?? 4), 16);
        lds = Math.ceil(lds / align) * align;
        kv.setUint32(a.offset, lds, true);
        lds += arg.lds;
        dynamicLds += arg.lds;
        continue;
      }
      if (a.valueKind === 'global_buffer' || a.valueKind === 'dynamic_shared_pointer') {
        if (!isBuffer(arg)) throw new LaunchError(`${where} is a pointer: pass a device buffer`);
        kv.setBigUint64(a.offset, BigInt(arg.address), true);
        continue;
      }
      if (a.valueKind === 'by_value') {
        packValue(kv, a, arg, where);
        continue;
      }
      throw new LaunchError(`${where}: argument kind ${a.valueKind} is not supported`);
    }
    const extra = opts.dynamicLds ?? 0;
    if (!Number.isSafeInteger(extra) || extra < 0)
      throw new LaunchError(`dynamicLds = ${extra} is not a byte count`);
    if (extra > 0) {
      // HIP places extern __shared__ arrays after everything else, aligned like any group allocation.
      lds = Math.ceil(lds / 16) * 16 + extra;
      dynamicLds += extra;
    }
    if (lds > 65536)
      throw new LaunchError(`kernel '${k.name}' needs ${lds} bytes of LDS; a workgroup has 65536`);
    // The AQL kernel dispatch packet, in slot 0 of a queue's packet ring, and the queue (hsa_queue_t
    // followed by the AMD fields LLVM reads for code object v4 and older), where the kernel's dispatch
    // and queue pointers point.
    const packet = mem.alloc(QUEUE_PACKETS * 64, 64);
    const queue = mem.alloc(256, 64);
    const privateSize =
      Number(k.descriptor.privateSegmentFixedSize) + (md.usesDynamicStack ? DYNAMIC_STACK_BYTES : 0);
    const kernargAddr = mem.alloc(kernarg.length, 64);
    const pv = new DataView(new ArrayBuffer(64));
    // Type KERNEL_DISPATCH (2), barrier bit, system-scope (2) acquire and release fences, as HIP sets it.
    pv.setUint16(0, 2 | (1 << 8) | (2 << 9) | (2 << 11), true);
    pv.setUint16(2, nd, true);
    pv.setUint16(4, block[0], true);
    pv.setUint16(6, block[1], true);
    pv.setUint16(8, block[2], true);
    pv.setUint32(12, grid[0], true);
    pv.setUint32(16, grid[1], true);
    pv.setUint32(20, grid[2], true);
    pv.setUint32(24, privateSize, true);
    pv.setUint32(28, lds, true);
    pv.setBigUint64(32, BigInt(this.base + k.descriptorAddress), true);
    pv.setBigUint64(40, BigInt(kernargAddr), true);
    mem.upload(packet, new Uint8Array(pv.buffer));
    const qv = new DataView(new ArrayBuffer(256));
    qv.setUint32(0, 0, true); // HSA_QUEUE_TYPE_MULTI
    qv.setUint32(4, 1, true); // HSA_QUEUE_FEATURE_KERNEL_DISPATCH
    qv.setBigUint64(8, BigInt(packet), true); // base_address: the packet ring
    qv.setUint32(24, QUEUE_PACKETS, true); // size in packets
    // amd_queue_t's group and private segment aperture bases (high dwords), LLVM's offsets 0x40/0x44.
    qv.setUint32(0x40, SHARED_APERTURE_HI, true);
    qv.setUint32(0x44, PRIVATE_APERTURE_HI, true);
    mem.upload(queue, new Uint8Array(qv.buffer));
    // A printf buffer when the kernel takes one (hidden_printf_buffer), its header set as the runtime does.
    const usesPrintf = (md.args ?? []).some((a) => a.valueKind === 'hidden_printf_buffer');
    const printfSize = opts.printfBufferSize ?? PRINTF_BUFFER_BYTES;
    if (usesPrintf && (!Number.isSafeInteger(printfSize) || printfSize < 8 || printfSize > 0xffffffff))
      throw new LaunchError(`printfBufferSize = ${printfSize} is not a byte count from 8 to 2^32-1`);
    const printfBuf = usesPrintf ? mem.alloc(printfSize, 64) : 0;
    // Allocations start zeroed: the header needs only its size (bytes used stays 0).
    if (usesPrintf) mem.write32(printfBuf + 4, printfSize);
    hidden(kv, md.args ?? [], grid, block, nd, queue, dynamicLds, printfBuf);
    mem.upload(kernargAddr, kernarg);
    const stats: DispatchStats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
    const t0 = process.hrtime.bigint();
    try {
      runDispatch(
        mem,
        this.program,
        {
          name: k.name,
          entry: this.base + k.codeAddress,
          fields,
          agprs: hasAgprs(this.target),
          privateSize,
          groupSize: lds,
        },
        {
          grid,
          block,
          dims: nd,
          kernarg: kernargAddr,
          packet,
          queue,
          dispatchId: this.device.nextDispatchId(),
          budget: opts.budget ?? DEFAULT_BUDGET,
        },
        stats,
      );
    } catch (e) {
      if (usesPrintf) mem.free(printfBuf);
      // A fault near address 0 in a kernel that takes a hostcall buffer: most likely HIP's default printf.
      const hostcall = (md.args ?? []).some((a) => a.valueKind === 'hidden_hostcall_buffer');
      if (e instanceof DispatchError && hostcall && /unmapped address 0x[0-9a-f]{1,4}\b/.test(e.message))
        e.message +=
          ' (note: the kernel takes a hostcall buffer, which is not modelled (null): HIP printf needs -mprintf-kind=buffered)';
      throw e;
    } finally {
      mem.free(kernargAddr);
      mem.free(packet);
      mem.free(queue);
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    let printf = '';
    let printfNotes: string[] | undefined;
    if (usesPrintf) {
      const out = decodePrintfBuffer(mem.download(printfBuf, printfSize), this.printfTable());
      mem.free(printfBuf);
      printf = out.text;
      if (out.notes.length > 0) printfNotes = out.notes;
    }
    return { kernel: k.name, ...stats, seconds, printf, ...(printfNotes ? { printfNotes } : {}) };
  }

  private printfFormats: PrintfTable | undefined;
  private printfTable(): PrintfTable {
    this.printfFormats ??= new PrintfTable(this.code.metadata?.printf ?? []);
    return this.printfFormats;
  }
}

function dims(v: readonly number[], what: string): [number, number, number] {
  if (v.length < 1 || v.length > 3) throw new LaunchError(`${what} must have 1 to 3 dimensions`);
  const out: [number, number, number] = [1, 1, 1];
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (!Number.isInteger(x) || x < 1 || x > 0xffffffff)
      throw new LaunchError(`${what}[${i}] = ${x} is not a positive integer`);
    out[i] = x;
  }
  if (what === 'block' && out[0] * out[1] * out[2] > 1024) {
    throw new LaunchError(`block ${out.join('x')} has more than 1024 work-items`);
  }
  return out;
}

function isBuffer(a: KernelArg | undefined): a is DeviceBuffer {
  return typeof a === 'object' && a !== null && 'address' in a;
}
function isLds(a: KernelArg | undefined): a is { lds: number } {
  return typeof a === 'object' && a !== null && 'lds' in a;
}

const TYPE_BYTES: Record<ValueType, number> = {
  i8: 1,
  u8: 1,
  i16: 2,
  u16: 2,
  f16: 2,
  i32: 4,
  u32: 4,
  f32: 4,
  i64: 8,
  u64: 8,
  f64: 8,
};

function packValue(kv: DataView, a: KernelArgMetadata, arg: KernelArg | undefined, where: string): void {
  if (arg !== undefined && 'bytes' in arg) {
    if (arg.bytes.length > a.size)
      throw new LaunchError(`${where}: ${arg.bytes.length} bytes given, the argument has ${a.size}`);
    new Uint8Array(kv.buffer).set(arg.bytes, a.offset);
    return;
  }
  if (arg === undefined || !('value' in arg))
    throw new LaunchError(`${where} is passed by value: give { value, type }`);
  const vals = Array.isArray(arg.value) ? arg.value : [arg.value];
  const size = TYPE_BYTES[arg.type];
  if (size === undefined) throw new LaunchError(`${where}: unknown type '${arg.type}'`);
  // Vectors of 3 elements occupy the space of 4.
  if (vals.length * size > a.size) {
    throw new LaunchError(
      `${where}: ${vals.length} x ${arg.type} is ${vals.length * size} bytes, the argument has ${a.size}`,
    );
  }
  for (let i = 0; i < vals.length; i++) writeScalar(kv, a.offset + i * size, arg.type, vals[i], where);
}

export function writeScalar(
  kv: DataView,
  off: number,
  type: ValueType,
  v: number | bigint,
  where: string,
): void {
  const n = typeof v === 'bigint' ? v : v;
  const int = (bits: number, signed: boolean): bigint => {
    const b = typeof n === 'bigint' ? n : Number.isInteger(n) ? BigInt(n) : Number.NaN;
    if (typeof b !== 'bigint') throw new LaunchError(`${where}: ${v} is not an integer`);
    const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
    const hi = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    if (b < lo || b > hi) throw new LaunchError(`${where}: ${v} does not fit in ${type}`);
    return b;
  };
  switch (type) {
    case 'i8':
      kv.setInt8(off, Number(int(8, true)));
      break;
    case 'u8':
      kv.setUint8(off, Number(int(8, false)));
      break;
    case 'i16':
      kv.setInt16(off, Number(int(16, true)), true);
      break;
    case 'u16':
      kv.setUint16(off, Number(int(16, false)), true);
      break;
    case 'i32':
      kv.setInt32(off, Number(int(32, true)), true);
      break;
    case 'u32':
      kv.setUint32(off, Number(int(32, false)), true);
      break;
    case 'i64':
      kv.setBigInt64(off, int(64, true), true);
      break;
    case 'u64':
      kv.setBigUint64(off, int(64, false), true);
      break;
    case 'f16':
      kv.setUint16(off, f32ToF16(Number(n)), true);
      break;
    case 'f32':
      kv.setFloat32(off, Number(n), true);
      break;
    case 'f64':
      kv.setFloat64(off, Number(n), true);
      break;
    default:
      throw new LaunchError(`${where}: unknown type '${type}'`);
  }
}

/** Fills the hidden arguments the metadata asks for (code object v4/v5 names). */
function hidden(
  kv: DataView,
  args: readonly KernelArgMetadata[],
  grid: readonly number[],
  block: readonly number[],
  nd: number,
  queue: number,
  dynamicLds: number,
  printfBuffer: number,
): void {
  for (const a of args) {
    const o = a.offset;
    const axis = a.valueKind.endsWith('_x') ? 0 : a.valueKind.endsWith('_y') ? 1 : 2;
    switch (a.valueKind) {
      case 'hidden_global_offset_x':
      case 'hidden_global_offset_y':
      case 'hidden_global_offset_z':
        kv.setBigUint64(o, 0n, true);
        break;
      case 'hidden_block_count_x':
      case 'hidden_block_count_y':
      case 'hidden_block_count_z':
        // Full workgroups only; a partial one is described by the remainder (LLVM AMDGPU guide).
        kv.setUint32(o, Math.floor(grid[axis] / block[axis]), true);
        break;
      case 'hidden_group_size_x':
      case 'hidden_group_size_y':
      case 'hidden_group_size_z':
        kv.setUint16(o, block[axis], true);
        break;
      case 'hidden_remainder_x':
      case 'hidden_remainder_y':
      case 'hidden_remainder_z':
        kv.setUint16(o, grid[axis] % block[axis], true);
        break;
      case 'hidden_grid_dims':
        kv.setUint16(o, nd, true);
        break;
      case 'hidden_queue_ptr':
        kv.setBigUint64(o, BigInt(queue), true);
        break;
      case 'hidden_private_base':
        kv.setUint32(o, PRIVATE_APERTURE_HI, true);
        break;
      case 'hidden_shared_base':
        kv.setUint32(o, SHARED_APERTURE_HI, true);
        break;
      case 'hidden_dynamic_lds_size':
        kv.setUint32(o, dynamicLds, true);
        break;
      case 'hidden_printf_buffer':
        kv.setBigUint64(o, BigInt(printfBuffer), true);
        break;
      // No hostcall service (HIP's default printf), device-side enqueue, multigrid sync or heap: their pointers are null,
      // so a kernel that uses one faults at address 0 with a report instead of corrupting memory.
      default:
        break;
    }
  }
}
