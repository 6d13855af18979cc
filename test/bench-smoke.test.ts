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
import { firstDifference } from '../bench/emu/run.js';
import { nodeTs } from './helpers/node-ts.js';
import { SLOW } from './helpers/tier.js';

const root = join(import.meta.dirname, '..');

function bench(name: string, env: NodeJS.ProcessEnv = process.env, extra: string[] = []) {
  return spawnSync(process.execPath, [...nodeTs(join('bench', `${name}.ts`)), '--smoke', ...extra], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
}

// `npm test` runs one kernel per class (CI's `npm run bench:smoke` and the slow tier run all ten).
const SAMPLE = ['mandelbrot', 'mfma_gemm', 'reduce', 'histogram'];
test('bench/emu.ts --smoke runs the ten kernels of the four classes and checks each against its TypeScript reference', () => {
  const r = bench('emu', process.env, SLOW ? [] : [`--only=${SAMPLE.join(',')}`]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const all = [
    ['ALU', 'mandelbrot'],
    ['ALU', 'n-body'],
    ['ALU', 'matmul \\(FMA, no LDS\\)'],
    ['matrix cores', 'MFMA GEMM \\(32x32x2 f32\\)'],
    ['matrix cores', 'MFMA GEMM \\(32x32x8 f16\\)'],
    ['LDS', 'matmul \\(16x16 LDS tiles\\)'],
    ['LDS', 'reduction \\(LDS tree\\)'],
    ['memory/atomics', 'vector add'],
    ['memory/atomics', 'transpose'],
    ['memory/atomics', 'histogram \\(global atomics\\)'],
  ];
  const picked = ['mandelbrot', 'MFMA GEMM \\(32x32x2', 'reduction', 'histogram'];
  const rows = SLOW ? all : all.filter(([, name]) => picked.some((p) => name.startsWith(p)));
  assert.equal(rows.length, SLOW ? 10 : SAMPLE.length);
  // class | kernel | size | waves | wave-instr | M wave-instr/s | M lane-instr/s | s | (3 native columns,
  // empty in smoke mode) | speed-up over the interpreter (the default engine, jit, against it; the bench
  // fails unless both give the same outputs and counts).
  for (const [cls, name] of rows) {
    const row = new RegExp(
      `^\\| ${cls} \\| ${name} \\| [^|]+ \\| \\d+ \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\|  \\|  \\|  \\| [\\d.]+x \\|$`,
      'm',
    );
    assert.match(r.stdout, row, r.stdout);
  }
  assert.equal(r.stdout.match(/^\| (ALU|matrix|LDS|memory)/gm)?.length, rows.length);
});

test('bench/emu.ts: an engine the runtime does not have, an unknown clock or kernel, is a one-line error', () => {
  for (const [arg, message] of [
    ['--engine=wasm', 'bench: unknown --engine=wasm (the runtime has: interpreter, jit)\n'],
    ['--clock=gpu', 'bench: --clock must be wall or cpu\n'],
    [
      '--only=saxpy',
      'bench: --only: no kernel saxpy (mandelbrot, nbody, matmul, mfma_gemm, mfma_gemm_f16, matmul_lds, reduce, vadd, transpose, histogram)\n',
    ],
    // A spawn of the bench costs about 0.7 s of CPU (1.7 s through tsx): `npm test` checks the last case,
    // the slow tier all.
  ].slice(SLOW ? 0 : 2)) {
    const r = spawnSync(process.execPath, [...nodeTs(join('bench', 'emu.ts')), '--smoke', arg], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, message);
  }
});

test('bench/emu.ts compares outputs bit for bit: -0 is not 0, and a NaN is not another NaN', () => {
  const zero = new Float32Array([1, 0]);
  assert.equal(firstDifference([zero], [new Float32Array([1, 0])], 'native'), '');
  assert.equal(firstDifference([zero], [new Float32Array([1, -0])], 'native'), 'out0[1]: gcnkit 0, native 0');
  const nan = new Uint32Array([0x7fc00000]);
  const other = new Uint32Array([0x7fc00001]);
  assert.match(
    firstDifference([new Float32Array(nan.buffer)], [new Float32Array(other.buffer)], 'reference'),
    /^out0\[0\]: gcnkit NaN, reference NaN$/,
  );
  assert.equal(
    firstDifference([new Int32Array(2)], [new Int32Array(3)], 'native'),
    'out0 has 2 elements, native 3',
  );
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
