// Shared pieces of the VOP3 (VOP3A/VOP3B) and VOP3P decoders: source-operand text tables built once at
// module load, and LLVM's way of printing neg/abs modifiers and bit-vector modifiers (op_sel:[..]).
import { LITERAL, type OperandType, srcOperand } from '../operands.js';

/** How a 9-bit source code prints for each operand type; null where LLVM rejects the code (or a literal). */
const SRC_TEXT = new Map<OperandType, readonly (string | null)[]>();

/** The text of source `code` (0-511) as an operand of type `t`, or null when LLVM rejects it. */
export function srcTable(t: OperandType): readonly (string | null)[] {
  let tab = SRC_TEXT.get(t);
  if (tab === undefined) {
    const a: (string | null)[] = [];
    // gfx9 VOP3 has no literal: llvm-objdump-22 crashes on such words, so they are treated as invalid.
    for (let c = 0; c < 512; c++) a.push(c === LITERAL ? null : srcOperand(c, t, 0));
    tab = a;
    SRC_TEXT.set(t, tab);
  }
  return tab;
}

/**
 * Whether LLVM decodes the code as an immediate (inline constant) rather than a register: a negated
 * immediate prints as `neg(0.5)` instead of `-0.5`, which would read as a different constant.
 */
export const IS_INLINE_CONST: readonly boolean[] = Array.from(
  { length: 512 },
  (_, c) => (c >= 128 && c <= 208) || (c >= 240 && c <= 248),
);

/** Applies float input modifiers the way LLVM prints them: `-x`, `|x|`, `-|x|`, `neg(1.0)`. */
export function fpMods(text: string, code: number, neg: boolean, abs: boolean): string {
  if (abs) text = '|' + text + '|';
  if (neg) text = !abs && IS_INLINE_CONST[code] ? 'neg(' + text + ')' : '-' + text;
  return text;
}

/** ` name:[b0,b1,...]` for the low `n` bits of `bits`. */
export function bitList(name: string, bits: number, n: number): string {
  let s = ' ' + name + ':[' + (bits & 1);
  for (let k = 1; k < n; k++) s += ',' + ((bits >>> k) & 1);
  return s + ']';
}

/** Register names by number, so the hot path only concatenates. */
export const VGPR_NAMES: readonly string[] = Array.from({ length: 256 }, (_, n) => 'v' + n);
export const AGPR_NAMES: readonly string[] = Array.from({ length: 256 }, (_, n) => 'a' + n);
