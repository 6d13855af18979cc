// Floating-point cases: IEEE arithmetic (exact), conversions in every rounding mode, rounding functions,
// and ocml math with the OpenCL ULP limits. References round exactly with BigInt (harness.ts) and use
// double precision (or double-double for erf) for transcendental functions.

import {
  type Case,
  expectFloats,
  expectInts,
  F16,
  F32,
  F64,
  type FloatCheck,
  type Format,
  f16Bits,
  f16Value,
  fmaExact,
  type Rng,
  roundTo,
} from './harness.js';
import {
  erfRef,
  f32r,
  fdimRef,
  fmodRef,
  frexpRef,
  gfx6Ceil64,
  gfx6Floor64,
  gfx6Rint64,
  rintRef,
  roundRef,
  toIntSat,
} from './refmath.js';

const NAN = Number.NaN;
const INF = Number.POSITIVE_INFINITY;

/** A random f32 value: sign, exponent in [emin, emax], random significand; some specials. */
function randF32(rng: Rng, emin: number, emax: number, specials = 0): number {
  if (specials > 0 && rng.chance(specials)) return rng.pick([0, -0, INF, -INF, NAN, 1, -1, 0.5, 3]);
  const m = 1 + rng.u32() / 4294967296;
  const e = rng.int(emin, emax);
  return f32r((rng.chance(0.5) ? -1 : 1) * m * 2 ** e);
}

function randF64(rng: Rng, emin: number, emax: number, specials = 0): number {
  if (specials > 0 && rng.chance(specials)) return rng.pick([0, -0, INF, -INF, NAN, 1, -1, 0.5, 3]);
  const m = 1 + (rng.u32() * 2 ** 21 + (rng.u32() >>> 11)) / 2 ** 53;
  const e = rng.int(emin, emax);
  return (rng.chance(0.5) ? -1 : 1) * m * 2 ** e;
}

const exact = (fmt: Format): FloatCheck => ({ fmt, ulps: 0 });
const ulps = (fmt: Format, n: number): FloatCheck => ({ fmt, ulps: n });

function itemLabel(per: number, names: readonly string[], inputs: (k: number) => string) {
  return (i: number) => `item ${Math.floor(i / per)} ${names[i % per]}(${inputs(Math.floor(i / per))})`;
}

const f32Arith: Case = {
  name: 'f32_arith',
  source: 'float_ops',
  lang: 'OpenCL',
  covers: 'f32 + - * fma (exact), / (2.5 ulp), sqrt (3 ulp), fmin fmax copysign, comparisons, NaN/inf',
  setup(rng) {
    const n = 256;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    const c = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = randF32(rng, -30, 30, 0.08);
      b[i] = i % 7 === 0 ? a[i] : randF32(rng, -30, 30, 0.08);
      c[i] = randF32(rng, -60, 60, 0.05);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(10 * n), new Int32Array(n), a, b, c],
      check(o) {
        const exp: number[] = [];
        const cmp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i];
          const z = c[i];
          const fmin = Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.min(x, y);
          const fmax = Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.max(x, y);
          const zneg = z < 0 || Object.is(z, -0) || (Number.isNaN(z) && new Int32Array(c.buffer)[i] < 0);
          exp.push(
            x + y,
            x - y,
            x * y,
            x / y,
            fmaExact(x, y, z, F32),
            Math.sqrt(Math.abs(x)),
            fmin,
            fmax,
            -x * Math.abs(z),
            zneg ? -Math.abs(y) : Math.abs(y),
          );
          cmp.push(
            +(x < y) |
              (+(x <= y) << 1) |
              (+(x === y) << 2) |
              (+(x !== y) << 3) |
              (+(x > y) << 4) |
              (+(x >= y) << 5) |
              (+Number.isNaN(x) << 6) |
              (+(Math.abs(y) === INF) << 7) |
              (+(x < y) << 8) |
              (+zneg << 9),
          );
        }
        const names = ['add', 'sub', 'mul', 'div', 'fma', 'sqrt', 'fmin', 'fmax', 'negmul', 'copysign'];
        const checks = [
          exact(F32),
          exact(F32),
          exact(F32),
          ulps(F32, 2.5),
          exact(F32),
          ulps(F32, 3),
          { fmt: F32, ulps: 0, ignoreZeroSign: true },
          { fmt: F32, ulps: 0, ignoreZeroSign: true },
          exact(F32),
          exact(F32),
        ];
        expectFloats(
          'out',
          o[0] as Float32Array,
          exp,
          (i) => checks[i % 10],
          itemLabel(10, names, (k) => `${a[k]}, ${b[k]}, ${c[k]}`),
        );
        expectInts('cmp', o[1] as Int32Array, cmp, (i) => `compare(${a[i]}, ${b[i]}, ${c[i]})`);
      },
    };
  },
};

