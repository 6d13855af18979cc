// Builds the note fixtures (node --import tsx scripts/gen-notes-fixtures.ts): compiles small OpenCL and HIP
// kernels with clang-22 for several targets and code object versions, assembles the .amdgpu_metadata and
// raw-note sources in test/fixtures/notes/asm with llvm-mc-22, stores the objects gzipped in
// test/fixtures/notes/obj, and records `llvm-readelf-22 --notes` for them and for test/corpus/obj.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeMsgpack } from '../src/elf/metadata.js';

const root = join(import.meta.dirname, '..');
const fx = join(root, 'test', 'fixtures', 'notes');
const corpus = join(root, 'test', 'corpus', 'obj');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-notes-'));
const run = (cmd: string, args: string[]): string =>
  execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });

// ---- raw note sources: what llvm-mc 22 can no longer write (code object v2 notes) and malformed notes ----

const bytesOf = (s: string): number[] => [...Buffer.from(s, 'latin1')];
const u32 = (...v: number[]): number[] =>
  v.flatMap((x) => [x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, x >>> 24]);
const u16 = (...v: number[]): number[] => v.flatMap((x) => [x & 0xff, (x >> 8) & 0xff]);

interface RawNote {
  name: string;
  type: number;
  desc: number[];
}
/** A note in assembler data directives, padded for `align` as ELF requires. */
function noteAsm(n: RawNote, align: number): string {
  const namesz = n.name ? n.name.length + 1 : 0;
  const lines = [`.long ${namesz}, ${n.desc.length}, ${n.type}`];
  if (namesz) lines.push(`.byte ${[...bytesOf(n.name), 0].join(', ')}`);
  lines.push(`.p2align ${Math.log2(align)}`);
  if (n.desc.length) lines.push(`.byte ${n.desc.join(', ')}`);
  lines.push(`.p2align ${Math.log2(align)}`);
  return lines.join('\n');
}
function rawSource(sections: { name: string; align: number; notes: RawNote[] }[]): string {
  return (
    sections
      .map(
        (s) =>
          `.section ${s.name},"a",@note\n.p2align ${Math.log2(s.align)}\n${s.notes.map((n) => noteAsm(n, s.align)).join('\n')}`,
      )
      .join('\n') + '\n'
  );
}
const isaVersion = (
  vendor: string,
  arch: string,
  major: number,
  minor: number,
  stepping: number,
): number[] => [
  ...u16(vendor.length + 1, arch.length + 1),
  ...u32(major, minor, stepping),
  ...bytesOf(vendor),
  0,
  ...bytesOf(arch),
  0,
];
const v2Yaml = `---\nVersion: [ 1, 0 ]\nKernels:\n  - Name: vadd\n    SymbolName: 'vadd@kd'\n    Args:\n      - Size: 8\n        Align: 8\n        ValueKind: GlobalBuffer\n...\n`;
const RAW: Record<string, string> = {
  'raw-v2': rawSource([
    {
      name: '.note',
      align: 4,
      notes: [
        { name: 'AMD', type: 1, desc: u32(2, 1) },
        { name: 'AMD', type: 2, desc: [...u32(1, 0), 1, 0, 2, 0] },
        { name: 'AMD', type: 3, desc: isaVersion('AMD', 'AMDGPU', 9, 0, 0) },
        { name: 'AMD', type: 10, desc: [...bytesOf(v2Yaml), 0] },
        { name: 'AMD', type: 11, desc: bytesOf('amdgcn-amd-amdhsa--gfx900+xnack') },
        { name: 'AMD', type: 12, desc: u32(0x2c0a, 0x10, 0x2c0b, 0xdeadbeef) },
      ],
    },
  ]),
  'raw-v2-invalid': rawSource([
    {
      name: '.note',
      align: 4,
      notes: [
        { name: 'AMD', type: 1, desc: u32(2) },
        { name: 'AMD', type: 2, desc: u32(1, 0) },
        { name: 'AMD', type: 3, desc: [...u16(0, 7), ...u32(9, 0, 6), ...bytesOf('AMDGPU'), 0] },
        { name: 'AMD', type: 3, desc: u32(1, 2) },
        { name: 'AMD', type: 10, desc: [] },
        { name: 'AMD', type: 11, desc: [] },
        { name: 'AMD', type: 12, desc: u32(1, 2, 3) },
        { name: 'AMD', type: 99, desc: [1, 2, 3] },
      ],
    },
  ]),
  'raw-owners': rawSource([
    {
      name: '.note.first',
      align: 4,
      notes: [
        { name: 'GNU', type: 3, desc: [0xde, 0xad, 0xbe, 0xef] },
        { name: 'Vendor', type: 1, desc: bytesOf('abc') },
        { name: '', type: 7, desc: [] },
        { name: 'AMDGPU', type: 33, desc: [0x90] },
      ],
    },
    {
      name: '.note.aligned8',
      align: 8,
      notes: [
        {
          name: 'AMDGPU',
          type: 32,
          desc: [...writeMsgpack({ 'amdhsa.version': [1, 2], 'amdhsa.kernels': [] })],
        },
        { name: 'AMD', type: 1, desc: u32(2, 0) },
      ],
    },
  ]),
  'raw-metadata-odd': rawSource([
    {
      name: '.note',
      align: 4,
      notes: [
        // Verifier failures: readelf prints "Invalid AMDGPU Metadata" before the YAML.
        { name: 'AMDGPU', type: 32, desc: [...writeMsgpack({ 'amdhsa.version': [1] })] },
        {
          name: 'AMDGPU',
          type: 32,
          desc: [
            ...writeMsgpack({
              'amdhsa.version': [1, 2],
              'amdhsa.kernels': [{ '.name': 'k', '.symbol': 'k.kd', '.args': [{ '.size': 'eight' }] }],
            }),
          ],
        },
        // Not HSA metadata (no "amdhsa."): printed unverified.
        { name: 'AMDGPU', type: 32, desc: [...writeMsgpack({ 'amdpal.pipelines': [{ '.hash': [1, 2] }] })] },
        // A root array, a truncated map, trailing bytes after the document, a scalar root. (A bin value is
        // left out: llvm-readelf-22 reads it and then crashes printing it.)
        { name: 'AMDGPU', type: 32, desc: [...writeMsgpack([1, 'two', [true, null]])] },
        { name: 'AMDGPU', type: 32, desc: [0x82, 0xa1, 0x61, 0x01] },
        { name: 'AMDGPU', type: 32, desc: [0x81, 0xa1, 0x61, 0x01, 0xff, 0xff] },
        { name: 'AMDGPU', type: 32, desc: [0x05] },
        { name: 'AMDGPU', type: 32, desc: [] },
      ],
    },
  ]),
};

