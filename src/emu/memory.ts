// The GPU's global memory: a sparse 64-bit virtual address space made of separately backed allocations,
// shaped for the emulator's hot path. Addresses are plain JS numbers (every device address stays below
// 2^53, so arithmetic on them is exact) and every accessor works through a DataView, so a load or store
// of any width costs one range check and no allocation. Allocations start far above 2^32 so that code
// truncating an address to 32 bits faults instead of silently aliasing, and each one is followed by an
// unmapped guard gap so that running off its end faults rather than reading a neighbour.

import type { AtomicOp } from '../isa/ops/atomics.js';
import type { AtomicSample } from './mem/atomic-sample.js';
import { floatAtomic32, floatAtomic64 } from './mem/float-atomic.js';
import { sharedAtomic32, sharedAtomic64, sharedUpdate32 } from './mem/shared-atomic.js';

export type AccessKind = 'read' | 'write' | 'atomic';

/** An access that touches at least one byte outside every live allocation. */
export class MemoryFault extends Error {
  override readonly name = 'MemoryFault';
  constructor(
    readonly addr: number,
    readonly size: number,
    readonly kind: AccessKind,
  ) {
    super(`unmapped address ${formatAddress(addr)} (${size}-byte ${kind})`);
  }
}

/** Hex form used in fault messages; anything that is not a valid address is shown as is. */
export function formatAddress(addr: number): string {
  return Number.isSafeInteger(addr) && addr >= 0 ? '0x' + addr.toString(16) : String(addr);
}

export type { AtomicOp };

export const sext8 = (v: number): number => (v << 24) >> 24;
export const sext16 = (v: number): number => (v << 16) >> 16;
export const zext8 = (v: number): number => v & 0xff;
export const zext16 = (v: number): number => v & 0xffff;

/** An allocation refused because the live allocations would exceed the memory's limit. */
export class MemoryLimitError extends Error {
  override readonly name = 'MemoryLimitError';
  constructor(
    readonly requested: number,
    readonly used: number,
    readonly limit: number,
  ) {
    super(`${requested} bytes would exceed the device memory limit of ${limit} bytes (${used} in use)`);
  }
}

/** Where allocations begin: canonical-looking and well above 2^32 (see the file comment). */
export const DEVICE_MEMORY_BASE = 0x7f00_0000_0000;
/** Unmapped bytes kept after every allocation, so that overruns land in no allocation. */
export const GUARD_BYTES = 0x1000;

/**
 * Where allocations keep their bytes: a SharedArrayBuffer wherever there is one, so that worker threads
 * running workgroups of one dispatch (gpu/parallel.ts) see the same memory; a plain ArrayBuffer where
 * there is none (a browser page that is not cross-origin isolated), which only the calling thread uses.
 */
const Backing: new (n: number) => ArrayBufferLike =
  typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : ArrayBuffer;

/** One live allocation. A class so that every region the hot path sees has the same shape. */
export class Region {
  readonly end: number;
  readonly bytes: Uint8Array;
  readonly view: DataView;
  /** The whole dwords of the allocation, for Atomics (concurrent atomics, DeviceMemory.concurrent). */
  readonly words: Int32Array;
  /** The same dwords unsigned, to copy to and from VGPR rows (Uint32Array) as one block. */
  readonly dw: Uint32Array;
  /** The whole 64-bit words, for 64-bit Atomics. */
  readonly longs: BigInt64Array;
  /** @param buffer existing backing (another thread's allocation), else a new zeroed one. */
  constructor(
    readonly base: number,
    readonly size: number,
    buffer: ArrayBufferLike = new Backing(size),
  ) {
    this.end = base + size;
    this.bytes = new Uint8Array(buffer, 0, size);
    this.view = new DataView(buffer, 0, size);
    this.words = new Int32Array(buffer, 0, size >>> 2);
    this.dw = new Uint32Array(buffer, 0, size >>> 2);
    this.longs = new BigInt64Array(buffer, 0, Math.floor(size / 8));
  }
}

/** What another thread needs to see an allocation: its place and its shared bytes. */
export interface SharedRegion {
  readonly base: number;
  readonly size: number;
  readonly buffer: ArrayBufferLike;
}

