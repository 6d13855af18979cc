// Emulator throughput: wave-instructions/s and lane-instructions/s on three kernels of the conformance
// suite with different shapes (divergent float loop, LDS reduction with barriers, streaming memory), run
// at benchmark sizes, and in the same run the time of the same computation written in plain TypeScript
// on the host, as the native yardstick. Usage: npm run bench:emu [-- --repeat=N] [--level=O0|O3]
// [--smoke]. `--smoke` (npm run bench:smoke) runs each kernel once at a small size (a 32x32 image, 4,096
// elements): the same launches and the same checks of every result against the host's.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Device } from '../src/runtime/device.js';
import type { KernelArg, LaunchResult } from '../src/runtime/types.js';

interface Case {
  name: string;
  kernel: string;
  /** The suite's code object: test/conformance/bin/SOURCE-gfx908-LEVEL.hsaco. */
  source: string;
  grid: number[];
  block: number[];
  /** Uploads inputs; returns the args and a check of the device result against the host's. */
  setup(dev: Device): { args: KernelArg[]; check: () => void };
  /** The same computation on the host. */
  host(): void;
}

const LEVEL = /--level=(O0|O3)/.exec(process.argv.join(' '))?.[1] ?? 'O3';
const smoke = process.argv.includes('--smoke');
const W = smoke ? 32 : 256;
const H = smoke ? 32 : 256;
const MAXIT = 256;
const X0 = -2.25;
const Y0 = -1.25;
const DX = Math.fround(3.25 / W);
const DY = Math.fround(2.5 / H);

function mandelHost(out: Int32Array): void {
  const f = Math.fround;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const cr = f(X0 + f(x * DX));
      const ci = f(Y0 + f(y * DY));
      let zr = 0;
      let zi = 0;
      let it = 0;
      while (it < MAXIT) {
        const zr2 = f(zr * zr);
        const zi2 = f(zi * zi);
        if (f(zr2 + zi2) > 4) break;
        const t = f(f(zr2 - zi2) + cr);
        zi = f(f(2 * zr * zi) + ci);
        zr = t;
        it++;
      }
      out[y * W + x] = it;
    }
}

const N = smoke ? 1 << 12 : 1 << 20;
const RB = 128;
const input = new Int32Array(N).map((_, i) => ((i * 2654435761) >>> 20) - 2048);
const xs = new Float32Array(N).map((_, i) => i * 0.25);
const ys = new Float32Array(N).map((_, i) => 1 - i * 0.125);

function reduceHost(out: Int32Array): void {
  for (let g = 0; g < N / RB; g++) {
    let s = 0;
    for (let i = 0; i < RB; i++) s = (s + input[g * RB + i]) | 0;
    out[g] = s;
  }
}

function saxpyHost(y: Float32Array): void {
  for (let i = 0; i < N; i++) y[i] = Math.fround(Math.fround(2.5 * xs[i]) + y[i]);
}

function same(what: string, got: ArrayLike<number>, want: ArrayLike<number>): void {
  for (let i = 0; i < want.length; i++)
    if (!Object.is(got[i], want[i])) throw new Error(`${what}[${i}]: emulator ${got[i]}, host ${want[i]}`);
}

const CASES: Case[] = [
  {
    name: 'mandelbrot (divergent f32 loop)',
    kernel: 'mandelbrot',
    source: 'control',
    grid: [W, H],
    block: [16, 16],
    setup(dev) {
      const out = dev.alloc(W * H * 4);
      const f32 = (value: number) => ({ value, type: 'f32' as const });
      return {
        args: [
          out,
          { value: W, type: 'u32' },
          { value: H, type: 'u32' },
          f32(X0),
          f32(Y0),
          f32(DX),
          f32(DY),
          { value: MAXIT, type: 'i32' },
        ],
        check() {
          const want = new Int32Array(W * H);
          mandelHost(want);
          same('mandelbrot', dev.download(out, Int32Array), want);
        },
      };
    },
    host: () => mandelHost(new Int32Array(W * H)),
  },
  {
    name: 'reduce_sum (LDS + barriers)',
    kernel: 'reduce_sum',
    source: 'lds',
    grid: [N],
    block: [RB],
    setup(dev) {
      const out = dev.alloc((N / RB) * 4);
      const inp = dev.upload(input);
      return {
        args: [out, inp, { value: N, type: 'u32' }],
        check() {
          const want = new Int32Array(N / RB);
          reduceHost(want);
          same('reduce_sum', dev.download(out, Int32Array), want);
        },
      };
    },
    host: () => reduceHost(new Int32Array(N / RB)),
  },
  {
    name: 'saxpy (streaming)',
    kernel: 'saxpy',
    source: 'misc',
    grid: [N],
    block: [256],
    setup(dev) {
      const y = dev.upload(ys);
      const x = dev.upload(xs);
      return {
        args: [y, x, { value: 2.5, type: 'f32' }, { value: N, type: 'u32' }],
        check() {
          const want = ys.slice();
          saxpyHost(want);
          same('saxpy', dev.download(y, Float32Array), want);
        },
      };
    },
    host: () => saxpyHost(ys.slice()),
  },
];

function main(): void {
  const rep = Number(/--repeat=(\d+)/.exec(process.argv.join(' '))?.[1] ?? (smoke ? 1 : 3));
  console.log(`gfx908 -${LEVEL}, best of ${rep}; host = the same computation in TypeScript`);
  console.log(
    'kernel                          waves   wave-instr  lane-instr   seconds  Mwave-instr/s  Mlane-instr/s  host s   emu/host',
  );
  for (const c of CASES) {
    let best: LaunchResult | undefined;
    for (let r = 0; r < rep; r++) {
      const dev = new Device();
      const file = join(
        import.meta.dirname,
        '..',
        'test',
        'conformance',
        'bin',
        `${c.source}-gfx908-${LEVEL}.hsaco`,
      );
      const mod = dev.load(readFileSync(file), file);
      const { args, check } = c.setup(dev);
      const res = mod.launch(c.kernel, { grid: c.grid, block: c.block, args });
      check();
      if (best === undefined || res.seconds < best.seconds) best = res;
    }
    let host = Number.POSITIVE_INFINITY;
    for (let r = 0; r < rep; r++) {
      const t0 = process.hrtime.bigint();
      c.host();
      host = Math.min(host, Number(process.hrtime.bigint() - t0) / 1e9);
    }
    const b = best as LaunchResult;
    console.log(
      `${c.name.padEnd(30)} ${String(b.waves).padStart(6)} ${String(b.waveInstructions).padStart(12)} ${String(b.laneInstructions).padStart(11)} ${b.seconds.toFixed(3).padStart(9)} ${(b.waveInstructions / b.seconds / 1e6).toFixed(2).padStart(14)} ${(b.laneInstructions / b.seconds / 1e6).toFixed(1).padStart(14)} ${host.toFixed(4).padStart(7)} ${(b.seconds / host).toFixed(0).padStart(9)}x`,
    );
  }
}

main();
