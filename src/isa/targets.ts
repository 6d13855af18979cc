// The processors as a type, and the T_* masks op rows of the gfx9 tables still use (being replaced by
// per-generation opcodes, see processors.ts). Every processor whose ISA gcnkit describes is a Target;
// the entry points (CLI, API, loader) accept only the supported ones (isTarget). Facts come from the
// records in processors.ts.
import { PROCESSORS, type Target } from './processors.js';

export type { Target };

/** The processors gcnkit models end to end (the records with `supported`). */
export const TARGETS: readonly Target[] = PROCESSORS.filter((r) => r.supported).map((r) => r.name as Target);

/** One bit per gfx9 target, so an op row can say compactly where it exists. */
export const T_GFX900 = 1;
export const T_GFX906 = 2;
export const T_GFX908 = 4;
export const T_ALL = T_GFX900 | T_GFX906 | T_GFX908;
export const T_GFX906_UP = T_GFX906 | T_GFX908;

/**
 * The T_* bit of each described processor: the gfx9 ones by what their op rows need (gfx906 adds the
 * dl/dot instructions, gfx908 MFMA); 0 for older generations, whose ops the T_* rows do not describe.
 */
const BITS = new Map<string, number>();
for (const r of PROCESSORS) {
  if (!r.described) continue;
  const f = r.features;
  BITS.set(
    r.name,
    r.generation !== 'gfx9' ? 0 : f.has('mai-insts') ? T_GFX908 : f.has('dl-insts') ? T_GFX906 : T_GFX900,
  );
}

let lastTarget = '';
let lastBit = 0;

/** The T_* bit of a gfx9 target; 0 for older generations. Decoders call it per instruction: the last
 * answer is kept, so the usual call (the same target again) costs one string comparison. */
export function targetBit(t: Target): number {
  if (t !== lastTarget) {
    lastBit = BITS.get(t) ?? 0;
    lastTarget = t;
  }
  return lastBit;
}

/** Whether `s` names a processor the entry points accept. */
export function isTarget(s: string): s is Target {
  return (TARGETS as readonly string[]).includes(s);
}
