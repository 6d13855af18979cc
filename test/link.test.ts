// The linker against ld.lld-22 (hermetic: committed inputs and ld.lld outputs from test/co-corpus/link):
// every case must come out byte-identical, and bad inputs must give one-line ElfErrors.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ElfError } from '../src/elf/errors.js';
import { linkShared } from '../src/elf/link.js';
import { ElfFile } from '../src/elf/reader.js';
import { SHT_RELA } from '../src/elf/types.js';
import { corpusDir, linkCases } from './co-corpus/corpus.js';
import { gcnkitArgv } from './helpers/cli.js';
import { firstDifference, linkerComment } from './link-check.js';

const cases = linkCases();

test('link: every co-corpus case is byte-identical to ld.lld-22 -shared', (t) => {
  assert.ok(cases.length >= 9, `${cases.length} link cases`);
  const identical: string[] = [];
  for (const c of cases) {
    assert.deepEqual(c.args, ['-shared'], `${c.name}: only -shared links are modelled`);
    const want = new Uint8Array(c.output.bytes);
    const inputs = c.inputs.map((f) => ElfFile.parse(f.bytes, f.name));
    const got = linkShared(inputs, { comment: linkerComment(ElfFile.parse(want, c.output.name)) });
    assert.equal(firstDifference(want, got), '', `${c.name}: ${c.command}`);
    identical.push(c.name);
  }
  t.diagnostic(`${identical.length}/${cases.length} byte-identical: ${identical.join(', ')}`);
});

const read = (rel: string) => ElfFile.parse(new Uint8Array(readFileSync(join(corpusDir, rel))), rel);

function linkError(inputs: ElfFile[], pattern: RegExp, options = {}): void {
  assert.throws(
    () => linkShared(inputs, options),
    (e: unknown) => {
      assert.ok(e instanceof ElfError, `not an ElfError: ${String(e)}`);
      assert.ok(!e.message.includes('\n'), `multi-line: ${e.message}`);
      assert.match(e.message, pattern);
      return true;
    },
  );
}

test('link errors: processors, duplicates, undefined symbols', () => {
  const a = read('link/two_a.o');
  const b = read('link/two_b.o');
  linkError(
    [a, read('link/xnack_v6.o')],
    /^link\/xnack_v6\.o: e_flags: 0x[0-9a-f]+ .* differs from 0x530 in link\/two_a\.o$/,
  );
  linkError(
    [a, read('link/two_a.o')],
    /^link\/two_a\.o: .*symbol \d+ \(shared_step\): duplicate symbol: also defined in link\/two_a\.o$/,
  );
  // Without two_a.o, shared_step is an undefined default-visibility symbol: lld refuses pc-relative use.
  linkError(
    [b],
    /^link\/two_b\.o: .*\(\.text\+0x[0-9a-f]+\): R_AMDGPU_REL32_LO cannot be used against preemptible symbol 'stride_bytes'; recompile with -fPIC$/,
  );
  linkError([read('link/ptr_table.o')], /undefined symbol: ext_buffer$/, { noUndefined: true });
  linkError([], /no input files/);
  linkError([read('link/pcrel_data.hsaco')], /e_type: 3 is not ET_REL/);
});

test('link errors: an undefined hidden symbol and an unsupported relocation type', () => {
  // Make two_b.o's reference to stride_bytes hidden: alone, lld says "undefined hidden symbol".
  const b = new Uint8Array(readFileSync(join(corpusDir, 'link/two_b.o')));
  const elf = ElfFile.parse(b, 'two_b.o');
  const symtab = elf.sectionOfType(2)!;
  const step = elf.symbols(symtab).find((s) => s.name === 'stride_bytes')!;
  const hidden = b.slice();
  hidden[symtab.offset + step.index * 24 + 5] = 2;
  const a = read('link/two_a.o');
  linkError(
    [ElfFile.parse(hidden, 'two_b.o')],
    /^two_b\.o: .*offset 0x[0-9a-f]+ \(\.text\+0x[0-9a-f]+\): undefined hidden symbol: stride_bytes$/,
  );
  // Same input linked after two_a.o, which defines it: fine.
  assert.ok(linkShared([a, ElfFile.parse(hidden, 'two_b.o')]).length > 0);
  // Rewrite the first relocation of .rela.text to type 12, which AMDGPU does not define.
  const rela = elf.sections.find((s) => s.type === SHT_RELA && s.name === '.rela.text')!;
  const bad = b.slice();
  bad[rela.offset + 8] = 12;
  const off = elf.relocations(rela)[0].offset;
  linkError(
    [ElfFile.parse(bad, 'two_b.o'), a],
    new RegExp(
      `^two_b\\.o: section ${rela.index} \\(\\.rela\\.text\\) offset 0x${off.toString(16)} \\(\\.text\\+0x${off.toString(16)}\\): unsupported relocation type 12 `,
    ),
  );
});

test('gcnkit link: the command writes ld.lld-22 bytes; errors are one line', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-link-'));
  const cli = (...a: string[]) =>
    spawnSync(process.execPath, gcnkitArgv('link', ...a), {
      encoding: 'utf8',
    });
  try {
    const c = cases.find((x) => x.inputs.length === 2)!;
    const out = join(dir, 'out.hsaco');
    const r = cli('-o', out, ...c.inputs.map((f) => f.path));
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(readFileSync(out), c.output.bytes);
    const bad = cli('-o', out, c.output.path);
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr.trimEnd().split('\n').length, 1, bad.stderr);
    assert.match(bad.stderr, /^gcnkit: .*ET_REL|relocatable/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
