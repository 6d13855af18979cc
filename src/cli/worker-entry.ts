// The entry module of gcnkit's worker threads (cli/worker-threads.ts): each job is a share of one
// dispatch's workgroups (gpu/parallel-worker.ts). Kept small: the emulator is what it loads.
import { parentPort } from 'node:worker_threads';
import type { ParallelJob } from '../gpu/parallel.js';
import { runJob } from '../gpu/parallel-worker.js';

parentPort?.on('message', (job: ParallelJob) => runJob(job));
parentPort?.postMessage('ready');
