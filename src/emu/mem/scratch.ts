// Private (scratch) memory as the emulator lays it out: the hardware's swizzled scratch layout with element
// size 4 and index stride 64, based at FLAT_SCRATCH. Dword k of lane L's private space sits at
// FLAT_SCRATCH + k * 256 + L * 4, so the 64 lanes' copies of one private dword are adjacent. The
// dispatcher (src/gpu/dispatch.ts) allocates and points FLAT_SCRATCH at each wave's slice accordingly;
// MUBUF scratch accesses (the private segment buffer with add_tid) must land on the same bytes.

import { FLAT_SCRATCH_HI, FLAT_SCRATCH_LO, type Wave } from '../wave.js';

/**
 * The wave's scratch base: on gfx9 the 64-bit FLAT_SCRATCH register pair as a device address; on gfx7/gfx8
 * the private base plus FLAT_SCRATCH_HI 256-byte units (the dispatcher says which, DispatchContext.flatScratch).
 */
export function scratchBase(w: Wave): number {
  const fs = w.ctx?.flatScratch;
  if (fs !== undefined) return fs.privateBase + w.s[fs.sgpr + 1] * 256;
  return w.s[FLAT_SCRATCH_HI] * 2 ** 32 + w.s[FLAT_SCRATCH_LO];
}

/**
 * Device address of byte `x` (a 32-bit private address) of `lane`'s private memory. Only the byte
 * itself is mapped: an access wider than one byte must map each dword (or, unaligned, each byte) apart,
 * since neighbouring private dwords are 256 bytes apart in device memory.
 */
export function scratchAddress(w: Wave, x: number, lane: number): number {
  return scratchBase(w) + (x >>> 2) * 256 + lane * 4 + (x & 3);
}
