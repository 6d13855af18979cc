// DISPATCH_DIRECT and DISPATCH_INDIRECT as Pm4Builder programs: waves start from the COMPUTE_* registers
// (seed 004 2.6; register offsets and bit fields: Linux sid.h / gc_9_0_sh_mask.h): partial workgroups
// (PARTIAL_TG_EN), USE_THREAD_DIMENSIONS, COMPUTE_START_X with and without FORCE_START_AT_000, TGID
// X/Y/Z, TG_SIZE, TIDIG_COMP_CNT 2, LDS_SIZE, the scratch wave offset from TMPRING_SIZE, and the two
// forms of DISPATCH_INDIRECT. The kernels are assembly text; expected memory is computed here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { runQueues } from '../src/cp/scheduler.js';
import { Rig } from './helpers/pm4-rig.js';
import { assembleText } from './helpers/wave-asm.js';

const lo = (a: number) => a % 2 ** 32;
const hi = (a: number) => Math.floor(a / 2 ** 32);

const RSRC2 = { USER_SGPR: 1, TGID_X: 1 << 7, TGID_Y: 1 << 8, TGID_Z: 1 << 9, TG_SIZE: 1 << 10 };
const INIT = { COMPUTE_SHADER_EN: 1, PARTIAL_TG_EN: 2, FORCE_START_AT_000: 4, USE_THREAD_DIMENSIONS: 32 };

function kernel(r: Rig, text: string): number {
  const code = assembleText(text);
  const pgm = r.mem.alloc(code.length, 256);
  r.mem.upload(pgm, code);
  return pgm;
}

/** The registers of a dispatch: program, RSRC1/2, workgroup size, user data. */
function setup(
  b: Pm4Builder,
  pgm: number,
  rsrc1: number,
  rsrc2: number,
  block: number[],
  user: number[],
): Pm4Builder {
  return b
    .setShReg(0x2e0c, [lo(pgm / 256), hi(pgm / 256)])
    .setShReg(0x2e12, [rsrc1, rsrc2])
    .setShReg(0x2e07, block)
    .setShReg(0x2e40, user);
}

/** out[tgid_x * 16 + tid_x] = that index + 1; s[0:1] out, s2 TGID_X. */
const IDS = `s_lshl_b32 s3, s2, 4
  v_add_u32 v1, s3, v0
  v_add_u32 v2, 1, v1
  v_lshlrev_b32 v1, 2, v1
  global_store_dword v1, v2, s[0:1]
  s_endpgm`;
const IDS_RSRC2 = (2 << RSRC2.USER_SGPR) | RSRC2.TGID_X;

/** Which of the first n items the IDS kernel wrote. */
function written(r: Rig, out: number, n: number): number[] {
  return r.words(out, n).map((v, k) => (v === k + 1 ? 1 : v === 0 ? 0 : -1));
}
const range = (n: number, f: (k: number) => number) => Array.from({ length: n }, (_, k) => f(k));

test('DISPATCH_DIRECT: PARTIAL_TG_EN gives the last group NUM_THREAD_PARTIAL items; USE_THREAD_DIMENSIONS counts items', () => {
  const r = new Rig();
  const pgm = kernel(r, IDS);
  const outs = [r.buffer(), r.buffer(), r.buffer()];
  const b = new Pm4Builder('gfx9');
  // 16 full, 5 in the partial group: 3 groups along X -> 2 * 16 + 5 = 37 items.
  setup(b, pgm, 0, IDS_RSRC2, [16 | (5 << 16), 1, 1], [lo(outs[0]), hi(outs[0])]).dispatchDirect(
    3,
    1,
    1,
    INIT.COMPUTE_SHADER_EN | INIT.PARTIAL_TG_EN,
  );
  // Without PARTIAL_TG_EN the partial count is ignored: 48 items.
  b.setShReg(0x2e40, [lo(outs[1]), hi(outs[1])]).dispatchDirect(3, 1, 1);
  // USE_THREAD_DIMENSIONS: DIM_X is 37 work-items.
  b.setShReg(0x2e07, [16, 1, 1])
    .setShReg(0x2e40, [lo(outs[2]), hi(outs[2])])
    .dispatchDirect(37, 1, 1, INIT.COMPUTE_SHADER_EN | INIT.USE_THREAD_DIMENSIONS);
  const q = r.queue(b);
  runQueues([q]);
  assert.deepEqual(
    written(r, outs[0], 48),
    range(48, (k) => (k < 37 ? 1 : 0)),
  );
  assert.deepEqual(
    written(r, outs[1], 64),
    range(64, (k) => (k < 48 ? 1 : 0)),
  );
  assert.deepEqual(
    written(r, outs[2], 48),
    range(48, (k) => (k < 37 ? 1 : 0)),
  );
  assert.equal(q.stats.workgroups, 9);
});

