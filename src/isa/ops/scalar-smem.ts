// The scalar memory ops (SMRD on gfx6/7, SMEM on gfx8/9): one row per op with its access shape and its
// opcode in each generation. The codec, the assembler, the emulator and `gcnkit isa` read these rows.
// Names: LLVM's SMInstructions.td. Opcodes: CLRX GcnInstrsSmrd.md (GCN 1.0/1.1) and GcnInstrsSmem.md
// (GCN 1.2/1.4; its opcodes 24-26 are the buffer stores), the Vega document for gfx9; checked against
// llvm-mc-22 / llvm-objdump-22 (test/fixtures/gens).

import type { GenOpcodes, OpRow } from '../ops.js';
import { INTEGER_ATOMICS } from './atomics.js';

/** What the op does with memory and SDATA. */
export enum Smem {
  Load,
  Store,
  /** Atomic read-modify-write; with glc the old value is returned into SDATA. */
  Atomic,
  /** s_memtime: the shader clock into a pair. */
  Time,
  /** s_memrealtime: the real-time clock into a pair. */
  RealTime,
  /** Cache invalidate / write-back: no operands. */
  Cache,
  /** s_dcache_discard*: an address, no data. */
  Discard,
  /** s_atc_probe*: a 7-bit probe mode in SDATA, an address. */
  Probe,
}

/** How the address is formed from SBASE. */
export enum Space {
  /** SBASE is a 64-bit address pair. */
  Plain,
  /** SBASE is a buffer resource (V#, four SGPRs). */
  Buffer,
  /** SBASE is the scratch base pair; the SGPR offset counts in units of 64 bytes (gfx9). */
  Scratch,
}

export interface SmemRow extends OpRow {
  readonly access: Smem;
  /** SDATA dwords as the operand is printed (compare-and-swap: data + compare value). */
  readonly data: number;
  /** SBASE dwords: 2 (address pair) or 4 (buffer resource); 0 without an address. */
  readonly base: number;
  readonly space: Space;
  /** The atomic operation (LLVM's suffix: swap, cmpswap, add, ...), or ''. */
  readonly atomic: string;
  /** Whether the op has LLVM's cache-policy operand (glc). */
  readonly glc: boolean;
}

function si(siOp: number, viOp: number): GenOpcodes {
  return { gfx6: siOp, gfx7: siOp, gfx8: viOp, gfx9: viOp };
}

function row(
  name: string,
  access: Smem,
  data: number,
  base: number,
  space: Space,
  opcodes: GenOpcodes,
  atomic = '',
): SmemRow {
  const glc = access === Smem.Load || access === Smem.Store || access === Smem.Atomic;
  return { name, opcodes, access, data, base, space, atomic, glc };
}

function data(name: string, access: Smem, n: number, space: Space, opcodes: GenOpcodes): SmemRow {
  return row(name, access, n, space === Space.Buffer ? 4 : 2, space, opcodes);
}
function shape(name: string, access: Smem, n: number, base: number, opcodes: GenOpcodes): SmemRow {
  return row(name, access, n, base, base === 4 ? Space.Buffer : Space.Plain, opcodes);
}
function time(name: string, access: Smem, opcodes: GenOpcodes): SmemRow {
  return row(name, access, 2, 0, Space.Plain, opcodes);
}

/** The SMEM atomics of gfx9, in opcode order within each group of the document's table. */
export const SMEM_ATOMICS = INTEGER_ATOMICS;

function atomics(): SmemRow[] {
  const out: SmemRow[] = [];
  // Groups: buffer 32-bit at 64, buffer 64-bit at 96, plain 32-bit at 128, plain 64-bit at 160.
  for (const [prefix, space, first] of [
    ['s_buffer_atomic_', Space.Buffer, 64],
    ['s_atomic_', Space.Plain, 128],
  ] as const) {
    SMEM_ATOMICS.forEach((a, k) => {
      // Compare-and-swap carries the compare value next to the data: twice the width.
      const n = a === 'cmpswap' ? 2 : 1;
      const base = space === Space.Buffer ? 4 : 2;
      out.push(row(prefix + a, Smem.Atomic, n, base, space, { gfx9: first + k }, a));
      out.push(row(prefix + a + '_x2', Smem.Atomic, 2 * n, base, space, { gfx9: first + 32 + k }, a));
    });
  }
  return out;
}

