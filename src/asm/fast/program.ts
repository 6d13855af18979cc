// The fast path's matcher: a program per mnemonic (made once per target from the op tables, see vop.ts and
// scalar.ts) lists the operand slots the op's syntax has and the field each slot's value goes to; one
// interpreter runs any program over the operands of operands.ts, checking and encoding in the same pass,
// into reused words. It accepts only operands it knows to be valid; for anything else it answers 0 and
// the general path (the families' encoders) gives the bytes or llvm-mc's diagnostic.
import type { OperandType } from '../../codec/operands.js';
import type { Field } from '../../isa/fields.js';
import type { Generation } from '../../isa/processors.js';
import * as memScalar from '../families/mem-scalar.js';
import * as scalar from '../families/scalar-common.js';
import * as valu from '../families/valu-src.js';
import { lexed } from './lexer.js';
import {
  FILE,
  kw,
  MODS,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opTok,
  opValue,
  opWord,
} from './operands.js';

// Imported bindings copied once (see lexer.ts).
const {
  LAST_TTMP_OLD,
  floatLowWord,
  lastSgpr,
  scalarImm,
  ttmpBaseOf,
  specialExists,
  specialRegCode,
  specialSrcCode,
} = scalar;
const RC_R32 = scalar.RC.R32;
const RC_R64 = scalar.RC.R64;
const RC_DATA32 = scalar.RC.Data32;
const RC_DATA64 = scalar.RC.Data64;
const scalarOut = scalar.scalarImmOut;
const { immCode, literalBits, specialSrc } = valu;
const { constCode, special32Code } = memScalar;
const { start: tokStart, end: tokEnd } = lexed;
const immOut = valu.immOut;
const SRC_B32 = scalar.Src.B32;
const SRC_B64 = scalar.Src.B64;
const SRC_B64_NOLIT = scalar.Src.B64NoLit;
const { V: F_V, S: F_S, A: F_A, TTMP: F_TTMP, SPECIAL: F_SPECIAL } = FILE;
const {
  REG: O_REG,
  INT: O_INT,
  FLOAT: O_FLOAT,
  KEY: O_KEY,
  NAMED: O_NAMED,
  HWREG: O_HWREG,
  LIST: O_LIST,
  FORMAT: O_FORMAT,
} = OPERAND;
const { NEG: M_NEG, ABS: M_ABS } = MODS;
const K_OFF = kw('off');
const K_TFE = kw('tfe');
const K_IDXEN = kw('idxen');
const K_OFFEN = kw('offen');
const K_ADDR64 = kw('addr64');
const K_D16 = kw('d16');
const N_DMASK = named('dmask');
const N_OP_SEL_HI = named('op_sel_hi');
const _N_MUL = named('mul');
const N_DIV = named('div');
const N_OFFSET = named('offset');

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
/** A SOP/SOPK scalar destination of `arg` dwords (LLVM's SReg_32/SReg_64, the named registers too). */
export const S_SOPDST = 14;
/** s_getreg/s_setreg's simm16: `hwreg(...)` or an integer 0..65535. */
export const S_HWREG = 15;
/** s_setreg_imm32_b32's value: an integer's low 32 bits or a float's low word, as a literal dword. */
export const S_IMM32 = 16;
/** madmk/madak's K constant of type TYPES[arg]: always the literal dword (one value with src0's). */
export const S_KLIT = 17;

/** A VOP3 source: as S_VSRC without a literal, with neg/abs where the slot allows them, one scalar value. */
export const S_VSRC3 = 9;
/** A VOP3 lane-mask source (carry-in, v_cndmask select): an SGPR pair, vcc or exec, one scalar value. */
export const S_MASK3 = 10;

/** SMEM data: `arg` dwords of SGPRs/TTMPs (vcc/vcc halves for 1-2 dwords; not m0 or exec). */
export const S_SDATA = 11;
/** SMEM base: an SGPR pair (arg 2) or an aligned quad (arg 4); the field holds the code / 2. */
export const S_SBASE = 12;
/**
 * SMEM offset: an SGPR or an integer byte offset (then the program's imm bit is set): 0..0xfffff, or
 * from -0x100000 with arg 1 (gfx9 address bases).
 */
export const S_SOFFSET = 13;
/** SMEM probe mode (s_atc_probe*): an integer's low 7 bits. */
export const S_PROBE = 18;
/** A VGPR (one dword) in a 9-bit source field: 256 + its index (v_swap_b32, v_readfirstlane_b32's src0). */
export const S_VSRC_V = 19;
/** A VGPR tuple of any width (its index; the post-match checks give the width: vdata with tfe). */
export const S_VDATA = 20;
/** A buffer address: `off` or one or two VGPRs (its index; the post-match checks tie the width to idxen/offen/addr64). */
export const S_VADDR = 21;
/** An aligned SGPR/TTMP tuple of `arg` dwords (a buffer resource: 4): its code / 4. */
export const S_SRSRC = 22;
/**
 * MUBUF/MTBUF soffset: an SGPR, TTMP, a named 32-bit register of the generation (mem-scalar.ts
 * special32Code) or an inline constant. arg 1: `scc` as written (not `src_scc`) is the cache-policy keyword
 * to LLVM's parser, in operand 3 of the ops with an LDS form (mem-match.ts parseActuals): declined.
 */
