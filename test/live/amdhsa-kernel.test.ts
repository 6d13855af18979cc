// Live tier: fresh random `.amdhsa_kernel` blocks (seeds other than the fixtures') assembled by llvm-mc-22 and
// compared with AmdhsaKernelBlock: descriptor bytes for accepted blocks, diagnostics for rejected ones.
// Runs only with GCNKIT_LIVE=1 and LLVM installed; GCNKIT_AMDHSA_SEED picks another batch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fixtureConfigs, generateAmdhsaCases } from '../../scripts/gen-amdhsa-fixtures.js';
import { haveLlvm } from '../../scripts/lib/llvm.js';
import { runAmdhsaSource } from '../../src/asm/amdhsa-parse-lite.js';
import { encodeKernelDescriptor } from '../../src/elf/kernel-descriptor.js';

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm();
const SEED = Number(process.env.GCNKIT_AMDHSA_SEED ?? 9001);

fixtureConfigs().forEach((cfg, k) => {
  test(
    `live .amdhsa_kernel ${JSON.stringify(cfg)} vs llvm-mc-22`,
    { skip: !live && 'needs GCNKIT_LIVE=1 and LLVM 22 (llvm-mc-22, llvm-objdump-22)' },
    (t) => {
      const cases = generateAmdhsaCases(cfg, { random: 60, full: false, seed: SEED + k * 131 });
      const features = { ...(cfg.xnack ? { xnack: cfg.xnack } : {}), tgsplit: cfg.tgsplit === true };
      const bad: string[] = [];
      for (const c of cases) {
        const res = runAmdhsaSource(c.lines, cfg.cpu, cfg.cov, features);
        const got = res.diags.map((d) => `${d.line}:${d.col}: error: ${d.message}`);
        let same: boolean;
        if (c.hex !== undefined) {
          const kd = res.kds.values().next().value;
          same =
            got.length === 0 &&
            kd !== undefined &&
            Buffer.from(encodeKernelDescriptor(kd)).toString('hex') === c.hex;
        } else {
          same = JSON.stringify(got) === JSON.stringify(c.diags);
        }
        if (!same) {
          bad.push(
            `${c.lines.join('\n')}\n  llvm-mc ${c.hex ?? c.diags?.join(' | ')}\n  gcnkit  ${got.join(' | ')}`,
          );
        }
      }
      const valid = cases.filter((c) => c.hex !== undefined).length;
      t.diagnostic(
        `${cases.length - bad.length}/${cases.length} identical (${valid} valid, ${cases.length - valid} invalid, seed ${SEED})`,
      );
      assert.equal(bad.length, 0, bad.slice(0, 3).join('\n\n'));
    },
  );
});
