// SALU arithmetic: the SOP2 adds, subtracts, min/max, multiplies, shift-and-add and packs, the SOPC
// compares, and the SOPK immediate ops. Definitions from the Vega ISA document, chapter 12 (SOP2, SOPC,
// SOPK): the SCC each op writes is stated there; ops without an SCC clause leave it unchanged.
import type { SaluFn, ScalarCtx } from './context.js';

const TWO32 = 0x100000000;

/** The signed 16-bit SOPK immediate (b0 holds it zero-extended). */
function simm16(x: ScalarCtx): number {
  return (x.b0 << 16) >> 16;
}

/** High dword of the unsigned 64-bit product of two dwords, from 16-bit partial products (all exact). */
function mulHiU32(a: number, b: number): number {
  const al = a & 0xffff;
  const ah = a >>> 16;
  const bl = b & 0xffff;
  const bh = b >>> 16;
  const m1 = ah * bl;
  const m2 = al * bh;
  const mid = ((al * bl) >>> 16) + (m1 & 0xffff) + (m2 & 0xffff);
  return (ah * bh + (m1 >>> 16) + (m2 >>> 16) + (mid >>> 16)) >>> 0;
}

function lshlAdd(n: number): SaluFn {
  const k = 2 ** n;
  return (x) => {
    // The shift is not truncated to 32 bits: bits shifted out count towards the carry (see the report).
    const t = x.a0 * k + x.b0;
    x.d0 = t >>> 0;
    x.scc = t >= TWO32 ? 1 : 0;
  };
}

