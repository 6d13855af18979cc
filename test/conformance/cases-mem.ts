// Memory cases: LDS and barriers, global and LDS atomics, work-item functions on 2D/3D grids, by-value
// struct and vector arguments, and classic kernels (vadd, saxpy, matmul, scan, stencil, histogram).

import { type Case, expectFloats, expectInts, F32, F64, f32, Mismatch, u32 } from './harness.js';
import { f32r } from './refmath.js';

const reduceSum: Case = {
  name: 'reduce_sum',
  source: 'lds',
  lang: 'OpenCL',
  covers: 'LDS tree reduction with barriers (reqd_work_group_size 128), n not a multiple of the group',
  setup(rng) {
    const n = 1000;
    const groups = Math.ceil(n / 128);
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-100000, 100000);
    return {
      grid: [groups * 128],
      block: [128],
      args: [new Int32Array(groups), a, u32(n)],
      check(o) {
        const exp: number[] = [];
        for (let g = 0; g < groups; g++) {
          let s = 0;
          for (let i = g * 128; i < Math.min(n, g * 128 + 128); i++) s += a[i];
          exp.push(s);
        }
        expectInts('sums', o[0] as Int32Array, exp, (g) => `group ${g}`);
      },
    };
  },
};

const scanInclusive: Case = {
  name: 'scan_inclusive',
  source: 'lds',
  lang: 'OpenCL',
  covers: 'prefix scan (Hillis-Steele, double-buffered LDS) in groups of 256',
  setup(rng) {
    const n = 1024;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.u32() >>> rng.int(0, 31);
    return {
      grid: [n],
      block: [256],
      args: [new Uint32Array(n), a],
      check(o) {
        const exp: number[] = [];
        let s = 0;
        for (let i = 0; i < n; i++) {
          s = i % 256 === 0 ? a[i] : (s + a[i]) >>> 0;
          exp.push(s);
        }
        expectInts('scan', o[0] as Uint32Array, exp);
      },
    };
  },
};

const transpose: Case = {
  name: 'transpose',
  source: 'lds',
  lang: 'OpenCL',
  covers: '2D transpose through a 16x17 LDS tile, non-square matrix with edge tiles',
  setup(rng) {
    const rows = 23;
    const cols = 37;
    const m = new Float32Array(rows * cols);
    for (let i = 0; i < m.length; i++) m[i] = f32r(rng.float(-1000, 1000));
    return {
      grid: [48, 32],
      block: [16, 16],
      args: [new Float32Array(rows * cols), m, u32(rows), u32(cols)],
      check(o) {
        const exp: number[] = [];
        for (let r = 0; r < cols; r++) for (let c = 0; c < rows; c++) exp.push(m[c * cols + r]);
        expectFloats(
          'out',
          o[0] as Float32Array,
          exp,
          { fmt: F32, ulps: 0 },
          (i) => `out[${Math.floor(i / rows)}][${i % rows}]`,
        );
      },
    };
  },
};

const localArgReverse: Case = {
  name: 'local_arg_reverse',
  source: 'lds',
  lang: 'OpenCL',
  covers: 'a __local pointer argument (dynamic LDS) used to reverse each group',
  setup(rng) {
    const block = 96;
    const n = block * 5;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-1e6, 1e6);
    return {
      grid: [n],
      block: [block],
      args: [new Int32Array(n), a, { lds: block * 4 }],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const g = Math.floor(i / block);
          const l = i % block;
          exp.push(a[g * block + block - 1 - l] * 2 + g);
        }
        expectInts('out', o[0] as Int32Array, exp);
      },
    };
  },
};

