// Note records and AMDGPU metadata against llvm-readelf-22 and llvm-mc-22 output recorded by
// scripts/gen-notes-fixtures.ts: parse/encode round trips, readelf's YAML and note text, the assembler's
// YAML typing, and one-line ElfErrors for corrupt input.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ElfError } from '../src/elf/errors.js';
import {
  decodeMetadata,
  encodeMetadata,
  type MetadataMap,
  MsgpackError,
  readMsgpack,
  verifyMetadata,
} from '../src/elf/metadata.js';
import { metadataFromYaml, metadataToYaml } from '../src/elf/metadata-yaml.js';
import { encodeNotes, NT_AMDGPU_METADATA, noteTypeName, parseNotes } from '../src/elf/notes.js';
import { formatNotesLikeReadelf } from '../src/elf/notes-readelf.js';
import { ElfFile } from '../src/elf/reader.js';
import { SHT_NOTE } from '../src/elf/types.js';

const root = join(import.meta.dirname, '..');
const fx = join(root, 'test', 'fixtures', 'notes');
const readelf: Record<string, string> = JSON.parse(
  gunzipSync(readFileSync(join(fx, 'readelf.json.gz'))).toString('utf8'),
);
const load = (rel: string): Uint8Array => {
  const b = readFileSync(join(root, rel));
  return new Uint8Array(rel.endsWith('.gz') ? gunzipSync(b) : b);
};
const files = Object.keys(readelf).sort();
const noteSections = (elf: ElfFile) => elf.sections.filter((s) => s.type === SHT_NOTE);
const alignOf = (a: number): 4 | 8 => (a === 8 ? 8 : 4);
/** readelf's YAML for the metadata note at `index` among the file's AMDGPU metadata notes. */
function readelfYaml(text: string): string[] {
  return [...text.matchAll(/ {4}AMDGPU Metadata:\n {8}(---\n[\s\S]*?\n\.\.\.\n)/g)].map((m) => m[1]);
}

test('fixture set covers the corpus and the built objects', () => {
  assert.ok(files.filter((f) => f.startsWith('test/corpus/')).length >= 75);
  assert.ok(files.filter((f) => f.startsWith('test/fixtures/notes/obj/')).length >= 15);
});

test('parseNotes and encodeNotes round-trip every note section byte for byte', () => {
  let sections = 0;
  for (const f of files) {
    const bytes = load(f);
    const elf = ElfFile.parse(bytes, f);
    for (const s of noteSections(elf)) {
      const notes = parseNotes(bytes, s.offset, s.size, alignOf(s.addralign), f);
      assert.deepEqual(encodeNotes(notes, alignOf(s.addralign)), elf.contents(s), `${f} ${s.name}`);
      sections++;
    }
  }
  assert.ok(sections >= 80, `${sections} note sections`);
});

