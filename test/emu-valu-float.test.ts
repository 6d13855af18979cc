// Tests of the f32/f64 VALU lane math (src/emu/valu/float-ops.ts and the f32-*/f64-*/fcmp-*/fconv-* files).
// Every registered op is checked on all 64 lanes against a reference written independently of the
// implementation: exact BigInt (dyadic rational) arithmetic rounded per MODE for the arithmetic and the
// conversions, plain host comparisons for compares and class, host Math for the transcendental ops
// (within the document's ULP bounds), and the Vega pseudo-code transcribed per value for min/max/med3 and
// the division helpers. Operands are seeded random values plus edge values (+-0, +-inf, NaNs, denormals,
// extremes, integers near conversion limits), under several MODE settings (rounding modes, denormal
// flushing per precision, IEEE and DX10_CLAMP) and output modifiers. Known answers from the document's
// examples pin the reading of the spec, and a few assembly snippets run end to end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLOAT_OPS } from '../src/emu/valu/float-ops.js';
import { Lanes } from '../src/emu/valu/lanes.js';
import { opcodeOn } from '../src/isa/ops.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { processorOf, VOP_PROFILES } from '../src/isa/vop-profile.js';

/** Every processor: the ops of gfx6-gfx8 need semantics too. */
const ALL_TARGETS = PROCESSORS.map((p) => p.name as Target);

import { bitLength } from '../scripts/lib/bit-length.js';
import { VOP3_ONLY_OPS } from '../src/isa/vop3-ops.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

// ---- Bits, values, exact arithmetic -----------------------------------------------------------------------

const fbuf = new Float32Array(1);
const fu = new Uint32Array(fbuf.buffer);
const dbuf = new Float64Array(1);
const dbig = new BigUint64Array(dbuf.buffer);

const fb = (v: number): number => {
  fbuf[0] = v;
  return fu[0];
};
const bf = (b: number): number => {
  fu[0] = b;
  return fbuf[0];
};
const db = (v: number): bigint => {
  dbuf[0] = v;
  return dbig[0];
};
const bd = (b: bigint): number => {
  dbig[0] = b;
  return dbuf[0];
};
const hex = (b: number | bigint) => '0x' + b.toString(16);
const lo64 = (v: number) => Number(db(v) & 0xffffffffn);
const hi64 = (v: number) => Number(db(v) >> 32n);

interface Fmt {
  p: number; // significand bits
  qmin: number; // exponent of the smallest denormal
  bias: number;
  ebits: number;
}
const F32: Fmt = { p: 24, qmin: -149, bias: 127, ebits: 8 };
const F64: Fmt = { p: 53, qmin: -1074, bias: 1023, ebits: 11 };

/** A finite value as m * 2^e exactly (m signed BigInt). */
interface Dy {
  m: bigint;
  e: number;
}

function dyOfBits(bits: bigint, f: Fmt): Dy {
  const mb = BigInt(f.p - 1);
  const E = Number((bits >> mb) & ((1n << BigInt(f.ebits)) - 1n));
  let m = bits & ((1n << mb) - 1n);
  if (E !== 0) m |= 1n << mb;
  const neg = bits >> BigInt(f.p - 1 + f.ebits) === 1n;
  return { m: neg ? -m : m, e: (E === 0 ? 1 : E) + f.qmin - 1 };
}
const dy32 = (b: number): Dy => dyOfBits(BigInt(b >>> 0), F32);
const dy64 = (b: bigint): Dy => dyOfBits(b, F64);

function dyAdd(a: Dy, b: Dy): Dy {
  const e = Math.min(a.e, b.e);
  return { m: (a.m << BigInt(a.e - e)) + (b.m << BigInt(b.e - e)), e };
}
const dyMul = (a: Dy, b: Dy): Dy => ({ m: a.m * b.m, e: a.e + b.e });
const dyNeg = (a: Dy): Dy => ({ m: -a.m, e: a.e });

function bitLen(v: bigint): number {
  return v === 0n ? 0 : bitLength(v);
}

/** Rounds m * 2^e (nonzero) to format f in mode rm; returns the bits. */
function roundDy(d: Dy, f: Fmt, rm: number): bigint {
  const neg = d.m < 0n;
  const mag = neg ? -d.m : d.m;
  const sign = neg ? 1n << BigInt(f.p - 1 + f.ebits) : 0n;
  const msb = d.e + bitLen(mag) - 1;
  let q = Math.max(msb - (f.p - 1), f.qmin);
  let kept: bigint;
  if (q <= d.e) kept = mag << BigInt(d.e - q);
  else {
    const s = BigInt(q - d.e);
    kept = mag >> s;
    const rem = mag - (kept << s);
    if (rem > 0n) {
      const half = 1n << (s - 1n);
      const up =
        rm === 0
          ? rem > half || (rem === half && (kept & 1n) === 1n)
          : rm === 1
            ? !neg
            : rm === 2
              ? neg
              : false;
      if (up) kept++;
    }
  }
  if (kept === 1n << BigInt(f.p)) {
    kept >>= 1n;
    q++;
  }
  const emaxField = (1 << f.ebits) - 1;
  const mbits = BigInt(f.p - 1);
  if (kept < 1n << mbits) return sign | kept; // denormal (or zero)
  const E = q - f.qmin + 1;
  if (E >= emaxField) {
    // Overflow: infinity, or the largest finite value when rounding toward zero / away from the sign.
    const toInf = rm === 0 || (rm === 1 && !neg) || (rm === 2 && neg);
    const inf = BigInt(emaxField) << mbits;
    return sign | (toInf ? inf : inf - 1n);
  }
  return sign | (BigInt(E) << mbits) | (kept - (1n << mbits));
}

const isNaN32b = (b: number) => (b & 0x7fffffff) > 0x7f800000;
const isNaN64b = (b: bigint) => (b & 0x7fffffffffffffffn) > 0x7ff0000000000000n;
const isDen32 = (b: number) => (b & 0x7f800000) === 0 && (b & 0x7fffff) !== 0;
const isDen64 = (b: bigint) => (b & 0x7ff0000000000000n) === 0n && (b & 0xfffffffffffffn) !== 0n;
const flush32b = (b: number) => (isDen32(b) ? (b & 0x80000000) >>> 0 : b >>> 0);
const flush64b = (b: bigint) => (isDen64(b) ? b & 0x8000000000000000n : b);
const quiet32 = (b: number) => (b | 0x400000) >>> 0;
const quiet64 = (b: bigint) => b | 0x8000000000000n;

// ---- MODE settings ---------------------------------------------------------------------------------------

const DX10 = 0x100;
const IEEE = 0x200;
/** rm32, rm64, denorm32, denorm64, flags. */
const mode = (r32: number, r64: number, dn32: number, dn64: number, flags = DX10 | IEEE) =>
  r32 | (r64 << 2) | (dn32 << 4) | (dn64 << 6) | flags;
const MODES = [
  mode(0, 0, 3, 3),
  mode(1, 1, 3, 3),
  mode(2, 2, 3, 3),
  mode(3, 3, 3, 3),
  mode(3, 0, 3, 3), // single and double round fields differ
  mode(0, 3, 0, 3), // single flushes, double keeps
  mode(0, 0, 3, 0), // double flushes, single keeps
  mode(2, 1, 1, 2, 0), // input-only / output-only denormals, IEEE and DX10 off
  mode(1, 2, 2, 1, DX10),
];
const DEFAULT = MODES[0];
const rm32 = (m: number) => m & 3;
const rm64 = (m: number) => (m >> 2) & 3;
const inDen32 = (m: number) => (m & 0x10) !== 0;
const outDen32 = (m: number) => (m & 0x20) !== 0;
const inDen64 = (m: number) => (m & 0x40) !== 0;
const outDen64 = (m: number) => (m & 0x80) !== 0;

// ---- Seeded operands -------------------------------------------------------------------------------------

let seed = 0x9e3779b9;
function rnd(): number {
  // xorshift32
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
}
const pick = <T>(a: readonly T[]): T => a[rnd() % a.length];

const EDGE32 = [
  0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x3fc00000, 0x40000000, 0x7f7fffff, 0xff7fffff,
  0x00800000, 0x80800000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x7f800000, 0xff800000, 0x7fc00000,
  0x7f800001, 0xffc00123, 0x7fa00000, 0x40400000, 0x3f7fffff, 0x4b800000, 0x4f000000, 0x4f800000, 0xcf000000,
  0x4effffff, 0x4f7fffff, 0x40200000, 0xc0200000, 0x40600000, 0x3effffff, 0x34000000, 0x33800000, 0xcf000001,
  0x5f800000, 0x20000000, 0x1f800000, 0x0c800000,
];

function rand32(): number {
  const k = rnd() % 8;
  if (k === 0) return pick(EDGE32);
  if (k === 1) return rnd() >>> 0; // any bits
  if (k === 2) return (rnd() & 0x807fffff) >>> 0; // denormal
  if (k === 3) return fb((rnd() % 2001) - 1000) >>> 0; // small integer
  if (k === 4) return fb(((rnd() % 4001) - 2000) / 8) >>> 0; // halves, quarters
  // moderate magnitudes with random significand bits
  const e = 127 + (rnd() % 41) - 20;
  return ((rnd() & 0x807fffff) | (e << 23)) >>> 0;
}

const EDGE64 = [
  0n,
  0x8000000000000000n,
  0x3ff0000000000000n,
  0xbff0000000000000n,
  0x3fe0000000000000n,
  0x7fefffffffffffffn,
  0xffefffffffffffffn,
  0x0010000000000000n,
  0x0000000000000001n,
  0x800fffffffffffffn,
  0x7ff0000000000000n,
  0xfff0000000000000n,
  0x7ff8000000000000n,
  0x7ff0000000000001n,
  0xfff8000000000123n,
  0x41dfffffffc00000n, // 2^31 - 1
  0x41e0000000000000n, // 2^31
  0xc1e0000000000000n,
  0x41efffffffe00000n, // 2^32 - 1
  0x41f0000000000000n,
  0x4004000000000000n, // 2.5
  0xc004000000000000n,
  0x3fefffffffffffffn,
  0x4330000000000000n, // 2^52
  0x36a0000000000000n,
  0x47e0000000000000n,
];

function rand64(): bigint {
  const k = rnd() % 8;
  if (k === 0) return pick(EDGE64);
  if (k === 1) return (BigInt(rnd()) << 32n) | BigInt(rnd());
  if (k === 2) return ((BigInt(rnd() & 0x800fffff) << 32n) | BigInt(rnd())) & 0x800fffffffffffffn;
  if (k === 3) return db((rnd() % 2001) - 1000);
  if (k === 4) return db(((rnd() % 4001) - 2000) / 8);
  const e = BigInt(1023 + (rnd() % 81) - 40);
  return (((BigInt(rnd() & 0x800fffff) << 32n) | BigInt(rnd())) & 0x800fffffffffffffn) | (e << 52n);
}

// ---- Running an op ---------------------------------------------------------------------------------------

type Src = { w: 1; v: number[] } | { w: 2; v: bigint[] };

interface Run {
  du: Uint32Array;
  mask: [number, number];
}

