// MIMG execution without a sampler (src/emu/mem/image*.ts): image_load/_mip/_pck/_pck_sgn,
// image_store/_mip/_pck, image_atomic_*, image_get_resinfo, 1D/2D/3D/array addressing, d16, tfe, and
// the loud failures. T# words come from test/helpers/image-desc.ts (the Vega document's table); the
// expected values are host computations of the format rules (unorm = v / (2^n - 1), snorm clamped to
// -1, ...), written here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { f32, setS, tsharp } from './helpers/image-desc.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

function image(mem: DeviceMemory, bytes: number, fill: (k: number) => number): number {
  const b = mem.alloc(bytes + 256, 256);
  for (let k = 0; k < bytes; k++) mem.write8(b + k, fill(k) & 0xff);
  return b;
}

test('image_load: a 2D RGBA8 unorm image, every lane its own texel, dmask selects components', () => {
  const mem = new DeviceMemory();
  const W = 8;
  const H = 8;
  const base = image(mem, W * H * 4, (k) => k * 5 + 3);
  for (const dmask of [0xf, 0x5, 0x8, 0x3]) {
    const n = [0, 1, 2, 3].filter((k) => (dmask >> k) & 1).length;
    const vd = n === 1 ? 'v10' : `v[10:${9 + n}]`;
    const { wave } = runWave(
      `image_load ${vd}, v[0:1], s[8:15] dmask:0x${dmask.toString(16)} unorm`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 0, width: W, height: H }));
        setV(w, 0, (l) => l % W);
        setV(w, 1, (l) => Math.floor(l / W));
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      const comps = [0, 1, 2, 3].filter((k) => (dmask >> k) & 1);
      comps.forEach((c, j) => {
        const byte = mem.read8(base + l * 4 + c);
        assert.equal(f32(vreg(wave, 10 + j, l)), Math.fround(byte / 255), `lane ${l} comp ${c}`);
      });
    }
  }
});

/** Host decoding of a texel of format (dfmt, nfmt) from bytes: the VGPR value of each component. */
interface Case {
  name: string;
  dfmt: number;
  nfmt: number;
  bytes: number;
  comps: number[]; // widths
  value: (raw: number, n: number) => number; // expected numeric value
  int?: boolean;
}
const signed = (v: number, n: number) => (v >= 2 ** (n - 1) ? v - 2 ** n : v);
const h2f = (h: number) => {
  const e = (h >> 10) & 31;
  const m = h & 1023;
  const s = h >> 15 ? -1 : 1;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
};
const CASES: Case[] = [
  { name: 'R8 unorm', dfmt: 1, nfmt: 0, bytes: 1, comps: [8], value: (v, n) => v / (2 ** n - 1) },
  {
    name: 'RG8 snorm',
    dfmt: 3,
    nfmt: 1,
    bytes: 2,
    comps: [8, 8],
    value: (v, n) => Math.max(signed(v, n) / 127, -1),
  },
  { name: 'RGBA8 uint', dfmt: 10, nfmt: 4, bytes: 4, comps: [8, 8, 8, 8], value: (v) => v, int: true },
  { name: 'RGBA8 sint', dfmt: 10, nfmt: 5, bytes: 4, comps: [8, 8, 8, 8], value: signed, int: true },
  { name: 'R16 unorm', dfmt: 2, nfmt: 0, bytes: 2, comps: [16], value: (v) => v / 65535 },
  { name: 'RG16 sint', dfmt: 5, nfmt: 5, bytes: 4, comps: [16, 16], value: signed, int: true },
  { name: 'RGBA16 float', dfmt: 12, nfmt: 7, bytes: 8, comps: [16, 16, 16, 16], value: (v) => h2f(v) },
  {
    name: 'RGBA16 snorm',
    dfmt: 12,
    nfmt: 1,
    bytes: 8,
    comps: [16, 16, 16, 16],
    value: (v) => Math.max(signed(v, 16) / 32767, -1),
  },
  { name: 'R32 uint', dfmt: 4, nfmt: 4, bytes: 4, comps: [32], value: (v) => v, int: true },
  { name: 'RG32 float', dfmt: 11, nfmt: 7, bytes: 8, comps: [32, 32], value: (v) => f32(v) },
  {
    name: 'RGBA32 sint',
    dfmt: 14,
    nfmt: 5,
    bytes: 16,
    comps: [32, 32, 32, 32],
    value: (v) => v | 0,
    int: true,
  },
];

