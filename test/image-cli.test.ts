// Image and sampler arguments of `gcnkit run` (src/cli/run-spec-image.ts, docs/run-spec.md): the
// example examples/image runs with its run spec and its output matches the OpenCL host reference; the
// multi-launch form names images in "buffers"; spec mistakes are one-line errors naming the field; the
// gfx6-8 builds of the same kernels (test/fixtures/image-gens) run the example's spec and report the
// image queries (whose array size gfx6-8 read from the T#'s own last-array field) through `gcnkit run`.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliIn, root } from './helpers/cli.js';
import { reference } from './helpers/image-ref.js';

const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-image-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
cpSync(join(root, 'examples', 'image'), tmp, { recursive: true });
cpSync(join(root, 'test', 'fixtures', 'image-gens'), tmp, { recursive: true });
/** The gfx6-8 objects of scripts/build-image-gens.sh. */
const GENS = ['gfx600', 'gfx700', 'gfx803'].flatMap((t) => [`${t}-O0`, `${t}-O3`]);

function f32s(path: string): Float32Array {
  const b = readFileSync(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

test('examples/image: gcnkit run resamples src.bin (4x3 RGBA unorm8) to 16x12 floats, bilinear, clamp to edge', () => {
  for (const target of ['gfx900', 'gfx906', 'gfx908', ...GENS]) {
    const r = cliIn(tmp, 'run', `image-${target}.hsaco`, 'spec.json');
    assert.equal(r.status, 0, r.stderr);
    const src = readFileSync(join(tmp, 'src.bin'));
    const texel = (x: number, y: number) => [0, 1, 2, 3].map((c) => src[(y * 4 + x) * 4 + c]! / 255);
    const out = f32s(join(tmp, 'dst.out.bin'));
    assert.equal(out.length, 16 * 12 * 4);
    for (let y = 0; y < 12; y++)
      for (let x = 0; x < 16; x++) {
        const want = reference(
          texel,
          4,
          3,
          Math.fround((x + 0.5) / 16),
          Math.fround((y + 0.5) / 12),
          'clamp_to_edge',
          true,
        );
        for (let c = 0; c < 4; c++)
          assert.ok(Math.abs(out[(y * 16 + x) * 4 + c]! - want[c]!) <= 1e-5, `${target} (${x}, ${y}) ${c}`);
      }
  }
});

test('the multi-launch form: images in "buffers", { "image": name } arguments, a sampler_t value, outputs by name', () => {
  const spec = {
    buffers: {
      a: { image: { width: 8, height: 2, order: 'RGBA', channel_type: 'unsigned_int8' }, file: 'a.bin' },
      b: { image: { width: 8, height: 2, order: 'RGBA', channel_type: 'unsigned_int8' } },
    },
    launches: [
      { kernel: 'invert', grid: [8, 2], block: [8, 2], args: [{ image: 'a' }, { image: 'b' }] },
      { kernel: 'invert', grid: [8, 2], block: [8, 2], args: [{ image: 'b' }, { image: 'a' }] },
      { kernel: 'invert', grid: [8, 2], block: [8, 2], args: [{ image: 'a' }, { image: 'b' }] },
    ],
    outputs: { b: 'b.out.bin' },
  };
  const a = Uint8Array.from({ length: 64 }, (_, k) => (k * 7) & 255);
  writeFileSync(join(tmp, 'a.bin'), a);
  writeFileSync(join(tmp, 'multi.json'), JSON.stringify(spec));
  const r = cliIn(tmp, 'run', 'image-gfx908.hsaco', 'multi.json');
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(
    [...readFileSync(join(tmp, 'b.out.bin'))],
    [...a].map((v) => 255 - v),
  );
  // A sampler_t value (CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST = 0x17).
  const one = {
    kernel: 'resample',
    grid: [4, 3],
    block: [4, 3],
    args: [
      { image: { width: 4, height: 3, order: 'RGBA', channel_type: 'unorm_int8', file: 'src.bin' } },
      { image: { width: 4, height: 3, order: 'RGBA', channel_type: 'unorm_int8' } },
      { sampler: 0x17 },
    ],
    outputs: { 1: 'same.bin' },
  };
  writeFileSync(join(tmp, 'one.json'), JSON.stringify(one));
  const r2 = cliIn(tmp, 'run', 'image-gfx908.hsaco', 'one.json');
  assert.equal(r2.status, 0, r2.stderr);
  assert.deepEqual([...readFileSync(join(tmp, 'same.bin'))], [...readFileSync(join(tmp, 'src.bin'))]);
});

test('image and sampler spec mistakes are one-line errors naming the field', () => {
  const cases: [object, RegExp][] = [
    [
      { image: { width: 4, order: 'RGBx', channel_type: 'float' } },
      /args\[0\]\.image: channel order 'RGBx' is not one of/,
    ],
    [{ image: { width: 4, order: 'R' } }, /args\[0\]\.image: an image needs "channel_type"/],
    [
      { image: { width: 4, order: 'R', channel_type: 'float', pitch: 3 } },
      /args\[0\]\.image\.pitch: unknown field/,
    ],
    [
      { image: { width: 2, order: 'R', channel_type: 'unorm_int8', file: 'src.bin' } },
      /args\[0\]\.image\.file: src\.bin: 48 bytes, more than the image's 2/,
    ],
    [{ sampler: { address: 'wrap' } }, /args\[0\]\.sampler: addressing mode 'wrap' is not one of/],
    [{ sampler: 0x40 }, /args\[0\]\.sampler: 64 is not an OpenCL sampler_t value/],
  ];
  for (const [arg, re] of cases) {
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify({ kernel: 'resample', grid: [1], args: [arg] }));
    const r = cliIn(tmp, 'run', 'image-gfx908.hsaco', 'bad.json');
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test('gfx6-8: gcnkit run of the info kernel: width, height, channel order and type, 3D depth, array size', () => {
  const spec = {
    kernel: 'info',
    grid: [1],
    block: [1],
    args: [
      { image: { width: 37, height: 11, order: 'BGRA', channel_type: 'unorm_int8' } },
      { image: { type: '3d', width: 4, height: 3, depth: 5, order: 'R', channel_type: 'float' } },
      {
        image: { type: '2d_array', width: 2, height: 2, layers: 6, order: 'RG', channel_type: 'half_float' },
      },
      { buffer: { bytes: 24 } },
    ],
    outputs: { 3: 'info.out.bin' },
  };
  writeFileSync(join(tmp, 'info.json'), JSON.stringify(spec));
  for (const target of GENS) {
    const r = cliIn(tmp, 'run', `image-${target}.hsaco`, 'info.json');
    assert.equal(r.status, 0, r.stderr);
    const b = readFileSync(join(tmp, 'info.out.bin'));
    // CL_BGRA = 0x10B6, CL_UNORM_INT8 = 0x10D2 (the OpenCL headers' values).
    assert.deepEqual([...new Int32Array(b.buffer, b.byteOffset, 6)], [37, 11, 0x10b6, 0x10d2, 5, 6], target);
  }
});
