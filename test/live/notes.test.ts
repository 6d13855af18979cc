// Live against LLVM 22 (GCNKIT_LIVE=1 and the tools installed): assembles .amdgpu_metadata blocks with
// llvm-mc-22 and compares the note with metadataFromYaml + encodeMetadata, and llvm-readelf-22 --notes with
// formatNotesLikeReadelf.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { encodeMetadata } from '../../src/elf/metadata.js';
import { metadataFromYaml } from '../../src/elf/metadata-yaml.js';
import { NT_AMDGPU_METADATA, parseNotes } from '../../src/elf/notes.js';
import { formatNotesLikeReadelf } from '../../src/elf/notes-readelf.js';
import { ElfFile } from '../../src/elf/reader.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['llvm-mc-22', 'llvm-readelf-22'].every(have);
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-notes-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function check(name: string, gpu: string, cov: number, yaml: string): void {
  const src = join(tmp, `${name}.s`);
  const obj = join(tmp, `${name}.o`);
  const block = `.amdgcn_target "amdgcn-amd-amdhsa--${gpu}"\n.amdhsa_code_object_version ${cov}\n.amdgpu_metadata\n${yaml}.end_amdgpu_metadata\n`;
  writeFileSync(src, block);
  run('llvm-mc-22', ['-triple=amdgcn-amd-amdhsa', `-mcpu=${gpu}`, '-filetype=obj', src, '-o', obj]);
  const bytes = new Uint8Array(readFileSync(obj));
  const elf = ElfFile.parse(bytes, obj);
  const sec = elf.sections.find((s) => s.name === '.note')!;
  const note = parseNotes(bytes, sec.offset, sec.size, 4, obj).find((n) => n.type === NT_AMDGPU_METADATA)!;
  assert.deepEqual(encodeMetadata(metadataFromYaml(yaml, name)), note.desc, `${name}: note bytes`);
  assert.equal(
    formatNotesLikeReadelf(elf),
    run('llvm-readelf-22', ['--notes', obj]),
    `${name}: readelf text`,
  );
}

const kernel = (extra: string) => `---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 8
    .vgpr_count: 4
    .max_flat_workgroup_size: 1024
${extra}...
`;

test('live: .amdgpu_metadata blocks assembled by llvm-mc-22', { skip: !live }, () => {
  check('plain', 'gfx908', 5, kernel(''));
  check(
    'scalars',
    'gfx90a',
    5,
    kernel(`    .x: [ '', "0x10", !str true, -7, 1.25, 1e-40, "tab\\there", 'it''s', !float 2 ]\n`),
  );
  check(
    'coerce',
    'gfx942',
    6,
    kernel(
      `    .args:\n      - { .size: !str 8, .offset: !str 0x0, .value_kind: global_buffer, .is_const: !str true }\n`,
    ),
  );
  check('nested', 'gfx900', 4, kernel(`    .n: [ [ 1, [ 2 ] ], { a: [] }, [] ]\n`));
  const fixtures = join(import.meta.dirname, '..', 'fixtures', 'notes', 'asm');
  for (const f of readdirSync(fixtures).filter((n) => n.startsWith('yaml-'))) {
    const text = readFileSync(join(fixtures, f), 'utf8');
    const gpu = /amdhsa--(gfx\w+)/.exec(text)![1];
    const cov = Number(/\.amdhsa_code_object_version (\d)/.exec(text)![1]);
    check(
      f.replace(/\.s$/, ''),
      gpu,
      cov,
      /\.amdgpu_metadata\n([\s\S]*?)\.end_amdgpu_metadata/.exec(text)![1],
    );
  }
});