export const ARITH_OPS: Record<string, SaluFn> = {
  // ---- SOP2 ----
  s_add_u32: (x) => {
    const t = x.a0 + x.b0;
    x.d0 = t >>> 0;
    x.scc = t >= TWO32 ? 1 : 0;
  },
  s_sub_u32: (x) => {
    x.d0 = (x.a0 - x.b0) >>> 0;
    x.scc = x.b0 > x.a0 ? 1 : 0;
  },
  s_add_i32: (x) => {
    const d = (x.a0 + x.b0) >>> 0;
    x.d0 = d;
    // Signed overflow: the operands' signs agree and the result's differs.
    x.scc = (~(x.a0 ^ x.b0) & (x.a0 ^ d)) >>> 31;
  },
  s_sub_i32: (x) => {
    const d = (x.a0 - x.b0) >>> 0;
    x.d0 = d;
    x.scc = ((x.a0 ^ x.b0) & (x.a0 ^ d)) >>> 31;
  },
  s_addc_u32: (x) => {
    const t = x.a0 + x.b0 + x.scc;
    x.d0 = t >>> 0;
    x.scc = t >= TWO32 ? 1 : 0;
  },
  s_subb_u32: (x) => {
    const c = x.scc;
    x.d0 = (x.a0 - x.b0 - c) >>> 0;
    x.scc = x.b0 + c > x.a0 ? 1 : 0;
  },
  s_min_i32: (x) => {
    const lt = (x.a0 | 0) < (x.b0 | 0);
    x.d0 = lt ? x.a0 : x.b0;
    x.scc = lt ? 1 : 0;
  },
  s_min_u32: (x) => {
    const lt = x.a0 < x.b0;
    x.d0 = lt ? x.a0 : x.b0;
    x.scc = lt ? 1 : 0;
  },
  s_max_i32: (x) => {
    const gt = (x.a0 | 0) > (x.b0 | 0);
    x.d0 = gt ? x.a0 : x.b0;
    x.scc = gt ? 1 : 0;
  },
  s_max_u32: (x) => {
    const gt = x.a0 > x.b0;
    x.d0 = gt ? x.a0 : x.b0;
    x.scc = gt ? 1 : 0;
  },
  s_mul_i32: (x) => {
    x.d0 = Math.imul(x.a0, x.b0) >>> 0;
  },
  s_mul_hi_u32: (x) => {
    x.d0 = mulHiU32(x.a0, x.b0);
  },
  s_mul_hi_i32: (x) => {
    // Signed high half = unsigned high half - (a < 0 ? b : 0) - (b < 0 ? a : 0), modulo 2^32.
    let h = mulHiU32(x.a0, x.b0);
    if (x.a0 & 0x80000000) h -= x.b0;
    if (x.b0 & 0x80000000) h -= x.a0;
    x.d0 = h >>> 0;
  },
  s_absdiff_i32: (x) => {
    // The difference wraps to 32 bits first, so 0x80000000 - 0 stays 0x80000000 (the document's example).
    const d = (x.a0 - x.b0) | 0;
    x.d0 = (d < 0 ? -d : d) >>> 0;
    x.scc = x.d0 !== 0 ? 1 : 0;
  },
  s_lshl1_add_u32: lshlAdd(1),
  s_lshl2_add_u32: lshlAdd(2),
  s_lshl3_add_u32: lshlAdd(3),
  s_lshl4_add_u32: lshlAdd(4),
  s_pack_ll_b32_b16: (x) => {
    x.d0 = ((x.a0 & 0xffff) | (x.b0 << 16)) >>> 0;
  },
  s_pack_lh_b32_b16: (x) => {
    x.d0 = ((x.a0 & 0xffff) | (x.b0 & 0xffff0000)) >>> 0;
  },
  s_pack_hh_b32_b16: (x) => {
    x.d0 = ((x.a0 >>> 16) | (x.b0 & 0xffff0000)) >>> 0;
  },

  // ---- SOPC ----
  s_cmp_eq_i32: (x) => {
    x.scc = x.a0 === x.b0 ? 1 : 0;
  },
  s_cmp_lg_i32: (x) => {
    x.scc = x.a0 !== x.b0 ? 1 : 0;
  },
  s_cmp_gt_i32: (x) => {
    x.scc = (x.a0 | 0) > (x.b0 | 0) ? 1 : 0;
  },
  s_cmp_ge_i32: (x) => {
    x.scc = (x.a0 | 0) >= (x.b0 | 0) ? 1 : 0;
  },
  s_cmp_lt_i32: (x) => {
    x.scc = (x.a0 | 0) < (x.b0 | 0) ? 1 : 0;
  },
  s_cmp_le_i32: (x) => {
    x.scc = (x.a0 | 0) <= (x.b0 | 0) ? 1 : 0;
  },
  s_cmp_eq_u32: (x) => {
    x.scc = x.a0 === x.b0 ? 1 : 0;
  },
  s_cmp_lg_u32: (x) => {
    x.scc = x.a0 !== x.b0 ? 1 : 0;
  },
  s_cmp_gt_u32: (x) => {
    x.scc = x.a0 > x.b0 ? 1 : 0;
  },
  s_cmp_ge_u32: (x) => {
    x.scc = x.a0 >= x.b0 ? 1 : 0;
  },
  s_cmp_lt_u32: (x) => {
    x.scc = x.a0 < x.b0 ? 1 : 0;
  },
  s_cmp_le_u32: (x) => {
    x.scc = x.a0 <= x.b0 ? 1 : 0;
  },
  s_cmp_eq_u64: (x) => {
    x.scc = x.a0 === x.b0 && x.a1 === x.b1 ? 1 : 0;
  },
  s_cmp_lg_u64: (x) => {
    x.scc = x.a0 !== x.b0 || x.a1 !== x.b1 ? 1 : 0;
  },
  s_bitcmp0_b32: (x) => {
    x.scc = ((x.a0 >>> (x.b0 & 31)) & 1) ^ 1;
  },
  s_bitcmp1_b32: (x) => {
    x.scc = (x.a0 >>> (x.b0 & 31)) & 1;
  },
  s_bitcmp0_b64: (x) => {
    const n = x.b0 & 63;
    x.scc = (((n < 32 ? x.a0 : x.a1) >>> (n & 31)) & 1) ^ 1;
  },
  s_bitcmp1_b64: (x) => {
    const n = x.b0 & 63;
    x.scc = ((n < 32 ? x.a0 : x.a1) >>> (n & 31)) & 1;
  },

  // ---- SOPK: a0 = the SDST register, b0 = SIMM16 zero-extended ----
  s_movk_i32: (x) => {
    x.d0 = simm16(x) >>> 0;
  },
  s_cmovk_i32: (x) => {
    x.d0 = x.scc ? simm16(x) >>> 0 : x.a0;
  },
  s_cmpk_eq_i32: (x) => {
    x.scc = (x.a0 | 0) === simm16(x) ? 1 : 0;
  },
  s_cmpk_lg_i32: (x) => {
    x.scc = (x.a0 | 0) !== simm16(x) ? 1 : 0;
  },
  s_cmpk_gt_i32: (x) => {
    x.scc = (x.a0 | 0) > simm16(x) ? 1 : 0;
  },
  s_cmpk_ge_i32: (x) => {
    x.scc = (x.a0 | 0) >= simm16(x) ? 1 : 0;
  },
  s_cmpk_lt_i32: (x) => {
    x.scc = (x.a0 | 0) < simm16(x) ? 1 : 0;
  },
  s_cmpk_le_i32: (x) => {
    x.scc = (x.a0 | 0) <= simm16(x) ? 1 : 0;
  },
  // The unsigned compares take SIMM16 zero-extended.
  s_cmpk_eq_u32: (x) => {
    x.scc = x.a0 === x.b0 ? 1 : 0;
  },
  s_cmpk_lg_u32: (x) => {
    x.scc = x.a0 !== x.b0 ? 1 : 0;
  },
  s_cmpk_gt_u32: (x) => {
    x.scc = x.a0 > x.b0 ? 1 : 0;
  },
  s_cmpk_ge_u32: (x) => {
    x.scc = x.a0 >= x.b0 ? 1 : 0;
  },
  s_cmpk_lt_u32: (x) => {
    x.scc = x.a0 < x.b0 ? 1 : 0;
  },
  s_cmpk_le_u32: (x) => {
    x.scc = x.a0 <= x.b0 ? 1 : 0;
  },
  s_addk_i32: (x) => {
    const k = simm16(x) >>> 0;
    const d = (x.a0 + k) >>> 0;
    x.d0 = d;
    x.scc = (~(x.a0 ^ k) & (x.a0 ^ d)) >>> 31;
  },
  s_mulk_i32: (x) => {
    x.d0 = Math.imul(x.a0, simm16(x)) >>> 0;
  },
};
