// The layout description is the only place a field's position is written: extraction and insertion
// must be exact inverses, reject values that do not fit, and identify encodings by their fixed bits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bits, encode, get, layout, matches, put } from '../src/isa/fields.js';
import { findProcessor, PROCESSORS, supportedNames } from '../src/isa/processors.js';

// SOP1 as the Vega document draws it: 0b101111101 in [31:23], SDST [22:16], OP [15:8], SSRC0 [7:0].
const SOP1 = layout('SOP1', 1, [[23, 9, 0x17d]], { sdst: [16, 7], op: [8, 8], ssrc0: [0, 8] });

test('a layout encodes to the bits the ISA document gives (s_mov_b32 s1, s2 = 0xbe810002 on gfx9)', () => {
  assert.deepEqual(encode(SOP1, { sdst: 1, op: 0, ssrc0: 2 }), [0xbe810002]);
  assert.equal(matches(SOP1, [0xbe810002], 0), true);
  assert.equal(matches(SOP1, [0xbf810002], 0), false);
});

test('get and put are inverses for every field and value, and leave other bits alone', () => {
  const w = [0xbe810002];
  for (const [name, f] of Object.entries(SOP1.fields)) {
    for (const v of [0, 1, f.mask >>> 1, f.mask]) {
      const copy = w.slice();
      put(f, copy, v);
      assert.equal(get(f, copy, 0), v, name);
      assert.equal(((copy[0] ^ w[0]) & ~(f.mask << f.shift)) >>> 0, 0, `${name} touched other bits`);
    }
  }
});

test('fields in the second dword and full-width fields', () => {
  const lit = bits(32, 32);
  const ws = [0, 0];
  put(lit, ws, 0xdeadbeef);
  assert.deepEqual(ws, [0, 0xdeadbeef]);
  assert.equal(get(lit, [7, 0xdeadbeef], 0), 0xdeadbeef);
  assert.equal(get(bits(40, 8), [1, 2, 0x1234], 1), 0x12);
});

test('values that do not fit and straddling fields are refused', () => {
  assert.throws(() => put(SOP1.fields.sdst, [0], 128), /does not fit a 7-bit field/);
  assert.throws(() => put(SOP1.fields.sdst, [0], -1), /does not fit/);
  assert.throws(() => bits(28, 8), /straddles/);
});

test('processor records: names unique, e_flags machine values unique, gfx6-gfx9 targets supported', () => {
  assert.equal(new Set(PROCESSORS.map((r) => r.name)).size, PROCESSORS.length);
  assert.equal(new Set(PROCESSORS.map((r) => r.mach)).size, PROCESSORS.length);
  assert.equal(findProcessor('gfx803')?.generation, 'gfx8');
  assert.equal(findProcessor('gfx704')?.features.has('flat'), true);
  assert.equal(findProcessor('gfx600')?.features.has('flat'), false);
  // gfx600 ... gfx908 are supported (gfx902/909/90c decode as gfx900 but run nothing yet).
  for (const t of ['gfx600', 'gfx602', 'gfx700', 'gfx705', 'gfx801', 'gfx810', 'gfx900', 'gfx908'])
    assert.ok(supportedNames().includes(t), t);
  // A supported processor runs kernels, so its ISA must be described.
  for (const n of supportedNames()) assert.ok(findProcessor(n)?.described, n);
});
