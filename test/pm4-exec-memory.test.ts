// PM4 data packets as Pm4Builder programs: WRITE_DATA (register, memory, GDS, WR_ONE_ADDR), COPY_DATA
// (every source and destination select, 64-bit counts), ATOMIC_MEM (each TC op, 32 and 64 bits, float
// min/max, a compare-swap loop another queue releases), COND_WRITE and DMA_DATA. Expected values are
// computed by hand from seed 004 chapter 2 and the TC_OP definitions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { QueueDeadlock, runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';

const put = (b: Pm4Builder, addr: number, ...values: number[]) =>
  b.writeData({ dst_sel: 5, dst_addr: addr }, values);
const gds32 = (r: Rig, byte: number) => new DataView(r.m.gds.buffer).getUint32(byte, true);

test('WRITE_DATA to a register, to memory, to GDS, and with WR_ONE_ADDR (every word to one address)', () => {
  const r = new Rig();
  const out = r.buffer();
  const b = new Pm4Builder('gfx9')
    .writeData({ dst_sel: 0, dst_addr: 0x2e40 }, [0x51, 0x52])
    .writeData({ dst_sel: 3, dst_addr: 0x40 }, [0x61, 0x62]);
  put(b, out, 1, 2, 3);
  b.writeData({ dst_sel: 5, dst_addr: out + 16, wr_one_addr: 1 }, [4, 5, 6]);
  b.copyData({ src_sel: 0, dst_sel: 5, src_addr: 0x2e40, dst_addr: out + 32, count_sel: 1 });
  const q = r.queue(b);
  runQueues([q]);
  assert.deepEqual(r.words(out, 10), [1, 2, 3, 0, 6, 0, 0, 0, 0x51, 0x52]);
  assert.deepEqual([gds32(r, 0x40), gds32(r, 0x44)], [0x61, 0x62]);
});

test('COPY_DATA: register, memory, TC_L2, GDS, immediate and 64-bit sources; register, TC_L2, GDS, memory, DC destinations', () => {
  const r = new Rig();
  const src = r.buffer();
  const out = r.buffer();
  r.mem.write32(src, 0xaaaa0001);
  r.mem.write32(src + 4, 0xaaaa0002);
  r.m.gds.set([0x78, 0x56, 0x34, 0x12], 0x80);
  const b = new Pm4Builder('gfx9');
  b.copyData({ src_sel: 5, dst_sel: 0, src_addr: 0xc0ffee, dst_addr: 0x2e41 }); // immediate -> register
  b.copyData({ src_sel: 0, dst_sel: 5, src_addr: 0x2e41, dst_addr: out }); // register -> memory
  b.copyData({ src_sel: 1, dst_sel: 2, src_addr: src, dst_addr: out + 4 }); // memory -> TC_L2
  b.copyData({ src_sel: 2, dst_sel: 5, src_addr: src + 4, dst_addr: out + 8 }); // TC_L2 -> memory
  b.copyData({ src_sel: 3, dst_sel: 5, src_addr: 0x80, dst_addr: out + 12 }); // GDS -> memory
  b.copyData({ src_sel: 1, dst_sel: 3, src_addr: src, dst_addr: 0x90 }); // memory -> GDS
  b.copyData({ src_sel: 5, dst_sel: 6, src_addr: 0x77, dst_addr: 0x2e42 }); // immediate -> register (DC)
  b.copyData({ src_sel: 0, dst_sel: 5, src_addr: 0x2e42, dst_addr: out + 16 });
  // 64 bits: immediate (both address dwords) to memory, and memory to memory.
  b.copyData({
    src_sel: 5,
    dst_sel: 5,
    count_sel: 1,
    src_addr: 0x1234 * 2 ** 32 + 0x89abcdef,
    dst_addr: out + 24,
  });
  b.copyData({ src_sel: 1, dst_sel: 5, count_sel: 1, src_addr: src, dst_addr: out + 32 });
  runQueues([r.queue(b)]);
  assert.deepEqual(
    r.words(out, 10),
    [0xc0ffee, 0xaaaa0001, 0xaaaa0002, 0x12345678, 0x77, 0, 0x89abcdef, 0x1234, 0xaaaa0001, 0xaaaa0002],
  );
  assert.equal(gds32(r, 0x90), 0xaaaa0001);
});

test('COPY_DATA GPU_CLOCK_COUNT: a 64-bit count that does not go backwards', () => {
  const r = new Rig();
  const out = r.buffer();
  const b = new Pm4Builder('gfx9');
  b.copyData({ src_sel: 9, dst_sel: 5, count_sel: 1, dst_addr: out });
  b.copyData({ src_sel: 9, dst_sel: 5, count_sel: 1, dst_addr: out + 8 });
  runQueues([r.queue(b)]);
  const [l0, h0, l1, h1] = r.words(out, 4);
  assert.ok(h1 * 2 ** 32 + l1 >= h0 * 2 ** 32 + l0);
});

