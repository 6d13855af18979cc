// Which threads a parallel dispatch uses. One whose code's waves share nothing within a workgroup (no barrier, DS instruction or
// message, no LDS) splits workgroups into single waves (DispatchSetup.splitWaves, GroupRunner.runUnit),
// so that a few large workgroups still spread over the threads; any sharing keeps whole workgroups. One
// whose code has global atomics first runs units alone for a sample (SAMPLE_OPS) and keeps the rest when their
// atomics keep hitting a few addresses (AtomicSample), where threads would contend.
// A recording WorkerHost (it runs nothing: the calling thread takes every unit) shows the choice; the
// results and counts must be those of one thread, partial workgroups included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SPLIT_BELOW } from '../src/cp/aql/kernel-dispatch.js';
import { AtomicSample } from '../src/emu/mem/atomic-sample.js';
import { type ParallelJob, setWorkerHost, workerHost } from '../src/gpu/parallel.js';
import { Device } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';

/**
 * Work-item g of workgroup w writes, at out[2g] and out[2g + 1]: HW_ID (from the wave's dispatch index)
 * and w * 4096 + its id in the group + the wave-count bits of the workgroup info SGPR; `extra` goes
 * before the stores.
 */
function writer(extra: string): Uint8Array {
  return kernelObject(
    'ids',
    `  s_load_dwordx2 s[8:9], s[0:1], 0x0
  s_getreg_b32 s10, hwreg(HW_REG_HW_ID)
  s_lshl_b32 s11, s2, 12
  s_and_b32 s12, s3, 63
  s_add_u32 s11, s11, s12
  v_add_u32 v1, s11, v0
  s_mul_i32 s13, s2, 192
  v_add_u32 v2, s13, v0
  v_lshlrev_b32 v2, 3, v2
  v_mov_b32 v3, s10
${extra}
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v3, s[8:9]
  global_store_dword v2, v1, s[8:9] offset:4`,
    {
      args: ['ptr'],
      kd: '  .amdhsa_system_sgpr_workgroup_id_x 1\n  .amdhsa_system_sgpr_workgroup_info 1',
    },
  );
}

interface Post {
  readonly n: number;
  readonly split: boolean | undefined;
}

/** Launches `code` with `workers` on a host that records its posts and runs nothing. */
function launch(code: Uint8Array, grid: number, workers: number, groupSize = 0) {
  const posts: Post[] = [];
  const saved = workerHost();
  setWorkerHost({
    cores: 4,
    loaded: 4,
    post(n: number, job: ParallelJob) {
      posts.push({ n, split: job.dispatch.splitWaves });
    },
  });
  try {
    const dev = new Device();
    const mod = dev.load(code, 'ids');
    const out = dev.upload(new Uint32Array(2 * Math.ceil(grid / 192) * 192));
    const r = mod.launch('ids', { grid: [grid], block: [192], args: [out], workers, dynamicLds: groupSize });
    return {
      posts,
      counts: [r.workgroups, r.waves, r.waveInstructions, r.laneInstructions],
      out: [...new Uint32Array(dev.read(out).buffer)],
    };
  } finally {
    setWorkerHost(saved);
  }
}

test('independent waves: one workgroup of 3 waves is split for 2 threads; outputs and counts as one thread', () => {
  const code = writer('');
  const one = launch(code, 192, 1);
  assert.deepEqual(one.posts, []);
  const two = launch(code, 192, 2);
  assert.deepEqual(two.posts, [{ n: 1, split: true }]);
  assert.deepEqual(two.counts, one.counts);
  assert.deepEqual(two.out, one.out);
  assert.deepEqual(one.counts.slice(0, 2), [1, 3]);
  // Lane 0 of wave 2: HW_ID's wave bits from dispatch index 2; workgroup info: 3 waves.
  assert.equal(one.out[2 * 128], 2);
  assert.equal(one.out[2 * 128 + 1], 128 + 3);
});

test('many workgroups (16 a thread or more) are taken whole, waves that share nothing or not', () => {
  const code = writer('');
  const out = (grid: number) => launch(code, grid, 2).posts;
  assert.deepEqual(out(192 * 31), [{ n: 1, split: true }]);
  assert.deepEqual(out(192 * SPLIT_BELOW * 2), [{ n: 1, split: false }]);
});

