// OpenCL image kernels (examples/image/image.cl, compiled by clang-22 for gfx900, gfx906 and gfx908 with
// scripts/build-examples.sh, and for gfx600, gfx700 and gfx803 at -O0 and -O3 with
// scripts/build-image-gens.sh, whose image objects carry each generation's T#) through the API: Device.createImage / createSampler, image and sampler
// arguments, read_imagef with a sampler argument, read_imagei with a constant sampler, read_imageui and
// write_image{f,i,ui}, the image queries; results against host references (test/helpers/image-ref.ts
// for sampling, plain arithmetic for the rest).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Device } from '../src/runtime/device.js';
import { LaunchError } from '../src/runtime/errors.js';
import { HW_MODE, type Mode, reference, rint } from './helpers/image-ref.js';

const dir = join(import.meta.dirname, '..', 'examples', 'image');
/** gfx9 targets (examples/image), then gfx6-8 objects as `<target>-O<level>` (test/fixtures/image-gens). */
const TARGETS = [
  'gfx900',
  'gfx906',
  'gfx908',
  ...['gfx600', 'gfx700', 'gfx803'].flatMap((t) => [`${t}-O0`, `${t}-O3`]),
];
const gens = join(import.meta.dirname, 'fixtures', 'image-gens');

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function load(target: string) {
  const dev = new Device();
  const file = target.includes('-O')
    ? join(gens, `image-${target}.hsaco`)
    : join(dir, `image-${target}.hsaco`);
  return { dev, mod: dev.load(new Uint8Array(readFileSync(file)), target) };
}

test('resample: read_imagef with a sampler argument (every OpenCL addressing mode, linear and nearest)', () => {
  assert.equal(Object.keys(HW_MODE).length, 5);
  for (const target of TARGETS) {
    const { dev, mod } = load(target);
    const W = 5;
    const H = 3;
    const r = rng(9);
    const data = Uint8Array.from({ length: W * H * 4 }, () => Math.floor(r() * 256));
    const texel = (x: number, y: number) => [0, 1, 2, 3].map((c) => data[(y * W + x) * 4 + c]! / 255);
    const src = dev.createImage({ width: W, height: H, order: 'RGBA', channelType: 'unorm_int8' }, data);
    const DW = 12;
    const DH = 7;
    const dst = dev.createImage({ width: DW, height: DH, order: 'RGBA', channelType: 'float' });
    const modes: Mode[] =
      target === 'gfx908' || target.endsWith('-O3')
        ? ['clamp_to_edge', 'clamp', 'repeat', 'mirrored_repeat']
        : ['repeat'];
    for (const address of modes) {
      for (const filter of ['linear', 'nearest'] as const) {
        const s = dev.createSampler({ normalized: true, address, filter });
        mod.launch('resample', { grid: [DW, DH], block: [4, 4], args: [src, dst, s] });
        const out = dev.download(dst, Float32Array);
        for (let y = 0; y < DH; y++) {
          for (let x = 0; x < DW; x++) {
            const u = Math.fround((x + 0.5) / DW);
            const v = Math.fround((y + 0.5) / DH);
            const want = reference(texel, W, H, u, v, address, filter === 'linear');
            for (let c = 0; c < 4; c++) {
              const got = out[(y * DW + x) * 4 + c]!;
              assert.ok(
                Math.abs(got - want[c]!) <= 1e-5,
                `${target} ${address} ${filter} (${x}, ${y}) ${c}: ${got} vs ${want[c]}`,
              );
            }
          }
        }
      }
    }
  }
});

test('box3: read_imagei through a constant sampler (clamp to edge, unnormalized) and write_imagei', () => {
  for (const target of TARGETS) {
    const { dev, mod } = load(target);
    const W = 9;
    const H = 6;
    const r = rng(4);
    const data = Int16Array.from({ length: W * H * 2 }, () => Math.floor(r() * 2000) - 1000);
    const src = dev.createImage({ width: W, height: H, order: 'RG', channelType: 'signed_int16' }, data);
    const dst = dev.createImage({ width: W, height: H, order: 'RG', channelType: 'signed_int32' });
    mod.launch('box3', { grid: [W, H], block: [W, H], args: [src, dst] });
    const out = dev.download(dst, Int32Array);
    const at = (x: number, y: number, c: number) =>
      data[(Math.min(Math.max(y, 0), H - 1) * W + Math.min(Math.max(x, 0), W - 1)) * 2 + c]!;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        for (let c = 0; c < 2; c++) {
          let sum = 0;
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += at(x + dx, y + dy, c);
          assert.equal(out[(y * W + x) * 2 + c], sum, `${target} (${x}, ${y}) ${c}`);
        }
  }
});

