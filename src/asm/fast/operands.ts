// The fast path's operands: the tokens of lexer.ts read into reused typed arrays (kind, register file,
// index, count, value, keyword, modifiers), one entry per operand, with no object per operand. The syntax
// taken is what instruction lines ordinarily hold: registers (v1, s[2:3], ttmp4, vcc, ...), integers and
// floats with an optional sign, `-`/`|...|` around a register, keywords (off, glc, ...) and `name:int`
// modifiers. Anything else (symbols, expressions, calls, lists, lowercase-only names) returns -1: the
// line then goes the general way (operands.ts), which gives every diagnostic.
import { TARGET_NAMES } from '../../codec/families/exp.js';
import { DFMT, NFMT } from '../families/mem-format.js';
import { HWREG_IDS } from '../families/scalar-symbolic.js';
import type { ConstLookup } from '../operands.js';
import { SPECIAL_REGS } from '../registers.js';
import { StrTable } from '../strtab.js';
import { lexed, REG_S, TOKEN } from './lexer.js';

const { END: T_END, IDENT: T_IDENT, INT: T_INT, FLOAT: T_FLOAT, PUNCT: T_PUNCT } = TOKEN;
const { kind: tokKind, start: tokStart, end: tokEnd } = lexed;
const { value: tokValue, space: tokSpace, hash: tokHash } = lexed;
const REG_SGPR = REG_S;

// Readers copy these into constants of their own when loaded (see lexer.ts).
const O_REG = 1;
const O_INT = 2;
const O_FLOAT = 3;
const O_KEY = 4;
const O_NAMED = 5;
const O_TARGET = 6;
const O_FORMAT = 7;
const O_ATTR = 8;
const O_HWREG = 9;
const O_LIST = 10;
const O_COUNTER = 11;
const O_SEL = 12;
/**
 * Operand kinds; TARGET: an EXP target name (mrt0, pos1, param5, ...), its value in `index`; FORMAT:
 * MTBUF's `format:[...]` list of symbolic formats, its value (dfmt | nfmt << 4, the one not written at its
 * default) in `value`; ATTR: a VINTRP attribute `attrN.c`, N << 2 | c in `index`; HWREG: `hwreg(id[, offset,
 * width])` with integers or a register name, its simm16 in `value`; LIST: a VOP3P bit list (`op_sel:[0,1,1]`,
 * op_sel_hi, neg_lo, neg_hi: 1-4 entries of 0 or 1; entry k at bit k) or a DPP `quad_perm:[a,b,c,d]`
 * (0..3 each, entry k at bits 2k), its name in `word`, its bits in `value`, its entries in `count`; COUNTER: an
 * s_waitcnt counter `vmcnt(N)` (expcnt, lgkmcnt, their `_sat` forms) with an integer, COUNTER_NAMES's index
 * in `word`, N in `value`; SEL: an SDWA `dst_sel:`, `src0_sel:`, `src1_sel:` (BYTE_0-3, WORD_0/1, DWORD: 0-6)
 * or `dst_unused:` (UNUSED_PAD, UNUSED_SEXT, UNUSED_PRESERVE: 0-2) with its name, its name in `word`, its
 * code in `value`.
 */
export const OPERAND = {
  REG: O_REG,
  INT: O_INT,
  FLOAT: O_FLOAT,
  KEY: O_KEY,
  NAMED: O_NAMED,
  TARGET: O_TARGET,
  FORMAT: O_FORMAT,
  ATTR: O_ATTR,
  HWREG: O_HWREG,
  LIST: O_LIST,
  COUNTER: O_COUNTER,
  SEL: O_SEL,
} as const;

/** s_waitcnt's counters (asm/families/scalar-symbolic.ts), by their index in COUNTER operands. */
export const COUNTER_NAMES = [
  'vmcnt',
  'expcnt',
  'lgkmcnt',
  'vmcnt_sat',
  'expcnt_sat',
  'lgkmcnt_sat',
] as const;
const COUNTERS = new StrTable<number>(COUNTER_NAMES.map((k, i) => [k, i] as const));

const F_V = 0;
const F_S = 1;
const F_A = 2;
const F_TTMP = 3;
/** Register files; SPECIAL: a named register, whose index is its gfx9 scalar code (registers.ts). */
export const FILE = { V: F_V, S: F_S, A: F_A, TTMP: F_TTMP, SPECIAL: 4 } as const;
const F_SPECIAL = FILE.SPECIAL;

