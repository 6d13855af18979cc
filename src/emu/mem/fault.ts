// A memory fault raised by one lane of a vector memory instruction (or by a scalar one, lane undefined):
// the dispatcher turns it into the report naming kernel, workgroup, wave, lane, pc and instruction.

import { ExecError } from '../inst.js';
import { type AccessKind, formatAddress, MemoryFault } from '../memory.js';

export class LaneFault extends ExecError {
  constructor(
    readonly lane: number | undefined,
    readonly addr: number,
    readonly size: number,
    readonly kind: AccessKind,
  ) {
    super(
      `${lane === undefined ? '' : `lane ${lane}: `}unmapped address ${formatAddress(addr)} (${size}-byte ${kind})`,
    );
  }
}

/** Rethrows a MemoryFault from DeviceMemory as a LaneFault of `lane`; anything else unchanged. */
export function laneFault(e: unknown, lane: number | undefined): never {
  if (e instanceof MemoryFault) throw new LaneFault(lane, e.addr, e.size, e.kind);
  throw e;
}
