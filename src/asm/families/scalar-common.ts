// Operand matching shared by the scalar families (SOP1/2/C/K/P, SMEM): LLVM's scalar register classes,
// the register checks its parser makes before matching, and its inline-constant and literal rules for
// 32- and 64-bit integer operands.
import { genOf } from '../../codec/families/scalar-common.js';
import type { OpRow } from '../../isa/ops.js';
import { findProcessor, type Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { Expr } from '../expr.js';
import {
  type AsmInst,
  type CallArg,
  type EncodeResult,
  type Fixup,
  NO_MODS,
  type Operand,
  type Pos,
  type RegOperand,
} from '../types.js';

/** A diagnostic raised while matching; caught at the family entry and returned as LLVM's error. */
export class MatchError extends Error {
  constructor(
    message: string,
    readonly pos: Pos,
  ) {
    super(message);
  }
}

export const INVALID = 'invalid operand for instruction';
export const NOT_VALID = 'not a valid operand.';
export const TOO_FEW = 'too few operands for instruction';

export function fail(message: string, pos: Pos): never {
  throw new MatchError(message, pos);
}

/**
 * The generation of the instruction being matched: register names and codes differ per generation
 * (gfx6/7 SGPRs to s103 and gfx7's FLAT_SCRATCH at 104; TBA/TMA and TTMPs at 108/112 before gfx9).
 * Set by guard() for the duration of one instruction.
 */
let GEN: Generation = 'gfx9';
/** Whether the target of the instruction being matched has XNACK_MASK (the xnack feature). */
let XNACK = true;

/** Whether processor `t` has the xnack feature, hence the XNACK_MASK register. */
export function hasXnack(t: Target): boolean {
  return findProcessor(t)?.features.has('xnack') ?? true;
}

/** Sets the generation and xnack of the instruction about to be matched (guard does it per line). */
export function useTarget(t: Target): void {
  setScalarGen(genOf(t), hasXnack(t));
}

export function setScalarGen(g: Generation, xnack: boolean): void {
  GEN = g;
  XNACK = xnack;
}

/** The generation guard() set for the instruction being matched. */
export function currentGen(): Generation {
  return GEN;
}

/** Runs a family's matcher for `inst`, turning a MatchError into the family's error result. */
export function guard(inst: AsmInst, run: () => EncodeResult): EncodeResult {
  useTarget(inst.target);
  try {
    return run();
  } catch (e) {
    if (e instanceof MatchError) return { error: e.message, pos: e.pos };
    throw e;
  }
}

/** An op row and its opcode on the instruction's generation. */
export interface RowOn<R> {
  readonly row: R;
  readonly opcode: number;
}

/**
 * Rows by mnemonic per generation, from the op rows (src/isa/ops/scalar-*.ts: the one place opcodes live).
 * The `_e32` spelling LLVM also accepts for these ops maps to the same row.
 */
export function rowTable<R extends OpRow>(rows: readonly R[]): (t: Target) => Map<string, RowOn<R>> {
  const cache = new Map<Generation, Map<string, RowOn<R>>>();
  return (t) => {
    const g = genOf(t);
    let m = cache.get(g);
    if (m) return m;
    m = new Map();
    for (const row of rows) {
      const opcode = row.opcodes[g];
      if (opcode !== undefined) m.set(row.name, { row, opcode });
    }
    cache.set(g, m);
    return m;
  };
}

/** Mnemonics a scalar family registers: each op, its `_e32` alias, and `_e64` (which LLVM rejects). */
export function* spellings(names: Iterable<string>): Iterable<string> {
  for (const n of names) {
    yield n;
    yield n + '_e32';
    yield n + '_e64';
  }
}

/** The op name without an `_e32` suffix, or an error for `_e64`. */
export function baseName(inst: AsmInst): string {
  const m = inst.mnemonic;
  if (m.endsWith('_e32')) return m.slice(0, -4);
  if (m.endsWith('_e64')) fail('e64 variant of this instruction is not supported', inst.pos);
  return m;
}

// ---- registers ----

const TTMP_BASE = 108;
const LAST_SGPR = 101;
/** LLVM knows SGPRs to s105 but gfx9 encodes only to s101. */
const LAST_SGPR_NAME = 105;
/** Register names LLVM knows from later GPUs: written as identifiers here, refused like its parser does. */
const LATER_REGS = new Set(['src_flat_scratch_base_lo', 'src_flat_scratch_base_hi']);

function regText(r: RegOperand): string {
  const p = r.file === 'ttmp' ? 'ttmp' : r.file;
  return r.count === 1 && /\d$/.test(r.name) ? `${p}${r.index}` : `${p}[${r.index}:${r.index + r.count - 1}]`;
}

function alignment(count: number): number {
  return count >= 3 ? 4 : count;
}

/**
 * Operands a custom parser reads (hwreg, sendmsg, waitcnt, gpr_idx ...): called in operand order, it
 * returns true for the ones it took, so their parse errors come in the same order as LLVM's.
 */
export type CustomParse = (op: Operand, index: number) => boolean;

/**
 * One pass over the operands doing what LLVM's parser does before any matching, in operand order:
 * - a `name(...)` operand other than `lit(...)` (and the one at `keep`, for a custom parser) is read as
 *   LLVM reads it in an ordinary slot: the symbol `name` followed by the parenthesized operand `(x)`;
 *   `(x, y)` and `()` fail;
 * - `custom` takes the operands a custom parser reads (hwreg, sendmsg, gpr_idx ...);
 * - register indices out of range, misaligned tuples, registers of other GPUs, source modifiers, and
 *   `name:value` modifiers the op does not take (`named` checks those it does) are errors.
 * Returns the operand list with calls split.
 */
export function scan(
  ops: readonly Operand[],
  keep = -1,
  custom?: CustomParse,
  named?: (op: Operand, i: number) => void,
): readonly Operand[] {
  let out: Operand[] | null = null;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    const at = out ? out.length : i;
    const kind = op.kind;
    if (kind === 'call' && at !== keep && op.name !== 'lit') {
      out ??= ops.slice(0, i);
      splitCall(op, out);
      // The parenthesized half may land where a custom parser reads.
      custom?.(out[out.length - 1], out.length - 1);
      continue;
    }
    out?.push(op);
    if (custom?.(op, at)) continue;
    const mods = op.mods;
    if (mods !== NO_MODS && (mods.neg || mods.abs || mods.sext)) fail(NOT_VALID, op.pos);
    if (kind === 'reg') checkReg(op, op.pos);
    else if (kind === 'named') {
      if (!named) fail(NOT_VALID, op.pos);
      named(op, at);
    } else if (kind === 'ident' && LATER_REGS.has(op.name.toLowerCase()))
      fail(`${op.name.toLowerCase()} register not available on this GPU`, op.pos);
  }
  return out ?? ops;
}