// [name, TC op, initial, source, compare, expected]: 32-bit ops (values are 32-bit).
const OPS32: [string, number, number, number, number, number][] = [
  ['swap', 0x07, 0x11, 0x22, 0, 0x22],
  ['cmpswap (equal)', 0x08, 0x11, 0x22, 0x11, 0x22],
  ['cmpswap (not equal)', 0x08, 0x11, 0x22, 0x12, 0x11],
  ['add (wraps)', 0x0f, 0xfffffffe, 3, 0, 1],
  ['sub (wraps)', 0x10, 1, 2, 0, 0xffffffff],
  ['smin', 0x11, 0x80000005, 7, 0, 0x80000005],
  ['umin', 0x12, 0x80000005, 7, 0, 7],
  ['smax', 0x13, 0x80000005, 7, 0, 7],
  ['umax', 0x14, 0x80000005, 7, 0, 0x80000005],
  ['and', 0x15, 0xf0f0, 0xff00, 0, 0xf000],
  ['or', 0x16, 0xf0f0, 0xff00, 0, 0xfff0],
  ['xor', 0x17, 0xf0f0, 0xff00, 0, 0x0ff0],
  ['inc (below)', 0x18, 3, 7, 0, 4],
  ['inc (wraps to 0 at the source)', 0x18, 7, 7, 0, 0],
  ['dec (above 0)', 0x19, 3, 7, 0, 2],
  ['dec (0 -> source)', 0x19, 0, 7, 0, 7],
  ['dec (above the source -> source)', 0x19, 9, 7, 0, 7],
  ['fmin', 0x02, 0x3fc00000, 0xc0000000, 0, 0xc0000000], // min(1.5, -2.0)
  ['fmax', 0x03, 0x3fc00000, 0xc0000000, 0, 0x3fc00000],
  ['add without return', 0x4f, 5, 6, 0, 11],
];

test('ATOMIC_MEM: every 32-bit TC op, the pre-op value through COPY_DATA ATOMIC_RETURN_DATA', () => {
  const r = new Rig();
  const data = r.buffer(4 * OPS32.length);
  const ret = r.buffer(8 * OPS32.length);
  const b = new Pm4Builder('gfx9');
  OPS32.forEach(([, op, init, src, cmp], k) => {
    r.mem.write32(data + 4 * k, init);
    b.atomicMem({ op, addr: data + 4 * k, src_data_lo: src, cmp_data_lo: cmp });
    b.copyData({ src_sel: 6, dst_sel: 5, count_sel: 1, dst_addr: ret + 8 * k });
  });
  runQueues([r.queue(b)]);
  OPS32.forEach(([name, , init, , , want], k) => {
    assert.equal(r.mem.read32(data + 4 * k), want, name);
    assert.deepEqual(r.words(ret + 8 * k, 2), [init, 0], `${name}: pre-op value`);
  });
});

// [name, TC op, initial, source, compare, expected] as [lo, hi] pairs: 64-bit ops.
const OPS64: [string, number, number[], number[], number[], number[]][] = [
  ['swap', 0x27, [1, 2], [3, 4], [0, 0], [3, 4]],
  ['cmpswap (high halves differ)', 0x28, [1, 2], [3, 4], [1, 3], [1, 2]],
  ['cmpswap (equal)', 0x28, [1, 2], [3, 4], [1, 2], [3, 4]],
  ['add (carry)', 0x2f, [0xffffffff, 1], [1, 0], [0, 0], [0, 2]],
  ['sub (borrow)', 0x30, [0, 1], [1, 0], [0, 0], [0xffffffff, 0]],
  ['smin', 0x31, [0xffffffff, 0xffffffff], [5, 0], [0, 0], [0xffffffff, 0xffffffff]],
  ['umin', 0x32, [0xffffffff, 0xffffffff], [5, 0], [0, 0], [5, 0]],
  ['smax', 0x33, [0xffffffff, 0xffffffff], [5, 0], [0, 0], [5, 0]],
  ['umax', 0x34, [0, 1], [0xffffffff, 0], [0, 0], [0, 1]],
  ['and', 0x35, [0xff, 0xff00], [0xf0, 0xf000], [0, 0], [0xf0, 0xf000]],
  ['or', 0x36, [0xff, 0xff00], [0xf00, 0xf0000], [0, 0], [0xfff, 0xfff00]],
  ['xor', 0x37, [0xff, 0xff00], [0xf0, 0xf000], [0, 0], [0x0f, 0x0f00]],
  ['inc', 0x38, [0xffffffff, 0], [0, 1], [0, 0], [0, 1]],
  ['dec', 0x39, [0, 1], [0, 5], [0, 0], [0xffffffff, 0]],
  ['fmin', 0x22, [0, 0x3ff80000], [0, 0xc0000000], [0, 0], [0, 0xc0000000]], // min(1.5, -2.0)
  ['fmax', 0x23, [0, 0x3ff80000], [0, 0xc0000000], [0, 0], [0, 0x3ff80000]],
];

