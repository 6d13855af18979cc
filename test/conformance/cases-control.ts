// Control-flow cases: divergence, switch, data-dependent loops, scratch arrays, non-inlined calls,
// mandelbrot. References are straightforward JavaScript with explicit 32-bit wrapping.

import { type Case, expectInts, f32, i32, u32 } from './harness.js';
import { f32r } from './refmath.js';

const divergentIf: Case = {
  name: 'divergent_if',
  source: 'control',
  lang: 'OpenCL',
  covers: 'nested per-lane if/else, early return, partial last work-group',
  setup(rng) {
    const n = 333;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-2000, 3000);
    const sentinel = -12345;
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(n + 3).fill(sentinel), a, u32(n - 5)],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n + 3; i++) {
          if (i >= n - 5) {
            exp.push(sentinel);
            continue;
          }
          const x = a[i];
          let r: number;
          if (x < 0) r = x & 1 ? -x * 3 : Math.trunc(x / 2);
          else if (x > 1000) {
            r = x - 1000;
            if ((i & 3) === 0) {
              exp.push(r << 1);
              continue;
            }
          } else r = x * x;
          exp.push(r + (i & 7));
        }
        expectInts('out', o[0] as Int32Array, exp, (i) => `a=${a[i]}`);
      },
    };
  },
};

const switchCase: Case = {
  name: 'switch_case',
  source: 'control',
  lang: 'OpenCL',
  covers: 'switch with fall-through, negative cases and default, per-lane divergence',
  setup(rng) {
    const n = 256;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(-100, 100);
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(n), a],
      check(o) {
        const exp = Array.from(a, (x, i) => {
          switch (x % 9) {
            case 0:
              return 100;
            case 1:
              return x * 2;
            case 2:
              return 5 + x;
            case 3:
              return x;
            case -1:
            case -2:
              return -7;
            case 5:
              return i;
            case 8:
              return x ^ 0x5a5a;
            default:
              return -1;
          }
        });
        expectInts('out', o[0] as Int32Array, exp, (i) => `a=${a[i]}`);
      },
    };
  },
};

const collatz: Case = {
  name: 'collatz',
  source: 'control',
  lang: 'OpenCL',
  covers: 'while loop with a data-dependent trip count (64-bit values), capped',
  setup(rng) {
    const n = 128;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = i < 4 ? [1, 2, 27, 97][i] : rng.int(1, 100000);
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(n), a],
      check(o) {
        const exp = Array.from(a, (x) => {
          let v = BigInt(x);
          let s = 0;
          while (v !== 1n && s < 1000) {
            v = v & 1n ? 3n * v + 1n : v >> 1n;
            s++;
          }
          return s;
        });
        expectInts('out', o[0] as Int32Array, exp, (i) => `start=${a[i]}`);
      },
    };
  },
};

const nestedLoops: Case = {
  name: 'nested_loops',
  source: 'control',
  lang: 'OpenCL',
  covers: 'nested loops with data-dependent bounds, break and continue',
  setup(rng) {
    const n = 256;
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.u32();
    return {
      grid: [n],
      block: [128],
      args: [new Uint32Array(n), a],
      check(o) {
        const exp = Array.from(a, (x) => {
          let acc = 0;
          for (let j = 0; j < (x & 15); j++) {
            if (j === 11) break;
            for (let k = 0; k <= j; k++) {
              if ((k + x) % 3 === 0) continue;
              acc = (Math.imul(acc, 31) + ((k ^ j ^ x) >>> 0)) >>> 0;
            }
          }
          return acc;
        });
        expectInts('out', o[0] as Uint32Array, exp, (i) => `a=${a[i]}`);
      },
    };
  },
};