function runOp(
  name: string,
  srcs: Src[],
  opts: { mode?: number; clamp?: boolean; omod?: number; maskIn?: [number, number] } = {},
): Run {
  const fn = FLOAT_OPS[name];
  assert.ok(fn !== undefined, `${name} is registered`);
  const x = new Lanes();
  const us = [x.u0, x.u1, x.u2];
  srcs.forEach((s, k) => {
    for (let l = 0; l < 64; l++) {
      if (s.w === 1) us[k][l] = s.v[l];
      else {
        us[k][2 * l] = Number(s.v[l] & 0xffffffffn);
        us[k][2 * l + 1] = Number(s.v[l] >> 32n);
      }
    }
  });
  x.du.fill(0xdeadbeef);
  x.mode = opts.mode ?? DEFAULT;
  x.clamp = opts.clamp ?? false;
  x.omod = opts.omod ?? 0;
  x.maskIn[0] = opts.maskIn?.[0] ?? 0;
  x.maskIn[1] = opts.maskIn?.[1] ?? 0;
  x.maskOut[0] = 0x5a5a5a5a;
  x.maskOut[1] = 0xa5a5a5a5;
  fn(x);
  return { du: x.du.slice(), mask: [x.maskOut[0], x.maskOut[1]] };
}

const res32 = (r: Run, l: number) => r.du[l];
const res64 = (r: Run, l: number) => (BigInt(r.du[2 * l + 1]) << 32n) | BigInt(r.du[2 * l]);
const maskBit = (r: Run, l: number) => ((r.mask[l >> 5] >>> (l & 31)) & 1) === 1;

// ---- Reference output stages -------------------------------------------------------------------------------

const OMOD_EXP = [0, 1, 2, -1];

/** Output stage of an f32 result: omod (rounded per MODE), output denormal flush, clamp. */
function out32(bits: number, m: number, clamp: boolean, omod: number, forceFlush = false): number {
  bits >>>= 0;
  if (isNaN32b(bits)) return clamp && m & DX10 ? 0 : bits;
  if (omod !== 0 && (bits & 0x7fffffff) !== 0 && (bits & 0x7f800000) !== 0x7f800000) {
    const d = dy32(bits);
    bits = Number(roundDy({ m: d.m, e: d.e + OMOD_EXP[omod] }, F32, rm32(m)));
  }
  if ((forceFlush || !outDen32(m)) && isDen32(bits)) bits = (bits & 0x80000000) >>> 0;
  if (clamp) {
    const v = bf(bits);
    bits = v > 1 ? 0x3f800000 : v > 0 ? bits : 0;
  }
  return bits >>> 0;
}

function out64(bits: bigint, m: number, clamp: boolean, omod: number): bigint {
  if (isNaN64b(bits)) return clamp && m & DX10 ? 0n : bits;
  if (
    omod !== 0 &&
    (bits & 0x7fffffffffffffffn) !== 0n &&
    (bits & 0x7ff0000000000000n) !== 0x7ff0000000000000n
  ) {
    const d = dy64(bits);
    bits = roundDy({ m: d.m, e: d.e + OMOD_EXP[omod] }, F64, rm64(m));
  }
  if (!outDen64(m) && isDen64(bits)) bits &= 0x8000000000000000n;
  if (clamp) {
    const v = bd(bits);
    bits = v > 1 ? 0x3ff0000000000000n : v > 0 ? bits : 0n;
  }
  return bits;
}

// ---- Reference arithmetic (exact, then one rounding) ------------------------------------------------------

/** Rounds an exact value to f32 bits, with IEEE zero signs (zeroNeg: the sign of an exact zero). */
function exact32(d: Dy, rm: number, zeroNeg: boolean): number {
  if (d.m === 0n) return zeroNeg ? 0x80000000 : 0;
  return Number(roundDy(d, F32, rm));
}

function exact64(d: Dy, rm: number, zeroNeg: boolean): bigint {
  if (d.m === 0n) return zeroNeg ? 0x8000000000000000n : 0n;
  return roundDy(d, F64, rm);
}

/** IEEE sign of an exact zero sum of addends with signs an, bn: their sign if equal, else -0 only under RNI. */
const sumZeroNeg = (an: boolean, bn: boolean, rm: number) => (an === bn ? an : rm === 2);
const sgn = (b: number) => b >>> 31 === 1;
const sgn64 = (b: bigint) => b >> 63n === 1n;

type F32Op = 'add' | 'sub' | 'subrev' | 'mul' | 'mul_legacy' | 'fma' | 'mad' | 'mad_legacy';

/** Reference of the f32 arithmetic ops on bits (after input flushing). */
function arith32(op: F32Op, s: number[], rm: number): number {
  const [a0, b0, c0] = s;
  let a = a0;
  let b = b0;
  if (op === 'sub') b = (b0 ^ 0x80000000) >>> 0;
  if (op === 'subrev') {
    a = b0;
    b = (a0 ^ 0x80000000) >>> 0;
  }
  // DX9 legacy multiply: a zero factor gives +0, even against NaN or infinity.
  const zeroFactor = (a0 & 0x7fffffff) === 0 || (b0 & 0x7fffffff) === 0;
  if (op === 'mul_legacy' && zeroFactor) return 0;
  if (op === 'mad_legacy' && zeroFactor) {
    if (isNaN32b(c0)) return quiet32(c0);
    return c0 === 0x80000000 ? (rm === 2 ? 0x80000000 : 0) : c0;
  }
  const nans = op === 'fma' || op === 'mad' || op === 'mad_legacy' ? [a0, b0, c0] : [a0, b0];
  const firstNaN = nans.find(isNaN32b);
  if (firstNaN !== undefined) return quiet32(firstNaN);
  const fa = bf(a);
  const fbv = bf(b);
  const inf = (v: number) => !Number.isFinite(v);
  if (op === 'add' || op === 'sub' || op === 'subrev') {
    if (inf(fa) || inf(fbv)) {
      const r = fa + fbv;
      return Number.isNaN(r) ? 0xffc00000 : fb(r);
    }
    return exact32(dyAdd(dy32(a), dy32(b)), rm, sumZeroNeg(sgn(a), sgn(b), rm));
  }
  const legacyZero = (op === 'mul_legacy' || op === 'mad_legacy') && (fa === 0 || fbv === 0);
  if (op === 'mul' || op === 'mul_legacy') {
    if (legacyZero) return 0;
    if (inf(fa) || inf(fbv)) {
      const r = fa * fbv;
      return Number.isNaN(r) ? 0xffc00000 : fb(r);
    }
    return exact32(dyMul(dy32(a), dy32(b)), rm, ((a ^ b) & 0x80000000) !== 0);
  }
  const fc = bf(c0);
  if (op === 'fma') {
    if (inf(fa) || inf(fbv) || inf(fc)) {
      const r = fa * fbv + fc;
      return Number.isNaN(r) ? 0xffc00000 : fb(r);
    }
    const p = dyMul(dy32(a), dy32(b));
    const pNeg = ((a ^ b) & 0x80000000) !== 0;
    return exact32(dyAdd(p, dy32(c0)), rm, sumZeroNeg(pNeg, sgn(c0), rm));
  }
  // mad / mad_legacy: the product rounded first.
  let pb: number;
  if (legacyZero) pb = 0;
  else if (inf(fa) || inf(fbv)) {
    const r = fa * fbv;
    pb = Number.isNaN(r) ? 0xffc00000 : fb(r);
  } else pb = exact32(dyMul(dy32(a), dy32(b)), rm, ((a ^ b) & 0x80000000) !== 0);
  if (isNaN32b(pb)) return 0xffc00000;
  const fp = bf(pb);
  if (inf(fp) || inf(fc)) {
    const r = fp + fc;
    return Number.isNaN(r) ? 0xffc00000 : fb(r);
  }
  return exact32(dyAdd(dy32(pb), dy32(c0)), rm, sumZeroNeg(sgn(pb), sgn(c0), rm));
}

type F64Op = 'add' | 'mul' | 'fma';

function arith64(op: F64Op, s: bigint[], rm: number): bigint {
  const firstNaN = s.find(isNaN64b);
  if (firstNaN !== undefined) return quiet64(firstNaN);
  const [a, b, c] = s;
  const fa = bd(a);
  const fbv = bd(b);
  const anyInf = s.some((v) => !Number.isFinite(bd(v)));
  if (anyInf) {
    const r = op === 'add' ? fa + fbv : op === 'mul' ? fa * fbv : fa * fbv + bd(c);
    return Number.isNaN(r) ? 0xfff8000000000000n : db(r);
  }
  if (op === 'add') return exact64(dyAdd(dy64(a), dy64(b)), rm, sumZeroNeg(sgn64(a), sgn64(b), rm));
  const p = dyMul(dy64(a), dy64(b));
  const pNeg = (a ^ b) >> 63n === 1n;
  if (op === 'mul') return exact64(p, rm, pNeg);
  return exact64(dyAdd(p, dy64(c)), rm, sumZeroNeg(pNeg, sgn64(c), rm));
}

// ---- Generic sweep ---------------------------------------------------------------------------------------

interface Sweep32 {
  n: number;
  gen?: (k: number) => number;
  /** Expected result bits (before the output stage unless raw). */
  ref: (s: number[], m: number, lane: number) => number;
  /** Output stage: 'f' float result with omod/clamp, 'ff' float with forced flush, 'raw' integer result. */
  out: 'f' | 'ff' | 'raw';
  /** Flush input denormals: 'mode' by MODE, 'always', 'never'. */
  inFlush: 'mode' | 'always' | 'never';
  /** Sources that are integers (never flushed). */
  ints?: readonly number[];
  modes?: readonly number[];
  batches?: number;
}

function sweep32(name: string, sp: Sweep32): void {
  const modes = sp.modes ?? MODES;
  const batches = sp.batches ?? 3;
  for (const m of modes) {
    for (let bt = 0; bt < batches; bt++) {
      const clamp = sp.out !== 'raw' && bt === 1;
      const omod = sp.out !== 'raw' && bt === 2 ? 1 + (rnd() % 3) : 0;
      const srcs: number[][] = [];
      for (let k = 0; k < sp.n; k++) srcs.push(Array.from({ length: 64 }, () => (sp.gen ?? rand32)(k)));
      const r = runOp(
        name,
        srcs.map((v) => ({ w: 1 as const, v })),
        { mode: m, clamp, omod },
      );
      for (let l = 0; l < 64; l++) {
        let s = srcs.map((v) => v[l] >>> 0);
        const fl = sp.inFlush === 'always' || (sp.inFlush === 'mode' && !inDen32(m));
        if (fl) s = s.map((v, k) => (sp.ints?.includes(k) ? v : flush32b(v)));
        let want = sp.ref(s, m, l) >>> 0;
        if (sp.out !== 'raw') want = out32(want, m, clamp, omod, sp.out === 'ff');
        const got = res32(r, l);
        if (got !== want)
          assert.fail(
            `${name}(${srcs.map((v) => hex(v[l] >>> 0)).join(', ')}) mode ${hex(m)} clamp ${clamp} omod ${omod}: got ${hex(got)}, want ${hex(want)}`,
          );
      }
    }
  }
}

interface Sweep64 {
  kinds: string; // 'd' f64 source, 'i' 32-bit source
  gen32?: () => number;
  ref: (s: (bigint | number)[], m: number) => bigint;
  out: 'f' | 'raw32';
  inFlush: 'mode' | 'never';
  modes?: readonly number[];
}

function sweep64(name: string, sp: Sweep64): void {
  for (const m of sp.modes ?? MODES) {
    for (let bt = 0; bt < 3; bt++) {
      const clamp = sp.out === 'f' && bt === 1;
      const omod = sp.out === 'f' && bt === 2 ? 1 + (rnd() % 3) : 0;
      const srcs = [...sp.kinds].map((k) =>
        k === 'd' ? Array.from({ length: 64 }, rand64) : Array.from({ length: 64 }, sp.gen32 ?? rand32),
      );
      const r = runOp(
        name,
        srcs.map((v, k) =>
          sp.kinds[k] === 'd' ? { w: 2 as const, v: v as bigint[] } : { w: 1 as const, v: v as number[] },
        ),
        { mode: m, clamp, omod },
      );
      for (let l = 0; l < 64; l++) {
        const s = srcs.map((v, k) => {
          const x = v[l];
          if (sp.kinds[k] !== 'd') return (x as number) >>> 0;
          return sp.inFlush === 'mode' && !inDen64(m) ? flush64b(x as bigint) : (x as bigint);
        });
        let want = sp.ref(s, m);
        if (sp.out === 'f') want = out64(want, m, clamp, omod);
        const got = sp.out === 'f' ? res64(r, l) : BigInt(res32(r, l));
        if (got !== want)
          assert.fail(
            `${name}(${srcs.map((v) => hex(v[l])).join(', ')}) mode ${hex(m)} clamp ${clamp} omod ${omod}: got ${hex(got)}, want ${hex(want)}`,
          );
      }
    }
  }
}

