// The text llvm-mc's asm printer writes for `-show-encoding`: expressions as MCExpr prints them,
// quoted strings, and instruction lines with their encoding comments.
import type { Expr } from './expr.js';
import type { Fixup } from './types.js';

const plain = (e: Expr): boolean => e.k === 'num' || e.k === 'sym' || e.k === 'dot' || e.k === 'un';
const additive = (op: string): boolean => op === '+' || op === '-';

/**
 * An expression as llvm-mc prints it: non-trivial operands in parentheses, except a sum on the left of
 * another sum (`a-b-c`); `X-42` for `X+-42`.
 */
export function printExpr(e: Expr): string {
  switch (e.k) {
    case 'num':
      return e.v.toString();
    case 'sym':
      return e.variant ? `${e.name}@${e.variant}` : e.name;
    case 'dot':
      return '.';
    case 'un':
      return e.op + (e.a.k === 'bin' ? `(${printExpr(e.a)})` : printExpr(e.a));
    case 'bin': {
      const bare = plain(e.a) || (e.a.k === 'bin' && additive(e.a.op) && additive(e.op));
      const lhs = bare ? printExpr(e.a) : `(${printExpr(e.a)})`;
      if (e.op === '+' && e.b.k === 'num' && e.b.v < 0n) return lhs + e.b.v.toString();
      const rhs = plain(e.b) ? printExpr(e.b) : `(${printExpr(e.b)})`;
      return lhs + (e.op === '<>' ? '!=' : e.op) + rhs;
    }
  }
}

const ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

/** A string as llvm-mc quotes it: C escapes for the usual controls, three-digit octal for the rest. */
export function quoteString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) out += '\\"';
    else if (c === 92) out += '\\\\';
    else if (c >= 32 && c < 127) out += s[i];
    else out += ESCAPES[c] ?? `\\${c.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

const COMMENT_COLUMN = 40;
const PAD = ' '.repeat(COMMENT_COLUMN);

const FIXUP_NAMES: Record<Fixup['kind'], string> = {
  sopp_br: 'fixup_si_sopp_br',
  lit32: 'FK_Data_4',
  lit32_pcrel: 'FK_PCRel_4',
};

const hex2 = (b: number) => `0x${b.toString(16).padStart(2, '0')}`;

/**
 * One instruction as llvm-mc prints it with -show-encoding: the text, the encoding comment at
 * column 40 with fixed-up bytes as A, B, ..., and one line per fixup.
 */
export function instructionListing(text: string, words: readonly number[], fixups: readonly Fixup[]): string {
  // llvm-mc pads the instruction text (its leading tab not counted) to column 40.
  const col = text.length;
  let out = `\t${text}${col < COMMENT_COLUMN ? PAD.slice(col) : ' '}; encoding: [`;
  const n = words.length * 4;
  for (let i = 0; i < n; i++) {
    let b = '';
    for (let k = 0; k < fixups.length; k++) {
      const f = fixups[k];
      const size = f.kind === 'sopp_br' ? 2 : 4;
      if (i >= f.offset && i < f.offset + size) b = String.fromCharCode(65 + k);
    }
    if (i) out += ',';
    out += b || hex2((words[i >> 2] >>> ((i & 3) * 8)) & 0xff);
  }
  out += ']\n';
  for (let k = 0; k < fixups.length; k++) {
    const f = fixups[k];
    out += `${PAD};   fixup ${String.fromCharCode(65 + k)} - offset: ${f.offset}, value: ${printExpr(f.expr)}, kind: ${FIXUP_NAMES[f.kind]}\n`;
  }
  return out;
}
