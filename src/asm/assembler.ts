// The assembler driver: reads LLVM AMDGPU assembly line by line as llvm-mc-22 does (labels,
// assignments, directives, macros, conditionals, instructions), then resolves fixups and writes the
// -show-encoding listing and the relocatable object llvm-mc would write.
import { disasmWords } from '../codec/disasm.js';
import { processorOf } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import { directiveAmdgpu, isAmdgpuDirective, KernelState } from './directives-amdgpu.js';
import { CONTROL_DIRECTIVES, directiveControl } from './directives-control.js';
import { DATA_DIRECTIVES, directiveData } from './directives-data.js';
import { directiveSymbols, SYMBOL_DIRECTIVES } from './directives-symbols.js';
import { type Expr, ExprError, parseExpr, TokCursor } from './expr.js';
import { fastEncode, fastEncodeAt, fastSourceBytes, fastWords } from './fast/index.js';
import { LexError, lex, type Token } from './lexer.js';
import { instructionListing, printExpr } from './listing.js';
import { firstWord, type Macro, splitArgs, substitute } from './macros.js';
import { finishObject } from './object.js';
import { dirname, joinPath } from './path.js';
import { encodeText } from './registry.js';
import {
  defaultSectionFlags,
  defaultSectionType,
  Section,
  type SourceNote,
  type SourceRef,
} from './sections.js';
import { StmtError, stripComment } from './statement.js';
import { ExprEvalError, evaluate, isAbsolute, type RelValue, Sym, SymbolTable } from './symbols.js';
import type { Diag, Fixup } from './types.js';

export interface AssembleOptions {
  mcpu: Target;
  /** Only `amdgcn-amd-amdhsa` (the default) is supported. */
  triple?: string;
  /** Produce the listing llvm-mc prints (assembly text). */
  showEncoding?: boolean;
  /** With the listing: encodings and fixups after each instruction, as `-show-encoding` (default true). */
  encodings?: boolean;
  /** Produce the relocatable object (default true); never when there are errors. */
  object?: boolean;
  /**
   * Reads a `.include`d file: gets the path joined to the including file's folder (POSIX `/`,
   * relative to wherever `fileName` is) and returns its text (one char per byte, latin1, as llvm-mc
   * reads bytes). Absent, every `.include` is an error; gcnkit/node's `readSourceFile` reads from disk.
   */
  readFile?: (path: string) => string;
  /** Target-id features, as llvm-mc's -mattr=+xnack / -sramecc; absent = "any". */
  features?: TargetFeatures;
}

/** xnack / sramecc settings of the target id (true = on, false = off). */
export interface TargetFeatures {
  readonly xnack?: boolean;
  readonly sramecc?: boolean;
}

/** A diagnostic with what llvm-mc prints around it. */
export interface AsmDiagnostic extends Diag {
  /** File name, `<instantiation>` inside macros, or `<unknown>` (line 0) for whole-file errors. */
  readonly file: string;
  readonly source: string;
  readonly notes: readonly SourceNote[];
  /** Columns llvm-mc underlines from `col` on (`^~~~`), when it reports a range. */
  readonly range?: number;
}

export interface AssembleResult {
  diagnostics: AsmDiagnostic[];
  listing?: string;
  object?: Uint8Array;
  /** Kernels defined by `.amdhsa_kernel` blocks: the object is then meant to be linked. */
  kernels: string[];
}

interface Frame {
  file: string;
  /** The lines of a macro or `.rept` expansion (empty for a source text, read from `src`). */
  lines: string[];
  /** A file's text, read line by line at `pos` without splitting it (the fast path needs no line string). */
  src: string | null;
  /** `src` as the fast path reads it (fastSourceBytes), made when the fast path first reads this frame. */
  bytes: Uint8Array | null;
  pos: number;
  /** Lines read so far. */
  i: number;
  notes: readonly SourceNote[];
  /** Conditional depth when the frame started (`.exitm` and unbalanced blocks restore it). */
  conds: number;
  macro: boolean;
  /** Directory for `.include`s. */
  dir: string;
}

interface Cond {
  active: boolean;
  taken: boolean;
  parentActive: boolean;
  sawElse: boolean;
}

/** A `.macro`/`.rept`/`.irp`/`.irpc` body being collected until its end directive. */
interface Collecting {
  kind: 'macro' | 'rept';
  depth: number;
  lines: string[];
  finish: (lines: string[]) => void;
  line: number;
  col: number;
}

const TARGET_TRIPLE = 'amdgcn-amd-amdhsa';

const isIdStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 46 || c === 36;
const isIdChar = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const skipBlanks = (s: string, i: number): number => {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) break;
    i++;
  }
  return i;
};
const isCommentAt = (s: string, i: number): boolean =>
  i >= s.length || s.charCodeAt(i) === 59 || (s.charCodeAt(i) === 47 && s.charCodeAt(i + 1) === 47);

