// The global wave sync (GWS) ops and ds_ordered_count: DS ops that only exist with gds=1 and act on
// dedicated hardware state rather than on memory. Semantics: the pseudo-code of the Vega ISA document
// (DS_GWS_* and DS_ORDERED_COUNT, chapter 12):
//
// - the resource is rid = (M0[21:16] + offset0[5:0]) mod 64 (the document's SH_SX_EXPCMD.gds_base is the
//   base the shader passes in M0[21:16], as LLVM's AMDGPUUsage describes for gfx9);
// - a resource is a semaphore (counter, a FIFO queue of waiting waves) or a barrier (counter, flag);
// - ds_gws_init / sema_br / barrier take their value from the first active lane of the data register
//   (LLVM encodes that register in the addr field).
//
// A wave that must wait (sema_p with nothing to take, a barrier not yet full, an ordered count that is
// not its turn) stops like a wave at s_barrier (Wave.atBarrier) with its wait recorded in Wave.sys; the
// dispatcher's scheduler asks gwsRelease whether it may go on. The state is per dispatch (ctx.gws).
// Workgroups run one after another in the emulator, so only the waves of one workgroup can wait on each
// other; a wait nothing can end is reported as a deadlock (gwsDeadlock).

import { ExecError, type Handler, type Inst } from '../inst.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';

const SEMAPHORE = 1;
const BARRIER = 2;

/** Wave.sys.gwsWait values beyond a resource id (0-63). */
const WAIT_ORDERED = 64;

/** Ordered-count counters ("one of 4 dedicated ordered-count counters (aka 'packers')"). */
const ORDERED_COUNTERS = 4;

export class GwsState {
  readonly type = new Uint8Array(64);
  readonly counter = new Float64Array(64);
  readonly flag = new Uint8Array(64);
  /** Waves queued on each semaphore, in arrival order. */
  readonly queue: Wave[][] = Array.from({ length: 64 }, () => []);
  readonly ordered = new Uint32Array(ORDERED_COUNTERS);
}

function state(w: Wave): GwsState {
  let g = w.ctx.gws;
  if (g === undefined) {
    g = new GwsState();
    w.ctx.gws = g;
  }
  return g;
}

function rid(w: Wave, i: Inst): number {
  return (((w.s[M0] >>> 16) & 63) + (i.offset & 63)) & 63;
}

/** DATA[first valid thread]: the data register of the first lane EXEC enables (0 when none is). */
function firstActive(w: Wave, i: Inst): number {
  const lo = w.s[EXEC_LO];
  const hi = w.s[EXEC_HI];
  let lane = -1;
  if (lo !== 0) lane = 31 - Math.clz32(lo & -lo);
  else if (hi !== 0) lane = 63 - Math.clz32(hi & -hi);
  return lane < 0 ? 0 : w.v[i.vaddr * 64 + lane];
}

function next(w: Wave, i: Inst): void {
  w.pc = i.pc + i.size;
}

function wait(w: Wave, what: number, flag = 0): void {
  w.sys.gwsWait = what;
  w.sys.gwsFlag = flag;
  w.atBarrier = true;
}

/** ds_gws_init: counter = DATA[first valid]; flag = 0 (the resource's kind is set by its first use). */
const gwsInit: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.counter[r] = firstActive(w, i);
  g.flag[r] = 0;
  next(w, i);
};

/** ds_gws_sema_v: counter += 1 (releases one queued wave, if any). */
const semaV: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.type[r] = SEMAPHORE;
  g.counter[r] += 1;
  next(w, i);
};

/** ds_gws_sema_br: counter += DATA[first valid] (bulk release). */
const semaBr: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.type[r] = SEMAPHORE;
  g.counter[r] += firstActive(w, i);
  next(w, i);
};

/** ds_gws_sema_release_all: counter = the number of waves queued, releasing all of them. */
const semaReleaseAll: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.type[r] = SEMAPHORE;
  g.counter[r] = g.queue[r].length;
  next(w, i);
};

/** ds_gws_sema_p: ENQUEUE until counter > 0, then counter -= 1. */
const semaP: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.type[r] = SEMAPHORE;
  next(w, i);
  if (g.queue[r].length === 0 && g.counter[r] > 0) {
    g.counter[r] -= 1;
    return;
  }
  g.queue[r].push(w);
  wait(w, r);
};

