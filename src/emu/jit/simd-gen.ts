// The translating engine's lane loops as WebAssembly SIMD, four lanes at a time: a loop of VALU ops
// (gen.ts Group) whose every op has a recipe here becomes one function over the wave's VGPRs in the
// WebAssembly memory (vregs.ts). Each group of four lanes is computed in locals and written back under
// EXEC at the group's end; a group in which an f32 op made a NaN is not written at all, and the function
// returns its index, for the JavaScript loop body to compute that group exactly (the NaN the interpreter
// picks depends on its operands' bits, which WebAssembly does not keep). Everything else is exact here:
// f32 add/sub/mul in WebAssembly round to nearest even and keep denormals, as the MODE the f32 ops are
// inlined for (valu-gen.ts inlineMode) asks; integer ops wrap; compares of NaNs are unordered.

import { FCMP_PREDICATES, ICMP_PREDICATES } from '../../isa/ops/vector-cmp.js';
import { valuSemantics } from '../semantics.js';
import type { ValuFn } from '../valu/lanes.js';
import { LANE_MASKS, MASK_OUT, MAX_MASK_OUTS } from './vregs.js';
import { FuncWriter, I32, OP, SIMD, V128 } from './wasm-bin.js';

/** A source of a SIMD op: a VGPR, a uniform SGPR (a parameter), or a constant; with neg/abs bits. */
export type SimdSrc = (
  | { readonly kind: 'v'; readonly reg: number; readonly mods: number }
  | { readonly kind: 's'; readonly sgpr: number; readonly mods: number }
  | { readonly kind: 'k'; readonly bits: number; readonly mods: number }
) & {
  /** A 64-bit source: the next register, or for a constant these high bits, is its high dword. */
  readonly wide?: boolean;
  readonly bitsHi?: number;
};

/** The high dword of a 64-bit source, as a source of its own. */
function highOf(s: SimdSrc): SimdSrc {
  if (s.kind === 'v') return { kind: 'v', reg: s.reg + 1, mods: 0 };
  if (s.kind === 's') return { kind: 's', sgpr: s.sgpr + 1, mods: 0 };
  return { kind: 'k', bits: s.bitsHi ?? 0, mods: 0 };
}

/** How an op computes its four lanes: its sources' locals in, its result on the stack. */
interface Recipe {
  /** An f32 result that may be NaN (checked, see the header). */
  readonly nan: boolean;
  /** Adds lanes to leave to the JavaScript body to the group's bail mask itself. */
  readonly bails?: boolean;
  /** Source indices that must be uniform (a shift count: WebAssembly shifts all lanes by one scalar). */
  readonly uniform?: readonly number[];
  readonly maskIn?: boolean;
  readonly maskOut?: boolean;
  /** A lane mask and no VGPR (a compare); otherwise a mask output comes after the VGPR's value. */
  readonly maskOnly?: boolean;
  /** Source k (by operand) is 64-bit: its locals are two, low then high. */
  readonly wide?: readonly number[];
  /** A 64-bit result: low dword, then high dword on the stack. */
  readonly dstWide?: boolean;
  readonly emit: (
    f: FuncWriter,
    src: readonly number[],
    scalar: (k: number) => void,
    mask: number,
    bail: number,
  ) => void;
}

const bin =
  (op: number, swap = false): Recipe['emit'] =>
  (f, s) => {
    f.get(s[swap ? 1 : 0])
      .get(s[swap ? 0 : 1])
      .simd(op);
  };

/** Shift of source `v` by uniform source `n` (then an optional op with source 2). */
const shift =
  (op: number, v: number, n: number, then = -1): Recipe['emit'] =>
  (f, s, scalar) => {
    f.get(s[v]);
    scalar(n);
    f.simd(op);
    if (then >= 0) f.get(s[2]).simd(then);
  };

const plain = (emit: Recipe['emit']): Recipe => ({ nan: false, emit });
const f32 = (op: number, swap = false): Recipe => ({ nan: true, emit: bin(op, swap) });
const cmp = (emit: Recipe['emit']): Recipe => ({ nan: false, maskOut: true, maskOnly: true, emit });

/** Lanes as 0 or 1 from a lane mask (all ones or zero). */
const ONE = 1;

/**
 * Add or subtract with carry or borrow out (and with carry-in from the op's lane mask): the value, then
 * the carry as a lane mask. `rev` swaps the sources, as the subrev ops do.
 */
function carry(sub: boolean, rev: boolean, withIn: boolean): Recipe {
  return {
    nan: false,
    maskOut: true,
    maskIn: withIn,
    emit: (f, s, _sc, m) => {
      const a = rev ? s[1] : s[0];
      const b = rev ? s[0] : s[1];
      const t = f.local(V128);
      const c1 = f.local(V128);
      // t = a +- b, with its carry (t < a) or borrow (a < b).
      f.get(a)
        .get(b)
        .simd(sub ? SIMD.i32x4Sub : SIMD.i32x4Add)
        .set(t);
      if (sub) f.get(a).get(b).simd(SIMD.i32x4LtU).set(c1);
      else f.get(t).get(a).simd(SIMD.i32x4LtU).set(c1);
      if (!withIn) {
        f.get(t).get(c1);
        return;
      }
      // The carry-in as 0 or 1; then the second carry: t + 1 wrapped to 0, or t - 1 from 0.
      const cin = f.local(V128);
      const d = f.local(V128);
      f.get(m).splatConst(ONE).simd(SIMD.and).set(cin);
      f.get(t)
        .get(cin)
        .simd(sub ? SIMD.i32x4Sub : SIMD.i32x4Add)
        .set(d);
      f.get(d);
      if (sub) f.get(t).get(cin).simd(SIMD.i32x4LtU);
      else f.get(d).get(t).simd(SIMD.i32x4LtU);
      f.get(c1).simd(SIMD.or);
    },
  };
}
const notOf =
  (e: Recipe['emit']): Recipe['emit'] =>
  (f, s, sc, m, b) => {
    e(f, s, sc, m, b);
    f.simd(SIMD.not);
  };
const constant =
  (bits: number): Recipe['emit'] =>
  (f) => {
    f.splatConst(bits);
  };

