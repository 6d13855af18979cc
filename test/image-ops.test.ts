// Every sampling MIMG op of the gfx908 table, in assembly text: each reads its address VGPRs in the
// document's order ({offset} {bias} {z-compare} {derivatives} {body} {clamp | lod}) and picks the level
// its suffixes ask for. The image has one value per level (1000 * level + 7), so the result names the
// level; the _c forms compare a reference of 1500 ("less": 1 where 1500 < the texel, i.e. from level 2).
// LODs: implicit, from a 2x2 quad 2 texels apart: 1; _d derivatives of 4 texels: 2; _b adds 1; _cl
// clamps to 0.25; _l gives 3; _lz 0; mip point rounds to the nearest level. Plus the mip _pck loads and
// stores that the other files do not cover.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { mimgTable } from '../src/isa/ops/memory-mimg.js';
import { bits, f32, setS, ssharp, tsharp } from './helpers/image-desc.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

const N = 16;
const LEVELS = 5;

function levelImage(mem: DeviceMemory): number {
  const base = mem.alloc(N * N * 8 + 256, 256);
  let at = base;
  for (let L = 0; L < LEVELS; L++) {
    const w = Math.max(1, N >> L);
    for (let k = 0; k < w * w; k++) mem.writeF32(at + 4 * k, 1000 * L + 7);
    at += w * w * 4;
  }
  return base;
}

const SAMPLING = mimgTable('gfx908').rows.filter(
  (r) => /^image_(sample|gather4|get_lod)/.test(r.name) && r.name !== 'image_gather4h',
);

test('every image_sample*, image_gather4* and image_get_lod op: address layout and level selection', () => {
  assert.ok(SAMPLING.length >= 60, `${SAMPLING.length} ops`);
  const mem = new DeviceMemory();
  const base = levelImage(mem);
  for (const row of SAMPLING) {
    const name = row.name;
    const mods = name.split('_').slice(2);
    const has = (m: string) => mods.includes(m);
    const gather = name.startsWith('image_gather4');
    const getLod = name === 'image_get_lod';
    // Address VGPRs from v0, in order.
    const regs: ((l: number) => number)[] = [];
    if (has('o')) regs.push(() => 0);
    if (has('b')) regs.push(() => bits(1));
    if (has('c')) regs.push(() => bits(1500));
    const deriv = has('d') || has('cd');
    if (deriv)
      regs.push(
        () => bits(4 / N),
        () => bits(0),
        () => bits(0),
        () => bits(4 / N),
      );
    regs.push(
      (l) => bits(0.3 + (l & 1 ? 2 / N : 0)),
      (l) => bits(0.3 + (l & 2 ? 2 / N : 0)),
    );
    if (has('cl')) regs.push(() => bits(0.25));
    if (has('l')) regs.push(() => bits(3));
    let lod: number;
    if (has('l')) lod = 3;
    else if (has('lz')) lod = 0;
    else {
      lod = (deriv ? 2 : 1) + (has('b') ? 1 : 0);
      if (has('cl')) lod = Math.min(lod, 0.25);
    }
    const level = Math.min(Math.floor(lod + 0.5), LEVELS - 1);
    const want = has('c') ? (level >= 2 ? 1 : 0) : 1000 * level + 7;
    const data = gather ? 'v[20:23]' : getLod ? 'v[20:21]' : 'v20';
    const dmask = getLod ? 3 : 1;
    const { wave } = runWave(
      `${name} ${data}, v[0:${regs.length - 1}], s[8:15], s[16:19] dmask:0x${dmask}`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 7, width: N, height: N, lastLevel: LEVELS - 1 }));
        setS(w, 16, ssharp({ clamp: 2, mip: 1, compare: 1 }));
        for (const [k, f] of regs.entries()) setV(w, k, f);
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      if (getLod) {
        assert.deepEqual([f32(vreg(wave, 20, l)), f32(vreg(wave, 21, l))], [1, 1], `${name} lane ${l}`);
        continue;
      }
      for (let k = 0; k < (gather ? 4 : 1); k++)
        assert.equal(f32(vreg(wave, 20 + k, l)), want, `${name} lane ${l} (lod ${lod}) component ${k}`);
    }
  }
});

test('image_load_mip_pck, image_load_mip_pck_sgn and image_store_mip_pck address a level and copy raw bits', () => {
  const mem = new DeviceMemory();
  // 8x1 RG8 (1D), levels 0 (8 texels) and 1 (4 texels) after it.
  const base = mem.alloc(256, 256);
  for (let k = 0; k < 24; k++) mem.write8(base + k, 0x70 + 3 * k);
  const { wave } = runWave(
    [
      'image_load_mip_pck v[10:11], v[0:1], s[8:15] dmask:0x3 unorm',
      'image_load_mip_pck_sgn v[12:13], v[0:1], s[8:15] dmask:0x3 unorm',
      'image_store_mip_pck v[14:15], v[0:1], s[8:15] dmask:0x3 unorm',
    ].join('\n'),
    (w) => {
      setS(w, 8, tsharp({ base, dfmt: 3, nfmt: 0, width: 8, type: 8, lastLevel: 1 }));
      setV(w, 0, (l) => l & 3);
      setV(w, 1, () => 1);
      setV(w, 14, (l) => 0x100 + l);
      setV(w, 15, (l) => 0x200 + 2 * l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const x = l & 3;
    const [r, g] = [0x70 + 3 * (16 + 2 * x), 0x70 + 3 * (17 + 2 * x)];
    assert.deepEqual([vreg(wave, 10, l), vreg(wave, 11, l)], [r, g]);
    const sx = (v: number) => (v >= 128 ? v - 256 : v) >>> 0;
    assert.deepEqual([vreg(wave, 12, l), vreg(wave, 13, l)], [sx(r), sx(g)]);
  }
  // Lanes 60-63 stored last, the low 8 bits of each component.
  for (let x = 0; x < 4; x++)
    assert.deepEqual(
      [mem.read8(base + 16 + 2 * x), mem.read8(base + 17 + 2 * x)],
      [(0x100 + 60 + x) & 0xff, (0x200 + 2 * (60 + x)) & 0xff],
    );
});
