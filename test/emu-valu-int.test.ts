// Tests of the integer VALU lane math (src/emu/valu/int-*.ts). Every op is checked on all 64 lanes against
// a reference written independently of the implementation: exact BigInt arithmetic that follows the ISA
// pseudo-code per value, over seeded random and edge-value operands, with and without clamp. A few known
// answers worked out by hand from the document's pseudo-code and examples pin the reading of the spec.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INT_OPS } from '../src/emu/valu/int-ops.js';
import { Lanes, type ValuFn } from '../src/emu/valu/lanes.js';
import { opcodeOn } from '../src/isa/ops.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { targetBit } from '../src/isa/targets.js';
import { processorOf, VOP_PROFILES } from '../src/isa/vop-profile.js';

/** Every processor: the ops of gfx6-gfx8 need semantics too. */
const ALL_TARGETS = PROCESSORS.map((p) => p.name as Target);

import { VOP3_ONLY_OPS } from '../src/isa/vop3-ops.js';
import { PACKED_OPS } from '../src/isa/vop3-packed.js';

// ---- Which ops are integer ops -------------------------------------------------------------------------

const NOT_INT = [
  '_f16',
  '_f32',
  '_f64',
  'cvt',
  'class',
  'mfma',
  'interp',
  'accvgpr',
  '_mix',
  'cube',
  'ldexp',
  'frexp',
  'trig',
  'div_',
  'rcp',
  'rsq',
  'sqrt',
  'exp',
  'log',
  'sin',
  'cos',
  'fract',
  'dot2_f',
  'dot2c_f',
];
const EXECUTOR_OPS = new Set([
  'v_readlane_b32',
  'v_writelane_b32',
  'v_readfirstlane_b32',
  'v_nop',
  'v_clrexcp',
  'v_swap_b32',
  // gfx8 and older: register-indexed moves through M0 (special.ts).
  'v_movrels_b32',
  'v_movreld_b32',
  'v_movrelsd_b32',
]);

function isIntOp(name: string): boolean {
  return !NOT_INT.some((s) => name.includes(s)) && !EXECUTOR_OPS.has(name);
}

/** Every VALU op name of gfx900/gfx906/gfx908, v_cmpx_X folded into v_cmp_X. */
function allOpNames(): Set<string> {
  const names = new Set<string>();
  const fold = (n: string) =>
    n.startsWith('v_cmpx_') ? 'v_cmp_' + n.slice(7) : n.startsWith('v_cmpsx_') ? 'v_cmps_' + n.slice(8) : n;
  for (const t of ALL_TARGETS) {
    for (const p of VOP_PROFILES) if (opcodeOn(p, processorOf(t)) !== undefined) names.add(fold(p.name));
    for (const p of PACKED_OPS) if (p.targets & targetBit(t)) names.add(p.name);
  }
  // The VOP3-only table has no targets column: all three targets share it.
  for (const s of VOP3_ONLY_OPS) names.add(s.name);
  return names;
}

// ---- Reference helpers (BigInt, per value) ---------------------------------------------------------------

const bits = (n: number) => (1n << BigInt(n)) - 1n;
const U = (v: bigint, n: number) => BigInt.asUintN(n, v);
const S = (v: bigint, n: number) => BigInt.asIntN(n, v);
const fld = (v: bigint, lo: number, n: number) => (v >> BigInt(lo)) & bits(n);
const abs = (v: bigint) => (v < 0n ? -v : v);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const median = (a: bigint, b: bigint, c: bigint) => [a, b, c].sort((p, q) => (p < q ? -1 : p > q ? 1 : 0))[1];

/** The exact value v as an n-bit unsigned result: wrapped, or saturated to 0..2^n-1 under clamp. */
function resU(v: bigint, n: number, clamp: boolean): bigint {
  if (!clamp) return U(v, n);
  return v < 0n ? 0n : v > bits(n) ? bits(n) : v;
}

/** The exact value v as an n-bit signed result (two's complement bits): wrapped, or saturated under clamp. */
function resS(v: bigint, n: number, clamp: boolean): bigint {
  if (!clamp) return U(v, n);
  const hi = bits(n - 1);
  const lo = -hi - 1n;
  return U(v < lo ? lo : v > hi ? hi : v, n);
}

function popcount(v: bigint): bigint {
  return BigInt([...v.toString(2)].filter((c) => c === '1').length);
}

function byteSad(a: bigint, b: bigint, masked: boolean): bigint {
  let s = 0n;
  for (let i = 0; i < 4; i++) {
    const p = fld(a, 8 * i, 8);
    const q = fld(b, 8 * i, 8);
    if (masked && q === 0n) continue;
    s += abs(p - q);
  }
  return s;
}

/** The document's v_perm_b32 byte_permute on in[8] = bytes of {S0, S1}. */
function bytePermute(s0: bigint, s1: bigint, sel: number): bigint {
  const input: bigint[] = [];
  for (let i = 0; i < 4; i++) input.push(fld(s1, 8 * i, 8));
  for (let i = 0; i < 4; i++) input.push(fld(s0, 8 * i, 8));
  if (sel >= 13) return 0xffn;
  if (sel === 12) return 0n;
  if (sel === 11) return (input[7] >> 7n) * 0xffn;
  if (sel === 10) return (input[5] >> 7n) * 0xffn;
  if (sel === 9) return (input[3] >> 7n) * 0xffn;
  if (sel === 8) return (input[1] >> 7n) * 0xffn;
  return input[sel];
}