function splitCall(op: Operand & { kind: 'call' }, out: Operand[]): void {
  const paren = { line: op.pos.line, col: op.pos.col + op.name.length };
  const [a, b] = op.args;
  if (a === undefined) fail('unknown token in expression', { line: paren.line, col: paren.col + 1 });
  if (b !== undefined) fail("expected ')'", { line: a.pos.line, col: a.pos.col + argLength(a) });
  out.push({ kind: 'ident', name: op.name, pos: op.pos, mods: op.mods, comma: op.comma });
  const rest = { pos: paren, mods: NO_MODS, comma: false };
  if ('int' in a) out.push({ kind: 'int', value: a.int, ...rest });
  else if ('float' in a) out.push({ kind: 'float', value: a.float, ...rest });
  else out.push({ kind: 'ident', name: 'ident' in a ? a.ident : a.str, ...rest });
}

function checkReg(op: RegOperand, pos: Pos): void {
  const e = regError(op, GEN, XNACK);
  if (e !== null) fail(e, pos);
}

/**
 * The error LLVM's register parser gives for `op` on generation `g`, before any matching (so ahead of an
 * operand error earlier in the line), or null: an index out of range, a misaligned tuple, a register
 * the generation lacks, null.
 */
export function regError(op: RegOperand, g: Generation, xnack: boolean): string | null {
  const last = op.index + op.count - 1;
  const old = g !== 'gfx9';
  if (op.file === 's' || op.file === 'ttmp') {
    if (last > (op.file === 's' ? LAST_SGPR_NAME : 15)) return 'register index is out of range';
    if (op.index % alignment(op.count) !== 0) return 'invalid register alignment';
    if (op.file === 's' && last > lastSgpr(g)) return `${regText(op)} register not available on this GPU`;
    if (op.file === 'ttmp' && old && last > LAST_TTMP_OLD)
      return `${regText(op)} register not available on this GPU`;
  } else if (op.file === 'v' || op.file === 'a') {
    if (last > 255) return 'register index is out of range';
  } else if (op.name === 'null') return "'null' operand is not supported on this GPU";
  else if (!specialAvailable(op.index, g, xnack)) return `${op.name} register not available on this GPU`;
  return null;
}