export class Assembler {
  readonly symbols = new SymbolTable();
  readonly sections: Section[] = [];
  cur: Section;
  prev: Section | null = null;
  readonly sectionStack: [Section, Section | null][] = [];
  readonly diags: AsmDiagnostic[] = [];
  readonly out: string[] | null;
  readonly macros = new Map<string, Macro>();
  macroCount = 0;
  readonly conds: Cond[] = [];
  collecting: Collecting | null = null;
  readonly frames: Frame[] = [];
  codeObjectVersion = 6;
  readonly kernel = new KernelState();
  /** `.size` directives, evaluated once every label is known. */
  readonly sizes: { sym: Sym; expr: Expr; where: SourceRef; line: number; col: number }[] = [];
  ended = false;
  /** The current statement's line and source, for diagnostics. */
  line = 0;
  private whereRef: SourceRef | null = { file: '', source: '', notes: [] };
  private whereFrame: Frame | null = null;
  private whereText: string | null = '';
  /** Where the current line is in its frame's `src` while `whereText` is not made yet. */
  private whereAt = 0;
  private whereEnd = 0;
  /** The statement being assembled, for diagnostics; made on first use (most lines never need it). */
  get where(): SourceRef {
    if (this.whereRef === null) {
      const f = this.whereFrame as Frame;
      this.whereText ??= (f.src as string).slice(this.whereAt, this.whereEnd);
      this.whereRef = { file: f.file, source: this.whereText, notes: f.notes };
    }
    return this.whereRef;
  }
  set where(w: SourceRef) {
    this.whereRef = w;
  }
  private tmpCount = 0;
  readonly consts = (name: string): bigint | undefined => {
    const s = this.symbols.get(name);
    return s?.absolute ? s.value : undefined;
  };

  constructor(
    readonly target: Target,
    readonly fileName: string,
    readonly opts: AssembleOptions,
  ) {
    this.out = opts.showEncoding ? [`\t.amdgcn_target "${this.targetId}"\n`] : null;
    this.cur = this.section('.text', 1, 6, 0, 4);
  }

  get targetId(): string {
    // LLVM orders the features alphabetically: sramecc before xnack.
    // A setting for a feature the processor does not have is dropped (llvm-mc warns and ignores it).
    const f = this.opts.features ?? {};
    const has = processorOf(this.target).features;
    let id = `${TARGET_TRIPLE}--${this.target}`;
    if (f.sramecc !== undefined && has.has('sramecc')) id += `:sramecc${f.sramecc ? '+' : '-'}`;
    if (f.xnack !== undefined && has.has('xnack')) id += `:xnack${f.xnack ? '+' : '-'}`;
    return id;
  }

  // ---- diagnostics -------------------------------------------------------------------------------

  report(
    message: string,
    col: number,
    severity: 'error' | 'warning' = 'error',
    line = this.line,
    range?: number,
  ): void {
    const w = this.where;
    this.diags.push({ file: w.file, line, col, message, severity, source: w.source, notes: w.notes, range });
  }

  reportAt(where: SourceRef, line: number, col: number, message: string): void {
    this.diags.push({
      file: where.file,
      line,
      col,
      message,
      severity: 'error',
      source: where.source,
      notes: where.notes,
    });
  }

  get hasErrors(): boolean {
    return this.diags.some((d) => d.severity === 'error');
  }

  emitText(s: string): void {
    if (this.out) this.out.push(s);
  }

  // ---- sections and symbols ----------------------------------------------------------------------

  section(
    name: string,
    type = defaultSectionType(name),
    flags = defaultSectionFlags(name),
    entsize = 0,
    align = 1,
  ): Section {
    let s = this.sections.find((x) => x.name === name);
    if (!s) {
      s = new Section(name, type, flags, entsize, this.sections.length, align);
      s.symbolOrder = this.symbols.ref(`\0${name}`).order;
      this.sections.push(s);
    }
    return s;
  }

  switchTo(s: Section): void {
    if (s !== this.cur) {
      this.prev = this.cur;
      this.cur = s;
    } else this.prev = this.cur;
  }

  /** Defines a label at the current location. */
  defineLabel(name: string, col: number): void {
    const s = this.symbols.ref(name);
    if (s.defined || s.variable) {
      this.report(`symbol '${name}' is already defined`, col);
      this.emitText(`${name}:\n`);
      return;
    }
    s.defined = true;
    s.section = this.cur;
    s.value = BigInt(this.cur.size);
    s.defPos = { line: this.line, col };
    this.emitText(`${name}:\n`);
  }

  /** Instances defined so far of each numeric label (`1:` ... `1:`). */
  private dirInstances = new Map<string, number>();
  /** `.LtmpN` names of numeric-label instances, created on first use as llvm-mc does (N:instance). */
  private dirNames = new Map<string, string>();

