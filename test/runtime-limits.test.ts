// Long runs through the API: the wall-clock timeout, progress reports, and the watchdog report of a
// dispatch stopped by its budget or timeout (the waves still running and the pc range of their last slice).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Device, DispatchError } from '../src/runtime/device.js';
import type { LaunchProgress } from '../src/runtime/types.js';
import { kernelObject } from './helpers/kernel-asm.js';
import { launchError } from './helpers/launch-error.js';

// Wave 0 of each workgroup (work-items 0-63) spins; the other waves wait at the barrier for it.
const HANG = `
  v_cmp_gt_u32 vcc, 64, v0
  s_cbranch_vccz .Lbar
.Lloop:
  s_add_u32 s5, s5, 1
  s_branch .Lloop
.Lbar:
  s_barrier`;
const SPIN = '.Lloop:\n  s_add_u32 s5, s5, 1\n  s_branch .Lloop';

function stopped(fn: () => unknown): DispatchError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof DispatchError, String(e));
    return e;
  }
  assert.fail('no error');
}

test('a dispatch stopped by its budget names the running waves, their pc ranges and the workgroups left', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('hang', HANG));
  const entry = mod.base + mod.kernel('hang').codeAddress;
  const e = stopped(() => mod.launch('hang', { grid: [384], block: [128], args: [], budget: 10000 }));
  assert.equal(e.kind, 'budget');
  // Wave 0 loops over .Lloop (entry+8 .. entry+12); wave 1 ran from the entry to the barrier.
  assert.deepEqual(e.running, [
    { workgroup: [0, 0, 0], wave: 0, pcLow: entry + 8, pcHigh: entry + 12, atBarrier: false },
    { workgroup: [0, 0, 0], wave: 1, pcLow: entry, pcHigh: entry + 16, atBarrier: true },
  ]);
  const hex = (n: number) => `0x${n.toString(16)}`;
  // Before: "... is exhausted (workgroup (0,0,0), wave 0, pc 0x...); raise it with --budget".
  assert.equal(
    e.message.replace(/\(in [\d.]+ s\)/, '(in T s)'),
    "kernel 'hang' stopped: the instruction budget of 10000 wave-instructions is exhausted (in T s); still running: " +
      `workgroup (0,0,0) wave 0 at pc ${hex(entry + 8)}-${hex(entry + 12)}, ` +
      `workgroup (0,0,0) wave 1 at pc ${hex(entry)}-${hex(entry + 16)} (waiting at s_barrier); 2 workgroup(s) not started`,
  );
});

test('the report names the first running waves and counts the rest', () => {
  const mod = new Device().load(kernelObject('spin', SPIN));
  const e = stopped(() => mod.launch('spin', { grid: [1024], block: [1024], args: [], budget: 100000 }));
  assert.equal(e.running.length, 16);
  assert.match(e.message, /wave 3 at pc 0x[0-9a-f]+-0x[0-9a-f]+, and 12 more; 0 workgroup\(s\) not started$/);
});

test('the timeout stops an endless loop in wall-clock time with the same report', () => {
  const mod = new Device().load(kernelObject('spin', SPIN));
  const t0 = performance.now();
  // Before: no timeout; the default budget of 1e9 took minutes to stop it.
  // A budget the timeout comes first under (the translating engine spins at ~1e9 instructions/s).
  const e = stopped(() =>
    mod.launch('spin', { grid: [64], block: [64], args: [], timeout: 0.2, budget: 1e13 }),
  );
  const seconds = (performance.now() - t0) / 1000;
  assert.equal(e.kind, 'timeout');
  assert.ok(seconds >= 0.2 && seconds < 5, `stopped after ${seconds} s`);
  assert.match(
    e.message,
    /^kernel 'spin' stopped: the timeout of 0\.2 s passed \(\d+ wave-instructions executed\); still running: workgroup \(0,0,0\) wave 0 at pc 0x[0-9a-f]+-0x[0-9a-f]+; 0 workgroup\(s\) not started$/,
  );
  assert.equal(e.running.length, 1);
});

test('onProgress is called at most every progressInterval seconds with the dispatch totals', () => {
  const mod = new Device().load(kernelObject('spin', SPIN));
  const seen: LaunchProgress[] = [];
  // Partial workgroups on both axes: 64x2 and 36x2 items (2 waves each), 64x1 and 36x1 (1 wave each).
  stopped(() =>
    mod.launch('spin', {
      grid: [100, 3],
      block: [64, 2],
      args: [],
      timeout: 0.5,
      budget: 1e13,
      progressInterval: 0.1,
      onProgress: (p) => seen.push(p),
    }),
  );
  assert.ok(seen.length >= 2 && seen.length <= 5, `${seen.length} reports`);
  for (const [i, p] of seen.entries()) {
    assert.equal(p.wavesTotal, 6);
    assert.equal(p.workgroupsTotal, 4);
    assert.equal(p.wavesDone, 0);
    assert.ok(p.seconds >= 0.1 * (i + 1) - 0.01, `report ${i} at ${p.seconds} s`);
    if (i > 0) {
      assert.ok(p.seconds - seen[i - 1].seconds >= 0.1, 'spaced by the interval');
      assert.ok(p.waveInstructions > seen[i - 1].waveInstructions);
    }
  }
  // A short dispatch finishes before the first report is due (an interval far longer than the
  // dispatch takes even on a loaded machine: no report at its start).
  const quiet: LaunchProgress[] = [];
  const short = new Device().load(kernelObject('k', '  s_nop 0'));
  short.launch('k', {
    grid: [4096],
    block: [64],
    args: [],
    progressInterval: 5,
    onProgress: (p) => quiet.push(p),
  });
  assert.deepEqual(quiet, []);
});

test('progress counts finished waves and workgroups as the dispatch goes', () => {
  const loop =
    '  s_mov_b32 s6, 3000\n.Lloop:\n  s_sub_u32 s6, s6, 1\n  s_cmp_lg_u32 s6, 0\n  s_cbranch_scc1 .Lloop';
  const mod = new Device().load(kernelObject('loop', loop));
  const seen: LaunchProgress[] = [];
  const r = mod.launch('loop', {
    grid: [512],
    block: [64],
    args: [],
    progressInterval: 0,
    onProgress: (p) => seen.push(p),
  });
  assert.ok(seen.length >= 10, `${seen.length} reports`);
  for (let i = 1; i < seen.length; i++) {
    assert.ok(seen[i].wavesDone >= seen[i - 1].wavesDone);
    assert.ok(seen[i].workgroupsDone >= seen[i - 1].workgroupsDone);
  }
  const last = seen[seen.length - 1];
  assert.ok(
    last.wavesDone >= 6 && last.wavesDone < 8 && last.workgroupsDone === last.wavesDone,
    JSON.stringify(last),
  );
  assert.ok(last.waveInstructions < r.waveInstructions);
});

test('budget is any positive integer (1.5e6 too); timeout and progressInterval are seconds', () => {
  const mod = new Device().load(kernelObject('k', '  s_nop 0'));
  const run = (o: object) => mod.launch('k', { grid: [64], block: [64], args: [], ...o });
  assert.equal(run({ budget: 1.5e6 }).waveInstructions, 2);
  launchError(() => run({ budget: 0.5 }), 'argument');
  launchError(() => run({ budget: 2 ** 53 }), 'argument');
  launchError(() => run({ timeout: -1 }), 'argument');
  launchError(() => run({ progressInterval: Number.NaN }), 'argument');
  launchError(() => run({ onProgress: 5 }), 'argument');
});
