// The scalar ALU ops (SOP1, SOP2, SOPC, SOPK, SOPP): one row per op with its operand profile and its
// opcode in each generation. The codec's decoder and printer, the assembler, the emulator's decoder and
// `gcnkit isa` all read these rows; an opcode number is written here and nowhere else.
// Names and profiles: LLVM's SOPInstructions.td (op + profile + per-generation real encodings).
// Opcodes: CLRX GcnInstrsSop1/Sop2/Sopc/Sopk/Sopp.md (GCN 1.0/1.1 = gfx6/7, 1.2 = gfx8, 1.4 = gfx9)
// and the Vega document's tables for gfx9 (test/isa-scalar-ops.test.ts checks them against DOC_OPCODES),
// checked against llvm-mc-22 / llvm-objdump-22 (test/fixtures/gens).
import type { GenOpcodes, OpRow } from '../ops.js';

/**
 * How a SOP1/SOP2/SOPC slot takes its operand (LLVM's operand classes). The low two bits are the width
 * in dwords (0 = no operand); REG_ONLY and NO_LITERAL are flags.
 */
export const K_NONE = 0;
/** SReg_32 destination, SSrc_b32 source. */
export const K_B32 = 1;
/** SReg_64 destination, SSrc_b64 source. */
export const K_B64 = 2;
/** Added to a source kind that LLVM types as registers only (SReg_32 / SReg_64 sources). */
export const REG_ONLY = 4;
export const K_R32 = K_B32 | REG_ONLY;
export const K_R64 = K_B64 | REG_ONLY;
/** SCSrc_b64: a 64-bit source without a literal form. */
export const NO_LITERAL = 8;
export const K_C64 = K_B64 | NO_LITERAL;
/** VGPR-index mode bits in the SSRC1 field (s_set_gpr_idx_on). */
export const K_GPR_IDX = 16;

export interface SopProfile {
  /** LLVM's profile name. */
  readonly name: string;
  /** Destination kind (SOPC has none). */
  readonly dst: number;
  readonly src0: number;
  readonly src1: number;
}

const prof = (name: string, dst: number, src0: number, src1 = K_NONE): SopProfile => ({
  name,
  dst,
  src0,
  src1,
});

export const SOP1_32 = prof('SOP1_32', K_B32, K_B32);
export const SOP1_64 = prof('SOP1_64', K_B64, K_B64);
export const SOP1_32_64 = prof('SOP1_32_64', K_B32, K_B64);
export const SOP1_64_32 = prof('SOP1_64_32', K_B64, K_B32);
export const SOP1_64_0 = prof('SOP1_64_0', K_B64, K_NONE);
export const SOP1_1 = prof('SOP1_1', K_NONE, K_R64);
export const SOP1_32R = prof('SOP1_32R', K_B32, K_R32);
export const SOP1_64R = prof('SOP1_64R', K_B64, K_R64);
export const SOP1_0_32R = prof('SOP1_0_32R', K_NONE, K_R32);
export const SOP1_0_32 = prof('SOP1_0_32', K_NONE, K_B32);

export const SOP2_32 = prof('SOP2_32', K_B32, K_B32, K_B32);
export const SOP2_64 = prof('SOP2_64', K_B64, K_B64, K_B64);
export const SOP2_64_32 = prof('SOP2_64_32', K_B64, K_B64, K_B32);
export const SOP2_64_32_32 = prof('SOP2_64_32_32', K_B64, K_B32, K_B32);
export const SOP2_0_C64 = prof('SOP2_0_C64', K_NONE, K_C64, K_C64);
export const SOP2_0_64_32 = prof('SOP2_0_64_32', K_NONE, K_B64, K_B32);

export const SOPC_32 = prof('SOPC_32', K_NONE, K_B32, K_B32);
export const SOPC_64_32 = prof('SOPC_64_32', K_NONE, K_B64, K_B32);
export const SOPC_64 = prof('SOPC_64', K_NONE, K_B64, K_B64);
export const SOPC_32_IDX = prof('SOPC_32_IDX', K_NONE, K_B32, K_GPR_IDX);