/** The last SGPR a generation encodes singly: s103 on gfx6/7, s101 from gfx8. */
export function lastSgpr(g: Generation): number {
  return g === 'gfx6' || g === 'gfx7' ? 103 : LAST_SGPR;
}

/** gfx6-8 have 12 TTMPs. */
export const LAST_TTMP_OLD = 11;

/**
 * Whether a named register (by the code the register parser gives it, gfx9's) exists on the generation:
 * FLAT_SCRATCH from gfx7, XNACK_MASK from gfx8, TBA/TMA before gfx9, the apertures and POPS on gfx9.
 */
export function specialAvailable(code: number, g: Generation, xnack = true): boolean {
  if (code >= 108 && code <= 111) return g !== 'gfx9';
  // XNACK_MASK needs the xnack feature: llvm-mc-22 -mcpu=gfx803 says "xnack_mask_lo register not
  // available on this GPU", gfx801 and gfx810 take it.
  if (code === 104 || code === 105) return xnack && (g === 'gfx8' || g === 'gfx9');
  if (g === 'gfx9') return true;
  if (code === 102 || code === 103) return g !== 'gfx6';
  return !(code >= 235 && code <= 239);
}

/** A named register's code on the generation from its gfx9 code (gfx7's FLAT_SCRATCH sits at 104). */
export function specialCode(c: number, g: Generation): number {
  return g === 'gfx7' && (c === 102 || c === 103) ? c + 2 : c;
}

function genCode(c: number): number {
  return specialCode(c, GEN);
}

/** Where a generation's TTMPs start: 108 on gfx9, 112 before. */
export function ttmpBaseOf(g: Generation): number {
  return g === 'gfx9' ? TTMP_BASE : TTMP_BASE_OLD;
}

function ttmpBase(): number {
  return ttmpBaseOf(GEN);
}
const TTMP_BASE_OLD = 112;

/** Scalar register class of an operand slot, as LLVM's register classes for these ops accept them. */
export enum RC {
  /** SReg_32: SGPRs, ttmps, vcc/flat_scratch/xnack halves, m0, exec halves, pops/vccz/execz/scc. */
  R32,
  /** SReg_32_XM0_XEXEC (SMEM data): R32 without m0 and exec halves. */
  Data32,
  /** SReg_64: aligned pairs, vcc, exec, flat_scratch, xnack_mask. */
  R64,
  /** SReg_64_XEXEC (SMEM data, s_memtime): R64 without exec. */
  Data64,
  /** Aligned SGPR/ttmp tuples of 4, 8 or 16. */
  Tuple,
}

// TBA/TMA (108-111) pass only on gfx6-8 (checkReg refuses them on gfx9).
const R32_SPECIAL = new Set([
  102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 124, 126, 127, 239, 251, 252, 253,
]);
const R64_SPECIAL = new Set([102, 104, 106, 108, 110, 126]);
/** The constant-like registers a 64-bit source takes whatever width they are written with. */
const SRC64_SPECIAL = new Set([235, 236, 237, 238, 239, 251, 252, 253]);
/** Registers a 32-bit source takes beyond R32. */
const SRC32_SPECIAL = new Set([235, 236, 237, 238]);
const M0 = 124;
const EXEC = 126;

/** The 8-bit code of a register in class `rc` (`count` dwords for Tuple), or -1. */
export function regCode(op: Operand, rc: RC, count = 0): number {
  if (op.kind !== 'reg') return -1;
  const n = rc === RC.R32 || rc === RC.Data32 ? 1 : rc === RC.Tuple ? count : 2;
  if (op.count !== n) return -1;
  if (op.file === 's') return op.index;
  if (op.file === 'ttmp') return ttmpBase() + op.index;
  if (op.file !== 'special' || rc === RC.Tuple) return -1;
  return specialRegCode(op.index, n, rc);
}

