// What the translating engine's generated code reaches at run time: the functions it calls (passed to each
// compiled block as H) and the record of where a block that threw stopped.

import { fmaF32 } from '../float/fma.js';
import type { DeviceMemory, Region } from '../memory.js';
import { popcount } from '../valu/exec.js';
import { isDenormF32, max32, min32 } from '../valu/f32-arith.js';
import { nan2, nan3 } from '../valu/f32-util.js';
import { class32 } from '../valu/fcmp-ops.js';
import { satI32, satU32 } from '../valu/int-util.js';
import { permDword } from '../valu/int-vop3.js';
import { PRIVATE_APERTURE_HI, SHARED_APERTURE_HI } from '../wave.js';
import { type LanesFn, lanesFn } from './lanes-simd.js';
import { mfmaSimd } from './mfma-simd.js';

/** Where a block that threw stopped: the index of the instruction that threw, and how many ran before it. */
export const FAULT = { at: 0, n: 0 };

/** The helpers the generated code calls. */
/** The flat apertures' span of device addresses (mem/aperture.ts: high words 0x1_0000 and 0x2_0000). */
const APERTURES_START = SHARED_APERTURE_HI * 2 ** 32;
const APERTURES_END = (PRIVATE_APERTURE_HI + 1) * 2 ** 32;

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
  isDenormF32,
  perm: permDword,
  /** An f32 MFMA as SIMD, false where its handler must run it. */
  mfma: mfmaSimd,
  /** The SIMD loops' first page as words (vregs.ts MASK_OUT cells), set when the first one is made. */
  wc: new Int32Array(0) as Int32Array,
  /** A SIMD loop's stand-in on a wave without a WebAssembly register page: leaves every group to the body. */
  noSimd: (_vb: number, _e0: number, _e1: number, g0: number): number => (g0 < 16 ? g0 : -1),
  /** The check of a wave's GLOBAL addresses (lanes-simd.ts): the WebAssembly function, made on first use. */
  lanes: ((lo: number, hi: number, stride: number, min: number, max: number): number => {
    HELPERS.lanes = lanesFn();
    return HELPERS.lanes(lo, hi, stride, min, max);
  }) as LanesFn,
  /** A region holding [addr, addr + n) that no flat aperture overlaps (FLAT accesses inlined), or null. */
  globalRegion: (mem: DeviceMemory, addr: number, n: number): Region | null => {
    const r = mem.regionOf(addr, n);
    return r !== null && (r.end <= APERTURES_START || r.base >= APERTURES_END) ? r : null;
  },
  f32Of: (bits: number): number => {
    F32_BITS[0] = bits;
    return F32[0];
  },
};
const F32 = new Float32Array(1);
const F32_BITS = new Uint32Array(F32.buffer);

export type Helpers = typeof HELPERS;

/**
 * A generated loop running `body` for each active lane l in ascending order (e0/e1 hold EXEC): with all
 * 64 lanes on, a plain counted loop; otherwise one iteration per set bit, so that a sparse EXEC (the
 * later steps of a reduction tree, diverged lanes) costs its active lanes, not 64 tests of a bit whose
 * outcome the branch predictor cannot learn. `break ${'label'}` leaves either loop.
 */
export function laneLoop(body: string, label = 'lanes'): string {
  return [
    `${label}: if ((e0 & e1) === -1) { for (let l = 0; l < 64; l++) {\n${body}\n} }`,
    'else for (let h = 0; h < 64; h += 32) { let m = h === 0 ? e0 : e1;',
    `while (m !== 0) { const l = h | (31 - Math.clz32(m & -m)); m &= m - 1;\n${body}\n} }`,
  ].join('\n');
}

/** The active lanes of EXEC (e0, e1) in generated code: 64, not counted, under a full EXEC. */
export const ACTIVE_LANES = '((e0 & e1) === -1 ? 64 : H.popc(e0) + H.popc(e1))';