const ldsAtomics: Case = {
  name: 'lds_atomics',
  source: 'lds',
  lang: 'OpenCL',
  covers: 'LDS atomic_inc/min/max/xor/add per group, merged to global memory',
  setup(rng) {
    const block = 128;
    const groups = 4;
    const n = block * groups;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.chance(0.3) ? rng.u32() : rng.int(0, 200);
    return {
      grid: [n],
      block: [block],
      args: [new Uint32Array(32 * groups), new Int32Array(4 * groups), a],
      check(o) {
        const hist: number[] = new Array(32 * groups).fill(0);
        const stats: number[] = [];
        for (let g = 0; g < groups; g++) {
          let mn = 0x7fffffff;
          let mx = -0x80000000;
          let xr = 0;
          for (let i = g * block; i < (g + 1) * block; i++) {
            const v = a[i];
            hist[g * 32 + (v & 31)]++;
            mn = Math.min(mn, v | 0);
            mx = Math.max(mx, v | 0);
            xr ^= v | 0;
          }
          stats.push(mn, mx, xr, block);
        }
        expectInts('hist', o[0] as Uint32Array, hist, (i) => `group ${i >> 5} bin ${i & 31}`);
        expectInts(
          'stats',
          o[1] as Int32Array,
          stats,
          (i) => `group ${i >> 2} ${['min', 'max', 'xor', 'count'][i & 3]}`,
        );
      },
    };
  },
};

const matmulTiled: Case = {
  name: 'matmul_tiled',
  source: 'lds',
  lang: 'OpenCL',
  covers: 'f32 matrix multiply with 8x8 LDS tiles (M, N, K not multiples of 8), exact summation order',
  setup(rng) {
    const M = 19;
    const N = 21;
    const K = 13;
    const a = new Float32Array(M * K);
    const b = new Float32Array(K * N);
    for (let i = 0; i < a.length; i++) a[i] = f32r(rng.float(-2, 2));
    for (let i = 0; i < b.length; i++) b[i] = f32r(rng.float(-2, 2));
    return {
      grid: [24, 24],
      block: [8, 8],
      args: [new Float32Array(M * N), a, b, u32(M), u32(N), u32(K)],
      check(o) {
        const exp: number[] = [];
        for (let r = 0; r < M; r++)
          for (let c = 0; c < N; c++) {
            let acc = 0;
            for (let k = 0; k < K; k++) acc = f32r(acc + f32r(a[r * K + k] * b[k * N + c]));
            exp.push(acc);
          }
        expectFloats(
          'c',
          o[0] as Float32Array,
          exp,
          { fmt: F32, ulps: 0 },
          (i) => `c[${Math.floor(i / N)}][${i % N}]`,
        );
      },
    };
  },
};

