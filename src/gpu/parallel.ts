// Parallel workgroups: one dispatch's workgroups split between the calling thread and worker threads
// (issue 13 item 3). Device memory is shared (SharedArrayBuffers, emu/memory.ts) and its atomics use
// Atomics while the dispatch runs (DeviceMemory.concurrent); each thread decodes the program itself and
// has its own waves, LDS and private memory (a GroupRunner). Threads take units of work (workgroups; or
// single waves, when the code's waves share nothing within a workgroup: codeSharing below) in flat-index
// order from one shared counter, a run of them at a time (takeCount), so a slow-starting worker only
// means the others run more of them. What comes back is what one thread would have reported: the counts
// are sums over units (the same for a race-free kernel however they are split), s_sendmsg messages are
// put in workgroup order, and of the units that fail, the lowest-numbered one's error is the dispatch's
// (every unit before it has run, as on one thread; of a split workgroup's waves that fail, one thread
// names the first to fail in its round-robin, a split dispatch the lowest-numbered). A dispatch that
// needs state the threads cannot share runs on one thread (kernel-dispatch.ts decides, with
// codeSharing).
//
// Threads come from a WorkerHost that the platform installs (cli/worker-threads.ts: Node's
// worker_threads); the calling thread waits for them with Atomics.wait, which Node allows on its main
// thread and browsers do not on theirs (a Web Worker host is left for later).

import type { KernelDescriptor } from '../elf/kernel-descriptor.js';
import { compileAfter } from '../emu/jit/tiering.js';
import { AtomicSample } from '../emu/mem/atomic-sample.js';
import type { DeviceMemory, SharedRegion } from '../emu/memory.js';
import type { Program } from '../emu/program.js';
import type { SentMessage } from '../emu/salu/ops-system.js';
import type { Target } from '../isa/targets.js';
import {
  type DispatchSetup,
  type DispatchStats,
  dispatchUnits,
  GroupRunner,
  type KernelSetup,
} from './dispatch.js';
import { DispatchError, type DispatchErrorKind, type WaveState } from './dispatch-error.js';
import type { ComputeRegisters } from './wave-plan.js';

/** Worker threads the runtime can hand a share of a dispatch to. */
export interface WorkerHost {
  /** Threads the machine runs at once (LaunchOptions.workers' default). */
  readonly cores: number;
  /** Threads started and loaded, waiting for jobs. */
  readonly loaded: number;
  /** Posts `job` to `n` worker threads, each with its own `slot` (0 to n-1), starting them if needed. */
  post(n: number, job: ParallelJob): void;
}

let host: WorkerHost | undefined;

/** Installs the platform's worker threads (undefined: none, every dispatch on the calling thread). */
export function setWorkerHost(h: WorkerHost | undefined): void {
  host = h;
}

export function workerHost(): WorkerHost | undefined {
  return host;
}

/** Everything a worker needs to run its share, as structured-clonable data. */
export interface ParallelJob {
  readonly regions: readonly SharedRegion[];
  /** Where the worker's own allocations (scratch) start: the same addresses as the calling thread's. */
  readonly next: number;
  readonly program: {
    readonly id: number;
    readonly base: number;
    readonly size: number;
    readonly target: Target;
  };
  readonly kernel: {
    readonly name: string;
    readonly entry: number;
    readonly descriptor?: KernelDescriptor;
    readonly registers?: ComputeRegisters;
    readonly privateSize: number;
    readonly groupSize: number;
  };
  readonly dispatch: Omit<DispatchSetup, 'limits' | 'trapHandler' | 'messages'> & {
    readonly budget: number;
    readonly timeout: number;
  };
  /** Threads taking part: the calling thread and the workers. */
  readonly threads: number;
  /** Int32 cells NEXT, ACTIVE, FAULT, WAVES_DONE, GROUPS_DONE (see below). */
  readonly control: SharedArrayBuffer;
  /** The dispatch's executed wave-instructions (Watchdog.shared). */
  readonly executed: SharedArrayBuffer;
  /** One result area per worker slot (writeOutcome). */
  readonly results: readonly SharedArrayBuffer[];
  readonly slot?: number;
}

/** control[NEXT]: the next workgroup to take; [ACTIVE]: workers in the dispatch; [FAULT]: lowest failed. */
const NEXT = 0;
const ACTIVE = 1;
const FAULT = 2;
/** control[WAVES_DONE], [GROUPS_DONE]: finished by all threads, for progress reports. */
const WAVES_DONE = 3;
const GROUPS_DONE = 4;
const NO_FAULT = 0x7fffffff;
/** Bytes of a worker's result area: counts, error and messages as JSON. */
const RESULT_BYTES = 1 << 20;

/** The most workgroups a thread takes at once. */
const MAX_TAKE = 64;

