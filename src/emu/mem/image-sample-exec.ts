// The handler of image_sample*, image_gather4* and image_get_lod: reads each lane's address VGPRs in
// the order the ISA document gives ({offset} {bias} {z-compare} {derivatives} {body} {clamp | lod}),
// computes the LOD, picks the filter and the levels, and filters (image-sample.ts).
//
// LOD (not in the documents' text beyond the suffix table; the usual texture-unit rule): _lz uses 0,
// _l the given LOD; otherwise the derivatives of the texel-space coordinates, from the _d VGPRs or,
// without them, from the 2x2 quad of lanes (lanes 4k, 4k+1 to the right, 4k+2 below: horizontal and
// vertical differences), give rho = max(|d/dh|, |d/dv|) and LOD = log2(rho), plus the _b bias and the
// S# LOD bias, limited by the _cl clamp and then to the S# [min lod, max lod]. The mip filter picks
// level 0 (none), the nearest level (point) or blends the two nearest (linear); levels past the view's
// last level use the last. Unnormalized coordinates sample level 0. Arrays: the slice is the nearest
// integer to the coordinate (ties to even), clamped to the slices. The _c forms compare the reference
// with each texel's first component before filtering, the result (0 or 1) standing for every
// component. get_lod returns (clamped LOD, unclamped LOD).

import type { Generation } from '../../isa/processors.js';
import { f64ToF16 } from '../float/f16.js';
import type { Inst } from '../inst.js';
import type { Wave } from '../wave.js';
import { one } from './buf-format.js';
import {
  active,
  done,
  F_D16,
  F_DA,
  F_UNORM,
  FMT,
  fail,
  loadResource,
  selected,
  T,
  writeResult,
} from './image-common.js';
import { SamplerDesc } from './image-desc.js';
import { f32Bits, f32Value } from './image-format.js';
import { ImageKind, type ImageOp } from './image-ops.js';
import { Sampler } from './image-sample.js';

const S = new SamplerDesc();
const SAMPLER = new Sampler();
const OFFS = new Int32Array(3);
const ACC = new Float64Array(4);
const GATHER = new Float64Array(16);
const CH = new Uint32Array(4);
const XYZW = new Uint32Array(4);

function sext6(x: number): number {
  return ((x & 63) << 26) >> 26;
}

function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The LOD from texel-space derivatives (dims components each). */
function lodOf(dh: Float64Array, dv: Float64Array, dims: number): number {
  let h = 0;
  let v = 0;
  for (let k = 0; k < dims; k++) {
    h += dh[k]! * dh[k]!;
    v += dv[k]! * dv[k]!;
  }
  return Math.log2(Math.sqrt(Math.max(h, v)));
}

const DH = new Float64Array(3);
const SIZES = new Float64Array(3);
const DV = new Float64Array(3);

