// bench/emu-workers.ts's load thread: keeps one core busy with the same kernel, launched on one thread
// in a Device of its own, while the main thread times its one-thread launch. What that launch then
// takes, against what it takes alone, is what this machine gives a second thread running the same code
// (shared caches, a shared physical core, clocks), whatever gcnkit does: the ceiling of the N-thread
// speed-up. Protocol on `state` (Int32Array over a SharedArrayBuffer): the thread adds 1 to state[0]
// once it has launched the kernel once (decoded and compiled), launches until state[1] is not 0, then
// posts 'stopped'.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { Device } from '../../src/runtime/device.js';
import { CASES } from './cases.js';

const { name, smoke, state } = workerData as { name: string; smoke: boolean; state: Int32Array };
const c = CASES.find((k) => k.name === name);
if (c === undefined) throw new Error(`no bench case named ${name}`);
const inst = c.make(smoke);
const dev = new Device();
const mod = dev.load(
  readFileSync(join(import.meta.dirname, '..', 'kernels', 'bin', `${c.kernel}-gfx908-O3.hsaco`)),
);
const args = inst.args(
  inst.outputs.map((d) => dev.upload(d)),
  (inst.device ?? inst.inputs).map((d) => dev.upload(d)),
);
const launch = () => mod.launch(c.kernel, { grid: inst.grid, block: inst.block, args, workers: 1 });
launch();
Atomics.add(state, 0, 1);
Atomics.notify(state, 0);
while (Atomics.load(state, 1) === 0) launch();
parentPort?.postMessage('stopped');
