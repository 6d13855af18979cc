// Emulator benchmark (issue 13, item 1): ten kernels in four classes, ALU-bound (mandelbrot, n-body, an
// FMA matrix product without LDS), matrix cores (MFMA GEMMs, f32 and f16; the f16 one's C reads the
// same values as f32), LDS-bound (a matrix product in LDS
// tiles, a reduction) and memory/atomic-bound (vector add, transpose, histogram), each run on the
// emulator from its committed gfx908 -O3 code object (bench/kernels/bin, scripts/build-bench-kernels.sh)
// and, in the same run, as plain C compiled for this host with clang-22 -O2 (one thread). The emulator's
// outputs must equal the native program's bit for bit (a difference fails the bench). Per kernel: waves,
// wave-instructions/s, active lane-instructions/s, emulator time / native time, whether clang
// vectorised the C, and the speed-up of the chosen engine over the interpreter.
//
// Usage: npm run bench:emu [-- --engine=jit|interpreter] [--repeat=N] [--only=NAME,...] [--clock=cpu] [--workers=N] [--smoke]
//   --repeat: best of N emulator launches (default 1: every figure from one run);
//   --clock=cpu: time by CPU time (the node process's during the launch, the C program's per run)
//     instead of wall time: on a machine others are loading, this is close to what an idle one measures;
//   --only: kernels whose code-object name (mandelbrot, nbody, matmul, ...) is listed;
//   --workers: threads a launch splits its workgroups between (default 1, LaunchOptions.workers); above 1
//     a last column gives the speed-up over 1 thread (use wall time: CPU time counts every thread);
//   --smoke (npm run bench:smoke): tiny sizes, checked against the TypeScript references, no clang.
// Without clang-22 the full run checks against the TypeScript references and leaves the native columns
// empty. BENCHMARKS.md has the table of a run on the 2-core machine.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorkerThreads } from '../src/cli/worker-threads.js';
import type { Engine } from '../src/runtime/types.js';
import type { Data } from './emu/case.js';
import { CASES } from './emu/cases.js';
import {
  CFLAGS,
  CLANG,
  compileNative,
  haveClang,
  type NativeProgram,
  type NativeRun,
  runNative,
} from './emu/native.js';
import { ENGINES, firstDifference, runEmu } from './emu/run.js';

/** `--name=value` or `--name value`. */
function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

const smoke = process.argv.includes('--smoke');
const engine = (option('engine') ?? 'jit') as Engine;
if (!ENGINES.includes(engine)) fail(`unknown --engine=${engine} (the runtime has: ${ENGINES.join(', ')})`);
const repeat = Number(option('repeat') ?? 1);
if (!Number.isInteger(repeat) || repeat < 1) fail('--repeat must be a positive integer');
const clock = option('clock') ?? 'wall';
if (clock !== 'wall' && clock !== 'cpu') fail('--clock must be wall or cpu');
const only = option('only')?.split(',');
for (const k of only ?? [])
  if (!CASES.some((c) => c.kernel === k))
    fail(`--only: no kernel ${k} (${CASES.map((c) => c.kernel).join(', ')})`);
const workers = Number(option('workers') ?? 1);
if (!Number.isInteger(workers) || workers < 1) fail('--workers must be a positive integer');
// Threads loaded before the first launch, so that every figure is of the steady state.
if (workers > 1) await startWorkerThreads(workers - 1);
const native = !smoke && haveClang();

const fmt = (x: number, digits: number) => x.toFixed(digits);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

function main(): void {
  const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-bench-emu-'));
  try {
    const version = native ? execFileSync(CLANG, ['--version'], { encoding: 'utf8' }).split('\n')[0] : '';
    console.log(
      `gcnkit emulator benchmark: gfx908 -O3 code objects, engine ${engine}, ${workers} thread(s), best of ${repeat}, ${clock === 'cpu' ? 'CPU' : 'wall'} time; node ${process.version}; load average ${load()}`,
    );
    console.log(
      smoke
        ? 'smoke sizes, checked against the TypeScript references (figures at this size are not to be quoted)'
        : native
          ? `native: ${CLANG} ${CFLAGS.join(' ')}, one thread (${version}); outputs must be identical`
          : `native: ${CLANG} not found, so the native columns are empty and the TypeScript references check the outputs`,
    );
    console.log('');
    console.log(
      `| class | kernel | size | waves | wave-instr | M wave-instr/s | M lane-instr/s | gcnkit s | native s | gcnkit / native | native vectorised | speed-up over the interpreter |${workers > 1 ? ' speed-up over 1 thread |' : ''}`,
    );
    console.log(
      `| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |${workers > 1 ? ' ---: |' : ''}`,
    );
    const programs = new Map<string, NativeProgram>();
    const nativeRuns = new Map<string, NativeRun>();
    for (const c of CASES) {
      if (only !== undefined && !only.includes(c.kernel)) continue;
      const inst = c.make(smoke);
      const emu = runEmu(c, inst, engine, repeat, workers);
      const interpreter = engine === 'interpreter' ? emu : runEmu(c, inst, 'interpreter', repeat, workers);
      const single = workers > 1 ? runEmu(c, inst, engine, repeat, 1) : emu;
      let ref: Data[];
      let nat: NativeRun | undefined;
      let prog: NativeProgram | undefined;
      if (native) {
        prog = programs.get(c.native) ?? compileNative(c.native, join(tmp, 'bin'));
        programs.set(c.native, prog);
        // Kernels that share a computation and a size (the matrix products) share one native run.
        const key = `${c.native} ${inst.scalars.join(' ')}`;
        nat =
          nativeRuns.get(key) ??
          runNative(prog, join(tmp, 'data', c.kernel), inst.inputs, inst.scalars, inst.outputs);
        nativeRuns.set(key, nat);
        ref = nat.outputs;
      } else ref = inst.reference();
      const diff = firstDifference(emu.outputs, ref, native ? 'native' : 'reference');
      if (diff !== '') fail(`${c.kernel}: ${diff}`);
      // The engines must agree bit for bit, counts included (the interpreter is the reference).
      const vsInterpreter = firstDifference(emu.outputs, interpreter.outputs, 'the interpreter');
      if (vsInterpreter !== '') fail(`${c.kernel} on ${engine}: ${vsInterpreter}`);
      for (const count of ['waveInstructions', 'laneInstructions'] as const) {
        if (emu.result[count] !== interpreter.result[count])
          fail(
            `${c.kernel} on ${engine}: ${count} ${emu.result[count]}, the interpreter ${interpreter.result[count]}`,
          );
      }
      const r = emu.result;
      const [t, tNative] = clock === 'cpu' ? [emu.cpuSeconds, nat?.cpuSeconds] : [r.seconds, nat?.seconds];
      const tInterpreter = clock === 'cpu' ? interpreter.cpuSeconds : interpreter.result.seconds;
      console.log(
        `| ${[
          c.cls,
          c.name,
          inst.size,
          r.waves,
          r.waveInstructions,
          fmt(r.waveInstructions / t / 1e6, 2),
          fmt(r.laneInstructions / t / 1e6, 1),
          fmt(t, 3),
          tNative !== undefined ? fmt(tNative, 5) : '',
          tNative !== undefined ? `${fmt(t / tNative, 0)}x` : '',
          prog?.vectorised ?? '',
          `${fmt(tInterpreter / t, 2)}x`,
          ...(workers > 1
            ? [`${fmt((clock === 'cpu' ? single.cpuSeconds : single.result.seconds) / t, 2)}x`]
            : []),
        ].join(' | ')} |`,
      );
    }
    console.log('');
    console.log(`load average at the end ${load()}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  main();
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
