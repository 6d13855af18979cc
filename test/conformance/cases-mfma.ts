// HIP cases for the gfx908 matrix fused-multiply-add builtins (src/hip_mfma.hip). One wave per kernel;
// on gfx900 the kernels compute the same elements lane by lane with fmaf, so the host references (matrix
// products with each k step rounded once to f32, in k order from C) check both targets.

import { type Case, expectFloats, expectInts, F32, fmaExact } from './harness.js';

const f32v = new Float32Array(1);
const u32v = new Uint32Array(f32v.buffer);
function f32OfBits(b: number): number {
  u32v[0] = b;
  return f32v[0];
}

function f16Value(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 31;
  const f = h & 1023;
  return e === 0 ? s * f * 2 ** -24 : s * (1 + f / 1024) * 2 ** (e - 15);
}

const EXACT = { fmt: F32, ulps: 0 };

const hipMfmaF32: Case = {
  name: 'hip_mfma_f32',
  source: 'hip_mfma',
  lang: 'HIP',
  covers: 'v_mfma_f32_32x32x2f32 x4: a 32x32x8 f32 GEMM plus C, D in AGPRs',
  setup(rng) {
    const a = Float32Array.from({ length: 32 * 8 }, () => rng.float(-4, 4));
    const b = Float32Array.from({ length: 8 * 32 }, () => rng.float(-4, 4));
    const c = Float32Array.from({ length: 32 * 32 }, () => rng.float(-100, 100));
    return {
      grid: [64],
      block: [64],
      args: [new Float32Array(32 * 32), a, b, c],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < 32; i++)
          for (let j = 0; j < 32; j++) {
            let s = c[i * 32 + j];
            for (let k = 0; k < 8; k++) s = fmaExact(a[i * 8 + k], b[k * 32 + j], s, F32);
            exp.push(s);
          }
        expectFloats('d', o[0] as Float32Array, exp, EXACT, (x) => `D[${x >> 5}][${x & 31}]`);
      },
    };
  },
};

const hipMfmaF16: Case = {
  name: 'hip_mfma_f16',
  source: 'hip_mfma',
  lang: 'HIP',
  covers: 'v_mfma_f32_16x16x16f16 x2: a 16x16x32 f16 GEMM accumulated in f32',
  setup(rng) {
    const half = () => (rng.int(0, 1) << 15) | (rng.int(8, 20) << 10) | rng.int(0, 1023);
    const a = Uint16Array.from({ length: 16 * 32 }, half);
    const b = Uint16Array.from({ length: 32 * 16 }, half);
    const c = Float32Array.from({ length: 16 * 16 }, () => rng.float(-10, 10));
    return {
      grid: [64],
      block: [64],
      args: [new Float32Array(16 * 16), a, b, c],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < 16; i++)
          for (let j = 0; j < 16; j++) {
            let s = c[i * 16 + j];
            for (let k = 0; k < 32; k++)
              s = fmaExact(f16Value(a[i * 32 + k]), f16Value(b[k * 16 + j]), s, F32);
            exp.push(s);
          }
        expectFloats('d', o[0] as Float32Array, exp, EXACT, (x) => `D[${x >> 4}][${x & 15}]`);
      },
    };
  },
};

const hipMfmaI8: Case = {
  name: 'hip_mfma_i8',
  source: 'hip_mfma',
  lang: 'HIP',
  covers: 'v_mfma_i32_16x16x16i8: a 16x16x16 signed i8 GEMM into i32 with wrap-around',
  setup(rng) {
    const a = Int8Array.from({ length: 256 }, () => rng.int(-128, 127));
    const b = Int8Array.from({ length: 256 }, () => rng.int(-128, 127));
    const c = Int32Array.from({ length: 256 }, () => rng.i32());
    return {
      grid: [64],
      block: [64],
      args: [new Int32Array(256), a, b, c],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < 16; i++)
          for (let j = 0; j < 16; j++) {
            let s = c[i * 16 + j];
            for (let k = 0; k < 16; k++) s = (s + a[i * 16 + k] * b[k * 16 + j]) | 0;
            exp.push(s);
          }
        expectInts('d', o[0] as Int32Array, exp, (x) => `D[${x >> 4}][${x & 15}]`);
      },
    };
  },
};

