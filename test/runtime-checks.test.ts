// Checks of a launch against the kernel's metadata, made before it runs: blocks the kernel was not
// compiled for (errors, as the ROCm runtime), dynamic LDS a HIP kernel uses but is not given, and
// { value, type } arguments that disagree with the OpenCL .type_name (warnings). The kernels are clang-22
// builds: test/fixtures/emu/hip-launch.hip and ocl-launch.cl.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { objdumpBytes } from '../src/disasm/objdump.js';
import { Device } from '../src/runtime/device.js';
import type { KernelArg } from '../src/runtime/types.js';
import { launchError } from './helpers/launch-error.js';

const HIP = readFileSync('test/fixtures/emu/hip-launch-gfx908.hsaco');
const OCL = readFileSync('test/fixtures/emu/ocl-launch-gfx908.hsaco');

function load(bytes: Uint8Array) {
  const warnings: string[] = [];
  const dev = new Device({ onWarning: (m) => warnings.push(m) });
  return { dev, mod: dev.load(bytes), warnings };
}

test('a block larger than .max_flat_workgroup_size is refused (HIP __launch_bounds__, OpenCL default 256)', () => {
  const { dev, mod } = load(HIP);
  const out = dev.alloc(1024 * 4);
  // Before: both ran.
  assert.match(
    launchError(() => mod.launch('bounded', { grid: [128], block: [128], args: [out] }), 'block-size')
      .message,
    /^kernel 'bounded': block 128x1x1 has 128 work-items, more than its \.max_flat_workgroup_size of 64 .*: launch smaller blocks$/,
  );
  mod.launch('bounded', { grid: [128], block: [64], args: [out] });
  assert.equal(dev.download(out, Int32Array)[63], 63);
  const ocl = load(OCL);
  launchError(
    () => ocl.mod.launch('scale', { grid: [512], block: [512], args: [ocl.dev.alloc(2048), 1] }),
    'block-size',
  );
});

test('a block other than .reqd_workgroup_size is refused', () => {
  const { dev, mod } = load(OCL);
  const out = dev.alloc(256);
  assert.match(
    launchError(() => mod.launch('fixed64', { grid: [64], block: [32], args: [out] }), 'block-size').message,
    /^kernel 'fixed64' requires a block of 64x1x1 \(\.reqd_workgroup_size, from reqd_work_group_size\); 32x1x1 given$/,
  );
  launchError(() => mod.launch('fixed64', { grid: [64, 2], block: [64, 2], args: [out] }), 'block-size');
  mod.launch('fixed64', { grid: [64], block: [64, 1, 1], args: [out] });
  assert.equal(dev.download(out, Uint32Array)[63], 63);
});

test('a HIP kernel using extern __shared__ launched without dynamicLds warns, and runs with it', () => {
  const { dev, mod, warnings } = load(HIP);
  const out = dev.alloc(64 * 4);
  // Before: ran silently with 0 bytes of group memory (LDS writes dropped, reads 0).
  const r = mod.launch('reverse_dynamic', { grid: [64], block: [64], args: [out] });
  const want =
    "kernel 'reverse_dynamic' uses dynamic group memory (HIP extern __shared__: its metadata has " +
    'hidden_dynamic_lds_size) but the launch gives 0 bytes: pass its size as the dynamicLds option';
  assert.deepEqual(r.warnings, [want]);
  assert.deepEqual(warnings, [want]);
  const ok = mod.launch('reverse_dynamic', { grid: [64], block: [64], args: [out], dynamicLds: 256 });
  assert.deepEqual(ok.warnings, []);
  assert.equal(dev.download(out, Int32Array)[0], 63);
  // The same kernel with a static array has no mark and no warning.
  assert.deepEqual(mod.launch('reverse_static', { grid: [64], block: [64], args: [out] }).warnings, []);
  assert.equal(warnings.length, 1);
});

test('{ value, type } that disagrees with .type_name warns (f32 for a uint); plain numbers take the declared type', () => {
  const { dev, mod, warnings } = load(OCL);
  const out = dev.alloc(64 * 4);
  const run = (k: KernelArg) => mod.launch('scale', { grid: [64], block: [64], args: [out, k] }).warnings;
  // Before: no warning, and the kernel multiplied by 0x40000000 (the bits of 2.0f).
  assert.deepEqual(run({ value: 2, type: 'f32' }), [
    "kernel 'scale' argument 1 (by_value) is declared 'uint' (u32) but passed as f32",
  ]);
  assert.equal(dev.download(out, Uint32Array)[1], 0x40000000);
  assert.equal(run({ value: -1, type: 'i32' }).length, 1);
  assert.equal(run({ value: 1, type: 'u16' }).length, 1);
  // Same-width integers whose value fits the declared type store the same bits: no warning.
  assert.deepEqual(run({ value: 3, type: 'i32' }), []);
  assert.deepEqual(run(5), []);
  assert.equal(dev.download(out, Uint32Array)[7], 35);
  assert.equal(warnings.length, 3);
});

test('library messages name options, not CLI flags', () => {
  const b = Uint8Array.from(HIP);
  b[48] = 0x3f; // EF_AMDGPU_MACH_AMDGCN_GFX90A
  // Before: "...; use --mcpu to override".
  assert.throws(
    () => objdumpBytes(b, 'k.hsaco'),
    (e: unknown) => e instanceof Error && /choose one with the mcpu option$/.test(e.message),
  );
});
