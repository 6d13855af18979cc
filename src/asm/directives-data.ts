// Data and layout directives: integers, strings, fills and alignment, written and echoed as llvm-mc
// writes and echoes them.
import type { Assembler } from './assembler.js';
import { parseExpr, type TokCursor } from './expr.js';
import type { Token } from './lexer.js';
import { quoteString } from './listing.js';
import type { FixupKind } from './sections.js';
import { StmtError } from './statement.js';
import { ExprEvalError, isAbsolute, type RelValue } from './symbols.js';

const SIZES: Record<string, number> = {
  '.byte': 1,
  '.short': 2,
  '.2byte': 2,
  '.value': 2,
  '.long': 4,
  '.4byte': 4,
  '.int': 4,
  '.quad': 8,
  '.8byte': 8,
};

const NAMES: Record<number, string> = { 1: '.byte', 2: '.short', 4: '.long', 8: '.quad' };

export const DATA_DIRECTIVES = new Set([
  ...Object.keys(SIZES),
  '.zero',
  '.space',
  '.skip',
  '.fill',
  '.ascii',
  '.asciz',
  '.string',
  '.p2align',
  '.align',
  '.balign',
]);

/** `s_nop 0`: what llvm-mc pads code sections with. */
const S_NOP_0 = 0xbf800000;

export function directiveData(a: Assembler, c: TokCursor, name: string, tok: Token): void {
  const size = SIZES[name];
  if (size) {
    values(a, c, size);
    return;
  }
  switch (name) {
    case '.zero':
    case '.space':
    case '.skip':
      zero(a, c, name === '.zero');
      return;
    case '.fill':
      fill(a, c);
      return;
    case '.ascii':
    case '.asciz':
    case '.string':
      strings(a, c, name !== '.ascii');
      return;
    case '.p2align':
      align(a, c, true);
      return;
    case '.align':
    case '.balign':
      align(a, c, false);
      return;
  }
  throw new StmtError('unknown directive', tok.col);
}

const fitsSize = (v: bigint, size: number): boolean => {
  if (size >= 8) return true;
  const bits = BigInt(size * 8);
  return v >= -(1n << (bits - 1n)) && v < 1n << bits;
};

/** Comma-separated list elements until the end of the statement. */
function list(c: TokCursor, each: () => void): void {
  if (c.atEnd()) return;
  for (;;) {
    each();
    if (c.atEnd()) return;
    if (!c.eat(',')) throw new StmtError('unexpected token', c.tok.col);
  }
}

function values(a: Assembler, c: TokCursor, size: number): void {
  const dir = NAMES[size];
  list(c, () => {
    const col = c.tok.col;
    const expr = a.placeDot(parseExpr(c));
    let v: RelValue | null = null;
    try {
      v = a.evalNow(expr);
    } catch (e) {
      // Not known yet (`x * 4` before `x = ...`): resolved, or reported, at the end.
      if (!(e instanceof ExprEvalError)) throw e;
    }
    const sec = a.cur;
    if (v && isAbsolute(v)) {
      if (!fitsSize(v.c, size)) throw new StmtError('out of range literal value', col);
      sec.write(sec.reserve(size), size, v.c);
      a.emitText(`\t${dir}\t${a.exprText(expr)}\n`);
      return;
    }
    const at = sec.reserve(size);
    sec.write(at, size, 0n);
    sec.fixups.push({
      offset: at,
      kind: `data${size}` as FixupKind,
      expr,
      pos: { line: a.line, col },
      instEnd: at,
      where: a.where,
      dot: at,
    });
    a.emitText(`\t${dir}\t${a.exprText(expr)}\n`);
  });
}

function zero(a: Assembler, c: TokCursor, isZero: boolean): void {
  const n = a.absolute(c);
  let fillv = 0n;
  let hasFill = false;
  if (c.eat(',')) {
    fillv = a.absolute(c).value;
    hasFill = true;
  }
  if (!c.atEnd()) throw new StmtError('unexpected token', c.tok.col);
  if (n.value < 0n)
    throw new StmtError(
      `'${isZero ? '.zero' : '.space'}' directive with negative repeat count has no effect`,
      n.col,
      'warning',
    );
  const sec = a.cur;
  const at = sec.reserve(Number(n.value));
  if (!sec.isNobits) sec.bytes.fill(Number(fillv & 0xffn), at, at + Number(n.value));
  a.emitText(hasFill ? `\t.zero\t${n.value},${fillv & 0xffn}\n` : `\t.zero\t${n.value}\n`);
}