const M_NEG = 1;
const M_ABS = 2;
const M_SEXT = 4;
/** Source modifier bits. */
export const MODS = { NEG: M_NEG, ABS: M_ABS, SEXT: M_SEXT } as const;

const MAX_OPS = 16;
/**
 * The operands of the last line read: parallel arrays indexed by operand number. opWord: a KEY or
 * NAMED operand's id (KEYWORDS, NAMED); opComma: 1 when a comma preceded the operand; opTok: the
 * operand's first token after its modifiers (its spelling: `a16` the keyword, not `acc16`).
 */
export const opKind = new Uint8Array(MAX_OPS);
export const opFile = new Uint8Array(MAX_OPS);
export const opIndex = new Int32Array(MAX_OPS);
export const opCount = new Int32Array(MAX_OPS);
export const opValue = new Float64Array(MAX_OPS);
export const opWord = new Int32Array(MAX_OPS);
export const opComma = new Uint8Array(MAX_OPS);
export const opMods = new Uint8Array(MAX_OPS);
export const opTok = new Uint8Array(MAX_OPS);

/** Keywords and `name:` modifier names the families' matchers know, by id. */
export const KEYWORDS = [
  'off',
  'glc',
  'slc',
  'lds',
  'tfe',
  'nv',
  'offen',
  'idxen',
  'addr64',
  'clamp',
  'done',
  'vm',
  'compr',
  'gds',
  'unorm',
  'da',
  'r128',
  'lwe',
  'd16',
  'a16',
  'high',
  'p10',
  'p20',
  'p0',
  'row_mirror',
  'row_half_mirror',
] as const;
export const NAMED = [
  'offset',
  'offset0',
  'offset1',
  'mul',
  'div',
  'dmask',
  'dfmt',
  'nfmt',
  'format',
  'op_sel',
  'op_sel_hi',
  'neg_lo',
  'neg_hi',
  'cbsz',
  'abid',
  'blgp',
  'quad_perm',
  'row_shl',
  'row_shr',
  'row_ror',
  'wave_shl',
  'wave_rol',
  'wave_shr',
  'wave_ror',
  'row_bcast',
  'row_mask',
  'bank_mask',
  'bound_ctrl',
  'dst_sel',
  'dst_unused',
  'src0_sel',
  'src1_sel',
] as const;
/** Word ids: keywords from 0, named-modifier names from NAMED_BASE. */
export const NAMED_BASE = 64;
export const kw = (name: (typeof KEYWORDS)[number]): number => KEYWORDS.indexOf(name);
export const named = (name: (typeof NAMED)[number]): number => NAMED_BASE + NAMED.indexOf(name);

/** EXP targets (`null` is the named register), TARGET_BASE + the 6-bit TARGET value. */
const TARGET_BASE = 256;
/** VINTRP attributes attr0.x to attr32.w (LLVM's range; asm/families/mem-vintrp.ts), ATTR_BASE + N * 4 + c. */
const ATTR_BASE = 512;
const ATTR_NAMES: string[] = [];
for (let a = 0; a <= 32; a++) for (const c of 'xyzw') ATTR_NAMES.push(`attr${a}.${c}`);
/**
 * Identifiers: a keyword or modifier name (id), an EXP target, a VINTRP attribute, or a named register
 * (SPECIAL_BASE + code * 4 + count).
 */
const SPECIAL_BASE = 1 << 16;
const WORDS = new StrTable<number>([
  ...KEYWORDS.map((k, i) => [k, i] as const),
  ...NAMED.map((k, i) => [k, NAMED_BASE + i] as const),
  ...TARGET_NAMES.flatMap((k, v) =>
    k === 'null' || k.startsWith('invalid_target_') ? [] : [[k, TARGET_BASE + v] as const],
  ),
  ...ATTR_NAMES.map((k, i) => [k, ATTR_BASE + i] as const),
  ...Object.entries(SPECIAL_REGS).map(([k, [code, n]]) => [k, SPECIAL_BASE + code * 4 + n] as const),
]);

/** MTBUF's symbolic formats: data formats as themselves (0-15), numeric formats as 16 + their value. */
const FORMAT_NAMES: string[] = [];
for (const [k, v] of DFMT) FORMAT_NAMES[v] = k;
for (const [k, v] of NFMT) FORMAT_NAMES[16 + v] = k;
const FORMATS = new StrTable<number>(FORMAT_NAMES.map((k, v) => [k, v] as const));
const N_FORMAT = named('format');
const N_OP_SEL = named('op_sel');
const N_NEG_HI = named('neg_hi');
const N_QUAD_PERM = named('quad_perm');
const N_DST_SEL = named('dst_sel');
const N_DST_UNUSED = named('dst_unused');
const N_SRC1_SEL = named('src1_sel');
/**
 * SDWA's operand selects and dst_unused values (valu-mods.ts SEL, UNUSED; llvm-mc reads them in any case:
 * the fast path takes all-upper and all-lower spellings), by code; UNUSED_BASE + code for dst_unused's.
 */
