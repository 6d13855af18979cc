// The constant engine and the GDS as Pm4Builder programs: the CE fills its RAM (WRITE_CONST_RAM,
// LOAD_CONST_RAM) and dumps a table (DUMP_CONST_RAM) that the DE's dispatch reads after
// WAIT_ON_CE_COUNTER; WAIT_ON_DE_COUNTER_DIFF holds the CE back until the DE's INCREMENT_DE_COUNTER;
// deadlocks of either engine are reported; ALLOC_GDS, WRITE_GDS_RAM, ATOMIC_GDS and GDS partitions.
// Seed 004 1.3, 2.3, 2.8.2, 2.9.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { QueueDeadlock, runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';
import { assembleText } from './helpers/wave-asm.js';

const deadlock = (re: RegExp) => (e: unknown) => e instanceof QueueDeadlock && re.test(e.message);

/** A kernel: out[tid] = table[tid] + 0x100 (user SGPRs s[0:1] table, s[2:3] out). */
function tableKernel(r: Rig): number {
  const code = assembleText(
    `v_lshlrev_b32 v1, 2, v0
     global_load_dword v2, v1, s[0:1]
     s_waitcnt vmcnt(0)
     v_add_u32 v2, 0x100, v2
     global_store_dword v1, v2, s[2:3]
     s_endpgm`,
  );
  const pgm = r.mem.alloc(code.length, 256);
  r.mem.upload(pgm, code);
  return pgm;
}

const lo = (a: number) => a % 2 ** 32;
const hi = (a: number) => Math.floor(a / 2 ** 32);

test('CE/DE: the DE dispatch reads the table the CE dumped, after WAIT_ON_CE_COUNTER; WAIT_ON_DE_COUNTER_DIFF', () => {
  const r = new Rig();
  const src = r.buffer();
  const table = r.buffer();
  const out = r.buffer();
  for (let k = 0; k < 4; k++) r.mem.write32(src + 4 * k, 0x50 + k);
  const ce = new Pm4Builder('gfx9')
    .writeConstRam(0, [1, 2, 3, 4])
    .loadConstRam({ addr: src, num_dw: 4, offset: 16 })
    .dumpConstRam({ offset: 0, num_dw: 8, addr: table })
    .incrementCeCounter()
    // CE_COUNT 1 - DE_COUNT 0 is not < 1: the CE waits for the DE's dispatch before overwriting the table.
    .waitOnDeCounterDiff(1)
    .writeConstRam(0, [0x99])
    .dumpConstRam({ offset: 0, num_dw: 1, addr: table });
  const ceIb = r.place(ce);
  const pgm = tableKernel(r);
  const de = new Pm4Builder('gfx9')
    .indirectBufferConst(ceIb)
    .waitOnCeCounter()
    .setShReg(0x2e0c, [lo(pgm / 256), hi(pgm / 256)])
    .setShReg(0x2e12, [0, 4 << 1]) // 4 VGPRs; USER_SGPR 4
    .setShReg(0x2e07, [8, 1, 1])
    .setShReg(0x2e40, [lo(table), hi(table), lo(out), hi(out)])
    .dispatchDirect(1, 1, 1)
    .incrementDeCounter();
  const q = r.queue(de, { constantEngine: true });
  runQueues([q]);
  assert.deepEqual(r.words(out, 8), [0x101, 0x102, 0x103, 0x104, 0x150, 0x151, 0x152, 0x153]);
  assert.equal(r.mem.read32(table), 0x99, 'the CE ran on after the DE counted its dispatch');
  assert.deepEqual([q.ceCounter, q.deCounter], [1, 1]);
});

