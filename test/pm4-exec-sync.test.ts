// PM4 synchronisation as Pm4Builder programs: WAIT_REG_MEM (every compare function, memory and register,
// the mask, a wait another queue releases), MEM_SEMAPHORE between two queues, the deadlock reports, and
// the fence packets: EVENT_WRITE, EVENT_WRITE_EOP / RELEASE_MEM (each DATA_SEL, interrupts),
// EVENT_WRITE_EOS (GDS to memory, 32-bit data), ACQUIRE_MEM / SURFACE_SYNC. Seed 004 chapter 2.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { QueueDeadlock, runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';

const put = (b: Pm4Builder, addr: number, ...values: number[]) =>
  b.writeData({ dst_sel: 5, dst_addr: addr }, values);

/** A deadlock whose message matches `re`. */
const deadlock = (re: RegExp) => (e: unknown) => e instanceof QueueDeadlock && re.test(e.message);

// [function, reference that passes, reference that fails] for the value 0x105 & mask 0xff = 5.
const FUNCTIONS: [number, string, number, number][] = [
  [1, '<', 6, 5],
  [2, '<=', 5, 4],
  [3, '==', 5, 6],
  [4, '!=', 6, 5],
  [5, '>=', 5, 6],
  [6, '>', 4, 5],
];

test('WAIT_REG_MEM on memory: every compare function passes and fails as seed 004 2.8.11 says, masked', () => {
  for (const [fn, text, pass, fail] of FUNCTIONS) {
    const r = new Rig();
    const flag = r.buffer();
    const out = r.buffer();
    r.mem.write32(flag, 0x105);
    const ok = new Pm4Builder('gfx9').waitRegMem({
      function: fn,
      mem_space: 1,
      poll_address: flag,
      reference: pass,
      mask: 0xff,
    });
    put(ok, out, 1);
    runQueues([r.queue(ok)]);
    assert.equal(r.mem.read32(out), 1, `${text} ${pass} passes`);
    const no = new Pm4Builder('gfx9').waitRegMem({
      function: fn,
      mem_space: 1,
      poll_address: flag,
      reference: fail,
      mask: 0xff,
    });
    put(no, out + 4, 1);
    const re = new RegExp(
      `^the command processor cannot make progress: queue 1 is blocked: WAIT_REG_MEM at ring offset 0x0: waits for memory 0x${flag.toString(16)} & 0xff ${text} 0x${fail.toString(16)}, last read 0x105$`,
    );
    assert.throws(() => runQueues([r.queue(no)]), deadlock(re), `${text} ${fail} fails`);
    assert.equal(r.mem.read32(out + 4), 0);
  }
  // ALWAYS, and the full mask: 0x105 == 5 fails.
  const r = new Rig();
  const flag = r.buffer();
  r.mem.write32(flag, 0x105);
  const b = new Pm4Builder('gfx9').waitRegMem({
    function: 0,
    mem_space: 1,
    poll_address: flag,
    reference: 1,
    mask: 0,
  });
  b.waitRegMem({ function: 3, mem_space: 1, poll_address: flag, reference: 5, mask: 0xffffffff });
  assert.throws(
    () => runQueues([r.queue(b)]),
    deadlock(/WAIT_REG_MEM at ring offset 0x1c: .* & 0xffffffff == 0x5, last read 0x105$/),
  );
});

test('WAIT_REG_MEM on a register (gfx6, gfx8, gfx9 layouts)', () => {
  for (const [gen, target] of [
    ['gfx6', 'gfx600'],
    ['gfx8', 'gfx803'],
    ['gfx9', 'gfx908'],
  ] as const) {
    const r = new Rig(target);
    const out = r.buffer();
    const b = new Pm4Builder(gen).setShReg(0x2e40, 0x30);
    b.waitRegMem({ function: 5, mem_space: 0, poll_address: 0x2e40, reference: 0x30, mask: 0xffffffff });
    put(b, out, 1);
    b.waitRegMem({ function: 6, mem_space: 0, poll_address: 0x2e40, reference: 0x30, mask: 0xffffffff });
    assert.throws(
      () => runQueues([r.queue(b)]),
      deadlock(
        /queue 0 is blocked: WAIT_REG_MEM at ring offset 0x[0-9a-f]+: waits for register 0x2e40 & 0xffffffff > 0x30, last read 0x30$/,
      ),
      gen,
    );
    assert.equal(r.mem.read32(out), 1, gen);
  }
});

