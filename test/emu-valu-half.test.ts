// Tests of the f16 / packed-f16 / mix / float-dot VALU lane math (src/emu/valu/half-ops.ts, h16-*.ts).
// Every registered op is checked on all 64 lanes against a reference written independently: exact BigInt
// dyadic arithmetic rounded to the target format by an explicit bit-level rounder, over exhaustive or
// seeded random f16 inputs plus edge values, in several MODE settings (round modes, denormal flush,
// FP16_OVFL, IEEE, DX10_CLAMP) and with clamp/omod. Known answers from the Vega document pin the spec.
// The exhaustive sweeps cover all 65,536 f16 inputs in the slow tier and a sample in `npm test` (ALL16).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HALF_OPS } from '../src/emu/valu/half-ops.js';
import { INT_OPS } from '../src/emu/valu/int-ops.js';
import { Lanes, type ValuFn } from '../src/emu/valu/lanes.js';
import { opcodeOn } from '../src/isa/ops.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { targetBit } from '../src/isa/targets.js';
import { processorOf, VOP_PROFILES } from '../src/isa/vop-profile.js';

/** Every processor: the ops of gfx6-gfx8 need semantics too. */
const ALL_TARGETS = PROCESSORS.map((p) => p.name as Target);

import { bitLength } from '../scripts/lib/bit-length.js';
import { VOP3_ONLY_OPS } from '../src/isa/vop3-ops.js';
import { PACKED_OPS } from '../src/isa/vop3-packed.js';
import { SLOW, tier } from './helpers/tier.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

// ---- coverage ---------------------------------------------------------------------------------------------

/** In-scope names that are deliberately not in HALF_OPS. */
const EXCLUDED: Record<string, string> = {};
const OUT_OF_SCOPE = ['interp', 'mfma'];

test('every f16 / packed-f16 / mix / float-dot op of gfx900, gfx906, gfx908 has semantics', () => {
  const names = new Set<string>();
  const fold = (n: string) =>
    n.startsWith('v_cmpx_') ? 'v_cmp_' + n.slice(7) : n.startsWith('v_cmpsx_') ? 'v_cmps_' + n.slice(8) : n;
  for (const t of ALL_TARGETS) {
    for (const p of VOP_PROFILES) if (opcodeOn(p, processorOf(t)) !== undefined) names.add(fold(p.name));
    for (const p of PACKED_OPS) if (p.targets & targetBit(t)) names.add(p.name);
  }
  for (const s of VOP3_ONLY_OPS) names.add(s.name);
  const scope = [...names].filter(
    (n) =>
      (n.includes('f16') || n.includes('_mix') || /^v_dot2c?_f32_f16$/.test(n)) &&
      !OUT_OF_SCOPE.some((s) => n.includes(s)),
  );
  assert.ok(scope.length > 70, `scope has ${scope.length} ops`);
  const missing = scope.filter((n) => !(n in HALF_OPS) && !(n in EXCLUDED));
  assert.deepEqual(missing, []);
  for (const n of Object.keys(HALF_OPS)) {
    assert.ok(names.has(n), `${n} is not an op of these targets`);
    assert.ok(!(n in INT_OPS), `${n} is also in INT_OPS`);
  }
});

// ---- reference: exact dyadic values and an independent rounder ---------------------------------------------

interface Fmt {
  p: number; // significand bits including the implicit one
  emin: number;
  emax: number;
  ebits: number;
}
const H: Fmt = { p: 11, emin: -14, emax: 15, ebits: 5 };
const S: Fmt = { p: 24, emin: -126, emax: 127, ebits: 8 };

/** A finite exact value n * 2^e; zero carries its sign in `neg`. */
interface Dy {
  n: bigint;
  e: number;
  neg: boolean;
}

function decode(bits: number, f: Fmt): Dy | 'nan' | 'inf' | '-inf' {
  const mbits = f.p - 1;
  const sign = (bits >>> (mbits + f.ebits)) & 1;
  const ef = (bits >>> mbits) & ((1 << f.ebits) - 1);
  const m = BigInt(bits & ((1 << mbits) - 1));
  if (ef === (1 << f.ebits) - 1) return m !== 0n ? 'nan' : sign ? '-inf' : 'inf';
  const bias = f.emax;
  const n = ef === 0 ? m : m | (1n << BigInt(mbits));
  const e = (ef === 0 ? 1 : ef) - bias - mbits;
  return { n: sign ? -n : n, e, neg: sign === 1 };
}

const bitlen = bitLength;

/**
 * Rounds n * 2^e (+ a positive-magnitude sticky below it when `sticky`) to format f, mode 0..3 (RNE, +inf,
 * -inf, toward zero); flush: subnormal results become signed zeros. Returns the bit pattern.
 */
function round(v: Dy, f: Fmt, mode: number, flush = false, sticky = false, ovflSat = false): number {
  const mbits = f.p - 1;
  const signBit = 2 ** (mbits + f.ebits);
  const neg = v.n < 0n || (v.n === 0n && v.neg);
  const sgn = neg ? signBit : 0;
  let mag = v.n < 0n ? -v.n : v.n;
  if (mag === 0n) return sgn;
  const E = v.e + bitlen(mag) - 1;
  const q = Math.max(E - mbits, f.emin - mbits);
  let M: bigint;
  if (q > v.e) {
    const sh = BigInt(q - v.e);
    M = mag >> sh;
    const rem = mag - (M << sh);
    const half = 1n << (sh - 1n);
    const inexact = rem !== 0n || sticky;
    let up = false;
    if (mode === 0) up = rem > half || (rem === half && (sticky || (M & 1n) === 1n));
    else if (mode === 1) up = inexact && !neg;
    else if (mode === 2) up = inexact && neg;
    if (up) M += 1n;
  } else {
    M = mag << BigInt(v.e - q);
    if (sticky) {
      // the sticky part lies below the last kept bit
      if ((mode === 1 && !neg) || (mode === 2 && neg)) M += 1n;
    }
  }
  mag = M;
  let qq = q;
  if (mag >= 1n << BigInt(f.p)) {
    mag >>= 1n;
    qq++;
  }
  const infBits = sgn + (2 ** f.ebits - 1) * 2 ** mbits;
  const maxBits = infBits - 1;
  if (qq + mbits > f.emax) {
    if (ovflSat) return maxBits;
    const toInf = mode === 0 || (mode === 1 && !neg) || (mode === 2 && neg);
    return toInf ? infBits : maxBits;
  }
  if (mag < 1n << BigInt(mbits)) return flush ? sgn : sgn + Number(mag);
  return sgn + (qq + mbits + f.emax) * 2 ** mbits + Number(mag - (1n << BigInt(mbits)));
}

function dyAdd(a: Dy, b: Dy, mode: number): Dy {
  const e = Math.min(a.e, b.e);
  const n = (a.n << BigInt(a.e - e)) + (b.n << BigInt(b.e - e));
  const neg =
    n === 0n
      ? a.n === 0n && b.n === 0n
        ? mode === 2
          ? a.neg || b.neg
          : a.neg && b.neg
        : mode === 2
      : n < 0n;
  return { n, e, neg };
}
function dyMul(a: Dy, b: Dy): Dy {
  return { n: a.n * b.n, e: a.e + b.e, neg: a.neg !== b.neg };
}
const dyNeg = (a: Dy): Dy => ({ n: -a.n, e: a.e, neg: !a.neg });

/** f16 (or f32) operand with input flush applied. */
function inp(bits: number, f: Fmt, flushIn: boolean): Dy | 'nan' | 'inf' | '-inf' {
  const d = decode(bits, f);
  if (typeof d !== 'string' && flushIn && bitlen(d.n < 0n ? -d.n : d.n) < f.p && d.n !== 0n) {
    return { n: 0n, e: 0, neg: d.n < 0n };
  }
  if (typeof d !== 'string' && flushIn && d.n === 0n) return d;
  return d;
}

const qn = (b: number) => (b | 0x200) & 0xffff;
const isNan = (b: number) => (b & 0x7fff) > 0x7c00;

// ---- harness ---------------------------------------------------------------------------------------------

const MODE_DEF = (3 << 4) | (3 << 6) | (1 << 8) | (1 << 9);
interface M {
  mode: number;
  clamp?: boolean;
  omod?: number;
}
const mode16 = (m: number) => ({
  rm: (m >>> 2) & 3,
  flushIn: ((m >>> 6) & 1) === 0,
  flushOut: ((m >>> 7) & 1) === 0,
  ovfl: ((m >>> 23) & 1) === 1,
  dx10: ((m >>> 8) & 1) === 1,
  ieee: ((m >>> 9) & 1) === 1,
});