test('invert: read_imageui / write_imageui without a sampler on a BGRA image', () => {
  for (const target of TARGETS) {
    const { dev, mod } = load(target);
    const W = 16;
    const H = 4;
    const data = Uint8Array.from({ length: W * H * 4 }, (_, k) => (k * 13) & 255);
    const src = dev.createImage({ width: W, height: H, order: 'BGRA', channelType: 'unsigned_int8' }, data);
    const dst = dev.createImage({ width: W, height: H, order: 'RGBA', channelType: 'unsigned_int8' });
    mod.launch('invert', { grid: [W, H], block: [8, 4], args: [src, dst] });
    const out = dev.read(dst);
    // BGRA memory (b, g, r, a) is read as (r, g, b, a) and written to RGBA memory.
    for (let k = 0; k < W * H; k++) {
      const [b, g, rr, a] = [0, 1, 2, 3].map((c) => data[4 * k + c]!);
      assert.deepEqual([...out.subarray(4 * k, 4 * k + 4)], [255 - rr!, 255 - g!, 255 - b!, 255 - a!]);
    }
  }
});

test('info: get_image_width/height/channel_order/channel_data_type/depth/array_size', () => {
  for (const target of TARGETS) {
    const { dev, mod } = load(target);
    const img = dev.createImage({ width: 37, height: 11, order: 'BGRA', channelType: 'unorm_int8' });
    const vol = dev.createImage({
      type: '3d',
      width: 4,
      height: 3,
      depth: 5,
      order: 'R',
      channelType: 'float',
    });
    const arr = dev.createImage({
      type: '2d_array',
      width: 2,
      height: 2,
      layers: 6,
      order: 'RG',
      channelType: 'half_float',
    });
    const out = dev.alloc(24);
    mod.launch('info', { grid: [1], block: [1], args: [img, vol, arr, out] });
    // CL_BGRA = 0x10B6, CL_UNORM_INT8 = 0x10D2 (the OpenCL headers' values).
    assert.deepEqual([...dev.download(out, Int32Array)], [37, 11, 0x10b6, 0x10d2, 5, 6]);
  }
});

test('fetch: read_imagef of a 3D image (trilinear) and a 2D-array image (slice = nearest integer)', () => {
  for (const target of TARGETS) {
    const { dev, mod } = load(target);
    const N = 4;
    const vdata = Float32Array.from({ length: N * N * N }, (_, k) => k);
    const vol = dev.createImage(
      { type: '3d', width: N, height: N, depth: N, order: 'R', channelType: 'float' },
      vdata,
    );
    const adata = Float32Array.from({ length: N * N * 3 }, (_, k) => 1000 + k);
    const arr = dev.createImage(
      { type: '2d_array', width: N, height: N, layers: 3, order: 'R', channelType: 'float' },
      adata,
    );
    const s = dev.createSampler({ normalized: true, address: 'clamp_to_edge', filter: 'linear' });
    const n = 32;
    const r = rng(77);
    const coords = Float32Array.from({ length: 4 * n }, (_, k) =>
      k % 4 === 3 ? 0 : k % 4 === 2 ? r() * 4 - 1 : r(),
    );
    const cbuf = dev.upload(coords);
    const out = dev.alloc(n * 32);
    mod.launch('fetch', { grid: [n], block: [n], args: [vol, arr, s, cbuf, out] });
    const got = dev.download(out, Float32Array);
    const axis = (c: number) => {
      const u = c * N - 0.5;
      const i0 = Math.floor(u);
      const cl = (i: number) => Math.min(Math.max(i, 0), N - 1);
      return [cl(i0), cl(i0 + 1), u - i0] as const;
    };
    for (let i = 0; i < n; i++) {
      const [x, y, z] = [coords[4 * i]!, coords[4 * i + 1]!, coords[4 * i + 2]!];
      const [x0, x1, a] = axis(x);
      const [y0, y1, b] = axis(y);
      const [z0, z1, c] = axis(z);
      const V = (xx: number, yy: number, zz: number) => vdata[(zz * N + yy) * N + xx]!;
      let want = 0;
      for (const [zz, wz] of [
        [z0, 1 - c],
        [z1, c],
      ] as const)
        for (const [yy, wy] of [
          [y0, 1 - b],
          [y1, b],
        ] as const)
          for (const [xx, wx] of [
            [x0, 1 - a],
            [x1, a],
          ] as const)
            want += wz * wy * wx * V(xx, yy, zz);
      assert.ok(Math.abs(got[8 * i]! - want) <= 1e-4, `${target} 3D ${i}: ${got[8 * i]} vs ${want}`);
      const layer = Math.min(Math.max(rint(z), 0), 2);
      let aw = 0;
      for (const [yy, wy] of [
        [y0, 1 - b],
        [y1, b],
      ] as const)
        for (const [xx, wx] of [
          [x0, 1 - a],
          [x1, a],
        ] as const)
          aw += wy * wx * adata[(layer * N + yy) * N + xx]!;
      assert.ok(Math.abs(got[8 * i + 4]! - aw) <= 1e-3, `${target} array ${i}: ${got[8 * i + 4]} vs ${aw}`);
      assert.equal(got[8 * i + 7], 1);
    }
  }
});

