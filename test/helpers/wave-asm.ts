// Test harness: runs assembly text on one wavefront, so that emulator tests read like the ISA document
// (`v_add_f32 v0, v1, v2` with registers set up beforehand) and survive encoding changes.

import { assemble, formatDiagnostics } from '../../src/asm/assembler.js';
import { ElfFile } from '../../src/elf/reader.js';
import { DeviceMemory } from '../../src/emu/memory.js';
import { Program } from '../../src/emu/program.js';
import { EXEC_HI, EXEC_LO, Wave, Workgroup } from '../../src/emu/wave.js';
import type { Target } from '../../src/isa/targets.js';

/** The .text bytes of assembled source. */
export function assembleText(source: string, target: Target = 'gfx908'): Uint8Array {
  const r = assemble(source, 'test.s', { mcpu: target });
  if (r.object === undefined) throw new Error(formatDiagnostics(r.diagnostics));
  const elf = ElfFile.parse(r.object, 'test.o');
  const text = elf.sections.find((s) => s.name === '.text');
  if (text === undefined) throw new Error('no .text');
  return elf.bytes.slice(text.offset, text.offset + text.size);
}

export interface WaveRun {
  wave: Wave;
  mem: DeviceMemory;
  /** Device address of the code. */
  base: number;
}

/**
 * Runs `source` (s_endpgm appended) on a fresh wave with all 64 lanes active; `setup` may initialise
 * registers and memory first. Throws what the instructions throw.
 */
export function runWave(
  source: string,
  setup?: (w: Wave, mem: DeviceMemory) => void,
  opts: { target?: Target; limit?: number; mem?: DeviceMemory; end?: string; stopAtEnd?: boolean } = {},
): WaveRun {
  const target = opts.target ?? 'gfx908';
  // `end` replaces the s_endpgm line (e.g. `.long 0xbf810000` where a test must not depend on SOPP).
  const code = assembleText(`${source}\n${opts.end ?? 's_endpgm'}\n`, target);
  const mem = opts.mem ?? new DeviceMemory();
  const base = mem.alloc(code.length + 64, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, target);
  const w = new Wave(target === 'gfx908');
  w.wg = new Workgroup();
  w.wg.ldsSize = 65536;
  w.ctx = { mem, kernel: 'test', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  w.s[EXEC_LO] = 0xffffffff;
  w.s[EXEC_HI] = 0xffffffff;
  w.pc = base;
  // IEEE mode and DX10 clamp on, denormals on, round to nearest: the defaults of compute kernels.
  w.mode = (3 << 4) | (3 << 6) | (1 << 8) | (1 << 9);
  setup?.(w, mem);
  const limit = opts.limit ?? 100000;
  let n = 0;
  // stopAtEnd: stop when the pc reaches the last dword (the `end` line) instead of executing it.
  const last = base + code.length - 4;
  while (!w.done && !(opts.stopAtEnd && w.pc === last)) {
    if (w.atBarrier) w.atBarrier = false;
    const i = program.inst(w.pc);
    i.run(w, i);
    w.waveInstructions++;
    if (++n > limit) throw new Error(`runWave: more than ${limit} instructions`);
  }
  return { wave: w, mem, base };
}

/** VGPR r of lane l. */
export function vreg(w: Wave, r: number, l: number): number {
  return w.v[r * 64 + l];
}

/** Sets VGPR r of every lane from a function of the lane. */
export function setV(w: Wave, r: number, f: (lane: number) => number): void {
  for (let l = 0; l < 64; l++) w.v[r * 64 + l] = f(l) >>> 0;
}
