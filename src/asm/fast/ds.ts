// The fast path's DS, as programs (program.ts) that encodeProgram runs like any other op's: `op [vdst,]
// [addr,] [data0,] [data1] [offset:N | offset0:N offset1:M] [gds]`, the VGPR tuples of the op's shape
// (isa/ops/memory-ds.ts), the modifiers in that order, each once: the form asm/families/mem-ds.ts matches,
// which stays the reference for ds_swizzle's pattern, every other spelling and every error.
import { DS } from '../../isa/encodings/memory.js';
import { DsGds, DsOffset } from '../../isa/ops/memory-ds.js';
import type { Generation } from '../../isa/processors.js';
import type { DsEntry } from '../families/mem-ds.js';
import { Builder, type ModRow, modTable } from './build.js';
import { kw, named } from './operands.js';
import { P_TABLE, type Program, S_VGPR } from './program.js';

/** The program of a DS op, or null when its lines are the general path's (ds_swizzle's pattern, ds_nop). */
export function dsProgram(e: DsEntry, g: Generation): Program | null {
  const s = e.shape;
  if (s.offset === DsOffset.Swizzle || s.offset === DsOffset.None) return null;
  const l = DS[g];
  const f = l.fields;
  const b = new Builder();
  for (const [dw, fld] of [
    [s.vdst, f.vdst],
    [s.addr ? 1 : 0, f.addr],
    [s.data0, f.data0],
    [s.data1, f.data1],
  ] as const)
    if (dw !== 0) b.add(S_VGPR, dw, fld);
  const two = s.offset === DsOffset.Two;
  b.flags |= P_TABLE;
  // offset (16 bits) or offset0/offset1 (8 bits each, in that order), then gds where the op has it.
  b.mods = modTable(`ds/${g}/${+two}${s.gds}`, () => {
    const rows: ModRow[] = two
      ? [
          [named('offset0'), 1, 0xff, f.offset0],
          [named('offset1'), 2, 0xff, f.offset1],
        ]
      : [[named('offset'), 1, 0xffff, f.offset]];
    if (s.gds !== DsGds.Never) rows.push([kw('gds'), 3, 1, f.gds]);
    return [rows, s.gds === DsGds.Required ? [kw('gds')] : []];
  });
  return b.done(l, s.opcodes[g] as number);
}
