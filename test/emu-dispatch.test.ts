import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Device, DispatchError } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';

test('a runaway kernel stops at the instruction budget with a clear message', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('spin', '.Lloop:\n  s_branch .Lloop'));
  assert.throws(
    () => mod.launch('spin', { grid: [64], block: [64], args: [], budget: 10000 }),
    /^DispatchError: kernel 'spin' stopped: the instruction budget of 10000 wave-instructions is exhausted \(in [\d.]+ s\); still running: workgroup \(0,0,0\) wave 0 at pc 0x[0-9a-f]+; 0 workgroup\(s\) not started$/,
  );
  // The API's message names the launch option, not a CLI flag (before: "raise it with --budget").
  assert.throws(
    () => mod.launch('spin', { grid: [64], block: [64], args: [], budget: 10000 }),
    (e: unknown) => e instanceof DispatchError && e.kind === 'budget' && !e.message.includes('--'),
  );
});

test('an instruction without semantics stops the dispatch with its name and pc', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('gfx', '  exp mrt0 v0, v0, v0, v0 done vm'));
  assert.throws(
    () => mod.launch('gfx', { grid: [64], block: [64], args: [] }),
    /kernel 'gfx' workgroup \(0,0,0\) wave 0: instruction without semantics: exp mrt0 v0, v0, v0, v0 done vm \(the EXP encoding is not executed\) at pc 0x[0-9a-f]+/,
  );
});

test('s_trap stops the dispatch and names the trap', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('trap', '  s_trap 2'));
  assert.throws(
    () => mod.launch('trap', { grid: [1], block: [1], args: [] }),
    /s_trap 2 \(the kernel trapped/,
  );
});

test('wrong argument counts and bad grids are launch errors naming the field', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('args', '  s_nop 0', { args: ['ptr', 4] }));
  assert.throws(() => mod.launch('args', { grid: [1], block: [1], args: [] }), /takes 2 argument\(s\)/);
  const b = dev.alloc(4);
  assert.throws(
    () => mod.launch('args', { grid: [0], block: [1], args: [b, { value: 1, type: 'i32' }] }),
    /grid\[0\] = 0/,
  );
  assert.throws(
    () => mod.launch('args', { grid: [1], block: [2048], args: [b, { value: 1, type: 'i32' }] }),
    /more than 1024 work-items/,
  );
  assert.throws(
    () => mod.launch('args', { grid: [1], block: [1], args: [b, { value: 2 ** 40, type: 'i32' }] }),
    /does not fit in i32/,
  );
});
