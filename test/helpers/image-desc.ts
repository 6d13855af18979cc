// T# and S# words for emulator tests, written from the Vega ISA document's "Image Resource" and "Image
// Sampler" tables (independent of src/emu and src/runtime), and a texel-format table for host
// references.
import type { Wave } from '../../src/emu/wave.js';

export interface TDesc {
  base: number;
  dfmt: number;
  nfmt: number;
  width: number;
  height?: number;
  /** depth-1 field + 1: 3D depth, or (gfx9) an array's slice count. */
  depth?: number;
  /** Texels per row (default width). */
  pitch?: number;
  /** dst_sel x, y, z, w (default R, G, B, A = 4, 5, 6, 7). */
  sel?: readonly number[];
  type?: number;
  baseLevel?: number;
  lastLevel?: number;
  tiling?: number;
  baseArray?: number;
}

/** The 8 T# dwords. */
export function tsharp(d: TDesc): number[] {
  const sel = d.sel ?? [4, 5, 6, 7];
  const a = d.base / 256;
  return [
    a % 2 ** 32,
    (Math.floor(a / 2 ** 32) & 0xff) | (d.dfmt << 20) | (d.nfmt << 26),
    (d.width - 1) | (((d.height ?? 1) - 1) << 14),
    (sel[0]! |
      (sel[1]! << 3) |
      (sel[2]! << 6) |
      (sel[3]! << 9) |
      ((d.baseLevel ?? 0) << 12) |
      ((d.lastLevel ?? 0) << 16) |
      ((d.tiling ?? 0) << 20) |
      ((d.type ?? 9) << 28)) >>>
      0,
    (((d.depth ?? 1) - 1) | (((d.pitch ?? d.width) - 1) << 13)) >>> 0,
    d.baseArray ?? 0,
    0,
    0,
  ].map((x) => x >>> 0);
}

/**
 * The 8 T# dwords of gfx6-8, from the SQ_IMG_RSRC_WORD0-7 fields of Mesa's sid.h: as the Vega table
 * except a 14-bit pitch (WORD4 [26:13]) and the last array index in WORD5 LAST_ARRAY [25:13].
 */
export function tsharpSI(d: TDesc & { lastArray?: number }): number[] {
  const w = tsharp(d);
  w[4] = (((d.depth ?? 1) - 1) | ((((d.pitch ?? d.width) - 1) & 0x3fff) << 13)) >>> 0;
  w[5] = ((d.baseArray ?? 0) | ((d.lastArray ?? 0) << 13)) >>> 0;
  return w;
}

export interface SDesc {
  clamp?: number;
  clampX?: number;
  clampY?: number;
  clampZ?: number;
  compare?: number;
  unnorm?: boolean;
  minLod?: number;
  maxLod?: number;
  lodBias?: number;
  mag?: number;
  min?: number;
  zFilter?: number;
  mip?: number;
  border?: number;
}

/** The 4 S# dwords. */
export function ssharp(s: SDesc): number[] {
  const c = s.clamp ?? 0;
  const w0 =
    (s.clampX ?? c) |
    ((s.clampY ?? c) << 3) |
    ((s.clampZ ?? c) << 6) |
    ((s.compare ?? 0) << 12) |
    (s.unnorm ? 1 << 15 : 0);
  const w1 = Math.round((s.minLod ?? 0) * 256) | (Math.round((s.maxLod ?? 15) * 256) << 12);
  const w2 =
    (Math.round((s.lodBias ?? 0) * 256) & 0x3fff) |
    ((s.mag ?? 0) << 20) |
    ((s.min ?? 0) << 22) |
    ((s.zFilter ?? 0) << 24) |
    ((s.mip ?? 0) << 26);
  const w3 = (s.border ?? 0) << 30;
  return [w0, w1, w2, w3].map((x) => x >>> 0);
}

export function setS(w: Wave, r: number, words: readonly number[]): void {
  for (let k = 0; k < words.length; k++) w.s[r + k] = words[k]! >>> 0;
}

export function f32(bits: number): number {
  return new Float32Array(new Uint32Array([bits]).buffer)[0]!;
}
export function bits(x: number): number {
  return new Uint32Array(new Float32Array([x]).buffer)[0]!;
}
