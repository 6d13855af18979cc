// Execution of the MIMG encoding for compute: image loads, stores, atomics, resource queries, samples
// and gathers through a T# (8 SGPRs at srsrc*4) and, for samples, an S# (4 SGPRs at ssamp*4).
// Fields (Inst): vaddr, vdata, saddr = T# SGPR, sdst = S# SGPR, imm = dmask, glc/slc, offset = the
// flag bits below, fn = the generation, op = the ImageOp (image-ops.ts).
//
// Data: loads and samples return the dmask-selected components of (X, Y, Z, W) to consecutive VGPRs
// (d16: two 16-bit values per VGPR, low half first); stores take them the same way; with tfe the next
// VGPR receives 0 (every texel is resident). Out-of-range texels of loads (coordinates or mip level
// outside the view) read 0 in every returned component, stores to them are dropped, atomics on them
// do nothing and return 0: the documents say what samplers do outside an image (the clamp modes), not
// what unfiltered accesses do; these are gcnkit's rules, as for out-of-range buffer accesses.
// Not modelled, stopping with an error that names the instruction and pc: a16 addresses, tiled layouts,
// cube and MSAA images, the S# border colour table, bilinear filtering of integer formats,
// image_gather4h, and the 64-bit form of the gfx6/7 atomic rsub.

import { decodeMimgFields } from '../../codec/families/mimg.js';
import { mimgTable } from '../../isa/ops/memory-mimg.js';
import type { Target } from '../../isa/targets.js';
import { f32BitsToF16 } from '../float/f16.js';
import { decodedByCodec, type Handler, type Inst, unimplemented } from '../inst.js';
import type { AtomicOp, DeviceMemory } from '../memory.js';
import { popcount } from '../valu/exec.js';
import type { Wave } from '../wave.js';
import { loadComponent16, loadComponent32, one, storeComponent } from './buf-format.js';
import { laneFault } from './fault.js';
import { Level } from './image-address.js';
import {
  active,
  done,
  F_A16,
  F_D16,
  F_D16_UNPACKED,
  F_DA,
  F_LWE,
  F_R128,
  F_TFE,
  F_UNORM,
  FMT,
  fail,
  loadResource,
  selected,
  T,
  writeResult,
} from './image-common.js';
import { readElement, writeElement } from './image-format.js';
import { ImageKind, type ImageOp, imageOp } from './image-ops.js';
import { runSample } from './image-sample-exec.js';

const OPS = new Map<string, ImageOp>();
function opFor(name: string): ImageOp {
  let o = OPS.get(name);
  if (o === undefined) {
    o = imageOp(name);
    OPS.set(name, o);
  }
  return o;
}

const LEVEL = new Level();
const RAW = new Uint32Array(4);
const CH = new Uint32Array(4);
const XYZW = new Uint32Array(4);
const OLD = new Uint32Array(2);

/** The body coordinates (uint) of lane `lane` starting at VGPR `r`: x, y, z/slice, then the mip id. */
function texelAddress(w: Wave, i: Inst, lane: number): number {
  const v = w.v;
  const n = T.coords((i.offset & F_DA) !== 0);
  const r = i.vaddr;
  const x = v[r * 64 + lane]!;
  // 1D arrays: x, slice; 2D: x, y; 2D arrays: x, y, slice; 3D: x, y, z.
  const y = T.dims > 1 ? v[(r + 1) * 64 + lane]! : 0;
  const z = n === 3 ? v[(r + 2) * 64 + lane]! : T.dims === 1 && n === 2 ? v[(r + 1) * 64 + lane]! : 0;
  const mip = i.op.mip ? v[(r + n) * 64 + lane]! : 0;
  if (!LEVEL.at(T, mip, FMT.bytes)) return -1;
  return LEVEL.texel(T, x, y, z, FMT.bytes);
}

