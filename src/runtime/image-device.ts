// Image and sampler objects in a Device's memory, and the check of an image/sampler kernel argument.

import type { Device } from './device.js';
import { LaunchError } from './errors.js';
import {
  type DeviceImage,
  type DeviceSampler,
  IMAGE_OBJECT_BYTES,
  type ImageOptions,
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
  dev.mem.upload(descriptor, imageObject(s, address));
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
    dev.mem.upload(descriptor, new Uint8Array(samplerDescriptor(value).buffer));
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