let seed = 12345;
function rnd(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) ^ Math.imul(seed, 0x9e3779b1);
}
const EDGE16 = [
  0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3800, 0x3bff, 0x3c01,
  0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0xfd55, 0x7a00, 0x4000, 0x0200, 0x1400,
];
function r16(): number {
  const k = rnd() >>> 0;
  if (k % 5 === 0) return EDGE16[(k >>> 3) % EDGE16.length];
  if (k % 5 === 1) return (k >>> 7) & 0x83ff; // denormals
  return (k >>> 9) & 0xffff;
}

const L = new Lanes();

/** Runs fn over batches of 64 lanes with sources from gen and checks every lane against ref. */
function sweep(
  name: string,
  fn: ValuFn,
  n: number,
  gen: (i: number) => number[],
  ref: (s: number[]) => number,
  m: M = { mode: MODE_DEF },
  setup?: (x: Lanes) => void,
): void {
  L.mode = m.mode;
  L.clamp = m.clamp ?? false;
  L.omod = m.omod ?? 0;
  let fails = 0;
  const srcArr = [L.u0, L.u1, L.u2];
  for (let base = 0; base < n; base += 64) {
    const ins: number[][] = [];
    for (let l = 0; l < 64; l++) {
      const s = gen(base + l);
      ins.push(s);
      for (let k = 0; k < s.length; k++) srcArr[k][l] = s[k] >>> 0;
    }
    setup?.(L);
    L.du.fill(0xdeadbeef, 0, 64);
    fn(L);
    for (let l = 0; l < 64; l++) {
      const want = ref(ins[l]) >>> 0;
      const got = L.du[l];
      if (got !== want && fails++ < 5)
        assert.fail(
          `${name} mode=${m.mode.toString(16)} clamp=${m.clamp} omod=${m.omod} lane ${l} srcs ${ins[l].map((v) => v.toString(16))}: got ${got.toString(16)} want ${want.toString(16)}`,
        );
    }
  }
}

const MODES: M[] = [
  { mode: MODE_DEF },
  { mode: MODE_DEF | (3 << 2) }, // RTZ
  { mode: MODE_DEF | (1 << 2) }, // +inf
  { mode: MODE_DEF | (2 << 2) }, // -inf
  { mode: (3 << 4) | (1 << 8) | (1 << 9) }, // f16 flush in/out
  { mode: (3 << 4) | (1 << 6) | (1 << 8) }, // keep input denormals, flush output, IEEE off
  { mode: (3 << 4) | (2 << 6) }, // flush input, keep output, no DX10
  { mode: MODE_DEF | (1 << 23) }, // FP16_OVFL
  { mode: MODE_DEF, clamp: true },
  { mode: MODE_DEF & ~(1 << 8), clamp: true },
  { mode: MODE_DEF, omod: 1 },
  { mode: MODE_DEF, omod: 3 },
  { mode: MODE_DEF, omod: 2, clamp: true },
];

/** The final f16 result of an exact value under a mode: omod, rounding, flush, FP16_OVFL, clamp. */
function fin16(v: Dy | 'inf' | '-inf', m: M): number {
  const md = mode16(m.mode);
  let r: number;
  if (typeof v === 'string') r = v === 'inf' ? 0x7c00 : 0xfc00;
  else {
    const sc = [0, 1, 2, -1][m.omod ?? 0];
    r = round({ n: v.n, e: v.e + sc, neg: v.neg }, H, md.rm, md.flushOut);
    if (md.ovfl && (r & 0x7fff) === 0x7c00) r = (r & 0x8000) | 0x7bff;
  }
  if (m.clamp) {
    if (r & 0x8000) r = r === 0x8000 ? r : 0;
    else if (r > 0x3c00) r = 0x3c00;
  }
  return r;
}
function nan16(b: number, m: M): number {
  return m.clamp && mode16(m.mode).dx10 ? 0 : qn(b);
}

type V = Dy | 'nan' | 'inf' | '-inf';
const inf = (neg: boolean): V => (neg ? '-inf' : 'inf');

// Exact arithmetic on V (NaN sources are handled by the callers).
function vAdd(a: V, b: V, rm: number): V {
  if (a === 'nan' || b === 'nan') return 'nan';
  if (typeof a === 'string' && typeof b === 'string') return a === b ? a : 'nan';
  if (typeof a === 'string') return a;
  if (typeof b === 'string') return b;
  return dyAdd(a, b, rm);
}
function vMul(a: V, b: V): V {
  if (a === 'nan' || b === 'nan') return 'nan';
  const neg = (x: V) => (typeof x === 'string' ? x === '-inf' : x.n < 0n || (x.n === 0n && x.neg));
  const zero = (x: V) => typeof x !== 'string' && x.n === 0n;
  if (typeof a === 'string' || typeof b === 'string')
    return zero(a) || zero(b) ? 'nan' : inf(neg(a) !== neg(b));
  return dyMul(a, b);
}

/** Reference of an op computed as NaN check then exact value then finishing. */
function arith(m: M, srcs: number[], f: (v: V[]) => V, fmt = H): number {
  const md = mode16(m.mode);
  for (const s of srcs) if (isNan(s)) return nan16(s, m);
  const r = f(srcs.map((s) => inp(s, fmt, md.flushIn)));
  if (r === 'nan') return nan16(0xfe00, m);
  return fin16(r, m);
}

// ---- arithmetic ----------------------------------------------------------------------------------------------

const g2 = () => [r16() | ((rnd() & 0xffff) << 16), r16()];
const g3 = () => [r16(), r16(), r16()];

test('v_add/sub/subrev/mul_f16 match exact rounding in every mode', () => {
  for (const m of MODES) {
    const rm = mode16(m.mode).rm;
    sweep(
      'v_add_f16',
      HALF_OPS.v_add_f16,
      1280,
      g2,
      (s) => arith(m, [s[0] & 0xffff, s[1]], ([a, b]) => vAdd(a, b, rm)),
      m,
    );
    sweep(
      'v_sub_f16',
      HALF_OPS.v_sub_f16,
      640,
      g2,
      (s) =>
        isNan(s[0] & 0xffff) || isNan(s[1])
          ? arith(m, [s[0] & 0xffff, s[1]], () => 'nan')
          : arith(m, [s[0] & 0xffff, s[1] ^ 0x8000], ([a, b]) => vAdd(a, b, rm)),
      m,
    );
    sweep(
      'v_subrev_f16',
      HALF_OPS.v_subrev_f16,
      640,
      g2,
      (s) =>
        isNan(s[0] & 0xffff) || isNan(s[1])
          ? arith(m, [s[1], s[0] & 0xffff], () => 'nan')
          : arith(m, [s[1], (s[0] & 0xffff) ^ 0x8000], ([a, b]) => vAdd(a, b, rm)),
      m,
    );
    sweep(
      'v_mul_f16',
      HALF_OPS.v_mul_f16,
      1280,
      g2,
      (s) => arith(m, [s[0] & 0xffff, s[1]], ([a, b]) => vMul(a, b)),
      m,
    );
  }
});

function fmaRef(m: M, s: number[]): number {
  const rm = mode16(m.mode).rm;
  return arith(m, s, ([a, b, c]) => vAdd(vMul(a, b), c, rm));
}

test('v_fma_f16 / v_fma_legacy_f16 are fused (one rounding) in every mode', () => {
  for (const m of MODES) {
    sweep('v_fma_f16', HALF_OPS.v_fma_f16, 1280, g3, (s) => fmaRef(m, s), m);
    sweep('v_fma_legacy_f16', HALF_OPS.v_fma_legacy_f16, 256, g3, (s) => fmaRef(m, s), m);
  }
  // A case that a rounded product gets wrong: (1+2^-10)^2 - (1+2^-10) = 2^-10 + 2^-20.
  sweep(
    'fma fused',
    HALF_OPS.v_fma_f16,
    64,
    () => [0x3c01, 0x3c01, 0xbc01],
    () => 0x1401,
  );
});

function madRef(m: M, s: number[]): number {
  const md = mode16(m.mode);
  for (const b of s) if (isNan(b)) return nan16(b, m);
  const [a, b, c] = s.map((v) => inp(v, H, true));
  const p = vMul(a, b);
  if (p === 'nan') return nan16(0xfe00, m);
  const pr = typeof p === 'string' ? p : decode(round(p, H, md.rm, true), H);
  const r = vAdd(pr as V, c, md.rm);
  if (r === 'nan') return nan16(0xfe00, m);
  const mm = { ...m, mode: m.mode & ~(3 << 6) };
  return fin16(r, mm);
}