test('waits between two queues: A waits on memory B writes, B waits on a flag A raises after', () => {
  const r = new Rig();
  const flags = r.buffer();
  const out = r.buffer();
  const a = new Pm4Builder('gfx9').waitRegMem({
    function: 3,
    mem_space: 1,
    poll_address: flags,
    reference: 1,
    mask: 0xffffffff,
  });
  put(a, out, 0xa1);
  put(a, flags + 4, 1);
  const b = new Pm4Builder('gfx9');
  put(b, flags, 1);
  b.waitRegMem({ function: 3, mem_space: 1, poll_address: flags + 4, reference: 1, mask: 0xffffffff });
  // B's write after its wait copies A's write: it ran only after A's.
  b.copyData({ src_sel: 1, dst_sel: 5, src_addr: out, dst_addr: out + 4 });
  runQueues([r.queue(a), r.queue(b)]);
  assert.deepEqual(r.words(out, 2), [0xa1, 0xa1]);
});

test('MEM_SEMAPHORE: a signal in queue B releases a wait in queue A; a wait never signalled is a deadlock', () => {
  const r = new Rig();
  const sem = r.mem.mapAt(0x40_0000, 256); // ADDRESS has 40 bits
  const out = r.buffer();
  const a = new Pm4Builder('gfx9').memSemaphore({ address: sem, sem_sel: 7 });
  put(a, out, 1);
  const b = new Pm4Builder('gfx9').nop(2).memSemaphore({ address: sem, sem_sel: 6 });
  runQueues([r.queue(a), r.queue(b)]);
  assert.equal(r.mem.read32(out), 1);
  assert.deepEqual(r.words(sem, 2), [0, 0], 'the wait took the one signal');
  // Two increments and a WRITE_ONE: 2, then 1; a wait takes one.
  const c = new Pm4Builder('gfx9')
    .memSemaphore({ address: sem + 8, sem_sel: 6 })
    .memSemaphore({ address: sem + 8, sem_sel: 6 });
  c.memSemaphore({ address: sem + 16, sem_sel: 6, signal_type: 1 }).memSemaphore({
    address: sem + 16,
    sem_sel: 6,
    signal_type: 1,
  });
  c.memSemaphore({ address: sem + 8, sem_sel: 7 });
  runQueues([r.queue(c)]);
  assert.deepEqual(r.words(sem + 8, 4), [1, 0, 1, 0]);
  const d = put(new Pm4Builder('gfx9'), out + 4, 2).memSemaphore({ address: sem + 24, sem_sel: 7 });
  assert.throws(
    () => runQueues([r.queue(d)]),
    deadlock(
      new RegExp(
        `queue 3 is blocked: MEM_SEMAPHORE at ring offset 0x14: waits for the semaphore at 0x${(sem + 24).toString(16)} to be signalled \\(its count is 0\\)$`,
      ),
    ),
  );
});

test('EVENT_WRITE: a flush event is accepted; a ZPASS_DONE sample is an error', () => {
  const r = new Rig();
  const out = r.buffer();
  const b = new Pm4Builder('gfx9').eventWrite({ event_type: 7, event_index: 4 }); // CS_PARTIAL_FLUSH
  put(b, out, 1);
  runQueues([r.queue(b)]);
  assert.equal(r.mem.read32(out), 1);
  const z = r.queue(
    new Pm4Builder('gfx9').nop(1).eventWrite({ event_type: 21, event_index: 1, address: out + 8 }),
  );
  assert.throws(
    () => runQueues([z]),
    /^Pm4Error: queue 1: ring offset 0x8: EVENT_WRITE ZPASS_DONE writes graphics pipeline statistics/,
  );
});

