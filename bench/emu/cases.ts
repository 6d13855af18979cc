// The emulator benchmark's kernels, in the order of its table (bench/emu.ts, bench/emu-workers.ts).

import type { BenchCase } from './case.js';
import { mandelbrot, matmul, nbody } from './cases-alu.js';
import { matmulLds, mfmaGemm, mfmaGemmF16, reduce } from './cases-lds.js';
import { histogram, transpose, vadd } from './cases-mem.js';

export const CASES: readonly BenchCase[] = [
  mandelbrot,
  nbody,
  matmul,
  mfmaGemm,
  mfmaGemmF16,
  matmulLds,
  reduce,
  vadd,
  transpose,
  histogram,
];