// ---- Coverage ------------------------------------------------------------------------------------------------

/** Ops in scope that are deliberately not registered, with the reason (also in float-ops.ts). */
const EXCLUDED: Record<string, string> = {
  v_interp_p1_f32: 'parameter interpolation (LDS parameters), not lane math',
  v_interp_p2_f32: 'parameter interpolation (LDS parameters), not lane math',
  v_interp_mov_f32: 'parameter interpolation (LDS parameters), not lane math',
};

function inScopeNames(): Set<string> {
  const names = new Set<string>();
  const fold = (n: string) =>
    n.startsWith('v_cmpx_') ? 'v_cmp_' + n.slice(7) : n.startsWith('v_cmpsx_') ? 'v_cmps_' + n.slice(8) : n;
  const isFloat = (n: string) =>
    !n.includes('f16') &&
    (n.includes('_f32') || n.includes('_f64') || n.startsWith('v_cvt_pk_') || n.startsWith('v_cvt_off'));
  for (const t of ALL_TARGETS) {
    for (const p of VOP_PROFILES)
      if (opcodeOn(p, processorOf(t)) !== undefined && isFloat(p.name)) names.add(fold(p.name));
  }
  for (const s of VOP3_ONLY_OPS) if (isFloat(s.name)) names.add(s.name);
  return names;
}

test('every f32/f64 op of gfx900/gfx906/gfx908 has semantics (or a listed reason)', () => {
  const names = inScopeNames();
  assert.ok(names.size > 100, `found ${names.size} names`);
  const missing = [...names].filter((n) => FLOAT_OPS[n] === undefined && EXCLUDED[n] === undefined);
  assert.deepEqual(missing, []);
  for (const n of Object.keys(EXCLUDED)) {
    assert.ok(names.has(n), `${n} is in scope`);
    assert.equal(FLOAT_OPS[n], undefined, `${n} is excluded`);
  }
  // Nothing outside the scope (no f16, no integer op) is registered here.
  for (const n of Object.keys(FLOAT_OPS)) assert.ok(names.has(n), `${n} is an in-scope op`);
});

// ---- f32 arithmetic ------------------------------------------------------------------------------------------

test('f32 add/sub/subrev/mul/mul_legacy: exact rounding per MODE, flushing, NaNs, omod, clamp', () => {
  const ops: [string, F32Op][] = [
    ['v_add_f32', 'add'],
    ['v_sub_f32', 'sub'],
    ['v_subrev_f32', 'subrev'],
    ['v_mul_f32', 'mul'],
    ['v_mul_legacy_f32', 'mul_legacy'],
  ];
  for (const [name, op] of ops)
    sweep32(name, { n: 2, out: 'f', inFlush: 'mode', ref: (s, m) => arith32(op, s, rm32(m)) });
});

test('f32 fma/fmac (fused, per MODE) and mad/mac/madmk/madak/mad_legacy (unfused, always flushed)', () => {
  for (const name of ['v_fma_f32', 'v_fmac_f32'])
    sweep32(name, { n: 3, out: 'f', inFlush: 'mode', ref: (s, m) => arith32('fma', s, rm32(m)) });
  for (const name of ['v_mad_f32', 'v_mac_f32', 'v_madmk_f32', 'v_madak_f32'])
    sweep32(name, { n: 3, out: 'ff', inFlush: 'always', ref: (s, m) => arith32('mad', s, rm32(m)) });
  sweep32('v_mad_legacy_f32', {
    n: 3,
    out: 'ff',
    inFlush: 'always',
    ref: (s, m) => arith32('mad_legacy', s, rm32(m)),
  });
});

test('f32 mode bits each change results (round toward zero, denormal flush, clamp, omod)', () => {
  const one = 0x3f800000;
  // 1 + 3*2^-25: nearest is 1 + 2^-23, toward zero 1, toward +inf 1 + 2^-23, toward -inf 1.
  const t = 0x33c00000;
  const r = (m: number) =>
    res32(
      runOp(
        'v_add_f32',
        [
          { w: 1, v: Array(64).fill(one) },
          { w: 1, v: Array(64).fill(t) },
        ],
        { mode: m },
      ),
      0,
    );
  assert.equal(r(mode(0, 0, 3, 3)), 0x3f800001);
  assert.equal(r(mode(3, 0, 3, 3)), one);
  assert.equal(r(mode(0, 3, 3, 3)), 0x3f800001, 'the double round field does not affect f32');
  // Denormal times 1: kept, or flushed when FP_DENORM's single field says so.
  const den = runOp(
    'v_mul_f32',
    [
      { w: 1, v: Array(64).fill(0x00000005) },
      { w: 1, v: Array(64).fill(one) },
    ],
    {
      mode: mode(0, 0, 0, 3),
    },
  );
  assert.equal(res32(den, 0), 0);
  const keep = runOp('v_mul_f32', [
    { w: 1, v: Array(64).fill(0x00000005) },
    { w: 1, v: Array(64).fill(one) },
  ]);
  assert.equal(res32(keep, 0), 5);
  const c = runOp(
    'v_mul_f32',
    [
      { w: 1, v: Array(64).fill(0x40000000) },
      { w: 1, v: Array(64).fill(one) },
    ],
    {
      clamp: true,
    },
  );
  assert.equal(res32(c, 0), one);
  const o = runOp(
    'v_mul_f32',
    [
      { w: 1, v: Array(64).fill(0x40000000) },
      { w: 1, v: Array(64).fill(one) },
    ],
    {
      omod: 3,
    },
  );
  assert.equal(res32(o, 0), one);
  // DX10_CLAMP: clamp turns NaN into 0 only when set.
  const nan = [
    { w: 1 as const, v: Array(64).fill(0x7fc00000) },
    { w: 1 as const, v: Array(64).fill(one) },
  ];
  assert.equal(res32(runOp('v_add_f32', nan, { clamp: true }), 0), 0);
  assert.equal(res32(runOp('v_add_f32', nan, { clamp: true, mode: mode(0, 0, 3, 3, IEEE) }), 0), 0x7fc00000);
  // inf - inf: the default NaN.
  const ii = runOp('v_add_f32', [
    { w: 1, v: Array(64).fill(0x7f800000) },
    { w: 1, v: Array(64).fill(0xff800000) },
  ]);
  assert.equal(res32(ii, 0), 0xffc00000);
});

// ---- min / max -----------------------------------------------------------------------------------------------

/** The Vega pseudo-code of V_MIN_F32 / V_MAX_F32, on values (bits in, bits out). */
function vMin(
  a: number,
  b: number,
  ieee: boolean,
  nanP: (x: number) => boolean,
  sNaN: (x: number) => boolean,
  q: (x: number) => number,
  val: (x: number) => number,
): number {
  if (ieee && sNaN(a)) return q(a);
  if (ieee && sNaN(b)) return q(b);
  if (nanP(a)) return b;
  if (nanP(b)) return a;
  const x = val(a);
  const y = val(b);
  if (Object.is(x, 0) && Object.is(y, -0)) return b;
  if (Object.is(x, -0) && Object.is(y, 0)) return a;
  return x < y ? a : b;
}

function vMax(
  a: number,
  b: number,
  ieee: boolean,
  nanP: (x: number) => boolean,
  sNaN: (x: number) => boolean,
  q: (x: number) => number,
  val: (x: number) => number,
): number {
  if (ieee && sNaN(a)) return q(a);
  if (ieee && sNaN(b)) return q(b);
  if (nanP(a)) return b;
  if (nanP(b)) return a;
  const x = val(a);
  const y = val(b);
  if (Object.is(x, 0) && Object.is(y, -0)) return a;
  if (Object.is(x, -0) && Object.is(y, 0)) return b;
  if (ieee) return x >= y ? a : b;
  return x > y ? a : b;
}

const sNaN32 = (b: number) => isNaN32b(b) && (b & 0x400000) === 0;
const min32 = (a: number, b: number, ieee: boolean) => vMin(a, b, ieee, isNaN32b, sNaN32, quiet32, bf) >>> 0;
const max32 = (a: number, b: number, ieee: boolean) => vMax(a, b, ieee, isNaN32b, sNaN32, quiet32, bf) >>> 0;

test('f32 min/max/min3/max3/med3 follow the IEEE-mode pseudo-code', () => {
  const ie = (m: number) => (m & IEEE) !== 0;
  sweep32('v_min_f32', { n: 2, out: 'f', inFlush: 'mode', ref: ([a, b], m) => min32(a, b, ie(m)) });
  sweep32('v_max_f32', { n: 2, out: 'f', inFlush: 'mode', ref: ([a, b], m) => max32(a, b, ie(m)) });
  sweep32('v_min3_f32', {
    n: 3,
    out: 'f',
    inFlush: 'mode',
    ref: ([a, b, c], m) => min32(min32(a, b, ie(m)), c, ie(m)),
  });
  sweep32('v_max3_f32', {
    n: 3,
    out: 'f',
    inFlush: 'mode',
    ref: ([a, b, c], m) => max32(max32(a, b, ie(m)), c, ie(m)),
  });
  sweep32('v_med3_f32', {
    n: 3,
    out: 'f',
    inFlush: 'mode',
    ref: ([a, b, c], m) => {
      const i = ie(m);
      if ([a, b, c].some(isNaN32b)) return min32(min32(a, b, i), c, i);
      const mx = bf(max32(max32(a, b, i), c, i));
      if (mx === bf(a)) return max32(b, c, i);
      if (mx === bf(b)) return max32(a, c, i);
      return max32(a, b, i);
    },
  });
  // Known answers: the median of (3, 1, 2) is 2; IEEE mode quiets a signaling NaN, non-IEEE returns the other.
  const k = (name: string, s: number[], m = DEFAULT) =>
    res32(
      runOp(
        name,
        s.map((v) => ({ w: 1 as const, v: Array(64).fill(v) })),
        { mode: m },
      ),
      0,
    );
  assert.equal(k('v_med3_f32', [0x40400000, 0x3f800000, 0x40000000]), 0x40000000);
  assert.equal(k('v_max_f32', [0x7f800001, 0x3f800000]), 0x7fc00001);
  assert.equal(k('v_max_f32', [0x7f800001, 0x3f800000], mode(0, 0, 3, 3, 0)), 0x3f800000);
  assert.equal(k('v_min_f32', [0, 0x80000000]), 0x80000000);
});

// ---- f32 one-source ops ------------------------------------------------------------------------------------

/** Integer rounding of a finite f32 (bits) exactly: mode 'trunc' | 'ceil' | 'floor' | 'rne'. */
function roundInt32(b: number, how: string): number {
  const d = dy32(b);
  if (d.m === 0n || d.e >= 0) return b;
  const neg = d.m < 0n;
  const mag = neg ? -d.m : d.m;
  const s = BigInt(-d.e);
  let q = mag >> s;
  const rem = mag - (q << s);
  const half = 1n << (s - 1n);
  if (rem !== 0n) {
    if (how === 'ceil' && !neg) q++;
    if (how === 'floor' && neg) q++;
    if (how === 'rne' && (rem > half || (rem === half && (q & 1n) === 1n))) q++;
  }
  if (q === 0n) return neg ? 0x80000000 : 0;
  return Number(roundDy({ m: neg ? -q : q, e: 0 }, F32, 0));
}

