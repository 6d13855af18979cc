// The op tables of the FLAT encoding's three segments (FLAT, GLOBAL, SCRATCH), built once at load from
// the document's opcode tables plus the few ops only LLVM and the MI100 document know.
import { DOC_OPCODES } from '../../isa/generated/doc-opcodes.js';
import { T_ALL, T_GFX908 } from '../../isa/targets.js';

/** The SEG field: which address space and operand layout the op uses. 3 is reserved. */
export const SEG_FLAT = 0;
export const SEG_SCRATCH = 1;
export const SEG_GLOBAL = 2;

export const KIND_LOAD = 0;
export const KIND_STORE = 1;
export const KIND_ATOMIC = 2;

export interface FlatOp {
  readonly name: string;
  readonly seg: number;
  readonly opcode: number;
  readonly kind: number;
  /** Dwords of the data register (store data or atomic source). */
  readonly dataWidth: number;
  /** Dwords of the destination (loads, returning atomics). */
  readonly dstWidth: number;
  /** Whether the LDS bit is accepted (LDS DMA: only 32-bit and narrower non-d16 loads of global/scratch). */
  readonly lds: boolean;
  /** Whether glc selects a returning form (atomics other than gfx908's float adds). */
  readonly rtn: boolean;
  readonly targets: number;
}

/** The document's opcode table and encoding name of each segment, indexed by SEG. */
const SEG_TABLE = ['flat', 'scratch', 'global'] as const;
export const SEG_ENCODING = ['FLAT', 'SCRATCH', 'GLOBAL'] as const;

// gfx908 float atomics. Neither the Vega document nor the MI100 document's (cut) text gives their opcodes;
// these are LLVM's (llvm-mc-22 -mcpu=gfx908 encodes them with OP = 77 and 78). LLVM has no returning form.
const EXTRA: readonly (readonly [number, string, number])[] = [
  [77, 'global_atomic_add_f32', T_GFX908],
  [78, 'global_atomic_pk_add_f16', T_GFX908],
];

function widthOf(name: string): number {
  if (name.endsWith('x4')) return 4;
  if (name.endsWith('x3')) return 3;
  if (name.endsWith('x2')) return 2;
  return 1;
}

function makeOp(seg: number, opcode: number, name: string, targets: number): FlatOp {
  const kind = name.includes('_load_') ? KIND_LOAD : name.includes('_store_') ? KIND_STORE : KIND_ATOMIC;
  const w = widthOf(name);
  const isFloatAtomic = targets !== T_ALL;
  return {
    name,
    seg,
    opcode,
    kind,
    dataWidth: kind === KIND_ATOMIC && name.includes('_cmpswap') ? 2 * w : w,
    dstWidth: w,
    lds: seg !== SEG_FLAT && kind === KIND_LOAD && w === 1 && !name.includes('_d16'),
    rtn: kind === KIND_ATOMIC && !isFloatAtomic,
    targets,
  };
}

/** Every op of the encoding, in document order per segment. */
export const FLAT_OPS: readonly FlatOp[] = (() => {
  const all: FlatOp[] = [];
  for (let seg = 0; seg < SEG_TABLE.length; seg++) {
    for (const [opcode, name] of DOC_OPCODES[SEG_TABLE[seg]] ?? [])
      all.push(makeOp(seg, opcode, name, T_ALL));
    if (seg === SEG_GLOBAL) for (const [opcode, name, t] of EXTRA) all.push(makeOp(seg, opcode, name, t));
  }
  return all;
})();