test('DISPATCH_DIRECT: COMPUTE_START_X skips the first groups unless FORCE_START_AT_000', () => {
  const r = new Rig();
  const pgm = kernel(r, IDS);
  const a = r.buffer();
  const c = r.buffer();
  const b = new Pm4Builder('gfx9').setShReg(0x2e04, [1, 0, 0]);
  setup(b, pgm, 0, IDS_RSRC2, [16, 1, 1], [lo(a), hi(a)]).dispatchDirect(3, 1, 1);
  b.setShReg(0x2e40, [lo(c), hi(c)]).dispatchDirect(
    3,
    1,
    1,
    INIT.COMPUTE_SHADER_EN | INIT.FORCE_START_AT_000,
  );
  runQueues([r.queue(b)]);
  assert.deepEqual(
    written(r, a, 48),
    range(48, (k) => (k >= 16 ? 1 : 0)),
  );
  assert.deepEqual(
    written(r, c, 48),
    range(48, () => 1),
  );
});

test('DISPATCH_DIRECT: TGID X/Y/Z, TG_SIZE and TIDIG_COMP_CNT 2 in the registers hardware fills', () => {
  const r = new Rig();
  // s[0:1] out, s[2:3] sizes, s4-s6 TGID X/Y/Z, s7 TG_SIZE; v0-v2 thread id X/Y/Z.
  // out[group * 8 + (z * 4 + y * 2 + x)] = tgz << 20 | tgy << 16 | tgx << 12 | z << 8 | y << 4 | x;
  // sizes[group] = TG_SIZE & 0x3f (waves in the group).
  const pgm = kernel(
    r,
    `s_lshl_b32 s8, s6, 20
     s_lshl_b32 s9, s5, 16
     s_or_b32 s8, s8, s9
     s_lshl_b32 s9, s4, 12
     s_or_b32 s8, s8, s9
     v_lshlrev_b32 v3, 8, v2
     v_lshlrev_b32 v4, 4, v1
     v_or_b32 v3, v3, v4
     v_or_b32 v3, v3, v0
     v_or_b32 v3, s8, v3
     s_mul_i32 s10, s6, 3
     s_add_u32 s10, s10, s5
     s_mul_i32 s10, s10, 2
     s_add_u32 s10, s10, s4
     s_lshl_b32 s11, s10, 3
     v_lshlrev_b32 v4, 2, v2
     v_lshlrev_b32 v5, 1, v1
     v_add_u32 v4, v4, v5
     v_add_u32 v4, v4, v0
     v_add_u32 v4, s11, v4
     v_lshlrev_b32 v4, 2, v4
     global_store_dword v4, v3, s[0:1]
     s_and_b32 s12, s7, 0x3f
     v_mov_b32 v6, s12
     s_lshl_b32 s10, s10, 2
     v_mov_b32 v7, s10
     global_store_dword v7, v6, s[2:3]
     s_endpgm`,
  );
  const out = r.buffer(4 * 96);
  const sizes = r.buffer();
  const rsrc2 =
    (4 << RSRC2.USER_SGPR) | RSRC2.TGID_X | RSRC2.TGID_Y | RSRC2.TGID_Z | RSRC2.TG_SIZE | (2 << 11);
  const b = setup(new Pm4Builder('gfx9'), pgm, 1, rsrc2, [2, 2, 2], [lo(out), hi(out), lo(sizes), hi(sizes)]);
  b.dispatchDirect(2, 3, 2);
  runQueues([r.queue(b)]);
  const want: number[] = [];
  for (let gz = 0; gz < 2; gz++)
    for (let gy = 0; gy < 3; gy++)
      for (let gx = 0; gx < 2; gx++)
        for (let z = 0; z < 2; z++)
          for (let y = 0; y < 2; y++)
            for (let x = 0; x < 2; x++)
              want.push((gz << 20) | (gy << 16) | (gx << 12) | (z << 8) | (y << 4) | x);
  assert.deepEqual(r.words(out, 96), want);
  assert.deepEqual(
    r.words(sizes, 12),
    range(12, () => 1),
  );
});