/** v_screen_partition_4se_b32's TABLE as printed in the Vega document. */
const SCREEN_TABLE = [
  0x1, 0x3, 0x7, 0xf, 0x5, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x6, 0xe, 0xf,
  0xa, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xd, 0xf, 0x4, 0xc, 0xf, 0xf, 0x5, 0xf, 0xf, 0xf,
  0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0x9, 0xb, 0xf, 0x8, 0xf, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf,
  0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0xc, 0xd, 0xf, 0x6, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
  0xf, 0x8, 0x9, 0xb, 0xf, 0x9, 0x9, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x7, 0xf, 0x1, 0x3, 0xf,
  0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0x6, 0xe, 0xf, 0x2, 0x6, 0xf, 0xf, 0x6, 0xf, 0xf,
  0xf, 0x7, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x3, 0xb, 0xf, 0xa, 0xf, 0xf, 0xf, 0xf, 0x7, 0xf,
  0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x1, 0x9, 0xd, 0xf, 0x5, 0xf, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf,
  0xe, 0xf, 0x8, 0xc, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0x6, 0x7, 0xf, 0x4, 0xf,
  0xf, 0xf, 0x5, 0x9, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0xc, 0xe, 0xf, 0xf, 0x6,
  0x6, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0x6, 0x7, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7,
  0xf, 0xf, 0xf, 0xf, 0xf, 0xb, 0xf, 0x2, 0x3, 0x9, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf,
  0x9, 0xd, 0xf, 0x1,
];

// ---- Op specifications -----------------------------------------------------------------------------------

/**
 * Operand kinds: h = 16-bit (bits 15:0 of the dword; the tests put garbage in bits 31:16, which ops must
 * ignore, and expect results zero-extended), w = 32-bit, q = 64-bit pair, x = 128-bit (4 dwords per lane).
 */
type Kind = 'h' | 'w' | 'q' | 'x';

interface Ctx {
  lane: number;
  /** maskIn's bit for the lane. */
  cin: boolean;
  clamp: boolean;
}

/** A result value, a lane-mask bit, or both. */
type Result = bigint | boolean | readonly [bigint, boolean];

interface Spec {
  src: readonly Kind[];
  /** Null for ops whose only result is the lane mask. */
  dst: Kind | null;
  mask?: boolean;
  ref: (s: readonly bigint[], c: Ctx) => Result;
}

const SPECS: Record<string, Spec> = {};

function op(name: string, src: string, dst: Kind | null, ref: Spec['ref'], mask = false): void {
  SPECS[name] = { src: src.split('') as Kind[], dst, ref, mask };
}

// VOP1
op('v_mov_b32', 'w', 'w', ([a]) => a);
op('v_not_b32', 'w', 'w', ([a]) => U(~a, 32));
op('v_bfrev_b32', 'w', 'w', ([a]) => {
  let r = 0n;
  for (let i = 0; i < 32; i++) r |= fld(a, i, 1) << BigInt(31 - i);
  return r;
});
op('v_ffbh_u32', 'w', 'w', ([a]) => {
  for (let i = 0; i < 32; i++) if (fld(a, 31 - i, 1) === 1n) return BigInt(i);
  return 0xffffffffn;
});
op('v_ffbl_b32', 'w', 'w', ([a]) => {
  for (let i = 0; i < 32; i++) if (fld(a, i, 1) === 1n) return BigInt(i);
  return 0xffffffffn;
});
op('v_ffbh_i32', 'w', 'w', ([a]) => {
  for (let i = 1; i < 32; i++) if (fld(a, 31 - i, 1) !== fld(a, 31, 1)) return BigInt(i);
  return 0xffffffffn;
});
op('v_screen_partition_4se_b32', 'w', 'w', ([a]) => BigInt(SCREEN_TABLE[Number(a & 0xffn)]));
op('v_sat_pk_u8_i16', 'w', 'h', ([a]) => {
  const sat8 = (v: bigint) => (v < 0n ? 0n : v > 255n ? 255n : v);
  return sat8(S(fld(a, 0, 16), 16)) | (sat8(S(fld(a, 16, 16), 16)) << 8n);
});