/** SOPK operand shapes. */
export enum Sopk {
  /** sdst, simm16 (-32768..65535): s_movk/s_cmovk/s_addk/s_mulk write SDST. */
  K32,
  /** sdst, simm16 compared into SCC (signed compares). */
  Scc,
  /** sdst, uimm16 compared into SCC (unsigned compares). */
  SccU,
  /** SGPR pair, branch target (s_call_b64, s_cbranch_i_fork). */
  Br64,
  /** sdst, hwreg(...). */
  GetReg,
  /** hwreg(...), sdst. */
  SetReg,
  /** hwreg(...), 32-bit literal. */
  SetRegImm32,
}

/** SOPP operand shapes (what the simm16 field means). */
export enum Sopp {
  /** No operand; a non-zero simm16 is not a valid encoding. */
  None,
  /** A plain 16-bit value. */
  Imm,
  /** PC-relative branch in dwords from the next instruction. */
  Branch,
  /** s_endpgm: an optional value. */
  Endpgm,
  Waitcnt,
  Sendmsg,
  GprIdx,
}

export interface SopRow extends OpRow {
  readonly profile: SopProfile;
}
export interface SopkRow extends OpRow {
  readonly kind: Sopk;
}
export interface SoppRow extends OpRow {
  readonly kind: Sopp;
}

/** Opcodes of an op that gfx6 and gfx7 share (si) and gfx8 and gfx9 share (vi). */
function si(siOp: number, viOp: number): GenOpcodes {
  return { gfx6: siOp, gfx7: siOp, gfx8: viOp, gfx9: viOp };
}

export const SOP1_OPS: readonly SopRow[] = [
  sop('s_mov_b32', SOP1_32, si(3, 0)),
  sop('s_mov_b64', SOP1_64, si(4, 1)),
  sop('s_cmov_b32', SOP1_32, si(5, 2)),
  sop('s_cmov_b64', SOP1_64, si(6, 3)),
  sop('s_not_b32', SOP1_32, si(7, 4)),
  sop('s_not_b64', SOP1_64, si(8, 5)),
  sop('s_wqm_b32', SOP1_32, si(9, 6)),
  sop('s_wqm_b64', SOP1_64, si(10, 7)),
  sop('s_brev_b32', SOP1_32, si(11, 8)),
  sop('s_brev_b64', SOP1_64, si(12, 9)),
  sop('s_bcnt0_i32_b32', SOP1_32, si(13, 10)),
  sop('s_bcnt0_i32_b64', SOP1_32_64, si(14, 11)),
  sop('s_bcnt1_i32_b32', SOP1_32, si(15, 12)),
  sop('s_bcnt1_i32_b64', SOP1_32_64, si(16, 13)),
  sop('s_ff0_i32_b32', SOP1_32, si(17, 14)),
  sop('s_ff0_i32_b64', SOP1_32_64, si(18, 15)),
  sop('s_ff1_i32_b32', SOP1_32, si(19, 16)),
  sop('s_ff1_i32_b64', SOP1_32_64, si(20, 17)),
  sop('s_flbit_i32_b32', SOP1_32, si(21, 18)),
  sop('s_flbit_i32_b64', SOP1_32_64, si(22, 19)),
  sop('s_flbit_i32', SOP1_32, si(23, 20)),
  sop('s_flbit_i32_i64', SOP1_32_64, si(24, 21)),
  sop('s_sext_i32_i8', SOP1_32, si(25, 22)),
  sop('s_sext_i32_i16', SOP1_32, si(26, 23)),
  sop('s_bitset0_b32', SOP1_32, si(27, 24)),
  sop('s_bitset0_b64', SOP1_64_32, si(28, 25)),
  sop('s_bitset1_b32', SOP1_32, si(29, 26)),
  sop('s_bitset1_b64', SOP1_64_32, si(30, 27)),
  sop('s_getpc_b64', SOP1_64_0, si(31, 28)),
  sop('s_setpc_b64', SOP1_1, si(32, 29)),
  sop('s_swappc_b64', SOP1_64, si(33, 30)),
  sop('s_rfe_b64', SOP1_1, si(34, 31)),
  sop('s_and_saveexec_b64', SOP1_64, si(36, 32)),
  sop('s_or_saveexec_b64', SOP1_64, si(37, 33)),
  sop('s_xor_saveexec_b64', SOP1_64, si(38, 34)),
  sop('s_andn2_saveexec_b64', SOP1_64, si(39, 35)),
  sop('s_orn2_saveexec_b64', SOP1_64, si(40, 36)),
  sop('s_nand_saveexec_b64', SOP1_64, si(41, 37)),
  sop('s_nor_saveexec_b64', SOP1_64, si(42, 38)),
  sop('s_xnor_saveexec_b64', SOP1_64, si(43, 39)),
  sop('s_quadmask_b32', SOP1_32, si(44, 40)),
  sop('s_quadmask_b64', SOP1_64, si(45, 41)),
  sop('s_movrels_b32', SOP1_32R, si(46, 42)),
  sop('s_movrels_b64', SOP1_64R, si(47, 43)),
  sop('s_movreld_b32', SOP1_32, si(48, 44)),
  sop('s_movreld_b64', SOP1_64, si(49, 45)),
  sop('s_cbranch_join', SOP1_0_32R, si(50, 46)),
  sop('s_abs_i32', SOP1_32, si(52, 48)),
  sop('s_set_gpr_idx_idx', SOP1_0_32, { gfx8: 50, gfx9: 50 }),
  sop('s_andn1_saveexec_b64', SOP1_64, { gfx9: 51 }),
  sop('s_orn1_saveexec_b64', SOP1_64, { gfx9: 52 }),
  sop('s_andn1_wrexec_b64', SOP1_64, { gfx9: 53 }),
  sop('s_andn2_wrexec_b64', SOP1_64, { gfx9: 54 }),
  sop('s_bitreplicate_b64_b32', SOP1_64_32, { gfx9: 55 }),
];

