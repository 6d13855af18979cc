// The reference below is deliberately independent of src/emu/float: every finite value is decomposed
// into an exact BigInt significand and power of two, arithmetic is exact, and rounding to a target
// format is done once on the exact rational, for each IEEE mode. The exhaustive f16 loops run in every
// tier; the seeded random loops run a fifth of their slow-tier count in `npm test` (RANDOM).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bitLength as bitLengthOf } from '../scripts/lib/bit-length.js';
import { f16ToF32, f16ToF32Bits, f32BitsToF16, f32ToF16, f64ToF16 } from '../src/emu/float/f16.js';
import { fmaF32, fmaF64 } from '../src/emu/float/fma.js';
import { RNE, RNI, type RoundMode, RPI, RTZ } from '../src/emu/float/round-mode.js';
import { tier } from './helpers/tier.js';

const MODES: RoundMode[] = [RNE, RPI, RNI, RTZ];
/** Scales a seeded random loop: full in the slow tier, a fifth in `npm test`. */
const RANDOM = (n: number) => tier(n / 5, n);
const dv = new DataView(new ArrayBuffer(8));

interface Fmt {
  p: number;
  emin: number;
  emax: number;
}
const F16: Fmt = { p: 11, emin: -14, emax: 15 };
const F32: Fmt = { p: 24, emin: -126, emax: 127 };
const F64: Fmt = { p: 53, emin: -1022, emax: 1023 };

function pow2(k: number): number {
  // Built from bits rather than 2 ** k so the reference does not lean on Math.pow being exact.
  if (k >= -1022) {
    dv.setBigUint64(0, BigInt(k + 1023) << 52n);
  } else {
    dv.setBigUint64(0, 1n << BigInt(k + 1074));
  }
  return dv.getFloat64(0);
}

/** Exact m * 2^e for a double, m signed. */
function exact(x: number): { m: bigint; e: number } {
  dv.setFloat64(0, x);
  const bits = dv.getBigUint64(0);
  const be = Number((bits >> 52n) & 0x7ffn);
  let m = bits & 0xfffffffffffffn;
  if (be !== 0) m |= 1n << 52n;
  return { m: bits >> 63n ? -m : m, e: (be === 0 ? 1 : be) - 1075 };
}

function bitLength(m: bigint): number {
  return m === 0n ? 0 : bitLengthOf(m);
}

/** Rounds the exact value n * 2^e (n != 0) to fmt in the given mode; returns the value as a double. */
function roundRef(n: bigint, e: number, fmt: Fmt, mode: RoundMode): number {
  const neg = n < 0n;
  const m = neg ? -n : n;
  const E = bitLength(m) - 1 + e;
  const qe = Math.max(E, fmt.emin) - (fmt.p - 1);
  let q: bigint;
  if (qe <= e) {
    q = m << BigInt(e - qe);
  } else {
    const s = BigInt(qe - e);
    q = m >> s;
    const rem = m - (q << s);
    const half = 1n << (s - 1n);
    let up = false;
    if (rem !== 0n) {
      if (mode === RNE) up = rem > half || (rem === half && (q & 1n) === 1n);
      else if (mode === RPI) up = !neg;
      else if (mode === RNI) up = neg;
    }
    if (up) q += 1n;
  }
  if (bitLength(q) - 1 + qe > fmt.emax) {
    const toInf = mode === RNE || (mode === RPI && !neg) || (mode === RNI && neg);
    const max = (2 - pow2(1 - fmt.p)) * pow2(fmt.emax);
    return neg ? (toInf ? -Infinity : -max) : toInf ? Infinity : max;
  }
  const v = qe > 0 ? Number(q) * pow2(qe) : Number(q) * pow2(qe + 200) * pow2(-200);
  return neg ? -v : v;
}

function refRound(x: number, fmt: Fmt, mode: RoundMode): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const { m, e } = exact(x);
  return roundRef(m, e, fmt, mode);
}

function refDecodeF16(bits: number): number {
  const s = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const f = bits & 0x3ff;
  if (e === 31) return f ? NaN : s * Infinity;
  if (e === 0) return s * f * pow2(-24);
  return s * (1024 + f) * pow2(e - 25);
}

// mulberry32: deterministic so failures reproduce.
let seed = 0x9e3779b9;
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const rint = (n: number) => Math.floor(rnd() * n);
const u32 = () => (rnd() * 4294967296) >>> 0;

