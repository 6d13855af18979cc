// image_sample* and image_gather4* (src/emu/mem/image-sample*.ts) against a host reference written from
// the OpenCL C specification's sampling rules (section "Image addressing and filtering": nearest uses
// texel floor(u); linear blends floor(u - 0.5) and the next with frac(u - 0.5); repeat and mirrored
// repeat as the spec computes them on the normalized coordinate), and hand-worked cases for what only
// the hardware has (mirror-once, half border, mip selection, PCF compare, offsets, gather order).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { bits, f32, setS, ssharp, tsharp } from './helpers/image-desc.js';
import { HW_MODE, type Mode, reference, rint } from './helpers/image-ref.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** An RGBA8 unorm W x H image with pseudo-random texels; returns base and a texel reader. */
function rgba8(mem: DeviceMemory, W: number, H: number, seed: number) {
  const base = mem.alloc(W * H * 4 + 256, 256);
  const r = rng(seed);
  for (let k = 0; k < W * H * 4; k++) mem.write8(base + k, Math.floor(r() * 256));
  const texel = (x: number, y: number) =>
    [0, 1, 2, 3].map((c) => mem.read8(base + (y * W + x) * 4 + c) / 255);
  return { base, texel };
}

function close(got: number, want: number, what: string): void {
  assert.ok(Math.abs(got - want) <= 1e-6, `${what}: got ${got}, want ${want}`);
}

test('image_sample_lz: the four OpenCL addressing modes, nearest and linear, against the OpenCL rules', () => {
  const W = 7;
  const H = 5;
  const r = rng(42);
  for (const mode of ['clamp_to_edge', 'clamp', 'repeat', 'mirrored_repeat', 'none'] as Mode[]) {
    for (const linear of [false, true]) {
      const mem = new DeviceMemory();
      const { base, texel } = rgba8(mem, W, H, 7);
      const cs = Array.from({ length: 64 }, () => [Math.fround(r() * 4 - 1.5), Math.fround(r() * 4 - 1.5)]);
      const { wave } = runWave(
        'image_sample_lz v[10:13], v[0:1], s[8:15], s[16:19] dmask:0xf',
        (w) => {
          setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 0, width: W, height: H }));
          setS(w, 16, ssharp({ clamp: HW_MODE[mode], mag: linear ? 1 : 0, min: linear ? 1 : 0 }));
          setV(w, 0, (l) => bits(cs[l]![0]!));
          setV(w, 1, (l) => bits(cs[l]![1]!));
        },
        { mem },
      );
      for (let l = 0; l < 64; l++) {
        const want = reference(texel, W, H, cs[l]![0]!, cs[l]![1]!, mode, linear);
        for (let k = 0; k < 4; k++)
          close(f32(vreg(wave, 10 + k, l)), want[k]!, `${mode} linear=${linear} lane ${l} comp ${k}`);
      }
    }
  }
});

test('unnormalized coordinates (S# force_unnormalized, or the instruction unorm bit), clamp_to_edge and clamp', () => {
  const W = 6;
  const H = 4;
  const r = rng(3);
  for (const [mode, how] of [
    ['clamp_to_edge', 'sampler'],
    ['clamp', 'instruction'],
  ] as [Mode, string][]) {
    const mem = new DeviceMemory();
    const { base, texel } = rgba8(mem, W, H, 11);
    const cs = Array.from({ length: 64 }, () => [Math.fround(r() * 9 - 1.5), Math.fround(r() * 7 - 1.5)]);
    const { wave } = runWave(
      `image_sample_lz v[10:13], v[0:1], s[8:15], s[16:19] dmask:0xf${how === 'instruction' ? ' unorm' : ''}`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 0, width: W, height: H }));
        setS(w, 16, ssharp({ clamp: HW_MODE[mode], mag: 1, min: 1, unnorm: how === 'sampler' }));
        setV(w, 0, (l) => bits(cs[l]![0]!));
        setV(w, 1, (l) => bits(cs[l]![1]!));
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      const want = reference(texel, W, H, cs[l]![0]! / W, cs[l]![1]! / H, mode, true);
      for (let k = 0; k < 4; k++) close(f32(vreg(wave, 10 + k, l)), want[k]!, `${mode} lane ${l}`);
    }
  }
});

