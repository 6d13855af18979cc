// Mutated and truncated code objects through `info` and `disasm` (library paths): no crash, no hang,
// every failure a one-line ElfError. The full run (100k cases, plus a CLI sample) is
// `node --import tsx scripts/fuzz-objects.ts --count=100000 --cli=200`. `npm test` runs 500 cases,
// the slow tier 4,000.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzObjects } from '../scripts/fuzz-objects.js';
import { tier } from './helpers/tier.js';

const COUNT = tier(500, 4000);

test(`${COUNT} mutated code objects: no crash, no slow case, one-line errors`, (t) => {
  const r = fuzzObjects(COUNT, 20261122, 5000);
  t.diagnostic(`${r.ok} accepted, ${r.rejected} rejected, kinds ${JSON.stringify(r.byKind)}`);
  assert.deepEqual(r.crashes, []);
  assert.deepEqual(r.slow, []);
  assert.deepEqual(r.multiLine, []);
  // The mutations must reach both outcomes, or they test nothing.
  assert.ok(r.ok > COUNT / 20 && r.rejected > COUNT / 20, `${r.ok} accepted, ${r.rejected} rejected`);
});