const f64Arith: Case = {
  name: 'f64_arith',
  source: 'float_ops',
  lang: 'OpenCL',
  covers: 'f64 + - * / sqrt fma (all correctly rounded), fmin fmax, select',
  setup(rng) {
    const n = 256;
    const a = new Float64Array(n);
    const b = new Float64Array(n);
    const c = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = randF64(rng, -300, 300, 0.06);
      b[i] = i % 9 === 0 ? -a[i] : randF64(rng, -300, 300, 0.06);
      c[i] = i % 5 === 0 ? -a[i] * b[i] : randF64(rng, -600, 600, 0.04);
    }
    return {
      grid: [n],
      block: [128],
      args: [new Float64Array(9 * n), a, b, c],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i];
          const z = c[i];
          const fmin = Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.min(x, y);
          const fmax = Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.max(x, y);
          exp.push(
            x + y,
            x - y,
            x * y,
            x / y,
            fmaExact(x, y, z, F64),
            Math.sqrt(Math.abs(x)),
            fmin,
            fmax,
            x < y ? z : -z,
          );
        }
        const names = ['add', 'sub', 'mul', 'div', 'fma', 'sqrt', 'fmin', 'fmax', 'select'];
        expectFloats(
          'out',
          o[0] as Float64Array,
          exp,
          (i) => (i % 9 === 6 || i % 9 === 7 ? { fmt: F64, ulps: 0, ignoreZeroSign: true } : exact(F64)),
          itemLabel(9, names, (k) => `${a[k]}, ${b[k]}, ${c[k]}`),
        );
      },
    };
  },
};

const f16Arith: Case = {
  name: 'f16_arith',
  source: 'float_ops',
  lang: 'OpenCL',
  covers: 'half (cl_khr_fp16) + - * fma exact, / 1 ulp, float->half rte, half->float, comparisons',
  setup(rng) {
    const n = 192;
    const a = new Uint16Array(n);
    const b = new Uint16Array(n);
    const f = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const h = () => (rng.chance(0.5) ? -1 : 1) * rng.float(1, 2) * 2 ** rng.int(-4, 5);
      a[i] = f16Bits(i % 31 === 0 ? rng.pick([0, INF, -INF, 65504]) : h());
      b[i] = i % 11 === 0 ? a[i] : f16Bits(h());
      f[i] = i % 13 === 0 ? rng.pick([70000, -1e-9, 65520, 65519.996]) : randF32(rng, -14, 15);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Uint16Array(6 * n), new Float32Array(2 * n), a, b, f],
      check(o) {
        const exp: number[] = [];
        const fexp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = f16Value(a[i]);
          const y = f16Value(b[i]);
          exp.push(x + y, x - y, x * y, x / y, f[i], fmaExact(x, y, 1, F16));
          fexp.push(x * 2, +(x < y) + +(x === y) * 2);
        }
        const got = Array.from(o[0] as Uint16Array, f16Value);
        const names = ['add', 'sub', 'mul', 'div', 'convert_half', 'fma'];
        expectFloats(
          'out',
          got,
          exp,
          (i) => (i % 6 === 3 ? ulps(F16, 1) : exact(F16)),
          itemLabel(6, names, (k) => `${f16Value(a[k])}, ${f16Value(b[k])}, ${f[k]}`),
        );
        expectFloats('fout', o[1] as Float32Array, fexp, exact(F32));
      },
    };
  },
};

