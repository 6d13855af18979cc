// The lane math of every f16, packed-f16, mix and float dot-product VALU op of gfx900/gfx906/gfx908, by
// LLVM op name (no encoding suffix; v_cmpx_* run as their v_cmp_* counterpart). The rules shared by all of
// them (MODE fields, NaNs, clamp, omod) are described in h16-core.ts.
import { H16_SCALAR_OPS } from './h16-ops.js';
import { H16_PACKED_OPS } from './h16-packed.js';
import type { ValuFn } from './lanes.js';

export const HALF_OPS: Record<string, ValuFn> = { ...H16_SCALAR_OPS, ...H16_PACKED_OPS };