  private dirName(label: string, instance: number): string {
    const key = `${label}:${instance}`;
    let name = this.dirNames.get(key);
    if (name === undefined) {
      name = `.Ltmp${this.tmpCount++}`;
      this.dirNames.set(key, name);
    }
    return name;
  }

  /** `1:` defines the next instance of numeric label 1. */
  defineNumericLabel(label: string, col: number): void {
    const inst = (this.dirInstances.get(label) ?? 0) + 1;
    this.dirInstances.set(label, inst);
    this.defineLabel(this.dirName(label, inst), col);
  }

  /**
   * Rewrites `1b` / `1f` (outside strings and comments) to the `.LtmpN` symbols of the previous / next
   * instance of numeric label 1. Returns the text unchanged when it has none (the common case).
   */
  numericRefs(text: string): string {
    let out = '';
    let from = 0;
    let inStr = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inStr) {
        if (c === 92) i++;
        else if (c === 34) inStr = false;
        continue;
      }
      if (c === 34) inStr = true;
      else if (c === 59 || (c === 47 && text.charCodeAt(i + 1) === 47)) break;
      else if (c >= 48 && c <= 57) {
        const p = i > 0 ? text.charCodeAt(i - 1) : 32;
        let j = i;
        while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
        const d = text.charCodeAt(j);
        const after = j + 1 < text.length ? text.charCodeAt(j + 1) : 32;
        if (!isIdChar(p) && (d === 98 || d === 102) && !isIdChar(after)) {
          const label = String(Number(text.slice(i, j)));
          const cur = this.dirInstances.get(label) ?? 0;
          // A backward reference with no instance yet names instance 0, which is never defined: the
          // undefined symbol is reported where it is used.
          const name = this.dirName(label, d === 98 ? cur : cur + 1);
          out += text.slice(from, i) + name;
          from = j + 1;
        }
        i = j - 1;
      }
    }
    return from === 0 ? text : out + text.slice(from);
  }

  /** A temporary symbol at the current location (for `.` in expressions that wait for the end). */
  here(): Sym {
    const s = new Sym('.', -1);
    s.section = this.cur;
    s.value = BigInt(this.cur.size);
    s.defined = true;
    return s;
  }

  /** Registers the symbols an expression names (llvm-mc does when it emits the expression). */
  registerSymbols(e: Expr): void {
    if (e.k === 'sym') this.symbols.ref(e.name);
    else if (e.k === 'un') this.registerSymbols(e.a);
    else if (e.k === 'bin') {
      this.registerSymbols(e.a);
      this.registerSymbols(e.b);
    }
  }

  /**
   * Replaces `.` with a temporary label defined here, as llvm-mc's parser does (the listing shows the
   * `.LtmpN:` label and the expression names it).
   */
  placeDot(e: Expr): Expr {
    if (!hasDot(e)) return e;
    const name = `.Ltmp${this.tmpCount++}`;
    const s = this.symbols.ref(name);
    s.defined = true;
    s.section = this.cur;
    s.value = BigInt(this.cur.size);
    this.emitText(`${name}:\n`);
    const swap = (x: Expr): Expr => {
      if (x.k === 'dot') return { k: 'sym', name, variant: '', pos: x.pos };
      if (x.k === 'un') return { ...x, a: swap(x.a) };
      if (x.k === 'bin') return { ...x, a: swap(x.a), b: swap(x.b) };
      return x;
    };
    return swap(e);
  }

  /** Evaluates what is known now (registering every symbol named, as llvm-mc does). */
  evalNow(e: Expr, dotAllowed = true): RelValue {
    return evaluate(e, { symbols: this.symbols, dot: dotAllowed ? this.here() : null, register: true });
  }

  /** An expression that must be absolute now (counts, alignments, conditions). */
  absolute(c: TokCursor): { value: bigint; col: number; expr: Expr } {
    const col = c.tok.col;
    const expr = parseExpr(c);
    let v: RelValue;
    try {
      v = this.evalNow(expr);
    } catch (e) {
      if (e instanceof ExprEvalError) throw new StmtError(e.message, e.col || col);
      throw e;
    }
    if (!isAbsolute(v)) throw new StmtError('expected absolute expression', col);
    return { value: v.c, col, expr };
  }

  /** Parses an expression and folds it where llvm-mc's parser would (no labels involved). */
  foldable(expr: Expr): bigint | null {
    try {
      const v = evaluate(expr, { symbols: this.symbols, dot: null, register: false });
      if (!isAbsolute(v)) return null;
      return v.c;
    } catch {
      return null;
    }
  }

  /** An expression for the listing: folded to a constant when llvm-mc's parser folds it. */
  exprText(expr: Expr): string {
    const v = this.labelFree(expr) ? this.foldable(expr) : null;
    return v === null ? printExpr(expr) : v.toString();
  }

  /** No label or `.` appears: llvm-mc's asm printer can fold only such expressions. */
  private labelFree(e: Expr): boolean {
    switch (e.k) {
      case 'num':
        return true;
      case 'dot':
        return false;
      case 'sym': {
        const s = this.symbols.get(e.name);
        return !!s && e.variant === '' && (s.absolute || (s.variable !== null && this.labelFree(s.variable)));
      }
      case 'un':
        return this.labelFree(e.a);
      case 'bin':
        return this.labelFree(e.a) && this.labelFree(e.b);
    }
  }

  // ---- the line loop -----------------------------------------------------------------------------

  pushSource(
    file: string,
    text: string | string[],
    notes: readonly SourceNote[],
    macro: boolean,
    dir: string,
  ): void {
    const src = typeof text === 'string' ? text : null;
    const lines = typeof text === 'string' ? [] : text;
    this.frames.push({
      file,
      lines,
      src,
      bytes: null,
      pos: 0,
      i: 0,
      notes,
      conds: this.conds.length,
      macro,
      dir,
    });
  }

  /** The note llvm-mc attaches to lines of an expansion made by the current statement. */
  noteHere(col: number): SourceNote[] {
    const w = this.where;
    return [{ file: w.file, line: this.line, col, source: w.source }, ...w.notes];
  }

  get frame(): Frame {
    return this.frames[this.frames.length - 1];
  }

  run(): void {
    while (this.frames.length && !this.ended) {
      const f = this.frame;
      let text: string;
      let fastTried = false;
      this.whereRef = null;
      this.whereFrame = f;
      const src = f.src;
      if (src !== null) {
        // A source text is read in place: a line the fast path takes is never sliced out of it.
        let at = f.pos;
        // The newline that ends the last line does not start another.
        if (at >= src.length) {
          this.frames.pop();
          continue;
        }
        let end = src.indexOf('\n', at);
        if (end < 0) end = src.length;
        if (this.plainStatements()) {
          // A run of lines the fast path takes needs none of the per-line work below: read them here.
          end = this.fastRun(f, src, at, end);
          if (end < 0) continue;
          at = f.pos;
          fastTried = true;
        }
        f.pos = end + 1;
        this.line = ++f.i;
        this.whereText = null;
        this.whereAt = at;
        this.whereEnd = end;
        text = src.slice(at, end);
        this.whereText = text;
      } else {
        if (f.i >= f.lines.length) {
          this.frames.pop();
          continue;
        }
        text = f.lines[f.i++];
        this.line = f.i;
        this.whereText = text;
      }
      if (this.collecting) this.collect(text);
      else if (this.out && !this.kernel.open && !this.kernel.metadata && skipBlanks(text, 0) === text.length)
        // llvm-mc echoes an empty statement (not a comment) as an empty line, even in skipped blocks.
        this.out.push('\n');
      else if (this.kernel.open) this.kernel.line(this, text);
      else if (this.kernel.metadata) this.kernel.metadataLine(this, text);
      else if (this.conds.length && !this.conds[this.conds.length - 1].active) this.skipped(text);
      else this.statement(text, fastTried);
    }
  }

  /**
   * Whether the next line is read as an ordinary statement (no body being collected, no kernel block,
   * no false conditional) and the fast path may take it (no macro, which may be named like an op).
   */
  private plainStatements(): boolean {
    return (
      this.collecting === null &&
      this.macros.size === 0 &&
      !this.kernel.open &&
      !this.kernel.metadata &&
      (this.conds.length === 0 || this.conds[this.conds.length - 1].active)
    );
  }

  private collect(text: string): void {
    const col = this.collecting as Collecting;
    const w = firstWord(text);
    const opens = col.kind === 'macro' ? w === '.macro' : w === '.rept' || w === '.irp' || w === '.irpc';
    const closes = col.kind === 'macro' ? w === '.endm' || w === '.endmacro' : w === '.endr';
    if (opens) col.depth++;
    else if (closes && col.depth-- === 0) {
      this.collecting = null;
      col.finish(col.lines);
      return;
    }
    col.lines.push(text);
  }

  startCollecting(kind: 'macro' | 'rept', col: number, finish: (lines: string[]) => void): void {
    this.collecting = { kind, depth: 0, lines: [], finish, line: this.line, col };
  }

  /** Inside a false conditional: only the nesting of conditionals matters. */
  private skipped(text: string): void {
    const w = firstWord(text);
    if (w.startsWith('.if')) {
      this.conds.push({ active: false, taken: true, parentActive: false, sawElse: false });
      return;
    }
    if (w === '.else' || w === '.elseif' || w === '.endif') this.statement(text);
  }

  /**
   * One statement: labels, then an assignment, a directive, a macro or an instruction. `fastDone`: the
   * fast path has declined this line already.
   */
  statement(line: string, fastDone = false): void {
    // An instruction line without label, numeric-label reference or macro (the fast path's lexer
    // declines `1f`, `lbl:`, `x = ...` and directives) needs none of the scans below. A macro may be
    // named like an op: then every line takes the general way.
    const fastTried = this.macros.size === 0;
    if (fastTried && !fastDone && this.fastLine(line)) return;
    let text = line;
    // Numeric-label references are rewritten after the line's own labels are defined (`1: s_branch 1b`).
    let rewritten = !hasDigitRef(line);
    let i = skipBlanks(text, 0);
    let labelled = false;
    for (;;) {
      if (isCommentAt(text, i)) return;
      const c0 = text.charCodeAt(i);
      if (c0 >= 48 && c0 <= 57) {
        // A numeric label `1:`.
        let j = i;
        while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
        const k = skipBlanks(text, j);
        if (text.charCodeAt(k) !== 58) break;
        this.defineNumericLabel(String(Number(text.slice(i, j))), i + 1);
        i = skipBlanks(text, k + 1);
        labelled = true;
        continue;
      }
      if (!isIdStart(c0)) break;
      let j = i + 1;
      while (j < text.length && isIdChar(text.charCodeAt(j))) j++;
      const k = skipBlanks(text, j);
      const ck = text.charCodeAt(k);
      if (ck === 58) {
        this.defineLabel(text.slice(i, j), i + 1);
        i = skipBlanks(text, k + 1);
        labelled = true;
        continue;
      }
      if (!rewritten) {
        rewritten = true;
        const t = text.slice(0, i) + this.numericRefs(text.slice(i));
        if (t !== text) {
          text = t;
          continue;
        }
      }
      // The common case, an instruction, needs no slice of its mnemonic here.
      if (ck === 61 && text.charCodeAt(k + 1) !== 61) {
        const word = text.slice(i, j);
        this.tokens(text, i, (c) => this.assignment(c, word, i + 1, false));
        return;
      }
      if (c0 === 46) {
        this.directive(text, i, text.slice(i, j));
        return;
      }
      const m = this.macros.size ? this.macros.get(text.slice(i, j)) : undefined;
      if (m) {
        this.expandMacro(m, text.slice(j), i + 1);
        return;
      }
      break;
    }
    if (isCommentAt(text, i)) return;
    if (!rewritten) text = text.slice(0, i) + this.numericRefs(text.slice(i));
    // Blanking the labels keeps the columns of the instruction's diagnostics right.
    const inst = labelled ? ' '.repeat(i) + text.slice(i) : text;
    // The macro check is done: the fast path may take the line now, unless it declined this very text.
    this.instruction(inst, !fastTried || inst !== line);
  }

  /** Lexes the statement and runs `fn` at the token that starts at `start`; reports what it throws. */
  tokens(text: string, start: number, fn: (c: TokCursor) => void): void {
    let toks: Token[];
    try {
      toks = lex(text);
    } catch (e) {
      if (e instanceof LexError) {
        this.report(e.message, e.col);
        return;
      }
      throw e;
    }
    const c = new TokCursor(toks, this.line);
    while (c.tok.kind !== 'end' && c.tok.col <= start) c.next();
    const first = c.tok.col;
    try {
      fn(c);
    } catch (e) {
      if (e instanceof StmtError) this.report(e.message, e.col, e.severity);
      else if (e instanceof ExprError || e instanceof ExprEvalError) this.report(e.message, e.col || first);
      else throw e;
    }
  }

  private directive(text: string, start: number, word: string): void {
    const name = word.toLowerCase();
    // The lexer would split names like `.2byte`: the handlers get the name as one token instead.
    const end = start + word.length;
    let body = text.slice(0, start) + ' '.repeat(word.length) + text.slice(end);
    if (name === '.type' || name === '.section' || name === '.pushsection') body = atToPercent(body);
    const tok: Token = { kind: 'ident', text: word, col: start + 1, space: true };
    this.tokens(body, end, (c) => {
      if (name === '.set' || name === '.equ' || name === '.equiv') {
        const nameTok = c.next();
        if (nameTok.kind !== 'ident') throw new StmtError('expected identifier', nameTok.col);
        if (!c.eat(',')) throw new StmtError('expected comma', c.tok.col);
        this.assignment(c, nameTok.text, nameTok.col, true, name === '.equiv');
        return;
      }
      if (CONTROL_DIRECTIVES.has(name)) return directiveControl(this, c, name, tok, text);
      if (DATA_DIRECTIVES.has(name)) return directiveData(this, c, name, tok);
      if (SYMBOL_DIRECTIVES.has(name)) return directiveSymbols(this, c, name, tok);
      if (isAmdgpuDirective(name)) return directiveAmdgpu(this, c, name, tok, text);
      throw new StmtError('unknown directive', tok.col);
    });
  }

  /** `name = expr`, `.set name, expr`, `.equ`, `.equiv`. */
  assignment(c: TokCursor, name: string, col: number, directive: boolean, equiv = false): void {
    if (!directive) c.next();
    if (!directive) c.next();
    const exprCol = c.tok.col;
    let parsed: Expr;
    try {
      parsed = parseExpr(c);
    } catch (e) {
      // llvm-mc reports the expression's error, then that the assignment has none.
      if (!(e instanceof ExprError)) throw e;
      this.report(e.message, e.col || exprCol);
      throw new StmtError('missing expression', e.col || exprCol);
    }
    const expr = this.placeDot(parsed);
    if (!c.atEnd()) throw new StmtError('unexpected token in assignment', c.tok.col);
    const s = this.symbols.ref(name);
    if (s.defined && !s.variable && !s.absolute) throw new StmtError(`redefinition of '${name}'`, col);
    if (equiv && (s.variable || s.absolute)) throw new StmtError(`redefinition of '${name}'`, col);
    let v: RelValue | null = null;
    try {
      v = this.evalNow(expr);
    } catch (e) {
      if (!(e instanceof ExprEvalError)) throw e;
      throw new StmtError(e.message, e.col || exprCol);
    }
    s.defined = true;
    if (isAbsolute(v)) {
      s.absolute = true;
      s.value = v.c;
      s.variable = null;
      s.section = null;
    } else {
      s.absolute = false;
      s.variable = expr;
    }
    this.emitText(`.set ${name}, ${this.exprText(expr)}\n`);
    if (directive) this.emitText(`\t.no_dead_strip\t${name}\n`);
  }

  private expandMacro(m: Macro, argText: string, col: number): void {
    const args = splitArgs(stripComment(argText));
    const values = new Map<string, string>();
    const named = new Map<string, string>();
    const positional: string[] = [];
    for (const arg of args) {
      const eq = arg.indexOf('=');
      const key = eq > 0 ? arg.slice(0, eq).trim() : '';
      if (key && m.params.some((p) => p.name === key)) named.set(key, arg.slice(eq + 1).trim());
      else positional.push(arg);
    }
    for (let k = 0; k < m.params.length; k++) {
      const p = m.params[k];
      let v = named.get(p.name) ?? (p.vararg ? positional.slice(k).join(', ') : positional[k]);
      if (v === undefined || v === '') {
        if (p.required) {
          this.report(`missing value for required parameter '${p.name}' in macro '${m.name}'`, col);
          return;
        }
        v = p.default;
      }
      values.set(p.name, v);
    }
    if (positional.length > m.params.length && !m.params.some((p) => p.vararg) && m.params.length) {
      this.report('too many positional arguments', col);
      return;
    }
    const count = this.macroCount++;
    const body = m.body.map((l) => substitute(l, values, count));
    this.pushSource('<instantiation>', body, this.noteHere(col), true, this.frame.dir);
  }

  /**
   * Assembles the ordinary instruction line `text` through the fast path (src/asm/fast) when it can; false
   * when the line is the general path's.
   */
  private fastLine(text: string): boolean {
    fastOwner = this;
    const n = fastEncode(text, this.target, fastConsts);
    // Not kept past the call: it would hold a finished Assembler's sections and symbols.
    fastOwner = null;
    if (n === 0) return false;
    this.fastEmit(n);
    return true;
  }

  /** Puts the fast path's n words into the current section (and the listing). */
  private fastEmit(n: number): void {
    const sec = this.cur;
    for (let k = 0; k < n; k++) sec.put32(fastWords[k]);
    if (this.out) {
      const words = Array.from(fastWords.subarray(0, n));
      const shown = this.canonical(words, []);
      this.out.push(this.opts.encodings === false ? `\t${shown}\n` : instructionListing(shown, words, []));
    }
  }

  /**
   * Assembles the lines of `src` from the line [at, end) on through the fast path while it takes them (such
   * lines change no state but the section's contents). Returns -1 when the source is done, else the end of
   * the line it declined, with `f.pos` at that line's start (not yet counted in `f.i`).
   */
  private fastRun(f: Frame, src: string, at: number, end: number): number {
    const target = this.target;
    const size = src.length;
    // The whole source's copy (the first frame's; assemble() runs one Assembler at a time) reuses the last
    // one's buffer; an included file's, made while the source's is in use, has its own.
    if (f.bytes === null) f.bytes = fastSourceBytes(src, f === this.frames[0]);
    const bytes = f.bytes;
    let i = f.i;
    fastOwner = this;
    for (;;) {
      const n = fastEncodeAt(src, bytes, at, end, target, fastConsts);
      if (n === 0) break;
      this.fastEmit(n);
      i++;
      at = end + 1;
      if (at >= size) {
        end = -1;
        break;
      }
      end = src.indexOf('\n', at);
      if (end < 0) end = size;
    }
    // Not kept past the call: it would hold a finished Assembler's sections and symbols.
    fastOwner = null;
    f.i = i;
    f.pos = at;
    this.line = i;
    return end;
  }

  private instruction(text: string, tryFast: boolean): void {
    if (tryFast && this.fastLine(text)) return;
    let r: ReturnType<typeof encodeText>;
    try {
      r = encodeText(text, this.line, this.target, this.consts);
    } catch (e) {
      // An encoder bug must not end the run: it becomes this line's diagnostic.
      this.report(`internal error: ${e instanceof Error ? e.message : String(e)}`, 1);
      return;
    }
    if ('error' in r) {
      this.report(r.error, r.pos.col);
      return;
    }
    const sec = this.cur;
    const start = sec.size;
    // `.` in an operand becomes a temporary label here, before the instruction (llvm-mc's parser does so).
    let fixups = r.fixups;
    if (fixups?.some((f) => hasDot(dotted(f.expr))))
      fixups = fixups.map((f) => ({ ...f, expr: this.placeDot(dotted(f.expr)) }));
    const words = r.words;
    for (let k = 0; k < words.length; k++) sec.put32(words[k]);
    if (fixups) {
      for (const f of fixups) {
        this.registerSymbols(f.expr);
        sec.fixups.push({
          offset: start + f.offset,
          kind: f.kind,
          expr: f.expr,
          pos: f.pos,
          instEnd: sec.size,
          where: this.where,
          dot: start,
        });
      }
    }
    if (!this.out) return;
    let shown: string;
    if (r.sdstShown !== undefined) {
      // Printed with vcc in the field (the second operand), then the register as written in its place.
      const w = words.slice();
      w[0] = ((w[0] & ~VOP3B_SDST) | (106 << 8)) >>> 0;
      shown = this.canonical(w, fixups ?? []).replace(', vcc,', `, ${r.sdstShown},`);
    } else shown = this.canonical(words, fixups ?? []);
    if (r.offsetShown !== undefined) shown = listedOffset(shown, r.offsetShown);
    this.out.push(
      this.opts.encodings === false ? `\t${shown}\n` : instructionListing(shown, words, fixups ?? []),
    );
  }

  /** The printer's text: the disassembler's, with fixed-up operands shown as their expressions. */
  private canonical(words: readonly number[], fixups: readonly Fixup[]): string {
    if (!fixups.length) return disasmWords(words, this.target)[0]?.text ?? '';
    const w = words.slice();
    for (const f of fixups) {
      const k = f.offset >> 2;
      w[k] = f.kind === 'sopp_br' ? ((w[k] & 0xffff0000) | 0x1234) >>> 0 : 0x12345678;
    }
    let text = disasmWords(w, this.target)[0]?.text ?? '';
    for (const f of fixups) {
      const mark = f.kind === 'sopp_br' ? '4660' : '0x12345678';
      const at = text.lastIndexOf(mark);
      if (at >= 0) text = text.slice(0, at) + printExpr(f.expr) + text.slice(at + mark.length);
    }
    return text;
  }

  /** Reads an included file, relative to the including one, through the caller's readFile hook. */
  include(path: string): string {
    const read = this.opts.readFile;
    if (!read) throw new Error('no readFile option');
    return read(joinPath(this.frame.dir, path));
  }

  finish(): AssembleResult {
    const eof = { file: this.fileName, source: '', notes: [] as SourceNote[] };
    if (this.collecting?.kind === 'macro') {
      this.where = eof;
      this.reportUnknown("no matching '.endmacro' in definition");
    } else if (this.collecting) this.reportUnknown("no matching '.endr' in definition");
    if (this.conds.length) this.reportUnknown('unmatched .ifs or .elses');
    if (this.kernel.open) this.reportUnknown('.amdhsa_kernel without .end_amdhsa_kernel');
    const object = finishObject(this);
    const res: AssembleResult = { diagnostics: this.diags, kernels: this.kernel.names };
    if (this.out) res.listing = this.out.join('');
    if (object && this.opts.object !== false && !this.hasErrors) res.object = object();
    return res;
  }

  /** An error llvm-mc reports without a location (`<unknown>:0: error: ...`). */
  reportUnknown(message: string): void {
    this.diags.push({
      file: '<unknown>',
      line: 0,
      col: 0,
      message,
      severity: 'error',
      source: '',
      notes: [],
    });
  }
}