function fill(a: Assembler, c: TokCursor): void {
  const rep = a.absolute(c);
  let size = 1n;
  let value = 0n;
  if (c.eat(',')) {
    const s = a.absolute(c);
    size = s.value;
    if (size < 0n)
      throw new StmtError("'.fill' directive with negative size has no effect", s.col, 'warning');
    if (size > 8n) {
      a.report("'.fill' directive with size greater than 8 has been truncated to 8", s.col, 'warning');
      size = 8n;
    }
    if (c.eat(',')) {
      const v = a.absolute(c);
      value = v.value;
      if (BigInt.asUintN(32, value) !== BigInt.asUintN(64, value)) {
        a.report("'.fill' directive pattern has been truncated to 32-bits", v.col, 'warning');
        value = BigInt.asUintN(32, value);
      }
    }
  }
  if (!c.atEnd()) throw new StmtError('unexpected token', c.tok.col);
  const n = Number(size);
  a.emitText(`\t.fill\t${rep.value}, ${size}, 0x${BigInt.asUintN(n * 8 || 8, value).toString(16)}\n`);
  // The object writer warns; the asm printer only echoes the directive.
  if (rep.value < 0n && a.opts.object !== false)
    throw new StmtError("'.fill' directive with negative repeat count has no effect", rep.col, 'warning');
  const sec = a.cur;
  const low = BigInt.asUintN(32, value);
  for (let i = 0n; i < rep.value; i++) {
    const at = sec.reserve(n);
    // GNU semantics: the value fills at most 4 bytes; wider sizes get zeros above them.
    sec.write(at, n, n > 4 ? low : value);
  }
}

function strings(a: Assembler, c: TokCursor, zeroTerminated: boolean): void {
  list(c, () => {
    const t = c.next();
    if (t.kind !== 'str') throw new StmtError('expected string', t.col);
    const sec = a.cur;
    const data = zeroTerminated ? `${t.text}\0` : t.text;
    const at = sec.reserve(data.length);
    if (!sec.isNobits) for (let i = 0; i < data.length; i++) sec.bytes[at + i] = data.charCodeAt(i) & 0xff;
    if (!a.out) return;
    // The asm printer writes a trailing NUL as its own `.byte 0`, and a single byte as `.byte`.
    const body = zeroTerminated ? t.text : data;
    if (body.length === 1) a.emitText(`\t.byte\t${body.charCodeAt(0) & 0xff}\n`);
    else if (body.length > 1) a.emitText(`\t.ascii\t${quoteString(body)}\n`);
    if (zeroTerminated) a.emitText('\t.byte\t0\n');
  });
}

function align(a: Assembler, c: TokCursor, log2: boolean): void {
  const first = a.absolute(c);
  let fillv: bigint | null = null;
  let max = 0n;
  if (c.eat(',')) {
    if (!c.isPunct(',')) fillv = a.absolute(c).value;
    if (c.eat(',')) max = a.absolute(c).value;
  }
  if (!c.atEnd()) throw new StmtError('unexpected token', c.tok.col);
  let p2: number;
  let bad: string | null = null;
  if (log2) {
    if (first.value < 0n || first.value > 31n) bad = 'invalid alignment value';
    p2 = Number(first.value < 0n ? 0n : first.value > 31n ? 31n : first.value);
  } else {
    let v = first.value;
    if (v === 0n) v = 1n;
    if (v < 0n || (v & (v - 1n)) !== 0n) {
      bad = 'alignment must be a power of 2';
      // llvm-mc goes on with the largest power of 2 below the value.
      v = v < 0n ? 1n : 1n << BigInt(v.toString(2).length - 1);
    } else if (v > 1n << 32n) {
      bad = 'alignment greater than 2^32';
      v = 1n << 32n;
    }
    p2 = v.toString(2).length - 1;
  }
  const sec = a.cur;
  const code = sec.isCode && fillv === null;
  const fillText = fillv === null ? (code ? '' : ', 0x0') : `, 0x${BigInt.asUintN(8, fillv).toString(16)}`;
  const maxText = max > 0n ? (code ? `, , ${max}` : `, ${max}`) : '';
  a.emitText(`\t.p2align\t${p2}${code && max > 0n ? '' : fillText}${maxText}\n`);
  if (bad) throw new StmtError(bad, first.col);
  const alignment = 2 ** p2;
  if (alignment > sec.align) sec.align = alignment;
  const pad = (alignment - (sec.size % alignment)) % alignment;
  if (pad === 0 || (max > 0n && BigInt(pad) > max)) return;
  const at = sec.reserve(pad);
  if (sec.isNobits) return;
  if (code) {
    // Whole s_nop words; a misaligned start is padded with zero bytes first.
    const head = pad % 4;
    sec.bytes.fill(0, at, at + head);
    for (let k = at + head; k < at + pad; k += 4) {
      sec.bytes[k] = 0;
      sec.bytes[k + 1] = 0;
      sec.bytes[k + 2] = (S_NOP_0 >>> 16) & 0xff;
      sec.bytes[k + 3] = S_NOP_0 >>> 24;
    }
  } else sec.bytes.fill(Number(BigInt.asUintN(8, fillv ?? 0n)), at, at + pad);
}
