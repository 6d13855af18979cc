// OpenCL images and samplers as the device sees them. A kernel's image argument is a 64-bit pointer to
// an image object in device memory, a sampler argument a pointer to a 4-dword S#; what the object
// holds is what ROCm's device library (ockl.bc / opencl.bc, the functions clang-22 links) reads:
//   dwords 0-7   the T# in the layout of the kernel's generation (src/isa/resources.ts: the launch writes
//                it for the kernel it is passed to, Device.createImage for gfx9)
//   dword 8      the channel type as an HSA image channel type (get_image_channel_data_type maps it
//                to the CL_ value through a table indexed by it)
//   dword 9      the channel order as an HSA image channel order (likewise)
//   dword 10     the width in texels (get_image_width reads it, not the T# field)
// get_image_height reads the T# height field, get_image_depth the depth field, get_image_array_size
// the field where the generation keeps an array's last slice (the depth field on gfx9, LAST_ARRAY on
// gfx6-8: clang-22's code for gfx803 reads it there). The S# of a sampler is what the device library's
// __translate_sampler_initializer gives the same sampler_t value (its table for constant samplers): clamp modes per OpenCL
// addressing mode (none and clamp: clamp to border, clamp_to_edge: clamp to last texel, repeat: wrap,
// mirrored_repeat: mirror), bilinear xy filters for CLK_FILTER_LINEAR, force-unnormalized for
// CLK_NORMALIZED_COORDS_FALSE, max LOD 0xfff (u4.8), transparent-black border.
//
// Texel data is linear (no tiling), rows of `width` texels, then rows of the next slice: the bytes of
// an OpenCL image with the default row and slice pitch.

import { put } from '../isa/fields.js';
import type { Generation } from '../isa/processors.js';
import { IMAGE_RESOURCE, IMAGE_SAMPLER, LINEAR_TILING } from '../isa/resources.js';

export type ImageType = '1d' | '2d' | '3d' | '1d_array' | '2d_array';
export type ChannelOrder =
  | 'R'
  | 'A'
  | 'RG'
  | 'RA'
  | 'RGB'
  | 'RGBA'
  | 'BGRA'
  | 'ARGB'
  | 'INTENSITY'
  | 'LUMINANCE';
export type ChannelType =
  | 'snorm_int8'
  | 'snorm_int16'
  | 'unorm_int8'
  | 'unorm_int16'
  | 'signed_int8'
  | 'signed_int16'
  | 'signed_int32'
  | 'unsigned_int8'
  | 'unsigned_int16'
  | 'unsigned_int32'
  | 'half_float'
  | 'float'
  | 'unorm_short_565'
  | 'unorm_short_555'
  | 'unorm_int_101010';

export interface ImageOptions {
  /** Default '2d'. */
  readonly type?: ImageType;
  readonly width: number;
  /** 2D, 3D and 2D-array images (default 1). */
  readonly height?: number;
  /** 3D images (default 1). */
  readonly depth?: number;
  /** Array images: the number of slices (default 1). */
  readonly layers?: number;
  readonly order: ChannelOrder;
  readonly channelType: ChannelType;
}

/** An image: its texel data is a DeviceBuffer (address, size), the image object is at `descriptor`. */
export interface DeviceImage {
  readonly kind: 'image';
  readonly address: number;
  readonly size: number;
  /** Device address of the image object (T# and the OpenCL fields) a kernel argument points to. */
  readonly descriptor: number;
  readonly type: ImageType;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly layers: number;
  readonly order: ChannelOrder;
  readonly channelType: ChannelType;
  /** Bytes per texel. */
  readonly elementSize: number;
}

export type AddressingMode = 'none' | 'clamp_to_edge' | 'clamp' | 'repeat' | 'mirrored_repeat';

export interface SamplerOptions {
  /** CLK_NORMALIZED_COORDS_TRUE (default false). */
  readonly normalized?: boolean;
  /** Default 'none'. */
  readonly address?: AddressingMode;
  /** Default 'nearest'. */
  readonly filter?: 'nearest' | 'linear';
}

export interface DeviceSampler {
  readonly kind: 'sampler';
  /** Device address of the S#. */
  readonly descriptor: number;
  /** The OpenCL sampler_t value (CLK_* bits). */
  readonly value: number;
}

export const IMAGE_OBJECT_BYTES = 48;

/** T# type codes (the T#'s type field: the Vega document, sid.h V_008F1C_SQ_RSRC_IMG_*). */
const TYPE_CODE: Record<ImageType, number> = { '1d': 8, '2d': 9, '3d': 10, '1d_array': 12, '2d_array': 13 };