function roundCase(bits: 32 | 64): Case {
  const fmt = bits === 32 ? F32 : F64;
  const per = 9;
  return {
    name: `f${bits}_round`,
    source: 'float_ops',
    lang: 'OpenCL',
    covers: `f${bits} floor ceil round trunc rint frexp ldexp fmod fdim (exact)`,
    setup(rng) {
      const n = 200;
      const Arr = bits === 32 ? Float32Array : Float64Array;
      const rand = bits === 32 ? randF32 : randF64;
      const a = new Arr(n);
      const b = new Arr(n);
      for (let i = 0; i < n; i++) {
        const kind = i % 4;
        if (kind === 0)
          a[i] = (rng.int(-40, 40) + rng.pick([0, 0.5, 0.25, 0.75])) * (rng.chance(0.2) ? 2 ** 20 : 1);
        else a[i] = rand(rng, -8, bits === 32 ? 30 : 60, 0.04);
        b[i] = rand(rng, -20, 20, 0.02);
      }
      return {
        grid: [n],
        block: [64],
        args: [new Arr(per * n), new Int32Array(n), a, b],
        check(o, _later, code) {
          const exp: number[] = [];
          const expE: number[] = [];
          // gfx6 has no f64 floor/ceil instructions: clang-22's expansions are the reference there.
          const gfx6 = bits === 64 && code.generation === 'gfx6';
          const floor = gfx6 ? gfx6Floor64 : Math.floor;
          const ceil = gfx6 ? gfx6Ceil64 : Math.ceil;
          const rint = gfx6 ? gfx6Rint64 : rintRef;
          for (let i = 0; i < n; i++) {
            const x = a[i];
            const y = b[i];
            const [m, e] = frexpRef(x);
            const k = bits === 32 ? (i % 41) - 20 : (i % 81) - 40;
            exp.push(
              floor(x),
              ceil(x),
              roundRef(x),
              Math.trunc(x),
              rint(x),
              m,
              y * 2 ** k,
              fmodRef(x, y, fmt),
              fdimRef(x, y, fmt),
            );
            expE.push(Number.isFinite(x) ? e : -1);
          }
          const names = ['floor', 'ceil', 'round', 'trunc', 'rint', 'frexp', 'ldexp', 'fmod', 'fdim'];
          expectFloats(
            'out',
            o[0] as Float32Array,
            exp,
            exact(fmt),
            itemLabel(per, names, (k) => `${a[k]}, ${b[k]}`),
          );
          const gotE = Int32Array.from(o[1] as Int32Array, (v, i) => (Number.isFinite(a[i]) ? v : -1));
          expectInts('frexp exponent', gotE, expE, (i) => `frexp(${a[i]})`);
        },
      };
    },
  };
}

// OpenCL full-profile ULP limits; f64 limits get one more ulp for the reference's own error
// (JavaScript's Math functions are fdlibm ports, within 1 ulp).
const F32_MATH: readonly MathRow[] = [
  ['sin', 4, (x) => Math.sin(x)],
  ['cos', 4, (x) => Math.cos(x)],
  ['exp', 3, (x) => Math.exp(x * 0.25)],
  ['log', 3, (x) => Math.log(f32r(Math.abs(x) + 0.5))],
  ['pow', 16, (x, y) => f32r(Math.abs(x) + 0.25) ** y],
  ['rsqrt', 2, (_x, y) => 1 / Math.sqrt(f32r(Math.abs(y) + 0.125))],
  ['tanh', 5, (_x, y) => Math.tanh(y)],
  ['erf', 16, (_x, y) => erfRef(y)],
  ['atan2', 6, (x, y) => Math.atan2(x, y)],
  ['exp2', 3, (_x, y) => 2 ** y],
  ['cbrt', 2, (x) => Math.cbrt(x)],
  ['hypot', 4, (x, y) => Math.hypot(x, y)],
];

const F64_MATH: readonly MathRow[] = [
  ['sin', 5, (x) => Math.sin(x)],
  ['cos', 5, (x) => Math.cos(x)],
  ['exp', 4, (x) => Math.exp(x * 0.25)],
  ['log', 4, (x) => Math.log(Math.abs(x) + 0.5)],
  ['pow', 17, (x, y) => (Math.abs(x) + 0.25) ** y],
  ['rsqrt', 3, (_x, y) => 1 / Math.sqrt(Math.abs(y) + 0.125)],
  ['tanh', 6, (_x, y) => Math.tanh(y)],
  ['erf', 17, (_x, y) => erfRef(y)],
  ['atan2', 7, (x, y) => Math.atan2(x, y)],
  ['exp2', 4, (_x, y) => 2 ** y],
];

/** One math function of a table row: name, ULP limit, host reference of (a[i], b[i]). */
export type MathRow = readonly [string, number, (x: number, y: number) => number];

/**
 * A kernel writing one result per table row for each of `n` items (a[i], b[i]): the shape of the
 * float_ops and extra math kernels, which differ in their table and inputs.
 */
