// Live against LLVM 22 (GCNKIT_LIVE=1 and the tools installed): compiles corpus kernels afresh with
// clang-22 / llvm-mc-22, disassembles them with llvm-objdump-22 and gcnkit, and compares. The framing
// must be identical; the full text too (GCNKIT_STRICT_CORPUS=0 relaxes it, as in test/corpus.test.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { compareDisassembly } from '../../src/disasm/compare.js';
import { objdump } from '../../src/disasm/objdump.js';
import type { Target } from '../../src/isa/targets.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live =
  process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22', 'llvm-mc-22', 'llvm-objdump-22'].every(have);
const strict = process.env.GCNKIT_STRICT_CORPUS !== '0';
const src = join(import.meta.dirname, '..', 'corpus', 'src');
const libs = process.env.ROCM_DEVICE_LIBS ?? '/usr/lib/x86_64-linux-gnu/amdgcn/bitcode';
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-corpus-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'latin1', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function check(file: string, gpu: Target, t: { diagnostic(s: string): void }): void {
  const want = run('llvm-objdump-22', ['-d', `--mcpu=${gpu}`, file]);
  const got = objdump(readFileSync(file), file, { mcpu: gpu });
  const c = compareDisassembly(want, got);
  t.diagnostic(
    `${c.agree}/${c.instructions} instruction lines identical${c.identical ? ' (whole file identical)' : ''}`,
  );
  assert.deepEqual(c.framingActual, c.framingExpected, `${file}: ELF framing differs from llvm-objdump`);
  if (strict) assert.ok(c.identical, `${file}: differs, first: ${JSON.stringify(c.mismatches[0])}`);
}

test('live: OpenCL kernel compiled by clang-22 and linked by ld.lld-22', { skip: !live }, (t) => {
  for (const gpu of ['gfx900', 'gfx906', 'gfx908'] as const) {
    const o = join(tmp, `reduce_lds.${gpu}.o`);
    const so = join(tmp, `reduce_lds.${gpu}.hsaco`);
    run('clang-22', [
      ...['-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', `-mcpu=${gpu}`, '-O2', '-w'],
      ...[
        '-mcode-object-version=5',
        `--rocm-device-lib-path=${libs}`,
        '-c',
        join(src, 'reduce_lds.cl'),
        '-o',
        o,
      ],
    ]);
    run('ld.lld-22', ['-shared', o, '-o', so]);
    check(o, gpu, t);
    check(so, gpu, t);
  }
});

test('live: header-less HIP kernel compiled by clang-22', { skip: !live }, (t) => {
  const out = join(tmp, 'matmul.gfx908.hsaco');
  run('clang-22', [
    ...['-x', 'hip', '--offload-arch=gfx908', '-nogpuinc', '-nogpulib', '--cuda-device-only'],
    ...[
      '--no-gpu-bundle-output',
      '-O1',
      '-mcode-object-version=5',
      `-I${src}`,
      join(src, 'matmul_tiled.hip'),
      '-o',
      out,
    ],
  ]);
  check(out, 'gfx908', t);
});

test('live: llvm-mc-22 relocatable object with labels, data and odd framing', { skip: !live }, (t) => {
  const out = join(tmp, 'labels.o');
  run('llvm-mc-22', [
    '-triple=amdgcn-amd-amdhsa',
    '-mcpu=gfx906',
    '-filetype=obj',
    join(src, '..', 'mc', 'labels.s'),
    '-o',
    out,
  ]);
  check(out, 'gfx906', t);
});
