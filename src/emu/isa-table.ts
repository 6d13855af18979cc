// The ISA table: every instruction the codec knows for a processor, with whether the emulator executes
// it (and why not when it does not). `gcnkit isa` prints it; the library exports it.
import { FAMILIES } from '../codec/disasm.js';
import type { IsaEntry } from '../codec/types.js';
import { isaRefusal } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import { type ExecStatus, execStatus } from './executable.js';

/** One instruction: its encoding, opcode and operands, and whether the emulator runs it. */
export type IsaTableEntry = IsaEntry & ExecStatus;

export function isaTable(target: Target): IsaTableEntry[] {
  const refusal = isaRefusal(target);
  if (refusal !== null) throw new TypeError(`isaTable: ${refusal}`);
  const out: IsaTableEntry[] = [];
  for (const fam of Object.values(FAMILIES)) {
    for (const e of fam.ops(target)) out.push({ ...e, ...execStatus(e, target) });
  }
  return out;
}
