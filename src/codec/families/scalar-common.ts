// Shared pieces of the scalar families (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM/SMRD): operand name tables per
// generation built once at load, LLVM's literal and immediate printing, and the per-generation opcode
// tables built from the op rows (src/isa/ops/scalar-*.ts).
import type { OpRow } from '../../isa/ops.js';
import { findProcessor, type Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { hex, regRange, scalarReg, srcOperand } from '../operands.js';
import { type ByteTable, byteTable, putS, putT, type TextSink } from '../text-bytes.js';
import type { IsaEntry } from '../types.js';

export { REG_ONLY } from '../../isa/ops/scalar-sop.js';

import { REG_ONLY } from '../../isa/ops/scalar-sop.js';

const LITERAL = 255;

// LLVM (22) decodes codes 230/231 as the flat-scratch-base registers even on gfx9, and accepts `null` as a
// 64-bit operand; the shared operand printer does not know these, so the scalar tables patch them in.
const FLAT_SCRATCH_BASE_LO = 230;
const FLAT_SCRATCH_BASE_HI = 231;
const NULL_REG = 125;
const LDS_DIRECT = 254;
const INV_2PI = 248;

/** The generation's name of a scalar register tuple of `dwords` at 7-bit `code` (0-127), or null. */
function sregName(code: number, dwords: number, gen: Generation): string | null {
  if (gen === 'gfx9') return sregGfx9(code, dwords);
  const align = dwords >= 4 ? 4 : dwords;
  // gfx6/7 have SGPRs to s103 (gfx7 maps FLAT_SCRATCH to 104-105); gfx8 to s101 like gfx9.
  const lastSgpr = gen === 'gfx8' ? 101 : 103;
  if (code <= lastSgpr) {
    const first = code - (code % align);
    const last = first + dwords - 1;
    if (last > (dwords >= 4 ? LAST_SGPR_IN_TUPLE : lastSgpr)) return null;
    return regRange('s', first, dwords);
  }
  if (code >= TTMP_OLD && code <= TTMP_OLD + 11) {
    const n = code - TTMP_OLD;
    const first = n - (n % align);
    return first + dwords - 1 > 11 ? null : regRange('ttmp', first, dwords);
  }
  if (code >= TBA_LO && code < TTMP_OLD) {
    if (dwords === 1) return OLD_TRAP_REGS[code - TBA_LO];
    return dwords === 2 && code % 2 === 0 ? OLD_TRAP_REGS64[(code - TBA_LO) >>> 1] : null;
  }
  if (gen === 'gfx8') return scalarReg(code, dwords) ?? (code === NULL_REG && dwords <= 2 ? 'null' : null);
  if (code === 104 || code === 105) {
    if (gen !== 'gfx7') return null;
    if (dwords === 1) return code === 104 ? 'flat_scratch_lo' : 'flat_scratch_hi';
    return dwords === 2 && code === 104 ? 'flat_scratch' : null;
  }
  // vcc, m0 and exec are where gfx9 has them; gfx6/7 have no null, xnack_mask or gfx8 flat_scratch.
  if (code === NULL_REG || code < 106) return null;
  return scalarReg(code, dwords);
}

// gfx6-8 trap registers: TBA/TMA at 108-111, TTMP0-11 at 112-123 (gfx9 moved TTMPs down to 108).
const TBA_LO = 108;
const TTMP_OLD = 112;
const OLD_TRAP_REGS = ['tba_lo', 'tba_hi', 'tma_lo', 'tma_hi'];
const OLD_TRAP_REGS64 = ['tba', 'tma'];

/** gfx9: the shared operand names plus `null` at any width and tuples that reach past s101. */
function sregGfx9(code: number, dwords: number): string | null {
  if (dwords >= 4 && code <= 101) {
    const first = code - (code % 4);
    return first + dwords - 1 <= LAST_SGPR_IN_TUPLE ? `s[${first}:${first + dwords - 1}]` : null;
  }
  if (code === NULL_REG) return 'null';
  return scalarReg(code, dwords);
}

/** Source names of codes 128-254 that exist only on some generations. */
function specialSrc(code: number, width: 1 | 2, gen: Generation): string | null {
  const old = gen === 'gfx6' || gen === 'gfx7';
  if (code === FLAT_SCRATCH_BASE_LO || code === FLAT_SCRATCH_BASE_HI) {
    if (old || (width === 2 && code === FLAT_SCRATCH_BASE_HI)) return null;
    return code === FLAT_SCRATCH_BASE_LO ? 'src_flat_scratch_base_lo' : 'src_flat_scratch_base_hi';
  }
  // LLVM decodes lds_direct into a scalar source but flags the register class mismatch in the text.
  if (code === LDS_DIRECT)
    return old || width === 2
      ? null
      : "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/";
  if (old && code >= 235 && code <= 239) return null;
  // The 1/(2*pi) inline constant came with gfx8.
  if (old && code === INV_2PI) return null;
  return srcOperand(code, width === 1 ? 'b32' : 'b64', 0);
}

function buildSrc(width: 1 | 2, gen: Generation): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < LITERAL; c++) t.push(c < 128 ? sregName(c, width, gen) : specialSrc(c, width, gen));
  return t;
}

