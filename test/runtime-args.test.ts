// Kernel arguments through the API: plain numbers typed by the metadata's .type_name, and { value, type }
// checked against it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Device, LaunchError } from '../src/runtime/device.js';
import { scalarOfTypeName } from '../src/runtime/type-names.js';
import { kernelObject } from './helpers/kernel-asm.js';

// Stores the by-value argument's dword (kernarg offset 8) to the buffer's first dword.
const STORE_ARG = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_load_dword s4, s[0:1], 0x8
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v1, s4
  global_store_dword v0, v1, s[2:3]
  s_waitcnt vmcnt(0)`;

function storeArg(typeName: string): { dev: Device; run: (arg: unknown) => number; warnings: string[] } {
  const warnings: string[] = [];
  const dev = new Device({ onWarning: (m) => warnings.push(m) });
  const mod = dev.load(
    kernelObject('store', STORE_ARG, { args: ['ptr', 4], typeNames: ['uint*', typeName] }),
  );
  const out = dev.alloc(4);
  const run = (arg: unknown) => {
    mod.launch('store', { grid: [1], block: [1], args: [out, arg as number] });
    return dev.download(out, Uint32Array)[0];
  };
  return { dev, run, warnings };
}

test('a plain number is stored as the type the metadata names', () => {
  assert.equal(storeArg('uint').run(4000000000), 4000000000);
  assert.equal(storeArg('int').run(-2) | 0, -2);
  assert.equal(storeArg('float').run(1.5), 0x3fc00000);
  assert.equal(storeArg('unsigned int').run(7n), 7);
  assert.equal(storeArg('uint32_t').run(9), 9);
  assert.throws(() => storeArg('uint').run(-1), /argument 1 \(by_value\): -1 does not fit in u32/);
});

test('a plain number without a scalar .type_name is a LaunchError naming the argument, not a TypeError', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('store', STORE_ARG, { args: ['ptr', 4] }));
  const out = dev.alloc(4);
  // Before: TypeError "Cannot use 'in' operator to search for 'bytes' in 5".
  assert.throws(
    () => mod.launch('store', { grid: [1], block: [1], args: [out, 5] }),
    (e: unknown) =>
      e instanceof LaunchError &&
      e.code === 'argument' &&
      /^kernel 'store' argument 1 \(by_value\): a plain number needs a scalar \.type_name in the metadata to know its type \(it has no \.type_name\): pass \{ value, type \}$/.test(
        e.message,
      ),
  );
  // A plain number for a pointer argument says what to pass instead.
  assert.throws(
    () => mod.launch('store', { grid: [1], block: [1], args: [5, { value: 1, type: 'u32' }] }),
    /argument 0 \(global_buffer\) is a pointer: pass a device buffer/,
  );
});

test('type names: OpenCL and C spellings, vectors', () => {
  assert.deepEqual(scalarOfTypeName('uint'), { type: 'u32', count: 1 });
  assert.deepEqual(scalarOfTypeName('size_t'), { type: 'u64', count: 1 });
  assert.deepEqual(scalarOfTypeName('const unsigned  short'), { type: 'u16', count: 1 });
  assert.deepEqual(scalarOfTypeName('float4'), { type: 'f32', count: 4 });
  assert.equal(scalarOfTypeName('int*'), undefined);
  assert.equal(scalarOfTypeName('params_t'), undefined);
});
