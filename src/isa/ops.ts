// Op rows with a generation dimension: an op's opcode in each generation's "real" encoding (LLVM's
// SI/CI/VI/GFX9 encodings), and the feature a processor needs to have it. Every family's table is made
// of such rows; decoders and encoders build their per-processor lookups from them.
import type { Feature, Generation, Processor } from './processors.js';

export type GenOpcodes = Readonly<Partial<Record<Generation, number>>>;

export interface OpRow {
  /** LLVM's lowercase mnemonic without encoding suffix. */
  readonly name: string;
  readonly opcodes: GenOpcodes;
  /** A feature the processor must have (dot ops, MFMA, ...). */
  readonly requires?: Feature;
}

/** The op's opcode on the processor, or undefined where it does not exist. */
export function opcodeOn(row: OpRow, p: Processor): number | undefined {
  if (row.requires !== undefined && !p.features.has(row.requires)) return undefined;
  return row.opcodes[p.generation];
}

/**
 * opcode -> row for one processor, for decoders. Two rows with one opcode on one processor is an
 * error in the table, reported at load time.
 */
export function byOpcode<R extends OpRow>(rows: readonly R[], p: Processor, size: number): (R | null)[] {
  const t: (R | null)[] = new Array(size).fill(null);
  for (const r of rows) {
    const op = opcodeOn(r, p);
    if (op === undefined) continue;
    if (op >= size) throw new Error(`internal: ${r.name} opcode ${op} >= ${size}`);
    const prev = t[op];
    if (prev !== null)
      throw new Error(`internal: ${prev.name} and ${r.name} share opcode ${op} on ${p.name}`);
    t[op] = r;
  }
  return t;
}

/** name -> row for one processor, for encoders. */
export function byName<R extends OpRow>(rows: readonly R[], p: Processor): Map<string, R> {
  const m = new Map<string, R>();
  for (const r of rows) if (opcodeOn(r, p) !== undefined) m.set(r.name, r);
  return m;
}
