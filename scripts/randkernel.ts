// csmith-lite: a seeded generator of random OpenCL C kernels, their printer and an independent host
// interpreter with exact C semantics. The generator builds an AST; `printKernel` turns it into OpenCL C
// for clang, `interpret` evaluates it on the host (BigInt for every integer, Math.fround / exact dyadic
// rounding for floats). Nothing here touches the emulator.
//
// No undefined behaviour, by construction:
// - signed + - * and unary minus are printed through the unsigned type of the same width and converted
//   back ((int)((uint)a + (uint)b)); the out-of-range unsigned -> signed conversion wraps in clang
//   (implementation-defined in C, two's complement for OpenCL/amdgcn);
// - shift counts are masked with (width - 1) of the promoted left operand, left shifts are done unsigned;
// - integer / and % go through helpers returning `a` when the divisor is 0 or the operation is MIN / -1;
// - float -> integer conversions go through helpers returning 0 unless the truncated value fits
//   (a NaN fails the range test); integer -> integer conversions wrap; int -> float rounds to nearest even;
// - abs_diff is not applied to int/long (the ROCm library's version overflows) nor to ulong (an LLVM
//   AMDGPU miscompile), see the generator;
// - mul_hi is not applied to char/short (an LLVM SDWA miscompile, see the generator);
// - float -> half conversions go through an inline-asm barrier (LLVM fuses fptrunc(fmul) into
//   v_fma_mixlo_f16 on gfx906/gfx908, which rounds once and loses the sign of a zero product);
// - integer -> half conversions go through float and the same barrier (LLVM folds fpext(itofp x to half)
//   to itofp x to float, losing the overflow to infinity);
// - convert_T_sat gets NaN replaced by 0 (the library's NaN result differs from the recommended 0) and
//   never a half source (a ROCm library bug);
// - mad24 gets operands reduced to 24 bits (sign-extended for int, masked for uint); clamp and float
//   min/max (unspecified for NaN and for zeros of either sign) are not used;
// - private array indices are masked with (size - 1); loops run at most 7 times (bound & 7);
// - LDS exchanges only at the kernel's top level: every lane writes lds[lid], barrier, reads
//   lds[(lid + k) % lsz], barrier — no races, no reads of unwritten slots;
// - atomics (LDS at the top level between barriers, global anywhere, also divergent) use only
//   order-independent operations (add, sub, min, max, and, or, xor) and never read the returned old value;
// - no 64-bit atomic or (an LLVM AMDGPU miscompile of its compare-and-swap expansion);
// - vector operations use unsigned elements or half (no signed-overflow questions) and the same masking;
// - the ?: condition is never floating point (OpenCL rejects it).
// Float operations are the exactly specified ones: + - * (and / except for half, with
// -cl-fp32-correctly-rounded-divide-sqrt), sqrt (not half), fma, fabs, floor, ceil, trunc, rint,
// comparisons and conversions; NaN results compare equal to any NaN.
//
// Each work-item reads NIN 64-bit input words (also through narrower typed pointers), and writes every
// top-level variable twice: as a 64-bit word to `out` and with its own type into its 8-byte cell of
// `out2`; global atomic counters end up in `gacc`. The interpreter produces the same three areas.

import {
  F16,
  F32,
  F64,
  type Format,
  f16Bits,
  f16Value,
  fmaExact,
  Rng,
  roundTo,
} from '../test/conformance/harness.js';
import { bitLength } from './lib/bit-length.js';

export type IntTy = 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'long' | 'ulong';
export type FltTy = 'half' | 'float' | 'double';
export type Ty = IntTy | FltTy;
export type Value = bigint | number;

const INT_INFO: Record<IntTy, { bits: number; signed: boolean; rank: number }> = {
  char: { bits: 8, signed: true, rank: 1 },
  uchar: { bits: 8, signed: false, rank: 1 },
  short: { bits: 16, signed: true, rank: 2 },
  ushort: { bits: 16, signed: false, rank: 2 },
  int: { bits: 32, signed: true, rank: 3 },
  uint: { bits: 32, signed: false, rank: 3 },
  long: { bits: 64, signed: true, rank: 4 },
  ulong: { bits: 64, signed: false, rank: 4 },
};
export const INT_TYPES = Object.keys(INT_INFO) as IntTy[];

export const isFloat = (t: Ty): t is FltTy => t === 'float' || t === 'double' || t === 'half';
const fmtOf = (t: FltTy): Format => (t === 'half' ? F16 : t === 'float' ? F32 : F64);
export const bitsOf = (t: IntTy): number => INT_INFO[t].bits;
const isSigned = (t: IntTy): boolean => INT_INFO[t].signed;
const unsignedOf = (t: IntTy): IntTy => (isSigned(t) ? (`u${t}` as IntTy) : t);

export function promote(t: Ty): Ty {
  if (isFloat(t)) return t;
  return INT_INFO[t].rank < 3 ? 'int' : t;
}

/** The usual arithmetic conversions of C. */
export function uac(a: Ty, b: Ty): Ty {
  if (a === 'double' || b === 'double') return 'double';
  if (a === 'float' || b === 'float') return 'float';
  if (a === 'half' || b === 'half') return 'half';
  const pa = promote(a) as IntTy;
  const pb = promote(b) as IntTy;
  if (pa === pb) return pa;
  if (isSigned(pa) === isSigned(pb)) return INT_INFO[pa].rank > INT_INFO[pb].rank ? pa : pb;
  const u = isSigned(pa) ? pb : pa;
  const s = isSigned(pa) ? pa : pb;
  if (INT_INFO[u].rank >= INT_INFO[s].rank) return u;
  return s; // long can represent every uint
}

// ---------------------------------------------------------------------------------------------------
// AST

export type Expr =
  | { k: 'var'; ty: Ty; name: string }
  | { k: 'const'; ty: Ty; v: Value }
  | { k: 'un'; ty: Ty; op: '-' | '~' | '!'; e: Expr }
  | { k: 'bin'; ty: Ty; op: string; a: Expr; b: Expr }
  | { k: 'cond'; ty: Ty; c: Expr; a: Expr; b: Expr }
  | { k: 'cast'; ty: Ty; e: Expr }
  | { k: 'call'; ty: Ty; fn: string; argTy: Ty; args: Expr[] }
  | { k: 'arr'; ty: Ty; name: string; size: number; idx: Expr }
  | { k: 'in'; ty: Ty; slot: number }
  /** A load of `ty` from part `part` (in units of its size) of the current item's input word `slot`. */
  | { k: 'ld'; ty: Ty; slot: number; part: number };

export type Stmt =
  | { k: 'decl'; name: string; ty: Ty; e: Expr }
  | { k: 'assign'; name: string; ty: Ty; e: Expr }
  | { k: 'if'; c: Expr; t: Stmt[]; f: Stmt[] }
  | { k: 'for'; iv: string; n: Expr; body: Stmt[] }
  | { k: 'break'; c: Expr }
  | { k: 'arrdecl'; name: string; ty: Ty; inits: Expr[] }
  | { k: 'arrset'; name: string; ty: Ty; size: number; idx: Expr; e: Expr }
  | { k: 'lds'; lds: string; name: string; ty: Ty; e: Expr; off: Expr }
  /** LDS atomics: 4 counters set to `init`, every lane applies `op` with e at idx % 4, then reads lid % 4. */
  /** Global atomics anywhere (divergent too): counter (idx % 4) of cell group `slot` in the gacc buffer. */
  | { k: 'gatomic'; slot: number; ty: Ty; op: string; init: bigint; idx: Expr; e: Expr }
  | { k: 'atomic'; lds: string; name: string; ty: Ty; op: string; init: bigint; idx: Expr; e: Expr }
  /** An element-wise operation on two vectors of `ty` built from scalars; the elements become variables. */
  | { k: 'vec'; ty: Ty; op: string; a: Expr[]; b: Expr[]; names: string[] };