/**
 * The code of the named register `c` (its gfx9 code, `n` dwords) in class rc (not Tuple) on the current
 * generation, or -1; whether it exists there is checkReg's (specialExists). The fast path shares it.
 */
export function specialRegCode(c: number, n: number, rc: RC): number {
  if (n === 1) {
    if (!R32_SPECIAL.has(c)) return -1;
    return rc === RC.Data32 && (c === M0 || c === EXEC || c === EXEC + 1) ? -1 : genCode(c);
  }
  if (!R64_SPECIAL.has(c)) return -1;
  return rc === RC.Data64 && c === EXEC ? -1 : genCode(c);
}

/** Whether checkReg lets the named register `c` through on the current generation (not null). */
export function specialExists(c: number): boolean {
  return c !== 125 && specialAvailable(c, GEN, XNACK);
}

/**
 * The code of the named register `c` written with `n` dwords as a SOP source (64-bit when `wide`), or
 * -1: its class's, or the constant-like registers any width takes (encodeSrc; the fast path shares it).
 */
export function specialSrcCode(c: number, n: number, wide: boolean): number {
  const c0 = n === (wide ? 2 : 1) ? specialRegCode(c, n, wide ? RC.R64 : RC.R32) : -1;
  if (c0 >= 0 || n !== 1) return c0;
  return (wide ? SRC64_SPECIAL : SRC32_SPECIAL).has(c) ? c : -1;
}

/** A register of class rc or the matching error at the operand. */
export function needReg(op: Operand, rc: RC, count = 0): number {
  const c = regCode(op, rc, count);
  if (c < 0) fail(INVALID, litInner(op));
  return c;
}

/** Where LLVM sees an operand: inside `lit(...)` (a modifier to it) the value itself. */
export function litInner(op: Operand): Pos {
  return op.kind === 'call' && op.name === 'lit' && op.args.length > 0 ? op.args[0].pos : op.pos;
}

/** The length of an argument as written, as far as it can be told (integers assumed decimal). */
export function argLength(a: CallArg): number {
  if ('ident' in a) return a.ident.length;
  if ('str' in a) return a.str.length + 2;
  return String('int' in a ? a.int : a.float).length;
}

// ---- constants ----

const f32 = new Float32Array(1);
const f32bits = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
/** [low, high] words of f64 (little-endian hosts, as Node's targets are). */
const f64words = new Uint32Array(f64.buffer);

const INLINE_F32 = new Map<number, number>([
  [0x3f000000, 240],
  [0xbf000000, 241],
  [0x3f800000, 242],
  [0xbf800000, 243],
  [0x40000000, 244],
  [0xc0000000, 245],
  [0x40800000, 246],
  [0xc0800000, 247],
  [0x3e22f983, 248],
]);
/** High words of the f64 inline constants whose low word is 0. */
const INLINE_F64_HI = new Map<number, number>([
  [0x3fe00000, 240],
  [0xbfe00000, 241],
  [0x3ff00000, 242],
  [0xbff00000, 243],
  [0x40000000, 244],
  [0xc0000000, 245],
  [0x40100000, 246],
  [0xc0100000, 247],
]);
const INV2PI_F64_HI = 0x3fc45f30;
const INV2PI_F64_LO = 0x6dc9c882;
const TWO32 = 0x100000000;
export const LITERAL = 255;

/** Inline-constant code of a 32-bit pattern, or -1 (1/(2*pi), code 248, exists from gfx8). */
export function inline32(u: number): number {
  if (u <= 64) return 128 + u;
  if (u >= 0xfffffff0) return 192 + (TWO32 - u);
  const c = INLINE_F32.get(u) ?? -1;
  return c === INV_2PI && !hasInv2Pi() ? -1 : c;
}

const INV_2PI = 248;
function hasInv2Pi(): boolean {
  return GEN === 'gfx8' || GEN === 'gfx9';
}

