// The assembler's fast path for ordinary instruction lines: lexed once into typed arrays (lexer.ts),
// operands read without objects (operands.ts), matched and encoded in one pass by the mnemonic's program
// (program.ts, made from the op tables by build.ts). It answers only for lines it is sure of; every
// other line (symbols, expressions, unusual syntax, every error) gets 0 and goes the general way
// (registry.ts encodeText), which stays the reference: test/asm-fast.test.ts checks that both give the
// same bytes and the same accept/reject on generated and mutated lines.
import { genOf } from '../../codec/families/scalar-common.js';
import { EXP } from '../../isa/encodings/memory.js';
import type { Layout } from '../../isa/fields.js';
import type { Target } from '../../isa/targets.js';
import type { BufEntry } from '../families/mem-buf.js';
import type { MimgEntry } from '../families/mem-mimg.js';
import * as scalar from '../families/scalar-common.js';
import * as valu from '../families/valu-src.js';
import type { ConstLookup } from '../operands.js';
import { familiesOf, mnemonicsOf } from '../registry.js';
import { StrTable } from '../strtab.js';
import { type BufProgram, bufProgram, encodeBuf } from './buf.js';
import { programOf } from './build.js';
import { encodeExp } from './exp.js';
import * as lexer from './lexer.js';
import { encodeMimg, type MimgProgram, mimgProgram } from './mimg.js';
import * as operands from './operands.js';
import * as program from './program.js';

// Imported bindings copied once (see lexer.ts).
const { hasXnack, setScalarGen } = scalar;
const { setValuGen } = valu;
const { lexFast } = lexer;
const { kind: tokKind, start: tokStart, end: tokEnd } = lexer.lexed;
const T_IDENT = lexer.TOKEN.IDENT;
const { parseFast } = operands;
const { encodeProgram, setGeneration } = program;
type Program = program.Program;

export { words as fastWords } from './program.js';

/** A mnemonic's program, made on first use (undefined: not yet; null: the general path's). */
interface Cell {
  readonly name: string;
  prog: Program | null | undefined;
  /** `exp` (no program: its own encoder, exp.ts): the generation's EXP layout. */
  exp: Layout<string> | null;
  /** MUBUF/MTBUF (no program: buf.ts). */
  buf: BufProgram | null;
  /** MIMG (no program: mimg.ts). */
  mimg: MimgProgram | null;
}

interface PerTarget {
  readonly table: StrTable<Cell>;
  readonly gen: ReturnType<typeof genOf>;
  readonly xnack: boolean;
}

let enabled = true;

/** Turns the fast path off (every line then goes the general way) or on: for tests and benchmarks. */
export function setFastPath(on: boolean): void {
  enabled = on;
}

const targets = new Map<Target, PerTarget>();
let lastTarget: Target | null = null;
let last: PerTarget | null = null;

function perTarget(t: Target): PerTarget {
  let p = targets.get(t);
  if (!p) {
    const cells = mnemonicsOf(t).map(
      (name) => [name, { name, prog: undefined, exp: null, buf: null, mimg: null }] as const,
    );
    p = { table: new StrTable<Cell>(cells), gen: genOf(t), xnack: hasXnack(t) };
    targets.set(t, p);
  }
  return p;
}

function build(t: Target, cell: Cell): Program | null {
  const f = familiesOf(t, cell.name);
  if (!f || f.fams.length === 0) return null;
  if (f.fams[0].name === 'exp') {
    cell.exp = EXP[genOf(t)];
    return null;
  }
  if (f.fams.length !== 1) return null;
  if (f.fams[0].name === 'buf') cell.buf = bufProgram(f.entries[0] as BufEntry);
  else if (f.fams[0].name === 'mimg') cell.mimg = mimgProgram(t, f.entries[0] as MimgEntry);
  return programOf(t, cell.name, f.fams[0], f.entries[0]);
}

/**
 * Encodes the instruction line `text` into fastWords and returns its number of dwords, or 0 when the
 * general path must assemble it. `consts` is the symbol lookup of the general parser (a keyword that
 * names a symbol is left to it).
 */
export function fastEncode(text: string, target: Target, consts: ConstLookup): number {
  if (!enabled || lexFast(text, 0) <= 0 || tokKind[0] !== T_IDENT) return 0;
  if (target !== lastTarget) {
    last = perTarget(target);
    lastTarget = target;
  }
  const pt = last as PerTarget;
  const cell = pt.table.getSpan(text, tokStart[0], tokEnd[0]);
  if (cell === undefined) return 0;
  let prog = cell.prog;
  if (prog === undefined) prog = cell.prog = build(target, cell);
  if (prog === null && cell.exp === null && cell.buf === null && cell.mimg === null) return 0;
  const n = parseFast(text, 1, consts);
  if (n < 0) return 0;
  if (prog === null) {
    if (cell.exp !== null) return encodeExp(cell.exp, n);
    setGeneration(pt.gen);
    if (cell.buf !== null) return encodeBuf(cell.buf, n);
    return encodeMimg(cell.mimg as MimgProgram, n);
  }
  // The immediate rules read the generation (inline 1/(2*pi) from gfx8, register files) from these.
  setValuGen(pt.gen, pt.xnack);
  setScalarGen(pt.gen, pt.xnack);
  setGeneration(pt.gen);
  return encodeProgram(prog, n);
}
