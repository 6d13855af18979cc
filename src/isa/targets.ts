// The processors as a type, and the T_* masks op rows of the gfx9 tables still use (being replaced by
// per-generation opcodes, see processors.ts). Every processor with a record is a Target; the entry
// points (CLI, API, loader) accept only the supported ones (isTarget).
export type Target =
  | 'gfx600'
  | 'gfx601'
  | 'gfx602'
  | 'gfx700'
  | 'gfx701'
  | 'gfx702'
  | 'gfx703'
  | 'gfx704'
  | 'gfx705'
  | 'gfx801'
  | 'gfx802'
  | 'gfx803'
  | 'gfx805'
  | 'gfx810'
  | 'gfx900'
  | 'gfx906'
  | 'gfx908';

/** The processors gcnkit models end to end (the records with `supported`). */
export const TARGETS: readonly Target[] = ['gfx900', 'gfx906', 'gfx908'];

/** One bit per gfx9 target, so an op row can say compactly where it exists. */
export const T_GFX900 = 1;
export const T_GFX906 = 2;
export const T_GFX908 = 4;
export const T_ALL = T_GFX900 | T_GFX906 | T_GFX908;
export const T_GFX906_UP = T_GFX906 | T_GFX908;

/** The T_* bit of a gfx9 target; 0 for older generations, whose ops the T_* rows do not describe. */
export function targetBit(t: Target): number {
  return t === 'gfx900' ? T_GFX900 : t === 'gfx906' ? T_GFX906 : t === 'gfx908' ? T_GFX908 : 0;
}

/** Whether `s` names a processor the entry points accept. */
export function isTarget(s: string): s is Target {
  return (TARGETS as readonly string[]).includes(s);
}

/** gfx908 (CDNA1) adds accumulation VGPRs (AGPRs) and the MFMA instructions. */
export function hasAgprs(t: Target): boolean {
  return t === 'gfx908';
}
