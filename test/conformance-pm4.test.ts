// The conformance suite through a PM4 queue (LaunchOptions.queue = 'pm4'): every case's launches written
// as a driver writes them (src/cp/pm4-exec/driver.ts), so the waves start from COMPUTE_* registers and
// the firmware's user SGPRs instead of the kernel descriptor, and the same checks must pass. `npm test`
// runs every third case on one of the four target/level pairs, rotating; the slow tier and any filtered
// run (GCNKIT_CONFORMANCE=<filter>) run every case on every pair.

import { test } from 'node:test';
import { selectCases } from './conformance/cases.js';
import { LEVELS, runCase, TARGETS } from './conformance/harness.js';
import { SLOW, sampled } from './helpers/tier.js';

const filtered = process.env.GCNKIT_CONFORMANCE !== undefined;
for (const [i, c] of selectCases(process.env.GCNKIT_CONFORMANCE).entries()) {
  if (!SLOW && !filtered && i % 3 !== 0) continue;
  test(`conformance through PM4: ${c.name}`, async (t) => {
    for (const [ti, target] of TARGETS.entries()) {
      for (const [li, level] of LEVELS.entries()) {
        const pair = ti * LEVELS.length + li;
        if (!filtered && !sampled(i / 3, pair, TARGETS.length * LEVELS.length)) continue;
        await t.test(`${target} -${level}`, () => {
          try {
            runCase(c, target, level, undefined, 'jit', 1, 'pm4');
          } catch (e) {
            const msg = e instanceof Error ? e.message : String(e);
            throw new Error(`conformance ${c.name} on ${target} -${level} through PM4: ${msg}`, { cause: e });
          }
        });
      }
    }
  });
}
