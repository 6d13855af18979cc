// Operand shapes of the VOP3-only ops of gfx9 (the VOP3A/VOP3B tables of the Vega document, opcodes 448 and
// up) plus the VOP3 forms of the VINTRP ops. The VOP3 forms of VOP1/VOP2/VOPC ops come from vop-profile.ts.
//
// Which sources take abs/neg, and whether clamp, omod and op_sel exist, were checked for every op against
// llvm-objdump-22 (it rejects an encoding that sets a modifier bit the op does not have, except op_sel,
// which it ignores where the op has none).
//
// Opcodes per generation: gfx9 from the Vega document, gfx6/gfx7/gfx8 from LLVM (generated/vop-opcodes.ts).
import type { OperandType } from '../codec/operands.js';
import { DOC_OPCODES } from './generated/doc-opcodes.js';
import { VOP_GEN_OPCODES } from './generated/vop-opcodes.js';
import type { GenOpcodes, OpRow } from './ops.js';
import type { Generation } from './processors.js';

/** Decoding shape beyond the plain `vdst, src0, src1[, src2]` form. */
export type Vop3Shape =
  | 'plain'
  /** VOP3B: an SGPR-pair carry/status output (sdst, bits 14:8) after vdst. */
  | 'sdst'
  /** v_readlane_b32: the result is an SGPR; src0 a VGPR, src1 the lane select (SGPR or constant). */
  | 'readlane'
  /** v_writelane_b32: the result is a VGPR lane; src0 the value and src1 the lane select (SGPR or constant). */
  | 'writelane'
  /** v_interp_*_f32 in VOP3: src0 holds attr/channel, src1 the i/j VGPR (p10/p20/p0 for mov). */
  | 'interp'
  /** v_interp_*_f16: as 'interp', bit 8 of src0 selects the high half; p1lv/p2 read a VGPR src2. */
  | 'interp16';

/**
 * An operand type, or 'v128': four VGPRs, a VGPR-only register class (v_mqsad_u32_u8's result and src2;
 * llvm-objdump-22 prints other codes there with an invalid-operand comment).
 */
export type Vop3Type = OperandType | 'v128';

export interface Vop3OpShape extends OpRow {
  readonly name: string;
  /** VOP3 opcode per generation. */
  readonly opcodes: GenOpcodes;
  readonly shape: Vop3Shape;
  readonly dst: Vop3Type;
  readonly src: readonly Vop3Type[];
  /** Bit k: source k takes the abs/neg input modifiers. */
  readonly mods: number;
  readonly clamp: boolean;
  readonly omod: boolean;
  /** op_sel:[...] entries printed (sources then dst; 0 when the op has no op_sel). */
  readonly opSel: number;
}

/** Flags column: c = clamp, o = omod, s = op_sel. */
type Row = readonly [
  name: string,
  dst: Vop3Type,
  src: string,
  mods: number,
  flags: string,
  shape?: Vop3Shape,
];