const SEL_NAMES = ['BYTE_0', 'BYTE_1', 'BYTE_2', 'BYTE_3', 'WORD_0', 'WORD_1', 'DWORD'];
const UNUSED_NAMES = ['UNUSED_PAD', 'UNUSED_SEXT', 'UNUSED_PRESERVE'];
const UNUSED_BASE = 8;
const SEL_SPELLINGS = [
  ...SEL_NAMES.map((k, i) => [k, i] as const),
  ...UNUSED_NAMES.map((k, i) => [k, UNUSED_BASE + i] as const),
];
const SELS = new StrTable<number>([
  ...SEL_SPELLINGS,
  ...SEL_SPELLINGS.map(([k, v]) => [k.toLowerCase(), v] as const),
]);
const HWREG_NAMES = [...HWREG_IDS.keys()];
/** Hardware register names -> their index in HWREG_NAMES (the interned name for the symbol check). */
const HWREGS = new StrTable<number>(HWREG_NAMES.map((k, i) => [k, i] as const));
const HWREG_ID = HWREG_NAMES.map((k) => HWREG_IDS.get(k) as number);

/** The line's text (for a slice a symbol lookup needs) and its bytes (lexer.ts sourceBytes), as lexed. */
let line = '';
let src: Uint8Array = new Uint8Array(0);
let t = 0;

const isPunct = (k: number, ch: number): boolean => tokKind[k] === T_PUNCT && tokValue[k] === ch;
const COMMA = 44;
const MINUS = 45;
const BAR = 124;
const COLON = 58;
const LBRACK = 91;
const RBRACK = 93;
const LPAREN = 40;
const RPAREN = 41;

/** Whether operand k is the keyword of id w. */
export function isKey(k: number, w: number): boolean {
  return opKind[k] === O_KEY && opWord[k] === w;
}

/**
 * Reads the operands from token `from` of `text` (lexed by lexFast from its bytes `bytes`) into the
 * arrays; returns their number, or -1 when the general parser must read the line.
 */
export function parseFast(bytes: Uint8Array, text: string, from: number, consts: ConstLookup): number {
  line = text;
  src = bytes;
  t = from;
  let n = 0;
  while (tokKind[t] !== T_END) {
    if (n === MAX_OPS) return -1;
    let comma = 0;
    if (n > 0 && isPunct(t, COMMA)) {
      comma = 1;
      t++;
      // A trailing comma (s_waitcnt treats it apart): the general path's.
      if (tokKind[t] === T_END) return -1;
    }
    opComma[n] = comma;
    if (!operand(n, consts)) return -1;
    n++;
  }
  return n;
}

function operand(n: number, consts: ConstLookup): boolean {
  // Source modifiers wrap the operand as the general parser reads them (operands.ts parseOperand): `-`
  // (unless a number follows: then it is the number's sign), `|...|`, `neg(...)`, `abs(...)` and `sext(...)`, each at
  // most once. The closers owed, innermost in the low bits: 1 a bar, 2 a parenthesis.
  let mods = 0;
  let closers = 0;
  let depth = 0;
  for (;;) {
    if (isPunct(t, MINUS) && (mods & M_NEG) === 0) {
      // Before a number, a sign; before anything but a bar or a name (`--1`, `-(...)`), an expression's.
      const k = tokKind[t + 1];
      if (k === T_INT || k === T_FLOAT) break;
      if (k !== T_IDENT && !isPunct(t + 1, BAR)) return false;
      mods |= M_NEG;
      t++;
    } else if (isPunct(t, BAR) && (mods & M_ABS) === 0) {
      mods |= M_ABS;
      closers = (closers << 2) | 1;
      depth++;
      t++;
    } else {
      const f = fnMod(t);
      if (f === 0) break;
      // neg(neg(x)), abs(|x|): the general parser reads the inner one as an expression.
      if ((mods & f) !== 0) return false;
      mods |= f;
      closers = (closers << 2) | 2;
      depth++;
      t += 2;
    }
  }
  opMods[n] = mods;
  let k = tokKind[t];
  let sign = 1;
  if (k === T_PUNCT) {
    // Only a `-` that a number follows is left here.
    if (!isPunct(t, MINUS)) return false;
    sign = -1;
    t++;
    k = tokKind[t];
  }
  opTok[n] = t;
  if (k === T_INT || k === T_FLOAT) {
    // A constant's modifiers are the consumers' to take or refuse (a VOP3 source's neg/abs bits); the
    // value keeps its own sign (`|-1|` is -1 with abs, as parseOperand reads it).
    opKind[n] = k === T_INT ? O_INT : O_FLOAT;
    opValue[n] = sign * tokValue[t];
    t++;
  } else {
    // `neg(-v1)`, `-|-v1|`: an expression to the general parser.
    if (sign < 0 || k !== T_IDENT || !ident(n, consts)) return false;
    if (mods !== 0 && opKind[n] !== O_REG) return false;
  }
  for (; depth > 0; depth--) {
    if (!isPunct(t, (closers & 3) === 1 ? BAR : RPAREN)) return false;
    closers >>= 2;
    t++;
  }
  return ends(t);
}