const FCMP: Record<(typeof FCMP_PREDICATES)[number], Recipe['emit']> = {
  f: constant(0),
  lt: bin(SIMD.f32x4Lt),
  eq: bin(SIMD.f32x4Eq),
  le: bin(SIMD.f32x4Le),
  gt: bin(SIMD.f32x4Gt),
  lg: (f, s) => {
    f.get(s[0]).get(s[1]).simd(SIMD.f32x4Lt).get(s[0]).get(s[1]).simd(SIMD.f32x4Gt).simd(SIMD.or);
  },
  ge: bin(SIMD.f32x4Ge),
  o: (f, s) => {
    f.get(s[0]).get(s[0]).simd(SIMD.f32x4Eq).get(s[1]).get(s[1]).simd(SIMD.f32x4Eq).simd(SIMD.and);
  },
  u: (f, s) => {
    f.get(s[0]).get(s[0]).simd(SIMD.f32x4Ne).get(s[1]).get(s[1]).simd(SIMD.f32x4Ne).simd(SIMD.or);
  },
  nge: notOf(bin(SIMD.f32x4Ge)),
  nlg: (f, s) => {
    f.get(s[0])
      .get(s[1])
      .simd(SIMD.f32x4Lt)
      .get(s[0])
      .get(s[1])
      .simd(SIMD.f32x4Gt)
      .simd(SIMD.or)
      .simd(SIMD.not);
  },
  ngt: notOf(bin(SIMD.f32x4Gt)),
  nle: notOf(bin(SIMD.f32x4Le)),
  neq: bin(SIMD.f32x4Ne),
  nlt: notOf(bin(SIMD.f32x4Lt)),
  tru: constant(-1),
};

const ICMP = (signed: boolean): Record<(typeof ICMP_PREDICATES)[number], Recipe['emit']> => ({
  f: constant(0),
  lt: bin(signed ? SIMD.i32x4LtS : SIMD.i32x4LtU),
  eq: bin(SIMD.i32x4Eq),
  le: bin(signed ? SIMD.i32x4LeS : SIMD.i32x4LeU),
  gt: bin(signed ? SIMD.i32x4GtS : SIMD.i32x4GtU),
  ne: bin(SIMD.i32x4Ne),
  ge: bin(signed ? SIMD.i32x4GeS : SIMD.i32x4GeU),
  t: constant(-1),
});

/** Little-endian bytes of two equal 64-bit lanes. */
function i64x2(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 2; k++)
    for (const w of [lo, hi]) out.push(w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24);
  return out;
}

const F64_BYTES = new Float64Array(1);
const F64_WORDS = new Uint32Array(F64_BYTES.buffer);
function f64x2(x: number): number[] {
  F64_BYTES[0] = x;
  return i64x2(F64_WORDS[0], F64_WORDS[1]);
}

/** Byte lanes: the high two f32 of a vector as its low two. */
const HIGH_HALF = [8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15];
/** Byte lanes: the low 8 bytes of each of two vectors. */
const LOW_HALVES = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];
/** Byte lanes: the low dword of each 64-bit lane of two vectors, as four 32-bit lanes. */
const LOW_DWORDS = [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27];

/**
 * f32 fused multiply-add through f64 of the f32x4 locals a, b, c, leaving the f32x4 result: a*b is exact
 * in f64, a*b+c is rounded once to f64 and then to f32. The two roundings give the correctly rounded f32
 * unless the f64 sum lands on a midpoint between two f32 values (low 29 bits of its significand 1
 * followed by zeros: the overflow threshold is one too) or in the f32 denormal range (whose midpoints lie
 * elsewhere): those lanes are OR-ed into the i32x4 mask local `bail`, for exact code to compute.
 */
export function fmaF32x4(f: FuncWriter, a: number, b: number, c: number, bail: number): void {
  const half = [f.local(V128), f.local(V128)];
  for (const [k, h] of half.entries()) {
    for (const [j, x] of [a, b, c].entries()) {
      f.get(x);
      if (k === 1) f.get(x).shuffle(HIGH_HALF);
      f.simd(SIMD.f64x2PromoteLowF32x4);
      if (j === 1) f.simd(SIMD.f64x2Mul);
    }
    f.simd(SIMD.f64x2Add).set(h);
  }
  // The lanes to leave: midpoints, and f32 denormals (non-zero magnitudes below 2^-126).
  for (const h of half) {
    f.get(h).const16(i64x2(0x1fffffff, 0)).simd(SIMD.and).const16(i64x2(0x10000000, 0)).simd(SIMD.i64x2Eq);
    f.get(h)
      .simd(SIMD.f64x2Abs)
      .const16(f64x2(2 ** -126))
      .simd(SIMD.f64x2Lt);
    f.get(h).const16(f64x2(0)).simd(SIMD.f64x2Ne).simd(SIMD.and).simd(SIMD.or);
  }
  f.shuffle(LOW_DWORDS).get(bail).simd(SIMD.or).set(bail);
  f.get(half[0]).simd(SIMD.f32x4DemoteF64x2Zero).get(half[1]).simd(SIMD.f32x4DemoteF64x2Zero);
  f.shuffle(LOW_HALVES);
}

/** v_fma_f32 / v_fmac_f32: fmaF32x4, the JavaScript body (the interpreter's exact fmaF32) for the bail lanes. */
const fma: Recipe['emit'] = (f, s, _sc, _m, bail) => {
  fmaF32x4(f, s[0], s[1], s[2], bail);
};

/** Emits one case of a 64-bit shift: sets the locals lo and hi from the sources' locals and the count n. */
type ShiftCase = (f: FuncWriter, s: readonly number[], n: number, lo: number, hi: number) => void;

/**
 * A 64-bit shift by a uniform count (src[0] the count, src[1..2] the value's dwords): the count is known
 * only at run time when it is an SGPR, so the three cases (0, 1-31, 32-63) branch on it, as the lane
 * snippet does (valu-gen.ts shift64).
 */
const shift64 =
  (small: ShiftCase, big: ShiftCase): Recipe['emit'] =>
  (f, s, scalar) => {
    const n = f.local(I32);
    const lo = f.local(V128);
    const hi = f.local(V128);
    scalar(0);
    f.i32(63).op(OP.i32And).tee(n).op(OP.i32Eqz, OP.if, OP.void);
    f.get(s[1]).set(lo).get(s[2]).set(hi);
    f.op(OP.else).get(n).i32(32).op(OP.i32LtU, OP.if, OP.void);
    small(f, s, n, lo, hi);
    f.op(OP.else);
    big(f, s, n, lo, hi);
    f.op(OP.end, OP.end);
    f.get(lo).get(hi);
  };