const mandelbrot: Case = {
  name: 'mandelbrot',
  source: 'control',
  lang: 'OpenCL',
  covers: 'mandelbrot on a 2D grid with partial groups: f32 loop with data-dependent exit',
  setup() {
    const w = 45;
    const h = 30;
    const x0 = -2.25;
    const y0 = -1.25;
    const dx = f32r(3.25 / w);
    const dy = f32r(2.5 / h);
    const maxIter = 64;
    return {
      grid: [w, h],
      block: [16, 8],
      args: [new Int32Array(w * h), u32(w), u32(h), f32(x0), f32(y0), f32(dx), f32(dy), i32(maxIter)],
      check(o) {
        const exp: number[] = [];
        for (let py = 0; py < h; py++)
          for (let px = 0; px < w; px++) {
            const cr = f32r(x0 + f32r(px * dx));
            const ci = f32r(y0 + f32r(py * dy));
            let zr = 0;
            let zi = 0;
            let it = 0;
            while (it < maxIter) {
              const zr2 = f32r(zr * zr);
              const zi2 = f32r(zi * zi);
              if (f32r(zr2 + zi2) > 4) break;
              const t = f32r(f32r(zr2 - zi2) + cr);
              zi = f32r(f32r(2 * zr * zi) + ci);
              zr = t;
              it++;
            }
            exp.push(it);
          }
        expectInts('out', o[0] as Int32Array, exp, (i) => `pixel (${i % w}, ${Math.floor(i / w)})`);
      },
    };
  },
};

const privateArray: Case = {
  name: 'private_array',
  source: 'control',
  lang: 'OpenCL',
  covers: 'a private int[64] indexed at run time (scratch memory)',
  setup(rng) {
    const n = 128;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.int(0, 5000);
    return {
      grid: [n],
      block: [64],
      args: [new Int32Array(n), a],
      check(o) {
        const exp = Array.from(a, (seed) => {
          const arr = new Int32Array(64);
          for (let j = 0; j < 64; j++) arr[j] = seed * j + (j ^ seed);
          let idx = seed & 63;
          let acc = 0;
          for (let j = 0; j < 100; j++) {
            arr[idx] += j;
            acc = (acc + arr[(idx * 7 + 3) & 63]) | 0;
            idx = (idx * 5 + arr[idx]) & 63;
          }
          return acc ^ arr[seed & 63];
        });
        expectInts('out', o[0] as Int32Array, exp, (i) => `seed=${a[i]}`);
      },
    };
  },
};

const bubbleSort: Case = {
  name: 'bubble_sort',
  source: 'control',
  lang: 'OpenCL',
  covers: 'bubble sort of 16 ints in private memory per work-item',
  setup(rng) {
    const n = 96;
    const a = new Int32Array(16 * n);
    for (let i = 0; i < a.length; i++) a[i] = i % 37 === 0 ? 5 : rng.i32() >> rng.int(0, 24);
    return {
      grid: [n],
      block: [32],
      args: [new Int32Array(16 * n), a],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++)
          exp.push(...Array.from(a.subarray(16 * i, 16 * i + 16)).sort((x, y) => x - y));
        expectInts('out', o[0] as Int32Array, exp, (i) => `item ${i >> 4} position ${i & 15}`);
      },
    };
  },
};

const noinlineCalls: Case = {
  name: 'noinline_calls',
  source: 'control',
  lang: 'OpenCL',
  covers: 'non-inlined calls: by-value args, private pointers, 64-bit returns, loops in callees',
  setup(rng) {
    const n = 160;
    const a = new Int32Array(4 * n);
    for (let i = 0; i < a.length; i++) a[i] = rng.int(-1000, 1000);
    return {
      grid: [n],
      block: [64],
      args: [new BigInt64Array(3 * n), a],
      check(o) {
        const exp: bigint[] = [];
        for (let i = 0; i < n; i++) {
          let lo = 1 << 30;
          let hi = -(1 << 30);
          let m = 0;
          for (let j = 0; j < 4; j++) {
            const x = a[i * 4 + j];
            if (x < lo) lo = x;
            if (x > hi) hi = x;
            m = (Math.imul(m, 31) + x) ^ (j >> 2);
          }
          const um = BigInt.asUintN(64, BigInt(m));
          let r = 0n;
          for (let j = 0; j < i % 6; j++) r = BigInt.asUintN(64, r * um + BigInt(j + 1));
          exp.push(BigInt(lo), BigInt(hi), BigInt.asIntN(64, r + um));
        }
        expectInts('out', o[0] as BigInt64Array, exp, (i) => `item ${Math.floor(i / 3)} result ${i % 3}`);
      },
    };
  },
};

export const CONTROL_CASES: readonly Case[] = [
  divergentIf,
  switchCase,
  collatz,
  nestedLoops,
  mandelbrot,
  privateArray,
  bubbleSort,
  noinlineCalls,
];