export const SOP2_OPS: readonly SopRow[] = [
  sop('s_add_u32', SOP2_32, si(0, 0)),
  sop('s_sub_u32', SOP2_32, si(1, 1)),
  sop('s_add_i32', SOP2_32, si(2, 2)),
  sop('s_sub_i32', SOP2_32, si(3, 3)),
  sop('s_addc_u32', SOP2_32, si(4, 4)),
  sop('s_subb_u32', SOP2_32, si(5, 5)),
  sop('s_min_i32', SOP2_32, si(6, 6)),
  sop('s_min_u32', SOP2_32, si(7, 7)),
  sop('s_max_i32', SOP2_32, si(8, 8)),
  sop('s_max_u32', SOP2_32, si(9, 9)),
  sop('s_cselect_b32', SOP2_32, si(10, 10)),
  sop('s_cselect_b64', SOP2_64, si(11, 11)),
  sop('s_and_b32', SOP2_32, si(14, 12)),
  sop('s_and_b64', SOP2_64, si(15, 13)),
  sop('s_or_b32', SOP2_32, si(16, 14)),
  sop('s_or_b64', SOP2_64, si(17, 15)),
  sop('s_xor_b32', SOP2_32, si(18, 16)),
  sop('s_xor_b64', SOP2_64, si(19, 17)),
  sop('s_andn2_b32', SOP2_32, si(20, 18)),
  sop('s_andn2_b64', SOP2_64, si(21, 19)),
  sop('s_orn2_b32', SOP2_32, si(22, 20)),
  sop('s_orn2_b64', SOP2_64, si(23, 21)),
  sop('s_nand_b32', SOP2_32, si(24, 22)),
  sop('s_nand_b64', SOP2_64, si(25, 23)),
  sop('s_nor_b32', SOP2_32, si(26, 24)),
  sop('s_nor_b64', SOP2_64, si(27, 25)),
  sop('s_xnor_b32', SOP2_32, si(28, 26)),
  sop('s_xnor_b64', SOP2_64, si(29, 27)),
  sop('s_lshl_b32', SOP2_32, si(30, 28)),
  sop('s_lshl_b64', SOP2_64_32, si(31, 29)),
  sop('s_lshr_b32', SOP2_32, si(32, 30)),
  sop('s_lshr_b64', SOP2_64_32, si(33, 31)),
  sop('s_ashr_i32', SOP2_32, si(34, 32)),
  sop('s_ashr_i64', SOP2_64_32, si(35, 33)),
  sop('s_bfm_b32', SOP2_32, si(36, 34)),
  sop('s_bfm_b64', SOP2_64_32_32, si(37, 35)),
  sop('s_mul_i32', SOP2_32, si(38, 36)),
  sop('s_bfe_u32', SOP2_32, si(39, 37)),
  sop('s_bfe_i32', SOP2_32, si(40, 38)),
  sop('s_bfe_u64', SOP2_64_32, si(41, 39)),
  sop('s_bfe_i64', SOP2_64_32, si(42, 40)),
  sop('s_cbranch_g_fork', SOP2_0_C64, si(43, 41)),
  sop('s_absdiff_i32', SOP2_32, si(44, 42)),
  sop('s_rfe_restore_b64', SOP2_0_64_32, { gfx8: 43, gfx9: 43 }),
  sop('s_mul_hi_u32', SOP2_32, { gfx9: 44 }),
  sop('s_mul_hi_i32', SOP2_32, { gfx9: 45 }),
  sop('s_lshl1_add_u32', SOP2_32, { gfx9: 46 }),
  sop('s_lshl2_add_u32', SOP2_32, { gfx9: 47 }),
  sop('s_lshl3_add_u32', SOP2_32, { gfx9: 48 }),
  sop('s_lshl4_add_u32', SOP2_32, { gfx9: 49 }),
  sop('s_pack_ll_b32_b16', SOP2_32, { gfx9: 50 }),
  sop('s_pack_lh_b32_b16', SOP2_32, { gfx9: 51 }),
  sop('s_pack_hh_b32_b16', SOP2_32, { gfx9: 52 }),
];