// VOP2 (and the VOP3-only adds of the same family)
op('v_cndmask_b32', 'ww', 'w', ([a, b], c) => (c.cin ? b : a));
op('v_mul_i32_i24', 'ww', 'w', ([a, b], c) => resS(S(a, 24) * S(b, 24), 32, c.clamp));
op('v_mul_hi_i32_i24', 'ww', 'w', ([a, b]) => U((S(a, 24) * S(b, 24)) >> 32n, 32));
op('v_mul_u32_u24', 'ww', 'w', ([a, b], c) => resU(U(a, 24) * U(b, 24), 32, c.clamp));
op('v_mul_hi_u32_u24', 'ww', 'w', ([a, b]) => (U(a, 24) * U(b, 24)) >> 32n);
op('v_min_i32', 'ww', 'w', ([a, b]) => U(min(S(a, 32), S(b, 32)), 32));
op('v_max_i32', 'ww', 'w', ([a, b]) => U(max(S(a, 32), S(b, 32)), 32));
op('v_min_u32', 'ww', 'w', ([a, b]) => min(a, b));
op('v_max_u32', 'ww', 'w', ([a, b]) => max(a, b));
op('v_lshrrev_b32', 'ww', 'w', ([a, b]) => b >> (a & 31n));
op('v_ashrrev_i32', 'ww', 'w', ([a, b]) => U(S(b, 32) >> (a & 31n), 32));
op('v_lshlrev_b32', 'ww', 'w', ([a, b]) => U(b << (a & 31n), 32));
op('v_and_b32', 'ww', 'w', ([a, b]) => a & b);
op('v_or_b32', 'ww', 'w', ([a, b]) => a | b);
op('v_xor_b32', 'ww', 'w', ([a, b]) => a ^ b);
op('v_xnor_b32', 'ww', 'w', ([a, b]) => U(~(a ^ b), 32));
op('v_add_u32', 'ww', 'w', ([a, b], c) => resU(a + b, 32, c.clamp));
op('v_sub_u32', 'ww', 'w', ([a, b], c) => resU(a - b, 32, c.clamp));
op('v_subrev_u32', 'ww', 'w', ([a, b], c) => resU(b - a, 32, c.clamp));
op('v_add_i32', 'ww', 'w', ([a, b], c) => resS(S(a, 32) + S(b, 32), 32, c.clamp));
op('v_sub_i32', 'ww', 'w', ([a, b], c) => resS(S(a, 32) - S(b, 32), 32, c.clamp));
/** The carry ops: the exact result r gives the dword and the carry/borrow bit (r outside 0..2^32-1). */
function carry(r: bigint, clamp: boolean): Result {
  return [resU(r, 32, clamp), r < 0n || r > bits(32)];
}
const cin = (c: Ctx) => (c.cin ? 1n : 0n);
op('v_add_co_u32', 'ww', 'w', ([a, b], c) => carry(a + b, c.clamp), true);
op('v_sub_co_u32', 'ww', 'w', ([a, b], c) => carry(a - b, c.clamp), true);
op('v_subrev_co_u32', 'ww', 'w', ([a, b], c) => carry(b - a, c.clamp), true);
op('v_addc_co_u32', 'ww', 'w', ([a, b], c) => carry(a + b + cin(c), c.clamp), true);
op('v_subb_co_u32', 'ww', 'w', ([a, b], c) => carry(a - b - cin(c), c.clamp), true);
op('v_subbrev_co_u32', 'ww', 'w', ([a, b], c) => carry(b - a - cin(c), c.clamp), true);
// 16-bit
op('v_add_u16', 'hh', 'h', ([a, b], c) => resU(a + b, 16, c.clamp));
op('v_sub_u16', 'hh', 'h', ([a, b], c) => resU(a - b, 16, c.clamp));
op('v_subrev_u16', 'hh', 'h', ([a, b], c) => resU(b - a, 16, c.clamp));
op('v_add_i16', 'hh', 'h', ([a, b], c) => resS(S(a, 16) + S(b, 16), 16, c.clamp));
op('v_sub_i16', 'hh', 'h', ([a, b], c) => resS(S(a, 16) - S(b, 16), 16, c.clamp));
op('v_mul_lo_u16', 'hh', 'h', ([a, b], c) => resU(a * b, 16, c.clamp));
op('v_lshlrev_b16', 'hh', 'h', ([a, b]) => U(b << (a & 15n), 16));
op('v_lshrrev_b16', 'hh', 'h', ([a, b]) => b >> (a & 15n));
op('v_ashrrev_i16', 'hh', 'h', ([a, b]) => U(S(b, 16) >> (a & 15n), 16));
op('v_max_u16', 'hh', 'h', ([a, b]) => max(a, b));
op('v_min_u16', 'hh', 'h', ([a, b]) => min(a, b));
op('v_max_i16', 'hh', 'h', ([a, b]) => U(max(S(a, 16), S(b, 16)), 16));
op('v_min_i16', 'hh', 'h', ([a, b]) => U(min(S(a, 16), S(b, 16)), 16));
// gfx908 accumulating dot products: src2 is the accumulator (the destination's old value).
const dot = (a: bigint, b: bigint, n: number, signed: boolean) => {
  let s = 0n;
  for (let i = 0; i < 32 / n; i++) {
    const p = fld(a, i * n, n);
    const q = fld(b, i * n, n);
    s += signed ? S(p, n) * S(q, n) : p * q;
  }
  return s;
};
op('v_dot2c_i32_i16', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 16, true) + S(d, 32), 32, c.clamp));
op('v_dot4c_i32_i8', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 8, true) + S(d, 32), 32, c.clamp));
op('v_dot8c_i32_i4', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 4, true) + S(d, 32), 32, c.clamp));

// VOPC: each predicate as the document names it, on values read by the type.
const PREDS: Record<string, (p: bigint, q: bigint) => boolean> = {
  f: () => false,
  lt: (p, q) => p < q,
  eq: (p, q) => p === q,
  le: (p, q) => p <= q,
  gt: (p, q) => p > q,
  ne: (p, q) => p !== q,
  ge: (p, q) => p >= q,
  t: () => true,
};
for (const [pn, pf] of Object.entries(PREDS)) {
  op(`v_cmp_${pn}_i16`, 'hh', null, ([a, b]) => pf(S(a, 16), S(b, 16)), true);
  op(`v_cmp_${pn}_u16`, 'hh', null, ([a, b]) => pf(a, b), true);
  op(`v_cmp_${pn}_i32`, 'ww', null, ([a, b]) => pf(S(a, 32), S(b, 32)), true);
  op(`v_cmp_${pn}_u32`, 'ww', null, ([a, b]) => pf(a, b), true);
  op(`v_cmp_${pn}_i64`, 'qq', null, ([a, b]) => pf(S(a, 64), S(b, 64)), true);
  op(`v_cmp_${pn}_u64`, 'qq', null, ([a, b]) => pf(a, b), true);
}

