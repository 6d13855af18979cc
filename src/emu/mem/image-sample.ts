// Filtering for image_sample* and image_gather4*: the S# addressing modes, point and (bi/tri)linear
// filtering, mip selection, and the depth compare of the _c forms.
//
// Sources: the Vega ISA document's "Image Sampler" table (fields) and sample suffix table; CLRX's
// GcnMemHandling.md for the value lists (clamp modes 0 wrap, 1 mirror, 2 clamp to last texel, 3 mirror
// once + last texel, 4 clamp half border, 5 mirror once + half border, 6 clamp border, 7 mirror once +
// border; filters 0 point, 1 bilinear; z/mip filter 0 none, 1 point, 2 linear; border colour 0
// transparent black, 1 opaque black, 2 opaque white, 3 from the border colour table; compare 0 never,
// 1 less, 2 equal, 3 less-equal, 4 greater, 5 not-equal, 6 greater-equal, 7 always, where "less"
// means the reference is less than the fetched value) and for gather4's texel order.
//
// The model, in texel space of the level (normalized coordinates are multiplied by its size): point
// picks texel floor(u); linear blends floor(u - 0.5) and the next texel with weight frac(u - 0.5).
// Each texel index then goes through the axis' clamp mode; an index a border mode sends outside reads
// the border colour. The half-border modes first clamp u to [-0.5, size + 0.5]. Weights are exact
// (the hardware's 8-bit weight fraction is not modelled). A z filter of 0 (none) follows the xy filter;
// the xy magnification filter applies when the LOD is <= 0, the minification filter otherwise.

import { ExecError } from '../inst.js';
import { loadComponent32 } from './buf-format.js';
import { Level } from './image-address.js';
import { IMG_3D, type ImageDesc, type SamplerDesc } from './image-desc.js';
import { f32Value, readElement, type TexelFormat, type TexelMemory } from './image-format.js';

/** The index an addressing mode gives texel i of an axis of n texels, or -1 for the border. */
export function addressIndex(i: number, n: number, mode: number): number {
  switch (mode) {
    case 0: {
      const m = i % n;
      return m < 0 ? m + n : m;
    }
    case 1: {
      let m = i % (2 * n);
      if (m < 0) m += 2 * n;
      return m < n ? m : 2 * n - 1 - m;
    }
    case 2:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
    case 3: {
      const j = i < 0 ? -1 - i : i;
      return j >= n ? n - 1 : j;
    }
    case 4:
    case 6:
      return i < 0 || i >= n ? -1 : i;
    default: {
      const j = i < 0 ? -1 - i : i;
      return j >= n ? -1 : j;
    }
  }
}

/** The half-border modes limit the coordinate (texel units) to half a texel outside the image. */
function preclamp(u: number, n: number, mode: number): number {
  if (mode === 4) return Math.min(Math.max(u, -0.5), n + 0.5);
  if (mode === 5) return Math.min(Math.abs(u), n + 0.5);
  return u;
}

/** Whether the depth compare function `f` passes for reference `ref` against fetched value `v`. */
export function comparePasses(f: number, ref: number, v: number): boolean {
  switch (f) {
    case 0:
      return false;
    case 1:
      return ref < v;
    case 2:
      return ref === v;
    case 3:
      return ref <= v;
    case 4:
      return ref > v;
    case 5:
      return ref !== v;
    case 6:
      return ref >= v;
    default:
      return true;
  }
}

/** Everything one sample needs; reused across lanes and instructions. */
export class Sampler {
  mem!: TexelMemory;
  d!: ImageDesc;
  s!: SamplerDesc;
  f!: TexelFormat;
  /** Coordinates are in texels rather than normalized. */
  unnorm = false;
  /** The _c reference value, or NaN when the op does not compare. */
  ref = Number.NaN;
  readonly level = new Level();
  private readonly raw = new Uint32Array(4);
  private readonly t = new Float64Array(4);

  /** The RGBA values (missing components 0, alpha 1) of texel (x, y, z) of the current level, or border. */
  private texel(x: number, y: number, z: number, out: Float64Array): void {
    const a = x < 0 || y < 0 || z < 0 ? -1 : this.level.texel(this.d, x, y, z, this.f.bytes);
    const f = this.f;
    if (a < 0) {
      const bt = this.s.borderType;
      if (bt === 3) throw new ExecError('the border colour table (S# border colour type 3) is not modelled');
      out[0] = out[1] = out[2] = bt === 2 ? 1 : 0;
      out[3] = bt === 0 ? 0 : 1;
    } else {
      readElement(this.mem, a, f, this.raw);
      for (let k = 0; k < 4; k++) {
        if (k >= f.count) out[k] = k === 3 ? 1 : 0;
        else {
          const bits = loadComponent32(this.raw[k]!, f.widths[k]!, f.nfmt);
          out[k] = f.integer ? (f.nfmt === 5 ? bits | 0 : bits >>> 0) : f32Value(bits);
        }
      }
    }
    if (!Number.isNaN(this.ref)) {
      const r = comparePasses(this.s.compareFunc, this.ref, out[0]!) ? 1 : 0;
      out[0] = out[1] = out[2] = out[3] = r;
    }
  }

