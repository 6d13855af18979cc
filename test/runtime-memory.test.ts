// The host side of device memory through the API: the memoryLimit cap (checked before allocating), byte
// counts that are not byte counts, and host copies into and out of existing buffers (between launches).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MEMORY_LIMIT, Device } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';
import { launchError } from './helpers/launch-error.js';

// Adds the u32 argument n to each of the 64 dwords of buf (one wave, one dword per lane).
const ADD_N = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_load_dword s4, s[0:1], 0x8
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, s3
  v_add_co_u32 v2, vcc, s2, v1
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_load_dword v4, v[2:3], off
  s_waitcnt vmcnt(0)
  v_add_u32 v4, s4, v4
  global_store_dword v[2:3], v4, off
  s_waitcnt vmcnt(0)`;

test('alloc refuses more than the memoryLimit (4 GiB by default) before allocating anything', () => {
  const dev = new Device();
  assert.equal(DEFAULT_MEMORY_LIMIT, 4 * 2 ** 30);
  assert.equal(dev.memoryLimit, DEFAULT_MEMORY_LIMIT);
  // Before: RangeError 'Invalid typed array length' (the CLI printed it as an internal error).
  const e = launchError(() => dev.alloc(1e12), 'memory-limit');
  assert.match(
    e.message,
    /^alloc: 1000000000000 bytes would exceed the device's memoryLimit of 4294967296 bytes \(0 in use\)/,
  );
  assert.doesNotMatch(e.message, /--/);
  assert.deepEqual(dev.mem.allocations(), []);
  // The cap is on the sum of live allocations: freeing makes room again.
  const small = new Device({ memoryLimit: 1 << 20 });
  const a = small.alloc(768 << 10);
  launchError(() => small.upload(new Uint8Array(512 << 10)), 'memory-limit');
  small.free(a);
  assert.equal(small.upload(new Uint8Array(512 << 10)).size, 512 << 10);
  assert.equal(small.mem.used, 512 << 10);
});

test('loaded code counts against the memoryLimit; past what the host can back is host-memory', () => {
  const co = kernelObject('k', '  s_nop 0');
  assert.match(
    launchError(() => new Device({ memoryLimit: 4096 }).load(co, 'k.hsaco'), 'memory-limit').message,
    /^load k\.hsaco: the code object image: \d+ bytes would exceed the device's memoryLimit of 4096 bytes \(0 in use\)/,
  );
  // Without a cap, V8 still cannot back 2^50 bytes: an error that says so, not a raw RangeError.
  assert.match(
    launchError(() => new Device({ memoryLimit: Number.POSITIVE_INFINITY }).alloc(2 ** 50), 'host-memory')
      .message,
    /^alloc: the host cannot allocate that much memory/,
  );
});

test('byte counts must be non-negative integers: alloc(-1) no longer returns a buffer', () => {
  const dev = new Device();
  // Before: alloc(-1) returned { size: -1 } backed by one byte; 1.5 and '4' went through as well.
  for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '4', 2 ** 53])
    assert.match(
      launchError(() => dev.alloc(bad as number), 'argument').message,
      /^alloc: bytes = .* is not a byte count \(a non-negative integer\)$/,
    );
  assert.equal(dev.alloc(0).size, 0);
  launchError(() => new Device({ memoryLimit: -5 }), 'argument');
});

test('a plain number where a typed array or buffer is expected is a LaunchError, not a raw TypeError', () => {
  const dev = new Device();
  const buf = dev.alloc(16);
  // Before: TypeError "Cannot read properties of undefined (reading 'length')" and the like.
  assert.match(
    launchError(() => dev.upload(5 as never), 'argument').message,
    /^upload: data must be a typed array/,
  );
  assert.match(
    launchError(() => dev.write(buf, 5 as never), 'argument').message,
    /^write: data must be a typed array/,
  );
  assert.match(
    launchError(() => dev.read(5 as never), 'argument').message,
    /^read: expected a device buffer .*got 5$/,
  );
  launchError(() => dev.download(buf, 5 as never), 'argument');
  launchError(() => dev.load(5 as never), 'argument');
  dev.free(buf);
  assert.match(launchError(() => dev.free(buf), 'argument').message, /is not a live allocation/);
  launchError(() => dev.read(buf), 'argument');
});

test('write and read copy ranges of an existing buffer; ranges past its end are refused', () => {
  const dev = new Device();
  const buf = dev.upload(new Uint32Array([1, 2, 3, 4]));
  dev.write(buf, new Uint32Array([20, 30]), 4);
  assert.deepEqual([...dev.download(buf, Uint32Array)], [1, 20, 30, 4]);
  assert.deepEqual([...dev.read(buf, 8)], [30, 0, 0, 0, 4, 0, 0, 0]);
  assert.deepEqual([...dev.read(buf, 4, 1)], [20]);
  assert.equal(dev.read(buf, 16).length, 0);
  // A view of part of a larger buffer writes only the bytes it covers.
  dev.write(buf, new Uint8Array([9, 9, 7, 9]).subarray(2, 3), 0);
  assert.equal(dev.download(buf, Uint32Array)[0], 7);
  assert.match(
    launchError(() => dev.write(buf, new Uint32Array(2), 12), 'argument').message,
    /^write: 8 bytes at byteOffset 12 do not fit in the 16-byte buffer$/,
  );
  launchError(() => dev.read(buf, 17), 'argument');
  launchError(() => dev.read(buf, 8, 9), 'argument');
  launchError(() => dev.read(buf, -1), 'argument');
});

test('several launches over one buffer, written between launches', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('add_n', ADD_N, { args: ['ptr', 4], typeNames: ['uint*', 'uint'] }));
  const buf = dev.upload(new Uint32Array(64).map((_, i) => i));
  for (let step = 1; step <= 3; step++)
    assert.deepEqual(mod.launch('add_n', { grid: [64], block: [64], args: [buf, step] }).warnings, []);
  assert.deepEqual([...dev.download(buf, Uint32Array)].slice(0, 3), [6, 7, 8]);
  // Reset part of it on the host, then run again on the same buffer.
  dev.write(buf, new Uint32Array([100, 200]), 0);
  mod.launch('add_n', { grid: [64], block: [64], args: [buf, { value: 1, type: 'u32' }] });
  assert.deepEqual([...dev.download(buf, Uint32Array)].slice(0, 3), [101, 201, 9]);
});

test('launch memory (queue, kernel arguments, scratch) counts against the memoryLimit and is freed', () => {
  const dev = new Device({ memoryLimit: 64 << 10 });
  const mod = dev.load(kernelObject('k', '  s_nop 0'));
  const used = dev.mem.used;
  mod.launch('k', { grid: [64], block: [64], args: [] });
  assert.equal(dev.mem.used, used);
  // A private segment of 64 KiB per work-item for a 64-lane wave is 4 MiB: over the cap.
  const big = dev.load(
    kernelObject('scratchy', '  s_nop 0', { kd: '  .amdhsa_private_segment_fixed_size 65536' }),
  );
  const loaded = dev.mem.used;
  const e = launchError(() => big.launch('scratchy', { grid: [64], block: [64], args: [] }), 'memory-limit');
  assert.match(
    e.message,
    /^kernel 'scratchy' needs 65536 bytes of private memory per work-item \(4194304 for a workgroup of 1 wave\(s\)\), which would exceed the device's memoryLimit of 65536 bytes/,
  );
  assert.equal(dev.mem.used, loaded);
});