test('image_load: 8/16/32-bit unorm/snorm/uint/sint/float, 1-4 channels, missing components 0 and alpha 1', () => {
  for (const c of CASES) {
    const mem = new DeviceMemory();
    const base = image(mem, 64 * c.bytes, (k) => (k * 37 + 11) ^ (k >> 3));
    const { wave } = runWave(
      'image_load v[10:13], v0, s[8:15] dmask:0xf unorm',
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: c.dfmt, nfmt: c.nfmt, width: 64, type: 8 }));
        setV(w, 0, (l) => l);
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      let at = base + l * c.bytes;
      for (let k = 0; k < 4; k++) {
        const got = vreg(wave, 10 + k, l);
        if (k >= c.comps.length) {
          const want = k === 3 ? (c.int ? 1 : 0x3f800000) : 0;
          assert.equal(got, want, `${c.name} lane ${l} missing comp ${k}`);
          continue;
        }
        const n = c.comps[k]!;
        const raw = n === 8 ? mem.read8(at) : n === 16 ? mem.read16(at) : mem.read32(at);
        at += n / 8;
        const want = c.value(raw, n);
        if (c.int) assert.equal(got | 0, want | 0, `${c.name} lane ${l} comp ${k}`);
        else if (Number.isNaN(want)) assert.ok(Number.isNaN(f32(got)));
        else assert.equal(f32(got), Math.fround(want), `${c.name} lane ${l} comp ${k}`);
      }
    }
  }
});

test('image_load: dst_sel (BGRA order, constant 0/1 selects) and d16 packing', () => {
  const mem = new DeviceMemory();
  const base = image(mem, 64 * 4, (k) => k);
  const { wave } = runWave(
    'image_load v[10:13], v0, s[8:15] dmask:0xf unorm\nimage_load v[20:21], v0, s[16:23] dmask:0xf unorm d16',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 4, width: 64, type: 8, sel: [6, 5, 4, 7] }));
      setS(w, 16, tsharp({ base, dfmt: 10, nfmt: 0, width: 64, type: 8, sel: [4, 0, 1, 7] }));
      setV(w, 0, (l) => l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    assert.deepEqual(
      [10, 11, 12, 13].map((r) => vreg(wave, r, l)),
      [4 * l + 2, 4 * l + 1, 4 * l, 4 * l + 3],
    );
    // d16 unorm: R/255 and 0 in v20, 1.0 and A/255 in v21 (f16 halves, low first).
    const r = vreg(wave, 20, l);
    const a = vreg(wave, 21, l);
    assert.equal(h2f(r & 0xffff), h2f(f16((l * 4) / 255)));
    assert.equal(r >>> 16, 0);
    assert.equal(a & 0xffff, 0x3c00);
    assert.equal(h2f(a >>> 16), h2f(f16((l * 4 + 3) / 255)));
  }
});

/** Round to nearest even f16 bits of a positive normal value (enough for the values here). */
function f16(x: number): number {
  if (x === 0) return 0;
  const e = Math.floor(Math.log2(x));
  const m = x / 2 ** e - 1;
  let mm = Math.round(m * 1024);
  if (Math.abs(m * 1024 - Math.floor(m * 1024) - 0.5) < 1e-12)
    mm = Math.floor(m * 1024) % 2 ? Math.floor(m * 1024) + 1 : Math.floor(m * 1024);
  return ((e + 15) << 10) + mm;
}

test('image_load_pck / image_load_pck_sgn: raw components without conversion, sign-extended by _sgn', () => {
  const mem = new DeviceMemory();
  const base = image(mem, 64 * 4, (k) => k * 9 + 200);
  const { wave } = runWave(
    'image_load_pck v[10:11], v0, s[8:15] dmask:0x3 unorm\nimage_load_pck_sgn v[12:13], v0, s[8:15] dmask:0x3 unorm',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 5, nfmt: 0, width: 64, type: 8, sel: [5, 4, 0, 1] }));
      setV(w, 0, (l) => l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const r = mem.read16(base + 4 * l);
    const g = mem.read16(base + 4 * l + 2);
    assert.deepEqual([vreg(wave, 10, l), vreg(wave, 11, l)], [r, g]);
    assert.deepEqual([vreg(wave, 12, l), vreg(wave, 13, l)], [signed(r, 16) >>> 0, signed(g, 16) >>> 0]);
  }
});

