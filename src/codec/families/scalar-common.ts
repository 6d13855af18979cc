// Shared pieces of the scalar families (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM): operand name tables built once
// at load, LLVM's literal and immediate printing, and the op-table builder that takes opcodes from the
// document's tables.
import { DOC_OPCODES } from '../../isa/generated/doc-opcodes.js';
import { T_ALL, type Target, targetBit } from '../../isa/targets.js';
import { hex, scalarReg, srcOperand } from '../operands.js';
import type { IsaEntry } from '../types.js';

/**
 * Operand kind of a scalar slot: 0 = the op has no such operand, 1 = one dword, 2 = a register pair;
 * 5 and 6 (REG_ONLY added) = the same for sources LLVM types as registers only.
 */
export type Width = 0 | 1 | 2 | 5 | 6;
/** Added to a source width when the operand is register-only: LLVM still decodes an immediate but flags it. */
export const REG_ONLY = 4;

const LITERAL = 255;

// LLVM (22) decodes codes 230/231 as the flat-scratch-base registers even on gfx9, and accepts `null` as a
// 64-bit operand; the shared operand printer does not know these, so the scalar tables patch them in.
const FLAT_SCRATCH_BASE_LO = 230;
const FLAT_SCRATCH_BASE_HI = 231;
const NULL_REG = 125;
const LDS_DIRECT = 254;

function buildSrc(width: 1 | 2): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < LITERAL; c++) t.push(srcOperand(c, width === 1 ? 'b32' : 'b64', 0));
  if (width === 1) {
    t[FLAT_SCRATCH_BASE_LO] = 'src_flat_scratch_base_lo';
    t[FLAT_SCRATCH_BASE_HI] = 'src_flat_scratch_base_hi';
    // LLVM decodes lds_direct into a scalar source but flags the register class mismatch in the text.
    t[LDS_DIRECT] = "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/";
  } else {
    t[FLAT_SCRATCH_BASE_LO] = 'src_flat_scratch_base_lo';
    t[NULL_REG] = 'null';
  }
  return t;
}

function buildDst(dwords: number): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < 128; c++) t.push(scalarReg(c, dwords));
  if (dwords === 2) t[NULL_REG] = 'null';
  return t;
}

// LLVM's SGPR file runs to s105 (beyond what gfx9 encodes singly), so aligned 4-16 dword tuples starting at
// s96..s101 are still printable.
const LAST_SGPR_IN_TUPLE = 105;

/**
 * A scalar register tuple of `dwords` (1, 2, 4, 8 or 16) at 7-bit `code` as LLVM prints it, or null.
 * Like the shared scalarReg, plus `null` at any width and tuples that reach past s101.
 */
export function sregTuple(code: number, dwords: number): string | null {
  if (dwords >= 4 && code <= 101) {
    const first = code - (code % 4);
    return first + dwords - 1 <= LAST_SGPR_IN_TUPLE ? `s[${first}:${first + dwords - 1}]` : null;
  }
  if (code === NULL_REG) return 'null';
  return scalarReg(code, dwords);
}

/** Source operand names by 8-bit code (the literal code 255 excluded), per width; null = rejected. */
export const SRC32 = buildSrc(1);
export const SRC64 = buildSrc(2);
/** Destination (7-bit SDST) names by code, per dword count; null = rejected. */
export const DST32 = buildDst(1);
export const DST64 = buildDst(2);

const INLINE_F32 = new Set([
  0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
]);

/**
 * A 32-bit literal in a scalar source. LLVM marks a literal whose value an inline constant could have
 * encoded as `lit(...)`, so the text reassembles to the same bytes.
 */
export function lit32(v: number): string {
  v >>>= 0;
  if (v <= 64 || v >= 0xfffffff0 || INLINE_F32.has(v)) return 'lit(' + hex(v) + ')';
  return hex(v);
}

/** A 32-bit literal in a 64-bit scalar source: zero-extended, so only 0..64 are inline values. */
export function lit64(v: number): string {
  v >>>= 0;
  return v <= 64 ? 'lit(' + hex(v) + ')' : hex(v);
}

