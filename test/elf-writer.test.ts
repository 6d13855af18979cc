// The ELF writer: every committed code object survives read → write byte for byte and read → write → read
// with equal fields; fresh images (relocatable objects, string tables) read back as built.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ElfError } from '../src/elf/errors.js';
import { ElfFile } from '../src/elf/reader.js';
import { AppendStringTable, tailMergedStringTable } from '../src/elf/strtab.js';
import {
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_NOBITS,
  SHT_PROGBITS,
  SHT_STRTAB,
  SHT_SYMTAB,
} from '../src/elf/types.js';
import { imageFromFile, writeElf, writeRelocatable } from '../src/elf/writer.js';

const dirs = ['corpus/obj', 'co-corpus/obj', 'co-corpus/link'].map((d) => join(import.meta.dirname, d));
const files = dirs
  .filter((d) => existsSync(d))
  .flatMap((d) =>
    readdirSync(d)
      .filter((f) => /\.(o|hsaco|so)$/.test(f))
      .sort()
      .map((f) => join(d, f)),
  );

function sameElf(a: ElfFile, b: ElfFile, name: string): void {
  assert.deepEqual(b.header, a.header, `${name}: header`);
  assert.deepEqual(b.sections, a.sections, `${name}: sections`);
  assert.deepEqual(b.segments, a.segments, `${name}: segments`);
  for (const s of a.sections) {
    assert.deepEqual(b.contents(b.sections[s.index]), a.contents(s), `${name}: ${s.name} contents`);
    if (s.type === SHT_SYMTAB || s.type === 11)
      assert.deepEqual(b.symbols(b.sections[s.index]), a.symbols(s), `${name}: ${s.name} symbols`);
    if (s.type === 4)
      assert.deepEqual(b.relocations(b.sections[s.index]), a.relocations(s), `${name}: ${s.name} relocs`);
  }
  assert.deepEqual(b.dynamic(), a.dynamic(), `${name}: dynamic`);
}

test('round trip: every corpus object is rewritten byte-identical', (t) => {
  assert.ok(files.length >= 75, `corpus has ${files.length} objects`);
  let identical = 0;
  for (const f of files) {
    const bytes = new Uint8Array(readFileSync(f));
    const elf = ElfFile.parse(bytes, f);
    const out = writeElf(imageFromFile(elf));
    assert.equal(out.length, bytes.length, `${f}: size`);
    assert.ok(Buffer.from(out).equals(Buffer.from(bytes)), `${f}: bytes differ`);
    sameElf(elf, ElfFile.parse(out, f), f);
    identical++;
  }
  t.diagnostic(`${identical}/${files.length} byte-identical`);
});

test('round trip keeps non-zero bytes between structures, and edits change the output', () => {
  const f = files.find((x) => x.endsWith('.hsaco'))!;
  const bytes = new Uint8Array(readFileSync(f));
  const elf = ElfFile.parse(bytes, f);
  // Fill the first zero gap between two sections' contents (ld.lld leaves page-alignment gaps).
  const ranges = elf.sections
    .filter((s) => s.index > 0 && s.type !== SHT_NOBITS && s.size > 0)
    .map((s) => [s.offset, s.offset + s.size])
    .sort((a, b) => a[0] - b[0]);
  const k = ranges.findIndex((r, i) => i > 0 && r[0] > ranges[i - 1][1]);
  assert.ok(k > 0, 'need a gap');
  const [gapStart, gapEnd] = [ranges[k - 1][1], ranges[k][0]];
  const patched = bytes.slice();
  patched.fill(0xbf, gapStart, gapEnd);
  const img = imageFromFile(ElfFile.parse(patched, f));
  assert.equal(img.fill.length, 1);
  assert.deepEqual(writeElf(img), patched);
  img.header.flags ^= 0x100;
  assert.equal(ElfFile.parse(writeElf(img), f).header.flags, elf.header.flags ^ 0x100);
});