test('image_store: conversion with clamping, the inverse of dst_sel, d16, then image_load returns it', () => {
  const mem = new DeviceMemory();
  const base = image(mem, 64 * 4, () => 0xee);
  const vals = (l: number) => [l / 63, 1 - l / 63, (l - 32) / 16, 0.5];
  const { wave } = runWave(
    'image_store v[10:13], v0, s[8:15] dmask:0xf unorm\nimage_load v[20:23], v0, s[8:15] dmask:0xf unorm',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 10, nfmt: 0, width: 64, type: 8, sel: [6, 5, 4, 7] }));
      setV(w, 0, (l) => l);
      for (let k = 0; k < 4; k++)
        setV(w, 10 + k, (l) => new Uint32Array(new Float32Array([vals(l)[k]!]).buffer)[0]!);
    },
    { mem },
  );
  const rne = (x: number) => {
    const r = Math.round(x);
    return r - x === 0.5 && r % 2 ? r - 1 : r;
  };
  for (let l = 0; l < 64; l++) {
    const v = vals(l).map((x) => rne(Math.min(1, Math.max(0, Math.fround(x))) * 255));
    // BGRA in memory: X (red) lands in byte 2, Z (blue) in byte 0.
    assert.deepEqual(
      [0, 1, 2, 3].map((k) => mem.read8(base + 4 * l + k)),
      [v[2], v[1], v[0], v[3]],
    );
    for (let k = 0; k < 4; k++) assert.equal(f32(vreg(wave, 20 + k, l)), Math.fround(v[k]! / 255));
  }
  // d16 store of a 16-bit float image: two halves per VGPR.
  const m2 = new DeviceMemory();
  const b2 = image(m2, 64 * 4, () => 0);
  runWave(
    'image_store v10, v0, s[8:15] dmask:0x3 unorm d16',
    (w) => {
      setS(w, 8, tsharp({ base: b2, dfmt: 5, nfmt: 7, width: 64, type: 8 }));
      setV(w, 0, (l) => l);
      setV(w, 10, (l) => (l | ((l + 0x3c00) << 16)) >>> 0);
    },
    { mem: m2 },
  );
  for (let l = 0; l < 64; l++)
    assert.deepEqual([m2.read16(b2 + 4 * l), m2.read16(b2 + 4 * l + 2)], [l, l + 0x3c00]);
});

test('image_store_pck writes raw bits; out-of-range stores are dropped and loads read 0', () => {
  const mem = new DeviceMemory();
  const base = image(mem, 16 * 2, () => 0);
  const { wave } = runWave(
    'image_store_pck v[10:11], v0, s[8:15] dmask:0x3 unorm\nimage_load v[20:21], v1, s[8:15] dmask:0x3 unorm',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 3, nfmt: 4, width: 16, type: 8 }));
      setV(w, 0, (l) => l); // lanes >= 16 are outside
      setV(w, 1, (l) => l);
      setV(w, 10, (l) => 0x100 + l);
      setV(w, 11, (l) => 0xff00 + 2 * l);
      setV(w, 20, () => 0xdead);
    },
    { mem },
  );
  for (let l = 0; l < 16; l++)
    assert.deepEqual([mem.read8(base + 2 * l), mem.read8(base + 2 * l + 1)], [l, (2 * l) & 0xff]);
  assert.equal(mem.read8(base + 32), 0);
  for (let l = 0; l < 64; l++) assert.equal(vreg(wave, 20, l), l < 16 ? l : 0);
});

test('image_load_mip / image_store_mip address levels laid out one after the other', () => {
  const mem = new DeviceMemory();
  // 8x4 R32 uint, levels 0 (8x4), 1 (4x2), 2 (2x1): 32 + 8 + 2 dwords.
  const base = mem.alloc(4096, 256);
  for (let k = 0; k < 42; k++) mem.write32(base + 4 * k, 1000 + k);
  const { wave } = runWave(
    'image_load_mip v10, v[0:2], s[8:15] dmask:0x1 unorm\nimage_store_mip v11, v[0:2], s[8:15] dmask:0x1 unorm',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 8, height: 4, lastLevel: 2 }));
      setV(w, 0, (l) => l & 7);
      setV(w, 1, (l) => (l >> 3) & 3);
      setV(w, 2, (l) => l >> 5); // level 0 or 1
      setV(w, 11, (l) => 5000 + l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const x = l & 7;
    const y = (l >> 3) & 3;
    const lv = l >> 5;
    const inside = lv === 0 || (x < 4 && y < 2);
    const idx = lv === 0 ? y * 8 + x : 32 + y * 4 + x;
    assert.equal(vreg(wave, 10, l), inside ? 1000 + idx : 0, `lane ${l}`);
    if (inside) assert.equal(mem.read32(base + 4 * idx), lv === 1 ? 5000 + l : 5000 + l);
  }
});

