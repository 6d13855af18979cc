// Runs the conformance suite and prints a matrix: case x {gfx900, gfx908} x {O0, O3} with pass / fail
// (a wrong result) / error (the dispatch or the launch stopped), the first line of each problem, the most
// common reasons, and a summary line.
//
//   node --import tsx scripts/conformance.ts [filter]      (filter: comma-separated case-name substrings)

import { selectCases } from '../test/conformance/cases.js';
import { LEVELS, Mismatch, runCase, TARGETS } from '../test/conformance/harness.js';

type Outcome = { kind: 'pass' } | { kind: 'fail' | 'error'; message: string };

const cases = selectCases(process.argv[2]);
if (cases.length === 0) {
  console.error(`no conformance case matches '${process.argv[2]}'`);
  process.exit(2);
}

const variants = TARGETS.flatMap((t) => LEVELS.map((l) => [t, l] as const));
const nameWidth = Math.max(...cases.map((c) => c.name.length), 4);
console.log(
  `${'case'.padEnd(nameWidth)}  lang    ${variants.map(([t, l]) => `${t}-${l}`.padEnd(11)).join(' ')}`,
);

let pass = 0;
let fail = 0;
let errors = 0;
const reasons = new Map<string, number>();
const details: string[] = [];
const t0 = Date.now();

for (const c of cases) {
  const cells: string[] = [];
  for (const [target, level] of variants) {
    let out: Outcome;
    try {
      runCase(c, target, level);
      out = { kind: 'pass' };
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
      out = { kind: e instanceof Mismatch ? 'fail' : 'error', message };
    }
    if (out.kind === 'pass') {
      pass++;
      cells.push('pass');
    } else {
      fail++;
      if (out.kind === 'error') errors++;
      cells.push(out.kind === 'fail' ? 'FAIL' : 'error');
      details.push(`  ${c.name} ${target}-${level}: ${out.message}`);
      const key = reasonOf(out.kind, out.message);
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  console.log(
    `${c.name.padEnd(nameWidth)}  ${c.lang.padEnd(6)}  ${cells.map((s) => s.padEnd(11)).join(' ')}`,
  );
}

if (details.length > 0) {
  console.log('\nfirst problem of each failing run:');
  for (const d of details) console.log(d);
  console.log('\nmost common reasons:');
  const sorted = [...reasons.entries()].sort((a, b) => b[1] - a[1]);
  for (const [k, n] of sorted.slice(0, 15)) console.log(`  ${String(n).padStart(4)}  ${k}`);
}

console.log(
  `\n${cases.length} kernels x ${TARGETS.length} targets x ${LEVELS.length} levels: ${pass} pass, ${fail} fail` +
    ` (${errors} of them errors, ${fail - errors} wrong results) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
process.exitCode = fail > 0 ? 1 : 0;

/** A run's problem reduced to its kind: the instruction or fault, without addresses and operands. */
function reasonOf(kind: string, message: string): string {
  if (kind === 'fail') return 'wrong result';
  const sem = /instruction without semantics: (\S+)/.exec(message);
  if (sem) return `instruction without semantics: ${sem[1]}`;
  const cannot = /cannot execute '(\S+)/.exec(message);
  if (cannot) return `cannot execute ${cannot[1]}`;
  return message
    .replace(/^kernel '[^']*'( workgroup \([^)]*\))?( wave \d+)?:?\s*/, '')
    .replace(/0x[0-9a-f]+/g, '0x…')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}
