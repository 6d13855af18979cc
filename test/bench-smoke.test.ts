// The benchmarks start (bench/*.ts). The emulator benchmark needs no LLVM and runs whole in its smoke
// mode, checking every result against the host computation; the disassembler and assembler benchmarks
// compare with LLVM, so here they must load all their modules (and the disassembler's bundled CLI must
// start: the bundle is what `npm run bench` once failed on) and stop at the missing tool with their
// one-line message. `npm run bench:smoke` in CI runs all three against LLVM 22.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..');

function bench(name: string, env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', join('bench', `${name}.ts`), '--smoke'], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
}

test('bench/emu.ts --smoke runs the three kernels, checks them and reports the ratio to the host', () => {
  const r = bench('emu');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  for (const name of ['mandelbrot', 'reduce_sum', 'saxpy']) {
    assert.match(r.stdout, new RegExp(`^${name} .* \\d+x$`, 'm'), r.stdout);
  }
});

test('bench/disasm.ts (with its bundled CLI) and bench/asm.ts load and name the LLVM tool they need', () => {
  // An empty folder as the whole PATH hides LLVM (node itself is started by its full path).
  const empty = mkdtempSync(join(tmpdir(), 'gcnkit-nopath-'));
  try {
    for (const name of ['disasm', 'asm']) {
      const r = bench(name, { ...process.env, PATH: empty });
      assert.equal(r.status, 1, `${name}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, 'bench: llvm-mc-22 not found (apt-get install llvm-22)\n', name);
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