function load(w: Wave, i: Inst): void {
  loadResource(w, i);
  const mem = w.ctx.mem;
  const op = i.op as ImageOp;
  const d16 = (i.offset & F_D16) !== 0;
  const f = FMT;
  const one1 = one(f.integer, d16);
  for (let lane = 0; lane < 64; lane++) {
    if (!active(w, lane)) continue;
    const a = texelAddress(w, i, lane);
    if (a < 0) XYZW.fill(0);
    else {
      try {
        readElement(mem, a, f, RAW);
      } catch (e) {
        laneFault(e, lane);
      }
      if (op.pck) {
        // No conversion and no dst_sel: the raw components, sign-extended by the _sgn forms.
        for (let k = 0; k < 4; k++) {
          const n = f.widths[k]!;
          const x = k < f.count ? RAW[k]! : 0;
          XYZW[k] = op.sgn && k < f.count && n < 32 && x >= 2 ** (n - 1) ? (x - 2 ** n) >>> 0 : x;
        }
      } else {
        for (let k = 0; k < 4; k++) {
          if (k >= f.count) CH[k] = k === 3 ? one1 : 0;
          else {
            const n = f.widths[k]!;
            CH[k] = d16 ? loadComponent16(RAW[k]!, n, f.nfmt) : loadComponent32(RAW[k]!, n, f.nfmt);
          }
        }
        for (let k = 0; k < 4; k++) XYZW[k] = selected(T.sel[k]!, CH, one1, i);
      }
    }
    writeResult(w, i, lane, XYZW, d16);
  }
  done(w, i);
}

function store(w: Wave, i: Inst): void {
  loadResource(w, i);
  const mem = w.ctx.mem;
  const op = i.op as ImageOp;
  const d16 = (i.offset & F_D16) !== 0;
  const f = FMT;
  if (!op.pck && (f.nfmt === 2 || f.nfmt === 3)) fail(i, `stores to ${f.describe()} are not modelled`);
  const unpacked = (i.offset & F_D16_UNPACKED) !== 0;
  const v = w.v;
  for (let lane = 0; lane < 64; lane++) {
    if (!active(w, lane)) continue;
    // The enabled components from consecutive VGPRs (d16: halves), the others 0.
    let r = i.vdata;
    let half = 0;
    for (let k = 0; k < 4; k++) {
      if (!((i.imm >>> k) & 1)) {
        XYZW[k] = 0;
        continue;
      }
      const x = v[r * 64 + lane]!;
      if (unpacked) {
        XYZW[k] = x & 0xffff;
        r++;
      } else if (!d16) {
        XYZW[k] = x;
        r++;
      } else {
        XYZW[k] = half ? x >>> 16 : x & 0xffff;
        if (half) r++;
        half ^= 1;
      }
    }
    const a = texelAddress(w, i, lane);
    if (a < 0) continue;
    for (let c = 0; c < f.count; c++) {
      const n = f.widths[c]!;
      if (op.pck) {
        RAW[c] = n === 32 ? XYZW[c]! : XYZW[c]! & ((1 << n) - 1);
        continue;
      }
      // The inverse of dst_sel: the component that reads memory channel c is the one stored there.
      let k = 0;
      while (k < 4 && T.sel[k] !== 4 + c) k++;
      RAW[c] = k === 4 ? 0 : storeComponent(XYZW[k]!, n, f.nfmt, d16);
    }
    try {
      writeElement(mem, a, f, RAW);
    } catch (e) {
      laneFault(e, lane);
    }
  }
  done(w, i);
}

function resinfo(w: Wave, i: Inst): void {
  loadResource(w, i);
  const v = w.v;
  for (let lane = 0; lane < 64; lane++) {
    if (!active(w, lane)) continue;
    const mip = v[i.vaddr * 64 + lane]!;
    XYZW.fill(0);
    XYZW[3] = T.levels;
    if (LEVEL.at(T, mip, FMT.bytes)) {
      // {num_mip_levels, depth, height, width} (Vega document); 1D arrays give their slices as the
      // height, 2D arrays as the depth.
      XYZW[0] = LEVEL.width;
      XYZW[1] = T.type === 12 ? T.layers : LEVEL.height;
      XYZW[2] = T.dims === 1 ? 1 : LEVEL.depth;
    }
    writeResult(w, i, lane, XYZW, false);
  }
  done(w, i);
}

const ATOMIC_NAMES = new Set<string>(['swap', 'cmpswap', 'add', 'sub', 'smin', 'umin', 'smax', 'umax']);
for (const n of ['and', 'or', 'xor', 'inc', 'dec', 'fcmpswap', 'fmin', 'fmax']) ATOMIC_NAMES.add(n);

/**
 * The gfx6/7 atomic DeviceMemory has no operation for (32-bit form), as CLRX's GcnInstrsMimg.md
 * describes it: rsub stores data - memory. The float ones (fcmpswap, fmin, fmax) are DeviceMemory's,
 * by mem/float-atomic.ts.
 */
