// The lane math of every integer and bitwise VALU op of every generation, by LLVM op name (no
// encoding suffix; v_cmpx_* run as their v_cmp_* counterpart). Float ops, conversions and the ops that are
// not lane math (readlane, writelane, readfirstlane, nop, clrexcp, swap) live elsewhere.

import { INT16_OPS } from './int-16.js';
import { BASIC_OPS } from './int-basic.js';
import { CMP_OPS } from './int-cmp.js';
import { PACKED_INT_OPS } from './int-packed.js';
import { SAD_OPS } from './int-sad.js';
import { VOP3_INT_OPS } from './int-vop3.js';
import type { ValuFn } from './lanes.js';
import { LEGACY_INT_OPS } from './legacy-ops.js';

export const INT_OPS: Record<string, ValuFn> = {
  ...BASIC_OPS,
  ...INT16_OPS,
  ...VOP3_INT_OPS,
  ...SAD_OPS,
  ...CMP_OPS,
  ...PACKED_INT_OPS,
  ...LEGACY_INT_OPS,
};
