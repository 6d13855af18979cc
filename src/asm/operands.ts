// Generic operand parsing of an instruction line, before the op is known (as LLVM's AMDGPU parser does):
// registers, constants, expressions, source modifiers, `name:value` modifiers and `name(...)` operands.
import { type Expr, ExprError, evalExpr, parseExpr, type TokCursor } from './expr.js';
import { rangePrefix, singleReg } from './registers.js';
import {
  type CallArg,
  type CallOperand,
  type Mods,
  type NamedValue,
  NO_MODS,
  type Operand,
  type OperandBody,
  type Pos,
  type RegOperand,
} from './types.js';

export class OperandError extends Error {
  constructor(
    readonly pos: Pos,
    message: string,
  ) {
    super(message);
  }
}

/** Symbols known while parsing (absolute `.set` values), so constant expressions fold at once. */
export type ConstLookup = (name: string) => bigint | undefined;

/** abs / neg / sext, the modifiers written as calls (compared by length first: no hashing per identifier). */
function isFnMod(s: string): boolean {
  return s.length === 3 ? s === 'abs' || s === 'neg' : s.length === 4 && s === 'sext';
}

/** Where a line ended in a separator (`s_mov_b32 s0, s1,`): llvm-mc drops it, s_waitcnt does not. */
export interface TrailingSeparator {
  pos: Pos | undefined;
}

/** Parses all operands up to the end of the line. */
export function parseOperands(c: TokCursor, consts: ConstLookup, trailing?: TrailingSeparator): Operand[] {
  const out: Operand[] = [];
  while (!c.atEnd()) {
    let comma = false;
    if (out.length > 0 && c.eat(',')) comma = true;
    if (c.atEnd()) {
      if (trailing) trailing.pos = c.pos();
      break;
    }
    // `vmcnt(0) & lgkmcnt(0)`: `&` joins s_waitcnt counters like a separator.
    if (out.length > 0 && !comma && c.eat('&') && c.atEnd()) {
      if (trailing) trailing.pos = c.pos();
      break;
    }
    out.push(parseOperand(c, consts, comma));
  }
  return out;
}

function parseOperand(c: TokCursor, consts: ConstLookup, comma: boolean): Operand {
  const start = c.pos();
  let neg = false;
  let abs = false;
  let sext = false;
  let fn = false;
  // Modifiers wrap: -|x|, neg(abs(x)), -abs(x), sext(x); a `-` before a number is the number's sign.
  // The closing `|` / `)` still owed, innermost last (a string: no array for the usual bare operand).
  let closers = '';
  for (;;) {
    const t = c.tok;
    if (t.kind === 'punct' && t.text === '-' && !neg && isModTarget(c, 1)) {
      c.next();
      neg = true;
      continue;
    }
    if (t.kind === 'punct' && t.text === '|' && !abs) {
      c.next();
      abs = true;
      closers += '|';
      continue;
    }
    if (t.kind === 'ident' && isFnMod(t.text) && c.peek().kind === 'punct' && c.peek().text === '(') {
      const name = t.text;
      if ((name === 'abs' && abs) || (name === 'neg' && neg) || (name === 'sext' && sext)) break;
      c.next();
      c.next();
      fn = true;
      if (name === 'abs') abs = true;
      else if (name === 'neg') neg = true;
      else sext = true;
      closers += ')';
      continue;
    }
    break;
  }
  const inner = c.pos();
  const body = parseBody(c, consts, abs);
  for (let k = closers.length - 1; k >= 0; k--) {
    if (!c.eat(closers[k]))
      throw new OperandError(
        c.pos(),
        closers[k] === '|' ? 'expected vertical bar' : 'expected closing parentheses',
      );
  }
  // Extending the body in place is much cheaper than a spread on this per-operand path.
  const o = body as unknown as { pos: Pos; mods: Mods; comma: boolean };
  const modded = neg || abs || sext;
  // llvm-mc places what it says about `lit(N)` at N (its operand starts there), unless modifiers precede it.
  const lit = body.kind === 'call' && body.name === 'lit' && body.args.length > 0 ? body.args[0].pos : null;
  o.pos = lit !== null && !modded ? lit : start;
  o.mods = modded ? { neg, abs, sext, fn, inner: lit ?? inner } : NO_MODS;
  o.comma = comma;
  return o as unknown as Operand;
}