/** v_lshlrev_b64: for a count 1-31 the high dword takes the low dword's high bits; from 32 on lo is 0. */
const lshl64 = shift64(
  (f, s, n, lo, hi) => {
    f.get(s[1]).get(n).simd(SIMD.i32x4Shl).set(lo);
    f.get(s[2]).get(n).simd(SIMD.i32x4Shl).get(s[1]).i32(32).get(n).op(OP.i32Sub).simd(SIMD.i32x4ShrU);
    f.simd(SIMD.or).set(hi);
  },
  (f, s, n, lo, hi) => {
    f.splatConst(0).set(lo);
    f.get(s[1]).get(n).i32(32).op(OP.i32Sub).simd(SIMD.i32x4Shl).set(hi);
  },
);

/**
 * v_lshrrev_b64 / v_ashrrev_i64: for a count 1-31 the low dword takes the high dword's low bits; from 32
 * on it is the high dword shifted, and the high dword is 0 or its sign.
 */
function shr64(signed: boolean): Recipe['emit'] {
  const shr = signed ? SIMD.i32x4ShrS : SIMD.i32x4ShrU;
  return shift64(
    (f, s, n, lo, hi) => {
      f.get(s[1]).get(n).simd(SIMD.i32x4ShrU).get(s[2]).i32(32).get(n).op(OP.i32Sub).simd(SIMD.i32x4Shl);
      f.simd(SIMD.or).set(lo);
      f.get(s[2]).get(n).simd(shr).set(hi);
    },
    (f, s, n, lo, hi) => {
      f.get(s[2]).get(n).i32(32).op(OP.i32Sub).simd(shr).set(lo);
      if (signed) f.get(s[2]).i32(31).simd(SIMD.i32x4ShrS).set(hi);
      else f.splatConst(0).set(hi);
    },
  );
}

/**
 * v_min/max_f32 (and the three-source forms): for operands that are not NaN the interpreter's min32/max32
 * order -0 below +0, as WebAssembly's f32x4.min/max do; a lane with a NaN operand (whose result depends on
 * IEEE mode and signalling bits) goes to the JavaScript body.
 */
const minmax =
  (op: number, n: 2 | 3): Recipe['emit'] =>
  (f, s, _sc, _m, bail) => {
    for (let k = 0; k < n; k++) f.get(s[k]).get(s[k]).simd(SIMD.f32x4Ne).get(bail).simd(SIMD.or).set(bail);
    f.get(s[0]).get(s[1]).simd(op);
    if (n === 3) f.get(s[2]).simd(op);
  };

/** The f32x4 local x with every denormal lane (exponent field 0) made a zero of its sign. */
function flushed(f: FuncWriter, x: number): void {
  f.get(x).splatConst(0x80000000).simd(SIMD.and).get(x);
  f.get(x).splatConst(0x7f800000).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Eq).simd(SIMD.bitselect);
}

/**
 * v_rcp_f32, v_sqrt_f32, v_rsq_f32 as the interpreter computes them (valu-gen.ts trans, whatever the
 * MODE): the source's denormals flushed, the op in f64 and its f64 result rounded to f32, a denormal
 * result flushed. f64 division and square root are correctly rounded in WebAssembly as in JavaScript,
 * and f32x4.demote rounds to nearest even as a Float32Array store does, so every lane is the
 * interpreter's; a NaN result (a NaN or, for the roots, a negative source) goes to the JavaScript body.
 */
const trans =
  (root: boolean, inverse: boolean): Recipe['emit'] =>
  (f, s) => {
    const x = f.local(V128);
    const r = f.local(V128);
    flushed(f, s[0]);
    f.set(x);
    for (let k = 0; k < 2; k++) {
      if (inverse) f.const16(f64x2(1));
      f.get(x);
      if (k === 1) f.get(x).shuffle(HIGH_HALF);
      f.simd(SIMD.f64x2PromoteLowF32x4);
      if (root) f.simd(SIMD.f64x2Sqrt);
      if (inverse) f.simd(SIMD.f64x2Div);
      f.simd(SIMD.f32x4DemoteF64x2Zero);
    }
    f.shuffle(LOW_HALVES).set(r);
    flushed(f, r);
  };

/**
 * v_cmp_class_f32: the lane's bit is set when source 1 has the bit of source 0's class (fcmp-ops.ts
 * class32: 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
 * 8 +normal, 9 +inf). WebAssembly has no per-lane shift, so each lane's class is made as its one bit.
 */
const cmpClass: Recipe['emit'] = (f, s) => {
  const x = s[0];
  const [neg, eMax, eZero, mZero, quiet] = [0, 1, 2, 3, 4].map(() => f.local(V128));
  f.get(x).splatConst(0).simd(SIMD.i32x4LtS).set(neg);
  f.get(x).splatConst(0x7f800000).simd(SIMD.and).splatConst(0x7f800000).simd(SIMD.i32x4Eq).set(eMax);
  f.get(x).splatConst(0x7f800000).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Eq).set(eZero);
  f.get(x).splatConst(0x7fffff).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Eq).set(mZero);
  f.get(x).splatConst(0x400000).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Ne).set(quiet);
  // bitselect(a, b, c): a where c is set, else b.
  const bySign = (ifNeg: number, ifPos: number) => {
    f.splatConst(1 << ifNeg)
      .splatConst(1 << ifPos)
      .get(neg)
      .simd(SIMD.bitselect);
  };
  // Infinities and NaNs; then zeros and denormals, normals; the first where the exponent is all ones.
  bySign(2, 9);
  f.splatConst(1 << 1)
    .splatConst(1 << 0)
    .get(quiet)
    .simd(SIMD.bitselect);
  f.get(mZero).simd(SIMD.bitselect);
  bySign(5, 6);
  bySign(4, 7);
  f.get(mZero).simd(SIMD.bitselect);
  bySign(3, 8);
  f.get(eZero).simd(SIMD.bitselect);
  f.get(eMax).simd(SIMD.bitselect);
  // The lane's class bit, and-ed with the class mask: set where non-zero.
  f.get(s[1]).simd(SIMD.and).splatConst(0).simd(SIMD.i32x4Ne);
};