function inline64(hi: number, lo: number): number {
  if (hi === 0 && lo <= 64) return 128 + lo;
  if (hi === 0xffffffff && lo >= 0xfffffff0) return 192 + (TWO32 - lo);
  if (lo === 0) return INLINE_F64_HI.get(hi) ?? -1;
  return hi === INV2PI_F64_HI && lo === INV2PI_F64_LO && hasInv2Pi() ? INV_2PI : -1;
}

/** The high and low words of an integer operand as the 64-bit value LLVM holds. */
export function intWords(v: number | bigint): [number, number] {
  intWordsOut(v);
  return [words64[0], words64[1]];
}

/** intWords into words64 ([0] high, [1] low): no array per call (the fast path's scalarImm runs per operand). */
const words64 = new Uint32Array(2);
function intWordsOut(v: number | bigint): void {
  if (typeof v === 'number') {
    // Uint32Array stores take the low 32 bits (ToUint32), as `>>> 0` does.
    words64[0] = Math.floor(v / TWO32);
    words64[1] = v;
    return;
  }
  const b = BigInt.asUintN(64, v);
  words64[0] = Number(b >> 32n);
  words64[1] = Number(b & 0xffffffffn);
}

/** The 64-bit value fits 32 bits as a signed or an unsigned number. */
export function fits32(hi: number, lo: number): boolean {
  return hi === 0 || (hi === 0xffffffff && lo >= 0x80000000);
}

/** Low word of a double's bits: what LLVM keeps of a float written where an integer is expected. */
export function floatLowWord(v: number): number {
  f64[0] = v;
  return f64words[0];
}

/** f32 bits of a float written for a 32-bit operand, or -1 when it overflows or underflows. */
export function floatToF32(v: number): number {
  f32[0] = v;
  const r = f32[0];
  if (r !== v && (!Number.isFinite(r) || Math.abs(r) < 1.1754943508222875e-38)) return -1;
  return f32bits[0];
}

// ---- scalar sources with literals ----

/** The literal dword of one instruction: a value or an expression needing a fixup. */
export class Literal {
  has = false;
  value = 0;
  expr: Expr | null = null;

  pos: Pos = { line: 0, col: 0 };

  /** A second, different literal: LLVM reports it after matching, so it waits for finish(). */
  conflict: Pos | null = null;

  set(value: number, expr: Expr | null, pos: Pos): void {
    if (this.has && (expr !== null || this.expr !== null || this.value !== value)) {
      this.conflict ??= pos;
      return;
    }
    this.has = true;
    this.value = value;
    this.expr = expr;
    this.pos = pos;
  }

  /** Appends the literal dword (and its fixup) to an encoding of `words`. */
  finish(words: number[]): EncodeResult {
    if (this.conflict) fail('only one unique literal operand is allowed', this.conflict);
    if (!this.has) return { words };
    const offset = words.length * 4;
    words.push(this.value >>> 0);
    if (this.expr === null) return { words };
    const fix: Fixup = {
      offset,
      kind: pcrel(this.expr) ? 'lit32_pcrel' : 'lit32',
      expr: this.expr,
      pos: this.pos,
    };
    return { words, fixups: [fix] };
  }
}

/** LLVM's needsPCRel: symbol literals are PC-relative unless abs32 or a difference. */
function pcrel(e: Expr): boolean {
  switch (e.k) {
    case 'sym':
      return e.variant !== 'abs32@lo' && e.variant !== 'abs32@hi';
    case 'dot':
      return true;
    case 'un':
      return pcrel(e.a);
    case 'bin':
      return e.op !== '-' && (pcrel(e.a) || pcrel(e.b));
    default:
      return false;
  }
}

/** How a source slot takes constants. */
export enum Src {
  /** SSrc_b32: registers, inline constants, a 32-bit literal or an expression. */
  B32,
  /** SSrc_b64: pairs, 64-bit inline constants, a literal that fits 32 bits; no expressions. */
  B64,
  /** SSrc_b64 of ops LLVM gives no literal form (s_cbranch_g_fork). */
  B64NoLit,
}

