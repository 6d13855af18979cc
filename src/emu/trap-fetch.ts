// The instruction lookup of a dispatch with a trap handler: float exceptions (trap-float.ts) and the
// MODE.DEBUG single-step trap. Vega ISA document, "Mode register": DEBUG "forces the wavefront to jump to
// the exception handler after each instruction is executed (but not after ENDPGM). Only works if
// TRAP_EN = 1". Instructions of the handler itself (PRIV) do not trap, and neither does the s_rfe_b64 that
// leaves it, so the handler steps the kernel one instruction per entry (trap ID 0, the PC of the next
// instruction). Dispatches without a handler never see these wrappers.

import { Inst } from './inst.js';
import { enterTrap, MODE_DEBUG } from './trap.js';
import { floatTrapFetch } from './trap-float.js';

export function trapFetch(fetch: (pc: number) => Inst): (pc: number) => Inst {
  const inner = floatTrapFetch(fetch);
  const cache = new Map<number, Inst>();
  return (pc) => {
    const hit = cache.get(pc);
    if (hit !== undefined) return hit;
    const i = inner(pc);
    const run = i.run;
    const x = Object.assign(new Inst(), i);
    x.run = (w) => {
      const wasPriv = w.sys.priv;
      run(w, i);
      if (!wasPriv && (w.mode & MODE_DEBUG) !== 0 && w.sys.trapEn && !w.sys.priv && !w.done && !w.atBarrier) {
        enterTrap(w, 0, w.pc);
      }
    };
    cache.set(pc, x);
    return x;
  };
}
