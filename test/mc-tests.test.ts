// Tier 5b: LLVM's own MC tests for gfx9 (test/fixtures/mc-tests/*.json, made by
// scripts/gen-mc-tests-fixtures.ts). Every case's bytes must disassemble to llvm-objdump-22's text.
// Full identity is asserted for every file not exempted in MC_TESTS_PENDING (test/mc-tests-check.ts,
// empty today); the per-file agreement is printed as a diagnostic. Decoding must never throw.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isTarget } from '../src/isa/targets.js';
import { checkCase, MC_TESTS_PENDING } from './mc-tests-check.js';

const dir = join(import.meta.dirname, 'fixtures', 'mc-tests');

/** The fields of a fixture this test reads (see McFixture in scripts/gen-mc-tests-fixtures.ts). */
interface Fixture {
  source: string;
  mcpu: string;
  cases: [number, string, string, string | null, unknown, { dump?: [string, number][] }?][];
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const summary: string[] = [];

for (const file of files) {
  test(`mc-tests ${file}`, (t) => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    if (!isTarget(fx.mcpu)) throw new Error(`${file}: unknown mcpu ${fx.mcpu}`);
    const failures: string[] = [];
    const thrown: string[] = [];
    for (const [line, src, hex, want, , extra] of fx.cases) {
      try {
        const got = checkCase(hex, want, extra?.dump, fx.mcpu);
        if (got !== null)
          failures.push(`${fx.source}:${line}: ${src} [${hex}]\n    want: ${want}\n    got:  ${got}`);
      } catch (e) {
        thrown.push(`${fx.source}:${line}: ${src} [${hex}]: ${(e as Error).message}`);
      }
    }
    const n = fx.cases.length;
    const ok = n - failures.length - thrown.length;
    t.diagnostic(`${file}: ${ok}/${n} agree`);
    summary.push(`${file.padEnd(42)} ${String(ok).padStart(5)}/${n}`);
    assert.equal(
      thrown.length,
      0,
      `decoding threw on ${thrown.length} cases:\n${thrown.slice(0, 10).join('\n')}`,
    );
    if (!MC_TESTS_PENDING.includes(file)) {
      assert.equal(
        failures.length,
        0,
        `${failures.length}/${n} differ:\n${failures.slice(0, 30).join('\n')}`,
      );
    }
  });
}

test('mc-tests summary', (t) => {
  for (const s of summary) t.diagnostic(s);
  // Every exempted file must exist, so that a rename does not silently drop its assertion.
  for (const f of MC_TESTS_PENDING)
    assert.ok(files.includes(f), `MC_TESTS_PENDING names a missing fixture ${f}`);
});