function buildDst(dwords: number, gen: Generation): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < 128; c++) t.push(sregName(c, dwords, gen));
  return t;
}

// LLVM's SGPR file runs to s105 (beyond what gfx9 encodes singly), so aligned 4-16 dword tuples starting at
// s96..s101 are still printable.
const LAST_SGPR_IN_TUPLE = 105;

/** A scalar register tuple of `dwords` (1, 2, 4, 8 or 16) at 7-bit `code` as LLVM prints it, or null. */
export function sregTuple(code: number, dwords: number, gen: Generation): string | null {
  return sregName(code, dwords, gen);
}

/** Operand names of one generation by code; null = rejected. */
export interface ScalarNames {
  /** 8-bit source codes (the literal code 255 excluded), per width. */
  readonly src32: readonly (string | null)[];
  readonly src64: readonly (string | null)[];
  /** 7-bit destination codes. */
  readonly dst32: readonly (string | null)[];
  readonly dst64: readonly (string | null)[];
}

function names(gen: Generation): ScalarNames {
  return {
    src32: buildSrc(1, gen),
    src64: buildSrc(2, gen),
    dst32: buildDst(1, gen),
    dst64: buildDst(2, gen),
  };
}

export const NAMES: Readonly<Record<Generation, ScalarNames>> = {
  gfx6: names('gfx6'),
  gfx7: names('gfx7'),
  gfx8: names('gfx8'),
  gfx9: names('gfx9'),
};

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
export function src(code: number, kind: number, lit: number, n: ScalarNames): string | null {
  const wide = (kind & 3) === 2;
  if (kind & REG_ONLY) {
    const v = code === LITERAL ? lit : INLINE_VALUE[code];
    if (code === LITERAL || v !== -1) return imm32(v) + '/*Invalid immediate*/';
  } else if (code === LITERAL) return wide ? lit64(lit) : lit32(lit);
  return wide ? n.src64[code] : n.src32[code];
}

/** A source that prints from the name tables (no literal, no immediate-in-a-register-slot comment). */
export function fastSrc(code: number, kind: number): boolean {
  return code !== LITERAL && (code < 128 || (kind & REG_ONLY) === 0);
}

/** src() written into `o` (the operand was checked: src() is not null). */
export function putSrc(
  o: TextSink,
  code: number,
  kind: number,
  lit: number,
  n: ScalarNames,
  b: ScalarBytes,
): void {
  if (fastSrc(code, kind)) putT(o, (kind & 3) === 2 ? b.src64 : b.src32, code);
  else putS(o, src(code, kind, lit, n) as string);
}

/** NAMES pre-encoded (text-bytes.ts). */
export interface ScalarBytes {
  readonly src32: ByteTable;
  readonly src64: ByteTable;
  readonly dst32: ByteTable;
  readonly dst64: ByteTable;
}

const BYTES: Partial<Record<Generation, ScalarBytes>> = {};

/** The generation's NAMES as ByteTables, built on first use. */
export function namesBytes(g: Generation): ScalarBytes {
  let b = BYTES[g];
  if (b === undefined) {
    const n = NAMES[g];
    b = {
      src32: byteTable(n.src32),
      src64: byteTable(n.src64),
      dst32: byteTable(n.dst32),
      dst64: byteTable(n.dst64),
    };
    BYTES[g] = b;
  }
  return b;
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

/**
 * opcode -> row per generation, for the decoders. Scalar rows need no feature, so a generation decides.
 * Two rows with one opcode in one generation are an error in the table, reported at load time.
 */
export function genTables<R extends OpRow>(
  rows: readonly R[],
  size: number,
): Readonly<Record<Generation, (R | null)[]>> {
  const make = (g: Generation): (R | null)[] => {
    const t: (R | null)[] = new Array(size).fill(null);
    for (const r of rows) {
      if (r.requires !== undefined) throw new Error(`internal: scalar op ${r.name} requires a feature`);
      const op = r.opcodes[g];
      if (op === undefined) continue;
      if (op >= size || t[op] !== null) throw new Error(`internal: ${r.name} opcode ${op} on ${g}`);
      t[op] = r;
    }
    return t;
  };
  return { gfx6: make('gfx6'), gfx7: make('gfx7'), gfx8: make('gfx8'), gfx9: make('gfx9') };
}

let lastTarget = '';
let lastGen: Generation = 'gfx9';
/** The generation of a target, memoised for the per-instruction path (a name without a record is internal). */
export function genOf(t: Target): Generation {
  if (t !== lastTarget) {
    const p = findProcessor(t);
    if (p === undefined) throw new Error(`internal: no processor record for ${t}`);
    lastTarget = t;
    lastGen = p.generation;
  }
  return lastGen;
}

/** The `ops(target)` listing of a family: one entry per row present on the target. */
export function listRows(rows: readonly OpRow[], t: Target, encoding: string): IsaEntry[] {
  const g = genOf(t);
  const res: IsaEntry[] = [];
  for (const r of rows) {
    const opcode = r.opcodes[g];
    if (opcode !== undefined) res.push({ name: r.name, encoding, opcode });
  }
  return res.sort((x, y) => x.opcode - y.opcode);
}

/** Where a family decodes into when the caller gave no Decoded (the disassembler's path). */
export const SCRATCH = new Decoded();
