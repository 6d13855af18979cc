// Assembler benchmark: gcnkit vs llvm-mc-22 on the same >= 1M-instruction gfx908 source, in one run.
// The source is the instruction text of the gfx908 corpus kernels (test/corpus, as llvm-objdump-22
// prints it) repeated, with a label per copy; both assemble it into a relocatable object
// (llvm-mc-22 -filetype=obj). The objects' .text must be identical.
// Run: npm run bench:asm   (needs llvm-mc-22; GCNKIT_BENCH_MIN=<n> changes the size). `--smoke`
// (npm run bench:smoke): one copy of the corpus text and 5,000 distinct lines, the same checks. Exit 1
// when a .text differs from llvm-mc-22's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateTexts } from '../scripts/fuzz-asm.js';
import { bundleAssembler } from '../scripts/lib/cli-bundle.js';
import { disLines } from '../scripts/lib/dis-lines.js';
import { assembleLines } from '../scripts/lib/llvm.js';
import { assemble as assembleSource } from '../src/asm/assembler.js';
import { ElfFile } from '../src/elf/reader.js';

const root = join(import.meta.dirname, '..');
const corpus = join(root, 'test', 'corpus', 'obj');
const smoke = process.argv.includes('--smoke');
const minInstructions = smoke ? 1 : Number(process.env.GCNKIT_BENCH_MIN ?? 1_000_000);
const distinctLines = smoke ? 5_000 : 200_000;

