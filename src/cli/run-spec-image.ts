// The image and sampler arguments of a run spec (docs/run-spec.md, "Images and samplers"): the fields
// are the API's ImageOptions / SamplerOptions with the spec's snake_case names, checked by the runtime's
// own validation so that both report the same limits.

import {
  type ChannelOrder,
  type ChannelType,
  type ImageOptions,
  type ImageType,
  imageShape,
  type SamplerOptions,
  samplerValue,
} from '../runtime/image.js';

/** Throws the caller's SpecError (run-spec.ts) for `field`: passed in to keep the modules acyclic. */
export type Fail = (field: string, what: string) => never;

const IMAGE_KEYS = ['type', 'width', 'height', 'depth', 'layers', 'order', 'channel_type'];

/** An image's shape and format from its spec object (any "file" already taken out). */
export function imageDecl(v: unknown, field: string, fail: Fail): ImageOptions {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(field, 'must be a JSON object');
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!IMAGE_KEYS.includes(k))
      fail(`${field}.${k}`, `unknown field (fields here: file, ${IMAGE_KEYS.join(', ')})`);
  for (const k of ['width', 'order', 'channel_type']) if (!(k in o)) fail(field, `an image needs "${k}"`);
  const img: ImageOptions = {
    ...(o.type !== undefined ? { type: o.type as ImageType } : {}),
    width: o.width as number,
    ...(o.height !== undefined ? { height: o.height as number } : {}),
    ...(o.depth !== undefined ? { depth: o.depth as number } : {}),
    ...(o.layers !== undefined ? { layers: o.layers as number } : {}),
    order: o.order as ChannelOrder,
    channelType: o.channel_type as ChannelType,
  };
  try {
    imageShape(img);
  } catch (e) {
    fail(field, (e as Error).message);
  }
  return img;
}

/** A sampler: { normalized, address, filter } or an OpenCL sampler_t value. */
export function samplerDecl(v: unknown, field: string, fail: Fail): SamplerOptions | number {
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    for (const k of Object.keys(v))
      if (!['normalized', 'address', 'filter'].includes(k))
        fail(`${field}.${k}`, 'unknown field (fields here: normalized, address, filter)');
    const n = (v as { normalized?: unknown }).normalized;
    if (n !== undefined && typeof n !== 'boolean') fail(`${field}.normalized`, 'must be true or false');
  } else if (typeof v !== 'number')
    fail(field, 'must be { "normalized", "address", "filter" } or a sampler_t value');
  try {
    samplerValue(v as SamplerOptions | number);
  } catch (e) {
    fail(field, (e as Error).message);
  }
  return v as SamplerOptions | number;
}
