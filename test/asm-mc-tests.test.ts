// The assembler against LLVM's own MC tests for gfx9 (the .s files of test/fixtures/mc-tests): every
// line llvm-mc-22 accepts must assemble to its bytes, every line it rejects must be rejected (the
// message is compared and reported, not yet asserted). Files in ASM_MC_STRICT must agree on every case;
// the others report their agreement as diagnostics (ASM_MC_FILTER=substring limits the files run).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { isTarget } from '../src/isa/targets.js';

/** Fixture files whose every case must assemble identically (grows as families land). */
export const ASM_MC_STRICT: readonly string[] = [
  'accvgpr-altnames.s.gfx908.json',
  'atomic-fadd-insts.s.gfx908.json',
  'dl-insts.s.gfx906.json',
  'dl-insts.s.gfx908.json',
  'fma-mix.s.gfx900.json',
  'fma-mix.s.gfx906.json',
  'flat-global.s.gfx900.json',
  'flat-scratch-instructions.s.gfx900.json',
  'gfx9_asm_ds.s.gfx900.json',
  'gfx9_asm_flat.s.gfx900.json',
  'gfx9_asm_mtbuf.s.gfx900.json',
  'gfx9_asm_mubuf.s.gfx900.json',
  'gfx9_asm_vop1.s.gfx900.json',
  'gfx9_asm_vop2.s.gfx900.json',
  'gfx9_asm_vop3.s.gfx900.json',
  'gfx9_asm_vop3p.s.gfx900.json',
  'gfx9_asm_vopc.s.gfx900.json',
  'mai.s.gfx908.json',
  'vop_dpp.s.gfx900.json',
  'vop_sdwa.s.gfx900.json',
];

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
    for (const [line, src, message] of fx.rejected) {
      const r = assembleOne(src, fx.mcpu);
      if (r.hex === undefined) {
        rejected++;
        if (r.error === message) sameMessage++;
      } else accepted.push(`${fx.source}:${line}: ${src}\n    llvm-mc: ${message}\n    gcnkit:  ${r.hex}`);
    }
    const n = fx.cases.length;
    const ok = n - failures.length;
    const line = `${file}: ${ok}/${n} identical bytes; rejected ${rejected}/${fx.rejected.length} (same message ${sameMessage})`;
    t.diagnostic(line);
    summary.push(line);
    if (ASM_MC_STRICT.includes(file)) {
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length}/${n} differ`);
      assert.deepEqual(accepted.slice(0, 20), [], `${accepted.length} rejected lines were accepted`);
    }
  });
}

test('asm mc-tests summary', (t) => {
  for (const s of summary) t.diagnostic(s);
});