/** True when the token at offset k starts something a `-` negates as a modifier (not a number's sign). */
function isModTarget(c: TokCursor, k: number): boolean {
  const t = c.peek(k);
  if (t.kind === 'punct') return t.text === '|' || t.text === '[';
  if (t.kind !== 'ident') return false;
  if (isFnMod(t.text)) return true;
  return singleReg(t.text) !== null || rangePrefix(t.text) !== null;
}

function parseBody(c: TokCursor, consts: ConstLookup, inBars: boolean): OperandBody {
  const t = c.tok;
  if (t.kind === 'punct' && t.text === '{') return parseStruct(c, consts);
  if (t.kind === 'punct' && t.text === '[') return parseRegList(c);
  if (t.kind === 'ident') {
    const nxt = c.peek();
    const glued = !nxt.space;
    if (glued && nxt.kind === 'punct' && nxt.text === '[' && rangePrefix(t.text)) return parseRange(c);
    if (glued && nxt.kind === 'punct' && nxt.text === ':') return parseNamed(c, consts);
    if (nxt.kind === 'punct' && nxt.text === '(' && !isFnMod(t.text)) return parseCall(c, consts);
    const r = singleReg(t.text);
    if (r) {
      c.next();
      return r;
    }
    if (!isOperator(nxt, inBars)) {
      c.next();
      const v = t.text.includes('@') ? undefined : consts(t.text);
      if (v !== undefined) return intBody(v);
      if (t.text.includes('@')) return exprBody(c, [t], consts);
      return { kind: 'ident', name: t.text };
    }
  }
  if (t.kind === 'float' && !isOperator(c.peek(), inBars)) {
    c.next();
    return { kind: 'float', value: t.num as number };
  }
  if (t.kind === 'punct' && t.text === '-' && c.peek().kind === 'float' && !isOperator(c.peek(2), inBars)) {
    c.next();
    const f = c.next();
    return { kind: 'float', value: -(f.num as number) };
  }
  if (t.kind === 'int' && !isOperator(c.peek(), inBars)) {
    c.next();
    return { kind: 'int', value: t.int as number | bigint };
  }
  return exprBody(c, null, consts, inBars);
}

const BINOPS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '<<',
  '>>',
  '^',
  '&',
  '==',
  '!=',
  '<>',
  '<',
  '>',
  '<=',
  '>=',
  '&&',
  '||',
]);

/** True when `t` continues an expression (so the operand is not a lone constant or identifier). */
function isOperator(t: { kind: string; text: string }, inBars: boolean): boolean {
  if (t.kind !== 'punct') return false;
  // Inside |x| a bar closes the operand; elsewhere it is a bitwise or.
  if (t.text === '|') return !inBars;
  return BINOPS.has(t.text);
}

function intBody(v: bigint): OperandBody {
  const n = Number(v);
  return { kind: 'int', value: Number.isSafeInteger(n) ? n : v };
}

function exprBody(c: TokCursor, _first: unknown, consts: ConstLookup, inBars = false): OperandBody {
  if (_first) c.i--;
  let e: Expr;
  try {
    e = parseExpr(c, inBars);
  } catch (err) {
    if (err instanceof ExprError) throw new OperandError({ line: c.line, col: err.col }, err.message);
    throw err;
  }
  try {
    const r = evalExpr(e, (name) => {
      const v = consts(name);
      return v === undefined ? undefined : { value: v };
    });
    if (!r.sym && !r.section) return intBody(r.value);
  } catch (err) {
    if (!(err instanceof ExprError)) throw err;
  }
  return { kind: 'expr', expr: e };
}

