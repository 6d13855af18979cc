// SALU bit manipulation: the SOP2 logic ops, shifts, bit-field masks and extracts and conditional selects,
// and the SOP1 ops (moves, counts, searches, whole-quad masks, bit sets, the EXEC save/write family).
// Definitions from the Vega ISA document, chapter 12 (SOP2, SOP1). 64-bit values are (lo, hi) dwords.
import type { SaluFn, ScalarCtx } from './context.js';

function scc32(x: ScalarCtx): void {
  x.scc = x.d0 !== 0 ? 1 : 0;
}

function scc64(x: ScalarCtx): void {
  x.scc = (x.d0 | x.d1) !== 0 ? 1 : 0;
}

// ---- 64-bit shifts by 0..63, into d ----

function shl64(x: ScalarCtx, lo: number, hi: number, n: number): void {
  if (n === 0) {
    x.d0 = lo >>> 0;
    x.d1 = hi >>> 0;
  } else if (n < 32) {
    x.d0 = (lo << n) >>> 0;
    x.d1 = ((hi << n) | (lo >>> (32 - n))) >>> 0;
  } else {
    x.d0 = 0;
    x.d1 = (lo << (n - 32)) >>> 0;
  }
}

function shr64(x: ScalarCtx, lo: number, hi: number, n: number, arith: boolean): void {
  if (n === 0) {
    x.d0 = lo >>> 0;
    x.d1 = hi >>> 0;
  } else if (n < 32) {
    x.d0 = ((lo >>> n) | (hi << (32 - n))) >>> 0;
    x.d1 = (arith ? hi >> n : hi >>> n) >>> 0;
  } else {
    x.d0 = (arith ? hi >> (n - 32) : hi >>> (n - 32)) >>> 0;
    x.d1 = arith ? (hi >> 31) >>> 0 : 0;
  }
}