test('metadata: decode/encode, readelf YAML, and YAML back to the same bytes', (t) => {
  let checked = 0;
  for (const f of files) {
    const bytes = load(f);
    const elf = ElfFile.parse(bytes, f);
    const yamls = readelfYaml(readelf[f]);
    let k = 0;
    for (const s of noteSections(elf)) {
      for (const n of parseNotes(bytes, s.offset, s.size, alignOf(s.addralign), f)) {
        if (n.name !== 'AMDGPU' || n.type !== NT_AMDGPU_METADATA) continue;
        let doc: ReturnType<typeof readMsgpack>;
        try {
          doc = readMsgpack(n.desc);
        } catch (e) {
          assert.ok(e instanceof MsgpackError);
          continue; // readelf dumps such a note as bytes; the text comparison covers it.
        }
        const yamlText = yamls[k++];
        if (doc.end !== n.desc.length || verifyMetadata(doc.value)) {
          assert.throws(() => decodeMetadata(n.desc, f), ElfError);
          continue;
        }
        const md = decodeMetadata(n.desc, f);
        assert.deepEqual(encodeMetadata(md), n.desc, `${f}: encodeMetadata`);
        assert.equal(metadataToYaml(md), yamlText, `${f}: metadataToYaml`);
        assert.deepEqual(encodeMetadata(metadataFromYaml(yamlText, f)), n.desc, `${f}: metadataFromYaml`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 75, `${checked} metadata notes checked`);
  t.diagnostic(`${checked} metadata notes round-tripped`);
});

test('formatNotesLikeReadelf matches llvm-readelf-22 --notes for every fixture', () => {
  const bad = files.filter((f) => formatNotesLikeReadelf(ElfFile.parse(load(f), f)) !== readelf[f]);
  assert.deepEqual(bad, []);
});

test('metadataFromYaml gives the bytes llvm-mc-22 assembled from each .amdgpu_metadata block', () => {
  const asm = readdirSync(join(fx, 'asm')).filter((f) => f.startsWith('yaml-'));
  assert.ok(asm.length >= 3);
  for (const f of asm) {
    const src = readFileSync(join(fx, 'asm', f), 'utf8');
    const yaml = /\.amdgpu_metadata\n([\s\S]*?)\.end_amdgpu_metadata/.exec(src)![1];
    const rel = `test/fixtures/notes/obj/${f.replace(/\.s$/, '.o')}.gz`;
    const bytes = load(rel);
    const elf = ElfFile.parse(bytes, rel);
    const s = noteSections(elf)[0];
    const note = parseNotes(bytes, s.offset, s.size, 4, rel).find((n) => n.type === NT_AMDGPU_METADATA)!;
    assert.deepEqual(encodeMetadata(metadataFromYaml(yaml, f)), note.desc, f);
  }
});

test('noteTypeName gives readelf names', () => {
  assert.equal(noteTypeName('AMDGPU', 32), 'NT_AMDGPU_METADATA (AMDGPU Metadata)');
  assert.equal(noteTypeName('AMD', 3), 'NT_AMD_HSA_ISA_VERSION (AMD HSA ISA Version)');
  assert.equal(noteTypeName('AMDGPU', 33), 'Unknown note type: (0x00000021)');
  assert.equal(noteTypeName('Other', 1), 'NT_VERSION (version)');
});

// ---- corrupt input ----

const oneLine = (fn: () => unknown, re: RegExp): void => {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof ElfError, String(e));
    assert.ok(!e.message.includes('\n'), e.message);
    assert.match(e.message, re);
    return true;
  });
};
const note = (namesz: number, descsz: number, type: number, rest: number[]): Uint8Array => {
  const h = new DataView(new ArrayBuffer(12));
  h.setUint32(0, namesz, true);
  h.setUint32(4, descsz, true);
  h.setUint32(8, type, true);
  return Uint8Array.from([...new Uint8Array(h.buffer), ...rest]);
};

test('malformed notes give one-line ElfErrors naming the note and field', () => {
  const good = note(7, 4, 32, [...Buffer.from('AMDGPU\0'), 0, 0x80, 0, 0, 0]);
  assert.equal(parseNotes(good, 0, good.length, 4, 'f').length, 1);
  oneLine(() => parseNotes(good, 0, 8, 4, 'f'), /^f: note 0 \(at 0x0\) header: needs 12 bytes/);
  oneLine(() => parseNotes(good, 0, good.length - 4, 4, 'f'), /note 0 .* n_descsz: 4 overflows/);
  const hugeName = note(0xffffffff, 0, 1, []);
  oneLine(() => parseNotes(hugeName, 0, hugeName.length, 4, 'f'), /n_namesz: 4294967295 overflows/);
  const hugeDesc = note(0, 0xfffffff0, 1, []);
  oneLine(() => parseNotes(hugeDesc, 0, hugeDesc.length, 4, 'f'), /n_descsz: 4294967280 overflows/);
  const unterminated = note(3, 0, 1, [0x41, 0x4d, 0x44, 0]);
  oneLine(() => parseNotes(unterminated, 0, unterminated.length, 4, 'f'), /n_name: is not NUL-terminated/);
  oneLine(() => parseNotes(good, 4, good.length, 4, 'f'), /extends beyond the end of the file/);
  const two = Uint8Array.from([...good, ...note(0, 0, 1, []).subarray(0, 6)]);
  oneLine(() => parseNotes(two, 0, two.length, 4, 'f'), /^f: note 1 \(at 0x18\) header/);
});

