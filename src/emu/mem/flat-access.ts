// One lane's access to the memory a FLAT-encoded address reaches: device memory (global), the
// workgroup's LDS (the shared aperture) or the lane's private memory (the private aperture, and every
// SCRATCH-segment op). Addresses are resolved per lane into LOC by the instruction's address mode;
// these functions then move 1, 2 or 4*k bytes, or apply an atomic, at LOC.
//
// Data travels in a Uint32Array: a 1- or 2-byte value zero-extended in element 0, else one dword per
// element (little-endian, as the VGPRs hold them).

import type { AtomicOp } from '../memory.js';
import type { Wave } from '../wave.js';
import { SPACE_GLOBAL, SPACE_LDS } from './aperture.js';
import { LaneFault, laneFault } from './fault.js';
import { atomicValue32, atomicValue64 } from './flat-atomic.js';
import { scratchAddress } from './scratch.js';

/** Where one lane's access goes. */
export class Location {
  /** SPACE_GLOBAL, SPACE_LDS or SPACE_SCRATCH. */
  space = SPACE_GLOBAL;
  /** Device address (global), LDS byte offset, or 32-bit private address (scratch). */
  addr = 0;
  /** The address as the instruction formed it (the flat address), for fault reports of LDS accesses. */
  flat = 0;
}

/** The location of the lane being executed (one instruction runs at a time; no allocation per lane). */
export const LOC = new Location();

function ldsCheck(w: Wave, lane: number, n: number, kind: 'read' | 'write' | 'atomic'): number {
  const a = LOC.addr;
  if (a + n > w.wg.ldsSize) throw new LaneFault(lane, LOC.flat, n, kind);
  return a;
}

/** Reads `n` bytes (1, 2, or a multiple of 4) at LOC into out. */
export function readAt(w: Wave, lane: number, n: number, out: Uint32Array): void {
  const space = LOC.space;
  if (space === SPACE_GLOBAL) {
    const mem = w.ctx.mem;
    try {
      if (n === 1) out[0] = mem.read8(LOC.addr);
      else if (n === 2) out[0] = mem.read16(LOC.addr);
      else mem.readDwords(LOC.addr, n >>> 2, out, 0);
    } catch (e) {
      laneFault(e, lane);
    }
  } else if (space === SPACE_LDS) {
    const a = ldsCheck(w, lane, n, 'read');
    const v = w.wg.ldsView;
    if (n === 1) out[0] = v.getUint8(a);
    else if (n === 2) out[0] = v.getUint16(a, true);
    else for (let k = 0; k < n >>> 2; k++) out[k] = v.getUint32(a + 4 * k, true);
  } else {
    readScratch(w, lane, LOC.addr, n, out);
  }
}

/** Writes `n` bytes (1, 2, or a multiple of 4) from src at LOC. */
export function writeAt(w: Wave, lane: number, n: number, src: Uint32Array): void {
  const space = LOC.space;
  if (space === SPACE_GLOBAL) {
    const mem = w.ctx.mem;
    try {
      if (n === 1) mem.write8(LOC.addr, src[0]);
      else if (n === 2) mem.write16(LOC.addr, src[0]);
      else mem.writeDwords(LOC.addr, n >>> 2, src, 0);
    } catch (e) {
      laneFault(e, lane);
    }
  } else if (space === SPACE_LDS) {
    const a = ldsCheck(w, lane, n, 'write');
    const v = w.wg.ldsView;
    if (n === 1) v.setUint8(a, src[0]);
    else if (n === 2) v.setUint16(a, src[0], true);
    else for (let k = 0; k < n >>> 2; k++) v.setUint32(a + 4 * k, src[k], true);
  } else {
    writeScratch(w, lane, LOC.addr, n, src);
  }
}

function readScratch(w: Wave, lane: number, x: number, n: number, out: Uint32Array): void {
  const mem = w.ctx.mem;
  try {
    if ((x & 3) === 0 && (n & 3) === 0) {
      for (let k = 0; k < n >>> 2; k++) out[k] = mem.read32(scratchAddress(w, (x + 4 * k) >>> 0, lane));
      return;
    }
    // Sub-dword or unaligned: each byte maps on its own (its dword may be a different 256-byte row).
    for (let k = 0; k < (n + 3) >>> 2; k++) out[k] = 0;
    for (let j = 0; j < n; j++) {
      const b = mem.read8(scratchAddress(w, (x + j) >>> 0, lane));
      out[j >>> 2] = (out[j >>> 2] | (b << (8 * (j & 3)))) >>> 0;
    }
  } catch (e) {
    laneFault(e, lane);
  }
}

function writeScratch(w: Wave, lane: number, x: number, n: number, src: Uint32Array): void {
  const mem = w.ctx.mem;
  try {
    if ((x & 3) === 0 && (n & 3) === 0) {
      for (let k = 0; k < n >>> 2; k++) mem.write32(scratchAddress(w, (x + 4 * k) >>> 0, lane), src[k]);
      return;
    }
    for (let j = 0; j < n; j++) {
      mem.write8(scratchAddress(w, (x + j) >>> 0, lane), src[j >>> 2] >>> (8 * (j & 3)));
    }
  } catch (e) {
    laneFault(e, lane);
  }
}

const OLD = new Uint32Array(2);
const NEW = new Uint32Array(2);

/**
 * Applies integer atomic `op` at LOC: 32-bit with data d[0] (compare d[1] for cmpswap), or 64-bit with
 * data d[0..1] (compare d[2..3]). The pre-op value goes to old[0] (and old[1] for 64-bit).
 */
export function atomicAt(
  w: Wave,
  lane: number,
  op: AtomicOp,
  wide: boolean,
  d: Uint32Array,
  old: Uint32Array,
): void {
  if (LOC.space === SPACE_GLOBAL) {
    const mem = w.ctx.mem;
    try {
      if (wide) mem.atomic64(op, LOC.addr, d[0], d[1], d[2], d[3], old, 0);
      else old[0] = mem.atomic32(op, LOC.addr, d[0], d[1]);
    } catch (e) {
      laneFault(e, lane);
    }
    return;
  }
  // LDS and private memory: the emulator runs one lane at a time, so read-modify-write is atomic.
  const n = wide ? 8 : 4;
  if (LOC.space === SPACE_LDS) ldsCheck(w, lane, n, 'atomic');
  readAtomic(w, lane, n, OLD);
  if (wide) atomicValue64(op, OLD[0], OLD[1], d[0], d[1], d[2], d[3], NEW);
  else NEW[0] = atomicValue32(op, OLD[0], d[0], d[1]);
  writeAt(w, lane, n, NEW);
  old[0] = OLD[0];
  if (wide) old[1] = OLD[1];
}

/** readAt for the read half of an atomic: a fault reports the access as an atomic one. */
function readAtomic(w: Wave, lane: number, n: number, out: Uint32Array): void {
  try {
    readAt(w, lane, n, out);
  } catch (e) {
    if (e instanceof LaneFault) throw new LaneFault(lane, e.addr, e.size, 'atomic');
    throw e;
  }
}

/**
 * A read-modify-write with `f` on the 32-bit global-memory value at LOC (the gfx908 float atomics, which
 * exist only in the GLOBAL segment); returns the old value. One lookup, reported as an atomic access.
 */
export function rmwGlobal32(
  w: Wave,
  lane: number,
  f: (old: number, src: number) => number,
  src: number,
): number {
  try {
    return w.ctx.mem.update32(LOC.addr, f, src);
  } catch (e) {
    laneFault(e, lane);
  }
}