// VOP3-only
op('v_mad_i32_i24', 'www', 'w', ([a, b, d], c) => resS(S(a, 24) * S(b, 24) + S(d, 32), 32, c.clamp));
op('v_mad_u32_u24', 'www', 'w', ([a, b, d], c) => resU(U(a, 24) * U(b, 24) + d, 32, c.clamp));
op('v_bfe_u32', 'www', 'w', ([a, b, d]) => (a >> (b & 31n)) & bits(Number(d & 31n)));
op('v_bfe_i32', 'www', 'w', ([a, b, d]) => {
  const w = Number(d & 31n);
  return w === 0 ? 0n : U(S((S(a, 32) >> (b & 31n)) & bits(w), w), 32);
});
op('v_bfi_b32', 'www', 'w', ([a, b, d]) => (a & b) | (U(~a, 32) & d));
op('v_bfm_b32', 'ww', 'w', ([a, b]) => U(bits(Number(a & 31n)) << (b & 31n), 32));
op('v_lerp_u8', 'www', 'w', ([a, b, d]) => {
  let r = 0n;
  for (let i = 0; i < 4; i++)
    r |= ((fld(a, 8 * i, 8) + fld(b, 8 * i, 8) + fld(d, 8 * i, 1)) >> 1n) << BigInt(8 * i);
  return r;
});
op('v_alignbit_b32', 'www', 'w', ([a, b, d]) => U(((a << 32n) | b) >> (d & 31n), 32));
op('v_alignbyte_b32', 'www', 'w', ([a, b, d]) => U(((a << 32n) | b) >> ((d & 3n) * 8n), 32));
op('v_min3_i32', 'www', 'w', ([a, b, d]) => U(min(min(S(a, 32), S(b, 32)), S(d, 32)), 32));
op('v_max3_i32', 'www', 'w', ([a, b, d]) => U(max(max(S(a, 32), S(b, 32)), S(d, 32)), 32));
op('v_med3_i32', 'www', 'w', ([a, b, d]) => U(median(S(a, 32), S(b, 32), S(d, 32)), 32));
op('v_min3_u32', 'www', 'w', ([a, b, d]) => min(min(a, b), d));
op('v_max3_u32', 'www', 'w', ([a, b, d]) => max(max(a, b), d));
op('v_med3_u32', 'www', 'w', ([a, b, d]) => median(a, b, d));
op('v_min3_i16', 'hhh', 'h', ([a, b, d]) => U(min(min(S(a, 16), S(b, 16)), S(d, 16)), 16));
op('v_max3_i16', 'hhh', 'h', ([a, b, d]) => U(max(max(S(a, 16), S(b, 16)), S(d, 16)), 16));
op('v_med3_i16', 'hhh', 'h', ([a, b, d]) => U(median(S(a, 16), S(b, 16), S(d, 16)), 16));
op('v_min3_u16', 'hhh', 'h', ([a, b, d]) => min(min(a, b), d));
op('v_max3_u16', 'hhh', 'h', ([a, b, d]) => max(max(a, b), d));
op('v_med3_u16', 'hhh', 'h', ([a, b, d]) => median(a, b, d));
op('v_sad_u8', 'www', 'w', ([a, b, d], c) => resU(byteSad(a, b, false) + d, 32, c.clamp));
op('v_sad_hi_u8', 'www', 'w', ([a, b, d], c) => resU((byteSad(a, b, false) << 16n) + d, 32, c.clamp));
op('v_sad_u16', 'www', 'w', ([a, b, d], c) =>
  resU(abs(fld(a, 16, 16) - fld(b, 16, 16)) + abs(fld(a, 0, 16) - fld(b, 0, 16)) + d, 32, c.clamp),
);
op('v_sad_u32', 'www', 'w', ([a, b, d], c) => resU(abs(a - b) + d, 32, c.clamp));
op('v_msad_u8', 'www', 'w', ([a, b, d], c) => resU(byteSad(a, b, true) + d, 32, c.clamp));
/** The quad SADs: window i is bytes i..i+3 of the 64-bit src0; field i of src2 accumulates. */
function quadSad(a: bigint, b: bigint, acc: bigint, n: number, masked: boolean, clamp: boolean): bigint {
  let r = 0n;
  for (let i = 0; i < 4; i++) {
    const s = byteSad(fld(a, 8 * i, 32), b, masked) + fld(acc, n * i, n);
    r |= resU(s, n, clamp) << BigInt(n * i);
  }
  return r;
}
op('v_qsad_pk_u16_u8', 'qwq', 'q', ([a, b, d], c) => quadSad(a, b, d, 16, false, c.clamp));
op('v_mqsad_pk_u16_u8', 'qwq', 'q', ([a, b, d], c) => quadSad(a, b, d, 16, true, c.clamp));
op('v_mqsad_u32_u8', 'qwx', 'x', ([a, b, d], c) => quadSad(a, b, d, 32, true, c.clamp));
op(
  'v_mad_u64_u32',
  'wwq',
  'q',
  ([a, b, d], c) => {
    const r = a * b + d;
    return [resU(r, 64, c.clamp), r > bits(64)];
  },
  true,
);
op(
  'v_mad_i64_i32',
  'wwq',
  'q',
  ([a, b, d], c) => {
    const r = S(a, 32) * S(b, 32) + S(d, 64);
    return [resS(r, 64, c.clamp), r !== S(r, 64)];
  },
  true,
);
op('v_mad_u16', 'hhh', 'h', ([a, b, d], c) => resU(a * b + d, 16, c.clamp));
op('v_mad_legacy_u16', 'hhh', 'h', ([a, b, d], c) => resU(a * b + d, 16, c.clamp));
op('v_mad_i16', 'hhh', 'h', ([a, b, d], c) => resS(S(a, 16) * S(b, 16) + S(d, 16), 16, c.clamp));
op('v_mad_legacy_i16', 'hhh', 'h', ([a, b, d], c) => resS(S(a, 16) * S(b, 16) + S(d, 16), 16, c.clamp));
op('v_mad_u32_u16', 'hhw', 'w', ([a, b, d], c) => resU(a * b + d, 32, c.clamp));
op('v_mad_i32_i16', 'hhw', 'w', ([a, b, d], c) => resS(S(a, 16) * S(b, 16) + S(d, 32), 32, c.clamp));
op('v_perm_b32', 'www', 'w', ([a, b, d]) => {
  let r = 0n;
  for (let i = 0; i < 4; i++) r |= bytePermute(a, b, Number(fld(d, 8 * i, 8))) << BigInt(8 * i);
  return r;
});
op('v_xad_u32', 'www', 'w', ([a, b, d]) => U((a ^ b) + d, 32));
op('v_lshl_add_u32', 'www', 'w', ([a, b, d]) => U(U(a << (b & 31n), 32) + d, 32));
op('v_add_lshl_u32', 'www', 'w', ([a, b, d]) => U((a + b) << (d & 31n), 32));
op('v_add3_u32', 'www', 'w', ([a, b, d]) => U(a + b + d, 32));
op('v_lshl_or_b32', 'www', 'w', ([a, b, d]) => U(a << (b & 31n), 32) | d);
op('v_and_or_b32', 'www', 'w', ([a, b, d]) => (a & b) | d);
op('v_or3_b32', 'www', 'w', ([a, b, d]) => a | b | d);
op('v_mul_lo_u32', 'ww', 'w', ([a, b]) => U(a * b, 32));
op('v_mul_hi_u32', 'ww', 'w', ([a, b]) => (a * b) >> 32n);
op('v_mul_hi_i32', 'ww', 'w', ([a, b]) => U((S(a, 32) * S(b, 32)) >> 32n, 32));
op('v_bcnt_u32_b32', 'ww', 'w', ([a, b]) => U(popcount(a) + b, 32));
const threadMask = (c: Ctx) => (1n << BigInt(c.lane)) - 1n;
op('v_mbcnt_lo_u32_b32', 'ww', 'w', ([a, b], c) => U(popcount(a & fld(threadMask(c), 0, 32)) + b, 32));
op('v_mbcnt_hi_u32_b32', 'ww', 'w', ([a, b], c) => U(popcount(a & fld(threadMask(c), 32, 32)) + b, 32));
op('v_lshlrev_b64', 'wq', 'q', ([a, b]) => U(b << (a & 63n), 64));
op('v_lshrrev_b64', 'wq', 'q', ([a, b]) => b >> (a & 63n));
op('v_ashrrev_i64', 'wq', 'q', ([a, b]) => U(S(b, 64) >> (a & 63n), 64));
// gfx6/gfx7: the value in src0, the count in src1 (Southern Islands document).
op('v_lshr_b32', 'ww', 'w', ([a, b]) => a >> (b & 31n));
op('v_ashr_i32', 'ww', 'w', ([a, b]) => U(S(a, 32) >> (b & 31n), 32));
op('v_lshl_b32', 'ww', 'w', ([a, b]) => U(a << (b & 31n), 32));
op('v_lshl_b64', 'qw', 'q', ([a, b]) => U(a << (b & 63n), 64));
op('v_lshr_b64', 'qw', 'q', ([a, b]) => a >> (b & 63n));
op('v_ashr_i64', 'qw', 'q', ([a, b]) => U(S(a, 64) >> (b & 63n), 64));
op('v_mul_lo_i32', 'ww', 'w', ([a, b]) => U(a * b, 32));

