// Shared pieces of the VOP3 (VOP3A/VOP3B) and VOP3P decoders: source-operand text tables built once at
// module load, and LLVM's way of printing neg/abs modifiers and bit-vector modifiers (op_sel:[..]).
import type { Generation } from '../../isa/processors.js';
import type { Decoded } from '../decoded.js';
import { LITERAL, type OperandType } from '../operands.js';
import { type ByteTable, byteTable } from '../text-bytes.js';
import type { Format } from '../types.js';
import { vopSrc } from './vop-operands.js';

/** How a 9-bit source code prints per generation and operand type; null where LLVM rejects the code. */
const SRC_TEXT = new Map<string, readonly (string | null)[]>();

/** The text of source `code` (0-511) as an operand of type `t` on generation `g`, or null when rejected. */
export function srcTable(t: OperandType, g: Generation = 'gfx9'): readonly (string | null)[] {
  const key = g + t;
  let tab = SRC_TEXT.get(key);
  if (tab === undefined) {
    const a: (string | null)[] = [];
    // VOP3 before gfx10 has no literal: llvm-objdump-22 crashes on such words, so they are treated as invalid.
    for (let c = 0; c < 512; c++) a.push(c === LITERAL ? null : vopSrc(c, t, 0, g));
    tab = a;
    SRC_TEXT.set(key, tab);
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

/** The names bitBytes writes (its `name` is an index here). */
export const OP_SEL = 0;
export const OP_SEL_HI = 1;
export const NEG_LO = 2;
export const NEG_HI = 3;
const BIT_NAMES = ['op_sel', 'op_sel_hi', 'neg_lo', 'neg_hi'];
const BIT_TABLES: (ByteTable | null)[] = new Array(BIT_NAMES.length * 5).fill(null);

/**
 * bitList's texts pre-encoded: entry `bits & (2^n - 1)` of the result is bitList(BIT_NAMES[name], bits, n)
 * (n: 1-4). Made on first use; the strings built per word were most of VOP3P's allocation (issue 13).
 */
export function bitBytes(name: number, n: number): ByteTable {
  let t = BIT_TABLES[name * 5 + n];
  if (t === null) {
    t = byteTable(Array.from({ length: 1 << n }, (_, b) => bitList(BIT_NAMES[name], b, n)));
    BIT_TABLES[name * 5 + n] = t;
  }
  return t;
}

/** Register names by number, so the hot path only concatenates. */
export const VGPR_NAMES: readonly string[] = Array.from({ length: 256 }, (_, n) => 'v' + n);
export const AGPR_NAMES: readonly string[] = Array.from({ length: 256 }, (_, n) => 'a' + n);

/**
 * What VOP3 and VOP3P words share in a Decoded (DecodeOutput.into): two dwords, the op row, dst = VDST
 * (bits 7:0) and the three 9-bit source codes of the second dword.
 */
export function fillOperands(
  d: Decoded,
  fmt: Format,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: the family's own op row (Decoded.op).
  op: any,
  w0: number,
  w1: number,
): void {
  d.fmt = fmt;
  d.name = name;
  d.op = op;
  d.size = 8;
  d.dst = w0 & 0xff;
  d.src0 = w1 & 0x1ff;
  d.src1 = (w1 >>> 9) & 0x1ff;
  d.src2 = (w1 >>> 18) & 0x1ff;
}
