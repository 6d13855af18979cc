// Header-less HIP cases (hip_common.h defines __global__ and friends from clang attributes and builtins).
// HIP kernels are compiled with uniform work-group sizes, so their grids are multiples of the block and
// the kernels bound-check.

import { MFMA_CASES } from './cases-mfma.js';
import { type Case, expectFloats, expectInts, F32, fmaExact, Mismatch, u32 } from './harness.js';
import { f32r } from './refmath.js';

const hipVaddInt: Case = {
  name: 'hip_vadd_int',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP element-wise int kernel with a bounds check',
  setup(rng) {
    const n = 1000;
    const a = new Int32Array(n);
    const b = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.i32();
      b[i] = rng.i32();
    }
    return {
      grid: [1024],
      block: [256],
      args: [new Int32Array(n), a, b, u32(n)],
      check(o) {
        expectInts(
          'c',
          o[0] as Int32Array,
          Array.from(a, (x, i) => (x + Math.imul(b[i], 3)) | 0),
        );
      },
    };
  },
};

const hipFloatOps: Case = {
  name: 'hip_float_ops',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP f32: mul+add without contraction, __builtin_fmaf, fabs, fmin',
  setup(rng) {
    const n = 256;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.float(-100, 100);
      b[i] = rng.float(-100, 100) * 2 ** rng.int(-10, 10);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(4 * n), a, b, u32(n)],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i];
          exp.push(
            f32r(f32r(x * y) + x),
            fmaExact(x, y, -x, F32),
            x > y ? x - y : y - x,
            f32r(f32r(Math.abs(x) * 0.5) - Math.min(x, y)),
          );
        }
        expectFloats(
          'out',
          o[0] as Float32Array,
          exp,
          { fmt: F32, ulps: 0 },
          (i) => `item ${i >> 2} op ${i & 3}`,
        );
      },
    };
  },
};

const hipGrid2d: Case = {
  name: 'hip_grid2d',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP 2D indexing (workitem/workgroup ids x,y, workgroup_size) with bounds checks',
  setup() {
    const w = 45;
    const h = 20;
    return {
      grid: [48, 24],
      block: [16, 8],
      args: [new Uint32Array(w * h), u32(w), u32(h)],
      check(o) {
        const exp: number[] = [];
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++)
            exp.push(
              ((x * 7 + y * 13) ^
                ((x % 16) << 16) ^
                ((y % 8) << 24) ^
                (Math.floor(x / 16) << 8) ^
                Math.floor(y / 8)) >>>
                0,
            );
        expectInts('out', o[0] as Uint32Array, exp, (i) => `(${i % w}, ${Math.floor(i / w)})`);
      },
    };
  },
};

const hipStructArg: Case = {
  name: 'hip_struct_arg',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP struct by value (int, char, long long, float, unsigned short; 24 bytes)',
  setup(rng) {
    const n = 128;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-1e6, 1e6);
    const p = { mul: -977, shift: 5, add: (1n << 45n) + 12345n, scale: f32r(0.3), mask: 0x0ff3 };
    const bytes = new Uint8Array(24);
    const dv = new DataView(bytes.buffer);
    dv.setInt32(0, p.mul, true);
    dv.setInt8(4, p.shift);
    dv.setBigInt64(8, p.add, true);
    dv.setFloat32(16, p.scale, true);
    dv.setUint16(20, p.mask, true);
    return {
      grid: [n],
      block: [64],
      args: [new BigInt64Array(n), new Float32Array(n), { bytes }, a],
      check(o) {
        expectInts(
          'out',
          o[0] as BigInt64Array,
          Array.from(a, (v) => (BigInt(v) * BigInt(p.mul) + p.add) >> BigInt(p.shift)),
        );
        expectFloats(
          'fout',
          o[1] as Float32Array,
          Array.from(a, (v) => (v & p.mask) * p.scale),
          {
            fmt: F32,
            ulps: 0,
          },
        );
      },
    };
  },
};

const hipLongMath: Case = {
  name: 'hip_long_math',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP 64-bit * / % (signed, unsigned), rotate, arithmetic shift, popcount, clz',
  setup(rng) {
    const n = 128;
    const a = new BigUint64Array(n);
    const b = new BigUint64Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.u64() >> BigInt(rng.int(0, 63));
      b[i] = rng.u64() >> BigInt(rng.int(0, 63));
      if (i % 10 === 0) a[i] = BigInt.asUintN(64, -(1n << 63n));
    }
    return {
      grid: [n],
      block: [64],
      args: [new BigUint64Array(8 * n), a, b],
      check(o) {
        const exp: bigint[] = [];
        const U = (v: bigint) => BigInt.asUintN(64, v);
        for (let i = 0; i < n; i++) {
          const x = a[i];
          const y = b[i] | 1n;
          const sx = BigInt.asIntN(64, x);
          const sy = BigInt.asIntN(64, y);
          const r = y & 63n;
          let pop = 0n;
          for (let v = x; v; v >>= 1n) pop += v & 1n;
          const clz = 64n - BigInt(y.toString(2).length);
          exp.push(
            U(x * y),
            x / y,
            x % y,
            U(sx === -(1n << 63n) && sy === -1n ? sx : sx / sy),
            U(sy === -1n ? 0n : sx % sy),
            r ? U((x << r) | (x >> (64n - r))) : x,
            U(sx >> (x & 63n)),
            pop + (clz << 8n) + ((sx < sy ? 1n : 0n) << 16n),
          );
        }
        expectInts(
          'out',
          o[0] as BigUint64Array,
          exp,
          (i) => `item ${i >> 3} op ${i & 7} (a=${a[i >> 3]}, b=${b[i >> 3]})`,
        );
      },
    };
  },
};

