// Barrier-AND and barrier-OR packets, several queues processed concurrently (a barrier in one queue
// waiting on a dispatch of another), and deadlocks reported with the queue, the packet and the signal.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { QueueDeadlock } from '../src/cp/scheduler.js';
import { Device } from '../src/runtime/device.js';

const vadd = readFileSync(new URL('../examples/vadd/vadd-gfx908.hsaco', import.meta.url));
const n = 300;

test('a barrier in queue B waits for a dispatch completed in queue A', () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const a = dev.upload(new Float32Array(n).fill(1));
  const b = dev.upload(new Float32Array(n).fill(2));
  const c = dev.alloc(n * 4);
  const d = dev.alloc(n * 4);
  // B is created first, so it takes the first turn of every round: its barrier must hold it back.
  const qb = dev.createQueue({ kind: 'aql' });
  const qa = dev.createQueue({ kind: 'aql' });
  const aDone = dev.createSignal(1);
  const bDone = dev.createSignal(1);
  qb.barrierAnd([aDone]);
  qb.dispatch(mod, 'vadd', { grid: [n], block: [64], args: [c, b, d, n], completionSignal: bDone });
  qb.submit();
  qa.dispatch(mod, 'vadd', { grid: [n], block: [64], args: [a, b, c, n], completionSignal: aDone });
  qa.submit();
  bDone.wait('eq', 0);
  assert.equal(aDone.load(), 0);
  // d = c + b = (a + b) + b: B's kernel ran after A's.
  assert.ok(dev.download(d, Float32Array).every((x) => x === 5));
  assert.equal(qb.readIndex, 2);
  assert.equal(qa.readIndex, 1);
});

test('BARRIER_AND needs every dependent signal at 0; BARRIER_OR one of them; null handles are ignored', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql' });
  const one = dev.createSignal(1);
  const zero = dev.createSignal(0);
  const done = dev.createSignal(2);
  q.barrierOr([one, zero], { completionSignal: done });
  q.barrierAnd([one, zero], { completionSignal: done });
  q.submit();
  // The OR completes at once; the AND waits for `one`, which the host sets from another queue's view.
  assert.throws(
    () => done.wait('eq', 0),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      new RegExp(
        `^the command processor cannot make progress: AQL queue 1 \\(amd_queue_t at 0x[0-9a-f]+\\) is blocked: BARRIER_AND at packet 1 waits for signal 0x${one.address.toString(16)} \\(value 1, needs 0\\)$`,
      ).test(e.message),
  );
  assert.equal(done.load(), 1);
  assert.equal(q.readIndex, 1);
  one.store(0);
  assert.equal(done.wait('eq', 0), 0);
  assert.equal(q.readIndex, 2);
});

test('BARRIER_OR blocked on every signal names them all; a host store releases it', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'aql' });
  const s = [dev.createSignal(1), dev.createSignal(2)];
  const done = dev.createSignal(1);
  q.barrierOr(s, { completionSignal: done });
  q.submit();
  const hex = (x: { address: number }) => `0x${x.address.toString(16)}`;
  assert.throws(
    () => done.wait('eq', 0),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      e.blocked.length === 1 &&
      e.blocked[0].waitsFor ===
        `BARRIER_OR at packet 0 waits for any of signal ${hex(s[0])} (value 1, needs 0) or signal ${hex(s[1])} (value 2, needs 0)`,
  );
  s[1].subtract(2);
  done.wait('eq', 0);
});

test('two queues waiting on each other are both reported', () => {
  const dev = new Device();
  const qa = dev.createQueue({ kind: 'aql' });
  const qb = dev.createQueue({ kind: 'aql' });
  const sa = dev.createSignal(1);
  const sb = dev.createSignal(1);
  qa.barrierAnd([sb], { completionSignal: sa });
  qb.barrierAnd([sa], { completionSignal: sb });
  qa.submit();
  qb.submit();
  try {
    sa.wait('eq', 0);
    assert.fail('no deadlock');
  } catch (e) {
    assert.ok(e instanceof QueueDeadlock);
    assert.deepEqual(
      e.blocked.map((b) => b.queue.replace(/ \(.*/, '')),
      ['AQL queue 1', 'AQL queue 2'],
    );
    assert.match(
      e.blocked[0].waitsFor,
      /^BARRIER_AND at packet 0 waits for signal 0x[0-9a-f]+ \(value 1, needs 0\)$/,
    );
  }
});

test('a launch goes on while a queue of the API is blocked on a signal only the host sets', () => {
  const dev = new Device();
  const mod = dev.load(vadd, 'vadd');
  const a = dev.upload(new Float32Array(n).fill(1));
  const q = dev.createQueue({ kind: 'aql' });
  const gate = dev.createSignal(1);
  const done = dev.createSignal(1);
  q.barrierAnd([gate]);
  q.dispatch(mod, 'vadd', { grid: [n], block: [64], args: [a, a, a, n], completionSignal: done });
  q.submit();
  mod.launch('vadd', { grid: [n], block: [64], args: [a, a, a, n] });
  assert.ok(dev.download(a, Float32Array).every((x) => x === 2));
  assert.equal(q.readIndex, 0);
  gate.store(0);
  done.wait('eq', 0);
  assert.ok(dev.download(a, Float32Array).every((x) => x === 4));
});
