// A host wait on a signal (hsa_signal_wait_scacquire). The host is synchronous: while it waits nothing but
// the command processor runs, so the wait runs the device's queues until the condition holds. If they all
// stop first, nothing can change the signal any more: a queue blocked on something is reported by the
// scheduler (QueueDeadlock), and with every queue idle the wait itself fails, naming the signal.

import type { DeviceMemory } from '../../emu/memory.js';
import { runQueues, type SchedQueue, Turn } from '../scheduler.js';
import type { SignalCondition } from './layout.js';
import { AqlError, AqlQueue } from './queue.js';
import { CONDITION_TEXT, conditionHolds, signalValue } from './signal.js';

/**
 * Runs `queues` with the scheduler until `done()` holds (each queue's turn is skipped, as idle, once it
 * does, so the scheduler returns at the end of that round). Returns whether it holds.
 */
export function runUntil(queues: readonly SchedQueue[], done: () => boolean): boolean {
  if (done()) return true;
  runQueues(
    queues.map((q) => ({
      label: q.label,
      turn: (budget: number) => (done() ? Turn.Idle : q.turn(budget)),
      blockedOn: () => q.blockedOn(),
    })),
  );
  return done();
}

/** Waits until the signal at `addr` satisfies `cond` against `ref`; returns its value then. */
export function waitSignal(
  mem: DeviceMemory,
  queues: readonly SchedQueue[],
  addr: number,
  cond: SignalCondition,
  ref: number,
): number {
  if (!runUntil(queues, () => conditionHolds(cond, signalValue(mem, addr), ref))) {
    const v = signalValue(mem, addr);
    const stopped = queues.filter((q) => q instanceof AqlQueue && q.error !== undefined).map((q) => q.label);
    throw new AqlError(
      `wait on signal 0x${addr.toString(16)} (value ${v}, waiting for ${CONDITION_TEXT[cond]} ${ref}) can never end: ` +
        `every queue is idle${queues.length === 0 ? ' (there are none)' : ''}, so nothing will change the signal` +
        (stopped.length > 0 ? ` (stopped after an error: ${stopped.join(', ')})` : ''),
    );
  }
  return signalValue(mem, addr);
}
