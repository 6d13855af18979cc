// More cases: f32 subnormals, sub-group and work-group collectives, program-scope data, division by
// constants, integer built-ins, vstore_half rounding modes, more ocml functions, HIP C++ features.

import { type MathRow, mathTableCase } from './cases-float.js';
import {
  type Case,
  expectFloats,
  expectInts,
  F16,
  F32,
  F64,
  f16Value,
  fmaExact,
  type Rng,
  roundTo,
} from './harness.js';
import { f32r, ftz32 } from './refmath.js';

/** A float spread over subnormal, tiny-normal and ordinary magnitudes. */
function denormish(rng: Rng): number {
  const sign = rng.chance(0.5) ? -1 : 1;
  const kind = rng.int(0, 3);
  if (kind === 0) return sign * rng.int(1, 2 ** 23 - 1) * 2 ** -149; // subnormal
  if (kind === 1) return f32r(sign * rng.float(1, 2) * 2 ** rng.int(-126, -100));
  if (kind === 2) return f32r(sign * rng.float(1, 2) * 2 ** rng.int(-40, -10));
  return f32r(sign * rng.float(1, 2) * 2 ** rng.int(-3, 20));
}

const f32Denormals: Case = {
  name: 'f32_denormals',
  source: 'extra',
  lang: 'OpenCL',
  covers: 'f32 subnormal inputs and results (denormals kept): * + - fma ldexp, double<->float',
  setup(rng) {
    const n = 256;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    const d = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = denormish(rng);
      b[i] = denormish(rng);
      d[i] = (rng.chance(0.5) ? -1 : 1) * rng.float(1, 2) * 2 ** rng.int(-152, -120);
    }
    const tiny = f32r(1e-30);
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(8 * n), new Float64Array(n), a, b, d],
      check(o, _later, code) {
        // gfx9 objects keep f32 denormals (FLOAT_DENORM_MODE_32 = 3); clang-22's gfx6-8 objects flush
        // them (mode 0: denormal inputs read as zero, denormal results written as zero, sign kept).
        const z = code.f32Denormals ? (v: number) => v : ftz32;
        const r = (v: number) => z(f32r(v));
        const exp: number[] = [];
        const dexp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = z(a[i]);
          const y = z(b[i]);
          exp.push(
            r(x * y),
            r(x + y),
            r(x - y),
            z(roundTo(fmaExact(x, y, x, F32), F32)),
            r(d[i]),
            r(x * 2 ** -(i % 24)),
            r(x * 0.5),
            r(Math.abs(y) * tiny),
          );
          dexp.push(x);
        }
        const names = ['mul', 'add', 'sub', 'fma', 'from double', 'ldexp', 'half', 'scale'];
        expectFloats('out', o[0] as Float32Array, exp, { fmt: F32, ulps: 0 }, (i) => {
          const k = Math.floor(i / 8);
          return `item ${k} ${names[i % 8]}(${a[k]}, ${b[k]}, ${d[k]})`;
        });
        expectFloats('dout', o[1] as Float64Array, dexp, { fmt: F64, ulps: 0 });
      },
    };
  },
};