test('DISPATCH_DIRECT: LDS_SIZE gives the group LDS a kernel exchanges values through', () => {
  const r = new Rig();
  // lds[tid] = tid + 7; out[tid] = lds[(tid + 1) % 64].
  const pgm = kernel(
    r,
    `s_mov_b32 m0, -1
     v_lshlrev_b32 v1, 2, v0
     v_add_u32 v2, 7, v0
     ds_write_b32 v1, v2
     s_waitcnt lgkmcnt(0)
     v_add_u32 v3, 1, v0
     v_and_b32 v3, 63, v3
     v_lshlrev_b32 v3, 2, v3
     ds_read_b32 v4, v3
     s_waitcnt lgkmcnt(0)
     global_store_dword v1, v4, s[0:1]
     s_endpgm`,
  );
  const out = r.buffer();
  // LDS_SIZE 1: 128 dwords (gfx7+ granularity), enough for the 64 dwords the wave writes.
  const b = setup(
    new Pm4Builder('gfx9'),
    pgm,
    1,
    (2 << RSRC2.USER_SGPR) | (1 << 15),
    [64, 1, 1],
    [lo(out), hi(out)],
  );
  b.dispatchDirect(1, 1, 1);
  runQueues([r.queue(b)]);
  assert.deepEqual(
    r.words(out, 64),
    range(64, (k) => ((k + 1) % 64) + 7),
  );
});

test('DISPATCH_DIRECT: SCRATCH_EN gives each wave its slot offset, slot * COMPUTE_TMPRING_SIZE.WAVESIZE KiB', () => {
  const r = new Rig();
  // s[0:1] out, s2 the scratch wave offset; out[wave] = s2.
  const pgm = kernel(
    r,
    `v_lshrrev_b32 v1, 6, v0
     v_lshlrev_b32 v1, 2, v1
     v_mov_b32 v2, s2
     global_store_dword v1, v2, s[0:1]
     s_endpgm`,
  );
  const out = r.buffer();
  const b = new Pm4Builder('gfx9').setShReg(0x2e18, 4 | (3 << 12)); // 4 slots of 3 KiB
  setup(b, pgm, 0, 1 | (2 << RSRC2.USER_SGPR), [256, 1, 1], [lo(out), hi(out)]).dispatchDirect(1, 1, 1);
  runQueues([r.queue(b)]);
  assert.deepEqual(r.words(out, 4), [0, 3072, 6144, 9216]);
  const few = new Pm4Builder('gfx9').setShReg(0x2e18, 2 | (3 << 12));
  setup(few, pgm, 0, 1 | (2 << RSRC2.USER_SGPR), [256, 1, 1], [lo(out), hi(out)]).dispatchDirect(1, 1, 1);
  assert.throws(
    () => runQueues([r.queue(few)]),
    /COMPUTE_TMPRING_SIZE\.WAVES = 2 scratch slots, fewer than the/,
  );
});

test('DISPATCH_INDIRECT: dimensions at the packet address, and at SET_BASE base + DATA_OFFSET', () => {
  const r = new Rig();
  const pgm = kernel(r, IDS);
  const dims = r.buffer();
  r.mem.write32(dims, 2);
  r.mem.write32(dims + 4, 1);
  r.mem.write32(dims + 8, 1);
  r.mem.write32(dims + 16, 3);
  r.mem.write32(dims + 20, 1);
  r.mem.write32(dims + 24, 1);
  const a = r.buffer();
  const c = r.buffer();
  const b = setup(new Pm4Builder('gfx9'), pgm, 0, IDS_RSRC2, [16, 1, 1], [lo(a), hi(a)]).dispatchIndirect({
    addr: dims,
  });
  b.setBase({ base_index: 1, address0: lo(dims), address1: hi(dims) }).setShReg(0x2e40, [lo(c), hi(c)]);
  b.dispatchIndirect({ data_offset: 16 });
  runQueues([r.queue(b)]);
  assert.deepEqual(
    written(r, a, 64),
    range(64, (k) => (k < 32 ? 1 : 0)),
  );
  assert.deepEqual(
    written(r, c, 64),
    range(64, (k) => (k < 48 ? 1 : 0)),
  );
  const nobase = setup(
    new Pm4Builder('gfx9'),
    pgm,
    0,
    IDS_RSRC2,
    [16, 1, 1],
    [lo(a), hi(a)],
  ).dispatchIndirect({ data_offset: 0 });
  assert.throws(
    () => runQueues([r.queue(nobase)]),
    /DISPATCH_INDIRECT: no base address: SET_BASE with base_index 1 must come first$/,
  );
});
