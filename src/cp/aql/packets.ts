// Writing AQL packets and queues into device memory, as a producer does (HSA runtime specification:
// reserve a slot by bumping the write index, write the packet body, then store the header last with
// release semantics so that the packet processor never sees a half-written packet; ring the doorbell with
// the packet's index). The layouts are in layout.ts.

import type { DeviceMemory } from '../../emu/memory.js';
import { PRIVATE_APERTURE_HI, SHARED_APERTURE_HI } from '../../emu/wave.js';
import {
  BARRIER,
  DEP_SIGNALS,
  DISPATCH,
  FenceScope,
  PACKET_BYTES,
  PacketType,
  packetHeader,
  Q,
  QUEUE_BYTES,
  QUEUE_FEATURE_KERNEL_DISPATCH,
  QUEUE_TYPE_MULTI,
} from './layout.js';
import { writeU64 } from './signal.js';

/** What a queue is made of in device memory. */
export interface QueueMemory {
  /** The amd_queue_t (QUEUE_BYTES, 64-byte aligned). */
  readonly address: number;
  /** The packet ring: `size` packets, 64-byte aligned. */
  readonly ring: number;
  /** Packets in the ring, a power of two. */
  readonly size: number;
  /** The doorbell's amd_signal_t. */
  readonly doorbell: number;
  /** hsa_queue_t.id. */
  readonly id: number;
  /** The index of the first packet (read and write dispatch ids start there). */
  readonly first: number;
}

/**
 * Writes an empty queue: every ring slot INVALID (HSA: the packet processor stalls on INVALID slots), the
 * hsa_queue_t fields, the dispatch ids, and the aperture bases LLVM reads from amd_queue_t for code object
 * v4 and older (seed 001: group/private segment aperture base hi at 0x40/0x44). The doorbell signal must
 * already exist; its value is set to first - 1 (nothing published).
 */
export function writeQueue(mem: DeviceMemory, q: QueueMemory): void {
  for (let i = 0; i < q.size; i++) mem.write16(q.ring + i * PACKET_BYTES, PacketType.INVALID);
  mem.fill(q.address, QUEUE_BYTES, 0);
  mem.write32(q.address + Q.type, QUEUE_TYPE_MULTI);
  mem.write32(q.address + Q.features, QUEUE_FEATURE_KERNEL_DISPATCH);
  writeU64(mem, q.address + Q.baseAddress, q.ring);
  writeU64(mem, q.address + Q.doorbellSignal, q.doorbell);
  mem.write32(q.address + Q.size, q.size);
  writeU64(mem, q.address + Q.id, q.id);
  writeU64(mem, q.address + Q.writeDispatchId, q.first);
  writeU64(mem, q.address + Q.readDispatchId, q.first);
  mem.write32(q.address + Q.groupSegmentApertureBaseHi, SHARED_APERTURE_HI);
  mem.write32(q.address + Q.privateSegmentApertureBaseHi, PRIVATE_APERTURE_HI);
}

/** The header fields a producer chooses. */
export interface HeaderOptions {
  /** Wait for every earlier packet to complete (default true, as HIP sets it). */
  readonly barrier?: boolean;
  /** hsa_fence_scope_t of the acquire and release fences (default system, as HIP sets them). */
  readonly acquire?: number;
  readonly release?: number;
}

function header(type: number, h: HeaderOptions): number {
  return packetHeader(
    type,
    h.barrier ?? true,
    h.acquire ?? FenceScope.SYSTEM,
    h.release ?? FenceScope.SYSTEM,
  );
}

/** hsa_kernel_dispatch_packet_t's fields. */
export interface KernelDispatchFields extends HeaderOptions {
  readonly dims: number;
  readonly block: readonly [number, number, number];
  readonly grid: readonly [number, number, number];
  readonly privateSegmentSize: number;
  readonly groupSegmentSize: number;
  /** The kernel descriptor's device address. */
  readonly kernelObject: number;
  readonly kernarg: number;
  /** A signal's address, or 0. */
  readonly completionSignal: number;
}

/** Writes a kernel dispatch packet into `slot`, the header (with setup, one 32-bit store) last. */
export function writeKernelDispatch(mem: DeviceMemory, slot: number, p: KernelDispatchFields): void {
  for (let a = 0; a < 3; a++) {
    mem.write16(slot + DISPATCH.workgroupSize + 2 * a, p.block[a]);
    mem.write32(slot + DISPATCH.gridSize + 4 * a, p.grid[a]);
  }
  mem.write16(slot + DISPATCH.reserved0, 0);
  mem.write32(slot + DISPATCH.privateSegmentSize, p.privateSegmentSize);
  mem.write32(slot + DISPATCH.groupSegmentSize, p.groupSegmentSize);
  writeU64(mem, slot + DISPATCH.kernelObject, p.kernelObject);
  writeU64(mem, slot + DISPATCH.kernargAddress, p.kernarg);
  writeU64(mem, slot + 48, 0);
  writeU64(mem, slot + DISPATCH.completionSignal, p.completionSignal);
  mem.write32(slot, (header(PacketType.KERNEL_DISPATCH, p) | (p.dims << 16)) >>> 0);
}

/** Writes a BARRIER_AND or BARRIER_OR packet on up to five signals (addresses) into `slot`, header last. */
export function writeBarrier(
  mem: DeviceMemory,
  slot: number,
  type: typeof PacketType.BARRIER_AND | typeof PacketType.BARRIER_OR,
  deps: readonly number[],
  completionSignal: number,
  h: HeaderOptions,
): void {
  if (deps.length > DEP_SIGNALS)
    throw new RangeError(`a barrier packet has ${DEP_SIGNALS} dependent signals, not ${deps.length}`);
  mem.write16(slot + 2, 0);
  mem.write32(slot + 4, 0);
  for (let i = 0; i < DEP_SIGNALS; i++) writeU64(mem, slot + BARRIER.depSignal + 8 * i, deps[i] ?? 0);
  writeU64(mem, slot + 48, 0);
  writeU64(mem, slot + BARRIER.completionSignal, completionSignal);
  mem.write16(slot, header(type, h));
}
