// The new memory value of each integer atomic (and, through float-atomic.ts, of the gfx7 float ones), for
// memories that are not DeviceMemory (LDS and private memory reached through FLAT): DeviceMemory applies
// the same rules itself (atomic32 / atomic64). Also the gfx908 float add atomics, which DeviceMemory does
// not have.

import { f16ToF32, f64ToF16 } from '../float/f16.js';
import type { AtomicOp } from '../memory.js';
import { floatAtomic32, floatAtomic64 } from './float-atomic.js';

/** The value an atomic leaves in a 32-bit location holding `old`; `cmp` is used by cmpswap only. */
export function atomicValue32(op: AtomicOp, old: number, src: number, cmp: number): number {
  old >>>= 0;
  src >>>= 0;
  switch (op) {
    case 'swap':
      return src;
    case 'cmpswap':
      return old === cmp >>> 0 ? src : old;
    case 'add':
      return (old + src) >>> 0;
    case 'sub':
      return (old - src) >>> 0;
    case 'smin':
      return (old | 0) < (src | 0) ? old : src;
    case 'umin':
      return old < src ? old : src;
    case 'smax':
      return (old | 0) > (src | 0) ? old : src;
    case 'umax':
      return old > src ? old : src;
    case 'and':
      return (old & src) >>> 0;
    case 'or':
      return (old | src) >>> 0;
    case 'xor':
      return (old ^ src) >>> 0;
    case 'inc':
      return old >= src ? 0 : old + 1;
    case 'dec':
      return old === 0 || old > src ? src : old - 1;
    case 'fcmpswap':
    case 'fmin':
    case 'fmax':
      return floatAtomic32(op, old, src, cmp);
  }
}

const U64 = 2n ** 64n;
const toU64 = (lo: number, hi: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
const toS64 = (lo: number, hi: number): bigint => BigInt.asIntN(64, toU64(lo, hi));

/**
 * The value a 64-bit atomic leaves in a location holding (oLo, oHi); written to out[0] (low) and
 * out[1] (high). Off the hot path (LDS / private atomics through FLAT), so BigInt keeps it plain.
 */
export function atomicValue64(
  op: AtomicOp,
  oLo: number,
  oHi: number,
  sLo: number,
  sHi: number,
  cLo: number,
  cHi: number,
  out: Uint32Array,
): void {
  if (op === 'fcmpswap' || op === 'fmin' || op === 'fmax') {
    floatAtomic64(op, oLo, oHi, sLo, sHi, cLo, cHi, out);
    return;
  }
  const old = toU64(oLo, oHi);
  const src = toU64(sLo, sHi);
  let r: bigint;
  switch (op) {
    case 'swap':
      r = src;
      break;
    case 'cmpswap':
      r = old === toU64(cLo, cHi) ? src : old;
      break;
    case 'add':
      r = (old + src) % U64;
      break;
    case 'sub':
      r = (old - src + U64) % U64;
      break;
    case 'smin':
      r = toS64(oLo, oHi) < toS64(sLo, sHi) ? old : src;
      break;
    case 'umin':
      r = old < src ? old : src;
      break;
    case 'smax':
      r = toS64(oLo, oHi) > toS64(sLo, sHi) ? old : src;
      break;
    case 'umax':
      r = old > src ? old : src;
      break;
    case 'and':
      r = old & src;
      break;
    case 'or':
      r = old | src;
      break;
    case 'xor':
      r = old ^ src;
      break;
    case 'inc':
      r = old >= src ? 0n : old + 1n;
      break;
    case 'dec':
      r = old === 0n || old > src ? src : old - 1n;
      break;
  }
  out[0] = Number(r & 0xffffffffn);
  out[1] = Number(r >> 32n);
}

const F32 = new Float32Array(2);
const U32 = new Uint32Array(F32.buffer);

/**
 * f32 addition of two bit patterns, round to nearest even, denormals kept. The sum of two f32 values
 * computed in f64 and rounded once to f32 is correctly rounded (53 >= 2 * 24 + 2), so fround suffices.
 * A NaN result is the default quiet NaN 0x7fc00000 (payloads are not propagated: a guess).
 */
export function addF32Bits(a: number, b: number): number {
  U32[0] = a;
  U32[1] = b;
  F32[0] = Math.fround(F32[0] + F32[1]);
  return U32[0];
}

/** Two packed f16 additions (each half rounded to nearest even, denormals kept). */
export function pkAddF16Bits(a: number, b: number): number {
  const lo = f64ToF16(f16ToF32(a & 0xffff) + f16ToF32(b & 0xffff));
  const hi = f64ToF16(f16ToF32(a >>> 16) + f16ToF32(b >>> 16));
  return (lo | (hi << 16)) >>> 0;
}