/** channels, dst_sel x/y/z/w (0 = 0, 1 = 1, 4-7 = R-A), HSA channel order. */
const ORDERS: Record<ChannelOrder, readonly [number, readonly number[], number]> = {
  A: [1, [0, 0, 0, 4], 0],
  R: [1, [4, 0, 0, 1], 1],
  RG: [2, [4, 5, 0, 1], 3],
  RA: [2, [4, 0, 0, 5], 5],
  // Only with the packed types below, whose red is in the high bits: memory channel 0 (the low bits,
  // CLRX's "from lowest bit") is blue.
  RGB: [3, [6, 5, 4, 1], 6],
  RGBA: [4, [4, 5, 6, 7], 8],
  BGRA: [4, [6, 5, 4, 7], 9],
  ARGB: [4, [5, 6, 7, 4], 10],
  INTENSITY: [1, [4, 4, 4, 4], 16],
  LUMINANCE: [1, [4, 4, 4, 1], 17],
};

/** bits per channel, number format (0 unorm, 1 snorm, 4 uint, 5 sint, 7 float), HSA channel type. */
const TYPES: Record<ChannelType, readonly [number, number, number]> = {
  snorm_int8: [8, 1, 0],
  snorm_int16: [16, 1, 1],
  unorm_int8: [8, 0, 2],
  unorm_int16: [16, 0, 3],
  signed_int8: [8, 5, 8],
  signed_int16: [16, 5, 9],
  signed_int32: [32, 5, 10],
  unsigned_int8: [8, 4, 11],
  unsigned_int16: [16, 4, 12],
  unsigned_int32: [32, 4, 13],
  half_float: [16, 7, 14],
  float: [32, 7, 15],
  // OpenCL's packed formats (RGB only): R in the high bits, then G, then B in the low bits.
  unorm_short_565: [0, 0, 6],
  unorm_short_555: [0, 0, 5],
  unorm_int_101010: [0, 0, 7],
};

/** Data format and element bytes of the packed types: 5_6_5, 1_5_5_5 and 2_10_10_10 (B at bit 0). */
const PACKED: Partial<Record<ChannelType, readonly [number, number]>> = {
  unorm_short_565: [16, 2],
  unorm_short_555: [17, 2],
  unorm_int_101010: [9, 4],
};

/** Data format by bits per channel and channel count (1, 2, 4). */
const DFMT: Record<number, Record<number, number>> = {
  8: { 1: 1, 2: 3, 4: 10 },
  16: { 1: 2, 2: 5, 4: 12 },
  32: { 1: 4, 2: 11, 4: 14 },
};

export const IMAGE_TYPES = Object.keys(TYPE_CODE) as ImageType[];
export const CHANNEL_ORDERS = Object.keys(ORDERS) as ChannelOrder[];
export const CHANNEL_TYPES = Object.keys(TYPES) as ChannelType[];
export const ADDRESSING_MODES: readonly AddressingMode[] = [
  'none',
  'clamp_to_edge',
  'clamp',
  'repeat',
  'mirrored_repeat',
];

/** The checked shape of an image: sizes per dimension and bytes, or a one-line error. */
export interface ImageShape {
  type: ImageType;
  width: number;
  height: number;
  depth: number;
  layers: number;
  order: ChannelOrder;
  channelType: ChannelType;
  elementSize: number;
  bytes: number;
}

function dim(v: unknown, what: string, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max)
    throw new Error(`${what} = ${String(v)} is not an integer from 1 to ${max}`);
  return v;
}

/** Validates image options; throws an Error with a one-line message. */
export function imageShape(o: ImageOptions): ImageShape {
  if (typeof o !== 'object' || o === null) throw new Error('image options must be an object');
  const type = o.type ?? '2d';
  if (!(type in TYPE_CODE))
    throw new Error(`image type '${String(type)}' is not one of ${IMAGE_TYPES.join(', ')}`);
  if (!(o.order in ORDERS))
    throw new Error(`channel order '${String(o.order)}' is not one of ${CHANNEL_ORDERS.join(', ')}`);
  if (!(o.channelType in TYPES))
    throw new Error(`channel type '${String(o.channelType)}' is not one of ${CHANNEL_TYPES.join(', ')}`);
  const width = dim(o.width, 'width', 16384);
  const twoD = type === '2d' || type === '3d' || type === '2d_array';
  const height = twoD ? dim(o.height ?? 1, 'height', 16384) : 1;
  if (!twoD && o.height !== undefined && o.height !== 1) throw new Error(`a ${type} image has no height`);
  const depth = type === '3d' ? dim(o.depth ?? 1, 'depth', 8192) : 1;
  if (type !== '3d' && o.depth !== undefined && o.depth !== 1)
    throw new Error(`a ${type} image has no depth`);
  const arrayed = type === '1d_array' || type === '2d_array';
  const layers = arrayed ? dim(o.layers ?? 1, 'layers', 8192) : 1;
  if (!arrayed && o.layers !== undefined && o.layers !== 1) throw new Error(`a ${type} image has no layers`);
  const packed = PACKED[o.channelType];
  if ((o.order === 'RGB') !== (packed !== undefined))
    throw new Error(
      `channel order ${o.order} with channel type ${o.channelType}: RGB goes with unorm_short_565, unorm_short_555 or unorm_int_101010, and only it does`,
    );
  const [channels] = ORDERS[o.order];
  const [bits] = TYPES[o.channelType];
  const elementSize = packed !== undefined ? packed[1] : (channels * bits) / 8;
  const bytes = width * height * depth * layers * elementSize;
  return {
    type,
    width,
    height,
    depth,
    layers,
    order: o.order,
    channelType: o.channelType,
    elementSize,
    bytes,
  };
}

