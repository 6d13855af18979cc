// The read-modify-write functions of the LDS atomics, from the Vega ISA document's pseudo code. Each
// takes the old memory value and the two data operands (DATA = data0, DATA2 = data1) and returns the new
// memory value; the instruction returns the old one. 32-bit functions work on unsigned 32-bit numbers,
// 64-bit ones on unsigned 64-bit bigints (LDS atomics are rare enough that bigint costs nothing visible).

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);

function f32(bits: number): number {
  U32[0] = bits;
  return F32[0]!;
}
function bits32(x: number): number {
  F32[0] = x;
  return U32[0]!;
}
function f64(bits: bigint): number {
  U64[0] = bits;
  return F64[0]!;
}
function bits64(x: number): bigint {
  F64[0] = x;
  return U64[0]!;
}

export type Atomic32 = (old: number, data: number, data2: number) => number;
export type Atomic64 = (old: bigint, data: bigint, data2: bigint) => bigint;

const u64 = (x: bigint): bigint => BigInt.asUintN(64, x);
const i64 = (x: bigint): bigint => BigInt.asIntN(64, x);

/** By the op name with `ds_`, `_rtn` and the type suffix removed, e.g. `min_i` for ds_min_rtn_i32. */
export const ATOMIC32: Record<string, Atomic32> = {
  add_u: (o, d) => (o + d) >>> 0,
  sub_u: (o, d) => (o - d) >>> 0,
  rsub_u: (o, d) => (d - o) >>> 0,
  inc_u: (o, d) => (o >= d ? 0 : (o + 1) >>> 0),
  dec_u: (o, d) => (o === 0 || o > d ? d : o - 1),
  min_i: (o, d) => ((d | 0) < (o | 0) ? d : o),
  max_i: (o, d) => ((d | 0) > (o | 0) ? d : o),
  min_u: (o, d) => (d < o ? d : o),
  max_u: (o, d) => (d > o ? d : o),
  and_b: (o, d) => (o & d) >>> 0,
  or_b: (o, d) => (o | d) >>> 0,
  xor_b: (o, d) => (o ^ d) >>> 0,
  // MEM = (MEM & ~DATA) | DATA2.
  mskor_b: (o, d, d2) => ((o & ~d) | d2) >>> 0,
  wrxchg_b: (_o, d) => d,
  // The compare value is DATA, the value stored on a match DATA2 (unlike the buffer cmpswap).
  cmpst_b: (o, d, d2) => (o === d ? d2 : o),
  cmpst_f: (o, d, d2) => (f32(o) === f32(d) ? d2 : o),
  min_f: (o, d) => (f32(d) < f32(o) ? d : o),
  max_f: (o, d) => (f32(d) > f32(o) ? d : o),
  add_f: (o, d) => bits32(f32(o) + f32(d)),
  // MEM = (MEM >= DATA) ? MEM - DATA : MEM + DATA2.
  wrap_b: (o, d, d2) => (o >= d ? o - d : (o + d2) >>> 0),
};

export const ATOMIC64: Record<string, Atomic64> = {
  add_u: (o, d) => u64(o + d),
  sub_u: (o, d) => u64(o - d),
  rsub_u: (o, d) => u64(d - o),
  inc_u: (o, d) => (o >= d ? 0n : u64(o + 1n)),
  dec_u: (o, d) => (o === 0n || o > d ? d : o - 1n),
  min_i: (o, d) => (i64(d) < i64(o) ? d : o),
  max_i: (o, d) => (i64(d) > i64(o) ? d : o),
  min_u: (o, d) => (d < o ? d : o),
  max_u: (o, d) => (d > o ? d : o),
  and_b: (o, d) => o & d,
  or_b: (o, d) => o | d,
  xor_b: (o, d) => o ^ d,
  mskor_b: (o, d, d2) => (o & ~d & 0xffff_ffff_ffff_ffffn) | d2,
  wrxchg_b: (_o, d) => d,
  cmpst_b: (o, d, d2) => (o === d ? d2 : o),
  cmpst_f: (o, d, d2) => (f64(o) === f64(d) ? d2 : o),
  min_f: (o, d) => (f64(d) < f64(o) ? d : o),
  max_f: (o, d) => (f64(d) > f64(o) ? d : o),
  add_f: (o, d) => bits64(f64(o) + f64(d)),
};

/** The key of an atomic op name in ATOMIC32/ATOMIC64 and its width, or undefined if not an atomic. */
export function atomicKey(name: string): { key: string; bits: 32 | 64; rtn: boolean } | undefined {
  const m = /^ds_([a-z]+?)(_rtn)?_([biuf])(32|64)$/.exec(name);
  if (m === null) return undefined;
  const key = `${m[1]}_${m[3]}`;
  const bits = m[4] === '64' ? 64 : 32;
  const table: Record<string, unknown> = bits === 64 ? ATOMIC64 : ATOMIC32;
  if (!(key in table)) return undefined;
  return { key, bits, rtn: m[2] !== undefined };
}
