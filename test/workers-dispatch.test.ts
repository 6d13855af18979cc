// Parallel workgroups (LaunchOptions.workers, gpu/parallel.ts): the bench kernels, a kernel of gfx908
// float atomics in assembly, and faults give the same outputs, counts and errors on 2 threads as on 1.
// Worker threads are started before the tests, so that each dispatch is really split.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { CASES } from '../bench/emu/cases.js';
import { startWorkerThreads } from '../src/cli/worker-threads.js';
import { wavesBefore } from '../src/gpu/dispatch.js';
import { takeCount } from '../src/gpu/parallel.js';
import { Device } from '../src/runtime/device.js';
import type { KernelArg, LaunchResult } from '../src/runtime/types.js';
import { cliIn } from './helpers/cli.js';
import { kernelObject } from './helpers/kernel-asm.js';

before(() => startWorkerThreads(1));

/** The counts of a launch (what must not depend on the split). */
const counts = (r: LaunchResult) => [r.workgroups, r.waves, r.waveInstructions, r.laneInstructions];

/** Loads `code` on a fresh device, uploads `inputs`, launches, returns the counts and every buffer's bytes. */
function launch(
  code: Uint8Array,
  kernel: string,
  grid: number[],
  block: number[],
  buffers: ArrayBufferView[],
  args: (bufs: KernelArg[]) => KernelArg[],
  workers: number,
): { counts: number[]; buffers: string[] } {
  const dev = new Device();
  const mod = dev.load(code, kernel);
  const bufs = buffers.map((b) => dev.upload(b));
  const r = mod.launch(kernel, { grid, block, args: args(bufs), workers });
  return { counts: counts(r), buffers: bufs.map((b) => Buffer.from(dev.read(b)).toString('base64')) };
}

for (const c of CASES)
  test(`bench kernel ${c.kernel} (smoke size): 2 workers = 1 worker, outputs and counts`, () => {
    const inst = c.make(true);
    const code = new Uint8Array(
      readFileSync(join(import.meta.dirname, '../bench/kernels/bin', `${c.kernel}-gfx908-O3.hsaco`)),
    );
    const buffers = [...inst.outputs, ...(inst.device ?? inst.inputs)];
    const nOut = inst.outputs.length;
    const run = (workers: number) =>
      launch(
        code,
        c.kernel,
        [...inst.grid],
        [...inst.block],
        buffers,
        (b) => inst.args(b.slice(0, nOut) as never, b.slice(nOut) as never),
        workers,
      );
    const one = run(1);
    // n-body's smoke size is one workgroup of 2 waves, which share nothing: its waves are split.
    if (c.kernel !== 'nbody') assert.ok(one.counts[0] > 1, 'more than one workgroup, or nothing is split');
    else assert.deepEqual(one.counts.slice(0, 2), [1, 2]);
    assert.deepEqual(run(2), one);
    assert.deepEqual(run(3), one);
  });

/**
 * Every work-item adds its f32 to one of 4 bins with global_atomic_add_f32 and its two f16 to one of 4
 * packed bins with global_atomic_pk_add_f16 (gfx908, no returning form): the values are multiples of
 * 1/4 small enough that every order of additions is exact, so the sums are the same however the
 * workgroups interleave.
 */
const FLOAT_ATOMICS = kernelObject(
  'fadd',
  `  s_load_dwordx4 s[8:11], s[0:1], 0x0
  s_load_dwordx2 s[12:13], s[0:1], 0x10
  s_waitcnt lgkmcnt(0)
  v_lshl_add_u32 v1, s2, 6, v0
  v_lshlrev_b32 v2, 2, v1
  global_load_dword v3, v2, s[10:11]
  global_load_dword v5, v2, s[12:13]
  v_and_b32 v4, 3, v1
  v_lshlrev_b32 v4, 2, v4
  s_waitcnt vmcnt(0)
  global_atomic_add_f32 v4, v3, s[8:9]
  global_atomic_pk_add_f16 v4, v5, s[8:9] offset:16
  s_waitcnt vmcnt(0)`,
  { args: ['ptr', 'ptr', 'ptr'], kd: '  .amdhsa_system_sgpr_workgroup_id_x 1' },
);