test('f32 trunc/ceil/floor/rndne/fract', () => {
  for (const [name, how] of [
    ['v_trunc_f32', 'trunc'],
    ['v_ceil_f32', 'ceil'],
    ['v_floor_f32', 'floor'],
    ['v_rndne_f32', 'rne'],
  ])
    sweep32(name, {
      n: 1,
      out: 'f',
      inFlush: 'mode',
      ref: ([a]) => (isNaN32b(a) ? quiet32(a) : (a & 0x7f800000) === 0x7f800000 ? a : roundInt32(a, how)),
    });
  sweep32('v_fract_f32', {
    n: 1,
    out: 'f',
    inFlush: 'mode',
    ref: ([a], m) => {
      if (isNaN32b(a)) return quiet32(a);
      if ((a & 0x7f800000) === 0x7f800000) return 0xffc00000;
      const fl = dy32(roundInt32(a, 'floor'));
      const d = dyAdd(dy32(a), dyNeg(fl));
      // S0 + -floor(S0) is exactly zero: +0, or -0 rounding toward -inf (mode 2; IEEE 754 6.3).
      if (d.m === 0n) return rm32(m) === 2 ? 0x80000000 : 0;
      const r = Number(roundDy(d, F32, rm32(m)));
      return r >= 0x3f800000 ? 0x3f7fffff : r;
    },
  });
  // Known answers: rndne(2.5) = 2, rndne(-2.5) = -2, fract(-0.25) = 0.75, fract(-tiny) = largest below 1.
  const k = (name: string, v: number) => res32(runOp(name, [{ w: 1, v: Array(64).fill(v) }]), 0);
  assert.equal(k('v_rndne_f32', 0x40200000), 0x40000000);
  assert.equal(k('v_rndne_f32', 0xc0200000), 0xc0000000);
  assert.equal(k('v_fract_f32', 0xbe800000), 0x3f400000);
  assert.equal(k('v_fract_f32', 0x80000001), 0x3f7fffff);
  // fract(-0) = -0 + -floor(-0) = -0 + +0 = +0 (round to nearest), as LLVM's constant folding has it.
  assert.equal(k('v_fract_f32', 0x80000000), 0);
  assert.equal(k('v_ceil_f32', 0xbf000000), 0x80000000);
});

test('f32 frexp_mant / frexp_exp', () => {
  const frexp = (a: number): [number, number] => {
    let v = bf(a);
    let e = 0;
    while (Math.abs(v) >= 1) {
      v /= 2;
      e++;
    }
    while (Math.abs(v) < 0.5) {
      v *= 2;
      e--;
    }
    return [fb(v), e];
  };
  const special = (a: number) => (a & 0x7f800000) === 0x7f800000 || (a & 0x7fffffff) === 0;
  sweep32('v_frexp_mant_f32', {
    n: 1,
    out: 'f',
    inFlush: 'mode',
    ref: ([a]) => (isNaN32b(a) ? quiet32(a) : special(a) ? a : frexp(a)[0]),
  });
  sweep32('v_frexp_exp_i32_f32', {
    n: 1,
    out: 'raw',
    inFlush: 'mode',
    ref: ([a]) => (special(a) ? 0 : frexp(a)[1] >>> 0),
  });
});

/** Distance in units in the last place between two f32 bit patterns of the same sign. */
function ulps32(a: number, b: number): number {
  const o = (x: number) => (x & 0x80000000 ? -(x & 0x7fffffff) : x);
  return Math.abs(o(a >>> 0) - o(b >>> 0));
}

test('f32 rcp/rsq/sqrt/log/exp: within 1 ULP of host math, special values from the document', () => {
  const cases: [string, (v: number) => number][] = [
    ['v_rcp_f32', (v) => 1 / v],
    ['v_rcp_iflag_f32', (v) => 1 / v],
    ['v_rsq_f32', (v) => (v === 0 ? 1 / v : v < 0 ? Number.NaN : v ** -0.5)],
    ['v_sqrt_f32', (v) => (v === 0 ? v : v < 0 ? Number.NaN : v ** 0.5)],
    ['v_log_f32', (v) => (v === 0 ? -Infinity : Math.log(v) / Math.LN2)],
    ['v_exp_f32', (v) => Math.exp(v * Math.LN2)],
  ];
  for (const [name, f] of cases) {
    for (const m of MODES) {
      const src = Array.from({ length: 64 }, rand32);
      const r = runOp(name, [{ w: 1, v: src }], { mode: m });
      for (let l = 0; l < 64; l++) {
        const a = flush32b(src[l]); // denormals are flushed whatever MODE says
        const got = res32(r, l);
        if (isNaN32b(a)) {
          assert.equal(got, quiet32(a), `${name}(${hex(a)})`);
          continue;
        }
        let w = f(bf(a));
        if (Number.isNaN(w)) {
          assert.equal(got, 0xffc00000, `${name}(${hex(a)})`);
          continue;
        }
        if (w !== 0 && Math.abs(w) < 2 ** -126) w = w < 0 ? -0 : 0;
        const want = fb(w);
        assert.ok(
          ulps32(got, want) <= 1 && (got ^ want) >>> 31 === 0,
          `${name}(${hex(a)}): ${hex(got)} vs ${hex(want)}`,
        );
        if (name === 'v_rcp_f32') assert.equal(got, want, 'rcp is correctly rounded');
      }
    }
  }
  // The document's examples.
  const k = (name: string, v: number) => res32(runOp(name, [{ w: 1, v: Array(64).fill(v) }]), 0);
  assert.equal(k('v_exp_f32', 0xff800000), 0);
  assert.equal(k('v_exp_f32', 0x80000000), 0x3f800000);
  assert.equal(k('v_log_f32', 0xbf800000), 0xffc00000);
  assert.equal(k('v_log_f32', 0x80000000), 0xff800000);
  assert.equal(k('v_log_f32', 0x7f800000), 0x7f800000);
  assert.equal(k('v_rcp_f32', 0xff800000), 0x80000000);
  assert.equal(k('v_rcp_f32', 0x80000000), 0xff800000);
  assert.equal(k('v_rsq_f32', 0x40800000), 0x3f000000);
  assert.equal(k('v_rsq_f32', 0xff800000), 0xffc00000);
  assert.equal(k('v_sqrt_f32', 0x80000000), 0x80000000);
  assert.equal(k('v_sqrt_f32', 0x40800000), 0x40000000);
  // rcp of a denormal: flushed to zero first, so +inf.
  assert.equal(k('v_rcp_f32', 0x00000010), 0x7f800000);
});

test('f32 sin/cos take revolutions', () => {
  for (const [name, f] of [
    ['v_sin_f32', Math.sin],
    ['v_cos_f32', Math.cos],
  ] as const) {
    for (const m of [DEFAULT, mode(0, 0, 0, 0)]) {
      const src = Array.from({ length: 64 }, () =>
        rnd() % 2 ? rand32() : fb(((rnd() % 20001) - 10000) / 997),
      );
      const r = runOp(name, [{ w: 1, v: src }], { mode: m });
      for (let l = 0; l < 64; l++) {
        const a = inDen32(m) ? src[l] : flush32b(src[l]);
        const got = res32(r, l);
        const v = bf(a);
        if (isNaN32b(a)) assert.equal(got, quiet32(a));
        else if (!Number.isFinite(v)) assert.equal(got, 0xffc00000);
        else if (Math.abs(v) <= 64) {
          const want = f(2 * Math.PI * v);
          assert.ok(Math.abs(bf(got) - want) <= 2 ** -21, `${name}(${v}) = ${bf(got)} vs ${want}`);
        } else if (Math.abs(v) >= 2 ** 23) assert.equal(got, name === 'v_sin_f32' ? 0 : 0x3f800000);
      }
    }
  }
  const k = (name: string, v: number) => res32(runOp(name, [{ w: 1, v: Array(64).fill(v) }]), 0);
  // The document's examples.
  assert.equal(k('v_sin_f32', 0xff7fffff), 0);
  assert.equal(k('v_sin_f32', 0x80000000), 0x80000000);
  assert.equal(k('v_sin_f32', 0x3e800000), 0x3f800000);
  assert.equal(k('v_sin_f32', 0x7f800000), 0xffc00000);
  assert.equal(k('v_cos_f32', 0xff7fffff), 0x3f800000);
  assert.equal(k('v_cos_f32', 0x80000000), 0x3f800000);
  assert.equal(k('v_cos_f32', 0x3e800000), 0);
});

test('v_ldexp_f32 and v_ldexp_f64 round once per MODE', () => {
  const gen = (k: number) =>
    k === 0
      ? rand32()
      : pick([
          0,
          1,
          -1,
          5,
          -5,
          30,
          -30,
          127,
          -149,
          200,
          -200,
          0x7fffffff,
          -0x80000000,
          (rnd() % 601) - 300,
        ]) >>> 0;
  sweep32('v_ldexp_f32', {
    n: 2,
    ints: [1],
    gen,
    out: 'f',
    inFlush: 'mode',
    ref: ([a, k], m) => {
      if (isNaN32b(a)) return quiet32(a);
      if ((a & 0x7fffffff) === 0 || (a & 0x7f800000) === 0x7f800000) return a;
      const d = dy32(a);
      return Number(roundDy({ m: d.m, e: d.e + Math.max(-400, Math.min(400, k | 0)) }, F32, rm32(m)));
    },
  });
  sweep64('v_ldexp_f64', {
    kinds: 'di',
    gen32: () =>
      pick([0, 1, -1, 52, -52, 1023, -1074, 2000, -2000, 0x7fffffff, -0x80000000, (rnd() % 4001) - 2000]) >>>
      0,
    out: 'f',
    inFlush: 'mode',
    ref: ([a, k], m) => {
      const b = a as bigint;
      if (isNaN64b(b)) return quiet64(b);
      if ((b & 0x7fffffffffffffffn) === 0n || (b & 0x7ff0000000000000n) === 0x7ff0000000000000n) return b;
      const d = dy64(b);
      return roundDy({ m: d.m, e: d.e + Math.max(-3000, Math.min(3000, (k as number) | 0)) }, F64, rm64(m));
    },
  });
});

// ---- f64 -----------------------------------------------------------------------------------------------------

test('f64 add/mul/fma: exact rounding per MODE', () => {
  sweep64('v_add_f64', {
    kinds: 'dd',
    out: 'f',
    inFlush: 'mode',
    ref: (s, m) => arith64('add', s as bigint[], rm64(m)),
  });
  sweep64('v_mul_f64', {
    kinds: 'dd',
    out: 'f',
    inFlush: 'mode',
    ref: (s, m) => arith64('mul', s as bigint[], rm64(m)),
  });
  sweep64('v_fma_f64', {
    kinds: 'ddd',
    out: 'f',
    inFlush: 'mode',
    ref: (s, m) => arith64('fma', s as bigint[], rm64(m)),
  });
  // Tiny products in directed modes: the exact path.
  const a = 0x2000000000000001n; // ~1.49e-154 (just above)
  const r = runOp(
    'v_mul_f64',
    [
      { w: 2, v: Array(64).fill(a) },
      { w: 2, v: Array(64).fill(0x1ff0000000000001n) },
    ],
    {
      mode: mode(0, 1, 3, 3),
    },
  );
  assert.equal(res64(r, 0), arith64('mul', [a, 0x1ff0000000000001n], 1));
});

