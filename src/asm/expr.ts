// Assembler expressions: integers, symbols (with `@variant` kinds such as `sym@rel32@lo`), the current
// location `.`, unary - ~ ! +, and binary operators with the precedence of LLVM's GNU-style parser.
// Values are 64-bit (bigint): expressions are evaluated once per use, never on a hot path.
import type { Token } from './lexer.js';
import type { Pos } from './types.js';

export type Expr =
  | { readonly k: 'num'; readonly v: bigint }
  | { readonly k: 'sym'; readonly name: string; readonly variant: string; readonly pos: Pos }
  | { readonly k: 'dot'; readonly pos: Pos }
  | { readonly k: 'un'; readonly op: string; readonly a: Expr }
  | { readonly k: 'bin'; readonly op: string; readonly a: Expr; readonly b: Expr };

export class ExprError extends Error {
  constructor(
    readonly col: number,
    message: string,
  ) {
    super(message);
  }
}

// Binary precedence as in LLVM's AsmParser (GNU mode): higher binds tighter.
const PREC: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '^': 4,
  '&': 5,
  '==': 6,
  '!=': 6,
  '<>': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};

/** A cursor over a line's tokens, shared by operand and expression parsing. */
export class TokCursor {
  i = 0;
  constructor(
    readonly toks: Token[],
    readonly line: number,
  ) {}
  get tok(): Token {
    return this.toks[this.i];
  }
  peek(k = 1): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)];
  }
  next(): Token {
    const t = this.toks[this.i];
    if (t.kind !== 'end') this.i++;
    return t;
  }
  isPunct(text: string): boolean {
    return this.tok.kind === 'punct' && this.tok.text === text;
  }
  eat(text: string): boolean {
    if (!this.isPunct(text)) return false;
    this.i++;
    return true;
  }
  atEnd(): boolean {
    return this.tok.kind === 'end';
  }
  pos(t: Token = this.tok): Pos {
    return { line: this.line, col: t.col };
  }
}

function splitVariant(text: string): [string, string] {
  const at = text.indexOf('@');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1).toLowerCase()];
}

/**
 * Parses an expression at the cursor. With `stopAtPipe`, a `|` ends the expression (inside |x|), as LLVM's
 * AMDGPU parser does for absolute-value bars.
 */
export function parseExpr(c: TokCursor, stopAtPipe = false, minPrec = 1): Expr {
  let lhs = parsePrimary(c, stopAtPipe);
  for (;;) {
    const t = c.tok;
    if (t.kind !== 'punct') break;
    const p = PREC[t.text];
    if (p === undefined || p < minPrec || (stopAtPipe && t.text === '|')) break;
    c.next();
    const rhs = parseExpr(c, stopAtPipe, p + 1);
    lhs = { k: 'bin', op: t.text, a: lhs, b: rhs };
  }
  return lhs;
}

function parsePrimary(c: TokCursor, stopAtPipe: boolean): Expr {
  const t = c.tok;
  if (t.kind === 'int') {
    c.next();
    return { k: 'num', v: BigInt.asIntN(64, BigInt(t.int as number | bigint)) };
  }
  if (t.kind === 'ident') {
    c.next();
    if (t.text === '.') return { k: 'dot', pos: c.pos(t) };
    const [name, variant] = splitVariant(t.text);
    return { k: 'sym', name, variant, pos: c.pos(t) };
  }
  if (t.kind === 'punct') {
    if (t.text === '(') {
      c.next();
      const e = parseExpr(c, false);
      if (!c.eat(')')) throw new ExprError(c.tok.col, "expected ')'");
      return e;
    }
    if (t.text === '-' || t.text === '~' || t.text === '!' || t.text === '+') {
      c.next();
      const a = parsePrimary(c, stopAtPipe);
      return t.text === '+' ? a : { k: 'un', op: t.text, a };
    }
  }
  throw new ExprError(t.col, 'unknown token in expression');
}

