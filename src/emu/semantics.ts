// The emulator's op semantics by name: the ALU tables merged into one lookup per unit. The decoders
// (salu/exec.ts, valu/decode.ts) import these directly; nothing is installed at run time.

import type { SaluFn } from './salu/context.js';
import { SALU_OPS } from './salu/ops.js';
import { FLOAT_OPS } from './valu/float-ops.js';
import { HALF_OPS } from './valu/half-ops.js';
import { INT_OPS } from './valu/int-ops.js';
import type { ValuFn } from './valu/lanes.js';

/** One map from several tables; a name in two tables is a bug in the tables, reported at load. */
function merge<F>(tables: readonly Record<string, F>[]): Map<string, F> {
  const m = new Map<string, F>();
  for (const table of tables) {
    for (const [name, fn] of Object.entries(table)) {
      if (m.has(name)) throw new Error(`internal: two semantics for ${name}`);
      m.set(name, fn);
    }
  }
  return m;
}

const VALU = merge<ValuFn>([INT_OPS, FLOAT_OPS, HALF_OPS]);
const SALU = merge<SaluFn>([SALU_OPS]);

/** The lane math of a VALU op by its base name, or undefined. */
export function valuSemantics(name: string): ValuFn | undefined {
  return VALU.get(name);
}

/** The scalar math of a SALU op by name, or undefined. */
export function saluSemantics(name: string): SaluFn | undefined {
  return SALU.get(name);
}
