// The decoded code a dispatch started from registers or from a packet runs: the instructions are wherever
// the driver put them in device memory, so the program is the allocation holding the entry point, read
// at dispatch time. Programs are reused while the allocation's bytes are unchanged (a stream may rewrite
// code between dispatches, e.g. with WRITE_DATA or COPY_DATA), so the decode cache and the translating
// engine's compiled regions survive from one dispatch to the next.

import { type DeviceMemory, formatAddress } from '../emu/memory.js';
import { Program } from '../emu/program.js';
import type { Target } from '../isa/targets.js';

export class CodeNotMapped extends Error {
  override readonly name = 'CodeNotMapped';
}

interface Cached {
  readonly program: Program;
  readonly image: Uint8Array;
}

/** Programs of the allocations code ran from, per memory. */
export class Programs {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly mem: DeviceMemory,
    private readonly target: Target,
  ) {}

  /** The program holding device address `entry` (the start of the first instruction). */
  at(entry: number): Program {
    if (entry % 4 !== 0)
      throw new CodeNotMapped(`the program address ${formatAddress(entry)} is not 4-byte aligned`);
    const a = this.mem.allocationAt(entry);
    if (a === undefined) throw new CodeNotMapped(`the program address ${formatAddress(entry)} is not mapped`);
    const key = `${a.base}:${a.size}`;
    const image = this.mem.download(a.base, a.size);
    const hit = this.cache.get(key);
    if (hit !== undefined && sameBytes(hit.image, image)) return hit.program;
    const program = new Program(image, a.base, this.target);
    this.cache.set(key, { program, image });
    return program;
  }
}

/** Whether two byte arrays hold the same bytes (compared a dword at a time where they are aligned). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  const n = a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0 ? a.length >>> 2 : 0;
  const x = new Uint32Array(a.buffer, a.byteOffset, n);
  const y = new Uint32Array(b.buffer, b.byteOffset, n);
  for (let k = 0; k < n; k++) if (x[k] !== y[k]) return false;
  for (let k = n * 4; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
