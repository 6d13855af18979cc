// The TC_OP atomic operations of ATOMIC / ATOMIC_MEM (seed 004 2.8.1: "only TC_OP_ATOMIC_* ops"). Opcode
// values from the public MEC packet headers (ROCR-Runtime / kfdtest "enum TC_OP"): the 32-bit ops that
// return the pre-op value at 0x07-0x19, their 64-bit forms at +0x20, and the forms without a return value
// at +0x40. The CP keeps the pre-op value in CP_ATOMIC_PREOP_LO/HI for COPY_DATA's ATOMIC_RETURN_DATA.

import type { DeviceMemory } from '../../emu/memory.js';

const OPS: Readonly<Record<number, string>> = {
  1: 'fcmpswap',
  2: 'fmin',
  3: 'fmax',
  7: 'swap',
  8: 'cmpswap',
  15: 'add',
  16: 'sub',
  17: 'smin',
  18: 'umin',
  19: 'smax',
  20: 'umax',
  21: 'and',
  22: 'or',
  23: 'xor',
  24: 'inc',
  25: 'dec',
};

export interface AtomicOp {
  readonly name: string;
  readonly wide: boolean;
  readonly returns: boolean;
}

/** The operation of a TC_OP value, or undefined for one that is not an atomic. */
export function atomicOp(op: number): AtomicOp | undefined {
  const base = op & 0x1f;
  const name = OPS[base];
  if (name === undefined || op > 0x7f) return undefined;
  return { name, wide: (op & 0x20) !== 0, returns: (op & 0x40) === 0 };
}

const M32 = 0xffffffffn;
const M64 = 0xffffffffffffffffn;

/**
 * Runs the operation at `addr` with source `src` and compare value `cmp` (both as unsigned BigInts of the
 * operation's width); returns the pre-op value. Float min/max/cmpswap compare IEEE values; a NaN operand
 * makes min/max return the other one, as the hardware's minNum/maxNum.
 */
export function runAtomic(mem: DeviceMemory, a: AtomicOp, addr: number, src: bigint, cmp: bigint): bigint {
  const wide = a.wide;
  const mask = wide ? M64 : M32;
  const read = (): bigint =>
    wide ? (BigInt(mem.read32(addr + 4)) << 32n) | BigInt(mem.read32(addr)) : BigInt(mem.read32(addr));
  const write = (v: bigint) => {
    mem.write32(addr, Number(v & M32));
    if (wide) mem.write32(addr + 4, Number((v >> 32n) & M32));
  };
  const old = read();
  const bits = wide ? 64 : 32;
  const signed = (v: bigint) => BigInt.asIntN(bits, v);
  const float = (v: bigint) => {
    const b = new DataView(new ArrayBuffer(8));
    if (wide) {
      b.setBigUint64(0, v);
      return b.getFloat64(0);
    }
    b.setUint32(0, Number(v));
    return b.getFloat32(0);
  };
  let v: bigint;
  switch (a.name) {
    case 'swap':
      v = src;
      break;
    case 'cmpswap':
      v = old === cmp ? src : old;
      break;
    case 'fcmpswap':
      v = float(old) === float(cmp) ? src : old;
      break;
    case 'add':
      v = old + src;
      break;
    case 'sub':
      v = old - src;
      break;
    case 'smin':
      v = signed(src) < signed(old) ? src : old;
      break;
    case 'umin':
      v = src < old ? src : old;
      break;
    case 'smax':
      v = signed(src) > signed(old) ? src : old;
      break;
    case 'umax':
      v = src > old ? src : old;
      break;
    case 'and':
      v = old & src;
      break;
    case 'or':
      v = old | src;
      break;
    case 'xor':
      v = old ^ src;
      break;
    case 'inc':
      v = old >= src ? 0n : old + 1n;
      break;
    case 'dec':
      v = old === 0n || old > src ? src : old - 1n;
      break;
    case 'fmin':
    case 'fmax': {
      const x = float(old);
      const y = float(src);
      const pickSrc = Number.isNaN(x) ? true : Number.isNaN(y) ? false : a.name === 'fmin' ? y < x : y > x;
      v = pickSrc ? src : old;
      break;
    }
    default:
      throw new Error(`atomic ${a.name}`);
  }
  write(v & mask);
  return old;
}
