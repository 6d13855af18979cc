// The fast path's matcher: a program per mnemonic (made once per target from the op tables, see vop.ts and
// scalar.ts) lists the operand slots the op's syntax has and the field each slot's value goes to; one
// interpreter runs any program over the operands of operands.ts, checking and encoding in the same pass,
// into reused words. It accepts only operands it knows to be valid; for anything else it answers 0 and
// the general path (the families' encoders) gives the bytes or llvm-mc's diagnostic.
import type { OperandType } from '../../codec/operands.js';
import type { Field } from '../../isa/fields.js';
import type { Generation } from '../../isa/processors.js';
import * as scalar from '../families/scalar-common.js';
import * as valu from '../families/valu-src.js';
import { FILE, OPERAND, parsed } from './operands.js';

// Imported bindings copied once (see lexer.ts).
const { LAST_TTMP_OLD, lastSgpr, scalarImm, ttmpBaseOf } = scalar;
const scalarOut = scalar.scalarImmOut;
const { immCode } = valu;
const immOut = valu.immOut;
const SRC_B32 = scalar.Src.B32;
const SRC_B64 = scalar.Src.B64;
const SRC_B64_NOLIT = scalar.Src.B64NoLit;
const { V: F_V, S: F_S, TTMP: F_TTMP, SPECIAL: F_SPECIAL } = FILE;
const { REG: O_REG, INT: O_INT, FLOAT: O_FLOAT } = OPERAND;
const {
  kind: opKind,
  file: opFile,
  index: opIndex,
  count: opCount,
  value: opValue,
  comma: opComma,
  mods: opMods,
} = parsed;

/** Slot kinds. */
/** A VGPR tuple of `arg` dwords: its index. */
export const S_VGPR = 1;
/** A VOP source of type TYPES[arg]: register, inline constant or literal (9-bit code). */
export const S_VSRC = 2;
/** The vcc pair, written but not encoded (e32 carry and compare results). */
export const S_VCC = 3;
/** Scalar destination of `arg` dwords (7-bit field). */
export const S_SDST = 4;
/** Scalar source of `arg` dwords: register, inline constant or a literal (8-bit code). */
export const S_SSRC = 5;
/** As S_SSRC without a literal form. */
export const S_SSRC_NOLIT = 6;
/** Scalar register of `arg` dwords only. */
export const S_SREG = 7;
/** A 16-bit immediate: -32768..65535 (arg 0), 0..65535 (arg 1), any integer's low bits (arg 2). */
export const S_IMM16 = 8;

export const IMM16_SIGNED = 0;
export const IMM16_UNSIGNED = 1;
export const IMM16_ANY = 2;
export const IMM16_BRANCH = 3;

/** Checks a program asks for beyond its slots. */
/** The op reads vcc implicitly (e32 carry-in, v_cndmask): src0 may not read another scalar value. */
export const P_VCC_IN = 1;

export const TYPES: readonly OperandType[] = [
  'b32',
  'i32',
  'f32',
  'i16',
  'f16',
  'f64',
  'b64',
  'i64',
  'v2f16',
  'v2i16',
];

export interface Program {
  /** Slot kinds and their arguments, one per positional operand. */
  readonly slot: Uint8Array;
  readonly arg: Uint8Array;
  /** Where each slot's value goes (null: nowhere, e.g. an implicit vcc). */
  readonly field: readonly (Field | null)[];
  /** The instruction's words with the opcode and fixed bits set. */
  readonly base: Uint32Array;
  readonly flags: number;
  /** With P_VCC_IN: the operand index of src0. */
  readonly src0: number;
}

/** The encoded instruction: words[0, n) for the n that encodeProgram returns. */
export const words = new Uint32Array(4);

let lastScalar = 0;
let lastTtmp = 0;
let ttmpBase = 0;

/** Sets the generation the next programs run for. */
export function setGeneration(g: Generation): void {
  lastScalar = g === 'gfx9' ? 101 : lastSgpr(g);
  lastTtmp = g === 'gfx9' ? 15 : LAST_TTMP_OLD;
  ttmpBase = ttmpBaseOf(g);
}

/**
 * Named registers the fast path takes (gfx9 codes), which exist on every generation with one code:
 * vcc, vcc_lo/hi, m0, exec, exec_lo/hi. The others (flat_scratch, xnack_mask, apertures, lds_direct ...)
 * have generation- and feature-dependent rules: the general path's.
 */
function special32(code: number): boolean {
  return code === 106 || code === 107 || code === 124 || code === 126 || code === 127;
}