// VOP3P: each half computed on its own.
function pk(s: readonly bigint[], f: (h: bigint[]) => bigint): bigint {
  const lo = f(s.map((v) => fld(v, 0, 16)));
  const hi = f(s.map((v) => fld(v, 16, 16)));
  return U(lo, 16) | (U(hi, 16) << 16n);
}
op('v_pk_add_u16', 'ww', 'w', (s, c) => pk(s, ([a, b]) => resU(a + b, 16, c.clamp)));
op('v_pk_sub_u16', 'ww', 'w', (s, c) => pk(s, ([a, b]) => resU(a - b, 16, c.clamp)));
op('v_pk_add_i16', 'ww', 'w', (s, c) => pk(s, ([a, b]) => resS(S(a, 16) + S(b, 16), 16, c.clamp)));
op('v_pk_sub_i16', 'ww', 'w', (s, c) => pk(s, ([a, b]) => resS(S(a, 16) - S(b, 16), 16, c.clamp)));
op('v_pk_mul_lo_u16', 'ww', 'w', (s, c) => pk(s, ([a, b]) => resU(a * b, 16, c.clamp)));
op('v_pk_mad_u16', 'www', 'w', (s, c) => pk(s, ([a, b, d]) => resU(a * b + d, 16, c.clamp)));
op('v_pk_mad_i16', 'www', 'w', (s, c) =>
  pk(s, ([a, b, d]) => resS(S(a, 16) * S(b, 16) + S(d, 16), 16, c.clamp)),
);
op('v_pk_lshlrev_b16', 'ww', 'w', (s) => pk(s, ([a, b]) => b << (a & 15n)));
op('v_pk_lshrrev_b16', 'ww', 'w', (s) => pk(s, ([a, b]) => b >> (a & 15n)));
op('v_pk_ashrrev_i16', 'ww', 'w', (s) => pk(s, ([a, b]) => S(b, 16) >> (a & 15n)));
op('v_pk_max_u16', 'ww', 'w', (s) => pk(s, ([a, b]) => max(a, b)));
op('v_pk_min_u16', 'ww', 'w', (s) => pk(s, ([a, b]) => min(a, b)));
op('v_pk_max_i16', 'ww', 'w', (s) => pk(s, ([a, b]) => max(S(a, 16), S(b, 16))));
op('v_pk_min_i16', 'ww', 'w', (s) => pk(s, ([a, b]) => min(S(a, 16), S(b, 16))));
op('v_dot2_i32_i16', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 16, true) + S(d, 32), 32, c.clamp));
op('v_dot2_u32_u16', 'www', 'w', ([a, b, d], c) => resU(dot(a, b, 16, false) + d, 32, c.clamp));
op('v_dot4_i32_i8', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 8, true) + S(d, 32), 32, c.clamp));
op('v_dot4_u32_u8', 'www', 'w', ([a, b, d], c) => resU(dot(a, b, 8, false) + d, 32, c.clamp));
op('v_dot8_i32_i4', 'www', 'w', ([a, b, d], c) => resS(dot(a, b, 4, true) + S(d, 32), 32, c.clamp));
op('v_dot8_u32_u4', 'www', 'w', ([a, b, d], c) => resU(dot(a, b, 4, false) + d, 32, c.clamp));

// ---- Driver --------------------------------------------------------------------------------------------

// mulberry32: deterministic so failures reproduce.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(0x9e3779b9);
const r32 = () => Math.floor(rnd() * 4294967296) >>> 0;
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];

const EDGE32 = [
  0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffff,
  0x800000, 0xffffff, 0x1000000, 0xff800000, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff,
];
const EDGE16 = [0, 1, 2, 15, 16, 17, 0x7f, 0x80, 0xff, 0x100, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff];
const EDGE_BYTES = [0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 13, 14, 0x0f, 0x7f, 0x80, 0xf0, 0xff];

/** A dword made of interesting bytes: v_perm selectors, zero bytes for the masked SADs, sign bits. */
function byteish(): number {
  let v = 0;
  for (let i = 0; i < 4; i++) v |= (rnd() < 0.7 ? pick(EDGE_BYTES) : r32() & 0xff) << (8 * i);
  return v >>> 0;
}

function gen32(): number {
  const r = rnd();
  if (r < 0.3) return pick(EDGE32);
  if (r < 0.45) return byteish();
  if (r < 0.55) return Math.floor(rnd() * 70);
  if (r < 0.62) return (pick(EDGE16) * 0x10001) >>> 0;
  return r32();
}