test('bad image arguments and options are one-line LaunchErrors', () => {
  const { dev, mod } = load('gfx908');
  const img = dev.createImage({ width: 4, height: 4, order: 'RGBA', channelType: 'float' });
  assert.throws(
    () => mod.launch('resample', { grid: [1], block: [1], args: [img, img, dev.alloc(16)] }),
    (e) =>
      e instanceof LaunchError &&
      /argument 2 .* is a sampler_t: pass the object Device.createSampler returns/.test(e.message),
  );
  assert.throws(
    () =>
      mod.launch('resample', { grid: [1], block: [1], args: [dev.alloc(64), img, dev.createSampler(0x10)] }),
    /argument 0 .* is an image: pass the object Device.createImage returns/,
  );
  assert.throws(
    () => dev.createImage({ width: 0, order: 'R', channelType: 'float' }),
    /createImage: width = 0 is not an integer from 1 to 16384/,
  );
  assert.throws(
    () => dev.createImage({ width: 4, order: 'RGBx', channelType: 'float' } as never),
    /channel order 'RGBx' is not one of/,
  );
  assert.throws(
    () => dev.createImage({ width: 2, order: 'R', channelType: 'float' }, new Uint8Array(3)),
    /data has 3 bytes, .* image 8/,
  );
  assert.throws(
    () => dev.createSampler({ address: 'wrap' as never }),
    /createSampler: addressing mode 'wrap' is not one of/,
  );
  assert.equal(dev.createSampler({ filter: 'linear' }), dev.createSampler(0x20));
});

test('RGB with the packed types (565, 555, 101010): read_imagef unpacks red from the high bits, write_imagef packs it', () => {
  const { dev, mod } = load('gfx908');
  const W = 8;
  const H = 2;
  const cases = [
    { type: 'unorm_short_565', bits: [5, 6, 5], bytes: 2 },
    { type: 'unorm_short_555', bits: [5, 5, 5], bytes: 2 },
    { type: 'unorm_int_101010', bits: [10, 10, 10], bytes: 4 },
  ] as const;
  const s = dev.createSampler({ normalized: true, address: 'clamp_to_edge', filter: 'nearest' });
  for (const c of cases) {
    // Field positions from the top: R first (OpenCL), B in the low bits.
    const shifts = [c.bits[1] + c.bits[2], c.bits[2], 0];
    const r = rng(c.bytes * 7 + c.bits[1]);
    const words = Array.from({ length: W * H }, () => Math.floor(r() * 2 ** (c.bytes * 8)) >>> 0);
    const raw = c.bytes === 2 ? Uint16Array.from(words) : Uint32Array.from(words);
    const src = dev.createImage({ width: W, height: H, order: 'RGB', channelType: c.type }, raw);
    const dst = dev.createImage({ width: W, height: H, order: 'RGBA', channelType: 'float' });
    mod.launch('resample', { grid: [W, H], block: [W, H], args: [src, dst, s] });
    const out = dev.download(dst, Float32Array);
    const field = (v: number, k: number) => Math.floor(v / 2 ** shifts[k]!) % 2 ** c.bits[k]!;
    for (let t = 0; t < W * H; t++) {
      const want = [0, 1, 2].map((k) => Math.fround(field(raw[t]!, k) / (2 ** c.bits[k]! - 1)));
      assert.deepEqual([...out.subarray(4 * t, 4 * t + 4)], [...want, 1], `${c.type} texel ${t}`);
    }
    // Back: floats to the packed format (round to nearest), then compare the fields.
    const back = dev.createImage({ width: W, height: H, order: 'RGB', channelType: c.type });
    mod.launch('resample', { grid: [W, H], block: [W, H], args: [dst, back, s] });
    const packed = c.bytes === 2 ? dev.download(back, Uint16Array) : dev.download(back, Uint32Array);
    for (let t = 0; t < W * H; t++)
      for (let k = 0; k < 3; k++)
        assert.equal(field(packed[t]!, k), field(raw[t]!, k), `${c.type} texel ${t} field ${k}`);
  }
  assert.throws(
    () => dev.createImage({ width: 2, order: 'RGB', channelType: 'float' }),
    /RGB goes with unorm_short_565/,
  );
  assert.throws(
    () => dev.createImage({ width: 2, order: 'RGBA', channelType: 'unorm_short_565' }),
    /channel order RGBA with channel type unorm_short_565/,
  );
});