/** An R32 float image whose texel (x, y) of level L holds 1000 L + 10 y + x, levels laid out linearly. */
function levels(mem: DeviceMemory, W: number, H: number, n: number): number {
  const base = mem.alloc(W * H * 8 + 256, 256);
  let at = base;
  for (let L = 0; L < n; L++) {
    const w = Math.max(1, W >> L);
    const h = Math.max(1, H >> L);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) mem.writeF32(at + (y * w + x) * 4, 1000 * L + 10 * y + x);
    at += w * h * 4;
  }
  return base;
}

test('image_sample_l: LOD picks the level (mip point) or blends two (mip linear); S# max lod limits it', () => {
  const mem = new DeviceMemory();
  const base = levels(mem, 16, 16, 5);
  const lods = (l: number) => (l % 16) * 0.375 - 0.5;
  for (const mip of [1, 2]) {
    const { wave } = runWave(
      'image_sample_l v10, v[0:2], s[8:15], s[16:19] dmask:0x1',
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: 16, height: 16, lastLevel: 4 }));
        setS(w, 16, ssharp({ clamp: 2, mip, maxLod: 3.5 }));
        // The texel at (0, 0) of every level: coordinates near the origin.
        setV(w, 0, () => bits(0.01));
        setV(w, 1, () => bits(0.01));
        setV(w, 2, (l) => bits(lods(l)));
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      const lod = Math.min(Math.max(lods(l), 0), 3.5);
      let want: number;
      if (mip === 1) want = 1000 * Math.min(Math.floor(lod + 0.5), 4);
      else
        want =
          1000 * Math.floor(lod) * (1 - (lod - Math.floor(lod))) +
          1000 * Math.min(Math.floor(lod) + 1, 4) * (lod - Math.floor(lod));
      close(f32(vreg(wave, 10, l)), want, `mip ${mip} lane ${l} lod ${lod}`);
    }
  }
});

test('image_sample (implicit LOD from the 2x2 quad), image_sample_b (bias) and image_sample_d (derivatives)', () => {
  const mem = new DeviceMemory();
  const base = levels(mem, 64, 64, 7);
  // Quad lanes 4k..4k+3 step by 2^k texels: LOD k (mip point); bias adds 1 level; _d gives it directly.
  const coord = (l: number, axis: number) => {
    const q = l >> 2;
    const step = 2 ** (q % 6) / 64;
    return 0.001 + (axis === 0 ? l & 1 : (l >> 1) & 1) * step;
  };
  const setup = (w: Parameters<NonNullable<Parameters<typeof runWave>[1]>>[0]) => {
    setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: 64, height: 64, lastLevel: 6 }));
    setS(w, 16, ssharp({ clamp: 2, mip: 1 }));
  };
  const { wave } = runWave(
    'image_sample v10, v[0:1], s[8:15], s[16:19] dmask:0x1\nimage_sample_b v11, v[2:4], s[8:15], s[16:19] dmask:0x1\nimage_sample_d v12, v[30:35], s[8:15], s[16:19] dmask:0x1',
    (w) => {
      setup(w);
      setV(w, 0, (l) => bits(coord(l, 0)));
      setV(w, 1, (l) => bits(coord(l, 1)));
      setV(w, 2, () => bits(1));
      setV(w, 3, (l) => bits(coord(l, 0)));
      setV(w, 4, (l) => bits(coord(l, 1)));
      // _d: dx/dh, dy/dh, dx/dv, dy/dv, then x, y: a derivative of 4 texels.
      setV(w, 30, () => bits(4 / 64));
      setV(w, 31, () => bits(0));
      setV(w, 32, () => bits(0));
      setV(w, 33, () => bits(1 / 64));
      setV(w, 34, () => bits(0.001));
      setV(w, 35, () => bits(0.001));
    },
    { mem },
  );
  // Point filtering of level L at (cx, cy): texel (floor(cx * 64 >> L), floor(cy * 64 >> L)).
  const at = (l: number, L: number) =>
    1000 * L +
    10 * Math.floor(Math.fround(coord(l, 1)) * (64 >> L)) +
    Math.floor(Math.fround(coord(l, 0)) * (64 >> L));
  for (let l = 0; l < 64; l++) {
    const k = (l >> 2) % 6;
    assert.equal(f32(vreg(wave, 10, l)), at(l, k), `implicit lane ${l}`);
    assert.equal(f32(vreg(wave, 11, l)), at(l, Math.min(k + 1, 6)), `bias lane ${l}`);
    assert.equal(f32(vreg(wave, 12, l)), 2000, `derivatives lane ${l}`);
  }
});