/** The modifier calls, by name. */
const FN_MODS = new StrTable<number>([
  ['neg', M_NEG],
  ['abs', M_ABS],
  ['sext', M_SEXT],
]);

/**
 * M_NEG for `neg(` at token k, M_ABS for `abs(`, M_SEXT for `sext(`, else 0. Looked up in a table, as
 * keywords are: code of its own, first run by a rare line, would throw the optimised reader away.
 */
function fnMod(k: number): number {
  if (tokKind[k] !== T_IDENT || !isPunct(k + 1, LPAREN)) return 0;
  return FN_MODS.getBytes(src, tokStart[k], tokEnd[k], tokHash[k]) ?? 0;
}

/** Whether token k ends an operand: a comma, the end, or a blank before the next operand. */
function ends(k: number): boolean {
  const kind = tokKind[k];
  if (kind === T_END) return true;
  if (kind === T_PUNCT) return tokValue[k] === COMMA;
  return tokSpace[k] === 1;
}

function ident(n: number, consts: ConstLookup): boolean {
  const next = t + 1;
  const r = tokValue[t];
  if (r >= 0) {
    // `v12`, `s3` as the lexer read them: a register unless a glued `[` or `:`, or a `(`, follows (a range,
    // `name:value` or a call, none of which such a name begins).
    if (tokKind[next] === T_PUNCT) {
      const p = tokValue[next];
      if (p === LPAREN || (tokSpace[next] === 0 && (p === LBRACK || p === COLON))) return false;
    }
    opKind[n] = O_REG;
    opFile[n] = r >= REG_SGPR ? F_S : F_V;
    opIndex[n] = r >= REG_SGPR ? r - REG_SGPR : r;
    opCount[n] = 1;
    t = next;
    return true;
  }
  const s = tokStart[t];
  const e = tokEnd[t];
  // `s[0:3]`: a range glued to its prefix.
  if (isPunct(next, LBRACK) && tokSpace[next] === 0) {
    const file = rangeFile(s, e);
    if (file < 0) return false;
    if (tokKind[next + 1] !== T_INT) return false;
    const lo = tokValue[next + 1];
    let hi = lo;
    let k = next + 2;
    if (isPunct(k, COLON)) {
      if (tokKind[k + 1] !== T_INT) return false;
      hi = tokValue[k + 1];
      k += 2;
    }
    if (!isPunct(k, RBRACK) || hi < lo) return false;
    opKind[n] = O_REG;
    opFile[n] = file;
    opIndex[n] = lo;
    opCount[n] = hi - lo + 1;
    t = k + 1;
    return true;
  }
  if (isPunct(next, COLON) && tokSpace[next] === 0) {
    // `name:value` with an integer value.
    const w = WORDS.getBytes(src, s, e, tokHash[t]);
    if (w === undefined || w < NAMED_BASE || w >= TARGET_BASE) return false;
    if (isPunct(next + 1, LBRACK)) {
      if (w === N_FORMAT) return formatList(n, next + 2, consts);
      if (tokSpace[next + 1] !== 0) return false;
      if (w === N_QUAD_PERM) return list(n, w, next + 2, 3, 4);
      return w >= N_OP_SEL && w <= N_NEG_HI && list(n, w, next + 2, 1, 1);
    }
    if (w >= N_DST_SEL && w <= N_SRC1_SEL) return sel(n, w, next + 1, consts);
    let k = next + 1;
    let sign = 1;
    if (isPunct(k, MINUS)) {
      sign = -1;
      k++;
    }
    if (tokKind[k] !== T_INT || !ends(k + 1)) return false;
    opKind[n] = O_NAMED;
    opWord[n] = w;
    opValue[n] = sign * tokValue[k];
    t = k + 1;
    return true;
  }
  if (isPunct(next, 40)) {
    // hwreg(...) and `counter(N)` are read here; other calls are the general path's.
    if (e - s === 5 && isHwreg(s)) return hwregCall(n, next + 1, consts);
    const c = COUNTERS.getBytes(src, s, e, tokHash[t]);
    // An integer count and the closing parenthesis.
    if (c === undefined || tokKind[next + 1] !== T_INT || !isPunct(next + 2, RPAREN) || !ends(next + 3))
      return false;
    opKind[n] = O_COUNTER;
    opWord[n] = c;
    opValue[n] = tokValue[next + 1];
    t = next + 3;
    return true;
  }
  if (single(n, s, e)) {
    t = next;
    return true;
  }
  const w = WORDS.getBytes(src, s, e, tokHash[t]);
  if (w === undefined) return false;
  if (w >= SPECIAL_BASE) {
    opKind[n] = O_REG;
    opFile[n] = F_SPECIAL;
    opIndex[n] = (w - SPECIAL_BASE) >> 2;
    opCount[n] = (w - SPECIAL_BASE) & 3;
  } else if (w >= ATTR_BASE) {
    // An attribute defined as a symbol: the general path's.
    if (consts(ATTR_NAMES[w - ATTR_BASE]) !== undefined) return false;
    opKind[n] = O_ATTR;
    opIndex[n] = w - ATTR_BASE;
  } else if (w >= TARGET_BASE) {
    // A target defined as a symbol: the general path's.
    if (consts(TARGET_NAMES[w - TARGET_BASE]) !== undefined) return false;
    opKind[n] = O_TARGET;
    opIndex[n] = w - TARGET_BASE;
  } else {
    if (w >= NAMED_BASE) return false;
    // A keyword defined as a symbol is a value to the general parser.
    if (consts(KEYWORDS[w]) !== undefined) return false;
    opKind[n] = O_KEY;
    opWord[n] = w;
  }
  t = next;
  return true;
}

