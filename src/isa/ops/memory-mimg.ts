// The MIMG op table, built from the document's opcode list (src/isa/generated/doc-opcodes.ts). How
// LLVM prints each op's registers follows from the name: the class decides the sampler operand and
// the data width rules, the address modifiers in the name decide the vaddr width LLVM shows.
// Opcodes per generation: gfx9 from the Vega document's table, gfx6-8 from CLRX's.
import { isOmitted } from '../omissions.js';
import type { OpRow } from '../ops.js';
import type { Processor } from '../processors.js';
import { T_ALL } from '../targets.js';
import { mergedOpcodes, perProcessor, rowsOn } from './memory-rows.js';

export enum MimgClass {
  /** image_load*, image_store*, image_get_resinfo: no sampler. */
  Plain,
  Atomic,
  /** image_sample*, image_get_lod. */
  Sample,
  Gather4,
}

export interface MimgOp extends OpRow {
  name: string;
  cls: MimgClass;
  /** vdata dwords of the form LLVM's decoder table holds; other widths are derived from it. */
  baseData: number;
  /** The widths LLVM has a form of (bit n set: n dwords). */
  dataWidths: number;
  /** Whether LLVM accepts the d16 bit. */
  d16: boolean;
  /**
   * vaddr dwords as LLVM prints them. Before gfx10 the encoding does not say how many address VGPRs
   * an op reads; LLVM shows the form its decoder table holds: one dword plus one per offset, z-compare,
   * bias and derivative in the name.
   */
  vaddr: number;
}

function classOf(name: string): MimgClass {
  if (name.startsWith('image_atomic_')) return MimgClass.Atomic;
  if (name.startsWith('image_gather4')) return MimgClass.Gather4;
  if (name.startsWith('image_sample') || name === 'image_get_lod') return MimgClass.Sample;
  return MimgClass.Plain;
}

function vaddrOf(name: string): number {
  if (!name.startsWith('image_sample') && !name.startsWith('image_gather4')) return 1;
  const mods = name.split('_').slice(2);
  let n = 1;
  for (const m of mods) if (m === 'o' || m === 'c' || m === 'b' || m === 'd' || m === 'cd') n++;
  return n;
}

function makeOp(opcodes: MimgOp['opcodes'], name: string): MimgOp {
  const cls = classOf(name);
  let baseData = 1;
  let dataWidths = 0b111110; // 1..5: up to four channels plus the tfe status dword
  if (cls === MimgClass.Gather4) {
    // Four channels, two with d16, plus tfe; LLVM has no three-dword (d16 with tfe) form.
    baseData = 2;
    dataWidths = 0b110100;
  } else if (cls === MimgClass.Atomic) {
    const cmpswap = name === 'image_atomic_cmpswap' || name === 'image_atomic_fcmpswap';
    baseData = cmpswap ? 2 : 1;
    // A (compare and) data value of one or two dwords, plus tfe.
    dataWidths = cmpswap ? 0b111100 : 0b1110;
  }
  // The packed and LOD/size queries return 32-bit data only.
  const d16 =
    cls !== MimgClass.Atomic &&
    !name.includes('_pck') &&
    name !== 'image_get_resinfo' &&
    name !== 'image_get_lod';
  return { name, opcodes, cls, baseData, dataWidths, d16, vaddr: vaddrOf(name) };
}

export const MIMG_OPS: readonly MimgOp[] = mergedOpcodes('mimg', 'mimg', [], (name, g) =>
  g === 'gfx9' ? isOmitted('mimg', name, T_ALL) : false,
).map((r) => makeOp(r.opcodes, r.name));

/** Per processor: the ops indexed by the 7-bit opcode field (null where none), and the rows. */
export interface MimgTable {
  readonly byOpcode: readonly (MimgOp | null)[];
  readonly rows: readonly MimgOp[];
  readonly proc: Processor;
}

export const mimgTable = perProcessor((p): MimgTable => {
  const rows = rowsOn(MIMG_OPS, p);
  const byOpcode: (MimgOp | null)[] = new Array(128).fill(null);
  for (const r of rows) byOpcode[r.opcodes[p.generation] as number] = r;
  return { byOpcode, rows, proc: p };
});
