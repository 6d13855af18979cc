// The conformance suite on gfx600, gfx700 and gfx803 (committed objects in test/conformance/bin, built by
// scripts/build-conformance.sh). On the (target, level) pairs listed in test/conformance/enabled.json
// every case must pass (objects clang-22 cannot build, bin/unbuilt.txt, are skipped with clang's reason);
// the other pairs are run and their pass counts reported, never failed. `npm test` runs each case once,
// on one of the six pairs and one of three ways (the translating engine, the default; the interpreter;
// a PM4 queue, the last two where the pair is enabled), rotating so that every pair is run every way;
// the slow tier and any filtered run (GCNKIT_CONFORMANCE=<filter>) run every pair on the translating
// engine and every enabled pair on the interpreter and through PM4.
import { test } from 'node:test';
import { CASES, selectCases } from './conformance/cases.js';
import { enabledConformance, GEN_CONFORMANCE_TARGETS, unbuilt, unbuiltKey } from './conformance/gens.js';
import { LEVELS, runCase } from './conformance/harness.js';
import { SLOW, sampled } from './helpers/tier.js';

const enabled = enabledConformance();
const missing = unbuilt();
const pairs = GEN_CONFORMANCE_TARGETS.flatMap((t) => LEVELS.map((l) => ({ target: t, level: l })));
const tally = new Map<string, { pass: number; fail: number; unbuilt: number; first?: string }>();
for (const p of pairs) tally.set(`${p.target}-${p.level}`, { pass: 0, fail: 0, unbuilt: 0 });

const filtered = process.env.GCNKIT_CONFORMANCE !== undefined;
for (const [i, c] of selectCases(process.env.GCNKIT_CONFORMANCE).entries()) {
  test(`conformance-gens ${c.name} (${c.lang}, ${c.source})`, async (t) => {
    for (const [pi, { target, level }] of pairs.entries()) {
      const key = `${target}-${level}`;
      const on = enabled.has(key);
      const all = filtered || SLOW;
      // One run per case: pair i mod 6, and the way (jit, interpreter, PM4) changing every 6 cases, so
      // that each of the 18 (pair, way) combinations runs about 85 / 18 cases.
      const mine = sampled(i, pi, pairs.length);
      const way = Math.floor(i / pairs.length) % 3;
      const jit = all || (mine && way === 0);
      const interpreter = on && (all || (mine && way === 1));
      const pm4 = on && (all || (mine && way === 2));
      if (!jit && !interpreter && !pm4) continue;
      const row = tally.get(key)!;
      const why = missing.get(unbuiltKey(c.source, target, level));
      if (why !== undefined) {
        row.unbuilt++;
        t.diagnostic(`${key}: not built (${why})`);
        continue;
      }
      if (jit)
        await t.test(`${key}${on ? ' (enabled: must pass)' : ' (measured)'}`, () => {
          try {
            runCase(c, target, level);
            row.pass++;
          } catch (e) {
            row.fail++;
            const msg = e instanceof Error ? e.message : String(e);
            row.first ??= `${c.name}: ${msg.split('\n')[0].slice(0, 160)}`;
            if (on) throw new Error(`conformance ${c.name} on ${key}: ${msg}`, { cause: e });
          }
        });
      // The interpreter on enabled pairs: the engines must agree where the result is required.
      if (interpreter) {
        await t.test(`${key} interpreter (enabled: must pass)`, () => {
          try {
            runCase(c, target, level, undefined, 'interpreter');
          } catch (e) {
            const msg = e instanceof Error ? e.message : String(e);
            throw new Error(`conformance ${c.name} on ${key} (interpreter): ${msg}`, { cause: e });
          }
        });
      }
      // Through a PM4 queue on enabled pairs: waves started from registers must give the same results.
      if (pm4) {
        await t.test(`${key} through PM4 (enabled: must pass)`, () => {
          try {
            runCase(c, target, level, undefined, 'jit', 1, 'pm4');
          } catch (e) {
            const msg = e instanceof Error ? e.message : String(e);
            throw new Error(`conformance ${c.name} on ${key} (through PM4): ${msg}`, { cause: e });
          }
        });
      }
    }
  });
}

test('conformance-gens summary (pass / run; * = enabled)', (t) => {
  for (const [key, r] of tally) {
    const mark = enabled.has(key) ? '*' : ' ';
    const first = r.first ? `; first failure ${r.first}` : '';
    t.diagnostic(
      `${mark} ${key}: ${r.pass}/${r.pass + r.fail} pass, ${r.unbuilt} not built (of ${CASES.length})${first}`,
    );
  }
});
