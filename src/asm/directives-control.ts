// Control directives: macros, repetition, conditionals, includes and user diagnostics.
import type { Assembler } from './assembler.js';
import { parseExpr, type TokCursor } from './expr.js';
import type { Token } from './lexer.js';
import { parseParams, splitArgs, substitute } from './macros.js';
import { dirname, joinPath } from './path.js';
import { StmtError, stripComment } from './statement.js';
import { ExprEvalError, evaluate, isAbsolute } from './symbols.js';

export const CONTROL_DIRECTIVES = new Set([
  '.macro',
  '.endm',
  '.endmacro',
  '.exitm',
  '.rept',
  '.irp',
  '.irpc',
  '.endr',
  '.if',
  '.ifeq',
  '.ifne',
  '.ifgt',
  '.ifge',
  '.iflt',
  '.ifle',
  '.ifdef',
  '.ifndef',
  '.ifnotdef',
  '.ifb',
  '.ifnb',
  '.ifc',
  '.ifnc',
  '.else',
  '.elseif',
  '.endif',
  '.include',
  '.err',
  '.error',
  '.warning',
  '.print',
  '.end',
]);

/** The raw text after the directive token (for `.ifb`, `.ifc` and macro parameter lists). */
function rest(text: string, tok: Token): string {
  return stripComment(text.slice(tok.col - 1 + tok.text.length));
}

export function directiveControl(a: Assembler, c: TokCursor, name: string, tok: Token, text: string): void {
  if (name.startsWith('.if')) {
    ifDirective(a, c, name, tok, text);
    return;
  }
  switch (name) {
    case '.else':
    case '.elseif':
    case '.endif':
      elseDirective(a, c, name, tok);
      return;
    case '.macro':
      macroDirective(a, c, tok, text);
      return;
    case '.endm':
    case '.endmacro':
      throw new StmtError(`unexpected '${name}' in file, no current macro definition`, c.tok.col);
    case '.exitm': {
      const f = a.frame;
      if (!f.macro) throw new StmtError("unexpected '.exitm' in file, no current macro definition", tok.col);
      f.i = f.lines.length;
      a.conds.length = f.conds;
      return;
    }
    case '.rept':
      reptDirective(a, c, tok);
      return;
    case '.irp':
    case '.irpc':
      irpDirective(a, c, name, tok, text);
      return;
    case '.endr':
      throw new StmtError("unmatched '.endr' directive", c.tok.col);
    case '.include': {
      const t = c.next();
      if (t.kind !== 'str') throw new StmtError("expected string in '.include' directive", t.col);
      if (!c.atEnd()) throw new StmtError('expected newline', c.tok.col);
      let body: string;
      try {
        body = a.include(t.text);
      } catch {
        throw new StmtError(`Could not find include file '${t.text}'`, t.col);
      }
      a.pushSource(t.text, body, [], false, dirname(joinPath(a.frame.dir, t.text)));
      return;
    }
    case '.err':
      throw new StmtError('.err encountered', tok.col);
    case '.error':
    case '.warning': {
      let msg =
        name === '.error'
          ? '.error directive invoked in source file'
          : '.warning directive invoked in source file';
      if (!c.atEnd()) {
        const t = c.next();
        if (t.kind !== 'str') throw new StmtError(`.${name.slice(1)} argument must be a string`, t.col);
        msg = t.text;
      }
      throw new StmtError(msg, tok.col, name === '.error' ? 'error' : 'warning');
    }
    case '.print': {
      const t = c.next();
      if (t.kind !== 'str') throw new StmtError('expected double quoted string after .print', t.col);
      return;
    }
    case '.end':
      a.ended = true;
      return;
  }
}

function condValue(a: Assembler, c: TokCursor): bigint {
  const col = c.tok.col;
  const expr = parseExpr(c);
  try {
    const v = evaluate(expr, { symbols: a.symbols, dot: a.here(), register: true });
    if (!isAbsolute(v)) throw new StmtError('expected absolute expression', col);
    return v.c;
  } catch (e) {
    if (e instanceof ExprEvalError) throw new StmtError(e.message, e.col || col);
    throw e;
  }
}