/**
 * How many workgroups a thread takes from the counter when `left` are left to `threads` threads: a
 * quarter of an even share (at most MAX_TAKE), down to one near the end, so that the threads finish
 * within about one workgroup of each other while the shared counter, a cache line every thread writes,
 * is updated once per run instead of once per workgroup (short workgroups: a few microseconds each).
 */
export function takeCount(left: number, threads: number): number {
  return Math.max(1, Math.min(MAX_TAKE, Math.floor(left / (4 * threads))));
}

/**
 * Wave-instructions a dispatch runs on the calling thread alone before it posts its job to worker
 * threads that are not loaded yet: starting threads costs far more than a small dispatch (a thread takes
 * a fraction of a second to load the emulator; the bundled example runs 16 waves of 29 instructions), so
 * only a dispatch with more work than this starts them. Counted in instructions, not time, so that the
 * choice does not depend on the machine's load or on a cold process's first-use costs. Loaded threads
 * get the job at once.
 */
export const START_WORKERS_AFTER = 65536;

/**
 * Atomic lanes a dispatch whose code has global atomics runs on the calling thread alone, noting their
 * addresses (AtomicSample), before it decides whether to give the workers the job: enough to hit each
 * of a thousand bins four times. The sample also ends after a sixteenth of the units (SAMPLE_SHARE).
 */
export const SAMPLE_OPS = 4096;
const SAMPLE_SHARE = 16;

/** When the calling thread posts the job, and how. */
interface Later {
  /** Whether to post now, before the next unit: after `ran` units, with the calling thread's counts. */
  readonly ready: (ran: number, done: DispatchStats) => boolean;
  /** Posts the job (or decides not to), given the calling thread's counts so far. */
  readonly post: (done: DispatchStats) => void;
}

/** How a thread takes part in a dispatch (participate). */
export interface Part {
  /** Threads taking part: the calling thread and the workers. */
  readonly threads: number;
  /** A worker's: joins the dispatch, once its waves are set up. */
  readonly ready?: () => void;
  /**
   * The calling thread's, when the workers get the job only after some work (START_WORKERS_AFTER, or a
   * sample of the atomics: SAMPLE_OPS).
   */
  readonly later?: Later;
}

/** A thread's share: its counts, the lowest-numbered workgroup it saw fail, its messages by workgroup. */
interface Outcome {
  readonly stats: DispatchStats;
  fault?: {
    /** The unit (GroupRunner.runUnit) that failed. */
    readonly unit: number;
    readonly message: string;
    readonly kind?: DispatchErrorKind;
    readonly running?: readonly WaveState[];
  };
  readonly messages: { readonly unit: number; readonly message: SentMessage }[];
}

/**
 * Runs workgroups taken from the shared counter until none is left or one before them has failed. Used
 * by the calling thread and by each worker (parallel-worker.ts), which passes `ready` to join the
 * dispatch only once its waves are set up: a worker still setting up when the others run out of
 * workgroups has taken none, so nobody waits for it.
 */
export function participate(
  mem: DeviceMemory,
  program: Program,
  k: KernelSetup,
  d: DispatchSetup,
  control: Int32Array,
  executed: BigInt64Array,
  part: Part,
): Outcome {
  const { threads, ready } = part;
  let later = part.later;
  const stats: DispatchStats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
  const out: Outcome = { stats, messages: [] };
  const messages = d.messages;
  let groups: GroupRunner | undefined;
  let unit = -1;
  // A worker that fails to set up has not joined: it throws to its caller and leaves the control cells
  // (FAULT above all) alone; the calling thread's own set-up failure is the dispatch's, as on one thread.
  if (ready !== undefined) {
    groups = new GroupRunner(mem, program, k, d);
    ready();
  }
  try {
    groups ??= new GroupRunner(mem, program, k, d);
    groups.dog.shared = executed;
    groups.dog.sharedDone = () => [Atomics.load(control, WAVES_DONE), Atomics.load(control, GROUPS_DONE)];
    const count = groups.units;
    // This thread's run of units [next, end), and its finished waves and workgroups not yet added to the
    // totals.
    let next = 0;
    let end = 0;
    let waves = 0;
    let done = 0;
    // Units this thread ran.
    let ran = 0;
    for (;;) {
      if (next >= end) {
        if (waves > 0) {
          Atomics.add(control, WAVES_DONE, waves);
          Atomics.add(control, GROUPS_DONE, done);
          waves = 0;
          done = 0;
        }
        const n = takeCount(count - Atomics.load(control, NEXT), threads);
        next = Atomics.add(control, NEXT, n);
        end = Math.min(next + n, count);
        if (next >= count) break;
      }
      unit = next++;
      if (unit > Atomics.load(control, FAULT)) break;
      if (later?.ready(ran, stats)) {
        later.post(stats);
        later = undefined;
      }
      const before = messages?.length ?? 0;
      const w0 = stats.waves;
      const g0 = stats.workgroups;
      groups.runUnit(unit, stats);
      ran++;
      waves += stats.waves - w0;
      done += stats.workgroups - g0;
      if (messages !== undefined)
        for (let i = before; i < messages.length; i++) out.messages.push({ unit, message: messages[i] });
    }
  } catch (e) {
    const err = e as { message?: string; kind?: DispatchErrorKind; running?: readonly WaveState[] };
    const f = Math.max(unit, 0);
    out.fault = {
      unit: f,
      message: e instanceof Error ? (err.message ?? String(e)) : String(e),
      ...(e instanceof DispatchError ? { kind: err.kind, running: err.running } : {}),
    };
    // The lowest failing workgroup: the others stop taking workgroups after it.
    for (let seen = Atomics.load(control, FAULT); f < seen; ) {
      const was = Atomics.compareExchange(control, FAULT, seen, f);
      if (was === seen) break;
      seen = was;
    }
  } finally {
    groups?.free();
  }
  return out;
}

