// Live tier of the csmith-lite differential tester: ~30 fresh random OpenCL C programs compiled by clang-22
// for gfx900/gfx908 at -O0/-O3, run on the emulator and compared with the host interpreter. Runs only with
// GCNKIT_LIVE=1 and clang-22 / ld.lld-22 installed; GCNKIT_DIFFTEST_SEED picks another batch (default: a
// new one per day), GCNKIT_DIFFTEST_COUNT the number of programs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check, haveClang } from '../../scripts/difftest.js';
import { generate, printKernel } from '../../scripts/randkernel.js';

const live = process.env.GCNKIT_LIVE === '1' && haveClang();
const SEED = Number(process.env.GCNKIT_DIFFTEST_SEED ?? 100000 + Math.floor(Date.now() / 86400000) * 1000);
const COUNT = Number(process.env.GCNKIT_DIFFTEST_COUNT ?? 30);

test(
  `live difftest: ${COUNT} random programs from seed ${SEED} x gfx900/gfx908 x O0/O3`,
  { skip: !live && 'needs GCNKIT_LIVE=1 and clang-22, ld.lld-22', timeout: 300_000 },
  (t) => {
    const bad: string[] = [];
    for (let n = 0; n < COUNT; n++) {
      const p = generate(SEED + n);
      for (const [target, level] of [
        ['gfx900', 'O0'],
        ['gfx900', 'O3'],
        ['gfx908', 'O0'],
        ['gfx908', 'O3'],
      ] as const) {
        const o = check(p, target, level);
        if (o.kind === 'pass') continue;
        const what =
          o.kind === 'mismatch'
            ? `output ${o.diff.name} (${o.diff.ty}) item ${o.diff.item}: expected 0x${o.diff.expected.toString(16)}, got 0x${o.diff.got.toString(16)}`
            : `${o.kind}: ${o.message}`;
        bad.push(`seed ${SEED + n} ${target}-${level}: ${what}\n${printKernel(p)}`);
      }
    }
    t.diagnostic(`${COUNT * 4 - bad.length}/${COUNT * 4} runs match (seed ${SEED})`);
    assert.equal(bad.length, 0, bad.slice(0, 2).join('\n\n'));
  },
);