export const S_BUF_SOFFSET = 23;
/** A VGPR tuple of any width as an address (its index; the post-match checks give the widths: MIMG's vaddr). */
export const S_VADDR_ANY = 24;
/**
 * GLOBAL/SCRATCH saddr: `off` (the field's 0x7f) or, arg 2, GLOBAL's SGPR/TTMP pair, vcc, flat_scratch or
 * xnack_mask (mem-scalar.ts saddr64Code); arg 1, SCRATCH's SGPR, TTMP or named SGPR-file register but
 * exec_hi and m0's kin (saddr32Code).
 */
export const S_SADDR = 25;
/** An AGPR tuple of `arg` dwords (MFMA's vdst and src2): its index. */
export const S_ATUPLE = 26;
/** A VGPR or AGPR tuple of `arg` dwords (MFMA's src0 and src1): 256 + its index (C_MFMA sets the AGPR bits). */
export const S_VATUPLE = 27;
/**
 * A DPP form's VGPR source (src0 in the extension dword, or vsrc1): its index. `arg` bit 0: it takes neg/abs;
 * bit 1: vsrc1. The modifiers go to the extension dword as negBits/absBits bit 0 (src0) or 2 (src1):
 * Program.neg and abs at bits 20 and 21 put them at 20/21 and 22/23.
 */
export const S_DPP = 28;

export const IMM16_SIGNED = 0;
export const IMM16_UNSIGNED = 1;
export const IMM16_ANY = 2;
export const IMM16_BRANCH = 3;

/** Checks a program asks for beyond its slots. */
/** The op reads vcc implicitly (e32 carry-in, v_cndmask): src0 may not read another scalar value. */
export const P_VCC_IN = 1;
/** A VOP3 op that reads vcc implicitly (v_div_fmas): its sources may read no other scalar value. */
export const P_VCC_BUS = 2;
/** Modifiers after the positional operands: `clamp`, and `mul:2`, `mul:4`, `div:2` (omod). */
export const P_CLAMP = 4;
export const P_OMOD = 8;
/** The `glc` keyword after the positional operands sets the program's glc field. */
export const P_GLC = 16;
/** The last slot may be left out (s_endpgm's value). */
export const P_OPTIONAL = 32;
/** A K literal (S_KLIT) shares gfx6-9's one constant-bus read with src0: src0 may not be a scalar register. */
export const P_KLIT = 64;
/** SMEM on gfx9: `offset:N` may follow an SGPR offset. */
export const P_SOE = 128;
/** The S_VSRC slot (src0 of an e32 op) may be lds_direct (valu-src.ts ldsDirectError: not in reversed ops). */
export const P_LDS_DIRECT = 512;
/** s_waitcnt: fast/waitcnt.ts encodes it, not encodeProgram. */
export const P_WAITCNT = 1024;
/** A gfx9 VOP3 op with op_sel (Program.opSel): `op_sel:[...]` among the modifiers. */
export const P_OPSEL = 2048;
/** A VOP1/VOP2/VOPC SDWA form (gfx9): fast/sdwa.ts encodes it, not encodeProgram. */
export const P_SDWA = 4096;
/** The modifiers are read by the program's table (Program.mods), not by `modifiers`. */
export const P_TABLE = 8192;
/** v_movreld_b32 reads M0 implicitly (vop-profile.ts M0_INDEX_DST_OP): src0 may read no other scalar value. */
export const P_M0_BUS = 16384;

/** Checks after matching (Program.checks), LLVM's as data. */
/** vdata (S_VDATA) holds Program.dataDw dwords, one more with tfe. */
export const C_DATA_TFE = 1;
/** vaddr (S_VADDR) has one dword per idxen/offen, two with addr64, none (`off`) without them. */
export const C_BUF_ADDR = 2;
/**
 * MIMG (mem-mimg.ts): the dmask is one Program.dmasks takes (bit d for dmask d), vdata holds the channels
 * (Program.channels, or the dmask's, at least 1; halved with d16 under C_PACKED) plus the tfe dword and is a
 * width of Program.dataWidths, vaddr a width of Program.addrWidths.
 */
export const C_MIMG = 4;
/** With C_MIMG: d16 packs two 16-bit channels a VGPR (not gfx80x). */
export const C_PACKED = 8;
/**
 * FLAT/GLOBAL/SCRATCH: vaddr (S_VADDR) has Program.addrBase dwords, one more when saddr is `off` (FLAT: a
 * pair; GLOBAL: a pair with `off`, one VGPR with saddr; SCRATCH: one VGPR with `off`, `off` with saddr).
 */
export const C_FLAT_ADDR = 16;
/** SMEM on gfx9: `offset:N` after an SGPR soffset moves the SGPR to soffset and sets soe and imm. */
export const C_SOE = 32;
/**
 * VOP3P packed, dot and mix ops: op_sel_hi (kept in a scratch word by the table) split over both words, its
 * entries past the op's Program.dataDw sources ignored, Program.channels when not written (7; mix ops 0),
 * bit 2 set for two-source ops but the mix ones (valu-vop3p.ts).
 */
