// The kernel argument segment: explicit arguments packed at the offsets the kernel's metadata gives,
// checked against what the metadata says each one is, and the hidden arguments (code object v4/v5 names)
// filled as the ROCm runtime fills them.

import type { KernelArgMetadata } from '../elf/metadata.js';
import { f32ToF16 } from '../emu/float/f16.js';
import { PRIVATE_APERTURE_HI, SHARED_APERTURE_HI } from '../emu/wave.js';
import { LaunchError } from './errors.js';
import { imageArgAddress } from './image-device.js';
import { fitsType, scalarOfTypeName } from './type-names.js';
import type { DeviceBuffer, KernelArg, ValueType } from './types.js';

export const TYPE_BYTES: Readonly<Record<ValueType, number>> = {
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

export function isBuffer(a: unknown): a is DeviceBuffer {
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof (a as DeviceBuffer).address === 'number' &&
    typeof (a as DeviceBuffer).size === 'number'
  );
}

function isLds(a: unknown): a is { lds: number } {
  return typeof a === 'object' && a !== null && 'lds' in a;
}

/** Group memory the explicit arguments reserve: OpenCL `__local` pointer arguments. */
export interface PackedArgs {
  /** LDS bytes used so far (static size, aligned, plus the `__local` arguments). */
  lds: number;
  /** The bytes of that which are dynamic (the `__local` arguments). */
  dynamicLds: number;
}

/**
 * Packs the explicit arguments into `kv`. `lds` is the kernel's static group segment size rounded up; the
 * returned sizes include the `__local` arguments. Likely mistakes that still run are passed to `warn`.
 */
export function packExplicit(
  kv: DataView,
  kernel: string,
  md: readonly KernelArgMetadata[],
  args: readonly KernelArg[],
  lds: number,
  warn: (message: string) => void,
): PackedArgs {
  let e = 0;
  let dynamicLds = 0;
  for (const a of md) {
    if (a.valueKind.startsWith('hidden_')) continue;
    const arg: unknown = args[e];
    const where = `kernel '${kernel}' argument ${e} (${a.name ?? a.valueKind})`;
    e++;
    if (a.valueKind === 'dynamic_shared_pointer') {
      if (!isLds(arg))
        throw new LaunchError('argument', `${where} is a __local pointer: pass { lds: bytes }`);
      if (!Number.isSafeInteger(arg.lds) || arg.lds < 0)
        throw new LaunchError('argument', `${where}: lds = ${String(arg.lds)} is not a byte count`);
      const align = Math.max(Number(a.pointeeAlign ?? 4), 16);
      lds = Math.ceil(lds / align) * align;
      kv.setUint32(a.offset, lds, true);
      lds += arg.lds;
      dynamicLds += arg.lds;
      continue;
    }
    if (a.valueKind === 'global_buffer') {
      if (!isBuffer(arg)) throw new LaunchError('argument', `${where} is a pointer: pass a device buffer`);
      kv.setBigUint64(a.offset, BigInt(arg.address), true);
      continue;
    }
    if (a.valueKind === 'image' || a.valueKind === 'sampler') {
      kv.setBigUint64(a.offset, BigInt(imageArgAddress(a.valueKind, arg, where)), true);
      continue;
    }
    if (a.valueKind === 'by_value') {
      packValue(kv, a, arg, where, warn);
      continue;
    }
    throw new LaunchError('argument', `${where}: argument kind ${a.valueKind} is not supported`);
  }
  return { lds, dynamicLds };
}

function packValue(
  kv: DataView,
  a: KernelArgMetadata,
  arg: unknown,
  where: string,
  warn: (message: string) => void,
): void {
  const declared = scalarOfTypeName(a.typeName);
  if (typeof arg === 'number' || typeof arg === 'bigint') {
    if (declared === undefined || declared.count !== 1 || TYPE_BYTES[declared.type] > a.size) {
      const named = a.typeName === undefined ? 'has no .type_name' : `is '${a.typeName}'`;
      throw new LaunchError(
        'argument',
        `${where}: a plain number needs a scalar .type_name in the metadata to know its type (it ${named}): ` +
          'pass { value, type }',
      );
    }
    writeScalar(kv, a.offset, declared.type, arg, where);
    return;
  }
  if (typeof arg === 'object' && arg !== null && 'bytes' in arg) {
    const bytes = (arg as { bytes: unknown }).bytes;
    if (!(bytes instanceof Uint8Array))
      throw new LaunchError('argument', `${where}: bytes must be a Uint8Array`);
    if (bytes.length > a.size)
      throw new LaunchError('argument', `${where}: ${bytes.length} bytes given, the argument has ${a.size}`);
    new Uint8Array(kv.buffer).set(bytes, a.offset);
    return;
  }
  if (typeof arg !== 'object' || arg === null || !('value' in arg) || !('type' in arg)) {
    throw new LaunchError(
      'argument',
      `${where} is passed by value: give { value, type }${declared ? ' or a plain number' : ''} (or { bytes } for a struct)`,
    );
  }
  const { value, type } = arg as { value: unknown; type: ValueType };
  const vals: unknown[] = Array.isArray(value) ? value : [value];
  const size = TYPE_BYTES[type];
  if (size === undefined)
    throw new LaunchError(
      'argument',
      `${where}: unknown type '${String(type)}' (${Object.keys(TYPE_BYTES).join(', ')})`,
    );
  // Vectors of 3 elements occupy the space of 4.
  if (vals.length * size > a.size) {
    throw new LaunchError(
      'argument',
      `${where}: ${vals.length} x ${type} is ${vals.length * size} bytes, the argument has ${a.size}`,
    );
  }
  for (let i = 0; i < vals.length; i++) writeScalar(kv, a.offset + i * size, type, vals[i], where);
  if (declared !== undefined && declared.type !== type && !compatible(declared.type, type, vals))
    warn(`${where} is declared '${a.typeName}' (${declared.type}) but passed as ${type}`);
}

/**
 * Integers of the same width that differ only in sign store the same bits when the value fits both: not
 * worth a warning (e.g. 5 as i32 for a uint). Anything else (f32 for a uint, i64 for an int) is.
 */
function compatible(declared: ValueType, given: ValueType, vals: readonly unknown[]): boolean {
  if (declared[0] === 'f' || given[0] === 'f' || TYPE_BYTES[declared] !== TYPE_BYTES[given]) return false;
  return vals.every((v) => (typeof v === 'number' || typeof v === 'bigint') && fitsType(declared, v));
}

export function writeScalar(kv: DataView, off: number, type: ValueType, v: unknown, where: string): void {
  if (typeof v !== 'number' && typeof v !== 'bigint')
    throw new LaunchError('argument', `${where}: ${String(v)} is not a number or bigint`);
  const int = (bits: number, signed: boolean): bigint => {
    const b = typeof v === 'bigint' ? v : Number.isInteger(v) ? BigInt(v) : undefined;
    if (b === undefined) throw new LaunchError('argument', `${where}: ${v} is not an integer`);
    const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
    const hi = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    if (b < lo || b > hi) throw new LaunchError('argument', `${where}: ${v} does not fit in ${type}`);
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
      kv.setUint16(off, f32ToF16(Number(v)), true);
      break;
    case 'f32':
      kv.setFloat32(off, Number(v), true);
      break;
    case 'f64':
      kv.setFloat64(off, Number(v), true);
      break;
    default:
      throw new LaunchError('argument', `${where}: unknown type '${String(type)}'`);
  }
}

/** Fills the hidden arguments the metadata asks for (code object v4/v5 names). */
export function packHidden(
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