test('v_mad_f16 family rounds the product to f16 and always flushes denormals', () => {
  for (const name of ['v_mad_f16', 'v_mad_legacy_f16', 'v_mac_f16', 'v_madmk_f16', 'v_madak_f16'])
    for (const m of MODES) sweep(name, HALF_OPS[name], 320, g3, (s) => madRef(m, s), m);
  // unfused: (1+2^-10)^2 - (1+2^-10) with the product rounded to 1+2^-9 first
  sweep(
    'mad unfused',
    HALF_OPS.v_mad_f16,
    64,
    () => [0x3c01, 0x3c01, 0xbc01],
    () => 0x1400,
  );
  // denormal input flushed even with denormals enabled in MODE
  sweep(
    'mad flush',
    HALF_OPS.v_mad_f16,
    64,
    () => [0x0001, 0x3c00, 0x0000],
    () => 0,
  );
});

test('packed f16 ops compute both halves like their scalar counterparts (VOP3P: no omod)', () => {
  for (const m of MODES) {
    const mm = { ...m, omod: 0 };
    const rm = mode16(m.mode).rm;
    const gp = (k: number) => () => Array.from({ length: k }, () => (r16() | (r16() << 16)) >>> 0);
    const both = (f: (s: number[]) => number) => (s: number[]) =>
      (f(s.map((v) => v & 0xffff)) | (f(s.map((v) => v >>> 16)) << 16)) >>> 0;
    const setOmod = (x: Lanes) => {
      x.omod = m.omod ?? 0; // must be ignored
    };
    sweep(
      'v_pk_add_f16',
      HALF_OPS.v_pk_add_f16,
      640,
      gp(2),
      both((s) => arith(mm, s, ([a, b]) => vAdd(a, b, rm))),
      m,
      setOmod,
    );
    sweep(
      'v_pk_mul_f16',
      HALF_OPS.v_pk_mul_f16,
      640,
      gp(2),
      both((s) => arith(mm, s, ([a, b]) => vMul(a, b))),
      m,
      setOmod,
    );
    sweep(
      'v_pk_fma_f16',
      HALF_OPS.v_pk_fma_f16,
      640,
      gp(3),
      both((s) => fmaRef(mm, s)),
      m,
      setOmod,
    );
    sweep(
      'v_pk_fmac_f16',
      HALF_OPS.v_pk_fmac_f16,
      320,
      gp(3),
      both((s) => fmaRef(mm, s)),
      m,
      setOmod,
    );
    sweep(
      'v_pk_min_f16',
      HALF_OPS.v_pk_min_f16,
      640,
      gp(2),
      both((s) => minmaxRef(mm, s, false)),
      m,
      setOmod,
    );
    sweep(
      'v_pk_max_f16',
      HALF_OPS.v_pk_max_f16,
      640,
      gp(2),
      both((s) => minmaxRef(mm, s, true)),
      m,
      setOmod,
    );
  }
});

// ---- min / max / med3 -------------------------------------------------------------------------------------

function canonRef(b: number, m: M): number {
  const md = mode16(m.mode);
  return md.flushIn && (b & 0x7c00) === 0 ? b & 0x8000 : b;
}

/** The result bits (before finishing) of min/max; IEEE: sNaN quieted first, otherwise a NaN loses. */
function minmaxRaw(m: M, a: number, b: number, isMax: boolean): number {
  const md = mode16(m.mode);
  const sn = (x: number) => isNan(x) && (x & 0x200) === 0;
  if (md.ieee && sn(a)) return qn(a);
  if (md.ieee && sn(b)) return qn(b);
  if (isNan(a)) return b;
  if (isNan(b)) return a;
  if ((a & 0x7fff) === 0 && (b & 0x7fff) === 0) {
    // the document: max(+0, -0) = +0 and min(+0, -0) = -0 whatever the order
    const anyNeg = (a | b) & 0x8000;
    const allNeg = a & b & 0x8000;
    return isMax ? allNeg : anyNeg;
  }
  const ka = F(a);
  const kb = F(b);
  if (ka === kb) return b;
  return (isMax ? ka > kb : ka < kb) ? a : b;
}
function finBits(b: number, m: M): number {
  if (isNan(b)) return m.clamp && mode16(m.mode).dx10 ? 0 : b;
  const d = decode(b, H);
  return fin16(d as Dy, m);
}
function minmaxRef(m: M, s: number[], isMax: boolean): number {
  return finBits(minmaxRaw(m, canonRef(s[0], m), canonRef(s[1], m), isMax), m);
}

test('v_min/max/min3/max3/med3_f16 follow the ISA NaN, signed-zero and IEEE rules', () => {
  for (const m of MODES) {
    sweep('v_min_f16', HALF_OPS.v_min_f16, 1280, g2, (s) => minmaxRef(m, [s[0] & 0xffff, s[1]], false), m);
    sweep('v_max_f16', HALF_OPS.v_max_f16, 1280, g2, (s) => minmaxRef(m, [s[0] & 0xffff, s[1]], true), m);
    const c3 = (s: number[]) => s.map((v) => canonRef(v, m));
    sweep(
      'v_min3_f16',
      HALF_OPS.v_min3_f16,
      640,
      g3,
      (s) => {
        const [a, b, c] = c3(s);
        return finBits(minmaxRaw(m, minmaxRaw(m, a, b, false), c, false), m);
      },
      m,
    );
    sweep(
      'v_max3_f16',
      HALF_OPS.v_max3_f16,
      640,
      g3,
      (s) => {
        const [a, b, c] = c3(s);
        return finBits(minmaxRaw(m, minmaxRaw(m, a, b, true), c, true), m);
      },
      m,
    );
    sweep(
      'v_med3_f16',
      HALF_OPS.v_med3_f16,
      1280,
      g3,
      (s) => {
        const v = c3(s);
        if (v.some(isNan)) return finBits(minmaxRaw(m, minmaxRaw(m, v[0], v[1], false), v[2], false), m);
        // The middle value by numeric order (zeros equal; the document's max3-based selection).
        const num = v.map((b) => F(b));
        const mx = Math.max(...num);
        const pick =
          mx === num[0]
            ? minmaxRaw(m, v[1], v[2], true)
            : mx === num[1]
              ? minmaxRaw(m, v[0], v[2], true)
              : minmaxRaw(m, v[0], v[1], true);
        return finBits(pick, m);
      },
      m,
    );
  }
  // Known answers: max(+0, -0) = +0, min(+0, -0) = -0; a quiet NaN loses; an sNaN wins quieted in IEEE mode only.
  const ieee = { mode: MODE_DEF };
  const non = { mode: MODE_DEF & ~(1 << 9) };
  sweep(
    'max zeros',
    HALF_OPS.v_max_f16,
    64,
    () => [0x8000, 0x0000],
    () => 0x0000,
  );
  sweep(
    'min zeros',
    HALF_OPS.v_min_f16,
    64,
    () => [0x0000, 0x8000],
    () => 0x8000,
  );
  sweep(
    'max qnan',
    HALF_OPS.v_max_f16,
    64,
    () => [0x7e00, 0x3c00],
    () => 0x3c00,
    ieee,
  );
  sweep(
    'max snan ieee',
    HALF_OPS.v_max_f16,
    64,
    () => [0x7d00, 0x3c00],
    () => 0x7f00,
    ieee,
  );
  sweep(
    'max snan non-ieee',
    HALF_OPS.v_max_f16,
    64,
    () => [0x7d00, 0x3c00],
    () => 0x3c00,
    non,
  );
  sweep(
    'med3',
    HALF_OPS.v_med3_f16,
    64,
    () => [0x4200, 0x3c00, 0x4000],
    () => 0x4000,
  );
});

/** Exact value of f16 bits as a double. */
function F(b: number): number {
  const d = decode(b, H);
  if (typeof d === 'string') return d === 'inf' ? Infinity : d === '-inf' ? -Infinity : NaN;
  return d.n === 0n ? (d.neg ? -0 : 0) : Number(d.n) * 2 ** d.e;
}

// ---- compares and class --------------------------------------------------------------------------------------

