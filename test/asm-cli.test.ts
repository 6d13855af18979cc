// `gcnkit asm` as a command: the hand-written kernel (code, .amdhsa_kernel, .amdgpu_metadata) becomes a
// code object byte-identical to llvm-mc-22 + ld.lld-22's; --show-encoding prints llvm-mc's listing;
// errors go to stderr in llvm-mc's form with exit status 1. In this process (cliIn) except for stdin.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FEATURE_CASES, featureSource } from '../scripts/gen-asm-feature-fixtures.js';
import { CodeObject } from '../src/elf/code-object.js';
import { cliIn, root, spawnCli } from './helpers/cli.js';

const fx = join(import.meta.dirname, 'fixtures', 'asm-driver');

const gcnkit = (args: string[], cwd: string) => cliIn(cwd, ...args);

test('gcnkit asm -o k.hsaco: the hand-written kernel matches llvm-mc-22 + ld.lld-22 and loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-asm-'));
  try {
    const out = join(dir, 'k.hsaco');
    const r = gcnkit(['asm', '--mcpu=gfx908', 'kernel.s', '-o', out], join(fx, 'src'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    const bytes = readFileSync(out);
    assert.deepEqual(bytes, readFileSync(join(fx, 'llvm', 'kernel.hsaco')));
    const co = CodeObject.load(bytes, out);
    assert.ok(co.kernels.length >= 1);
    for (const k of co.kernels) assert.equal(k.descriptor.kernargSize, k.metadata.kernargSegmentSize);
    const rel = join(dir, 'k.o');
    const o = gcnkit(['asm', '--mcpu=gfx908', 'kernel.s', '--filetype=obj', '-o', rel], join(fx, 'src'));
    assert.equal(o.status, 0, o.stderr);
    assert.deepEqual(readFileSync(rel), readFileSync(join(fx, 'llvm', 'kernel.o')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('gcnkit asm --show-encoding prints llvm-mc-22 listing', () => {
  const r = gcnkit(['asm', '--mcpu=gfx908', '--show-encoding', 'branches.s'], join(fx, 'src'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, readFileSync(join(fx, 'llvm', 'branches.listing'), 'latin1'));
});

test('gcnkit asm: every error of a file, llvm-mc form, exit 1; stdin with -', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-asm-'));
  try {
    const bad = join(dir, 'bad.s');
    writeFileSync(bad, 's_mov_b32 s0, s1, s2\nv_foo v0\n s_mov_b32 s0,\ns_endpgm\n');
    const r = gcnkit(['asm', '--mcpu=gfx900', bad, '-o', join(dir, 'bad.o')], root);
    assert.equal(r.status, 1);
    const errs = r.stderr.split('\n').filter((l) => l.includes(': error: '));
    assert.deepEqual(errs, [
      `${bad}:1:19: error: invalid operand for instruction`,
      `${bad}:2:1: error: invalid instruction`,
      `${bad}:3:2: error: too few operands for instruction`,
    ]);
    const s = spawnCli(['asm', '--mcpu=gfx900', '--show-encoding', '-'], { input: 's_endpgm\n' });
    assert.equal(s.status, 0, s.stderr);
    assert.match(s.stdout, /s_endpgm\s+; encoding: \[0x00,0x00,0x81,0xbf\]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('gcnkit asm: target-id features from .amdgcn_target match llvm-mc-22 -mattr (object, code object, listing)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-asm-'));
  const fxf = join(import.meta.dirname, 'fixtures', 'asm-features');
  try {
    const kernel = readFileSync(join(fx, 'src', 'kernel.s'), 'utf8');
    for (const [name, mattr] of Object.entries(FEATURE_CASES)) {
      writeFileSync(join(dir, `${name}.s`), featureSource(kernel, mattr));
      const o = gcnkit(['asm', join(dir, `${name}.s`), '--filetype=obj', '-o', join(dir, 'k.o')], root);
      assert.equal(o.status, 0, o.stderr);
      assert.deepEqual(readFileSync(join(dir, 'k.o')), readFileSync(join(fxf, `${name}.o`)), name);
      const h = gcnkit(['asm', join(dir, `${name}.s`), '-o', join(dir, 'k.hsaco')], root);
      assert.equal(h.status, 0, h.stderr);
      assert.deepEqual(readFileSync(join(dir, 'k.hsaco')), readFileSync(join(fxf, `${name}.hsaco`)), name);
      const l = gcnkit(['asm', join(dir, `${name}.s`), '--show-encoding'], root);
      assert.equal(l.stdout, readFileSync(join(fxf, `${name}.listing`), 'latin1'), name);
    }
    const bad = gcnkit(['asm', '--mattr=+tgsplit', join(dir, 'xnack-on.s')], root);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /unsupported feature '\+tgsplit'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