if (spawnSync('llvm-mc-22', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('bench: llvm-mc-22 not found (apt-get install llvm-22)');
  process.exit(1);
}

// gcnkit as the library ships it: esbuild's bundle (scripts/build.mjs's options), imported on plain node.
// The source modules through tsx's loader (keepNames, source maps, one module a file), which the runs before
// Session 13 timed, are timed on the distinct lines too.
const lib = bundleAssembler();
const { assemble } = (await import(pathToFileURL(lib.file).href)) as { assemble: typeof assembleSource };

const texts: string[] = [];
for (const f of readdirSync(corpus)
  .filter((n) => /\.gfx908\.O[03]\.dis\.gz$/.test(n))
  .sort())
  for (const l of disLines(join(corpus, f))) texts.push(l.text);

const lines: string[] = ['.text'];
let instructions = 0;
for (let r = 0; instructions < minInstructions; r++) {
  lines.push(`copy_${r}:`);
  for (const t of texts) lines.push(`\t${t}`);
  instructions += texts.length;
}
const source = lines.join('\n') + '\n';

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-bench-asm-'));
try {
  const src = join(dir, 'bench.s');
  const obj = join(dir, 'bench.o');
  writeFileSync(src, source);
  const t0 = performance.now();
  const mc = spawnSync(
    'llvm-mc-22',
    ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx908', '-filetype=obj', src, '-o', obj],
    {
      encoding: 'utf8',
    },
  );
  const tMc = (performance.now() - t0) / 1000;
  if (mc.status !== 0) throw new Error(`llvm-mc-22 failed: ${mc.stderr.slice(0, 500)}`);

  // Warm-up on a slice, then the measured run on the whole source (read from the file like llvm-mc).
  assemble(lines.slice(0, 20000).join('\n'), 'warm.s', { mcpu: 'gfx908' });
  const t1 = performance.now();
  const ours = assemble(readFileSync(src, 'utf8'), src, { mcpu: 'gfx908' });
  const tOurs = (performance.now() - t1) / 1000;
  const errors = ours.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length || !ours.object)
    throw new Error(`gcnkit: ${errors.length} errors, first: ${JSON.stringify(errors[0])}`);

  const text = (b: Uint8Array) => {
    const e = ElfFile.parse(b, 'x');
    return Buffer.from(e.contents(e.sectionByName('.text')!));
  };
  const same = text(readFileSync(obj)).equals(text(ours.object));
  console.log(
    `input: ${instructions.toLocaleString('en')} instructions, ${(source.length / 1e6).toFixed(1)} MB of gfx908 assembly`,
  );
  console.log(
    `llvm-mc-22 -filetype=obj: ${tMc.toFixed(2)} s (${(instructions / tMc / 1e6).toFixed(2)} M instr/s)`,
  );
  console.log(
    `gcnkit assemble (in-process, the bundled library): ${tOurs.toFixed(2)} s (${(instructions / tOurs / 1e6).toFixed(2)} M instr/s)`,
  );
  console.log(`ratio: ${(tMc / tOurs).toFixed(2)}x; .text identical: ${same}`);
  if (!same) process.exitCode = 1;

  // Cache-cold: every line distinct (valid texts generated from the op tables, those llvm-mc accepts).
  const distinct = generateTexts('gfx908', distinctLines, 99);
  const accepted = assembleLines(distinct, 'gfx908')
    .filter((a) => a.words !== null)
    .map((a) => a.src);
  const cold = ['.text', ...accepted.map((t) => `\t${t}`)].join('\n') + '\n';
  const coldSrc = join(dir, 'cold.s');
  writeFileSync(coldSrc, cold);
  // CPU time too (user + system): on a shared machine it swings far less with load than wall time.
  // llvm-mc-22's through GNU time when it is installed.
  const gnuTime = spawnSync('/usr/bin/time', ['-f', '%U %S', 'true'], { stdio: 'ignore' }).status === 0;
  const mcArgs = ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx908', '-filetype=obj', coldSrc, '-o', obj];
  const t2 = performance.now();
  const mc2 = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', 'llvm-mc-22', ...mcArgs], { encoding: 'utf8' })
    : spawnSync('llvm-mc-22', mcArgs, { encoding: 'utf8' });
  const tMc2 = (performance.now() - t2) / 1000;
  if (mc2.status !== 0) throw new Error('llvm-mc-22 failed on the distinct-lines input');
  const cpuMc2 = gnuTime
    ? mc2.stderr
        .trim()
        .split('\n')
        .pop()
        ?.split(' ')
        .reduce((a, x) => a + Number(x), 0)
    : undefined;
  // Warm-up as for the repeated input: 20,000 of the lines indented differently (so no line cache hits).
  assemble(['.text', ...accepted.slice(0, 20000).map((t) => `  ${t}`)].join('\n'), 'warm.s', {
    mcpu: 'gfx908',
  });
  const c3 = process.cpuUsage();
  const t3 = performance.now();
  const ours2 = assemble(cold, coldSrc, { mcpu: 'gfx908' });
  const tOurs2 = (performance.now() - t3) / 1000;
  const cu3 = process.cpuUsage(c3);
  const cpuOurs2 = (cu3.user + cu3.system) / 1e6;
  const same2 = ours2.object !== undefined && text(readFileSync(obj)).equals(text(ours2.object));
  const us = (t: number) => ((t * 1e6) / accepted.length).toFixed(2);
  console.log(
    `distinct lines (no cache hits): ${accepted.length.toLocaleString('en')} instructions; llvm-mc-22 ${tMc2.toFixed(2)} s ` +
      `(${us(tMc2)} us/line), gcnkit ${tOurs2.toFixed(2)} s (${us(tOurs2)} us/line), ratio ${(tMc2 / tOurs2).toFixed(2)}x ` +
      `(goal >= 10x, issue 13); .text identical: ${same2}`,
  );
  if (cpuMc2 !== undefined && Number.isFinite(cpuMc2))
    console.log(
      `distinct lines, CPU time: llvm-mc-22 ${cpuMc2.toFixed(2)} s (${us(cpuMc2)} us/line), gcnkit ` +
        `${cpuOurs2.toFixed(2)} s (${us(cpuOurs2)} us/line, GC threads included), ratio ${(cpuMc2 / cpuOurs2).toFixed(2)}x`,
    );
  // The machine is shared: the ratio swings with load, so the figure is reported with it.
  console.log(
    `load average: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  // The same lines through the source modules (tsx), warmed up the same way.
  assembleSource(['.text', ...accepted.slice(0, 20000).map((t) => ` \t${t}`)].join('\n'), 'warm.s', {
    mcpu: 'gfx908',
  });
  const c4 = process.cpuUsage();
  const ours3 = assembleSource(cold, coldSrc, { mcpu: 'gfx908' });
  const cu4 = process.cpuUsage(c4);
  const cpuOurs3 = (cu4.user + cu4.system) / 1e6;
  const same3 = ours3.object !== undefined && text(readFileSync(obj)).equals(text(ours3.object));
  console.log(
    `distinct lines, CPU time, gcnkit's source modules through tsx: ${cpuOurs3.toFixed(2)} s (${us(cpuOurs3)} us/line)` +
      (cpuMc2 !== undefined && Number.isFinite(cpuMc2) ? `, ratio ${(cpuMc2 / cpuOurs3).toFixed(2)}x` : '') +
      `; .text identical: ${same3}`,
  );
  if (!same2 || !same3) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  lib.remove();
}
