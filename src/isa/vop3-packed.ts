// The VOP3P ops of gfx9: packed 16-bit math (v_pk_*), mixed-precision FMA, the gfx906 dot products and the
// gfx908 matrix (MFMA) and AGPR-move ops, with the operand shape each one decodes with.
import { DOC_OPCODES } from './generated/doc-opcodes.js';
import { T_ALL, T_GFX900, T_GFX906_UP, T_GFX908 } from './targets.js';

/**
 * How the op's modifier bits are used and printed.
 * - packed: op_sel / op_sel_hi / neg_lo / neg_hi per source (v_pk_*, v_dot2_*).
 * - packedNoSel: neg_lo / neg_hi only; the op_sel bits must be clear (v_dot4_*, v_dot8_*).
 * - mix: neg_lo is neg and neg_hi is abs of an f32/f16 source; op_sel_hi defaults to 0 (v_mad_mix*, v_fma_mix*).
 * - mfma: cbsz / abid / blgp and AGPR-select bits instead of modifiers.
 * - accRead / accWrite: v_accvgpr_read_b32 / v_accvgpr_write_b32.
 */
export type PackedKind = 'packed' | 'packedNoSel' | 'mix' | 'mfma' | 'accRead' | 'accWrite';

export interface PackedOp {
  readonly name: string;
  readonly opcode: number;
  /** T_* bitmask of the targets that have the op. */
  readonly targets: number;
  readonly kind: PackedKind;
  /** Number of sources (2 or 3; 1 for the AGPR moves). */
  readonly nsrc: number;
  /** MFMA: dwords of the result and of src2 (AGPRs). */
  readonly accDwords: number;
  /** MFMA: dwords of src0 and src1 (2 for the f16 and 4k-bf16 variants). */
  readonly srcDwords: number;
}

const DOC = new Map<string, number>(DOC_OPCODES.vop3p.map(([op, name]) => [name, op]));

function docOp(name: string): number {
  const op = DOC.get(name);
  if (op === undefined) throw new Error(`vop3p: ${name} is not in the document's VOP3P table`);
  return op;
}

function row(
  name: string,
  opcode: number,
  targets: number,
  kind: PackedKind,
  nsrc: number,
  acc = 0,
  src = 1,
): PackedOp {
  return { name, opcode, targets, kind, nsrc, accDwords: acc, srcDwords: src };
}

/** Doc ops that take three sources; the other v_pk_* ops take two. */
const THREE_SOURCES = new Set(['v_pk_mad_i16', 'v_pk_mad_u16', 'v_pk_fma_f16']);
/** gfx906 renamed the mixed-precision ops to fma (they now round once); the opcodes stay (LLVM). */
const MIX_RENAME: Record<string, string> = {
  v_mad_mix_f32: 'v_fma_mix_f32',
  v_mad_mixlo_f16: 'v_fma_mixlo_f16',
  v_mad_mixhi_f16: 'v_fma_mixhi_f16',
};

/**
 * Ops the Vega document does not list. Names of the dot ops from LLVM (gfx906 "dl" instructions), of the MFMA
 * and AGPR ops from the MI100 document's table of new VOP3P opcodes; all opcodes from llvm-mc-22.
 * MFMA columns: dwords of the accumulator (vdst, src2) and of each of src0/src1.
 */
const ADDED: readonly PackedOp[] = [
  row('v_dot2_f32_f16', 35, T_GFX906_UP, 'packed', 3),
  row('v_dot2_i32_i16', 38, T_GFX906_UP, 'packed', 3),
  row('v_dot2_u32_u16', 39, T_GFX906_UP, 'packed', 3),
  row('v_dot4_i32_i8', 40, T_GFX906_UP, 'packedNoSel', 3),
  row('v_dot4_u32_u8', 41, T_GFX906_UP, 'packedNoSel', 3),
  row('v_dot8_i32_i4', 42, T_GFX906_UP, 'packedNoSel', 3),
  row('v_dot8_u32_u4', 43, T_GFX906_UP, 'packedNoSel', 3),
  row('v_mfma_f32_32x32x1f32', 64, T_GFX908, 'mfma', 3, 32, 1),
  row('v_mfma_f32_16x16x1f32', 65, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_f32_4x4x1f32', 66, T_GFX908, 'mfma', 3, 4, 1),
  row('v_mfma_f32_32x32x2f32', 68, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_f32_16x16x4f32', 69, T_GFX908, 'mfma', 3, 4, 1),
  row('v_mfma_f32_32x32x4f16', 72, T_GFX908, 'mfma', 3, 32, 2),
  row('v_mfma_f32_16x16x4f16', 73, T_GFX908, 'mfma', 3, 16, 2),
  row('v_mfma_f32_4x4x4f16', 74, T_GFX908, 'mfma', 3, 4, 2),
  row('v_mfma_f32_32x32x8f16', 76, T_GFX908, 'mfma', 3, 16, 2),
  row('v_mfma_f32_16x16x16f16', 77, T_GFX908, 'mfma', 3, 4, 2),
  row('v_mfma_i32_32x32x4i8', 80, T_GFX908, 'mfma', 3, 32, 1),
  row('v_mfma_i32_16x16x4i8', 81, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_i32_4x4x4i8', 82, T_GFX908, 'mfma', 3, 4, 1),
  row('v_mfma_i32_32x32x8i8', 84, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_i32_16x16x16i8', 85, T_GFX908, 'mfma', 3, 4, 1),
  row('v_accvgpr_read_b32', 88, T_GFX908, 'accRead', 1),
  row('v_accvgpr_write_b32', 89, T_GFX908, 'accWrite', 1),
  row('v_mfma_f32_32x32x2bf16', 104, T_GFX908, 'mfma', 3, 32, 1),
  row('v_mfma_f32_16x16x2bf16', 105, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_f32_4x4x2bf16', 107, T_GFX908, 'mfma', 3, 4, 1),
  row('v_mfma_f32_32x32x4bf16', 108, T_GFX908, 'mfma', 3, 16, 1),
  row('v_mfma_f32_16x16x8bf16', 109, T_GFX908, 'mfma', 3, 4, 1),
];

/** Every VOP3P op of gfx9 (one row per name; the mix ops have a gfx900 and a gfx906+ name). */
export const PACKED_OPS: readonly PackedOp[] = (() => {
  const list: PackedOp[] = [];
  for (const [op, name] of DOC_OPCODES.vop3p) {
    const renamed = MIX_RENAME[name];
    if (renamed !== undefined) {
      list.push(row(name, op, T_GFX900, 'mix', 3));
      list.push(row(renamed, docOp(name), T_GFX906_UP, 'mix', 3));
    } else list.push(row(name, op, T_ALL, 'packed', THREE_SOURCES.has(name) ? 3 : 2));
  }
  list.push(...ADDED);
  return list;
})();