const hipMfmaBcast: Case = {
  name: 'hip_mfma_bcast',
  source: 'hip_mfma',
  lang: 'HIP',
  covers: 'v_mfma_f32_4x4x1f32 cbsz:2 abid:1 blgp:3 on raw lane registers (16 4x4 blocks)',
  setup(rng) {
    const a = Float32Array.from({ length: 64 }, () => rng.float(-8, 8));
    const b = Float32Array.from({ length: 64 }, () => rng.float(-8, 8));
    const c = Float32Array.from({ length: 256 }, () => rng.float(-8, 8));
    return {
      grid: [64],
      block: [64],
      args: [new Float32Array(256), a, b, c],
      check(o) {
        // Register i, lane 4q + j: D[i][j] of block q. CBSZ 2 / ABID 1: block q takes A from block
        // 4*floor(q/4) + 1. BLGP 3: lane l reads B from lane (l + 16) % 64.
        const exp: number[] = [];
        for (let i = 0; i < 4; i++)
          for (let l = 0; l < 64; l++) {
            const q = l >> 2;
            const ab = 4 * (q >> 2) + 1;
            exp.push(fmaExact(a[ab * 4 + i], b[(l + 16) % 64], c[i * 64 + l], F32));
          }
        expectFloats('d', o[0] as Float32Array, exp, EXACT, (x) => `a${x >> 6} lane ${x & 63}`);
      },
    };
  },
};

const hipMfmaBf16: Case = {
  name: 'hip_mfma_bf16',
  source: 'hip_mfma',
  lang: 'HIP',
  covers: 'v_mfma_f32_16x16x2bf16 cbsz:2 abid:3 blgp:6 on raw lane registers (4 16x16 blocks)',
  setup(rng) {
    // bf16 values of magnitude 2^-7 to 32, either sign.
    const bf = () => (rng.int(0, 1) << 15) | rng.int(0x3c00, 0x41ff);
    const a = Uint32Array.from({ length: 64 }, () => (bf() | (bf() << 16)) >>> 0);
    const b = Uint32Array.from({ length: 64 }, () => (bf() | (bf() << 16)) >>> 0);
    const c = Float32Array.from({ length: 16 * 64 }, () => rng.float(-8, 8));
    return {
      grid: [64],
      block: [64],
      args: [new Float32Array(16 * 64), a, b, c],
      check(o) {
        // Register r, lane l: block q = r / 4, row 4*(l/16) + r%4, column l%16. CBSZ 2 / ABID 3: every
        // block takes A from block 3 (lanes 48-63). BLGP 6: lane l reads B from lane 32 + l%16.
        const exp: number[] = [];
        for (let r = 0; r < 16; r++)
          for (let l = 0; l < 64; l++) {
            const row = 4 * (l >> 4) + (r & 3);
            const aw = a[48 + row];
            const bw = b[32 + (l & 15)];
            let s = c[r * 64 + l];
            s = fmaExact(f32OfBits((aw & 0xffff) << 16), f32OfBits((bw & 0xffff) << 16), s, F32);
            s = fmaExact(f32OfBits(aw & 0xffff0000), f32OfBits(bw & 0xffff0000), s, F32);
            exp.push(s);
          }
        expectFloats('d', o[0] as Float32Array, exp, EXACT, (x) => `a${x >> 6} lane ${x & 63}`);
      },
    };
  },
};

export const MFMA_CASES: readonly Case[] = [hipMfmaF32, hipMfmaF16, hipMfmaI8, hipMfmaBcast, hipMfmaBf16];
