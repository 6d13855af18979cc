// Live tier: fresh kernel descriptors (seeds other than the fixtures') assembled by llvm-mc-22 and printed
// by llvm-objdump-22, compared with kdDirectives. Runs only with GCNKIT_LIVE=1 and LLVM installed.
// GCNKIT_KD_SEED picks another batch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateKdCases, KD_COVS, KD_TARGETS } from '../../scripts/gen-kd-fixtures.js';
import { haveLlvm } from '../../scripts/lib/llvm.js';
import {
  decodeKernelDescriptor,
  encodeKernelDescriptor,
  kdDirectives,
} from '../../src/elf/kernel-descriptor.js';

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm();
const SEED = Number(process.env.GCNKIT_KD_SEED ?? 7001);

const fromHex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));

KD_TARGETS.forEach((target, ti) => {
  for (const cov of KD_COVS) {
    test(
      `live kernel descriptors ${target} cov${cov} vs llvm-objdump-22`,
      { skip: !live && 'needs GCNKIT_LIVE=1 and LLVM 22 (llvm-mc-22, llvm-objdump-22)' },
      (t) => {
        const cases = generateKdCases(target, cov, {
          directiveKernels: 4,
          randomKernels: 40,
          seed: SEED + ti * 16 + cov,
        });
        const bad: string[] = [];
        for (const c of cases) {
          const kd = decodeKernelDescriptor(fromHex(c.hex));
          assert.equal(Buffer.from(encodeKernelDescriptor(kd)).toString('hex'), c.hex);
          const opts = c.head === undefined ? {} : { sectionHead: fromHex(c.head) };
          const got = kdDirectives(kd, c.name, target, cov, opts);
          if (got !== c.text) bad.push(`${c.name} ${c.hex}\n--- objdump\n${c.text}--- gcnkit\n${got}`);
        }
        t.diagnostic(`${cases.length - bad.length}/${cases.length} identical (seed ${SEED})`);
        assert.equal(bad.length, 0, bad.slice(0, 3).join('\n'));
      },
    );
  }
});