export class DeviceMemory {
  /** Bytes of all live allocations. */
  private usedBytes = 0;
  /**
   * @param limit cap on the bytes of live allocations, checked before any host memory is taken (a typed
   *   array of the size asked for is allocated at once and zeroed).
   */
  constructor(readonly limit = Number.POSITIVE_INFINITY) {}

  /**
   * Whether other threads may access the memory at the same time (a dispatch split between workers):
   * atomics then use Atomics on the shared bytes instead of a plain read-modify-write. Off by default,
   * where the one thread running lanes one at a time makes every read-modify-write atomic.
   */
  concurrent = false;

  /**
   * While concurrent: where the atomics note their addresses (a parallel dispatch's first units, before
   * it decides whether threads would contend: gpu/parallel.ts), or null.
   */
  sample: AtomicSample | null = null;

  /** The live allocations as another thread can map them (shared bytes; see Region's backing). */
  shared(): SharedRegion[] {
    return this.regions.map((r) => ({ base: r.base, size: r.size, buffer: r.bytes.buffer }));
  }

  /**
   * A view of another thread's allocations (a worker of a parallel dispatch): the same addresses over
   * the same shared bytes, and allocations of its own from `next` on (a worker's scratch), which the
   * other thread never sees. Concurrent from the start.
   */
  static mapping(regions: readonly SharedRegion[], next: number): DeviceMemory {
    const m = new DeviceMemory();
    for (const r of regions) m.regions.push(new Region(r.base, r.size, r.buffer));
    m.next = next;
    m.concurrent = true;
    return m;
  }

  /** The address the next allocation starts from (before alignment). */
  get nextAddress(): number {
    return this.next;
  }

  /** Bytes of all live allocations. */
  get used(): number {
    return this.usedBytes;
  }

  /** Live allocations sorted by base; disjoint, with at least GUARD_BYTES between neighbours. */
  private readonly regions: Region[] = [];
  /** The region of the last successful lookup: accesses of one wave mostly stay in one buffer. */
  private last: Region | null = null;
  /**
   * The translating engine's lookups (regionOf): the last four regions found, replaced in turn. A
   * compiled wave goes through its buffers in turn (kernel arguments, then each array: vector add reads
   * two and writes a third), which a single entry missed every time.
   */
  private r0: Region | null = null;
  private r1: Region | null = null;
  private r2: Region | null = null;
  private r3: Region | null = null;
  private rNext = 0;
  /** Addresses only move up and are never reused, so a stale pointer after free() always faults. */
  private next = DEVICE_MEMORY_BASE;
  /**
   * How many accesses missed the last-hit cache and went through the binary search; kept because it is
   * the only way to see (e.g. in a test or a profile) that the cache does its job.
   */
  slowLookups = 0;