export const C_VOP3P = 64;
/**
 * MFMA: the AGPR bits of src0 and src1, and no partial overlap of src2 and vdst for accumulators of more than
 * 4 dwords (Program.dataDw).
 */
export const C_MFMA = 128;

/**
 * Value maps (ModTable.map) of 32 entries each (by the value's low 5 bits), -1 for a value not taken: 1 `mul:`
 * and 2 `div:` to omod's field (mul:2 1, mul:4 2, div:2 3), 3 + s - 1 a VOP3 op_sel list of s sources and the
 * result to bits 11-14 (the sources' entries low, the result's in bit 14; entries past it ignored:
 * valu-vop3.ts opSelField); from MAP_DPP the DPP controls (valu-mods.ts): row_shl/row_shr/row_ror:1-15 to
 * 0x101-0x12f, wave_shl/wave_rol/wave_shr/wave_ror:1 to 0x130-0x13c, row_mirror and row_half_mirror (keywords,
 * 1) to 0x140/0x141, row_bcast:15/31 to 0x142/0x143, then bound_ctrl:0/1 to its bit (either sets it, as in
 * LLVM).
 */
export const MAP_MUL = 1;
export const MAP_DIV = 2;
export const MAP_OPSEL = 3;
export const MAP_DPP = 6;
export const MAP_BCAST = MAP_DPP + 9;
export const MAP_BOUND = MAP_DPP + 10;
const VALUE_MAPS = new Int16Array(32 * (MAP_BOUND + 1)).fill(-1);
for (let v = 0; v < 32; v++) VALUE_MAPS[v] = v;
VALUE_MAPS[32 * MAP_MUL + 2] = 1;
VALUE_MAPS[32 * MAP_MUL + 4] = 2;
VALUE_MAPS[32 * MAP_DIV + 2] = 3;
for (let s = 1; s <= 3; s++)
  for (let v = 0; v < 16; v++)
    VALUE_MAPS[32 * (MAP_OPSEL + s - 1) + v] = (v & ((1 << s) - 1)) | (((v >>> s) & 1) << 3);
for (let r = 0; r < 3; r++)
  for (let v = 1; v < 16; v++) VALUE_MAPS[32 * (MAP_DPP + r) + v] = 0x100 + 16 * r + v;
// wave_shl, wave_rol, wave_shr, wave_ror, row_mirror, row_half_mirror: the value 1.
[0x130, 0x134, 0x138, 0x13c, 0x140, 0x141].forEach((c, i) => {
  VALUE_MAPS[32 * (MAP_DPP + 3 + i) + 1] = c;
});
VALUE_MAPS[32 * MAP_BCAST + 15] = 0x142;
VALUE_MAPS[32 * MAP_BCAST + 31] = 0x143;
VALUE_MAPS[32 * MAP_BOUND] = 1;
VALUE_MAPS[32 * MAP_BOUND + 1] = 1;

/**
 * A program's modifiers after its positional operands: for each word id (operands.ts: keywords, NAMED_BASE +
 * the `name:` modifiers) its index here + 1 (0: not taken); per index the order level (a modifier may not
 * follow one of a higher level; level 0 may stand anywhere; each is taken once), the highest value (keywords: 1), the lowest (0 but for
 * signed offsets) and the field it goes to (cleared first, so that the base words may hold a default; a
 * negative value as its two's complement in the field's bits). `need`: the indices that
 * must be written (bit j for index j).
 */
export interface ModTable {
  readonly index: Uint8Array;
  readonly order: Uint8Array;
  /** The bit that marks the modifier written (rows that exclude each other share one: mul and div). */
  readonly bit: Int32Array;
  /** A VALUE_MAPS map of the value as written to the field's (0: the value itself). */
  readonly map: Uint8Array;
  readonly min: Int32Array;
  readonly max: Int32Array;
  readonly field: readonly Field[];
  readonly need: number;
}

/** The size of ModTable.index: keywords and `name:` modifiers (operands.ts NAMED_BASE + NAMED). */
export const MOD_IDS = 128;
/** MIMG's `a16` on gfx9 (an AGPR to the operand reader) as a modifier id; MOD_NONE: no modifier's id. */
export const MOD_A16 = 127;
const MOD_NONE = 126;

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
  /** S_VSRC3 slots: the source number (its neg/abs bit) and the modifiers it takes (MODS bits). */
  readonly src: Uint8Array;
  readonly srcMods: Uint8Array;
  /** VOP3 modifier fields (null when the encoding has none: VOP3B keeps sdst where abs is). */
  readonly neg: Field | null;
  readonly abs: Field | null;
  readonly clamp: Field | null;
  readonly omod: Field | null;
  /** SMEM: the bit an integer offset sets; the glc bit. */
  readonly imm: Field | null;
  readonly glc: Field | null;
  /** SMEM on gfx9: `soffset offset:N` sets soe and puts the SGPR in soffset (null: no such form). */
  readonly soe: Field | null;
  readonly soffset: Field | null;
  /** With P_OPSEL: op_sel's entries, the sources' then the result's (vop3-ops.ts Vop3Entry.opSel). */
  readonly opSel: number;
  /** With P_SDWA: the e32 encoding (ENC_VOP1, ENC_VOP2, ENC_VOPC of valu-vop.ts); whether omod is taken. */
  readonly sdwaEnc: number;
  readonly sdwaOmod: boolean;
  /** With P_TABLE: the modifiers' table. */
  readonly mods: ModTable | null;
  /** C_* bits: the checks after matching; with C_DATA_TFE the vdata dwords without tfe. */
  readonly checks: number;
  readonly dataDw: number;
  /** With C_MIMG: the dmasks, vdata's channels whatever the dmask (gather4: 4; else 0), vdata and vaddr widths. */
  readonly dmasks: number;
  readonly channels: number;
  readonly dataWidths: number;
  readonly addrWidths: number;
  /** With C_FLAT_ADDR: vaddr's dwords with a saddr register. */
  readonly addrBase: number;
  /** The op's form with another number of positional operands (MUBUF's lds form, without vdata), or null. */
  readonly alt: Program | null;
}

