// The per-generation codec fixtures (test/fixtures/gens/<family>.<mcpu>.json, made by
// scripts/gen-gens-fixtures.ts from llvm-mc-22 and llvm-objdump-22): for every (family, target) pair
// listed in test/fixtures/gens/enabled.json, every case must agree exactly:
//   - asm: gcnkit's assembler (below the CLI gate) gives llvm-mc's bytes for the line;
//   - rejected: gcnkit rejects the line (llvm-mc's message is counted, not required);
//   - disasm: gcnkit prints the expected text for the words, comment included (gfx8: llvm-objdump-22;
//     gfx6/7: what llvm-mc-22 printed for the line, or one of its alternatives; null = not one instruction).
// Every other pair is measured and reported (diagnostics of the summary test), never failed, so the
// family engineers see their progress. GENS_FILTER=substring limits the fixture files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkFixture, enabledPairs, GENS_DIR, type GenFixtureFile, isEnabled } from './gens-check.js';

const dir = GENS_DIR;

const filter = process.env.GENS_FILTER ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'enabled.json' && f.includes(filter))
  .sort();
const pairs = enabledPairs();
const summary: string[] = [];

for (const file of files) {
  const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as GenFixtureFile;
  const enabled = isEnabled(pairs, fx.family, fx.mcpu);
  const run = () => {
    const r = checkFixture(fx);
    const pct = ([a, b]: [number, number]) => `${a}/${b}`;
    summary.push(
      `${enabled ? '*' : ' '} ${fx.family}.${fx.mcpu}: asm ${pct(r.asm)}, rejected ${pct(r.rejected)} (same message ${r.sameMessage}), disasm ${pct(r.disasm)}; listing text ${pct(r.listing)} (measured)`,
    );
    return r;
  };
  if (enabled) {
    test(`gens ${fx.family}.${fx.mcpu} (enabled: exact)`, () => {
      const r = run();
      assert.deepEqual(r.failures.slice(0, 30), [], `${r.failures.length} cases differ`);
    });
  } else {
    test(`gens ${fx.family}.${fx.mcpu} (measured)`, () => {
      run();
    });
  }
}

test('gens summary (* = enabled, checked exactly)', (t) => {
  for (const s of summary.sort()) t.diagnostic(s);
});

test('gens enabled.json names fixture pairs that exist', () => {
  const have = new Set(files.map((f) => f.replace(/\.json$/, '')));
  const gens = new Set(['gfx6', 'gfx7', 'gfx8']);
  for (const p of pairs) {
    const [family, t] = p.split('.');
    const ok = gens.has(t) ? [...have].some((h) => h.startsWith(`${family}.`)) : have.has(p);
    if (!filter) assert.ok(ok, `enabled.json: no fixture ${p}.json`);
  }
});
