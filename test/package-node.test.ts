// gcnkit/node (src/node.ts): the file-based helpers over the library.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleFile, Device, loadCodeObjectFile, readBytes, readSourceFile } from '../src/node.js';
import { SCALE_INCLUDE, SCALE_SOURCE } from './helpers/library-kernel.js';

const VADD = join(import.meta.dirname, '..', 'examples', 'vadd', 'vadd-gfx908.hsaco');

test('assembleFile reads the file and its .include from disk, relative to the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-node-'));
  try {
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'scale.inc'), SCALE_INCLUDE);
    // Bytes past ASCII round-trip as one char each.
    writeFileSync(join(dir, 'scale.s'), `${SCALE_SOURCE}; \xe9\n`, 'latin1');
    assert.ok(readSourceFile(join(dir, 'scale.s')).endsWith('; \xe9\n'));
    const r = assembleFile(join(dir, 'scale.s'), { mcpu: 'gfx908' });
    assert.ok(r.ok && r.codeObject, r.messages);
    rmSync(join(dir, 'inc', 'scale.inc'));
    const missing = assembleFile(join(dir, 'scale.s'), { mcpu: 'gfx908' });
    assert.match(missing.messages, /scale\.s:3:10: error: Could not find include file 'inc\/scale\.inc'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('loadCodeObjectFile loads a clang-built code object that then runs', () => {
  assert.deepEqual(readBytes(VADD), new Uint8Array(readFileSync(VADD)));
  const dev = new Device();
  const mod = loadCodeObjectFile(dev, VADD);
  const n = 300;
  const a = dev.upload(Float32Array.from({ length: n }, (_, i) => i));
  const b = dev.upload(Float32Array.from({ length: n }, (_, i) => 0.5 * i));
  const c = dev.alloc(4 * n);
  mod.launch('vadd', { grid: [n], block: [64], args: [a, b, c, n] });
  const out = dev.download(c, Float32Array);
  assert.deepEqual([out[0], out[1], out[n - 1]], [0, 1.5, 1.5 * (n - 1)]);
});
