// The image resource (T#, 8 SGPRs) and sampler (S#, 4 SGPRs) descriptors of the MIMG instructions, as
// the Vega ISA document's "Image Resource" and "Image Sampler" tables lay them out (bit numbers are of
// the 256-bit / 128-bit constant; dword k holds bits [32k+31:32k]):
//
//   T#  base address >> 8 [39:0], data format [57:52], num format [61:58], width-1 [77:64],
//       height-1 [91:78], dst_sel_x/y/z/w [98:96] [101:99] [104:102] [107:105] (0 = 0, 1 = 1, 4 = R,
//       5 = G, 6 = B, 7 = A), base level [111:108], last level [115:112], tiling index [120:116],
//       type [127:124] (8 1d, 9 2d, 10 3d, 11 cube, 12 1d-array, 13 2d-array, 14/15 msaa),
//       depth-1 [140:128], pitch [156:141], base array [172:160]
//   S#  clamp x/y/z [2:0] [5:3] [8:6], depth compare func [14:12], force unnormalized [15],
//       min lod [43:32] and max lod [55:44] (u4.8), lod bias [77:64] (s5.8), xy mag filter [85:84],
//       xy min filter [87:86], z filter [89:88], mip filter [91:90], border color type [127:126]
//
// Facts the Vega table leaves open, taken from CLRX's GcnMemHandling.md (gfx6-8 layout): the pitch
// field holds the pitch minus one, in texels; on gfx6-8 the last array index of an array view is in
// [185:173] (gfx9 keeps it in the depth field, which is also where ROCm's device library reads an
// image array's size on gfx9). Tiled layouts are not modelled: the tiling index must name the
// linear layout (0 on gfx9, where the field is the swizzle mode; 0 or 8 on gfx6-8, CLRX: "Index 8
// (by default) choose the linear access").

import type { Generation } from '../../isa/processors.js';

export const IMG_1D = 8;
export const IMG_2D = 9;
export const IMG_3D = 10;
export const IMG_CUBE = 11;
export const IMG_1D_ARRAY = 12;
export const IMG_2D_ARRAY = 13;

const TYPE_NAMES: Record<number, string> = {
  0: 'buffer',
  8: '1d',
  9: '2d',
  10: '3d',
  11: 'cube',
  12: '1d-array',
  13: '2d-array',
  14: '2d-msaa',
  15: '2d-msaa-array',
};

/** A decoded T#. `load` fills it in place (one per handler: no allocation per instruction). */
export class ImageDesc {
  base = 0;
  dfmt = 0;
  nfmt = 0;
  width = 1;
  height = 1;
  /** depth-1 field + 1: a 3D image's depth, an array's last index + 1 on gfx9. */
  depth = 1;
  pitch = 1;
  type = 0;
  readonly sel = new Uint8Array(4);
  baseLevel = 0;
  lastLevel = 0;
  baseArray = 0;
  /** Number of array slices (arrays) or 1. */
  layers = 1;
  tiling = 0;

  load(s: Uint32Array, r: number, gen: Generation): this {
    const w0 = s[r]!;
    const w1 = s[r + 1]!;
    const w2 = s[r + 2]!;
    const w3 = s[r + 3]!;
    const w4 = s[r + 4]!;
    const w5 = s[r + 5]!;
    this.base = w0 * 256 + (w1 & 0xff) * 2 ** 40;
    this.dfmt = (w1 >>> 20) & 0x3f;
    this.nfmt = (w1 >>> 26) & 0xf;
    this.width = (w2 & 0x3fff) + 1;
    this.height = ((w2 >>> 14) & 0x3fff) + 1;
    for (let k = 0; k < 4; k++) this.sel[k] = (w3 >>> (3 * k)) & 7;
    this.baseLevel = (w3 >>> 12) & 0xf;
    this.lastLevel = (w3 >>> 16) & 0xf;
    this.tiling = (w3 >>> 20) & 0x1f;
    this.type = w3 >>> 28;
    this.depth = (w4 & 0x1fff) + 1;
    this.pitch = ((w4 >>> 13) & 0xffff) + 1;
    this.baseArray = w5 & 0x1fff;
    const arrayed = this.type === IMG_1D_ARRAY || this.type === IMG_2D_ARRAY;
    this.layers = !arrayed ? 1 : gen === 'gfx9' ? this.depth : ((w5 >>> 13) & 0x1fff) + 1;
    return this;
  }

  typeName(): string {
    return TYPE_NAMES[this.type] ?? `reserved type ${this.type}`;
  }

  /** Why the emulator cannot address this resource, or undefined. */
  check(gen: Generation): string | undefined {
    if (this.type !== IMG_1D && this.type !== IMG_2D && this.type !== IMG_3D && this.type !== IMG_1D_ARRAY) {
      if (this.type !== IMG_2D_ARRAY) return `image type ${this.type} (${this.typeName()}) is not modelled`;
    }
    const linear = gen === 'gfx9' ? this.tiling === 0 : this.tiling === 0 || this.tiling === 8;
    if (!linear)
      return `tiled images are not modelled (tiling index ${this.tiling}; only the linear layout is)`;
    return undefined;
  }

  /** Address components of the body (x, y, z/slice) for this type; `da` says whether a slice is sent. */
  coords(da: boolean): number {
    switch (this.type) {
      case IMG_1D:
        return 1;
      case IMG_1D_ARRAY:
        return da ? 2 : 1;
      case IMG_2D:
        return 2;
      case IMG_2D_ARRAY:
        return da ? 3 : 2;
      default:
        return 3;
    }
  }

  /** Spatial dimensions (1, 2 or 3): what derivatives and texel offsets apply to. */
  get dims(): number {
    return this.type === IMG_1D || this.type === IMG_1D_ARRAY ? 1 : this.type === IMG_3D ? 3 : 2;
  }

  get arrayed(): boolean {
    return this.type === IMG_1D_ARRAY || this.type === IMG_2D_ARRAY;
  }

  /** Levels in the view: last level - base level + 1. */
  get levels(): number {
    return Math.max(1, this.lastLevel - this.baseLevel + 1);
  }
}

/** A decoded S#. */
export class SamplerDesc {
  readonly clamp = new Uint8Array(3);
  compareFunc = 0;
  forceUnnorm = false;
  minLod = 0;
  maxLod = 0;
  lodBias = 0;
  magFilter = 0;
  minFilter = 0;
  zFilter = 0;
  mipFilter = 0;
  borderType = 0;

  load(s: Uint32Array, r: number): this {
    const w0 = s[r]!;
    const w1 = s[r + 1]!;
    const w2 = s[r + 2]!;
    const w3 = s[r + 3]!;
    this.clamp[0] = w0 & 7;
    this.clamp[1] = (w0 >>> 3) & 7;
    this.clamp[2] = (w0 >>> 6) & 7;
    this.compareFunc = (w0 >>> 12) & 7;
    this.forceUnnorm = ((w0 >>> 15) & 1) === 1;
    this.minLod = (w1 & 0xfff) / 256;
    this.maxLod = ((w1 >>> 12) & 0xfff) / 256;
    this.lodBias = (((w2 & 0x3fff) << 18) >> 18) / 256;
    this.magFilter = (w2 >>> 20) & 3;
    this.minFilter = (w2 >>> 22) & 3;
    this.zFilter = (w2 >>> 24) & 3;
    this.mipFilter = (w2 >>> 26) & 3;
    this.borderType = w3 >>> 30;
    return this;
  }
}
