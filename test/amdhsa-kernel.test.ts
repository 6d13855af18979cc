// `.amdhsa_kernel` blocks recorded from llvm-mc-22 (scripts/gen-amdhsa-fixtures.ts): every accepted block must
// give the same 64 descriptor bytes, every rejected one the same diagnostics (line, column, message).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { AmdhsaConfig, AmdhsaFixture } from '../scripts/gen-amdhsa-fixtures.js';
import { AMDHSA_DIRECTIVES, AmdhsaKernelBlock } from '../src/asm/amdhsa-kernel.js';
import { runAmdhsaSource } from '../src/asm/amdhsa-parse-lite.js';
import { encodeKernelDescriptor } from '../src/elf/kernel-descriptor.js';

const dir = fileURLToPath(new URL('./fixtures/amdhsa/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json.gz'));

const load = (f: string): AmdhsaFixture[] =>
  JSON.parse(gunzipSync(readFileSync(join(dir, f))).toString('utf8'));

const features = (c: AmdhsaConfig) => ({
  ...(c.xnack ? { xnack: c.xnack } : {}),
  tgsplit: c.tgsplit === true,
});

/** Runs one recorded block and returns what differs from llvm-mc, or null. */
function compare(cfg: AmdhsaConfig, lines: string[], hex?: string, diags?: string[]): string | null {
  const res = runAmdhsaSource(lines, cfg.cpu, cfg.cov, features(cfg));
  const got = res.diags.map((d) => `${d.line}:${d.col}: error: ${d.message}`);
  if (hex !== undefined) {
    if (got.length) return `llvm-mc accepted; gcnkit: ${got.join(' | ')}`;
    const kd = res.kds.values().next().value;
    if (!kd) return 'no descriptor';
    const mine = Buffer.from(encodeKernelDescriptor(kd)).toString('hex');
    return mine === hex ? null : `bytes\n  llvm-mc ${hex}\n  gcnkit  ${mine}`;
  }
  const want = diags ?? [];
  return JSON.stringify(got) === JSON.stringify(want)
    ? null
    : `diagnostics\n  llvm-mc ${want.join(' | ')}\n  gcnkit  ${got.join(' | ') || '(accepted)'}`;
}

test('fixtures are present', () => {
  assert.ok(files.length >= 6, `only ${files.length} fixture files in ${dir}`);
});

for (const file of files) {
  test(`.amdhsa_kernel blocks vs llvm-mc-22: ${file}`, (t) => {
    let valid = 0;
    let invalid = 0;
    const bad: string[] = [];
    for (const fx of load(file)) {
      for (const c of fx.cases) {
        if (c.hex !== undefined) valid++;
        else invalid++;
        const d = compare(fx.config, c.lines, c.hex, c.diags);
        if (d) bad.push(`${JSON.stringify(fx.config)}\n${c.lines.join('\n')}\n${d}`);
      }
    }
    assert.ok(valid > 0 && invalid > 0, `${file}: ${valid} valid, ${invalid} invalid blocks`);
    t.diagnostic(
      `${valid + invalid - bad.length}/${valid + invalid} identical (${valid} valid, ${invalid} invalid)`,
    );
    assert.equal(bad.length, 0, bad.slice(0, 3).join('\n\n'));
  });
}

test('descriptor defaults and the entry symbol', () => {
  const b = new AmdhsaKernelBlock('kern', 'gfx908', 5, {}, 1, 1);
  assert.equal(b.directive('.amdhsa_next_free_vgpr', 5n, 2, 3, 27), null);
  assert.equal(b.directive('.amdhsa_next_free_sgpr', 0n, 3, 3, 27), null);
  const r = b.finish(4, 19);
  assert.ok('kd' in r);
  assert.equal(r.entrySymbol, 'kern');
  assert.equal(r.kd.kernelCodeEntryByteOffset, 0n);
  // 8 VGPRs (2 blocks - 1), 6 reserved SGPRs (1 block - 1), denorm 16/64 = 3, DX10 clamp, IEEE mode.
  assert.equal(r.kd.computePgmRsrc1, 0x00ac0001);
  assert.equal(r.kd.computePgmRsrc2, 0x80);
});

test('xnack from the target id suffix, overridden by the feature', () => {
  const mask = (proc: string, xnack?: 'on' | 'off' | 'any') => {
    const b = new AmdhsaKernelBlock('k', proc, 5, xnack ? { xnack } : {}, 1, 1);
    return b.directive('.amdhsa_reserve_xnack_mask', 1n, 2, 3, 29);
  };
  assert.equal(mask('gfx900'), null);
  assert.equal(mask('gfx900:xnack+'), null);
  assert.equal(mask('gfx900:xnack-')?.message, '.amdhsa_reserve_xnack_mask does not match target id');
  assert.equal(mask('gfx900:xnack-', 'on'), null);
  assert.equal(mask('gfx803')?.message, '.amdhsa_reserve_xnack_mask does not match target id');
});

test('a block ends at its first diagnostic', () => {
  const b = new AmdhsaKernelBlock('k', 'gfx900', 5, {}, 1, 1);
  assert.equal(b.directive('.amdhsa_tg_split', 1n, 2, 3, 20)?.message, 'directive requires gfx90a+');
  assert.throws(() => b.directive('.amdhsa_next_free_vgpr', 1n, 3, 3, 27));
  assert.throws(() => b.finish(4, 19));
});

test('processors llvm-mc-22 dropped are refused', () => {
  assert.throws(() => new AmdhsaKernelBlock('k', 'gfx940', 5, {}, 1, 1), /llvm-mc-22/);
});

test('AMDHSA_DIRECTIVES holds only names llvm-mc-22 knows, and the fixtures try each', () => {
  const tried = new Set<string>();
  const unknown = new Set<string>();
  for (const f of files) {
    for (const fx of load(f)) {
      for (const c of fx.cases) {
        c.lines.forEach((l, k) => {
          const name = /^\s*(\.amdhsa_[a-z0-9_]+)\s/.exec(l)?.[1];
          if (!name) return;
          tried.add(name);
          if (
            c.diags?.some((d) => d.startsWith(`${k + 1}:`) && d.endsWith('unknown .amdhsa_kernel directive'))
          ) {
            unknown.add(name);
          }
        });
      }
    }
  }
  for (const name of AMDHSA_DIRECTIVES) {
    assert.ok(tried.has(name), `${name} never tried`);
    assert.ok(!unknown.has(name), `llvm-mc-22 does not know ${name}`);
  }
  assert.ok(unknown.has('.amdhsa_not_a_directive'));
});
