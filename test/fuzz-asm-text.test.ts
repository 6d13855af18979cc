// Random and mutated assembly text through the whole assembler: no exception, no hang, every diagnostic
// with a line and column (scripts/fuzz-asm-text.ts runs 100,000 of them). `npm test` runs 1,000 sources,
// the slow tier 5,000.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzAsmText } from '../scripts/fuzz-asm-text.js';
import { tier } from './helpers/tier.js';

const COUNT = tier(1000, 5000);

test(`${COUNT} mutated sources: no crash, no slow case, every diagnostic placed`, (t) => {
  const r = fuzzAsmText(COUNT, 20261122);
  t.diagnostic(`${r.clean} assembled, ${r.diagnosed} with diagnostics`);
  assert.deepEqual(r.crashes.slice(0, 5), []);
  assert.deepEqual(r.slow.slice(0, 5), []);
  assert.deepEqual(r.badPositions.slice(0, 5), []);
  assert.ok(r.clean > COUNT / 50 && r.diagnosed > COUNT / 5, `${r.clean} clean, ${r.diagnosed} diagnosed`);
});
