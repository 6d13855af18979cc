// A worker joins a parallel dispatch (gpu/parallel.ts participate's `ready`) only once its waves are set
// up: a worker still setting up when the other threads run out of workgroups has taken none, so nobody
// waits for it; and one that fails to set up has not joined, so it leaves the shared cells (the lowest
// fault above all) to the threads that run the workgroups.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import type { DispatchSetup, KernelSetup } from '../src/gpu/dispatch.js';
import { DispatchError } from '../src/gpu/dispatch-error.js';
import {
  type ParallelJob,
  participate,
  runParallel,
  setWorkerHost,
  workerHost,
} from '../src/gpu/parallel.js';
import { processorOf } from '../src/isa/processors.js';
import { assembleText } from './helpers/jit-diff.js';

const NEXT = 0;
const FAULT = 2;
const NO_FAULT = 0x7fffffff;

function dispatch(groupSize: number) {
  const code = assembleText('v_mov_b32 v1, v0\ns_endpgm', 'gfx900');
  const mem = new DeviceMemory();
  const base = mem.alloc(code.length, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, 'gfx900');
  const k: KernelSetup = {
    name: 'k',
    entry: base,
    registers: {
      userData: [],
      userSgprs: 0,
      tgid: [true, false, false],
      tgSize: false,
      scratch: false,
      tidigCompCnt: 0,
      vgprGranules: 1,
      mode: 0x3f0,
      waveScratchBytes: 0,
      scratchWaves: 0,
    },
    processor: processorOf('gfx900'),
    privateSize: 0,
    groupSize,
  };
  const d: DispatchSetup = {
    grid: [64 * 8, 1, 1],
    block: [64, 1, 1],
    dims: 1,
    kernarg: 0,
    packet: 0,
    queue: 0,
    dispatchId: 0,
    limits: { budget: 1e6, timeout: 0, progressInterval: 0 },
  };
  const control = new Int32Array(new SharedArrayBuffer(20));
  control[FAULT] = NO_FAULT;
  const executed = new BigInt64Array(new SharedArrayBuffer(8));
  return { mem, program, k, d, control, executed };
}

test('a joining thread is ready before it takes a workgroup, then runs them all when alone', () => {
  const { mem, program, k, d, control, executed } = dispatch(0);
  const taken: number[] = [];
  const out = participate(mem, program, k, d, control, executed, {
    threads: 2,
    ready: () => taken.push(control[NEXT]),
  });
  assert.deepEqual(taken, [0]);
  assert.equal(out.fault, undefined);
  assert.equal(out.stats.workgroups, 8);
  assert.equal(out.stats.waves, 8);
});

test('a worker that fails to set up has not joined: it throws and leaves the shared cells alone', () => {
  const { mem, program, k, d, control, executed } = dispatch(1 << 20);
  let ready = 0;
  assert.throws(
    () => participate(mem, program, k, d, control, executed, { threads: 2, ready: () => ready++ }),
    (e: unknown) => e instanceof DispatchError && /bytes of LDS/.test(e.message),
  );
  assert.equal(ready, 0);
  assert.equal(control[NEXT], 0);
  assert.equal(control[FAULT], NO_FAULT);
  // The calling thread's own set-up failure is the dispatch's: workgroup 0's fault.
  const out = participate(mem, program, k, d, control, executed, { threads: 2 });
  assert.match(out.fault?.message ?? '', /bytes of LDS/);
  assert.equal(control[FAULT], 0);
});

test('a job posted later: once, between workgroups, when the calling thread has run the given wave-instructions', () => {
  const { mem, program, k, d, control, executed } = dispatch(0);
  const posted: number[] = [];
  const post = () => posted.push(control[NEXT]);
  // Each workgroup is one wave of 2 instructions: the job goes out before the fourth workgroup runs
  // (NEXT counts the runs taken, one workgroup each: 8 workgroups / (4 x 2 threads)).
  participate(mem, program, k, d, control, executed, {
    threads: 2,
    later: { ready: (_, s) => s.waveInstructions >= 6, post },
  });
  assert.deepEqual(posted, [4]);
  const again = dispatch(0);
  participate(again.mem, again.program, again.k, again.d, again.control, again.executed, {
    threads: 2,
    later: { ready: (_, s) => s.waveInstructions >= 17, post },
  });
  assert.deepEqual(posted, [4], 'a dispatch of 16 wave-instructions posts nothing after 17');
  // By units run (a sample of the atomics): before the sixth, whatever the instructions.
  const units = dispatch(0);
  participate(units.mem, units.program, units.k, units.d, units.control, units.executed, {
    threads: 2,
    later: { ready: (ran) => ran >= 5, post: () => posted.push(units.control[NEXT]) },
  });
  assert.deepEqual(posted, [4, 6]);
});

test('loaded worker threads get the job before the calling thread takes a workgroup', () => {
  const jobs: number[] = [];
  const saved = workerHost();
  // A host whose threads never join: the calling thread runs every workgroup.
  setWorkerHost({
    cores: 2,
    loaded: 1,
    post: (n: number, job: ParallelJob) => jobs.push(n, new Int32Array(job.control)[NEXT], job.threads),
  });
  try {
    const { mem, program, k, d } = dispatch(0);
    const stats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
    runParallel(workerHost() as never, 1, mem, program, k, d, stats);
    assert.deepEqual(jobs, [1, 0, 2]);
    assert.equal(stats.workgroups, 8);
  } finally {
    setWorkerHost(saved);
  }
});