test('v_cmp_*_f16 and v_cmp_class_f16 set the mask of every lane', () => {
  const preds: Record<string, (a: number, b: number) => boolean> = {
    f: () => false,
    lt: (a, b) => a < b,
    eq: (a, b) => a === b,
    le: (a, b) => a <= b,
    gt: (a, b) => a > b,
    lg: (a, b) => a < b || a > b,
    ge: (a, b) => a >= b,
    o: (a, b) => !Number.isNaN(a) && !Number.isNaN(b),
    u: (a, b) => Number.isNaN(a) || Number.isNaN(b),
    nge: (a, b) => !(a >= b),
    nlg: (a, b) => !(a < b || a > b),
    ngt: (a, b) => !(a > b),
    nle: (a, b) => !(a <= b),
    neq: (a, b) => !(a === b),
    nlt: (a, b) => !(a < b),
    tru: () => true,
  };
  for (const mode of [MODE_DEF, 3 << 4]) {
    for (const [c, p] of Object.entries(preds)) {
      const fn = HALF_OPS[`v_cmp_${c}_f16`];
      L.mode = mode;
      for (let it = 0; it < 40; it++) {
        const a: number[] = [];
        const b: number[] = [];
        for (let l = 0; l < 64; l++) {
          a.push(r16());
          b.push(it % 3 === 0 ? a[l] ^ (rnd() & 0x8001) : r16());
          L.u0[l] = a[l];
          L.u1[l] = b[l];
        }
        fn(L);
        for (let l = 0; l < 64; l++) {
          const fa = F(canonRef(a[l], { mode }));
          const fb = F(canonRef(b[l], { mode }));
          const got = (L.maskOut[l >> 5] >>> (l & 31)) & 1;
          assert.equal(
            got,
            p(fa, fb) ? 1 : 0,
            `v_cmp_${c}_f16 ${a[l].toString(16)} ${b[l].toString(16)} mode ${mode}`,
          );
        }
      }
    }
  }
  // class: every class bit of every edge value
  const cls = (b: number) => {
    const neg = (b & 0x8000) !== 0;
    const a = b & 0x7fff;
    if (a > 0x7c00) return (a & 0x200) === 0 ? 0 : 1;
    if (a === 0x7c00) return neg ? 2 : 9;
    if (a === 0) return neg ? 5 : 6;
    if (a < 0x400) return neg ? 4 : 7;
    return neg ? 3 : 8;
  };
  for (let it = 0; it < 200; it++) {
    const a: number[] = [];
    const mk: number[] = [];
    for (let l = 0; l < 64; l++) {
      a.push(r16());
      mk.push(rnd() & 0x3ff);
      L.u0[l] = a[l];
      L.u1[l] = mk[l];
    }
    HALF_OPS.v_cmp_class_f16(L);
    for (let l = 0; l < 64; l++)
      assert.equal(
        (L.maskOut[l >> 5] >>> (l & 31)) & 1,
        (mk[l] >> cls(a[l])) & 1,
        `class ${a[l].toString(16)}`,
      );
  }
});

// ---- conversions ------------------------------------------------------------------------------------------------

/** Mantissas of the `npm test` sample: both ends (denormal boundaries, carries into the exponent), the
 * middle (ties), and a spread. */
const F16_MANTISSAS = [
  0,
  1,
  2,
  3,
  0x1ff,
  0x200,
  0x201,
  0x3fc,
  0x3fd,
  0x3fe,
  0x3ff,
  ...Array.from({ length: 21 }, (_, k) => 37 + 45 * k),
];
/** How many inputs an exhaustive f16 sweep takes, and what the tests say they cover. */
const F16_INPUTS = tier(64 * F16_MANTISSAS.length, 65536);
const F16_SCOPE = tier('every sign and exponent', 'all inputs');
/** Input `i` of an exhaustive sweep: every bit pattern in the slow tier; in `npm test` every sign and
 * exponent (so every class: zero, denormal, normal, infinity, NaN) with each of F16_MANTISSAS. */
const ALL16 = (i: number) => [SLOW ? i & 0xffff : ((i >>> 5) << 10) | F16_MANTISSAS[i & 31]];

test('v_cvt_f32_f16 is exact, quiets NaNs, honours clamp and omod', () => {
  for (const m of [
    { mode: MODE_DEF },
    { mode: 0 },
    { mode: MODE_DEF, clamp: true },
    { mode: MODE_DEF, omod: 3 },
  ]) {
    sweep(
      'v_cvt_f32_f16',
      HALF_OPS.v_cvt_f32_f16,
      F16_INPUTS,
      ALL16,
      ([b]) => {
        if (isNan(b)) {
          if (m.clamp) return 0;
          return ((b & 0x8000) << 16) | 0x7fc00000 | ((b & 0x3ff) << 13);
        }
        const d = decode(b, H);
        if (typeof d === 'string')
          return m.clamp ? (d === 'inf' ? 0x3f800000 : 0) : d === 'inf' ? 0x7f800000 : 0xff800000;
        let r = round({ n: d.n, e: d.e + [0, 1, 2, -1][m.omod ?? 0], neg: d.neg }, S, 0);
        if (m.clamp) r = r & 0x80000000 ? (r === 0x80000000 ? r : 0) : r > 0x3f800000 ? 0x3f800000 : r;
        return r;
      },
      m,
    );
  }
});

function f32gen(): number {
  const k = rnd() >>> 0;
  if (k % 4 === 0)
    return (
      [
        0, 0x80000000, 0x7f800000, 0xff800000, 0x477fe000, 0x477ff000, 0x477fefff, 0x33800000, 0x33000000,
        0x33000001, 0x387fc000, 0x7fc00000, 0xff812345, 1,
      ][(k % 14) >>> 0] ?? 0
    );
  const e = 100 + ((k >>> 3) % 60); // around the f16 range
  return ((k & 0x80000000) | (e << 23) | (rnd() & 0x7fffff)) >>> 0;
}

function cvtF16F32Ref(b: number, m: M, rmOverride?: number): number {
  if ((b & 0x7fffffff) > 0x7f800000) return nan16(((b >>> 16) & 0x8000) | 0x7e00 | ((b >>> 13) & 0x1ff), m);
  const d = inp(b, S, ((m.mode >>> 4) & 1) === 0) as Dy | 'inf' | '-inf';
  if (rmOverride === undefined) return fin16(d, m);
  return fin16(d, { ...m, mode: (m.mode & ~0xc) | (rmOverride << 2) });
}

test('v_cvt_f16_f32 honours the f16 round mode, denormal modes, FP16_OVFL, clamp/omod; pkrtz truncates', () => {
  for (const m of MODES) {
    sweep(
      'v_cvt_f16_f32',
      HALF_OPS.v_cvt_f16_f32,
      2560,
      () => [f32gen()],
      ([b]) => cvtF16F32Ref(b, m),
      m,
    );
    sweep(
      'v_cvt_pkrtz_f16_f32',
      HALF_OPS.v_cvt_pkrtz_f16_f32,
      1280,
      () => [f32gen(), f32gen()],
      ([a, b]) => (cvtF16F32Ref(a, m, 3) | (cvtF16F32Ref(b, m, 3) << 16)) >>> 0,
      m,
    );
  }
  // 65520 rounds to inf to nearest, to 65504 toward zero; pkrtz ignores the mode.
  sweep(
    'cvt ovf',
    HALF_OPS.v_cvt_f16_f32,
    64,
    () => [0x477ff000],
    () => 0x7c00,
  );
  sweep(
    'cvt ovf rtz',
    HALF_OPS.v_cvt_f16_f32,
    64,
    () => [0x477ff000],
    () => 0x7bff,
    { mode: MODE_DEF | (3 << 2) },
  );
  const ovf = { mode: MODE_DEF | (1 << 23) };
  sweep(
    'cvt FP16_OVFL',
    HALF_OPS.v_cvt_f16_f32,
    64,
    () => [0x477ff000],
    () => 0x7bff,
    ovf,
  );
  sweep(
    'cvt FP16_OVFL keeps inf',
    HALF_OPS.v_cvt_f16_f32,
    64,
    () => [0xff800000],
    () => 0xfc00,
    ovf,
  );
  sweep(
    'add FP16_OVFL',
    HALF_OPS.v_add_f16,
    64,
    () => [0xfbff, 0xfbff],
    () => 0xfbff,
    ovf,
  );
  sweep(
    'pkrtz',
    HALF_OPS.v_cvt_pkrtz_f16_f32,
    64,
    () => [0x3f800001, 0x477ff000],
    () => 0x7bff3c00,
  );
});

