// Data format conversion of the MUBUF format ops (buffer_load_format_* / buffer_store_format_*), from
// the Vega ISA document's buffer sections: the V# word 3 holds dst_sel_x/y/z/w [11:0] (3 bits each:
// 0 = 0, 1 = 1, 4 = R, 5 = G, 6 = B, 7 = A), the number format NFMT [14:12] and the data format DFMT
// [18:15], with the values of the MTBUF DFMT/NFMT fields:
//
//   DFMT  0 invalid, 1 8, 2 16, 3 8_8, 4 32, 5 16_16, 6 10_11_11, 7 11_11_10, 8 10_10_10_2,
//         9 2_10_10_10, 10 8_8_8_8, 11 32_32, 12 16_16_16_16, 13 32_32_32, 14 32_32_32_32, 15 reserved
//   NFMT  0 unorm, 1 snorm, 2 uscaled, 3 sscaled, 4 uint, 5 sint, 6 reserved, 7 float
//
// A component's bits: the packed formats are named from the most significant field down, so the
// first component (R) sits at bit 0 of the element (10_11_11: R = [10:0], G = [21:11], B = [31:22];
// the CLRX reference says the same, "from lowest bit"); the byte/short/dword formats have R at the
// lowest address. Loads return 32-bit values: floats for unorm/snorm/uscaled/sscaled/float, integers
// (zero or sign extended) for uint/sint; 32-bit components are not converted at all ("memory reads of
// data in memory that is 32 or 64 bits do not undergo any format conversion"). Components the format
// lacks read as 0, alpha as 1 (1.0 for the float number formats), then dst_sel picks X, Y, Z, W.
//
// Not in the documents, chosen here (see the tests): unorm = v / (2^n - 1) and snorm = max(v /
// (2^(n-1) - 1), -1) rounded once to the result type; stores clamp to the format's range (NaN -> 0)
// and round to nearest even; 10/11-bit floats are unsigned with a 5-bit exponent (bias 15) and 5/6
// mantissa bits, negative values storing 0; d16 results are the value rounded once to f16 (uint/sint:
// the low 16 bits).

import { f16ToF32, f16ToF32Bits, f32BitsToF16, f64ToF16 } from '../float/f16.js';

export const DFMT_NAMES = [
  'INVALID',
  '8',
  '16',
  '8_8',
  '32',
  '16_16',
  '10_11_11',
  '11_11_10',
  '10_10_10_2',
  '2_10_10_10',
  '8_8_8_8',
  '32_32',
  '16_16_16_16',
  '32_32_32',
  '32_32_32_32',
  'RESERVED',
] as const;
export const NFMT_NAMES = [
  'UNORM',
  'SNORM',
  'USCALED',
  'SSCALED',
  'UINT',
  'SINT',
  'RESERVED',
  'FLOAT',
] as const;

export const NF_UNORM = 0;
export const NF_SNORM = 1;
export const NF_USCALED = 2;
export const NF_SSCALED = 3;
export const NF_UINT = 4;
export const NF_SINT = 5;
export const NF_FLOAT = 7;

/** Component widths in bits, R first (from bit 0 up); undefined for the invalid/reserved codes. */
const WIDTHS: readonly (readonly number[] | undefined)[] = [
  undefined,
  [8],
  [16],
  [8, 8],
  [32],
  [16, 16],
  [11, 11, 10],
  [10, 11, 11],
  [2, 10, 10, 10],
  [10, 10, 10, 2],
  [8, 8, 8, 8],
  [32, 32],
  [16, 16, 16, 16],
  [32, 32, 32],
  [32, 32, 32, 32],
  undefined,
];

/** The format fields of a V# word 3. */
export class BufFormat {
  dfmt = 0;
  nfmt = 0;
  /** dst_sel_x, _y, _z, _w. */
  readonly sel = new Uint8Array(4);
  /** Component widths (R first) and the element's size in bytes; valid after check() returned undefined. */
  widths: readonly number[] = [];
  bytes = 0;

  load(w3: number): this {
    for (let k = 0; k < 4; k++) this.sel[k] = (w3 >>> (3 * k)) & 7;
    this.nfmt = (w3 >>> 12) & 7;
    this.dfmt = (w3 >>> 15) & 0xf;
    const w = WIDTHS[this.dfmt];
    this.widths = w ?? [];
    this.bytes = w === undefined ? 0 : w.reduce((a, b) => a + b, 0) / 8;
    return this;
  }