/** The 48-byte image object for texel data at `address` (256-byte aligned), its T# laid out for `gen`. */
export function imageObject(s: ImageShape, address: number, gen: Generation): Uint8Array {
  if (address % 256 !== 0)
    throw new Error(`internal: image data at 0x${address.toString(16)} is not 256-byte aligned`);
  const [channels, sel, order] = ORDERS[s.order];
  const [bits, nfmt, ctype] = TYPES[s.channelType];
  const w = new Uint32Array(IMAGE_OBJECT_BYTES / 4);
  const f = IMAGE_RESOURCE[gen].fields;
  const a = address / 256;
  put(f.base_address, w, a % 2 ** 32);
  put(f.base_address_hi, w, Math.floor(a / 2 ** 32) & 0xff);
  put(f.data_format, w, PACKED[s.channelType]?.[0] ?? DFMT[bits]![channels]!);
  put(f.num_format, w, nfmt);
  put(f.width, w, s.width - 1);
  put(f.height, w, s.height - 1);
  put(f.dst_sel_x, w, sel[0]!);
  put(f.dst_sel_y, w, sel[1]!);
  put(f.dst_sel_z, w, sel[2]!);
  put(f.dst_sel_w, w, sel[3]!);
  put(f.tiling_index, w, LINEAR_TILING[gen]);
  put(f.type, w, TYPE_CODE[s.type]);
  // A 3D image's depth; an array's last slice index also in the depth field (where gfx9 keeps it, and
  // where Mesa's radeonsi puts it on gfx6-8 too), then in the generation's last-array field (on gfx9 the
  // depth field itself, so only for arrays).
  put(f.depth, w, s.type === '3d' ? s.depth - 1 : s.layers - 1);
  if (s.layers > 1) put(f.last_array, w, s.layers - 1);
  put(f.pitch, w, s.width - 1);
  w[8] = ctype;
  w[9] = order;
  w[10] = s.width;
  return new Uint8Array(w.buffer);
}

const CLAMP: Record<AddressingMode, [number, number]> = {
  none: [0, 6],
  clamp_to_edge: [2, 2],
  clamp: [4, 6],
  repeat: [6, 0],
  mirrored_repeat: [8, 1],
};

/** The OpenCL sampler_t value (CLK_NORMALIZED_COORDS_*, CLK_ADDRESS_*, CLK_FILTER_*) of the options. */
export function samplerValue(o: SamplerOptions | number): number {
  if (typeof o === 'number') {
    const addr = (o >> 1) & 7;
    const ok =
      Number.isInteger(o) && (o & ~0x3f) === 0 && addr <= 4 && (o & 0x30) !== 0 && (o & 0x30) !== 0x30;
    if (!ok) throw new Error(`${o} is not an OpenCL sampler_t value (CLK_* bits)`);
    return o;
  }
  if (typeof o !== 'object' || o === null)
    throw new Error('sampler options must be an object or a sampler_t value');
  const address = o.address ?? 'none';
  if (!(address in CLAMP))
    throw new Error(`addressing mode '${String(address)}' is not one of ${ADDRESSING_MODES.join(', ')}`);
  const filter = o.filter ?? 'nearest';
  if (filter !== 'nearest' && filter !== 'linear')
    throw new Error(`filter '${String(filter)}' is not nearest or linear`);
  return (o.normalized ? 1 : 0) | CLAMP[address][0] | (filter === 'linear' ? 0x20 : 0x10);
}

/**
 * ANISO_OVERRIDE in the S# the device library gives a constant sampler: clang-22's code for examples/image's
 * box3 loads S# dword 2 as 0x80000000 on gfx900 (`s_brev_b32 s14, 1`) and as 0 on gfx700 and gfx803.
 */
const ANISO_OVERRIDE: Record<Generation, number> = { gfx6: 0, gfx7: 0, gfx8: 0, gfx9: 1 };

/** The S# (4 dwords) of a sampler_t value, laid out for `gen`. */
export function samplerDescriptor(value: number, gen: Generation): Uint32Array {
  const mode = Object.values(CLAMP).find(([cl]) => cl === (value & 0xe))![1];
  const linear = (value & 0x30) === 0x20 ? 1 : 0;
  const f = IMAGE_SAMPLER[gen].fields;
  const w = new Uint32Array(4);
  put(f.clamp_x, w, mode);
  put(f.clamp_y, w, mode);
  put(f.clamp_z, w, mode);
  put(f.depth_compare_func, w, 3);
  put(f.force_unnormalized, w, value & 1 ? 0 : 1);
  put(f.disable_cube_wrap, w, 1);
  put(f.max_lod, w, 0xfff);
  put(f.xy_mag_filter, w, linear);
  put(f.xy_min_filter, w, linear);
  put(f.aniso_override, w, ANISO_OVERRIDE[gen]);
  return w;
}