const min64 = (a: bigint, b: bigint, ieee: boolean) => vMin64(a, b, ieee, false);
const max64 = (a: bigint, b: bigint, ieee: boolean) => vMin64(a, b, ieee, true);
function vMin64(a: bigint, b: bigint, ieee: boolean, max: boolean): bigint {
  const sN = (x: bigint) => isNaN64b(x) && (x & 0x8000000000000n) === 0n;
  if (ieee && sN(a)) return quiet64(a);
  if (ieee && sN(b)) return quiet64(b);
  if (isNaN64b(a)) return b;
  if (isNaN64b(b)) return a;
  const x = bd(a);
  const y = bd(b);
  if (x === 0 && y === 0) return (a >> 63n === 1n) === max ? b : a;
  if (max) return (ieee ? x >= y : x > y) ? a : b;
  return x < y ? a : b;
}

test('f64 min/max, integer roundings, fract, frexp, rcp/rsq/sqrt', () => {
  const ie = (m: number) => (m & IEEE) !== 0;
  sweep64('v_min_f64', {
    kinds: 'dd',
    out: 'f',
    inFlush: 'mode',
    ref: ([a, b], m) => min64(a as bigint, b as bigint, ie(m)),
  });
  sweep64('v_max_f64', {
    kinds: 'dd',
    out: 'f',
    inFlush: 'mode',
    ref: ([a, b], m) => max64(a as bigint, b as bigint, ie(m)),
  });
  const intRound = (how: (v: number) => number) => (s: (bigint | number)[]) => {
    const b = s[0] as bigint;
    if (isNaN64b(b)) return quiet64(b);
    return db(how(bd(b)));
  };
  const rne = (v: number) => {
    // Round half to even via the 2^52 trick (exact for |v| < 2^52).
    if (!Number.isFinite(v) || Math.abs(v) >= 2 ** 52) return v;
    const r = v < 0 ? -(-v + 2 ** 52 - 2 ** 52) : v + 2 ** 52 - 2 ** 52;
    return r === 0 ? (Object.is(v, -0) || v < 0 ? -0 : 0) : r;
  };
  sweep64('v_trunc_f64', { kinds: 'd', out: 'f', inFlush: 'mode', ref: intRound(Math.trunc) });
  sweep64('v_ceil_f64', { kinds: 'd', out: 'f', inFlush: 'mode', ref: intRound(Math.ceil) });
  sweep64('v_floor_f64', { kinds: 'd', out: 'f', inFlush: 'mode', ref: intRound(Math.floor) });
  sweep64('v_rndne_f64', { kinds: 'd', out: 'f', inFlush: 'mode', ref: intRound(rne) });
  sweep64('v_fract_f64', {
    kinds: 'd',
    out: 'f',
    inFlush: 'mode',
    ref: ([s], m) => {
      const b = s as bigint;
      if (isNaN64b(b)) return quiet64(b);
      const v = bd(b);
      if (!Number.isFinite(v)) return 0xfff8000000000000n;
      const d = dyAdd(dy64(b), dyNeg(dy64(db(Math.floor(v)))));
      if (d.m === 0n) return rm64(m) === 2 ? 0x8000000000000000n : 0n;
      const r = roundDy(d, F64, rm64(m));
      return r >= 0x3ff0000000000000n ? 0x3fefffffffffffffn : r;
    },
  });
  const frexp = (v: number): [number, number] => {
    let e = 0;
    while (Math.abs(v) >= 1) {
      v /= 2;
      e++;
    }
    while (Math.abs(v) < 0.5) {
      v *= 2;
      e--;
    }
    return [v, e];
  };
  sweep64('v_frexp_mant_f64', {
    kinds: 'd',
    out: 'f',
    inFlush: 'mode',
    ref: ([s]) => {
      const b = s as bigint;
      if (isNaN64b(b)) return quiet64(b);
      const v = bd(b);
      return v === 0 || !Number.isFinite(v) ? b : db(frexp(v)[0]);
    },
  });
  sweep64('v_frexp_exp_i32_f64', {
    kinds: 'd',
    out: 'raw32',
    inFlush: 'mode',
    ref: ([s]) => {
      const v = bd(s as bigint);
      return v === 0 || !Number.isFinite(v) ? 0n : BigInt(frexp(v)[1] >>> 0);
    },
  });
  const ulps64 = (a: bigint, b: bigint) => {
    const o = (x: bigint) => (x >> 63n ? -(x & 0x7fffffffffffffffn) : x);
    const d = o(a) - o(b);
    return d < 0n ? -d : d;
  };
  for (const [name, f, exact] of [
    ['v_rcp_f64', (v: number) => 1 / v, true],
    ['v_sqrt_f64', (v: number) => (v === 0 ? v : v < 0 ? Number.NaN : v ** 0.5), false],
    ['v_rsq_f64', (v: number) => (v === 0 ? 1 / v : v < 0 ? Number.NaN : v ** -0.5), false],
  ] as const) {
    for (const m of [DEFAULT, mode(0, 0, 3, 0)]) {
      const src = Array.from({ length: 64 }, rand64);
      const r = runOp(name, [{ w: 2, v: src }], { mode: m });
      for (let l = 0; l < 64; l++) {
        const b = inDen64(m) ? src[l] : flush64b(src[l]);
        const got = res64(r, l);
        if (isNaN64b(b)) {
          assert.equal(got, quiet64(b));
          continue;
        }
        const w = f(bd(b));
        if (Number.isNaN(w)) {
          assert.equal(got, 0xfff8000000000000n, `${name}(${hex(b)})`);
          continue;
        }
        const want = out64(db(w), m, false, 0);
        if (exact) assert.equal(got, want, `${name}(${hex(b)})`);
        else
          assert.ok(
            ulps64(got, want) <= 1n && sgn64(got) === sgn64(want),
            `${name}(${hex(b)}): ${hex(got)} vs ${hex(want)}`,
          );
      }
    }
  }
});

// ---- compares and class --------------------------------------------------------------------------------------

const PREDICATES: [string, (a: number, b: number) => boolean][] = [
  ['f', () => false],
  ['lt', (a, b) => a < b],
  ['eq', (a, b) => a === b],
  ['le', (a, b) => a <= b],
  ['gt', (a, b) => a > b],
  ['lg', (a, b) => a < b || a > b],
  ['ge', (a, b) => a >= b],
  ['o', (a, b) => !Number.isNaN(a) && !Number.isNaN(b)],
  ['u', (a, b) => Number.isNaN(a) || Number.isNaN(b)],
  ['nge', (a, b) => !(a >= b)],
  ['nlg', (a, b) => !(a < b || a > b)],
  ['ngt', (a, b) => !(a > b)],
  ['nle', (a, b) => !(a <= b)],
  ['neq', (a, b) => !(a === b)],
  ['nlt', (a, b) => !(a < b)],
  ['tru', () => true],
];

test('v_cmp_*_f32 / _f64: all 16 predicates on all 64 lanes', () => {
  for (const [p, f] of PREDICATES) {
    for (const m of [DEFAULT, mode(0, 0, 0, 0)]) {
      // Pairs drawn from a small pool so that equal operands are common.
      const pool32 = Array.from({ length: 6 }, rand32);
      const a = Array.from({ length: 64 }, () => pick(pool32));
      const b = Array.from({ length: 64 }, () => pick(pool32));
      const r = runOp(
        `v_cmp_${p}_f32`,
        [
          { w: 1, v: a },
          { w: 1, v: b },
        ],
        { mode: m },
      );
      for (let l = 0; l < 64; l++) {
        const fl = (x: number) => (inDen32(m) ? x : flush32b(x));
        assert.equal(
          maskBit(r, l),
          f(bf(fl(a[l])), bf(fl(b[l]))),
          `v_cmp_${p}_f32(${hex(a[l])}, ${hex(b[l])})`,
        );
      }
      const pool64 = Array.from({ length: 6 }, rand64);
      const c = Array.from({ length: 64 }, () => pick(pool64));
      const d = Array.from({ length: 64 }, () => pick(pool64));
      const r2 = runOp(
        `v_cmp_${p}_f64`,
        [
          { w: 2, v: c },
          { w: 2, v: d },
        ],
        { mode: m },
      );
      for (let l = 0; l < 64; l++) {
        const fl = (x: bigint) => (inDen64(m) ? x : flush64b(x));
        assert.equal(
          maskBit(r2, l),
          f(bd(fl(c[l])), bd(fl(d[l]))),
          `v_cmp_${p}_f64(${hex(c[l])}, ${hex(d[l])})`,
        );
      }
    }
  }
});

test('v_cmp_class_f32 / _f64', () => {
  const cls = (v: number, neg: boolean, den: boolean, snan: boolean): number => {
    if (Number.isNaN(v)) return snan ? 0 : 1;
    if (v === -Infinity) return 2;
    if (v === Infinity) return 9;
    if (v === 0) return neg ? 5 : 6;
    if (den) return v < 0 ? 4 : 7;
    return v < 0 ? 3 : 8;
  };
  const a = Array.from({ length: 64 }, rand32);
  const s = Array.from({ length: 64 }, () => rnd() & 0x7ff);
  const r = runOp(
    'v_cmp_class_f32',
    [
      { w: 1, v: a },
      { w: 1, v: s },
    ],
    { mode: mode(0, 0, 0, 0) },
  );
  for (let l = 0; l < 64; l++) {
    const c = cls(bf(a[l]), a[l] >>> 31 === 1, isDen32(a[l]), sNaN32(a[l]));
    assert.equal(maskBit(r, l), ((s[l] >> c) & 1) === 1, `class(${hex(a[l])}, ${hex(s[l])})`);
  }
  const d = Array.from({ length: 64 }, rand64);
  const r2 = runOp('v_cmp_class_f64', [
    { w: 2, v: d },
    { w: 1, v: s },
  ]);
  for (let l = 0; l < 64; l++) {
    const b = d[l];
    const c = cls(bd(b), b >> 63n === 1n, isDen64(b), isNaN64b(b) && (b & 0x8000000000000n) === 0n);
    assert.equal(maskBit(r2, l), ((s[l] >> c) & 1) === 1, `class64(${hex(b)}, ${hex(s[l])})`);
  }
});

// ---- conversions ---------------------------------------------------------------------------------------------

/** trunc/floor of an exact value as a BigInt integer. */
function dyToInt(d: Dy, floor: boolean): bigint {
  if (d.e >= 0) return d.m << BigInt(d.e);
  const s = BigInt(-d.e);
  const neg = d.m < 0n;
  const mag = neg ? -d.m : d.m;
  let q = mag >> s;
  if (neg && floor && q << s !== mag) q++;
  return neg ? -q : q;
}
const sat = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v);

