// Kernels launched once (issue 13: the engine chosen by default should be the fastest): the conformance
// suite's cases on gfx900 and gfx908 at -O3, each launched once and checked against its reference, on
// the translating engine with its default tiering (regions interpreted for their first COMPILE_AFTER
// runs), on the same engine compiling every region on first use, and on the interpreter. Each engine runs
// in a process of its own (compiled regions are cached per process), the three alternately, best of N.
//
// Usage: node --import tsx bench/emu-oneshot.ts [--repeat=N] [--smoke]
//   --smoke: five cases, one run each (CI's bench:smoke)

import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { COMPILE_AFTER, setCompileAfter } from '../src/emu/jit/engine.js';
import type { Engine } from '../src/runtime/types.js';
import { CASES } from '../test/conformance/cases.js';
import { runCase } from '../test/conformance/harness.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const smoke = process.argv.includes('--smoke');
const cases = smoke ? CASES.slice(0, 5) : CASES;
const TARGETS = ['gfx900', 'gfx908'];

/** One measurement in this process: every case once on `engine` with regions compiled after `after`. */
function measure(engine: Engine, after: number): void {
  setCompileAfter(after);
  const t0 = process.cpuUsage();
  for (const c of cases) for (const t of TARGETS) runCase(c, t, 'O3', undefined, engine);
  const u = process.cpuUsage(t0);
  process.stdout.write(`${(u.user + u.system) / 1e6}\n`);
}

const variant = option('variant');
if (variant !== undefined) {
  const [engine, after] = variant.split(':');
  measure(engine as Engine, Number(after));
} else {
  const repeat = smoke ? 1 : Number(option('repeat') ?? 3);
  if (!Number.isInteger(repeat) || repeat < 1) {
    console.error(`bench: --repeat must be a whole number, 1 or more, not '${option('repeat')}'`);
    process.exit(2);
  }
  const variants = [
    { name: `jit, compiled after ${COMPILE_AFTER} runs (default)`, arg: `jit:${COMPILE_AFTER}` },
    { name: 'jit, compiled on first use', arg: 'jit:0' },
    { name: 'interpreter', arg: 'interpreter:0' },
  ];
  const best = variants.map(() => Number.POSITIVE_INFINITY);
  const load0 = loadavg()[0].toFixed(2);
  for (let r = 0; r < repeat; r++)
    for (const [k, v] of variants.entries()) {
      const p = spawnSync(
        process.execPath,
        [...process.execArgv, import.meta.filename, `--variant=${v.arg}`, ...(smoke ? ['--smoke'] : [])],
        {
          encoding: 'utf8',
        },
      );
      if (p.status !== 0) {
        console.error(`bench: ${v.name} failed: ${p.stderr.trim().split('\n').slice(-3).join(' | ')}`);
        process.exit(1);
      }
      best[k] = Math.min(best[k], Number(p.stdout.trim()));
    }
  console.log(
    `${cases.length} conformance cases x ${TARGETS.join(', ')} at -O3, each launched once; CPU seconds, best of ${repeat}; load average ${load0} -> ${loadavg()[0].toFixed(2)}`,
  );
  console.log('');
  console.log('| engine | CPU s | x the default |');
  console.log('| --- | ---: | ---: |');
  for (const [k, v] of variants.entries())
    console.log(`| ${v.name} | ${best[k].toFixed(2)} | ${(best[k] / best[0]).toFixed(2)}x |`);
}
