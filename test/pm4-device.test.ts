// PM4 queues through the runtime API (Device.createQueue({ kind: 'pm4' })): streams written with the
// builder, two queues where one waits on what the other writes, a launch's AQL completion signal a PM4
// queue waits on, and a wait nothing releases reported as a deadlock.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { QueueDeadlock } from '../src/cp/scheduler.js';
import { Device } from '../src/runtime/device.js';

const root = join(import.meta.dirname, '..');

test('a PM4 queue waits on memory another PM4 queue writes; finish runs both', () => {
  const dev = new Device();
  const buf = dev.alloc(64);
  const flag = buf.address;
  const out = buf.address + 8;
  const a = dev.createQueue({ kind: 'pm4', mcpu: 'gfx908' });
  const b = dev.createQueue({ kind: 'pm4', mcpu: 'gfx908' });
  a.submit(
    new Pm4Builder('gfx9')
      .waitRegMem({
        function: '==',
        mem_space: 'memory',
        poll_address: flag,
        reference: 1,
        mask: 0xffffffff,
        poll_interval: 4,
      })
      .writeData({ dst_sel: 'MEMORY', dst_addr: out }, [42])
      .finish(),
  );
  b.submit(new Pm4Builder('gfx9').writeData({ dst_sel: 'MEMORY', dst_addr: flag }, [1]).finish());
  a.finish();
  assert.equal(dev.mem.read32(out), 42);
  assert.ok(a.readPointer === a.writePointer && b.readPointer === b.writePointer);
  a.destroy();
  b.destroy();
});

test('a PM4 queue waits for an AQL dispatch to complete (its completion signal reaches 0)', () => {
  const dev = new Device();
  const mod = dev.load(readFileSync(join(root, 'examples/vadd/vadd-gfx908.hsaco')), 'vadd');
  const n = 256;
  const x = dev.upload(new Float32Array(n).fill(1));
  const y = dev.upload(new Float32Array(n).fill(2));
  const z = dev.alloc(n * 4);
  const note = dev.alloc(8);
  const aql = dev.createQueue({ kind: 'aql' });
  const done = dev.createSignal(1);
  const pm4 = dev.createQueue({ kind: 'pm4', mcpu: 'gfx908' });
  // The signal's value is the i64 at +8 (amd_signal_t); wait for its low word to be 0.
  pm4.submit(
    new Pm4Builder('gfx9')
      .waitRegMem({
        function: '==',
        mem_space: 'memory',
        poll_address: done.address + 8,
        reference: 0,
        mask: 0xffffffff,
        poll_interval: 4,
      })
      .copyData({ src_sel: 'MEMORY', dst_sel: 'MEMORY', src_addr: z.address + 4 * 7, dst_addr: note.address })
      .finish(),
  );
  aql.dispatch(mod, 'vadd', { grid: [n], block: [64], args: [x, y, z, n], completionSignal: done });
  aql.submit();
  pm4.finish();
  assert.equal(new Float32Array(dev.mem.download(note.address, 4).buffer)[0], 3);
});

test('a wait nothing releases: QueueDeadlock names the queue, the packet offset and the condition', () => {
  const dev = new Device();
  const buf = dev.alloc(16);
  const q = dev.createQueue({ kind: 'pm4', mcpu: 'gfx900' });
  q.submit(
    new Pm4Builder('gfx9')
      .nop(2)
      .waitRegMem({
        function: '>=',
        mem_space: 'memory',
        poll_address: buf.address,
        reference: 5,
        mask: 0xff,
        poll_interval: 4,
      })
      .finish(),
  );
  assert.throws(
    () => q.finish(),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      /PM4 queue \d+ \(compute ring\) is blocked: WAIT_REG_MEM at ring offset 0xc: waits for memory 0x[0-9a-f]+ & 0xff >= 0x5, last read 0x0/.test(
        e.message,
      ),
  );
});

test('a packet that fails stops its queue: the next finish says so instead of running it again', () => {
  const dev = new Device();
  const q = dev.createQueue({ kind: 'pm4', mcpu: 'gfx908' });
  q.submit(new Pm4Builder('gfx9').writeData({ dst_sel: 'MEMORY', dst_addr: 0x1000 }, [1]).finish());
  assert.throws(
    () => q.finish(),
    /PM4 queue \d+ \(compute ring\): ring offset 0x0: .*unmapped address 0x1000/,
  );
  assert.throws(
    () => q.finish(),
    /finish: PM4 queue \d+ \(compute ring\) stopped after an error: .*unmapped address 0x1000/,
  );
});