const subgroupOps: Case = {
  name: 'subgroup_ops',
  source: 'extra',
  lang: 'OpenCL',
  covers: 'cl_khr_subgroups (64-wide): ids, reduce/scan add/max/min, broadcast, any, all',
  setup(rng) {
    const block = 128;
    const n = 3 * block;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-100, 100);
    // Sub-group 1 of group 0 has no value above 90; sub-group 0 of group 1 has none at -95 or below.
    for (let i = 64; i < 128; i++) if (a[i] > 90) a[i] = 90 - (i & 7);
    for (let i = 128; i < 192; i++) if (a[i] <= -95) a[i] = -94 + (i & 3);
    return {
      grid: [n],
      block: [block],
      args: [new Int32Array(9 * n), a],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const lid = i % block;
          const sg = Math.floor(lid / 64);
          const base = i - (lid % 64);
          const lanes = Array.from(a.subarray(base, base + 64));
          const l = lid % 64;
          const upto = lanes.slice(0, l + 1);
          const before = lanes.slice(0, l);
          exp.push(
            64,
            sg + 100 * (block / 64),
            l,
            lanes.reduce((s, v) => s + v, 0),
            upto.reduce((s, v) => s + v, 0),
            before.length === 0 ? -0x80000000 : Math.max(...before),
            lanes[5],
            lanes.some((v) => v > 90) ? 1 : 0,
            (lanes.every((v) => v > -95) ? 1 : 0) + 2 * Math.min(...lanes),
          );
        }
        const names = [
          'size',
          'id+100*num',
          'local_id',
          'reduce_add',
          'scan_incl_add',
          'scan_excl_max',
          'broadcast',
          'any',
          'all+2*min',
        ];
        expectInts('out', o[0] as Int32Array, exp, (i) => `work-item ${Math.floor(i / 9)} ${names[i % 9]}`);
      },
    };
  },
};

const workgroupCollectives: Case = {
  name: 'workgroup_collectives',
  source: 'extra',
  lang: 'OpenCL',
  covers: 'work_group_reduce/scan/broadcast/any/all over 192 work-items (3 waves)',
  setup(rng) {
    const block = 192;
    const groups = 3;
    const n = block * groups;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.int(-100, 100);
      if (i < block && (a[i] === 13 || a[i] === 77)) a[i] = 12;
    }
    a[block + 50] = 13;
    a[2 * block + 190] = 77;
    return {
      grid: [n],
      block: [block],
      args: [new Int32Array(6 * n), a],
      check(o) {
        const exp: number[] = [];
        for (let g = 0; g < groups; g++) {
          const v = Array.from(a.subarray(g * block, (g + 1) * block));
          const sum = v.reduce((s, x) => s + x, 0);
          let run = 0;
          let mn = 0x7fffffff;
          for (let l = 0; l < block; l++) {
            run += v[l];
            exp.push(
              sum,
              run,
              mn,
              v[3],
              v.includes(77) ? 1 : 0,
              (v.includes(13) ? 0 : 1) + 2 * Math.max(...v),
            );
            mn = Math.min(mn, v[l]);
          }
        }
        const names = ['reduce_add', 'scan_incl_add', 'scan_excl_min', 'broadcast', 'any', 'all+2*max'];
        expectInts('out', o[0] as Int32Array, exp, (i) => `work-item ${Math.floor(i / 6)} ${names[i % 6]}`);
      },
    };
  },
};

const PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];

const programScopeData: Case = {
  name: 'program_scope_data',
  source: 'extra',
  lang: 'OpenCL',
  covers:
    'program-scope __constant tables and __global variables, a __constant pointer argument, two launches',
  setup() {
    const n = 256;
    const extra = Int32Array.from([1, -2, 3, 100]);
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(2 * n), new Float32Array(n), extra],
      followUps: [{ kernel: 'program_scope_read', grid: [8], block: [8], args: [new Int32Array(8)] }],
      check(o, later) {
        const exp: number[] = [];
        const fexp: number[] = [];
        const hits = new Array(8).fill(0);
        const weights = [0.5, -1.25, 3, 0.0625];
        const scale = [1, 10, 100];
        for (let i = 0; i < n; i++) {
          const p = PRIMES[i & 15];
          exp.push(p * extra[i & 3], i);
          hits[i & 7] += p;
          fexp.push(weights[i & 3] * scale[i % 3]);
        }
        expectInts('out', o[0] as Int32Array, exp);
        expectFloats('fout', o[1] as Float32Array, fexp, { fmt: F32, ulps: 0 });
        expectInts('hits (second launch)', later[0][0] as Int32Array, hits);
      },
    };
  },
};