export const SOPC_OPS: readonly SopRow[] = [
  sop('s_cmp_eq_i32', SOPC_32, si(0, 0)),
  sop('s_cmp_lg_i32', SOPC_32, si(1, 1)),
  sop('s_cmp_gt_i32', SOPC_32, si(2, 2)),
  sop('s_cmp_ge_i32', SOPC_32, si(3, 3)),
  sop('s_cmp_lt_i32', SOPC_32, si(4, 4)),
  sop('s_cmp_le_i32', SOPC_32, si(5, 5)),
  sop('s_cmp_eq_u32', SOPC_32, si(6, 6)),
  sop('s_cmp_lg_u32', SOPC_32, si(7, 7)),
  sop('s_cmp_gt_u32', SOPC_32, si(8, 8)),
  sop('s_cmp_ge_u32', SOPC_32, si(9, 9)),
  sop('s_cmp_lt_u32', SOPC_32, si(10, 10)),
  sop('s_cmp_le_u32', SOPC_32, si(11, 11)),
  sop('s_bitcmp0_b32', SOPC_32, si(12, 12)),
  sop('s_bitcmp1_b32', SOPC_32, si(13, 13)),
  sop('s_bitcmp0_b64', SOPC_64_32, si(14, 14)),
  sop('s_bitcmp1_b64', SOPC_64_32, si(15, 15)),
  sop('s_setvskip', SOPC_32, si(16, 16)),
  sop('s_set_gpr_idx_on', SOPC_32_IDX, { gfx8: 17, gfx9: 17 }),
  sop('s_cmp_eq_u64', SOPC_64, { gfx8: 18, gfx9: 18 }),
  sop('s_cmp_lg_u64', SOPC_64, { gfx8: 19, gfx9: 19 }),
];