export interface Program {
  seed: number;
  nin: number;
  inTypes: Ty[];
  body: Stmt[];
  outputs: { name: string; ty: Ty }[];
  /** Work-group size and total work-items (the second group is partial). */
  block: number;
  grid: number;
  sarg: number;
}

// ---------------------------------------------------------------------------------------------------
// Value semantics

function wrapInt(v: bigint, t: IntTy): bigint {
  const { bits, signed } = INT_INFO[t];
  return signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
}

/** Round-to-nearest-even of an integer to float/double. */
function intToFloat(v: bigint, t: FltTy): number {
  return roundTo(v, fmtOf(t));
}

/** Guarded float -> integer conversion: trunc when the value fits, else 0 (what the f2i helpers do). */
function floatToInt(x: number, t: IntTy): bigint {
  const { bits, signed } = INT_INFO[t];
  const ok = signed ? x >= -(2 ** (bits - 1)) && x < 2 ** (bits - 1) : x > -1 && x < 2 ** bits;
  return ok ? wrapInt(BigInt(Math.trunc(x)), t) : 0n;
}

export function conv(v: Value, from: Ty, to: Ty): Value {
  if (isFloat(to)) {
    if (isFloat(from)) return to === 'double' ? (v as number) : roundTo(v as number, fmtOf(to));
    return intToFloat(v as bigint, to);
  }
  if (isFloat(from)) return floatToInt(v as number, to);
  return wrapInt(v as bigint, to);
}

const truthy = (v: Value): boolean => (typeof v === 'bigint' ? v !== 0n : v !== 0);
const b2i = (b: boolean): bigint => (b ? 1n : 0n);

function fround(t: Ty, x: number): number {
  return t === 'float' ? Math.fround(x) : t === 'half' ? roundTo(x, F16) : x;
}

function bitLen(x: bigint): number {
  return x === 0n ? 0 : bitLength(x);
}

/** convert_T_sat(x): integer sources clamp; float sources truncate, clamp, and give 0 for NaN. */
function convertSat(to: IntTy, from: Ty, v: Value): bigint {
  const { bits, signed } = INT_INFO[to];
  const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const hi = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  let x: bigint;
  if (isFloat(from)) {
    const f = v as number;
    if (Number.isNaN(f)) return 0n;
    if (f === Number.POSITIVE_INFINITY) return hi;
    if (f === Number.NEGATIVE_INFINITY) return lo;
    x = BigInt(Math.trunc(f));
  } else x = v as bigint;
  return x < lo ? lo : x > hi ? hi : x;
}

function evalCall(fn: string, t: Ty, a: Value[]): Value {
  const sat = /^convert_(\w+)_sat$/.exec(fn);
  if (sat) return convertSat(sat[1] as IntTy, t, a[0]);
  if (isFloat(t)) {
    const x = a as number[];
    switch (fn) {
      case 'fma':
        return fmaExact(x[0], x[1], x[2], fmtOf(t));
      case 'sqrt':
        return fround(t, Math.sqrt(x[0]));
      case 'fabs':
        return Math.abs(x[0]);
      case 'floor':
        return Math.floor(x[0]);
      case 'ceil':
        return Math.ceil(x[0]);
      case 'trunc':
        return Math.trunc(x[0]);
      case 'rint': {
        const v = x[0];
        if (!Number.isFinite(v) || Number.isInteger(v)) return v;
        let r = Math.floor(v);
        const d = v - r;
        if (d > 0.5 || (d === 0.5 && r % 2 !== 0)) r += 1;
        return r === 0 && v < 0 ? -0 : r;
      }
    }
    throw new Error(`float builtin ${fn}`);
  }
  const it = t as IntTy;
  const w = bitsOf(it);
  const x = a as bigint[];
  const ut = unsignedOf(it);
  const mask = (1n << BigInt(w)) - 1n;
  const lo = isSigned(it) ? -(1n << BigInt(w - 1)) : 0n;
  const hi = isSigned(it) ? (1n << BigInt(w - 1)) - 1n : mask;
  const clampT = (v: bigint) => (v < lo ? lo : v > hi ? hi : v);
  switch (fn) {
    case 'rotate': {
      const u = x[0] & mask;
      const s = BigInt(Number(x[1] & BigInt(w - 1)));
      return wrapInt(((u << s) | (u >> (BigInt(w) - s))) & mask, it);
    }
    case 'clz':
      return BigInt(w - bitLen(x[0] & mask));
    case 'ctz': {
      const u = x[0] & mask;
      if (u === 0n) return BigInt(w);
      let n = 0;
      while (((u >> BigInt(n)) & 1n) === 0n) n++;
      return BigInt(n);
    }
    case 'popcount': {
      let u = x[0] & mask;
      let n = 0n;
      while (u) {
        n += u & 1n;
        u >>= 1n;
      }
      return n;
    }
    case 'mad_hi':
      return wrapInt(((x[0] * x[1]) >> BigInt(w)) + x[2], it);
    case 'mad_sat':
      return clampT(x[0] * x[1] + x[2]);
    case 'bitselect':
      return wrapInt((x[0] & ~x[2]) | (x[1] & x[2]), it);
    case 'mul_hi':
      return wrapInt((x[0] * x[1]) >> BigInt(w), it);
    case 'mad24': {
      const r = (v: bigint) => (isSigned(it) ? BigInt.asIntN(24, v) : BigInt.asUintN(24, v));
      return wrapInt(r(x[0]) * r(x[1]) + x[2], it);
    }
    case 'abs_diff':
      return wrapInt(x[0] > x[1] ? x[0] - x[1] : x[1] - x[0], ut);
    case 'abs':
      return wrapInt(x[0] < 0n ? -x[0] : x[0], ut);
    case 'add_sat':
      return clampT(x[0] + x[1]);
    case 'sub_sat':
      return clampT(x[0] - x[1]);
    case 'hadd':
      return (x[0] + x[1]) >> 1n;
    case 'rhadd':
      return (x[0] + x[1] + 1n) >> 1n;
    case 'min':
      return x[0] < x[1] ? x[0] : x[1];
    case 'max':
      return x[0] > x[1] ? x[0] : x[1];
  }
  throw new Error(`int builtin ${fn}`);
}

function atomicOp(op: string, t: IntTy, a: bigint, v: bigint): bigint {
  switch (op) {
    case 'atomic_add':
      return wrapInt(a + v, t);
    case 'atomic_sub':
      return wrapInt(a - v, t);
    case 'atomic_min':
      return a < v ? a : v;
    case 'atomic_max':
      return a > v ? a : v;
    case 'atomic_and':
      return a & v;
    case 'atomic_or':
      return a | v;
    case 'atomic_xor':
      return wrapInt(a ^ v, t);
  }
  throw new Error(`atomic ${op}`);
}

export const ATOMIC_OPS = [
  'atomic_add',
  'atomic_sub',
  'atomic_min',
  'atomic_max',
  'atomic_and',
  'atomic_or',
  'atomic_xor',
];

/** One element of a vector operation: no integer promotion, the element type's own arithmetic. */
function vecOp(op: string, t: Ty, a: Value, b: Value): Value {
  if (isFloat(t)) {
    const x = a as number;
    const y = b as number;
    if (op === '+') return fround(t, x + y);
    if (op === '-') return fround(t, x - y);
    if (op === '*') return fround(t, x * y);
    throw new Error(`vector float op ${op}`);
  }
  const it = t as IntTy;
  const x = a as bigint;
  const y = b as bigint;
  const m = BigInt(bitsOf(it) - 1);
  switch (op) {
    case '+':
      return wrapInt(x + y, it);
    case '-':
      return wrapInt(x - y, it);
    case '*':
      return wrapInt(x * y, it);
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return wrapInt(x ^ y, it);
    case '<<':
      return wrapInt(x << (BigInt.asUintN(64, y) & m), it);
    case '>>':
      return wrapInt(x >> (BigInt.asUintN(64, y) & m), it);
  }
  return evalCall(op, it, [x, y]);
}