function truth(a: Assembler, c: TokCursor, name: string, tok: Token, text: string): boolean {
  switch (name) {
    case '.ifdef':
    case '.ifndef':
    case '.ifnotdef': {
      const t = c.next();
      if (t.kind !== 'ident') throw new StmtError("expected identifier after '.ifdef'", t.col);
      const s = a.symbols.get(t.text);
      const defined = !!s && (s.defined || s.variable !== null);
      return name === '.ifdef' ? defined : !defined;
    }
    case '.ifb':
    case '.ifnb': {
      const blank = rest(text, tok).trim() === '';
      while (!c.atEnd()) c.next();
      return name === '.ifb' ? blank : !blank;
    }
    case '.ifc':
    case '.ifnc': {
      const [x = '', y = ''] = splitArgs(rest(text, tok)).map((s) => s.replace(/^'(.*)'$/, '$1'));
      while (!c.atEnd()) c.next();
      return name === '.ifc' ? x === y : x !== y;
    }
  }
  const v = condValue(a, c);
  switch (name) {
    case '.if':
    case '.ifne':
      return v !== 0n;
    case '.ifeq':
      return v === 0n;
    case '.ifgt':
      return v > 0n;
    case '.ifge':
      return v >= 0n;
    case '.iflt':
      return v < 0n;
    case '.ifle':
      return v <= 0n;
  }
  return false;
}

function ifDirective(a: Assembler, c: TokCursor, name: string, tok: Token, text: string): void {
  const parent = a.conds.length ? a.conds[a.conds.length - 1] : null;
  const parentActive = parent ? parent.active : true;
  // Push first, so that an error in the condition still opens the block llvm-mc opens.
  const cond = { active: false, taken: false, parentActive, sawElse: false };
  a.conds.push(cond);
  const t = truth(a, c, name, tok, text);
  if (!c.atEnd()) throw new StmtError("unexpected token in '.if' directive", c.tok.col);
  cond.active = parentActive && t;
  cond.taken = t;
}

function elseDirective(a: Assembler, c: TokCursor, name: string, tok: Token): void {
  const cond = a.conds[a.conds.length - 1];
  if (name === '.endif') {
    if (!cond) throw new StmtError("Encountered a .endif that doesn't follow an .if or .else", tok.col);
    if (!c.atEnd()) throw new StmtError("unexpected token in '.endif' directive", c.tok.col);
    a.conds.pop();
    return;
  }
  if (!cond || cond.sawElse)
    throw new StmtError(
      name === '.else'
        ? "Encountered a .else that doesn't follow  an .if or an .elseif"
        : "Encountered a .elseif that doesn't follow an .if or an .elseif",
      tok.col,
    );
  if (name === '.else') {
    if (!c.atEnd()) throw new StmtError("unexpected token in '.else' directive", c.tok.col);
    cond.sawElse = true;
    cond.active = cond.parentActive && !cond.taken;
    cond.taken = true;
    return;
  }
  if (cond.taken || !cond.parentActive) {
    cond.active = false;
    while (!c.atEnd()) c.next();
    return;
  }
  const v = condValue(a, c);
  cond.active = v !== 0n;
  cond.taken = cond.active;
}

function macroDirective(a: Assembler, c: TokCursor, tok: Token, text: string): void {
  const t = c.next();
  if (t.kind !== 'ident') throw new StmtError("expected identifier in '.macro' directive", t.col);
  const params = parseParams(stripComment(text.slice(t.col - 1 + t.text.length)));
  if (typeof params === 'string') throw new StmtError(params, t.col);
  if (a.macros.has(t.text)) throw new StmtError(`macro '${t.text}' is already defined`, tok.col);
  const name = t.text;
  while (!c.atEnd()) c.next();
  a.startCollecting('macro', tok.col, (body) => {
    a.macros.set(name, { name, params, body });
    // The definition's end is an empty statement to llvm-mc's printer.
    a.emitText('\n');
  });
}

function reptDirective(a: Assembler, c: TokCursor, tok: Token): void {
  const col = c.tok.col;
  const n = condValue(a, c);
  if (!c.atEnd()) throw new StmtError("unexpected token in '.rept' directive", c.tok.col);
  if (n < 0n) throw new StmtError('Count is negative', col);
  const notes = a.noteHere(tok.col);
  const dir = a.frame.dir;
  a.startCollecting('rept', tok.col, (body) => {
    const lines: string[] = [];
    for (let i = 0n; i < n; i++) for (const l of body) lines.push(substitute(l, new Map(), null));
    a.pushSource('<instantiation>', lines, notes, false, dir);
  });
}

function irpDirective(a: Assembler, c: TokCursor, name: string, tok: Token, text: string): void {
  const t = c.next();
  if (t.kind !== 'ident') throw new StmtError('expected identifier in directive', t.col);
  const after = stripComment(text.slice(t.col - 1 + t.text.length)).replace(/^\s*,?/, '');
  while (!c.atEnd()) c.next();
  const items = name === '.irp' ? splitArgs(after) : [...splitArgs(after).join('')];
  const notes = a.noteHere(tok.col);
  const dir = a.frame.dir;
  a.startCollecting('rept', tok.col, (body) => {
    const lines: string[] = [];
    for (const item of items.length ? items : ['']) {
      const values = new Map([[t.text, item]]);
      for (const l of body) lines.push(substitute(l, values, null));
    }
    a.pushSource('<instantiation>', lines, notes, false, dir);
  });
}
