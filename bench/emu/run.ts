// One benchmark kernel on the emulator: load its committed code object, upload the inputs, launch with
// the chosen engine, download the outputs; and the comparison of outputs with the reference's.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Device } from '../../src/runtime/device.js';
import type { Engine, LaunchResult } from '../../src/runtime/types.js';
import type { BenchCase, Data, Instance } from './case.js';

/** The execution engines the bench can ask the runtime for (LaunchOptions.engine). */
export { ENGINES } from '../../src/emu/jit/engine.js';

const bin = join(import.meta.dirname, '..', 'kernels', 'bin');

export interface EmuRun {
  readonly result: LaunchResult;
  /** The process's CPU time (user + system) during that launch. */
  readonly cpuSeconds: number;
  readonly outputs: Data[];
}

/** The best (shortest) of `repeat` launches on fresh devices (wall and CPU time each the smallest), with
 * the outputs of the last one. */
export function runEmu(c: BenchCase, inst: Instance, engine: Engine, repeat: number, workers = 1): EmuRun {
  const file = join(bin, `${c.kernel}-gfx908-O3.hsaco`);
  const code = readFileSync(file);
  let best: LaunchResult | undefined;
  let cpuSeconds = Number.POSITIVE_INFINITY;
  let outputs: Data[] = [];
  for (let r = 0; r < repeat; r++) {
    const dev = new Device();
    const mod = dev.load(code, file);
    const inp = (inst.device ?? inst.inputs).map((d) => dev.upload(d));
    const out = inst.outputs.map((d) => dev.upload(d));
    const args = inst.args(out, inp);
    const cpu = process.cpuUsage();
    const res = mod.launch(c.kernel, { grid: inst.grid, block: inst.block, args, engine, workers });
    const used = process.cpuUsage(cpu);
    cpuSeconds = Math.min(cpuSeconds, (used.user + used.system) / 1e6);
    outputs = out.map((b, i) => dev.download(b, inst.outputs[i].constructor as never) as Data);
    if (best === undefined || res.seconds < best.seconds) best = res;
  }
  return { result: best as LaunchResult, cpuSeconds, outputs };
}

/** The first difference between outputs and the reference's, bit for bit, as one line; '' if none. */
export function firstDifference(got: readonly Data[], want: readonly Data[], against: string): string {
  for (let o = 0; o < want.length; o++) {
    const g = new Uint32Array(got[o].buffer, got[o].byteOffset, got[o].length);
    const w = new Uint32Array(want[o].buffer, want[o].byteOffset, want[o].length);
    if (g.length !== w.length) return `out${o} has ${g.length} elements, ${against} ${w.length}`;
    for (let i = 0; i < w.length; i++)
      if (g[i] !== w[i]) return `out${o}[${i}]: gcnkit ${got[o][i]}, ${against} ${want[o][i]}`;
  }
  return '';
}
