// The MUBUF and MTBUF op tables: kind and data width follow from the op name, the opcodes from the
// document's tables (src/isa/generated/doc-opcodes.ts) plus the gfx908 additions below.
import { DOC_OPCODES } from '../../isa/generated/doc-opcodes.js';
import { T_ALL, T_GFX908 } from '../../isa/targets.js';

export enum BufKind {
  Load,
  Store,
  Atomic,
  /** buffer_wbinvl1*: no operands. */
  Cache,
  /** buffer_store_lds_dword: LDS to memory, always with the lds bit and no VGPRs. */
  StoreLds,
}

export interface BufOp {
  name: string;
  opcode: number;
  kind: BufKind;
  /** Dwords of vdata (without the tfe status dword). */
  dwords: number;
  /** Whether LLVM accepts the lds bit (MUBUF loads of up to a dword straight into LDS). */
  lds: boolean;
  /** Targets that have the op (T_* bits). */
  targets: number;
  /** Whether glc (return the old value) is allowed: gfx908's float atomics have no returning form. */
  glc: boolean;
}

// Ops the Vega document does not list. Opcodes are those LLVM (llvm-mc-22 -mcpu=gfx908) encodes; the
// MI100 ISA document names both ops as gfx908 additions.
const MUBUF_EXTRA: readonly (readonly [number, string, number])[] = [
  [77, 'buffer_atomic_add_f32', T_GFX908],
  [78, 'buffer_atomic_pk_add_f16', T_GFX908],
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

function dataDwords(name: string): number {
  const m = /format_(d16_(?:hi_)?)?(x|xy|xyz|xyzw)$/.exec(name);
  if (m) {
    const n = FORMAT_DWORDS[m[2]];
    // gfx9 packs two 16-bit components per VGPR.
    return m[1] ? (n + 1) >> 1 : n;
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

function makeOp(opcode: number, name: string, targets: number): BufOp {
  const glc = !name.endsWith('_f32') && !name.endsWith('_f16');
  return {
    name,
    opcode,
    kind: kindOf(name),
    dwords: dataDwords(name),
    lds: LDS_LOADS.has(name),
    targets,
    glc,
  };
}

export const MUBUF_OPS: BufOp[] = [
  ...DOC_OPCODES.mubuf.map(([opc, name]) => makeOp(opc, name, T_ALL)),
  ...MUBUF_EXTRA.map(([opc, name, t]) => makeOp(opc, name, t)),
];
export const MTBUF_OPS: BufOp[] = DOC_OPCODES.mtbuf.map(([opc, name]) => makeOp(opc, name, T_ALL));

/** Per-target lookup by opcode: index [targetBit][opcode]. */
export function byOpcode(list: BufOp[], size: number): Record<number, (BufOp | undefined)[]> {
  const res: Record<number, (BufOp | undefined)[]> = {};
  for (const bit of [1, 2, 4]) {
    const a: (BufOp | undefined)[] = new Array(size);
    for (const op of list) if (op.targets & bit) a[op.opcode] = op;
    res[bit] = a;
  }
  return res;
}