test('image_sample_lz_o (texel offsets), image_sample_c_lz (compare), mirror-once and half-border modes', () => {
  const mem = new DeviceMemory();
  const base = levels(mem, 8, 8, 1);
  const { wave } = runWave(
    [
      'image_sample_lz_o v20, v[0:2], s[8:15], s[16:19] dmask:0x1',
      'image_sample_c_lz v21, v[3:5], s[8:15], s[24:27] dmask:0x1',
      'image_sample_lz v22, v[1:2], s[8:15], s[28:31] dmask:0x1',
      'image_sample_lz v23, v[1:2], s[8:15], s[32:35] dmask:0x1',
    ].join('\n'),
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: 8, height: 8 }));
      setS(w, 16, ssharp({ clamp: 2 }));
      setS(w, 24, ssharp({ clamp: 2, compare: 1 })); // less: ref < texel
      setS(w, 28, ssharp({ clamp: 3 })); // mirror once, last texel
      setS(w, 32, ssharp({ clamp: 4, mag: 1, min: 1, border: 2 })); // half border, white border
      // Offsets: x = (l & 7) - 4 (6-bit signed), y = +1.
      setV(w, 0, (l) => (((l & 7) - 4) & 63) | (1 << 8));
      setV(w, 1, (l) => bits((l & 15) / 8 - 1 + 1 / 16)); // texel centres from -8 to 7
      setV(w, 2, () => bits(2.5 / 8));
      setV(w, 3, (l) => bits(l * 0.5)); // compare reference
      setV(w, 4, () => bits(3.5 / 8));
      setV(w, 5, () => bits(1.5 / 8));
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const x = (l & 15) - 8;
    const off = Math.min(Math.max(x + (l & 7) - 4, 0), 7);
    assert.equal(f32(vreg(wave, 20, l)), 10 * 3 + off, `offset lane ${l}`);
    assert.equal(f32(vreg(wave, 21, l)), l * 0.5 < 13 ? 1 : 0, `compare lane ${l}`);
    // mirror once: texel -1 -> 0, -8 -> 7.
    const m = x < 0 ? -1 - x : x;
    assert.equal(f32(vreg(wave, 22, l)), 20 + Math.min(m, 7), `mirror once lane ${l}`);
  }
  // Half border, linear: u = -0.5 (lane with x = -8 clamps to -0.5) blends the border (1.0) and texel 0
  // half and half... here u is clamped to -0.5 so both taps are at -1 (border) and 0: weight 0 on 0.
  const lane0 = f32(vreg(wave, 23, 0));
  assert.equal(lane0, 1, 'half border: fully the white border at u = -0.5');
  const lane8 = f32(vreg(wave, 23, 8)); // u = 0.5: texel 0 exactly
  assert.equal(lane8, 20);
});

test('image_gather4 / _lz / _o: the 2x2 footprint in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0); dmask picks the component', () => {
  const mem = new DeviceMemory();
  const W = 8;
  const { base, texel } = rgba8(mem, W, W, 5);
  const { wave } = runWave(
    'image_gather4_lz v[10:13], v[0:1], s[8:15], s[16:19] dmask:0x2\nimage_gather4_lz_o v[14:17], v[2:4], s[8:15], s[16:19] dmask:0x8',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 0, width: W, height: W }));
      setS(w, 16, ssharp({ clamp: 0 }));
      setV(w, 0, (l) => bits(((l & 7) + 0.75) / W));
      setV(w, 1, (l) => bits(((l >> 3) + 0.25) / W));
      setV(w, 2, () => 1 | (63 << 8)); // +1, -1
      setV(w, 3, (l) => bits(((l & 7) + 0.75) / W));
      setV(w, 4, (l) => bits(((l >> 3) + 0.25) / W));
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const i0 = l & 7;
    const j0 = ((l >> 3) - 1 + W) % W;
    const i1 = (i0 + 1) % W;
    const j1 = l >> 3;
    const order = [
      [i0, j1],
      [i1, j1],
      [i1, j0],
      [i0, j0],
    ];
    for (const [k, [x, y]] of order.entries())
      close(f32(vreg(wave, 10 + k, l)), texel(x!, y!)[1]!, `gather lane ${l} ${k}`);
    const o = order.map(([x, y]) => [(x! + 1) % W, (y! - 1 + W) % W]);
    for (const [k, [x, y]] of o.entries())
      close(f32(vreg(wave, 14 + k, l)), texel(x!, y!)[3]!, `gather_o lane ${l} ${k}`);
  }
});