  /** Reserves `bytes` zeroed bytes at an address that is a multiple of `align` (a power of two). */
  alloc(bytes: number, align = 256): number {
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`invalid allocation size ${bytes}`);
    // Math.log2 is exact on powers of two, and below 2^40 no other integer lands on a whole number.
    if (!Number.isSafeInteger(align) || align < 1 || align > 2 ** 40 || !Number.isInteger(Math.log2(align))) {
      throw new RangeError(`alignment ${align} is not a power of two`);
    }
    // Division by a power of two is exact in binary floating point, so this rounds without error.
    const base = Math.ceil(this.next / align) * align;
    const end = base + bytes;
    if (end + GUARD_BYTES > Number.MAX_SAFE_INTEGER) throw new RangeError('device address space exhausted');
    if (this.usedBytes + bytes > this.limit) throw new MemoryLimitError(bytes, this.usedBytes, this.limit);
    const region = new Region(base, bytes);
    this.regions.push(region);
    this.usedBytes += bytes;
    this.next = end + GUARD_BYTES;
    return base;
  }

  /**
   * Reserves `bytes` zeroed bytes at the fixed address `base` (a raw-device run spec places code, rings
   * and data where its PM4 stream expects them). Refused when it overlaps a live allocation; later
   * alloc()s go above it. Two mappings may touch: an access straddling them faults, as an access between
   * two allocations does.
   */
  mapAt(base: number, bytes: number): number {
    if (!Number.isSafeInteger(base) || base < 0) throw new RangeError(`invalid device address ${base}`);
    if (!Number.isSafeInteger(bytes) || bytes < 1) throw new RangeError(`invalid mapping size ${bytes}`);
    const end = base + bytes;
    if (end + GUARD_BYTES > Number.MAX_SAFE_INTEGER) throw new RangeError('device address space exhausted');
    const i = this.indexOf(end - 1);
    const below = i >= 0 ? this.regions[i] : undefined;
    if (below !== undefined && below.end > base)
      throw new RangeError(
        `${formatAddress(base)}-${formatAddress(end)} overlaps the allocation at ${formatAddress(below.base)}-${formatAddress(below.end)}`,
      );
    if (this.usedBytes + bytes > this.limit) throw new MemoryLimitError(bytes, this.usedBytes, this.limit);
    this.regions.splice(i + 1, 0, new Region(base, bytes));
    this.usedBytes += bytes;
    if (end + GUARD_BYTES > this.next) this.next = end + GUARD_BYTES;
    return base;
  }

  /** Releases the allocation starting at `addr`; later accesses to it fault. */
  free(addr: number): void {
    const i = this.indexOf(addr);
    const region = i >= 0 ? this.regions[i] : undefined;
    if (region === undefined || region.base !== addr) {
      throw new Error(`free of ${formatAddress(addr)}, which is not the start of a live allocation`);
    }
    this.regions.splice(i, 1);
    this.usedBytes -= region.size;
    if (this.last === region) this.last = null;
    if (this.r0 === region) this.r0 = null;
    if (this.r1 === region) this.r1 = null;
    if (this.r2 === region) this.r2 = null;
    if (this.r3 === region) this.r3 = null;
  }

  /** The live allocation containing `addr`, for diagnostics (e.g. "N bytes past buffer X"). */
  allocationAt(addr: number): { base: number; size: number } | undefined {
    const i = this.indexOf(addr);
    const r = i >= 0 ? this.regions[i] : undefined;
    return r !== undefined && addr < r.end ? { base: r.base, size: r.size } : undefined;
  }

  /** Live allocations in address order. */
  allocations(): { base: number; size: number }[] {
    return this.regions.map((r) => ({ base: r.base, size: r.size }));
  }

  /**
   * The region holding all of [addr, addr + size). Any access spanning two allocations necessarily
   * crosses a guard gap, so requiring a single region is exactly the "no unmapped byte" rule.
   */
  region(addr: number, size: number, kind: AccessKind): Region {
    const r = this.last;
    if (r !== null && addr >= r.base && addr + size <= r.end) return r;
    return this.lookup(addr, size, kind);
  }

  /** The region holding all of [addr, addr + size), or null (region() without the fault). */
  regionOf(addr: number, size: number): Region | null {
    const e = addr + size;
    let r = this.r0;
    if (r !== null && addr >= r.base && e <= r.end) return r;
    r = this.r1;
    if (r !== null && addr >= r.base && e <= r.end) return r;
    r = this.r2;
    if (r !== null && addr >= r.base && e <= r.end) return r;
    r = this.r3;
    if (r !== null && addr >= r.base && e <= r.end) return r;
    this.slowLookups++;
    const i = this.indexOf(addr);
    const found = i >= 0 ? this.regions[i] : undefined;
    if (found === undefined || e > found.end) return null;
    const k = this.rNext;
    this.rNext = (k + 1) & 3;
    if (k === 0) this.r0 = found;
    else if (k === 1) this.r1 = found;
    else if (k === 2) this.r2 = found;
    else this.r3 = found;
    return found;
  }

  private lookup(addr: number, size: number, kind: AccessKind): Region {
    this.slowLookups++;
    const i = this.indexOf(addr);
    const r = i >= 0 ? this.regions[i] : undefined;
    if (r === undefined || addr + size > r.end) throw new MemoryFault(addr, size, kind);
    this.last = r;
    return r;
  }

  /** Index of the last region whose base is <= addr, or -1. */
  private indexOf(addr: number): number {
    const rs = this.regions;
    let lo = 0;
    let hi = rs.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (rs[mid]!.base <= addr) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  // Scalar loads. Unsigned results are in [0, 2^width); the I variants sign-extend.

  read8(addr: number): number {
    const r = this.region(addr, 1, 'read');
    return r.bytes[addr - r.base]!;
  }
  readI8(addr: number): number {
    const r = this.region(addr, 1, 'read');
    return r.view.getInt8(addr - r.base);
  }
  read16(addr: number): number {
    const r = this.region(addr, 2, 'read');
    return r.view.getUint16(addr - r.base, true);
  }
  readI16(addr: number): number {
    const r = this.region(addr, 2, 'read');
    return r.view.getInt16(addr - r.base, true);
  }
  read32(addr: number): number {
    const r = this.region(addr, 4, 'read');
    return r.view.getUint32(addr - r.base, true);
  }
  readI32(addr: number): number {
    const r = this.region(addr, 4, 'read');
    return r.view.getInt32(addr - r.base, true);
  }
  readF32(addr: number): number {
    const r = this.region(addr, 4, 'read');
    return r.view.getFloat32(addr - r.base, true);
  }
  readF64(addr: number): number {
    const r = this.region(addr, 8, 'read');
    return r.view.getFloat64(addr - r.base, true);
  }
  /** A 64-bit load into dst[dstIndex] (low half) and dst[dstIndex + 1] (high half). */
  read64(addr: number, dst: Uint32Array | Int32Array, dstIndex: number): void {
    this.readDwords(addr, 2, dst, dstIndex);
  }
  /** `n` consecutive little-endian dwords (a dwordxN load) into dst[dstIndex ..]. */
  readDwords(addr: number, n: number, dst: Uint32Array | Int32Array, dstIndex: number): void {
    const r = this.region(addr, n * 4, 'read');
    const v = r.view;
    const off = addr - r.base;
    for (let i = 0; i < n; i++) dst[dstIndex + i] = v.getUint32(off + i * 4, true);
  }

  // Scalar stores. Values are truncated to the store width, so signed and unsigned inputs both work.

  write8(addr: number, value: number): void {
    const r = this.region(addr, 1, 'write');
    r.bytes[addr - r.base] = value;
  }
  write16(addr: number, value: number): void {
    const r = this.region(addr, 2, 'write');
    r.view.setUint16(addr - r.base, value, true);
  }
  write32(addr: number, value: number): void {
    const r = this.region(addr, 4, 'write');
    r.view.setUint32(addr - r.base, value, true);
  }
  writeF32(addr: number, value: number): void {
    const r = this.region(addr, 4, 'write');
    r.view.setFloat32(addr - r.base, value, true);
  }
  writeF64(addr: number, value: number): void {
    const r = this.region(addr, 8, 'write');
    r.view.setFloat64(addr - r.base, value, true);
  }
  write64(addr: number, lo: number, hi: number): void {
    const r = this.region(addr, 8, 'write');
    const off = addr - r.base;
    r.view.setUint32(off, lo, true);
    r.view.setUint32(off + 4, hi, true);
  }
  /** `n` consecutive dwords from src[srcIndex ..] (a dwordxN store). */
  writeDwords(addr: number, n: number, src: Uint32Array | Int32Array, srcIndex: number): void {
    const r = this.region(addr, n * 4, 'write');
    const v = r.view;
    const off = addr - r.base;
    for (let i = 0; i < n; i++) v.setUint32(off + i * 4, src[srcIndex + i]!, true);
  }

  // Host copies. Zero-length copies touch no byte and so never fault.

  upload(addr: number, data: Uint8Array): void {
    if (data.length === 0) return;
    const r = this.region(addr, data.length, 'write');
    r.bytes.set(data, addr - r.base);
  }
  download(addr: number, n: number): Uint8Array {
    if (n === 0) return new Uint8Array(0);
    const r = this.region(addr, n, 'read');
    const off = addr - r.base;
    return r.bytes.slice(off, off + n);
  }
  fill(addr: number, n: number, byte: number): void {
    if (n === 0) return;
    const r = this.region(addr, n, 'write');
    const off = addr - r.base;
    r.bytes.fill(byte, off, off + n);
  }

  // Atomics. The emulator runs lanes one at a time, so atomicity is simply doing the read-modify-write
  // under one lookup; what matters is the exact GCN result and the returned pre-op value. When other
  // threads run workgroups of the same dispatch (`concurrent`), mem/shared-atomic.ts does them with
  // Atomics instead, to the same bits.

  /**
   * Replaces the 32-bit value at `addr` by f(old, src) as one atomic access (the float atomics DeviceMemory
   * has no operation for: gfx908's add_f32 and pk_add_f16, gfx6/7's image rsub); returns the old value.
   */
  update32(addr: number, f: (old: number, src: number) => number, src: number): number {
    const r = this.region(addr, 4, 'atomic');
    const off = addr - r.base;
    if (this.concurrent) {
      this.sample?.note(addr);
      return sharedUpdate32(r, off, f, src);
    }
    const old = r.view.getUint32(off, true);
    r.view.setUint32(off, f(old, src), true);
    return old;
  }

  /**
   * 32-bit atomic `op` with data `src` (and compare value `cmp` for cmpswap, stored as `src` when the
   * memory equals `cmp`); returns the old value as an unsigned 32-bit number.
   */
  atomic32(op: AtomicOp, addr: number, src: number, cmp = 0): number {
    const r = this.region(addr, 4, 'atomic');
    const v = r.view;
    const off = addr - r.base;
    if (this.concurrent) {
      this.sample?.note(addr);
      return sharedAtomic32(r, off, op, src, cmp);
    }
    const old = v.getUint32(off, true);
    src >>>= 0;
    let nv: number;
    switch (op) {
      case 'swap':
        nv = src;
        break;
      case 'cmpswap':
        nv = old === cmp >>> 0 ? src : old;
        break;
      case 'add':
        nv = old + src;
        break;
      case 'sub':
        nv = old - src;
        break;
      case 'smin':
        nv = (old | 0) < (src | 0) ? old : src;
        break;
      case 'umin':
        nv = old < src ? old : src;
        break;
      case 'smax':
        nv = (old | 0) > (src | 0) ? old : src;
        break;
      case 'umax':
        nv = old > src ? old : src;
        break;
      case 'and':
        nv = old & src;
        break;
      case 'or':
        nv = old | src;
        break;
      case 'xor':
        nv = old ^ src;
        break;
      case 'inc':
        nv = old >= src ? 0 : old + 1;
        break;
      case 'dec':
        nv = old === 0 || old > src ? src : old - 1;
        break;
      case 'fcmpswap':
      case 'fmin':
      case 'fmax':
        nv = floatAtomic32(op, old, src, cmp);
        break;
      default:
        throw new Error(`unknown atomic operation ${op as string}`);
    }
    // setUint32 reduces modulo 2^32, which is the wrap-around the add/sub/dec results need.
    v.setUint32(off, nv, true);
    return old;
  }

  atomicSwap32(addr: number, src: number): number {
    return this.atomic32('swap', addr, src);
  }
  atomicCmpSwap32(addr: number, src: number, cmp: number): number {
    return this.atomic32('cmpswap', addr, src, cmp);
  }
  atomicAdd32(addr: number, src: number): number {
    return this.atomic32('add', addr, src);
  }
  atomicSub32(addr: number, src: number): number {
    return this.atomic32('sub', addr, src);
  }
  atomicSMin32(addr: number, src: number): number {
    return this.atomic32('smin', addr, src);
  }
  atomicUMin32(addr: number, src: number): number {
    return this.atomic32('umin', addr, src);
  }
  atomicSMax32(addr: number, src: number): number {
    return this.atomic32('smax', addr, src);
  }
  atomicUMax32(addr: number, src: number): number {
    return this.atomic32('umax', addr, src);
  }
  atomicAnd32(addr: number, src: number): number {
    return this.atomic32('and', addr, src);
  }
  atomicOr32(addr: number, src: number): number {
    return this.atomic32('or', addr, src);
  }
  atomicXor32(addr: number, src: number): number {
    return this.atomic32('xor', addr, src);
  }
  atomicInc32(addr: number, src: number): number {
    return this.atomic32('inc', addr, src);
  }
  atomicDec32(addr: number, src: number): number {
    return this.atomic32('dec', addr, src);
  }

  /**
   * 64-bit atomic `op` on halves (lo, hi) of the data and compare values, without BigInt. The old value
   * goes to out[outIndex] (low half) and out[outIndex + 1] (high half).
   */
  atomic64(
    op: AtomicOp,
    addr: number,
    srcLo: number,
    srcHi: number,
    cmpLo: number,
    cmpHi: number,
    out: Uint32Array | Int32Array,
    outIndex: number,
  ): void {
    const r = this.region(addr, 8, 'atomic');
    const v = r.view;
    const off = addr - r.base;
    if (this.concurrent) {
      this.sample?.note(addr);
      sharedAtomic64(r, off, op, srcLo, srcHi, cmpLo, cmpHi, out, outIndex);
      return;
    }
    const oLo = v.getUint32(off, true);
    const oHi = v.getUint32(off + 4, true);
    srcLo >>>= 0;
    srcHi >>>= 0;
    let lo: number;
    let hi: number;
    switch (op) {
      case 'swap':
        lo = srcLo;
        hi = srcHi;
        break;
      case 'cmpswap': {
        const eq = oLo === cmpLo >>> 0 && oHi === cmpHi >>> 0;
        lo = eq ? srcLo : oLo;
        hi = eq ? srcHi : oHi;
        break;
      }
      case 'add':
        lo = oLo + srcLo;
        hi = oHi + srcHi + (lo > 0xffffffff ? 1 : 0);
        break;
      case 'sub':
        lo = oLo - srcLo;
        hi = oHi - srcHi - (lo < 0 ? 1 : 0);
        break;
      case 'smin':
      case 'umin':
      case 'smax':
      case 'umax': {
        const c = op[0] === 's' ? cmpS64(oLo, oHi, srcLo, srcHi) : cmpU64(oLo, oHi, srcLo, srcHi);
        const keepOld = op === 'smin' || op === 'umin' ? c <= 0 : c >= 0;
        lo = keepOld ? oLo : srcLo;
        hi = keepOld ? oHi : srcHi;
        break;
      }
      case 'and':
        lo = oLo & srcLo;
        hi = oHi & srcHi;
        break;
      case 'or':
        lo = oLo | srcLo;
        hi = oHi | srcHi;
        break;
      case 'xor':
        lo = oLo ^ srcLo;
        hi = oHi ^ srcHi;
        break;
      case 'inc':
        if (cmpU64(oLo, oHi, srcLo, srcHi) >= 0) {
          lo = 0;
          hi = 0;
        } else {
          lo = oLo + 1;
          hi = oHi + (lo > 0xffffffff ? 1 : 0);
        }
        break;
      case 'dec':
        if ((oLo === 0 && oHi === 0) || cmpU64(oLo, oHi, srcLo, srcHi) > 0) {
          lo = srcLo;
          hi = srcHi;
        } else {
          lo = oLo - 1;
          hi = oHi - (lo < 0 ? 1 : 0);
        }
        break;
      case 'fcmpswap':
      case 'fmin':
      case 'fmax':
        floatAtomic64(op, oLo, oHi, srcLo, srcHi, cmpLo, cmpHi, F_OUT);
        lo = F_OUT[0]!;
        hi = F_OUT[1]!;
        break;
      default:
        throw new Error(`unknown atomic operation ${op as string}`);
    }
    v.setUint32(off, lo, true);
    v.setUint32(off + 4, hi, true);
    out[outIndex] = oLo;
    out[outIndex + 1] = oHi;
  }
}

const F_OUT = new Uint32Array(2);

/** Unsigned 64-bit comparison of (aLo, aHi) with (bLo, bHi), halves as unsigned 32-bit numbers. */
function cmpU64(aLo: number, aHi: number, bLo: number, bHi: number): number {
  if (aHi !== bHi) return aHi < bHi ? -1 : 1;
  return aLo === bLo ? 0 : aLo < bLo ? -1 : 1;
}

/** Signed 64-bit comparison: the high halves decide the sign, the low halves compare unsigned. */
function cmpS64(aLo: number, aHi: number, bLo: number, bHi: number): number {
  if (aHi !== bHi) return (aHi | 0) < (bHi | 0) ? -1 : 1;
  return aLo === bLo ? 0 : aLo < bLo ? -1 : 1;
}
