// The integer atomics' new memory value by the document's pseudo-code, on BigInt `bits`-bit values: the
// reference the SMEM and FLAT atomic tests share (written independently of src/gpu/memory.ts).

export function atomicRef(op: string, old: bigint, src: bigint, cmp: bigint, bits: 32 | 64): bigint {
  const mask = (1n << BigInt(bits)) - 1n;
  const sg = (x: bigint) => BigInt.asIntN(bits, x);
  switch (op) {
    case 'swap':
      return src;
    case 'cmpswap':
      return old === cmp ? src : old;
    case 'add':
      return (old + src) & mask;
    case 'sub':
      return (old - src) & mask;
    case 'smin':
      return sg(src) < sg(old) ? src : old;
    case 'umin':
      return src < old ? src : old;
    case 'smax':
      return sg(src) > sg(old) ? src : old;
    case 'umax':
      return src > old ? src : old;
    case 'and':
      return old & src;
    case 'or':
      return old | src;
    case 'xor':
      return old ^ src;
    case 'inc':
      return old >= src ? 0n : old + 1n;
    case 'dec':
      return old === 0n || old > src ? src : old - 1n;
  }
  throw new Error(`atomicRef: unknown op ${op}`);
}