// ---- compiled kernels ----

const CL: [gpu: string, cov: number, opt: string, link: boolean][] = [
  ['gfx803', 4, '-O2', false],
  ['gfx900', 5, '-O2', false],
  ['gfx906', 5, '-O0', false],
  ['gfx908', 4, '-O2', true],
  ['gfx908', 5, '-O2', true],
  ['gfx908', 6, '-O2', false],
  ['gfx90a', 5, '-O2', false],
  ['gfx942', 6, '-O2', true],
];
const HIP: [gpu: string, opt: string][] = [
  ['gfx90a', '-O2'],
  ['gfx942', '-O0'],
];

function build(): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const cl = join(fx, 'src', 'kinds.cl');
  for (const [gpu, cov, opt, link] of CL) {
    const o = join(tmp, `kinds.${gpu}.cov${cov}${opt}.o`);
    run('clang-22', [
      ...['-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', `-mcpu=${gpu}`, opt],
      ...[`-mcode-object-version=${cov}`, '-nogpulib', '-w', '-c', cl, '-o', o],
    ]);
    out.set(basename(o), readFileSync(o));
    if (link) {
      // kinds.cl calls library builtins; linked.cl links without device libraries.
      const lo = join(tmp, `linked.${gpu}.cov${cov}${opt}.o`);
      run('clang-22', [
        ...['-x', 'cl', '-cl-std=CL2.0', '-target', 'amdgcn-amd-amdhsa', `-mcpu=${gpu}`, opt],
        ...[`-mcode-object-version=${cov}`, '-nogpulib', '-w', '-c', join(fx, 'src', 'linked.cl'), '-o', lo],
      ]);
      const so = lo.replace(/\.o$/, '.hsaco');
      run('ld.lld-22', ['-shared', lo, '-o', so]);
      out.set(basename(so), readFileSync(so));
    }
  }
  for (const [gpu, opt] of HIP) {
    const so = join(tmp, `args.hip.${gpu}${opt}.hsaco`);
    run('clang-22', [
      ...['-x', 'hip', `--offload-arch=${gpu}`, '-nogpuinc', '-nogpulib', '--cuda-device-only'],
      ...['--no-gpu-bundle-output', opt, '-w', join(fx, 'src', 'args.hip'), '-o', so],
    ]);
    out.set(basename(so), readFileSync(so));
  }
  for (const [name, src] of Object.entries(RAW)) writeFileSync(join(fx, 'asm', `${name}.s`), src);
  for (const f of readdirSync(join(fx, 'asm')).sort()) {
    const src = join(fx, 'asm', f);
    const target = /\.amdgcn_target\s+"amdgcn-amd-amdhsa--(gfx\w+)/.exec(readFileSync(src, 'utf8'));
    const o = join(tmp, f.replace(/\.s$/, '.o'));
    run('llvm-mc-22', [
      '-triple=amdgcn-amd-amdhsa',
      `-mcpu=${target ? target[1] : 'gfx900'}`,
      '-filetype=obj',
      src,
      '-o',
      o,
    ]);
    out.set(basename(o), readFileSync(o));
  }
  return out;
}

try {
  const objDir = join(fx, 'obj');
  rmSync(objDir, { recursive: true, force: true });
  mkdirSync(objDir, { recursive: true });
  const built = build();
  const readelf: Record<string, string> = {};
  for (const [name, bytes] of built) {
    writeFileSync(join(objDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
    const tmpFile = join(tmp, name);
    readelf[`test/fixtures/notes/obj/${name}.gz`] = run('llvm-readelf-22', ['--notes', tmpFile]);
  }
  for (const f of readdirSync(corpus).sort()) {
    if (!/\.(hsaco|o)$/.test(f)) continue;
    readelf[`test/corpus/obj/${f}`] = run('llvm-readelf-22', ['--notes', join(corpus, f)]);
  }
  writeFileSync(join(fx, 'readelf.json.gz'), gzipSync(JSON.stringify(readelf), { level: 9 }));
  console.log(`${built.size} objects built, ${Object.keys(readelf).length} readelf outputs recorded`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
