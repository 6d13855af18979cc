// The per-target figures of docs/generations.md, measured on the tree as it is (no LLVM needed except
// for the differential fuzz):
//   ops           gcnkit's ISA table (`gcnkit isa`, src/emu/isa-table.ts): distinct ops, (op, encoding)
//                 entries, entries the emulator executes;
//   disasm fix.   gfx6-8: test/fixtures/gens disassembly cases (llvm-objdump-22 for gfx8, llvm-mc-22's
//                 text for gfx6/7); gfx9: test/fixtures/disasm and the MC-test fixtures (llvm-objdump-22);
//   asm fix.      gfx6-8: test/fixtures/gens assembly cases (llvm-mc-22 bytes) and rejections; gfx9: the
//                 MC-test fixtures' accepted lines (bytes) and rejected lines;
//   random words  N random words decoded (scripts/fuzz-disasm.ts candidates): gcnkit exceptions;
//                 with --fuzz, agreement with LLVM (runFuzz: llvm-objdump-22 whole lines for gfx8/9,
//                 llvm-mc-22 round trip for gfx6/7);
//   conformance   test/conformance cases passing per level (gfx900, gfx908, gfx600, gfx700, gfx803).
// Run: npx tsx scripts/gens-figures.ts [--words=1000000] [--fuzz=1000000] [--fuzz-targets=gfx600,gfx803]
//      [--targets=gfx600,...] [--no-conformance] [--jobs=2]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { CASES } from '../test/conformance/cases.js';
import { unbuilt, unbuiltKey } from '../test/conformance/gens.js';
import { LEVELS, runCase } from '../test/conformance/harness.js';
import { checkFixture, GENS_DIR, type GenFixtureFile } from '../test/gens-check.js';
import { checkCase } from '../test/mc-tests-check.js';
import { fillSlots, makeRng, runFuzz } from './fuzz-disasm.js';
import { assembleOne } from './lib/asm-check.js';
import { opSummary } from './op-counts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONFORMANCE_TARGETS = new Set(['gfx900', 'gfx908', 'gfx600', 'gfx700', 'gfx803']);

const arg = (name: string): string | undefined =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);

type Pair = [number, number];
const add = (a: Pair, b: Pair): Pair => [a[0] + b[0], a[1] + b[1]];
/** a/b with the percentage to 0.01 (never shown as 100.00 unless every case agrees). */
const fmt = ([a, b]: Pair): string => {
  if (b === 0) return '—';
  const p = ((100 * a) / b).toFixed(2);
  return `${a}/${b} (${a !== b && p === '100.00' ? '>99.99' : p}%)`;
};

function opCounts(t: Target): string {
  const s = opSummary(t);
  return `${s.ops} / ${s.entries} / ${s.executable}`;
}

/** gfx6-8: [disasm, asm (accepted + rejected lines)] over the gens fixtures of t; null without fixtures. */
function gensFixtures(t: string): [Pair, Pair] | null {
  const files = readdirSync(GENS_DIR).filter((f) => f.endsWith(`.${t}.json`));
  if (files.length === 0) return null;
  let dis: Pair = [0, 0];
  let asm: Pair = [0, 0];
  for (const f of files) {
    const r = checkFixture(JSON.parse(readFileSync(join(GENS_DIR, f), 'utf8')) as GenFixtureFile);
    dis = add(dis, r.disasm);
    asm = add(add(asm, r.asm), r.rejected);
  }
  return [dis, asm];
}

/** gfx9: [disasm over test/fixtures/disasm and the MC-test fixtures, asm over the MC-test .s fixtures]. */
function gfx9Fixtures(t: Target): [Pair, Pair] {
  let dis: Pair = [0, 0];
  let asm: Pair = [0, 0];
  const dDir = join(root, 'test', 'fixtures', 'disasm');
  for (const f of readdirSync(dDir).filter((n) => n.endsWith(`.${t}.json`))) {
    const fx = JSON.parse(readFileSync(join(dDir, f), 'utf8')) as {
      cases: [string, string, string | null][];
    };
    for (const [, hex, want] of fx.cases)
      dis = add(dis, [checkCase(hex, want, undefined, t) === null ? 1 : 0, 1]);
  }
  const mDir = join(root, 'test', 'fixtures', 'mc-tests');
  for (const f of readdirSync(mDir).filter((n) => n.endsWith(`.${t}.json`))) {
    const fx = JSON.parse(readFileSync(join(mDir, f), 'utf8')) as {
      cases: [number, string, string, string | null, unknown, { dump?: [string, number][] }?][];
      rejected: [number, string, string, unknown][];
    };
    for (const [, src, hex, want, , extra] of fx.cases) {
      dis = add(dis, [checkCase(hex, want, extra?.dump, t) === null ? 1 : 0, 1]);
      if (f.includes('.s.')) asm = add(asm, [assembleOne(src, t).hex === hex ? 1 : 0, 1]);
    }
    if (f.includes('.s.'))
      for (const [, src] of fx.rejected) asm = add(asm, [assembleOne(src, t).hex === undefined ? 1 : 0, 1]);
  }
  return [dis, asm];
}

