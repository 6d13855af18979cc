// Operand profiles of the VOP1/VOP2/VOPC ops: what each op writes and reads, with the types that decide
// how LLVM prints inline constants and literals. Shared by the 32-bit encodings (e32/SDWA/DPP) and by
// VOP3, which encodes the same ops in 64 bits (e64).
//
// Types come from the op name (v_cvt_f64_i32: dst f64, src i32; v_cmp_lt_f16: sources f16; v_add_u16:
// all i16), with the exceptions listed in OVERRIDES. Both were checked against llvm-objdump-22, which
// prints an inline float constant as hex f16 bits for a 16-bit integer operand and 1/(2*pi) with 17
// digits for a 64-bit operand.

// Opcodes: gfx9 from the Vega document's tables (generated/doc-opcodes.ts), gfx6/gfx7/gfx8 from LLVM
// (generated/vop-opcodes.ts, scripts/gen-vop-opcodes.ts). One row per op; its opcode per generation is the
// only place the number lives, and the VOP3 (e64) opcode is the generation's VOP3_BASE plus it.

import type { OperandType } from '../codec/operands.js';
import { DOC_OPCODES } from './generated/doc-opcodes.js';
import { VOP_GEN_OPCODES } from './generated/vop-opcodes.js';
import { byOpcode, type GenOpcodes, type OpRow, opcodeOn } from './ops.js';
import { type Feature, findProcessor, type Generation, type Processor } from './processors.js';

export type VopEncoding = 'VOP1' | 'VOP2' | 'VOPC';

/**
 * Where the result goes: a VGPR (of type `dst`), an SGPR (v_readfirstlane_b32), a lane mask (VOPC: vcc
 * in e32, an SGPR pair in e64), or nowhere (v_nop, v_clrexcp).
 */
export type VopDstKind = 'vgpr' | 'sgpr' | 'mask' | 'none';

/** Writes a carry/borrow lane mask besides the VGPR: vcc in e32, an SGPR-pair sdst in e64. */
export const VF_CARRY_OUT = 1;
/** Reads a lane mask as last source: vcc in e32, an SGPR-pair src2 in e64 (carry-in, v_cndmask select). */
export const VF_MASK_IN = 2;
/** A literal constant K sits between src0 and src1 (v_madmk_*): `dst, src0, K, src1`. */
export const VF_MADMK = 4;
/** A literal constant K follows src1 (v_madak_*): `dst, src0, src1, K`. */
export const VF_MADAK = 8;
/** The destination is also read as an accumulator (v_mac_*, v_fmac_*, v_dot*c_*); e64 prints no src2. */
export const VF_TIED = 16;
/** VOPC v_cmpx_*: writes EXEC as well as the lane mask. */
export const VF_CMPX = 32;
/** v_swap_b32: src0 is a VGPR that is written too; only the e32 encoding exists. */
export const VF_SWAP = 64;
/** Only the 32-bit encoding exists (no e64): v_madmk_*, v_madak_*, v_swap_b32. */
export const VF_NO_E64 = 128;
/** gfx6/gfx7 VOP2 v_readlane_b32/v_writelane_b32: src1 (the lane select) is an SGPR or constant code. */
export const VF_LANE = 256;

/**
 * v_movrels_b32 and v_movrelsd_b32 read their source through M0's index: LLVM types src0 a VGPR
 * (VGPR_32), in e32 and e64 alike (llvm-mc-22 -mcpu=gfx803: "invalid operand for instruction" at the source).
 */
export const VGPR_SRC0_OPS: ReadonlySet<string> = new Set(['v_movrels_b32', 'v_movrelsd_b32']);
/**
 * v_movreld_b32 writes through M0's index: M0 is an implicit read on the constant bus, so its source may
 * be M0, a VGPR or an inline constant, not another SGPR nor a literal (llvm-mc-22 -mcpu=gfx803: "invalid
 * operand (violates constant bus restrictions)").
 */
export const M0_INDEX_DST_OP = 'v_movreld_b32';

export interface VopProfile extends OpRow {
  /**
   * LLVM's lowercase name without the _e32/_e64/_sdwa/_dpp suffix, as gfx9 spells it: the emulator's
   * semantics are keyed by it. `opcodes` are the 32-bit encoding's (see VOP3_BASE for e64).
   */
  readonly name: string;
  /** LLVM's spelling on generations that name the op differently (gfx8 v_add_u32 is v_add_co_u32). */
  readonly names: Readonly<Partial<Record<Generation, string>>>;
  readonly encoding: VopEncoding;
  readonly dstKind: VopDstKind;
  /** Type of the result register (for 'mask' the 64-bit lane mask, for 'none' null). */
  readonly dst: OperandType | null;
  /** Types of the sources in order (src0, src1); excludes the lane-mask input and madmk/madak's K. */
  readonly src: readonly OperandType[];
  /** VF_* bits. */
  readonly flags: number;
  /** Type madmk/madak's literal K prints as (null for other ops). */
  readonly k: OperandType | null;
}