/** The VOP3B sdst field (bits 8-14 of the first dword, gfx6-gfx9). */
const VOP3B_SDST = 0x7f00;

/**
 * The listing of a MUBUF/MTBUF line whose `offset:` did not fit its field: the value as written (llvm-mc-22
 * prints the operand, not the field), where the printer puts the offset (it leaves out a zero one: then
 * before the cache-policy, lds and tfe keywords).
 */
function listedOffset(text: string, v: number): string {
  const low = v & 0xfff;
  if (low !== 0) return text.replace(` offset:${low}`, ` offset:${v}`);
  const m = / (glc|slc|lds|tfe)\b/.exec(text);
  const at = m ? m.index : text.length;
  return `${text.slice(0, at)} offset:${v}${text.slice(at)}`;
}

function hasDot(e: Expr): boolean {
  if (e.k === 'dot') return true;
  if (e.k === 'un') return hasDot(e.a);
  if (e.k === 'bin') return hasDot(e.a) || hasDot(e.b);
  return false;
}

/** `@type` written as `%type` outside strings: the lexer takes `@` only inside identifiers. */
function atToPercent(s: string): string {
  let out = '';
  let inStr = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inStr) {
      if (ch === '\\') {
        out += ch + (s[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === '"') inStr = false;
    } else if (ch === '"') inStr = true;
    else if (ch === '@' && !isIdChar(s.charCodeAt(i - 1))) {
      out += '%';
      continue;
    }
    out += ch;
  }
  return out;
}

