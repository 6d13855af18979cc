// The ELF reader: fields of a real code object, and precise one-line errors (never a crash or a hang)
// for truncated, corrupted and foreign files generated on the fly from the corpus.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { objdump } from '../src/disasm/objdump.js';
import { amdgpuTargetInfo, machName } from '../src/elf/amdgpu.js';
import { ElfError } from '../src/elf/errors.js';
import { ElfFile } from '../src/elf/reader.js';
import { ET_DYN, ET_REL, SHF_EXECINSTR, SHT_SYMTAB, STT_FUNC, STT_OBJECT } from '../src/elf/types.js';
import { tier } from './helpers/tier.js';

const obj = join(import.meta.dirname, 'corpus', 'obj');
const hsaco = readFileSync(join(obj, 'vadd.gfx908.O3.hsaco'));
const reloc = readFileSync(join(obj, 'mc-labels.gfx906.o'));

/** Parses (and disassembles) `bytes`; returns the ElfError message or null on success. */
function outcome(bytes: Uint8Array, name = 'x.hsaco'): string | null {
  try {
    objdump(bytes, name);
    return null;
  } catch (e) {
    if (e instanceof ElfError) return e.message;
    throw new Error(`not an ElfError: ${e instanceof Error ? e.stack : String(e)}`);
  }
}

test('reads the header, sections and symbols of a linked code object', () => {
  const elf = ElfFile.parse(hsaco, 'vadd.hsaco');
  assert.equal(elf.header.type, ET_DYN);
  assert.equal(elf.header.machine, 224);
  const info = amdgpuTargetInfo(elf.header);
  assert.equal(info.processor, 'gfx908');
  assert.equal(info.codeObjectVersion, 5);
  const text = elf.sectionByName('.text');
  assert.ok(text && text.flags & SHF_EXECINSTR);
  assert.equal(text.addr % 256, 0);
  const symtab = elf.sectionOfType(SHT_SYMTAB);
  assert.ok(symtab);
  const syms = elf.symbols(symtab);
  const vadd = syms.find((s) => s.name === 'vadd');
  const kd = syms.find((s) => s.name === 'vadd.kd');
  assert.equal(vadd?.type, STT_FUNC);
  assert.equal(vadd?.section, text.index);
  assert.equal(vadd?.value, BigInt(text.addr));
  assert.equal(kd?.type, STT_OBJECT);
  assert.notEqual(kd?.section, text.index);
});

test('reads a relocatable object', () => {
  const elf = ElfFile.parse(reloc, 'labels.o');
  assert.equal(elf.header.type, ET_REL);
  assert.equal(amdgpuTargetInfo(elf.header).processor, 'gfx906');
  assert.deepEqual(
    elf.sections.map((s) => s.name).filter((n) => n.startsWith('.text')),
    ['.text'],
  );
});

test('e_flags: processor names and feature settings', () => {
  assert.equal(machName(0x2c), 'gfx900');
  assert.equal(machName(0x2f), 'gfx906');
  assert.equal(machName(0x30), 'gfx908');
  assert.equal(machName(0x3f), 'gfx90a');
  assert.equal(machName(0x7a), 'unknown (0x07a)');
  const h = ElfFile.parse(hsaco, 'v').header;
  const v5 = amdgpuTargetInfo({ ...h, flags: 0x30 | 0x300 | 0x800 });
  assert.equal(v5.xnack, 'on');
  assert.equal(v5.sramecc, 'off');
  const v3 = amdgpuTargetInfo({ ...h, abiVersion: 1, flags: 0x2f | 0x200 });
  assert.equal(v3.xnack, 'off');
  assert.equal(v3.sramecc, 'on');
});

test('every truncation of a code object is a one-line ElfError naming the file', () => {
  for (const src of [hsaco, reloc]) {
    for (let len = 0; len < src.length; len++) {
      const msg = outcome(src.subarray(0, len), 'cut.hsaco');
      // Section headers sit at the end of these files, so any cut must be detected.
      assert.ok(msg !== null, `truncation to ${len} bytes was accepted`);
      assert.ok(msg.startsWith('cut.hsaco: '), msg);
      assert.ok(!msg.includes('\n'), msg);
    }
  }
});

test('specific corruptions name the field', () => {
  const patch = (off: number, bytes: number[]) => {
    const b = Uint8Array.from(hsaco);
    b.set(bytes, off);
    return b;
  };
  assert.match(outcome(new TextEncoder().encode('hello world, not an ELF file at all')) ?? '', /bad magic/);
  assert.match(outcome(patch(4, [1])) ?? '', /EI_CLASS.*32-bit/);
  assert.match(outcome(patch(5, [2])) ?? '', /EI_DATA.*big-endian/);
  assert.match(outcome(patch(18, [62, 0])) ?? '', /e_machine: 62 is not EM_AMDGPU/);
  assert.match(outcome(patch(40, [0xff, 0xff, 0xff, 0])) ?? '', /e_shoff/);
  assert.match(
    outcome(patch(40, [0, 0, 0, 0, 0, 0, 0, 0x10])) ?? '',
    /e_shoff: value 0x10000000000000000?|too large/,
  );
  assert.match(outcome(patch(58, [63, 0])) ?? '', /e_shentsize/);
  assert.match(outcome(patch(62, [200, 0])) ?? '', /e_shstrndx/);
  assert.match(outcome(patch(48, [0x3f])) ?? '', /e_flags: processor gfx90a is not supported/);
  // A section name offset beyond the section-name table.
  const elf = ElfFile.parse(hsaco, 'v');
  const shdr1 = elf.header.shoff + 64;
  assert.match(outcome(patch(shdr1, [0xff, 0xff, 0, 0])) ?? '', /section header 1 sh_name: string offset/);
  // A symbol name offset beyond the string table, and a symbol in a section that does not exist.
  const symtab = elf.sectionOfType(SHT_SYMTAB)!;
  assert.match(outcome(patch(symtab.offset + 24, [0xff, 0xff, 0xff, 0])) ?? '', /symbol 1 st_name/);
  assert.match(outcome(patch(symtab.offset + 24 + 6, [0x00, 0x7f])) ?? '', /symbol 1 st_shndx/);
  // A section whose contents run past the end of the file.
  assert.match(outcome(patch(shdr1 + 32, [0, 0, 0, 0x40])) ?? '', /section header 1: contents/);
});

// Corrupted copies of each object: `npm test` 400, the slow tier 1,500.
const CORRUPTIONS = tier(400, 1500);
test('random corruption never crashes or hangs', () => {
  let seed = 12345;
  const rnd = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  for (const src of [hsaco, reloc]) {
    const elf = ElfFile.parse(src, 'v');
    // Mostly corrupt the header and the section/symbol tables, where the structure lives.
    const hot = [0, 64, elf.header.shoff, src.length - elf.header.shoff];
    for (let iter = 0; iter < CORRUPTIONS; iter++) {
      const b = Uint8Array.from(src);
      const flips = 1 + (rnd() % 4);
      for (let k = 0; k < flips; k++) {
        const r = rnd() % 3;
        const off = r === 0 ? rnd() % 64 : r === 1 ? hot[2] + (rnd() % hot[3]) : rnd() % b.length;
        b[off] = rnd() & 255;
      }
      outcome(b);
    }
    for (let iter = 0; iter < 300; iter++) {
      const b = new Uint8Array(64 + (rnd() % 2000));
      for (let k = 0; k < b.length; k++) b[k] = rnd() & 255;
      b.set(src.subarray(0, 20));
      outcome(b);
    }
  }
});
