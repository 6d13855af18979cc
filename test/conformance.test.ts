// The conformance suite: every case x {gfx900, gfx908} x {O0, O3} on the committed code objects in
// test/conformance/bin (rebuild them with scripts/build-conformance.sh; LLVM is not needed here).
// GCNKIT_CONFORMANCE=<filter> restricts the cases (comma-separated substrings of case names).
// `npm test` runs every case once, on one of the four target/level pairs and one engine (the
// translating engine, the default, or the interpreter), rotating so that every pair runs on both
// engines; the slow tier
// (`npm run test:slow`), and any run with a filter, runs every pair on both engines.

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
        const pair = ti * LEVELS.length + li;
        const pairs = TARGETS.length * LEVELS.length;
        for (const [ei, engine] of (['jit', 'interpreter'] as const).entries()) {
          // npm test: one run per case, pair i mod 4, the engine changing every 4 cases.
          if (!filtered && !(sampled(i, pair, pairs) && ei === Math.floor(i / pairs) % 2)) continue;
          await t.test(`${target} -${level} ${engine}`, () => {
            try {
              runCase(c, target, level, undefined, engine);
            } catch (e) {
              const msg = e instanceof Error ? e.message : String(e);
              throw new Error(`conformance ${c.name} on ${target} -${level} (${engine}): ${msg}`, {
                cause: e,
              });
            }
          });
        }
      }
    }
  });
}
