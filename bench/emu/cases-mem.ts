// Memory- and atomic-bound benchmark kernels: vector add, a transpose without LDS (strided stores), and a
// 256-bin histogram with one global atomic add per element.

import type { BenchCase } from './case.js';
import { hash, u32 } from './case.js';

export const vadd: BenchCase = {
  name: 'vector add',
  cls: 'memory/atomics',
  kernel: 'vadd',
  native: 'vadd',
  make(smoke) {
    const n = smoke ? 4096 : 1 << 20;
    const a = Float32Array.from({ length: n }, (_, i) => hash(i, 8) / 2 ** 16);
    const b = Float32Array.from({ length: n }, (_, i) => -hash(i, 9) / 2 ** 20);
    return {
      size: `${n} f32`,
      grid: [n],
      block: [256],
      inputs: [a, b],
      outputs: [new Float32Array(n)],
      args: ([c], [da, db]) => [c, da, db, u32(n)],
      scalars: [n],
      reference: () => [a.map((x, i) => x + b[i])],
    };
  },
};

export const transpose: BenchCase = {
  name: 'transpose',
  cls: 'memory/atomics',
  kernel: 'transpose',
  native: 'transpose',
  make(smoke) {
    const [w, h] = smoke ? [64, 48] : [1280, 768];
    const input = Uint32Array.from({ length: w * h }, (_, i) => hash(i, 10));
    return {
      size: `${w}x${h} u32`,
      grid: [w, h],
      block: [16, 16],
      inputs: [input],
      outputs: [new Uint32Array(w * h)],
      args: ([out], [inp]) => [out, inp, u32(w), u32(h)],
      scalars: [w, h],
      reference() {
        const out = new Uint32Array(w * h);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[x * h + y] = input[y * w + x];
        return [out];
      },
    };
  },
};

export const histogram: BenchCase = {
  name: 'histogram (global atomics)',
  cls: 'memory/atomics',
  kernel: 'histogram',
  native: 'histogram',
  make(smoke) {
    const n = smoke ? 4096 : 1 << 21;
    // Four elements per work-item (the kernel strides by the grid size).
    const items = n / 4;
    const data = Uint32Array.from({ length: n }, (_, i) => hash(i, 11));
    return {
      size: `${n} u32, 256 bins`,
      grid: [items],
      block: [256],
      inputs: [data],
      outputs: [new Uint32Array(256)],
      args: ([bins], [d]) => [bins, d, u32(n)],
      scalars: [n],
      reference() {
        const bins = new Uint32Array(256);
        for (const x of data) bins[x >>> 24]++;
        return [bins];
      },
    };
  },
};