export function mathTableCase(o: {
  name: string;
  source: string;
  bits: 32 | 64;
  table: readonly MathRow[];
  n: number;
  inputs(rng: Rng, a: Float32Array | Float64Array, b: Float32Array | Float64Array): void;
}): Case {
  const { table, bits, n } = o;
  const fmt = bits === 32 ? F32 : F64;
  const per = table.length;
  return {
    name: o.name,
    source: o.source,
    lang: 'OpenCL',
    covers: `ocml f${bits}: ${table.map((t) => t[0]).join(' ')} within OpenCL ULP limits`,
    setup(rng) {
      const Arr = bits === 32 ? Float32Array : Float64Array;
      const a = new Arr(n);
      const b = new Arr(n);
      o.inputs(rng, a, b);
      return {
        grid: [n],
        block: [64],
        args: [new Arr(per * n), a, b],
        check(out) {
          const exp: number[] = [];
          for (let i = 0; i < n; i++) for (const [, , f] of table) exp.push(f(a[i], b[i]));
          expectFloats(
            'out',
            out[0] as Float64Array,
            exp,
            (i) => ({ fmt, ulps: table[i % per][1], ignoreZeroSign: false }),
            itemLabel(
              per,
              table.map((t) => t[0]),
              (k) => `${a[k]}, ${b[k]}`,
            ),
          );
        },
      };
    },
  };
}

function mathCase(bits: 32 | 64): Case {
  return mathTableCase({
    name: `f${bits}_math`,
    source: 'float_ops',
    bits,
    table: bits === 32 ? F32_MATH : F64_MATH,
    n: 256,
    inputs(rng, a, b) {
      for (let i = 0; i < a.length; i++) {
        a[i] = rng.float(-10, 10);
        b[i] = i % 16 === 0 ? rng.pick([0, -0, 0.5, -2, 1]) : rng.float(-3, 3);
        if (i % 16 === 1) a[i] = rng.pick([0, Math.PI, -Math.PI / 2, 1e-3]);
      }
    },
  });
}

const f32DivSqrtCr: Case = {
  name: 'f32_div_sqrt_cr',
  source: 'f32_cr',
  lang: 'OpenCL',
  covers: 'f32 / and sqrt correctly rounded under -cl-fp32-correctly-rounded-divide-sqrt',
  setup(rng) {
    const n = 256;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = Math.abs(randF32(rng, -60, 60, 0.05)) * (i % 23 === 0 ? -1 : 1);
      b[i] = randF32(rng, -60, 60, 0.05);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(3 * n), a, b],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) exp.push(a[i] / b[i], Math.sqrt(a[i]), 1 / b[i]);
        expectFloats(
          'out',
          o[0] as Float32Array,
          exp,
          exact(F32),
          itemLabel(3, ['div', 'sqrt', 'rcp'], (k) => `${a[k]}, ${b[k]}`),
        );
      },
    };
  },
};

const MODES = ['rtz', 'rte', 'rtp', 'rtn'] as const;

const convF32Int: Case = {
  name: 'conv_f32_int',
  source: 'conv',
  lang: 'OpenCL',
  covers: 'convert_int_sat{,_rte,_rtp,_rtn}, uint/char/short/uchar _sat from float, (int) cast',
  setup(rng) {
    const n = 256;
    const a = new Float32Array(n);
    const specials = [
      NAN,
      INF,
      -INF,
      -0,
      0.5,
      -0.5,
      1.5,
      2.5,
      -2.5,
      2147483520,
      2147483648,
      -2147483648,
      4294967040,
      4294967296,
      -3e9,
      127.5,
      255.5,
      32767.5,
    ];
    for (let i = 0; i < n; i++) {
      const k = i % 4;
      if (k === 0) a[i] = rng.pick(specials);
      else if (k === 1) a[i] = rng.int(-600, 600) / 2 + rng.pick([0, 0.25]);
      else a[i] = randF32(rng, -3, 33);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(9 * n), a],
      check(o) {
        const I32: [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
        const exp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          for (const m of MODES) exp.push(toIntSat(x, m, ...I32));
          exp.push(BigInt.asIntN(32, toIntSat(x, 'rtz', 0n, 2n ** 32n - 1n)));
          exp.push(toIntSat(x, 'rte', -128n, 127n));
          exp.push(toIntSat(x, 'rtz', -32768n, 32767n));
          exp.push(toIntSat(x, 'rtp', 0n, 255n));
          exp.push(Number.isFinite(x) && Math.abs(x) < 2e9 ? BigInt(Math.trunc(x)) : 7n);
        }
        const names = [
          'int_sat',
          'int_sat_rte',
          'int_sat_rtp',
          'int_sat_rtn',
          'uint_sat',
          'char_sat_rte',
          'short_sat_rtz',
          'uchar_sat_rtp',
          'cast',
        ];
        expectInts(
          'out',
          o[0] as Int32Array,
          exp,
          itemLabel(9, names, (k) => `${a[k]}`),
        );
      },
    };
  },
};