test('1D, 1D-array, 2D-array (da) and 3D addressing', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(65536, 256);
  for (let k = 0; k < 4096; k++) mem.write32(base + 4 * k, k);
  const run = (type: number, extra: object, coords: ((l: number) => number)[], da: boolean) =>
    runWave(
      `image_load v10, v[0:2], s[8:15] dmask:0x1 unorm${da ? ' da' : ''}`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 4, type, ...extra }));
        for (const [k, f] of coords.entries()) setV(w, k, f);
      },
      { mem },
    ).wave;
  // 1D array of 4-texel rows, 5 slices (gfx9: slices in the depth field): x, slice.
  let w = run(12, { depth: 5 }, [(l) => l & 3, (l) => l >> 2], true);
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 10, l), l >> 2 < 5 ? (l >> 2) * 4 + (l & 3) : 0);
  // 2D array 4x3, 3 slices: x, y, slice.
  w = run(13, { height: 3, depth: 3 }, [(l) => l & 3, (l) => (l >> 2) & 3, (l) => l >> 4], true);
  for (let l = 0; l < 64; l++) {
    const [x, y, s] = [l & 3, (l >> 2) & 3, l >> 4];
    assert.equal(vreg(w, 10, l), y < 3 && s < 3 ? (s * 3 + y) * 4 + x : 0);
  }
  // Without da the slice is not sent: slice 0.
  w = run(13, { height: 3, depth: 3 }, [(l) => l & 3, (l) => (l >> 2) % 3, () => 2], false);
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 10, l), ((l >> 2) % 3) * 4 + (l & 3));
  // 3D 4x2x8 with a row pitch of 6 texels.
  w = run(10, { height: 2, depth: 8, pitch: 6 }, [(l) => l & 3, (l) => (l >> 2) & 1, (l) => l >> 3], false);
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 10, l), ((l >> 3) * 2 + ((l >> 2) & 1)) * 6 + (l & 3));
});

test('image_get_resinfo: width, height, depth/slices and level count for a mip id', () => {
  const { wave } = runWave('image_get_resinfo v[10:13], v0, s[8:15] dmask:0xf unorm', (w) => {
    setS(
      w,
      8,
      tsharp({ base: 0x10000, dfmt: 4, nfmt: 4, width: 20, height: 9, depth: 6, type: 10, lastLevel: 3 }),
    );
    setV(w, 0, (l) => l & 3);
  });
  for (let l = 0; l < 64; l++) {
    const m = l & 3;
    assert.deepEqual(
      [10, 11, 12, 13].map((r) => vreg(wave, r, l)),
      [Math.max(1, 20 >> m), Math.max(1, 9 >> m), Math.max(1, 6 >> m), 4],
    );
  }
  const a = runWave('image_get_resinfo v[10:12], v0, s[8:15] dmask:0x7 unorm', (w) => {
    setS(w, 8, tsharp({ base: 0x10000, dfmt: 4, nfmt: 4, width: 16, height: 4, depth: 7, type: 13 }));
    setV(w, 0, () => 0);
  }).wave;
  assert.deepEqual(
    [10, 11, 12].map((r) => vreg(a, r, 0)),
    [16, 4, 7],
  );
});

const ATOMICS: [string, (old: number, src: number) => number][] = [
  ['swap', (_o, s) => s],
  ['add', (o, s) => o + s],
  ['sub', (o, s) => o - s],
  ['smin', (o, s) => Math.min(o | 0, s | 0)],
  ['umin', (o, s) => Math.min(o >>> 0, s >>> 0)],
  ['smax', (o, s) => Math.max(o | 0, s | 0)],
  ['umax', (o, s) => Math.max(o >>> 0, s >>> 0)],
  ['and', (o, s) => o & s],
  ['or', (o, s) => o | s],
  ['xor', (o, s) => o ^ s],
  ['inc', (o, s) => (o >>> 0 >= s >>> 0 ? 0 : o + 1)],
  ['dec', (o, s) => (o === 0 || o >>> 0 > s >>> 0 ? s : o - 1)],
];