test('RELEASE_MEM (gfx9) and EVENT_WRITE_EOP (gfx6, gfx8): each DATA_SEL, interrupts for INT_SEL 1 and 2', () => {
  for (const [gen, target, name] of [
    ['gfx9', 'gfx908', 'RELEASE_MEM'],
    ['gfx8', 'gfx803', 'EVENT_WRITE_EOP'],
    ['gfx6', 'gfx600', 'EVENT_WRITE_EOP'],
  ] as const) {
    const r = new Rig(target);
    const out = r.buffer();
    r.mem.write32(out, 0xdead); // DATA_SEL 0 (DISCARD) leaves it
    const b = new Pm4Builder(gen);
    const fence = (f: Record<string, number>) =>
      name === 'RELEASE_MEM'
        ? b.releaseMem({ event_type: 40, event_index: 5, ...f })
        : b.eventWriteEop({ event_type: 40, event_index: 5, ...f });
    fence({ data_sel: 0, int_sel: 0, address: out, data_lo: 1 });
    fence({ data_sel: 1, int_sel: 1, address: out + 8, data_lo: 0x11, data_hi: 0x12 });
    fence({ data_sel: 2, int_sel: 2, address: out + 16, data_lo: 0x21, data_hi: 0x22 });
    fence({ data_sel: 3, int_sel: 3, address: out + 24 });
    fence({ data_sel: 3, int_sel: 0, address: out + 32 });
    runQueues([r.queue(b)]);
    const w = r.words(out, 12);
    assert.deepEqual(w.slice(0, 6), [0xdead, 0, 0x11, 0, 0x21, 0x22], gen);
    const t0 = w[7] * 2 ** 32 + w[6];
    const t1 = w[9] * 2 ** 32 + w[8];
    assert.ok(t0 > 0 && t1 >= t0, `${gen}: timestamps ${t0} ${t1}`);
    assert.deepEqual(r.irq, [`queue 0:${name}:17`, `queue 0:${name}:33`], gen);
  }
});

test('EVENT_WRITE_EOS (gfx8): GDS dwords of the ALLOC_GDS segment to memory, and 32-bit data', () => {
  const r = new Rig('gfx803');
  const out = r.buffer();
  const b = new Pm4Builder('gfx8').allocGds(64).writeGdsRam(8, [0x31, 0x32, 0x33]);
  // STORE_GDS_DATA_TO_MEMORY: GDS_INDEX 2 (dwords into the segment), SIZE 3 (dwords).
  b.eventWriteEos({ event_type: 20, event_index: 6, cmd: 1, address: out, data: 2 | (3 << 16) });
  b.eventWriteEos({ event_type: 20, event_index: 6, cmd: 2, address: out + 16, data: 0xe05 });
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 5), [0x31, 0x32, 0x33, 0, 0xe05]);
  const over = r.queue(
    new Pm4Builder('gfx8')
      .allocGds(8)
      .eventWriteEos({ event_type: 20, event_index: 6, cmd: 1, address: out, data: 1 | (2 << 16) }),
  );
  assert.throws(
    () => runQueues([over]),
    /queue 1: ring offset 0x8: EVENT_WRITE_EOS: GDS dwords 1\.\.3 are outside the segment of 8 bytes/,
  );
});

test('ACQUIRE_MEM and SURFACE_SYNC: accepted, the stream goes on', () => {
  const r = new Rig();
  const out = r.buffer();
  const b = new Pm4Builder('gfx9').acquireMem({ coher_cntl: 0x28c00000, coher_size: 0xffffffff });
  put(b, out, 1);
  runQueues([r.queue(b)]);
  const r6 = new Rig('gfx600');
  const out6 = r6.buffer();
  const b6 = new Pm4Builder('gfx6').surfaceSync({ coher_cntl: 0x08c00000, coher_size: 0xffffffff });
  put(b6, out6, 2);
  runQueues([r6.queue(b6)]);
  assert.equal(r.mem.read32(out), 1);
  assert.equal(r6.mem.read32(out6), 2);
});