function gen16(): number {
  const r = rnd();
  if (r < 0.35) return pick(EDGE16);
  if (r < 0.5) return Math.floor(rnd() * 20);
  return r32() & 0xffff;
}

const DWORDS: Record<Kind, number> = { h: 1, w: 1, q: 2, x: 4 };

/** A Lanes whose arrays hold 4 dwords per lane (the 128-bit operands of v_mqsad_u32_u8). */
function wideLanes(): Lanes {
  const x = new Lanes();
  const views = (u: Uint32Array) => [
    u,
    new Int32Array(u.buffer),
    new Float32Array(u.buffer),
    new Float64Array(u.buffer),
  ];
  const [u0, i0, f0, d0] = views(new Uint32Array(256));
  const [u1, i1, f1, d1] = views(new Uint32Array(256));
  const [u2, i2, f2, d2] = views(new Uint32Array(256));
  const [du, di, df, dd] = views(new Uint32Array(256));
  Object.assign(x, { u0, i0, f0, d0, u1, i1, f1, d1, u2, i2, f2, d2, du, di, df, dd });
  return x;
}

const hex = (v: bigint) => '0x' + v.toString(16);

/** Writes operand value v of the given kind for lane l; returns the value the reference sees. */
function put(u: Uint32Array, kind: Kind, l: number, v: bigint): void {
  const n = DWORDS[kind];
  for (let d = 0; d < n; d++) u[l * n + d] = Number(fld(v, 32 * d, 32));
}

function get(u: Uint32Array, kind: Kind, l: number): bigint {
  const n = DWORDS[kind];
  let v = 0n;
  for (let d = 0; d < n; d++) v |= BigInt(u[l * n + d]) << BigInt(32 * d);
  return v;
}

function genValue(kind: Kind): bigint {
  if (kind === 'h') return BigInt(gen16());
  let v = 0n;
  for (let d = 0; d < DWORDS[kind]; d++) {
    // 64-bit values sometimes get a sign-extension-like high dword.
    const w = d > 0 && rnd() < 0.3 ? pick([0, 0xffffffff]) : gen32();
    v |= BigInt(w) << BigInt(32 * d);
  }
  return v;
}

function split(r: Result): [bigint | null, boolean | null] {
  if (typeof r === 'bigint') return [r, null];
  if (typeof r === 'boolean') return [null, r];
  return [r[0], r[1]];
}

/** Runs the op `iterations` times on random operands for all 64 lanes; returns the first mismatch. */
function check(name: string, spec: Spec, fn: ValuFn, iterations: number): string | null {
  const wide = spec.src.includes('x') || spec.dst === 'x';
  const x = wide ? wideLanes() : new Lanes();
  const srcs = [x.u0, x.u1, x.u2];
  const vals: bigint[][] = Array.from({ length: 64 }, () => []);
  for (let it = 0; it < iterations; it++) {
    const clamp = (it & 1) === 1;
    x.clamp = clamp;
    x.maskIn[0] = rnd() < 0.2 ? pick([0, 0xffffffff]) : r32();
    x.maskIn[1] = rnd() < 0.2 ? pick([0, 0xffffffff]) : r32();
    x.maskOut[0] = r32();
    x.maskOut[1] = r32();
    for (let i = 0; i < x.du.length; i++) x.du[i] = r32();
    for (let l = 0; l < 64; l++) {
      vals[l].length = 0;
      spec.src.forEach((kind, k) => {
        const v = genValue(kind);
        vals[l].push(v);
        // 16-bit operands: garbage in bits 31:16 (the op must read bits 15:0 only).
        put(
          srcs[k],
          kind === 'h' ? 'w' : kind,
          l,
          kind === 'h' && rnd() < 0.75 ? v | BigInt(r32() & 0xffff0000) : v,
        );
      });
    }
    fn(x);
    let m0 = 0;
    let m1 = 0;
    for (let l = 0; l < 64; l++) {
      const cin = ((x.maskIn[l >> 5] >>> (l & 31)) & 1) === 1;
      const [want, bit] = split(spec.ref(vals[l], { lane: l, cin, clamp }));
      const what = () =>
        `${name} lane ${l} (${vals[l].map(hex).join(', ')}${clamp ? ', clamp' : ''}${cin ? ', maskIn' : ''})`;
      if (spec.dst !== null) {
        if (want === null) return `${what()}: reference gave no value`;
        const got = get(x.du, spec.dst === 'h' ? 'w' : spec.dst, l);
        if (got !== want) return `${what()}: got ${hex(got)}, want ${hex(want)}`;
      }
      if (spec.mask) {
        if (bit === null) return `${what()}: reference gave no mask bit`;
        if (bit) {
          if (l < 32) m0 |= 1 << l;
          else m1 |= 1 << (l - 32);
        }
      }
    }
    if (spec.mask && (x.maskOut[0] !== m0 >>> 0 || x.maskOut[1] !== m1 >>> 0))
      return `${name}: maskOut ${hex(BigInt(x.maskOut[1]))}:${hex(BigInt(x.maskOut[0]))}, want ${hex(BigInt(m1 >>> 0))}:${hex(BigInt(m0 >>> 0))} (${vals
        .slice(0, 2)
        .map((v) => v.map(hex).join(','))
        .join(' / ')} ...)`;
  }
  return null;
}

// ---- Tests ---------------------------------------------------------------------------------------------

test('INT_OPS holds exactly the integer VALU ops of every generation', () => {
  const all = allOpNames();
  const want = [...all].filter(isIntOp).sort();
  assert.deepEqual(
    want.filter((n) => !(n in INT_OPS)),
    [],
    'ops without lane math',
  );
  assert.deepEqual(
    Object.keys(INT_OPS).filter((n) => !all.has(n) || !isIntOp(n)),
    [],
    'entries that are not integer ops of these targets',
  );
  assert.equal(Object.keys(INT_OPS).length, want.length);
  // The checks below are only as complete as the references.
  assert.deepEqual(Object.keys(SPECS).sort(), Object.keys(INT_OPS).sort());
});

