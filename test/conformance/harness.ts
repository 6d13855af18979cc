// The conformance suite's machinery: a seeded PRNG, exact host-side float rounding (written here, not
// taken from the emulator), comparisons with ULP tolerances, and the runner that launches one case on one
// code object.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bitLength as bitLengthOf } from '../../scripts/lib/bit-length.js';
import { readCodeObject } from '../../src/api/code-object.js';
import { findProcessor, type Generation } from '../../src/isa/processors.js';
import { Device } from '../../src/runtime/device.js';
import type { Engine, KernelArg } from '../../src/runtime/types.js';

export const TARGETS = ['gfx900', 'gfx908'] as const;
export const LEVELS = ['O0', 'O3'] as const;
export type Target = (typeof TARGETS)[number];
export type Level = (typeof LEVELS)[number];

export const BIN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'bin');

// ---------------------------------------------------------------------------------------------------
// PRNG: splitmix32-style mixing of a 32-bit counter; reproducible across runs and platforms.

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A uniformly distributed uint32. */
  u32(): number {
    this.s = (this.s + 0x9e3779b9) >>> 0;
    let z = this.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  i32(): number {
    return this.u32() | 0;
  }
  /** An integer in [lo, hi] (inclusive), both within the safe integer range and hi - lo < 2^32. */
  int(lo: number, hi: number): number {
    return lo + Math.floor((this.u32() / 4294967296) * (hi - lo + 1));
  }
  /** A float in [lo, hi). */
  float(lo: number, hi: number): number {
    return lo + (this.u32() / 4294967296) * (hi - lo);
  }
  u64(): bigint {
    return (BigInt(this.u32()) << 32n) | BigInt(this.u32());
  }
  i64(): bigint {
    return BigInt.asIntN(64, this.u64());
  }
  /** One of the given values. */
  pick<T>(xs: readonly T[]): T {
    return xs[this.u32() % xs.length];
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.u32() / 4294967296 < p;
  }
}

// ---------------------------------------------------------------------------------------------------
// Exact rounding of a dyadic rational m * 2^e (m a BigInt) to a binary floating-point format.

export type Rounding = 'rte' | 'rtz' | 'rtp' | 'rtn';
export interface Format {
  /** Significand bits including the implicit one. */
  readonly p: number;
  /** Exponent of the smallest normal number. */
  readonly emin: number;
  /** Exponent of the largest finite number. */
  readonly emax: number;
}
export const F16: Format = { p: 11, emin: -14, emax: 15 };
export const F32: Format = { p: 24, emin: -126, emax: 127 };
export const F64: Format = { p: 53, emin: -1022, emax: 1023 };

function bitLength(x: bigint): number {
  return x === 0n ? 0 : bitLengthOf(x);
}

/** 2^k as a double, for any k whose result is finite or subnormal. */
function pow2(k: number): number {
  if (k > 1023) return Number.POSITIVE_INFINITY;
  if (k >= -1022) return 2 ** k;
  return 2 ** (k + 100) * 2 ** -100;
}

/** Rounds m * 2^e to the format; the result is a double holding the exactly representable value. */
export function roundDyadic(m: bigint, e: number, fmt: Format, mode: Rounding = 'rte'): number {
  if (m === 0n) return 0;
  const neg = m < 0n;
  let mag = neg ? -m : m;
  // value = mag * 2^e; exponent of the leading bit:
  const lead = bitLength(mag) - 1 + e;
  // The unit in the last place after rounding: 2^q.
  const q = Math.max(lead, fmt.emin) - (fmt.p - 1);
  if (q > e) {
    const shift = BigInt(q - e);
    const kept = mag >> shift;
    const rest = mag - (kept << shift);
    const half = 1n << (shift - 1n);
    let up = false;
    if (rest !== 0n) {
      if (mode === 'rte') up = rest > half || (rest === half && (kept & 1n) === 1n);
      else if (mode === 'rtp') up = !neg;
      else if (mode === 'rtn') up = neg;
    }
    mag = up ? kept + 1n : kept;
    e = q;
  }
  // mag * 2^e now fits in p bits (or p+1 bits when rounding carried, still exact in a double).
  const leadAfter = bitLength(mag) - 1 + e;
  if (leadAfter > fmt.emax) {
    const towardZero = mode === 'rtz' || (mode === 'rtp' && neg) || (mode === 'rtn' && !neg);
    const maxFinite = (2 - 2 ** (1 - fmt.p)) * pow2(fmt.emax);
    const v = towardZero ? maxFinite : Number.POSITIVE_INFINITY;
    return neg ? -v : v;
  }
  const v = Number(mag) * pow2(e);
  return neg ? -v : v;
}

