// `gcnkit info` as a command, and the loader API the emulator uses (CodeObject).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CodeObject } from '../src/elf/code-object.js';
import { ElfError } from '../src/elf/errors.js';
import { R_AMDGPU_RELATIVE64, SHT_RELA } from '../src/elf/types.js';
import { corpusFiles, linkCases } from './co-corpus/corpus.js';
import { cli } from './helpers/cli.js';

const gcnkit = cli;

const vecops = corpusFiles().find((f) => f.name === 'vecops.gfx908.v5.O2.hsaco')!;

test('info --json: target, kernels with metadata and descriptor fields', () => {
  const r = gcnkit('info', vecops.path, '--json');
  assert.equal(r.status, 0, r.stderr);
  const info = JSON.parse(r.stdout);
  assert.equal(info.target.processor, 'gfx908');
  assert.equal(info.target.codeObjectVersion, 5);
  assert.deepEqual(
    info.kernels.map((k: { name: string }) => k.name),
    ['saxpy_mixed', 'dot4', 'clamp_u16'],
  );
  const k = info.kernels[0];
  assert.equal(k.descriptorSymbol, 'saxpy_mixed.kd');
  assert.equal(k.metadata['.kernarg_segment_size'], 336);
  assert.equal(k.descriptor.kernargSize, 336);
  assert.equal(k.descriptor.fields.enable_sgpr_kernarg_segment_ptr, 1);
  // The entry point is the kernel's function symbol.
  const fn = info.symbols.find((s: { name: string }) => s.name === 'saxpy_mixed');
  assert.equal(k.codeAddress, fn.value);
});

test('info text names the target, sections, symbols and kernel arguments', () => {
  const r = gcnkit('info', vecops.path);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^target: amdgcn-amd-amdhsa--gfx908$/m);
  assert.match(r.stdout, /^code object: v5, ET_DYN/m);
  assert.match(r.stdout, /^kernel dot4: descriptor dot4.kd at 0x1640, code at 0x2b00$/m);
  assert.match(r.stdout, /@16 +4B dynamic_shared_pointer +: float\*/);
  assert.match(r.stdout, /^ {4}granulated_workitem_vgpr_count 2$/m);
});

test('info: bad input is one line on stderr and exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-info-'));
  try {
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty.o', new Uint8Array(0), /file too short/],
      ['text.o', new TextEncoder().encode('hello world, not an ELF file at all........'), /bad magic/],
      ['cut.hsaco', vecops.bytes.subarray(0, 100), /extend beyond the end of the file/],
    ];
    for (const [name, bytes, re] of cases) {
      writeFileSync(join(dir, name), bytes);
      const r = gcnkit('info', join(dir, name));
      assert.equal(r.status, 1, name);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, re);
    }
    const missing = gcnkit('info', join(dir, 'nope.o'));
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /cannot read: ENOENT/);
    assert.match(gcnkit('info').stderr, /^gcnkit info: missing FILE/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('CodeObject: every shared object of the corpus loads, kernels resolve to code', () => {
  let kernels = 0;
  for (const f of corpusFiles().filter((x) => x.kind === 'dyn')) {
    const co = CodeObject.load(f.bytes, f.name);
    assert.ok(co.kernels.length > 0, f.name);
    for (const k of co.kernels) {
      assert.equal(co.kernel(k.name), k);
      assert.equal(co.kernel(k.descriptorSymbol), k);
      // clang places each kernel's code at its function symbol.
      const sym = co.elf.symbols(co.elf.sectionByName('.dynsym')!).find((s) => s.name === k.name);
      assert.equal(k.codeAddress, Number(sym!.value), `${f.name} ${k.name}`);
      assert.equal(k.descriptor.kernargSize, k.metadata.kernargSegmentSize);
      kernels++;
    }
  }
  assert.ok(kernels >= 60, `${kernels} kernels`);
  const co = CodeObject.load(vecops.bytes, vecops.name);
  assert.throws(
    () => co.kernel('nope'),
    (e: unknown) => e instanceof ElfError && /no kernel named 'nope'/.test(e.message),
  );
});

test('CodeObject.loadImage applies R_AMDGPU_RELATIVE64 at the load base', () => {
  const out = linkCases().find((c) => c.name === 'ptr_table')!.output;
  const co = CodeObject.load(out.bytes, out.name);
  const base = 0x7f0000000000n;
  assert.throws(() => co.loadImage(base), /R_AMDGPU_ABS64 against undefined symbol 'ext_buffer'/);
  const img = co.loadImage(base, (name) => (name === 'ext_buffer' ? 0x1000n : undefined));
  const dv = new DataView(img.buffer);
  const rela = co.elf.sections.find((s) => s.type === SHT_RELA)!;
  let n = 0;
  for (const r of co.elf.relocations(rela)) {
    if (r.type !== R_AMDGPU_RELATIVE64) continue;
    assert.equal(dv.getBigUint64(Number(r.offset), true), base + r.addend);
    n++;
  }
  assert.ok(n >= 3, `${n} RELATIVE64 relocations`);
});