test('every op matches its reference on random and edge operands, all 64 lanes', () => {
  const failures: string[] = [];
  for (const [name, spec] of Object.entries(SPECS)) {
    const fn = INT_OPS[name];
    if (fn === undefined) continue;
    const f = check(name, spec, fn, 24);
    if (f !== null) failures.push(f);
  }
  assert.deepEqual(failures, []);
});

/** Runs an op with the same operands in every lane; returns lane `lane`'s result and mask bit. */
function run(
  name: string,
  srcs: readonly (number | bigint)[],
  opts: { cin?: boolean; clamp?: boolean; lane?: number } = {},
): { d: bigint; m: boolean } {
  const spec = SPECS[name];
  const x = spec.src.includes('x') || spec.dst === 'x' ? wideLanes() : new Lanes();
  const u = [x.u0, x.u1, x.u2];
  for (let l = 0; l < 64; l++)
    for (let k = 0; k < srcs.length; k++) put(u[k], spec.src[k], l, BigInt(srcs[k]));
  x.maskIn[0] = x.maskIn[1] = opts.cin ? 0xffffffff : 0;
  x.clamp = opts.clamp ?? false;
  INT_OPS[name](x);
  const lane = opts.lane ?? 0;
  const d = spec.dst === null ? 0n : get(x.du, spec.dst === 'h' ? 'w' : spec.dst, lane);
  return { d, m: ((x.maskOut[lane >> 5] >>> (lane & 31)) & 1) === 1 };
}
const d = (name: string, ...srcs: (number | bigint)[]) => run(name, srcs).d;

test("find-first-bit ops: the document's examples", () => {
  const ffbh: [number, number][] = [
    [0, 0xffffffff],
    [0x800000ff, 0],
    [0x100000ff, 3],
    [0x0000ffff, 16],
    [1, 31],
  ];
  for (const [a, want] of ffbh) assert.equal(d('v_ffbh_u32', a), BigInt(want), `ffbh_u32 ${a}`);
  const ffbl: [number, number][] = [
    [0, 0xffffffff],
    [0xff000001, 0],
    [0xff000008, 3],
    [0xffff0000, 16],
    [0x80000000, 31],
  ];
  for (const [a, want] of ffbl) assert.equal(d('v_ffbl_b32', a), BigInt(want), `ffbl ${a}`);
  const ffbhI: [number, number][] = [
    [0, 0xffffffff],
    [0x40000000, 1],
    [0x80000000, 1],
    [0x0fffffff, 4],
    [0xffff0000, 16],
    [0xfffffffe, 31],
    [0xffffffff, 0xffffffff],
  ];
  for (const [a, want] of ffbhI) assert.equal(d('v_ffbh_i32', a), BigInt(want), `ffbh_i32 ${a}`);
});

test('v_perm_b32 selectors', () => {
  // in[0..3] = 44 33 22 11 (S1), in[4..7] = bb aa 99 88 (S0).
  assert.equal(d('v_perm_b32', 0x8899aabb, 0x11223344, 0x07000102), 0x88443322n);
  assert.equal(d('v_perm_b32', 0x8899aabb, 0x11223344, 0x04050607), 0xbbaa9988n);
  // 8/9: top bits of in[1], in[3] (0x33, 0x11: clear); 12: 0x00; 13 and up: 0xff.
  assert.equal(d('v_perm_b32', 0x8899aabb, 0x11223344, 0x0c0d0809), 0x00ff0000n);
  assert.equal(d('v_perm_b32', 0x8899aabb, 0x11223344, 0xff0e0a0b), 0xffffffffn);
  assert.equal(d('v_perm_b32', 0x0899_2abb, 0x91229344, 0x0a0b0809), 0x0000ffffn);
});

test('align, bitfield and byte ops', () => {
  assert.equal(d('v_alignbit_b32', 0x12345678, 0x9abcdef0, 8), 0x789abcden);
  assert.equal(d('v_alignbit_b32', 0x12345678, 0x9abcdef0, 0), 0x9abcdef0n);
  assert.equal(d('v_alignbit_b32', 0x12345678, 0x9abcdef0, 40), 0x789abcden);
  assert.equal(d('v_alignbyte_b32', 0x12345678, 0x9abcdef0, 1), 0x789abcden);
  assert.equal(d('v_alignbyte_b32', 0x12345678, 0x9abcdef0, 3), 0x3456789an);
  assert.equal(d('v_bfe_u32', 0x0000f000, 12, 4), 0xfn);
  assert.equal(d('v_bfe_i32', 0x0000f000, 12, 4), 0xffffffffn);
  assert.equal(d('v_bfe_i32', 0x0000f000, 12, 5), 0xfn);
  assert.equal(d('v_bfe_i32', 0x80000000, 28, 8), 0xfffffff8n);
  assert.equal(d('v_bfm_b32', 4, 8), 0xf00n);
  assert.equal(d('v_bfi_b32', 0xffff0000, 0x12345678, 0x9abcdef0), 0x1234def0n);
  // (b + a + round bit) >> 1 per byte; the round bit is bit 0 of src2's byte.
  assert.equal(d('v_lerp_u8', 0x00010203, 0x00010101, 0x01000100), 0x00010202n);
  assert.equal(d('v_screen_partition_4se_b32', 1), 0x3n);
});

test('sums of absolute differences', () => {
  assert.equal(d('v_sad_u8', 0x01020304, 0x04030201, 10), 18n);
  assert.equal(d('v_sad_hi_u8', 0x01020304, 0x04030201, 10), 0x8000an);
  assert.equal(d('v_sad_u16', 0x00010005, 0x00040002, 1), 7n);
  assert.equal(d('v_sad_u32', 3, 0xffffffff, 0), 0xfffffffcn);
  // The reference byte that is zero (byte 1 of src1) does not count.
  assert.equal(d('v_msad_u8', 0x01020304, 0x04030001, 0), 7n);
  // Windows of {0x0807060504030201}: 04030201, 05040302, 06050403, 07060504 against 01010101.
  const win = 0x0807060504030201n;
  assert.equal(d('v_qsad_pk_u16_u8', win, 0x01010101, 0x0003000200010000n), 0x00150010000b0006n);
  assert.equal(d('v_qsad_pk_u16_u8', win, 0x01010101, 0xffff000000000000n), 0x0011000e000a0006n);
  assert.equal(
    run('v_qsad_pk_u16_u8', [win, 0x01010101, 0xffff000000000000n], { clamp: true }).d,
    0xffff000e000a0006n,
  );
  assert.equal(d('v_mqsad_pk_u16_u8', win, 0x01000100, 0), 0x000a0008_00060004n);
  assert.equal(d('v_mqsad_u32_u8', win, 0x01000100, 5n << 96n), 0x0000000f_00000008_00000006_00000004n);
});