const hipDivergent: Case = {
  name: 'hip_divergent',
  source: 'hip_basic',
  lang: 'HIP',
  covers: 'HIP switch with loops inside cases and an early return on odd lanes',
  setup(rng) {
    const n = 250;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-1000, 1000);
    const sentinel = 0x5eed;
    return {
      grid: [256],
      block: [64],
      args: [new Int32Array(n).fill(sentinel), a, u32(n)],
      check(o) {
        const exp = Array.from(a, (x, i) => {
          let r = 0;
          switch (x & 7) {
            case 0:
              for (let k = 0; k < ((x >> 3) & 31); k++) r += k * x;
              break;
            case 3:
              r = x;
              while (r > 10) r = Math.trunc(r / 3) + (r & 1);
              break;
            case 5:
              if (i & 1) return sentinel;
              r = -x;
              break;
            default:
              r = x * (x & 7);
          }
          return r;
        });
        expectInts('out', o[0] as Int32Array, exp, (i) => `a=${a[i]}`);
      },
    };
  },
};

const hipSharedReduce: Case = {
  name: 'hip_shared_reduce',
  source: 'hip_mem',
  lang: 'HIP',
  covers: 'HIP __shared__ array, barrier with workgroup fences, tree reduction',
  setup(rng) {
    const n = 1024;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-1e6, 1e6);
    return {
      grid: [n],
      block: [256],
      args: [new Int32Array(n / 256), a],
      check(o) {
        const exp: number[] = [];
        for (let g = 0; g < n / 256; g++)
          exp.push(a.subarray(g * 256, g * 256 + 256).reduce((s, v) => (s + v) | 0, 0));
        expectInts('sums', o[0] as Int32Array, exp);
      },
    };
  },
};

const hipMatmul: Case = {
  name: 'hip_matmul',
  source: 'hip_mem',
  lang: 'HIP',
  covers: 'HIP integer matrix multiply 20x20 on a 2D grid with bounds checks',
  setup(rng) {
    const n = 20;
    const a = new Int32Array(n * n);
    const b = new Int32Array(n * n);
    for (let i = 0; i < n * n; i++) {
      a[i] = rng.int(-1000, 1000);
      b[i] = rng.int(-1000, 1000);
    }
    return {
      grid: [24, 24],
      block: [8, 8],
      args: [new Int32Array(n * n), a, b, u32(n)],
      check(o) {
        const exp: number[] = [];
        for (let r = 0; r < n; r++)
          for (let c = 0; c < n; c++) {
            let s = 0;
            for (let k = 0; k < n; k++) s = (s + Math.imul(a[r * n + k], b[k * n + c])) | 0;
            exp.push(s);
          }
        expectInts('c', o[0] as Int32Array, exp, (i) => `c[${Math.floor(i / n)}][${i % n}]`);
      },
    };
  },
};

const hipAtomics: Case = {
  name: 'hip_atomics',
  source: 'hip_mem',
  lang: 'HIP',
  covers: 'HIP __atomic_fetch_add/max/min on global int and u64, shared-memory atomics',
  setup(rng) {
    const n = 512;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.i32() >> rng.int(4, 30);
    return {
      grid: [n],
      block: [128],
      args: [
        Int32Array.from([3, -0x80000000, 0x7fffffff]),
        BigUint64Array.from([5n]),
        new Uint32Array(16),
        a,
      ],
      check(o) {
        let sum = 3;
        let mx = -0x80000000;
        let mn = 0x7fffffff;
        let s64 = 5n;
        const bins = new Array(16).fill(0);
        for (const v of a) {
          sum = (sum + v) | 0;
          mx = Math.max(mx, v);
          mn = Math.min(mn, v);
          s64 = BigInt.asUintN(64, s64 + BigInt.asUintN(64, BigInt(v)) * 0x100000001n);
          bins[v & 15]++;
        }
        expectInts('acc', o[0] as Int32Array, [sum, mx, mn], (i) => ['add', 'max', 'min'][i]);
        expectInts('acc64', o[1] as BigUint64Array, [s64]);
        expectInts('bins', o[2] as Uint32Array, bins, (i) => `bin ${i}`);
      },
    };
  },
};

