// Robustness fuzzing of `gcnkit info` and `gcnkit disasm` on mutated and truncated code objects.
// Every case must either succeed or fail with an ElfError (a one-line message); anything else thrown is
// a crash, and a case slower than --slow-ms is reported as a potential hang. With --cli=N, N of the
// cases are also run through the real CLI in a child process to check exit status and one-line stderr.
// Usage: node --import tsx scripts/fuzz-objects.ts [--count=100000] [--seed=1] [--cli=200] [--slow-ms=2000]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { infoText } from '../src/cli/info.js';
import { objdumpBytes } from '../src/disasm/objdump.js';
import { ElfError } from '../src/elf/errors.js';
import { codeObjectInfo } from '../src/elf/info.js';
import { ElfFile } from '../src/elf/reader.js';
import { makeRng } from './fuzz-disasm.js';
import { type MutationKind, mutate } from './lib/mutate-elf.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

export function seedObjects(): { name: string; bytes: Uint8Array }[] {
  const out = [];
  for (const dir of ['test/corpus/obj', 'test/co-corpus/obj', 'test/co-corpus/link']) {
    let names: string[];
    try {
      names = readdirSync(join(ROOT, dir));
    } catch {
      continue;
    }
    for (const n of names.sort()) {
      if (!/\.(o|hsaco)$/.test(n)) continue;
      const bytes = readFileSync(join(ROOT, dir, n));
      // Large debug-info objects make cases slow without reaching new structure.
      if (bytes.length > 400_000) continue;
      out.push({ name: `${dir}/${n}`, bytes: new Uint8Array(bytes) });
    }
  }
  return out;
}

export interface FuzzResult {
  cases: number;
  ok: number;
  rejected: number;
  byKind: Record<MutationKind, number>;
  crashes: { seed: string; kind: string; message: string }[];
  slow: { seed: string; ms: number }[];
  multiLine: string[];
}

/** One case through both commands' library paths; returns the error message, '' when accepted. */
export function runCase(bytes: Uint8Array, name: string): string {
  let msg = '';
  for (const step of [
    () => {
      const info = codeObjectInfo(ElfFile.parse(bytes, name));
      JSON.stringify(info);
      infoText(info);
    },
    () => objdumpBytes(bytes, name),
  ]) {
    try {
      step();
    } catch (e) {
      if (!(e instanceof ElfError)) throw e;
      msg ||= e.message;
    }
  }
  return msg;
}

export function fuzzObjects(count: number, seed: number, slowMs = 2000): FuzzResult {
  const seeds = seedObjects();
  const rng = makeRng(seed, 7);
  const res: FuzzResult = {
    cases: 0,
    ok: 0,
    rejected: 0,
    byKind: { truncate: 0, flip: 0, field: 0, structure: 0 },
    crashes: [],
    slow: [],
    multiLine: [],
  };
  for (let i = 0; i < count; i++) {
    const s = seeds[rng() % seeds.length];
    const { bytes, kind } = mutate(s.bytes, rng);
    res.cases++;
    res.byKind[kind]++;
    const t0 = performance.now();
    try {
      const msg = runCase(bytes, 'fuzz.o');
      if (msg) {
        res.rejected++;
        if (msg.includes('\n')) res.multiLine.push(msg);
      } else res.ok++;
    } catch (e) {
      res.crashes.push({
        seed: s.name,
        kind,
        message: String((e as Error)?.stack ?? e)
          .split('\n')
          .slice(0, 3)
          .join(' | '),
      });
    }
    const ms = performance.now() - t0;
    if (ms > slowMs) res.slow.push({ seed: s.name, ms: Math.round(ms) });
  }
  return res;
}

/** Runs `n` mutated files through the CLI: exit status must be 0 or 1, stderr at most one line. */
function cliCheck(n: number, seed: number): string[] {
  const seeds = seedObjects();
  const rng = makeRng(seed, 11);
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-fuzz-'));
  const problems: string[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const { bytes } = mutate(seeds[rng() % seeds.length].bytes, rng);
      const f = join(dir, `case${i}.o`);
      writeFileSync(f, bytes);
      for (const cmd of [
        ['info', f, '--json'],
        ['disasm', f],
      ]) {
        const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...cmd], {
          encoding: 'utf8',
          timeout: 30_000,
          maxBuffer: 1 << 28,
        });
        const err = r.stderr.trimEnd();
        if (r.status !== 0 && r.status !== 1)
          problems.push(`${cmd[0]} case ${i}: exit ${r.status} ${err.slice(0, 200)}`);
        else if (err.includes('\n'))
          problems.push(`${cmd[0]} case ${i}: multi-line stderr ${err.slice(0, 200)}`);
        else if (r.status === 1 && !err.startsWith('gcnkit: '))
          problems.push(`${cmd[0]} case ${i}: stderr '${err}'`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (k: string, d: number) =>
    Number(process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1] ?? d);
  const count = arg('count', 100_000);
  const seed = arg('seed', 1);
  const t0 = performance.now();
  const r = fuzzObjects(count, seed, arg('slow-ms', 2000));
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `${r.cases} cases from ${seedObjects().length} seed objects in ${secs.toFixed(1)} s (seed ${seed}): ` +
      `${r.ok} accepted, ${r.rejected} rejected with a one-line error, ${r.crashes.length} crashes, ` +
      `${r.slow.length} slow, ${r.multiLine.length} multi-line messages; kinds ${JSON.stringify(r.byKind)}`,
  );
  for (const c of r.crashes.slice(0, 20)) console.log(`crash (${c.kind}, ${c.seed}): ${c.message}`);
  for (const s of r.slow.slice(0, 10)) console.log(`slow: ${s.seed} ${s.ms} ms`);
  const cli = arg('cli', 0);
  if (cli > 0) {
    const p = cliCheck(cli, seed);
    console.log(`CLI: ${cli} cases x 2 commands, ${p.length} problems`);
    for (const x of p.slice(0, 20)) console.log(`  ${x}`);
    if (p.length) process.exitCode = 1;
  }
  if (r.crashes.length || r.slow.length || r.multiLine.length) process.exitCode = 1;
}
