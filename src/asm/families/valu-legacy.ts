// Vector ALU mnemonics LLVM knows from other GPU generations but gfx9 lacks: llvm-mc names them as
// unsupported rather than unknown. gfx8's carry ops were renamed *_co_u32 in gfx9; the clamp/legacy
// transcendentals are SI/CI ops; the rest are gfx11/gfx12 ops.
import type { AsmFamily, AsmInst, EncodeResult } from '../types.js';

const BASES = [
  'v_addc_u32',
  'v_subb_u32',
  'v_subbrev_u32',
  'v_log_clamp_f32',
  'v_rcp_clamp_f32',
  'v_rcp_clamp_f64',
  'v_rsq_clamp_f32',
  'v_rsq_clamp_f64',
  'v_rcp_legacy_f32',
  'v_rsq_legacy_f32',
  'v_wmma_i32_16x16x16_iu8',
  'v_tanh_bf16',
  'v_dot2_bf16_bf16',
  'v_cvt_pk_fp8_f16',
  'v_not_b16',
  'v_perm_pk16_b6_u4',
];
const SUFFIXES = ['', '_e32', '_e64', '_sdwa', '_dpp'];
const NAMES = new Set(BASES.flatMap((b) => SUFFIXES.map((s) => b + s)));

function encode(inst: AsmInst): EncodeResult | null {
  if (!NAMES.has(inst.mnemonic)) return null;
  return { error: 'instruction not supported on this GPU', pos: inst.pos };
}

export const valuLegacy: AsmFamily = { name: 'valu-legacy', mnemonics: () => NAMES, encode };
