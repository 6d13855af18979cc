// The fast path's lexer: one pass over an instruction line's characters into reused typed arrays (kind,
// start, end, value, space before), no token objects and no slices. It reads a byte copy of the source
// (sourceBytes), not the string: a typed-array load is a third of the cost of charCodeAt on a cons string
// (the bench's source) and half of it on a flat one (node 20). It knows only what ordinary
// instruction lines contain (identifiers, decimal and hex integers, plain decimal floats, single-character
// punctuation); on anything else it gives up (returns -1) and the line goes the general way (lexer.ts),
// which also owns every diagnostic.

// Modules that read the tokens copy these bindings into their own constants when loaded: an imported
// binding read on a hot path costs a getter call per read under the tsx loader the benchmarks run with.

const T_END = 0;
const T_IDENT = 1;
const T_INT = 2;
const T_FLOAT = 3;
const T_PUNCT = 4;
/** Token kinds. */
export const TOKEN = { END: T_END, IDENT: T_IDENT, INT: T_INT, FLOAT: T_FLOAT, PUNCT: T_PUNCT } as const;

const MAX_TOKENS = 64;
const tokKind = new Uint8Array(MAX_TOKENS);
const tokStart = new Int32Array(MAX_TOKENS);
const tokEnd = new Int32Array(MAX_TOKENS);
const tokValue = new Float64Array(MAX_TOKENS);
const tokSpace = new Uint8Array(MAX_TOKENS);
const tokHash = new Int32Array(MAX_TOKENS);
/** Tokens of the last line lexed: parallel arrays indexed by token number. */
export const lexed = {
  kind: tokKind,
  start: tokStart,
  end: tokEnd,
  /**
   * An integer's or float's value; a punctuation token's character code; for an identifier after the
   * first, REG_V + N for `vN` and REG_S + N for `sN` as operands.ts `single` reads them (digits only, no
   * leading zero, 1-5 digits), else -1.
   */
  value: tokValue,
  /** 1 when blanks precede the token. */
  space: tokSpace,
  /** An identifier's strHash (strtab.ts), made as it is read: the mnemonic and keyword lookups need no pass of their own. */
  hash: tokHash,
} as const;
/** The register names the lexer reads (see `value`): VGPR N is REG_V + N, SGPR N is REG_S + N. */
export const REG_V = 0;
export const REG_S = 1 << 17;

/** Zero bytes after a source's bytes: the lexer and the operand reader read a few bytes past a line's end. */
const PAD = 8;
/** The byte sourceBytes gives for a code unit >= 128 (of no class to the lexer; no StrTable key holds it). */
const NON_ASCII = 0x80;
const encoder = new TextEncoder();

/**
 * The fast path's copy of a source: each ASCII character as its byte, every other UTF-16 code unit as
 * 0x80 (which no token takes), so that offsets are the string's; PAD zero bytes after the end. With `reuse`,
 * in the buffer of the last such call when it is long enough (its previous contents are then invalid).
 */
export function sourceBytes(text: string, reuse = false): Uint8Array {
  const n = text.length;
  let b = reuse ? spare.deref() : undefined;
  if (b === undefined || b.length < n + PAD) b = new Uint8Array(n + PAD);
  else b.fill(0, n, n + PAD);
  if (reuse) spare = new WeakRef(b);
  // UTF-8 is the string itself when every character is ASCII (anything else takes more bytes than code
  // units): one native copy. Otherwise code unit by code unit.
  const r = encoder.encodeInto(text, b.subarray(0, n));
  if (r.read !== n || r.written !== n) asciiInto(text, b);
  return b;
}

/**
 * The buffer of the last `reuse` sourceBytes, for the next: a whole source's copy, megabytes that V8 counts
 * outside its heap (after 64 MB of such allocations it starts a full GC). Held weakly: a full GC frees it.
 */
let spare = new WeakRef(new Uint8Array(0));

let scratch = new Uint8Array(256);

/** sourceBytes of one line into a reused buffer (valid until the next call). */
export function lineBytes(text: string): Uint8Array {
  if (text.length + PAD > scratch.length) scratch = new Uint8Array(2 * (text.length + PAD));
  asciiInto(text, scratch);
  scratch.fill(0, text.length, text.length + PAD);
  return scratch;
}

function asciiInto(text: string, b: Uint8Array): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    b[i] = c < 128 ? c : NON_ASCII;
  }
}

// Character classes, one table load per byte; 0 (the table's default, every byte >= 128 too): a character
// no token of the fast path holds.
const C_BLANK = 1;
const C_ID = 2;
const C_DIGIT = 3;
const C_PUNCT = 4;
const C_END = 5; // `;` comment
const C_SLASH = 6; // `//` comment, else an operator the fast path does not take
const C_DOT = 7;
const CLASS = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  if (c === 32 || c === 9 || c === 13) CLASS[c] = C_BLANK;
  else if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36) CLASS[c] = C_ID;
  else if (c >= 48 && c <= 57) CLASS[c] = C_DIGIT;
  else if (c === 59) CLASS[c] = C_END;
  else if (c === 47) CLASS[c] = C_SLASH;
  else if (c === 46) CLASS[c] = C_DOT;
}
// Punctuation of operand syntax; a two-character operator (<<, ||, ...) sends the line the general way.
for (const p of ',[]:|-()') CLASS[p.charCodeAt(0)] = C_PUNCT;
/** Characters that continue an identifier (as lexer.ts: letters, digits, `_ . $ @`). */
const ID_CHAR = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const k = CLASS[c];
  ID_CHAR[c] = k === C_ID || k === C_DIGIT || k === C_DOT || c === 64 ? 1 : 0;
}
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 128; c++) {
  if (c >= 48 && c <= 57) HEX[c] = c - 48;
  else if ((c | 0x20) >= 97 && (c | 0x20) <= 102) HEX[c] = (c | 0x20) - 87;
}

