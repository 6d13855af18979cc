// Parallel workgroups on a warm device (issue 13 item 3): each kernel of `npm run bench:emu` loaded once,
// then launched alternately on 1 thread and on N (LaunchOptions.workers), so that every launch after
// the first finds its program decoded and compiled on every thread, as a long-running user's would. Per
// kernel: the best wall and CPU (all threads) time of each, their ratios, and the load average.
// `bench:emu --workers=N` measures the other case, a fresh device for each launch.
//
// The machine's own ceiling is measured in the same run: the one-thread launch is timed again while N-1
// other threads (bench/emu/busy-worker.ts) run the same kernel, each on a Device of its own. N threads
// each running 1/N of the work at that busy pace would take (that time)/N, so N x (alone)/(busy) is the
// speed-up this machine allows; the table gives both and their ratio. Wall time only: the process's CPU
// time would count the load threads too.
//
// Each kernel's outputs on N threads are first checked against its TypeScript reference (a launch on
// fresh output buffers); a difference fails the run.
//
// Usage: node --import tsx bench/emu-workers.ts [--workers=N] [--repeat=N] [--only=NAME,...] [--smoke]
//   --smoke (npm run bench:smoke): the bench's smoke sizes, one timed round; figures not to be quoted.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startWorkerThreads } from '../src/cli/worker-threads.js';
import { Device } from '../src/runtime/device.js';
import type { Data } from './emu/case.js';
import { CASES } from './emu/cases.js';
import { firstDifference } from './emu/run.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const workers = Number(option('workers') ?? 2);
const smoke = process.argv.includes('--smoke');
const repeat = smoke ? 1 : Number(option('repeat') ?? 3);
const only = option('only')?.split(',');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

await startWorkerThreads(workers - 1);
console.log(
  `1 thread vs ${workers}, warm device, best of ${repeat} after one launch each; load average ${load()}`,
);
console.log('');
console.log(
  '| kernel | wall s, 1 | wall s, N | speed-up (wall) | CPU s, 1 | CPU s, N (all threads) | CPU N / CPU 1 | wall s, 1, N-1 cores busy | ceiling | speed-up / ceiling |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const c of CASES) {
  if (only !== undefined && !only.includes(c.kernel)) continue;
  const inst = c.make(smoke);
  const dev = new Device();
  const mod = dev.load(
    readFileSync(join(import.meta.dirname, 'kernels', 'bin', `${c.kernel}-gfx908-O3.hsaco`)),
  );
  const inputs = (inst.device ?? inst.inputs).map((d) => dev.upload(d));
  const fresh = inst.outputs.map((d) => dev.upload(d));
  mod.launch(c.kernel, { grid: inst.grid, block: inst.block, args: inst.args(fresh, inputs), workers });
  const got = fresh.map((b, i) => dev.download(b, inst.outputs[i].constructor as never) as Data);
  const diff = firstDifference(got, inst.reference(), 'the reference');
  if (diff !== '') {
    console.error(`${c.name} on ${workers} threads: ${diff}`);
    process.exit(1);
  }
  const args = inst.args(
    inst.outputs.map((d) => dev.upload(d)),
    (inst.device ?? inst.inputs).map((d) => dev.upload(d)),
  );
  const best = { wall: [Infinity, Infinity], cpu: [Infinity, Infinity] };
  for (let r = 0; r <= repeat; r++)
    for (const [i, w] of [1, workers].entries()) {
      const cpu = process.cpuUsage();
      const t = performance.now();
      mod.launch(c.kernel, { grid: inst.grid, block: inst.block, args, workers: w });
      const used = process.cpuUsage(cpu);
      // The first round decodes and compiles (on each thread): not counted.
      if (r === 0) continue;
      best.wall[i] = Math.min(best.wall[i], (performance.now() - t) / 1000);
      best.cpu[i] = Math.min(best.cpu[i], (used.user + used.system) / 1e6);
    }
  const busy = await timedBesideLoad(c.name, () =>
    mod.launch(c.kernel, { grid: inst.grid, block: inst.block, args, workers: 1 }),
  );
  const f = (x: number) => x.toFixed(3);
  const speedUp = best.wall[0] / best.wall[1];
  const ceiling = (workers * best.wall[0]) / busy;
  console.log(
    `| ${c.name} | ${f(best.wall[0])} | ${f(best.wall[1])} | ${speedUp.toFixed(2)}x | ${f(best.cpu[0])} | ${f(best.cpu[1])} | ${(best.cpu[1] / best.cpu[0]).toFixed(2)}x | ${f(busy)} | ${ceiling.toFixed(2)}x | ${(speedUp / ceiling).toFixed(2)} |`,
  );
}
console.log('');
console.log(`load average at the end ${load()}`);

/** The best wall time of `repeat` calls of `launch` while N-1 load threads run the same kernel. */
async function timedBesideLoad(name: string, launch: () => void): Promise<number> {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const threads = Array.from({ length: workers - 1 }, () => loadThread(name, state));
  const stopped = threads.map((w) => new Promise((resolve) => w.once('message', resolve)));
  const failed = threads.map(
    (w) =>
      new Promise<never>((_, reject) =>
        w.once('error', (e) => reject(new Error(`load thread: ${e.message}`))),
      ),
  );
  for (let n = Atomics.load(state, 0); n < threads.length; n = Atomics.load(state, 0)) {
    // Waits without blocking the event loop for long, so that a load thread's error is seen.
    Atomics.wait(state, 0, n, 50);
    await Promise.race([new Promise((r) => setImmediate(r)), ...failed]);
  }
  let best = Infinity;
  for (let r = 0; r < repeat; r++) {
    const t = performance.now();
    launch();
    best = Math.min(best, (performance.now() - t) / 1000);
  }
  Atomics.store(state, 1, 1);
  await Promise.race([Promise.all(stopped), ...failed]);
  await Promise.all(threads.map((w) => w.terminate()));
  return best;
}

/** A bench/emu/busy-worker.ts thread; through tsx's hooks, as worker-threads.ts starts the emulator's. */
function loadThread(name: string, state: Int32Array): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const module = new URL('./emu/busy-worker.ts', import.meta.url).href;
  const code = `(async () => { (await import(${JSON.stringify(tsx)})).register(); await import(${JSON.stringify(module)}); })()`;
  return new Worker(code, { eval: true, workerData: { name, smoke, state } });
}