/** What a symbol resolves to during evaluation: an absolute value, or a section offset. */
export interface SymValue {
  readonly value: bigint;
  /** Section the value is relative to; undefined for absolute symbols. */
  readonly section?: string;
}

/** The result of evaluating: absolute (`sym` undefined) or `sym + value` (a relocatable reference). */
export interface EvalResult {
  readonly value: bigint;
  /** The one symbol the value is relative to (unresolved or section-relative), with its variant. */
  readonly sym?: { readonly name: string; readonly variant: string; readonly pos: Pos };
  /** Set when the value is relative to a section (a resolved label): `section + value`. */
  readonly section?: string;
}

export type Lookup = (name: string) => SymValue | undefined;

const wrap = (v: bigint) => BigInt.asIntN(64, v);

/**
 * Evaluates an expression. Labels of the same section subtract to an absolute value; an unknown symbol
 * may appear once, added to a constant, making a relocatable result. Anything else throws ExprError.
 */
export function evalExpr(e: Expr, lookup: Lookup, dot?: SymValue): EvalResult {
  switch (e.k) {
    case 'num':
      return { value: e.v };
    case 'dot':
      if (!dot) throw new ExprError(e.pos.col, "'.' is not allowed here");
      return { value: dot.value, section: dot.section };
    case 'sym': {
      const v = e.variant === '' ? lookup(e.name) : undefined;
      if (v && v.section === undefined) return { value: v.value };
      if (v) return { value: v.value, section: v.section };
      return { value: 0n, sym: { name: e.name, variant: e.variant, pos: e.pos } };
    }
    case 'un': {
      const a = evalExpr(e.a, lookup, dot);
      if (a.sym || a.section) throw new ExprError(0, 'expected absolute expression');
      if (e.op === '-') return { value: wrap(-a.value) };
      if (e.op === '~') return { value: wrap(~a.value) };
      return { value: a.value === 0n ? 1n : 0n };
    }
    case 'bin': {
      const a = evalExpr(e.a, lookup, dot);
      const b = evalExpr(e.b, lookup, dot);
      const relA = a.sym !== undefined || a.section !== undefined;
      const relB = b.sym !== undefined || b.section !== undefined;
      if (e.op === '+' && !(relA && relB)) {
        const r = relA ? a : b;
        return { ...r, value: wrap(a.value + b.value) };
      }
      if (e.op === '-' && relA && !relB) return { ...a, value: wrap(a.value - b.value) };
      if (e.op === '-' && relA && relB && !a.sym && !b.sym && a.section === b.section)
        return { value: wrap(a.value - b.value) };
      if (relA || relB) throw new ExprError(0, 'expected absolute expression');
      return { value: absoluteBinop(e.op, a.value, b.value) };
    }
  }
}

/** An operator on two absolute 64-bit values (also used by the assembler's symbol evaluator). */
export function absoluteBinop(op: string, a: bigint, b: bigint): bigint {
  switch (op) {
    case '+':
      return wrap(a + b);
    case '-':
      return wrap(a - b);
    case '*':
      return wrap(a * b);
    case '/':
      if (b === 0n) throw new ExprError(0, 'division by zero');
      return wrap(a / b);
    case '%':
      if (b === 0n) throw new ExprError(0, 'division by zero');
      return wrap(a % b);
    case '<<':
      return wrap(a << (b & 63n));
    case '>>':
      return wrap(a >> (b & 63n));
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '&&':
      return a !== 0n && b !== 0n ? 1n : 0n;
    case '||':
      return a !== 0n || b !== 0n ? 1n : 0n;
    // LLVM's comparisons yield -1 for true (GNU as semantics).
    case '==':
      return a === b ? -1n : 0n;
    case '!=':
    case '<>':
      return a !== b ? -1n : 0n;
    case '<':
      return a < b ? -1n : 0n;
    case '>':
      return a > b ? -1n : 0n;
    case '<=':
      return a <= b ? -1n : 0n;
    case '>=':
      return a >= b ? -1n : 0n;
  }
  throw new ExprError(0, `unknown operator '${op}'`);
}
