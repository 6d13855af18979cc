// Live against LLVM 22 (GCNKIT_LIVE=1 and the tools installed): compiles co-corpus sources afresh with
// clang-22 (and links with ld.lld-22) in configurations the committed corpus does not hold, then compares
// `gcnkit info --json` with llvm-readelf-22's JSON on every field both report.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { compareWithReadelf } from '../../scripts/lib/readelf-compare.js';
import { codeObjectInfo } from '../../src/elf/info.js';
import { decodeMetadata } from '../../src/elf/metadata.js';
import { metadataToYaml } from '../../src/elf/metadata-yaml.js';
import { parseNotes } from '../../src/elf/notes.js';
import { ElfFile } from '../../src/elf/reader.js';
import { SHT_NOTE } from '../../src/elf/types.js';
import { READELF_JSON_ARGS } from '../co-corpus/corpus.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22', 'llvm-readelf-22'].every(have);
const src = join(import.meta.dirname, '..', 'co-corpus', 'src');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-info-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 || r.stderr.trim()) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function compare(file: string): number {
  const bytes = readFileSync(file);
  const elf = ElfFile.parse(bytes, file);
  const notes = elf.sections
    .filter((s) => s.type === SHT_NOTE)
    .flatMap((s) => parseNotes(bytes, s.offset, s.size, s.addralign === 8 ? 8 : 4, file));
  const yaml = (i: number) =>
    notes[i]?.name === 'AMDGPU' && notes[i].type === 32
      ? metadataToYaml(decodeMetadata(notes[i].desc, file))
      : undefined;
  const [re] = JSON.parse(run('llvm-readelf-22', [...READELF_JSON_ARGS, file]));
  const r = compareWithReadelf(codeObjectInfo(elf), re, yaml);
  assert.deepEqual(r.problems.slice(0, 10), [], file);
  return r.fields;
}

const LIBS = `--rocm-device-lib-path=${process.env.ROCM_DEVICE_LIBS ?? '/usr/lib/x86_64-linux-gnu/amdgcn/bitcode'}`;
// Device libraries stop at code object v5, so the v6 builds use the sources that need no library.
const CONFIGS: [string, string, number, string[]][] = [
  ['vecops.cl', 'gfx906', 4, ['-O1', LIBS]],
  ['tables.cl', 'gfx908:xnack+', 5, ['-O3', LIBS]],
  ['calls.cl', 'gfx90a:sramecc-', 5, ['-O0', '-g', LIBS]],
  ['bare.cl', 'gfx803', 6, ['-O2', '-nogpulib']],
  ['bare.cl', 'gfx942', 6, ['-O1', '-nogpulib']],
];

test('live: freshly compiled OpenCL objects agree with llvm-readelf-22', { skip: !live }, (t) => {
  let fields = 0;
  for (const [file, gpu, cov, flags] of CONFIGS) {
    const base = join(tmp, `${file}.${gpu.replace(/[:+]/g, '_')}.${cov}`);
    run('clang-22', [
      '-x',
      'cl',
      '-cl-std=CL2.0',
      '-target',
      'amdgcn-amd-amdhsa',
      `-mcpu=${gpu}`,
      `-mcode-object-version=${cov}`,
      ...flags,
      '-c',
      join(src, file),
      '-o',
      `${base}.o`,
    ]);
    run('ld.lld-22', ['-shared', `${base}.o`, '-o', `${base}.hsaco`]);
    fields += compare(`${base}.o`) + compare(`${base}.hsaco`);
  }
  t.diagnostic(`${CONFIGS.length * 2} objects, ${fields} fields compared`);
});

test('live: a freshly compiled HIP code object agrees with llvm-readelf-22', { skip: !live }, () => {
  const out = join(tmp, 'small.hsaco');
  run('clang-22', [
    '-x',
    'hip',
    '--offload-arch=gfx908:sramecc+',
    '-nogpuinc',
    '-nogpulib',
    '--cuda-device-only',
    '--no-gpu-bundle-output',
    '-O1',
    '-mcode-object-version=6',
    join(src, 'small.hip'),
    '-o',
    out,
  ]);
  assert.ok(compare(out) > 100);
});
