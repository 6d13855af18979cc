// Live differential tier of the assembler (GCNKIT_LIVE=1 with llvm-mc-22): 20,000 distinct valid
// instruction texts per target, generated from the op tables (scripts/fuzz-asm.ts), assembled by gcnkit
// and by llvm-mc-22. Asserted for the targets in ASM_FUZZ_STRICT; reported for all.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fuzzAsm } from '../../scripts/fuzz-asm.js';
import type { Target } from '../../src/isa/targets.js';

export const ASM_FUZZ_STRICT: readonly Target[] = ['gfx900', 'gfx906', 'gfx908'];

const live = process.env.GCNKIT_LIVE === '1' && spawnSync('llvm-mc-22', ['--version']).status === 0;

for (const target of ['gfx900', 'gfx906', 'gfx908'] as Target[]) {
  test(`live: 20,000 generated instructions, gcnkit vs llvm-mc-22 (${target})`, { skip: !live }, (t) => {
    const r = fuzzAsm(target, 20000, 20261122);
    const valid = r.same + r.differ.length;
    t.diagnostic(
      `identical ${r.same}/${valid} accepted by llvm-mc; both reject ${r.bothRejected}; gcnkit accepts ${r.accepted.length} that llvm-mc rejects`,
    );
    assert.ok(valid > 10000, `only ${valid} texts accepted by llvm-mc`);
    if (ASM_FUZZ_STRICT.includes(target)) {
      assert.deepEqual(r.differ.slice(0, 20), []);
      assert.deepEqual(r.accepted.slice(0, 20), []);
    }
  });
}
