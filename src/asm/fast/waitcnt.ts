// s_waitcnt on the fast path (asm/families/scalar-symbolic.ts `waitcnt` is the reference): one integer (its
// low 16 bits), or counters `vmcnt(N)`, `expcnt(N)`, `lgkmcnt(N)` and their `_sat` forms separated by blanks
// or commas, each setting its bits of the value that waits for nothing (a later one of a name wins, as
// there). A count past its counter's maximum is clamped with `_sat` and an error without: the general path's.
import { COUNTER_NAMES, OPERAND, opComma, opKind, opMods, opValue, opWord } from './operands.js';
import { type Program, words } from './program.js';

const { INT: O_INT, COUNTER: O_COUNTER } = OPERAND;
/** All counters at their maximum: gfx9 (vmcnt [3:0] and [15:14]), and before (no vmcnt [15:14]). */
const NONE_GFX9 = 0xcf7f;
const NONE_OLD = 0x0f7f;
const N = COUNTER_NAMES.length / 2;

/** Encodes operands [0, n) with s_waitcnt's program `p`; 1 (one dword), or 0 for the general path. */
export function encodeWaitcnt(p: Program, n: number): number {
  if (n < 1 || opComma[0] !== 0) return 0;
  words[0] = p.base[0];
  if (opKind[0] === O_INT) {
    if (n !== 1 || opMods[0] !== 0) return 0;
    words[0] |= (opValue[0] >>> 0) & 0xffff;
    return 1;
  }
  const gfx9 = p.arg[0] === 1;
  let enc = gfx9 ? NONE_GFX9 : NONE_OLD;
  for (let k = 0; k < n; k++) {
    if (opKind[k] !== O_COUNTER) return 0;
    const w = opWord[k];
    const c = w % N;
    const max = c === 0 ? (gfx9 ? 63 : 15) : c === 1 ? 7 : 15;
    let v = opValue[k];
    if (v > max) {
      if (w < N) return 0;
      v = max;
    }
    if (c === 0) enc = (enc & ~0xc00f) | (v & 15) | ((v >> 4) << 14);
    else if (c === 1) enc = (enc & ~0x70) | (v << 4);
    else enc = (enc & ~0xf00) | (v << 8);
  }
  words[0] |= enc;
  return 1;
}
