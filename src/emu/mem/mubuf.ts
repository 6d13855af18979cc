// Placeholder being filled in: execution of the MUBUF encoding.
import type { Target } from '../../isa/targets.js';
import type { Inst } from '../inst.js';

/** Decodes the instruction at dword `at` into `i` for execution; returns its size in dwords, 0 if not executed. */
export function decodeMubuf(_words: Uint32Array, _at: number, _n: number, _i: Inst, _t: Target): number {
  return 0;
}
