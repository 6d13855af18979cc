// The assembler against LLVM's own MC tests for gfx9 (the .s files of test/fixtures/mc-tests): every
// line llvm-mc-22 accepts must assemble to its bytes, every line it rejects must be rejected with
// llvm-mc's message. Every file not in ASM_MC_PENDING must agree on every case (ASM_MC_FILTER=substring
// limits the files run).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { isTarget } from '../src/isa/targets.js';

/** Fixture files exempt from full agreement, each with its reason (none: all agree). */
export const ASM_MC_PENDING: readonly string[] = [];

const dir = join(import.meta.dirname, 'fixtures', 'mc-tests');

interface Fixture {
  source: string;
  mcpu: string;
  cases: [number, string, string, string | null, unknown][];
  rejected: [number, string, string, unknown][];
}

const filter = process.env.ASM_MC_FILTER ?? '';
const files = readdirSync(dir)
  .filter((f) => f.includes('.s.') && f.endsWith('.json') && f.includes(filter))
  .sort();
const summary: string[] = [];

for (const file of files) {
  test(`asm mc-tests ${file}`, (t) => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
    if (!isTarget(fx.mcpu)) throw new Error(`${file}: unknown mcpu ${fx.mcpu}`);
    const failures: string[] = [];
    for (const [line, src, hex] of fx.cases) {
      const r = assembleOne(src, fx.mcpu);
      if (r.hex !== hex)
        failures.push(
          `${fx.source}:${line}: ${src}\n    want: ${hex}\n    got:  ${r.hex ?? `error: ${r.error}`}`,
        );
    }
    let rejected = 0;
    let sameMessage = 0;
    const accepted: string[] = [];
    const otherMessage: string[] = [];
    for (const [line, src, message] of fx.rejected) {
      const r = assembleOne(src, fx.mcpu);
      if (r.hex === undefined) {
        rejected++;
        if (r.error === message) sameMessage++;
        else
          otherMessage.push(`${fx.source}:${line}: ${src}\n    llvm-mc: ${message}\n    gcnkit:  ${r.error}`);
      } else accepted.push(`${fx.source}:${line}: ${src}\n    llvm-mc: ${message}\n    gcnkit:  ${r.hex}`);
    }
    const n = fx.cases.length;
    const ok = n - failures.length;
    const line = `${file}: ${ok}/${n} identical bytes; rejected ${rejected}/${fx.rejected.length} (same message ${sameMessage})`;
    t.diagnostic(line);
    summary.push(line);
    if (!ASM_MC_PENDING.includes(file)) {
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length}/${n} differ`);
      assert.deepEqual(accepted.slice(0, 20), [], `${accepted.length} rejected lines were accepted`);
      assert.deepEqual(otherMessage.slice(0, 20), [], `${otherMessage.length} rejected with another message`);
    }
  });
}

test('asm mc-tests summary', (t) => {
  for (const s of summary) t.diagnostic(s);
});