const convIntF32: Case = {
  name: 'conv_int_f32',
  source: 'conv',
  lang: 'OpenCL',
  covers: 'int/uint/long/ulong -> float in rte rtz rtp rtn',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    const l = new BigInt64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] =
        i % 3 === 0
          ? rng.int(-20000000, 20000000)
          : i % 3 === 1
            ? rng.i32()
            : rng.pick([0x7fffffff, -0x80000000, 16777217, -16777217, 0x7fffffc0, 0x7fffffbf]);
      l[i] =
        i % 2 === 0
          ? rng.i64()
          : rng.pick([
              (1n << 63n) - 1n,
              -(1n << 63n),
              (1n << 53n) + 1n,
              -1n,
              (1n << 24n) + 1n,
              (1n << 40n) + (1n << 16n),
            ]);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(8 * n), a, l],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = BigInt(a[i]);
          const y = l[i];
          exp.push(
            roundTo(x, F32, 'rte'),
            roundTo(x, F32, 'rtz'),
            roundTo(x, F32, 'rtp'),
            roundTo(x, F32, 'rtn'),
            roundTo(BigInt.asUintN(32, x), F32, 'rte'),
            roundTo(y, F32, 'rte'),
            roundTo(BigInt.asUintN(64, y), F32, 'rtz'),
            roundTo(y, F32, 'rtp'),
          );
        }
        const names = ['int', 'int_rtz', 'int_rtp', 'int_rtn', 'uint', 'long', 'ulong_rtz', 'long_rtp'];
        expectFloats(
          'out',
          o[0] as Float32Array,
          exp,
          exact(F32),
          itemLabel(8, names, (k) => `${a[k]}, ${l[k]}`),
        );
      },
    };
  },
};

const convF64: Case = {
  name: 'conv_f64',
  source: 'conv',
  lang: 'OpenCL',
  covers: 'double -> float in 4 rounding modes, float -> double, double <-> long saturating',
  setup(rng) {
    const n = 256;
    const a = new Float64Array(n);
    const specials = [
      NAN,
      INF,
      -INF,
      -0,
      0.5,
      -1.5,
      2.5,
      1e300,
      -1e300,
      3.4028235677973366e38,
      3.4028235e38 * 1.0000001,
      2 ** 63,
      -(2 ** 63),
      2 ** 62 + 1024,
      9.5e18,
      -2147483648.5,
      2147483647.5,
    ];
    for (let i = 0; i < n; i++) {
      const k = i % 4;
      if (k === 0) a[i] = rng.pick(specials);
      else if (k === 1) a[i] = rng.int(-1000000, 1000000) / 4;
      else a[i] = randF64(rng, -100, 70);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Float64Array(2 * n), new Float32Array(4 * n), new BigInt64Array(3 * n), a],
      check(o, _later, code) {
        const L: [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];
        const fexp: number[] = [];
        const dexp: number[] = [];
        const lexp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          fexp.push(
            roundTo(x, F32, 'rte'),
            roundTo(x, F32, 'rtz'),
            roundTo(x, F32, 'rtp'),
            roundTo(x, F32, 'rtn'),
          );
          const ls = toIntSat(x, 'rtz', ...L);
          dexp.push(roundTo(x, F32), roundTo(ls, F64));
          // convert_int_sat_rtn is floor then a saturating conversion; gfx6's f64 floor is clang-22's
          // expansion (refmath.ts gfx6Floor64).
          const rtn =
            code.generation === 'gfx6'
              ? toIntSat(gfx6Floor64(x), 'rtz', -(2n ** 31n), 2n ** 31n - 1n)
              : toIntSat(x, 'rtn', -(2n ** 31n), 2n ** 31n - 1n);
          lexp.push(ls, toIntSat(x, 'rte', ...L), rtn);
        }
        const lab = (per: number, names: string[]) => itemLabel(per, names, (k) => `${a[k]}`);
        expectFloats(
          'float out',
          o[1] as Float32Array,
          fexp,
          exact(F32),
          lab(4, ['rte', 'rtz', 'rtp', 'rtn']),
        );
        expectFloats('double out', o[0] as Float64Array, dexp, exact(F64), lab(2, ['via float', 'via long']));
        expectInts(
          'long out',
          o[2] as BigInt64Array,
          lexp,
          lab(3, ['long_sat', 'long_sat_rte', 'int_sat_rtn']),
        );
      },
    };
  },
};

export const FLOAT_CASES: readonly Case[] = [
  f32Arith,
  f64Arith,
  f16Arith,
  roundCase(32),
  roundCase(64),
  mathCase(32),
  mathCase(64),
  f32DivSqrtCr,
  convF32Int,
  convIntF32,
  convF64,
];
