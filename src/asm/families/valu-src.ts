// Source operands of the vector ALU encodings: registers, inline constants and literals as llvm-mc encodes
// them for an operand of a given type. The rules (which values are inline constants, what a literal dword
// holds, which values do not fit at all) differ per type and per token kind (integer or float), exactly as
// LLVM's AMDGPUOperand::isInlinableImm / addLiteralImmOperand do; each rule was checked with llvm-mc-22.
import { type Vop3Entry, vop3Table } from '../../codec/families/vop3-tables.js';
import { type OperandType, srcOperand, typeDwords } from '../../codec/operands.js';
import { type Generation, PROCESSORS } from '../../isa/processors.js';
import { isTarget, type Target } from '../../isa/targets.js';
import type { Expr } from '../expr.js';
import type { Encoded, Operand, Pos } from '../types.js';
import {
  LAST_TTMP_OLD,
  lastSgpr,
  regError,
  specialAvailable,
  specialCode,
  ttmpBaseOf,
} from './scalar-common.js';

/**
 * The generation of the instruction being encoded (register codes differ: gfx6/7 SGPRs to s103, gfx7's
 * FLAT_SCRATCH at 104, TBA/TMA at 108 and TTMPs at 112 before gfx9; see asm/families/scalar-common.ts).
 * Set by each VALU family's entry through setValuGen for the duration of one instruction.
 */
let GEN: Generation = 'gfx9';

/** Whether the target has XNACK_MASK (scalar-common.ts hasXnack). */
let XNACK = true;

export function setValuGen(g: Generation, xnack = true): void {
  GEN = g;
  XNACK = xnack;
}

/**
 * The first register of the line LLVM's parser refuses (scalar-common's regError: out of range,
 * misaligned, not on this GPU), or null. It parses every operand before it matches any, so this error
 * comes ahead of an operand error earlier in the line (`v_add_f32 v1, v[2:3], tma_hi` on gfx9 is about
 * tma_hi). With `noMods` (an op whose operands take no source modifiers), a modifier is such an error
 * too, "not a valid operand." at the operand.
 */
export function regParseError(ops: readonly Operand[], noMods: boolean): Err | null {
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k];
    if (noMods && (op.mods.neg || op.mods.abs || op.mods.sext)) return err(NOT_VALID, op.pos);
    if (op.kind !== 'reg') continue;
    const e = regError(op, GEN, XNACK);
    if (e !== null) return err(e, op.mods.inner ?? op.pos);
  }
  return null;
}

/** The code of an SGPR/TTMP tuple on the current generation, or an error (range, alignment). */
function sgprFileCode(op: Operand & { kind: 'reg' }): number | Err {
  const n = op.count;
  const old = GEN !== 'gfx9';
  const max = op.file === 's' ? (old ? lastSgpr(GEN) + 1 : 102) : old ? LAST_TTMP_OLD + 1 : 16;
  if (op.index + n > max) {
    // LLVM knows s0-s105 and ttmp0-15 on every generation; the ones a generation lacks are "not available".
    const avail = op.file === 's' ? 106 : 16;
    if (!old || op.index + n > avail) return err(OUT_OF_RANGE, op.pos);
    return err(`${regName(op)} register not available on this GPU`, op.pos);
  }
  // LLVM aligns a scalar tuple to its width rounded up to a power of two, at most 4: s[4:6] by 4.
  if (n > 1 && op.index % (n >= 3 ? 4 : n) !== 0) return err('invalid register alignment', op.pos);
  return op.file === 's' ? op.index : ttmpBaseOf(GEN) + op.index;
}

function regName(op: Operand & { kind: 'reg' }): string {
  return op.count === 1 ? op.file + op.index : `${op.file}[${op.index}:${op.index + op.count - 1}]`;
}