/** Exceptions (or impossible sizes) decoding n random words, as test/gens-fuzz.test.ts counts them. */
function randomWordProblems(
  t: Target,
  gen: Parameters<typeof fillSlots>[3],
  n: number,
  seed: number,
): number {
  let problems = 0;
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  const CHUNK = 100000;
  for (let done = 0, b = 0; done < n; done += CHUNK, b++) {
    const m = Math.min(CHUNK, n - done);
    const slots = fillSlots(makeRng(seed, b), m / 2, 'mixed', gen);
    const words = new Uint32Array(m);
    for (let k = 0; k < m / 2; k++) {
      words[2 * k] = slots[4 * k];
      words[2 * k + 1] = slots[4 * k + 1];
    }
    const inp: DecodeInput = { words, n: m, target: t };
    for (let i = 0; i < m; ) {
      try {
        decodeAt(inp, i, out);
      } catch {
        problems++;
        i++;
        continue;
      }
      if (!(out.size >= 1 && out.size <= 3) || out.text === '') {
        problems++;
        i++;
        continue;
      }
      i += out.size;
    }
  }
  return problems;
}

function conformance(t: string): string[] {
  const missing = unbuilt();
  return LEVELS.map((level) => {
    let pass = 0;
    let notBuilt = 0;
    for (const c of CASES) {
      if (missing.has(unbuiltKey(c.source, t, level))) {
        notBuilt++;
        continue;
      }
      try {
        runCase(c, t, level);
        pass++;
      } catch {
        // counted as not passing
      }
    }
    return `${pass}/${CASES.length}${notBuilt ? ` (${notBuilt} not built)` : ''}`;
  });
}

async function main(): Promise<void> {
  const words = Number(arg('words') ?? 1000000);
  const fuzz = Number(arg('fuzz') ?? 0);
  const fuzzTargets = new Set((arg('fuzz-targets') ?? '').split(',').filter((s) => s));
  const only = new Set((arg('targets') ?? '').split(',').filter((s) => s));
  const withConformance = !process.argv.includes('--no-conformance');
  const rows: string[] = [
    `| target | ops: distinct / entries / executable | disasm fixtures | asm fixtures | ${words} random words: exceptions | ${fuzz ? `${fuzz} random words vs LLVM` : 'random words vs LLVM'} | conformance -O0 | -O3 |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [i, p] of PROCESSORS.entries()) {
    if (only.size && !only.has(p.name)) continue;
    const t = p.name as Target;
    const t0 = performance.now();
    if (!p.described) {
      // The decoder and every entry point refuse it before any word (src/isa/processors.ts isaRefusal).
      rows.push(`| ${t} | not described (code objects only) | — | — | refused up front | — | — | — |`);
      continue;
    }
    const fx = p.generation === 'gfx9' ? gfx9Fixtures(t) : gensFixtures(t);
    const probs = randomWordProblems(t, p.generation, words, 5000 + i);
    let vs = '—';
    if (fuzz && (fuzzTargets.size === 0 || fuzzTargets.has(t))) {
      const r = await runFuzz({ mcpu: t, count: fuzz, seed: 1, jobs: Number(arg('jobs') ?? 2), examples: 1 });
      const k = r.byKind;
      vs =
        r.oracle === 'llvm-objdump-22'
          ? `${fmt([r.agree, r.compared])} objdump (other text ${k.text}, size ${k.size}, comment ${k.comment}, ` +
            `only gcnkit decodes ${k['gcnkit-decodes']}, only objdump ${k['gcnkit-rejects']}; ${r.objdumpCrashes} objdump crashes)`
          : `${fmt([r.agree, r.compared])} mc round trip (hidden bits ${k['hidden-bits']}, llvm-mc rejects ` +
            `${k['mc-rejects']}, other words ${k['other-bytes']}; ${r.gcnkitRejects} .long unchecked)`;
      if (r.exceptions) vs += `, ${r.exceptions} exceptions`;
    }
    const conf = withConformance && CONFORMANCE_TARGETS.has(t) ? conformance(t) : ['—', '—'];
    rows.push(
      `| ${t} | ${opCounts(t)} | ${fx ? fmt(fx[0]) : 'no fixtures'} | ${fx ? fmt(fx[1]) : 'no fixtures'} | ${probs} | ${vs} | ${conf[0]} | ${conf[1]} |`,
    );
    process.stderr.write(`${t}: ${((performance.now() - t0) / 1000).toFixed(1)}s\n`);
  }
  console.log(rows.join('\n'));
}

main().catch((e) => {
  console.error(`gens-figures: ${(e as Error).message}`);
  process.exit(2);
});