export const VEC_INT_OPS = [
  '+',
  '-',
  '*',
  '&',
  '|',
  '^',
  '<<',
  '>>',
  'min',
  'max',
  'add_sat',
  'sub_sat',
  'hadd',
  'rhadd',
  'mul_hi',
  'rotate',
  'abs_diff',
];

export const INT_BUILTINS: Record<string, number> = {
  rotate: 2,
  clz: 1,
  ctz: 1,
  popcount: 1,
  mul_hi: 2,
  mad24: 3,
  abs_diff: 2,
  abs: 1,
  add_sat: 2,
  sub_sat: 2,
  hadd: 2,
  rhadd: 2,
  min: 2,
  max: 2,
  mad_hi: 3,
  mad_sat: 3,
  bitselect: 3,
};
export const FLOAT_BUILTINS: Record<string, number> = {
  fma: 3,
  sqrt: 1,
  fabs: 1,
  floor: 1,
  ceil: 1,
  trunc: 1,
  rint: 1,
};

/** Result type of an integer builtin applied to type t. */
export function builtinResult(fn: string, t: Ty): Ty {
  if (!isFloat(t) && (fn === 'abs' || fn === 'abs_diff')) return unsignedOf(t);
  return t;
}

// ---------------------------------------------------------------------------------------------------
// Interpreter

export class UndefinedVariable extends Error {}

interface Lane {
  env: Map<string, Value>;
  arrays: Map<string, Value[]>;
  /** The global atomic counters, shared by every lane of the dispatch. */
  gacc: bigint[];
}

class BreakSignal {}

function evalExpr(e: Expr, l: Lane, inputs: BigUint64Array, base: number): Value {
  switch (e.k) {
    case 'var': {
      const v = l.env.get(e.name);
      if (v === undefined) throw new UndefinedVariable(e.name);
      return v;
    }
    case 'const':
      return e.v;
    case 'in': {
      const raw = inputs[base + e.slot];
      if (e.ty === 'double') return new Float64Array(new BigUint64Array([raw]).buffer)[0];
      if (e.ty === 'half') return f16Value(Number(raw & 0xffffn));
      if (e.ty === 'float') return new Float32Array(new Uint32Array([Number(raw & 0xffffffffn)]).buffer)[0];
      return wrapInt(raw, e.ty as IntTy);
    }
    case 'ld': {
      const size = sizeOf(e.ty);
      const bits = (inputs[base + e.slot] >> BigInt(e.part * size * 8)) & ((1n << BigInt(size * 8)) - 1n);
      return fromBits(bits, e.ty);
    }
    case 'cast':
      return conv(evalExpr(e.e, l, inputs, base), e.e.ty, e.ty);
    case 'un': {
      const v = conv(evalExpr(e.e, l, inputs, base), e.e.ty, e.op === '!' ? e.e.ty : e.ty);
      if (e.op === '!') return b2i(!truthy(v));
      if (isFloat(e.ty)) return -(v as number);
      if (e.op === '-') return wrapInt(-(v as bigint), e.ty as IntTy);
      return wrapInt(~(v as bigint), e.ty as IntTy);
    }
    case 'cond': {
      const c = truthy(evalExpr(e.c, l, inputs, base));
      const x = c ? e.a : e.b;
      return conv(evalExpr(x, l, inputs, base), x.ty, e.ty);
    }
    case 'arr': {
      const arr = l.arrays.get(e.name);
      if (arr === undefined) throw new UndefinedVariable(e.name);
      const i = evalExpr(e.idx, l, inputs, base);
      return arr[Number(BigInt.asUintN(32, i as bigint) & BigInt(e.size - 1))];
    }
    case 'call': {
      const args = e.args.map((a) => conv(evalExpr(a, l, inputs, base), a.ty, e.argTy));
      return evalCall(e.fn, e.argTy, args);
    }
    case 'bin':
      return evalBin(e, l, inputs, base);
  }
}

function evalBin(e: Expr & { k: 'bin' }, l: Lane, inputs: BigUint64Array, base: number): Value {
  const op = e.op;
  if (op === '&&') {
    if (!truthy(evalExpr(e.a, l, inputs, base))) return 0n;
    return b2i(truthy(evalExpr(e.b, l, inputs, base)));
  }
  if (op === '||') {
    if (truthy(evalExpr(e.a, l, inputs, base))) return 1n;
    return b2i(truthy(evalExpr(e.b, l, inputs, base)));
  }
  if (op === '<<' || op === '>>') {
    const t = e.ty as IntTy;
    const a = conv(evalExpr(e.a, l, inputs, base), e.a.ty, t) as bigint;
    const braw = evalExpr(e.b, l, inputs, base) as bigint;
    const s = BigInt.asUintN(64, braw) & BigInt(bitsOf(t) - 1);
    return wrapInt(op === '<<' ? a << s : a >> s, t);
  }
  const t = uac(e.a.ty, e.b.ty);
  const a = conv(evalExpr(e.a, l, inputs, base), e.a.ty, t);
  const b = conv(evalExpr(e.b, l, inputs, base), e.b.ty, t);
  switch (op) {
    case '<':
      return b2i(a < b);
    case '<=':
      return b2i(a <= b);
    case '>':
      return b2i(a > b);
    case '>=':
      return b2i(a >= b);
    case '==':
      return b2i(a === b);
    case '!=':
      return b2i(!(a === b));
  }
  if (isFloat(t)) {
    const x = a as number;
    const y = b as number;
    switch (op) {
      case '+':
        return fround(t, x + y);
      case '-':
        return fround(t, x - y);
      case '*':
        return fround(t, x * y);
      case '/':
        return fround(t, x / y);
    }
    throw new Error(`float op ${op}`);
  }
  const it = t as IntTy;
  const x = a as bigint;
  const y = b as bigint;
  switch (op) {
    case '+':
      return wrapInt(x + y, it);
    case '-':
      return wrapInt(x - y, it);
    case '*':
      return wrapInt(x * y, it);
    case '&':
      return wrapInt(x & y, it);
    case '|':
      return wrapInt(x | y, it);
    case '^':
      return wrapInt(x ^ y, it);
    case '/':
    case '%': {
      const min = isSigned(it) ? -(1n << BigInt(bitsOf(it) - 1)) : 1n;
      if (y === 0n || (isSigned(it) && x === min && y === -1n)) return x;
      // BigInt division truncates toward zero, like C.
      return op === '/' ? wrapInt(x / y, it) : x % y;
    }
  }
  throw new Error(`int op ${op}`);
}

function execBlock(
  stmts: Stmt[],
  l: Lane,
  inputs: BigUint64Array,
  base: number,
  budget: { n: number },
): void {
  for (const s of stmts) execStmt(s, l, inputs, base, budget);
}

