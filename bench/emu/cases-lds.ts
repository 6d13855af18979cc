// Matrix-core and LDS-bound benchmark kernels: an MFMA GEMM (v_mfma_f32_32x32x2f32, one wave per 32x32
// tile), a matrix product in 16x16 LDS tiles, and a per-work-group sum through an LDS tree.

import type { BenchCase } from './case.js';
import { hash } from './case.js';
import { matmulCase } from './cases-alu.js';

export const mfmaGemm = matmulCase(
  'MFMA GEMM (32x32x2 f32)',
  'matrix cores',
  'mfma_gemm',
  { smoke: 64, full: 384 },
  (n) => ({
    grid: [(n / 32) ** 2 * 64],
    block: [64],
  }),
);

export const mfmaGemmF16 = matmulCase(
  'MFMA GEMM (32x32x8 f16)',
  'matrix cores',
  'mfma_gemm_f16',
  { smoke: 64, full: 384 },
  (n) => ({
    grid: [(n / 32) ** 2 * 64],
    block: [64],
  }),
  true,
);

export const matmulLds = matmulCase(
  'matmul (16x16 LDS tiles)',
  'LDS',
  'matmul_lds',
  { smoke: 32, full: 192 },
  (n) => ({
    grid: [n, n],
    block: [16, 16],
  }),
);

export const reduce: BenchCase = {
  name: 'reduction (LDS tree)',
  cls: 'LDS',
  kernel: 'reduce',
  native: 'reduce',
  make(smoke) {
    const groups = smoke ? 8 : 2048;
    const input = Uint32Array.from({ length: groups * 1024 }, (_, i) => hash(i, 7));
    return {
      size: `${groups * 1024} u32, ${groups} groups`,
      grid: [groups * 256],
      block: [256],
      inputs: [input],
      outputs: [new Uint32Array(groups)],
      args: ([out], [inp]) => [out, inp],
      scalars: [groups],
      reference() {
        const out = new Uint32Array(groups);
        for (let i = 0; i < input.length; i++) out[i >> 10] += input[i];
        return [out];
      },
    };
  },
};