/** The encoded instruction: words[0, n) for the n that encodeProgram returns. */
export const words = new Uint32Array(4);

/** ORs a field's value into `words` (a Uint32Array: the sign of bit 31 needs no care). */
export function putField(f: Field, v: number): void {
  words[f.word] |= v << f.shift;
}

let lastScalar = 0;
let lastTtmp = 0;
let ttmpBase = 0;
let gen: Generation = 'gfx9';
let xnack = false;

/** Sets the generation (and the xnack feature) the next programs run for. */
export function setGeneration(g: Generation, hasXnack: boolean): void {
  lastScalar = g === 'gfx9' ? 101 : lastSgpr(g);
  lastTtmp = g === 'gfx9' ? 15 : LAST_TTMP_OLD;
  ttmpBase = ttmpBaseOf(g);
  gen = g;
  xnack = hasXnack;
}

/**
 * Named registers the fast path takes as scalar registers (gfx9 codes), which exist on every generation
 * with one code: vcc_lo/hi, m0, exec_lo/hi as 32 bits, vcc and exec as 64; bit dw is set for a width of dw
 * dwords. The others (flat_scratch, xnack_mask, apertures, lds_direct ...) have generation- and
 * feature-dependent rules: the general path's. A table, so that every width runs the same code (code first
 * run by a rare line would throw the optimised callers away).
 */
const SPECIAL_WIDTHS = new Uint8Array(256);
for (const c of [106, 107, 124, 126, 127]) SPECIAL_WIDTHS[c] = 1 << 1;
for (const c of [106, 126]) SPECIAL_WIDTHS[c] |= 1 << 2;

/** The scalar code of operand k as a register of `dw` dwords (SGPR, TTMP, vcc/exec/m0), or -1. */
export function scalarReg(k: number, dw: number): number {
  if (opCount[k] !== dw) return -1;
  const f = opFile[k];
  const i = opIndex[k];
  if (f === F_SPECIAL) return (SPECIAL_WIDTHS[i] >> dw) & 1 ? i : -1;
  if (f !== F_S && f !== F_TTMP) return -1;
  if (dw > 1 && i % (dw >= 4 ? 4 : dw) !== 0) return -1;
  if (f === F_S) return i + dw - 1 <= lastScalar ? i : -1;
  return i + dw - 1 <= lastTtmp ? ttmpBase + i : -1;
}

/**
 * The code of operand k (a register) in the scalar class of `dw` dwords the SOP families use (SGPR,
 * TTMP, or any named register of the class that exists on the generation: scalar-common.ts), or -1.
 */
function sopReg(k: number, dw: number): number {
  if (opFile[k] !== F_SPECIAL) return scalarReg(k, dw);
  const c = opIndex[k];
  if (opCount[k] !== dw || !specialExists(c)) return -1;
  return specialRegCode(c, dw, dw === 1 ? RC_R32 : RC_R64);
}

/** A literal taken by the instruction being encoded (-1: none yet). */
let literal = -1;

function takeLiteral(v: number): boolean {
  const u = v >>> 0;
  if (literal >= 0 && literal !== u) return false;
  literal = u;
  return true;
}

/** The one scalar value VOP3 sources may read (code * 32 + dwords, as the constant bus counts), or -1. */
let bus = -1;
/** neg / abs bits of the VOP3 sources. */
let negBits = 0;
let absBits = 0;

/** Counts a scalar read of `code` (dw dwords) on the constant bus; false when it is a second value. */
function busRead(code: number, dw: number): boolean {
  const key = code * 32 + dw;
  if (bus >= 0 && bus !== key) return false;
  bus = key;
  return true;
}

