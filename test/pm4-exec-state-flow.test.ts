// PM4 register state and stream control, as Pm4Builder programs on a Pm4Queue: SET_*_REG, type-0 and
// LOAD_SH_REG read back through COPY_DATA, CLEAR_STATE, nested and chained indirect buffers, COND_EXEC,
// PRED_EXEC, SET_PREDICATION with predicated packets. Expected values follow seed 004 chapter 2.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { runQueues } from '../src/cp/scheduler.js';
import type { Generation } from '../src/isa/processors.js';
import { Rig } from './helpers/pm4-rig.js';

const TARGET: Record<string, 'gfx600' | 'gfx803' | 'gfx908'> = {
  gfx6: 'gfx600',
  gfx8: 'gfx803',
  gfx9: 'gfx908',
};
const GENS = ['gfx6', 'gfx8', 'gfx9'] as const satisfies readonly Generation[];

/** WRITE_DATA of `values` to memory from `addr` (DST_SEL 5). */
const put = (b: Pm4Builder, addr: number, ...values: number[]) =>
  b.writeData({ dst_sel: 5, dst_addr: addr }, values);
/** COPY_DATA of register `reg` (dword offset) to memory. */
const readReg = (b: Pm4Builder, reg: number, addr: number) =>
  b.copyData({ src_sel: 0, dst_sel: 5, src_addr: reg, dst_addr: addr });

for (const gen of GENS) {
  test(`${gen}: SET_SH_REG, SET_CONFIG_REG, type-0, LOAD_SH_REG, CLEAR_STATE read back with COPY_DATA`, () => {
    const r = new Rig(TARGET[gen]);
    const out = r.buffer();
    const table = r.buffer();
    r.mem.write32(table, 0xa1);
    r.mem.write32(table + 4, 0xa2);
    r.mem.write32(table + 8, 0xa3);
    const b = new Pm4Builder(gen)
      .setShReg(0x2e40, [0x11, 0x22]) // COMPUTE_USER_DATA_0/1
      .setConfigReg(0x2010, 0x33)
      .type0(0x2e44, [0x44, 0x55]) // COMPUTE_USER_DATA_4/5
      .type0(0xa010, [0x66]) // a context register, which CLEAR_STATE clears
      // (offset 0x48 -> USER_DATA_8, 1 dword), (offset 0x4a -> USER_DATA_10, 2 dwords), values in order.
      .loadShReg(table, [
        [0x248, 1],
        [0x24a, 2],
      ])
      .clearState();
    const regs = [0x2e40, 0x2e41, 0x2010, 0x2e44, 0x2e45, 0xa010, 0x2e48, 0x2e4a, 0x2e4b];
    for (const [k, reg] of regs.entries()) readReg(b, reg, out + 4 * k);
    const q = r.queue(b);
    runQueues([q]);
    assert.deepEqual(r.words(out, regs.length), [0x11, 0x22, 0x33, 0x44, 0x55, 0, 0xa1, 0xa2, 0xa3]);
  });
}

test('gfx9: SET_UCONFIG_REG writes from the user-config base 0xc000', () => {
  const r = new Rig();
  const out = r.buffer();
  const b = new Pm4Builder('gfx9').setUconfigReg(0xc040, [7, 8]);
  readReg(b, 0xc040, out);
  readReg(b, 0xc041, out + 4);
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 2), [7, 8]);
});

for (const gen of GENS) {
  test(`${gen}: INDIRECT_BUFFER IB1 -> IB2 returns to the caller's next packet, then to the ring; size 0 runs nothing`, () => {
    const r = new Rig(TARGET[gen]);
    const out = r.buffer();
    // IB2 writes slot 1 and the "last" slot 4; IB1 copies slot 4 after calling IB2, so slot 2 = 2
    // proves IB2 ran before IB1's next packet; the ring's last write (slot 4 = 9) comes after both.
    const ib2 = r.place(put(put(new Pm4Builder(gen), out + 4, 0x22), out + 16, 2));
    const empty = r.place(put(new Pm4Builder(gen), out + 20, 0xbad));
    const ib1b = put(new Pm4Builder(gen), out, 0x11).indirectBuffer(ib2);
    ib1b.copyData({ src_sel: 1, dst_sel: 5, src_addr: out + 16, dst_addr: out + 8 });
    const ib1 = r.place(ib1b);
    const b = new Pm4Builder(gen).indirectBuffer(ib1).indirectBuffer({ ib_base: empty.ib_base, ib_size: 0 });
    put(b, out + 16, 9);
    runQueues([r.queue(b)]);
    assert.deepEqual(r.words(out, 6), [0x11, 0x22, 2, 0, 9, 0]);
  });

  test(`${gen}: an IB3 (INDIRECT_BUFFER inside IB2) is an error naming the place`, () => {
    const r = new Rig(TARGET[gen]);
    const ib3 = r.place(new Pm4Builder(gen).nop(1));
    const ib2 = r.place(new Pm4Builder(gen).nop(1).indirectBuffer(ib3));
    const ib1 = r.place(new Pm4Builder(gen).indirectBuffer(ib2));
    const q = r.queue(new Pm4Builder(gen).indirectBuffer(ib1));
    assert.throws(
      () => runQueues([q]),
      /^Pm4Error: queue 0: IB2 at 0x[0-9a-f]+ offset 0x8: INDIRECT_BUFFER nests IBs 3 deep; the command processor has 2 levels/,
    );
  });
}