function execStmt(s: Stmt, l: Lane, inputs: BigUint64Array, base: number, budget: { n: number }): void {
  if (--budget.n < 0) throw new Error('interpreter budget exhausted');
  switch (s.k) {
    case 'decl':
    case 'assign': {
      if (s.k === 'assign' && !l.env.has(s.name)) throw new UndefinedVariable(s.name);
      l.env.set(s.name, conv(evalExpr(s.e, l, inputs, base), s.e.ty, s.ty));
      return;
    }
    case 'if':
      execBlock(truthy(evalExpr(s.c, l, inputs, base)) ? s.t : s.f, l, inputs, base, budget);
      return;
    case 'for': {
      for (let i = 0n; ; i++) {
        l.env.set(s.iv, i);
        const n = BigInt.asUintN(32, evalExpr(s.n, l, inputs, base) as bigint) & 7n;
        if (!(i < n)) break;
        try {
          execBlock(s.body, l, inputs, base, budget);
        } catch (e) {
          if (e instanceof BreakSignal) break;
          throw e;
        }
      }
      l.env.delete(s.iv);
      return;
    }
    case 'break':
      if (truthy(evalExpr(s.c, l, inputs, base))) throw new BreakSignal();
      return;
    case 'arrdecl':
      l.arrays.set(
        s.name,
        s.inits.map((e) => conv(evalExpr(e, l, inputs, base), e.ty, s.ty)),
      );
      return;
    case 'arrset': {
      const arr = l.arrays.get(s.name);
      if (arr === undefined) throw new UndefinedVariable(s.name);
      const i = Number(BigInt.asUintN(32, evalExpr(s.idx, l, inputs, base) as bigint) & BigInt(s.size - 1));
      arr[i] = conv(evalExpr(s.e, l, inputs, base), s.e.ty, s.ty);
      return;
    }
    case 'gatomic': {
      const i = s.slot * 4 + Number(BigInt.asUintN(32, evalExpr(s.idx, l, inputs, base) as bigint) % 4n);
      const v = conv(evalExpr(s.e, l, inputs, base), s.e.ty, s.ty) as bigint;
      l.gacc[i] = atomicOp(s.op, s.ty as IntTy, l.gacc[i], v);
      return;
    }
    case 'lds':
    case 'atomic':
      throw new Error(`${s.k} statement below the top level`);
    case 'vec': {
      const a = s.a.map((e) => conv(evalExpr(e, l, inputs, base), e.ty, s.ty));
      const b = s.b.map((e) => conv(evalExpr(e, l, inputs, base), e.ty, s.ty));
      s.names.forEach((name, i) => {
        l.env.set(name, vecOp(s.op, s.ty, a[i], b[i]));
      });
      return;
    }
  }
}

/** Output words for every work-item (grid * outputs.length), as the kernel stores them. */
export function interpret(p: Program, inputs: BigUint64Array): BigUint64Array {
  const nout = p.outputs.length;
  const half = p.grid * nout;
  const gacc = gatomicInit(p).map((w, i) => conv(w, 'ulong', gatomicType(p, i)) as bigint);
  const out = new BigUint64Array(half * 2 + gacc.length);
  const budget = { n: 5_000_000 };
  for (let g0 = 0; g0 < p.grid; g0 += p.block) {
    const lsz = Math.min(p.block, p.grid - g0);
    const lanes: Lane[] = [];
    for (let lid = 0; lid < lsz; lid++) {
      const env = new Map<string, Value>();
      env.set('gid', BigInt(g0 + lid));
      env.set('lid', BigInt(lid));
      env.set('grp', BigInt(g0 / p.block));
      env.set('lsz', BigInt(lsz));
      env.set('sarg', BigInt(p.sarg >>> 0));
      lanes.push({ env, arrays: new Map(), gacc });
    }
    for (const s of p.body) {
      if (s.k === 'atomic') {
        const acc = [s.init, s.init, s.init, s.init];
        lanes.forEach((l, lid) => {
          const b = (g0 + lid) * p.nin;
          const i = Number(BigInt.asUintN(32, evalExpr(s.idx, l, inputs, b) as bigint) % 4n);
          const v = conv(evalExpr(s.e, l, inputs, b), s.e.ty, s.ty) as bigint;
          acc[i] = atomicOp(s.op, s.ty as IntTy, acc[i], v);
        });
        lanes.forEach((l, lid) => {
          l.env.set(s.name, acc[lid % 4]);
        });
        continue;
      }
      if (s.k === 'lds') {
        const lds: Value[] = lanes.map((l, lid) =>
          conv(evalExpr(s.e, l, inputs, (g0 + lid) * p.nin), s.e.ty, s.ty),
        );
        lanes.forEach((l, lid) => {
          const off = BigInt.asUintN(32, evalExpr(s.off, l, inputs, (g0 + lid) * p.nin) as bigint);
          l.env.set(s.name, lds[Number(BigInt.asUintN(32, BigInt(lid) + off) % BigInt(lsz))]);
        });
        continue;
      }
      lanes.forEach((l, lid) => {
        execStmt(s, l, inputs, (g0 + lid) * p.nin, budget);
      });
    }
    lanes.forEach((l, lid) => {
      p.outputs.forEach((o, j) => {
        const v = l.env.get(o.name);
        if (v === undefined) throw new UndefinedVariable(o.name);
        const w = outputWord(v, o.ty);
        out[(g0 + lid) * nout + j] = w;
        const sh = BigInt(narrowOffset(j, o.ty) * 8);
        const mask = ((1n << BigInt(sizeOf(o.ty) * 8)) - 1n) << sh;
        out[half + (g0 + lid) * nout + j] = (SENTINEL & ~mask) | ((w << sh) & mask);
      });
    });
  }
  gacc.forEach((v, i) => {
    const t = gatomicType(p, i) as IntTy;
    out[2 * half + i] = BigInt.asUintN(bitsOf(t), v);
  });
  return out;
}

function gatomics(ss: Stmt[], acc: (Stmt & { k: 'gatomic' })[] = []): (Stmt & { k: 'gatomic' })[] {
  for (const s of ss) {
    if (s.k === 'gatomic') acc.push(s);
    else if (s.k === 'if') {
      gatomics(s.t, acc);
      gatomics(s.f, acc);
    } else if (s.k === 'for') gatomics(s.body, acc);
  }
  return acc;
}

/** Initial words of the gacc buffer: 4 cells per global atomic statement (by slot); a 32-bit counter is
 *  the low half of its 8-byte cell, the high half stays 0. */
export function gatomicInit(p: Program): bigint[] {
  const gs = gatomics(p.body);
  const n = gs.reduce((m, g) => Math.max(m, g.slot + 1), 0);
  const words: bigint[] = new Array(4 * n).fill(0n);
  for (const g of gs)
    for (let i = 0; i < 4; i++) words[g.slot * 4 + i] = BigInt.asUintN(bitsOf(g.ty as IntTy), g.init);
  return words;
}

function gatomicType(p: Program, i: number): Ty {
  return gatomics(p.body).find((g) => g.slot === Math.floor(i / 4))?.ty ?? 'ulong';
}

export function sizeOf(t: Ty): number {
  if (t === 'half') return 2;
  if (t === 'float') return 4;
  if (t === 'double') return 8;
  return bitsOf(t) / 8;
}

/** A value of type t from its bit pattern (the low sizeOf(t) bytes of `bits`). */
export function fromBits(bits: bigint, t: Ty): Value {
  if (t === 'double') return new Float64Array(new BigUint64Array([bits]).buffer)[0];
  if (t === 'float') return new Float32Array(new Uint32Array([Number(bits & 0xffffffffn)]).buffer)[0];
  if (t === 'half') return f16Value(Number(bits & 0xffffn));
  return wrapInt(bits, t);
}

/** Byte offset inside its 8-byte cell at which output j of type t is also stored narrowly (out2). */
export function narrowOffset(j: number, t: Ty): number {
  const size = sizeOf(t);
  return ((j * size) % 8) - (((j * size) % 8) % size);
}

export const SENTINEL = 0xdeadbeefdeadbeefn;

export function outputWord(v: Value, t: Ty): bigint {
  if (t === 'double') return new BigUint64Array(new Float64Array([v as number]).buffer)[0];
  if (t === 'float') return BigInt(new Uint32Array(new Float32Array([v as number]).buffer)[0]);
  if (t === 'half') return BigInt(f16Bits(v as number));
  return BigInt.asUintN(64, v as bigint);
}

