// The fast path's FLAT, GLOBAL and SCRATCH, as programs (program.ts) that encodeProgram runs like any other
// op's: `op [vdst,] vaddr|off, [data,] [saddr|off] [offset:N] [glc] [slc] [lds]`, the modifiers in that
// order (the cache policy in either), each once: the forms asm/families/mem-flat.ts matches on the target
// (gfx940's SCRATCH forms excluded), with its checks (the offset's range and generation, returning atomics
// with glc, the others without), which stay the reference for every other spelling and every error. A
// returning atomic's form (one operand more, glc required) and an LDS load's (no vdst, lds required) are
// the program's alt.
import { FLAT_SEGMENTS } from '../../isa/encodings/memory.js';
import { flatTable, KIND_ATOMIC, KIND_LOAD, SEG_FLAT, SEG_GLOBAL } from '../../isa/ops/memory-flat.js';
import type { Target } from '../../isa/targets.js';
import type { FlatEntry } from '../families/mem-flat.js';
import { Builder, type ModRow, modTable } from './build.js';
import { kw, named } from './operands.js';
import { C_FLAT_ADDR, P_TABLE, type Program, S_SADDR, S_VADDR, S_VGPR } from './program.js';

// One layout for every generation: gfx7/8's FLAT has no offset, lds, seg or saddr (zero there).
const L = FLAT_SEGMENTS;
const F = L.fields;

export function flatProgram(t: Target, e: FlatEntry): Program {
  const op = e.op;
  const proc = flatTable(t).proc;
  const g = proc.generation;
  const seg = op.seg;
  const load = op.kind === KIND_LOAD;
  const atomic = op.kind === KIND_ATOMIC;
  // The offset field is gfx9's (flat-global): 0..4095 for FLAT, -4096..4095 for GLOBAL and SCRATCH.
  const offset = proc.features.has('flat-global');
  const form = (dst: boolean, lds: boolean, alt: Program | null): Program => {
    const b = new Builder();
    if (dst) b.add(S_VGPR, op.dstWidth, F.vdst);
    b.add(S_VADDR, 0, F.vaddr);
    if (!load) b.add(S_VGPR, op.dataWidth, F.data);
    if (seg !== SEG_FLAT) b.add(S_SADDR, seg === SEG_GLOBAL ? 2 : 1, F.saddr);
    b.flags |= P_TABLE;
    b.checks = C_FLAT_ADDR;
    b.addrBase = seg === SEG_FLAT ? 2 : seg === SEG_GLOBAL ? 1 : 0;
    // Returning atomics say glc, the others may not (LLVM: 'instruction must (not) use glc').
    const glc = !atomic || dst;
    b.mods = modTable(`flat/${+offset}${seg}/${+glc}${+(atomic && dst)}${+lds}`, () => {
      const rows: ModRow[] = [];
      if (offset) rows.push([named('offset'), 1, 4095, F.offset, seg === SEG_FLAT ? 0 : -4096]);
      if (glc) rows.push([kw('glc'), 2, 1, F.glc]);
      rows.push([kw('slc'), 2, 1, F.slc]);
      if (lds) rows.push([kw('lds'), 3, 1, F.lds]);
      const need = [];
      if (atomic && dst) need.push(kw('glc'));
      if (lds) need.push(kw('lds'));
      return [rows, need];
    });
    b.alt = alt;
    const p = b.done(L, op.opcodes[g] as number);
    p.base[0] |= seg << F.seg.shift;
    return p;
  };
  if (load) return form(true, false, op.lds ? form(false, true, null) : null);
  if (atomic && op.rtn) return form(false, false, form(true, false, null));
  return form(false, false, null);
}