test('carry chains and 64-bit multiply-add', () => {
  // 0xffffffff + 0xffffffff + 1 carries although the result equals a source.
  assert.deepEqual(run('v_addc_co_u32', [0xffffffff, 0xffffffff], { cin: true }), {
    d: 0xffffffffn,
    m: true,
  });
  assert.deepEqual(run('v_addc_co_u32', [0xffffffff, 0], { cin: true }), { d: 0n, m: true });
  assert.deepEqual(run('v_add_co_u32', [0xffffffff, 1], { clamp: true }), { d: 0xffffffffn, m: true });
  assert.deepEqual(run('v_sub_co_u32', [0, 1]), { d: 0xffffffffn, m: true });
  assert.deepEqual(run('v_subb_co_u32', [1, 1], { cin: true }), { d: 0xffffffffn, m: true });
  assert.deepEqual(run('v_subbrev_co_u32', [1, 2], { cin: true }), { d: 0n, m: false });
  assert.deepEqual(run('v_mad_u64_u32', [0xffffffff, 0xffffffff, 0xffffffffffffffffn]), {
    d: 0xfffffffe00000000n,
    m: true,
  });
  assert.deepEqual(run('v_mad_i64_i32', [0xffffffff, 1, 0x8000000000000000n]), {
    d: 0x7fffffffffffffffn,
    m: true,
  });
  assert.deepEqual(run('v_mad_i64_i32', [0xffffffff, 1, 0x8000000000000000n], { clamp: true }), {
    d: 0x8000000000000000n,
    m: true,
  });
  assert.deepEqual(run('v_mad_i64_i32', [0x80000000, 0x80000000, 0]), { d: 0x4000000000000000n, m: false });
  assert.equal(d('v_mul_hi_i32', 0x80000000, 0x80000000), 0x40000000n);
  assert.equal(d('v_mul_hi_u32', 0xffffffff, 0xffffffff), 0xfffffffen);
});

test('multiplies whose low dword is just below 2^32 (the double product rounds up across it)', () => {
  // a * b = -1 modulo 2^32 with a large product: a rounded double product would give hi + 1.
  const pairs: [number, number][] = [
    [0xfffffffd, 0xaaaaaaab],
    [0x7fffffff, 0x80000001],
    [0xaaaaaaab, 0xfffffffd],
  ];
  for (const [a, b] of pairs) {
    const A = BigInt(a);
    const B = BigInt(b);
    assert.equal(d('v_mul_hi_u32', a, b), (A * B) >> 32n);
    assert.equal(d('v_mul_hi_i32', a, b), U((S(A, 32) * S(B, 32)) >> 32n, 32));
    assert.equal(d('v_mad_u64_u32', a, b, 0), A * B);
    assert.equal(d('v_mad_i64_i32', a, b, 0), U(S(A, 32) * S(B, 32), 64));
  }
});

test('v_mbcnt_lo/hi with -1 give each lane its index', () => {
  const x = new Lanes();
  x.u0.fill(0xffffffff);
  x.u1.fill(0);
  INT_OPS.v_mbcnt_lo_u32_b32(x);
  x.u1.set(x.du.subarray(0, 64));
  INT_OPS.v_mbcnt_hi_u32_b32(x);
  assert.deepEqual(
    [...x.du.subarray(0, 64)],
    Array.from({ length: 64 }, (_, l) => l),
  );
});

test('compares read 16-bit operands by signedness and 64-bit ones across both dwords', () => {
  assert.equal(run('v_cmp_lt_i32', [0xffffffff, 0]).m, true);
  assert.equal(run('v_cmp_lt_u32', [0xffffffff, 0]).m, false);
  assert.equal(run('v_cmp_lt_i16', [0xffff, 0]).m, true);
  assert.equal(run('v_cmp_gt_u16', [0xffff, 0]).m, true);
  assert.equal(run('v_cmp_gt_u64', [0x100000000n, 0xffffffffn]).m, true);
  assert.equal(run('v_cmp_gt_i64', [0xffffffff00000000n, 0xffffffffn]).m, false);
  assert.equal(run('v_cmp_t_u64', [0, 0], { lane: 63 }).m, true);
  assert.equal(run('v_cmp_f_i32', [0, 0], { lane: 0 }).m, false);
});

test('clamp saturates integer results to the type range', () => {
  assert.equal(run('v_add_u32', [0xffffffff, 2], { clamp: true }).d, 0xffffffffn);
  assert.equal(run('v_sub_u32', [1, 2], { clamp: true }).d, 0n);
  assert.equal(run('v_add_i32', [0x7fffffff, 1], { clamp: true }).d, 0x7fffffffn);
  assert.equal(run('v_sub_i16', [0x8000, 1], { clamp: true }).d, 0x8000n);
  assert.equal(run('v_pk_add_u16', [0xffff0001, 0x00010001], { clamp: true }).d, 0xffff0002n);
  assert.equal(run('v_pk_sub_i16', [0x80007fff, 0x0001ffff], { clamp: true }).d, 0x80007fffn);
  assert.equal(run('v_dot4_i32_i8', [0x7f7f7f7f, 0x7f7f7f7f, 0x7fffffff], { clamp: true }).d, 0x7fffffffn);
  assert.equal(run('v_dot4_i32_i8', [0x7f7f7f7f, 0x7f7f7f7f, 0x7fffffff]).d, 0x7fffffffn + 4n * 127n * 127n);
});