const f32buf = new Float32Array(1);
const u32buf = new Uint32Array(f32buf.buffer);
function f32FromBits(b: number): number {
  u32buf[0] = b;
  return f32buf[0]!;
}
function f32Bits(x: number): number {
  f32buf[0] = x;
  return u32buf[0]!;
}
/** Random f32 with the given unbiased exponent (clamped into the encodable range). */
function f32WithExp(e: number): number {
  const sign = rint(2) << 31;
  if (e < -126) return f32FromBits((sign | ((u32() & 0x7fffff) >>> (-126 - e))) >>> 0);
  return f32FromBits((sign | ((e + 127) << 23) | (u32() & 0x7fffff)) >>> 0);
}
function f64WithExp(e: number): number {
  const hiSign = BigInt(rint(2)) << 63n;
  const frac = (BigInt(u32() & 0xfffff) << 32n) | BigInt(u32());
  if (e < -1022) dv.setBigUint64(0, hiSign | (frac >> BigInt(Math.min(53, -1022 - e))));
  else dv.setBigUint64(0, hiSign | (BigInt(e + 1023) << 52n) | frac);
  return dv.getFloat64(0);
}
function nextUp(x: number): number {
  dv.setFloat64(0, x);
  const b = dv.getBigUint64(0);
  if (x === 0) return pow2(-1074);
  dv.setBigUint64(0, x > 0 ? b + 1n : b - 1n);
  return dv.getFloat64(0);
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

test('f16 decode and round trips: all 65,536 patterns', () => {
  let checks = 0;
  for (let h = 0; h < 0x10000; h++) {
    const v = f16ToF32(h);
    const isNaN16 = (h & 0x7c00) === 0x7c00 && (h & 0x3ff) !== 0;
    assert.ok(Object.is(v, refDecodeF16(h)), `decode ${h.toString(16)}`);
    const b32 = f16ToF32Bits(h);
    if (isNaN16) {
      assert.equal(b32, (((h & 0x8000) << 16) | 0x7fc00000 | ((h & 0x3ff) << 13)) >>> 0, `nan bits ${h}`);
      assert.equal(f32BitsToF16(b32), h | 0x200);
      assert.equal(f32ToF16(v) & 0x7e00, 0x7e00);
      checks += 3;
      continue;
    }
    assert.equal(b32, f32Bits(v));
    for (const m of MODES) {
      assert.equal(f32ToF16(v, m), h, `roundtrip ${h.toString(16)} mode ${m}`);
      assert.equal(f64ToF16(v, m), h);
      assert.equal(f32BitsToF16(b32, m), h);
      const sub = (h & 0x7c00) === 0 && (h & 0x3ff) !== 0;
      assert.equal(f32ToF16(v, m, true), sub ? h & 0x8000 : h);
      checks += 4;
    }
    checks += 2;
  }
  console.log(`f16 exhaustive: ${checks} checks`);
});

function checkToF16(x: number, viaF32: boolean): number {
  let n = 0;
  for (const m of MODES) {
    const want = refRound(x, F16, m);
    const got = viaF32 ? f32ToF16(x, m) : f64ToF16(x, m);
    if (!Object.is(f16ToF32(got), want)) {
      assert.fail(`${viaF32 ? 'f32' : 'f64'}ToF16(${x}) mode ${m}: got ${got.toString(16)} want ${want}`);
    }
    const flushed = viaF32 ? f32ToF16(x, m, true) : f64ToF16(x, m, true);
    const wantFlushed = Math.abs(want) < pow2(-14) ? (Object.is(want, -0) || want < 0 ? -0 : 0) : want;
    if (!Object.is(f16ToF32(flushed), wantFlushed)) assert.fail(`flush ${x} mode ${m}`);
    n += 2;
  }
  return n;
}

test('f32ToF16 / f64ToF16 against exact rounding in all four modes', () => {
  let f32n = 0;
  let f64n = 0;
  const halfUlpF16 = (h: number) => {
    const e = (h >> 10) & 0x1f;
    return pow2((e === 0 ? 1 : e) - 26);
  };
  // Every f16 value with the midpoints to its neighbours, and one f32 / f64 ulp either side of them.
  for (let h = 0; h < 0x7c00; h++) {
    const v = f16ToF32(h);
    const mid = v + halfUlpF16(h);
    for (const s of [1, -1]) {
      for (const x of [mid, Math.fround(nextUp(mid) * (1 + 2 ** -23)), f32FromBits(f32Bits(mid) - 1)]) {
        f32n += checkToF16(s * x, true);
      }
      for (const x of [nextUp(mid), nextDown(mid)]) f64n += checkToF16(s * x, false);
    }
  }
  for (let i = 0; i < RANDOM(60000); i++) {
    f32n += checkToF16(f32WithExp(rint(50) - 35), true);
    f64n += checkToF16(f64WithExp(rint(50) - 35), false);
  }
  // Whole-range f32 bit patterns: overflow, underflow to zero / min subnormal, NaNs.
  for (let i = 0; i < RANDOM(40000); i++) {
    const b = u32();
    const x = f32FromBits(b);
    if (Number.isNaN(x)) {
      assert.equal(f32BitsToF16(b), ((b >>> 16) & 0x8000) | 0x7e00 | ((b >>> 13) & 0x1ff));
      f32n++;
      continue;
    }
    f32n += checkToF16(x, true);
    for (const m of MODES) assert.equal(f32BitsToF16(b, m), f32ToF16(x, m));
  }
  for (const x of [
    65504,
    65519.99,
    65520,
    65536,
    1e300,
    Infinity,
    pow2(-25),
    pow2(-26),
    pow2(-1074),
    0,
    -0,
  ]) {
    f32n += checkToF16(x, true);
    f32n += checkToF16(-x, true);
  }
  console.log(`f32ToF16: ${f32n} checks, f64ToF16: ${f64n} checks`);
});

function refFma(a: number, b: number, c: number, fmt: Fmt): number {
  if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(c)) return NaN;
  if (!Number.isFinite(a) || !Number.isFinite(b)) {
    if (a === 0 || b === 0) return NaN;
    const p = Math.sign(a) * Math.sign(b) * Infinity;
    return Number.isFinite(c) || c === p ? p : NaN;
  }
  if (!Number.isFinite(c)) return c;
  const ea = exact(a);
  const eb = exact(b);
  const ec = exact(c);
  const pe = ea.e + eb.e;
  const e0 = Math.min(pe, ec.e);
  const n = ((ea.m * eb.m) << BigInt(pe - e0)) + (ec.m << BigInt(ec.e - e0));
  if (n === 0n) {
    const prodNeg = a * b === 0 ? Object.is(a * b, -0) : a * b < 0;
    // Exact zero: -0 only when both addends are -0 (a zero product carries the product's sign).
    return a * b === 0 && c === 0 && prodNeg && Object.is(c, -0) ? -0 : 0;
  }
  return roundRef(n, e0, fmt, RNE);
}