test('gfx9: a chained IB (CHAIN) replaces the current IB: the rest of the chaining IB never runs', () => {
  const r = new Rig();
  const out = r.buffer();
  const c = r.place(put(new Pm4Builder('gfx9'), out + 8, 3));
  // B chains to C from inside IB2: the chain keeps the depth at 2, and returns to A's next packet.
  const bb = put(new Pm4Builder('gfx9'), out + 4, 2).indirectBuffer({ ...c, chain: 1 });
  const bIb = r.place(put(bb, out + 12, 0xbad));
  const ab = put(new Pm4Builder('gfx9'), out, 1).indirectBuffer(bIb);
  const a = r.place(put(ab, out + 16, 5));
  // A chains from IB1 to D; A's own packets after its chain packet do not run.
  const d = r.place(put(new Pm4Builder('gfx9'), out + 20, 6));
  const a2 = r.place(put(new Pm4Builder('gfx9').indirectBuffer({ ...d, chain: 1 }), out + 24, 0xbad));
  const b = new Pm4Builder('gfx9').indirectBuffer(a).indirectBuffer(a2);
  put(b, out + 28, 8);
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 8), [1, 2, 3, 0, 5, 6, 0, 8]);
});

for (const gen of GENS) {
  test(`${gen}: COND_EXEC skips EXEC_COUNT dwords when the boolean is 0 and runs them otherwise`, () => {
    const r = new Rig(TARGET[gen]);
    const out = r.buffer();
    const flags = r.buffer();
    r.mem.write32(flags + 4, 0x100); // any non-zero value is true
    const b = new Pm4Builder(gen);
    for (const [k, flag] of [
      [0, flags],
      [1, flags + 4],
    ]) {
      // The next two WRITE_DATA packets: 5 dwords each (header, control, address lo/hi, one data word).
      b.condExec({ bool_addr: flag, exec_count: 10 });
      put(b, out + 8 * k, 0x10 + k);
      put(b, out + 8 * k + 4, 0x20 + k);
      put(b, out + 32 + 4 * k, 0x30 + k); // past the count: always runs
    }
    runQueues([r.queue(b)]);
    assert.deepEqual(r.words(out, 10), [0, 0, 0x11, 0x21, 0, 0, 0, 0, 0x30, 0x31]);
  });

  test(`${gen}: PRED_EXEC runs the next EXEC_COUNT dwords only on a selected device (bit 0 = this GPU)`, () => {
    const r = new Rig(TARGET[gen]);
    const out = r.buffer();
    const b = new Pm4Builder(gen).predExec({ exec_count: 5, device_select: 0x02 });
    put(b, out, 1);
    b.predExec({ exec_count: 5, device_select: 0x03 });
    put(b, out + 4, 2);
    put(b, out + 8, 3);
    runQueues([r.queue(b)]);
    assert.deepEqual(r.words(out, 3), [0, 2, 3]);
  });

  test(`${gen}: SET_PREDICATION ZPASS and CLEAR gate packets whose header has PREDICATE`, () => {
    const r = new Rig(TARGET[gen]);
    const out = r.buffer();
    // Two ZPASS begin/end pairs (16 bytes each, 16-byte aligned): equal counts (not visible), different.
    // gfx6-gfx8 give START_ADDR 40 bits: the pairs sit at a low fixed address.
    const hidden = r.mem.mapAt(0x10_0000, 256);
    r.mem.write64(hidden, 5, 0);
    r.mem.write64(hidden + 8, 5, 0);
    const seen = hidden + 16;
    r.mem.write64(seen, 5, 0);
    r.mem.write64(seen + 8, 5, 1);
    const pput = (b: Pm4Builder, addr: number, v: number) =>
      b.packet('WRITE_DATA', { dst_sel: 5, dst_addr: addr }, [v], { predicate: true });
    const b = new Pm4Builder(gen);
    const cases: [number, number][] = [
      [hidden, 1], // DRAW_IF_VISIBLE, not visible: skipped
      [hidden, 0], // DRAW_IF_NOT_VISIBLE, not visible: runs
      [seen, 1], // visible: runs
      [seen, 0], // skipped
    ];
    cases.forEach(([start, boolean], k) => {
      b.setPredication({ start_addr: start, pred_op: 1, predication_boolean: boolean });
      pput(b, out + 4 * k, 0x10 + k);
      put(b, out + 16 + 4 * k, 0x20 + k); // not predicated: always runs
    });
    b.setPredication({ pred_op: 0 });
    pput(b, out + 32, 0x40);
    runQueues([r.queue(b)]);
    assert.deepEqual(r.words(out, 9), [0, 0x11, 0x12, 0, 0x20, 0x21, 0x22, 0x23, 0x40]);
  });
}

test('gfx9: SET_PREDICATION BOOL64 reads a 64-bit boolean (either half non-zero is true)', () => {
  const r = new Rig();
  const out = r.buffer();
  const bools = r.buffer();
  r.mem.write64(bools + 16, 0, 1); // true through the high dword only
  const b = new Pm4Builder('gfx9');
  [bools, bools + 16].forEach((at, k) => {
    b.setPredication({ start_addr: at, pred_op: 3, predication_boolean: 1 });
    b.packet('WRITE_DATA', { dst_sel: 5, dst_addr: out + 4 * k }, [k + 1], { predicate: true });
  });
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 2), [0, 2]);
});

test('gfx9: SET_BASE base_index 1 gives DISPATCH_INDIRECT its table; reserved indexes are an error', () => {
  const r = new Rig();
  const q = r.queue(new Pm4Builder('gfx9').setBase({ base_index: 1, address0: 0x12345, address1: 0x7 }));
  runQueues([q]);
  // The base is 8-byte aligned: the low 3 bits are dropped (seed 004 2.2.3).
  assert.equal(q.bases.get(1), 0x12340 + 0x7 * 2 ** 32);
  const bad = r.queue(new Pm4Builder('gfx9').setBase({ base_index: 9 }));
  assert.throws(() => runQueues([bad]), /queue 1: ring offset 0x0: SET_BASE base_index 9 is reserved$/);
});