test('v_cvt_f16_u16/i16, v_cvt_u16/i16_f16, v_cvt_norm and pknorm conversions', () => {
  for (const m of MODES) {
    sweep(
      'v_cvt_f16_u16',
      HALF_OPS.v_cvt_f16_u16,
      F16_INPUTS,
      ALL16,
      ([v]) => fin16({ n: BigInt(v), e: 0, neg: false }, m),
      m,
    );
    sweep(
      'v_cvt_f16_i16',
      HALF_OPS.v_cvt_f16_i16,
      F16_INPUTS,
      ALL16,
      ([v]) => fin16({ n: BigInt((v << 16) >> 16), e: 0, neg: false }, m),
      m,
    );
  }
  const toInt = (b: number, lo: number, hi: number) => {
    if (isNan(b)) return 0;
    const d = decode(b, H);
    if (d === 'inf') return hi & 0xffff;
    if (d === '-inf') return lo & 0xffff;
    const dd = d as Dy;
    let v = dd.e >= 0 ? dd.n << BigInt(dd.e) : dd.n < 0n ? -(-dd.n >> BigInt(-dd.e)) : dd.n >> BigInt(-dd.e);
    v = v < BigInt(lo) ? BigInt(lo) : v > BigInt(hi) ? BigInt(hi) : v;
    return Number(BigInt.asUintN(16, v));
  };
  sweep('v_cvt_u16_f16', HALF_OPS.v_cvt_u16_f16, F16_INPUTS, ALL16, ([b]) => toInt(b, 0, 65535));
  sweep('v_cvt_i16_f16', HALF_OPS.v_cvt_i16_f16, F16_INPUTS, ALL16, ([b]) => toInt(b, -32768, 32767));
  const norm = (b: number, signed: boolean) => {
    if (isNan(b)) return 0;
    const lo = signed ? -1 : 0;
    let v = F(b);
    v = Math.min(1, Math.max(lo, v));
    // round half even of v * scale via BigInt on the exact dyadic
    const sc = signed ? 32767n : 65535n;
    const n = BigInt(Math.round(v * 2 ** 40)) * sc; // v * 2^40 is exact for f16 values in [-1, 1]
    const q = n >= 0n ? n >> 40n : -(-n >> 40n);
    const rem = n - (q << 40n);
    const half = 1n << 39n;
    let r = q;
    const arem = rem < 0n ? -rem : rem;
    if (arem > half || (arem === half && (q & 1n) === 1n)) r += n < 0n ? -1n : 1n;
    return Number(BigInt.asUintN(16, r));
  };
  sweep('v_cvt_norm_i16_f16', HALF_OPS.v_cvt_norm_i16_f16, F16_INPUTS, ALL16, ([b]) => norm(b, true));
  sweep('v_cvt_norm_u16_f16', HALF_OPS.v_cvt_norm_u16_f16, F16_INPUTS, ALL16, ([b]) => norm(b, false));
  sweep(
    'v_cvt_pknorm_i16_f16',
    HALF_OPS.v_cvt_pknorm_i16_f16,
    6400,
    () => [r16(), r16()],
    ([a, b]) => (norm(a, true) | (norm(b, true) << 16)) >>> 0,
  );
  sweep(
    'v_cvt_pknorm_u16_f16',
    HALF_OPS.v_cvt_pknorm_u16_f16,
    6400,
    () => [r16(), r16()],
    ([a, b]) => (norm(a, false) | (norm(b, false) << 16)) >>> 0,
  );
  sweep(
    'norm known',
    HALF_OPS.v_cvt_norm_i16_f16,
    64,
    () => [0xbc00],
    () => 0x8001,
  );
  sweep(
    'pack',
    HALF_OPS.v_pack_b32_f16,
    640,
    () => [rnd(), rnd()],
    ([a, b]) => ((a & 0xffff) | ((b & 0xffff) << 16)) >>> 0,
  );
});

// ---- rounding-to-integer, fract, frexp, ldexp ---------------------------------------------------------------------

/** Exact integer rounding of a finite dyadic by a BigInt floor. */
function intRound(d: Dy, kind: 'floor' | 'ceil' | 'trunc' | 'rndne'): Dy {
  if (d.e >= 0) return d;
  const sh = BigInt(-d.e);
  const fl = d.n >> sh; // floor for BigInt (arith shift)
  const rem = d.n - (fl << sh);
  let r = fl;
  if (rem !== 0n) {
    if (kind === 'ceil') r = fl + 1n;
    else if (kind === 'trunc') r = d.n < 0n ? fl + 1n : fl;
    else if (kind === 'rndne') {
      const half = 1n << (sh - 1n);
      if (rem > half || (rem === half && (fl & 1n) === 1n)) r = fl + 1n;
    }
  }
  return { n: r, e: 0, neg: d.neg };
}

test(`v_floor/ceil/trunc/rndne/fract_f16 on ${F16_SCOPE}`, () => {
  for (const m of [MODES[0], MODES[4], MODES[8], MODES[10], MODES[1]]) {
    for (const k of ['floor', 'ceil', 'trunc', 'rndne'] as const) {
      sweep(
        `v_${k}_f16`,
        HALF_OPS[`v_${k}_f16`],
        F16_INPUTS,
        ALL16,
        (s) => arith(m, s, ([a]) => (typeof a === 'string' ? a : intRound(a, k))),
        m,
      );
    }
    sweep(
      'v_fract_f16',
      HALF_OPS.v_fract_f16,
      F16_INPUTS,
      ALL16,
      (s) =>
        arith(m, s, ([a]) => {
          if (typeof a === 'string') return 'nan';
          const fl = intRound(a, 'floor');
          const fr = dyAdd(a, dyNeg(fl), 0);
          // min(fract, largest f16 below 1)
          const below1: Dy = { n: 0x7ffn, e: -11, neg: false };
          // fr < 1 exactly; above the largest f16 below 1 it is clamped there
          if (fr.e <= 0 && fr.n << 11n > 0x7ffn << BigInt(-fr.e)) return below1;
          return fr.n === 0n ? { n: 0n, e: 0, neg: false } : fr;
        }),
      m,
    );
  }
  sweep(
    'fract(-2^-24)',
    HALF_OPS.v_fract_f16,
    64,
    () => [0x8001],
    () => 0x3bff,
  );
  sweep(
    'rndne(2.5)',
    HALF_OPS.v_rndne_f16,
    64,
    () => [0x4100],
    () => 0x4000,
  );
  sweep(
    'rndne(-0.5)',
    HALF_OPS.v_rndne_f16,
    64,
    () => [0xb800],
    () => 0x8000,
  );
});

test('v_frexp_mant/exp, v_ldexp_f16', () => {
  for (const m of [MODES[0], MODES[4], MODES[8]]) {
    sweep(
      'v_frexp_mant_f16',
      HALF_OPS.v_frexp_mant_f16,
      F16_INPUTS,
      ALL16,
      ([b]) => {
        if (isNan(b)) return nan16(b, m);
        const c = canonRef(b, m);
        if ((c & 0x7fff) === 0 || (c & 0x7fff) === 0x7c00) return finBits(c, m);
        const d = decode(c, H) as Dy;
        return fin16({ n: d.n, e: -bitlen(d.n < 0n ? -d.n : d.n), neg: d.neg }, m);
      },
      m,
    );
    sweep(
      'v_frexp_exp_i16_f16',
      HALF_OPS.v_frexp_exp_i16_f16,
      F16_INPUTS,
      ALL16,
      ([b]) => {
        const c = canonRef(b, m);
        if (isNan(c) || (c & 0x7fff) === 0 || (c & 0x7fff) === 0x7c00) return 0;
        const d = decode(c, H) as Dy;
        return (d.e + bitlen(d.n < 0n ? -d.n : d.n)) & 0xffff;
      },
      m,
    );
  }
  for (const m of MODES) {
    sweep(
      'v_ldexp_f16',
      HALF_OPS.v_ldexp_f16,
      2560,
      () => [r16(), (rnd() % 70) - 35 + (rnd() % 7 === 0 ? 40000 : 0)],
      ([b, k]) =>
        arith(m, [b], ([a]) =>
          typeof a === 'string' ? a : { n: a.n, e: a.e + (((k & 0xffff) << 16) >> 16), neg: a.neg },
        ),
      m,
    );
  }
  sweep(
    'ldexp i16',
    HALF_OPS.v_ldexp_f16,
    64,
    () => [0x3c00, 0x10002],
    () => 0x4400,
  );
});