/**
 * Ops LLVM has in these encodings that the Vega document's tables lack. Names from the MI100 document's
 * table of new VOP2 opcodes (and the gfx906 deep-learning ops); opcodes and targets from llvm-mc-22,
 * which accepts each only on the targets given.
 */
// gfx908's ops are keyed by 'mai-insts', the feature only gfx908 has among these processors (LLVM gates
// them by dot*-insts features the processor records do not list).
const ADDITIONS: readonly (readonly [VopEncoding, number, string, Feature])[] = [
  ['VOP2', 55, 'v_dot2c_f32_f16', 'mai-insts'],
  ['VOP2', 56, 'v_dot2c_i32_i16', 'mai-insts'],
  ['VOP2', 57, 'v_dot4c_i32_i8', 'mai-insts'],
  ['VOP2', 58, 'v_dot8c_i32_i4', 'mai-insts'],
  ['VOP2', 59, 'v_fmac_f32', 'dl-insts'],
  ['VOP2', 60, 'v_pk_fmac_f16', 'mai-insts'],
  ['VOP2', 61, 'v_xnor_b32', 'dl-insts'],
];

/**
 * Older generations' spellings of gfx9 ops (LLVM's per-subtarget mnemonics): the carry-out add/sub are
 * v_add_i32... on gfx6/gfx7 and v_add_u32... on gfx8 (where v_add_u32 is not gfx9's carry-less add).
 */
const RENAMES: Readonly<Partial<Record<Generation, Readonly<Record<string, string>>>>> = (() => {
  const carry8: Record<string, string> = {
    v_add_u32: 'v_add_co_u32',
    v_sub_u32: 'v_sub_co_u32',
    v_subrev_u32: 'v_subrev_co_u32',
    v_addc_u32: 'v_addc_co_u32',
    v_subb_u32: 'v_subb_co_u32',
    v_subbrev_u32: 'v_subbrev_co_u32',
  };
  const carry6: Record<string, string> = {
    v_add_i32: 'v_add_co_u32',
    v_sub_i32: 'v_sub_co_u32',
    v_subrev_i32: 'v_subrev_co_u32',
    v_addc_u32: 'v_addc_co_u32',
    v_subb_u32: 'v_subb_co_u32',
    v_subbrev_u32: 'v_subbrev_co_u32',
  };
  return { gfx6: carry6, gfx7: carry6, gfx8: carry8 };
})();

interface Shape {
  dstKind?: VopDstKind;
  dst?: OperandType | null;
  src?: OperandType[];
  flags?: number;
  k?: OperandType;
}

