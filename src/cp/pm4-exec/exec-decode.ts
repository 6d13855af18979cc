// The executor's view of a decoded packet (../pm4/decode.ts): fields by name, the tail, where it was read.
// Unknown opcodes and graphics-only packets stop here with the packet's name and place.

import type { Generation } from '../../isa/processors.js';
import { Pm4Error as DecodeError, decodePacket, type Pm4Packet } from '../pm4/decode.js';
import { opcodeTable } from '../pm4/opcodes.js';
import { type ExecPacket, Pm4Error } from './packet.js';

class View implements ExecPacket {
  constructor(
    private readonly p: Pm4Packet,
    readonly where: string,
  ) {}
  get name(): string {
    return this.p.name;
  }
  get predicate(): boolean {
    return this.p.predicate;
  }
  get tail(): Uint32Array {
    return this.p.data;
  }
  get regBase(): number {
    return this.p.regBase;
  }
  get(field: string): number {
    const v = this.p.fields[field];
    if (v === undefined)
      throw new Pm4Error(
        `${this.where}: ${this.p.name} has no field ${field} (a packet shorter than its layout?)`,
      );
    return v;
  }
  has(field: string): boolean {
    return this.p.fields[field] !== undefined;
  }
}

/** A decoder for the queue: packet words (header first) to an ExecPacket, or a Pm4Error naming `where`. */
export function execDecoder(
  gen: Generation,
  label: string,
): (words: Uint32Array, n: number, where: string) => ExecPacket {
  return (words, n, where) => {
    let p: Pm4Packet;
    try {
      p = decodePacket(words, 0, n, gen);
    } catch (e) {
      if (e instanceof DecodeError) throw new Pm4Error(`${label}: ${where}: ${e.problem}`);
      throw e;
    }
    if (p.problem !== undefined) throw new Pm4Error(`${label}: ${where}: ${p.problem}`);
    if (p.info?.graphicsOnly)
      throw new Pm4Error(
        `${label}: ${where}: ${p.name} is a graphics packet; gcnkit's command processor runs compute work only`,
      );
    return new View(p, where);
  };
}

/** Which engine runs a packet (opcodes.ts); type-0 packets are the DE's. */
export function engineOfName(gen: Generation): (name: string) => 'DE' | 'CE' | 'both' {
  const byName = new Map<string, 'DE' | 'CE' | 'both'>();
  for (const o of opcodeTable(gen)) if (o !== undefined) byName.set(o.name, o.engine);
  return (name) => byName.get(name) ?? 'DE';
}
