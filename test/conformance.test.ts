// The conformance suite: every case x {gfx900, gfx908} x {O0, O3} on the committed code objects in
// test/conformance/bin (rebuild them with scripts/build-conformance.sh; LLVM is not needed here).
// GCNKIT_CONFORMANCE=<filter> restricts the cases (comma-separated substrings of case names).
// `npm test` runs every case on one of the four target/level pairs, rotating over the cases; the slow
// tier (`npm run test:slow`), and any run with a filter, runs every pair.

import { test } from 'node:test';
import { CASES, selectCases } from './conformance/cases.js';
import { LEVELS, runCase, TARGETS } from './conformance/harness.js';
import { sampled } from './helpers/tier.js';

const names = new Set<string>();
for (const c of CASES) {
  if (names.has(c.name)) throw new Error(`duplicate conformance case ${c.name}`);
  names.add(c.name);
}

const filtered = process.env.GCNKIT_CONFORMANCE !== undefined;
for (const [i, c] of selectCases(process.env.GCNKIT_CONFORMANCE).entries()) {
  test(`conformance ${c.name} (${c.lang}, ${c.source})`, async (t) => {
    for (const [ti, target] of TARGETS.entries()) {
      for (const [li, level] of LEVELS.entries()) {
        if (!filtered && !sampled(i, ti * LEVELS.length + li, TARGETS.length * LEVELS.length)) continue;
        await t.test(`${target} -${level}`, () => {
          try {
            runCase(c, target, level);
          } catch (e) {
            const msg = e instanceof Error ? e.message : String(e);
            throw new Error(`conformance ${c.name} on ${target} -${level}: ${msg}`, { cause: e });
          }
        });
      }
    }
  });
}
