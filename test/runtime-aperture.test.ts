// gfx8 code reaching private memory through a generic pointer in a called function (clang-22 -O0).
// Code object v4 takes the aperture bases from the queue's amd_queue_t, which the dispatcher provides;
// clang-22's v5 code reads them from address 0xc0 (a null implicit-argument pointer), which faults, and
// the fault names the cause. Objects: test/fixtures/aperture (build.sh, aperture.cl).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DispatchError } from '../src/gpu/dispatch-error.js';
import { Device } from '../src/runtime/device.js';

const dir = new URL('./fixtures/aperture/', import.meta.url);
const load = (v: 4 | 5) => {
  const dev = new Device();
  const mod = dev.load(new Uint8Array(readFileSync(new URL(`aperture-gfx803-O0-v${v}.hsaco`, dir))), `v${v}`);
  return { dev, mod };
};

test('gfx803 -O0, code object v4: a callee reads its private array through a generic pointer', () => {
  const { dev, mod } = load(4);
  const out = dev.alloc(4 * 64);
  mod.launch('aperture', { grid: [64], block: [64], args: [out] });
  // pick(x) = a[x & 7] with a[i] = x + i.
  assert.deepEqual(
    Array.from(dev.download(out, Int32Array)),
    Array.from({ length: 64 }, (_, x) => x + (x & 7)),
  );
});

test('gfx803 -O0, code object v5: the read of address 0xc0 faults and the message says why', () => {
  const { dev, mod } = load(5);
  const out = dev.alloc(4 * 64);
  assert.throws(
    () => mod.launch('aperture', { grid: [64], block: [64], args: [out] }),
    (e: unknown) =>
      e instanceof DispatchError &&
      /unmapped address 0xc0 \(4-byte read\) \(note: clang-22 code object v5 code for gfx7\/gfx8 functions reads the aperture bases from address 0xc0, which faults on hardware too: compile with -mcode-object-version=4\)$/.test(
        e.message,
      ),
  );
});