/** Pushes the i32x4 exponent fields of the f32x4 local x. */
function exponent(f: FuncWriter, x: number): void {
  f.get(x).i32(23).simd(SIMD.i32x4ShrU).splatConst(0xff).simd(SIMD.and);
}

/** ORs the i32x4 lane mask on the stack into the bail local. */
function orBail(f: FuncWriter, bail: number): void {
  f.get(bail).simd(SIMD.or).set(bail);
}

/** ORs into the bail local the lanes where any (i32x4 local a) `cmp` k holds, k a constant. */
function bailWhere(f: FuncWriter, bail: number, tests: readonly (readonly [number, number, number])[]): void {
  for (const [a, cmp, k] of tests) {
    f.get(a).splatConst(k).simd(cmp);
    orBail(f, bail);
  }
}

/**
 * The f32 division sequence's ops, in the case that needs no scaling or fixing (f32-arith.ts, valu-gen.ts);
 * every other lane goes to the JavaScript body. v_div_scale_f32 (S0, S1 the denominator, S2 the
 * numerator) returns S0 and a clear VCC bit unless S1 is zero or denormal, S2's exponent is 23 or less
 * (S2 zero or denormal too), S2's exponent exceeds S1's by 96 or more, 1 / S1 could be an f32 denormal
 * (S1's exponent 253 or more: S1 infinite or NaN too) or S2 / S1 could be (S2's exponent 125 or more
 * below S1's): the lanes left are a superset of the cases that scale. (An infinite or NaN S2 scales
 * nothing; a NaN S0 is a NaN result, which the JavaScript body computes.)
 */
const divScale: Recipe['emit'] = (f, s, _sc, _m, bail) => {
  const e1 = f.local(V128);
  const e2 = f.local(V128);
  const d = f.local(V128);
  exponent(f, s[1]);
  f.set(e1);
  exponent(f, s[2]);
  f.set(e2);
  f.get(e2).get(e1).simd(SIMD.i32x4Sub).set(d);
  bailWhere(f, bail, [
    [e1, SIMD.i32x4Eq, 0],
    [e1, SIMD.i32x4GeS, 253],
    [e2, SIMD.i32x4LeS, 23],
    [d, SIMD.i32x4GeS, 96],
    [d, SIMD.i32x4LeS, -125],
  ]);
  f.get(s[0]).splatConst(0);
};

/** v_div_fmas_f32 without VCC: v_fma_f32; a lane whose VCC bit is set (it scales) goes to the JavaScript body. */
const divFmas: Recipe['emit'] = (f, s, _sc, m, bail) => {
  f.get(m);
  orBail(f, bail);
  fmaF32x4(f, s[0], s[1], s[2], bail);
};

/**
 * v_div_fixup_f32 (S0 the quotient, S1 the denominator, S2 the numerator): the quotient's magnitude with
 * the sign of S1 xor S2, where S1 and S2 are finite and not zero, S2's exponent is at least S1's - 150
 * and the quotient is not a NaN; the other lanes (the special cases) go to the JavaScript body.
 */
const divFixup: Recipe['emit'] = (f, s, _sc, _m, bail) => {
  const [aden, anum, q] = [0, 1, 2].map(() => f.local(V128));
  f.get(s[1]).splatConst(0x7fffffff).simd(SIMD.and).set(aden);
  f.get(s[2]).splatConst(0x7fffffff).simd(SIMD.and).set(anum);
  f.get(s[0]).splatConst(0x7fffffff).simd(SIMD.and).set(q);
  const d = f.local(V128);
  exponent(f, s[2]);
  exponent(f, s[1]);
  f.simd(SIMD.i32x4Sub).set(d);
  bailWhere(f, bail, [
    [aden, SIMD.i32x4GeS, 0x7f800000],
    [anum, SIMD.i32x4GeS, 0x7f800000],
    [aden, SIMD.i32x4Eq, 0],
    [anum, SIMD.i32x4Eq, 0],
    [q, SIMD.i32x4GtS, 0x7f800000],
    [d, SIMD.i32x4LtS, -150],
  ]);
  f.get(s[1]).get(s[2]).simd(SIMD.xor).splatConst(0x80000000).simd(SIMD.and).get(q).simd(SIMD.or);
};

/** The low 24 bits of two sources, multiplied (v_mul_u32_u24), then plus a third (v_mad_u32_u24). */
const mulU24 =
  (add: boolean): Recipe['emit'] =>
  (f, s) => {
    f.get(s[0]).splatConst(0xffffff).simd(SIMD.and).get(s[1]).splatConst(0xffffff).simd(SIMD.and);
    f.simd(SIMD.i32x4Mul);
    if (add) f.get(s[2]).simd(SIMD.i32x4Add);
  };

/**
 * v_perm_b32 with a uniform selector S2 (valu/int-vop3.ts permDword): two byte swizzles within each lane's
 * four bytes, of S1 for selector bytes 0-3 and of S0 for 4-7 (an index of 16 or more gives 0: selector
 * 12), OR-ed with 0xff for selectors 13 and above. Selectors 8-11 (the sign of a half) go to the
 * JavaScript body.
 */
const permB32: Recipe['emit'] = (f, s, _sc, _m, bail) => {
  const sel = s[2];
  const below4 = f.local(V128);
  const below8 = f.local(V128);
  f.get(sel).splatConst(0x04040404).simd(SIMD.i8x16LtU).set(below4);
  f.get(sel).splatConst(0x08080808).simd(SIMD.i8x16LtU).set(below8);
  f.get(sel).splatConst(0x0b0b0b0b).simd(SIMD.i8x16GtU).get(below8).simd(SIMD.or).simd(SIMD.not);
  f.splatConst(0).simd(SIMD.i32x4Ne);
  orBail(f, bail);
  // Byte k of lane j takes byte sel_k of the lane's pair: byte 4j + sel_k of S1, or 4j + sel_k - 4 of S0.
  const lane4 = [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12];
  f.get(s[1]);
  f.get(sel).const16(lane4).simd(SIMD.i8x16Add).splatConst(0x80808080).get(below4).simd(SIMD.bitselect);
  f.simd(SIMD.i8x16Swizzle);
  f.get(s[0]);
  f.get(sel)
    .const16(lane4.map((b) => b - 4))
    .simd(SIMD.i8x16Add)
    .splatConst(0x80808080);
  f.get(below8).get(below4).simd(SIMD.andnot).simd(SIMD.bitselect);
  f.simd(SIMD.i8x16Swizzle).simd(SIMD.or);
  f.get(sel).splatConst(0x0c0c0c0c).simd(SIMD.i8x16GtU).simd(SIMD.or);
};

