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
import type { DsEntry } from '../families/mem-ds.js';
import type { FlatEntry } from '../families/mem-flat.js';
import type { MimgEntry } from '../families/mem-mimg.js';
import * as scalar from '../families/scalar-common.js';
import * as valu from '../families/valu-src.js';
import type { ConstLookup } from '../operands.js';
import { familiesOf, mnemonicsOf } from '../registry.js';
import { StrTable } from '../strtab.js';
import { bufProgram } from './buf.js';
import { programOf } from './build.js';
import { dsProgram } from './ds.js';
import { encodeExp } from './exp.js';
import { flatProgram } from './flat.js';
import * as lexer from './lexer.js';
import { mimgProgram } from './mimg.js';
import * as operands from './operands.js';
import * as program from './program.js';
import { encodeSdwa } from './sdwa.js';
import { encodeVintrp, type VintrpProgram, vintrpProgram } from './vintrp.js';
import { vop3pProgram } from './vop3p.js';
import { encodeWaitcnt } from './waitcnt.js';

// Imported bindings copied once (see lexer.ts).
const { hasXnack, setScalarGen } = scalar;
const { setValuGen } = valu;
const { lexFast, lineBytes } = lexer;
const { kind: tokKind, start: tokStart, end: tokEnd, hash: tokHash } = lexer.lexed;
const T_IDENT = lexer.TOKEN.IDENT;
const { parseFast } = operands;
const { encodeProgram, setGeneration, P_WAITCNT, P_SDWA } = program;
type Program = program.Program;

export { sourceBytes as fastSourceBytes } from './lexer.js';
export { words as fastWords } from './program.js';

// How a mnemonic's lines are encoded: not decided yet, by the general path only, by a program (program.ts),
// or by a family's own fast encoder (exp.ts, buf.ts, ...) with its data.
const E_UNBUILT = 0;
const E_NONE = 1;
const E_PROG = 2;
const E_EXP = 3;
const E_VINTRP = 6;

/**
 * A target's mnemonics with, per slot of their table, the encoder (E_*, decided on first use) and its data
 * (E_PROG: its Program; E_EXP: the generation's EXP layout; E_VINTRP: a VintrpProgram; ...): typed arrays and a
 * flat array, so that a line's lookup touches no object per mnemonic before its program.
 */
interface PerTarget {
  readonly table: StrTable<null>;
  readonly enc: Uint8Array;
  readonly data: unknown[];
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
    const table = new StrTable<null>(mnemonicsOf(t).map((name) => [name, null] as const));
    const data: unknown[] = new Array(table.capacity).fill(null);
    p = { table, enc: new Uint8Array(table.capacity), data, gen: genOf(t), xnack: hasXnack(t) };
    targets.set(t, p);
  }
  return p;
}

/** Decides the encoder of the mnemonic in `slot` of `pt` (from the first family the general path tries). */
function build(t: Target, pt: PerTarget, slot: number): number {
  const name = pt.table.keyAt(slot);
  const f = familiesOf(t, name);
  let enc = E_NONE;
  let data: unknown = null;
  const fam = f?.fams[0]?.name;
  const entry = f?.entries[0];
  if (fam === 'exp') {
    enc = E_EXP;
    data = EXP[genOf(t)];
  } else if (f?.fams.length !== 1) {
    enc = E_NONE;
  } else if (fam === 'buf') {
    data = bufProgram(entry as BufEntry);
    enc = E_PROG;
  } else if (fam === 'mimg') {
    data = mimgProgram(t, entry as MimgEntry);
    enc = E_PROG;
  } else if (fam === 'flat') {
    data = flatProgram(t, entry as FlatEntry);
    enc = E_PROG;
  } else if (fam === 'ds') {
    data = dsProgram(entry as DsEntry, genOf(t));
    enc = E_PROG;
  } else if (fam === 'valu-vop3p') {
    data = vop3pProgram(t, name);
    enc = E_PROG;
  } else if (fam === 'vintrp') {
    data = vintrpProgram(name, entry as number, genOf(t));
    enc = E_VINTRP;
  } else {
    data = programOf(t, name, f.fams[0], entry);
    enc = E_PROG;
  }
  if (data === null) enc = E_NONE;
  pt.data[slot] = data;
  pt.enc[slot] = enc;
  return enc;
}

/**
 * Encodes the instruction line `text` into fastWords and returns its number of dwords, or 0 when the
 * general path must assemble it. `consts` is the symbol lookup of the general parser (a keyword that
 * names a symbol is left to it).
 */
export function fastEncode(text: string, target: Target, consts: ConstLookup): number {
  return fastEncodeAt(text, lineBytes(text), 0, text.length, target, consts);
}

/**
 * fastEncode of the line text[start, end) (a line of a whole source, read in place), with `bytes` the
 * fastSourceBytes of `text`.
 */
export function fastEncodeAt(
  text: string,
  bytes: Uint8Array,
  start: number,
  end: number,
  target: Target,
  consts: ConstLookup,
): number {
  if (!enabled || lexFast(bytes, text, start, end) <= 0 || tokKind[0] !== T_IDENT) return 0;
  if (target !== lastTarget) {
    last = perTarget(target);
    lastTarget = target;
  }
  const pt = last as PerTarget;
  const slot = pt.table.slotBytes(bytes, tokStart[0], tokEnd[0], tokHash[0]);
  if (slot < 0) return 0;
  let enc = pt.enc[slot];
  if (enc === E_UNBUILT) enc = build(target, pt, slot);
  if (enc === E_NONE) return 0;
  const data = pt.data[slot];
  const n = parseFast(bytes, text, 1, consts);
  if (n < 0) return 0;
  // The register and immediate rules read the generation (inline 1/(2*pi) from gfx8, register files).
  setGeneration(pt.gen, pt.xnack);
  setValuGen(pt.gen, pt.xnack);
  setScalarGen(pt.gen, pt.xnack);
  switch (enc) {
    case E_PROG: {
      const p = data as Program;
      if (p.flags & (P_WAITCNT | P_SDWA)) return p.flags & P_SDWA ? encodeSdwa(p, n) : encodeWaitcnt(p, n);
      return encodeProgram(p, n);
    }
    case E_EXP:
      return encodeExp(data as Layout<string>, n);
    case E_VINTRP:
      return encodeVintrp(data as VintrpProgram, n);
  }
  return 0;
}