const stencil1d: Case = {
  name: 'stencil1d',
  source: 'lds',
  lang: 'OpenCL',
  covers: '3-point stencil with an LDS halo; grid = n with a partial last group (get_local_size)',
  setup(rng) {
    const n = 300;
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = f32r(rng.float(-50, 50));
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(n), a, u32(n)],
      check(o) {
        const at = (i: number) => (i >= 0 && i < n ? a[i] : 0);
        const exp = Array.from(a, (_, i) =>
          f32r(f32r(f32r(0.25 * at(i - 1)) + f32r(0.5 * at(i))) + f32r(0.25 * at(i + 1))),
        );
        expectFloats('out', o[0] as Float32Array, exp, { fmt: F32, ulps: 0 }, (i) => `i=${i}`);
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------
// Atomics.

function sortedEqual(
  what: string,
  got: readonly (number | bigint)[],
  exp: readonly (number | bigint)[],
): void {
  const cmp = (x: number | bigint, y: number | bigint) => (x < y ? -1 : x > y ? 1 : 0);
  const g = [...got].sort(cmp);
  const e = [...exp].sort(cmp);
  for (let i = 0; i < e.length; i++)
    if (g[i] !== e[i])
      throw new Mismatch(
        `${what}: not a permutation of the expected values (sorted index ${i}: expected ${e[i]}, got ${g[i]})`,
      );
}

const atomicIntOps: Case = {
  name: 'atomic_int_ops',
  source: 'atomics',
  lang: 'OpenCL',
  covers: 'global atomic_add/min/max/and/or/xor/sub/xchg on int from 512 work-items',
  setup(rng) {
    const n = 512;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.i32() >> rng.int(0, 20);
    const init = [7, 0x7fffffff, -0x80000000, -1, 0, 0x1234, 1000, -5];
    return {
      grid: [n],
      block: [128],
      args: [Int32Array.from(init), new Int32Array(n), a],
      check(o) {
        const acc = o[0] as Int32Array;
        let sum = init[0];
        let mn = init[1];
        let mx = init[2];
        let and = init[3];
        let or = init[4];
        let xor = init[5];
        let sub = init[6];
        for (const v of a) {
          sum = (sum + v) | 0;
          mn = Math.min(mn, v);
          mx = Math.max(mx, v);
          and &= v | 0x10000;
          or |= v & 0x7ff;
          xor ^= v;
          sub = (sub - v) | 0;
        }
        expectInts(
          'acc',
          acc.subarray(0, 7),
          [sum, mn, mx, and, or, xor, sub],
          (i) => ['add', 'min', 'max', 'and', 'or', 'xor', 'sub'][i],
        );
        // xchg: the returned values plus the final one are the initial value and every input, in some order.
        sortedEqual('xchg old values + final', [...(o[1] as Int32Array), acc[7]], [init[7], ...a]);
      },
    };
  },
};

const atomicUintMinmax: Case = {
  name: 'atomic_uint_minmax',
  source: 'atomics',
  lang: 'OpenCL',
  covers: 'global unsigned atomic_min/max, atomic_inc/dec',
  setup(rng) {
    const n = 640;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.u32();
    return {
      grid: [n],
      block: [64],
      args: [Uint32Array.from([0xffffffff, 0, 5, 3]), a],
      check(o) {
        let mn = 0xffffffff;
        let mx = 0;
        for (const v of a) {
          mn = Math.min(mn, v);
          mx = Math.max(mx, v);
        }
        expectInts(
          'acc',
          o[0] as Uint32Array,
          [mn, mx, 5 + n, (3 - n) >>> 0],
          (i) => ['min', 'max', 'inc', 'dec'][i],
        );
      },
    };
  },
};

const atomicCmpxchgTicket: Case = {
  name: 'atomic_cmpxchg_ticket',
  source: 'atomics',
  lang: 'OpenCL',
  covers: 'atomic_cmpxchg retry loop: every work-item gets a unique ticket',
  setup() {
    const n = 300;
    return {
      grid: [n],
      block: [64],
      args: [Int32Array.from([100]), new Int32Array(n).fill(-1)],
      check(o) {
        expectInts('counter', o[0] as Int32Array, [100 + n]);
        sortedEqual(
          'tickets',
          [...(o[1] as Int32Array)],
          Array.from({ length: n }, (_, i) => 100 + i),
        );
      },
    };
  },
};

const atomicLongOps: Case = {
  name: 'atomic_long_ops',
  source: 'atomics',
  lang: 'OpenCL',
  covers: '64-bit global atom_add/min/max/xor/and/or/xchg/cmpxchg',
  setup(rng) {
    const n = 256;
    const a = new BigInt64Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.i64() >> BigInt(rng.int(0, 40));
    const init = [1n << 40n, (1n << 63n) - 1n, -(1n << 63n), 0x0f0f0f0f0f0f0f0fn, -1n, 0n, 42n, 0n];
    return {
      grid: [n],
      block: [64],
      args: [BigInt64Array.from(init), new BigInt64Array(n), a],
      check(o) {
        const acc = o[0] as BigInt64Array;
        const w = (v: bigint) => BigInt.asIntN(64, v);
        let [sum, mn, mx, xor, and, or] = init;
        for (const v of a) {
          sum = w(sum + v);
          mn = v < mn ? v : mn;
          mx = v > mx ? v : mx;
          xor ^= v;
          and &= v | 0x100000000n;
          or |= v & 0xff000000ffn;
        }
        expectInts(
          'acc',
          acc.subarray(0, 6),
          [sum, mn, mx, xor, and, or],
          (i) => ['add', 'min', 'max', 'xor', 'and', 'or'][i],
        );
        sortedEqual('xchg old values + final', [...(o[1] as BigInt64Array), acc[6]], [init[6], ...a]);
        // cmpxchg(0 -> v): exactly one work-item with a nonzero value (or none) wins.
        const winner = acc[7];
        if (!a.includes(winner) && winner !== 0n)
          throw new Mismatch(`acc[7] (cmpxchg): ${winner} is not one of the inputs`);
        if (winner === 0n && a.some((v) => v !== 0n))
          throw new Mismatch('acc[7] (cmpxchg): no work-item won');
      },
    };
  },
};

const histogram: Case = {
  name: 'histogram',
  source: 'atomics',
  lang: 'OpenCL',
  covers: 'histogram of 4096 values into 61 bins with global atomic_inc',
  setup(rng) {
    const n = 4096;
    const nbins = 61;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.u32();
    return {
      grid: [n],
      block: [256],
      args: [new Uint32Array(nbins), a, u32(nbins)],
      check(o) {
        const exp = new Array(nbins).fill(0);
        for (const v of a) exp[Number((BigInt(v) * 2654435761n) % 2n ** 32n) % nbins]++;
        expectInts('bins', o[0] as Uint32Array, exp, (i) => `bin ${i}`);
      },
    };
  },
};

const floatAtomicAdd: Case = {
  name: 'float_atomic_add',
  source: 'atomics',
  lang: 'OpenCL',
  covers: 'f32 atomic add built from an atomic_cmpxchg loop (values chosen so any order is exact)',
  setup(rng) {
    const n = 512;
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-64, 64) * 0.25;
    return {
      grid: [n],
      block: [128],
      args: [Float32Array.from([1, -2, 0.5, 100]), a],
      check(o) {
        const exp = [1, -2, 0.5, 100];
        for (let i = 0; i < n; i++) exp[i & 3] += a[i];
        expectFloats('sum', o[0] as Float32Array, exp, { fmt: F32, ulps: 0, ignoreZeroSign: true });
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------
// Classic kernels, grids, arguments.

const vadd: Case = {
  name: 'vadd',
  source: 'misc',
  lang: 'OpenCL',
  covers: 'vector add, partial last group',
  setup(rng) {
    const n = 1000;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      a[i] = rng.float(-1e3, 1e3);
      b[i] = rng.float(-1e-2, 1e-2);
    }
    return {
      grid: [n],
      block: [256],
      args: [new Float32Array(n), a, b, u32(n)],
      check(o) {
        expectFloats(
          'c',
          o[0] as Float32Array,
          Array.from(a, (x, i) => x + b[i]),
          { fmt: F32, ulps: 0 },
        );
      },
    };
  },
};

const saxpy: Case = {
  name: 'saxpy',
  source: 'misc',
  lang: 'OpenCL',
  covers: 'y = alpha * x + y with a float argument (no contraction)',
  setup(rng) {
    const n = 777;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = rng.float(-10, 10);
      y[i] = rng.float(-10, 10);
    }
    const alpha = f32r(1.7);
    return {
      grid: [800],
      block: [100],
      args: [y.slice(), x, f32(alpha), u32(n)],
      check(o) {
        const exp = Array.from(x, (v, i) => f32r(f32r(alpha * v) + y[i]));
        expectFloats('y', o[0] as Float32Array, exp, { fmt: F32, ulps: 0 });
      },
    };
  },
};

function packIds(v: readonly number[]): number {
  return (v[0] | (v[1] << 10) | (v[2] << 20)) >>> 0;
}

const grid3dIds: Case = {
  name: 'grid3d_ids',
  source: 'misc',
  lang: 'OpenCL',
  covers: '3D grid 13x7x5 in 4x3x2 groups (partial in every dimension): all work-item functions',
  setup() {
    const G = [13, 7, 5];
    const L = [4, 3, 2];
    const total = G[0] * G[1] * G[2];
    return {
      grid: G,
      block: L,
      args: [new Uint32Array(total * 10)],
      check(o) {
        const exp: number[] = [];
        const ng = G.map((g, d) => Math.ceil(g / L[d]));
        for (let z = 0; z < G[2]; z++)
          for (let y = 0; y < G[1]; y++)
            for (let x = 0; x < G[0]; x++) {
              const gid = [x, y, z];
              const grp = gid.map((v, d) => Math.floor(v / L[d]));
              const lid = gid.map((v, d) => v % L[d]);
              const lsz = grp.map((g, d) => Math.min(L[d], G[d] - g * L[d]));
              exp.push(
                packIds(gid),
                packIds(lid),
                packIds(grp),
                packIds(lsz),
                packIds(ng),
                packIds(G),
                packIds(L),
                3,
                // The spec's formula uses get_local_size (the actual, partial size); ROCm's
                // __ockl_get_local_linear_id uses the enqueued sizes from the dispatch: follow ROCm.
                (lid[2] * L[1] + lid[1]) * L[0] + lid[0],
                (z * G[1] + y) * G[0] + x,
              );
            }
        const names = [
          'global_id',
          'local_id',
          'group_id',
          'local_size',
          'num_groups',
          'global_size',
          'enqueued_local_size',
          'work_dim',
          'local_linear_id',
          'global_linear_id',
        ];
        expectInts('out', o[0] as Uint32Array, exp, (i) => {
          const k = Math.floor(i / 10);
          return `work-item (${k % G[0]}, ${Math.floor(k / G[0]) % G[1]}, ${Math.floor(k / (G[0] * G[1]))}) ${names[i % 10]}`;
        });
      },
    };
  },
};

const grid2dIds: Case = {
  name: 'grid2d_ids',
  source: 'misc',
  lang: 'OpenCL',
  covers: '2D grid 50x9 in 16x4 groups (partial): local/group ids and sizes, num_groups',
  setup() {
    const W = 50;
    const H = 9;
    const L = [16, 4];
    return {
      grid: [W, H],
      block: L,
      args: [new Uint32Array(W * H * 4), u32(W)],
      check(o) {
        const exp: number[] = [];
        const ngx = Math.ceil(W / L[0]);
        const ngy = Math.ceil(H / L[1]);
        for (let y = 0; y < H; y++)
          for (let x = 0; x < W; x++) {
            const gx = Math.floor(x / L[0]);
            const gy = Math.floor(y / L[1]);
            const lsx = Math.min(L[0], W - gx * L[0]);
            const lsy = Math.min(L[1], H - gy * L[1]);
            exp.push(
              (x % L[0]) + 100 * (y % L[1]),
              gx + 100 * gy,
              lsx + 100 * lsy,
              2 + 10 * ngx + 1000 * ngy,
            );
          }
        expectInts(
          'out',
          o[0] as Uint32Array,
          exp,
          (i) => `(${Math.floor(i / 4) % W}, ${Math.floor(i / 4 / W)}) value ${i % 4}`,
        );
      },
    };
  },
};

const structArg: Case = {
  name: 'struct_arg',
  source: 'misc',
  lang: 'OpenCL',
  covers: 'a 40-byte struct by value (char, int, long, float, double, short[2] with padding)',
  setup(rng) {
    const n = 128;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-100000, 100000);
    const p = {
      tag: -3,
      scale: 12345,
      offset: -(1n << 40n) + 7n,
      f: f32r(0.1),
      d: -1.5e-3,
      pair: [-300, 211],
    };
    const bytes = new Uint8Array(40);
    const dv = new DataView(bytes.buffer);
    dv.setInt8(0, p.tag);
    dv.setInt32(4, p.scale, true);
    dv.setBigInt64(8, p.offset, true);
    dv.setFloat32(16, p.f, true);
    dv.setFloat64(24, p.d, true);
    dv.setInt16(32, p.pair[0], true);
    dv.setInt16(34, p.pair[1], true);
    return {
      grid: [n],
      block: [64],
      args: [new BigInt64Array(n), new Float64Array(n), { bytes }, a],
      check(o) {
        const exp = Array.from(
          a,
          (v) => BigInt(v) * BigInt(p.scale) + p.offset + BigInt(p.tag) + BigInt(p.pair[0] * p.pair[1]),
        );
        expectInts('out', o[0] as BigInt64Array, exp, (i) => `a=${a[i]}`);
        const dexp = Array.from(a, (v) => v * p.d + p.f);
        expectFloats('dout', o[1] as Float64Array, dexp, { fmt: F64, ulps: 0 }, (i) => `a=${a[i]}`);
      },
    };
  },
};

const vectorArgs: Case = {
  name: 'vector_args',
  source: 'misc',
  lang: 'OpenCL',
  covers: 'int4, float4 and double2 by-value arguments, vector arithmetic and swizzles',
  setup(rng) {
    const n = 100;
    const ia = new Int32Array(4 * n);
    for (let i = 0; i < ia.length; i++) ia[i] = rng.int(-5000, 5000);
    const iv = [3, -7, 11, 1000];
    const fv = [0.5, -1.25, 3, f32r(0.1)];
    const dv = [1.0 / 3, -2.5];
    return {
      grid: [n],
      block: [32],
      args: [
        new Int32Array(4 * n),
        new Float32Array(4 * n),
        new Float64Array(2 * n),
        { value: iv, type: 'i32' },
        { value: fv, type: 'f32' },
        { value: dv, type: 'f64' },
        ia,
      ],
      check(o) {
        const iexp: number[] = [];
        const fexp: number[] = [];
        const dexp: number[] = [];
        const fswz = [fv[1], fv[0], fv[3], fv[2]];
        for (let i = 0; i < n; i++) {
          const x = ia.subarray(4 * i, 4 * i + 4);
          for (let k = 0; k < 4; k++) {
            iexp.push(x[k] * iv[k] + (k + 1) + x[3 - k]);
            fexp.push(f32r(f32r(x[k] * fv[k]) + fswz[k]));
          }
          dexp.push(x[0] * dv[0] - dv[1], x[1] * dv[1] - dv[0]);
        }
        expectInts('iout', o[0] as Int32Array, iexp);
        expectFloats('fout', o[1] as Float32Array, fexp, { fmt: F32, ulps: 0 });
        expectFloats('dout', o[2] as Float64Array, dexp, { fmt: F64, ulps: 0 });
      },
    };
  },
};

const vectorOps: Case = {
  name: 'vector_ops',
  source: 'misc',
  lang: 'OpenCL',
  covers: 'uchar16 add_sat with a rotating swizzle, short8 max/select/compare',
  setup(rng) {
    const n = 64;
    const a = new Uint8Array(16 * n);
    const b = new Int16Array(8 * n);
    for (let i = 0; i < a.length; i++) a[i] = rng.int(0, 255);
    for (let i = 0; i < b.length; i++) b[i] = rng.int(-30000, 30000);
    return {
      grid: [n],
      block: [64],
      args: [new Uint8Array(16 * n), new Int16Array(8 * n), a, b],
      check(o) {
        const bexp: number[] = [];
        const sexp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = a.subarray(16 * i, 16 * i + 16);
          for (let k = 0; k < 16; k++) bexp.push(Math.min(255, x[k] + x[(k + 15) % 16]) ^ 0x55);
          const y = b.subarray(8 * i, 8 * i + 8);
          for (let k = 0; k < 8; k++) {
            const m = Math.max(y[k], y[7 - k]);
            sexp.push((((y[k] < 0 ? -1 : m) + k) << 16) >> 16);
          }
        }
        expectInts('bout', o[0] as Uint8Array, bexp);
        expectInts('sout', o[1] as Int16Array, sexp);
      },
    };
  },
};

export const MEM_CASES: readonly Case[] = [
  reduceSum,
  scanInclusive,
  transpose,
  localArgReverse,
  ldsAtomics,
  matmulTiled,
  stencil1d,
  atomicIntOps,
  atomicUintMinmax,
  atomicCmpxchgTicket,
  atomicLongOps,
  histogram,
  floatAtomicAdd,
  vadd,
  saxpy,
  grid3dIds,
  grid2dIds,
  structArg,
  vectorArgs,
  vectorOps,
];