test('conversions between f32/f64 and 32-bit integers', () => {
  const I32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;
  const U32 = [0n, 2n ** 32n - 1n] as const;
  const toInt = (lim: readonly [bigint, bigint], floor: boolean, half: boolean) => (s: number[]) => {
    const a = s[0];
    if (isNaN32b(a)) return 0;
    if ((a & 0x7f800000) === 0x7f800000) return Number(BigInt.asUintN(32, a >>> 31 ? lim[0] : lim[1]));
    let d = dy32(a);
    if (half) d = dyAdd(d, { m: 1n, e: -1 });
    return Number(BigInt.asUintN(32, sat(dyToInt(d, floor), lim[0], lim[1])));
  };
  sweep32('v_cvt_i32_f32', { n: 1, out: 'raw', inFlush: 'mode', ref: toInt(I32, false, false) });
  sweep32('v_cvt_u32_f32', { n: 1, out: 'raw', inFlush: 'mode', ref: toInt(U32, false, false) });
  sweep32('v_cvt_flr_i32_f32', { n: 1, out: 'raw', inFlush: 'mode', ref: toInt(I32, true, false) });
  sweep32('v_cvt_rpi_i32_f32', { n: 1, out: 'raw', inFlush: 'mode', ref: toInt(I32, true, true) });
  const intGen = () =>
    pick([0, 1, -1, 0x7fffffff, 0x80000000, 0xffffffff, 16777217, 0x7fffffc0, rnd(), rnd() % 1000]) >>> 0;
  sweep32('v_cvt_f32_i32', {
    n: 1,
    gen: intGen,
    out: 'f',
    inFlush: 'never',
    ref: ([a], m) => exact32({ m: BigInt(a | 0), e: 0 }, rm32(m), false),
  });
  sweep32('v_cvt_f32_u32', {
    n: 1,
    gen: intGen,
    out: 'f',
    inFlush: 'never',
    ref: ([a], m) => exact32({ m: BigInt(a >>> 0), e: 0 }, rm32(m), false),
  });
  const f64ToInt = (lim: readonly [bigint, bigint]) => (s: (bigint | number)[]) => {
    const b = s[0] as bigint;
    if (isNaN64b(b)) return 0n;
    if ((b & 0x7ff0000000000000n) === 0x7ff0000000000000n)
      return BigInt.asUintN(32, b >> 63n ? lim[0] : lim[1]);
    return BigInt.asUintN(32, sat(dyToInt(dy64(b), false), lim[0], lim[1]));
  };
  sweep64('v_cvt_i32_f64', { kinds: 'd', out: 'raw32', inFlush: 'mode', ref: f64ToInt(I32) });
  sweep64('v_cvt_u32_f64', { kinds: 'd', out: 'raw32', inFlush: 'mode', ref: f64ToInt(U32) });
  sweep64('v_cvt_f64_i32', {
    kinds: 'i',
    gen32: intGen,
    out: 'f',
    inFlush: 'never',
    ref: ([a]) => exact64({ m: BigInt((a as number) | 0), e: 0 }, 0, false),
  });
  sweep64('v_cvt_f64_u32', {
    kinds: 'i',
    gen32: intGen,
    out: 'f',
    inFlush: 'never',
    ref: ([a]) => exact64({ m: BigInt((a as number) >>> 0), e: 0 }, 0, false),
  });
});

test('v_cvt_f32_f64 (rounded per the single mode) and v_cvt_f64_f32 (exact)', () => {
  // f64 -> f32: the input flushes by the double field, the result rounds and flushes by the single ones.
  for (const m of MODES) {
    for (let bt = 0; bt < 3; bt++) {
      const src = Array.from({ length: 64 }, () =>
        rnd() % 3 === 0 ? db(bf(rand32()) * (1 + (rnd() % 7) * 2 ** -30)) : rand64(),
      );
      const r = runOp('v_cvt_f32_f64', [{ w: 2, v: src }], { mode: m });
      for (let l = 0; l < 64; l++) {
        const b = inDen64(m) ? src[l] : flush64b(src[l]);
        let want: number;
        if (isNaN64b(b)) want = Number(((b >> 32n) & 0x80000000n) | 0x7fc00000n | ((b >> 29n) & 0x7fffffn));
        else if ((b & 0x7ff0000000000000n) === 0x7ff0000000000000n) want = fb(bd(b));
        else if ((b & 0x7fffffffffffffffn) === 0n) want = b ? 0x80000000 : 0;
        else want = Number(roundDy(dy64(b), F32, rm32(m)));
        want = out32(want, m, false, 0);
        assert.equal(res32(r, l), want >>> 0, `cvt_f32_f64(${hex(b)}) mode ${hex(m)}`);
      }
    }
  }
  sweep64('v_cvt_f64_f32', {
    kinds: 'i',
    out: 'f',
    inFlush: 'never',
    ref: ([s], m) => {
      const a = inDen32(m) ? (s as number) : flush32b(s as number);
      if (isNaN32b(a)) return (BigInt(a >>> 31) << 63n) | 0x7ff8000000000000n | (BigInt(a & 0x7fffff) << 29n);
      return db(bf(a));
    },
  });
});

test('byte, nibble and pack conversions', () => {
  for (let n = 0; n < 4; n++)
    sweep32(`v_cvt_f32_ubyte${n}`, {
      n: 1,
      gen: () => rnd() >>> 0,
      out: 'f',
      inFlush: 'never',
      ref: ([a]) => fb(Number((BigInt(a) >> BigInt(8 * n)) & 0xffn)),
    });
  // The document's table for v_cvt_off_f32_i4.
  const OFF = [
    0, 0.0625, 0.125, 0.1875, 0.25, 0.3125, 0.375, 0.4375, -0.5, -0.4375, -0.375, -0.3125, -0.25, -0.1875,
    -0.125, -0.0625,
  ];
  sweep32('v_cvt_off_f32_i4', {
    n: 1,
    gen: () => rnd() >>> 0,
    out: 'f',
    inFlush: 'never',
    ref: ([a]) => fb(OFF[a & 15]),
  });
  const rneInt = (v: number) => {
    const f = Math.floor(v);
    return v - f > 0.5 || (v - f === 0.5 && f % 2 !== 0) ? f + 1 : f;
  };
  const u8 = (a: number) =>
    isNaN32b(a) ? 0 : Math.max(0, Math.min(255, rneInt(Math.max(-1, Math.min(300, bf(a))))));
  sweep32('v_cvt_pk_u8_f32', {
    n: 3,
    ints: [1, 2],
    gen: (k) => (k === 0 ? (rnd() % 2 ? fb(((rnd() % 2800) - 200) / 10) : rand32()) : rnd() >>> 0),
    out: 'raw',
    inFlush: 'mode',
    ref: ([a, sel, d]) => {
      const sh = 8 * (sel & 3);
      return ((d & ~(0xff << sh)) | (u8(a) << sh)) >>> 0;
    },
  });
  const norm = (a: number, signed: boolean) => {
    if (isNaN32b(a)) return 0;
    const v = Math.max(signed ? -1 : 0, Math.min(1, bf(a)));
    return rneInt(v * (signed ? 32767 : 65535)) & 0xffff;
  };
  const nGen = () => (rnd() % 2 ? fb(((rnd() % 2401) - 1200) / 1000) : rand32());
  sweep32('v_cvt_pknorm_i16_f32', {
    n: 2,
    gen: nGen,
    out: 'raw',
    inFlush: 'mode',
    ref: ([a, b]) => (norm(a, true) | (norm(b, true) << 16)) >>> 0,
  });
  sweep32('v_cvt_pknorm_u16_f32', {
    n: 2,
    gen: nGen,
    out: 'raw',
    inFlush: 'mode',
    ref: ([a, b]) => (norm(a, false) | (norm(b, false) << 16)) >>> 0,
  });
  const iGen = () =>
    pick([
      0,
      1,
      0xffff,
      0x10000,
      0x7fff,
      0x8000,
      0xffff8000,
      0xffff7fff,
      0x80000000,
      0x7fffffff,
      rnd() >>> 0,
      rnd() % 70000,
    ]) >>> 0;
  sweep32('v_cvt_pk_u16_u32', {
    n: 2,
    gen: iGen,
    out: 'raw',
    inFlush: 'never',
    ref: ([a, b]) => (Math.min(a, 65535) | (Math.min(b, 65535) << 16)) >>> 0,
  });
  const s16 = (v: number) => Math.max(-32768, Math.min(32767, v | 0)) & 0xffff;
  sweep32('v_cvt_pk_i16_i32', {
    n: 2,
    gen: iGen,
    out: 'raw',
    inFlush: 'never',
    ref: ([a, b]) => (s16(a) | (s16(b) << 16)) >>> 0,
  });
});

// ---- cube map ------------------------------------------------------------------------------------------------

test('v_cube* (known answers and the pseudo-code)', () => {
  const pc = (x: number, y: number, z: number): [number, number, number, number] => {
    const [ax, ay, az] = [Math.abs(x), Math.abs(y), Math.abs(z)];
    if (az >= ax && az >= ay) return [z < 0 ? 5 : 4, z < 0 ? -x : x, -y, 2 * z];
    if (ay >= ax) return [y < 0 ? 3 : 2, x, y < 0 ? -z : z, 2 * y];
    return [x < 0 ? 1 : 0, x < 0 ? z : -z, -y, 2 * x];
  };
  const names = ['v_cubeid_f32', 'v_cubesc_f32', 'v_cubetc_f32', 'v_cubema_f32'];
  const gen = () => fb(((rnd() % 2001) - 1000) / 100);
  for (let i = 0; i < 4; i++)
    sweep32(names[i], {
      n: 3,
      gen,
      out: 'f',
      inFlush: 'mode',
      modes: [DEFAULT],
      ref: ([x, y, z]) => fb(pc(bf(x), bf(y), bf(z))[i]),
    });

  // +x axis: face 0, sc = -z, tc = -y, ma = 2x.
  const k = (name: string, s: number[]) =>
    bf(
      res32(
        runOp(
          name,
          s.map((v) => ({ w: 1 as const, v: Array(64).fill(fb(v)) })),
        ),
        0,
      ),
    );
  assert.equal(k('v_cubeid_f32', [1, 0.5, 0.25]), 0);
  assert.equal(k('v_cubeid_f32', [0.1, -0.5, 0.25]), 3);
  assert.equal(k('v_cubeid_f32', [0.1, -0.5, -2]), 5);
  assert.equal(k('v_cubesc_f32', [1, 0.5, 0.25]), -0.25);
  assert.equal(k('v_cubetc_f32', [1, 0.5, 0.25]), -0.5);
  assert.equal(k('v_cubema_f32', [1, 0.5, 0.25]), 2);
});

// ---- division helpers ------------------------------------------------------------------------------------

test('v_div_fixup_f32 / _f64 special cases from the pseudo-code', () => {
  const k = (s: number[]) =>
    res32(
      runOp(
        'v_div_fixup_f32',
        s.map((v) => ({ w: 1 as const, v: Array(64).fill(v) })),
      ),
      0,
    );
  const q = 0x3fc00000; // 1.5
  assert.equal(k([q, 0, 0]), 0xffc00000, '0/0');
  assert.equal(k([q, 0x7f800000, 0xff800000]), 0xffc00000, 'inf/inf');
  assert.equal(k([q, 0x80000000, 0x3f800000]), 0xff800000, '1/-0');
  assert.equal(k([q, 0x3f800000, 0xff800000]), 0xff800000, '-inf/1');
  assert.equal(k([q, 0x7f800000, 0x3f800000]), 0, '1/inf');
  assert.equal(k([q, 0xbf800000, 0]), 0x80000000, '0/-1');
  assert.equal(k([q, 0x7fa00000, 0x3f800000]), 0x7fe00000, 'NaN denominator quieted');
  assert.equal(k([q, 0x7fa00000, 0x7f800002]), 0x7fc00002, 'NaN numerator first');
  assert.equal(k([q, 0xc0000000, 0x40400000]), 0xbfc00000, 'sign from the operands');
  const k64 = (s: bigint[]) =>
    res64(
      runOp(
        'v_div_fixup_f64',
        s.map((v) => ({ w: 2 as const, v: Array(64).fill(v) })),
      ),
      0,
    );
  assert.equal(k64([0x3ff8000000000000n, 0n, 0n]), 0xfff8000000000000n);
  assert.equal(k64([0x3ff8000000000000n, 0x8000000000000000n, 0x3ff0000000000000n]), 0xfff0000000000000n);
  assert.equal(k64([0x3ff8000000000000n, 0xc000000000000000n, 0x4008000000000000n]), 0xbff8000000000000n);
});