  /**
   * MTBUF: the instruction's DFMT/NFMT replace the descriptor's (the V#'s dst_sel still applies to
   * loads), as the ISA documents' typed buffer instructions describe.
   */
  typed(dfmt: number, nfmt: number): this {
    this.dfmt = dfmt & 15;
    this.nfmt = nfmt & 7;
    const w = WIDTHS[this.dfmt];
    this.widths = w ?? [];
    this.bytes = w === undefined ? 0 : w.reduce((a, b) => a + b, 0) / 8;
    return this;
  }

  /** "data format 6 (10_11_11), number format 7 (FLOAT)". */
  describe(): string {
    return `data format ${this.dfmt} (${DFMT_NAMES[this.dfmt]}), number format ${this.nfmt} (${NFMT_NAMES[this.nfmt]})`;
  }

  /**
   * Why the format cannot be used, or undefined. `store`: stores have no uscaled/sscaled conversion in
   * the documents (CLRX lists those two as read-only). `comps`: the dst_sel fields loads use.
   */
  check(store: boolean, comps: number): string | undefined {
    if (this.dfmt === 0 || this.dfmt === 15 || this.nfmt === 6)
      return `invalid buffer format: ${this.describe()}`;
    // Float needs a float encoding of every component: f16, f32, or the unsigned 11/10-bit floats of
    // 10_11_11 and 11_11_10; 8-bit and 10_10_10_2 / 2_10_10_10 components have none.
    const d = this.dfmt;
    if (this.nfmt === NF_FLOAT && (d === 1 || d === 3 || d === 10 || d === 8 || d === 9)) {
      return `invalid buffer format: ${this.describe()} (no float encoding of that width)`;
    }
    if (store && (this.nfmt === NF_USCALED || this.nfmt === NF_SSCALED)) {
      return `buffer format ${this.describe()} is not modelled for stores`;
    }
    if (!store) {
      for (let k = 0; k < comps; k++) {
        const s = this.sel[k]!;
        if (s === 2 || s === 3) return `invalid dst_sel ${s} for component ${'xyzw'[k]} (${this.describe()})`;
      }
    }
    return undefined;
  }