test('a partial workgroup: its empty wave slots run nothing and count nothing', () => {
  const code = writer('');
  // 200 work-items in workgroups of 192: 3 waves, then 1 wave of 8 (two empty slots of the 6 units).
  const one = launch(code, 200, 1);
  const two = launch(code, 200, 3);
  assert.deepEqual(two.posts, [{ n: 2, split: true }]);
  assert.deepEqual(two.counts, one.counts);
  assert.deepEqual(one.counts.slice(0, 2), [2, 4]);
  assert.deepEqual(two.out, one.out);
  assert.equal(one.out[2 * 192 + 1], 4096 + 0 + 1);
});

for (const [what, extra, lds] of [
  ['s_barrier', '  s_barrier', 0],
  ['a DS instruction', '  ds_read_b32 v4, v2', 0],
  ['s_sendmsg', '  s_sendmsg sendmsg(MSG_INTERRUPT)', 0],
  ['an LDS allocation', '', 256],
] as const)
  test(`${what}: a workgroup's waves stay together (one workgroup: one thread)`, () => {
    const code = writer(extra);
    const one = launch(code, 192, 1, lds);
    const two = launch(code, 192, 2, lds);
    assert.deepEqual(two.posts, []);
    assert.deepEqual(two.out, one.out);
    // Two workgroups are still split between threads, as whole workgroups.
    assert.deepEqual(launch(code, 384, 2, lds).posts, [{ n: 1, split: false }]);
  });

/** Every lane adds 1 to out[(global id & mask)] with a non-returning global_atomic_add. */
function adder(mask: number): Uint8Array {
  return kernelObject(
    'add',
    `  s_load_dwordx2 s[8:9], s[0:1], 0x0
  s_lshl_b32 s10, s2, 6
  v_add_u32 v1, s10, v0
  v_and_b32 v1, ${mask}, v1
  v_lshlrev_b32 v1, 2, v1
  v_mov_b32 v2, 1
  s_waitcnt lgkmcnt(0)
  global_atomic_add v1, v2, s[8:9]`,
    { args: ['ptr'], kd: '  .amdhsa_system_sgpr_workgroup_id_x 1' },
  );
}

/** Launches `adder(mask)` over 16 workgroups of one wave, as launch() does; returns the posts and sums. */
function atomics(mask: number, workers: number) {
  const posts: Post[] = [];
  const saved = workerHost();
  setWorkerHost({
    cores: 4,
    loaded: 4,
    post: (n: number, job: ParallelJob) => posts.push({ n, split: job.dispatch.splitWaves }),
  });
  try {
    const dev = new Device();
    const mod = dev.load(adder(mask), 'add');
    const out = dev.upload(new Uint32Array(1024));
    const r = mod.launch('add', { grid: [16 * 64], block: [64], args: [out], workers });
    return {
      posts,
      counts: [r.workgroups, r.waves, r.waveInstructions],
      out: [...new Uint32Array(dev.read(out).buffer)],
    };
  } finally {
    setWorkerHost(saved);
  }
}

test('atomics on 4 addresses from every lane: sampled, then kept on the calling thread (no post)', () => {
  const one = atomics(3, 1);
  const two = atomics(3, 2);
  assert.deepEqual(two.posts, []);
  assert.deepEqual(two.counts, one.counts);
  assert.deepEqual(two.out.slice(0, 4), [256, 256, 256, 256]);
  assert.deepEqual(two.out, one.out);
});

test('atomics on a distinct address per lane (a coalesced scatter): the workers get the job after the sample', () => {
  const one = atomics(1023, 1);
  const two = atomics(1023, 2);
  assert.deepEqual(two.posts, [{ n: 1, split: false }]);
  assert.deepEqual(two.out, one.out);
  assert.deepEqual(two.out, new Array(1024).fill(1));
});

test('AtomicSample: contended when atomics are at least the wave-instructions and 4 per address', () => {
  const s = new AtomicSample();
  for (let i = 0; i < 256; i++) s.note(0x1_0000_0000 + 4 * (i % 64));
  assert.equal(s.ops, 256);
  assert.equal(s.distinct, 64);
  assert.equal(s.contended(256), true);
  assert.equal(s.contended(257), false, 'fewer atomic lanes than wave-instructions');
  const spread = new AtomicSample();
  for (let i = 0; i < 256; i++) spread.note(4 * i);
  assert.equal(spread.distinct, 256);
  assert.equal(spread.contended(1), false);
  // Addresses 2^32 apart are distinct; past the capacity, counting stops (spread too widely).
  const wide = new AtomicSample();
  for (let i = 0; i < 10000; i++) wide.note(i * 2 ** 32);
  assert.equal(wide.distinct, 4097);
  assert.equal(wide.contended(1), false);
});