test('3D trilinear and 2D-array slices (nearest integer, clamped) with image_sample_lz', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(4096, 256);
  // 4x4x4 R32 float: value = 100 z + 10 y + x.
  for (let z = 0; z < 4; z++)
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++) mem.writeF32(base + ((z * 4 + y) * 4 + x) * 4, 100 * z + 10 * y + x);
  const { wave } = runWave(
    'image_sample_lz v10, v[0:2], s[8:15], s[16:19] dmask:0x1\nimage_sample_lz v11, v[0:2], s[20:27], s[16:19] dmask:0x1 da',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: 4, height: 4, depth: 4, type: 10 }));
      setS(w, 20, tsharp({ base, dfmt: 4, nfmt: 7, width: 4, height: 4, depth: 4, type: 13 }));
      setS(w, 16, ssharp({ clamp: 2, mag: 1, min: 1 }));
      setV(w, 0, (l) => bits((1 + (l & 3) * 0.25) / 4));
      setV(w, 1, () => bits(1.5 / 4));
      setV(w, 2, (l) => bits(l < 32 ? (1 + (l >> 3) * 0.25) / 4 : (l - 40) / 4));
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const u = 1 + (l & 3) * 0.25 - 0.5;
    const want = l < 32 ? 100 * (1 + (l >> 3) * 0.25 - 0.5) + 10 * 1 + u : undefined;
    if (want !== undefined) close(f32(vreg(wave, 10, l)), want, `3D lane ${l}`);
    // Array: the third coordinate is a slice index (not normalized), rounded, clamped to 0..3.
    const zc = l < 32 ? (1 + (l >> 3) * 0.25) / 4 : (l - 40) / 4;
    const s = Math.min(Math.max(rint(Math.fround(zc)), 0), 3);
    close(f32(vreg(wave, 11, l)), 100 * s + 10 + u, `array lane ${l}`);
  }
});

test('d16 samples, integer formats with nearest, and what is not modelled stops loudly', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(1024, 256);
  for (let k = 0; k < 64; k++) mem.write32(base + 4 * k, (k * 1000) | ((k * 77 + 5) << 16));
  const { wave } = runWave(
    'image_sample_lz v10, v[0:1], s[8:15], s[16:19] dmask:0x1\nimage_sample_lz v11, v[0:1], s[20:27], s[16:19] dmask:0x1 d16',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 8, height: 8 }));
      setS(w, 20, tsharp({ base, dfmt: 2, nfmt: 0, width: 16, height: 8 }));
      setS(w, 16, ssharp({ clamp: 2 }));
      setV(w, 0, (l) => bits(((l & 7) + 0.5) / 8));
      setV(w, 1, (l) => bits(((l >> 3) + 0.5) / 8));
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) assert.equal(vreg(wave, 10, l), ((l * 1000) | ((l * 77 + 5) << 16)) >>> 0);
  // R16 unorm 16x8, lane 9 samples texel (3, 1): its d16 result is v / 65535 rounded to f16.
  const v = mem.read16(base + (1 * 16 + 3) * 2);
  const h = vreg(wave, 11, 9) & 0xffff;
  const e = (h >> 10) & 31;
  const val = e === 0 ? (h & 1023) * 2 ** -24 : (1 + (h & 1023) / 1024) * 2 ** (e - 15);
  assert.ok(Math.abs(val - v / 65535) <= 2 ** -11 * Math.max(val, 2 ** -14), `d16 ${val} vs ${v / 65535}`);
  assert.throws(
    () =>
      runWave(
        'image_sample_lz v10, v[0:1], s[8:15], s[16:19] dmask:0x1',
        (w) => {
          setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 8, height: 8 }));
          setS(w, 16, ssharp({ mag: 1, min: 1 }));
        },
        { mem },
      ),
    /image_sample_lz: bilinear filtering of an integer format .* is not modelled at pc 0x/,
  );
  assert.throws(
    () =>
      runWave(
        'image_sample_lz v10, v[0:1], s[8:15], s[16:19] dmask:0x1',
        (w) => {
          setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: 8, height: 8 }));
          setS(w, 16, ssharp({ clamp: 6, border: 3 }));
          setV(w, 0, () => bits(-1));
        },
        { mem },
      ),
    /border colour table .* is not modelled/,
  );
  assert.throws(
    () => runWave('image_gather4h v[10:13], v[0:1], s[8:15], s[16:19] dmask:0x1', undefined, { mem }),
    /instruction without semantics: image_gather4h at pc 0x/,
  );
});