/**
 * ds_gws_barrier: if counter <= 0 the barrier is full: flip the flag (releasing the queued waves, whose
 * flag now differs) and reload counter = DATA[first valid] for the next use; else counter -= 1 and wait
 * until the flag differs from the one the wave saw.
 */
const barrier: Handler = (w, i) => {
  const g = state(w);
  const r = rid(w, i);
  g.type[r] = BARRIER;
  next(w, i);
  if (g.counter[r] <= 0) {
    g.flag[r] ^= 1;
    g.counter[r] = firstActive(w, i);
    return;
  }
  g.counter[r] -= 1;
  wait(w, r, g.flag[r]);
};

/** Whether every wave before w in its workgroup has ended or released the ordered count. */
function orderedTurn(w: Wave): boolean {
  const wg = w.wg;
  for (let k = 0; k < w.id && k < wg.waveCount; k++) {
    const o = wg.waves[k];
    if (!o.done && !o.sys.orderedReleased) return false;
  }
  return true;
}

/**
 * ds_ordered_count: in wave order, add count_bits(EXEC) to ordered counter offset0[7:2] and return the
 * value before the add to the active lanes. offset1 (LLVM's encoding): [0] wave_release (the next wave
 * may take its turn), [1] wave_done, [3:2] shader type, [4] the instruction (0 add, 1 swap).
 */
const orderedCount: Handler = (w, i) => {
  const index = (i.offset & 0xff) >>> 2;
  const offset1 = (i.offset >>> 8) & 0xff;
  if (index >= ORDERED_COUNTERS) {
    throw new ExecError(
      `ds_ordered_count: counter ${index} (offset0 ${i.offset & 0xff}) does not exist; there are ${ORDERED_COUNTERS} at pc 0x${i.pc.toString(16)}`,
    );
  }
  if ((offset1 & 16) !== 0) {
    throw new ExecError(
      `ds_ordered_count with the swap instruction (offset1 bit 4) is not modelled (the ISA documents define only the add) at pc 0x${i.pc.toString(16)}`,
    );
  }
  if (!orderedTurn(w)) {
    wait(w, WAIT_ORDERED);
    return; // the instruction runs again when the scheduler releases the wave
  }
  const g = state(w);
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const old = g.ordered[index];
  g.ordered[index] = (old + popcount(e0) + popcount(e1)) >>> 0;
  for (let l = 0; l < 64; l++) {
    if (((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) === 1) w.v[i.dst * 64 + l] = old;
  }
  if ((offset1 & 1) !== 0) w.sys.orderedReleased = true;
  w.laneInstructions += popcount(e0) + popcount(e1);
  next(w, i);
};

/** The gds=1 handlers of these ops, by LLVM op name (ds.ts installs them). */
export const GDS_SYSTEM_HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ['ds_gws_init', gwsInit],
  ['ds_gws_sema_v', semaV],
  ['ds_gws_sema_br', semaBr],
  ['ds_gws_sema_p', semaP],
  ['ds_gws_sema_release_all', semaReleaseAll],
  ['ds_gws_barrier', barrier],
  ['ds_ordered_count', orderedCount],
]);

/**
 * For a wave stopped by one of these ops (Wave.sys.gwsWait >= 0): whether it may go on now; if so its
 * wait is cleared (and a semaphore taken). Called by the scheduler for waves at a barrier.
 */
export function gwsRelease(w: Wave): boolean {
  const sys = w.sys;
  const r = sys.gwsWait;
  if (r === WAIT_ORDERED) {
    if (!orderedTurn(w)) return false;
  } else {
    const g = state(w);
    if (g.type[r] === BARRIER) {
      if (g.flag[r] === sys.gwsFlag) return false;
    } else {
      const q = g.queue[r];
      if (q[0] !== w || g.counter[r] <= 0) return false;
      q.shift();
      g.counter[r] -= 1;
    }
  }
  sys.gwsWait = -1;
  w.atBarrier = false;
  return true;
}

/** The error for waves that wait on GWS / ordered counts when no wave of the workgroup can run. */
export function gwsDeadlock(w: Wave): ExecError {
  const r = w.sys.gwsWait;
  const what =
    r === WAIT_ORDERED
      ? 'its turn at ds_ordered_count (an earlier wave neither ended nor released the order)'
      : `GWS resource ${r}`;
  return new ExecError(
    `deadlock: the wave waits on ${what} and no wave of its workgroup can run to release it ` +
      '(workgroups run one after another here, so waves of other workgroups cannot)',
  );
}
