// The vector ALU assembler families on lines whose bytes and diagnostics llvm-mc-22 gave: the encoding
// picked without a suffix, inline constants versus literals per operand type, modifiers, SDWA, DPP, VOP3P
// and the gfx908 matrix ops, and the constant-bus and literal rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import type { Target } from '../src/isa/targets.js';

const OK: readonly (readonly [Target, string, string])[] = [
  // e32 unless something needs e64: modifiers, clamp/omod, an SGPR src1, an SGPR-pair result.
  ['gfx900', 'v_add_f32 v0, v1, s1', 'd1010000 00000301'],
  ['gfx900', 'v_add_f32 v0, |v1|, v2', 'd1010100 00020501'],
  ['gfx900', 'v_add_f32 v0, -1.0, v2 mul:2', 'd1010000 080204f3'],
  ['gfx900', 'v_cmp_eq_f32 vcc, v2, s1', 'd042006a 00000302'],
  // Pseudo-registers as a 64-bit result; VOP3B keeps 7 bits of the code, as llvm-mc does.
  ['gfx908', 'v_cmp_gt_f64_e64 src_shared_base, v[2:3], v[4:5]', 'd06400eb 00020902'],
  ['gfx908', 'v_add_co_u32_e64 v0, src_private_base, v1, v2', 'd1196d00 00020501'],
  ['gfx908', 'v_interp_p1lv_f16 v1, v2, attr32.z, v3', 'd2750001 040e04a0'],
  ['gfx908', 'v_cmpx_nge_f16_e32 vcc, lit(0xffff), v222', '7c73bcff 0000ffff'],
  ['gfx908', 'v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[1:4]', 'd3c20000 04060300'],
  ['gfx900', 'v_cmp_eq_f32 vcc, s1, v2', '7c840401'],
  ['gfx900', 'v_add_co_u32 v1, vcc, v3, s2', 'd1196a01 00000503'],
  ['gfx900', 'v_addc_co_u32 v1, s[2:3], v2, v3, s[0:1]', 'd11c0201 00020702'],
  ['gfx900', 'v_cndmask_b32 v1, -v2, v3, vcc', 'd1000001 21aa0702'],
  // v_mov_b32 has no e64 clamp: the clamp makes it SDWA.
  ['gfx900', 'v_mov_b32 v1, v2 clamp', '7e0202f9 00063602'],
  // Literals and inline constants by type.
  ['gfx900', 'v_add_u16 v0, 0x3c00, v1', '4c0002ff 00003c00'],
  ['gfx900', 'v_add_u16 v0, 1.0, v1', '4c0002f2'],
  ['gfx900', 'v_add_u16 v0, -100, v1', '4c0002ff ffffff9c'],
  ['gfx900', 'v_add_f16 v0, 0x3c00, v1', '3e0002f2'],
  ['gfx900', 'v_add_f16 v0, 0.1, v1', '3e0002ff 00002e66'],
  ['gfx900', 'v_fract_f64 v[0:1], 0x3ff0000000000000', '7e0064f2'],
  ['gfx900', 'v_fract_f64 v[0:1], 0.15915494', '7e0064ff 3fc45f30'],
  ['gfx900', 'v_trunc_f32 v0, 0.15915494', '7e0038f8'],
  ['gfx900', 'v_trunc_f32 v0, -0.0', '7e0038ff 80000000'],
  ['gfx900', 'v_cmp_eq_i64 vcc, 1.0, v[0:1]', '7dc400f2'],
  // Modifiers on an e32 immediate fold into its sign bit.
  ['gfx900', 'v_sqrt_f32 v2, neg(1234)', '7e044eff 800004d2'],
  ['gfx900', 'v_add_f32 v2, neg(0.5), v1', '020402f1'],
  ['gfx900', 'v_madmk_f16 v0, v1, 1.0, v2', '48000501 00003c00'],
  ['gfx900', 'v_readfirstlane_b32 s5, v1', '7e0a0501'],
  ['gfx900', 'v_swap_b32 v1, v2', '7e02a302'],
  // VOP3-only ops.
  ['gfx900', 'v_add_i16 v1, v2, v3 op_sel:[1,0,1]', 'd29e4801 00020702'],
  ['gfx900', 'v_interp_p2_f16 v1, v2, attr0.x, v3 op_sel:[0,0,0,1]', 'd2774001 040e0400'],
  ['gfx900', 'v_interp_mov_f32_e64 v5, p20, attr0.x', 'd2720005 00000200'],
  // VINTRP with a source modifier: the VOP3 form (the modifier was once dropped from the VINTRP word).
  ['gfx908', 'v_interp_p1_f32 v1, -v3, attr0.x', 'd2700001 40020600'],
  ['gfx908', 'v_interp_p2_f32 v1, |v3|, attr0.x', 'd2710201 00020600'],
  ['gfx803', 'v_interp_p1_f32 v1, -|v3|, attr1.y', 'd2700201 40020641'],
  ['gfx900', 'v_writelane_b32 v1, s1, m0', 'd28a0001 0000f801'],
  ['gfx900', 'v_div_scale_f32 v1, s[2:3], -v2, v3, v4', 'd1e00201 24120702'],
  ['gfx900', 'v_mad_u64_u32 v[0:1], s[2:3], v2, v3, v[4:5]', 'd1e80200 04120702'],
  // SDWA and DPP.
  ['gfx900', 'v_cmp_eq_f32_sdwa vcc, v1, s22 src0_sel:WORD_1 src1_sel:BYTE_2', '7c842cf9 82050001'],
  ['gfx900', 'v_add_f32_sdwa v5, -|-4.0|, v2', '020a04f9 06b616f7'],
  ['gfx900', 'v_mac_f32 v0, v0, v0 quad_perm:[1,3,0,1] row_mask:0xa bound_ctrl:0', '2c0000fa af084d00'],
  ['gfx900', 'v_nop_dpp quad_perm:[0,1,2,3]', '7e0000fa ff00e400'],
  // VOP3P: op_sel_hi defaults, and a two-source op ignores third entries.
  ['gfx900', 'v_pk_add_f16 v1, v2, v3 op_sel_hi:[1]', 'd38f4001 08020702'],
  ['gfx900', 'v_pk_add_f16 v10, v2, v3 neg_lo:[1,0,1]', 'd38f400a 38020702'],
  ['gfx906', 'v_dot2_f32_f16 v0, v1, v2, v3 op_sel_hi:[0,1]', 'd3a30000 140e0501'],
  ['gfx906', 'v_fma_mix_f32 v0, -abs(v1), v2, v3', 'd3a00100 240e0501'],
  ['gfx908', 'v_mfma_f32_32x32x1f32 a[0:31], a0, v1, a[33:64] cbsz:3 abid:2 blgp:7', 'd3c01300 ec860300'],
  ['gfx908', 'v_accvgpr_write a2, -2.0', 'd3d94002 180000f5'],
];

