// Section switching and symbol attribute directives.
import type { Assembler } from './assembler.js';
import { parseExpr, type TokCursor } from './expr.js';
import type { Token } from './lexer.js';
import {
  defaultSectionFlags,
  defaultSectionType,
  parseSectionFlags,
  type Section,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_MERGE,
  SHF_WRITE,
  SHT_NOBITS,
  SHT_PROGBITS,
  sectionSwitchText,
  sectionTypeByName,
} from './sections.js';
import { StmtError } from './statement.js';
import { STB_GLOBAL, STB_LOCAL, STB_WEAK, STT_FUNC, STT_NOTYPE, STT_OBJECT } from './symbols.js';

export const SYMBOL_DIRECTIVES = new Set([
  '.text',
  '.data',
  '.bss',
  '.rodata',
  '.section',
  '.pushsection',
  '.popsection',
  '.previous',
  '.globl',
  '.global',
  '.local',
  '.weak',
  '.hidden',
  '.protected',
  '.internal',
  '.type',
  '.size',
]);

const SIMPLE: Record<string, [number, number, number]> = {
  '.text': [SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 4],
  '.data': [SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 1],
  '.bss': [SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 1],
  '.rodata': [SHT_PROGBITS, SHF_ALLOC, 1],
};

const BINDINGS: Record<string, [number, string]> = {
  '.globl': [STB_GLOBAL, '.globl'],
  '.global': [STB_GLOBAL, '.globl'],
  '.local': [STB_LOCAL, '.local'],
  '.weak': [STB_WEAK, '.weak'],
};

const VISIBILITY: Record<string, number> = { '.internal': 1, '.hidden': 2, '.protected': 3 };

const TYPES: Record<string, [number, string]> = {
  function: [STT_FUNC, 'function'],
  stt_func: [STT_FUNC, 'function'],
  object: [STT_OBJECT, 'object'],
  stt_object: [STT_OBJECT, 'object'],
  notype: [STT_NOTYPE, 'notype'],
  stt_notype: [STT_NOTYPE, 'notype'],
};

const end = (c: TokCursor): void => {
  if (!c.atEnd()) throw new StmtError('expected newline', c.tok.col);
};

export function directiveSymbols(a: Assembler, c: TokCursor, name: string, _tok: Token): void {
  const simple = SIMPLE[name];
  if (simple) {
    end(c);
    enter(a, a.section(name, simple[0], simple[1], 0, simple[2]));
    return;
  }
  switch (name) {
    case '.section':
    case '.pushsection': {
      const s = sectionArgs(a, c);
      if (name === '.pushsection') a.sectionStack.push([a.cur, a.prev]);
      enter(a, s);
      return;
    }
    case '.popsection': {
      end(c);
      const top = a.sectionStack.pop();
      if (!top) throw new StmtError('.popsection without corresponding .pushsection', c.tok.col);
      a.cur = top[0];
      a.prev = top[1];
      a.emitText(`${sectionSwitchText(a.cur)}\n`);
      return;
    }
    case '.previous': {
      end(c);
      if (!a.prev) throw new StmtError('.previous without corresponding .section', c.tok.col);
      const p = a.prev;
      a.prev = a.cur;
      a.cur = p;
      a.emitText(`${sectionSwitchText(a.cur)}\n`);
      return;
    }
    case '.type':
      typeDirective(a, c);
      return;
    case '.size': {
      const t = c.next();
      if (t.kind !== 'ident') throw new StmtError('expected identifier', t.col);
      if (!c.eat(',')) throw new StmtError('expected comma', c.tok.col);
      const col = c.tok.col;
      const parsed = parseExpr(c);
      end(c);
      // `.` is the position here, named by a temporary label as llvm-mc does (`.size f, .-f`).
      const expr = a.placeDot(parsed);
      const sym = a.symbols.ref(t.text);
      a.sizes.push({ sym, expr, where: a.where, line: a.line, col });
      a.emitText(`\t.size\t${t.text}, ${a.exprText(expr)}\n`);
      return;
    }
  }
  const binding = BINDINGS[name];
  const vis = VISIBILITY[name];
  for (;;) {
    const t = c.next();
    if (t.kind !== 'ident') throw new StmtError('expected identifier', t.col);
    const s = a.symbols.ref(t.text);
    if (binding) {
      s.binding = binding[0];
      s.bindingSet = true;
      a.emitText(`\t${binding[1]}\t${t.text}\n`);
    } else {
      s.visibility = vis;
      a.emitText(`\t${name}\t${t.text}\n`);
    }
    if (c.atEnd()) return;
    if (!c.eat(',')) throw new StmtError('expected comma', c.tok.col);
  }
}

function enter(a: Assembler, s: Section): void {
  a.switchTo(s);
  a.emitText(sectionSwitchText(s));
}

/** `NAME[, "FLAGS"[, @TYPE[, ENTSIZE]]]`. */
function sectionArgs(a: Assembler, c: TokCursor): Section {
  const t = c.next();
  let name: string;
  if (t.kind === 'str') name = t.text;
  else if (t.kind === 'ident') {
    // Names may be written with '-' and other characters the lexer splits off.
    name = t.text;
    while (!c.atEnd() && !c.isPunct(',') && !c.tok.space) name += c.next().text;
  } else throw new StmtError('expected identifier', t.col);
  let flags = defaultSectionFlags(name);
  let type = defaultSectionType(name);
  let entsize = 0;
  if (c.eat(',')) {
    const f = c.next();
    if (f.kind !== 'str') throw new StmtError('expected string', f.col);
    const parsed = parseSectionFlags(f.text);
    if (typeof parsed !== 'number') throw new StmtError('unknown flag', f.col + f.text.length + 2);
    flags = parsed;
    if (c.eat(',')) {
      if (!c.eat('@') && !c.eat('%'))
        throw new StmtError("expected '@<type>', '%<type>' or \"<type>\"", c.tok.col);
      const ty = c.next();
      const tn = sectionTypeByName(ty.text);
      if (tn === undefined) throw new StmtError('unknown section type', ty.col);
      type = tn;
      if (flags & SHF_MERGE) {
        if (!c.eat(',')) throw new StmtError('expected the entry size', c.tok.col);
        const e = a.absolute(c);
        if (e.value <= 0n) throw new StmtError('entry size must be positive', e.col);
        entsize = Number(e.value);
      }
    } else if (flags & SHF_MERGE) throw new StmtError('Mergeable section must specify the type', c.tok.col);
  }
  end(c);
  const old = a.sections.find((s) => s.name === name);
  if (old) return old;
  return a.section(name, type, flags, entsize, 1);
}

function typeDirective(a: Assembler, c: TokCursor): void {
  const t = c.next();
  if (t.kind !== 'ident') throw new StmtError('expected identifier', t.col);
  if (!c.eat(',')) throw new StmtError('expected comma', c.tok.col);
  c.eat('@') || c.eat('%');
  const ty = c.next();
  const entry = TYPES[ty.text.toLowerCase()];
  if (ty.kind !== 'ident' || !entry) throw new StmtError('unsupported attribute', ty.col);
  end(c);
  const s = a.symbols.ref(t.text);
  s.type = entry[0];
  a.emitText(`\t.type\t${t.text},@${entry[1]}\n`);
}
