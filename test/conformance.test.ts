// The conformance suite: every case x {gfx900, gfx908} x {O0, O3} on the committed code objects in
// test/conformance/bin (rebuild them with scripts/build-conformance.sh; LLVM is not needed here).
// GCNKIT_CONFORMANCE=<filter> restricts the cases (comma-separated substrings of case names).

import { test } from 'node:test';
import { CASES, selectCases } from './conformance/cases.js';
import { LEVELS, runCase, TARGETS } from './conformance/harness.js';

const names = new Set<string>();
for (const c of CASES) {
  if (names.has(c.name)) throw new Error(`duplicate conformance case ${c.name}`);
  names.add(c.name);
}

for (const c of selectCases(process.env.GCNKIT_CONFORMANCE)) {
  test(`conformance ${c.name} (${c.lang}, ${c.source})`, async (t) => {
    for (const target of TARGETS) {
      for (const level of LEVELS) {
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