/** Ops whose operands the name pattern does not give (or gives wrongly); the reason follows each group. */
const OVERRIDES: Record<string, Shape> = {
  // No operands at all.
  v_nop: { dstKind: 'none', dst: null, src: [] },
  v_clrexcp: { dstKind: 'none', dst: null, src: [] },
  // The result goes to an SGPR.
  v_readfirstlane_b32: { dstKind: 'sgpr', dst: 'b32', src: ['b32'] },
  v_swap_b32: { src: ['b32'], flags: VF_SWAP | VF_NO_E64 },
  // Sources that are raw integers although the name ends in a float type.
  // gfx6/gfx7 VOP2 forms of ops that are VOP3-only from gfx8.
  v_readlane_b32: { dstKind: 'sgpr', dst: 'b32', src: ['b32', 'b32'], flags: VF_LANE },
  v_writelane_b32: { src: ['b32', 'b32'], flags: VF_LANE },
  v_ldexp_f32: { src: ['f32', 'i32'] },
  v_cvt_pkaccum_u8_f32: { dst: 'b32', src: ['f32', 'i32'] },
  v_cvt_pknorm_i16_f32: { dst: 'b32', src: ['f32', 'f32'] },
  v_cvt_pknorm_u16_f32: { dst: 'b32', src: ['f32', 'f32'] },
  v_cvt_pkrtz_f16_f32: { dst: 'b32', src: ['f32', 'f32'] },
  v_cvt_pk_u16_u32: { dst: 'b32', src: ['i32', 'i32'] },
  v_cvt_pk_i16_i32: { dst: 'b32', src: ['i32', 'i32'] },
  v_mac_legacy_f32: { flags: VF_TIED },
  v_cvt_f32_ubyte0: { dst: 'f32', src: ['i32'] },
  v_cvt_f32_ubyte1: { dst: 'f32', src: ['i32'] },
  v_cvt_f32_ubyte2: { dst: 'f32', src: ['i32'] },
  v_cvt_f32_ubyte3: { dst: 'f32', src: ['i32'] },
  v_cvt_off_f32_i4: { dst: 'f32', src: ['i32'] },
  v_cvt_rpi_i32_f32: { dst: 'i32', src: ['f32'] },
  v_cvt_flr_i32_f32: { dst: 'i32', src: ['f32'] },
  v_cvt_norm_i16_f16: { dst: 'i16', src: ['f16'] },
  v_cvt_norm_u16_f16: { dst: 'i16', src: ['f16'] },
  v_sat_pk_u8_i16: { dst: 'i16', src: ['i32'] },
  v_frexp_exp_i32_f64: { dst: 'i32', src: ['f64'] },
  v_frexp_exp_i32_f32: { dst: 'i32', src: ['f32'] },
  v_frexp_exp_i16_f16: { dst: 'i16', src: ['f16'] },
  v_cmp_class_f32: { src: ['f32', 'i32'] },
  v_cmpx_class_f32: { src: ['f32', 'i32'] },
  v_cmp_class_f64: { src: ['f64', 'i32'] },
  v_cmpx_class_f64: { src: ['f64', 'i32'] },
  v_cmp_class_f16: { src: ['f16', 'i32'] },
  v_cmpx_class_f16: { src: ['f16', 'i32'] },
  v_ldexp_f16: { src: ['f16', 'i32'] },
  // Lane-mask inputs and carry outputs.
  v_cndmask_b32: { flags: VF_MASK_IN },
  v_add_co_u32: { flags: VF_CARRY_OUT },
  v_sub_co_u32: { flags: VF_CARRY_OUT },
  v_subrev_co_u32: { flags: VF_CARRY_OUT },
  v_addc_co_u32: { flags: VF_CARRY_OUT | VF_MASK_IN },
  v_subb_co_u32: { flags: VF_CARRY_OUT | VF_MASK_IN },
  v_subbrev_co_u32: { flags: VF_CARRY_OUT | VF_MASK_IN },
  // Accumulators and inline literal K.
  v_mac_f32: { flags: VF_TIED },
  v_mac_f16: { flags: VF_TIED },
  v_fmac_f32: { flags: VF_TIED },
  // LLVM prints K as the whole literal dword in hex, whatever the op's type.
  v_madmk_f32: { flags: VF_MADMK | VF_NO_E64, k: 'b32' },
  v_madak_f32: { flags: VF_MADAK | VF_NO_E64, k: 'b32' },
  v_madmk_f16: { flags: VF_MADMK | VF_NO_E64, k: 'b32' },
  v_madak_f16: { flags: VF_MADAK | VF_NO_E64, k: 'b32' },
  v_pk_fmac_f16: { dst: 'v2f16', src: ['v2f16', 'v2f16'], flags: VF_TIED },
  v_dot2c_f32_f16: { dst: 'f32', src: ['v2f16', 'v2f16'], flags: VF_TIED },
  v_dot2c_i32_i16: { dst: 'i32', src: ['v2i16', 'v2i16'], flags: VF_TIED },
  v_dot4c_i32_i8: { dst: 'i32', src: ['i32', 'i32'], flags: VF_TIED },
  v_dot8c_i32_i4: { dst: 'i32', src: ['i32', 'i32'], flags: VF_TIED },
};

const TYPE_SUFFIX: Record<string, OperandType> = {
  f16: 'f16',
  f32: 'f32',
  f64: 'f64',
  i16: 'i16',
  u16: 'i16',
  b16: 'i16',
  i32: 'i32',
  u32: 'i32',
  b32: 'b32',
  i64: 'i64',
  u64: 'i64',
  i24: 'i32',
  u24: 'i32',
};

function typeOf(s: string): OperandType | undefined {
  return TYPE_SUFFIX[s];
}

function build(encoding: VopEncoding, opcodes: GenOpcodes, name: string, requires?: Feature): VopProfile {
  const parts = name.split('_');
  const last = typeOf(parts[parts.length - 1]) ?? 'b32';
  let dstKind: VopDstKind = encoding === 'VOPC' ? 'mask' : 'vgpr';
  let dst: OperandType | null = encoding === 'VOPC' ? 'b64' : last;
  let src: OperandType[];
  if (encoding === 'VOPC') src = [last, last];
  else if (encoding === 'VOP2') src = [last, last];
  else if (parts[1] === 'cvt' && parts.length === 4 && typeOf(parts[2]) && typeOf(parts[3])) {
    dst = typeOf(parts[2])!;
    src = [last];
  } else src = [last];
  let flags = encoding === 'VOPC' && (parts[1] === 'cmpx' || parts[1] === 'cmpsx') ? VF_CMPX : 0;
  let k: OperandType | null = null;
  const o = OVERRIDES[name];
  if (o) {
    if (o.dstKind !== undefined) dstKind = o.dstKind;
    if (o.dst !== undefined) dst = o.dst;
    if (o.src !== undefined) src = o.src;
    if (o.flags !== undefined) flags |= o.flags;
    if (o.k !== undefined) k = o.k;
  }
  return { name, names: {}, opcodes, requires, encoding, dstKind, dst, src, flags, k };
}