test('image_atomic_*: 32-bit ops on an R32 uint image, glc returns the old value', () => {
  for (const [op, f] of ATOMICS) {
    const mem = new DeviceMemory();
    const base = mem.alloc(256, 256);
    const init = (l: number) => ((l * 0x9e3779b1) ^ (l << 28)) >>> 0;
    for (let l = 0; l < 64; l++) mem.write32(base + 4 * l, init(l) % (l & 1 ? 2 ** 32 : 100));
    const src = (l: number) => (l * 0x01000193 + (l & 2 ? 0x80000000 : 7)) >>> 0;
    const old = Array.from({ length: 64 }, (_, l) => mem.read32(base + 4 * l));
    const { wave } = runWave(
      `image_atomic_${op} v10, v0, s[8:15] dmask:0x1 unorm glc`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 64, type: 8 }));
        setV(w, 0, (l) => l);
        setV(w, 10, src);
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(mem.read32(base + 4 * l), f(old[l]!, src(l)) >>> 0, `${op} lane ${l}`);
      assert.equal(vreg(wave, 10, l), old[l], `${op} returned, lane ${l}`);
    }
  }
});

test('image_atomic_cmpswap (32 and 64 bits) and a 64-bit add on an RG32 uint image', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(1024, 256);
  for (let l = 0; l < 64; l++) mem.write32(base + 4 * l, l);
  const { wave } = runWave(
    'image_atomic_cmpswap v[10:11], v0, s[8:15] dmask:0x3 unorm glc',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 64, type: 8 }));
      setV(w, 0, (l) => l);
      setV(w, 10, (l) => 100 + l);
      setV(w, 11, (l) => (l % 3 === 0 ? l : 999));
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    assert.equal(mem.read32(base + 4 * l), l % 3 === 0 ? 100 + l : l);
    assert.equal(vreg(wave, 10, l), l);
  }
  const m2 = new DeviceMemory();
  const b2 = m2.alloc(1024, 256);
  for (let l = 0; l < 64; l++) m2.write64(b2 + 8 * l, 0xffffffff, l);
  runWave(
    'image_atomic_add v[10:11], v0, s[8:15] dmask:0x3 unorm\nimage_atomic_cmpswap v[12:15], v0, s[8:15] dmask:0xf unorm',
    (w) => {
      setS(w, 8, tsharp({ base: b2, dfmt: 11, nfmt: 4, width: 64, type: 8 }));
      setV(w, 0, (l) => l);
      setV(w, 10, () => 1);
      setV(w, 11, () => 0);
      setV(w, 12, () => 7);
      setV(w, 13, () => 8);
      setV(w, 14, () => 0);
      setV(w, 15, (l) => (l & 1 ? l + 1 : 0));
    },
    { mem: m2 },
  );
  for (let l = 0; l < 64; l++) {
    const want = l & 1 ? [7, 8] : [0, l + 1];
    assert.deepEqual([m2.read32(b2 + 8 * l), m2.read32(b2 + 8 * l + 4)], want, `lane ${l}`);
  }
});

test('tfe writes 0 after the data; what is not modelled stops naming the instruction and pc', () => {
  const mem = new DeviceMemory();
  const base = image(mem, 256, (k) => k);
  const { wave } = runWave(
    'image_load v[10:11], v0, s[8:15] dmask:0x1 unorm tfe',
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 1, nfmt: 4, width: 64, type: 8 }));
      setV(w, 0, (l) => l);
      setV(w, 11, () => 0x1234);
    },
    { mem },
  );
  assert.equal(vreg(wave, 10, 5), 5);
  assert.equal(vreg(wave, 11, 5), 0);
  const bad: [string, object, RegExp][] = [
    [
      'image_load v10, v0, s[8:15] dmask:0x1 unorm',
      { tiling: 3 },
      /image_load: tiled images are not modelled .* at pc 0x/,
    ],
    ['image_load v10, v0, s[8:15] dmask:0x1 unorm', { type: 11 }, /image type 11 \(cube\) is not modelled/],
    [
      'image_load v10, v0, s[8:15] dmask:0x1 unorm',
      { dfmt: 35 },
      /image_load: image format not modelled: data format 35/,
    ],
    [
      'image_load v10, v0, s[8:15] dmask:0x1 unorm a16',
      {},
      /16-bit addresses \(a16\) are not modelled at pc/,
    ],
    [
      'image_atomic_add v10, v0, s[8:15] dmask:0x1 unorm',
      { dfmt: 3 },
      /image_atomic_add: image atomics need a 32- or 64-bit element/,
    ],
    [
      'image_store v10, v0, s[8:15] dmask:0x1 unorm',
      { nfmt: 2 },
      /image_store: stores to data format 4 \(32\), number format 2 \(USCALED\) are not modelled/,
    ],
  ];
  for (const [src, over, re] of bad) {
    assert.throws(
      () =>
        runWave(src, (w) => setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 64, type: 8, ...over })), {
          mem,
        }),
      re,
    );
  }
});
