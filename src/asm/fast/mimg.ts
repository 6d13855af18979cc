// The fast path's MIMG, as programs (program.ts) that encodeProgram runs like any other op's: `op vdata,
// vaddr, srsrc[, ssamp] [dmask:N] [unorm] [glc] [slc] [a16|r128] [tfe] [lwe] [da] [d16]`, the modifiers in
// that order (the cache policy in either), each once: the form asm/families/mem-mimg.ts matches, which stays
// the reference for every other spelling and every error (LLVM's data-size, gather and atomic dmask checks
// included, as the program's C_MIMG check: the fast path declines what they reject).
import { MIMG } from '../../isa/encodings/memory.js';
import { MimgClass, mimgTable } from '../../isa/ops/memory-mimg.js';
import type { Target } from '../../isa/targets.js';
import type { MimgEntry } from '../families/mem-mimg.js';
import { Builder, type ModRow, modTable } from './build.js';
import { kw, named } from './operands.js';
import {
  C_MIMG,
  C_PACKED,
  MOD_A16,
  P_TABLE,
  type Program,
  S_SRSRC,
  S_VADDR_ANY,
  S_VDATA,
} from './program.js';

const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

export function mimgProgram(t: Target, e: MimgEntry): Program {
  const proc = mimgTable(t).proc;
  const g = proc.generation;
  const l = MIMG[g];
  const f = l.fields;
  const b = new Builder().add(S_VDATA, 0, f.vdata).add(S_VADDR_ANY, 0, f.vaddr).add(S_SRSRC, 8, f.srsrc);
  if (e.sampler) b.add(S_SRSRC, 4, f.ssamp);
  // gfx9 spells bit 15 a16, earlier generations r128; d16 where the op has it, from gfx8.
  const a16 = g === 'gfx9';
  const d16 = e.op.d16 && g !== 'gfx6' && g !== 'gfx7';
  b.flags |= P_TABLE;
  b.mods = modTable(`mimg/${g}/${+d16}`, () => {
    const rows: ModRow[] = [
      [named('dmask'), 1, 15, f.dmask],
      [kw('unorm'), 2, 1, f.unorm],
      [kw('glc'), 3, 1, f.glc],
      [kw('slc'), 3, 1, f.slc],
      [a16 ? MOD_A16 : kw('r128'), 4, 1, f.a16],
      [kw('tfe'), 5, 1, f.tfe],
      [kw('lwe'), 6, 1, f.lwe],
      [kw('da'), 7, 1, f.da],
    ];
    if (d16) rows.push([kw('d16'), 8, 1, f.d16]);
    return [rows, []];
  });
  b.checks = C_MIMG | (proc.features.has('unpacked-d16-vmem') ? 0 : C_PACKED);
  b.dmasks = dmasksOf(e.op.cls);
  b.channels = e.op.cls === MimgClass.Gather4 ? 4 : 0;
  b.dataWidths = e.op.dataWidths;
  b.addrWidths = e.vaddr;
  return b.done(l, e.op.opcodes[g] as number);
}

/** The dmask values an op of class `cls` takes (bit d for dmask d): gather4 one channel, atomics 1, 2 or 4. */
function dmasksOf(cls: MimgClass): number {
  let m = 0;
  for (let d = 0; d < 16; d++) {
    const ok =
      cls === MimgClass.Gather4
        ? POPCOUNT4[d] === 1
        : cls === MimgClass.Atomic
          ? d === 1 || d === 3 || d === 15
          : true;
    if (ok) m |= 1 << d;
  }
  return m;
}
