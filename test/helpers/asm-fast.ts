// Comparing the assembler's fast path (src/asm/fast) with the general path it short-cuts, line by line:
// test/asm-fast*.test.ts. The general path's bytes are llvm-mc-22's (its own fixture tests).
import { fastEncode, fastWords } from '../../src/asm/fast/index.js';
import { parseInstruction } from '../../src/asm/line.js';
import type { ConstLookup } from '../../src/asm/operands.js';
import { encodeInstruction } from '../../src/asm/registry.js';
import type { Target } from '../../src/isa/targets.js';

export const noConsts: ConstLookup = () => undefined;

export const hex = (w: ArrayLike<number>): string =>
  Array.from(w, (x) => (x >>> 0).toString(16).padStart(8, '0')).join(' ');

/** The general path's words for one line, or null when it rejects the line (or needs a fixup). */
export function general(text: string, t: Target): string | null {
  const inst = parseInstruction(text, 1, t);
  if ('error' in inst) return null;
  const r = encodeInstruction(inst);
  if ('error' in r || r.fixups?.length) return null;
  return hex(r.words);
}

/** Every concatenation of one string from each axis, in order. */
export function product(...axes: readonly (readonly string[])[]): string[] {
  let out = [''];
  for (const a of axes) out = out.flatMap((p) => a.map((x) => p + x));
  return out;
}

/**
 * Runs `lines` through both paths on `t`: `bad` lists the lines the fast path took with other words than
 * the general path's (or that it rejects), `missed` the lines the general path accepts that the fast path
 * should have taken (`declined`: the spellings it leaves to the general path on purpose) but did not.
 */
export function compareFast(
  lines: readonly string[],
  t: Target,
  declined: (line: string) => boolean,
): { taken: number; bad: string[]; missed: string[] } {
  let taken = 0;
  const bad: string[] = [];
  const missed: string[] = [];
  for (const text of lines) {
    const n = fastEncode(text, t, noConsts);
    const ref = general(text, t);
    if (n === 0) {
      if (ref !== null && !declined(text) && missed.length < 10) missed.push(text);
      continue;
    }
    taken++;
    const mine = hex(fastWords.subarray(0, n));
    if (mine !== ref && bad.length < 10) bad.push(`${text}: fast ${mine}, general ${ref ?? 'error'}`);
  }
  return { taken, bad, missed };
}
