// Live tier 5d: a small differential fuzz per target against llvm-objdump-22 (scripts/fuzz-disasm.ts).
// Runs only with GCNKIT_LIVE=1 and LLVM installed. Zero gcnkit exceptions, and at least 99.9% of the
// candidates disassembled as llvm-objdump does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFuzz } from '../../scripts/fuzz-disasm.js';
import { haveLlvm } from '../../scripts/lib/llvm.js';
import { processorOf } from '../../src/isa/processors.js';
import { TARGETS } from '../../src/isa/targets.js';

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm();
const COUNT = Number(process.env.GCNKIT_FUZZ_COUNT ?? 100000);

// llvm-objdump-22 disassembles gfx8 and gfx9 only ("disassembly not yet supported for subtarget" on gfx6/7):
// gfx6/7 go through llvm-mc-22's round trip in gens-fuzz.test.ts.
for (const mcpu of TARGETS.filter((t) => ['gfx8', 'gfx9'].includes(processorOf(t).generation))) {
  test(
    `live fuzz ${mcpu}: ${COUNT} candidates vs llvm-objdump-22`,
    {
      skip: !live && 'needs GCNKIT_LIVE=1 and LLVM 22',
    },
    async (t) => {
      const r = await runFuzz({
        mcpu,
        count: COUNT,
        seed: 1000 + TARGETS.indexOf(mcpu),
        batch: 10000,
        examples: 3,
      });
      t.diagnostic(
        `${mcpu}: ${r.agree}/${r.compared} agree (${(100 * r.agreementRate).toFixed(3)}%), ` +
          `${r.exceptions} exceptions, ${r.objdumpCrashes} objdump crashes, ${r.seconds.toFixed(1)}s`,
      );
      const top = r.classes
        .slice(0, 10)
        .map(
          (c) =>
            `${c.count} ${c.key}: [${c.examples[0][0]}] objdump: ${c.examples[0][1]} | gcnkit: ${c.examples[0][3]}`,
        );
      for (const s of top) t.diagnostic(s);
      assert.equal(r.exceptions, 0, r.exceptionExamples.map(([h, m]) => `[${h}] ${m}`).join('\n'));
      assert.ok(
        r.agreementRate >= 0.999,
        `agreement ${(100 * r.agreementRate).toFixed(3)}% < 99.9%:\n${top.join('\n')}`,
      );
    },
  );
}
