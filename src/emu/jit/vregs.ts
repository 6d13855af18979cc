// The VGPR files that the translating engine's WebAssembly lane loops (simd-gen.ts) can reach: one
// WebAssembly.Memory per thread, never grown (growing would detach every wave's views), whose first page
// holds the loops' constants and outputs and each later page one wave's 256 VGPRs x 64 lanes. A wave
// that gets no page (none free, or no WebAssembly) keeps its registers in an ordinary buffer and its lane
// loops run in JavaScript.

import { FuncWriter, moduleBytes, OP, SIMD } from './wasm-bin.js';

/** Pages after the first: the waves of a 1024-work-item workgroup 16 times over. */
const SLOTS = 256;
const PAGE = 65536;

/** Byte offsets in the first page. */
export const LANE_MASKS = 0; // 16 x v128: entry b has lane j all-ones where bit j of b is set
export const MASK_OUT = 256; // per lane-mask output of a loop: lo and hi words, OR-ed in by the loop
export const MAX_MASK_OUTS = 8;
export const MFMA_ROWS = 1024; // per MFMA shape (mfma-simd.ts): D's row offsets, 128 bytes each
export const MFMA_SCRATCH = 8192; // an MFMA's results before they go to D (32 x 32 f32)
export const MFMA_WIDE = 12288; // an f16/bf16/i8 MFMA's A and B widened to 32 bits: K x M, then K x N (1 KB each)

let memory: WebAssembly.Memory | null | undefined;
let free: number[] = [];
let control: Int32Array | null = null;

/** The memory (made on first use), or null where WebAssembly SIMD cannot run. */
export function vregMemory(): WebAssembly.Memory | null {
  if (memory !== undefined) return memory;
  memory = null;
  try {
    if (typeof WebAssembly !== 'object' || !WebAssembly.validate(SIMD_PROBE)) return null;
    const m = new WebAssembly.Memory({ initial: SLOTS + 1, maximum: SLOTS + 1 });
    const masks = new Int32Array(m.buffer, LANE_MASKS, 64);
    for (let b = 0; b < 16; b++) for (let j = 0; j < 4; j++) masks[b * 4 + j] = (b >>> j) & 1 ? -1 : 0;
    control = new Int32Array(m.buffer, 0, PAGE / 4);
    free = [];
    for (let k = SLOTS; k >= 1; k--) free.push(k * PAGE);
    memory = m;
  } catch {
    memory = null;
  }
  return memory;
}

/** The exports of a module (wasm-bin.ts moduleBytes: functions f0, f1, ...) instantiated over `mem`. */
export function vregExports(mem: WebAssembly.Memory, bytes: Uint8Array): Record<string, unknown> {
  return new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { mem } }).exports;
}

/** The first page as words (MASK_OUT cells), or null without the memory. */
export function vregControl(): Int32Array | null {
  vregMemory();
  return control;
}

/** A free wave page's byte offset, or -1. */
export function takeSlot(): number {
  if (vregMemory() === null) return -1;
  return free.pop() ?? -1;
}

export function releaseSlot(offset: number): void {
  if (offset > 0) free.push(offset);
}

let clearFn: ((v: number, a: number, bytes: number) => number) | null | undefined;

/**
 * Zeroes the first `bytes` of the pages at byte offsets v and, when a is not -1, a (a wave's VGPRs and
 * AGPRs) with memory.fill: a wave is cleared once per dispatch, and two TypedArray copies of zeros cost
 * several times this one call. Null without the memory.
 */
export function vregClear(): ((v: number, a: number, bytes: number) => number) | null {
  if (clearFn !== undefined) return clearFn;
  const mem = vregMemory();
  clearFn = null;
  if (mem === null) return null;
  const f = new FuncWriter(3);
  // memory.fill (0xfc 0x0b, memory 0): destination, byte value, length.
  f.get(0).i32(0).get(2).op(0xfc, 0x0b, 0x00);
  f.get(1).i32(0).op(OP.i32GeS, OP.if, OP.void);
  f.get(1).i32(0).get(2).op(0xfc, 0x0b, 0x00);
  f.op(OP.end).i32(0);
  clearFn = vregExports(mem, moduleBytes([f], 1)).f0 as (v: number, a: number, bytes: number) => number;
  return clearFn;
}

/** Waves dropped without release() give their page back when collected. */
export const SLOT_REGISTRY =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<readonly number[]>((slots) => {
        for (const o of slots) releaseSlot(o);
      })
    : null;

/** A module using v128 (i32x4.splat and v128.any_true), to see whether SIMD validates. */
const SIMD_PROBE = (() => {
  const f = new FuncWriter(0);
  f.i32(0).simd(SIMD.i32x4Splat).simd(SIMD.anyTrue);
  return moduleBytes([f], 1);
})();