const BY_NAME: Record<string, Recipe> = {
  v_mov_b32: plain((f, s) => {
    f.get(s[0]);
  }),
  v_not_b32: plain((f, s) => {
    f.get(s[0]).simd(SIMD.not);
  }),
  v_and_b32: plain(bin(SIMD.and)),
  v_or_b32: plain(bin(SIMD.or)),
  v_xor_b32: plain(bin(SIMD.xor)),
  v_lshlrev_b32: { nan: false, uniform: [0], emit: shift(SIMD.i32x4Shl, 1, 0) },
  v_lshrrev_b32: { nan: false, uniform: [0], emit: shift(SIMD.i32x4ShrU, 1, 0) },
  v_ashrrev_i32: { nan: false, uniform: [0], emit: shift(SIMD.i32x4ShrS, 1, 0) },
  v_min_u32: plain(bin(SIMD.i32x4MinU)),
  v_max_u32: plain(bin(SIMD.i32x4MaxU)),
  v_min_i32: plain(bin(SIMD.i32x4MinS)),
  v_max_i32: plain(bin(SIMD.i32x4MaxS)),
  v_add_u32: plain(bin(SIMD.i32x4Add)),
  v_sub_u32: plain(bin(SIMD.i32x4Sub)),
  v_subrev_u32: plain(bin(SIMD.i32x4Sub, true)),
  v_mul_lo_u32: plain(bin(SIMD.i32x4Mul)),
  v_add3_u32: plain((f, s) => {
    f.get(s[0]).get(s[1]).simd(SIMD.i32x4Add).get(s[2]).simd(SIMD.i32x4Add);
  }),
  v_lshl_add_u32: { nan: false, uniform: [1], emit: shift(SIMD.i32x4Shl, 0, 1, SIMD.i32x4Add) },
  v_lshl_or_b32: { nan: false, uniform: [1], emit: shift(SIMD.i32x4Shl, 0, 1, SIMD.or) },
  v_and_or_b32: plain((f, s) => {
    f.get(s[0]).get(s[1]).simd(SIMD.and).get(s[2]).simd(SIMD.or);
  }),
  v_or3_b32: plain((f, s) => {
    f.get(s[0]).get(s[1]).simd(SIMD.or).get(s[2]).simd(SIMD.or);
  }),
  v_perm_b32: { nan: false, bails: true, uniform: [2], emit: permB32 },
  v_cndmask_b32: {
    nan: false,
    maskIn: true,
    emit: (f, s, _sc, m) => {
      f.get(s[1]).get(s[0]).get(m).simd(SIMD.bitselect);
    },
  },
  v_cvt_f32_u32: plain((f, s) => {
    f.get(s[0]).simd(SIMD.f32x4ConvertI32x4U);
  }),
  v_cvt_f32_i32: plain((f, s) => {
    f.get(s[0]).simd(SIMD.f32x4ConvertI32x4S);
  }),
  // A NaN converts to 0 and out-of-range values saturate, as valu-gen.ts's satU32/satI32 of the trunc.
  v_cvt_u32_f32: plain((f, s) => {
    f.get(s[0]).simd(SIMD.i32x4TruncSatF32x4U);
  }),
  v_cvt_i32_f32: plain((f, s) => {
    f.get(s[0]).simd(SIMD.i32x4TruncSatF32x4S);
  }),
  v_add_f32: f32(SIMD.f32x4Add),
  v_sub_f32: f32(SIMD.f32x4Sub),
  v_subrev_f32: f32(SIMD.f32x4Sub, true),
  v_mul_f32: f32(SIMD.f32x4Mul),
  v_fma_f32: { nan: true, bails: true, emit: fma },
  v_min_f32: { nan: false, bails: true, emit: minmax(SIMD.f32x4Min, 2) },
  v_max_f32: { nan: false, bails: true, emit: minmax(SIMD.f32x4Max, 2) },
  v_min3_f32: { nan: false, bails: true, emit: minmax(SIMD.f32x4Min, 3) },
  v_max3_f32: { nan: false, bails: true, emit: minmax(SIMD.f32x4Max, 3) },
  v_mul_u32_u24: plain(mulU24(false)),
  v_mad_u32_u24: plain(mulU24(true)),
  v_lshlrev_b64: { nan: false, uniform: [0], wide: [1], dstWide: true, emit: lshl64 },
  v_lshrrev_b64: { nan: false, uniform: [0], wide: [1], dstWide: true, emit: shr64(false) },
  v_ashrrev_i64: { nan: false, uniform: [0], wide: [1], dstWide: true, emit: shr64(true) },
  v_add_co_u32: carry(false, false, false),
  v_sub_co_u32: carry(true, false, false),
  v_subrev_co_u32: carry(true, true, false),
  v_addc_co_u32: carry(false, false, true),
  v_subb_co_u32: carry(true, false, true),
  v_subbrev_co_u32: carry(true, true, true),
  v_fmac_f32: { nan: true, bails: true, emit: fma },
  v_cmp_class_f32: cmp(cmpClass),
  v_div_scale_f32: { nan: true, bails: true, maskOut: true, emit: divScale },
  v_div_fmas_f32: { nan: true, bails: true, maskIn: true, emit: divFmas },
  v_div_fixup_f32: { nan: false, bails: true, emit: divFixup },
  v_rcp_f32: { nan: true, emit: trans(false, true) },
  v_rcp_iflag_f32: { nan: true, emit: trans(false, true) },
  v_sqrt_f32: { nan: true, emit: trans(true, false) },
  v_rsq_f32: { nan: true, emit: trans(true, true) },
};

for (const p of FCMP_PREDICATES) BY_NAME[`v_cmp_${p}_f32`] = cmp(FCMP[p]);
for (const p of ICMP_PREDICATES) {
  BY_NAME[`v_cmp_${p}_u32`] = cmp(ICMP(false)[p]);
  BY_NAME[`v_cmp_${p}_i32`] = cmp(ICMP(true)[p]);
}