// ---- Bit counting and searching on dwords ----

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  v = (v + (v >>> 4)) & 0x0f0f0f0f;
  return Math.imul(v, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero dword. */
function lowBit(v: number): number {
  return 31 - Math.clz32(v & -v);
}

function brev32(v: number): number {
  v = ((v >>> 1) & 0x55555555) | ((v & 0x55555555) << 1);
  v = ((v >>> 2) & 0x33333333) | ((v & 0x33333333) << 2);
  v = ((v >>> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
  v = ((v >>> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
  return ((v >>> 16) | (v << 16)) >>> 0;
}

/** Bit 4i set when nibble i of v is non-zero. */
function nibbleAny(v: number): number {
  return (v | (v >>> 1) | (v >>> 2) | (v >>> 3)) & 0x11111111;
}

/** Each nibble of v: all ones when any of its bits is set. */
function wqm32(v: number): number {
  return (nibbleAny(v) * 15) >>> 0;
}

/** Bit i (0..7) set when nibble i of v is non-zero. */
function quad32(v: number): number {
  let t = nibbleAny(v);
  t = (t | (t >>> 3)) & 0x03030303;
  t = (t | (t >>> 6)) & 0x000f000f;
  return (t | (t >>> 12)) & 0xff;
}

/** Each of the 16 low bits of v doubled into two adjacent bits. */
function replicate16(v: number): number {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return (v | (v << 1)) >>> 0;
}

// ---- Op builders ----

function logic32(f: number): SaluFn {
  return (x) => {
    x.d0 = logic(f, x.a0, x.b0) >>> 0;
    scc32(x);
  };
}

function logic64(f: number): SaluFn {
  return (x) => {
    x.d0 = logic(f, x.a0, x.b0) >>> 0;
    x.d1 = logic(f, x.a1, x.b1) >>> 0;
    scc64(x);
  };
}

/** D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0. */
function saveexec(f: number): SaluFn {
  return (x) => {
    const e0 = x.exec0;
    const e1 = x.exec1;
    x.exec0 = logic(f, x.a0, e0) >>> 0;
    x.exec1 = logic(f, x.a1, e1) >>> 0;
    x.d0 = e0;
    x.d1 = e1;
    x.scc = (x.exec0 | x.exec1) !== 0 ? 1 : 0;
  };
}

/** EXEC = f(S0, EXEC); D = EXEC; SCC = EXEC != 0. */
function wrexec(f: number): SaluFn {
  return (x) => {
    x.exec0 = logic(f, x.a0, x.exec0) >>> 0;
    x.exec1 = logic(f, x.a1, x.exec1) >>> 0;
    x.d0 = x.exec0;
    x.d1 = x.exec1;
    x.scc = (x.exec0 | x.exec1) !== 0 ? 1 : 0;
  };
}

// The logic operations by number, applied by one function rather than a closure per operation: the
// builders' call of a different closure per op is megamorphic, so V8 neither inlines it nor avoids boxing
// its dword arguments (a HeapNumber each from 2^30 up); one small function is inlined.
const and = 0;
const or = 1;
const xor = 2;
const andn2 = 3;
const orn2 = 4;
const nand = 5;
const nor = 6;
const xnor = 7;
const andn1 = 8;
const orn1 = 9;

function logic(f: number, a: number, b: number): number {
  switch (f) {
    case and:
      return a & b;
    case or:
      return a | b;
    case xor:
      return a ^ b;
    case andn2:
      return a & ~b;
    case orn2:
      return a | ~b;
    case nand:
      return ~(a & b);
    case nor:
      return ~(a | b);
    case xnor:
      return ~(a ^ b);
    case andn1:
      return ~a & b;
    default:
      return ~a | b;
  }
}

export const BIT_OPS: Record<string, SaluFn> = {
  // ---- SOP2 ----
  s_cselect_b32: (x) => {
    x.d0 = x.scc ? x.a0 : x.b0;
  },
  s_cselect_b64: (x) => {
    if (x.scc) {
      x.d0 = x.a0;
      x.d1 = x.a1;
    } else {
      x.d0 = x.b0;
      x.d1 = x.b1;
    }
  },
  s_and_b32: logic32(and),
  s_and_b64: logic64(and),
  s_or_b32: logic32(or),
  s_or_b64: logic64(or),
  s_xor_b32: logic32(xor),
  s_xor_b64: logic64(xor),
  s_andn2_b32: logic32(andn2),
  s_andn2_b64: logic64(andn2),
  s_orn2_b32: logic32(orn2),
  s_orn2_b64: logic64(orn2),
  s_nand_b32: logic32(nand),
  s_nand_b64: logic64(nand),
  s_nor_b32: logic32(nor),
  s_nor_b64: logic64(nor),
  s_xnor_b32: logic32(xnor),
  s_xnor_b64: logic64(xnor),
  s_lshl_b32: (x) => {
    x.d0 = (x.a0 << (x.b0 & 31)) >>> 0;
    scc32(x);
  },
  s_lshl_b64: (x) => {
    shl64(x, x.a0, x.a1, x.b0 & 63);
    scc64(x);
  },
  s_lshr_b32: (x) => {
    x.d0 = x.a0 >>> (x.b0 & 31);
    scc32(x);
  },
  s_lshr_b64: (x) => {
    shr64(x, x.a0, x.a1, x.b0 & 63, false);
    scc64(x);
  },
  s_ashr_i32: (x) => {
    x.d0 = (x.a0 >> (x.b0 & 31)) >>> 0;
    scc32(x);
  },
  s_ashr_i64: (x) => {
    shr64(x, x.a0, x.a1, x.b0 & 63, true);
    scc64(x);
  },
  // Bit-field masks: S0 = width, S1 = offset; SCC unchanged.
  s_bfm_b32: (x) => {
    x.d0 = (((1 << (x.a0 & 31)) - 1) << (x.b0 & 31)) >>> 0;
  },
  s_bfm_b64: (x) => {
    const w = x.a0 & 63;
    const lo = w >= 32 ? 0xffffffff : (1 << w) - 1;
    const hi = w <= 32 ? 0 : (1 << (w - 32)) - 1;
    shl64(x, lo, hi, x.b0 & 63);
  },
  // Bit-field extracts: S1[4:0] or S1[5:0] = offset, S1[22:16] = width (0..127; a width reaching past the
  // top bit takes everything above the offset).
  s_bfe_u32: (x) => {
    const w = (x.b0 >>> 16) & 0x7f;
    const v = x.a0 >>> (x.b0 & 31);
    x.d0 = w >= 32 ? v : (v & ((1 << w) - 1)) >>> 0;
    scc32(x);
  },
  s_bfe_i32: (x) => {
    const w = (x.b0 >>> 16) & 0x7f;
    const v = x.a0 >> (x.b0 & 31);
    // Sign-extend from bit w-1; with w == 0 the field is empty.
    x.d0 = (w === 0 ? 0 : w >= 32 ? v : (v << (32 - w)) >> (32 - w)) >>> 0;
    scc32(x);
  },
  s_bfe_u64: (x) => {
    const w = (x.b0 >>> 16) & 0x7f;
    shr64(x, x.a0, x.a1, x.b0 & 63, false);
    if (w <= 32) {
      x.d1 = 0;
      if (w < 32) x.d0 = (x.d0 & ((1 << w) - 1)) >>> 0;
    } else if (w < 64) {
      x.d1 = (x.d1 & ((1 << (w - 32)) - 1)) >>> 0;
    }
    scc64(x);
  },
  s_bfe_i64: (x) => {
    const w = (x.b0 >>> 16) & 0x7f;
    shr64(x, x.a0, x.a1, x.b0 & 63, true);
    if (w === 0) {
      x.d0 = 0;
      x.d1 = 0;
    } else if (w <= 32) {
      const lo = (x.d0 << (32 - w)) >> (32 - w);
      x.d0 = lo >>> 0;
      x.d1 = (lo >> 31) >>> 0;
    } else if (w < 64) {
      x.d1 = ((x.d1 << (64 - w)) >> (64 - w)) >>> 0;
    }
    scc64(x);
  },

  // ---- SOP1 ----
  s_mov_b32: (x) => {
    x.d0 = x.a0;
  },
  s_mov_b64: (x) => {
    x.d0 = x.a0;
    x.d1 = x.a1;
  },
  // The executor preloads d with the destination's value, so a false SCC leaves it.
  s_cmov_b32: (x) => {
    if (x.scc) x.d0 = x.a0;
  },
  s_cmov_b64: (x) => {
    if (x.scc) {
      x.d0 = x.a0;
      x.d1 = x.a1;
    }
  },
  s_not_b32: (x) => {
    x.d0 = ~x.a0 >>> 0;
    scc32(x);
  },
  s_not_b64: (x) => {
    x.d0 = ~x.a0 >>> 0;
    x.d1 = ~x.a1 >>> 0;
    scc64(x);
  },
  s_wqm_b32: (x) => {
    x.d0 = wqm32(x.a0);
    scc32(x);
  },
  s_wqm_b64: (x) => {
    x.d0 = wqm32(x.a0);
    x.d1 = wqm32(x.a1);
    scc64(x);
  },
  s_brev_b32: (x) => {
    x.d0 = brev32(x.a0);
  },
  s_brev_b64: (x) => {
    const lo = x.a0;
    x.d0 = brev32(x.a1);
    x.d1 = brev32(lo);
  },
  s_bcnt0_i32_b32: (x) => {
    x.d0 = 32 - popcount(x.a0);
    scc32(x);
  },
  s_bcnt0_i32_b64: (x) => {
    x.d0 = 64 - popcount(x.a0) - popcount(x.a1);
    scc32(x);
  },
  s_bcnt1_i32_b32: (x) => {
    x.d0 = popcount(x.a0);
    scc32(x);
  },
  s_bcnt1_i32_b64: (x) => {
    x.d0 = popcount(x.a0) + popcount(x.a1);
    scc32(x);
  },
  // Searches return -1 (0xffffffff) when nothing is found; they leave SCC.
  s_ff0_i32_b32: (x) => {
    const v = ~x.a0;
    x.d0 = v === 0 ? 0xffffffff : lowBit(v);
  },
  s_ff0_i32_b64: (x) => {
    const lo = ~x.a0;
    const hi = ~x.a1;
    x.d0 = lo !== 0 ? lowBit(lo) : hi !== 0 ? 32 + lowBit(hi) : 0xffffffff;
  },
  s_ff1_i32_b32: (x) => {
    x.d0 = x.a0 === 0 ? 0xffffffff : lowBit(x.a0);
  },
  s_ff1_i32_b64: (x) => {
    x.d0 = x.a0 !== 0 ? lowBit(x.a0) : x.a1 !== 0 ? 32 + lowBit(x.a1) : 0xffffffff;
  },
  s_flbit_i32_b32: (x) => {
    x.d0 = x.a0 === 0 ? 0xffffffff : Math.clz32(x.a0);
  },
  s_flbit_i32_b64: (x) => {
    x.d0 = x.a1 !== 0 ? Math.clz32(x.a1) : x.a0 !== 0 ? 32 + Math.clz32(x.a0) : 0xffffffff;
  },
  // Signed: the count of bits after the sign bit equal to it, i.e. the leading zeros of the value with
  // negative values inverted; -1 when all bits are equal.
  s_flbit_i32: (x) => {
    const v = x.a0 & 0x80000000 ? ~x.a0 : x.a0;
    x.d0 = v === 0 ? 0xffffffff : Math.clz32(v);
  },
  s_flbit_i32_i64: (x) => {
    const neg = (x.a1 & 0x80000000) !== 0;
    const lo = neg ? ~x.a0 : x.a0;
    const hi = neg ? ~x.a1 : x.a1;
    x.d0 = hi !== 0 ? Math.clz32(hi) : lo !== 0 ? 32 + Math.clz32(lo) : 0xffffffff;
  },
  s_sext_i32_i8: (x) => {
    x.d0 = ((x.a0 << 24) >> 24) >>> 0;
  },
  s_sext_i32_i16: (x) => {
    x.d0 = ((x.a0 << 16) >> 16) >>> 0;
  },
  // Bit sets modify the preloaded destination and leave SCC.
  s_bitset0_b32: (x) => {
    x.d0 = (x.d0 & ~(1 << (x.a0 & 31))) >>> 0;
  },
  s_bitset0_b64: (x) => {
    const n = x.a0 & 63;
    if (n < 32) x.d0 = (x.d0 & ~(1 << n)) >>> 0;
    else x.d1 = (x.d1 & ~(1 << (n - 32))) >>> 0;
  },
  s_bitset1_b32: (x) => {
    x.d0 = (x.d0 | (1 << (x.a0 & 31))) >>> 0;
  },
  s_bitset1_b64: (x) => {
    const n = x.a0 & 63;
    if (n < 32) x.d0 = (x.d0 | (1 << n)) >>> 0;
    else x.d1 = (x.d1 | (1 << (n - 32))) >>> 0;
  },
  s_and_saveexec_b64: saveexec(and),
  s_or_saveexec_b64: saveexec(or),
  s_xor_saveexec_b64: saveexec(xor),
  s_andn2_saveexec_b64: saveexec(andn2),
  s_orn2_saveexec_b64: saveexec(orn2),
  s_nand_saveexec_b64: saveexec(nand),
  s_nor_saveexec_b64: saveexec(nor),
  s_xnor_saveexec_b64: saveexec(xnor),
  s_andn1_saveexec_b64: saveexec(andn1),
  s_orn1_saveexec_b64: saveexec(orn1),
  s_andn1_wrexec_b64: wrexec(andn1),
  s_andn2_wrexec_b64: wrexec(andn2),
  s_quadmask_b32: (x) => {
    x.d0 = quad32(x.a0);
    scc32(x);
  },
  s_quadmask_b64: (x) => {
    x.d0 = (quad32(x.a0) | (quad32(x.a1) << 8)) >>> 0;
    x.d1 = 0;
    scc32(x);
  },
  s_abs_i32: (x) => {
    const v = x.a0 | 0;
    x.d0 = (v < 0 ? -v : v) >>> 0;
    scc32(x);
  },
  s_bitreplicate_b64_b32: (x) => {
    const v = x.a0;
    x.d0 = replicate16(v);
    x.d1 = replicate16(v >>> 16);
  },
};
