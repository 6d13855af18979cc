// Texels of an image: the T# data format's component layout, reading and writing one element, and the
// conversions between memory components and VGPR values. The data and number format codes are the
// ones the buffer formats use (buf-format.ts, which holds the component conversions both share); the
// image-only data formats modelled here are 16 5_6_5, 17 1_5_5_5, 18 5_5_5_1 and 19 4_4_4_4 (CLRX's
// GcnMemHandling.md data format list: components named from the lowest bit, as for 10_11_11).
//
// Components are R, G, B, A in memory order; what the format lacks reads as 0, alpha as 1; then the
// T#'s dst_sel picks X, Y, Z, W (Vega document: "expands it to a canonical RGBA form, filling in zero or
// one for missing components"). Stores write whole elements: VGPR components go through the inverse
// of dst_sel (the component whose dst_sel names memory channel c is stored there, 0 if none), so that
// a store followed by a load returns what was stored also for swizzled orders such as BGRA; the
// document does not say how stores treat dst_sel, this is gcnkit's choice.

import { NF_FLOAT, NF_SINT, NF_UINT } from './buf-format.js';

/** Component widths (R first, from bit 0 up) per image data format. */
const WIDTHS: (readonly number[] | undefined)[] = [];
WIDTHS[1] = [8];
WIDTHS[2] = [16];
WIDTHS[3] = [8, 8];
WIDTHS[4] = [32];
WIDTHS[5] = [16, 16];
WIDTHS[6] = [11, 11, 10];
WIDTHS[7] = [10, 11, 11];
WIDTHS[8] = [2, 10, 10, 10];
WIDTHS[9] = [10, 10, 10, 2];
WIDTHS[10] = [8, 8, 8, 8];
WIDTHS[11] = [32, 32];
WIDTHS[12] = [16, 16, 16, 16];
WIDTHS[13] = [32, 32, 32];
WIDTHS[14] = [32, 32, 32, 32];
WIDTHS[16] = [5, 6, 5];
WIDTHS[17] = [5, 5, 5, 1];
WIDTHS[18] = [1, 5, 5, 5];
WIDTHS[19] = [4, 4, 4, 4];

const DFMT_NAMES: Record<number, string> = {
  1: '8',
  2: '16',
  3: '8_8',
  4: '32',
  5: '16_16',
  6: '10_11_11',
  7: '11_11_10',
  8: '10_10_10_2',
  9: '2_10_10_10',
  10: '8_8_8_8',
  11: '32_32',
  12: '16_16_16_16',
  13: '32_32_32',
  14: '32_32_32_32',
  16: '5_6_5',
  17: '1_5_5_5',
  18: '5_5_5_1',
  19: '4_4_4_4',
};
const NFMT_NAMES = ['UNORM', 'SNORM', 'USCALED', 'SSCALED', 'UINT', 'SINT', 'SNORM_OGL', 'FLOAT'];

export function describeFormat(dfmt: number, nfmt: number): string {
  return `data format ${dfmt} (${DFMT_NAMES[dfmt] ?? 'not modelled'}), number format ${nfmt} (${NFMT_NAMES[nfmt] ?? 'not modelled'})`;
}

/** The layout of one element: component count, widths, bit offsets, size. */
export class TexelFormat {
  dfmt = -1;
  nfmt = -1;
  count = 0;
  readonly widths = new Uint8Array(4);
  readonly shifts = new Uint8Array(4);
  bytes = 0;
  /** Whether every component is a whole 16- or 32-bit unit (read one by one) rather than packed. */
  split = false;
  integer = false;

  /** Sets the layout; returns why the format cannot be used, or undefined. */
  set(dfmt: number, nfmt: number): string | undefined {
    if (dfmt === this.dfmt && nfmt === this.nfmt) return undefined;
    const w = WIDTHS[dfmt];
    if (w === undefined || nfmt > 7 || nfmt === 6)
      return `image format not modelled: ${describeFormat(dfmt, nfmt)}`;
    if (nfmt === NF_FLOAT && w.some((n) => n !== 16 && n !== 32) && dfmt !== 6 && dfmt !== 7) {
      return `invalid image format: ${describeFormat(dfmt, nfmt)} (no float encoding of that width)`;
    }
    this.dfmt = dfmt;
    this.nfmt = nfmt;
    this.count = w.length;
    let at = 0;
    for (let k = 0; k < w.length; k++) {
      this.widths[k] = w[k]!;
      this.shifts[k] = at;
      at += w[k]!;
    }
    this.bytes = at / 8;
    this.split = this.bytes > 4;
    this.integer = nfmt === NF_UINT || nfmt === NF_SINT;
    return undefined;
  }

  describe(): string {
    return describeFormat(this.dfmt, this.nfmt);
  }
}

/** The memory operations texel access needs (DeviceMemory provides them). */
export interface TexelMemory {
  read8(a: number): number;
  read16(a: number): number;
  read32(a: number): number;
  write8(a: number, v: number): void;
  write16(a: number, v: number): void;
  write32(a: number, v: number): void;
}

/** Reads the element at `addr` into raw[0..count-1] (unsigned component bits). */
export function readElement(mem: TexelMemory, addr: number, f: TexelFormat, raw: Uint32Array): void {
  if (f.split) {
    for (let k = 0; k < f.count; k++) {
      const at = addr + f.shifts[k]! / 8;
      raw[k] = f.widths[k] === 32 ? mem.read32(at) : mem.read16(at);
    }
    return;
  }
  const e = f.bytes === 4 ? mem.read32(addr) : f.bytes === 2 ? mem.read16(addr) : mem.read8(addr);
  for (let k = 0; k < f.count; k++) {
    const n = f.widths[k]!;
    raw[k] = n === 32 ? e >>> 0 : (e >>> f.shifts[k]!) & ((1 << n) - 1);
  }
}

/** Writes raw[0..count-1] as the element at `addr`. */
export function writeElement(mem: TexelMemory, addr: number, f: TexelFormat, raw: Uint32Array): void {
  if (f.split) {
    for (let k = 0; k < f.count; k++) {
      const at = addr + f.shifts[k]! / 8;
      if (f.widths[k] === 32) mem.write32(at, raw[k]!);
      else mem.write16(at, raw[k]!);
    }
    return;
  }
  let e = 0;
  for (let k = 0; k < f.count; k++) {
    const n = f.widths[k]!;
    e += n === 32 ? raw[k]! : (raw[k]! & ((1 << n) - 1)) * 2 ** f.shifts[k]!;
  }
  if (f.bytes === 4) mem.write32(addr, e >>> 0);
  else if (f.bytes === 2) mem.write16(addr, e);
  else mem.write8(addr, e);
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
export function f32Bits(x: number): number {
  F32[0] = x;
  return U32[0]!;
}
export function f32Value(bits: number): number {
  U32[0] = bits;
  return F32[0]!;
}