/** Whether a device output word matches the reference (any NaN matches any NaN for float outputs). */
export function sameWord(got: bigint, want: bigint, t: Ty): boolean {
  if (got === want) return true;
  if (t === 'half') {
    const isNan = (w: bigint) => (w & 0x7c00n) === 0x7c00n && (w & 0x3ffn) !== 0n && w >> 16n === 0n;
    return isNan(got) && isNan(want);
  }
  if (t === 'float') {
    const isNan = (w: bigint) =>
      (w & 0x7f800000n) === 0x7f800000n && (w & 0x7fffffn) !== 0n && w >> 32n === 0n;
    return isNan(got) && isNan(want);
  }
  if (t === 'double') {
    const e = 0x7ff0000000000000n;
    const isNan = (w: bigint) => (w & e) === e && (w & 0xfffffffffffffn) !== 0n;
    return isNan(got) && isNan(want);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Printer

function hexFloat(x: number, t: FltTy): string {
  if (t === 'half') return `((half)${hexFloat(x, 'float')})`;
  const suf = t === 'float' ? 'f' : '';
  if (Number.isNaN(x)) return t === 'float' ? 'NAN' : '((double)NAN)';
  if (!Number.isFinite(x)) return x > 0 ? `((${t})INFINITY)` : `(-(${t})INFINITY)`;
  if (x === 0) return Object.is(x, -0) ? `(-0.0${suf})` : `0.0${suf}`;
  const neg = x < 0;
  let m = Math.abs(x);
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  while (m > 2 ** 53) {
    m /= 2;
    e++;
  }
  const s = `0x${m.toString(16)}p${e}${suf}`;
  return neg ? `(-${s})` : s;
}

function intLit(v: bigint, t: IntTy): string {
  const u = BigInt.asUintN(bitsOf(t), v);
  const lit = bitsOf(t) === 64 ? `0x${u.toString(16)}UL` : `0x${u.toString(16)}U`;
  return t === 'uint' || t === 'ulong' ? lit : `((${t})${lit})`;
}

class Printer {
  helpers = new Map<string, string>();

  helper(name: string, text: string): string {
    if (!this.helpers.has(name)) this.helpers.set(name, text);
    return name;
  }

  castTo(t: Ty, e: Expr): string {
    const inner = this.expr(e);
    if (e.ty === t) return inner;
    if (t === 'half' && e.ty === 'float') {
      // LLVM 22 selects fptrunc(fmul a, b) to half as v_fma_mixlo_f16 a, b, 0 on gfx906/gfx908: one rounding
      // instead of two, and +0 for a -0 product. An empty inline asm keeps the f32 value opaque.
      const name = this.helper(
        'f2h',
        'static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }',
      );
      return `${name}(${inner})`;
    }
    if (t === 'half' && !isFloat(e.ty)) {
      // LLVM 22's InstCombine folds fpext(uitofp/sitofp x to half) into a direct conversion to float when x
      // has few significant bits, forgetting that half overflows above 65504. Converting through float and
      // the barrier is the same value (integers that do not overflow half are exact in float).
      const name = this.helper(
        'f2h',
        'static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }',
      );
      return `${name}(((float)${inner}))`;
    }
    if (isFloat(e.ty) && !isFloat(t)) {
      const f = e.ty;
      // Half operands are compared as float (the bounds do not fit in half; the conversion is exact).
      const bf = f === 'half' ? 'float' : f;
      const { bits, signed } = INT_INFO[t];
      const lo = signed ? hexFloat(-(2 ** (bits - 1)), bf) : hexFloat(-1, bf);
      const hi = hexFloat(signed ? 2 ** (bits - 1) : 2 ** bits, bf);
      const name = this.helper(
        `f2i_${f}_${t}`,
        `static ${t} f2i_${f}_${t}(${f} v) { ${bf} x = v; return (x ${signed ? '>=' : '>'} ${lo} && x < ${hi}) ? (${t})x : (${t})0; }`,
      );
      return `${name}(${inner})`;
    }
    return `((${t})${inner})`;
  }

  expr(e: Expr): string {
    switch (e.k) {
      case 'var':
        return e.name;
      case 'const':
        return isFloat(e.ty) ? hexFloat(e.v as number, e.ty) : intLit(e.v as bigint, e.ty as IntTy);
      case 'ld': {
        const per = 8 / sizeOf(e.ty);
        return `((__global const ${e.ty} *)in)[(gid * NIN + ${e.slot}) * ${per} + ${e.part}]`;
      }
      case 'in':
        if (e.ty === 'double') return `as_double(in[gid * NIN + ${e.slot}])`;
        if (e.ty === 'float') return `as_float((uint)in[gid * NIN + ${e.slot}])`;
        if (e.ty === 'half') return `as_half((ushort)in[gid * NIN + ${e.slot}])`;
        return `((${e.ty})in[gid * NIN + ${e.slot}])`;
      case 'cast':
        return this.castTo(e.ty, e.e);
      case 'un': {
        if (e.op === '!') return `(!${this.expr(e.e)})`;
        if (e.op === '-' && !isFloat(e.ty) && isSigned(e.ty as IntTy))
          return `((${e.ty})(0 - (${unsignedOf(e.ty as IntTy)})${this.expr(e.e)}))`;
        return `(${e.op}${this.expr(e.e)})`;
      }
      case 'cond':
        return `(${this.expr(e.c)} ? ${this.expr(e.a)} : ${this.expr(e.b)})`;
      case 'arr':
        return `${e.name}[${this.expr(e.idx)} & ${e.size - 1}]`;
      case 'call': {
        let args = e.args.map((a) => this.castTo(e.argTy, a));
        if (e.fn.startsWith('convert_') && isFloat(e.argTy)) {
          // The ROCm library clamps with fmax/fmin first, so NaN saturates to the minimum rather than the
          // recommended 0 ("should" in OpenCL C 6.2.3.3): NaN is replaced by 0 before the call.
          const f = e.argTy;
          const name = this.helper(
            `nonan_${f}`,
            `static ${f} nonan_${f}(${f} x) { return x == x ? x : (${f})0; }`,
          );
          args = [`${name}(${args[0]})`];
        }
        if (e.fn === 'mad24') {
          const r = e.argTy === 'int' ? this.s24() : this.u24();
          args = [`${r}(${args[0]})`, `${r}(${args[1]})`, args[2]];
        }
        return `${e.fn}(${args.join(', ')})`;
      }
      case 'bin':
        return this.bin(e);
    }
  }

  s24(): string {
    return this.helper('s24', 'static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }');
  }

  u24(): string {
    return this.helper('u24', 'static uint u24(uint x) { return x & 0xffffffu; }');
  }

  bin(e: Expr & { k: 'bin' }): string {
    const a = this.expr(e.a);
    const b = this.expr(e.b);
    const t = e.ty;
    switch (e.op) {
      case '<<': {
        const it = t as IntTy;
        const m = bitsOf(it) - 1;
        if (isSigned(it)) return `((${it})((${unsignedOf(it)})${a} << (${b} & ${m})))`;
        return `(${a} << (${b} & ${m}))`;
      }
      case '>>':
        return `(${a} >> (${b} & ${bitsOf(t as IntTy) - 1}))`;
      case '+':
      case '-':
      case '*':
        if (!isFloat(t) && isSigned(t as IntTy)) {
          const u = unsignedOf(t as IntTy);
          return `((${t})((${u})${a} ${e.op} (${u})${b}))`;
        }
        return `(${a} ${e.op} ${b})`;
      case '/':
      case '%': {
        if (isFloat(t)) return `(${a} / ${b})`;
        const it = uac(e.a.ty, e.b.ty) as IntTy;
        const name = `${e.op === '/' ? 'div' : 'mod'}_${it}`;
        const min = { int: 'INT_MIN', long: 'LONG_MIN' }[it as string];
        const guard = min ? `b == 0 || (a == ${min} && b == -1)` : 'b == 0';
        this.helper(name, `static ${it} ${name}(${it} a, ${it} b) { return (${guard}) ? a : a ${e.op} b; }`);
        return `${name}(${a}, ${b})`;
      }
      default:
        return `(${a} ${e.op} ${b})`;
    }
  }

  stmts(ss: Stmt[], ind: string, out: string[]): void {
    for (const s of ss) this.stmt(s, ind, out);
  }

  stmt(s: Stmt, ind: string, out: string[]): void {
    switch (s.k) {
      case 'decl':
        out.push(`${ind}${s.ty} ${s.name} = ${this.castTo(s.ty, s.e)};`);
        return;
      case 'assign':
        out.push(`${ind}${s.name} = ${this.castTo(s.ty, s.e)};`);
        return;
      case 'if':
        out.push(`${ind}if (${this.expr(s.c)}) {`);
        this.stmts(s.t, `${ind}  `, out);
        if (s.f.length > 0) {
          out.push(`${ind}} else {`);
          this.stmts(s.f, `${ind}  `, out);
        }
        out.push(`${ind}}`);
        return;
      case 'for':
        out.push(`${ind}for (uint ${s.iv} = 0; ${s.iv} < ((uint)${this.expr(s.n)} & 7u); ${s.iv}++) {`);
        this.stmts(s.body, `${ind}  `, out);
        out.push(`${ind}}`);
        return;
      case 'break':
        out.push(`${ind}if (${this.expr(s.c)}) break;`);
        return;
      case 'arrdecl':
        out.push(
          `${ind}${s.ty} ${s.name}[${s.inits.length}] = {${s.inits.map((e) => this.castTo(s.ty, e)).join(', ')}};`,
        );
        return;
      case 'arrset':
        out.push(`${ind}${s.name}[${this.expr(s.idx)} & ${s.size - 1}] = ${this.castTo(s.ty, s.e)};`);
        return;
      case 'vec': {
        const vt = `${s.ty}${s.names.length}`;
        const mk = (es: Expr[]) => `((${vt})(${es.map((e) => this.castTo(s.ty, e)).join(', ')}))`;
        const a = mk(s.a);
        const b = mk(s.b);
        const tmp = `${s.names[0]}_v`;
        let e: string;
        if (s.op === '<<' || s.op === '>>') e = `(${a} ${s.op} (${b} & (${vt})${bitsOf(s.ty as IntTy) - 1}))`;
        else if (/^[a-z]/.test(s.op)) e = `${s.op}(${a}, ${b})`;
        else e = `(${a} ${s.op} ${b})`;
        out.push(`${ind}${vt} ${tmp} = ${e};`);
        s.names.forEach((n, i) => {
          out.push(`${ind}${s.ty} ${n} = ${tmp}.s${i};`);
        });
        return;
      }
      case 'gatomic': {
        const fn = bitsOf(s.ty as IntTy) === 64 ? s.op.replace('atomic_', 'atom_') : s.op;
        out.push(
          `${ind}${fn}((__global ${s.ty} *)(gacc + ${s.slot * 4} + (uint)${this.expr(s.idx)} % 4), ${this.castTo(s.ty, s.e)});`,
        );
        return;
      }
      case 'atomic': {
        out.push(
          `${ind}for (uint ${s.lds}_q = lid; ${s.lds}_q < 4; ${s.lds}_q += lsz) ${s.lds}[${s.lds}_q] = ${intLit(s.init, s.ty as IntTy)};`,
        );
        out.push(`${ind}barrier(CLK_LOCAL_MEM_FENCE);`);
        // 64-bit: the cl_khr_int64_{base,extended}_atomics functions (atom_add, ...).
        const fn = bitsOf(s.ty as IntTy) === 64 ? s.op.replace('atomic_', 'atom_') : s.op;
        out.push(`${ind}${fn}(&${s.lds}[(uint)${this.expr(s.idx)} % 4], ${this.castTo(s.ty, s.e)});`);
        out.push(`${ind}barrier(CLK_LOCAL_MEM_FENCE);`);
        out.push(`${ind}${s.ty} ${s.name} = ${s.lds}[lid % 4];`);
        return;
      }
      case 'lds':
        out.push(`${ind}${s.lds}[lid] = ${this.castTo(s.ty, s.e)};`);
        out.push(`${ind}barrier(CLK_LOCAL_MEM_FENCE);`);
        out.push(`${ind}${s.ty} ${s.name} = ${s.lds}[(lid + (uint)${this.expr(s.off)}) % lsz];`);
        out.push(`${ind}barrier(CLK_LOCAL_MEM_FENCE);`);
        return;
    }
  }
}

export const KERNEL_NAME = 'k';
export const MAX_BLOCK = 256;

export function printKernel(p: Program): string {
  const pr = new Printer();
  const body: string[] = [];
  for (const s of p.body) {
    if (s.k === 'lds') body.push(`  __local ${s.ty} ${s.lds}[${MAX_BLOCK}];`);
    if (s.k === 'atomic') body.push(`  __local ${s.ty} ${s.lds}[4];`);
  }
  body.push('  uint gid = (uint)get_global_id(0);');
  body.push('  uint lid = (uint)get_local_id(0);');
  body.push('  uint grp = (uint)get_group_id(0);');
  body.push('  uint lsz = (uint)get_local_size(0);');
  pr.stmts(p.body, '  ', body);
  p.outputs.forEach((o, j) => {
    const v =
      o.ty === 'double'
        ? `as_ulong(${o.name})`
        : o.ty === 'float'
          ? `(ulong)as_uint(${o.name})`
          : o.ty === 'half'
            ? `(ulong)as_ushort(${o.name})`
            : `(ulong)${o.name}`;
    body.push(`  out[gid * NOUT + ${j}] = ${v};`);
    body.push(
      `  *(__global ${o.ty} *)(out2 + (gid * NOUT + ${j}) * 8 + ${narrowOffset(j, o.ty)}) = ${o.name};`,
    );
  });
  return [
    `// csmith-lite kernel, seed ${p.seed}`,
    '#pragma OPENCL EXTENSION cl_khr_fp64 : enable',
    '#pragma OPENCL EXTENSION cl_khr_fp16 : enable',
    '#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable',
    '#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable',
    `#define NIN ${p.nin}`,
    `#define NOUT ${p.outputs.length}`,
    ...pr.helpers.values(),
    `__kernel void ${KERNEL_NAME}(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {`,
    ...body,
    '}',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Generator

interface VarInfo {
  name: string;
  ty: Ty;
  mutable: boolean;
}

const FLOAT_CONSTS = [
  0,
  -0,
  1,
  -1,
  0.5,
  2,
  3,
  -2.5,
  0.1,
  1 / 3,
  100,
  1e10,
  -1e-3,
  2 ** -130,
  2 ** 100,
  65504,
];

export class Generator {
  private n = 0;
  private arrays: { name: string; ty: Ty; size: number }[] = [];
  private lds = 0;
  private nin = 1;
  private uniformOnly = false;
  private gslots = 0;
  constructor(private rng: Rng) {}

  /** An atomic operation for type ty. LLVM 22 expands a 64-bit global atomic or into a compare-and-swap
   *  loop whose new high half is the old one even when the operand's high half is all ones: no 64-bit or. */
  private atomicOp(ty: IntTy): string {
    const ops = bitsOf(ty) === 64 ? ATOMIC_OPS.filter((o) => o !== 'atomic_or') : ATOMIC_OPS;
    return this.rng.pick(ops);
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.n++}`;
  }

  randTy(floatP = 0.2): Ty {
    const r = this.rng;
    if (r.chance(floatP)) return r.pick(['half', 'float', 'float', 'double', 'double'] as FltTy[]);
    return r.pick([
      'char',
      'uchar',
      'short',
      'ushort',
      'int',
      'int',
      'uint',
      'uint',
      'long',
      'ulong',
    ] as IntTy[]);
  }

  randIntTy(): IntTy {
    return this.randTy(0) as IntTy;
  }

  constOf(t: Ty): Expr {
    const r = this.rng;
    if (isFloat(t)) {
      let v = r.chance(0.5) ? r.pick(FLOAT_CONSTS) : r.int(-4096, 4096) / 2 ** r.int(0, 6);
      v = conv(v, 'double', t) as number;
      return { k: 'const', ty: t, v };
    }
    const bits = bitsOf(t);
    let v: bigint;
    const c = r.int(0, 5);
    if (c <= 2) v = BigInt(r.int(-8, 40));
    else if (c === 3)
      v = r.pick([1n, -1n, 0n]) + r.pick([1n << BigInt(bits - 1), 1n << BigInt(bits), 0x7fn, 0xffffn]);
    else v = r.u64();
    return { k: 'const', ty: t, v: conv(v, 'ulong', t) };
  }

  leaf(env: VarInfo[]): Expr {
    const r = this.rng;
    if (this.arrays.length > 0 && !this.uniformOnly && r.chance(0.1)) {
      const a = r.pick(this.arrays);
      return { k: 'arr', ty: a.ty, name: a.name, size: a.size, idx: this.asInt(this.expr(env, 1)) };
    }
    if (r.chance(0.2)) return this.constOf(this.randTy());
    if (!this.uniformOnly && r.chance(0.08)) {
      const ty = this.randTy(0.3);
      return { k: 'ld', ty, slot: r.int(0, this.nin - 1), part: r.int(0, 8 / sizeOf(ty) - 1) };
    }
    const v = r.pick(env);
    return { k: 'var', ty: v.ty, name: v.name };
  }

  asInt(e: Expr): Expr {
    return isFloat(e.ty) ? { k: 'cast', ty: this.randIntTy(), e } : e;
  }

  expr(env: VarInfo[], depth: number): Expr {
    const r = this.rng;
    if (depth <= 0 || r.chance(0.2)) return this.leaf(env);
    const d = depth - 1;
    const c = r.int(0, 99);
    if (c < 40) {
      const op = r.pick(['+', '-', '*', '+', '-', '&', '|', '^', '/', '%', '<<', '>>']);
      let a = this.expr(env, d);
      let b = this.expr(env, d);
      if ('&|^%<<>>'.includes(op)) {
        a = this.asInt(a);
        b = this.asInt(b);
      }
      const ty = op === '<<' || op === '>>' ? promote(a.ty) : uac(a.ty, b.ty);
      // Half division is not correctly rounded in every implementation: multiply instead.
      return { k: 'bin', ty, op: op === '/' && ty === 'half' ? '*' : op, a, b };
    }
    if (c < 48) {
      const op = r.pick(['<', '<=', '>', '>=', '==', '!=', '&&', '||']);
      return { k: 'bin', ty: 'int', op, a: this.expr(env, d), b: this.expr(env, d) };
    }
    if (c < 60) {
      const a = this.expr(env, d);
      const op = r.pick(['-', '~', '!'] as const);
      if (op === '!') return { k: 'un', ty: 'int', op, e: a };
      const e = op === '~' ? this.asInt(a) : a;
      return { k: 'un', ty: promote(e.ty), op, e };
    }
    if (c < 68) {
      const a = this.expr(env, d);
      const b = this.expr(env, d);
      // OpenCL rejects a floating-point condition in ?: (vector select rules): compare with zero instead.
      let c = this.expr(env, d);
      if (isFloat(c.ty)) c = { k: 'bin', ty: 'int', op: '!=', a: c, b: { k: 'const', ty: c.ty, v: 0 } };
      return { k: 'cond', ty: uac(a.ty, b.ty), c, a, b };
    }
    if (c < 74) return { k: 'cast', ty: this.randTy(), e: this.expr(env, d) };
    if (c < 78) {
      // Saturating conversion (the source keeps its own type: integer or floating point). The ROCm library
      // clamps a half source to +-65504 before fptosi to short/char (poison above the target range, folded
      // at -O1 and up): half sources are converted to float first.
      let e = this.expr(env, d);
      if (e.ty === 'half') e = { k: 'cast', ty: 'float', e };
      const ty = this.randIntTy();
      return { k: 'call', ty, fn: `convert_${ty}_sat`, argTy: e.ty, args: [e] };
    }
    if (c < 92) {
      const fn = r.pick(Object.keys(INT_BUILTINS));
      let argTy: Ty = fn === 'mad24' ? r.pick(['int', 'uint'] as IntTy[]) : this.randIntTy();
      // The ROCm device library computes abs_diff(int/long) as a signed `max - min` (sub nsw): a
      // difference above INT_MAX / LONG_MAX is poison and -O3 folds it to abs(x - y). Not used.
      if (fn === 'abs_diff' && (argTy === 'int' || argTy === 'long')) argTy = unsignedOf(argTy);
      // LLVM 22's AMDGPU backend folds a 64-bit unsigned absolute difference with operands that have
      // many sign bits (abdu(sext x, -1)) into abs(x - y): no 64-bit abs_diff either.
      if (fn === 'abs_diff' && argTy === 'ulong') argTy = 'uint';
      // LLVM 22's SDWA peephole turns zext(ashr i16 (mul_hi(char) in short), 8) + c into v_add_u32_sdwa with
      // sext(BYTE_1), which sign-extends to 32 bits: no signed 8/16-bit mul_hi.
      if (fn === 'mul_hi' && (argTy === 'char' || argTy === 'short')) argTy = 'int';
      const args = Array.from({ length: INT_BUILTINS[fn] }, () => this.expr(env, d));
      return { k: 'call', ty: builtinResult(fn, argTy), fn, argTy, args };
    }
    const fn = r.pick(Object.keys(FLOAT_BUILTINS));
    const argTy: FltTy = r.pick(['half', 'float', 'double'] as FltTy[]);
    // Half sqrt is not required to be correctly rounded.
    if (argTy === 'half' && fn === 'sqrt')
      return { k: 'call', ty: argTy, fn: 'fabs', argTy, args: [this.expr(env, d)] };
    const args = Array.from({ length: FLOAT_BUILTINS[fn] }, () => this.expr(env, d));
    return { k: 'call', ty: argTy, fn, argTy, args };
  }

  block(env: VarInfo[], n: number, depth: number, inLoop: boolean, top: boolean): Stmt[] {
    const r = this.rng;
    const out: Stmt[] = [];
    const local = [...env];
    for (let i = 0; i < n; i++) {
      let c = r.int(0, 99);
      const mutables = local.filter((v) => v.mutable);
      // Nested blocks mostly update outer variables (declarations there would be dead).
      if (!top && c < 35) c = r.chance(0.3) ? c : 40;
      if (c < 35 || mutables.length === 0) {
        const e = this.expr(local, r.int(1, 4));
        const ty = r.chance(0.6) ? e.ty : this.randTy();
        const name = this.fresh('v');
        out.push({ k: 'decl', name, ty, e });
        local.push({ name, ty, mutable: true });
      } else if (c < 55) {
        const v = r.pick(mutables);
        let e = this.expr(local, r.int(1, 4));
        if (r.chance(0.5)) {
          // An update: v = v op e.
          const op = r.pick(['+', '-', '*', '^', '|', '&', '+', '-']);
          const cur: Expr = { k: 'var', ty: v.ty, name: v.name };
          if ('&|^'.includes(op) && (isFloat(v.ty) || isFloat(e.ty))) e = this.asInt(e);
          const a = '&|^'.includes(op) ? this.asInt(cur) : cur;
          e = { k: 'bin', ty: uac(a.ty, e.ty), op, a, b: e };
        }
        out.push({ k: 'assign', name: v.name, ty: v.ty, e });
      } else if (c < 67 && depth > 0) {
        out.push({
          k: 'if',
          c: this.expr(local, 2),
          t: this.block(local, r.int(1, 3), depth - 1, inLoop, false),
          f: r.chance(0.6) ? this.block(local, r.int(1, 3), depth - 1, inLoop, false) : [],
        });
      } else if (c < 76 && depth > 0) {
        const iv = this.fresh('i');
        const inner = [...local, { name: iv, ty: 'uint' as Ty, mutable: false }];
        out.push({
          k: 'for',
          iv,
          n: this.asInt(this.expr(local, 2)),
          body: this.block(inner, r.int(1, 3), depth - 1, true, false),
        });
      } else if (c < 80 && inLoop) {
        out.push({ k: 'break', c: this.expr(local, 2) });
      } else if (c < 88 && r.chance(0.3)) {
        const ty: IntTy = r.pick(['int', 'uint', 'long', 'ulong']);
        out.push({
          k: 'gatomic',
          slot: this.gslots++,
          ty,
          op: this.atomicOp(ty),
          init: (this.constOf(ty) as { v: bigint }).v,
          idx: this.asInt(this.expr(local, 2)),
          e: this.expr(local, 3),
        });
      } else if (c < 88 && this.arrays.length > 0) {
        const a = r.pick(this.arrays);
        out.push({
          k: 'arrset',
          name: a.name,
          ty: a.ty,
          size: a.size,
          idx: this.asInt(this.expr(local, 2)),
          e: this.expr(local, 3),
        });
      } else if (c < 91 && (top || r.chance(0.3))) {
        // Vectors of unsigned elements (signed vector arithmetic would need the same overflow care) or half.
        const ty = r.pick(['uchar', 'ushort', 'ushort', 'uint', 'ulong', 'half', 'half'] as Ty[]);
        let op = ty === 'half' ? r.pick(['+', '-', '*']) : r.pick(VEC_INT_OPS);
        if (op === 'abs_diff' && ty === 'ulong') op = 'max'; // see the scalar abs_diff above
        const n = r.pick([2, 2, 4]);
        const names = Array.from({ length: n }, () => this.fresh('w'));
        out.push({
          k: 'vec',
          ty,
          op,
          a: names.map(() => this.expr(local, 2)),
          b: names.map(() => this.expr(local, 2)),
          names,
        });
        for (const name of names) local.push({ name, ty, mutable: true });
      } else if (c < 93 && top) {
        const ty: IntTy = r.pick(['int', 'uint', 'int', 'uint', 'long', 'ulong']);
        const name = this.fresh('y');
        out.push({
          k: 'atomic',
          lds: `acc${this.lds++}`,
          name,
          ty,
          op: this.atomicOp(ty),
          init: (this.constOf(ty) as { v: bigint }).v,
          idx: this.asInt(this.expr(local, 2)),
          e: this.expr(local, 3),
        });
        local.push({ name, ty, mutable: true });
      } else if (c < 97 && top) {
        const ty = this.randTy(0.25);
        const name = this.fresh('x');
        out.push({
          k: 'lds',
          lds: `lds${this.lds++}`,
          name,
          ty,
          e: this.expr(local, 3),
          off: r.chance(0.5) ? this.constOf('uint') : this.asInt(this.expr(local, 2)),
        });
        local.push({ name, ty, mutable: true });
      } else {
        const e = this.expr(local, r.int(1, 3));
        const name = this.fresh('v');
        out.push({ k: 'decl', name, ty: e.ty, e });
        local.push({ name, ty: e.ty, mutable: true });
      }
    }
    if (top) env.splice(0, env.length, ...local);
    return out;
  }

  program(seed: number): Program {
    const r = this.rng;
    const nin = r.int(3, 8);
    this.nin = nin;
    const inTypes = Array.from({ length: nin }, () => this.randTy(0.3));
    const env: VarInfo[] = ['gid', 'lid', 'grp', 'lsz', 'sarg'].map((name) => ({
      name,
      ty: 'uint' as Ty,
      mutable: false,
    }));
    const body: Stmt[] = [];
    inTypes.forEach((ty, slot) => {
      const name = `a${slot}`;
      body.push({ k: 'decl', name, ty, e: { k: 'in', ty, slot } });
      env.push({ name, ty, mutable: true });
    });
    // Uniform values (from sarg, grp, lsz only): the compiler keeps them in SGPRs and uses SALU.
    const uniform = env.filter((v) => ['grp', 'lsz', 'sarg'].includes(v.name));
    this.uniformOnly = true;
    for (let i = r.int(1, 3); i > 0; i--) {
      const e = this.expr(uniform, r.int(2, 4));
      const name = this.fresh('u');
      const ty = r.chance(0.7) ? e.ty : this.randTy(0.1);
      body.push({ k: 'decl', name, ty, e });
      uniform.push({ name, ty, mutable: false });
      env.push({ name, ty, mutable: true });
    }
    this.uniformOnly = false;
    const narr = r.int(0, 2);
    for (let i = 0; i < narr; i++) {
      const ty = this.randTy(0.25);
      const size = r.pick([4, 8, 16]);
      const name = this.fresh('p');
      body.push({
        k: 'arrdecl',
        name,
        ty,
        inits: Array.from({ length: size }, () => this.expr(env, 1)),
      });
      this.arrays.push({ name, ty, size });
    }
    body.push(...this.block(env, r.int(6, 16), 2, false, true));
    const cands = env.filter((v) => !['gid', 'lid', 'grp', 'lsz', 'sarg'].includes(v.name));
    // Every top-level variable is an output (at most 16: the last ones).
    const outputs = cands.slice(-16).map((v) => ({ name: v.name, ty: v.ty }));
    const block = r.pick([64, 96, 128, 192, 256]);
    const grid = block + r.int(1, block - 1);
    return { seed, nin, inTypes, body, outputs, block, grid, sarg: r.u32() };
  }
}

export function generate(seed: number): Program {
  return new Generator(new Rng(seed)).program(seed);
}

/** Random input words for a program: interesting integers and floats according to each slot's type. */
export function makeInputs(p: Program): BigUint64Array {
  const r = new Rng(p.seed ^ 0x5eed1234);
  const words = new BigUint64Array(p.grid * p.nin);
  for (let i = 0; i < p.grid; i++) {
    for (let s = 0; s < p.nin; s++) {
      const t = p.inTypes[s];
      let w: bigint;
      if (isFloat(t)) {
        const c = r.int(0, 5);
        let v: number;
        if (c === 0) v = r.pick(FLOAT_CONSTS);
        else if (c === 1) v = r.int(-100, 100);
        else if (c === 2) v = r.float(-1e6, 1e6);
        else if (c === 3) v = r.float(-1, 1) * 2 ** r.int(-150, 140);
        else v = r.float(-10, 10);
        if (t === 'half') v = r.chance(0.5) ? r.int(-2048, 2048) / 2 ** r.int(0, 14) : v / 2 ** r.int(0, 16);
        w = outputWord(conv(v, 'double', t) as number, t);
      } else {
        const c = r.int(0, 5);
        if (c <= 1) w = BigInt.asUintN(64, BigInt(r.int(-20, 300)));
        else if (c === 2) {
          const b = bitsOf(t);
          w = BigInt.asUintN(
            64,
            r.pick([1n << BigInt(b - 1), (1n << BigInt(b - 1)) - 1n, (1n << BigInt(b)) - 1n, 0n]),
          );
        } else w = r.u64();
      }
      words[i * p.nin + s] = w;
    }
  }
  return words;
}