/** The SIMD recipes by the interpreter's lane math they stand for (as valu-gen.ts VALU_GENS). */
export const SIMD_RECIPES: ReadonlyMap<ValuFn, Recipe> = (() => {
  const m = new Map<ValuFn, Recipe>();
  for (const [name, r] of Object.entries(BY_NAME)) {
    const fn = valuSemantics(name);
    if (fn === undefined) throw new Error(`internal: a SIMD recipe for ${name}, which has no lane math`);
    m.set(fn, r);
  }
  return m;
})();

/** A SIMD loop's parameters: the wave's VGPR page, EXEC, the first group; then the SGPRs it reads. */
const P_VB = 0;
const P_E0 = 1;
const P_E1 = 2;
const P_G0 = 3;

/**
 * An LDS read or write of a SIMD loop (gen.ts lds, with mem-gen.ts ldsLane's rules): each of its one or
 * two elements is `dwords` dwords at the address VGPR plus its byte offset (a 32-bit sum), and each dword
 * is read as 0, or not written, unless its four bytes lie below the group's LDS size. At most one a loop,
 * as in the JavaScript loops: every lane's access then sees the LDS as it was before the loop, or lanes
 * write in lane order.
 */
export interface SimdDs {
  readonly write: boolean;
  readonly dwords: number;
  readonly addr: number;
  /** Each element's byte offset. */
  readonly offsets: readonly number[];
  /** Each element's first VGPR: its data (a write) or its destination (a read). */
  readonly regs: readonly number[];
}

interface SimdOp {
  readonly recipe: Recipe;
  readonly srcs: readonly SimdSrc[];
  /** Destination VGPR, or for a compare the lane-mask pair (its first SGPR). */
  readonly dst: number;
  /** The lane-mask pair written (its first SGPR), or -1. */
  readonly pair: number;
  readonly maskIn: number;
}

/** A lane loop being collected as SIMD ops; `ok` turns false at the first op it cannot take. */
export class SimdLoop {
  private readonly ops: SimdOp[] = [];
  ok = true;
  /** The loop's LDS access and its place among the ops (it runs after ops[0 .. dsAt - 1]), or null. */
  private ds: SimdDs | null = null;
  private dsAt = 0;

  /** Adds the loop's LDS access; false, and the loop is no longer SIMD, if it already has one. */
  addDs(ds: SimdDs): boolean {
    if (!this.ok || this.ds !== null) {
      this.ok = false;
      return false;
    }
    this.ds = ds;
    this.dsAt = this.ops.length;
    return true;
  }

  /** Whether the loop has an LDS access: its function then takes the LDS's page and size after the SGPRs. */
  get lds(): boolean {
    return this.ds !== null;
  }

  /**
   * Adds an op (after gen.ts has accepted it for the JavaScript loop); false, and the loop is no longer
   * SIMD, if there is no recipe or an operand does not suit it.
   */
  add(fn: ValuFn, srcs: readonly SimdSrc[], dst: number, maskIn: number, maskOut: number): boolean {
    if (!this.ok || !SimdLoop.accepts(fn, srcs, maskIn, maskOut)) {
      this.ok = false;
      return false;
    }
    const r = SIMD_RECIPES.get(fn) as Recipe;
    this.ops.push({ recipe: r, srcs, dst, pair: maskOut, maskIn });
    return true;
  }

  /** Whether the lane math has a SIMD recipe at all. */
  static has(fn: ValuFn): boolean {
    return SIMD_RECIPES.has(fn);
  }

  /** Whether an op has a recipe its operands suit. */
  static accepts(fn: ValuFn, srcs: readonly SimdSrc[], maskIn: number, maskOut: number): boolean {
    const r = SIMD_RECIPES.get(fn);
    if (r === undefined || (r.maskOut === true) !== maskOut >= 0 || (r.maskIn === true) !== maskIn >= 0)
      return false;
    for (const k of r.uniform ?? []) {
      const s = srcs[k];
      if (s === undefined || s.kind === 'v' || s.mods !== 0) return false;
    }
    for (const [k, s] of srcs.entries())
      if ((s.wide === true) !== (r.wide?.includes(k) === true)) return false;
    return true;
  }

  /** Stops the loop being SIMD (an op of the loop with no SIMD form, such as an LDS access). */
  reject(): void {
    this.ok = false;
  }

  /** The lane-mask pairs the loop writes, in the order of their MASK_OUT cells. */
  maskOuts(): number[] {
    const out: number[] = [];
    for (const o of this.ops) if (o.pair >= 0 && !out.includes(o.pair)) out.push(o.pair);
    return out;
  }

