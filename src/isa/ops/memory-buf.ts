// The MUBUF and MTBUF ops: one row per op with its per-generation opcodes (gfx9 from the Vega document's
// tables, gfx6-8 from CLRX's, plus the gfx908 additions below); kind and data width follow from the name.
import type { OpRow } from '../ops.js';
import type { Processor } from '../processors.js';
import { mergedOpcodes, type NamedOpcodes, perProcessor, rowsOn } from './memory-rows.js';

export enum BufKind {
  Load,
  Store,
  Atomic,
  /** buffer_wbinvl1*: no operands. */
  Cache,
  /** buffer_store_lds_dword: LDS to memory, always with the lds bit and no VGPRs. */
  StoreLds,
}

export interface BufOp extends OpRow {
  name: string;
  kind: BufKind;
  /** Dwords of vdata (without the tfe status dword), with gfx9's packed 16-bit formats. */
  dwords: number;
  /** Dwords of vdata on gfx8, whose d16 formats take one VGPR per component (unpacked). */
  dwordsUnpacked: number;
  /** Whether LLVM accepts the lds bit (MUBUF loads of up to a dword straight into LDS). */
  lds: boolean;
  /** Whether glc (return the old value) is allowed: gfx908's float atomics have no returning form. */
  glc: boolean;
}

// Ops the Vega document does not list. Opcodes are those LLVM (llvm-mc-22 -mcpu=gfx908) encodes; the
// MI100 ISA document names both ops as gfx908 additions.
const MUBUF_EXTRA: readonly NamedOpcodes[] = [
  { name: 'buffer_atomic_add_f32', opcodes: { gfx9: 77 }, requires: 'atomic-fadd-insts' },
  { name: 'buffer_atomic_pk_add_f16', opcodes: { gfx9: 78 }, requires: 'atomic-fadd-insts' },
];

const LDS_LOADS = new Set([
  'buffer_load_format_x',
  'buffer_load_ubyte',
  'buffer_load_sbyte',
  'buffer_load_ushort',
  'buffer_load_sshort',
  'buffer_load_dword',
]);

const FORMAT_DWORDS: Record<string, number> = { x: 1, xy: 2, xyz: 3, xyzw: 4 };

function dataDwords(name: string, packed: boolean): number {
  const m = /format_(d16_(?:hi_)?)?(x|xy|xyz|xyzw)$/.exec(name);
  if (m) {
    const n = FORMAT_DWORDS[m[2]];
    // gfx9 packs two 16-bit components per VGPR.
    return m[1] && packed ? (n + 1) >> 1 : n;
  }
  const d = /dwordx([234])$/.exec(name);
  if (d) return Number(d[1]);
  if (name.includes('cmpswap_x2')) return 4;
  if (name.includes('cmpswap') || name.endsWith('_x2')) return 2;
  return 1;
}

function kindOf(name: string): BufKind {
  if (name.startsWith('buffer_wbinvl1')) return BufKind.Cache;
  if (name === 'buffer_store_lds_dword') return BufKind.StoreLds;
  if (name.includes('_atomic_')) return BufKind.Atomic;
  return name.includes('_store_') ? BufKind.Store : BufKind.Load;
}

function makeOp(r: NamedOpcodes): BufOp {
  const name = r.name;
  const glc = !name.endsWith('_f32') && !name.endsWith('_f16');
  return {
    name,
    opcodes: r.opcodes,
    requires: r.requires,
    kind: kindOf(name),
    dwords: dataDwords(name, true),
    dwordsUnpacked: dataDwords(name, false),
    lds: LDS_LOADS.has(name),
    glc,
  };
}

export const MUBUF_OPS: readonly BufOp[] = mergedOpcodes('mubuf', 'mubuf', MUBUF_EXTRA).map(makeOp);
export const MTBUF_OPS: readonly BufOp[] = mergedOpcodes('mtbuf', 'mtbuf').map(makeOp);

/** Per processor: the ops by opcode (null where LLVM decodes nothing) and by name. */
export interface BufTable {
  readonly byOpcode: readonly (BufOp | null)[];
  readonly byName: ReadonlyMap<string, BufOp>;
  readonly rows: readonly BufOp[];
  readonly proc: Processor;
}

function bufTable(list: readonly BufOp[]) {
  return perProcessor((p): BufTable => {
    const rows = rowsOn(list, p);
    const byOpcode: (BufOp | null)[] = new Array(128).fill(null);
    for (const r of rows) byOpcode[r.opcodes[p.generation] as number] = r;
    return { byOpcode, byName: new Map(rows.map((r) => [r.name, r])), rows, proc: p };
  });
}
export const mubufTable = bufTable(MUBUF_OPS);
export const mtbufTable = bufTable(MTBUF_OPS);

/** vdata dwords of the op on the processor (gfx80x unpack d16 formats, one component per VGPR). */
export function bufDataDwords(op: BufOp, p: Processor): number {
  return p.features.has('unpacked-d16-vmem') ? op.dwordsUnpacked : op.dwords;
}
