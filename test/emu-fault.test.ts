// Faults stop a dispatch with a report that names where they happened, and leave the host (and the
// device) usable: a global load by one lane from an unmapped address is the canonical case.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Device } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';

// Lane 5 adds 256 MiB to its address; every other lane loads its own dword of the buffer.
const BODY = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  v_lshlrev_b32 v1, 2, v0
  v_cmp_eq_u32 vcc, 5, v0
  v_mov_b32 v4, 0x10000000
  v_cndmask_b32 v1, v1, v4, vcc
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, s3
  v_add_co_u32 v2, vcc, s2, v1
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_load_dword v5, v[2:3], off
  s_waitcnt vmcnt(0)`;

test('an unmapped global load stops the dispatch naming kernel, workgroup, wave, lane, pc, instruction and address', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('oob', BODY, { args: ['ptr'] }));
  const buf = dev.alloc(256);
  let message = '';
  try {
    mod.launch('oob', { grid: [64], block: [64], args: [buf] });
  } catch (e) {
    message = (e as Error).message;
  }
  const addr = (buf.address + 0x10000000).toString(16);
  assert.match(
    message,
    new RegExp(
      `^kernel 'oob' workgroup \\(0,0,0\\) wave 0 lane 5: memory fault at pc 0x[0-9a-f]+ \\(global_load_dword v5, v\\[2:3\\], off\\): unmapped address 0x${addr} \\(4-byte read\\)$`,
    ),
  );
  // The device is still usable after the fault.
  const ok = dev.load(kernelObject('fine', '  s_nop 0'));
  assert.equal(ok.launch('fine', { grid: [64], block: [64], args: [] }).kernel, 'fine');
});

test('recursion deeper than the private segment clang reports is named a private segment overflow', () => {
  // clang-22 gives this OpenCL kernel 32 bytes per work-item and no dynamic stack (see the source).
  const dev = new Device();
  const mod = dev.load(readFileSync('test/fixtures/emu/ocl-recursion-gfx908.hsaco'));
  const out = dev.alloc(256);
  // Even the first call's frame needs more than that: the report says so instead of a bare unmapped
  // address (and instead of silently overwriting the next wave's stack, as hardware would).
  assert.throws(
    () => mod.launch('fib_kernel', { grid: [64], block: [64], args: [out, { value: 12, type: 'i32' }] }),
    /^DispatchError: kernel 'fib_kernel' workgroup \(0,0,0\) wave 0 lane \d+: private segment overflow at pc 0x[0-9a-f]+ \(.*\): the access at 0x[0-9a-f]+ is beyond the 32 bytes per work-item/,
  );
});