const divConst: Case = {
  name: 'div_const',
  source: 'extra',
  lang: 'OpenCL',
  covers: '32/64-bit division and remainder by constants (signed, unsigned, powers of two)',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    const l = new BigInt64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] =
        i % 8 === 0
          ? rng.pick([0, -1, 1, 0x7fffffff, -0x80000000, -64, 63, -7, 999])
          : rng.i32() >> rng.int(0, 28);
      l[i] =
        i % 8 === 0
          ? rng.pick([0n, -1n, (1n << 63n) - 1n, -(1n << 63n), 1000000007n, -1000000007n])
          : rng.i64() >> BigInt(rng.int(0, 50));
    }
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(8 * n), new BigInt64Array(4 * n), a, l],
      check(o) {
        const exp: bigint[] = [];
        const lexp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          const x = BigInt(a[i]);
          const u = BigInt(a[i] >>> 0);
          exp.push(x / 7n, x % 10n, x / -3n, u / 1000n, u % 641n, x / 64n, x % 64n, u / 0x80000001n);
          const y = l[i];
          const uy = BigInt.asUintN(64, y);
          lexp.push(y / 1000000007n, y % 1000000007n, BigInt.asIntN(64, uy / 10n), uy % 3n);
        }
        const names = ['/7', '%10', '/-3', 'u/1000', 'u%641', '/64', '%64', 'u/0x80000001'];
        expectInts('out', o[0] as Int32Array, exp, (i) => `${a[Math.floor(i / 8)]} ${names[i % 8]}`);
        const lnames = ['/1000000007', '%1000000007', 'u/10', 'u%3'];
        expectInts('lout', o[1] as BigInt64Array, lexp, (i) => `${l[i >> 2]} ${lnames[i & 3]}`);
      },
    };
  },
};

const intMisc: Case = {
  name: 'int_misc',
  source: 'extra',
  lang: 'OpenCL',
  covers:
    'mad24 mul24 mad_hi rhadd clamp bitselect rotate(char) upsample min/max(uint) clz(ushort) mul_hi(long)',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    const b = new Int32Array(n);
    const l = new BigInt64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.i32();
      b[i] = i % 9 === 0 ? rng.pick([0, -1, 0x7fffffff, -0x80000000]) : rng.i32();
      l[i] = rng.i64();
    }
    return {
      grid: [n],
      block: [128],
      args: [new Int32Array(10 * n), new BigInt64Array(2 * n), a, b, l],
      check(o) {
        const exp: number[] = [];
        const lexp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i];
          const X = BigInt(x);
          const Y = BigInt(y);
          const hi = Math.max(y, -1000);
          const c = x & 0xff;
          const r = y & 7;
          const rot = ((c << r) | (c >>> (8 - r))) & 0xff;
          let pop = 0;
          for (let v = x & 0xff; v; v >>= 1) pop += v & 1;
          exp.push(
            (Math.imul(x >> 8, y >> 8) + x) | 0,
            Math.imul(x >> 9, y >> 9),
            (Number(BigInt.asIntN(32, (X * Y) >> 32n)) + 12345) | 0,
            Number((X + Y + 1n) >> 1n),
            Math.min(Math.max(x, -1000), hi),
            (x & ~0x0ff0f00f) | (y & 0x0ff0f00f),
            (rot << 24) >> 24,
            ((x & 0xffff) << 16) | (y & 0xffff),
            x ^ y,
            Math.clz32(y & 0xffff) - 16 + 100 * pop,
          );
          const z = l[i];
          lexp.push(
            BigInt.asIntN(64, (z * (X * 977n)) >> 64n),
            BigInt.asIntN(64, (BigInt.asUintN(64, z) * BigInt.asUintN(64, Y)) >> 64n),
          );
        }
        const names = [
          'mad24',
          'mul24',
          'mad_hi',
          'rhadd',
          'clamp',
          'bitselect',
          'rotate',
          'upsample',
          'min^max',
          'clz+popcount',
        ];
        expectInts(
          'out',
          o[0] as Int32Array,
          exp,
          (i) => `${names[i % 10]}(${a[Math.floor(i / 10)]}, ${b[Math.floor(i / 10)]})`,
        );
        expectInts(
          'lout',
          o[1] as BigInt64Array,
          lexp,
          (i) => `${i & 1 ? 'mul_hi(ulong)' : 'mul_hi(long)'}(${l[i >> 1]})`,
        );
      },
    };
  },
};