const EXTRA_ATOMICS: Record<string, (old: number, src: number) => number> = {
  rsub: (old, src) => (src - old) >>> 0,
};

function atomic(w: Wave, i: Inst): void {
  loadResource(w, i);
  const op = i.op as ImageOp;
  const name = op.atomic as AtomicOp;
  const extra = EXTRA_ATOMICS[op.atomic];
  if (!ATOMIC_NAMES.has(name) && extra === undefined)
    fail(i, `the atomic operation ${op.atomic} is not modelled`);
  const f = FMT;
  const wide = f.bytes === 8;
  if (wide && extra !== undefined) fail(i, `the 64-bit form of image_atomic_${op.atomic} is not modelled`);
  if (f.bytes !== 4 && !wide) fail(i, `image atomics need a 32- or 64-bit element, not ${f.describe()}`);
  const cmp = name === 'cmpswap' || op.atomic === 'fcmpswap';
  const dwords = (wide ? 2 : 1) * (cmp ? 2 : 1);
  if (popcount(i.imm) !== dwords)
    fail(i, `dmask 0x${i.imm.toString(16)} does not fit a ${wide ? 64 : 32}-bit atomic`);
  const mem: DeviceMemory = w.ctx.mem;
  const v = w.v;
  const d = i.vdata;
  for (let lane = 0; lane < 64; lane++) {
    if (!active(w, lane)) continue;
    const a = texelAddress(w, i, lane);
    OLD[0] = 0;
    OLD[1] = 0;
    if (a >= 0) {
      try {
        if (extra !== undefined) OLD[0] = mem.update32(a, extra, v[d * 64 + lane]!);
        else if (!wide) {
          const src = v[d * 64 + lane]!;
          OLD[0] = mem.atomic32(name, a, src, cmp ? v[(d + 1) * 64 + lane]! : 0);
        } else {
          const c0 = cmp ? v[(d + 2) * 64 + lane]! : 0;
          const c1 = cmp ? v[(d + 3) * 64 + lane]! : 0;
          mem.atomic64(name, a, v[d * 64 + lane]!, v[(d + 1) * 64 + lane]!, c0, c1, OLD, 0);
        }
      } catch (e) {
        laneFault(e, lane);
      }
    }
    if (i.glc) {
      v[d * 64 + lane] = OLD[0]!;
      if (wide) v[(d + 1) * 64 + lane] = OLD[1]!;
    }
  }
  done(w, i);
}

const HANDLERS: Record<ImageKind, Handler> = {
  [ImageKind.Load]: load,
  [ImageKind.Store]: store,
  [ImageKind.Resinfo]: resinfo,
  [ImageKind.Atomic]: atomic,
  [ImageKind.Sample]: runSample,
  [ImageKind.Gather]: runSample,
  [ImageKind.GetLod]: runSample,
  [ImageKind.Unmodelled]: unimplemented,
};

/** The f16 value of a 32-bit result (floats rounded, integers truncated), for d16 samples. */
export function toD16(bits: number, integer: boolean): number {
  return integer ? bits & 0xffff : f32BitsToF16(bits);
}

export function decodeMimg(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  // The codec's decoder fills the fields (one layout per generation); the flags the handlers test are
  // gathered into one number once here.
  if (!decodedByCodec(i, 'mimg') && decodeMimgFields(words, at, n, t, i) === 0) return 0;
  const proc = mimgTable(t).proc;
  const gen = proc.generation;
  const op = opFor(i.name);
  i.op = op;
  i.fn = gen;
  i.imm = i.dmask;
  let flags = 0;
  if (i.unorm) flags |= F_UNORM;
  if (i.da) flags |= F_DA;
  if (i.a16) flags |= gen === 'gfx9' ? F_A16 : F_R128;
  if (i.tfe) flags |= F_TFE;
  if (i.lwe) flags |= F_LWE;
  if (i.d16) flags |= proc.features.has('unpacked-d16-vmem') ? F_D16 | F_D16_UNPACKED : F_D16;
  i.offset = flags;
  i.sdst = i.ssamp;
  i.run = HANDLERS[op.kind];
  if (i.saddr + 8 > 128) i.run = (_w, i) => fail(i, 'the T# runs past s127');
  return 2;
}