/**
 * Runs a dispatch on the calling thread and `threads` worker threads of `h`; adds the counts to `stats`,
 * the messages to d.messages, and throws the error of the lowest-numbered failing workgroup. With
 * `atomics` (the code has global atomics: CodeSharing) the calling thread first runs units alone until
 * it has a sample of their atomics (SAMPLE_OPS), and keeps the rest when they would contend
 * (AtomicSample.contended).
 */
export function runParallel(
  h: WorkerHost,
  threads: number,
  mem: DeviceMemory,
  program: Program,
  k: KernelSetup,
  d: DispatchSetup,
  stats: DispatchStats,
  atomics = false,
): void {
  const control = new Int32Array(new SharedArrayBuffer(20));
  control[FAULT] = NO_FAULT;
  const executed = new BigInt64Array(new SharedArrayBuffer(8));
  const results = Array.from({ length: threads }, () => new SharedArrayBuffer(RESULT_BYTES));
  const job: ParallelJob = {
    regions: mem.shared(),
    next: mem.nextAddress,
    program: { id: programId(program), base: program.base, size: program.size, target: program.target },
    kernel: {
      name: k.name,
      entry: k.entry,
      descriptor: k.descriptor,
      registers: k.registers,
      privateSize: k.privateSize,
      groupSize: k.groupSize,
    },
    dispatch: {
      grid: d.grid,
      block: d.block,
      dims: d.dims,
      kernarg: d.kernarg,
      packet: d.packet,
      queue: d.queue,
      dispatchId: d.dispatchId,
      engine: d.engine,
      splitWaves: d.splitWaves,
      // The calling thread's count: a worker's own default is not set from its environment.
      compileAfter: d.compileAfter ?? compileAfter(),
      budget: d.limits.budget,
      timeout: d.limits.timeout,
    },
    threads: threads + 1,
    control: control.buffer as SharedArrayBuffer,
    executed: executed.buffer as SharedArrayBuffer,
    results,
  };
  const loaded = h.loaded >= threads;
  const sample = atomics ? new AtomicSample() : null;
  const sampleUnits = Math.ceil(dispatchUnits(d) / SAMPLE_SHARE);
  let later: Later | undefined;
  if (loaded && sample === null) h.post(threads, job);
  else
    later = {
      ready: (ran, done) =>
        (loaded || done.waveInstructions >= START_WORKERS_AFTER) &&
        (sample === null || (ran > 0 && (sample.ops >= SAMPLE_OPS || ran >= sampleUnits))),
      post(done: DispatchStats) {
        mem.sample = null;
        // No other thread has the job yet: the calling thread keeps it, with plain read-modify-writes.
        if (sample?.contended(done.waveInstructions)) mem.concurrent = false;
        else h.post(threads, job);
      },
    };
  const mine: SentMessage[] = [];
  let outcomes: Outcome[];
  mem.concurrent = true;
  mem.sample = sample;
  try {
    outcomes = [
      participate(mem, program, k, { ...d, messages: mine }, control, executed, {
        threads: threads + 1,
        later,
      }),
    ];
  } finally {
    // Workers that joined finish the workgroup they run (or stop after a failure) and leave; one that
    // had not joined by now finds no workgroup left and touches nothing.
    for (let a = Atomics.load(control, ACTIVE); a !== 0; a = Atomics.load(control, ACTIVE))
      Atomics.wait(control, ACTIVE, a, 100);
    mem.concurrent = false;
    mem.sample = null;
  }
  for (const r of results) {
    const o = readOutcome(r);
    if (o !== undefined) outcomes.push(o);
  }
  let fault: Outcome['fault'];
  for (const o of outcomes) {
    stats.workgroups += o.stats.workgroups;
    stats.waves += o.stats.waves;
    stats.waveInstructions += o.stats.waveInstructions;
    stats.laneInstructions += o.stats.laneInstructions;
    if (o.fault !== undefined && (fault === undefined || o.fault.unit < fault.unit)) fault = o.fault;
  }
  if (fault !== undefined) {
    if (fault.kind === undefined) throw new Error(fault.message);
    throw new DispatchError(fault.message, fault.kind, fault.running);
  }
  if (d.messages !== undefined) {
    const all = outcomes.flatMap((o) => o.messages);
    // Stable: within a workgroup, the order its waves sent them in.
    all.sort((a, b) => a.unit - b.unit);
    for (const m of all) d.messages.push(m.message);
  }
}

