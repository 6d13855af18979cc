// Shared pieces of the scalar families (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM/SMRD): operand name tables per
// generation built once at load, LLVM's literal and immediate printing, and the per-generation opcode
// tables built from the op rows (src/isa/ops/scalar-*.ts).
import type { OpRow } from '../../isa/ops.js';
import { findProcessor, type Generation } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { regRange, scalarReg, srcOperand } from '../operands.js';
import {
  ascii,
  type ByteTable,
  byteTable,
  F32_BITS,
  putB,
  putC,
  putHex,
  putImm32,
  putT,
  type TextSink,
  textLen,
} from '../text-bytes.js';
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
    // gfx8 tuples may reach past ttmp11: LLVM's TTMP register classes go to ttmp15 (llvm-mc-22 decodes
    // s_load_dwordx8 ttmp[8:15] and s_load_dwordx16 ttmp[0:15] for gfx803).
    return first + dwords - 1 > (gen === 'gfx8' ? 15 : 11) ? null : regRange('ttmp', first, dwords);
  }
  if (code >= TBA_LO && code < TTMP_OLD) {
    if (dwords === 1) return OLD_TRAP_REGS[code - TBA_LO];
    return dwords === 2 && code % 2 === 0 ? OLD_TRAP_REGS64[(code - TBA_LO) >>> 1] : null;
  }
  // LLVM decodes code 125 as null on gfx8 at any width (s_load_dwordx16 null, ...).
  if (gen === 'gfx8') return scalarReg(code, dwords) ?? (code === NULL_REG ? 'null' : null);
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

const NAMES: Record<Generation, ScalarNames | null> = { gfx6: null, gfx7: null, gfx8: null, gfx9: null };

/** The generation's operand names, built on first use (all four at module load cost a small file's start-up). */
export function namesOf(gen: Generation): ScalarNames {
  let n = NAMES[gen];
  if (n === null) {
    n = names(gen);
    NAMES[gen] = n;
  }
  return n;
}

const INLINE_F32 = new Set(F32_BITS);

const LIT_OPEN = ascii('lit(');

/**
 * A 32-bit literal in a scalar source. LLVM marks a literal whose value an inline constant could have
 * encoded as `lit(...)`, so the text reassembles to the same bytes.
 */
function putLit32(o: TextSink, v: number): void {
  v >>>= 0;
  putLitHex(o, v, v <= 64 || v >= 0xfffffff0 || INLINE_F32.has(v));
}

/** A 32-bit literal in a 64-bit scalar source: zero-extended, so only 0..64 are inline values. */
function putLit64(o: TextSink, v: number): void {
  v >>>= 0;
  putLitHex(o, v, v <= 64);
}

function putLitHex(o: TextSink, v: number, marked: boolean): void {
  if (!marked) {
    putHex(o, v);
    return;
  }
  putB(o, LIT_OPEN);
  putHex(o, v);
  putC(o, 0x29);
}

const INVALID_IMMEDIATE = ascii('/*Invalid immediate*/');

/** Whether LLVM accepts source `code` of `kind` (the literal code always). */
export function srcOk(code: number, kind: number, b: ScalarBytes): boolean {
  if (code === LITERAL) return true;
  if (kind & REG_ONLY && INLINE_VALUE[code] !== -1) return true;
  // The arena entry that putSrc copies next (0 bytes: a code LLVM rejects): the string tables' loads were
  // cache misses of their own on distinct input (issue 13).
  return textLen((kind & 3) === 2 ? b.src64 : b.src32, code) !== 0;
}

/**
 * Writes a source operand of `kind` (its width in the low bits), `lit` being the dword after the
 * instruction; the operand was checked with srcOk.
 */
export function putSrc(o: TextSink, code: number, kind: number, lit: number, b: ScalarBytes): void {
  const wide = (kind & 3) === 2;
  if (kind & REG_ONLY) {
    const v = code === LITERAL ? lit : INLINE_VALUE[code];
    if (code === LITERAL || v !== -1) {
      putImm32(o, v);
      putB(o, INVALID_IMMEDIATE);
      return;
    }
  } else if (code === LITERAL) {
    if (wide) putLit64(o, lit);
    else putLit32(o, lit);
    return;
  }
  putT(o, wide ? b.src64 : b.src32, code);
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
    const n = namesOf(g);
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

/** The mnemonics of genTables' rows pre-encoded, by generation and opcode (null where no op). */
export function nameBytesByGen(
  tables: Readonly<Record<Generation, readonly (OpRow | null)[]>>,
): Readonly<Record<Generation, (Uint8Array | null)[]>> {
  const make = (g: Generation) => tables[g].map((r) => (r === null ? null : ascii(r.name)));
  return { gfx6: make('gfx6'), gfx7: make('gfx7'), gfx8: make('gfx8'), gfx9: make('gfx9') };
}