test('string tables: lld append order and LLVM tail merging', () => {
  const a = new AppendStringTable();
  assert.equal(a.add('.text'), 1);
  assert.equal(a.add('.hash'), 7);
  assert.equal(a.add('.text'), 13, 'symbol names are not deduplicated');
  assert.equal(a.add('.text', true), 19, 'the first deduplicated add appends');
  assert.equal(a.add('.text', true), 19);
  const m = tailMergedStringTable(['.text', '.rela.text', 'b', '.data', 'x.data', 'ab']);
  // The longer name comes first so its tail can serve the shorter one.
  assert.equal(m.offsets.get('.text'), m.offsets.get('.rela.text')! + 5);
  assert.equal(m.offsets.get('.data'), m.offsets.get('x.data')! + 1);
  assert.equal(m.offsets.get('b'), m.offsets.get('ab')! + 1);
  assert.equal(Buffer.from(m.bytes).toString('latin1'), '\0.rela.text\0ab\0x.data\0');
});

test('tail merging reproduces the shared .strtab of every llvm-mc object', () => {
  for (const f of files.filter((x) => x.endsWith('.o'))) {
    const e = ElfFile.parse(readFileSync(f), f);
    const syms = e.symbols(e.sectionOfType(SHT_SYMTAB)!).map((s) => s.name);
    const t = tailMergedStringTable([...e.sections.slice(1).map((s) => s.name), ...syms.filter(Boolean)]);
    assert.deepEqual(Buffer.from(t.bytes), Buffer.from(e.contents(e.sections[e.header.shstrndx])), f);
  }
});

test('writeRelocatable: a fresh object reads back with the layout it asked for', () => {
  const text = new Uint8Array([0x00, 0x00, 0x81, 0xbf, 0x00, 0x00, 0x80, 0xbf]);
  const data = new Uint8Array([1, 2, 3]);
  const sym = new Uint8Array(48); // null symbol + one local
  const bytes = writeRelocatable({
    osAbi: 64,
    abiVersion: 3,
    flags: 0x530,
    shstrndx: 1,
    sections: [
      { name: '.strtab', type: SHT_STRTAB, flags: 0, addralign: 1, data: new Uint8Array([0, 0x61, 0]) },
      { name: '.text', type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR, addralign: 256, data: text },
      { name: '.data', type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_WRITE, addralign: 4, data },
      { name: '.bss', type: SHT_NOBITS, flags: SHF_ALLOC | SHF_WRITE, addralign: 16, size: 100 },
      { name: '.symtab', type: SHT_SYMTAB, flags: 0, addralign: 8, entsize: 24, link: 1, info: 2, data: sym },
    ],
    order: [2, 3, 4, 5, 1],
  });
  const elf = ElfFile.parse(bytes, 'fresh.o');
  assert.equal(elf.header.type, 1);
  assert.equal(elf.header.flags, 0x530);
  assert.equal(elf.header.abiVersion, 3);
  assert.deepEqual(
    elf.sections.map((s) => [s.name, s.offset, s.size]),
    [
      ['', 0, 0],
      ['.strtab', 0x140, 0x22],
      ['.text', 0x100, 8],
      ['.data', 0x108, 3],
      ['.bss', 0x110, 100],
      ['.symtab', 0x110, 48],
    ],
  );
  assert.equal(elf.header.shoff, 0x168);
  assert.deepEqual(elf.contents(elf.sections[2]), text);
  assert.equal(elf.symbols(elf.sections[5]).length, 2);
  assert.deepEqual(writeElf(imageFromFile(elf)), bytes);
});

test('writer errors are one line', () => {
  assert.throws(
    () =>
      writeRelocatable({
        osAbi: 64,
        abiVersion: 3,
        flags: 0,
        shstrndx: 1,
        sections: [{ name: '.strtab', type: SHT_STRTAB, flags: 0, addralign: 1 }],
        order: [7],
      }),
    (e: unknown) =>
      e instanceof ElfError && !e.message.includes('\n') && /7 is not a section/.test(e.message),
  );
});