/** Exact value of a finite double as m * 2^e. */
export function toDyadic(x: number): [bigint, number] {
  if (x === 0) return [0n, 0];
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const bexp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (bexp === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = bexp - 1075;
  }
  return [x < 0 ? -m : m, e];
}

/** Rounds a double (or an exact integer given as a bigint) to the format. */
export function roundTo(x: number | bigint, fmt: Format, mode: Rounding = 'rte'): number {
  if (typeof x === 'bigint') return roundDyadic(x, 0, fmt, mode);
  if (!Number.isFinite(x)) return x;
  if (x === 0) return x;
  const [m, e] = toDyadic(x);
  const r = roundDyadic(m, e, fmt, mode);
  return r === 0 && x < 0 ? -0 : r;
}

/** fma(a, b, c) correctly rounded to the format (inputs are values of that format). */
export function fmaExact(a: number, b: number, c: number, fmt: Format): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return roundTo(a * b + c, fmt);
  const [ma, ea] = toDyadic(a);
  const [mb, eb] = toDyadic(b);
  const [mc, ec] = toDyadic(c);
  let mp = ma * mb;
  let ep = ea + eb;
  let mcc = mc;
  let e = Math.min(ep, ec);
  if (mp === 0n) ep = e;
  mp <<= BigInt(ep - e);
  mcc <<= BigInt(ec - e);
  const sum = mp + mcc;
  if (sum === 0n) {
    // Exact zero: the sign of a sum of zeros follows IEEE (+0 unless both are -0).
    const prodNeg = a * b < 0 || Object.is(a * b, -0);
    const cNeg = Object.is(c, -0) || c < 0;
    return prodNeg && cNeg && mp === 0n && mcc === 0n ? -0 : 0;
  }
  e = Math.min(ep, ec);
  return roundDyadic(sum, e, fmt);
}

// ---------------------------------------------------------------------------------------------------
// Half precision bit patterns.

export function f16Bits(v: number): number {
  const r = roundTo(v, F16);
  if (Number.isNaN(r)) return 0x7e00;
  const sign = r < 0 || Object.is(r, -0) ? 0x8000 : 0;
  const a = Math.abs(r);
  if (a === Number.POSITIVE_INFINITY) return sign | 0x7c00;
  if (a === 0) return sign;
  if (a < 2 ** -14) return sign | Math.round(a / 2 ** -24);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const frac = a / 2 ** e - 1;
  return sign | ((e + 15) << 10) | Math.round(frac * 1024);
}

export function f16Value(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const f = bits & 0x3ff;
  if (e === 0) return sign * f * 2 ** -24;
  if (e === 31) return f === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
  return sign * (1 + f / 1024) * 2 ** (e - 15);
}

// ---------------------------------------------------------------------------------------------------
// Comparisons. Each throws a Mismatch naming the output, the first bad index, expected and got.

export class Mismatch extends Error {
  override readonly name = 'Mismatch';
}

type IntArray =
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array;

function hexOf(v: number | bigint): string {
  return typeof v === 'bigint' ? `0x${BigInt.asUintN(64, v).toString(16)}` : `0x${(v >>> 0).toString(16)}`;
}

/** Exact integer comparison; `expected` holds numbers or bigints. */
export function expectInts(
  what: string,
  got: IntArray,
  expected: ArrayLike<number | bigint>,
  label?: (i: number) => string,
): void {
  if (got.length < expected.length)
    throw new Mismatch(`${what}: ${got.length} values, expected ${expected.length}`);
  for (let i = 0; i < expected.length; i++) {
    const g = got[i];
    const e = expected[i];
    const same = typeof g === 'bigint' ? g === BigInt(e) : g === Number(e);
    if (!same) {
      const at = label ? ` (${label(i)})` : '';
      throw new Mismatch(`${what}[${i}]${at}: expected ${e} (${hexOf(e)}), got ${g} (${hexOf(g)})`);
    }
  }
}