function parseRange(c: TokCursor): RegOperand {
  const p = c.next();
  const file = rangePrefix(p.text) as RegOperand['file'];
  c.next(); // [
  const lo = c.next();
  if (lo.kind !== 'int') throw new OperandError(c.pos(lo), 'invalid register index');
  let hiVal = Number(lo.int);
  if (c.eat(':')) {
    const hi = c.next();
    if (hi.kind !== 'int') throw new OperandError(c.pos(hi), 'invalid register index');
    hiVal = Number(hi.int);
  }
  if (!c.eat(']')) throw new OperandError(c.pos(), 'expected a closing square bracket');
  const first = Number(lo.int);
  if (hiVal < first) throw new OperandError(c.pos(lo), 'first register index should not exceed second index');
  return { kind: 'reg', file, index: first, count: hiVal - first + 1, name: p.text.toLowerCase() };
}

/** `[s0,s1,s2,s3]`: consecutive registers of one file. */
function parseRegList(c: TokCursor): RegOperand {
  const open = c.next();
  const regs: RegOperand[] = [];
  for (;;) {
    const t = c.next();
    const r = t.kind === 'ident' ? singleReg(t.text) : null;
    if (!r) throw new OperandError(c.pos(t), 'expected a register or a list of registers');
    const prev = regs[regs.length - 1];
    if (prev && (prev.file !== r.file || r.index !== prev.index + 1 || r.file === 'special'))
      throw new OperandError(c.pos(t), 'registers in a list must have consecutive indices');
    regs.push(r);
    if (c.eat(']')) break;
    if (!c.eat(',')) throw new OperandError(c.pos(), 'expected a comma or a closing square bracket');
  }
  if (regs.length === 1 && regs[0].file === 'special') return regs[0];
  const f = regs[0];
  void open;
  return { kind: 'reg', file: f.file, index: f.index, count: regs.length, name: f.name.replace(/\d+$/, '') };
}

function namedValue(c: TokCursor, consts: ConstLookup): NamedValue {
  const t = c.tok;
  const pos = c.pos(t);
  if (t.kind === 'ident' && !isOperator(c.peek(), false)) {
    c.next();
    const v = consts(t.text);
    return v !== undefined ? { int: foldNum(v), pos } : { ident: t.text, pos };
  }
  // llvm-mc folds a constant expression here (`offset:4+4`, `format:1+2`).
  return { int: absoluteValue(c, consts, pos), pos };
}

/** Parses an expression that must be absolute now (named values, call and struct arguments). */
function absoluteValue(c: TokCursor, consts: ConstLookup, pos: Pos): number | bigint {
  let e: Expr;
  try {
    e = parseExpr(c);
  } catch (err) {
    if (err instanceof ExprError) throw new OperandError({ line: c.line, col: err.col }, err.message);
    throw err;
  }
  let r: ReturnType<typeof evalExpr>;
  try {
    r = evalExpr(e, (n) => {
      const v = consts(n);
      return v === undefined ? undefined : { value: v };
    });
  } catch {
    throw new OperandError(pos, 'expected absolute expression');
  }
  if (r.sym || r.section) throw new OperandError(pos, 'expected absolute expression');
  return foldNum(r.value);
}

function foldNum(v: bigint): number | bigint {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
}

function parseNamed(c: TokCursor, consts: ConstLookup): OperandBody {
  const name = c.next().text;
  c.next(); // :
  if (c.eat('[')) {
    const values: NamedValue[] = [];
    if (!c.isPunct(']')) {
      for (;;) {
        values.push(namedValue(c, consts));
        if (c.eat(']')) break;
        if (!c.eat(',')) throw new OperandError(c.pos(), 'expected a comma or a closing square bracket');
      }
    } else c.next();
    return { kind: 'named', name: name.toLowerCase(), values, list: true };
  }
  const t = c.tok;
  if (t.kind === 'ident' && c.peek().kind === 'punct' && c.peek().text === '(') {
    const call = parseCall(c, consts) as CallOperand;
    return {
      kind: 'named',
      name: name.toLowerCase(),
      values: [{ ident: t.text, pos: c.pos(t) }],
      list: false,
      call,
    };
  }
  return { kind: 'named', name: name.toLowerCase(), values: [namedValue(c, consts)], list: false };
}