// ---- transcendentals --------------------------------------------------------------------------------------------

/** Correctly rounded f16 of num/den * 2^e (num, den > 0) by BigInt long division with a sticky bit. */
function quot(num: bigint, den: bigint, e: number, neg: boolean, m: M): number {
  const K = 60;
  const n = (num << BigInt(K)) / den;
  const sticky = n * den !== num << BigInt(K);
  const md = mode16(m.mode);
  let r = round({ n: neg ? -n : n, e: e - K, neg }, H, md.rm, md.flushOut, sticky);
  if (m.clamp) r = r & 0x8000 ? (r === 0x8000 ? r : 0) : r > 0x3c00 ? 0x3c00 : r;
  return r;
}
function isqrt(v: bigint): bigint {
  if (v < 2n) return v;
  let x = BigInt(Math.floor(Math.sqrt(Number(v))));
  while (x * x > v) x--;
  while ((x + 1n) * (x + 1n) <= v) x++;
  return x;
}

test(`v_rcp_f16 and v_sqrt_f16 are correctly rounded on ${F16_SCOPE}; the document examples hold`, () => {
  for (const m of [MODES[0], MODES[1], MODES[2], MODES[4], MODES[8]]) {
    const md = mode16(m.mode);
    sweep(
      'v_rcp_f16',
      HALF_OPS.v_rcp_f16,
      F16_INPUTS,
      ALL16,
      ([b]) => {
        if (isNan(b)) return nan16(b, m);
        const d = inp(b, H, md.flushIn);
        if (typeof d === 'string') return fin16({ n: 0n, e: 0, neg: d === '-inf' }, m);
        if (d.n === 0n) return fin16(d.neg ? '-inf' : 'inf', m);
        const a = d.n < 0n ? -d.n : d.n;
        return quot(1n, a, -d.e, d.n < 0n, m);
      },
      m,
    );
    sweep(
      'v_sqrt_f16',
      HALF_OPS.v_sqrt_f16,
      F16_INPUTS,
      ALL16,
      ([b]) => {
        if (isNan(b)) return nan16(b, m);
        const d = inp(b, H, md.flushIn);
        if (d === 'inf') return fin16('inf', m);
        if (d === '-inf' || (typeof d !== 'string' && d.n < 0n)) return nan16(0xfe00, m);
        const dd = d as Dy;
        if (dd.n === 0n) return fin16(dd, m);
        // sqrt(n * 2^e) with e made even and 2K extra bits
        let n = dd.n;
        let e = dd.e;
        if (e & 1) {
          n <<= 1n;
          e -= 1;
        }
        const sc = n << 80n;
        const s = isqrt(sc);
        const sticky = s * s !== sc;
        let r = round({ n: s, e: e / 2 - 40, neg: false }, H, md.rm, md.flushOut, sticky);
        if (m.clamp) r = r > 0x3c00 ? 0x3c00 : r;
        return r;
      },
      m,
    );
  }
  const ex: [string, number, number][] = [
    ['v_rcp_f16', 0xfc00, 0x8000],
    ['v_rcp_f16', 0xc000, 0xb800],
    ['v_rcp_f16', 0x8000, 0xfc00],
    ['v_rcp_f16', 0x0000, 0x7c00],
    ['v_rcp_f16', 0x7c00, 0x0000],
    ['v_sqrt_f16', 0xfc00, 0xfe00],
    ['v_sqrt_f16', 0x8000, 0x8000],
    ['v_sqrt_f16', 0x4400, 0x4000],
    ['v_sqrt_f16', 0x7c00, 0x7c00],
    ['v_rsq_f16', 0xfc00, 0xfe00],
    ['v_rsq_f16', 0x8000, 0xfc00],
    ['v_rsq_f16', 0x0000, 0x7c00],
    ['v_rsq_f16', 0x4400, 0x3800],
    ['v_rsq_f16', 0x7c00, 0x0000],
    ['v_log_f16', 0xfc00, 0xfe00],
    ['v_log_f16', 0xbc00, 0xfe00],
    ['v_log_f16', 0x8000, 0xfc00],
    ['v_log_f16', 0x0000, 0xfc00],
    ['v_log_f16', 0x3c00, 0x0000],
    ['v_log_f16', 0x7c00, 0x7c00],
    ['v_exp_f16', 0xfc00, 0x0000],
    ['v_exp_f16', 0x8000, 0x3c00],
    ['v_exp_f16', 0x7c00, 0x7c00],
    ['v_sin_f16', 0xfc00, 0xfe00],
    ['v_sin_f16', 0xfbff, 0x0000],
    ['v_sin_f16', 0x8000, 0x8000],
    ['v_sin_f16', 0x3400, 0x3c00],
    ['v_sin_f16', 0x7bff, 0x0000],
    ['v_sin_f16', 0x7c00, 0xfe00],
    ['v_cos_f16', 0xfc00, 0xfe00],
    ['v_cos_f16', 0xfbff, 0x3c00],
    ['v_cos_f16', 0x8000, 0x3c00],
    ['v_cos_f16', 0x3400, 0x0000],
    ['v_cos_f16', 0x7bff, 0x3c00],
    ['v_cos_f16', 0x7c00, 0xfe00],
  ];
  for (const [n, a, r] of ex)
    sweep(
      `${n}(${a.toString(16)})`,
      HALF_OPS[n],
      64,
      () => [a],
      () => r,
    );
});

/** f16 bits -> ordinal on a monotone integer line (for ulp distances). */
const ord = (b: number) => (b & 0x8000 ? -(b & 0x7fff) : b & 0x7fff);

test(`v_rsq/log/exp/sin/cos_f16 are within 1 ulp of a high-precision reference on ${F16_SCOPE}`, () => {
  const refs: Record<string, (v: number) => number> = {
    v_rsq_f16: (v) => (v === 0 ? 1 / v : v < 0 ? NaN : v ** -0.5),
    v_log_f16: (v) => Math.log(v) / Math.LN2,
    v_exp_f16: (v) => Math.exp(v * Math.LN2),
    v_sin_f16: (v) => Math.sin((v % 1) * 2 * Math.PI),
    v_cos_f16: (v) => Math.cos((v % 1) * 2 * Math.PI),
  };
  for (const [name, f] of Object.entries(refs)) {
    L.mode = MODE_DEF;
    L.clamp = false;
    L.omod = 0;
    for (let base = 0; base < F16_INPUTS; base += 64) {
      for (let l = 0; l < 64; l++) L.u0[l] = ALL16(base + l)[0];
      HALF_OPS[name](L);
      for (let l = 0; l < 64; l++) {
        const b = L.u0[l];
        const got = L.du[l];
        if (isNan(b)) {
          assert.equal(got, qn(b), `${name}(${b.toString(16)})`);
          continue;
        }
        const want = f(F(b));
        if (Number.isNaN(want)) {
          assert.equal(got, 0xfe00, `${name}(${b.toString(16)}) NaN`);
          continue;
        }
        // nearest f16 by the independent rounder, from the double
        const wb =
          want === 0
            ? Object.is(want, -0)
              ? 0x8000
              : 0
            : Number.isFinite(want)
              ? round(dyOf(want), H, 0)
              : want > 0
                ? 0x7c00
                : 0xfc00;
        const tol = Math.abs(want) < 2 ** -20 && (name === 'v_sin_f16' || name === 'v_cos_f16') ? 2 : 1;
        assert.ok(
          Math.abs(ord(got) - ord(wb)) <= tol,
          `${name}(${b.toString(16)}): got ${got.toString(16)} want ~${wb.toString(16)}`,
        );
      }
    }
  }
});

function dyOf(v: number): Dy {
  // exact dyadic of a double
  let e = 0;
  let x = Math.abs(v);
  while (x !== Math.floor(x)) {
    x *= 2;
    e--;
  }
  return { n: BigInt(v < 0 ? -x : x), e, neg: v < 0 };
}

// ---- div_fixup ---------------------------------------------------------------------------------------------

