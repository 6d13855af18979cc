// Symbols as llvm-mc's ELF streamer tracks them. The order a symbol is first mentioned in (defined,
// given an attribute, or referenced) is the order of the symbol table, locals before globals.
import { absoluteBinop, type Expr, ExprError } from './expr.js';
import type { Section } from './sections.js';
import type { Pos } from './types.js';

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;

export class Sym {
  /** Section of a label (or of a variable equal to label+offset); null when absolute or undefined. */
  section: Section | null = null;
  /** Offset in `section`, or the absolute value of a variable. */
  value = 0n;
  /** A label was defined (`name:`), or an assignment made it a variable. */
  defined = false;
  /** `.set`/`=`: the value is an expression, kept for references made before it could be evaluated. */
  variable: Expr | null = null;
  /** A label or variable whose value is absolute (no section). */
  absolute = false;
  binding = STB_LOCAL;
  /** Set by `.globl`/`.weak`/`.local`: the binding was chosen, not defaulted. */
  bindingSet = false;
  type = STT_NOTYPE;
  visibility = 0;
  /** st_size, from `.size` (evaluated at the end) or fixed by the assembler (`NAME.kd`). */
  sizeValue = 0n;
  usedInReloc = false;
  /** Where it was defined, for "already defined" diagnostics. */
  defPos: Pos | null = null;

  constructor(
    readonly name: string,
    readonly order: number,
  ) {}

  /** `.L` names are assembler-temporary: never in the symbol table. */
  get temporary(): boolean {
    return this.name.startsWith('.L');
  }
}

export class SymbolTable {
  private readonly map = new Map<string, Sym>();
  private count = 0;

  get(name: string): Sym | undefined {
    return this.map.get(name);
  }

  /** The symbol, registering it (and fixing its place in the symbol table) on first mention. */
  ref(name: string): Sym {
    let s = this.map.get(name);
    if (!s) {
      s = new Sym(name, this.count++);
      this.map.set(name, s);
    }
    return s;
  }

  all(): IterableIterator<Sym> {
    return this.map.values();
  }
}

/**
 * A value as llvm-mc's MCValue: `add - sub + c`, where add and sub are symbols (labels, undefined
 * symbols) or null; `variant` is the `@...` of `add` (`rel32@lo`).
 */
export interface RelValue {
  c: bigint;
  add: Sym | null;
  sub: Sym | null;
  variant: string;
}

export class ExprEvalError extends Error {
  constructor(
    message: string,
    /** 1-based column, or 0 when the expression's start is the best place. */
    readonly col = 0,
  ) {
    super(message);
  }
}

const wrap = (v: bigint) => BigInt.asIntN(64, v);

/** A label's place, or null for absolute and undefined symbols. */
const placed = (s: Sym | null): s is Sym => s !== null && s.section !== null;

/**
 * Folds label differences within one section (llvm-mc resolves those once offsets are known; here
 * they are known as soon as both labels are defined).
 */
function normalize(v: RelValue): RelValue {
  const { add, sub } = v;
  if (placed(add) && placed(sub) && add.section === sub.section)
    return { c: wrap(v.c + add.value - sub.value), add: null, sub: null, variant: '' };
  return v;
}

export interface EvalContext {
  symbols: SymbolTable;
  /** The current location for `.`: a temporary symbol placed there, or null where `.` is not allowed. */
  dot: Sym | null;
  /** Register symbols mentioned (llvm-mc registers every symbol an expression names). */
  register: boolean;
}

/** Evaluates `e` as llvm-mc does at the end of assembly (or earlier, for what is already known). */
export function evaluate(e: Expr, ctx: EvalContext, depth = 0): RelValue {
  switch (e.k) {
    case 'num':
      return { c: e.v, add: null, sub: null, variant: '' };
    case 'dot':
      if (!ctx.dot) throw new ExprEvalError("'.' is not allowed here", e.pos.col);
      return { c: 0n, add: ctx.dot, sub: null, variant: '' };
    case 'sym': {
      const s = ctx.register ? ctx.symbols.ref(e.name) : ctx.symbols.get(e.name);
      if (s?.variable && e.variant === '') {
        if (depth > 100)
          throw new ExprEvalError(`cyclic dependency detected for symbol '${e.name}'`, e.pos.col);
        return evaluate(s.variable, ctx, depth + 1);
      }
      if (s?.absolute && e.variant === '') return { c: s.value, add: null, sub: null, variant: '' };
      return { c: 0n, add: s ?? ctx.symbols.ref(e.name), sub: null, variant: e.variant };
    }
    case 'un': {
      const a = evaluate(e.a, ctx, depth);
      if (e.op === '-') {
        if (a.variant !== '') throw new ExprEvalError('expected relocatable expression');
        return normalize({ c: wrap(-a.c), add: a.sub, sub: a.add, variant: '' });
      }
      if (a.add || a.sub) throw new ExprEvalError('expected absolute expression');
      return { c: e.op === '~' ? wrap(~a.c) : a.c === 0n ? 1n : 0n, add: null, sub: null, variant: '' };
    }
    case 'bin': {
      const a = evaluate(e.a, ctx, depth);
      const b = evaluate(e.b, ctx, depth);
      if (e.op === '+' || e.op === '-') {
        const bAdd = e.op === '+' ? b.add : b.sub;
        const bSub = e.op === '+' ? b.sub : b.add;
        if ((a.add && bAdd) || (a.sub && bSub) || (e.op === '-' && b.variant !== ''))
          throw new ExprEvalError('expected relocatable expression');
        const c = e.op === '+' ? a.c + b.c : a.c - b.c;
        return normalize({
          c: wrap(c),
          add: a.add ?? bAdd,
          sub: a.sub ?? bSub,
          variant: a.add ? a.variant : b.variant,
        });
      }
      if (a.add || a.sub || b.add || b.sub) throw new ExprEvalError('expected absolute expression');
      return { c: binop(e.op, a.c, b.c), add: null, sub: null, variant: '' };
    }
  }
}

/** expr.ts's operators, with its errors turned into this evaluator's. */
function binop(op: string, a: bigint, b: bigint): bigint {
  try {
    return absoluteBinop(op, a, b);
  } catch (e) {
    if (e instanceof ExprError) throw new ExprEvalError(e.message);
    throw e;
  }
}

/** True when the value is a plain constant. */
export const isAbsolute = (v: RelValue): boolean => v.add === null && v.sub === null;
