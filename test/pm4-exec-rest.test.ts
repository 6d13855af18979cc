// The executed packets the other pm4-exec tests leave out: LOAD_CONFIG_REG, the *_INDEX register
// packets, SI's ATOMIC, WRITE_CONST_RAM_OFFSET on a CS1 ring, WAIT_ON_DE_COUNTER and SET_CE_DE_COUNTERS,
// and the packets that only configure engines (CONTEXT_CONTROL, ME_INITIALIZE, PREAMBLE_CNTL,
// PFP_SYNC_ME), each followed by a packet whose result shows the stream went on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { QueueDeadlock, runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';

/** COPY_DATA of one register to memory (src_sel 0 = register, dst_sel memory). */
const readReg = (b: Pm4Builder, reg: number, to: number, gen9: boolean) =>
  b.copyData({ src_sel: 0, dst_sel: gen9 ? 'MEMORY' : 'MEMORY_ASYNC', src_addr: reg, dst_addr: to });

test('LOAD_CONFIG_REG, SET_SH_REG_INDEX and SET_UCONFIG_REG_INDEX write the register file (gfx9)', () => {
  const r = new Rig('gfx908');
  const src = r.buffer();
  r.mem.write32(src, 0x1111);
  r.mem.write32(src + 4, 0x2222);
  const out = r.buffer();
  const b = new Pm4Builder('gfx9')
    // Two config registers from memory: offsets 0x10 and 0x11 past 0x2000.
    .loadConfigReg(src, [[0x10, 2]])
    .setShRegIndex(0x2e40, 0, [0xabcd])
    .setUconfigRegIndex(0xc100, 0, [0x55]);
  readReg(b, 0x2010, out, true);
  readReg(b, 0x2011, out + 4, true);
  readReg(b, 0x2e40, out + 8, true);
  readReg(b, 0xc100, out + 12, true);
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 4), [0x1111, 0x2222, 0xabcd, 0x55]);
});

test("SI's ATOMIC (TC_OP_ATOMIC_ADD_RTN_32) adds and keeps the pre-op value for COPY_DATA", () => {
  const r = new Rig('gfx600');
  const at = r.buffer();
  r.mem.write32(at, 40);
  const out = r.buffer();
  const b = new Pm4Builder('gfx6')
    .packet('ATOMIC', {
      op: 0x0f,
      cmd: 0,
      addr: at,
      src_data_lo: 2,
      src_data_hi: 0,
      cmp_data_lo: 0,
      cmp_data_hi: 0,
      loop_interval: 0,
    })
    .copyData({ src_sel: 'ATOMIC_RETURN_DATA', dst_sel: 'MEMORY_ASYNC', src_addr: 0, dst_addr: out });
  runQueues([r.queue(b)]);
  assert.equal(r.mem.read32(at), 42);
  assert.equal(r.mem.read32(out), 40);
});

test('WRITE_CONST_RAM_OFFSET adds the ring partition base: 0 on ring 0, the CS1 index on a CS1 ring', () => {
  for (const [partition, base] of [
    [0, 0],
    [1, 0x100],
  ] as const) {
    const r = new Rig('gfx600');
    const out = r.buffer();
    const ce = r.place(
      new Pm4Builder('gfx6')
        .packet('WRITE_CONST_RAM_OFFSET', { offset: 16 }, [7, 9])
        .dumpConstRam({ offset: 16, num_dw: 2, addr: out }),
    );
    const b = new Pm4Builder('gfx6')
      .setBase({ base_index: 'CE_PARTITION_BASES', address0: 0x100, address1: 0x200 })
      .indirectBufferConst(ce);
    runQueues([r.queue(b, { constantEngine: true, gdsPartition: partition })]);
    assert.deepEqual(r.words(out, 2), [7 + base, 9 + base], `partition ${partition}`);
  }
});

test('WAIT_ON_DE_COUNTER holds the CE until the DE has counted; SET_CE_DE_COUNTERS sets both counters', () => {
  const r = new Rig('gfx600');
  const out = r.buffer();
  // CE: wait for DE_COUNT >= 1, then dump a constant; DE: increment its counter after a WRITE_DATA.
  const ce = r.place(
    new Pm4Builder('gfx6')
      .waitOnDeCounter(1)
      .writeConstRam(0, [0x77])
      .dumpConstRam({ offset: 0, num_dw: 1, addr: out }),
  );
  const b = new Pm4Builder('gfx6')
    .indirectBufferConst(ce)
    .writeData({ dst_sel: 'MEMORY_ASYNC', dst_addr: out + 4 }, [1])
    .incrementDeCounter();
  const q = r.queue(b, { constantEngine: true });
  runQueues([q]);
  assert.deepEqual(r.words(out, 2), [0x77, 1]);
  assert.equal(q.deCounter, 1);
  // Counters set to 5 satisfy a wait for 5 at once; a wait for 6 that nobody counts to is a deadlock.
  const r2 = new Rig('gfx600');
  const ce2 = r2.place(new Pm4Builder('gfx6').setCeDeCounters(5).waitOnDeCounter(5).waitOnDeCounter(6));
  const q2 = r2.queue(new Pm4Builder('gfx6').indirectBufferConst(ce2), { constantEngine: true });
  assert.throws(
    () => runQueues([q2]),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      /CE: WAIT_ON_DE_COUNTER at IB1 .*: waits for DE_COUNT >= 6 \(DE 5\)/.test(e.message),
  );
});

test('CONTEXT_CONTROL, ME_INITIALIZE, PREAMBLE_CNTL and PFP_SYNC_ME are accepted and the stream goes on', () => {
  const r = new Rig('gfx600');
  const out = r.buffer();
  const b = new Pm4Builder('gfx6')
    .packet('ME_INITIALIZE', {
      default_reset_control: 0,
      reserved: 0,
      max_context: 7,
      external_mem_swap: 0,
      dev_id: 0,
      header_dump_swap: 0,
      header_dump_base: 0,
      header_dump_size: 0,
      header_dump_enable: 0,
    })
    .contextControl({})
    .packet('PREAMBLE_CNTL', { command: 'BEGIN_CLEAR_STATE' })
    .pfpSyncMe()
    .writeData({ dst_sel: 'MEMORY_ASYNC', dst_addr: out }, [0x5a]);
  const q = r.queue(b);
  runQueues([q]);
  assert.equal(r.mem.read32(out), 0x5a);
  assert.equal(q.packets, 5);
});
