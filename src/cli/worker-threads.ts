// Node's worker threads as the runtime's WorkerHost (gpu/parallel.ts): a pool started on first use and
// kept for later dispatches, unreferenced so that it never keeps a process alive. The `gcnkit` command
// and gcnkit/node install it; the browser-safe library has none (every dispatch on the calling thread).

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type ParallelJob, setWorkerHost, type WorkerHost, workerHost } from '../gpu/parallel.js';

class NodeWorkers implements WorkerHost {
  readonly cores = availableParallelism();
  /** The threads that have loaded. */
  private readonly up = new Set<Worker>();
  constructor(private readonly begin: () => Worker) {}
  private readonly pool: Worker[] = [];
  private readonly ready: Promise<void>[] = [];

  get loaded(): number {
    return this.up.size;
  }

  post(n: number, job: ParallelJob): void {
    this.grow(n);
    for (let i = 0; i < n; i++) this.pool[i].postMessage({ ...job, slot: i });
  }

  /** Starts threads until there are `n`; resolves when they have loaded. */
  start(n: number): Promise<void> {
    this.grow(n);
    return Promise.all(this.ready.slice(0, n)).then(() => undefined);
  }

  private grow(n: number): void {
    while (this.pool.length < n) {
      const w = spawn(this.begin);
      this.pool.push(w);
      this.ready.push(
        new Promise((resolve) => {
          w.once('message', () => {
            this.up.add(w);
            resolve();
          });
          // A thread that fails to start never joins a dispatch: the others run its share.
          w.once('error', () => resolve());
        }),
      );
      w.once('exit', () => {
        this.up.delete(w);
        const i = this.pool.indexOf(w);
        if (i >= 0) {
          this.pool.splice(i, 1);
          this.ready.splice(i, 1);
        }
      });
    }
  }
}

/**
 * How to start a worker thread here, or undefined when its module is missing (then there are no worker
 * threads and every dispatch runs on the calling thread).
 */
function entry(): (() => Worker) | undefined {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // From the sources (node --import tsx): Node 20 does not run a worker's entry module through the
    // loader hooks that --import installed, so a CommonJS stub registers tsx's hooks, then imports it.
    const tsx = import.meta.resolve('tsx/esm/api');
    const module = new URL('./worker-entry.ts', here).href;
    const code = `(async () => { (await import(${JSON.stringify(tsx)})).register(); await import(${JSON.stringify(module)}); })()`;
    return () => new Worker(code, { eval: true });
  }
  // A bundle: worker.js (npm run build's dist/) or worker.mjs (the tests' CLI bundle), beside this
  // module or above the chunk it is in.
  const names = ['./worker.js', '../worker.js', './worker.mjs', '../worker.mjs'];
  const url = names.map((n) => new URL(n, here)).find((u) => existsSync(u));
  return url === undefined ? undefined : () => new Worker(url);
}

function spawn(start: () => Worker): Worker {
  const w = start();
  w.unref();
  w.on('error', () => {});
  return w;
}

/**
 * Lets dispatches run their workgroups on worker threads (LaunchOptions.workers, default: the number of
 * cores). Idempotent.
 */
export function useWorkerThreads(): void {
  if (workerHost() instanceof NodeWorkers) return;
  const begin = entry();
  if (begin !== undefined) setWorkerHost(new NodeWorkers(begin));
}

/**
 * Starts `n` worker threads ahead of the first parallel dispatch and waits until they are ready (a
 * thread takes a fraction of a second to load the emulator; a dispatch does not wait for one that is
 * still loading, but it runs on fewer threads). Installs the threads if needed.
 */
export function startWorkerThreads(n = availableParallelism() - 1): Promise<void> {
  useWorkerThreads();
  const h = workerHost();
  return h instanceof NodeWorkers ? h.start(n) : Promise.resolve();
}