/** Assembles `source` (named `fileName` in diagnostics) for `opts.mcpu`. Never throws on bad input. */
/** An operand written `.` reaches the encoders as an identifier: make it the location counter. */
function dotted(e: Expr): Expr {
  if (e.k === 'sym') return e.name === '.' && e.variant === '' ? { k: 'dot', pos: e.pos } : e;
  if (e.k === 'un') return { ...e, a: dotted(e.a) };
  if (e.k === 'bin') return { ...e, a: dotted(e.a), b: dotted(e.b) };
  return e;
}

/**
 * Whether a line may hold a numeric-label reference (`1b`, `2f`): digits after a non-identifier
 * character, then b or f, then a non-identifier character. Cheap, as it runs on every statement.
 */
function hasDigitRef(text: string): boolean {
  const n = text.length;
  for (let i = 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 98 && c !== 102) continue;
    let j = i - 1;
    while (j >= 0 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j--;
    if (j === i - 1) continue;
    if (j >= 0 && isIdChar(text.charCodeAt(j))) continue;
    if (i + 1 < n && isIdChar(text.charCodeAt(i + 1))) continue;
    return true;
  }
  return false;
}

/**
 * The symbol lookup the fast path is given: one function for every Assembler (the one whose line it reads
 * is fastOwner). Each Assembler's own `consts` is a closure of its own: optimised fast-path code that
 * inlined one instance's closure was thrown away (V8: "wrong call target") and compiled again in every
 * later assemble() of the process.
 */