test('CE/DE deadlocks: a CE waiting on a DE count nobody raises; a DE waiting on a CE that never counts', () => {
  const r = new Rig();
  const ceIb = r.place(new Pm4Builder('gfx9').incrementCeCounter().waitOnDeCounterDiff(1));
  const q = r.queue(new Pm4Builder('gfx9').indirectBufferConst(ceIb), { constantEngine: true });
  assert.throws(
    () => runQueues([q]),
    deadlock(
      /queue 0 is blocked: CE: WAIT_ON_DE_COUNTER_DIFF at IB1 at 0x[0-9a-f]+ offset 0x8: waits for CE_COUNT - DE_COUNT < 1 \(CE 1, DE 0\)$/,
    ),
  );
  const q2 = r.queue(new Pm4Builder('gfx9').nop(1).waitOnCeCounter(), { constantEngine: true });
  assert.throws(
    () => runQueues([q2]),
    deadlock(
      /queue 1 is blocked: DE: WAIT_ON_CE_COUNTER at ring offset 0x8: waits for CE_COUNT - DE_COUNT > 0 \(CE 0, DE 0\)$/,
    ),
  );
});

test('a CE packet on the DE, and INDIRECT_BUFFER_CONST on a queue without a CE, are errors', () => {
  const r = new Rig();
  const q = r.queue(new Pm4Builder('gfx9').writeConstRam(0, [1]), { constantEngine: true });
  assert.throws(
    () => runQueues([q]),
    /^Pm4Error: queue 0: ring offset 0x0: WRITE_CONST_RAM is a constant-engine packet; it runs only in an INDIRECT_BUFFER_CONST$/,
  );
  const ib = r.place(new Pm4Builder('gfx9').incrementCeCounter());
  const q2 = r.queue(new Pm4Builder('gfx9').indirectBufferConst(ib));
  assert.throws(
    () => runQueues([q2]),
    /queue 1: ring offset 0x0: INDIRECT_BUFFER_CONST needs a constant engine, which queue 1 does not have$/,
  );
});

for (const [gen, target] of [
  ['gfx8', 'gfx803'],
  ['gfx9', 'gfx908'],
] as const) {
  test(`${gen}: ALLOC_GDS, WRITE_GDS_RAM, ATOMIC_GDS (add and compare-store with return data)`, () => {
    const r = new Rig(target);
    const out = r.buffer();
    const b = new Pm4Builder(gen).allocGds(32).allocGds(16).writeGdsRam(4, [10, 20]);
    // ds_add_rtn_u32 (32 + 0) at GDS byte 32 + 4 (the second segment starts after the first's 32 bytes).
    b.atomicGds({ atom_op: 32, atom_read: 1, atom_base: 32, atom_dst: 4, atom_src0: 5 });
    b.copyData({ src_sel: 7, dst_sel: 5, dst_addr: out });
    // ds_cmpst_rtn_b32 (32 + 16): 20 == 20, so 77 is stored.
    b.atomicGds({ atom_op: 48, atom_read: 1, atom_base: 32, atom_dst: 8, atom_src0: 20, atom_src1: 77 });
    b.copyData({ src_sel: 7, dst_sel: 5, dst_addr: out + 4 });
    b.copyData({ src_sel: 3, dst_sel: 5, count_sel: 1, src_addr: 36, dst_addr: out + 8 });
    runQueues([r.queue(b)]);
    assert.deepEqual(r.words(out, 4), [10, 20, 15, 77]);
    const bad = r.queue(new Pm4Builder(gen).allocGds(8).writeGdsRam(4, [1, 2]));
    assert.throws(
      () => runQueues([bad]),
      /ring offset 0x8: WRITE_GDS_RAM: GDS dwords 1\.\.3 are outside the segment of 8 bytes/,
    );
  });
}

test('SET_BASE GDS_PARTITION_BASES: a CS1 ring allocates in its own partition', () => {
  const r = new Rig('gfx803');
  const b = new Pm4Builder('gfx8')
    .setBase({ base_index: 2, address0: 0x100, address1: 0x200 })
    .allocGds(16)
    .writeGdsRam(0, [0xc51]);
  runQueues([r.queue(b, { gdsPartition: 1 })]);
  assert.equal(new DataView(r.m.gds.buffer).getUint32(0x100, true), 0xc51);
  const big = r.queue(
    new Pm4Builder('gfx8').setBase({ base_index: 2, address0: 0x100, address1: 0x200 }).allocGds(0x200),
    { gdsPartition: 1 },
  );
  assert.throws(
    () => runQueues([big]),
    /ALLOC_GDS: a segment of 512 bytes does not fit the ring's GDS partition of 256 bytes$/,
  );
});
