// Live against LLVM 22 (GCNKIT_LIVE=1 and llvm-mc-22, ld.lld-22 installed): assembles every
// test/fixtures/asm-driver source with llvm-mc-22 now, and requires gcnkit's listing, diagnostics,
// object and linked code object to be identical to what the tools produce today.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { assemble, formatDiagnostics } from '../../src/asm/assembler.js';
import { linkShared } from '../../src/elf/link.js';
import { ElfFile } from '../../src/elf/reader.js';
import type { Target } from '../../src/isa/targets.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['llvm-mc-22', 'ld.lld-22'].every(have);
const srcDir = resolve('test/fixtures/asm-driver/src');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-asm-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const mcpuOf = (src: string): Target => (/^\/\/ mcpu=(\S+)/.exec(src)?.[1] ?? 'gfx908') as Target;

for (const file of readdirSync(srcDir)
  .filter((f) => f.endsWith('.s'))
  .sort()) {
  test(`live asm ${file}`, { skip: !live && 'GCNKIT_LIVE=1 and LLVM 22 tools needed' }, () => {
    const src = readFileSync(join(srcDir, file), 'latin1');
    const mcpu = mcpuOf(src);
    const mc = ['-triple=amdgcn-amd-amdhsa', `-mcpu=${mcpu}`];
    const prev = process.cwd();
    process.chdir(srcDir);
    try {
      const l = spawnSync('llvm-mc-22', [...mc, '-show-encoding', file], { encoding: 'latin1' });
      const ours = assemble(src, file, { mcpu, showEncoding: true, object: false });
      assert.equal(ours.listing, l.stdout, `${file}: listing`);
      assert.equal(formatDiagnostics(ours.diagnostics), l.stderr, `${file}: listing diagnostics`);
      const obj = join(tmp, `${file}.o`);
      const o = spawnSync('llvm-mc-22', [...mc, '-filetype=obj', '-o', obj, file], { encoding: 'latin1' });
      const mine = assemble(src, file, { mcpu });
      assert.equal(formatDiagnostics(mine.diagnostics), o.stderr, `${file}: object diagnostics`);
      if (o.status !== 0) return assert.equal(mine.object, undefined);
      const want = readFileSync(obj);
      assert.ok(mine.object && Buffer.from(mine.object).equals(want), `${file}: object bytes`);
      if (!mine.kernels.length) return;
      const so = join(tmp, `${file}.hsaco`);
      const ld = spawnSync('ld.lld-22', ['-shared', obj, '-o', so], { encoding: 'latin1' });
      assert.equal(ld.status, 0, ld.stderr);
      assert.ok(existsSync(so));
      const linked = linkShared([ElfFile.parse(mine.object, file)]);
      assert.ok(Buffer.from(linked).equals(readFileSync(so)), `${file}: linked code object`);
    } finally {
      process.chdir(prev);
    }
  });
}
