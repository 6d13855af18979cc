// Emulator throughput: wave-instructions/s and lane-instructions/s on three kernels of different shape
// (divergent float loop, LDS reduction with barriers, streaming memory), and in the same run the time of
// the same computation written in plain TypeScript on the host, as the native yardstick.
// Usage: npm run bench:emu [-- --repeat=N]   (kernels rebuilt by scripts/build-bench.sh)

import { readFileSync } from 'node:fs';
import { Device } from '../src/runtime/device.js';
import type { KernelArg, LaunchResult } from '../src/runtime/types.js';

interface Case {
  name: string;
  file: string;
  grid: number[];
  block: number[];
  /** Uploads inputs; returns the args and a check of the device result. */
  setup(dev: Device): { args: KernelArg[]; check: () => void };
  /** The same computation on the host. */
  host(): void;
}

const W = 256;
const H = 256;
const MAXIT = 256;

function mandelHost(out: Int32Array): void {
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const f = Math.fround;
      const cr = f(-2 + f(f(2.5 * x) / W));
      const ci = f(-1.25 + f(f(2.5 * y) / H));
      let zr = 0;
      let zi = 0;
      let it = 0;
      while (it < MAXIT && f(f(zr * zr) + f(zi * zi)) <= 4) {
        const t = f(f(f(zr * zr) - f(zi * zi)) + cr);
        zi = f(f(f(2 * zr) * zi) + ci);
        zr = t;
        it++;
      }
      out[y * W + x] = it;
    }
}

const N = 1 << 20;
const input = new Uint32Array(N).map((_, i) => (i * 2654435761) >>> 20);
const xs = new Float32Array(N).map((_, i) => i * 0.25);
const ys = new Float32Array(N).map((_, i) => 1 - i * 0.125);

const CASES: Case[] = [
  {
    name: 'mandel (divergent f32 loop)',
    file: 'bench/kernels/mandel-gfx908.hsaco',
    grid: [W, H],
    block: [16, 16],
    setup(dev) {
      const out = dev.alloc(W * H * 4);
      return {
        args: [out, { value: W, type: 'i32' }, { value: H, type: 'i32' }, { value: MAXIT, type: 'i32' }],
        check() {
          const got = dev.download(out, Int32Array);
          let sum = 0;
          for (const v of got) sum += v;
          if (sum === 0) throw new Error('mandel: all zero');
        },
      };
    },
    host: () => mandelHost(new Int32Array(W * H)),
  },
  {
    name: 'reduce (LDS + barriers)',
    file: 'bench/kernels/reduce-gfx908.hsaco',
    grid: [N],
    block: [256],
    setup(dev) {
      const inp = dev.upload(input);
      const out = dev.alloc((N / 256) * 4);
      return {
        args: [inp, out, { value: N, type: 'u32' }],
        check() {
          const got = dev.download(out, Uint32Array);
          let s = 0;
          for (let i = 0; i < 256; i++) s = (s + input[i]) >>> 0;
          if (got[0] !== s) throw new Error(`reduce: ${got[0]} != ${s}`);
        },
      };
    },
    host() {
      const out = new Uint32Array(N / 256);
      for (let g = 0; g < N / 256; g++) {
        let s = 0;
        for (let i = 0; i < 256; i++) s = (s + input[g * 256 + i]) >>> 0;
        out[g] = s;
      }
    },
  },
  {
    name: 'saxpy (streaming)',
    file: 'bench/kernels/saxpy-gfx908.hsaco',
    grid: [N],
    block: [256],
    setup(dev) {
      const x = dev.upload(xs);
      const y = dev.upload(ys);
      return {
        args: [x, y, { value: 2.5, type: 'f32' }, { value: N, type: 'i32' }],
        check() {
          const got = dev.download(y, Float32Array);
          const want = Math.fround(Math.fround(2.5 * xs[7]) + ys[7]);
          if (got[7] !== want && Math.abs(got[7] - want) > Math.abs(want) * 1e-6)
            throw new Error(`saxpy: ${got[7]} != ${want}`);
        },
      };
    },
    host() {
      const y = ys.slice();
      for (let i = 0; i < N; i++) y[i] = Math.fround(2.5 * xs[i]) + y[i];
    },
  },
];

function main(): void {
  const rep = Number(/--repeat=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 3);
  console.log(
    'kernel                          waves   wave-instr  lane-instr   seconds  Mwave-instr/s  Mlane-instr/s  host s   emu/host',
  );
  for (const c of CASES) {
    let best: LaunchResult | undefined;
    for (let r = 0; r < rep; r++) {
      const dev = new Device();
      const mod = dev.load(readFileSync(c.file), c.file);
      const { args, check } = c.setup(dev);
      const res = mod.launch(c.name.split(' ')[0], { grid: c.grid, block: c.block, args });
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
