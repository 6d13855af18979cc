// The command processor's scheduler: the queues of one device (PM4 rings and AQL queues alike) take
// turns, each running packets until it has nothing to do or must wait (a WAIT_REG_MEM whose condition
// does not hold, a barrier packet on an unfinished signal, a semaphore, a CE/DE counter). Queues wait on
// each other's writes, so a wait is retried after every other queue's turn; when a whole round makes no
// progress and some queue still waits, nothing can ever release it (no host runs concurrently with the
// scheduler), and the scheduler reports each waiting queue with what it waits for instead of hanging.

/** What a queue's turn achieved. */
export const Turn = {
  /** It ran at least one packet (or part of one): other queues may now be able to go on. */
  Progress: 0,
  /** It has packets left but cannot run the next one until something else happens. */
  Blocked: 1,
  /** It has no packets to run (read index = write index). */
  Idle: 2,
} as const;
export type Turn = (typeof Turn)[keyof typeof Turn];

/** One queue as the scheduler sees it. */
export interface SchedQueue {
  /** For reports: the kind and the queue's name or number, e.g. "PM4 queue 1 (compute ring)". */
  readonly label: string;
  /** Runs packets, at most `budget` of them, until the queue is idle or blocked. */
  turn(budget: number): Turn;
  /**
   * Why the queue is blocked, for the deadlock report: the packet's byte offset or index and what it
   * waits for (the address, compare function, reference and mask, and the value seen last), e.g.
   * "WAIT_REG_MEM at ring offset 0x40: memory 0x200000 & 0xffffffff == 0x1, last read 0x0".
   */
  blockedOn(): string;
}

/** A set of queues that cannot make progress: the message lists every blocked queue. */
export class QueueDeadlock extends Error {
  override readonly name = 'QueueDeadlock';
  constructor(readonly blocked: readonly { queue: string; waitsFor: string }[]) {
    super(
      `the command processor cannot make progress: ${blocked
        .map((b) => `${b.queue} is blocked: ${b.waitsFor}`)
        .join('; ')}`,
    );
  }
}

/** How many packets a queue runs in one turn before the next queue's turn. */
const TURN_PACKETS = 64;

/**
 * Runs the queues until every one is idle. Throws QueueDeadlock when a whole round makes no progress
 * while some queue is blocked. Errors of a packet (malformed, unsupported, a faulting dispatch) propagate
 * from the queue's turn.
 */
export function runQueues(queues: readonly SchedQueue[]): void {
  for (;;) {
    let progress = false;
    const blocked: SchedQueue[] = [];
    for (const q of queues) {
      const t = q.turn(TURN_PACKETS);
      if (t === Turn.Progress) progress = true;
      else if (t === Turn.Blocked) blocked.push(q);
    }
    if (progress) continue;
    if (blocked.length === 0) return;
    // A round in which no queue moved changed nothing (a blocked or idle turn writes nothing), so every
    // blocked queue was checked against the final state: none can ever go on.
    throw new QueueDeadlock(blocked.map((q) => ({ queue: q.label, waitsFor: q.blockedOn() })));
  }
}
