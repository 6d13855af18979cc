// The SALU semantics by LLVM op name: every SOP1, SOP2, SOPC and SOPK op of gfx900/gfx906/gfx908 except
// the ones the executor (exec.ts) runs itself and the few that need wave state a ScalarCtx does not hold
// (listed with reasons in test/emu-salu.test.ts).
import type { SaluFn } from './context.js';
import { ARITH_OPS } from './ops-arith.js';
import { BIT_OPS } from './ops-bits.js';

function merge(...tables: Record<string, SaluFn>[]): Record<string, SaluFn> {
  const out: Record<string, SaluFn> = {};
  for (const t of tables) {
    for (const [name, fn] of Object.entries(t)) {
      if (name in out) throw new Error(`internal: two SALU semantics for ${name}`);
      out[name] = fn;
    }
  }
  return out;
}

export const SALU_OPS: Record<string, SaluFn> = merge(ARITH_OPS, BIT_OPS);