const hipWaveOps: Case = {
  name: 'hip_wave_ops',
  source: 'hip_mem',
  lang: 'HIP',
  covers: 'HIP cross-lane: ballot_w64, readfirstlane, ds_bpermute (lane reversal)',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-100, 100);
    return {
      grid: [n],
      block: [128],
      args: [new BigUint64Array(n / 64), new Int32Array(2 * n), a],
      check(o) {
        const ballots: bigint[] = [];
        const out: number[] = [];
        for (let w = 0; w < n / 64; w++) {
          let m = 0n;
          for (let l = 0; l < 64; l++) if (a[w * 64 + l] > 0) m |= 1n << BigInt(l);
          ballots.push(m);
          for (let l = 0; l < 64; l++) out.push(a[w * 64], a[w * 64 + 63 - l]);
        }
        expectInts('ballots', o[0] as BigUint64Array, ballots, (w) => `wave ${w}`);
        expectInts(
          'out',
          o[1] as Int32Array,
          out,
          (i) => `lane ${(i >> 1) & 63} of wave ${i >> 7} ${i & 1 ? 'bpermute' : 'readfirstlane'}`,
        );
      },
    };
  },
};

function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

function ackermann(m: number, n: number): number {
  if (m === 0) return n + 1;
  if (n === 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

const hipRecursion: Case = {
  name: 'hip_recursion',
  source: 'hip_mem',
  lang: 'HIP',
  covers: 'HIP recursion on the dynamic stack: fibonacci and Ackermann (small depth)',
  setup(rng) {
    const n = 64;
    const args = new Int32Array(3 * n);
    for (let i = 0; i < n; i++) {
      args[3 * i] = rng.int(0, 12);
      const m = i % 16 === 0 ? 3 : rng.int(0, 2);
      args[3 * i + 1] = m;
      args[3 * i + 2] = m === 3 ? rng.int(0, 2) : rng.int(0, 4);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(2 * n), args],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) exp.push(fib(args[3 * i]), ackermann(args[3 * i + 1], args[3 * i + 2]));
        const got = o[0] as Int32Array;
        if (got.length !== exp.length) throw new Mismatch('out: wrong length');
        expectInts('out', got, exp, (i) =>
          i & 1
            ? `ackermann(${args[3 * (i >> 1) + 1]}, ${args[3 * (i >> 1) + 2]})`
            : `fib(${args[3 * (i >> 1)]})`,
        );
      },
    };
  },
};

export const HIP_CASES: readonly Case[] = [
  hipVaddInt,
  hipFloatOps,
  hipGrid2d,
  hipStructArg,
  hipLongMath,
  hipDivergent,
  hipSharedReduce,
  hipMatmul,
  hipAtomics,
  hipWaveOps,
  hipRecursion,
  ...MFMA_CASES,
];

export const hipDynamicShared: Case = {
  name: 'hip_dynamic_shared',
  source: 'hip_dyn',
  lang: 'HIP',
  covers: 'HIP extern __shared__ array sized at launch, after a static __shared__ array',
  setup(rng) {
    const n = 1024;
    const block = 256;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-1e6, 1e6);
    return {
      grid: [n],
      block: [block],
      dynamicLds: block * 4,
      args: [new Int32Array(n), a, { value: n, type: 'i32' }],
      check(o) {
        const exp: number[] = [];
        for (let g = 0; g < n; g++) {
          const t = g % block;
          const base = g - t;
          exp.push((a[base + block - 1 - t] + (t & 63) * 3) | 0);
        }
        expectInts('out', o[0] as Int32Array, exp);
      },
    };
  },
};

export const hipDispatchPacket: Case = {
  name: 'hip_dispatch_packet',
  source: 'hip_abi',
  lang: 'HIP',
  covers: 'the AQL dispatch packet, queue, kernarg pointer and dispatch id as a kernel reads them',
  setup() {
    // A 2D grid of 3 x 2 workgroups of 16 x 4 work-items.
    return {
      grid: [48, 8],
      block: [16, 4],
      args: [new Uint32Array(6 * 16)],
      check(o) {
        const exp: number[] = [];
        for (let by = 0; by < 2; by++)
          for (let bx = 0; bx < 3; bx++)
            exp.push(
              // KERNEL_DISPATCH, barrier, system-scope acquire and release fences (HSA packet header).
              2 | (1 << 8) | (2 << 9) | (2 << 11),
              2,
              16,
              4,
              1,
              48,
              8,
              1,
              128,
              1,
              1,
              16,
              1,
              bx | (by << 8),
              0,
              7,
            );
        expectInts(
          'rows',
          o[0] as Uint32Array,
          exp,
          (i) => `workgroup ${Math.floor(i / 16)} field ${i % 16}`,
        );
      },
    };
  },
};