/** A named scalar register's code on the current generation, or an error when it does not exist there. */
function specialOn(op: Operand & { kind: 'reg' }): number | Err {
  if (op.index === 125) return err("'null' operand is not supported on this GPU", op.pos);
  if (!specialAvailable(op.index, GEN, XNACK))
    return err(`${op.name} register not available on this GPU`, op.pos);
  return specialCode(op.index, GEN);
}

export interface Err {
  readonly error: string;
  readonly pos: Pos;
}

export const INVALID = 'invalid operand for instruction';
export const NOT_VALID = 'not a valid operand.';
const OUT_OF_RANGE = 'register index is out of range';

export function err(error: string, pos: Pos): Err {
  return { error, pos };
}

/** Kinds of an encoded source. */
export const S_VGPR = 0;
export const S_SGPR = 1;
export const S_CONST = 2;
export const S_LIT = 3;
export const S_AGPR = 4;

/** One encoded source: its 9-bit code, and for a literal the dword (or the expression to fix up). */
export interface Src {
  readonly kind: number;
  readonly code: number;
  readonly lit: number;
  readonly expr: Expr | null;
  /** Identity of the scalar register read (for the constant-bus count), -1 when none. */
  readonly bus: number;
  readonly op: Operand;
}

/** Scalar codes LLVM treats as readable in an operand of any width (hardware values, not register pairs). */
const ANY_WIDTH = new Set([125, 235, 236, 237, 238, 239, 251, 252, 253]);

