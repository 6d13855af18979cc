// The image resource (T#, 8 dwords) and image sampler (S#, 4 dwords) descriptors of the MIMG
// instructions, as layouts per generation: the runtime writes image objects with these fields
// (src/runtime/image.ts) and the emulator reads T# and S# with them (src/emu/mem/image-desc.ts), so the
// two cannot disagree. Bit numbers count from bit 0 of dword 0 (bit 32 is bit 0 of dword 1).
//
// Sources, field by field:
//   gfx9: the Vega ISA document (/work/shared/seeds/003), "Image Resource" and "Image Sampler" tables.
//   gfx6, gfx7, gfx8: the SQ_IMG_RSRC_WORD0-7 and SQ_IMG_SAMP_WORD0-3 entries of Mesa's
//     src/amd/common/sid.h (yuq/mesa-lima at 00e777b6, the SI/CIK/VI register header; the Southern
//     Islands programming guide, seeds/004 section 1.3.1, says these "dummy" register entries are the
//     in-memory layout of the descriptors but does not list their fields).
// Where they differ:
//   - pitch: sid.h PITCH_GFX6 is WORD4 [26:13] (14 bits) on gfx6-8; the Vega table's pitch is [156:141]
//     (WORD4 [28:13], 16 bits).
//   - an array view's slices: gfx6-8 have WORD5 LAST_ARRAY [25:13] (sid.h S_008F24_LAST_ARRAY); gfx9 has
//     no such field (the Vega table has nothing at [185:173]) and keeps the last index in the depth
//     field. Both are absolute slice indices, as is BASE_ARRAY: Mesa's radv (radv_image.c) writes
//     BASE_ARRAY(first_layer) with LAST_ARRAY(last_layer) on gfx6-8 and DEPTH(last_layer) on gfx9 ("Depth
//     is the last accessible layer on Gfx9"). ROCm's device library reads get_image_array_size from the
//     depth field on gfx9 and from WORD5 bits 13..25 on gfx6-8 (clang-22's `s_bfe_u32 ..., 0xd000d` in
//     examples/image's info kernel built for gfx803).
//   - WORD3 [24:20] is TILING_INDEX on gfx6-8 (an index into the driver's tile mode table) and the
//     swizzle mode on gfx9, where 0 is linear. gcnkit models linear images only; on gfx6-8 it writes
//     index 8, which CLRX's GcnMemHandling.md names the default linear access (amdgpu's gfx_v6/v8 tile
//     mode tables put ARRAY_LINEAR_ALIGNED at index 8).
// What is the same on gfx6-9 for the fields gcnkit models: base address >> 8 [39:0], data format
// [57:52], number format [61:58], width-1 [77:64], height-1 [91:78], dst_sel x/y/z/w [107:96], base
// and last level [115:108], type [127:124], depth-1 [140:128], base array [172:160]; the data format
// codes 1-14 and 16-19 and number formats 0-7 (sid.h V_008F14_IMG_DATA_FORMAT_* / IMG_NUM_FORMAT_*; its
// formats 10-13 "not on VI+" are not modelled). The S# fields modelled (clamps, depth compare, force
// unnormalized, min/max LOD, LOD bias, the four filters, border colour type) sit at the same bits in
// sid.h's SQ_IMG_SAMP_WORD0-3 and in the Vega table.

import { type Layout, layout } from './fields.js';
import type { Generation } from './processors.js';

/** A value per generation: one for gfx6-8 (SI, CI, VI), one for gfx9. */
function siAndGfx9<V>(si: V, gfx9: V): Record<Generation, V> {
  return { gfx6: si, gfx7: si, gfx8: si, gfx9 };
}

const COMMON = {
  base_address: [0, 32],
  base_address_hi: [32, 8],
  data_format: [52, 6],
  num_format: [58, 4],
  width: [64, 14],
  height: [78, 14],
  dst_sel_x: [96, 3],
  dst_sel_y: [99, 3],
  dst_sel_z: [102, 3],
  dst_sel_w: [105, 3],
  base_level: [108, 4],
  last_level: [112, 4],
  /** TILING_INDEX on gfx6-8, SW_MODE on gfx9. */
  tiling_index: [116, 5],
  type: [124, 4],
  depth: [128, 13],
  base_array: [160, 13],
} as const;

const T_SI = layout('T#', 8, [], { ...COMMON, pitch: [141, 14], last_array: [173, 13] });
const T_GFX9 = layout('T#', 8, [], { ...COMMON, pitch: [141, 16], last_array: [128, 13] });

export type ImageField = keyof typeof T_SI.fields;

/**
 * The T# per generation. `last_array` is where an array view's last slice index is: its own field on
 * gfx6-8, the depth field on gfx9 (the same bits as `depth`).
 */
export const IMAGE_RESOURCE = siAndGfx9<Layout<ImageField>>(T_SI, T_GFX9);

/** The tiling index (swizzle mode on gfx9) of the linear layout, the one gcnkit writes. */
export const LINEAR_TILING = siAndGfx9(8, 0);

const S_ALL = layout('S#', 4, [], {
  clamp_x: [0, 3],
  clamp_y: [3, 3],
  clamp_z: [6, 3],
  depth_compare_func: [12, 3],
  force_unnormalized: [15, 1],
  disable_cube_wrap: [28, 1],
  min_lod: [32, 12],
  max_lod: [44, 12],
  lod_bias: [64, 14],
  xy_mag_filter: [84, 2],
  xy_min_filter: [86, 2],
  z_filter: [88, 2],
  mip_filter: [90, 2],
  /** sid.h ANISO_OVERRIDE (WORD2 bit 31); set in the S# that ROCm's device library builds. */
  aniso_override: [95, 1],
  border_color_type: [126, 2],
});

export type SamplerField = keyof typeof S_ALL.fields;

/** The S# per generation (the same bits on gfx6-9 for every modelled field). */
export const IMAGE_SAMPLER = siAndGfx9<Layout<SamplerField>>(S_ALL, S_ALL);