test('ATOMIC_MEM: every 64-bit TC op (carries and signs across the halves), pre-op value returned', () => {
  const r = new Rig();
  const data = r.buffer(8 * OPS64.length);
  const ret = r.buffer(8 * OPS64.length);
  const b = new Pm4Builder('gfx9');
  OPS64.forEach(([, op, init, src, cmp], k) => {
    r.mem.write64(data + 8 * k, init[0], init[1]);
    b.atomicMem({
      op,
      addr: data + 8 * k,
      src_data_lo: src[0],
      src_data_hi: src[1],
      cmp_data_lo: cmp[0],
      cmp_data_hi: cmp[1],
    });
    b.copyData({ src_sel: 6, dst_sel: 5, count_sel: 1, dst_addr: ret + 8 * k });
  });
  runQueues([r.queue(b)]);
  OPS64.forEach(([name, , init, , , want], k) => {
    assert.deepEqual(r.words(data + 8 * k, 2), want, name);
    assert.deepEqual(r.words(ret + 8 * k, 2), init, `${name}: pre-op value`);
  });
});

test('ATOMIC_MEM compare-swap LOOP blocks until another queue writes the compare value', () => {
  const r = new Rig();
  const lock = r.buffer();
  const out = r.buffer();
  const a = new Pm4Builder('gfx9').atomicMem({
    op: 0x08,
    cmd: 1,
    addr: lock,
    src_data_lo: 9,
    cmp_data_lo: 5,
  });
  put(a, out, 1);
  // B first spends a turn on a NOP so that A's loop has failed at least once before the release.
  const bq = put(new Pm4Builder('gfx9').nop(4), lock, 5);
  const qa = r.queue(a);
  const qb = r.queue(bq);
  runQueues([qa, qb]);
  assert.equal(r.mem.read32(lock), 9);
  assert.equal(r.mem.read32(out), 1);
  const alone = r.queue(
    new Pm4Builder('gfx9').atomicMem({ op: 0x08, cmd: 1, addr: out + 8, src_data_lo: 9, cmp_data_lo: 5 }),
  );
  assert.throws(
    () => runQueues([alone]),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      e.message.endsWith(
        `queue 2 is blocked: ATOMIC_MEM at ring offset 0x0: a compare-swap loop on 0x${(out + 8).toString(16)} waits for the value 0x5, last read 0x0`,
      ),
  );
});

test('COND_WRITE: memory and register polls, each writing only when the masked compare passes', () => {
  const r = new Rig();
  const poll = r.buffer();
  const out = r.buffer();
  r.mem.write32(poll, 0x1234);
  const b = new Pm4Builder('gfx9').setShReg(0x2e40, 0x99);
  // memory 0x1234 & 0xff == 0x34: writes memory.
  b.condWrite({
    function: 3,
    poll_space: 1,
    write_space: 1,
    poll_address: poll,
    reference: 0x34,
    mask: 0xff,
    write_address: out,
    write_data: 1,
  });
  // 0x1234 < 0x1000 fails: no write.
  b.condWrite({
    function: 1,
    poll_space: 1,
    write_space: 1,
    poll_address: poll,
    reference: 0x1000,
    mask: 0xffffffff,
    write_address: out + 4,
    write_data: 2,
  });
  // register 0x99 > 0x98: writes a register, read back.
  b.condWrite({
    function: 6,
    poll_space: 0,
    write_space: 0,
    poll_address: 0x2e40,
    reference: 0x98,
    mask: 0xffffffff,
    write_address: 0x2e41,
    write_data: 3,
  });
  b.copyData({ src_sel: 0, dst_sel: 5, src_addr: 0x2e41, dst_addr: out + 8 });
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 3), [1, 0, 3]);
});

test('DMA_DATA: memory to memory, a data fill (no source increment), GDS to memory, fixed destination', () => {
  const r = new Rig();
  const src = r.buffer();
  const out = r.buffer();
  for (let k = 0; k < 4; k++) r.mem.write32(src + 4 * k, 0x100 + k);
  r.m.gds.set([1, 0, 0, 0, 2, 0, 0, 0], 0x20);
  const b = new Pm4Builder('gfx9');
  b.dmaData({ src_sel: 3, dst_sel: 3, src_addr: src, dst_addr: out, byte_count: 16 });
  b.dmaData({ src_sel: 2, dst_sel: 3, src_addr: 0xfeed, dst_addr: out + 16, byte_count: 12 });
  b.dmaData({ src_sel: 1, dst_sel: 3, src_addr: 0x20, dst_addr: out + 32, byte_count: 8 });
  // DAIC: every dword to the same destination: the last one stays.
  b.dmaData({ src_sel: 3, dst_sel: 3, daic: 1, src_addr: src, dst_addr: out + 48, byte_count: 16 });
  runQueues([r.queue(b)]);
  assert.deepEqual(
    r.words(out, 13),
    [0x100, 0x101, 0x102, 0x103, 0xfeed, 0xfeed, 0xfeed, 0, 1, 2, 0, 0, 0x103],
  );
  const bad = r.queue(
    new Pm4Builder('gfx9').dmaData({ src_sel: 2, dst_sel: 3, dst_addr: out, byte_count: 6 }),
  );
  assert.throws(
    () => runQueues([bad]),
    /queue 1: ring offset 0x0: DMA_DATA: byte_count 6 is not a multiple of 4$/,
  );
});