test('gfx908 float atomics (global_atomic_add_f32, pk_add_f16): 2 workers = 1 worker = the exact sums', () => {
  const n = 64 * 64;
  const f = Float32Array.from({ length: n }, (_, i) => (((i * 7) % 9) - 4) * 0.25);
  // f16 patterns of (k - 2) / 4 for k in 0..4: -0.5, -0.25, 0, 0.25, 0.5.
  const F16 = [0xb800, 0xb400, 0x0000, 0x3400, 0x3800];
  const h = Uint32Array.from({ length: n }, (_, i) => F16[i % 5] | (F16[(i * 3) % 5] << 16));
  const bins = new Uint32Array(8);
  const run = (workers: number) => launch(FLOAT_ATOMICS, 'fadd', [n], [64], [bins, f, h], (b) => b, workers);
  const one = run(1);
  const two = run(2);
  assert.deepEqual(two, one);
  const bytes = Buffer.from(one.buffers[0], 'base64');
  const got = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let b = 0; b < 4; b++) {
    let sum = 0;
    for (let i = b; i < n; i += 4) sum += f[i];
    assert.equal(got.getFloat32(4 * b, true), sum, `f32 bin ${b}`);
  }
});

/**
 * Two workgroups meet through memory: workgroup 1 stores 1 to word 0; workgroup 0 polls word 0 (up to
 * the argument's number of times, on the interpreter: a fresh load each time) and stores in word 1 the polls left when it
 * saw it, 0 if never. On one thread workgroup 0 runs first, alone, and never sees it; on two, the worker
 * thread runs workgroup 1 while the calling thread polls, if (and only if) the job reached the worker
 * (a job the worker never took leaves 0 after 2^20 polls, about 7M instructions). How soon it starts is the
 * benchmarks' to show: a missed wake-up only delays the job by the worker's hold (cli/worker-entry.ts).
 */
const MEET = kernelObject(
  'meet',
  `  s_load_dwordx2 s[8:9], s[0:1], 0x0
  s_load_dword s10, s[0:1], 0x8
  v_mov_b32 v1, 0
  v_mov_b32 v2, 1
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 .Lpoll
  global_store_dword v1, v2, s[8:9]
  s_endpgm
.Lpoll:
.Lloop:
  global_load_dword v3, v1, s[8:9] glc
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s11, v3
  s_cmp_eq_u32 s11, 0
  s_cbranch_scc0 .Lseen
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lloop
.Lseen:
  v_mov_b32 v3, s10
  global_store_dword v1, v3, s[8:9] offset:4`,
  { args: ['ptr', 4], typeNames: ['', 'uint'], kd: '  .amdhsa_system_sgpr_workgroup_id_x 1' },
);

test('2 workers: the worker thread takes its share of every dispatch (a workgroup that waits for another sees it run)', () => {
  const polls = (workers: number, most: number) => {
    const dev = new Device();
    const mod = dev.load(MEET, 'meet');
    const flag = dev.upload(new Uint32Array(2));
    mod.launch('meet', { grid: [128], block: [64], args: [flag, most], workers, engine: 'interpreter' });
    return new Uint32Array(dev.read(flag).slice().buffer)[1];
  };
  assert.equal(polls(1, 4096), 0, 'one thread: workgroup 0 polls alone and never sees the store');
  // Every dispatch, not only the first: the worker is woken again after each job.
  for (let i = 0; i < 5; i++)
    assert.ok(polls(2, 0x100000) > 0, `dispatch ${i} on 2 threads: the worker ran nothing`);
});

/**
 * A kernel whose waves read an unmapped address after a loop long enough (60k instructions) for both
 * threads to be running by then, unless `skip` (instructions setting SCC) sets SCC.
 */