/** The unit in the last place of the format at the magnitude of x (x an exact reference value). */
export function ulpOf(x: number, fmt: Format): number {
  const a = Math.abs(x);
  let e = a === 0 ? fmt.emin : Math.floor(Math.log2(a));
  if (a !== 0 && 2 ** e > a) e--;
  if (a !== 0 && 2 ** (e + 1) <= a) e++;
  return pow2(Math.max(e, fmt.emin) - (fmt.p - 1));
}

/** Error of `got` against the exact reference, in ulps of the format (Infinity when classes differ). */
export function ulpError(got: number, ref: number, fmt: Format): number {
  if (Number.isNaN(ref)) return Number.isNaN(got) ? 0 : Number.POSITIVE_INFINITY;
  if (Number.isNaN(got)) return Number.POSITIVE_INFINITY;
  const rounded = roundTo(ref, fmt);
  if (!Number.isFinite(rounded) || !Number.isFinite(got)) {
    if (got === rounded) return 0;
    // An overflowing reference may be met by the largest finite value and vice versa.
    const maxFinite = (2 - 2 ** (1 - fmt.p)) * pow2(fmt.emax);
    if (Math.sign(got) === Math.sign(ref) && Math.abs(got) >= maxFinite && Math.abs(rounded) >= maxFinite)
      return 1;
    return Number.POSITIVE_INFINITY;
  }
  if (got === ref) return 0;
  return Math.abs(got - ref) / ulpOf(ref, fmt);
}

export interface FloatCheck {
  readonly fmt: Format;
  /** Allowed error in ulps; 0 means bit-exact (with any NaN matching any NaN, and -0 distinct from +0). */
  readonly ulps: number;
  /** Accept +0 for -0 and the reverse. */
  readonly ignoreZeroSign?: boolean;
}

/** Float comparison: `expected` holds exact (or high-precision) reference values. */
export function expectFloats(
  what: string,
  got: ArrayLike<number>,
  expected: ArrayLike<number>,
  check: FloatCheck | ((i: number) => FloatCheck),
  label?: (i: number) => string,
): void {
  if (got.length < expected.length)
    throw new Mismatch(`${what}: ${got.length} values, expected ${expected.length}`);
  for (let i = 0; i < expected.length; i++) {
    const c = typeof check === 'function' ? check(i) : check;
    const g = got[i];
    const e = expected[i];
    let ok: boolean;
    let err = 0;
    if (c.ulps === 0) {
      const r = roundTo(e, c.fmt);
      ok = Number.isNaN(r) ? Number.isNaN(g) : g === r && (c.ignoreZeroSign || Object.is(g, r) || r !== 0);
    } else {
      err = ulpError(g, e, c.fmt);
      ok = err <= c.ulps;
    }
    if (!ok) {
      const at = label ? ` (${label(i)})` : '';
      const errText = c.ulps === 0 ? 'exact' : `${err.toPrecision(3)} ulp > ${c.ulps}`;
      throw new Mismatch(`${what}[${i}]${at}: expected ${fmtNum(e)}, got ${fmtNum(g)} (${errText})`);
    }
  }
}

