// A worker thread's side of a parallel dispatch (parallel.ts): map the shared memory, decode the program
// (once per program, kept for later dispatches), run workgroups from the shared counter, write the
// outcome. Platform-neutral: the platform's worker entry (cli/worker-entry.ts) only passes jobs in.

import { DeviceMemory } from '../emu/memory.js';
import { Program } from '../emu/program.js';
import { processorOf } from '../isa/processors.js';
import { join, leave, type ParallelJob, participate, writeOutcome } from './parallel.js';

/** Programs decoded by this worker, by the calling thread's number for them (a few recent ones). */
const programs = new Map<number, Program>();
const KEEP = 8;

export function runJob(job: ParallelJob): void {
  const control = new Int32Array(job.control);
  const slot = job.slot ?? 0;
  let joined = false;
  try {
    const mem = DeviceMemory.mapping(job.regions, job.next);
    const p = job.program;
    let program = programs.get(p.id);
    if (program === undefined) {
      program = new Program(mem.download(p.base, p.size), p.base, p.target);
      if (programs.size >= KEEP) programs.delete(programs.keys().next().value as number);
      programs.set(p.id, program);
    }
    const { budget, timeout, ...d } = job.dispatch;
    const outcome = participate(
      mem,
      program,
      { ...job.kernel, processor: processorOf(p.target) },
      { ...d, limits: { budget, timeout, progressInterval: 0 }, messages: [] },
      control,
      new BigInt64Array(job.executed),
      {
        threads: job.threads,
        ready: () => {
          join(control);
          joined = true;
        },
      },
    );
    // A worker that ran no wave (it joined after the others had taken every unit) writes nothing: the
    // calling thread may be reading the results already, having waited only for the joined. (Waves, not
    // workgroups: a split dispatch's worker may run waves of workgroups whose first wave ran elsewhere.)
    if (outcome.stats.waves > 0 || outcome.fault !== undefined) writeOutcome(job.results[slot], outcome);
  } catch (e) {
    // Set-up failed before any workgroup ran here: the other threads run them (not joined: the mapping,
    // the program or the waves), or the failure is reported as the dispatch's (joined).
    if (joined)
      writeOutcome(job.results[slot], {
        stats: { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 },
        fault: { unit: 0, message: `worker thread: ${e instanceof Error ? e.message : String(e)}` },
        messages: [],
      });
  } finally {
    if (joined) leave(control);
  }
}
