// Streams the PM4 executor refuses, each with one message naming the queue, the packet's place and the
// problem: graphics-only packets, unknown opcodes, type-1 headers, packets past the write pointer or the
// end of an IB, malformed fields; and a ring whose packets wrap around its end, which must run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';

const put = (b: Pm4Builder, addr: number, ...values: number[]) =>
  b.writeData({ dst_sel: 5, dst_addr: addr }, values);

function fails(words: Pm4Builder | Uint32Array, re: RegExp, r = new Rig()): void {
  assert.throws(() => runQueues([r.queue(words)]), re);
}

test('a graphics-only packet stops the queue, naming it and its offset', () => {
  fails(
    new Pm4Builder('gfx9').nop(3).packet('DRAW_INDEX_AUTO', { index_count: 3, draw_initiator: 2 }),
    /^Pm4Error: queue 0: ring offset 0x10: DRAW_INDEX_AUTO is a graphics packet; gcnkit's command processor runs compute work only$/,
  );
  fails(
    new Pm4Builder('gfx6').packet('SET_CONTEXT_REG', { reg_offset: 0x10 }, [1]),
    /^Pm4Error: queue 0: ring offset 0x0: SET_CONTEXT_REG is a graphics packet/,
    new Rig('gfx600'),
  );
});

test('an unknown opcode, a type-1 header, a packet past the write pointer or the IB end', () => {
  fails(new Pm4Builder('gfx9').nop(1).raw([0xc000ff00, 0]), /^Pm4Error: queue 0: ring offset 0x8: .*0xff/i);
  fails(
    new Pm4Builder('gfx9').raw([0x40000000]),
    /^Pm4Error: queue 0: ring offset 0x0: 0x40000000 is a type-1 header, which PM4 does not support$/,
  );
  const r = new Rig();
  const w = put(new Pm4Builder('gfx9'), r.buffer(), 1, 2).finish();
  // The doorbell covers all but the last data word.
  const q = r.queue(w.subarray(0, w.length - 1));
  assert.throws(
    () => runQueues([q]),
    /^Pm4Error: queue 0: ring offset 0x0: the packet \(header 0xc0043700\) is 6 dwords, but only 5 are left before the write pointer$/,
  );
  const ib = r.place(w.subarray(0, w.length - 1));
  const q2 = r.queue(new Pm4Builder('gfx9').indirectBuffer(ib));
  assert.throws(
    () => runQueues([q2]),
    /queue 1: IB1 at 0x[0-9a-f]+ offset 0x0: the packet .* is 6 dwords, but only 5 are left before the end of the IB$/,
  );
});

test('malformed fields: reserved functions and selects, misaligned addresses, a write pointer outside the ring', () => {
  const r = new Rig();
  const m = r.buffer();
  fails(
    new Pm4Builder('gfx9').waitRegMem({ function: 7, mem_space: 1, poll_address: m }),
    /ring offset 0x0: WAIT_REG_MEM function 7 is reserved$/,
    r,
  );
  fails(
    new Pm4Builder('gfx9').writeData({ dst_sel: 9, dst_addr: m }, [1]),
    /ring offset 0x0: WRITE_DATA: dst_sel 9 is reserved$/,
    r,
  );
  fails(
    new Pm4Builder('gfx9').copyData({ src_sel: 12, dst_sel: 5, dst_addr: m }),
    /COPY_DATA: src_sel 12 is reserved$/,
    r,
  );
  // Device addresses are above 4 GiB: messages print them whole.
  fails(
    new Pm4Builder('gfx9').atomicMem({ op: 0x0f, addr: m + 2 }),
    new RegExp(`ATOMIC_MEM: address 0x${(m + 2).toString(16)} is not 4-byte aligned$`),
    r,
  );
  fails(
    new Pm4Builder('gfx9').atomicMem({ op: 0x04, addr: m }),
    /ATOMIC_MEM: op 0x4 is not a TC atomic operation$/,
    r,
  );
  fails(
    new Pm4Builder('gfx9').atomicMem({ op: 0x0f, cmd: 1, addr: m }),
    /ATOMIC_MEM: only compare-swap atomics can loop \(op add\)$/,
    r,
  );
  fails(
    new Pm4Builder('gfx9').memSemaphore({ address: r.mem.mapAt(0x40_0000, 64), sem_sel: 3 }),
    /MEM_SEMAPHORE sem_sel 3 is neither SIGNAL \(6\) nor WAIT \(7\)$/,
    r,
  );
  fails(new Pm4Builder('gfx9').dispatchDirect(1, 1, 1, 0), /DISPATCH_DIRECT: \S*COMPUTE_SHADER_EN is 0$/, r);
  fails(
    new Pm4Builder('gfx9').dispatchDirect(1, 1, 1),
    /DISPATCH_DIRECT: COMPUTE_NUM_THREAD_X\.NUM_THREAD_FULL is 0$/,
    r,
  );
  fails(
    new Pm4Builder('gfx9').releaseMem({ data_sel: 2, address: m + 4 }),
    new RegExp(`RELEASE_MEM: a 64-bit write to 0x${(m + 4).toString(16)}, not 8-byte aligned$`),
    r,
  );
  // A packet touching unmapped memory: the fault names the packet and its place.
  fails(
    new Pm4Builder('gfx9').nop(1).copyData({ src_sel: 1, dst_sel: 5, src_addr: 0x1000, dst_addr: m }),
    /^Pm4Error: queue \d+: ring offset 0x8: COPY_DATA: unmapped address 0x1000 \(4-byte read\)$/,
    r,
  );
  const q = r.queue(new Pm4Builder('gfx9').nop(1), { ringDwords: 16 });
  assert.throws(() => q.ringDoorbell(16), /queue \d+: write pointer 16 is outside the ring of 16 dwords$/);
});

test('a ring that wraps: a packet across the ring end runs, read pointer reported', () => {
  const r = new Rig();
  const out = r.buffer();
  const rptr = r.buffer();
  // 16-dword ring: a 13-dword NOP (header and 12 payload dwords), then a 5-dword WRITE_DATA over dwords 13-15 and 0-1.
  const q = r.queue(new Pm4Builder('gfx9').nop(12), { ringDwords: 16, rptrReport: rptr });
  runQueues([q]);
  assert.equal(r.mem.read32(rptr), 13);
  const w = put(new Pm4Builder('gfx9'), out, 0x5a).finish();
  assert.equal(w.length, 5);
  const ring = q.options.ring;
  for (let k = 0; k < 5; k++) r.mem.write32(ring + ((13 + k) % 16) * 4, w[k]);
  q.ringDoorbell(2);
  runQueues([q]);
  assert.equal(r.mem.read32(out), 0x5a);
  assert.equal(r.mem.read32(rptr), 2);
});
