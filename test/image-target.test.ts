// Image objects (Device.createImage) reach a kernel of every generation in that generation's T# layout:
// an assembled kernel takes three image arguments, loads their T#s from the image objects with SMEM and
// reads a 2D-array image (whose slice count gfx6-8 take from the last-array field, gfx9 from the depth
// field), writes it to a 2D image and writes image_get_resinfo's slice count to a 1D image. The expected
// values are plain arithmetic on the texels the test wrote. After each launch the image object holds
// the words test/helpers/image-desc.ts writes independently for that generation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { linkShared } from '../src/elf/link.js';
import { ElfFile } from '../src/elf/reader.js';
import { processorOf } from '../src/isa/processors.js';
import { Device } from '../src/runtime/device.js';
import { tsharp, tsharpSI } from './helpers/image-desc.js';
import { assembleKernel, kernelSource } from './helpers/kernel-asm.js';

type T = 'gfx600' | 'gfx700' | 'gfx803' | 'gfx908';

function imageKernel(target: T): Uint8Array {
  // SMEM offsets count dwords on gfx6/7 (SMRD), bytes on gfx8/9 (SMEM).
  const unit = ['gfx6', 'gfx7'].includes(processorOf(target).generation) ? 4 : 1;
  const body = `
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_load_dwordx2 s[2:3], s[0:1], ${16 / unit}
  s_waitcnt lgkmcnt(0)
  s_load_dwordx8 s[8:15], s[4:5], 0x0
  s_load_dwordx8 s[16:23], s[6:7], 0x0
  s_load_dwordx8 s[24:31], s[2:3], 0x0
  v_and_b32 v1, 3, v0
  v_bfe_u32 v2, v0, 2, 2
  v_lshrrev_b32 v3, 4, v0
  v_and_b32 v5, 15, v0
  v_mov_b32 v6, v3
  v_mov_b32 v7, 0
  s_waitcnt lgkmcnt(0)
  image_load v4, v[1:3], s[8:15] dmask:0x1 unorm da
  image_get_resinfo v[8:11], v7, s[8:15] dmask:0xf unorm da
  s_waitcnt vmcnt(0)
  image_store v4, v[5:6], s[16:23] dmask:0x1 unorm
  image_store v10, v0, s[24:31] dmask:0x1 unorm`;
  const src = kernelSource('k', body, { target, args: ['ptr', 'ptr', 'ptr'] }).replaceAll(
    '.value_kind: global_buffer',
    '.value_kind: image',
  );
  return linkShared([ElfFile.parse(assembleKernel(src, target), 'k.o')]);
}

test('an image argument gets its generation T# on gfx600, gfx700, gfx803 and gfx908: array slices, resinfo', () => {
  for (const target of ['gfx600', 'gfx700', 'gfx803', 'gfx908'] as const) {
    const dev = new Device();
    const texels = Uint32Array.from({ length: 4 * 4 * 3 }, (_, k) => 1000 + k);
    const arr = dev.createImage(
      { type: '2d_array', width: 4, height: 4, layers: 3, order: 'R', channelType: 'unsigned_int32' },
      texels,
    );
    const out = dev.createImage({ width: 16, height: 4, order: 'R', channelType: 'unsigned_int32' });
    const info = dev.createImage({ type: '1d', width: 64, order: 'R', channelType: 'unsigned_int32' });
    dev
      .load(imageKernel(target), `${target}.co`)
      .launch('k', { grid: [64], block: [64], args: [arr, out, info] });
    const got = dev.download(out, Uint32Array);
    for (let l = 0; l < 64; l++) {
      const [x, y, s] = [l & 3, (l >> 2) & 3, l >> 4];
      // Slice 3 is past the array's last slice (2): it reads 0.
      assert.equal(
        got[(l >> 4) * 16 + (l & 15)],
        s < 3 ? texels[(s * 4 + y) * 4 + x] : 0,
        `${target} lane ${l}`,
      );
    }
    assert.deepEqual([...dev.download(info, Uint32Array)], new Array(64).fill(3), `${target} resinfo slices`);
  }
});

test('the image object after a launch holds the T# of the kernel generation: words as test/helpers/image-desc.ts writes them', () => {
  const dev = new Device();
  const arr = dev.createImage({
    type: '2d_array',
    width: 4,
    height: 4,
    layers: 3,
    order: 'RG',
    channelType: 'float',
  });
  const out = dev.createImage({ width: 16, height: 4, order: 'R', channelType: 'unsigned_int32' });
  const info = dev.createImage({ type: '1d', width: 64, order: 'R', channelType: 'unsigned_int32' });
  const common = {
    base: arr.address,
    dfmt: 11,
    nfmt: 7,
    width: 4,
    height: 4,
    depth: 3,
    type: 13,
    sel: [4, 5, 0, 1],
  };
  for (const target of ['gfx803', 'gfx908', 'gfx600'] as const) {
    dev.load(imageKernel(target), target).launch('k', { grid: [64], block: [64], args: [arr, out, info] });
    const words = [...new Uint32Array(dev.mem.download(arr.descriptor, 32).buffer)];
    // gfx6-8: tiling index 8 (linear) and LAST_ARRAY 2; gfx9: swizzle mode 0, the last slice in the depth field.
    const want = target === 'gfx908' ? tsharp(common) : tsharpSI({ ...common, tiling: 8, lastArray: 2 });
    assert.deepEqual(words, want, target);
  }
});

test("a sampler argument's S# per generation is the device library's constant sampler for the same sampler_t", () => {
  // clang-22's code for examples/image's box3 (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
  // CLK_FILTER_NEAREST) loads the S# 0x1000b092, 0xfff000, then 0 on gfx700/gfx803 and 0x80000000
  // (s_brev_b32 s14, 1) on gfx900.
  const root = join(import.meta.dirname, '..');
  for (const [file, w2] of [
    ['test/fixtures/image-gens/image-gfx803-O3.hsaco', 0],
    ['test/fixtures/image-gens/image-gfx700-O3.hsaco', 0],
    ['examples/image/image-gfx900.hsaco', 0x80000000],
  ] as const) {
    const dev = new Device();
    const img = dev.createImage({ width: 2, height: 2, order: 'RGBA', channelType: 'float' });
    const s = dev.createSampler({ address: 'clamp_to_edge' });
    dev.load(new Uint8Array(readFileSync(join(root, file))), file).launch('resample', {
      grid: [1],
      block: [1],
      args: [img, img, s],
    });
    assert.deepEqual(
      [...new Uint32Array(dev.mem.download(s.descriptor, 16).buffer)],
      [0x1000b092, 0xfff000, w2, 0],
      file,
    );
  }
});
