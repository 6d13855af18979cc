// Image objects (Device.createImage) hold the gfx9 T#; a kernel of a gfx6-8 target that takes an image
// is refused with a one-line LaunchError rather than run on a descriptor its generation reads otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkShared } from '../src/elf/link.js';
import { ElfFile } from '../src/elf/reader.js';
import { Device } from '../src/runtime/device.js';
import { LaunchError } from '../src/runtime/errors.js';
import { assembleKernel, kernelSource } from './helpers/kernel-asm.js';

function imageKernel(target: 'gfx803' | 'gfx700' | 'gfx600' | 'gfx908'): Uint8Array {
  const src = kernelSource('k', '', { target, args: ['ptr'] }).replace(
    '.value_kind: global_buffer',
    '.value_kind: image',
  );
  return linkShared([ElfFile.parse(assembleKernel(src, target), 'k.o')]);
}

test('an image argument is refused on gfx6-8 targets (gfx9 T# layout), accepted on gfx9', () => {
  for (const target of ['gfx600', 'gfx700', 'gfx803'] as const) {
    const dev = new Device();
    const img = dev.createImage({
      type: '2d_array',
      width: 4,
      height: 4,
      layers: 3,
      order: 'R',
      channelType: 'float',
    });
    const mod = dev.load(imageKernel(target), `${target}.co`);
    assert.throws(
      () => mod.launch('k', { grid: [64], block: [64], args: [img] }),
      (e: unknown) =>
        e instanceof LaunchError &&
        e.code === 'target' &&
        e.message ===
          `kernel 'k' takes an image argument: image objects (Device.createImage) are laid out for gfx9 targets only, not ${target}`,
    );
  }
  const dev = new Device();
  const img = dev.createImage({ type: '2d', width: 4, height: 4, order: 'R', channelType: 'float' });
  dev.load(imageKernel('gfx908'), 'gfx908.co').launch('k', { grid: [64], block: [64], args: [img] });
});