function lateFault(name: string, skip: string, kd?: string): Uint8Array {
  return kernelObject(
    name,
    `${skip}
  s_cbranch_scc1 .Lok
  s_mov_b32 s10, 20000
.Lloop:
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lloop
  v_mov_b32 v1, 0
  v_mov_b32 v2, 0
  global_load_dword v3, v[1:2], off
  s_waitcnt vmcnt(0)
.Lok:`,
    kd === undefined ? {} : { kd },
  );
}

/** The dispatch's error as `kind: message`, or 'no error'. */
function faultOf(code: Uint8Array, name: string, grid: number, block: number, workers: number): string {
  const mod = new Device().load(code, name);
  try {
    mod.launch(name, { grid: [grid], block: [block], args: [], workers });
  } catch (e) {
    return `${(e as { kind?: string }).kind}: ${(e as Error).message}`;
  }
  return 'no error';
}

/** Workgroups from 5 on fault. */
const FAULTING = lateFault('late_fault', '  s_cmp_lt_u32 s2, 5', '  .amdhsa_system_sgpr_workgroup_id_x 1');

test('a fault: the lowest-numbered faulting workgroup is reported, as with 1 worker, whichever thread ran it', () => {
  const one = faultOf(FAULTING, 'late_fault', 64 * 64, 64, 1);
  assert.match(one, /^fault: kernel 'late_fault' workgroup \(5,0,0\) wave 0 lane 0: memory fault at pc/);
  for (let i = 0; i < 5; i++) assert.equal(faultOf(FAULTING, 'late_fault', 64 * 64, 64, 2), one);
});

/** Waves 2 and 3 of the one workgroup fault. */
const WAVE_FAULT = lateFault('wave_fault', '  v_readfirstlane_b32 s4, v0\n  s_cmp_lt_u32 s4, 128');

test("a fault in a split workgroup (waves that share nothing): the lowest-numbered wave's, as with 1 worker", () => {
  const one = faultOf(WAVE_FAULT, 'wave_fault', 256, 256, 1);
  assert.match(one, /^fault: kernel 'wave_fault' workgroup \(0,0,0\) wave 2 lane 0: memory fault at pc/);
  for (let i = 0; i < 3; i++) assert.equal(faultOf(WAVE_FAULT, 'wave_fault', 256, 256, 2), one);
});

test('takeCount: a quarter of an even share of the workgroups left, at most 64, at least 1', () => {
  assert.equal(takeCount(4096, 2), 64);
  assert.equal(takeCount(400, 2), 50);
  assert.equal(takeCount(400, 4), 25);
  assert.equal(takeCount(15, 2), 1);
  assert.equal(takeCount(1, 2), 1);
  assert.equal(takeCount(0, 3), 1);
  // Two threads taking turns finish the last runs within one workgroup of each other.
  let left = 1000;
  let takes = 0;
  while (left > 0) {
    const n = Math.min(takeCount(left, 2), left);
    assert.ok(n <= Math.max(1, left / 8));
    left -= n;
    takes++;
  }
  assert.ok(takes < 1000 / 4, `${takes} takes`);
});

test("wavesBefore: the flat index of a workgroup's first wave, for full and partial workgroups", () => {
  for (const [grid, block] of [
    [
      [100, 7, 3],
      [16, 4, 2],
    ],
    [
      [64, 64, 1],
      [8, 8, 1],
    ],
    [
      [1000, 1, 1],
      [96, 1, 1],
    ],
    [
      [5, 9, 13],
      [4, 4, 4],
    ],
  ]) {
    const n = grid.map((g, a) => Math.ceil(g / block[a]));
    let waves = 0;
    for (let z = 0; z < n[2]; z++)
      for (let y = 0; y < n[1]; y++)
        for (let x = 0; x < n[0]; x++) {
          assert.equal(wavesBefore(grid, block, x, y, z), waves, `${grid} / ${block} at (${x},${y},${z})`);
          const size = [x, y, z].map((i, a) => Math.min(block[a], grid[a] - i * block[a]));
          waves += Math.ceil((size[0] * size[1] * size[2]) / 64);
        }
  }
});

/**
 * Each workgroup's wave takes an ordered count (ds_ordered_count: state shared by the whole dispatch)
 * after a loop long enough for a second thread to take workgroups, were the dispatch split.
 */