function checkFma(a: number, b: number, c: number, f32: boolean): void {
  const want = refFma(a, b, c, f32 ? F32 : F64);
  const got = f32 ? fmaF32(a, b, c) : fmaF64(a, b, c);
  if (!Object.is(got, want))
    assert.fail(`fma${f32 ? 'F32' : 'F64'}(${a}, ${b}, ${c}) = ${got}, want ${want}`);
}

const SPECIALS64 = [
  0,
  -0,
  Infinity,
  -Infinity,
  NaN,
  1,
  -1,
  pow2(-1074),
  -pow2(-1074),
  pow2(-1022),
  2 ** 1023,
];

test('fmaF32 at f32 ties: the exact value just below or above the midpoint decides', () => {
  // fmaF32 rounds the double sum s of a*b + c straight to f32 unless s is a tie between two f32 values,
  // where the exact sum, within 2^-60 relative of the midpoint here, decides (fma.ts). A product of
  // 2^-24 (1 - 2^-36) or 2^-24 (1 + 2^-36), scaled like c in [1, 2), puts the exact sum just below or
  // just above the midpoint c + ulp/2; s is the midpoint itself.
  const below = [(1 + 2 ** -18) * 2 ** -24, 1 - 2 ** -18];
  const above = [(1 + 2 ** -12) * 2 ** -24, 1 - 2 ** -12 + 2 ** -24];
  for (let i = 0; i < RANDOM(10000); i++) {
    const scale = 2 ** ((i % 200) - 100) * (i & 1 ? -1 : 1);
    const c = f32FromBits(((u32() & 0x7fffff) | (127 << 23)) >>> 0) * scale;
    for (const [a, b] of [below, above]) checkFma(a * scale, b, c, true);
  }
  // At the overflow threshold (the largest f32 plus half an ulp): just below it is the largest f32, just
  // above it infinity, though the double sum is the threshold both times.
  const max = f32FromBits(0x7f7fffff);
  for (const sign of [1, -1])
    for (const [a, b] of [below, above]) checkFma(a * 2 ** 127 * sign, b, max * sign, true);
  assert.equal(fmaF32(below[0] * 2 ** 127, below[1], max), max);
  assert.equal(fmaF32(above[0] * 2 ** 127, above[1], max), Infinity);
});