/** An SDWA select or dst_unused value (named `w`) at token k, right after the colon. */
function sel(n: number, w: number, k: number, consts: ConstLookup): boolean {
  if (tokKind[k] !== T_IDENT || tokSpace[k] !== 0 || !ends(k + 1)) return false;
  const v = SELS.getBytes(src, tokStart[k], tokEnd[k], tokHash[k]);
  if (v === undefined || v >= UNUSED_BASE !== (w === N_DST_UNUSED)) return false;
  // A value defined as a symbol: the general parser's.
  if (consts(line.slice(tokStart[k], tokEnd[k])) !== undefined) return false;
  opKind[n] = O_SEL;
  opWord[n] = w;
  opValue[n] = v >= UNUSED_BASE ? v - UNUSED_BASE : v;
  t = k + 1;
  return true;
}

/**
 * `format:[A, B]` from token k (after the bracket): one data format and/or one numeric format by name
 * (mem-format.ts gives the defaults, the errors and every other spelling); false leaves it to the general
 * parser.
 */
function formatList(n: number, k: number, consts: ConstLookup): boolean {
  let dfmt = -1;
  let nfmt = -1;
  for (;;) {
    if (tokKind[k] !== T_IDENT) return false;
    const f = FORMATS.getBytes(src, tokStart[k], tokEnd[k], tokHash[k]);
    if (f === undefined) return false;
    // A format name defined as a symbol is a value to the general parser.
    if (consts(FORMAT_NAMES[f]) !== undefined) return false;
    if (f < 16) {
      if (dfmt >= 0) return false;
      dfmt = f;
    } else {
      if (nfmt >= 0) return false;
      nfmt = f - 16;
    }
    k++;
    if (isPunct(k, RBRACK)) break;
    if (!isPunct(k, COMMA)) return false;
    k++;
  }
  if (!ends(k + 1)) return false;
  opKind[n] = O_FORMAT;
  opWord[n] = N_FORMAT;
  opValue[n] = (dfmt < 0 ? 1 : dfmt) | ((nfmt < 0 ? 0 : nfmt) << 4);
  t = k + 1;
  return true;
}