const halfStoreModes: Case = {
  name: 'half_store_modes',
  source: 'vload_cl12',
  lang: 'OpenCL',
  covers:
    'vstore_half{,_rte,_rtz,_rtp,_rtn} (f32 -> f16 rounding incl. overflow, subnormals), vload_half, vload3/vstore3',
  setup(rng) {
    const n = 192;
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const k = i % 6;
      if (k === 0)
        a[i] = rng.pick([
          Number.NaN,
          Number.POSITIVE_INFINITY,
          -0,
          65504,
          65519,
          65520,
          1e6,
          -1e6,
          2 ** -24,
          2 ** -25,
          3 * 2 ** -26,
          1 + 2 ** -11,
        ]);
      else if (k === 1) a[i] = f32r((rng.chance(0.5) ? -1 : 1) * rng.float(1, 2) * 2 ** rng.int(-27, -14));
      else a[i] = f32r((rng.chance(0.5) ? -1 : 1) * rng.float(1, 2) * 2 ** rng.int(-10, 15));
    }
    const v3 = new Int32Array(3 * n);
    for (let i = 0; i < v3.length; i++) v3[i] = rng.int(-1e6, 1e6);
    return {
      grid: [n],
      block: [64],
      args: [new Uint16Array(5 * n), new Float32Array(n), new Int32Array(3 * n), a, v3],
      check(o) {
        const hexp: number[] = [];
        const bexp: number[] = [];
        const vexp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          hexp.push(
            roundTo(x, F16, 'rte'),
            roundTo(x, F16, 'rtz'),
            roundTo(x, F16, 'rtp'),
            roundTo(x, F16, 'rtn'),
            roundTo(f32r(x * 3), F16, 'rte'),
          );
          bexp.push(f32r(roundTo(x, F16, 'rtz') + roundTo(x, F16, 'rtp')));
          vexp.push(v3[3 * i + 2], 2 * v3[3 * i], 3 * v3[3 * i + 1]);
        }
        const got = Array.from(o[0] as Uint16Array, f16Value);
        const names = ['rte', 'rtz', 'rtp', 'rtn', 'x3 rte'];
        // For gfx908 at -O3 LLVM folds `x * 3.0f` and the conversion into v_fma_mixlo_f16 with a +0
        // addend, which turns -0 into +0 (as the hardware does): the sign of a zero is not checked there.
        expectFloats(
          'h',
          got,
          hexp,
          (i) => ({ fmt: F16, ulps: 0, ignoreZeroSign: i % 5 === 4 }),
          (i) => `vstore_half ${names[i % 5]}(${fmtSigned(a[Math.floor(i / 5)])})`,
        );
        expectFloats('back', o[1] as Float32Array, bexp, { fmt: F32, ulps: 0 }, (i) => `x=${a[i]}`);
        expectInts('v3out', o[2] as Int32Array, vexp);
      },
    };
  },
};

const fmtSigned = (x: number) => (Object.is(x, -0) ? '-0' : String(x));