  /**
   * The function: parameters vb (the wave's VGPR page), e0, e1 (EXEC), g0 (the first group of four lanes
   * to run), then the value of each SGPR in `sgprs`; returns the first group from g0 on that it left to
   * JavaScript (an f32 NaN), or -1. Lane-mask outputs are OR-ed into their MASK_OUT cells. Null if the
   * loop cannot be SIMD after all (too many mask outputs).
   */
  build(sgprs: readonly number[]): FuncWriter | null {
    const outs = this.maskOuts();
    if (!this.ok || (this.ops.length === 0 && this.ds === null) || outs.length > MAX_MASK_OUTS) return null;
    const param = (c: number): number => {
      const k = sgprs.indexOf(c);
      if (k < 0) throw new Error(`internal: SIMD loop reads s${c}, not among its parameters`);
      return 4 + k;
    };
    const f = new FuncWriter(4 + sgprs.length + (this.ds !== null ? 2 : 0));
    // The LDS's page and, for dword k of an element, the bound its address must be below: the LDS size
    // less 4k + 3, or 0 (nothing is) where the size is smaller.
    const ldsPage = 4 + sgprs.length;
    const bounds: number[] = [];
    if (this.ds !== null) {
      for (let k = 0; k < this.ds.dwords; k++) {
        const b = f.local(I32);
        f.get(ldsPage + 1)
          .i32(4 * k + 3)
          .op(OP.i32Sub)
          .tee(b)
          .i32(0)
          .get(b)
          .i32(0)
          .op(OP.i32GtS, OP.select)
          .set(b);
        bounds.push(b);
      }
    }
    // A lane's LDS address (ldsAddress), only in a loop with an LDS access.
    const lane = this.ds !== null ? f.local(I32) : -1;
    const g = f.local(I32);
    const base = f.local(I32);
    const bits = f.local(I32);
    const acc = outs.map(() => [f.local(I32), f.local(I32)]);
    const m = f.local(V128);
    const nan = f.local(V128);
    const anyNan = this.ops.some((o) => o.recipe.nan || o.recipe.bails === true);

    // Uniform operands splatted once.
    const splat = new Map<string, number>();
    const uniform = (s: SimdSrc): number => {
      const key = s.kind === 's' ? `s${s.sgpr}:${s.mods}` : s.kind === 'k' ? `k${s.bits}:${s.mods}` : '';
      let l = splat.get(key);
      if (l !== undefined) return l;
      if (started) throw new Error('internal: a SIMD loop operand not splatted before the loop');
      l = f.local(V128);
      splat.set(key, l);
      pre.push(() => {
        if (s.kind === 's') f.get(param(s.sgpr)).simd(SIMD.i32x4Splat);
        else if (s.kind === 'k') f.splatConst(s.bits);
        modify(s.mods);
        f.set(l as number);
      });
      return l;
    };
    const pre: (() => void)[] = [];
    let started = false;
    // Source modifiers on bits (valu/exec.ts mods): bit 0 abs, bit 1 neg, both: -|x|.
    const modify = (mods: number): void => {
      if (mods & 1) f.splatConst(0x7fffffff).simd(SIMD.and);
      if (mods & 2) f.splatConst(0x80000000 | 0).simd(mods & 1 ? SIMD.or : SIMD.xor);
    };
    // Resolve uniform sources up front so their splats are made before the loop.
    for (const o of this.ops)
      for (const s of o.srcs)
        if (s.kind !== 'v') {
          uniform(s);
          if (s.wide === true) uniform(highOf(s));
        }
    for (const p of pre) p();
    started = true;

    // A VGPR source's value in this group: loaded into a local at its first use (regs: the group's).
    const vsrcOf = (s: SimdSrc, regs: Map<number, number>): number => {
      if (s.kind !== 'v') return uniform(s);
      let l = regs.get(s.reg);
      if (l === undefined) {
        l = f.local(V128);
        f.get(base)
          .simdMem(SIMD.load, s.reg * 256)
          .set(l);
        regs.set(s.reg, l);
      }
      if (s.mods === 0) return l;
      const t = f.local(V128);
      f.get(l);
      modify(s.mods);
      f.set(t);
      return t;
    };
    // Under a full EXEC (the common case) every lane of every group is on: no EXEC bits to test, and
    // results are stored without merging the old values; otherwise each group merges under its bits.
    f.get(P_E0).get(P_E1).op(OP.i32And).i32(-1).op(OP.i32Eq, OP.if, OP.void);
    const at: LoopLocals = { g, base, bits, m, nan, anyNan, acc, outs, vsrcOf, param, ldsPage, bounds, lane };
    this.groupLoop(f, true, at);
    storeAcc(f, acc);
    f.i32(-1).op(OP.return, OP.end);
    this.groupLoop(f, false, at);
    storeAcc(f, acc);
    f.i32(-1);
    return f;
  }

  /**
   * An LDS write's stores for the group: lane by lane, each element's dwords in order, skipping lanes
   * whose EXEC bit is clear (the group's bits are in `bits` unless `full`).
   */
  private ldsStores(
    f: FuncWriter,
    full: boolean,
    at: LoopLocals,
    ds: SimdDs,
    a: number,
    data: readonly (readonly number[])[],
  ): void {
    for (let j = 0; j < 4; j++) {
      if (!full)
        f.get(at.bits)
          .i32(1 << j)
          .op(OP.i32And, OP.if, OP.void);
      for (const [e, off] of ds.offsets.entries()) {
        ldsAddress(f, a, j, off, at.lane);
        for (let k = 0; k < ds.dwords; k++) {
          f.get(at.lane).get(at.bounds[k]).op(OP.i32LtU, OP.if, OP.void);
          f.get(at.ldsPage).get(at.lane).op(OP.i32Add);
          f.get(data[e][k]).simd(SIMD.i32x4ExtractLane).op(j);
          f.mem32(OP.i32Store, 4 * k).op(OP.end);
        }
      }
      if (!full) f.op(OP.end);
    }
  }

