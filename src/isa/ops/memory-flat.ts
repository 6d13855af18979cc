// The ops of the FLAT encoding's three segments (FLAT, GLOBAL, SCRATCH): one row per (segment, op) with
// its per-generation opcodes (gfx9 from the Vega document's tables, gfx7/8 FLAT from CLRX's; gfx7/8 have
// only the FLAT segment, gfx6 no FLAT at all), plus the few ops only LLVM and the MI100 document know.
import type { OpRow } from '../ops.js';
import type { Processor } from '../processors.js';
import { mergedOpcodes, type NamedOpcodes, perProcessor, rowsOn } from './memory-rows.js';

/** The SEG field: which address space and operand layout the op uses. 3 is reserved. */
export const SEG_FLAT = 0;
export const SEG_SCRATCH = 1;
export const SEG_GLOBAL = 2;

export const KIND_LOAD = 0;
export const KIND_STORE = 1;
export const KIND_ATOMIC = 2;

export interface FlatOp extends OpRow {
  readonly name: string;
  readonly seg: number;
  readonly kind: number;
  /** Dwords of the data register (store data or atomic source). */
  readonly dataWidth: number;
  /** Dwords of the destination (loads, returning atomics). */
  readonly dstWidth: number;
  /** Whether the LDS bit is accepted (LDS DMA: only 32-bit and narrower non-d16 loads of global/scratch). */
  readonly lds: boolean;
  /** Whether glc selects a returning form (atomics other than gfx908's float adds). */
  readonly rtn: boolean;
}

/** The document's opcode table and encoding name of each segment, indexed by SEG. */
export const SEG_ENCODING = ['FLAT', 'SCRATCH', 'GLOBAL'] as const;

// gfx908 float atomics. Neither the Vega document nor the MI100 document's (cut) text gives their opcodes;
// these are LLVM's (llvm-mc-22 -mcpu=gfx908 encodes them with OP = 77 and 78). LLVM has no returning form.
const EXTRA: readonly NamedOpcodes[] = [
  { name: 'global_atomic_add_f32', opcodes: { gfx9: 77 }, requires: 'atomic-fadd-insts' },
  { name: 'global_atomic_pk_add_f16', opcodes: { gfx9: 78 }, requires: 'atomic-fadd-insts' },
];

function widthOf(name: string): number {
  if (name.endsWith('x4')) return 4;
  if (name.endsWith('x3')) return 3;
  if (name.endsWith('x2')) return 2;
  return 1;
}

function makeOp(seg: number, r: NamedOpcodes): FlatOp {
  const name = r.name;
  const kind = name.includes('_load_') ? KIND_LOAD : name.includes('_store_') ? KIND_STORE : KIND_ATOMIC;
  const w = widthOf(name);
  const isFloatAtomic = r.requires !== undefined;
  return {
    name,
    opcodes: r.opcodes,
    requires: r.requires,
    seg,
    kind,
    dataWidth: kind === KIND_ATOMIC && name.includes('cmpswap') ? 2 * w : w,
    dstWidth: w,
    lds: seg !== SEG_FLAT && kind === KIND_LOAD && w === 1 && !name.includes('_d16'),
    rtn: kind === KIND_ATOMIC && !isFloatAtomic,
  };
}

/** Every op of the encoding, in document order per segment. */
export const FLAT_OPS: readonly FlatOp[] = [
  ...mergedOpcodes('flat', 'flat').map((r) => makeOp(SEG_FLAT, r)),
  ...mergedOpcodes('scratch', null).map((r) => makeOp(SEG_SCRATCH, r)),
  ...mergedOpcodes('global', null, EXTRA).map((r) => makeOp(SEG_GLOBAL, r)),
];

/** Per processor: the op for SEG * 128 + OP (null where none; gfx7/8 have SEG 0 only), and the rows. */
export interface FlatTable {
  readonly byOpcode: readonly (FlatOp | null)[];
  readonly byName: ReadonlyMap<string, FlatOp>;
  readonly rows: readonly FlatOp[];
  readonly proc: Processor;
}

export const flatTable = perProcessor((p): FlatTable => {
  const rows = p.features.has('flat') ? rowsOn(FLAT_OPS, p) : [];
  const byOpcode: (FlatOp | null)[] = new Array(512).fill(null);
  for (const r of rows) byOpcode[r.seg * 128 + (r.opcodes[p.generation] as number)] = r;
  return { byOpcode, byName: new Map(rows.map((r) => [r.name, r])), rows, proc: p };
});