// Types: the printed form of an inline constant depends on them (i16 prints f16 bit patterns in hex,
// 64-bit types print 1/(2*pi) with 17 digits) and the register width on the dword count.
const ROWS: readonly Row[] = [
  ['v_mad_legacy_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_mad_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_mad_i32_i24', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_mad_u32_u24', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_cubeid_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_cubesc_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_cubetc_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_cubema_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_bfe_u32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_bfe_i32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_bfi_b32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_fma_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_fma_f64', 'f64', 'f64 f64 f64', 0b111, 'co'],
  ['v_lerp_u8', 'b32', 'b32 b32 b32', 0, ''],
  ['v_alignbit_b32', 'b32', 'b32 b32 b32', 0, 'cs'],
  ['v_alignbyte_b32', 'b32', 'b32 b32 b32', 0, 'cs'],
  ['v_min3_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_min3_i32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_min3_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_max3_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_max3_i32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_max3_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_med3_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_med3_i32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_med3_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_sad_u8', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_sad_hi_u8', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_sad_u16', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_sad_u32', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_cvt_pk_u8_f32', 'b32', 'f32 i32 i32', 0b111, 'c'],
  ['v_div_fixup_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_div_fixup_f64', 'f64', 'f64 f64 f64', 0b111, 'co'],
  ['v_div_scale_f32', 'f32', 'f32 f32 f32', 0b111, 'co', 'sdst'],
  ['v_div_scale_f64', 'f64', 'f64 f64 f64', 0b111, 'co', 'sdst'],
  ['v_div_fmas_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_div_fmas_f64', 'f64', 'f64 f64 f64', 0b111, 'co'],
  ['v_msad_u8', 'i32', 'i32 i32 i32', 0, 'c'],
  ['v_qsad_pk_u16_u8', 'b64', 'b64 b32 b64', 0, 'c'],
  ['v_mqsad_pk_u16_u8', 'b64', 'b64 b32 b64', 0, 'c'],
  ['v_mqsad_u32_u8', 'v128', 'b64 b32 v128', 0, 'c'],
  ['v_mad_u64_u32', 'i64', 'i32 i32 i64', 0, 'c', 'sdst'],
  ['v_mad_i64_i32', 'i64', 'i32 i32 i64', 0, 'c', 'sdst'],
  ['v_mad_legacy_f16', 'f16', 'f16 f16 f16', 0b111, 'co'],
  ['v_mad_legacy_u16', 'i16', 'i16 i16 i16', 0, 'c'],
  ['v_mad_legacy_i16', 'i16', 'i16 i16 i16', 0, 'c'],
  ['v_perm_b32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_fma_legacy_f16', 'f16', 'f16 f16 f16', 0b111, 'co'],
  ['v_div_fixup_legacy_f16', 'f16', 'f16 f16 f16', 0b111, 'co'],
  ['v_cvt_pkaccum_u8_f32', 'b32', 'f32 i32', 0b11, 'c'],
  ['v_mad_u32_u16', 'i32', 'i16 i16 i32', 0, 'cs'],
  ['v_mad_i32_i16', 'i32', 'i16 i16 i32', 0, 'cs'],
  ['v_xad_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_min3_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_min3_i16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_min3_u16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_max3_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_max3_i16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_max3_u16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_med3_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_med3_i16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_med3_u16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_lshl_add_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_add_lshl_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_add3_u32', 'i32', 'i32 i32 i32', 0, ''],
  ['v_lshl_or_b32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_and_or_b32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_or3_b32', 'b32', 'b32 b32 b32', 0, ''],
  ['v_mad_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_mad_u16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_mad_i16', 'i16', 'i16 i16 i16', 0, 'cs'],
  ['v_fma_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_div_fixup_f16', 'f16', 'f16 f16 f16', 0b111, 'cos'],
  ['v_interp_p1ll_f16', 'f32', 'b32 f32', 0b10, 'co', 'interp16'],
  ['v_interp_p1lv_f16', 'f32', 'b32 f32 f16', 0b110, 'co', 'interp16'],
  ['v_interp_p2_legacy_f16', 'f16', 'b32 f32 f32', 0b110, 'c', 'interp16'],
  ['v_interp_p2_f16', 'f16', 'b32 f32 f32', 0b110, 'cs', 'interp16'],
  ['v_add_f64', 'f64', 'f64 f64', 0b11, 'co'],
  ['v_mul_f64', 'f64', 'f64 f64', 0b11, 'co'],
  ['v_min_f64', 'f64', 'f64 f64', 0b11, 'co'],
  ['v_max_f64', 'f64', 'f64 f64', 0b11, 'co'],
  ['v_ldexp_f64', 'f64', 'f64 i32', 0b11, 'co'],
  ['v_mul_lo_u32', 'i32', 'i32 i32', 0, ''],
  ['v_mul_hi_u32', 'i32', 'i32 i32', 0, ''],
  ['v_mul_hi_i32', 'i32', 'i32 i32', 0, ''],
  ['v_ldexp_f32', 'f32', 'f32 i32', 0b11, 'co'],
  ['v_readlane_b32', 'b32', 'b32 b32', 0, '', 'readlane'],
  ['v_writelane_b32', 'b32', 'b32 b32', 0, '', 'writelane'],
  ['v_bcnt_u32_b32', 'b32', 'b32 b32', 0, ''],
  ['v_mbcnt_lo_u32_b32', 'b32', 'b32 b32', 0, ''],
  ['v_mbcnt_hi_u32_b32', 'b32', 'b32 b32', 0, ''],
  ['v_lshlrev_b64', 'b64', 'b32 b64', 0, ''],
  ['v_lshrrev_b64', 'b64', 'b32 b64', 0, ''],
  ['v_ashrrev_i64', 'i64', 'b32 i64', 0, ''],
  ['v_trig_preop_f64', 'f64', 'f64 i32', 0b11, 'co'],
  ['v_bfm_b32', 'b32', 'b32 b32', 0, ''],
  ['v_cvt_pknorm_i16_f32', 'b32', 'f32 f32', 0b11, 'c'],
  ['v_cvt_pknorm_u16_f32', 'b32', 'f32 f32', 0b11, 'c'],
  ['v_cvt_pkrtz_f16_f32', 'b32', 'f32 f32', 0b11, 'co'],
  ['v_cvt_pk_u16_u32', 'b32', 'i32 i32', 0, ''],
  ['v_cvt_pk_i16_i32', 'b32', 'i32 i32', 0, ''],
  ['v_cvt_pknorm_i16_f16', 'b32', 'f16 f16', 0b11, 'cs'],
  ['v_cvt_pknorm_u16_f16', 'b32', 'f16 f16', 0b11, 'cs'],
  ['v_add_i32', 'i32', 'i32 i32', 0, 'c'],
  ['v_sub_i32', 'i32', 'i32 i32', 0, 'c'],
  ['v_add_i16', 'i16', 'i16 i16', 0, 'cs'],
  ['v_sub_i16', 'i16', 'i16 i16', 0, 'cs'],
  ['v_pack_b32_f16', 'b32', 'f16 f16', 0b11, 'cs'],
  // gfx6/gfx7 only (CLRX GcnInstrsVop3.md; operand types as llvm-mc-22 -mcpu=gfx600 takes them).
  ['v_mullit_f32', 'f32', 'f32 f32 f32', 0b111, 'co'],
  ['v_lshl_b64', 'b64', 'b64 b32', 0, ''],
  ['v_lshr_b64', 'b64', 'b64 b32', 0, ''],
  ['v_ashr_i64', 'i64', 'i64 b32', 0, ''],
  ['v_mul_lo_i32', 'i32', 'i32 i32', 0, ''],
];