const REJECTED: readonly (readonly [Target, string, string])[] = [
  ['gfx908', 'v_mfma_f32_32x32x1f32 a[0:31], v0, v1, 3', 'inline constants are not allowed for this operand'],
  [
    'gfx908',
    'v_mfma_f32_16x16x4f16 a[0:15], v[0:1], v[2:3], a[4:19]',
    'source 2 operand must not partially overlap with dst',
  ],
  ['gfx908', 'v_lshrrev_b32_e32 v1, src_lds_direct, v2', 'lds_direct cannot be used with this instruction'],
  ['gfx908', 'v_xor_b32_e32 v1, null, v2', "'null' operand is not supported on this GPU"],
  ['gfx908', 'v_cmpx_nge_f16_e32 vcc, lit(0x10000), v222', 'invalid operand for instruction'],
  ['gfx908', 'v_interp_p1lv_f16 v1, v2, attr33.z, v3', 'out of bounds interpolation attribute number'],
  ['gfx908', 'v_interp_p1_f32_e32 v1, -v3, attr0.x', 'invalid operand for instruction'],
  ['gfx700', 'v_interp_p1_f32 v1, -v3, attr0.x', 'not a valid operand.'],
  ['gfx900', 'v_add_f32 v0, v1, 1234', 'literal operands are not supported'],
  ['gfx900', 'v_add_f32 v0, s1, s2', 'invalid operand (violates constant bus restrictions)'],
  ['gfx900', 'v_addc_co_u32 v1, vcc, s2, v3, vcc', 'invalid operand (violates constant bus restrictions)'],
  ['gfx900', 'v_div_fmas_f32 v0, s1, v2, v3', 'invalid operand (violates constant bus restrictions)'],
  ['gfx908', 'v_pk_add_u16 v5, exec_lo, lit(1)', 'invalid operand (violates constant bus restrictions)'],
  ['gfx900', 'v_madak_f32 v0, 0xff32ff, v0, 0x11213141', 'only one unique literal operand is allowed'],
  ['gfx900', 'v_add_u16 v0, 0x10000, v1', 'invalid operand for instruction'],
  ['gfx900', 'v_trunc_f32 v0, 1e-40', 'invalid operand for instruction'],
  ['gfx900', 'v_mov_b32_e64 v1, v2 clamp', 'invalid operand for instruction'],
  ['gfx900', 'v_and_b32 v2, -v1, v3', 'not a valid operand.'],
  ['gfx900', 'v_add_f16 v1, v2, v3 op_sel:[0,0,1]', 'not a valid operand.'],
  ['gfx900', 'v_div_scale_f32 v1, s[2:3], |v2|, v3, v4', 'ABS not allowed in VOP3B instructions'],
  ['gfx900', 'v_readfirstlane_b32_e64 s5, v1', 'e64 variant of this instruction is not supported'],
  ['gfx900', 'v_cvt_f64_f32_sdwa v[0:1], v2', 'sdwa variant of this instruction is not supported'],
  ['gfx900', 'v_mov_b32 v0, s1 row_shl:1', 'invalid operand for instruction'],
  ['gfx900', 'v_add_f32 v0, v1, s45 row_shl:1', 'operands are not valid for this GPU or mode'],
  ['gfx900', 'v_mov_b32 v0, v0 quad_perm:[1,3,0,1] bound_ctrl:2', 'invalid bound_ctrl value.'],
  ['gfx900', 'v_cmp_eq_f32_sdwa tba, v1, v2', 'tba register not available on this GPU'],
  ['gfx900', 'v_addc_u32 v1, vcc, v2, v3, vcc', 'instruction not supported on this GPU'],
  ['gfx906', 'v_dot4_i32_i8 v0, v1, v2, v3 op_sel:[1,0]', 'not a valid operand.'],
  ['gfx908', 'v_accvgpr_write a2, scc', 'source operand must be either a VGPR or an inline constant'],
  ['gfx908', 'v_mov_b32 v0, a0', 'invalid operand for instruction'],
];

test('valu: accepted lines assemble to llvm-mc bytes', () => {
  for (const [t, src, hex] of OK) assert.equal(assembleOne(src, t).hex, hex, `${t}: ${src}`);
});

test('valu: rejected lines give llvm-mc messages', () => {
  for (const [t, src, msg] of REJECTED) {
    const r = assembleOne(src, t);
    assert.equal(r.hex, undefined, `${t}: ${src} was accepted`);
    assert.equal(r.error, msg, `${t}: ${src}`);
  }
});
