// Host reference helpers for float cases: rounding to integers, exact fmod, and erf in double-double
// arithmetic (JavaScript has no erf).

import { F32, F64, type Format, roundDyadic, roundTo, toDyadic } from './harness.js';

/** Round half to even to an integer, keeping the sign of zero. */
export function rintRef(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  let r = d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1;
  if (r === 0) r = x < 0 || Object.is(x, -0) ? -0 : 0;
  return r;
}

/** Round half away from zero, keeping the sign of zero. */
export function roundRef(x: number): number {
  if (!Number.isFinite(x)) return x;
  const a = Math.floor(Math.abs(x) + 0.5);
  const r = Math.abs(x) >= 2 ** 52 ? Math.abs(x) : a;
  return x < 0 || Object.is(x, -0) ? -r : r;
}

export type IntRounding = 'rte' | 'rtz' | 'rtp' | 'rtn';

/**
 * Float to integer in a rounding mode, saturated to [lo, hi] (OpenCL's _sat conversions). The OpenCL
 * spec maps NaN to 0; the ROCm device library clamps with fmax/fmin first (opencl.bc:
 * `fptosi(min(max(x, lo), hi))`), so NaN becomes `lo` on AMD GPUs: the reference follows the library.
 */
export function toIntSat(x: number, mode: IntRounding, lo: bigint, hi: bigint): bigint {
  if (Number.isNaN(x)) return lo;
  if (x === Number.POSITIVE_INFINITY) return hi;
  if (x === Number.NEGATIVE_INFINITY) return lo;
  const r =
    mode === 'rte'
      ? rintRef(x)
      : mode === 'rtz'
        ? Math.trunc(x)
        : mode === 'rtp'
          ? Math.ceil(x)
          : Math.floor(x);
  const b = BigInt(r);
  return b < lo ? lo : b > hi ? hi : b;
}

/** fmod(x, y) exactly (the result is always representable). */
export function fmodRef(x: number, y: number, fmt: Format): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || y === 0) return Number.NaN;
  if (!Number.isFinite(y)) return x;
  if (x === 0) return x;
  const [mx, ex] = toDyadic(x);
  const [my, ey] = toDyadic(y);
  const e = Math.min(ex, ey);
  const X = (mx < 0n ? -mx : mx) << BigInt(ex - e);
  const Y = (my < 0n ? -my : my) << BigInt(ey - e);
  const r = X % Y;
  if (r === 0n) return x < 0 ? -0 : 0;
  return roundDyadic(x < 0 ? -r : r, e, fmt);
}

/** fdim: x - y when x > y, +0 otherwise, NaN if either is NaN; rounded to the format. */
export function fdimRef(x: number, y: number, fmt: Format): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  return x > y ? roundTo(x - y, fmt) : 0;
}

/** frexp: [mantissa in [0.5, 1), exponent]; zero gives [x, 0]. */
export function frexpRef(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.floor(Math.log2(Math.abs(x))) + 1;
  let m = x / 2 ** e;
  while (Math.abs(m) >= 1) {
    e++;
    m = x / 2 ** e;
  }
  while (Math.abs(m) < 0.5) {
    e--;
    m = x / 2 ** e;
  }
  return [m, e];
}

// ---------------------------------------------------------------------------------------------------
// Double-double arithmetic, enough for a Taylor series of erf.

type DD = [number, number];

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function split(a: number): DD {
  const c = 134217729 * a; // 2^27 + 1
  const hi = c - (c - a);
  return [hi, a - hi];
}

function twoProd(a: number, b: number): DD {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function ddAdd(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  return twoSum(s, e + a[1] + b[1]);
}

function ddMul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return twoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}

function ddDivNum(a: DD, n: number): DD {
  const q1 = a[0] / n;
  const [p, pe] = twoProd(q1, n);
  const r = a[0] - p - pe + a[1];
  return twoSum(q1, r / n);
}

const PI_DD: DD = [Math.PI, 1.2246467991473532e-16];