/**
 * A list of integers 0..max from token k (after the bracket): a VOP3P bit list (max 1, 1-4 entries:
 * valu-mods.ts `bits`) or a DPP quad_perm (max 3, exactly 4 entries when `need` is 4), entry j at bit
 * j * width of its value.
 */
function list(n: number, w: number, k: number, max: number, need: number): boolean {
  const width = max === 1 ? 1 : 2;
  let b = 0;
  let c = 0;
  // Entries at k, k + 2, ... with a comma between them, up to the closing bracket.
  for (; c < 4; k += 2) {
    const v = tokKind[k] === T_INT ? tokValue[k] : -1;
    if (v < 0 || v > max) return false;
    b |= v << (width * c++);
    if (isPunct(k + 1, RBRACK)) {
      if (c < need || !ends(k + 2)) return false;
      opKind[n] = O_LIST;
      opWord[n] = w;
      opValue[n] = b;
      opCount[n] = c;
      t = k + 2;
      return true;
    }
    if (!isPunct(k + 1, COMMA)) return false;
  }
  return false;
}

/**
 * `hwreg(id)` or `hwreg(id, offset, width)` from token k (after the parenthesis): id an integer 0..63 or a
 * register name not defined as a symbol, offset 0..31, width 1..32 (scalar-symbolic.ts gives the rest).
 */
function hwregCall(n: number, k: number, consts: ConstLookup): boolean {
  let id: number;
  const kind = tokKind[k];
  if (kind === T_INT) {
    id = tokValue[k];
    if (id > 63) return false;
  } else if (kind === T_IDENT) {
    const r = HWREGS.getBytes(src, tokStart[k], tokEnd[k], tokHash[k]);
    if (r === undefined || consts(HWREG_NAMES[r]) !== undefined) return false;
    id = HWREG_ID[r];
  } else return false;
  let v: number;
  if (isPunct(k + 1, RPAREN)) {
    v = id | (31 << 11);
    k += 2;
  } else {
    if (!isPunct(k + 1, COMMA) || tokKind[k + 2] !== T_INT || !isPunct(k + 3, COMMA)) return false;
    if (tokKind[k + 4] !== T_INT || !isPunct(k + 5, RPAREN)) return false;
    const off = tokValue[k + 2];
    const width = tokValue[k + 4];
    if (off > 31 || width < 1 || width > 32) return false;
    v = id | (off << 6) | ((width - 1) << 11);
    k += 6;
  }
  if (!ends(k)) return false;
  opKind[n] = O_HWREG;
  opValue[n] = v;
  t = k;
  return true;
}

/** The register file of a range prefix (v, s, a, acc, ttmp), or -1. */
function rangeFile(s: number, e: number): number {
  const c = src[s];
  const len = e - s;
  if (len === 1) return c === 118 ? F_V : c === 115 ? F_S : c === 97 ? F_A : -1;
  if (len === 4 && isTtmp(s)) return F_TTMP;
  if (len === 3 && c === 97 && src[s + 1] === 99 && src[s + 2] === 99) return F_A;
  return -1;
}

/** Whether the bytes at s spell `ttmp`. */
const isTtmp = (s: number): boolean =>
  src[s] === 116 && src[s + 1] === 116 && src[s + 2] === 109 && src[s + 3] === 112;

/** Whether the bytes at s spell `hwreg`. */
const isHwreg = (s: number): boolean =>
  src[s] === 104 && src[s + 1] === 119 && src[s + 2] === 114 && src[s + 3] === 101 && src[s + 4] === 103;

/** `v12`, `s3`, `a0`, `acc5`, `ttmp7` (lowercase, no leading zero) into operand n. */
function single(n: number, s: number, e: number): boolean {
  const c = src[s];
  let p: number;
  let file: number;
  if (c === 118 || c === 115) {
    p = s + 1;
    file = c === 118 ? F_V : F_S;
  } else if (c === 97) {
    p = src[s + 1] === 99 && src[s + 2] === 99 ? s + 3 : s + 1;
    file = F_A;
  } else if (isTtmp(s)) {
    p = s + 4;
    file = F_TTMP;
  } else return false;
  const len = e - p;
  if (len < 1 || len > 5 || (len > 1 && src[p] === 48)) return false;
  let v = 0;
  for (let i = p; i < e; i++) {
    const d = src[i] - 48;
    if (d < 0 || d > 9) return false;
    v = v * 10 + d;
  }
  opKind[n] = O_REG;
  opFile[n] = file;
  opIndex[n] = v;
  opCount[n] = 1;
  return true;
}