test('fmaF32 against exact arithmetic', () => {
  let n = 0;
  const specials = [
    ...SPECIALS64.slice(0, 7),
    f32FromBits(1),
    f32FromBits(0x800000),
    f32FromBits(0x7f7fffff),
  ];
  for (const a of specials) {
    for (const b of specials) {
      for (const c of specials) {
        checkFma(a, b, c, true);
        n++;
      }
    }
  }
  // (1 + 2^-12)^2 + 2^-60 sits just above an f32 midpoint; rounding through a double lands on the
  // midpoint and then ties to even, so only a single rounding gives 1 + 2^-11 + 2^-23.
  const a1 = 1 + 2 ** -12;
  assert.equal(fmaF32(a1, a1, 2 ** -60), 1 + 2 ** -11 + 2 ** -23);
  assert.equal(fmaF32(-a1, a1, -(2 ** -60)), -(1 + 2 ** -11 + 2 ** -23));
  checkFma(a1, a1, 2 ** -60, true);
  n += 3;
  for (let i = 0; i < RANDOM(40000); i++) {
    const a = f32FromBits(u32());
    const b = f32FromBits(u32());
    checkFma(a, b, f32FromBits(u32()), true);
    // Cancellation: c near -a*b, so the result comes from the product's low bits.
    const p = Math.fround(a * b);
    if (Number.isFinite(p)) {
      checkFma(a, b, -p, true);
      checkFma(a, b, -f32FromBits(f32Bits(p) + 1), true);
      n += 2;
    }
    // Exponents chosen so the result lands anywhere, including subnormal and overflow.
    const ea = rint(300) - 160;
    const eb = rint(300) - 160 - ea;
    const a2 = f32WithExp(Math.max(-149, Math.min(127, ea)));
    const b2 = f32WithExp(Math.max(-149, Math.min(127, eb)));
    checkFma(a2, b2, f32WithExp(rint(280) - 150), true);
    const p2 = Math.fround(a2 * b2);
    checkFma(a2, b2, -p2, true);
    n += 3;
  }
  console.log(`fmaF32: ${n} checks`);
});

test('fmaF64 against exact arithmetic', () => {
  let n = 0;
  for (const a of SPECIALS64) {
    for (const b of SPECIALS64) {
      for (const c of SPECIALS64) {
        checkFma(a, b, c, false);
        n++;
      }
    }
  }
  for (let i = 0; i < RANDOM(25000); i++) {
    const a = f64WithExp(rint(2100) - 1075);
    const b = f64WithExp(rint(2100) - 1075);
    checkFma(a, b, f64WithExp(rint(2100) - 1075), false);
    // Product exponent spread over the whole range, c placed near it.
    const ep = rint(2200) - 1130;
    const ea = Math.max(-1074, Math.min(1023, rint(2100) - 1075));
    const a2 = f64WithExp(ea);
    const b2 = f64WithExp(Math.max(-1074, Math.min(1023, ep - ea)));
    checkFma(a2, b2, f64WithExp(Math.max(-1074, Math.min(1023, ep + rint(120) - 60))), false);
    const p = a2 * b2;
    checkFma(a2, b2, -p, false);
    checkFma(a2, b2, -nextUp(p), false);
    checkFma(a2, b2, -nextDown(p), false);
    n += 5;
  }
  // Results in or near the subnormal range and at the overflow boundary.
  for (let i = 0; i < RANDOM(10000); i++) {
    const ea = rint(600) - 800;
    const a = f64WithExp(ea);
    const b = f64WithExp(rint(120) - 1090 - ea);
    checkFma(a, b, f64WithExp(rint(60) - 1080), false);
    checkFma(a, b, -(a * b), false);
    const a3 = f64WithExp(rint(200) + 700);
    const b3 = f64WithExp(1022 - (a3 === 0 ? 0 : Math.floor(Math.log2(Math.abs(a3)))) + rint(3) - 1);
    checkFma(a3, b3, f64WithExp(rint(60) + 963), false);
    n += 3;
  }
  console.log(`fmaF64: ${n} checks`);
});