function twoOverSqrtPi(): DD {
  const s = Math.sqrt(PI_DD[0]);
  const [p, pe] = twoProd(s, s);
  const corr = (PI_DD[0] - p - pe + PI_DD[1]) / (2 * s);
  const sq = twoSum(s, corr);
  const q1 = 2 / sq[0];
  const [m, me] = twoProd(q1, sq[0]);
  const r = 2 - m - me - q1 * sq[1];
  return twoSum(q1, r / sq[0]);
}

const TWO_OVER_SQRT_PI = twoOverSqrtPi();

/** erf(x) to about 1e-25 relative accuracy for |x| <= 4, returned as the nearest double. */
export function erfRef(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === 0) return x;
  if (Math.abs(x) > 5.9) return Math.sign(x);
  const x2 = twoProd(-x, x);
  let term: DD = [x, 0];
  let sum: DD = [x, 0];
  for (let n = 1; n < 200; n++) {
    term = ddDivNum(ddMul(term, x2), n);
    const t = ddDivNum(term, 2 * n + 1);
    sum = ddAdd(sum, t);
    if (Math.abs(t[0]) < 1e-40 * Math.abs(sum[0])) break;
  }
  const r = ddMul(TWO_OVER_SQRT_PI, sum);
  return r[0] + r[1];
}

/** The value of a float in f32 (the argument a kernel computes before calling a function). */
export const f32r = (v: number) => roundTo(v, F32);
export const f64r = (v: number) => roundTo(v, F64);

// ---------------------------------------------------------------------------------------------------
// gfx6 has no v_floor_f64 or v_ceil_f64 (they came with gfx7); clang-22 expands both, and the expansions
// differ from floor/ceil in a few inputs. These model the expansions in host double arithmetic (round to
// nearest even, as the default MODE), so that the reference says what the compiled code computes.

/** The largest double below 1: the bound LLVM puts on v_fract_f64's result (SI returned 1.0 for tiny negatives). */
const BELOW_ONE = 1 - 2 ** -53;

/**
 * floor(x) as clang-22 computes an f64 floor for gfx6 (the sequence in float_ops-gfx600-O3.hsaco and
 * conv-gfx600-O3.hsaco: v_fract_f64, v_min_f64 with 0x3fefffffffffffff, v_cmp_class_f64 passing NaN
 * through, v_add_f64 x, -that), with fract(x) = x + -floor(x) (the Vega document's V_FRACT_F64). The
 * addition rounds: for a negative x of magnitude below 2^-54 the result is -0.9999999999999999, not -1.
 */
export function gfx6Floor64(x: number): number {
  if (!Number.isFinite(x)) return Math.floor(x);
  return x + -Math.min(x + -Math.floor(x), BELOW_ONE);
}

/**
 * ceil(x) as LLVM lowers an f64 ceil for gfx6 (AMDGPUTargetLowering::LowerFCEIL): trunc(x) + (x > 0 &&
 * x != trunc(x) ? 1.0 : 0.0). Adding +0.0 to trunc's -0 gives +0, so ceil of -0 and of (-1, 0) is +0.
 */
export function gfx6Ceil64(x: number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  return t + (x > 0 && x !== t ? 1 : 0);
}

/** An f32 value with a denormal replaced by a zero of its sign (FLOAT_DENORM_MODE_32 = 0 flushes). */
export function ftz32(v: number): number {
  return v !== 0 && Math.abs(v) < 2 ** -126 ? (v < 0 ? -0 : 0) : v;
}

/**
 * rint(x) as LLVM lowers an f64 round-to-even for gfx6 (AMDGPUTargetLowering's f64 FRINT/FROUNDEVEN
 * lowering): c = copysign(2^52, x); |x| > 0x1.fffffffffffffp+51 ? x : (x + c) - c. The subtraction of
 * equal magnitudes gives +0, so rint of -0 and of [-0.5, 0) is +0.
 */
export function gfx6Rint64(x: number): number {
  if (!(Math.abs(x) <= 2 ** 52 - 0.5)) return x;
  const c = x < 0 || Object.is(x, -0) ? -(2 ** 52) : 2 ** 52;
  return x + c - c;
}