const isIdChar = (c: number): boolean => ID_CHAR[c] === 1;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Lexes text[from, to) from its bytes `line` (sourceBytes of `text`) into the token arrays (offsets in
 * `text`); returns the number of tokens before the final T_END, or -1 when the line holds something the
 * fast path leaves to the general lexer. Reads past `to` only where the character there cannot change the
 * answer (the '\n' that ends a line in a source, or the padding).
 */
export function lexFast(line: Uint8Array, text: string, from: number, to: number): number {
  const n = to;
  let i = from;
  let k = 0;
  let space = 1;
  while (i < n) {
    const c = line[i];
    const cls = CLASS[c];
    if (cls === C_BLANK) {
      i++;
      space = 1;
      continue;
    }
    if (cls === C_END || (cls === C_SLASH && line[i + 1] === 47)) break;
    if (k === MAX_TOKENS - 1) return -1;
    tokStart[k] = i;
    tokSpace[k] = space;
    space = 0;
    if (cls === C_ID) {
      // FNV-1a as strtab.ts strHash, over the identifier's characters.
      let h = Math.imul(0x811c9dc5 ^ c, 0x01000193);
      let j = i + 1;
      for (; j < n; j++) {
        const d = line[j];
        if (!isIdChar(d)) break;
        h = Math.imul(h ^ d, 0x01000193);
      }
      tokKind[k] = T_IDENT;
      tokEnd[k] = j;
      tokHash[k] = h;
      tokValue[k] =
        k > 0 && (c === 118 || c === 115) ? register(line, i + 1, j, c === 118 ? REG_V : REG_S) : -1;
      i = j;
    } else if (cls === C_DIGIT) {
      const j = number(line, text, i, n, k);
      if (j < 0) return -1;
      i = j;
    } else if (cls === C_PUNCT) {
      // `||`, `<<` and friends: not operand syntax the fast path takes.
      if (c === 124 && line[i + 1] === 124) return -1;
      tokKind[k] = T_PUNCT;
      tokValue[k] = c;
      tokEnd[k] = i + 1;
      i++;
    } else return -1;
    k++;
  }
  tokKind[k] = T_END;
  tokStart[k] = i;
  tokEnd[k] = i;
  tokSpace[k] = space;
  return k;
}

/** `base` + N for the digits line[i, j) of a register name (1-5 digits, no leading zero), else -1. */
function register(line: Uint8Array, i: number, j: number, base: number): number {
  const len = j - i;
  if (len < 1 || len > 5 || (len > 1 && line[i] === 48)) return -1;
  let v = 0;
  for (; i < j; i++) {
    const d = line[i] - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return base + v;
}

/** An integer (decimal, 0x hex) or a float `ddd.ddd[e[+-]ddd]` at `i`; returns its end or -1. */
function number(line: Uint8Array, text: string, i: number, n: number, k: number): number {
  const c0 = line[i];
  const c1 = line[i + 1];
  let j: number;
  let v = 0;
  if (c0 === 48 && (c1 | 0x20) === 120) {
    j = i + 2;
    for (; j < n; j++) {
      const d = HEX[line[j]];
      if (d < 0) break;
      v = v * 16 + d;
    }
    // Up to 13 hex digits stay exact; longer ones (and `0x` alone) are the general lexer's.
    if (j === i + 2 || j - i - 2 > 13) return -1;
  } else {
    // A leading zero is octal to llvm-mc: the general lexer's.
    if (c0 === 48 && isDigit(c1)) return -1;
    j = i;
    while (j < n && isDigit(line[j])) v = v * 10 + (line[j++] - 48);
    if (j - i > 15) return -1;
    if (line[j] === 46) {
      // A float: digits on both sides of the point, an optional exponent.
      let f = j + 1;
      if (!isDigit(line[f])) return -1;
      while (f < n && isDigit(line[f])) f++;
      if ((line[f] | 0x20) === 101) {
        let e = f + 1;
        const s = line[e];
        if (s === 43 || s === 45) e++;
        if (!isDigit(line[e])) return -1;
        while (e < n && isDigit(line[e])) e++;
        f = e;
      }
      if (f < n && isIdChar(line[f])) return -1;
      tokKind[k] = T_FLOAT;
      tokValue[k] = Number(text.slice(i, f));
      tokEnd[k] = f;
      return f;
    }
  }
  // `12b`, `1e5`, `0x1g`: numeric-label references, exponents without a point, junk: not ours.
  if (j < n && isIdChar(line[j])) return -1;
  tokKind[k] = T_INT;
  tokValue[k] = v;
  tokEnd[k] = j;
  return j;
}
