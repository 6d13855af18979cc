// AQL queues through the host API: packets written into a ring in device memory, the doorbell, the packet
// processor's read index and INVALID headers, completion signals, and what a kernel sees through its
// dispatch and queue pointers (the packet the host wrote, the amd_queue_t it sits in).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DISPATCH, PACKET_BYTES, PacketType, Q, SIG } from '../src/cp/aql/layout.js';
import { readU64, writeU64 } from '../src/cp/aql/signal.js';
import { Device, DispatchError } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';
import { launchError } from './helpers/launch-error.js';

const vadd = readFileSync(new URL('../examples/vadd/vadd-gfx908.hsaco', import.meta.url));

/** A kernel that copies its dispatch packet (16 dwords), queue pointer and dispatch id to its argument. */
function packetReader(): Uint8Array {
  const body = [
    '  s_load_dwordx2 s[8:9], s[4:5], 0x0',
    '  s_load_dwordx16 s[12:27], s[0:1], 0x0',
    '  s_waitcnt lgkmcnt(0)',
    '  v_mov_b32 v1, 0',
  ];
  const regs = [...Array.from({ length: 16 }, (_, i) => 12 + i), 2, 3, 6, 7];
  regs.forEach((r, i) => {
    body.push(`  v_mov_b32 v2, s${r}`, `  global_store_dword v1, v2, s[8:9] offset:${4 * i}`);
  });
  body.push('  s_waitcnt vmcnt(0)');
  return kernelObject('peek', body.join('\n'), {
    args: ['ptr'],
    kd: [
      '  .amdhsa_user_sgpr_dispatch_ptr 1',
      '  .amdhsa_user_sgpr_queue_ptr 1',
      '  .amdhsa_user_sgpr_dispatch_id 1',
    ].join('\n'),
  });
}

const u64 = (w: Uint32Array, i: number) => w[i] + w[i + 1] * 2 ** 32;

test('Module.launch goes through an AQL queue: the kernel reads the packet and queue the host wrote', () => {
  const dev = new Device();
  const mod = dev.load(packetReader(), 'peek');
  const out = dev.alloc(80);
  for (const launch of [0, 1]) {
    mod.launch('peek', { grid: [3], block: [3], args: [out] });
    const w = dev.download(out, Uint32Array);
    // Header: KERNEL_DISPATCH, barrier bit, system-scope acquire and release fences; setup: 1 dimension.
    assert.equal(w[0] & 0xffff, 2 | (1 << 8) | (2 << 9) | (2 << 11));
    assert.equal(w[0] >>> 16, 1);
    assert.deepEqual([w[1] & 0xffff, w[1] >>> 16, w[2] & 0xffff], [3, 1, 1]);
    assert.deepEqual([w[3], w[4], w[5]], [3, 1, 1]);
    const k = mod.kernel('peek');
    assert.equal(u64(w, 8), mod.base + k.descriptorAddress);
    assert.notEqual(u64(w, 10), 0, 'kernarg_address');
    assert.notEqual(u64(w, 14), 0, 'a completion signal');
    assert.equal(u64(w, 18), launch, 'the dispatch id counts launches as before');
  }
  // Everything the launch allocated (queue, ring, doorbell, signal) is freed.
  assert.equal(dev.queues.length, 0);
});

test('a queue of the API: the kernel sees its packet and amd_queue_t; INVALID headers and the read index', () => {
  const dev = new Device();
  const mod = dev.load(packetReader(), 'peek');
  const q = dev.createQueue({ kind: 'aql', size: 4 });
  const mem = dev.mem;
  // The queue in device memory: hsa_queue_t's fields and the dispatch ids at amd_queue_t's offsets.
  assert.equal(readU64(mem, q.address + Q.baseAddress), q.ring);
  assert.equal(mem.read32(q.address + Q.size), 4);
  assert.equal(readU64(mem, q.address + Q.doorbellSignal), q.doorbell.address);
  assert.equal(q.doorbell.load(), -1);
  for (let i = 0; i < 4; i++) assert.equal(mem.read16(q.ring + i * PACKET_BYTES), PacketType.INVALID);
  const outs = [dev.alloc(80), dev.alloc(80), dev.alloc(80), dev.alloc(80), dev.alloc(80), dev.alloc(80)];
  const done = dev.createSignal(6);
  const ds = outs.map((o, i) => {
    const d = q.dispatch(mod, 'peek', {
      grid: [i + 1, 2],
      block: [1, 2],
      args: [o],
      completionSignal: done,
      acquire: 'agent',
      release: 'none',
      barrier: false,
    });
    q.submit();
    return d;
  });
  // Six packets in a ring of four: the fifth waited for room, which the command processor made by
  // running the four submitted ones.
  assert.equal(q.writeIndex, 6);
  assert.equal(q.readIndex, 4);
  assert.equal(q.doorbell.load(), 5);
  assert.equal(done.wait('eq', 0), 0);
  assert.equal(q.readIndex, 6);
  assert.equal(readU64(mem, q.address + Q.readDispatchId), 6);
  for (let i = 0; i < 4; i++) assert.equal(mem.read16(q.ring + i * PACKET_BYTES), PacketType.INVALID);
  for (const [i, o] of outs.entries()) {
    const w = dev.download(o, Uint32Array);
    assert.equal(w[0] & 0xffff, 2 | (1 << 9), 'type 2, no barrier bit, agent acquire, no release');
    assert.equal(w[0] >>> 16, 2);
    assert.deepEqual([w[3], w[4]], [i + 1, 2]);
    assert.equal(u64(w, 16), q.address, 'the queue pointer');
    assert.equal(u64(w, 18), i, 'the dispatch id is the packet index');
    assert.equal(ds[i].done, true);
    assert.equal(ds[i].result().workgroups, i + 1);
  }
  assert.deepEqual(q.processor.fences.acquire, [0, 6, 0]);
  assert.deepEqual(q.processor.fences.release, [6, 0, 0]);
  q.destroy();
  assert.equal(dev.queues.length, 0);
});