export const SOPK_OPS: readonly SopkRow[] = [
  sopk('s_movk_i32', Sopk.K32, si(0, 0)),
  sopk('s_cmovk_i32', Sopk.K32, si(2, 1)),
  sopk('s_cmpk_eq_i32', Sopk.Scc, si(3, 2)),
  sopk('s_cmpk_lg_i32', Sopk.Scc, si(4, 3)),
  sopk('s_cmpk_gt_i32', Sopk.Scc, si(5, 4)),
  sopk('s_cmpk_ge_i32', Sopk.Scc, si(6, 5)),
  sopk('s_cmpk_lt_i32', Sopk.Scc, si(7, 6)),
  sopk('s_cmpk_le_i32', Sopk.Scc, si(8, 7)),
  sopk('s_cmpk_eq_u32', Sopk.SccU, si(9, 8)),
  sopk('s_cmpk_lg_u32', Sopk.SccU, si(10, 9)),
  sopk('s_cmpk_gt_u32', Sopk.SccU, si(11, 10)),
  sopk('s_cmpk_ge_u32', Sopk.SccU, si(12, 11)),
  sopk('s_cmpk_lt_u32', Sopk.SccU, si(13, 12)),
  sopk('s_cmpk_le_u32', Sopk.SccU, si(14, 13)),
  sopk('s_addk_i32', Sopk.K32, si(15, 14)),
  sopk('s_mulk_i32', Sopk.K32, si(16, 15)),
  sopk('s_cbranch_i_fork', Sopk.Br64, si(17, 16)),
  sopk('s_getreg_b32', Sopk.GetReg, si(18, 17)),
  sopk('s_setreg_b32', Sopk.SetReg, si(19, 18)),
  sopk('s_setreg_imm32_b32', Sopk.SetRegImm32, si(21, 20)),
  sopk('s_call_b64', Sopk.Br64, { gfx9: 21 }),
];

export const SOPP_OPS: readonly SoppRow[] = [
  sopp('s_nop', Sopp.Imm, si(0, 0)),
  sopp('s_endpgm', Sopp.Endpgm, si(1, 1)),
  sopp('s_branch', Sopp.Branch, si(2, 2)),
  sopp('s_wakeup', Sopp.None, { gfx8: 3, gfx9: 3 }),
  sopp('s_cbranch_scc0', Sopp.Branch, si(4, 4)),
  sopp('s_cbranch_scc1', Sopp.Branch, si(5, 5)),
  sopp('s_cbranch_vccz', Sopp.Branch, si(6, 6)),
  sopp('s_cbranch_vccnz', Sopp.Branch, si(7, 7)),
  sopp('s_cbranch_execz', Sopp.Branch, si(8, 8)),
  sopp('s_cbranch_execnz', Sopp.Branch, si(9, 9)),
  sopp('s_barrier', Sopp.None, si(10, 10)),
  sopp('s_setkill', Sopp.Imm, si(11, 11)),
  sopp('s_waitcnt', Sopp.Waitcnt, si(12, 12)),
  sopp('s_sethalt', Sopp.Imm, si(13, 13)),
  sopp('s_sleep', Sopp.Imm, si(14, 14)),
  sopp('s_setprio', Sopp.Imm, si(15, 15)),
  sopp('s_sendmsg', Sopp.Sendmsg, si(16, 16)),
  sopp('s_sendmsghalt', Sopp.Sendmsg, si(17, 17)),
  sopp('s_trap', Sopp.Imm, si(18, 18)),
  sopp('s_icache_inv', Sopp.None, si(19, 19)),
  sopp('s_incperflevel', Sopp.Imm, si(20, 20)),
  sopp('s_decperflevel', Sopp.Imm, si(21, 21)),
  sopp('s_ttracedata', Sopp.None, si(22, 22)),
  sopp('s_cbranch_cdbgsys', Sopp.Branch, si(23, 23)),
  sopp('s_cbranch_cdbguser', Sopp.Branch, si(24, 24)),
  sopp('s_cbranch_cdbgsys_or_user', Sopp.Branch, si(25, 25)),
  sopp('s_cbranch_cdbgsys_and_user', Sopp.Branch, si(26, 26)),
  sopp('s_endpgm_saved', Sopp.None, { gfx8: 27, gfx9: 27 }),
  sopp('s_set_gpr_idx_off', Sopp.None, { gfx8: 28, gfx9: 28 }),
  sopp('s_set_gpr_idx_mode', Sopp.GprIdx, { gfx8: 29, gfx9: 29 }),
  sopp('s_endpgm_ordered_ps_done', Sopp.None, { gfx9: 30 }),
];

function sop(name: string, profile: SopProfile, opcodes: GenOpcodes): SopRow {
  return { name, opcodes, profile };
}
function sopk(name: string, kind: Sopk, opcodes: GenOpcodes): SopkRow {
  return { name, opcodes, kind };
}
function sopp(name: string, kind: Sopp, opcodes: GenOpcodes): SoppRow {
  return { name, opcodes, kind };
}
