// Where the fields of the AQL structures sit in device memory. Offsets and values are facts from the HSA
// runtime specification's hsa.h (hsa_queue_t, hsa_kernel_dispatch_packet_t, hsa_barrier_and_packet_t,
// hsa_barrier_or_packet_t, hsa_packet_header_t, hsa_fence_scope_t, hsa_signal_condition_t) and ROCR's
// amd_hsa_queue.h / amd_hsa_signal.h (amd_queue_t, amd_signal_t), as also restated by LLVM's AMDGPU guide
// (seed 001: "the kernel dispatch packet", the queue fields code object v4 and older reads).

/** Every AQL packet is 64 bytes; the ring's base is 64-byte aligned. */
export const PACKET_BYTES = 64;

/** hsa_packet_type_t. */
export const PacketType = {
  VENDOR_SPECIFIC: 0,
  INVALID: 1,
  KERNEL_DISPATCH: 2,
  BARRIER_AND: 3,
  AGENT_DISPATCH: 4,
  BARRIER_OR: 5,
} as const;

/** A packet type's name for reports (hsa.h's names without HSA_PACKET_TYPE_). */
export function packetTypeName(type: number): string {
  for (const [name, v] of Object.entries(PacketType)) if (v === type) return name;
  return `type ${type}`;
}

/** hsa_packet_header_t: bit offsets of the 16-bit header's fields (bits 13-15 are reserved, zero). */
export const HEADER_TYPE = 0;
export const HEADER_BARRIER = 8;
export const HEADER_ACQUIRE_FENCE_SCOPE = 9;
export const HEADER_RELEASE_FENCE_SCOPE = 11;

/** hsa_fence_scope_t (2 bits; 3 is not a scope). */
export const FenceScope = { NONE: 0, AGENT: 1, SYSTEM: 2 } as const;
export type FenceScopeName = 'none' | 'agent' | 'system';
export const FENCE_SCOPE_NAMES: readonly FenceScopeName[] = ['none', 'agent', 'system'];

/** A packet header from its fields. */
export function packetHeader(type: number, barrier: boolean, acquire: number, release: number): number {
  return (
    (type << HEADER_TYPE) |
    ((barrier ? 1 : 0) << HEADER_BARRIER) |
    (acquire << HEADER_ACQUIRE_FENCE_SCOPE) |
    (release << HEADER_RELEASE_FENCE_SCOPE)
  );
}

/** hsa_queue_type_t and hsa_queue_feature_t. */
export const QUEUE_TYPE_MULTI = 0;
export const QUEUE_FEATURE_KERNEL_DISPATCH = 1;

/** Bytes of amd_queue_t (64-byte aligned; hsa_queue_t is its first 40 bytes). */
export const QUEUE_BYTES = 256;

/** amd_queue_t byte offsets (hsa_queue_t's fields first). */
export const Q = {
  type: 0,
  features: 4,
  /** The packet ring. */
  baseAddress: 8,
  /** hsa_signal_t: the address of the doorbell's amd_signal_t. */
  doorbellSignal: 16,
  /** Packets in the ring, a power of two. */
  size: 24,
  id: 32,
  /** The next packet index a producer will reserve (64-bit). */
  writeDispatchId: 56,
  groupSegmentApertureBaseHi: 64,
  privateSegmentApertureBaseHi: 68,
  /** The index of the next packet the packet processor will process (64-bit). */
  readDispatchId: 128,
} as const;

/** hsa_kernel_dispatch_packet_t byte offsets. */
export const DISPATCH = {
  header: 0,
  /** Dimensions in bits 0-1 (HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS); the rest reserved. */
  setup: 2,
  /** workgroup_size_x, _y, _z: 16 bits each. */
  workgroupSize: 4,
  reserved0: 10,
  /** grid_size_x, _y, _z: 32 bits each, in work-items. */
  gridSize: 12,
  privateSegmentSize: 24,
  groupSegmentSize: 28,
  /** The address of the kernel descriptor (ROCR's kernel object handle). */
  kernelObject: 32,
  kernargAddress: 40,
  completionSignal: 56,
} as const;

/** hsa_barrier_and_packet_t / hsa_barrier_or_packet_t: five dependent signals, then the completion signal. */
export const BARRIER = { depSignal: 8, completionSignal: 56 } as const;
export const DEP_SIGNALS = 5;

/** amd_signal_t: 64 bytes, 64-byte aligned; an hsa_signal_t handle is its address. */
export const SIGNAL_BYTES = 64;
export const SIG = {
  /** amd_signal_kind64_t. */
  kind: 0,
  /** The signal's value, a signed 64-bit integer (for a doorbell kind, the doorbell pointer). */
  value: 8,
  /** When not 0: where the packet processor writes event_id after changing the value (an interrupt). */
  eventMailboxPtr: 16,
  eventId: 24,
  startTs: 32,
  endTs: 40,
  queuePtr: 48,
} as const;

/** amd_signal_kind_t. */
export const SignalKind = { INVALID: 0, USER: 1, DOORBELL: -1, LEGACY_DOORBELL: -2 } as const;

/** hsa_signal_condition_t, by the names the host API takes. */
export type SignalCondition = 'eq' | 'ne' | 'lt' | 'gte';
export const SIGNAL_CONDITIONS: readonly SignalCondition[] = ['eq', 'ne', 'lt', 'gte'];
