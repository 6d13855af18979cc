// Code objects on every processor gcnkit describes, gfx600 to gfx908, against llvm-mc-22
// (scripts/gen-target-fixtures.ts): the whole -show-encoding listing, descriptor blocks included (the
// code object v4/v5 listings print `.amdhsa_reserve_xnack_mask` where the target id has xnack, the v6
// listing never does; `.size k0, .-k0` names `.` with a temporary label), and the relocatable object
// byte for byte (e_flags, descriptors). Assembled through the library below the entry points' gate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { type TargetObjectCase, targetSource } from '../scripts/gen-target-fixtures.js';
import { assemble } from '../src/asm/assembler.js';
import { amdgpuTargetInfo } from '../src/elf/amdgpu.js';
import { decodeKernelDescriptor, kdFields } from '../src/elf/kernel-descriptor.js';
import { ElfFile } from '../src/elf/reader.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';

const CASES: TargetObjectCase[] = JSON.parse(
  gunzipSync(readFileSync(new URL('./fixtures/targets/objects.json.gz', import.meta.url))).toString('utf8'),
);

const features = (mattr: string) =>
  mattr === '+xnack' ? { xnack: true } : mattr === '-xnack' ? { xnack: false } : undefined;

test('the fixture covers every described processor and code object version 4-6', () => {
  const described = PROCESSORS.filter((p) => p.described).map((p) => p.name);
  for (const name of described)
    for (const cov of [4, 5, 6])
      assert.ok(
        CASES.some((c) => c.mcpu === name && c.cov === cov),
        `${name} v${cov}`,
      );
});

for (const c of CASES) {
  const label = `${c.mcpu} v${c.cov}${c.mattr ? ` ${c.mattr}` : ''}`;
  test(`listing and object identical to llvm-mc-22: ${label}`, () => {
    const src = targetSource(c.cov);
    const opts = { mcpu: c.mcpu as Target, features: features(c.mattr) };
    const lst = assemble(src, 'k.s', { ...opts, showEncoding: true, object: false });
    assert.deepEqual(lst.diagnostics, []);
    assert.deepEqual((lst.listing ?? '').split('\n'), c.listing.split('\n'));
    const obj = assemble(src, 'k.s', opts);
    assert.ok(obj.object, 'an object');
    assert.equal(Buffer.from(obj.object).toString('hex'), c.object);
  });
}

test('e_flags name the processor and its target-id features as llvm-mc writes them', () => {
  for (const c of CASES.filter((x) => x.cov === 6)) {
    const elf = ElfFile.parse(new Uint8Array(Buffer.from(c.object, 'hex')), 'k.o');
    const info = amdgpuTargetInfo(elf.header);
    assert.equal(info.processor, c.mcpu);
    const p = PROCESSORS.find((r) => r.name === c.mcpu);
    const want = c.mattr === '+xnack' ? 'on' : c.mattr === '-xnack' ? 'off' : 'any';
    assert.equal(info.xnack, p?.features.has('xnack') ? want : 'unsupported', c.mcpu);
  }
});

test('kdFields reads the descriptors of every generation', () => {
  for (const c of CASES.filter((x) => x.cov === 5 && x.mattr === '')) {
    const elf = ElfFile.parse(new Uint8Array(Buffer.from(c.object, 'hex')), 'k.o');
    const rodata = elf.sections.find((s) => s.name === '.rodata');
    assert.ok(rodata);
    const kd1 = kdFields(decodeKernelDescriptor(elf.contents(rodata), 64), c.mcpu);
    // k1: 77 VGPRs in granules of 4; 41 SGPRs + VCC not reserved + flat scratch (+ xnack) in granules of 8.
    assert.equal(kd1.granulated_workitem_vgpr_count, 19, c.mcpu);
    assert.equal(kd1.enable_sgpr_flat_scratch_init, 1);
    assert.equal(kd1.user_sgpr_count, 15);
    assert.equal(kd1.enable_vgpr_workitem_id, 2);
    assert.equal(kd1.group_segment_fixed_size, 4096);
    assert.equal('fp16_ovfl' in kd1, PROCESSORS.find((r) => r.name === c.mcpu)?.generation === 'gfx9');
  }
});