test('v_div_scale: VCC and scaling from the pseudo-code', () => {
  const k = (s: number[]) => {
    const r = runOp(
      'v_div_scale_f32',
      s.map((v) => ({ w: 1 as const, v: Array(64).fill(v) })),
    );
    return [res32(r, 0), r.mask[0], r.mask[1]];
  };
  // Ordinary operands: unchanged, no VCC.
  assert.deepEqual(k([0x40400000, 0x40400000, 0x3f800000]), [0x40400000, 0, 0]);
  // Huge quotient (exponent difference >= 96): VCC; the denominator is scaled by 2^64.
  assert.deepEqual(k([0x3f800000, 0x3f800000, 0x7f000000]), [0x5f800000, 0xffffffff, 0xffffffff]);
  assert.deepEqual(k([0x7f000000, 0x3f800000, 0x7f000000]), [0x7f000000, 0xffffffff, 0xffffffff]);
  // Zero denominator: NaN.
  assert.equal(k([0x3f800000, 0, 0x3f800000])[0], 0xffc00000);
  // Tiny numerator (biased exponent <= 23): scaled by 2^64, no VCC.
  assert.deepEqual(k([0x0b000000, 0x3f800000, 0x0b000000]), [0x2b000000, 0, 0]);
});

test('the LLVM division sequences give correctly rounded quotients (div_scale/rcp/fma/div_fmas/div_fixup)', () => {
  for (let rep = 0; rep < 8; rep++) {
    const f32div = `
    v_div_scale_f32 v2, s[0:1], v1, v1, v0
    v_div_scale_f32 v3, vcc, v0, v1, v0
    v_rcp_f32 v4, v2
    v_fma_f32 v5, -v2, v4, 1.0
    v_fma_f32 v4, v5, v4, v4
    v_mul_f32 v5, v3, v4
    v_fma_f32 v6, -v2, v5, v3
    v_fma_f32 v5, v6, v4, v5
    v_fma_f32 v2, -v2, v5, v3
    v_div_fmas_f32 v2, v2, v4, v5
    v_div_fixup_f32 v7, v2, v1, v0`;
    const num: number[] = [];
    const den: number[] = [];
    for (let i = 0; i < 64; i++) {
      const e = (r: number) => 127 + (rnd() % r) - (r >> 1);
      // Mostly moderate, some with quotients near the denormal and overflow ranges.
      const range = i < 40 ? 60 : 230;
      num.push(((rnd() & 0x807fffff) | (e(range) << 23)) >>> 0);
      den.push(((rnd() & 0x807fffff) | (e(range) << 23)) >>> 0);
    }
    const { wave } = runWave(f32div, (w) => {
      setV(w, 0, (l) => num[l]);
      setV(w, 1, (l) => den[l]);
    });
    for (let l = 0; l < 64; l++) {
      const want = fb(bf(num[l]) / bf(den[l]));
      assert.equal(vreg(wave, 7, l), want, `${bf(num[l])} / ${bf(den[l])}`);
    }
    const f64div = `
    v_div_scale_f64 v[4:5], s[0:1], v[2:3], v[2:3], v[0:1]
    v_rcp_f64 v[6:7], v[4:5]
    v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0
    v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]
    v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0
    v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]
    v_div_scale_f64 v[8:9], vcc, v[0:1], v[2:3], v[0:1]
    v_mul_f64 v[10:11], v[8:9], v[6:7]
    v_fma_f64 v[4:5], -v[4:5], v[10:11], v[8:9]
    v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[10:11]
    v_div_fixup_f64 v[12:13], v[4:5], v[2:3], v[0:1]`;
    const n64: number[] = [];
    const d64: number[] = [];
    for (let i = 0; i < 64; i++) {
      const r = i < 40 ? 100 : 1900;
      n64.push((1 + rnd() / 2 ** 32) * 2 ** ((rnd() % r) - (r >> 1)) * (rnd() % 2 ? 1 : -1));
      d64.push((1 + rnd() / 2 ** 32) * 2 ** ((rnd() % r) - (r >> 1)));
    }
    const { wave: w2 } = runWave(f64div, (w) => {
      setV(w, 0, (l) => lo64(n64[l]));
      setV(w, 1, (l) => hi64(n64[l]));
      setV(w, 2, (l) => lo64(d64[l]));
      setV(w, 3, (l) => hi64(d64[l]));
    });
    for (let l = 0; l < 64; l++) {
      const got = (BigInt(vreg(w2, 13, l)) << 32n) | BigInt(vreg(w2, 12, l));
      assert.equal(hex(got), hex(db(n64[l] / d64[l])), `${n64[l]} / ${d64[l]}`);
    }
  }
});

test('the division sequences at the extremes (huge and denormal quotients, huge and denormal operands)', () => {
  const f32div = `
    v_div_scale_f32 v2, s[0:1], v1, v1, v0
    v_div_scale_f32 v3, vcc, v0, v1, v0
    v_rcp_f32 v4, v2
    v_fma_f32 v5, -v2, v4, 1.0
    v_fma_f32 v4, v5, v4, v4
    v_mul_f32 v5, v3, v4
    v_fma_f32 v6, -v2, v5, v3
    v_fma_f32 v5, v6, v4, v5
    v_fma_f32 v2, -v2, v5, v3
    v_div_fmas_f32 v2, v2, v4, v5
    v_div_fixup_f32 v7, v2, v1, v0`;
  const nums = [1, 3, 2 ** -20, 2 ** 100, 2 ** -126, 1e-45, 3e-40, 2 ** 127, 3.4e38, 1.5, -7];
  const dens = [2 ** 127 * 1.5, 3.4e38, 2 ** 126 * 1.1, -3, 1e-45, 2 ** -130, 2 ** -100, 7, 2 ** -126, 0.1];
  const pairs = nums.flatMap((n) => dens.map((d) => [fb(n), fb(d)]));
  for (let o = 0; o < pairs.length; o += 64) {
    const ch = pairs.slice(o, o + 64);
    const { wave } = runWave(f32div, (w) => {
      setV(w, 0, (l) => (ch[l] ?? [0x3f800000])[0]);
      setV(w, 1, (l) => (ch[l] ?? [0, 0x3f800000])[1]);
    });
    ch.forEach(([n, d], l) => {
      assert.equal(vreg(wave, 7, l), fb(bf(n) / bf(d)), `${bf(n)} / ${bf(d)}`);
    });
  }
  const f64div = `
    v_div_scale_f64 v[4:5], s[0:1], v[2:3], v[2:3], v[0:1]
    v_rcp_f64 v[6:7], v[4:5]
    v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0
    v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]
    v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0
    v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]
    v_div_scale_f64 v[8:9], vcc, v[0:1], v[2:3], v[0:1]
    v_mul_f64 v[10:11], v[8:9], v[6:7]
    v_fma_f64 v[4:5], -v[4:5], v[10:11], v[8:9]
    v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[10:11]
    v_div_fixup_f64 v[12:13], v[4:5], v[2:3], v[0:1]`;
  const n64 = [1, 3, 2 ** -20, 2 ** 1000, 2 ** -1022, 5e-324, 3e-310, 2 ** 1023, 1.7e308, -1.5, 7, 1e-300];
  const d64 = [
    2 ** 1023 * 1.5,
    1.7e308,
    2 ** 1022 * 1.1,
    3,
    5e-324,
    2 ** -1030,
    -(2 ** -1000),
    7,
    2 ** -1022,
    0.1,
    1e300,
  ];
  const p64 = n64.flatMap((n) => d64.map((d) => [n, d]));
  for (let o = 0; o < p64.length; o += 64) {
    const ch = p64.slice(o, o + 64);
    const { wave } = runWave(f64div, (w) => {
      setV(w, 0, (l) => lo64((ch[l] ?? [1])[0]));
      setV(w, 1, (l) => hi64((ch[l] ?? [1])[0]));
      setV(w, 2, (l) => lo64((ch[l] ?? [1, 1])[1]));
      setV(w, 3, (l) => hi64((ch[l] ?? [1, 1])[1]));
    });
    ch.forEach(([n, d], l) => {
      const got = (BigInt(vreg(wave, 13, l)) << 32n) | BigInt(vreg(wave, 12, l));
      assert.equal(hex(got), hex(db(n / d)), `${n} / ${d}`);
    });
  }
});

test('v_trig_preop_f64 returns 53-bit segments of 2/pi (fdlibm table)', () => {
  // 2/pi in 24-bit chunks, as in fdlibm's __kernel_rem_pio2 two_over_pi table.
  const T = [
    0xa2f983, 0x6e4e44, 0x1529fc, 0x2757d1, 0xf534dd, 0xc0db62, 0x95993c, 0x439041, 0xfe5163, 0xabdebb,
    0xc561b7, 0x246e3a, 0x424dd2, 0xe00649, 0x2eea09, 0xd1921c, 0xfe1deb, 0x1cb129, 0xa73ee8, 0x8235f5,
    0x2ebb44, 0x84e99c, 0x7026b4, 0x5f7e41, 0x3991d6, 0x398353, 0x39f49c, 0x845f8b, 0xbdf928, 0x3b1ff8,
    0x97ffde, 0x05980f, 0xef2f11, 0x8b5a0a, 0x6d1f6d, 0x367ecf, 0x27cb09, 0xb74f46, 0x3f669e, 0x5fea2d,
    0x7527ba, 0xc7ebe5, 0xf17b3d, 0x0739f7, 0x8a5292, 0xea6bfb, 0x5fb11f, 0x8d5d08, 0x560330, 0x46fc7b,
    0x6babf0, 0xcfbc20, 0x9af436, 0x1da9e3, 0x91615e, 0xe61b08, 0x659985, 0x5f14a0, 0x68408d, 0xffd880,
    0x4d7327, 0x310606, 0x1556ca, 0x73a8c9, 0x60e27b, 0xc08c6b,
  ];
  let big = 0n;
  for (const c of T) big = (big << 24n) | BigInt(c);
  const nbits = 24 * T.length; // big = floor(2/pi * 2^nbits)
  /** The 53 bits starting at weight 2^-(shift+1), as an integer (bits past 2/PI[0], fraction bit 1201, are 0). */
  const seg = (shift: number): bigint => {
    if (shift >= 1201) return 0n;
    let v = (big >> BigInt(nbits - 53 - shift)) & ((1n << 53n) - 1n);
    const past = shift + 53 - 1201;
    if (past > 0) v = (v >> BigInt(past)) << BigInt(past);
    return v;
  };
  const inputs = [
    0x3ff0000000000000n,
    0x4330000000000000n,
    0x4350000000000000n,
    0x7fe0000000000000n,
    0x4440000000000000n,
  ];
  for (const x of inputs) {
    const sel = Array.from({ length: 64 }, (_, l) => l % 32);
    const r = runOp('v_trig_preop_f64', [
      { w: 2, v: Array(64).fill(x) },
      { w: 1, v: sel },
    ]);
    const e = Number((x >> 52n) & 0x7ffn);
    for (let l = 0; l < 64; l++) {
      let shift = sel[l] * 53;
      if (e > 1077) shift += e - 1077;
      const v = seg(shift);
      // ldexp(v, -53 - shift (+128)), rounded toward zero.
      const want = v === 0n ? 0n : roundDy({ m: v, e: -53 - shift + (e >= 1968 ? 128 : 0) }, F64, 3);
      assert.equal(hex(res64(r, l)), hex(want), `trig_preop(${hex(x)}, ${sel[l]})`);
    }
  }
  assert.equal(
    hex(
      res64(
        runOp('v_trig_preop_f64', [
          { w: 2, v: Array(64).fill(0x3ff0000000000000n) },
          { w: 1, v: Array(64).fill(0) },
        ]),
        0,
      ),
    ),
    '0x3fe45f306dc9c882',
  );
});

// ---- end to end through the decoder ----------------------------------------------------------------------------

