// Comparing the assembler's fast path (src/asm/fast) with the general path it short-cuts, line by line:
// test/asm-fast*.test.ts. The general path's bytes are llvm-mc-22's (its own fixture tests).
import { fastEncode, fastWords } from '../../src/asm/fast/index.js';
import { parseInstruction } from '../../src/asm/line.js';
import type { ConstLookup } from '../../src/asm/operands.js';
import { encodeInstruction } from '../../src/asm/registry.js';
import type { Target } from '../../src/isa/targets.js';

export const noConsts: ConstLookup = () => undefined;

/** Words as 8-digit hex, blank-separated. */
export function hex(w: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < w.length; i++) {
    const h = (w[i] >>> 0).toString(16);
    s += `${i > 0 ? ' ' : ''}${'00000000'.slice(h.length)}${h}`;
  }
  return s;
}

/** The general path's words for one line, or null when it rejects the line (or needs a fixup). */
export function generalWords(text: string, t: Target): ArrayLike<number> | null {
  const inst = parseInstruction(text, 1, t);
  if ('error' in inst) return null;
  const r = encodeInstruction(inst);
  if ('error' in r || r.fixups?.length) return null;
  return r.words;
}

/** generalWords as hex, or null. */
export function general(text: string, t: Target): string | null {
  const w = generalWords(text, t);
  return w === null ? null : hex(w);
}

/**
 * Whether the fast path's `n` words (in fastWords) are the general path's `ref` (null: it rejected the
 * line). The sweeps compare words and format them only for a failure's message (hex() of every line
 * cost more than the fast path's encoding).
 */
export function fastIsGeneral(n: number, ref: ArrayLike<number> | null): boolean {
  if (ref === null || ref.length !== n) return false;
  for (let i = 0; i < n; i++) if (fastWords[i] >>> 0 !== ref[i] >>> 0) return false;
  return true;
}

/** The failure line of `text` when fastIsGeneral(n, ref) is false. */
export function fastVsGeneral(text: string, n: number, ref: ArrayLike<number> | null): string {
  return `${text}: fast ${hex(fastWords.subarray(0, n))}, general ${ref === null ? 'error' : hex(ref)}`;
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
    const ref = generalWords(text, t);
    if (n === 0) {
      if (ref !== null && !declined(text) && missed.length < 10) missed.push(text);
      continue;
    }
    taken++;
    if (!fastIsGeneral(n, ref) && bad.length < 10) bad.push(fastVsGeneral(text, n, ref));
  }
  return { taken, bad, missed };
}