export function runSample(w: Wave, i: Inst): void {
  loadResource(w, i);
  S.load(w.s, i.sdst, i.fn as Generation);
  const op = i.op as ImageOp;
  const f = FMT;
  const sm = SAMPLER;
  sm.mem = w.ctx.mem;
  sm.d = T;
  sm.s = S;
  sm.f = f;
  sm.unnorm = (i.offset & F_UNORM) !== 0 || S.forceUnnorm;
  if (op.kind === ImageKind.Gather && T.dims !== 2) fail(i, `gather4 needs a 2D image, not ${T.typeName()}`);
  const d16 = (i.offset & F_D16) !== 0;
  const da = (i.offset & F_DA) !== 0;
  const dims = T.dims;
  const n = T.coords(da);
  const v = w.v;
  // Address VGPR positions.
  let r = i.vaddr;
  const rOff = op.offset ? r++ : -1;
  const rBias = op.bias ? r++ : -1;
  const rRef = op.compare ? r++ : -1;
  const rDer = op.deriv ? r : -1;
  if (op.deriv) r += 2 * dims;
  const rBody = r;
  const rAfter = r + n;
  const implicit = !op.lz && !op.lod;
  const needLod = op.kind === ImageKind.GetLod || T.levels > 1 || S.magFilter !== S.minFilter;
  const bw = T.width;
  const bh = T.height;
  const bd = T.depth;
  const one1 = one(f.integer, d16);
  const sizes = SIZES;
  sizes[0] = bw;
  sizes[1] = bh;
  sizes[2] = bd;
  for (let lane = 0; lane < 64; lane++) {
    if (!active(w, lane)) continue;
    const x = f32Value(v[rBody * 64 + lane]!);
    const y = dims > 1 ? f32Value(v[(rBody + 1) * 64 + lane]!) : 0;
    const z = dims > 2 ? f32Value(v[(rBody + 2) * 64 + lane]!) : 0;
    let slice = 0;
    if (T.arrayed && da) {
      slice = rint(f32Value(v[(rBody + n - 1) * 64 + lane]!));
      slice = Math.min(Math.max(slice, 0), T.layers - 1);
    }
    if (rOff >= 0) {
      const o = v[rOff * 64 + lane]!;
      OFFS[0] = sext6(o);
      OFFS[1] = sext6(o >>> 8);
      OFFS[2] = sext6(o >>> 16);
    } else OFFS.fill(0);
    sm.ref = rRef >= 0 ? f32Value(v[rRef * 64 + lane]!) : Number.NaN;
    // LOD.
    let lod = 0;
    let raw = 0;
    if (op.lod) lod = raw = f32Value(v[rAfter * 64 + lane]!);
    else if (implicit && needLod && !sm.unnorm) {
      if (rDer >= 0) {
        for (let k = 0; k < dims; k++) {
          DH[k] = f32Value(v[(rDer + k) * 64 + lane]!);
          DV[k] = f32Value(v[(rDer + dims + k) * 64 + lane]!);
        }
      } else {
        const q = lane & ~3;
        for (let k = 0; k < dims; k++) {
          const c0 = f32Value(v[(rBody + k) * 64 + q]!);
          DH[k] = f32Value(v[(rBody + k) * 64 + q + 1]!) - c0;
          DV[k] = f32Value(v[(rBody + k) * 64 + q + 2]!) - c0;
        }
      }
      for (let k = 0; k < dims; k++) {
        DH[k] = DH[k]! * sizes[k]!;
        DV[k] = DV[k]! * sizes[k]!;
      }
      raw = lodOf(DH, DV, dims);
      if (rBias >= 0) raw += f32Value(v[rBias * 64 + lane]!);
      raw += S.lodBias;
      lod = raw;
    }
    if (op.clamp && !op.lod) lod = Math.min(lod, f32Value(v[rAfter * 64 + lane]!));
    lod = Math.min(Math.max(lod, S.minLod), S.maxLod);
    if (op.kind === ImageKind.GetLod) {
      XYZW[0] = f32Bits(lod);
      XYZW[1] = f32Bits(raw);
      XYZW[2] = 0;
      XYZW[3] = 0;
      writeResult(w, i, lane, XYZW, false);
      continue;
    }
    const linear = (lod <= 0 ? S.magFilter : S.minFilter) !== 0;
    if (linear && f.integer && op.kind === ImageKind.Sample && Number.isNaN(sm.ref)) {
      fail(i, `bilinear filtering of an integer format (${f.describe()}) is not modelled`);
    }
    const last = T.levels - 1;
    let l0 = 0;
    let l1 = 0;
    let frac = 0;
    if (!sm.unnorm && S.mipFilter !== 0 && lod > 0) {
      if (S.mipFilter === 1) l0 = l1 = Math.min(Math.floor(lod + 0.5), last);
      else {
        l0 = Math.min(Math.floor(lod), last);
        l1 = Math.min(l0 + 1, last);
        frac = l0 === l1 ? 0 : lod - Math.floor(lod);
      }
    }
    if (op.kind === ImageKind.Gather) {
      sm.gather(l0, x, y, OFFS, slice, GATHER);
      let comp = 0;
      while (comp < 3 && !((i.imm >>> comp) & 1)) comp++;
      for (let t = 0; t < 4; t++) {
        for (let c = 0; c < 4; c++) ACC[c] = GATHER[4 * t + c]!;
        toBits(ACC, f.integer, f.nfmt === 5, d16);
        XYZW[t] = selected(T.sel[comp]!, CH, one1, i);
      }
      writeResult(w, i, lane, XYZW, d16, 15);
      continue;
    }
    ACC.fill(0);
    sm.filterLevel(l0, x, y, z, OFFS, slice, linear, 1 - frac, ACC);
    if (frac > 0) sm.filterLevel(l1, x, y, z, OFFS, slice, linear, frac, ACC);
    toBits(ACC, f.integer && Number.isNaN(sm.ref), f.nfmt === 5, d16);
    for (let k = 0; k < 4; k++) XYZW[k] = selected(T.sel[k]!, CH, one1, i);
    writeResult(w, i, lane, XYZW, d16);
  }
  done(w, i);
}

/** Filtered RGBA values to VGPR bits in CH: integers as they are, floats rounded once to f32 or f16. */
function toBits(acc: Float64Array, integer: boolean, signed: boolean, d16: boolean): void {
  for (let k = 0; k < 4; k++) {
    const x = acc[k]!;
    if (integer) CH[k] = d16 ? x & 0xffff : signed ? x | 0 : x >>> 0;
    else CH[k] = d16 ? f64ToF16(x) : f32Bits(x);
  }
}
