// Device atomics when other threads access the same memory at once (a dispatch whose workgroups run on
// worker threads, gpu/parallel.ts): every read-modify-write of global memory goes through JavaScript's
// Atomics on the allocation's shared bytes. The integer operations JavaScript has (exchange, add, sub,
// and, or, xor, compareExchange) map to one Atomics call; the others (min, max, inc, dec and the float
// ones) are compare-and-swap loops around the same value functions the single-threaded path's rules
// are written in (flat-atomic.ts), so the result of each operation is the same bits either way. 64-bit
// operations are compare-and-swap loops on a BigInt64Array view (allocated BigInts: this path is taken
// only by parallel dispatches). Atomics index the host's integers, which is little-endian on every
// platform Node and the browsers run on, as the DataView accesses are.
//
// An access that is not naturally aligned cannot be one Atomics operation; GCN requires aligned atomics
// (a misaligned one is undefined), so those fall back to a plain read-modify-write.

import type { AtomicOp, Region } from '../memory.js';
import { atomicValue32, atomicValue64 } from './flat-atomic.js';

/** A 32-bit atomic at byte `off` of `r` among threads; returns the old value (unsigned). */
export function sharedAtomic32(r: Region, off: number, op: AtomicOp, src: number, cmp: number): number {
  if ((off & 3) !== 0) return sharedUpdate32(r, off, (old, s) => atomicValue32(op, old, s, cmp), src);
  const a = r.words;
  const k = off >>> 2;
  switch (op) {
    case 'swap':
      return Atomics.exchange(a, k, src | 0) >>> 0;
    case 'cmpswap':
      return Atomics.compareExchange(a, k, cmp | 0, src | 0) >>> 0;
    case 'add':
      return Atomics.add(a, k, src | 0) >>> 0;
    case 'sub':
      return Atomics.sub(a, k, src | 0) >>> 0;
    case 'and':
      return Atomics.and(a, k, src | 0) >>> 0;
    case 'or':
      return Atomics.or(a, k, src | 0) >>> 0;
    case 'xor':
      return Atomics.xor(a, k, src | 0) >>> 0;
    default:
      for (;;) {
        const old = Atomics.load(a, k);
        const nv = atomicValue32(op, old >>> 0, src, cmp) | 0;
        if (Atomics.compareExchange(a, k, old, nv) === old) return old >>> 0;
      }
  }
}

/**
 * Replaces the 32-bit value at byte `off` of `r` by f(old, src) atomically among threads (a
 * compare-and-swap loop); returns the old value (unsigned).
 */
export function sharedUpdate32(
  r: Region,
  off: number,
  f: (old: number, src: number) => number,
  src: number,
): number {
  if ((off & 3) !== 0) {
    const old = r.view.getUint32(off, true);
    r.view.setUint32(off, f(old, src), true);
    return old;
  }
  const a = r.words;
  const k = off >>> 2;
  for (;;) {
    const old = Atomics.load(a, k);
    if (Atomics.compareExchange(a, k, old, f(old >>> 0, src) | 0) === old) return old >>> 0;
  }
}

const NEW = new Uint32Array(2);

/** A 64-bit atomic at byte `off` of `r` among threads; the old value to out[outIndex], out[outIndex + 1]. */
export function sharedAtomic64(
  r: Region,
  off: number,
  op: AtomicOp,
  sLo: number,
  sHi: number,
  cLo: number,
  cHi: number,
  out: Uint32Array | Int32Array,
  outIndex: number,
): void {
  const v = r.view;
  if ((off & 7) !== 0) {
    const oLo = v.getUint32(off, true);
    const oHi = v.getUint32(off + 4, true);
    atomicValue64(op, oLo, oHi, sLo, sHi, cLo, cHi, NEW);
    v.setUint32(off, NEW[0]!, true);
    v.setUint32(off + 4, NEW[1]!, true);
    out[outIndex] = oLo;
    out[outIndex + 1] = oHi;
    return;
  }
  const a = r.longs;
  const k = off >>> 3;
  for (;;) {
    const old = Atomics.load(a, k);
    const oLo = Number(old & 0xffffffffn);
    const oHi = Number(BigInt.asUintN(32, old >> 32n));
    atomicValue64(op, oLo, oHi, sLo, sHi, cLo, cHi, NEW);
    const nv = BigInt.asIntN(64, (BigInt(NEW[1]!) << 32n) | BigInt(NEW[0]!));
    if (Atomics.compareExchange(a, k, old, nv) === old) {
      out[outIndex] = oLo;
      out[outIndex + 1] = oHi;
      return;
    }
  }
}
