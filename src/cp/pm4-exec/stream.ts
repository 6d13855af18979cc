// Where an engine of a PM4 queue reads its packets: the ring (a power-of-two number of dwords in device
// memory, read from the read pointer up to the write pointer, wrapping at its end) or an indirect buffer
// (a run of dwords an INDIRECT_BUFFER packet points to). Indirect buffers nest as a stack: a packet in
// an IB may call another IB (the callee returns to the caller's next packet), or chain to one (the
// chained IB replaces the current one: gfx9's INDIRECT_BUFFER with CHAIN set).

import type { DeviceMemory } from '../../emu/memory.js';
import { formatAddress } from '../../emu/memory.js';

/** The deepest IB nesting accepted: hardware has two levels (IB1, IB2); a stream past that is malformed. */
export const MAX_IB_DEPTH = 2;

export interface IbFrame {
  /** Device address of the IB's first dword. */
  readonly base: number;
  /** Dwords in the IB. */
  readonly size: number;
  /** Next dword to read. */
  pos: number;
}

/** Where a packet was read from, for reports: "ring offset 0x40" or "IB2 at 0x200000 offset 0x10". */
export function where(frames: readonly IbFrame[], ringPos: number): string {
  if (frames.length === 0) return `ring offset 0x${(ringPos * 4).toString(16)}`;
  const f = frames[frames.length - 1];
  return `IB${frames.length} at ${formatAddress(f.base)} offset 0x${(f.pos * 4).toString(16)}`;
}

/** The words of one packet, read into a reused buffer (a packet has at most 2 + 0x3fff dwords). */
export class PacketWords {
  readonly words = new Uint32Array(0x4001 + 1);
  size = 0;

  /** Reads `n` dwords starting at ring position `pos` (wrapping at `ringDwords`). */
  fromRing(mem: DeviceMemory, base: number, ringDwords: number, pos: number, n: number): void {
    const w = this.words;
    for (let k = 0; k < n; k++) w[k] = mem.read32(base + ((pos + k) & (ringDwords - 1)) * 4);
    this.size = n;
  }

  /** Reads `n` dwords starting at device address `addr`. */
  fromMemory(mem: DeviceMemory, addr: number, n: number): void {
    const w = this.words;
    for (let k = 0; k < n; k++) w[k] = mem.read32(addr + k * 4);
    this.size = n;
  }
}