  /** Adds weight * texel to acc. */
  private add(x: number, y: number, z: number, weight: number, acc: Float64Array): void {
    if (weight === 0) return;
    const t = this.t;
    this.texel(x, y, z, t);
    for (let k = 0; k < 4; k++) acc[k] = acc[k]! + weight * t[k]!;
  }

  /**
   * Filters level `rel` at coordinates (x, y, z) (normalized or texels, offsets in texels already
   * added as `ox/oy/oz`), slice `slice`; adds `weight` times the result to acc.
   */
  filterLevel(
    rel: number,
    x: number,
    y: number,
    z: number,
    o: Int32Array,
    slice: number,
    linear: boolean,
    weight: number,
    acc: Float64Array,
  ): void {
    const L = this.level;
    L.at(this.d, rel, this.f.bytes);
    const dims = this.d.dims;
    const cl = this.s.clamp;
    let u = (this.unnorm ? x : x * L.width) + o[0]!;
    let v = dims > 1 ? (this.unnorm ? y : y * L.height) + o[1]! : 0;
    let w = dims > 2 ? (this.unnorm ? z : z * L.depth) + o[2]! : 0;
    u = preclamp(u, L.width, cl[0]!);
    if (dims > 1) v = preclamp(v, L.height, cl[1]!);
    if (dims > 2) w = preclamp(w, L.depth, cl[2]!);
    const zLinear = this.s.zFilter === 0 ? linear : this.s.zFilter === 2;
    // Each axis: up to two texel indices and their weights.
    const ax = axis(u, L.width, cl[0]!, linear);
    const ay = dims > 1 ? axis(v, L.height, cl[1]!, linear) : ONE;
    const az = dims > 2 ? axis(w, L.depth, cl[2]!, zLinear) : ONE;
    const sl = this.d.type === IMG_3D ? 0 : slice;
    for (let c = 0; c < (dims > 2 ? 2 : 1); c++) {
      const zi = dims > 2 ? az[c]! : sl;
      const wz = az[2 + c]!;
      for (let b = 0; b < (dims > 1 ? 2 : 1); b++) {
        const yi = dims > 1 ? ay[b]! : 0;
        const wy = ay[2 + b]!;
        for (let a = 0; a < 2; a++) this.add(ax[a]!, yi, zi, weight * wz * wy * ax[2 + a]!, acc);
      }
    }
  }

  /**
   * The 2x2 footprint of gather4 at level `rel` (2D): RGBA of texels (i0, j1), (i1, j1), (i1, j0),
   * (i0, j0) into out[0..3], out[4..7], ... (CLRX's gather4 order).
   */
  gather(rel: number, x: number, y: number, o: Int32Array, slice: number, out: Float64Array): void {
    const L = this.level;
    L.at(this.d, rel, this.f.bytes);
    const cl = this.s.clamp;
    const u = preclamp((this.unnorm ? x : x * L.width) + o[0]!, L.width, cl[0]!);
    const v = preclamp((this.unnorm ? y : y * L.height) + o[1]!, L.height, cl[1]!);
    const ax = axis(u, L.width, cl[0]!, true);
    const ay = axis(v, L.height, cl[1]!, true);
    const t = this.t;
    const order = ORDER;
    order[0] = ax[0]!;
    order[1] = ay[1]!;
    order[2] = ax[1]!;
    order[3] = ay[1]!;
    order[4] = ax[1]!;
    order[5] = ay[0]!;
    order[6] = ax[0]!;
    order[7] = ay[0]!;
    for (let k = 0; k < 4; k++) {
      this.texel(order[2 * k]!, order[2 * k + 1]!, slice, t);
      for (let c = 0; c < 4; c++) out[4 * k + c] = t[c]!;
    }
  }
}

const ONE = new Float64Array([0, 0, 1, 0]);
/** gather4's texel coordinates, x and y of each of the four. */
const ORDER = new Int32Array(8);
const AXES = [new Float64Array(4), new Float64Array(4), new Float64Array(4)];
let nextAxis = 0;

/** [index0, index1, weight0, weight1] of one axis (indices already through the clamp mode). */
function axis(u: number, n: number, mode: number, linear: boolean): Float64Array {
  const r = AXES[nextAxis]!;
  nextAxis = (nextAxis + 1) % 3;
  if (!linear) {
    r[0] = addressIndex(Math.floor(u), n, mode);
    r[1] = -1;
    r[2] = 1;
    r[3] = 0;
    return r;
  }
  const p = u - 0.5;
  const i0 = Math.floor(p);
  const a = p - i0;
  r[0] = addressIndex(i0, n, mode);
  r[1] = addressIndex(i0 + 1, n, mode);
  r[2] = 1 - a;
  r[3] = a;
  return r;
}