const F32_MATH2: readonly MathRow[] = [
  ['tan', 5, (_x, y) => Math.tan(y)],
  ['asin', 4, (_x, y) => Math.asin(f32r(y * f32r(0.3)))],
  ['acos', 4, (_x, y) => Math.acos(f32r(y * f32r(0.3)))],
  ['atan', 5, (x) => Math.atan(x)],
  ['sinh', 4, (_x, y) => Math.sinh(y)],
  ['cosh', 4, (_x, y) => Math.cosh(y)],
  ['log2', 3, (x) => Math.log2(f32r(Math.abs(x) + 1))],
  ['log10', 3, (x) => Math.log10(f32r(Math.abs(x) + 1))],
  ['exp10', 3, (_x, y) => 10 ** y],
  ['expm1', 3, (_x, y) => Math.expm1(y)],
  ['log1p', 2, (x) => Math.log1p(Math.abs(x))],
  ['sin(large)', 4, (x) => Math.sin(f32r(x * 12345))],
];

// f64: OpenCL limits plus one ulp for the reference (JavaScript's Math functions are within 1 ulp).
const F64_MATH2: readonly MathRow[] = [
  ['tan', 6, (_x, y) => Math.tan(y)],
  ['asin', 5, (_x, y) => Math.asin(y * 0.3)],
  ['acos', 5, (_x, y) => Math.acos(y * 0.3)],
  ['atan', 6, (x) => Math.atan(x)],
  ['sinh', 5, (_x, y) => Math.sinh(y)],
  ['cosh', 5, (_x, y) => Math.cosh(y)],
  ['log2', 4, (x) => Math.log2(Math.abs(x) + 1)],
  ['log10', 4, (x) => Math.log10(Math.abs(x) + 1)],
  ['exp10', 4, (_x, y) => 10 ** y],
  ['expm1', 4, (_x, y) => Math.expm1(y)],
  ['log1p', 3, (x) => Math.log1p(Math.abs(x))],
  ['cos(large)', 5, (x) => Math.cos(x * 12345)],
];

function math2Case(bits: 32 | 64): Case {
  return mathTableCase({
    name: `f${bits}_math2`,
    source: 'extra',
    bits,
    table: bits === 32 ? F32_MATH2 : F64_MATH2,
    n: 192,
    inputs(rng, a, b) {
      for (let i = 0; i < a.length; i++) {
        a[i] = rng.float(-10, 10) * (i % 5 === 0 ? 100 : 1);
        b[i] = i % 16 === 0 ? rng.pick([0, -0, 1, -1, 1.5]) : rng.float(-3, 3);
      }
    },
  });
}

const hipCpp: Case = {
  name: 'hip_cpp',
  source: 'hip_cpp',
  lang: 'HIP',
  covers: 'HIP C++: function templates (int, long long), a struct with methods, divergent indirect calls',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    const b = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.int(-1000, 1000);
      b[i] = rng.int(-100000, 100000);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(3 * n), new BigInt64Array(n), a, b],
      check(o) {
        const exp: number[] = [];
        const lexp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i];
          exp.push((Math.imul(Math.imul(x, x), x) - 2 * x + 3) | 0);
          const Y = BigInt(y);
          lexp.push((2n * Y + 5n) * Y - 7n);
          let sum = 0;
          let count = 0;
          for (let k = 0; k < (x & 7); k++) {
            sum += y - k;
            count++;
          }
          exp.push(count ? Math.trunc(sum / count) : 0);
          const sel = (x ^ y) & 3;
          exp.push(
            sel === 0 ? (x + y) | 0 : sel === 1 ? (x - y) | 0 : sel === 2 ? Math.imul(x, y) : x ^ (y << 3),
          );
        }
        const names = ['poly(int)', 'mean', 'indirect call'];
        expectInts(
          'out',
          o[0] as Int32Array,
          exp,
          (i) => `${names[i % 3]}(${a[Math.floor(i / 3)]}, ${b[Math.floor(i / 3)]})`,
        );
        expectInts('lout', o[1] as BigInt64Array, lexp, (i) => `poly(long long)(${b[i]})`);
      },
    };
  },
};

export const EXTRA_CASES: readonly Case[] = [
  f32Denormals,
  subgroupOps,
  workgroupCollectives,
  programScopeData,
  divConst,
  intMisc,
  halfStoreModes,
  math2Case(32),
  math2Case(64),
  hipCpp,
];