  /** Whether results are integers (uint/sint) rather than floats. */
  get integer(): boolean {
    return this.nfmt === NF_UINT || this.nfmt === NF_SINT;
  }
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
function f32Bits(x: number): number {
  F32[0] = x;
  return U32[0]!;
}
function f32Value(bits: number): number {
  U32[0] = bits;
  return F32[0]!;
}

function signed(v: number, n: number): number {
  return v >= 2 ** (n - 1) ? v - 2 ** n : v;
}

/** Round half to even. */
function rne(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The value of an unsigned float with a 5-bit exponent (bias 15) and `mb` mantissa bits. */
export function ufloatValue(v: number, mb: number): number {
  const e = v >>> mb;
  const m = v & ((1 << mb) - 1);
  if (e === 31) return m === 0 ? Infinity : NaN;
  if (e === 0) return m * 2 ** (-14 - mb);
  return (2 ** mb + m) * 2 ** (e - 15 - mb);
}

/** An unsigned float's f32 bits, NaN payloads kept at the top of the mantissa (quiet). */
function ufloatToF32Bits(v: number, mb: number): number {
  const e = v >>> mb;
  const m = v & ((1 << mb) - 1);
  if (e === 31 && m !== 0) return (0x7fc00000 | (m << (23 - mb))) >>> 0;
  return f32Bits(ufloatValue(v, mb));
}

/** A value rounded (to nearest even) to an unsigned float with `mb` mantissa bits: negatives give 0. */
export function toUfloat(f: number, mb: number): number {
  if (Number.isNaN(f)) return (31 << mb) | (1 << (mb - 1));
  if (!(f > 0)) return 0;
  if (f === Infinity) return 31 << mb;
  let e = Math.floor(Math.log2(f));
  if (2 ** e > f) e--;
  else if (2 ** (e + 1) <= f) e++;
  const q = 2 ** (Math.max(e, -14) - mb);
  const k = rne(f / q); // significand in units of q, up to 2^(mb+1)
  // k * q is the rounded value; a carry into the next binade is handled by re-normalising.
  let be = Math.max(e, -14);
  let sig = k;
  if (sig >= 2 ** (mb + 1)) {
    sig /= 2;
    be++;
  }
  if (be > 15) return 31 << mb;
  if (sig < 2 ** mb) return sig; // subnormal (be is -14)
  return ((be + 15) << mb) | (sig - 2 ** mb);
}

/** The value of component `raw` (width n < 32) under a float-type number format. */
function floatValue(raw: number, n: number, nf: number): number {
  switch (nf) {
    case NF_UNORM:
      return raw / (2 ** n - 1);
    case NF_SNORM:
      return Math.max(signed(raw, n) / (2 ** (n - 1) - 1), -1);
    case NF_USCALED:
      return raw;
    case NF_SSCALED:
      return signed(raw, n);
    default:
      // NF_FLOAT: 16, 11 or 10 bits.
      return n === 16 ? f16ToF32(raw) : ufloatValue(raw, n - 5);
  }
}

/** A loaded component (width n) as the 32-bit VGPR value. */
export function loadComponent32(raw: number, n: number, nf: number): number {
  if (n === 32) return raw >>> 0;
  if (nf === NF_UINT) return raw;
  if (nf === NF_SINT) return signed(raw, n) >>> 0;
  if (nf === NF_FLOAT) return n === 16 ? f16ToF32Bits(raw) : ufloatToF32Bits(raw, n - 5);
  return f32Bits(floatValue(raw, n, nf));
}

/** A loaded component (width n) as the 16-bit value of the d16 forms. */
export function loadComponent16(raw: number, n: number, nf: number): number {
  if (nf === NF_UINT) return raw & 0xffff;
  if (nf === NF_SINT) return (n === 32 ? raw : signed(raw, n)) & 0xffff;
  if (n === 32) return f32BitsToF16(raw >>> 0);
  if (nf === NF_FLOAT && n === 16) return raw;
  if (nf === NF_FLOAT && raw >>> (n - 5) === 31 && (raw & ((1 << (n - 5)) - 1)) !== 0) {
    // An 11/10-bit NaN: quiet f16 NaN with the payload at the top of the mantissa, as for f32.
    return 0x7e00 | ((raw & ((1 << (n - 5)) - 1)) << (15 - n));
  }
  return f64ToF16(floatValue(raw, n, nf));
}

/** The value 1 (for missing alpha and dst_sel 1) in the result type. */
export function one(integer: boolean, d16: boolean): number {
  if (integer) return 1;
  return d16 ? 0x3c00 : 0x3f800000;
}

/**
 * A component to store, from the VGPR value `x` (d16: the 16-bit half), as the raw bits of width n.
 * The format must have passed check(true, ...).
 */
export function storeComponent(x: number, n: number, nf: number, d16: boolean): number {
  if (nf === NF_UINT || nf === NF_SINT) {
    let v: number;
    if (d16) v = nf === NF_SINT ? (x << 16) >> 16 : x & 0xffff;
    else v = nf === NF_SINT ? x | 0 : x >>> 0;
    if (n === 32) return v >>> 0;
    if (nf === NF_UINT) return Math.min(v, 2 ** n - 1);
    const lo = -(2 ** (n - 1));
    const hi = 2 ** (n - 1) - 1;
    const c = Math.max(lo, Math.min(hi, v));
    return c < 0 ? c + 2 ** n : c;
  }
  if (n === 32) return d16 ? f16ToF32Bits(x & 0xffff) : x >>> 0;
  if (nf === NF_FLOAT && n === 16) return d16 ? x & 0xffff : f32BitsToF16(x >>> 0);
  const f = d16 ? f16ToF32(x & 0xffff) : f32Value(x >>> 0);
  if (nf === NF_FLOAT) return toUfloat(f, n - 5);
  if (Number.isNaN(f)) return 0;
  if (nf === NF_UNORM) return rne(Math.min(1, Math.max(0, f)) * (2 ** n - 1));
  // NF_SNORM
  const s = rne(Math.min(1, Math.max(-1, f)) * (2 ** (n - 1) - 1));
  return s < 0 ? s + 2 ** n : s;
}
