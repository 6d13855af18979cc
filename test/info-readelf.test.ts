// `gcnkit info --json` against llvm-readelf-22 (-h -l -S --symbols --dyn-symbols --notes -r -d, JSON
// style, recorded by scripts/build-co-corpus.sh) on every field both report, for every object of the
// code-object corpus and every input and output of its link cases.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareWithReadelf } from '../scripts/lib/readelf-compare.js';
import { codeObjectInfo } from '../src/elf/info.js';
import { decodeMetadata } from '../src/elf/metadata.js';
import { metadataToYaml } from '../src/elf/metadata-yaml.js';
import { parseNotes } from '../src/elf/notes.js';
import { ElfFile } from '../src/elf/reader.js';
import { SHT_NOTE } from '../src/elf/types.js';
import { type CorpusFile, corpusFiles, linkCases } from './co-corpus/corpus.js';

const infoOf = (bytes: Uint8Array, name: string) => codeObjectInfo(ElfFile.parse(bytes, name));

/** The metadata YAML of each note, in file order, computed apart from `info` from the note bytes. */
function noteYaml(bytes: Uint8Array, name: string): (i: number) => string | undefined {
  const elf = ElfFile.parse(bytes, name);
  const notes = elf.sections
    .filter((s) => s.type === SHT_NOTE)
    .flatMap((s) => parseNotes(elf.bytes, s.offset, s.size, s.addralign === 8 ? 8 : 4, name));
  return (i) => {
    const n = notes[i];
    return n && n.name === 'AMDGPU' && n.type === 32
      ? metadataToYaml(decodeMetadata(n.desc, name))
      : undefined;
  };
}

function check(f: CorpusFile): { fields: number; problems: string[] } {
  const info = infoOf(f.bytes, f.name);
  const [re] = f.readelfJson() as unknown[];
  return compareWithReadelf(info, re, noteYaml(f.bytes, f.name));
}

const objects = corpusFiles();
const links = linkCases();
const seen = new Set<string>();
const linkFiles = links
  .flatMap((c) => [...c.inputs, c.output])
  .filter((f) => !seen.has(f.path) && seen.add(f.path));

test(`corpus: ${objects.length} objects agree with llvm-readelf-22`, (t) => {
  assert.ok(objects.length >= 30, `corpus has ${objects.length} objects`);
  let fields = 0;
  const bad: string[] = [];
  for (const f of objects) {
    const r = check(f);
    fields += r.fields;
    for (const p of r.problems.slice(0, 5)) bad.push(`${f.name}: ${p}`);
  }
  t.diagnostic(`${fields} fields compared`);
  assert.deepEqual(bad, []);
  assert.ok(fields > objects.length * 100, `compared only ${fields} fields`);
});

test(`link cases: ${linkFiles.length} inputs and outputs agree with llvm-readelf-22`, (t) => {
  const bad: string[] = [];
  let fields = 0;
  for (const f of linkFiles) {
    const r = check(f);
    fields += r.fields;
    for (const p of r.problems.slice(0, 5)) bad.push(`${f.name}: ${p}`);
  }
  t.diagnostic(`${fields} fields compared`);
  assert.deepEqual(bad, []);
});

test('info reports every kernel of the metadata with its descriptor', () => {
  let kernels = 0;
  for (const f of objects) {
    const info = infoOf(f.bytes, f.name);
    const mdKernels = info.notes.flatMap((n) => {
      const md = (n as { metadata?: { 'amdhsa.kernels'?: unknown[] } }).metadata;
      return md?.['amdhsa.kernels'] ?? [];
    });
    assert.equal(info.kernels.length, mdKernels.length, f.name);
    for (const k of info.kernels) {
      const d = k.descriptor as { kernargSize: number; fields: Record<string, unknown> };
      assert.equal(d.kernargSize, k.metadata['.kernarg_segment_size'], `${f.name} ${k.name} kernarg size`);
      assert.ok('granulated_workitem_vgpr_count' in d.fields, `${f.name} ${k.name} fields`);
      kernels++;
    }
  }
  assert.ok(kernels >= 60, `only ${kernels} kernels`);
});

test('a disagreement is reported (the comparison can fail)', () => {
  const f = objects.find((o) => o.kind === 'dyn')!;
  const info = infoOf(f.bytes, f.name);
  const [re] = f.readelfJson() as [Record<string, Record<string, unknown>>];
  const broken = structuredClone(re);
  broken.ElfHeader.SectionHeaderOffset = 12345;
  const r = compareWithReadelf(info, broken, noteYaml(f.bytes, f.name));
  assert.equal(r.problems.length, 1);
  assert.match(r.problems[0], /SectionHeaderOffset/);
});