/** LLVM's printImmediate32: small integers in decimal, inline float bit patterns by value, else hex. */
export function imm32(v: number): string {
  v >>>= 0;
  if (v <= 64) return String(v);
  if (v >= 0xfffffff0) return String(v | 0);
  switch (v) {
    case 0x3f000000:
      return '0.5';
    case 0xbf000000:
      return '-0.5';
    case 0x3f800000:
      return '1.0';
    case 0xbf800000:
      return '-1.0';
    case 0x40000000:
      return '2.0';
    case 0xc0000000:
      return '-2.0';
    case 0x40800000:
      return '4.0';
    case 0xc0800000:
      return '-4.0';
    case 0x3e22f983:
      return '0.15915494';
  }
  return hex(v);
}

/**
 * A source operand of `width` (1 or 2 dwords), `lit` being the dword after the instruction.
 * Returns null when LLVM rejects the code.
 */
export function src(code: number, width: Width, lit: number): string | null {
  if (width & REG_ONLY) {
    const v = code === LITERAL ? lit : INLINE_VALUE[code];
    if (code === LITERAL || v !== -1) return imm32(v) + '/*Invalid immediate*/';
    return width === 6 ? SRC64[code] : SRC32[code];
  }
  if (code === LITERAL) return width === 2 ? lit64(lit) : lit32(lit);
  return width === 2 ? SRC64[code] : SRC32[code];
}

// The 32-bit value of each inline-constant code (-1 for codes that are not inline constants), as LLVM
// materialises it before printing.
const F32_BITS = [
  0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
];
const INLINE_VALUE: number[] = [];
for (let c = 0; c < 256; c++) {
  if (c >= 128 && c <= 192) INLINE_VALUE.push(c - 128);
  else if (c >= 193 && c <= 208) INLINE_VALUE.push((192 - c) >>> 0);
  else if (c >= 240 && c <= 248) INLINE_VALUE.push(F32_BITS[c - 240]);
  else INLINE_VALUE.push(-1);
}

/** One op of a family table: its LLVM name, the operand layout and the targets that have it. */
export interface ScalarOp<L> {
  name: string;
  layout: L;
  targets: number;
  opcode: number;
}

/**
 * Builds the opcode-indexed table of a family. Ops the document lists take their opcode from
 * DOC_OPCODES[fmt] (the one place those numbers live); `layouts` gives each op's operand layout by name.
 * `extra` rows are ops the document does not list, each with its opcode and the source of that fact.
 * Doc ops without a layout are left out (and show up in the family's tests as missing).
 */
export function buildTable<L>(
  fmt: string,
  size: number,
  layouts: Readonly<Record<string, L>>,
  extra: readonly { name: string; opcode: number; layout: L; targets: number }[] = [],
  targetsOf: Readonly<Record<string, number>> = {},
): (ScalarOp<L> | null)[] {
  const table: (ScalarOp<L> | null)[] = new Array(size).fill(null);
  for (const [opcode, name] of DOC_OPCODES[fmt] ?? []) {
    const layout = layouts[name];
    if (layout === undefined || opcode >= size) continue;
    table[opcode] = { name, layout, targets: targetsOf[name] ?? T_ALL, opcode };
  }
  for (const e of extra)
    table[e.opcode] = { name: e.name, layout: e.layout, targets: e.targets, opcode: e.opcode };
  return table;
}

/** The `ops(target)` listing of a table: one entry per op present on the target. */
export function listOps<L>(
  table: readonly (ScalarOp<L> | null)[],
  t: Target,
  encoding: string,
  skip?: (op: ScalarOp<L>) => boolean,
): IsaEntry[] {
  const bit = targetBit(t);
  const res: IsaEntry[] = [];
  for (const op of table) {
    if (op !== null && op.targets & bit && !skip?.(op))
      res.push({ name: op.name, encoding, opcode: op.opcode });
  }
  return res;
}