/** A VOP3 source (slot j of program p) for operand k: its code, or -1. */
function vop3Source(p: Program, j: number, k: number): number {
  const mods = opMods[k];
  if ((mods & ~p.srcMods[j]) !== 0) return -1;
  const t = TYPES[p.arg[j]];
  const dw = t === 'f64' || t === 'b64' || t === 'i64' ? 2 : 1;
  const ok = opKind[k];
  let c: number;
  if (ok === O_REG) {
    if (opFile[k] === F_V) {
      const i = opIndex[k];
      if (opCount[k] !== dw || i + dw > 256) return -1;
      c = 256 + i;
    } else {
      // The constant bus counts a named register by the width it is written with (valu-src.ts).
      const named = opFile[k] === F_SPECIAL;
      c = named ? specialSrc(opIndex[k], opCount[k], dw) : scalarReg(k, dw);
      if (c < 0 || !busRead(c, named ? opCount[k] : dw)) return -1;
    }
  } else {
    if (ok !== O_INT && ok !== O_FLOAT) return -1;
    c = immCode(ok === O_FLOAT, opValue[k], t);
    // gfx6-9 VOP3 has no literal.
    if (c === 255) return -1;
  }
  const bit = 1 << p.src[j];
  if (mods & M_NEG) negBits |= bit;
  if (mods & M_ABS) absBits |= bit;
  return c;
}

/** The SGPR code of an SMEM offset written as a register (-1: none), for `soffset offset:N`. */
let soffsetReg = -1;
/** The widths of the S_VDATA and S_VADDR operands, and whether S_SADDR was `off`, for the checks after matching. */
let dataDw = 0;
let addrDw = 0;
let saddrOff = 0;

/** The named registers FLAT's saddr takes (mem-scalar.ts saddr64Code, saddr32Code): bit dw for dw dwords. */
const SADDR_NAMED = new Uint8Array(256);
/** vcc's code: a named register every generation has. */
const VCC = 106;
for (const c of [102, 104, 106]) SADDR_NAMED[c] = 1 << 2;
for (const c of [102, 103, 104, 105, 106, 107, 124, 126]) SADDR_NAMED[c] |= 1 << 1;

/** An SMEM byte offset: 0..0xfffff, or from -0x100000 with `signed` 1 (gfx9 address bases); else -1. */
function smemOffset(v: number, signed: number): number {
  if (v < (signed === 1 ? -0x100000 : 0) || v > 0xfffff) return -1;
  return v & 0x1fffff;
}

const LDS_DIRECT = 254;

/** Whether operand k is lds_direct (src_lds_direct) as written plainly: it reads LDS, not the constant bus. */
function isLdsDirect(k: number): boolean {
  return (
    opKind[k] === O_REG &&
    opFile[k] === F_SPECIAL &&
    opIndex[k] === LDS_DIRECT &&
    opCount[k] === 1 &&
    opMods[k] === 0
  );
}

