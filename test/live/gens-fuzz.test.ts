// Live tier: a differential fuzz of the disassembler per older generation (scripts/fuzz-disasm.ts):
// gfx803 against llvm-objdump-22 (whole lines, comments included), gfx600 and gfx700 through llvm-mc-22's
// round trip. Reports agreement; fails only on gcnkit exceptions for the targets enabled under "fuzz" in
// test/fixtures/gens/enabled.json. GCNKIT_FUZZ_COUNT sets the candidates per target (default 20,000);
// docs/generations.md has the 1,000,000-word runs. Runs only with GCNKIT_LIVE=1 and LLVM installed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runFuzz } from '../../scripts/fuzz-disasm.js';
import { haveLlvm } from '../../scripts/lib/llvm.js';
import { findProcessor } from '../../src/isa/processors.js';

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm();
const COUNT = Number(process.env.GCNKIT_FUZZ_COUNT ?? 20000);
const enabled = new Set(
  (
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'gens', 'enabled.json'), 'utf8')) as {
      fuzz?: string[];
    }
  ).fuzz ?? [],
);

for (const [i, mcpu] of (['gfx600', 'gfx700', 'gfx803'] as const).entries()) {
  test(
    `live gens fuzz ${mcpu}: ${COUNT} candidates`,
    { skip: !live && 'needs GCNKIT_LIVE=1 and LLVM 22' },
    async (t) => {
      const r = await runFuzz({ mcpu, count: COUNT, seed: 2000 + i, batch: 10000, examples: 3 });
      t.diagnostic(
        `${mcpu} (${r.oracle}): ${r.agree}/${r.compared} agree (${(100 * r.agreementRate).toFixed(3)}%), ` +
          `${r.exceptions} exceptions, ${r.objdumpCrashes} objdump crashes, ${r.seconds.toFixed(1)}s`,
      );
      for (const c of r.classes.slice(0, 10))
        t.diagnostic(
          `${c.count} ${c.key}: [${c.examples[0][0]}] ${c.examples[0][1]} | gcnkit: ${c.examples[0][3]}`,
        );
      const gen = findProcessor(mcpu)!.generation;
      if (enabled.has(mcpu) || enabled.has(gen)) assert.equal(r.exceptions, 0, 'gcnkit threw');
    },
  );
}
