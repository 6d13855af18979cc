// The image resource (T#) and sampler (S#) descriptors of the MIMG instructions, decoded with the
// per-generation layouts of src/isa/resources.ts (which cites the source of each field). Facts the
// layouts leave to the model, from CLRX's GcnMemHandling.md: the pitch field holds the pitch minus one,
// in texels; tiled layouts are not modelled, so the tiling index must name the linear layout (0 on
// gfx9, where the field is the swizzle mode; on gfx6-8 index 8, CLRX: "Index 8 (by default) choose the
// linear access", or 0, which gcnkit's hand-built test descriptors use).

import { type Field, get } from '../../isa/fields.js';
import type { Generation } from '../../isa/processors.js';
import { IMAGE_RESOURCE, IMAGE_SAMPLER, LINEAR_TILING } from '../../isa/resources.js';

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
  /** Number of array slices in the view (arrays: base array to last array) or 1. */
  layers = 1;
  tiling = 0;

  load(s: Uint32Array, r: number, gen: Generation): this {
    const f = IMAGE_RESOURCE[gen].fields;
    this.base = get(f.base_address, s, r) * 256 + get(f.base_address_hi, s, r) * 2 ** 40;
    this.dfmt = get(f.data_format, s, r);
    this.nfmt = get(f.num_format, s, r);
    this.width = get(f.width, s, r) + 1;
    this.height = get(f.height, s, r) + 1;
    this.sel[0] = get(f.dst_sel_x, s, r);
    this.sel[1] = get(f.dst_sel_y, s, r);
    this.sel[2] = get(f.dst_sel_z, s, r);
    this.sel[3] = get(f.dst_sel_w, s, r);
    this.baseLevel = get(f.base_level, s, r);
    this.lastLevel = get(f.last_level, s, r);
    this.tiling = get(f.tiling_index, s, r);
    this.type = get(f.type, s, r);
    this.depth = get(f.depth, s, r) + 1;
    this.pitch = get(f.pitch, s, r) + 1;
    this.baseArray = get(f.base_array, s, r);
    // Base array and last array are absolute slice indices: Mesa's radv and radeonsi write
    // BASE_ARRAY(first_layer) with LAST_ARRAY(last_layer) on gfx6-8 and DEPTH(last_layer) on gfx9
    // ("Depth is the last accessible layer on Gfx9"). A view past its last slice has none.
    this.layers = this.arrayed ? Math.max(0, get(f.last_array, s, r) - this.baseArray + 1) : 1;
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
    const linear = this.tiling === 0 || this.tiling === LINEAR_TILING[gen];
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

  load(s: Uint32Array, r: number, gen: Generation): this {
    const f = IMAGE_SAMPLER[gen].fields;
    this.clamp[0] = get(f.clamp_x, s, r);
    this.clamp[1] = get(f.clamp_y, s, r);
    this.clamp[2] = get(f.clamp_z, s, r);
    this.compareFunc = get(f.depth_compare_func, s, r);
    this.forceUnnorm = get(f.force_unnormalized, s, r) === 1;
    this.minLod = get(f.min_lod, s, r) / 256;
    this.maxLod = get(f.max_lod, s, r) / 256;
    this.lodBias = signed(f.lod_bias, get(f.lod_bias, s, r)) / 256;
    this.magFilter = get(f.xy_mag_filter, s, r);
    this.minFilter = get(f.xy_min_filter, s, r);
    this.zFilter = get(f.z_filter, s, r);
    this.mipFilter = get(f.mip_filter, s, r);
    this.borderType = get(f.border_color_type, s, r);
    return this;
  }
}

/** A two's-complement field value (the S#'s LOD bias is s5.8). */
function signed(f: Field, v: number): number {
  return (v << (32 - f.width)) >> (32 - f.width);
}
