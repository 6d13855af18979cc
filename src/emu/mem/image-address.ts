// Where a texel of a linear image lives. The documents give the T# fields (image-desc.ts) but not the
// linear layout of mip levels; gcnkit's model, used by its runtime and by the tests:
//   - level L (0 = the resource's first level, at the base address) has width max(1, width >> L),
//     height max(1, height >> L), for 3D depth max(1, depth >> L), and a row pitch of
//     max(1, pitch >> L) texels; array slices do not shrink;
//   - levels follow each other without padding; in a level, x runs fastest, then y, then z / slice:
//     address = base + levelOffset + ((z * height_L + y) * pitch_L + x) * element bytes.
// Mip indices of the instructions (image_load_mip's mip id, a sampler's LOD) count from the T#'s base
// level, and the view ends at its last level.

import { IMG_3D, type ImageDesc } from './image-desc.js';

/** The geometry of one level, filled in place by `at`. */
export class Level {
  width = 1;
  height = 1;
  /** Depth (3D) or array slices (arrays) or 1. */
  depth = 1;
  pitch = 1;
  /** Byte offset of the level from the base address. */
  offset = 0;

  /** Level `rel` of the view (relative to the base level); false when past the last level. */
  at(d: ImageDesc, rel: number, bytes: number): boolean {
    const abs = d.baseLevel + rel;
    if (rel < 0 || (rel > 0 && abs > d.lastLevel) || abs > 15) return false;
    let off = 0;
    for (let l = 0; l <= abs; l++) {
      const w = Math.max(1, d.width >>> l);
      const h = Math.max(1, d.height >>> l);
      const z = d.type === IMG_3D ? Math.max(1, d.depth >>> l) : d.arrayed ? d.baseArray + d.layers : 1;
      const p = Math.max(1, d.pitch >>> l);
      if (l === abs) {
        this.width = w;
        this.height = d.dims === 1 ? 1 : h;
        this.depth = d.type === IMG_3D ? z : d.arrayed ? d.layers : 1;
        this.pitch = p;
        this.offset = off;
        return true;
      }
      off += p * (d.dims === 1 ? 1 : h) * z * bytes;
    }
    return false;
  }

  /** Device address of texel (x, y, z) (z: 3D depth or the slice within the view), -1 out of range. */
  texel(d: ImageDesc, x: number, y: number, z: number, bytes: number): number {
    if (x < 0 || x >= this.width || y < 0 || y >= this.height || z < 0 || z >= this.depth) return -1;
    const zz = d.arrayed ? z + d.baseArray : z;
    return d.base + this.offset + ((zz * this.height + y) * this.pitch + x) * bytes;
  }
}