/** The call name a `{...}` operand gets: only the hardware-register operands accept it. */
export const STRUCT_CALL = '{}';

/**
 * `{id: 1, offset: 0, size: 4}`: LLVM's structured form of a hardware-register operand. It becomes the
 * equivalent `hwreg(id, offset, size)` call (defaults 0, 0, 32), each argument at its value's position.
 */
function parseStruct(c: TokCursor, consts: ConstLookup): OperandBody {
  const open = c.next();
  const fields = ['id', 'offset', 'size'];
  const vals: (CallArg | undefined)[] = [undefined, undefined, undefined];
  if (!c.eat('}')) {
    for (;;) {
      const f = c.next();
      if (f.kind !== 'ident') throw new OperandError(c.pos(f), 'expected a field name');
      const k = fields.indexOf(f.text);
      if (k < 0) throw new OperandError(c.pos(f), 'unknown field');
      if (vals[k]) throw new OperandError(c.pos(f), 'duplicate field');
      if (!c.eat(':')) throw new OperandError(c.pos(), 'colon expected');
      const pos = c.pos();
      vals[k] = { int: absoluteValue(c, consts, pos), pos };
      if (c.eat('}')) break;
      if (!c.eat(',')) throw new OperandError(c.pos(), 'comma or closing brace expected');
    }
  }
  const at = c.pos(open);
  const args: CallArg[] = [
    vals[0] ?? { int: 0, pos: at },
    vals[1] ?? { int: 0, pos: at },
    vals[2] ?? { int: 32, pos: at },
  ];
  return { kind: 'call', name: STRUCT_CALL, args };
}

/** Calls of one argument, and what LLVM says when their closing parenthesis is missing. */
const CLOSE_MESSAGE: Record<string, string> = { lit: 'expected closing parentheses' };
for (const n of ['vmcnt', 'expcnt', 'lgkmcnt']) {
  CLOSE_MESSAGE[n] = 'expected a closing parenthesis';
  CLOSE_MESSAGE[`${n}_sat`] = 'expected a closing parenthesis';
}
const ONE_ARG = new Set(Object.keys(CLOSE_MESSAGE));

function parseCall(c: TokCursor, consts: ConstLookup): OperandBody {
  const name = c.next().text;
  const lower = name.toLowerCase();
  c.next(); // (
  const args: CallArg[] = [];
  if (!c.eat(')')) {
    for (;;) {
      const t = c.tok;
      const pos = c.pos(t);
      const sign = t.kind === 'punct' && t.text === '-' ? 1 : 0;
      const f = c.peek(sign);
      const after = c.peek(sign + 1);
      if (t.kind === 'str') {
        c.next();
        args.push({ str: t.text, pos });
      } else if (
        f.kind === 'float' &&
        (after.kind === 'end' || (after.kind === 'punct' && (after.text === ',' || after.text === ')')))
      ) {
        // A float argument, as in lit(1.0).
        if (sign) c.next();
        c.next();
        args.push({ float: sign ? -(f.num as number) : (f.num as number), pos });
      } else if (
        lower === 'lit' &&
        t.kind === 'ident' &&
        c.peek().kind === 'punct' &&
        c.peek().text === '('
      ) {
        // lit() takes a number only; LLVM rejects a nested operand this way.
        throw new OperandError(c.pos(), 'not a valid operand.');
      } else if (t.kind === 'ident' && (c.peek().text === ',' || c.peek().text === ')')) {
        c.next();
        const v = consts(t.text);
        args.push(v !== undefined ? { int: v, pos } : { ident: t.text, pos });
      } else {
        args.push({ int: absoluteValue(c, consts, pos), pos });
      }
      if (c.eat(')')) break;
      if (c.isPunct(',') && !ONE_ARG.has(lower)) {
        c.next();
        continue;
      }
      throw new OperandError(c.pos(), CLOSE_MESSAGE[lower] ?? 'expected a comma or a closing parenthesis');
    }
  }
  return { kind: 'call', name: lower, args };
}
