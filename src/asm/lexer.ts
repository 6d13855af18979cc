// Tokens of one source line, with 1-based columns. `;` and `//` start a comment (the AMDGPU target's
// comment strings). Identifiers may contain `.`, `$` and `@` so that `sym@rel32@lo` and `.L_label` are one
// token, as in LLVM's lexer.

export type TokKind = 'ident' | 'int' | 'float' | 'str' | 'punct' | 'end';

export interface Token {
  kind: TokKind;
  /** Source text of the token (for 'str', the decoded contents). */
  text: string;
  /** 1-based column. */
  col: number;
  /** For 'int': the value (bigint when outside the safe range). */
  int?: number | bigint;
  /** For 'float': the value. */
  num?: number;
  /** True when whitespace precedes the token. */
  space: boolean;
}

export class LexError extends Error {
  constructor(
    readonly col: number,
    message: string,
  ) {
    super(message);
  }
}

// Character classes by code (bit 1: starts an identifier, bit 2: continues one): one load per character.
const ID_START = 1;
const ID_CHAR = 2;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 46 || c === 36;
  CLASS[c] = (start ? ID_START | ID_CHAR : 0) | ((c >= 48 && c <= 57) || c === 64 ? ID_CHAR : 0);
}
// NaN (past the end) and non-ASCII codes fail the bound check (an out-of-bounds read would deoptimise).
const isIdStart = (c: number) => c < 128 && (CLASS[c] & ID_START) !== 0;
const isIdChar = (c: number) => c < 128 && (CLASS[c] & ID_CHAR) !== 0;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isE = (c: number) => c === 101 || c === 69;
const isSign = (c: number) => c === 45 || c === 43;
const isHex = (c: number) => isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);