test('bad msgpack and wrong shapes give one-line ElfErrors naming the key path', () => {
  const md = decodeMetadata(firstMetadata(), 'f');
  const doc = JSON.parse(JSON.stringify(md));
  doc.kernels[0].args[2].size = 'eight';
  const bytes = encodeMetadata(doc);
  oneLine(
    () => decodeMetadata(bytes, 'f'),
    /^f: amdhsa\.kernels\[0\]\.args\[2\]\.size: expected an integer$/,
  );
  const good = encodeMetadata(md);
  oneLine(() => decodeMetadata(good.subarray(0, good.length - 3), 'f'), /truncated/);
  oneLine(() => decodeMetadata(Uint8Array.from([...good, 0]), 'f'), /1 bytes follow the msgpack document/);
  oneLine(
    () => decodeMetadata(Uint8Array.from([0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2]), 'f'),
    /a: duplicate key/,
  );
  oneLine(() => decodeMetadata(Uint8Array.from([0x81, 0x01, 0x01]), 'f'), /map key 0 is not a string/);
  oneLine(() => decodeMetadata(Uint8Array.from([0x81, 0xa1, 0x61, 0xc1]), 'f'), /type byte 0xc1/);
  oneLine(() => decodeMetadata(Uint8Array.from([0xdd, 0xff, 0xff, 0xff, 0xff]), 'f'), /overruns/);
  oneLine(() => decodeMetadata(new Uint8Array(5000).fill(0x91), 'f'), /nested deeper/);
  oneLine(() => decodeMetadata(Uint8Array.from([0x81, 0xa1, 0xff, 0x01]), 'f'), /UTF-8/);
  oneLine(() => decodeMetadata(Uint8Array.from([0x80]), 'f'), /amdhsa\.version: is required/);
  oneLine(
    () => metadataFromYaml('amdhsa.version: [1, 0]\namdhsa.kernels: [ { .name: 5 } ]\n', 'y'),
    /\.name: expected a string/,
  );
  oneLine(() => metadataFromYaml('amdhsa.version: !int x\n', 'y'), /invalid number/);
  oneLine(() => metadataFromYaml('a: [1\n', 'y'), /^y: YAML: /);
});

test('msgpack errors name the key path of the value being read', () => {
  const message = (bytes: number[]): string => {
    try {
      readMsgpack(Uint8Array.from(bytes));
    } catch (e) {
      assert.ok(e instanceof MsgpackError);
      return e.message;
    }
    return 'no error';
  };
  const k = 0x6b;
  // {k: [{a: 1, a: 2}]}
  assert.equal(message([0x81, 0xa1, k, 0x91, 0x82, 0xa1, 0x61, 1, 0xa1, 0x61, 2]), 'k[0].a: duplicate key');
  // {k: [5, {1: 1}]}
  assert.equal(message([0x81, 0xa1, k, 0x92, 5, 0x81, 1, 1]), 'k[1]: map key 0 is not a string');
  // {k: {<a key of 5 bytes, 1 there>}}
  assert.equal(
    message([0x81, 0xa1, k, 0x81, 0xa5, 0x61]),
    'k{key 0}: truncated: 5 bytes needed at offset 5, blob is 6',
  );
  // {.a: [<reserved>]}, {k: {.b: <reserved>}}: a key starting with a dot is appended without another
  assert.equal(
    message([0x81, 0xa2, 0x2e, 0x61, 0x91, 0xc1]),
    '.a[0]: msgpack type byte 0xc1 at offset 5 is not supported',
  );
  assert.equal(
    message([0x81, 0xa1, k, 0x81, 0xa2, 0x2e, 0x62, 0xc1]),
    'k.b: msgpack type byte 0xc1 at offset 7 is not supported',
  );
  assert.equal(message([0xc1]), '<root>: msgpack type byte 0xc1 at offset 0 is not supported');
  // [{k: 1}, {k: 3}, {__proto__: 2}]: a key met again reads the same; __proto__ is an own key like others.
  const r = readMsgpack(
    Uint8Array.from([0x93, 0x81, 0xa1, k, 1, 0x81, 0xa1, k, 3, 0x81, 0xa9, ...Buffer.from('__proto__'), 2]),
  ).value as MetadataMap[];
  assert.equal(JSON.stringify(r), '[{"k":1},{"k":3},{"__proto__":2}]');
  assert.equal(Object.getPrototypeOf(r[2]), Object.prototype);
});

function firstMetadata(): Uint8Array {
  const rel = 'test/corpus/obj/vadd.gfx908.O3.hsaco';
  const bytes = load(rel);
  const elf = ElfFile.parse(bytes, rel);
  const s = noteSections(elf)[0];
  return parseNotes(bytes, s.offset, s.size, 4, rel)[0].desc;
}
