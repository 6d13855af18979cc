// Live tier 5b: re-extracts a few of LLVM's MC tests with the installed llvm-mc-22 / llvm-objdump-22
// (scripts/gen-mc-tests-fixtures.ts) and checks that the committed fixtures are still what LLVM says,
// then checks gcnkit on the fresh cases: in full for allow-listed files, as a diagnostic for the others.
// Runs only with GCNKIT_LIVE=1, LLVM installed and ../shared/llvm-mc-tests present.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  extractFixtures,
  FIXTURE_DIR,
  fixtureName,
  MC_TESTS_DIR,
  type McFixture,
} from '../../scripts/gen-mc-tests-fixtures.js';
import { haveLlvm } from '../../scripts/lib/llvm.js';
import { checkCase, MC_TESTS_PENDING } from '../mc-tests-check.js';

const FILES = [
  'AMDGPU/accvgpr-altnames.s',
  'AMDGPU/fma-mix.s',
  'AMDGPU/gfx9_asm_sopp.s',
  'AMDGPU/gfx9_asm_sopk.s',
  'Disassembler/AMDGPU/mai.txt',
];

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm() && existsSync(MC_TESTS_DIR);

for (const rel of FILES) {
  test(
    `live mc-tests ${rel}`,
    {
      skip: !live && 'needs GCNKIT_LIVE=1, LLVM 22 and ../shared/llvm-mc-tests',
    },
    (t) => {
      const { fixtures, skipped } = extractFixtures(rel);
      assert.equal(skipped, undefined);
      assert.ok(fixtures.length > 0);
      for (const fresh of fixtures) {
        const name = fixtureName(rel, fresh.mcpu);
        const path = join(FIXTURE_DIR, name);
        if (existsSync(path)) {
          const saved = JSON.parse(readFileSync(path, 'utf8')) as McFixture;
          assert.deepEqual(fresh, saved, `${name} is stale: rerun npx tsx scripts/gen-mc-tests-fixtures.ts`);
        }
        const bad: string[] = [];
        for (const [line, src, hex, want, , extra] of fresh.cases) {
          const got = checkCase(hex, want, extra?.dump, fresh.mcpu);
          if (got !== null) bad.push(`${rel}:${line}: ${src} [${hex}]\n    want: ${want}\n    got:  ${got}`);
        }
        t.diagnostic(`${name}: ${fresh.cases.length - bad.length}/${fresh.cases.length} agree`);
        if (!MC_TESTS_PENDING.includes(name)) assert.equal(bad.length, 0, bad.slice(0, 20).join('\n'));
      }
    },
  );
}