const TWO = ['<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '<>'];
/** One-character punctuation by code; two-character operators by their two codes. */
const PUNCT1: (string | undefined)[] = new Array(128).fill(undefined);
for (const p of '[](),:|-+*/%~!&^<>=#{}') PUNCT1[p.charCodeAt(0)] = p;
const PUNCT2 = new Map(TWO.map((t) => [t.charCodeAt(0) * 128 + t.charCodeAt(1), t]));

function punctAt(line: string, i: number, c: number): string | undefined {
  const p = PUNCT1[c];
  if (p === undefined) return undefined;
  const d = line.charCodeAt(i + 1);
  return d < 128 ? (PUNCT2.get(c * 128 + d) ?? p) : p;
}

function intValue(text: string, radix: number, col: number): number | bigint {
  const digits = radix === 10 ? text : text.slice(2);
  if (digits === '') throw new LexError(col, 'invalid hexadecimal number');
  const n = Number.parseInt(digits, radix);
  if (Number.isSafeInteger(n)) return n;
  const prefix = radix === 16 ? '0x' : radix === 2 ? '0b' : radix === 8 ? '0o' : '';
  const b = BigInt(prefix + digits);
  // llvm-mc keeps 64 bits of an over-long constant.
  if (b >= 1n << 64n) throw new LexError(col, 'literal value out of range');
  return b;
}

/**
 * Token objects reused from line to line by the instruction parser, which keeps no token past its line
 * (an instruction line otherwise allocates one object per token, most of its garbage).
 */
export class TokenPool {
  readonly toks: Token[] = [];
  readonly spare: Token[] = [];
}

function put(
  out: Token[],
  pool: TokenPool | null,
  kind: TokKind,
  text: string,
  col: number,
  space: boolean,
  int?: number | bigint,
  num?: number,
): void {
  // One shape for every token (int/num present, maybe undefined): the parser's accesses stay monomorphic.
  if (pool === null) {
    out.push({ kind, text, col, int, num, space });
    return;
  }
  const k = out.length;
  let t = pool.spare[k];
  if (t === undefined) {
    t = { kind, text, col, int, num, space };
    pool.spare.push(t);
  } else {
    t.kind = kind;
    t.text = text;
    t.col = col;
    t.int = int;
    t.num = num;
    t.space = space;
  }
  out.push(t);
}

/**
 * Splits `line` (without its newline) into tokens; the last token is always 'end'. With `pool`, the
 * tokens (and the array) are the pool's, valid until its next use.
 */
export function lex(line: string, pool: TokenPool | null = null): Token[] {
  let out: Token[];
  if (pool === null) out = [];
  else {
    out = pool.toks;
    out.length = 0;
  }
  const n = line.length;
  let i = 0;
  let space = true;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      space = true;
      continue;
    }
    if (c === 59 || (c === 47 && line.charCodeAt(i + 1) === 47)) break;
    const col = i + 1;
    if (isIdStart(c) && !(c === 46 && isDigit(line.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < n && isIdChar(line.charCodeAt(j))) j++;
      put(out, pool, 'ident', line.slice(i, j), col, space);
      i = j;
    } else if (isDigit(c) || (c === 46 && isDigit(line.charCodeAt(i + 1)))) {
      let j = i;
      const c1 = line.charCodeAt(i + 1) | 0x20;
      if (c === 48 && (c1 === 120 || c1 === 98) && i + 1 < n) {
        j = i + 2;
        const hex = c1 === 120;
        while (j < n && (hex ? isHex(line.charCodeAt(j)) : line[j] === '0' || line[j] === '1')) j++;
        const text = line.slice(i, j);
        put(out, pool, 'int', text, col, space, intValue(text, hex ? 16 : 2, col));
      } else {
        while (j < n && isDigit(line.charCodeAt(j))) j++;
        let isFloat = false;
        if (line[j] === '.' && !isIdStart(line.charCodeAt(j + 1) | 0)) {
          isFloat = true;
          j++;
          while (j < n && isDigit(line.charCodeAt(j))) j++;
        } else if (line[j] === '.' && isE(line.charCodeAt(j + 1))) {
          isFloat = true;
          j++;
        }
        const e1 = line.charCodeAt(j + 1);
        if (isE(line.charCodeAt(j)) && (isSign(e1) || isDigit(e1))) {
          const k = isSign(e1) ? j + 2 : j + 1;
          if (isDigit(line.charCodeAt(k))) {
            isFloat = true;
            j = k;
            while (j < n && isDigit(line.charCodeAt(j))) j++;
          }
        }
        const text = line.slice(i, j);
        if (isFloat) put(out, pool, 'float', text, col, space, undefined, Number(text));
        else {
          const radix = text.length > 1 && text[0] === '0' ? 8 : 10;
          if (radix === 8 && /[89]/.test(text)) throw new LexError(col, 'invalid octal number');
          put(
            out,
            pool,
            'int',
            text,
            col,
            space,
            intValue(radix === 8 ? `0o${text.slice(1)}` : text, radix, col),
          );
        }
      }
      i = j;
    } else if (c === 39 && i + 2 < n && line.charCodeAt(i + 1) !== 92 && line.charCodeAt(i + 2) === 39) {
      // A character constant 'a' is its code, as in llvm-mc.
      put(out, pool, 'int', line.slice(i, i + 3), col, space, line.charCodeAt(i + 1));
      i += 3;
    } else if (c === 34) {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= n) throw new LexError(col, 'unterminated string constant');
        const ch = line[j];
        if (ch === '"') break;
        if (ch === '\\') {
          const e = line[j + 1];
          j += 2;
          if (e === 'n') s += '\n';
          else if (e === 't') s += '\t';
          else if (e === 'r') s += '\r';
          else if (e === '0' || (e >= '0' && e <= '7')) {
            let k = j - 1;
            let v = 0;
            while (k < j + 2 && k < n && line[k] >= '0' && line[k] <= '7') v = v * 8 + Number(line[k++]);
            j = k;
            s += String.fromCharCode(v & 0xff);
          } else if (e === 'x') {
            let k = j;
            let v = 0;
            while (k < n && /[0-9a-fA-F]/.test(line[k])) v = (v * 16 + Number.parseInt(line[k++], 16)) & 0xff;
            j = k;
            s += String.fromCharCode(v);
          } else if (e === undefined) throw new LexError(col, 'unterminated string constant');
          else s += e;
        } else {
          s += ch;
          j++;
        }
      }
      put(out, pool, 'str', s, col, space);
      i = j + 1;
    } else {
      // Punctuation by table: no slice or set lookup per comma.
      const text = c < 128 ? punctAt(line, i, c) : undefined;
      if (text === undefined) throw new LexError(col, `unexpected character '${line[i]}'`);
      put(out, pool, 'punct', text, col, space);
      i += text.length;
    }
    space = false;
  }
  put(out, pool, 'end', '', i + 1, space);
  return out;
}