const ORDERED = kernelObject(
  'ordered',
  `  s_load_dwordx2 s[4:5], s[0:1], 0x0
  s_mov_b32 s10, 20000
.Lspin:
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lspin
  s_waitcnt lgkmcnt(0)
  ds_ordered_count v5, v0 offset:772 gds
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v6, s2
  v_lshlrev_b32 v6, 2, v6
  global_store_dword v6, v5, s[4:5]`,
  { args: ['ptr'], kd: '  .amdhsa_system_sgpr_workgroup_id_x 1' },
);

test('ds_ordered_count across workgroups: the dispatch runs on one thread, so workers = 2 counts as 1 does', () => {
  const out = new Uint32Array(16);
  const run = (workers: number) => launch(ORDERED, 'ordered', [16 * 64], [64], [out], (b) => b, workers);
  const one = run(1);
  assert.deepEqual(run(2), one);
  const bytes = Buffer.from(one.buffers[0], 'base64');
  const got = new Uint32Array(bytes.buffer, bytes.byteOffset, 16);
  assert.deepEqual(
    [...got],
    Array.from({ length: 16 }, (_, i) => 64 * i),
  );
});

/** Two waves a workgroup each send MSG_INTERRUPT with M0 = workgroup id * 2 + wave, twice, around a loop. */
const MESSAGES = kernelObject(
  'messages',
  `  v_readfirstlane_b32 s4, v0
  s_lshr_b32 s4, s4, 6
  s_lshl_b32 s5, s2, 1
  s_add_u32 m0, s5, s4
  s_sendmsg sendmsg(MSG_INTERRUPT)
  s_mov_b32 s10, 5000
.Lspin:
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lspin
  s_sendmsg sendmsg(MSG_INTERRUPT)`,
  { kd: '  .amdhsa_system_sgpr_workgroup_id_x 1' },
);

test('s_sendmsg messages: the same list, in the same order, on 2 workers as on 1', () => {
  const run = (workers: number) => {
    const dev = new Device();
    const mod = dev.load(MESSAGES, 'messages');
    return mod.launch('messages', { grid: [32 * 128], block: [128], args: [], workers }).messages;
  };
  const one = run(1);
  assert.equal(one?.length, 32 * 2 * 2);
  assert.deepEqual(run(2), one);
});

test("the budget is the whole dispatch's on 2 workers: a kernel past it stops with a budget report", () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('forever', '.Lforever:\n  s_branch .Lforever'), 'forever');
  assert.throws(
    () => mod.launch('forever', { grid: [64 * 64], block: [64], args: [], workers: 2, budget: 200_000 }),
    (e: Error & { kind?: string }) =>
      e.kind === 'budget' && /instruction budget of 200000 wave-instructions is exhausted/.test(e.message),
  );
});

test('gcnkit run --workers N: the same report as --workers 1; --workers 0 is a usage error', (t) => {
  // A copy of the example, since the run writes its output file beside the spec.
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-workers-'));
  const example = join(import.meta.dirname, '../examples/vadd');
  for (const f of ['vadd-gfx908.hsaco', 'spec.json', 'a.bin', 'b.bin'])
    copyFileSync(join(example, f), join(dir, f));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...flags: string[]) =>
    cliIn(dir, 'run', 'vadd-gfx908.hsaco', 'spec.json', '--json', '--show=2:f32:8', ...flags);
  const one = run('--workers', '1');
  assert.equal(one.status, 0, one.stderr);
  const strip = (r: { stdout: string }) => {
    const doc = JSON.parse(r.stdout);
    for (const l of doc.launches ?? []) delete l.seconds;
    delete doc.seconds;
    return JSON.stringify(doc).replace(/"seconds":[0-9.e-]+/g, '');
  };
  const two = run('--workers=2');
  assert.equal(two.status, 0, two.stderr);
  assert.equal(strip(two), strip(one));
  const bad = run('--workers=0');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--workers: '0' is not a positive whole number/);
});