const FLOAT_CODE = new Map<number, number>([
  [0.5, 240],
  [-0.5, 241],
  [1, 242],
  [-1, 243],
  [2, 244],
  [-2, 245],
  [4, 246],
  [-4, 247],
]);
const F32_CODE = new Map<number, number>([
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
const F16_CODE = new Map<number, number>([
  [0x3800, 240],
  [0xb800, 241],
  [0x3c00, 242],
  [0xbc00, 243],
  [0x4000, 244],
  [0xc000, 245],
  [0x4400, 246],
  [0xc400, 247],
  [0x3118, 248],
]);
// High dwords of the f64 inline constants (their low dwords are zero); 1/(2*pi) is matched separately.
const F64_HI_CODE = new Map<number, number>([
  [0x3fe00000, 240],
  [0xbfe00000, 241],
  [0x3ff00000, 242],
  [0xbff00000, 243],
  [0x40000000, 244],
  [0xc0000000, 245],
  [0x40100000, 246],
  [0xc0100000, 247],
]);
const INV_2PI = 0.15915494309189532;
const INV_2PI_CODE = 248;
const INV_2PI_HI = 0x3fc45f30;
const INV_2PI_LO = 0x6dc9c882;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new Uint32Array(f64.buffer);

/** f32 bits of `d` rounded to nearest, or -1 when the conversion overflows or underflows (LLVM rejects). */
export function f32Bits(d: number): number {
  f32[0] = d;
  const b = u32[0];
  const r = f32[0];
  if (!Number.isFinite(r) && Number.isFinite(d)) return -1;
  if ((b & 0x7f800000) === 0 && r !== d) return -1;
  return b;
}

function roundEven(x: number): number {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** IEEE half bits of `d` rounded to nearest even, or -1 on overflow or inexact underflow. */
export function f16Bits(d: number): number {
  const sign = d < 0 || Object.is(d, -0) ? 0x8000 : 0;
  let a = Math.abs(d);
  if (a === 0) return sign;
  if (Number.isNaN(a)) return 0x7e00;
  if (a === Number.POSITIVE_INFINITY) return sign | 0x7c00;
  if (a < 2 ** -14) {
    const m = a * 2 ** 24;
    const r = roundEven(m);
    if (r !== m) return -1;
    return sign | r;
  }
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  a = a / 2 ** e;
  let frac = roundEven((a - 1) * 1024);
  if (frac === 1024) {
    frac = 0;
    e++;
  }
  if (e > 15) return -1;
  return sign | ((e + 15) << 10) | frac;
}

function intCode(v: number): number {
  return v >= 0 ? 128 + v : 192 - v;
}

/** Operand-type classes as the literal rules see them. */
const C32 = 0;
const CI16 = 1;
const CF16 = 2;
const CF64 = 3;
const CI64 = 4;
const CV2F16 = 5;
const CV2I16 = 6;
const CLASS: Record<OperandType, number> = {
  b32: C32,
  i32: C32,
  f32: C32,
  i16: CI16,
  f16: CF16,
  f64: CF64,
  b64: CI64,
  i64: CI64,
  v2f16: CV2F16,
  v2i16: CV2I16,
};

/** [code, literal dword]: code 255 means a literal; null when the value does not fit the operand. */
type Imm = readonly [number, number] | null;

/**
 * Whether code 248 (1/(2*pi)) is an inline constant: from gfx8 (LLVM's FeatureInv2PiInlineImm). On
 * gfx6/7 llvm-mc-22 writes the value as a literal (`v_mov_b32 v1, 0.15915494` -> 0x3e22f983 after
 * code 255; `v_rcp_f64 v[1:2], 0.15915494309189532` -> the high dword 0x3fc45f30), checked by hand.
 */
function hasInv2Pi(): boolean {
  return GEN === 'gfx8' || GEN === 'gfx9';
}

function imm32Bits(b: number): Imm {
  const s = b | 0;
  if (s >= -16 && s <= 64) return [intCode(s), 0];
  const c = F32_CODE.get(b >>> 0);
  return c === undefined || (c === INV_2PI_CODE && !hasInv2Pi()) ? [255, b >>> 0] : [c, 0];
}

function f16Imm(low: number): Imm {
  const s = (low << 16) >> 16;
  if (s >= -16 && s <= 64) return [intCode(s), 0];
  const c = F16_CODE.get(low);
  return c === undefined || (c === INV_2PI_CODE && !hasInv2Pi()) ? [255, low] : [c, 0];
}

/** An integer token (as a signed 64-bit value) in an operand of class `cls`. */
function intImm(v: number | bigint, cls: number): Imm {
  if (typeof v === 'bigint') {
    const s = BigInt.asIntN(64, v);
    if (s >= -(2n ** 53n) && s <= 2n ** 53n) return intImm(Number(s), cls);
    if (cls !== CF64 && cls !== CI64) return null;
    const hi = Number((BigInt.asUintN(64, s) >> 32n) & 0xffffffffn);
    const lo = Number(BigInt.asUintN(64, s) & 0xffffffffn);
    return f64PatternCode(hi, lo);
  }
  if (v >= -16 && v <= 64) return [intCode(v), 0];
  switch (cls) {
    case C32:
    case CV2I16:
      if (v < -(2 ** 31) || v >= 2 ** 32) return null;
      return imm32Bits(v >>> 0);
    case CI16:
      if (v < -32768 || v > 65535) return null;
      return [255, v >>> 0];
    case CF16:
      if (v < -32768 || v > 65535) return null;
      return f16Imm(v & 0xffff);
    case CV2F16:
      if (v >= -32768 && v <= 65535) return f16Imm(v & 0xffff);
      if (v < -(2 ** 31) || v >= 2 ** 32) return null;
      return [255, v >>> 0];
    default: {
      if (v >= -(2 ** 31) && v < 2 ** 32) return [255, v >>> 0];
      const hi = Math.floor(v / 2 ** 32) >>> 0;
      const lo = (v - Math.floor(v / 2 ** 32) * 2 ** 32) >>> 0;
      return f64PatternCode(hi, lo);
    }
  }
}

/** A 64-bit pattern too wide for a literal: only the f64 inline constants fit. */
function f64PatternCode(hi: number, lo: number): Imm {
  if (lo === 0) {
    const c = F64_HI_CODE.get(hi);
    if (c !== undefined) return [c, 0];
  }
  if (hi === INV_2PI_HI && lo === INV_2PI_LO && hasInv2Pi()) return [INV_2PI_CODE, 0];
  return null;
}

/** A float token in an operand of class `cls`. */
function floatImm(d: number, cls: number): Imm {
  switch (cls) {
    case C32:
    case CI16:
    case CV2I16: {
      const b = f32Bits(d);
      return b < 0 ? null : imm32Bits(b);
    }
    case CF16:
    case CV2F16: {
      const b = f16Bits(d);
      if (b < 0) return null;
      if (b === 0) return [128, 0];
      const c = F16_CODE.get(b);
      return c === undefined ? [255, b] : [c, 0];
    }
    default: {
      if (Object.is(d, 0)) return [128, 0];
      const c = FLOAT_CODE.get(d);
      if (c !== undefined && !Object.is(d, -0)) return [c, 0];
      if (d === INV_2PI && hasInv2Pi()) return [INV_2PI_CODE, 0];
      if (cls === CI64) return null;
      f64[0] = d;
      return [255, u64[1]];
    }
  }
}

/** [0]: the literal dword of the last immCode that gave 255 (a cell, not a `let`: see asm/fast/lexer.ts). */
export const immOut = new Uint32Array(1);

/**
 * The 9-bit source code of an integer or float token in an operand of type `t` (255: a literal, whose
 * dword is then in immLiteral), or -1 when the value does not fit the operand. The fast path
 * (asm/fast) shares it with encodeSrc.
 */
export function immCode(isFloat: boolean, v: number | bigint, t: OperandType): number {
  if (!isFloat && typeof v === 'number' && v >= -16 && v <= 64) {
    immOut[0] = 0;
    return intCode(v);
  }
  const r = isFloat ? floatImm(v as number, CLASS[t]) : intImm(v, CLASS[t]);
  if (r === null) return -1;
  immOut[0] = r[1];
  return r[0];
}

/** Bus identity of a scalar register: code and width (s0 and s[0:1] are different registers to LLVM). */
function busKey(code: number, count: number): number {
  return code * 32 + count;
}

/** Encodes one source operand of type `t`; literal acceptance is up to the caller. */
export function encodeSrc(op: Operand, t: OperandType, dwords: number): Src | Err {
  switch (op.kind) {
    case 'reg':
      return regSrc(op, dwords);
    case 'int':
    case 'float': {
      const code = immCode(op.kind === 'float', op.value, t);
      if (code < 0) return err(INVALID, op.pos);
      return { kind: code === 255 ? S_LIT : S_CONST, code, lit: immOut[0], expr: null, bus: -1, op };
    }
    case 'expr':
      return { kind: S_LIT, code: 255, lit: 0, expr: op.expr, bus: -1, op };
    case 'call':
      return litCall(op, CLASS[t]);
    case 'ident':
      if (op.name === 'lit') return err('expected left paren after lit', op.pos);
      return (
        halfRegister(op) ?? {
          kind: S_LIT,
          code: 255,
          lit: 0,
          expr: { k: 'sym', name: op.name, variant: '', pos: op.pos },
          bus: -1,
          op,
        }
      );
    default:
      return err(INVALID, op.pos);
  }
}

/** `lit(N)`: the value as a literal dword even when it is an inline constant. */
function litCall(op: Operand & { kind: 'call' }, cls: number): Src | Err {
  if (op.name !== 'lit' || op.args.length !== 1) return err(INVALID, op.pos);
  const a = op.args[0];
  if ('float' in a) {
    const bits = floatLiteralBits(a.float, cls);
    if (bits === null) return err(INVALID, op.pos);
    return { kind: S_LIT, code: 255, lit: bits, expr: null, bus: -1, op };
  }
  if (!('int' in a)) return err('expected immediate with lit modifier', a.pos);
  const v = a.int;
  const n = typeof v === 'bigint' ? Number(BigInt.asIntN(64, v)) : v;
  if (n < -(2 ** 31) || n >= 2 ** 32) return err(INVALID, op.pos);
  // A 16-bit operand's literal must fit in 16 bits.
  if ((cls === CF16 || cls === CI16) && (n < -32768 || n > 65535)) return err(INVALID, op.pos);
  return { kind: S_LIT, code: 255, lit: n >>> 0, expr: null, bus: -1, op };
}

/** The literal dword of a float forced to be a literal (`lit(1.0)`): its bits in the operand's format. */
function floatLiteralBits(d: number, cls: number): number | null {
  if (cls === CF16 || cls === CV2F16) {
    const b = f16Bits(d);
    return b < 0 ? null : b;
  }
  if (cls === CF64 || cls === CI64) {
    // A 64-bit operand's literal is the high half of the double.
    f64[0] = d;
    return u64[1];
  }
  const b = f32Bits(d);
  return b < 0 ? null : b;
}

function regSrc(op: Operand & { kind: 'reg' }, dwords: number): Src | Err {
  const n = op.count;
  switch (op.file) {
    case 'v':
      if (op.index + n > 256) return err(OUT_OF_RANGE, op.pos);
      if (n !== dwords) return err(INVALID, op.pos);
      return { kind: S_VGPR, code: 256 + op.index, lit: 0, expr: null, bus: -1, op };
    case 'a':
      if (op.index + n > 256) return err(OUT_OF_RANGE, op.pos);
      if (n !== dwords) return err(INVALID, op.pos);
      return { kind: S_AGPR, code: 256 + op.index, lit: 0, expr: null, bus: -1, op };
    case 's':
    case 'ttmp': {
      const code = sgprFileCode(op);
      if (isErr(code)) return code;
      if (n !== dwords) return err(INVALID, op.pos);
      return { kind: S_SGPR, code, lit: 0, expr: null, bus: busKey(code, n), op };
    }
    default: {
      const code = specialOn(op);
      if (isErr(code)) return code;
      if (!specialWidthOk(op.index, n, dwords)) return err(INVALID, op.pos);
      // null reads as zero and lds_direct comes from LDS: neither uses the constant bus.
      const bus = code === 125 || code === 254 ? -1 : busKey(code, n);
      return { kind: S_SGPR, code, lit: 0, expr: null, bus, op };
    }
  }
}

/** Whether the named register `c` written with `n` dwords fits a source of `dwords` (regSrc's rule). */
function specialWidthOk(c: number, n: number, dwords: number): boolean {
  return n === dwords || (ANY_WIDTH.has(c) && n === 1);
}

/**
 * The code of the named register `c` (gfx9 code, written with `n` dwords) as a VOP source of `dwords` on
 * the current generation, or -1 (regSrc's rules; the fast path shares them). lds_direct, which has rules
 * of its own (checkLdsDirect), is -1 here.
 */
export function specialSrc(c: number, n: number, dwords: number): number {
  if (c === 125 || c === 254 || !specialAvailable(c, GEN, XNACK)) return -1;
  return specialWidthOk(c, n, dwords) ? specialCode(c, GEN) : -1;
}

/** Whether the operand names the vcc register pair. */
export function isVcc(op: Operand): boolean {
  return op.kind === 'reg' && op.file === 'special' && op.index === 106 && op.count === 2;
}

/** An SGPR-pair destination or mask (VOPC e64 result, carry out/in): its 8-bit scalar code. */
export function sgprPair(op: Operand): number | Err {
  if (op.kind !== 'reg' || op.mods.neg || op.mods.abs || op.mods.sext) return err(INVALID, op.pos);
  // The aperture and status pseudo-registers have no fixed width to LLVM, so they may name a pair.
  if (op.file === 'special' && op.count === 1 && op.index !== 125 && ANY_WIDTH.has(op.index))
    return specialOn(op);
  if (op.count !== 2) return err(INVALID, op.pos);
  if (op.file === 's') {
    if (op.index + 2 > (GEN === 'gfx9' ? 102 : lastSgpr(GEN) + 1)) return err(INVALID, op.pos);
    return sgprFileCode(op);
  }
  if (op.file === 'ttmp') return sgprFileCode(op);
  if (op.file === 'special') return specialOn(op);
  return err(INVALID, op.pos);
}

const SCALAR_DST_VALUES = new Set([239, 251, 252, 253]);

/** A 32-bit SGPR destination (v_readfirstlane_b32, v_readlane_b32). */
export function sgpr32(op: Operand): number | Err {
  if (op.kind !== 'reg' || op.count !== 1) return err(INVALID, op.pos);
  if (op.file === 's')
    return op.index <= (GEN === 'gfx9' ? 101 : lastSgpr(GEN)) ? op.index : err(INVALID, op.pos);
  if (op.file === 'ttmp')
    return op.index <= (GEN === 'gfx9' ? 15 : LAST_TTMP_OLD) ? sgprFileCode(op) : err(INVALID, op.pos);
  // LLVM's SReg_32_XM0: not m0 (nor null); the status values src_vccz, src_execz, src_scc and gfx9's
  // src_pops_exiting_wave_id are in it, the apertures (64-bit to its parser) are not.
  if (
    op.file === 'special' &&
    op.index !== 124 &&
    op.index !== 125 &&
    (op.index <= 127 || SCALAR_DST_VALUES.has(op.index))
  )
    return specialOn(op);
  // llvm-mc-22 names an aperture register a generation lacks (gfx6-8) before it rejects the width.
  if (
    op.file === 'special' &&
    op.index !== 125 &&
    ANY_WIDTH.has(op.index) &&
    !specialAvailable(op.index, GEN, XNACK)
  )
    return specialOn(op);
  return err(INVALID, op.pos);
}

/** A VGPR tuple of `dwords` registers: its index, or an error. */
export function vgprIndex(op: Operand, dwords: number, file: 'v' | 'a' = 'v'): number | Err {
  const h = halfRegister(op);
  if (h) return h;
  if (op.kind === 'reg' && op.file === file && op.index + op.count > 256) return err(OUT_OF_RANGE, op.pos);
  if (op.kind !== 'reg' || op.file !== file || op.count !== dwords || op.index + dwords > 256)
    return err(INVALID, op.pos);
  if (op.mods.neg || op.mods.abs || op.mods.sext) return err(INVALID, op.pos);
  return op.index;
}

export function isErr(x: unknown): x is Err {
  return typeof x === 'object' && x !== null && 'error' in x;
}

/**
 * The constant-bus rule of gfx9: the sources may read at most one scalar value (an SGPR, possibly
 * repeated, or one literal). `implicit` is a scalar read the encoding adds (vcc of e32 carry-in ops).
 * Returns the source that breaks it, or null.
 */
export function busViolation(srcs: readonly (Src | null)[], implicit = -1): Src | null {
  let used = implicit;
  let lit = -1;
  let n = implicit >= 0 ? 1 : 0;
  for (const s of srcs) {
    if (s === null) continue;
    if (s.bus >= 0) {
      if (s.bus === used) continue;
      used = s.bus;
    } else if (s.kind === S_LIT) {
      if (lit >= 0 && s.expr === null && s.lit === lit) continue;
      lit = s.expr === null ? s.lit : -2;
    } else continue;
    if (++n > 1) return s;
  }
  return null;
}

export const BUS_ERROR = 'invalid operand (violates constant bus restrictions)';

/**
 * LLVM's lds_direct rules on gfx9: only as src0, and not in the reversed-operand ops (v_subrev_*,
 * v_lshlrev_*, ...) or SDWA.
 */
export const REV_OP = /^v_(pk_)?(subrev|subbrev|lshlrev|lshrrev|ashrrev)_/;

export function ldsDirectError(srcs: readonly (Src | null)[], mnemonic: string, sdwa: boolean): Err | null {
  for (let k = 0; k < srcs.length; k++) {
    const s = srcs[k];
    if (!s || s.kind !== S_SGPR || s.code !== 254) continue;
    if (k > 0) return err('lds_direct may be used as src0 only', s.op.pos);
    if (sdwa || REV_OP.test(mnemonic))
      return err('lds_direct cannot be used with this instruction', s.op.pos);
  }
  return null;
}
export const LIT_ERROR = 'literal operands are not supported';
/** The constant-bus identity of vcc, read implicitly by the e32/SDWA/DPP carry-in and select ops. */
export const VCC_BUS = busKey(106, 2);
/** The constant-bus identity of M0, read implicitly by v_movreld_b32 (M0_INDEX_DST_OP). */
export const M0_BUS = busKey(124, 1);

/** The literal dword of an operand that is always a literal (v_madmk/v_madak's K). */
export function literalOf(op: Operand, t: OperandType): Src | Err {
  if (op.mods.neg || op.mods.abs || op.mods.sext) return err(INVALID, op.pos);
  let v: number;
  if (op.kind === 'int' || op.kind === 'float') {
    const n = typeof op.value === 'bigint' ? Number(BigInt.asIntN(64, op.value)) : op.value;
    v = literalBits(op.kind === 'float', n, t);
    if (v < 0) return err(INVALID, op.pos);
  } else if (op.kind === 'call' || op.kind === 'expr' || op.kind === 'ident') {
    const s = encodeSrc(op, t, 1);
    if (isErr(s) || s.kind === S_LIT) return s;
    return err(INVALID, op.pos);
  } else return err(INVALID, op.pos);
  return { kind: S_LIT, code: 255, lit: v, expr: null, bus: -1, op };
}

/**
 * The literal dword of an integer or float written as a K constant of type `t` (madmk/madak), or -1
 * when it does not fit (literalOf's rule; the fast path shares it).
 */
export function literalBits(isFloat: boolean, n: number, t: OperandType): number {
  const half = t === 'f16' || t === 'i16';
  if (isFloat) return half ? f16Bits(n) : f32Bits(n);
  if (half ? n < -32768 || n > 65535 : n < -(2 ** 31) || n >= 2 ** 32) return -1;
  return half ? n & 0xffff : n >>> 0;
}

/** The instruction words followed by the literal dword, if any (a fixup when it is an expression). */
export function withLiteral(words: number[], lit: Src | null): Encoded {
  if (lit === null) return { words };
  const offset = words.length * 4;
  words.push(lit.lit >>> 0);
  if (lit.expr === null) return { words };
  return { words, fixups: [{ offset, kind: 'lit32', expr: lit.expr, pos: lit.op.pos }] };
}

/**
 * An immediate with neg/abs in a source whose encoding has no modifier bits (e32): LLVM applies them to
 * the value's sign bit in the operand's float format, and the result may then be an inline constant.
 */
export function foldMods(op: Operand, t: OperandType): Src | Err {
  const s = encodeSrc(op, t, typeDwords(t));
  if (isErr(s) || s.expr !== null) return s;
  const cls = CLASS[t];
  const sign = cls === CF16 || cls === CV2F16 ? 0x8000 : 0x80000000;
  if (op.kind === 'call') {
    // lit(...) stays a literal; only its sign bit changes.
    let b = s.lit;
    if (op.mods.abs) b = (b & ~sign) >>> 0;
    if (op.mods.neg) b = (b ^ sign) >>> 0;
    return { ...s, lit: b };
  }
  if (op.kind !== 'int' && op.kind !== 'float') return s;
  let bits: number;
  if (cls === CF64) {
    if (op.kind === 'int') return err(INVALID, op.pos);
    f64[0] = op.value;
    bits = u64[1];
  } else if (s.kind === S_LIT) bits = s.lit;
  else if (cls === CF16 || cls === CV2F16)
    bits = op.kind === 'float' ? f16Bits(op.value) : Number(op.value) & 0xffff;
  else bits = op.kind === 'float' ? f32Bits(op.value) : Number(op.value) >>> 0;
  if (op.mods.abs) bits = (bits & ~sign) >>> 0;
  if (op.mods.neg) bits = (bits ^ sign) >>> 0;
  let r: Imm;
  if (cls === CF64) r = f64PatternCode(bits, 0) ?? (bits === 0 ? [128, 0] : [255, bits]);
  else if (cls === CF16 || cls === CV2F16) r = f16Imm(bits & 0xffff);
  else r = imm32Bits(bits);
  if (r === null) return err(INVALID, op.pos);
  return { kind: r[0] === 255 ? S_LIT : S_CONST, code: r[0], lit: r[1], expr: null, bus: -1, op };
}

/** Register halves (`v5.l`) are a gfx11 syntax: llvm-mc says so rather than "invalid operand". */
export function halfRegister(op: Operand): Err | null {
  if (op.kind !== 'ident') return null;
  const n = op.name;
  if (n.length > 2 && n[0] === 'v' && (n.endsWith('.l') || n.endsWith('.h')))
    return err('operands are not valid for this GPU or mode', op.pos);
  return null;
}

/**
 * The constant-bus check of encodings without literals (VOP3/VOP3P on gfx9): an implicit vcc read only
 * competes with scalar registers; a literal is reported as such unless two explicit scalar values clash.
 */
export function vop3Bus(srcs: readonly (Src | null)[], implicit: number): Err | null {
  let lit: Src | null = null;
  for (const s of srcs) if (s && s.kind === S_LIT) lit ??= s;
  const v =
    busViolation(lit ? srcs.map((s) => (s && s.kind === S_LIT ? null : s)) : srcs, implicit) ??
    busViolation(srcs);
  // At the register itself inside neg()/|...| (where llvm-mc-22 reports it).
  if (v) return err(BUS_ERROR, v.op.mods.inner ?? v.op.pos);
  return lit ? err(LIT_ERROR, lit.op.pos) : null;
}

/** A VOP3B instruction's result: `sdst` (the scalar result's code) named for the listing when it is wider than the field. */
export function vop3bEncoded(words: readonly number[], sdst: number): Encoded {
  return sdst > 127 ? { words, sdstShown: srcOperand(sdst, 'b64', 0) ?? '' } : { words };
}

export const INT_CLAMP = 'integer clamping is not supported on this GPU';

/**
 * Whether gfx6/gfx7 `e` (an op's VOP3 entry there, without clamp) is one LLVM gives a clamp operand that
 * only gfx8 and later encode (its IntClamp ops: integer results, compares, conversions to integers): the
 * clamp is matched and then refused with INT_CLAMP, after the constant-bus and literal checks. gfx8's
 * entry for the op has the clamp; but v_div_scale_f32/f64, whose clamp llvm-mc-22 takes and drops there,
 * and v_alignbit_b32/v_alignbyte_b32, which have none in LLVM before gfx9.
 */
export function intClampOld(e: Vop3Entry | null): boolean {
  if (e === null || e.clamp || NO_INT_CLAMP.has(e.name)) return false;
  // gfx6/gfx7's v_cmps*/v_cmpsx* (gone in gfx8) are compares like v_cmp*/v_cmpx*.
  gfx8Clamp ??= new Set(
    vop3Table(PROCESSORS.find((r) => r.generation === 'gfx8' && isTarget(r.name))?.name as Target)
      .filter((e) => e?.clamp)
      .map((e) => (e as Vop3Entry).name),
  );
  return gfx8Clamp.has(e.name.replace(/^v_cmps(x?)_/, 'v_cmp$1_'));
}

const NO_INT_CLAMP = new Set(['v_div_scale_f32', 'v_div_scale_f64', 'v_alignbit_b32', 'v_alignbyte_b32']);
/** The ops whose gfx8 VOP3 form has clamp (made on the first gfx6/gfx7 table that asks). */
let gfx8Clamp: Set<string> | undefined;
