// How a dispatch that stopped is reported to the host: one line for people, and a kind (plus the waves
// still running, for the limits) for programs, so that a tool can add its own advice (e.g. the CLI's flag
// names) without parsing the message.

/**
 * Why a dispatch stopped: a fault of the kernel (memory, trap, bad register), its instruction budget or
 * wall-clock timeout, an instruction or feature the emulator does not model, or anything else.
 */
export type DispatchErrorKind = 'fault' | 'budget' | 'timeout' | 'unimplemented' | 'other';

/** A wave still running when a dispatch was stopped by its budget or timeout. */
export interface WaveState {
  readonly workgroup: readonly [number, number, number];
  /** Wave index within its workgroup. */
  readonly wave: number;
  /** Lowest and highest pc the wave executed in its most recent scheduling slice. */
  readonly pcLow: number;
  readonly pcHigh: number;
  /** Waiting at s_barrier for the rest of its workgroup. */
  readonly atBarrier: boolean;
}

/** A dispatch that stopped: the message is the whole one-line report. */
export class DispatchError extends Error {
  override readonly name = 'DispatchError';
  constructor(
    message: string,
    readonly kind: DispatchErrorKind = 'other',
    /** For 'budget' and 'timeout': the waves that had not finished; empty otherwise. */
    readonly running: readonly WaveState[] = [],
  ) {
    super(message);
  }
}
