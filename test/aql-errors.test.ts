// Malformed packets stop their queue with one-line errors naming the queue and the packet index.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DISPATCH, PACKET_BYTES } from '../src/cp/aql/layout.js';
import { AqlError } from '../src/cp/aql/queue.js';
import { writeU64 } from '../src/cp/aql/signal.js';
import type { DeviceMemory } from '../src/emu/memory.js';
import { Device } from '../src/runtime/device.js';

const vadd = readFileSync(new URL('../examples/vadd/vadd-gfx908.hsaco', import.meta.url));

/** A vadd packet at index 1 of a fresh queue (after a barrier), changed by `corrupt` before the doorbell. */
function badPacket(corrupt: (mem: DeviceMemory, slot: number, base: number) => void): string {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const a = dev.upload(new Float32Array(64));
  const q = dev.createQueue({ kind: 'aql', size: 8 });
  q.barrierAnd([]);
  const d = q.dispatch(mod, 'vadd', { grid: [64], block: [64], args: [a, a, a, 64] });
  corrupt(dev.mem, q.ring + d.index * PACKET_BYTES, mod.base + mod.kernel('vadd').descriptorAddress);
  q.submit();
  try {
    q.finish();
  } catch (e) {
    assert.ok(e instanceof AqlError, String(e));
    // The queue is in the error state: it processes nothing more, and finish says why it stops.
    assert.equal(q.readIndex, 1);
    assert.throws(
      () => q.finish(),
      /finish: AQL queue 1 \(amd_queue_t at 0x[0-9a-f]+\) stops at packet 1 of 2 written after an error/,
    );
    return e.message.replace(/ \(amd_queue_t at 0x[0-9a-f]+\)/, '');
  }
  assert.fail('no error');
}

const at = (field: number) => field;

test('kernel dispatch packets with bad fields', () => {
  const cases: [(m: DeviceMemory, slot: number, kd: number) => void, string][] = [
    [(m, s) => m.write32(s + at(DISPATCH.gridSize), 0), 'KERNEL_DISPATCH: grid_size_x is 0'],
    [(m, s) => m.write16(s + DISPATCH.workgroupSize, 0), 'KERNEL_DISPATCH: workgroup_size_x is 0'],
    [
      (m, s) => {
        m.write16(s + DISPATCH.workgroupSize, 1024);
        m.write16(s + DISPATCH.workgroupSize + 2, 2);
        m.write16(s + DISPATCH.setup, 2);
      },
      'KERNEL_DISPATCH: workgroup size 1024x2x1 has more than 1024 work-items',
    ],
    [
      (m, s) => m.write16(s + DISPATCH.setup, 0),
      'KERNEL_DISPATCH: setup = 0x0: dimensions (bits 0-1) must be 1, 2 or 3, the other bits 0',
    ],
    [
      (m, s, kd) => writeU64(m, s + DISPATCH.kernelObject, kd + 4),
      'KERNEL_DISPATCH: kernel_object 0x{kd+4} is not 64-byte aligned (a kernel descriptor)',
    ],
    [
      (m, s) => writeU64(m, s + DISPATCH.kernelObject, 0x1000),
      'KERNEL_DISPATCH: kernel_object 0x1000 is not in a code object loaded on this device',
    ],
    [
      (m, s) => writeU64(m, s + DISPATCH.kernargAddress, 0x1008),
      'KERNEL_DISPATCH: kernarg_address 0x1008 is not 16-byte aligned',
    ],
    [
      (m, s) => m.write16(s, 0),
      "VENDOR_SPECIFIC packets are not processed by gcnkit's packet processor (KERNEL_DISPATCH, BARRIER_AND and BARRIER_OR are)",
    ],
    [
      (m, s) => m.write16(s, 4),
      "AGENT_DISPATCH packets are not processed by gcnkit's packet processor (KERNEL_DISPATCH, BARRIER_AND and BARRIER_OR are)",
    ],
    [
      (m, s) => m.write16(s, 2 | (3 << 9)),
      'header 0x602: fence scope 3 is not an hsa_fence_scope_t (0 none, 1 agent, 2 system)',
    ],
    [(m, s) => m.write16(s, 2 | (1 << 13)), 'header 0x2002: reserved bits 13-15 are not 0'],
    [
      (m, s, kd) => writeU64(m, s + DISPATCH.completionSignal, kd),
      'signal 0x{kd} has amd_signal_kind 0, not USER (1)',
    ],
  ];
  for (const [corrupt, message] of cases) {
    let kdAddr = 0;
    const got = badPacket((m, s, kd) => {
      kdAddr = kd;
      corrupt(m, s, kd);
    });
    const want = message.replace('{kd+4}', (kdAddr + 4).toString(16)).replace('{kd}', kdAddr.toString(16));
    assert.equal(got, `AQL queue 1 packet 1: ${want}`);
  }
});

test('an INVALID packet the doorbell says is published blocks the queue', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql' });
  const s = dev.createSignal(1);
  q.barrierAnd([], { completionSignal: s });
  dev.mem.write16(q.ring, 1);
  q.submit();
  assert.throws(
    () => s.wait('eq', 0),
    /AQL queue 1 \(amd_queue_t at 0x[0-9a-f]+\) is blocked: packet 0 is INVALID \(not yet published\) though the doorbell was rung for packet 0$/,
  );
});

test('a doorbell rung past the ring, and a ring outside device memory', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql', size: 2 });
  const s = dev.createSignal(1);
  q.doorbell.store(5);
  assert.throws(
    () => s.wait('eq', 0),
    /^AqlError: AQL queue 1 \(amd_queue_t at 0x[0-9a-f]+\) packet 0: the doorbell says packet 5 is published, more than the ring's 2 packets past the read index$/,
  );
  const q2 = dev.createQueue({ kind: 'aql', size: 2 });
  writeU64(dev.mem, q2.address + 8, 0x2000);
  q2.doorbell.store(0);
  assert.throws(
    () => s.wait('eq', 0),
    /^AqlError: AQL queue 2 \(amd_queue_t at 0x[0-9a-f]+\): unmapped address 0x2000 \(2-byte read\)$/,
  );
});

test("a fault in a queued dispatch is the dispatcher's error; the queue stops", () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const q = dev.createQueue({ kind: 'aql' });
  q.dispatch(mod, 'vadd', {
    grid: [64],
    block: [64],
    args: [
      { address: 0x1000, size: 256 },
      { address: 0x1000, size: 256 },
      { address: 0x1000, size: 256 },
      64,
    ],
  });
  q.submit();
  assert.throws(
    () => q.finish(),
    /^DispatchError: kernel 'vadd' workgroup \(0,0,0\) wave 0 lane 0: memory fault/,
  );
  assert.ok(q.processor.error !== undefined);
});

test('a wait on a signal only a stopped queue would change names that queue', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql' });
  const s = dev.createSignal(1);
  q.barrierAnd([], { completionSignal: s });
  dev.mem.write16(q.ring, 0);
  q.submit();
  assert.throws(
    () => s.wait('eq', 0),
    /AQL queue 1 \(amd_queue_t at 0x[0-9a-f]+\) packet 0: VENDOR_SPECIFIC packets/,
  );
  assert.throws(
    () => s.wait('eq', 0),
    /^AqlError: wait on signal 0x[0-9a-f]+ \(value 1, waiting for == 0\) can never end: every queue is idle, so nothing will change the signal \(stopped after an error: AQL queue 1 \(amd_queue_t at 0x[0-9a-f]+\)\)$/,
  );
});
