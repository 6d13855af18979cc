// A decoded instruction: the encoding's fields extracted once, constants pre-resolved, and the handler
// that executes it. Field meanings depend on the format; each family's decoder documents what it fills.

import { Decoded } from '../codec/decoded.js';
import type { Wave } from './wave.js';

/** Executes one instruction. The handler advances w.pc (branches set it). */
export type Handler = (w: Wave, i: Inst) => void;

/** Thrown when execution must stop: an instruction without semantics, a fault, the budget. */
export class ExecError extends Error {
  override readonly name = 'ExecError';
}

export class Inst extends Decoded {
  run: Handler = unimplemented;
  /** A per-family function pointer (VALU lane math, SALU semantics). */
  // biome-ignore lint/suspicious/noExplicitAny: typed by the family that sets it.
  fn: any = null;
}

/**
 * Whether the codec already decoded this instruction's fields into `i` (a Program's one pass, through
 * DecodeOutput.into): then the format's execution decoder must not extract them from the words again. It
 * still does for an Inst the codec did not fill (gcnkit isa's synthetic encodings, tests).
 */
export function decodedByCodec(i: Inst, fmt: string): boolean {
  return i.op !== null && i.fmt === fmt;
}

/** The handler of every op without semantics: stops loudly instead of running as a no-op. */
export function unimplemented(_w: Wave, i: Inst): void {
  throw new ExecError(`instruction without semantics: ${i.name || i.text} at pc 0x${i.pc.toString(16)}`);
}

/**
 * The handler of an instruction whose register tuple runs past the last register (e.g. v[255:256]):
 * the encoding is legal but names registers that do not exist, so it stops instead of reading garbage.
 */
export function tupleOutOfRange(what: string): Handler {
  return (_w, i) => {
    throw new ExecError(`${what} runs past v255 in ${i.text} at pc 0x${i.pc.toString(16)}`);
  };
}