/**
 * The VOP3 forms of the VINTRP ops (LLVM's v_interp_*_f32_e64). The Vega document lists them only in
 * the VINTRP encoding; in VOP3 they sit at this base plus the VINTRP opcode (LLVM, checked with llvm-mc-22).
 */
export const VINTRP_VOP3_BASE = 624;
const VINTRP_ROWS: readonly (readonly [vintrpOp: number, name: string])[] = [
  [0, 'v_interp_p1_f32'],
  [1, 'v_interp_p2_f32'],
  [2, 'v_interp_mov_f32'],
];

const DOC = new Map<string, number>(
  [...DOC_OPCODES.vop3a, ...DOC_OPCODES.vop3b].map(([op, name]) => [name, op]),
);

/** name -> VOP3 opcode of each older generation (LLVM's numbers). */
const GEN: Record<'gfx6' | 'gfx7' | 'gfx8', Map<string, number>> = {
  gfx6: new Map(VOP_GEN_OPCODES.gfx6.vop3.map(([op, n]) => [n, op])),
  gfx7: new Map(VOP_GEN_OPCODES.gfx7.vop3.map(([op, n]) => [n, op])),
  gfx8: new Map(VOP_GEN_OPCODES.gfx8.vop3.map(([op, n]) => [n, op])),
};

function opcodesOf(name: string, gfx9: number | undefined): GenOpcodes {
  const o: Partial<Record<Generation, number>> = {};
  for (const g of ['gfx6', 'gfx7', 'gfx8'] as const) {
    const op = GEN[g].get(name);
    if (op !== undefined) o[g] = op;
  }
  if (gfx9 !== undefined) o.gfx9 = gfx9;
  return o;
}

function shapeOf(r: Row, opcodes: GenOpcodes): Vop3OpShape {
  const [name, dst, src, mods, flags, shape] = r;
  const srcs = src.split(' ') as Vop3Type[];
  return {
    name,
    opcodes,
    shape: shape ?? 'plain',
    dst,
    src: srcs,
    mods,
    clamp: flags.includes('c'),
    omod: flags.includes('o'),
    opSel: flags.includes('s') ? srcs.length + 1 : 0,
  };
}

/** Every VOP3-only op of every generation. */
export const VOP3_ONLY_OPS: readonly Vop3OpShape[] = (() => {
  const list: Vop3OpShape[] = [];
  const known = new Set<string>();
  for (const r of ROWS) {
    const ops = opcodesOf(r[0], DOC.get(r[0]));
    if (Object.keys(ops).length === 0) throw new Error(`vop3: ${r[0]} has no opcode on any generation`);
    list.push(shapeOf(r, ops));
    known.add(r[0]);
  }
  for (const [vop, name] of VINTRP_ROWS) {
    const mov = name === 'v_interp_mov_f32';
    known.add(name);
    list.push({
      name,
      opcodes: opcodesOf(name, VINTRP_VOP3_BASE + vop),
      shape: 'interp',
      dst: 'f32',
      src: ['b32', 'f32'],
      mods: mov ? 0 : 0b10,
      clamp: true,
      omod: true,
      opSel: 0,
    });
  }
  for (const g of ['gfx6', 'gfx7', 'gfx8'] as const)
    for (const n of GEN[g].keys()) if (!known.has(n)) throw new Error(`vop3: no operand shape for ${g} ${n}`);
  return list;
})();