/** One slot's value for operand k, or -1 when the fast path does not take it. */
function slotValue(kind: number, arg: number, k: number): number {
  // Only VOP3 sources (vop3Source) and DPP sources take source modifiers (both comparisons on every line).
  const mods = opMods[k];
  if (((mods !== 0 ? 1 : 0) & (kind !== S_DPP ? 1 : 0)) !== 0) return -1;
  const ok = opKind[k];
  switch (kind) {
    case S_DPP: {
      const i = opIndex[k];
      if (
        (mods & ~(arg & 1 ? M_NEG | M_ABS : 0)) !== 0 ||
        ok !== O_REG ||
        opFile[k] !== F_V ||
        opCount[k] !== 1
      )
        return -1;
      const bit = arg & 2 ? 4 : 1;
      if (mods & M_NEG) negBits |= bit;
      if (mods & M_ABS) absBits |= bit;
      return i < 256 ? i : -1;
    }
    case S_SDATA: {
      if (ok !== O_REG) return -1;
      if (opFile[k] !== F_SPECIAL) return scalarReg(k, arg);
      // SReg_32_XM0_XEXEC / SReg_64_XEXEC (scalar-common.ts); the 7-bit field keeps the low bits of
      // src_vccz/src_execz/src_scc, as the family does.
      const c = opIndex[k];
      if (arg > 2 || opCount[k] !== arg || !specialExists(c)) return -1;
      const code = specialRegCode(c, arg, arg === 1 ? RC_DATA32 : RC_DATA64);
      return code < 0 ? -1 : code & 0x7f;
    }
    case S_PROBE:
      return ok === O_INT ? (opValue[k] >>> 0) & 0x7f : -1;
    case S_SBASE: {
      if (ok !== O_REG || (arg === 4 && opFile[k] === F_SPECIAL)) return -1;
      const c = arg === 2 ? sopReg(k, 2) : scalarReg(k, arg);
      return c < 0 ? -1 : c >> 1;
    }
    case S_SOFFSET: {
      if (ok !== O_REG) return ok === O_INT ? smemOffset(opValue[k], arg) : -1;
      // SReg_32: the field keeps the low 7 bits of src_vccz/src_execz/src_scc, as the family does.
      const c = sopReg(k, 1);
      soffsetReg = c < 0 ? -1 : c & 0x7f;
      return soffsetReg;
    }
    case S_MASK3: {
      if (ok !== O_REG) return -1;
      const c = scalarReg(k, 2);
      return c >= 0 && busRead(c, 2) ? c : -1;
    }
    case S_VGPR: {
      if (ok !== O_REG || opFile[k] !== F_V || opCount[k] !== arg) return -1;
      const i = opIndex[k];
      return i + arg <= 256 ? i : -1;
    }
    case S_VSRC: {
      const t = TYPES[arg];
      const dw = t === 'f64' || t === 'b64' || t === 'i64' ? 2 : 1;
      if (ok === O_REG) {
        if (opFile[k] === F_V) {
          const i = opIndex[k];
          return opCount[k] === dw && i + dw <= 256 ? 256 + i : -1;
        }
        return opFile[k] === F_SPECIAL ? specialSrc(opIndex[k], opCount[k], dw) : scalarReg(k, dw);
      }
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      const c = immCode(ok === O_FLOAT, opValue[k], t);
      if (c === 255 && !takeLiteral(immOut[0])) return -1;
      return c;
    }
    case S_VSRC_V: {
      if (ok !== O_REG || opFile[k] !== F_V || opCount[k] !== 1) return -1;
      const i = opIndex[k];
      return i < 256 ? 256 + i : -1;
    }
    case S_VDATA: {
      if (ok !== O_REG || opFile[k] !== F_V) return -1;
      const i = opIndex[k];
      dataDw = opCount[k];
      return i + dataDw <= 256 ? i : -1;
    }
    case S_VADDR: {
      if (ok === O_KEY && opWord[k] === K_OFF) {
        addrDw = 0;
        return 0;
      }
      if (ok !== O_REG || opFile[k] !== F_V || opCount[k] > 2) return -1;
      const i = opIndex[k];
      addrDw = opCount[k];
      return i + addrDw <= 256 ? i : -1;
    }
    case S_VADDR_ANY: {
      if (ok !== O_REG || opFile[k] !== F_V) return -1;
      const i = opIndex[k];
      addrDw = opCount[k];
      return i + addrDw <= 256 ? i : -1;
    }
    case S_SADDR: {
      if (ok === O_KEY && opWord[k] === K_OFF) {
        saddrOff = 1;
        return 0x7f;
      }
      saddrOff = 0;
      if (ok !== O_REG) return -1;
      // A named saddr is rare (the bench's warm-up has none): its answer is computed for every register,
      // so that it reads no array and calls nothing that the optimised slotValue has not seen run (a site
      // without type feedback throws the optimised function away: see S_BUF_SOFFSET).
      const file = opFile[k];
      const c = opIndex[k];
      const known = specialExists(file === F_SPECIAL ? c : VCC) ? 1 : 0;
      const named =
        ((SADDR_NAMED[c & 0xff] >> arg) & 1 & (opCount[k] === arg ? 1 : 0) & known) === 1 ? c : -1;
      return file !== F_SPECIAL ? scalarReg(k, arg) : named;
    }
    case S_ATUPLE: {
      if (ok !== O_REG || opFile[k] !== F_A || opCount[k] !== arg) return -1;
      const i = opIndex[k];
      return i + arg <= 256 ? i : -1;
    }
    case S_VATUPLE: {
      if (ok !== O_REG || opCount[k] !== arg) return -1;
      const f = opFile[k];
      const i = opIndex[k];
      return ((f === F_V ? 1 : 0) | (f === F_A ? 1 : 0)) === 1 && i + arg <= 256 ? 256 + i : -1;
    }
    case S_SRSRC: {
      const c = ok === O_REG ? scalarReg(k, arg) : -1;
      return c < 0 ? -1 : c >> 2;
    }
    case S_BUF_SOFFSET: {
      if (ok === O_INT || ok === O_FLOAT) return constCode(ok === O_FLOAT, opValue[k]);
      if (ok !== O_REG) return -1;
      if (opFile[k] !== F_SPECIAL) return scalarReg(k, 1);
      // Every comparison is made on every named register (no `&&`): one first reached by a rare line would
      // have no type feedback and throw the optimised slotValue away in the middle of a run.
      const c = opIndex[k];
      const tk = opTok[k];
      const scc = arg & (c === 253 ? 1 : 0) & (tokEnd[tk] - tokStart[tk] === 3 ? 1 : 0);
      const code = special32Code(c, gen, xnack);
      return scc === 0 && opCount[k] === 1 ? code : -1;
    }
    case S_VCC:
      return ok === O_REG && opFile[k] === F_SPECIAL && opIndex[k] === 106 && opCount[k] === 2 ? 0 : -1;
    case S_SDST:
      // The special registers taken all have codes below 128 (the SDST field's 7 bits). m0 is no
      // v_readfirstlane_b32 result to LLVM (SReg_32_XM0): the general path gives the error.
      return ok === O_REG && !(opFile[k] === F_SPECIAL && opIndex[k] === 124) ? scalarReg(k, arg) : -1;
    case S_SOPDST: {
      // LLVM's SReg_32 holds src_vccz/src_execz/src_scc, whose codes do not fit the field: it keeps the
      // low 7 bits (scalar-sop.ts).
      const c = ok === O_REG ? sopReg(k, arg) : -1;
      return c < 0 ? -1 : arg === 1 ? c & 0x7f : c;
    }
    case S_SREG:
      return ok === O_REG ? sopReg(k, arg) : -1;
    case S_SSRC:
    case S_SSRC_NOLIT: {
      if (ok === O_REG) {
        if (opFile[k] !== F_SPECIAL) return scalarReg(k, arg);
        const c = opIndex[k];
        return specialExists(c) ? specialSrcCode(c, opCount[k], arg === 2) : -1;
      }
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      const src = kind === S_SSRC_NOLIT ? SRC_B64_NOLIT : arg === 2 ? SRC_B64 : SRC_B32;
      const c = scalarImm(ok === O_FLOAT, opValue[k], src);
      if (c === 255 && !takeLiteral(scalarOut[0])) return -1;
      return c;
    }
    case S_HWREG: {
      if (ok === O_HWREG) return opValue[k];
      const v = opValue[k];
      return ok === O_INT && v >= 0 && v <= 0xffff ? v : -1;
    }
    case S_IMM32: {
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      return takeLiteral(ok === O_INT ? opValue[k] >>> 0 : floatLowWord(opValue[k])) ? 0 : -1;
    }
    case S_KLIT: {
      if (ok !== O_INT && ok !== O_FLOAT) return -1;
      const v = literalBits(ok === O_FLOAT, opValue[k], TYPES[arg]);
      return v >= 0 && takeLiteral(v) ? 0 : -1;
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
export function encodeProgram(p0: Program, n: number): number {
  let p = p0;
  if (p.alt !== null) {
    // The form with as many positional operands as the line has (those after the first take a comma).
    let pos = n > 0 ? 1 : 0;
    while (pos < n && opComma[pos] === 1) pos++;
    if (pos !== p.slot.length) p = p.alt;
  }
  const slot = p.slot;
  let m = slot.length;
  if (n === m - 1 && p.flags & P_OPTIONAL) m = n;
  if (n < m || (n > m && p.mods === null)) return 0;
  literal = -1;
  soffsetReg = -1;
  saddrOff = 0;
  bus = p.flags & P_VCC_BUS ? 106 * 32 + 2 : p.flags & P_M0_BUS ? 124 * 32 + 1 : -1;
  negBits = 0;
  absBits = 0;
  const base = p.base;
  const size = base.length;
  for (let w = 0; w < size; w++) words[w] = base[w];
  for (let k = 0; k < m; k++) {
    if ((k === 0) === (opComma[k] === 1)) return 0;
    const kind = slot[k];
    const v =
      kind === S_VSRC3
        ? vop3Source(p, k, k)
        : kind === S_VSRC && p.flags & P_LDS_DIRECT && isLdsDirect(k)
          ? LDS_DIRECT
          : slotValue(kind, p.arg[k], k);
    if (v < 0) return 0;
    const f = p.field[k];
    if (f !== null) words[f.word] |= v << f.shift;
    if (kind === S_SOFFSET && opKind[k] === O_INT) {
      const imm = p.imm as Field;
      words[imm.word] |= 1 << imm.shift;
    }
  }
  if (p.mods !== null) {
    if (!tableMods(p.mods, m, n) || (p.checks !== 0 && !checked(p))) return 0;
  } else if (n > m) return 0;
  if (negBits !== 0) {
    const f = p.neg as Field;
    words[f.word] |= negBits << f.shift;
  }
  if (absBits !== 0) {
    if (p.abs === null) return 0;
    words[p.abs.word] |= absBits << p.abs.shift;
  }
  if (p.flags & P_KLIT) {
    const s = p.src0;
    if (opKind[s] === O_REG && opFile[s] !== F_V) return 0;
  }
  if (p.flags & P_VCC_IN) {
    // The implicit vcc read competes with src0 for the one scalar value of gfx6-9 (a literal too).
    const s = p.src0;
    if (opKind[s] === O_REG && opFile[s] !== F_V) return 0;
    if (literal >= 0) return 0;
  }
  if (p.flags & P_M0_BUS) {
    // e32 (the e64 sources went through busRead): a literal or a scalar register other than M0 (or
    // lds_direct, which reads LDS) is the general path's constant-bus error.
    const s = p.src0;
    if (literal >= 0) return 0;
    if (opKind[s] === O_REG && opFile[s] !== F_V) {
      const i = opIndex[s];
      if (opFile[s] !== F_SPECIAL || opCount[s] !== 1 || (i !== 124 && i !== LDS_DIRECT)) return 0;
    }
  }
  if (literal < 0) return size;
  words[size] = literal;
  return size + 1;
}

/** The omod field of `mul:v` or `div:v` (named id `w`): 1 mul:2, 2 mul:4, 3 div:2; -1 for other values. */
export function omodOf(w: number, v: number): number {
  return w === N_DIV ? (v === 2 ? 3 : -1) : v === 2 ? 1 : v === 4 ? 2 : -1;
}

/** The values of the modifiers tableMods read (by the table's index), and which were written (bit j). */
const modVal = new Int32Array(32);
let modSeen = 0;
let modTable: ModTable | null = null;

/**
 * The modifiers in operands [from, n) by table `t`, put into `words`: keywords and `name:value`s the table
 * takes, in its order, each once, with the values it allows; false for anything else.
 */
function tableMods(t: ModTable, from: number, n: number): boolean {
  const index = t.index;
  let seen = 0;
  let level = 0;
  for (let k = from; k < n; k++) {
    if (opComma[k] === 1 || opMods[k] !== 0) return false;
    const ok = opKind[k];
    let v: number;
    let w = opWord[k];
    if (ok === O_KEY) v = 1;
    else if (ok === O_NAMED || ok === O_FORMAT || ok === O_LIST) v = opValue[k];
    else if (ok === O_REG) {
      v = 1;
      w = isA16(k) ? MOD_A16 : MOD_NONE;
    } else return false;
    const j = index[w] - 1;
    if (j < 0 || (seen & t.bit[j]) !== 0 || v < t.min[j] || v > t.max[j]) return false;
    const lv = t.order[j];
    if (lv !== 0) {
      if (lv < level) return false;
      level = lv;
    }
    seen |= t.bit[j];
    modVal[j] = v;
    // A mapped value (omod, op_sel) or the value itself, which may be negative (signed offsets).
    const mapped = t.map[j] !== 0 ? 1 : 0;
    const x = VALUE_MAPS[32 * t.map[j] + (v & 31)];
    if ((mapped & (x < 0 ? 1 : 0)) !== 0) return false;
    const u = mapped === 1 ? x : v;
    const f = t.field[j];
    words[f.word] = (words[f.word] & ~(f.mask << f.shift)) | ((u & f.mask) << f.shift);
  }
  modSeen = seen;
  modTable = t;
  return (seen & t.need) === t.need;
}

/** The value of modifier `w` (a word id) tableMods read for the line, 0 when not written or not taken. */
function modOf(w: number): number {
  const t = modTable as ModTable;
  const j = t.index[w] - 1;
  return j >= 0 && (modSeen & t.bit[j]) !== 0 ? modVal[j] : 0;
}

/** Whether modifier `w` (a word id) was written on the line. */
function written(w: number): boolean {
  const t = modTable as ModTable;
  const j = t.index[w] - 1;
  return j >= 0 && (modSeen & t.bit[j]) !== 0;
}

/** `a16` as written at operand k (an AGPR to the operand reader; `acc16` is not the keyword). */
function isA16(k: number): boolean {
  const tk = opTok[k];
  const f = opFile[k] === F_A ? 1 : 0;
  const i = opIndex[k] === 16 && opCount[k] === 1 ? 1 : 0;
  return (f & i & (tokEnd[tk] - tokStart[tk] === 3 ? 1 : 0)) === 1;
}

const POPCOUNT4 = new Uint8Array([0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4]);

/**
 * LLVM's checks after matching (Program.checks) on the operands and modifiers just read. Within a check,
 * every comparison is made on every line it runs for (no `&&` or `||` chains): one first reached by a rare
 * line would have no type feedback and throw the optimised code away in the middle of a run.
 */
function checked(p: Program): boolean {
  const c = p.checks;
  if (c & C_DATA_TFE && dataDw !== p.dataDw + modOf(K_TFE)) return false;
  if (c & C_BUF_ADDR && addrDw !== modOf(K_IDXEN) + modOf(K_OFFEN) + 2 * modOf(K_ADDR64)) return false;
  if (c & C_MIMG) {
    const dmask = modOf(N_DMASK);
    const pc = POPCOUNT4[dmask];
    const channels = p.channels !== 0 ? p.channels : pc !== 0 ? pc : 1;
    const d16 = modOf(K_D16) & (c & C_PACKED ? 1 : 0);
    const ok =
      (p.dmasks >> dmask) &
      1 &
      (dataDw === ((channels + d16) >> d16) + modOf(K_TFE) ? 1 : 0) &
      ((p.dataWidths >> dataDw) & 1) &
      (addrDw < 31 ? (p.addrWidths >> addrDw) & 1 : 0);
    if (ok === 0) return false;
  }
  if (c & C_FLAT_ADDR && addrDw !== p.addrBase + saddrOff) return false;
  if (c & C_VOP3P) {
    const ns = p.dataDw;
    const given = written(N_OP_SEL_HI) ? 1 : 0;
    let hi = given === 1 ? modOf(N_OP_SEL_HI) & ((1 << ns) - 1) : p.channels;
    hi |= ns === 2 && p.channels === 7 ? 4 : 0;
    words[0] |= (hi & 4) << 12;
    words[1] |= (hi & 3) << 27;
  }
  if (c & C_MFMA) {
    // LLVM checks the overlap only for accumulators wider than 128 bits (every comparison made each time).
    const acc = p.dataDw;
    const d = opIndex[0];
    const c2 = opIndex[3];
    const overlap = (acc > 4 ? 1 : 0) & (c2 !== d ? 1 : 0) & (c2 < d + acc ? 1 : 0) & (d < c2 + acc ? 1 : 0);
    if (overlap !== 0) return false;
    words[1] |= ((opFile[1] === F_A ? 1 : 0) | (opFile[2] === F_A ? 2 : 0)) << 27;
  }
  if (c & C_SOE && written(N_OFFSET)) {
    // The SGPR moves to soffset; offset (the table put it there), imm and soe take the immediate
    // (scalar-smem.ts).
    if (soffsetReg < 0) return false;
    putField(p.soffset as Field, soffsetReg);
    putField(p.soe as Field, 1);
    putField(p.imm as Field, 1);
  }
  return true;
}