  /**
   * The loop over the groups of four lanes from g0: each group's ops on locals, then its written VGPRs
   * stored (merged under EXEC unless `full`) and its lane-mask bits OR-ed into acc; a group with an f32
   * NaN returns its index after acc is stored.
   */
  private groupLoop(f: FuncWriter, full: boolean, at: LoopLocals): void {
    const { g, base, bits, m, nan, anyNan, acc, outs, vsrcOf, param } = at;
    const ds = this.ds;
    f.get(P_G0).set(g);
    f.op(OP.block, OP.void, OP.loop, OP.void);
    f.get(g).i32(16).op(OP.i32GeU, OP.brIf, 1);
    if (!full) {
      // This group's four EXEC bits.
      groupBits(f, P_E0, P_E1, g);
      f.tee(bits).op(OP.if, OP.void);
      f.get(bits).i32(4).op(OP.i32Shl).simdMem(SIMD.load, LANE_MASKS).set(m);
    }
    f.get(P_VB).get(g).i32(4).op(OP.i32Shl, OP.i32Add).set(base);
    if (anyNan) f.splatConst(0).set(nan);

    // Current value of each VGPR and lane-mask pair in this group (locals), and what was written.
    const regs = new Map<number, number>();
    const written = new Set<number>();
    const masks = new Map<number, number>();
    const vsrc = (s: SimdSrc): number => vsrcOf(s, regs);
    const maskOf = (pair: number): number => {
      const l = masks.get(pair);
      if (l !== undefined) return l;
      // A uniform pair: this group's four bits of it, as lanes.
      const t = f.local(V128);
      groupBits(f, param(pair), param(pair + 1), g);
      f.i32(4).op(OP.i32Shl).simdMem(SIMD.load, LANE_MASKS).set(t);
      return t;
    };
    // The LDS access: a read's dwords into the group's registers where it comes among the ops; a write's
    // address and data taken there, its stores made once the group is known not to bail.
    let dsStores: (() => void) | null = null;
    const dsHere = (): void => {
      if (ds === null) return;
      const a = vsrc({ kind: 'v', reg: ds.addr, mods: 0 });
      if (ds.write) {
        const data = ds.regs.map((r) =>
          Array.from({ length: ds.dwords }, (_, k) => vsrc({ kind: 'v', reg: r + k, mods: 0 })),
        );
        dsStores = () => this.ldsStores(f, full, at, ds, a, data);
        return;
      }
      for (const [e, r] of ds.regs.entries())
        for (let k = 0; k < ds.dwords; k++) {
          const v = f.local(V128);
          for (let j = 0; j < 4; j++) {
            if (j === 0) f.splatConst(0);
            else f.get(v);
            ldsAddress(f, a, j, ds.offsets[e], at.lane);
            f.get(at.lane).get(at.bounds[k]).op(OP.i32LtU, OP.if, I32);
            f.get(at.ldsPage)
              .get(at.lane)
              .op(OP.i32Add)
              .mem32(OP.i32Load, 4 * k);
            f.op(OP.else).i32(0).op(OP.end);
            f.simd(SIMD.i32x4ReplaceLane).op(j).set(v);
          }
          regs.set(r + k, v);
          written.add(r + k);
        }
    };
    for (const [n, o] of this.ops.entries()) {
      if (n === this.dsAt) dsHere();
      const src = o.srcs.flatMap((s) => (s.wide === true ? [vsrc(s), vsrc(highOf(s))] : [vsrc(s)]));
      const mIn = o.maskIn >= 0 ? maskOf(o.maskIn) : -1;
      const scalar = (k: number): void => {
        const s = o.srcs[k];
        if (s.kind === 's') f.get(param(s.sgpr));
        else if (s.kind === 'k') f.i32(s.bits);
      };
      o.recipe.emit(f, src, scalar, mIn, nan);
      const r = f.local(V128);
      f.set(r);
      // The f32 result checked for NaNs: the value under a lane mask output, else the top.
      let value = r;
      if (o.pair >= 0) {
        masks.set(o.pair, r);
        if (o.recipe.maskOnly !== true) {
          value = f.local(V128);
          f.set(value);
          regs.set(o.dst, value);
          written.add(o.dst);
        }
      } else if (o.recipe.dstWide === true) {
        const lo = f.local(V128);
        f.set(lo);
        regs.set(o.dst, lo);
        regs.set(o.dst + 1, r);
        written.add(o.dst);
        written.add(o.dst + 1);
      } else {
        regs.set(o.dst, r);
        written.add(o.dst);
      }
      if (o.recipe.nan) f.get(nan).get(value).get(value).simd(SIMD.f32x4Ne).simd(SIMD.or).set(nan);
    }
    if (this.dsAt === this.ops.length) dsHere();
    if (anyNan) {
      f.get(nan);
      if (!full) f.get(m).simd(SIMD.and);
      f.simd(SIMD.anyTrue).op(OP.if, OP.void);
      storeAcc(f, acc);
      f.get(g).op(OP.return, OP.end);
    }
    (dsStores as (() => void) | null)?.();
    for (const reg of written) {
      f.get(base);
      f.get(regs.get(reg) as number);
      if (!full)
        f.get(base)
          .simdMem(SIMD.load, reg * 256)
          .get(m)
          .simd(SIMD.bitselect);
      f.simdMem(SIMD.store, reg * 256);
    }
    for (const [k, pair] of outs.entries()) {
      const l = masks.get(pair) as number;
      // The four bits, at their place in the lo or hi word.
      f.get(l);
      if (!full) f.get(m).simd(SIMD.and);
      f.simd(SIMD.i32x4Bitmask);
      f.get(g).i32(7).op(OP.i32And).i32(2).op(OP.i32Shl, OP.i32Shl).set(bits);
      f.get(g).i32(8).op(OP.i32LtU, OP.if, OP.void);
      f.get(acc[k][0]).get(bits).op(OP.i32Or).set(acc[k][0]);
      f.op(OP.else);
      f.get(acc[k][1]).get(bits).op(OP.i32Or).set(acc[k][1]);
      f.op(OP.end);
    }
    if (!full) f.op(OP.end); // if any lane of the group is on
    f.get(g).i32(1).op(OP.i32Add).set(g).op(OP.br, 0);
    f.op(OP.end, OP.end); // loop, block
  }
}

/** Sets the i32 local x to lane j of the address vector a plus the byte offset (wrapping at 2^32). */
function ldsAddress(f: FuncWriter, a: number, j: number, offset: number, x: number): void {
  f.get(a).simd(SIMD.i32x4ExtractLane).op(j);
  if (offset !== 0) f.i32(offset).op(OP.i32Add);
  f.set(x);
}

/** What build() shares with both of its group loops: locals, the loop's mask outputs, source lookups. */
interface LoopLocals {
  /** The parameter holding the LDS's page (the next holds its size), and the bounds of each dword. */
  readonly ldsPage: number;
  readonly bounds: readonly number[];
  /** An i32 scratch local: a lane's LDS address (-1 in a loop without an LDS access). */
  readonly lane: number;
  readonly g: number;
  readonly base: number;
  readonly bits: number;
  readonly m: number;
  readonly nan: number;
  readonly anyNan: boolean;
  readonly acc: readonly number[][];
  readonly outs: readonly number[];
  readonly vsrcOf: (s: SimdSrc, regs: Map<number, number>) => number;
  readonly param: (c: number) => number;
}

/** Pushes group g's four bits (lanes 4g .. 4g+3) of the 64-bit lane mask in locals lo, hi. */
function groupBits(f: FuncWriter, lo: number, hi: number, g: number): void {
  f.get(lo).get(hi).get(g).i32(8).op(OP.i32LtU, OP.select);
  f.get(g).i32(7).op(OP.i32And).i32(2).op(OP.i32Shl, OP.i32ShrU).i32(15).op(OP.i32And);
}

/** ORs the loop's lane-mask bits into their MASK_OUT cells. */
function storeAcc(f: FuncWriter, acc: readonly number[][]): void {
  for (const [k, [lo, hi]] of acc.entries()) {
    for (const [w, l] of [
      [0, lo],
      [4, hi],
    ]) {
      const at = MASK_OUT + 8 * k + w;
      f.i32(0).i32(0).mem32(OP.i32Load, at).get(l).op(OP.i32Or).mem32(OP.i32Store, at);
    }
  }
}