test('gfx6-8 1D and 1D-array images (image1d.cl): queries, read_imagef with a sampler and without, write_imagef', () => {
  for (const target of TARGETS.filter((t) => t.includes('-O'))) {
    const dev = new Device();
    const mod = dev.load(new Uint8Array(readFileSync(join(gens, `image1d-${target}.hsaco`))), target);
    const W = 7;
    const L = 3;
    const adata = Float32Array.from({ length: W * L * 4 }, (_, k) => (k * 37) % 101);
    const bdata = Float32Array.from({ length: W * 4 }, (_, k) => (k * 53) % 97);
    const a = dev.createImage(
      { type: '1d_array', width: W, layers: L, order: 'RGBA', channelType: 'float' },
      adata,
    );
    const b = dev.createImage({ type: '1d', width: W, order: 'RGBA', channelType: 'float' }, bdata);
    const s = dev.createSampler({ normalized: true, address: 'clamp_to_edge', filter: 'linear' });
    const n = 32;
    const r = rng(5);
    const coords = Float32Array.from({ length: 2 * n }, (_, k) => (k % 2 ? r() * 4 - 1 : r() * 1.2 - 0.1));
    const out = dev.alloc(n * 48);
    const info = dev.alloc(12);
    mod.launch('read1d', { grid: [n], block: [n], args: [a, b, s, dev.upload(coords), out, info] });
    assert.deepEqual([...dev.download(info, Int32Array)], [L, W, W], target);
    const got = dev.download(out, Float32Array);
    for (let i = 0; i < n; i++) {
      const u = coords[2 * i]!;
      const layer = Math.min(Math.max(rint(coords[2 * i + 1]!), 0), L - 1);
      const row = (d: Float32Array, base: number) => (x: number) =>
        [0, 1, 2, 3].map((c) => d[(base + x) * 4 + c]!);
      const ta = row(adata, layer * W);
      const tb = row(bdata, 0);
      const wantA = reference((x) => ta(x), W, 1, u, 0.5, 'clamp_to_edge', true);
      const wantB = reference((x) => tb(x), W, 1, u, 0.5, 'clamp_to_edge', true);
      const wantC = row(adata, (i % L) * W)(i % W);
      for (let c = 0; c < 4; c++) {
        assert.ok(
          Math.abs(got[12 * i + c]! - wantA[c]!) <= 1e-3,
          `${target} array ${i}.${c}: ${got[12 * i + c]} vs ${wantA[c]}`,
        );
        assert.ok(Math.abs(got[12 * i + 4 + c]! - wantB[c]!) <= 1e-3, `${target} 1d ${i}.${c}`);
        assert.equal(got[12 * i + 8 + c], wantC[c], `${target} unsampled ${i}.${c}`);
      }
    }
    const wa = dev.createImage({
      type: '1d_array',
      width: 5,
      layers: 4,
      order: 'RGBA',
      channelType: 'float',
    });
    const wb = dev.createImage({ type: '1d', width: 20, order: 'RGBA', channelType: 'float' });
    mod.launch('write1d', { grid: [20], block: [20], args: [wa, wb] });
    // Texel (i % 5, slice i / 5) of the array is texel i of its data; the 1D image's texel i likewise.
    assert.deepEqual(
      [...dev.download(wa, Float32Array)],
      Array.from({ length: 20 }, (_, i) => [i, i ? -i : 0, 0.5, 1]).flat(),
    );
    assert.deepEqual(
      [...dev.download(wb, Float32Array)],
      Array.from({ length: 20 }, (_, i) => [2 * i, 0, 0, 1]).flat(),
    );
  }
});