/** Marks a worker as taking part in the job (before it takes a workgroup). */
export function join(control: Int32Array): void {
  Atomics.add(control, ACTIVE, 1);
}

/** Marks a worker as done with the job (after its outcome is written), waking the calling thread. */
export function leave(control: Int32Array): void {
  Atomics.sub(control, ACTIVE, 1);
  Atomics.notify(control, ACTIVE);
}

/** Writes a worker's outcome into its result area: the byte length, then UTF-8 JSON. */
export function writeOutcome(area: SharedArrayBuffer, o: Outcome): void {
  const enc = new TextEncoder();
  let bytes = enc.encode(JSON.stringify(o));
  if (bytes.length + 4 > area.byteLength) {
    // Only messages can make it this long: keep the counts and the error.
    const fault = o.fault ?? {
      unit: 0,
      message: `more s_sendmsg messages than a worker can return (${o.messages.length})`,
      kind: 'other' as const,
    };
    bytes = enc.encode(JSON.stringify({ ...o, messages: [], fault }));
  }
  new Uint8Array(area, 4, bytes.length).set(bytes);
  new DataView(area).setUint32(0, bytes.length, true);
}

function readOutcome(area: SharedArrayBuffer): Outcome | undefined {
  const n = new DataView(area).getUint32(0, true);
  if (n === 0) return undefined;
  // TextDecoder does not take views of shared memory: copy first.
  return JSON.parse(new TextDecoder().decode(new Uint8Array(area, 4, n).slice())) as Outcome;
}

const IDS = new WeakMap<Program, number>();
let lastId = 0;

/** A number naming `program` for the workers, which keep their own decoded copy of it by this number. */
function programId(p: Program): number {
  let id = IDS.get(p);
  if (id === undefined) {
    id = ++lastId;
    IDS.set(p, id);
  }
  return id;
}

/** Instructions whose state spans workgroups (global wave sync, ordered count): no split. */
const CROSS_GROUP = /^(ds_gws_|ds_ordered_count)/;

/**
 * Instructions through which a workgroup's waves depend on each other or on their order: barriers, LDS
 * (every DS instruction), and messages, which a thread collects in the order its waves send them.
 */
const CROSS_WAVE = /^(s_barrier|ds_|s_sendmsg|s_ttracedata)/;

/** Atomics that may reach global memory (FLAT ones too: their address decides). */
const GLOBAL_ATOMIC = /^(global|flat|buffer)_atomic_/;

/** What the threads of a dispatch of some code may split (Module.launch's choice, kernel-dispatch.ts). */
export interface CodeSharing {
  /** The code keeps state across workgroups (ctx.gws): the dispatch runs on one thread. */
  readonly crossGroup: boolean;
  /**
   * A workgroup's waves share state or order: they run together on one thread. Without such
   * instructions (and without LDS) a thread may take single waves (DispatchSetup.splitWaves).
   */
  readonly crossWave: boolean;
  /** The code has global-memory atomics (runParallel samples their addresses). */
  readonly atomics: boolean;
}

/**
 * What the code in `ranges` (device address ranges of executable segments) lets the threads split.
 * Decodes every instruction of the ranges once (the Program keeps them for execution).
 */
export function codeSharing(program: Program, ranges: readonly (readonly [number, number])[]): CodeSharing {
  let crossGroup = false;
  let crossWave = false;
  let atomics = false;
  for (const [lo, hi] of ranges)
    for (let pc = lo; pc < hi; ) {
      let size = 4;
      try {
        const i = program.inst(pc);
        if (CROSS_GROUP.test(i.text)) crossGroup = true;
        if (CROSS_WAVE.test(i.text)) crossWave = true;
        if (GLOBAL_ATOMIC.test(i.text)) atomics = true;
        if (i.size > 0) size = i.size;
      } catch {
        // Not code (padding, data in the segment): step over the word.
      }
      pc += size;
    }
  return { crossGroup, crossWave, atomics };
}
