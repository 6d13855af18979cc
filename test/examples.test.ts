// Every example in examples/ runs through `gcnkit run` with its own run spec, and its output file holds
// what a host computation of the same arithmetic gives (f32 rounding step by step, in the kernel's order).
// The multi-launch example also runs through the API (a launch loop over the same buffers).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Device } from '../src/runtime/device.js';
import type { DeviceBuffer } from '../src/runtime/types.js';
import { gcnkitArgv } from './helpers/cli.js';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-examples-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of examples/NAME in a temporary folder, so that outputs never land in the repository. */
function copyExample(name: string): string {
  const dir = join(tmp, name);
  cpSync(join(root, 'examples', name), dir, { recursive: true });
  return dir;
}

function gcnkit(args: string[]) {
  return spawnSync(process.execPath, gcnkitArgv(...args), { encoding: 'utf8', cwd: root });
}

function f32File(path: string): Float32Array {
  const b = readFileSync(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

const fr = Math.fround;

/** block_sum of examples/hip-reduce: per block of 256, a tree of halving strides over zero-padded x. */
function blockSums(x: Float32Array, n: number, blocks: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const s = Array.from({ length: 256 }, (_, t) => (b * 256 + t < n ? x[b * 256 + t] : 0));
    for (let stride = 128; stride > 0; stride >>= 1)
      for (let t = 0; t < stride; t++) s[t] = fr(s[t] + s[t + stride]);
    out.push(s[0]);
  }
  return out;
}

/**
 * heat_step of examples/heat: edges kept, interior 0.25 * (((w + e) + n) + s), `steps` times; `source`, if
 * given, is put back into its cell after every step (a heater held at a constant temperature).
 */
function heat(
  u0: Float32Array,
  n: number,
  steps: number,
  source?: { cell: number; value: number },
): Float32Array {
  let src = Float32Array.from(u0);
  let dst = new Float32Array(n * n);
  for (let k = 0; k < steps; k++) {
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        dst[i] =
          x === 0 || y === 0 || x === n - 1 || y === n - 1
            ? src[i]
            : fr(0.25 * fr(fr(fr(src[i - 1] + src[i + 1]) + src[i - n]) + src[i + n]));
      }
    if (source) dst[source.cell] = source.value;
    [src, dst] = [dst, src];
  }
  return src;
}

test('examples/vadd (OpenCL): gcnkit run writes c = a + b', () => {
  const dir = copyExample('vadd');
  const r = gcnkit(['run', join(dir, 'vadd-gfx908.hsaco'), join(dir, 'spec.json')]);
  assert.equal(r.status, 0, r.stderr);
  const a = f32File(join(dir, 'a.bin'));
  const b = f32File(join(dir, 'b.bin'));
  const c = f32File(join(dir, 'c.out.bin'));
  assert.equal(c.length, 1000);
  for (let i = 0; i < 1000; i++) assert.equal(c[i], fr(a[i] + b[i]), `c[${i}]`);
});

test('examples/hip-reduce (HIP): gcnkit run writes each block sum of x', () => {
  const dir = copyExample('hip-reduce');
  const r = gcnkit(['run', join(dir, 'block_sum-gfx908.hsaco'), join(dir, 'spec.json')]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^kernel block_sum: grid 4096, block 256, 16 workgroups, 64 waves$/m);
  const x = f32File(join(dir, 'x.bin'));
  assert.equal(x.length, 4000);
  assert.deepEqual(Array.from(f32File(join(dir, 'partial.out.bin'))), blockSums(x, 4000, 16));
});

const HEAT_N = 64;
const HEAT_STEPS = 100; // two launches (u -> v, v -> u), the list repeated 50 times

test('examples/heat (multi-launch): gcnkit run leaves 100 Jacobi steps in u', () => {
  const dir = copyExample('heat');
  const r = gcnkit(['run', join(dir, 'heat-gfx908.hsaco'), join(dir, 'spec.json')]);
  assert.equal(r.status, 0, r.stderr);
  const u = f32File(join(dir, 'u.out.bin'));
  assert.deepEqual(Array.from(u), Array.from(heat(f32File(join(dir, 'u0.bin')), HEAT_N, HEAT_STEPS)));
});

/** A device with the heat kernel loaded, u holding examples/heat/u0.bin and v as large, zeroed. */
function heatDevice() {
  const dev = new Device();
  const mod = dev.load(readFileSync(join(root, 'examples', 'heat', 'heat-gfx908.hsaco')));
  const u0 = f32File(join(root, 'examples', 'heat', 'u0.bin'));
  return { dev, mod, u0, u: dev.upload(u0), v: dev.alloc(u0.byteLength) };
}

test('examples/heat through the API: launches in a loop over two buffers give the host result', () => {
  const { dev, mod, u0, u, v } = heatDevice();
  const step = (src: DeviceBuffer, dst: DeviceBuffer) =>
    mod.launch('heat_step', { grid: [HEAT_N, HEAT_N], block: [16, 16], args: [src, dst, HEAT_N] });
  for (let k = 0; k < HEAT_STEPS / 2; k++) {
    step(u, v);
    step(v, u);
  }
  const want = heat(u0, HEAT_N, HEAT_STEPS);
  assert.deepEqual(Array.from(dev.download(u, Float32Array)), Array.from(want));
  // The temperature spread from the hot cells: a result that did not move would not be the host's.
  assert.notDeepEqual(Array.from(want), Array.from(u0));
});

test('examples/heat through the API: dev.write between launches holds the centre cell at 1000', () => {
  const { dev, mod, u0, u, v } = heatDevice();
  const centre = 32 * HEAT_N + 32;
  const heater = new Float32Array([1000]);
  let [src, dst] = [u, v];
  for (let k = 0; k < HEAT_STEPS; k++) {
    mod.launch('heat_step', { grid: [HEAT_N, HEAT_N], block: [16, 16], args: [src, dst, HEAT_N] });
    dev.write(dst, heater, centre * 4);
    [src, dst] = [dst, src];
  }
  const got = dev.download(src, Float32Array);
  assert.deepEqual(Array.from(got), Array.from(heat(u0, HEAT_N, HEAT_STEPS, { cell: centre, value: 1000 })));
  // Held, the heater warms its neighbour more than the free-running example does.
  assert.ok(got[centre + 1] > heat(u0, HEAT_N, HEAT_STEPS)[centre + 1]);
});
