// What the translating engine's generated code reaches at run time: the functions it calls (passed to each
// compiled block as H) and the record of where a block that threw stopped.

import { fmaF32 } from '../float/fma.js';
import { popcount } from '../valu/exec.js';
import { max32, min32 } from '../valu/f32-arith.js';
import { nan2, nan3 } from '../valu/f32-util.js';
import { class32 } from '../valu/fcmp-ops.js';
import { satI32, satU32 } from '../valu/int-util.js';

/** Where a block that threw stopped: the index of the instruction that threw, and how many ran before it. */
export const FAULT = { at: 0, n: 0 };

/** The helpers the generated code calls. */
export const HELPERS = {
  fault: FAULT,
  popc: popcount,
  nan2,
  nan3,
  fmaF32,
  satU32,
  satI32,
  class32,
  min32,
  max32,
  f32Of: (bits: number): number => {
    F32_BITS[0] = bits;
    return F32[0];
  },
};
const F32 = new Float32Array(1);
const F32_BITS = new Uint32Array(F32.buffer);

export type Helpers = typeof HELPERS;

/** The generated lane loops' test of a lane's EXEC bit (e0/e1 hold EXEC, l the lane). */
export const SKIP_INACTIVE = 'if ((((l < 32 ? e0 : e1) >>> l) & 1) === 0) continue;';