/** The scalar code of operand k as a register of `dw` dwords (SGPR, TTMP, vcc/exec/m0), or -1. */
function scalarReg(k: number, dw: number): number {
  if (opCount[k] !== dw || opMods[k] !== 0) return -1;
  const f = opFile[k];
  const i = opIndex[k];
  if (f === F_SPECIAL) {
    if (dw === 1) return special32(i) ? i : -1;
    return dw === 2 && (i === 106 || i === 126) ? i : -1;
  }
  if (f !== F_S && f !== F_TTMP) return -1;
  if (dw > 1 && i % (dw >= 4 ? 4 : dw) !== 0) return -1;
  if (f === F_S) return i + dw - 1 <= lastScalar ? i : -1;
  return i + dw - 1 <= lastTtmp ? ttmpBase + i : -1;
}

/** A literal taken by the instruction being encoded (-1: none yet). */
let literal = -1;

function takeLiteral(v: number): boolean {
  const u = v >>> 0;
  if (literal >= 0 && literal !== u) return false;
  literal = u;
  return true;
}

/** One slot's value for operand k, or -1 when the fast path does not take it. */
function slotValue(kind: number, arg: number, k: number): number {
  const ok = opKind[k];
  switch (kind) {
    case S_VGPR: {
      if (ok !== O_REG || opFile[k] !== F_V || opCount[k] !== arg || opMods[k] !== 0) return -1;
      const i = opIndex[k];
      return i + arg <= 256 ? i : -1;
    }
    case S_VSRC: {
      const t = TYPES[arg];
      const dw = t === 'f64' || t === 'b64' || t === 'i64' ? 2 : 1;
      if (opMods[k] !== 0) return -1;
      if (ok === O_REG) {
        if (opFile[k] === F_V) {
          const i = opIndex[k];
          return opCount[k] === dw && i + dw <= 256 ? 256 + i : -1;
        }
        return scalarReg(k, dw);
      }
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      const c = immCode(ok === O_FLOAT, opValue[k], t);
      if (c === 255 && !takeLiteral(immOut[0])) return -1;
      return c;
    }
    case S_VCC:
      return ok === O_REG &&
        opFile[k] === F_SPECIAL &&
        opIndex[k] === 106 &&
        opCount[k] === 2 &&
        opMods[k] === 0
        ? 0
        : -1;
    case S_SDST:
    case S_SREG:
      // The special registers taken all have codes below 128 (the SDST field's 7 bits).
      return ok === O_REG ? scalarReg(k, arg) : -1;
    case S_SSRC:
    case S_SSRC_NOLIT: {
      if (ok === O_REG) return scalarReg(k, arg);
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      const src = kind === S_SSRC_NOLIT ? SRC_B64_NOLIT : arg === 2 ? SRC_B64 : SRC_B32;
      const c = scalarImm(ok === O_FLOAT, opValue[k], src);
      if (c === 255 && !takeLiteral(scalarOut[0])) return -1;
      return c;
    }
    case S_IMM16: {
      if (ok !== O_INT) return -1;
      const v = opValue[k];
      if (arg === IMM16_ANY) return (v >>> 0) & 0xffff;
      if (v < (arg === IMM16_UNSIGNED ? 0 : -0x8000) || v > 0xffff) return -1;
      return v & 0xffff;
    }
  }
  return -1;
}

/**
 * Matches operands [0, n) against `p` and encodes them into `words`; returns the number of dwords, or 0
 * when the general path must take the line. Modifier operands are the caller's (from index `n` on).
 */
export function encodeProgram(p: Program, n: number): number {
  const slot = p.slot;
  if (n !== slot.length) return 0;
  literal = -1;
  const base = p.base;
  const size = base.length;
  for (let w = 0; w < size; w++) words[w] = base[w];
  for (let k = 0; k < n; k++) {
    if ((k === 0) === (opComma[k] === 1)) return 0;
    const v = slotValue(slot[k], p.arg[k], k);
    if (v < 0) return 0;
    const f = p.field[k];
    if (f !== null) words[f.word] |= v << f.shift;
  }
  if (p.flags & P_VCC_IN) {
    // The implicit vcc read competes with src0 for the one scalar value of gfx6-9 (a literal too).
    const s = p.src0;
    if (opKind[s] === O_REG && opFile[s] !== F_V) return 0;
    if (literal >= 0) return 0;
  }
  if (literal < 0) return size;
  words[size] = literal;
  return size + 1;
}