const DOC_TABLE: Record<VopEncoding, string> = { VOP1: 'vop1', VOP2: 'vop2', VOPC: 'vopc' };
const GEN_TABLE: Record<VopEncoding, 'vop1' | 'vop2' | 'vopc'> = { VOP1: 'vop1', VOP2: 'vop2', VOPC: 'vopc' };

/** Every VOP1/VOP2/VOPC op of every generation: gfx9's document rows first, then ops older ones add. */
export const VOP_PROFILES: readonly VopProfile[] = (() => {
  const list: VopProfile[] = [];
  const byKey = new Map<string, VopProfile>();
  const add = (enc: VopEncoding, gen: Generation, op: number, name: string, requires?: Feature): void => {
    const key = enc + ':' + name;
    const row = byKey.get(key);
    if (row === undefined) {
      const r = build(enc, { [gen]: op }, name, requires);
      list.push(r);
      byKey.set(key, r);
    } else (row.opcodes as Record<Generation, number>)[gen] = op;
  };
  for (const enc of ['VOP1', 'VOP2', 'VOPC'] as const) {
    for (const [op, name] of DOC_OPCODES[DOC_TABLE[enc]]) add(enc, 'gfx9', op, name);
  }
  for (const [enc, op, name, f] of ADDITIONS) add(enc, 'gfx9', op, name, f);
  for (const gen of ['gfx8', 'gfx7', 'gfx6'] as const) {
    for (const enc of ['VOP1', 'VOP2', 'VOPC'] as const) {
      for (const [op, llvm] of VOP_GEN_OPCODES[gen][GEN_TABLE[enc]]) {
        const name = RENAMES[gen]?.[llvm] ?? llvm;
        add(enc, gen, op, name);
        if (name !== llvm) (byKey.get(enc + ':' + name)!.names as Record<Generation, string>)[gen] = llvm;
      }
    }
  }
  return list;
})();

/** LLVM's spelling of the op on a generation. */
export function vopName(p: VopProfile, g: Generation): string {
  return p.names[g] ?? p.name;
}

const ROWS_OF: Record<VopEncoding, VopProfile[]> = { VOP1: [], VOP2: [], VOPC: [] };
for (const p of VOP_PROFILES) ROWS_OF[p.encoding].push(p);

const BY_OPCODE = new Map<string, readonly (VopProfile | null)[]>();

/** The processor's profiles of an encoding, indexed by 32-bit-encoding opcode (0-255). */
export function vopByOpcode(proc: Processor, enc: VopEncoding): readonly (VopProfile | null)[] {
  const key = proc.name + enc;
  let t = BY_OPCODE.get(key);
  if (t === undefined) {
    t = byOpcode(ROWS_OF[enc], proc, 256);
    BY_OPCODE.set(key, t);
  }
  return t;
}

/** The processor record of a target name (every target has one). */
export function processorOf(t: string): Processor {
  const p = findProcessor(t);
  if (p === undefined) throw new Error(`internal: no processor record for ${t}`);
  return p;
}

/**
 * Base of each encoding's ops in the VOP3 opcode space, per generation (the ISA documents' "VOP3 opcode"
 * columns; CLRX GcnInstrsVop1.md: VOP1 at 384 on GCN 1.0/1.1, 320 from GCN 1.2).
 */
export const VOP3_BASE: Record<Generation, Record<VopEncoding, number>> = {
  gfx6: { VOPC: 0, VOP2: 256, VOP1: 384 },
  gfx7: { VOPC: 0, VOP2: 256, VOP1: 384 },
  gfx8: { VOPC: 0, VOP2: 256, VOP1: 320 },
  gfx9: { VOPC: 0, VOP2: 256, VOP1: 320 },
};

/** The VOP3 (e64) opcode of the op on the processor, or undefined when it has no e64 form there. */
export function vop3Opcode(p: VopProfile, proc: Processor): number | undefined {
  if (p.flags & VF_NO_E64) return undefined;
  const op = opcodeOn(p, proc);
  return op === undefined ? undefined : VOP3_BASE[proc.generation][p.encoding] + op;
}

/** Whether a type is a floating-point one (its operands take abs/neg modifiers). */
export function isFloatType(t: OperandType): boolean {
  return t === 'f16' || t === 'f32' || t === 'f64' || t === 'v2f16';
}