test('assembly: VOP3 modifiers, omod/clamp, compares into VCC and SGPR pairs', () => {
  const { wave } = runWave(
    `v_add_f32 v0, v1, v2
     v_add_f32_e64 v3, -v1, |v2|
     v_mul_f32_e64 v4, v1, v2 mul:2
     v_mul_f32_e64 v5, v1, v2 clamp
     v_cmp_lt_f32 vcc, v1, v2
     s_movk_i32 s6, 0x3c0
     v_cmp_class_f32_e64 s[2:3], v1, s6
     v_fma_f64 v[6:7], v[8:9], v[8:9], -1.0
     v_cvt_i32_f32 v10, v1`,
    (w) => {
      setV(w, 1, (l) => fb(l - 32));
      setV(w, 2, (l) => fb(l % 2 ? -0.5 : 0.25));
      setV(w, 8, (l) => lo64(l / 4));
      setV(w, 9, (l) => hi64(l / 4));
    },
  );
  for (let l = 0; l < 64; l++) {
    const a = l - 32;
    const b = l % 2 ? -0.5 : 0.25;
    assert.equal(bf(vreg(wave, 0, l)), a + b);
    assert.equal(bf(vreg(wave, 3, l)), -a + Math.abs(b));
    assert.equal(bf(vreg(wave, 4, l)), a * b * 2);
    assert.equal(bf(vreg(wave, 5, l)), Math.min(1, Math.max(0, a * b)));
    assert.equal(((wave.s[106 + (l >> 5)] >>> (l & 31)) & 1) === 1, a < b, `vcc lane ${l}`);
    // 0x3c0: -0, +0, +denormal, +normal... bits 6..9 = +0, +denormal, +normal, +inf.
    assert.equal(((wave.s[2 + (l >> 5)] >>> (l & 31)) & 1) === 1, a >= 0, `class lane ${l}`);
    assert.equal(vreg(wave, 6, l), lo64((l / 4) * (l / 4) - 1));
    assert.equal(vreg(wave, 7, l), hi64((l / 4) * (l / 4) - 1));
    assert.equal(vreg(wave, 10, l) | 0, a);
  }
});

test('assembly: v_div_scale_f32 writes its SGPR-pair VCC (VOP3B); v_cmpx writes EXEC', () => {
  const { wave } = runWave(
    `v_div_scale_f32 v0, s[4:5], v1, v1, v2
     v_cmpx_lt_f32 vcc, 0, v1`,
    (w) => {
      setV(w, 1, () => 0x3f800000);
      setV(w, 2, (l) => (l < 10 ? 0x7f000000 : 0x3f800000));
    },
  );
  assert.equal(wave.s[4], 0x3ff);
  assert.equal(wave.s[5], 0);
  assert.equal(vreg(wave, 0, 0), 0x5f800000);
  assert.equal(vreg(wave, 0, 20), 0x3f800000);
  assert.equal(wave.s[126], 0xffffffff);
});

test('assembly: the MODE register set by s_setreg drives f32 rounding and denormal flushing', () => {
  const { wave } = runWave(
    `s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3
     v_add_f32 v0, v1, v2
     s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 0
     v_add_f32 v3, v1, v2
     s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0
     v_mul_f32 v4, v5, 1.0
     s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3
     v_mul_f32 v6, v5, 1.0`,
    (w) => {
      setV(w, 1, () => 0x3f800000);
      setV(w, 2, () => 0x33c00000); // 3 * 2^-25
      setV(w, 5, (l) => l + 1); // denormals
    },
  );
  for (let l = 0; l < 64; l++) {
    assert.equal(vreg(wave, 0, l), 0x3f800000, 'round toward zero');
    assert.equal(vreg(wave, 3, l), 0x3f800001, 'round to nearest');
    assert.equal(vreg(wave, 4, l), 0, 'denormals flushed');
    assert.equal(vreg(wave, 6, l), l + 1, 'denormals kept');
  }
});

test('v_div_fmas_f32 / _f64: one rounding of the fma scaled by 2^+-64 / 2^+-128 where VCC is set', () => {
  for (const m of [DEFAULT, mode(3, 2, 3, 3), mode(1, 1, 3, 3)]) {
    const src = [0, 1, 2].map(() => Array.from({ length: 64 }, rand32));
    const mask: [number, number] = [rnd(), rnd()];
    const r = runOp(
      'v_div_fmas_f32',
      src.map((v) => ({ w: 1 as const, v })),
      { mode: m, maskIn: mask },
    );
    for (let l = 0; l < 64; l++) {
      const [a, b, c] = src.map((v) => v[l] >>> 0);
      const vcc = ((mask[l >> 5] >>> (l & 31)) & 1) === 1;
      let want: number;
      if ([a, b, c].some(isNaN32b) || [a, b, c].some((v) => (v & 0x7f800000) === 0x7f800000)) {
        // Specials: as fma (the scale does not change infinities or NaNs).
        want = arith32('fma', [a, b, c], rm32(m));
      } else {
        const k = vcc ? (((c >>> 23) & 0xff) > 127 ? 64 : -64) : 0;
        const d = dyAdd(dyMul(dy32(a), dy32(b)), dy32(c));
        want =
          d.m === 0n
            ? arith32('fma', [a, b, c], rm32(m))
            : Number(roundDy({ m: d.m, e: d.e + k }, F32, rm32(m)));
      }
      assert.equal(
        res32(r, l),
        out32(want, m, false, 0),
        `div_fmas(${hex(a)}, ${hex(b)}, ${hex(c)}) vcc ${vcc}`,
      );
    }
    const s64 = [0, 1, 2].map(() => Array.from({ length: 64 }, rand64));
    const r2 = runOp(
      'v_div_fmas_f64',
      s64.map((v) => ({ w: 2 as const, v })),
      { mode: m, maskIn: mask },
    );
    for (let l = 0; l < 64; l++) {
      const [a, b, c] = s64.map((v) => v[l]);
      const vcc = ((mask[l >> 5] >>> (l & 31)) & 1) === 1;
      let want: bigint;
      if ([a, b, c].some((v) => (v & 0x7ff0000000000000n) === 0x7ff0000000000000n))
        want = arith64('fma', [a, b, c], rm64(m));
      else {
        const k = vcc ? (Number((c >> 52n) & 0x7ffn) > 1023 ? 128 : -128) : 0;
        const d = dyAdd(dyMul(dy64(a), dy64(b)), dy64(c));
        want =
          d.m === 0n ? arith64('fma', [a, b, c], rm64(m)) : roundDy({ m: d.m, e: d.e + k }, F64, rm64(m));
      }
      assert.equal(
        hex(res64(r2, l)),
        hex(out64(want, m, false, 0)),
        `div_fmas64(${hex(a)}, ${hex(b)}, ${hex(c)}) vcc ${vcc}`,
      );
    }
  }
});

test('v_div_scale_f32 / _f64 over random operands (the pseudo-code, as read)', () => {
  const isDen = (v: number, min: number) => v !== 0 && Math.abs(v) < min;
  const ref = (
    s0: number,
    s1: number,
    s2: number,
    e1: number,
    e2: number,
    big: number,
    lim: number,
    sc: number,
    min: number,
    fr: (v: number) => number,
  ): [number, boolean] => {
    if (s2 === 0 || s1 === 0) return [Number.NaN, false];
    if (e2 - e1 >= big) return [s0 === s1 ? s0 * 2 ** sc : s0, true];
    if (e1 === 0) return [s0 * 2 ** sc, false];
    if (isDen(fr(1 / s1), min) && isDen(fr(s2 / s1), min)) return [s0 === s1 ? s0 * 2 ** -sc : s0, true];
    if (isDen(fr(1 / s1), min)) return [s0 * 2 ** -sc, false];
    if (isDen(fr(s2 / s1), min)) return [s0 === s2 ? s0 * 2 ** sc : s0, true];
    if (e2 <= lim) return [s0 * 2 ** sc, false];
    return [s0, false];
  };
  const gen = () => (rnd() % 2 ? rand32() : ((rnd() & 0x807fffff) | ((rnd() % 255) << 23)) >>> 0);
  const s1 = Array.from({ length: 64 }, gen);
  const s2 = Array.from({ length: 64 }, gen);
  const s0 = s1.map((v, l) => (l % 2 ? v : s2[l]));
  const r = runOp(
    'v_div_scale_f32',
    [s0, s1, s2].map((v) => ({ w: 1 as const, v })),
  );
  for (let l = 0; l < 64; l++) {
    if ([s0[l], s1[l], s2[l]].some(isNaN32b)) continue;
    const [d, vcc] = ref(
      bf(s0[l]),
      bf(s1[l]),
      bf(s2[l]),
      (s1[l] >>> 23) & 0xff,
      (s2[l] >>> 23) & 0xff,
      96,
      23,
      64,
      2 ** -126,
      Math.fround,
    );
    const want = Number.isNaN(d) ? 0xffc00000 : fb(d);
    assert.equal(res32(r, l), want, `div_scale(${hex(s0[l])}, ${hex(s1[l])}, ${hex(s2[l])})`);
    assert.equal(maskBit(r, l), vcc, `div_scale vcc (${hex(s0[l])}, ${hex(s1[l])}, ${hex(s2[l])})`);
  }
  const t1 = Array.from({ length: 64 }, rand64);
  const t2 = Array.from({ length: 64 }, rand64);
  const t0 = t1.map((v, l) => (l % 2 ? v : t2[l]));
  const r2 = runOp(
    'v_div_scale_f64',
    [t0, t1, t2].map((v) => ({ w: 2 as const, v })),
  );
  for (let l = 0; l < 64; l++) {
    if ([t0[l], t1[l], t2[l]].some(isNaN64b)) continue;
    const e = (b: bigint) => Number((b >> 52n) & 0x7ffn);
    const [d, vcc] = ref(
      bd(t0[l]),
      bd(t1[l]),
      bd(t2[l]),
      e(t1[l]),
      e(t2[l]),
      768,
      53,
      128,
      2 ** -1022,
      (v) => v,
    );
    // The scaled values here are all normal, so plain double scaling is exact.
    const want = Number.isNaN(d) ? 0xfff8000000000000n : db(d);
    assert.equal(hex(res64(r2, l)), hex(want), `div_scale64(${hex(t0[l])}, ${hex(t1[l])}, ${hex(t2[l])})`);
    assert.equal(maskBit(r2, l), vcc);
  }
});

function f32bits(x: number): number {
  const f = new Float32Array([x]);
  return new Uint32Array(f.buffer)[0];
}

test('v_cvt_pkaccum_u8_f32 converts S0 and inserts it into byte S1[1:0] of its own destination', () => {
  const { wave } = runWave(
    `v_cvt_pkaccum_u8_f32 v0, v1, v2
     v_cvt_pkaccum_u8_f32 v3, v1, 1`,
    (w) => {
      setV(w, 0, () => 0x11223344);
      setV(w, 3, () => 0xaabbccdd);
      setV(w, 1, (l) => f32bits(l * 4.5 - 10));
      setV(w, 2, (l) => l);
    },
  );
  for (let l = 0; l < 64; l++) {
    const x = l * 4.5 - 10;
    // Round to nearest even, saturate to 0..255.
    let b = Math.round(x);
    if (Math.abs(x - Math.trunc(x)) === 0.5) b = 2 * Math.round(x / 2);
    b = Math.min(255, Math.max(0, b));
    const sh = 8 * (l & 3);
    assert.equal(vreg(wave, 0, l), ((0x11223344 & ~(0xff << sh)) | (b << sh)) >>> 0, `lane ${l}`);
    assert.equal(vreg(wave, 3, l), ((0xaabbccdd & ~0xff00) | (b << 8)) >>> 0, `lane ${l}`);
  }
});
