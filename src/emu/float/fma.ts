// Correctly rounded (round-to-nearest-even, single rounding) fused multiply-add for f32 and f64
// values held in JS numbers.

const buf = new ArrayBuffer(8);
const f64 = new Float64Array(buf);
const u32 = new Uint32Array(buf);
const HI = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

/**
 * Replaces the round-to-nearest sum s of a two-term exact value s + err by its round-to-odd
 * counterpart: if inexact and s has an even last bit, step one ulp toward err. Rounding a
 * round-to-odd value with >= 2 extra bits again to nearest equals a single nearest rounding.
 */
function toOdd(s: number, err: number): number {
  if (err === 0) return s;
  f64[0] = s;
  const lo = u32[LO]!;
  if ((lo & 1) !== 0) return s;
  if (err > 0 === s > 0) {
    u32[LO] = lo | 1;
  } else if (lo === 0) {
    u32[LO] = 0xffffffff;
    u32[HI] = u32[HI]! - 1;
  } else {
    u32[LO] = lo - 1;
  }
  return f64[0]!;
}

/** fma for f32 operands: the product is exact in a double, leaving one sum to round to odd. */
export function fmaF32(a: number, b: number, c: number): number {
  const p = a * b;
  const s = p + c;
  // Non-finite sums only arise from non-finite inputs (f32 products cannot overflow a double), and a
  // zero sum is exact with the IEEE sign already applied.
  if (s === 0 || !Number.isFinite(s)) return Math.fround(s);
  const bb = s - p;
  const err = p - (s - bb) + (c - bb);
  const r = Math.fround(s);
  if (err === 0) return r;
  // Rounding s (the double nearest p + c) to f32 gives the f32 nearest p + c unless s is a tie between
  // two f32 values: an f32 midpoint is a double, so none lies strictly between s and p + c. s is a tie
  // when r + 2(s - r) (exact then) is the other f32 neighbour; otherwise that sum is no f32 at all.
  // An overflowing r is left to the round-to-odd path (s at the overflow threshold is a tie too).
  if (r !== Number.POSITIVE_INFINITY && r !== Number.NEGATIVE_INFINITY) {
    const n = r + 2 * (s - r);
    if (n === r || Math.fround(n) !== n) return r;
  }
  return Math.fround(toOdd(s, err));
}

function pow2(k: number): number {
  u32[LO] = 0;
  u32[HI] = (k + 1023) << 20;
  return f64[0]!;
}

const P1023 = 2 ** 1023;
const PM1022 = 2 ** -1022;

/** x * 2^k, exact whenever the result is a normal double (intermediates move monotonically). */
function ldexp(x: number, k: number): number {
  while (k > 1023) {
    x *= P1023;
    k -= 1023;
  }
  while (k < -1022) {
    x *= PM1022;
    k += 1022;
  }
  return x * pow2(k);
}

/** floor(log2|x|) for finite nonzero x, subnormals included. */
function ilogb(x: number): number {
  f64[0] = x;
  const be = (u32[HI]! >>> 20) & 0x7ff;
  if (be !== 0) return be - 1023;
  f64[0] = x * 2 ** 64;
  return ((u32[HI]! >>> 20) & 0x7ff) - 1023 - 64;
}

const SPLIT = 134217729; // 2^27 + 1, Veltkamp splitter for 53-bit significands

/**
 * fma for f64 operands. Operands are scaled by powers of two so that a, b lie in [1, 2) and c sits
 * within a bounded distance of the product; there the Boldo-Melquiond emulation
 * RN(th + RO(tl + ul)) (TwoProduct a*b = uh + ul, TwoSum c + uh = th + tl) is proven exact-then-
 * single-rounded because nothing can underflow or overflow. Scaling back is exact unless the result
 * is subnormal: there the final rounding happens at a fixed 2^-1074 quantum that a 53-bit round-to-odd
 * intermediate cannot always serve (a [2^-1023, 2^-1022) result has 52 bits, round-to-odd needs 53 >=
 * 52 + 2), so those rare results are recomputed exactly with BigInt.
 */
export function fmaF64(a: number, b: number, c: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a * b + c;
  // A finite product plus an infinity is that infinity even when a*b itself would overflow.
  if (!Number.isFinite(c)) return c;
  if (a === 0 || b === 0) return a * b + c;
  // A correctly rounded a*b (even if it underflows to a signed zero) is the answer; adding c = +0
  // would wrongly turn -0 into +0.
  if (c === 0) return a * b;
  const ea = ilogb(a);
  const eb = ilogb(b);
  const ec = ilogb(c);
  const ep = ea + eb;
  // |a*b| < 2^(ep+2) is below a quarter ulp of c (even one binade down), so c is the rounded sum.
  if (ec - ep > 60) return c;
  const as = ldexp(a, -ea);
  const bs = ldexp(b, -eb);
  // When c is far below the product's last bit it only acts as a sticky bit; any same-signed value
  // that far down rounds identically, and a fixed one keeps the scaled value normal.
  const cs = ep - ec > 120 ? (c > 0 ? 2 ** -120 : -(2 ** -120)) : ldexp(c, -ep);

  const uh = as * bs;
  let t = SPLIT * as;
  const ah = t - (t - as);
  const al = as - ah;
  t = SPLIT * bs;
  const bh = t - (t - bs);
  const bl = bs - bh;
  const ul = ah * bh - uh + ah * bl + al * bh + al * bl;

  const th = cs + uh;
  let bb = th - cs;
  const tl = cs - (th - bb) + (uh - bb);

  const v = tl + ul;
  bb = v - tl;
  const ve = tl - (v - bb) + (ul - bb);
  const r = th + toOdd(v, ve);
  if (r === 0) return r;
  if (ilogb(r) + ep <= -1022) return fmaExactSubnormal(a, b, c);
  return ldexp(r, ep);
}

/** Signed integer significand and exponent with x = m * 2^e exactly (x finite and nonzero). */
function decompose(x: number): { m: bigint; e: number } {
  f64[0] = x;
  const hi = u32[HI]!;
  const be = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(u32[LO]!);
  if (be !== 0) m |= 1n << 52n;
  return { m: hi >>> 31 ? -m : m, e: (be === 0 ? 1 : be) - 1075 };
}

/** Exact a*b + c rounded to nearest-even at the subnormal quantum 2^-1074 (|result| < 2^-1021). */
function fmaExactSubnormal(a: number, b: number, c: number): number {
  const da = decompose(a);
  const db = decompose(b);
  const dc = decompose(c);
  const pe = da.e + db.e;
  const e0 = Math.min(pe, dc.e);
  const n = ((da.m * db.m) << BigInt(pe - e0)) + (dc.m << BigInt(dc.e - e0));
  const neg = n < 0n;
  const mag = neg ? -n : n;
  const shift = -1074 - e0;
  let q: bigint;
  if (shift <= 0) {
    q = mag << BigInt(-shift);
  } else {
    const s = BigInt(shift);
    q = mag >> s;
    const rem = mag - (q << s);
    const half = 1n << (s - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  const r = Number(q) * 2 ** -52 * 2 ** -1022;
  return neg ? -r : r;
}