let fastOwner: Assembler | null = null;
function fastConsts(name: string): bigint | undefined {
  return (fastOwner as Assembler).consts(name);
}

export function assemble(source: string, fileName: string, opts: AssembleOptions): AssembleResult {
  const a = new Assembler(opts.mcpu, fileName, opts);
  if (opts.triple !== undefined && opts.triple !== TARGET_TRIPLE) {
    a.reportUnknown(`unsupported triple '${opts.triple}' (only ${TARGET_TRIPLE})`);
    return { diagnostics: a.diags, kernels: [] };
  }
  a.pushSource(fileName, source, [], false, dirname(fileName));
  a.run();
  return a.finish();
}

/** Expands tabs to 8-column stops, as llvm-mc prints a source line and its caret. */
function expandTabs(s: string): string {
  if (s.indexOf('\t') < 0) return s;
  let out = '';
  for (const ch of s) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

function caretLine(source: string, col: number): string {
  let width = 0;
  for (let i = 0; i < col - 1 && i < source.length; i++)
    width = source[i] === '\t' ? width + 8 - (width % 8) : width + 1;
  if (col - 1 > source.length) width += col - 1 - source.length;
  return `${' '.repeat(width)}^`;
}

/** Diagnostics as llvm-mc prints them on stderr. */
export function formatDiagnostics(diags: readonly AsmDiagnostic[]): string {
  let out = '';
  const one = (
    file: string,
    line: number,
    col: number,
    kind: string,
    message: string,
    source: string,
    range = 1,
  ) => {
    if (line === 0) {
      out += `${file}:0: ${kind}: ${message}\n`;
      return;
    }
    const src = source.replace(/\r$/, '');
    out += `${file}:${line}:${col}: ${kind}: ${message}\n${expandTabs(src)}\n${caretLine(src, col)}${'~'.repeat(Math.max(0, range - 1))}\n`;
  };
  for (const d of diags) {
    one(d.file, d.line, d.col, d.severity, d.message, d.source, d.range);
    for (const n of d.notes) one(n.file, n.line, n.col, 'note', 'while in macro instantiation', n.source);
  }
  return out;
}
