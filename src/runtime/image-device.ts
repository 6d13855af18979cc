// Image and sampler objects in a Device's memory, and the check of an image/sampler kernel argument.
// The descriptors differ per generation (src/isa/resources.ts) while an image is made before the kernel
// that reads it is known: createImage and createSampler write them for gfx9, and a launch rewrites the
// descriptors of its image and sampler arguments for its kernel's generation (layOutFor).

import type { Generation } from '../isa/processors.js';
import type { Device } from './device.js';
import { LaunchError } from './errors.js';
import {
  type DeviceImage,
  type DeviceSampler,
  IMAGE_OBJECT_BYTES,
  type ImageOptions,
  type ImageShape,
  imageObject,
  imageShape,
  type SamplerOptions,
  samplerDescriptor,
  samplerValue,
} from './image.js';

function checked<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof LaunchError) throw e;
    throw new LaunchError('argument', `${what}: ${(e as Error).message}`);
  }
}

export function createImage(dev: Device, options: ImageOptions, data?: Uint8Array): DeviceImage {
  const s = checked('createImage', () => imageShape(options));
  if (data !== undefined && data.length !== s.bytes)
    throw new LaunchError(
      'argument',
      `createImage: data has ${data.length} bytes, the ${s.width}x${s.height}x${s.depth * s.layers} ${s.order} ${s.channelType} image ${s.bytes}`,
    );
  const address = dev.allocate(Math.max(s.bytes, 1), 256, 'createImage: the texel data');
  const descriptor = dev.allocate(IMAGE_OBJECT_BYTES, 64, 'createImage: the image object');
  dev.mem.upload(descriptor, imageObject(s, address, 'gfx9'));
  shapes(dev).set(descriptor, [s, address]);
  if (data !== undefined) dev.mem.upload(address, data);
  return {
    kind: 'image',
    address,
    size: s.bytes,
    descriptor,
    type: s.type,
    width: s.width,
    height: s.height,
    depth: s.depth,
    layers: s.layers,
    order: s.order,
    channelType: s.channelType,
    elementSize: s.elementSize,
  };
}

/** The shape and texel address of each image object a Device holds, by the object's address. */
const SHAPES = new WeakMap<Device, Map<number, readonly [ImageShape, number]>>();

function shapes(dev: Device): Map<number, readonly [ImageShape, number]> {
  let m = SHAPES.get(dev);
  if (m === undefined) {
    m = new Map();
    SHAPES.set(dev, m);
  }
  return m;
}

const SAMPLERS = new WeakMap<Device, Map<number, DeviceSampler>>();

export function createSampler(dev: Device, options: SamplerOptions | number): DeviceSampler {
  const value = checked('createSampler', () => samplerValue(options));
  let m = SAMPLERS.get(dev);
  if (m === undefined) {
    m = new Map();
    SAMPLERS.set(dev, m);
  }
  let smp = m.get(value);
  if (smp === undefined) {
    const descriptor = dev.allocate(16, 16, 'createSampler');
    dev.mem.upload(descriptor, new Uint8Array(samplerDescriptor(value, 'gfx9').buffer));
    smp = { kind: 'sampler', descriptor, value };
    m.set(value, smp);
  }
  return smp;
}

/** The address an image or sampler argument holds; a LaunchError when `arg` is not one. */
export function imageArgAddress(kind: 'image' | 'sampler', arg: unknown, where: string): number {
  const o = arg as { kind?: unknown; descriptor?: unknown } | null;
  if (typeof o !== 'object' || o === null || o.kind !== kind || typeof o.descriptor !== 'number') {
    const how = kind === 'image' ? 'Device.createImage' : 'Device.createSampler';
    throw new LaunchError(
      'argument',
      `${where} is ${kind === 'image' ? 'an image' : 'a sampler_t'}: pass the object ${how} returns`,
    );
  }
  return o.descriptor;
}

/**
 * Rewrites the descriptors of the image and sampler arguments (already checked by imageArgAddress) in
 * the layout of generation `gen`, the generation of the kernel about to run.
 */
export function layOutFor(
  dev: Device,
  gen: Generation,
  kinds: readonly string[],
  args: readonly unknown[],
): void {
  for (let k = 0; k < kinds.length; k++) {
    const o = args[k] as { descriptor: number; value?: number };
    if (kinds[k] === 'image') {
      const known = SHAPES.get(dev)?.get(o.descriptor);
      if (known !== undefined) dev.mem.upload(o.descriptor, imageObject(known[0], known[1], gen));
    } else if (kinds[k] === 'sampler' && SAMPLERS.get(dev)?.get(o.value!)?.descriptor === o.descriptor) {
      dev.mem.upload(o.descriptor, new Uint8Array(samplerDescriptor(o.value!, gen).buffer));
    }
  }
}