export const SMEM_OPS: readonly SmemRow[] = [
  data('s_load_dword', Smem.Load, 1, Space.Plain, si(0, 0)),
  data('s_load_dwordx2', Smem.Load, 2, Space.Plain, si(1, 1)),
  data('s_load_dwordx4', Smem.Load, 4, Space.Plain, si(2, 2)),
  data('s_load_dwordx8', Smem.Load, 8, Space.Plain, si(3, 3)),
  data('s_load_dwordx16', Smem.Load, 16, Space.Plain, si(4, 4)),
  data('s_scratch_load_dword', Smem.Load, 1, Space.Scratch, { gfx9: 5 }),
  data('s_scratch_load_dwordx2', Smem.Load, 2, Space.Scratch, { gfx9: 6 }),
  data('s_scratch_load_dwordx4', Smem.Load, 4, Space.Scratch, { gfx9: 7 }),
  data('s_buffer_load_dword', Smem.Load, 1, Space.Buffer, si(8, 8)),
  data('s_buffer_load_dwordx2', Smem.Load, 2, Space.Buffer, si(9, 9)),
  data('s_buffer_load_dwordx4', Smem.Load, 4, Space.Buffer, si(10, 10)),
  data('s_buffer_load_dwordx8', Smem.Load, 8, Space.Buffer, si(11, 11)),
  data('s_buffer_load_dwordx16', Smem.Load, 16, Space.Buffer, si(12, 12)),
  data('s_store_dword', Smem.Store, 1, Space.Plain, { gfx8: 16, gfx9: 16 }),
  data('s_store_dwordx2', Smem.Store, 2, Space.Plain, { gfx8: 17, gfx9: 17 }),
  data('s_store_dwordx4', Smem.Store, 4, Space.Plain, { gfx8: 18, gfx9: 18 }),
  data('s_scratch_store_dword', Smem.Store, 1, Space.Scratch, { gfx9: 21 }),
  data('s_scratch_store_dwordx2', Smem.Store, 2, Space.Scratch, { gfx9: 22 }),
  data('s_scratch_store_dwordx4', Smem.Store, 4, Space.Scratch, { gfx9: 23 }),
  data('s_buffer_store_dword', Smem.Store, 1, Space.Buffer, { gfx8: 24, gfx9: 24 }),
  data('s_buffer_store_dwordx2', Smem.Store, 2, Space.Buffer, { gfx8: 25, gfx9: 25 }),
  data('s_buffer_store_dwordx4', Smem.Store, 4, Space.Buffer, { gfx8: 26, gfx9: 26 }),
  shape('s_dcache_inv', Smem.Cache, 0, 0, si(31, 32)),
  shape('s_dcache_wb', Smem.Cache, 0, 0, { gfx8: 33, gfx9: 33 }),
  shape('s_dcache_inv_vol', Smem.Cache, 0, 0, { gfx7: 29, gfx8: 34, gfx9: 34 }),
  shape('s_dcache_wb_vol', Smem.Cache, 0, 0, { gfx8: 35, gfx9: 35 }),
  time('s_memtime', Smem.Time, si(30, 36)),
  time('s_memrealtime', Smem.RealTime, { gfx8: 37, gfx9: 37 }),
  shape('s_atc_probe', Smem.Probe, 0, 2, { gfx8: 38, gfx9: 38 }),
  shape('s_atc_probe_buffer', Smem.Probe, 0, 4, { gfx8: 39, gfx9: 39 }),
  shape('s_dcache_discard', Smem.Discard, 0, 2, { gfx9: 40 }),
  shape('s_dcache_discard_x2', Smem.Discard, 0, 2, { gfx9: 41 }),
  ...atomics(),
];