test('v_div_fixup_f16 applies the special cases of the pseudo-code', () => {
  const ref = (q: number, d: number, n: number) => {
    const sign = (d ^ n) & 0x8000;
    const ad = d & 0x7fff;
    const an = n & 0x7fff;
    if (isNan(n)) return qn(n);
    if (isNan(d)) return qn(d);
    if (ad === 0 && an === 0) return 0xfe00;
    if (ad === 0x7c00 && an === 0x7c00) return 0xfe00;
    if (ad === 0 || an === 0x7c00) return sign | 0x7c00;
    if (ad === 0x7c00 || an === 0) return sign;
    return sign | (q & 0x7fff);
  };
  for (const name of ['v_div_fixup_f16', 'v_div_fixup_legacy_f16'])
    sweep(
      name,
      HALF_OPS[name],
      6400,
      () => [r16() & 0x7bff, r16(), r16()],
      ([q, d, n]) => ref(q, d, n),
    );
  sweep(
    'fixup 1/0',
    HALF_OPS.v_div_fixup_f16,
    64,
    () => [0x3c00, 0x8000, 0x3c00],
    () => 0xfc00,
  );
});

// ---- mix and dot ------------------------------------------------------------------------------------------------

/** A mix source as a V from raw bits and modifiers. */
function mixSrc(
  raw: number,
  k: number,
  sel: number,
  selHi: number,
  neg: number,
  negHi: number,
  m: M,
): V | number {
  const md = mode16(m.mode);
  if ((selHi >> k) & 1) {
    let h = (sel >> k) & 1 ? raw >>> 16 : raw & 0xffff;
    if ((negHi >> k) & 1) h &= 0x7fff;
    if ((neg >> k) & 1) h ^= 0x8000;
    if (isNan(h)) return (((h & 0x8000) << 16) | 0x7fc00000 | ((h & 0x3ff) << 13)) >>> 0;
    return inp(h, H, md.flushIn);
  }
  let b = raw;
  if ((negHi >> k) & 1) b &= 0x7fffffff;
  if ((neg >> k) & 1) b ^= 0x80000000;
  b >>>= 0;
  if ((b & 0x7fffffff) > 0x7f800000) return (b | 0x400000) >>> 0;
  return inp(b, S, ((m.mode >>> 4) & 1) === 0);
}

function clamp32(r: number, m: M): number {
  if (!m.clamp) return r;
  return r & 0x80000000 ? (r === 0x80000000 ? r : 0) : r > 0x3f800000 ? 0x3f800000 : r;
}
function f32ToF16Bits(b: number, m: M): number {
  const d = decode(b, S);
  return fin16(d as Dy | 'inf' | '-inf', m);
}

function mixRef(s: number[], mod: number[], fused: boolean, out: number, m: M): number {
  const [sel, selHi, neg, negHi] = mod;
  let mm = m;
  if (!fused) mm = { ...m, mode: m.mode & ~(3 << 4) };
  const v = s.map((raw, k) => mixSrc(raw, k, sel, selHi, neg, negHi, mm));
  const rm32 = m.mode & 3;
  const flush32 = ((mm.mode >>> 5) & 1) === 0;
  const dx = mode16(m.mode).dx10;
  const nanOut = (b32: number) => {
    if (m.clamp && dx) return 0;
    return out === 0 ? b32 : ((b32 >>> 16) & 0x8000) | 0x7e00 | ((b32 >>> 13) & 0x1ff);
  };
  for (const x of v) if (typeof x === 'number') return nanOut(x);
  let p = vMul(v[0] as V, v[1] as V);
  if (p === 'nan') return nanOut(0xffc00000);
  if (!fused && typeof p !== 'string') {
    const pb = round(p, S, rm32, true);
    p = decode(pb, S) as V;
  }
  const r = vAdd(p, v[2] as V, rm32);
  if (r === 'nan') return nanOut(0xffc00000);
  const r32 = typeof r === 'string' ? (r === 'inf' ? 0x7f800000 : 0xff800000) : round(r, S, rm32, flush32);
  if (out === 0) return clamp32(r32 >>> 0, m);
  return f32ToF16Bits(r32 >>> 0, m);
}

test('mix ops: source selection and modifiers, fused vs unfused, f16 results from the f32 result', () => {
  const ms: M[] = [
    MODES[0],
    MODES[1],
    MODES[4],
    { mode: MODE_DEF | 3 },
    { mode: MODE_DEF | 2 },
    { mode: MODE_DEF, clamp: true },
    { mode: 0x300 },
  ];
  const names: [string, boolean, number][] = [
    ['v_fma_mix_f32', true, 0],
    ['v_fma_mixlo_f16', true, 1],
    ['v_fma_mixhi_f16', true, 2],
    ['v_mad_mix_f32', false, 0],
    ['v_mad_mixlo_f16', false, 1],
    ['v_mad_mixhi_f16', false, 2],
  ];
  const raw = () => ((rnd() & 3) === 0 ? f32gen() : (r16() | (r16() << 16)) >>> 0);
  for (const [name, fused, out] of names) {
    for (const m of ms) {
      for (let it = 0; it < 24; it++) {
        const mod = [rnd() & 7, rnd() & 7, rnd() & 7, rnd() & 7];
        sweep(
          name,
          HALF_OPS[name],
          64,
          () => [raw(), raw(), raw()],
          (s) => mixRef(s, mod, fused, out, m),
          m,
          (x) => {
            x.opSel = mod[0];
            x.opSelHi = mod[1];
            x.neg = mod[2];
            x.negHi = mod[3];
          },
        );
      }
    }
  }
  // fused vs unfused: (1+2^-23)^2 - 1 as f32 sources
  const set0 = (x: Lanes) => {
    x.opSel = 0;
    x.opSelHi = 0;
    x.neg = 0;
    x.negHi = 0;
  };
  sweep(
    'fma_mix fused',
    HALF_OPS.v_fma_mix_f32,
    64,
    () => [0x3f800800, 0x3f800800, 0xbf800000],
    () => 0x3a000400,
    { mode: MODE_DEF },
    set0,
  );
  sweep(
    'mad_mix unfused',
    HALF_OPS.v_mad_mix_f32,
    64,
    () => [0x3f800800, 0x3f800800, 0xbf800000],
    () => 0x3a000000,
    { mode: MODE_DEF },
    set0,
  );
});

test('v_dot2_f32_f16 / v_dot2c_f32_f16: exact sum rounded once to f32', () => {
  const ref = (s: number[], m: M, negC: boolean, absC: boolean) => {
    const md = mode16(m.mode);
    const hs = [s[0] & 0xffff, s[1] & 0xffff, s[0] >>> 16, s[1] >>> 16];
    let c = s[2];
    if (absC) c &= 0x7fffffff;
    if (negC) c ^= 0x80000000;
    c >>>= 0;
    const dx = m.clamp && md.dx10;
    for (const h of hs)
      if (isNan(h)) return dx ? 0 : (((h & 0x8000) << 16) | 0x7fc00000 | ((h & 0x3ff) << 13)) >>> 0;
    if ((c & 0x7fffffff) > 0x7f800000) return dx ? 0 : (c | 0x400000) >>> 0;
    const v = hs.map((h) => inp(h, H, md.flushIn));
    const cv = inp(c, S, ((m.mode >>> 4) & 1) === 0);
    const rm32 = m.mode & 3;
    const r = vAdd(vAdd(vMul(v[0], v[1]), vMul(v[2], v[3]), rm32), cv, rm32);
    if (r === 'nan') return dx ? 0 : 0xffc00000;
    const r32 =
      typeof r === 'string'
        ? r === 'inf'
          ? 0x7f800000
          : 0xff800000
        : round(r, S, rm32, ((m.mode >>> 5) & 1) === 0);
    return clamp32(r32 >>> 0, m);
  };
  const gen = () => [
    (r16() | (r16() << 16)) >>> 0,
    (r16() | (r16() << 16)) >>> 0,
    (rnd() & 1) === 0 ? f32gen() : (rnd() & 0x8fffffff) >>> 0,
  ];
  for (const m of [
    MODES[0],
    { mode: MODE_DEF | 3 },
    { mode: MODE_DEF | 1 },
    { mode: MODE_DEF | 2 },
    { mode: 0 },
    { mode: MODE_DEF, clamp: true },
  ]) {
    for (let it = 0; it < 20; it++) {
      const neg = rnd() & 7;
      const negHi = rnd() & 7;
      sweep(
        'v_dot2_f32_f16',
        HALF_OPS.v_dot2_f32_f16,
        64,
        gen,
        (s) => ref(s, m, (neg & 4) !== 0, (negHi & 4) !== 0),
        m,
        (x) => {
          x.neg = neg;
          x.negHi = negHi;
        },
      );
      sweep(
        'v_dot2c_f32_f16',
        HALF_OPS.v_dot2c_f32_f16,
        64,
        gen,
        (s) => ref(s, m, false, false),
        m,
        (x) => {
          x.neg = 4; // stale VOP3P state must not matter for the VOP2 form
          x.negHi = 4;
        },
      );
    }
  }
  // p0 + p1 cancels exactly, c tiny: a sum through f64 products only would lose nothing; (1+2^-10)^2 + -(1) + 2^-30
  sweep(
    'dot2 cancel',
    HALF_OPS.v_dot2_f32_f16,
    64,
    () => [0x3c003c01, 0xbc003c01, 0x30800000],
    () => 0x3b001004,
    { mode: MODE_DEF },
    (x) => {
      x.neg = 0;
      x.negHi = 0;
    },
  );
});