/** Encodes a scalar source operand: its 8-bit code, recording any literal in `lit`. */
export function encodeSrc(op: Operand, kind: Src, lit: Literal): number {
  const wide = kind !== Src.B32;
  switch (op.kind) {
    case 'reg': {
      const c =
        op.file === 'special'
          ? specialSrcCode(op.index, op.count, wide)
          : regCode(op, wide ? RC.R64 : RC.R32);
      if (c < 0) fail(INVALID, op.pos);
      return c;
    }
    case 'int':
    case 'float': {
      const c = scalarImm(op.kind === 'float', op.value, kind);
      if (c < 0) fail(INVALID, op.pos);
      return c === LITERAL ? literal(scalarImmOut[0], null, op.pos, lit) : c;
    }
    case 'expr':
    case 'ident': {
      if (wide) fail(INVALID, op.pos);
      const e: Expr = op.kind === 'expr' ? op.expr : { k: 'sym', name: op.name, variant: '', pos: op.pos };
      return literal(0, e, op.pos, lit);
    }
    case 'call':
      if (op.name === 'lit') return forcedLiteral(op, kind, lit);
      return fail(INVALID, op.pos);
    default:
      return fail(INVALID, op.pos);
  }
}

/** [0]: the literal dword of the last scalarImm that gave LITERAL (a cell: see asm/fast/lexer.ts). */
export const scalarImmOut = new Uint32Array(1);

/**
 * The 8-bit source code of an integer or float token in a source slot of kind `kind` (LITERAL: the
 * dword is then in scalarLiteral), or -1 when it does not fit. Shared with the fast path (asm/fast).
 */
export function scalarImm(isFloat: boolean, v: number | bigint, kind: Src): number {
  const wide = kind !== Src.B32;
  if (!isFloat) {
    intWordsOut(v);
    const hi = words64[0];
    const lo = words64[1];
    if (wide) {
      const c = inline64(hi, lo);
      if (c >= 0) return c;
    } else if (fits32(hi, lo)) {
      const c = inline32(lo);
      if (c >= 0) return c;
    }
    if (!fits32(hi, lo) || kind === Src.B64NoLit) return -1;
    scalarImmOut[0] = lo;
    return LITERAL;
  }
  if (wide) {
    f64[0] = v as number;
    return inline64(f64words[1], f64words[0]);
  }
  const bits = floatToF32(v as number);
  if (bits < 0) return -1;
  const c = inline32(bits);
  if (c >= 0) return c;
  scalarImmOut[0] = bits;
  return LITERAL;
}

function literal(value: number, expr: Expr | null, pos: Pos, lit: Literal): number {
  lit.set(value, expr, pos);
  return LITERAL;
}

/** `lit(x)`: the value as a literal dword even when an inline constant could encode it. */
function forcedLiteral(op: Operand & { kind: 'call' }, kind: Src, lit: Literal): number {
  const a = op.args[0];
  if (op.args.length === 1 && 'float' in a) {
    // A float literal of a 64-bit integer operand has no encoding LLVM accepts.
    const bits = kind === Src.B32 ? floatToF32(a.float) : -1;
    if (bits < 0) fail(INVALID, a.pos);
    return literal(bits, null, op.pos, lit);
  }
  if (op.args.length !== 1 || !('int' in a)) {
    // LLVM complains where it expected the closing parenthesis: after a lone identifier.
    const at = a && 'ident' in a ? { line: a.pos.line, col: a.pos.col + a.ident.length } : (a?.pos ?? op.pos);
    return fail(NOT_VALID, at);
  }
  const [hi, lo] = intWords(a.int);
  if (!fits32(hi, lo) || kind === Src.B64NoLit) fail(INVALID, a.pos);
  return literal(lo, null, op.pos, lit);
}

/** An integer operand's value when it is a plain (or `lit(...)`) integer; null otherwise. */
export function plainInt(op: Operand): number | bigint | null {
  if (op.kind === 'int') return op.value;
  if (op.kind === 'call' && op.name === 'lit' && op.args.length === 1 && 'int' in op.args[0])
    return op.args[0].int;
  return null;
}

/** The signed 64-bit value of an integer as a JS number when it is within ±2^53, else NaN. */
export function smallInt(v: number | bigint): number {
  if (typeof v === 'number') return v;
  const s = BigInt.asIntN(64, v);
  return s >= -(2n ** 53n) && s <= 2n ** 53n ? Number(s) : Number.NaN;
}
