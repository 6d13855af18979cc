// ALU-bound benchmark kernels: mandelbrot (divergent f32 loop), n-body (all pairs, correctly rounded
// division and square root), and a matrix product with one fmaf per k step and no LDS.

import { f32ToF16 } from '../../src/emu/float/f16.js';
import type { BenchCase } from './case.js';
import { f32a, f32Bits, hash, smallInts, u32 } from './case.js';

const fr = Math.fround;

export const mandelbrot: BenchCase = {
  name: 'mandelbrot',
  cls: 'ALU',
  kernel: 'mandelbrot',
  native: 'mandelbrot',
  make(smoke) {
    const w = smoke ? 32 : 256;
    const h = w;
    const maxIter = 256;
    const [x0, y0, dx, dy] = [-2.25, -1.25, fr(3.25 / w), fr(2.5 / h)];
    return {
      size: `${w}x${h}, ${maxIter} iterations`,
      grid: [w, h],
      block: [16, 16],
      inputs: [],
      outputs: [new Int32Array(w * h)],
      args: ([out]) => [out, u32(w), u32(h), f32a(x0), f32a(y0), f32a(dx), f32a(dy), u32(maxIter)],
      scalars: [w, h, f32Bits(x0), f32Bits(y0), f32Bits(dx), f32Bits(dy), maxIter],
      reference() {
        const out = new Int32Array(w * h);
        for (let py = 0; py < h; py++)
          for (let px = 0; px < w; px++) {
            const cr = fr(x0 + fr(px * dx));
            const ci = fr(y0 + fr(py * dy));
            let [zr, zi, it] = [0, 0, 0];
            for (; it < maxIter; it++) {
              const zr2 = fr(zr * zr);
              const zi2 = fr(zi * zi);
              if (fr(zr2 + zi2) > 4) break;
              const t = fr(fr(zr2 - zi2) + cr);
              zi = fr(fr(fr(2 * zr) * zi) + ci);
              zr = t;
            }
            out[py * w + px] = it;
          }
        return [out];
      },
    };
  },
};

export const nbody: BenchCase = {
  name: 'n-body',
  cls: 'ALU',
  kernel: 'nbody',
  native: 'nbody',
  make(smoke) {
    const n = smoke ? 128 : 2048;
    const eps2 = fr(0.01);
    // Positions in [-1, 1), masses in [0.5, 1.5).
    const coord = (seed: number) => Float32Array.from({ length: n }, (_, i) => hash(i, seed) / 2 ** 31 - 1);
    const [x, y, z] = [coord(1), coord(2), coord(3)];
    const m = Float32Array.from({ length: n }, (_, i) => 0.5 + hash(i, 4) / 2 ** 32);
    return {
      size: `${n} bodies`,
      grid: [n],
      block: [256],
      inputs: [x, y, z, m],
      outputs: [new Float32Array(n), new Float32Array(n), new Float32Array(n)],
      args: ([ax, ay, az], [bx, by, bz, bm]) => [ax, ay, az, bx, by, bz, bm, u32(n), f32a(eps2)],
      scalars: [n, f32Bits(eps2)],
      reference() {
        const a = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
        for (let i = 0; i < n; i++) {
          let [sx, sy, sz] = [0, 0, 0];
          for (let j = 0; j < n; j++) {
            const dx = fr(x[j] - x[i]);
            const dy = fr(y[j] - y[i]);
            const dz = fr(z[j] - z[i]);
            const r2 = fr(fr(fr(fr(dx * dx) + fr(dy * dy)) + fr(dz * dz)) + eps2);
            // A square root or quotient of f32 values rounded once to double and then to f32 is the
            // correctly rounded f32 result (double has more than 2*24+2 bits).
            const inv = fr(1 / fr(Math.sqrt(r2)));
            const s = fr(fr(fr(m[j] * inv) * inv) * inv);
            sx = fr(sx + fr(dx * s));
            sy = fr(sy + fr(dy * s));
            sz = fr(sz + fr(dz * s));
          }
          [a[0][i], a[1][i], a[2][i]] = [sx, sy, sz];
        }
        return a;
      },
    };
  },
};

/** C = A * B for n x n row-major inputs of small integers: exact in any order. */
export function matmulRef(a: Float32Array, b: Float32Array, n: number): Float32Array {
  const c = new Float32Array(n * n);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < n; k++) {
      const aik = a[i * n + k];
      for (let j = 0; j < n; j++) c[i * n + j] += aik * b[k * n + j];
    }
  return c;
}

/** A matrix product case: the FMA kernel without LDS, the MFMA one and the LDS-tiled one share it. */
export function matmulCase(
  name: string,
  cls: BenchCase['cls'],
  kernel: string,
  sizes: { smoke: number; full: number },
  launch: (n: number) => { grid: number[]; block: number[] },
  half = false,
): BenchCase {
  return {
    name,
    cls,
    kernel,
    native: 'matmul',
    make(smoke) {
      const n = smoke ? sizes.smoke : sizes.full;
      const [a, b] = [smallInts(n * n, 5), smallInts(n * n, 6)];
      return {
        size: `${n}x${n}x${n} ${half ? 'f16' : 'f32'}`,
        ...launch(n),
        inputs: [a, b],
        // f16 to the device (small integers: exact), f32 to the native program.
        device: half ? [a, b].map((x) => Uint16Array.from(x, (v) => f32ToF16(v))) : undefined,
        outputs: [new Float32Array(n * n)],
        args: ([c], [da, db]) => [c, da, db, u32(n)],
        scalars: [n],
        reference: () => [matmulRef(a, b, n)],
      };
    },
  };
}

export const matmul = matmulCase('matmul (FMA, no LDS)', 'ALU', 'matmul', { smoke: 32, full: 192 }, (n) => ({
  grid: [n, n],
  block: [16, 16],
}));
