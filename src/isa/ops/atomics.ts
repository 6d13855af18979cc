// The read-modify-write operations of the GCN atomics, named as their opcodes spell them
// (buffer_atomic_<op>, flat_atomic_<op>, s_atomic_<op>, ds_<op>_u32 ...). The integer ones are in the
// order of the documents' opcode tables, which the SMEM rows rely on; the float ones are gfx6/gfx7's
// buffer, image and (gfx7) flat atomics, which gfx8 dropped.

export const INTEGER_ATOMICS = [
  'swap',
  'cmpswap',
  'add',
  'sub',
  'smin',
  'umin',
  'smax',
  'umax',
  'and',
  'or',
  'xor',
  'inc',
  'dec',
] as const;

export const FLOAT_ATOMICS = ['fcmpswap', 'fmin', 'fmax'] as const;

export type AtomicOp = (typeof INTEGER_ATOMICS)[number] | (typeof FLOAT_ATOMICS)[number];

const NAMES: ReadonlySet<string> = new Set([...INTEGER_ATOMICS, ...FLOAT_ATOMICS]);

/** The AtomicOp an opcode name's operation part names, or undefined. */
export function atomicOp(name: string): AtomicOp | undefined {
  return NAMES.has(name) ? (name as AtomicOp) : undefined;
}