test('a completion signal is decremented once per packet; a packet runs only after the doorbell', () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const n = 64;
  const a = dev.upload(new Float32Array(n).fill(1));
  const q = dev.createQueue({ kind: 'aql' });
  const s = dev.createSignal(3);
  const d = q.dispatch(mod, 'vadd', { grid: [n], block: [64], args: [a, a, a, n], completionSignal: s });
  q.barrierAnd([], { completionSignal: s });
  // Not submitted: nothing ran, and a wait cannot end (every queue idle).
  assert.throws(
    () => s.wait('eq', 1),
    /wait on signal 0x[0-9a-f]+ \(value 3, waiting for == 1\) can never end: every queue is idle/,
  );
  assert.equal(d.done, false);
  assert.throws(() => d.result(), /has not completed/);
  q.submit();
  assert.equal(s.wait('lt', 3), 1);
  assert.deepEqual([...dev.download(a, Float32Array)].slice(0, 2), [2, 2]);
  assert.equal(d.result().waves, 1);
  // Host operations on signals.
  assert.equal(s.add(10), 11);
  assert.equal(s.subtract(1), 10);
  s.store(-5);
  assert.equal(s.load(), -5);
  assert.equal(s.wait('ne', 0), -5);
  assert.equal(s.wait('gte', -5), -5);
  launchError(() => s.wait('le' as 'eq', 0), 'argument');
  launchError(() => s.store(2 ** 60), 'argument');
  s.destroy();
  launchError(() => s.load(), 'argument');
  q.destroy();
});

test('createQueue checks its options', () => {
  const dev = new Device();
  launchError(() => dev.createQueue({ kind: 'aql', size: 3 }), 'argument');
  launchError(() => dev.createQueue({ kind: 'pm5' } as unknown as { kind: 'aql' }), 'argument');
  const used = dev.mem.used;
  dev.createQueue({ kind: 'aql', size: 8 }).destroy();
  assert.equal(dev.mem.used, used);
});

test('a dispatch packet read from memory: fields changed after writing are what runs', () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const n = 256;
  const a = dev.upload(new Float32Array(n).fill(1));
  const q = dev.createQueue({ kind: 'aql' });
  const d = q.dispatch(mod, 'vadd', { grid: [64], block: [64], args: [a, a, a, n] });
  // The host rewrites grid_size_x in the ring before ringing the doorbell: 128 work-items run.
  dev.mem.write32(q.ring + d.index * PACKET_BYTES + DISPATCH.gridSize, 128);
  q.submit();
  q.finish();
  const r = [...dev.download(a, Float32Array)];
  assert.deepEqual([r[0], r[127], r[128]], [2, 2, 1]);
  q.destroy();
});

test('a signal with an event mailbox gets its event_id written there when the packet processor changes it', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql' });
  const s = dev.createSignal(1);
  const mailbox = dev.alloc(8);
  writeU64(dev.mem, s.address + SIG.eventMailboxPtr, mailbox.address);
  dev.mem.write32(s.address + SIG.eventId, 42);
  q.barrierAnd([], { completionSignal: s });
  q.submit();
  s.wait('eq', 0);
  assert.deepEqual([...dev.download(mailbox, Uint32Array)], [42, 0]);
});

test('what the packet cannot say comes from the dispatch options: a budget stops the queued dispatch', () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const a = dev.upload(new Float32Array(64));
  const q = dev.createQueue({ kind: 'aql' });
  const s = dev.createSignal(1);
  q.dispatch(mod, 'vadd', {
    grid: [64],
    block: [64],
    args: [a, a, a, 64],
    budget: 5,
    engine: 'interpreter',
    completionSignal: s,
  });
  q.submit();
  assert.throws(
    () => s.wait('eq', 0),
    (e: unknown) =>
      e instanceof DispatchError &&
      e.kind === 'budget' &&
      /^kernel 'vadd' stopped: .*budget of 5/.test(e.message),
  );
  assert.equal(s.load(), 1);
  q.destroy();
});