function fmtNum(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

// ---------------------------------------------------------------------------------------------------
// Cases and the runner.

/** A kernel argument as a case describes it: typed arrays become device buffers (read back afterwards). */
export type CaseArg = ArrayBufferView | KernelArg;

export interface Launch {
  readonly grid: readonly number[];
  readonly block: readonly number[];
  readonly args: readonly CaseArg[];
  /** HIP dynamic shared memory (extern __shared__) in bytes. */
  readonly dynamicLds?: number;
  /** Further launches on the same loaded code object, after the first (their buffers are read back too). */
  readonly followUps?: readonly {
    readonly kernel: string;
    readonly grid: readonly number[];
    readonly block: readonly number[];
    readonly args: readonly CaseArg[];
  }[];
  /**
   * Called with the downloaded buffers, by argument index (undefined for non-buffer arguments); `later`
   * holds the same for each launch of `followUps`.
   */
  check(
    out: readonly (ArrayBufferView | undefined)[],
    later: readonly (readonly (ArrayBufferView | undefined)[])[],
    code: CodeFacts,
  ): void;
}

/**
 * What a reference needs to know about the code that ran, read from the code object (not from the
 * emulator): the processor's generation, for the few results that depend on how clang-22 lowers an
 * operation there, and the kernel descriptor's f32 denormal mode.
 */
export interface CodeFacts {
  readonly generation: Generation;
  /** FLOAT_DENORM_MODE_32 is 3 (no flushing): clang-22 sets it on gfx9; gfx6-8 objects flush (0). */
  readonly f32Denormals: boolean;
}

/** Each object is read once: runCase keeps one byte array per path, and a source has many cases. */
const objectInfo = new WeakMap<Uint8Array, ReturnType<typeof readCodeObject>>();

function codeFacts(bytes: Uint8Array, target: string, kernel: string): CodeFacts {
  const proc = findProcessor(target);
  if (!proc) throw new Error(`no processor record for ${target}`);
  let info = objectInfo.get(bytes);
  if (info === undefined) {
    info = readCodeObject(bytes);
    objectInfo.set(bytes, info);
  }
  const k = info.kernels.find((x) => x.name === kernel);
  const fields = k?.descriptor?.fields;
  if (!fields) throw new Error(`${kernel}: no kernel descriptor fields in the ${target} object`);
  return { generation: proc.generation, f32Denormals: fields.float_denorm_mode_32 === 3 };
}

export interface Case {
  /** Unique case name (also the kernel name unless `kernel` is given). */
  readonly name: string;
  /** Source file base name in test/conformance/src (without .cl/.hip). */
  readonly source: string;
  readonly kernel?: string;
  readonly lang: 'OpenCL' | 'HIP';
  /** What the case covers, one line. */
  readonly covers: string;
  /** Builds inputs, launch shape and the checker from a seeded PRNG. */
  setup(rng: Rng): Launch;
}

export function binPath(source: string, target: string, level: Level, dir = BIN_DIR): string {
  return join(dir, `${source}-${target}-${level}.hsaco`);
}

function isView(a: CaseArg): a is ArrayBufferView {
  return ArrayBuffer.isView(a);
}

function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

const codeCache = new Map<string, Uint8Array>();

/**
 * Runs one case on a code object of `dir` (the committed bin/ unless a live test built others), on the
 * given execution engine and number of threads (LaunchOptions.workers); throws (Mismatch, DispatchError,
 * LaunchError, ...) on failure.
 */
export function runCase(
  c: Case,
  target: string,
  level: Level,
  dir = BIN_DIR,
  engine: Engine = 'jit',
  workers = 1,
  queue: 'aql' | 'pm4' = 'aql',
): void {
  const path = binPath(c.source, target, level, dir);
  let bytes = codeCache.get(path);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(path));
    codeCache.set(path, bytes);
  }
  const launch = c.setup(new Rng(seedOf(c.name)));
  const dev = new Device();
  const mod = dev.load(bytes, `${c.source}-${target}-${level}.hsaco`);
  const run = (
    kernel: string,
    grid: readonly number[],
    block: readonly number[],
    caseArgs: readonly CaseArg[],
    dynamicLds = 0,
  ) => {
    const bufs = caseArgs.map((a) => (isView(a) ? dev.upload(a) : undefined));
    const args: KernelArg[] = caseArgs.map((a, i) => (isView(a) ? bufs[i]! : a));
    mod.launch(kernel, { grid, block, args, budget: 2e8, dynamicLds, engine, workers, queue });
    return () =>
      caseArgs.map((a, i) => {
        if (!isView(a)) return undefined;
        const ctor = a.constructor as new (b: ArrayBuffer) => ArrayBufferView;
        const bytesPer = (a as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
        const raw = dev.download(bufs[i]!, Uint8Array);
        const copy = new ArrayBuffer(Math.floor(raw.length / bytesPer) * bytesPer);
        new Uint8Array(copy).set(raw.subarray(0, copy.byteLength));
        return new ctor(copy);
      });
  };
  const first = run(c.kernel ?? c.name, launch.grid, launch.block, launch.args, launch.dynamicLds);
  const laterReads = (launch.followUps ?? []).map((l) => run(l.kernel, l.grid, l.block, l.args));
  launch.check(
    first(),
    laterReads.map((r) => r()),
    codeFacts(bytes, target, c.kernel ?? c.name),
  );
}

/** Shorthand for scalar arguments. */
export const i32 = (value: number): KernelArg => ({ value, type: 'i32' });
export const u32 = (value: number): KernelArg => ({ value, type: 'u32' });
export const f32 = (value: number): KernelArg => ({ value, type: 'f32' });

/** Allocates an output array filled with a recognisable sentinel. */
export function filled<T extends { fill(v: never): T }>(arr: T, v: number | bigint): T {
  return arr.fill(v as never);
}
