// The dispatch's limits, watched between scheduling slices: the instruction budget, the wall-clock
// timeout and progress reports. The clock is read only every LOOK_EVERY wave-instructions, not per slice
// (barrier-heavy kernels run slices of a few instructions), and nothing here runs per instruction. When a
// limit stops the dispatch, the report names the waves still running and the pc range each executed in
// its most recent slice: for a hang, that is the loop it is stuck in.

import type { Wave } from '../emu/wave.js';
import { DispatchError, type WaveState } from './dispatch-error.js';

export interface DispatchLimits {
  /** Wave-instructions the dispatch may execute (a positive safe integer). */
  readonly budget: number;
  /** Wall-clock seconds the dispatch may run; 0: no limit. */
  readonly timeout: number;
  readonly onProgress?: (p: DispatchProgress) => void;
  /** Seconds between two onProgress calls. */
  readonly progressInterval: number;
}

/** How far a running dispatch is (the runtime's LaunchProgress). */
export interface DispatchProgress {
  readonly wavesDone: number;
  readonly wavesTotal: number;
  readonly workgroupsDone: number;
  readonly workgroupsTotal: number;
  /** Instructions executed so far, counted once per wave. */
  readonly waveInstructions: number;
  /** Wall-clock seconds since the dispatch started. */
  readonly seconds: number;
}

/** Wave-instructions between two readings of the clock (about a millisecond of emulation). */
const LOOK_EVERY = 4096;
/** Running waves a report names before it says "and N more". */
const NAMED_WAVES = 4;

/** What the scheduler is running now: the current workgroup's waves and their last-slice pc ranges. */
export interface SchedulerState {
  readonly waves: readonly Wave[];
  /** Waves of the current workgroup. */
  nw: number;
  /** Lowest and highest pc of wave i's most recent slice at [2i] and [2i + 1]. */
  readonly ranges: Float64Array;
  /** Waves and workgroups finished before the current workgroup. */
  wavesDone: number;
  workgroupsDone: number;
}

export class Watchdog {
  /** Wave-instructions executed so far by the whole dispatch. */
  executed = 0;
  /** `executed` at which to read the clock next. */
  nextLook = LOOK_EVERY;
  /**
   * In a dispatch split between threads (parallel.ts): the wave-instructions all of them executed, one
   * shared cell that each thread adds its own to when it reads the clock, so that the budget is the
   * dispatch's; `executed` is then this thread's view of the total.
   */
  shared: BigInt64Array | undefined;
  /** There too: the waves and workgroups all threads have finished, for progress reports. */
  sharedDone: (() => readonly [number, number]) | undefined;
  private synced = 0;
  private readonly start = performance.now();
  private readonly deadline: number;
  private nextProgress: number;

  constructor(
    readonly kernel: string,
    readonly limits: DispatchLimits,
    readonly wavesTotal: number,
    readonly workgroupsTotal: number,
  ) {
    this.deadline = limits.timeout > 0 ? this.start + limits.timeout * 1000 : Number.POSITIVE_INFINITY;
    this.nextProgress = limits.onProgress
      ? this.start + limits.progressInterval * 1000
      : Number.POSITIVE_INFINITY;
  }

  /** Reads the clock: stops the dispatch past its timeout, else reports progress when it is due. */
  look(s: SchedulerState): void {
    if (this.shared !== undefined) {
      const mine = this.executed - this.synced;
      this.executed = Number(Atomics.add(this.shared, 0, BigInt(mine))) + mine;
      this.synced = this.executed;
    }
    this.nextLook = this.executed + LOOK_EVERY;
    const now = performance.now();
    if (now >= this.deadline) throw this.stop('timeout', s);
    if (now < this.nextProgress) return;
    this.nextProgress = now + this.limits.progressInterval * 1000;
    let done = 0;
    for (let i = 0; i < s.nw; i++) if (s.waves[i].done) done++;
    const [waves, groups] = this.sharedDone?.() ?? [s.wavesDone, s.workgroupsDone];
    this.limits.onProgress?.({
      wavesDone: waves + done,
      wavesTotal: this.wavesTotal,
      workgroupsDone: groups,
      workgroupsTotal: this.workgroupsTotal,
      waveInstructions: this.executed,
      seconds: (now - this.start) / 1000,
    });
  }

  /** The one-line report of a dispatch stopped by its budget or timeout, with the waves still running. */
  stop(kind: 'budget' | 'timeout', s: SchedulerState): DispatchError {
    const running: WaveState[] = [];
    for (let i = 0; i < s.nw; i++) {
      const w = s.waves[i];
      if (w.done) continue;
      const id = w.wg.id;
      running.push({
        workgroup: [id[0], id[1], id[2]],
        wave: w.id,
        pcLow: s.ranges[2 * i],
        pcHigh: s.ranges[2 * i + 1],
        atBarrier: w.atBarrier,
      });
    }
    const seconds = ((performance.now() - this.start) / 1000).toFixed(2);
    const limit =
      kind === 'budget'
        ? `the instruction budget of ${this.limits.budget} wave-instructions is exhausted (in ${seconds} s)`
        : `the timeout of ${this.limits.timeout} s passed (${this.executed} wave-instructions executed)`;
    const named = running.slice(0, NAMED_WAVES).map(describeWave);
    if (running.length > NAMED_WAVES) named.push(`and ${running.length - NAMED_WAVES} more`);
    const notStarted = this.workgroupsTotal - s.workgroupsDone - 1;
    return new DispatchError(
      `kernel '${this.kernel}' stopped: ${limit}; still running: ${named.join(', ')}; ` +
        `${notStarted} workgroup(s) not started`,
      kind,
      running,
    );
  }
}

function describeWave(r: WaveState): string {
  const pc =
    r.pcLow === r.pcHigh
      ? `pc 0x${r.pcLow.toString(16)}`
      : `pc 0x${r.pcLow.toString(16)}-0x${r.pcHigh.toString(16)}`;
  return `workgroup (${r.workgroup.join(',')}) wave ${r.wave} at ${pc}${r.atBarrier ? ' (waiting at s_barrier)' : ''}`;
}
