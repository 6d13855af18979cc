// The DS (local/global data share) ops: one row per op with its per-generation opcodes (gfx9 from the
// Vega document's table, gfx6-8 from CLRX's) and its operand shape, which follows from the name.
// The codec's decoder and printer, the assembler and the emulator's decoder all read these rows.
import type { OpRow } from '../ops.js';
import type { Processor } from '../processors.js';
import { mergedOpcodes, perProcessor, rowsOn } from './memory-rows.js';

export enum DsOffset {
  /** offset:N, 16 bits. */
  One,
  /** offset0:N offset1:M, 8 bits each. */
  Two,
  /** The ds_swizzle_b32 pattern. */
  Swizzle,
  /** No offset (ds_nop): the field must be zero. */
  None,
}

export enum DsGds {
  Optional,
  /** GWS and ordered-count ops always carry gds, LLVM rejects the encoding without it. */
  Required,
  /** Lane permutes do not touch memory; LLVM rejects gds on them. */
  Never,
}

export interface DsShape extends OpRow {
  name: string;
  /** Dwords of each register operand, 0 when the op has none (its field must then be zero). */
  vdst: number;
  addr: boolean;
  data0: number;
  data1: number;
  offset: DsOffset;
  gds: DsGds;
  /**
   * Whether LLVM decodes the word-0 bit 25 (gfx90a's acc bit) for this op: it does for ops whose only
   * data register is vdst or data0 and prints the AGPR with an "Invalid register" comment.
   */
  acc: boolean;
  /** GWS ops take their one register in the addr field and print an AGPR there without a comment. */
  gws: boolean;
}

function dataDwords(name: string): number {
  if (name.endsWith('_b128')) return 4;
  if (name.endsWith('_b96')) return 3;
  return /_[biuf]64$/.test(name) ? 2 : 1;
}

function shapeOf(name: string, opcodes: DsShape['opcodes']): DsShape {
  const s: DsShape = {
    name,
    opcodes,
    vdst: 0,
    addr: true,
    data0: 0,
    data1: 0,
    offset: DsOffset.One,
    gds: DsGds.Optional,
    acc: false,
    gws: false,
  };
  const w = dataDwords(name);
  const two = /^ds_(read2|write2|wrxchg2)/.test(name);
  if (two) s.offset = DsOffset.Two;
  if (name === 'ds_nop') {
    s.addr = false;
    s.offset = DsOffset.None;
    s.gds = DsGds.Never;
  } else if (name.startsWith('ds_gws_')) {
    s.gds = DsGds.Required;
    s.gws = true;
    s.addr = name === 'ds_gws_init' || name === 'ds_gws_sema_br' || name === 'ds_gws_barrier';
    s.acc = s.addr;
  } else if (name === 'ds_ordered_count') {
    s.gds = DsGds.Required;
    s.vdst = 1;
    s.acc = true;
  } else if (name === 'ds_append' || name === 'ds_consume' || name === 'ds_read_addtid_b32') {
    s.addr = false;
    s.vdst = 1;
    s.acc = true;
  } else if (name === 'ds_write_addtid_b32') {
    s.addr = false;
    s.data0 = 1;
    s.acc = true;
  } else if (name === 'ds_swizzle_b32') {
    s.vdst = 1;
    s.offset = DsOffset.Swizzle;
    s.acc = true;
  } else if (name === 'ds_permute_b32' || name === 'ds_bpermute_b32') {
    s.vdst = 1;
    s.data0 = 1;
    s.gds = DsGds.Never;
  } else if (name.includes('_src2_')) {
    // Only the address: the source is LDS itself.
  } else if (name.startsWith('ds_read')) {
    s.vdst = two ? 2 * w : w;
    s.acc = true;
  } else {
    const rtn = name.includes('_rtn_');
    const twoData = two || /^ds_(mskor|cmpst|wrap)/.test(name);
    s.data0 = w;
    if (twoData) s.data1 = w;
    if (rtn) s.vdst = two ? 2 * w : w;
    s.acc = !rtn && !twoData;
  }
  return s;
}

/** Every DS op of every generation. */
export const DS_SHAPES: readonly DsShape[] = mergedOpcodes('ds', 'ds').map((r) => shapeOf(r.name, r.opcodes));

/** Per processor: shapes indexed by the 8-bit opcode (null where LLVM decodes nothing), and by name. */
export interface DsTable {
  readonly byOpcode: readonly (DsShape | null)[];
  readonly byName: ReadonlyMap<string, DsShape>;
  readonly rows: readonly DsShape[];
  readonly proc: Processor;
}

export const dsTable = perProcessor((p): DsTable => {
  const rows = rowsOn(DS_SHAPES, p);
  const byOpcode: (DsShape | null)[] = new Array(256).fill(null);
  for (const r of rows) byOpcode[r.opcodes[p.generation] as number] = r;
  return { byOpcode, byName: new Map(rows.map((r) => [r.name, r])), rows, proc: p };
});
