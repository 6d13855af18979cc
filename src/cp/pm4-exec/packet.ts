// A packet as the executor's handlers see it: its opcode record, its fields by name (from the decoder,
// src/cp/pm4/decode.ts, which reads them through the same layout tables the builder writes with) and
// where it was read from, for errors and deadlock reports.

import type { Engine, Pm4Queue } from './queue.js';

export interface ExecPacket {
  /** The IT opcode's name (SET_SH_REG, ...), "TYPE0" for a type-0 packet. */
  readonly name: string;
  /** Header bit 0: the packet runs only while the predication state is true. */
  readonly predicate: boolean;
  /** Where it was read from: "ring offset 0x40", "IB1 at 0x200000 offset 0x8". */
  readonly where: string;
  /** A field's value; a field the packet's layout does not have is an error naming the packet. */
  get(field: string): number;
  /** Whether the packet's layout has the field (optional trailing dwords, generation differences). */
  has(field: string): boolean;
  /** The variable-length tail: register values, data words, a NOP's payload. */
  readonly tail: Uint32Array;
  /** Register-writing packets: the absolute register dword offset tail[0] goes to (-1 otherwise). */
  readonly regBase: number;
}

/** A packet the executor cannot run: malformed, graphics-only, or an error of its operation. */
export class Pm4Error extends Error {
  override readonly name = 'Pm4Error';
}

/** What a handler returns: the packet is done, or its engine must wait (the reason in Engine.blocked). */
export const DONE = 0;
export const BLOCKED = 1;
export type Step = typeof DONE | typeof BLOCKED;

export type Handler = (q: Pm4Queue, e: Engine, p: ExecPacket) => Step;
