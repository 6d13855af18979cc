// Live (GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs): examples/image/image.cl compiled now
// with docs/compile.md's recipe for gfx900, gfx906 and gfx908 gives the committed code objects (which
// test/image-runtime.test.ts and test/image-cli.test.ts run), and llvm-objdump-22 shows the MIMG
// instructions the emulator executes; scripts/build-image-gens.sh --check rebuilds the gfx600, gfx700 and
// gfx803 objects of test/fixtures/image-gens and compares them with the committed ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22', 'llvm-objdump-22'].every(have);
const skip = live ? false : 'needs GCNKIT_LIVE=1, clang-22, ld.lld-22, llvm-objdump-22 and rocm-device-libs';
const dir = join(import.meta.dirname, '..', '..', 'examples', 'image');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-image-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const LIB = process.env.ROCM_DEVICE_LIB_PATH ?? '/usr/lib/x86_64-linux-gnu/amdgcn/bitcode';

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test(
  'examples/image/image.cl compiles to the committed code objects, with image_load/store/sample_lz',
  { skip },
  () => {
    for (const gpu of ['gfx900', 'gfx906', 'gfx908']) {
      const o = join(tmp, `image-${gpu}.o`);
      const co = join(tmp, `image-${gpu}.hsaco`);
      run('clang-22', [
        ...['-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', `-mcpu=${gpu}`, '-O3'],
        ...['-mcode-object-version=5', `--rocm-device-lib-path=${LIB}`],
        ...['-Xclang', '-mlink-builtin-bitcode', '-Xclang', `${LIB}/oclc_daz_opt_off.bc`],
        ...['-c', join(dir, 'image.cl'), '-o', o],
      ]);
      run('ld.lld-22', ['-shared', o, '-o', co]);
      assert.deepEqual(readFileSync(co), readFileSync(join(dir, `image-${gpu}.hsaco`)), gpu);
      const text = run('llvm-objdump-22', ['-d', co]);
      for (const op of ['image_load', 'image_store', 'image_sample_lz'])
        assert.match(text, new RegExp(`\\b${op}\\b`), `${gpu} ${op}`);
    }
  },
);

test(
  'scripts/build-image-gens.sh --check: the committed gfx6-8 image objects are what image.cl builds',
  { skip },
  () => {
    const script = join(import.meta.dirname, '..', '..', 'scripts', 'build-image-gens.sh');
    assert.match(
      run('bash', [script, '--check']),
      /the committed objects are what image.cl and image1d.cl build/,
    );
  },
);