// ---- end to end through the decoder and executor -------------------------------------------------------

test('assembly: op_sel, SDWA and VOP3P op_sel_hi on f16 ops, mix modifiers', () => {
  const r = runWave(
    [
      'v_fma_f16 v3, v1, v2, v2 op_sel:[1,0,1,1]',
      'v_mul_f16_sdwa v4, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0',
      'v_pk_add_f16 v5, v1, v2 op_sel:[0,1] op_sel_hi:[1,0]',
      'v_fma_mix_f32 v6, v1, -v2, v7 op_sel:[1,0,0] op_sel_hi:[1,1,0]',
      'v_fma_mixlo_f16 v8, v1, v2, v7 op_sel_hi:[1,1,0]',
      'v_cmp_lt_f16 vcc, v1, v2',
      'v_cndmask_b32 v9, 0, 1, vcc',
      'v_mad_f16 v10, v1, v2, v2 op_sel:[0,0,0,1]',
    ].join('\n'),
    (w) => {
      setV(w, 1, (l) => (0x4000 << 16) | (0x3c00 + l)); // hi 2.0, lo 1.0 + l ulp
      setV(w, 2, () => (0x4200 << 16) | 0x3800); // hi 3.0, lo 0.5
      setV(w, 4, () => 0x1234abcd);
      setV(w, 7, () => 0x3f800000); // 1.0f
      setV(w, 8, () => 0xaaaa5555);
      setV(w, 10, () => 0x0000beef);
    },
    { target: 'gfx908' },
  );
  const w = r.wave;
  for (const l of [0, 17, 63]) {
    const lo = F(0x3c00 + l);
    // op_sel [1,0,1,1]: src0 hi (2.0) * src1 lo (0.5) + src2 hi (3.0) into the high half, low half kept
    assert.equal(vreg(w, 3, l), 0x44000000, 'v_fma_f16 op_sel');
    // SDWA: 2.0 * 0.5 = 1.0 into WORD_1, WORD_0 preserved
    assert.equal(vreg(w, 4, l), (0x3c00 << 16) | 0xabcd);
    // pk: lo = v1.lo + v2.hi, hi = v1.hi + v2.lo (op_sel_hi[1] = 0)
    const loSum = round(dyOf(lo + 3), H, 0);
    assert.equal(vreg(w, 5, l), ((0x4100 << 16) | loSum) >>> 0);
    // fma_mix: 2.0 * -(0.5) + 1.0f = 0
    assert.equal(vreg(w, 6, l), 0);
    // fma_mixlo: lo * 0.5 + 1 into the low half, high half kept
    const mixlo = round(dyOf(lo * 0.5 + 1), H, 0);
    assert.equal(vreg(w, 8, l), ((0xaaaa << 16) | mixlo) >>> 0);
    assert.equal(vreg(w, 9, l), lo < 0.5 ? 1 : 0);
    // v_mad_f16 op_sel[3]: result (lo * 0.5 + 0.5) in the high half, low half kept
    assert.equal(vreg(w, 10, l), ((round(dyOf(lo * 0.5 + 0.5), H, 0) << 16) | 0xbeef) >>> 0);
  }
  // Tied accumulators and K literals: mac/madmk/madak, pk_fmac and dot2c (VOP2, gfx908).
  const r3 = runWave(
    [
      'v_mac_f16 v3, v1, v2',
      'v_madmk_f16 v4, v1, 0x4000, v2',
      'v_madak_f16 v5, v1, v2, 0x4400',
      'v_pk_fmac_f16 v6, v1, v2',
      'v_dot2c_f32_f16 v7, v1, v2',
      'v_cvt_f16_f32_sdwa v8, v9 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE',
    ].join('\n'),
    (w3) => {
      setV(w3, 1, () => 0x40003e00); // hi 2.0, lo 1.5
      setV(w3, 2, () => 0x42003800); // hi 3.0, lo 0.5
      setV(w3, 3, () => 0xffff3c00); // accumulator 1.0 (high half ignored on read)
      setV(w3, 6, () => 0x3c004000); // hi 1.0, lo 2.0
      setV(w3, 7, () => 0x3f800000); // 1.0f
      setV(w3, 8, () => 0x00001234);
      setV(w3, 9, () => 0x40490fdb); // pi as f32
    },
  );
  const w3 = r3.wave;
  assert.equal(vreg(w3, 3, 9) & 0xffff, 0x3f00); // 1.5 * 0.5 + 1 = 1.75
  assert.equal(vreg(w3, 4, 9), 0x4300); // 1.5 * 2 + 0.5 = 3.5
  assert.equal(vreg(w3, 5, 9), 0x44c0); // 1.5 * 0.5 + 4 = 4.75
  assert.equal(vreg(w3, 6, 9), 0x47004180); // hi 2*3+1 = 7, lo 1.5*0.5+2 = 2.75
  assert.equal(vreg(w3, 7, 9), 0x40f80000); // 1.5*0.5 + 2*3 + 1 = 7.75
  assert.equal(vreg(w3, 8, 9), 0x42481234); // pi -> f16 0x4248 in the high word
  // gfx900 mad_mix runs too
  const r2 = runWave(
    'v_mad_mix_f32 v3, v1, v2, v2 op_sel_hi:[1,1,1]',
    (w2) => {
      setV(w2, 1, () => 0x4000);
      setV(w2, 2, () => 0x3c00);
    },
    { target: 'gfx900' },
  );
  assert.equal(vreg(r2.wave, 3, 5), 0x40400000);
});

test('mix ops: an inline constant is the f16 constant for a source op_sel_hi marks f16, else the f32 one', () => {
  // 2.0 (f16 0x4000) * 1.0 + 0.5 = 2.5 whether the constant is an f16 (op_sel_hi 1) or an f32 source.
  for (const [target, op] of [
    ['gfx900', 'v_mad_mix_f32'],
    ['gfx908', 'v_fma_mix_f32'],
  ] as const) {
    const { wave } = runWave(
      `${op} v0, v1, 1.0, v2 op_sel_hi:[1,1,0]
       ${op} v3, v1, 1.0, v2 op_sel_hi:[1,0,0]
       ${op} v4, v1, 2.0, 0.5 op_sel_hi:[1,1,1]`,
      (w) => {
        setV(w, 1, () => 0x4000);
        setV(w, 2, () => 0x3f000000);
      },
      { target },
    );
    assert.equal(vreg(wave, 0, 7), 0x40200000, `${op} f16 constant`);
    assert.equal(vreg(wave, 3, 7), 0x40200000, `${op} f32 constant`);
    assert.equal(vreg(wave, 4, 7), 0x40900000, `${op} f16 constants 2.0 * 2.0 + 0.5`);
  }
});

test('v_fma_f16/v_mad_f16/v_div_fixup_f16: gfx8 zeroes the high half of the VGPR, gfx9 keeps it', () => {
  // LLVM GCNSubtarget::zeroesHigh16BitsOfDest (VI: zeroed; gfx9 changed these ops to preserve, op_sel).
  // clang-22's gfx803 half4 code relies on it (f16_vector: v_fma_f16 then v_or_b32 with a shifted half).
  for (const [target, keep] of [
    ['gfx803', false],
    ['gfx900', true],
  ] as const) {
    for (const [src, lo] of [
      ['v_fma_f16 v3, v10, v3, -1.0', 0xbb80],
      ['v_mad_f16 v3, v10, v3, -1.0', 0xbb80],
      ['v_div_fixup_f16 v3, v10, v3, v3', 0x3c00],
    ] as const) {
      const { wave: w } = runWave(
        src,
        (w) => {
          setV(w, 3, () => 0x4d002c00); // low half 0.0625
          setV(w, 10, () => 0x12343c00); // low half 1.0
        },
        { target },
      );
      assert.equal(vreg(w, 3, 0), keep ? (0x4d000000 | lo) >>> 0 : lo, `${target} ${src}`);
    }
  }
});
