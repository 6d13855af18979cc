// The translating engine's VALU ops: for each op it inlines, the JavaScript that computes one lane. The
// ops are keyed by the interpreter's lane math (the ValuFn the binder chose), so an op is inlined only
// where the interpreter would run exactly that function, and each snippet computes what that function
// computes for the modes it is used in (see `inlineMode`): the engine-diff tests run both on random
// operands, NaNs and denormals included.

import { FCMP_PREDICATES, ICMP_PREDICATES } from '../../isa/ops/vector-cmp.js';
import { valuSemantics } from '../semantics.js';
import { NAN32 } from '../valu/f32-util.js';
import type { ValuFn } from '../valu/lanes.js';

/** What an op's snippet is given: its operands as expressions valid inside the lane loop (lane `l`). */
export interface LaneOperands {
  /** MODE.IEEE of the mode the block is compiled for ('true' or 'false'). */
  readonly ieee: string;
  /** Source k as a uint32 value. */
  u(k: number): string;
  /** Source k as an f32 value (a double). */
  f(k: number): string;
  /** The low and high dwords of 64-bit source k as uint32 values. */
  u64(k: number): [string, string];
  /** The destination VGPR's element index (into w.v / its f32 view). */
  readonly d: string;
  /** The element indices of a 64-bit destination's low and high dwords. */
  readonly d64: [string, string];
  /** The lane-mask input's bit for this lane (0 or 1): carry-in, v_cndmask's select. */
  maskIn(): string;
  /** A statement setting this lane's bit of the mask output to the boolean expression `cond`. */
  maskOut(cond: string): string;
}

export interface OpGen {
  /** Uses f32 arithmetic whose result depends on MODE (inlined only in the mode `inlineMode` accepts). */
  readonly float: boolean;
  /** Dwords per lane of each source and of the result (default all 1). */
  readonly widths?: readonly number[];
  readonly dstWidth?: number;
  /** Writes a lane mask (compare result, carry out). */
  readonly maskOut: boolean;
  /** Reads a lane mask (carry in, select). */
  readonly maskIn: boolean;
  readonly gen: (o: LaneOperands) => string;
}

/**
 * Whether f32 ops may be inlined under this MODE: round to nearest even and f32 denormals kept on input and
 * output (the interpreter's fast path, where a Float32Array store is the whole rounding). Other modes run
 * the interpreter's lane math.
 */
export function inlineMode(mode: number): boolean {
  return (mode & 3) === 0 && (mode & 0x30) === 0x30;
}

/** An f32 result: stored rounded, or for a NaN the interpreter's choice of NaN (first NaN source, quieted). */
function f32Result(o: LaneOperands, expr: string, nsrc: number): string {
  const nan = nsrc === 2 ? `H.nan2(${o.u(0)}, ${o.u(1)})` : `H.nan3(${o.u(0)}, ${o.u(1)}, ${o.u(2)})`;
  return `{ const r = ${expr}; if (r === r) vf[${o.d}] = r; else v[${o.d}] = ${nan}; }`;
}

const u2 = (f: (a: string, b: string) => string) => (o: LaneOperands) => `v[${o.d}] = ${f(o.u(0), o.u(1))};`;
const u3 = (f: (a: string, b: string, c: string) => string) => (o: LaneOperands) =>
  `v[${o.d}] = ${f(o.u(0), o.u(1), o.u(2))};`;

const plain = (gen: (o: LaneOperands) => string): OpGen => ({
  float: false,
  maskOut: false,
  maskIn: false,
  gen,
});

/** The float compares' conditions, by predicate (IEEE: any NaN operand is "unordered"). */
const FCMP_COND: Record<(typeof FCMP_PREDICATES)[number], (a: string, b: string) => string> = {
  f: () => 'false',
  lt: (a, b) => `${a} < ${b}`,
  eq: (a, b) => `${a} === ${b}`,
  le: (a, b) => `${a} <= ${b}`,
  gt: (a, b) => `${a} > ${b}`,
  lg: (a, b) => `(${a} < ${b} || ${a} > ${b})`,
  ge: (a, b) => `${a} >= ${b}`,
  o: (a, b) => `(${a} === ${a} && ${b} === ${b})`,
  u: (a, b) => `(${a} !== ${a} || ${b} !== ${b})`,
  nge: (a, b) => `!(${a} >= ${b})`,
  nlg: (a, b) => `!(${a} < ${b} || ${a} > ${b})`,
  ngt: (a, b) => `!(${a} > ${b})`,
  nle: (a, b) => `!(${a} <= ${b})`,
  neq: (a, b) => `${a} !== ${b}`,
  nlt: (a, b) => `!(${a} < ${b})`,
  tru: () => 'true',
};

const ICMP_COND: Record<(typeof ICMP_PREDICATES)[number], (a: string, b: string) => string> = {
  f: () => 'false',
  lt: (a, b) => `${a} < ${b}`,
  eq: (a, b) => `${a} === ${b}`,
  le: (a, b) => `${a} <= ${b}`,
  gt: (a, b) => `${a} > ${b}`,
  ne: (a, b) => `${a} !== ${b}`,
  ge: (a, b) => `${a} >= ${b}`,
  t: () => 'true',
};

function carry(sub: boolean, rev: boolean, withCarry: boolean): OpGen {
  return {
    float: false,
    maskOut: true,
    maskIn: withCarry,
    gen: (o) => {
      const a = rev ? o.u(1) : o.u(0);
      const b = rev ? o.u(0) : o.u(1);
      const cin = withCarry ? (sub ? ` - ${o.maskIn()}` : ` + ${o.maskIn()}`) : '';
      const r = sub ? `${a} - ${b}${cin}` : `${a} + ${b}${cin}`;
      return `{ const r = ${r}; ${o.maskOut('r < 0 || r > 4294967295')} v[${o.d}] = r; }`;
    },
  };
}

const BY_NAME: Record<string, OpGen> = {
  v_mov_b32: plain((o) => `v[${o.d}] = ${o.u(0)};`),
  v_not_b32: plain((o) => `v[${o.d}] = ~${o.u(0)};`),
  v_and_b32: plain(u2((a, b) => `${a} & ${b}`)),
  v_or_b32: plain(u2((a, b) => `${a} | ${b}`)),
  v_xor_b32: plain(u2((a, b) => `${a} ^ ${b}`)),
  v_lshlrev_b32: plain(u2((a, b) => `${b} << ${a}`)),
  v_lshrrev_b32: plain(u2((a, b) => `${b} >>> ${a}`)),
  v_ashrrev_i32: plain(u2((a, b) => `(${b} | 0) >> ${a}`)),
  v_min_u32: plain(u2((a, b) => `(${a} < ${b} ? ${a} : ${b})`)),
  v_max_u32: plain(u2((a, b) => `(${a} >= ${b} ? ${a} : ${b})`)),
  v_min_i32: plain(u2((a, b) => `((${a} | 0) < (${b} | 0) ? ${a} : ${b})`)),
  v_max_i32: plain(u2((a, b) => `((${a} | 0) >= (${b} | 0) ? ${a} : ${b})`)),
  v_add_u32: plain(u2((a, b) => `${a} + ${b}`)),
  v_sub_u32: plain(u2((a, b) => `${a} - ${b}`)),
  v_subrev_u32: plain(u2((a, b) => `${b} - ${a}`)),
  v_mul_lo_u32: plain(u2((a, b) => `Math.imul(${a}, ${b})`)),
  v_mul_hi_u32: plain(u2((a, b) => `Math.round((${a} * ${b} - (Math.imul(${a}, ${b}) >>> 0)) / 4294967296)`)),
  v_mul_u32_u24: plain(u2((a, b) => `Math.imul(${a} & 0xffffff, ${b} & 0xffffff)`)),
  v_mad_u32_u24: plain(u3((a, b, c) => `(Math.imul(${a} & 0xffffff, ${b} & 0xffffff) >>> 0) + ${c}`)),
  v_lshl_add_u32: plain(u3((a, b, c) => `((${a} << ${b}) >>> 0) + ${c}`)),
  v_add3_u32: plain(u3((a, b, c) => `${a} + ${b} + ${c}`)),
  v_lshl_or_b32: plain(u3((a, b, c) => `(${a} << ${b}) | ${c}`)),
  v_and_or_b32: plain(u3((a, b, c) => `(${a} & ${b}) | ${c}`)),
  v_or3_b32: plain(u3((a, b, c) => `${a} | ${b} | ${c}`)),
  v_perm_b32: plain(u3((a, b, c) => `H.perm(${a}, ${b}, ${c})`)),
  v_bfe_u32: plain((o) => {
    const w = `(${o.u(2)} & 31)`;
    return `v[${o.d}] = ${w} === 0 ? 0 : (${o.u(0)} >>> ${o.u(1)}) & (0xffffffff >>> (32 - ${w}));`;
  }),
  v_cndmask_b32: {
    float: false,
    maskOut: false,
    maskIn: true,
    gen: (o) => `v[${o.d}] = ${o.maskIn()} ? ${o.u(1)} : ${o.u(0)};`,
  },
  v_add_co_u32: carry(false, false, false),
  v_sub_co_u32: carry(true, false, false),
  v_subrev_co_u32: carry(true, true, false),
  v_addc_co_u32: carry(false, false, true),
  v_subb_co_u32: carry(true, false, true),
  v_subbrev_co_u32: carry(true, true, true),
  v_cvt_f32_u32: { float: true, maskOut: false, maskIn: false, gen: (o) => `vf[${o.d}] = ${o.u(0)};` },
  v_cvt_f32_i32: { float: true, maskOut: false, maskIn: false, gen: (o) => `vf[${o.d}] = ${o.u(0)} | 0;` },
  v_cvt_u32_f32: {
    float: true,
    maskOut: false,
    maskIn: false,
    gen: (o) => `v[${o.d}] = H.satU32(Math.trunc(${o.f(0)}));`,
  },
  v_cvt_i32_f32: {
    float: true,
    maskOut: false,
    maskIn: false,
    gen: (o) => `v[${o.d}] = H.satI32(Math.trunc(${o.f(0)}));`,
  },
  v_lshlrev_b64: shift64(['lo << n', '(hi << n) | (lo >>> (32 - n))', '0', 'lo << (n - 32)']),
  v_lshrrev_b64: shift64(['(lo >>> n) | (hi << (32 - n))', 'hi >>> n', 'hi >>> (n - 32)', '0']),
  v_ashrrev_i64: shift64(['(lo >>> n) | (hi << (32 - n))', 'hi >> n', 'hi >> (n - 32)', 'hi >> 31'], true),
  v_mad_u64_u32: {
    float: false,
    maskOut: true,
    maskIn: false,
    widths: [1, 1, 2],
    dstWidth: 2,
    gen: (o) => {
      const [c0, c1] = o.u64(2);
      const [d0, d1] = o.d64;
      return (
        `{ const p = ${o.u(0)}, q = ${o.u(1)}, c0 = ${c0}, c1 = ${c1}; ` +
        'const lo = (Math.imul(p, q) >>> 0) + c0; ' +
        'const hi = Math.round((p * q - (Math.imul(p, q) >>> 0)) / 4294967296) + c1 + (lo > 4294967295 ? 1 : 0); ' +
        `${o.maskOut('hi > 4294967295')} v[${d0}] = lo; v[${d1}] = hi; }`
      );
    },
  },
  // The transcendentals (f32-unary.ts trans): denormal inputs and results flushed whatever MODE says, a
  // NaN input returned quieted, a NaN result the default NaN.
  v_rcp_f32: trans((a) => `1 / ${a}`),
  v_rcp_iflag_f32: trans((a) => `1 / ${a}`),
  v_sqrt_f32: trans((a) => `(${a} === 0 ? ${a} : ${a} < 0 ? NaN : Math.sqrt(${a}))`),
  v_rsq_f32: trans((a) => `(${a} === 0 ? 1 / ${a} : ${a} < 0 ? NaN : 1 / Math.sqrt(${a}))`),
  v_cmp_class_f32: {
    float: false,
    maskOut: true,
    maskIn: false,
    gen: (o) => o.maskOut(`((${o.u(1)} >>> H.class32(${o.u(0)})) & 1) === 1`),
  },
  // min/max with the IEEE-mode NaN rules of f32-arith.ts (min32/max32 take the bits and the values).
  v_min_f32: minmax('min32', 2),
  v_max_f32: minmax('max32', 2),
  v_min3_f32: minmax('min32', 3),
  v_max3_f32: minmax('max32', 3),
  v_add_f32: f32op2((a, b) => `${a} + ${b}`),
  v_sub_f32: f32op2((a, b) => `${a} - ${b}`),
  v_subrev_f32: f32op2((a, b) => `${b} - ${a}`),
  v_mul_f32: f32op2((a, b) => `${a} * ${b}`),
  v_fma_f32: f32op3((a, b, c) => `H.fmaF32(${a}, ${b}, ${c})`),
  v_fmac_f32: f32op3((a, b, c) => `H.fmaF32(${a}, ${b}, ${c})`),
  // The division sequence (f32-arith.ts divScale, divFmas, divFixup, case for case).
  v_div_scale_f32: {
    float: true,
    maskOut: true,
    maskIn: false,
    gen: (o) =>
      `{ const s0 = ${o.f(0)}, s1 = ${o.f(1)}, s2 = ${o.f(2)}, e1 = (${o.u(1)} >>> 23) & 0xff, e2 = (${o.u(2)} >>> 23) & 0xff; ` +
      'let vcc = false, r = s0, rb = -1; ' +
      `if (s2 === 0 || s1 === 0) rb = ${NAN32}; ` +
      'else if (e2 - e1 >= 96) { vcc = true; if (s0 === s1) r = s0 * 2 ** 64; } ' +
      'else if (e1 === 0) r = s0 * 2 ** 64; ' +
      'else if (H.isDenormF32(1 / s1) && H.isDenormF32(s2 / s1)) { vcc = true; if (s0 === s1) r = s0 * 2 ** -64; } ' +
      'else if (H.isDenormF32(1 / s1)) r = s0 * 2 ** -64; ' +
      'else if (H.isDenormF32(s2 / s1)) { vcc = true; if (s0 === s2) r = s0 * 2 ** 64; } ' +
      'else if (e2 <= 23) r = s0 * 2 ** 64; ' +
      `if (rb >= 0) v[${o.d}] = rb; else if (r !== r) v[${o.d}] = H.nan3(${o.u(0)}, ${o.u(1)}, ${o.u(2)}); else vf[${o.d}] = r; ` +
      `${o.maskOut('vcc')} }`,
  },
  v_div_fmas_f32: {
    float: true,
    maskOut: false,
    maskIn: true,
    gen: (o) =>
      `{ let r = 0; if (${o.maskIn()}) { const k = ((${o.u(2)} >>> 23) & 0xff) > 127 ? 2 ** 64 : 2 ** -64; ` +
      `r = H.fmaF32(${o.f(0)} * k, ${o.f(1)}, ${o.f(2)} * k); } else r = H.fmaF32(${o.f(0)}, ${o.f(1)}, ${o.f(2)}); ` +
      `if (r === r) vf[${o.d}] = r; else v[${o.d}] = H.nan3(${o.u(0)}, ${o.u(1)}, ${o.u(2)}); }`,
  },
  v_div_fixup_f32: {
    float: true,
    maskOut: false,
    maskIn: false,
    gen: (o) =>
      `{ const q = ${o.u(0)}, den = ${o.u(1)}, num = ${o.u(2)}, sign = (den ^ num) & 0x80000000, ` +
      'aden = den & 0x7fffffff, anum = num & 0x7fffffff; let r = 0; ' +
      'if (anum > 0x7f800000) r = num | 0x400000; ' +
      'else if (aden > 0x7f800000) r = den | 0x400000; ' +
      `else if (aden === 0 && anum === 0) r = ${NAN32}; ` +
      `else if (aden === 0x7f800000 && anum === 0x7f800000) r = ${NAN32}; ` +
      'else if (aden === 0 || anum === 0x7f800000) r = sign | 0x7f800000; ' +
      'else if (aden === 0x7f800000 || anum === 0) r = sign; ' +
      'else if (((num >>> 23) & 0xff) - ((den >>> 23) & 0xff) < -150) r = sign; ' +
      'else if ((q & 0x7fffffff) > 0x7f800000) r = sign | 0x7f800000; ' +
      'else r = sign | (q & 0x7fffffff); ' +
      `v[${o.d}] = r; }`,
  },
};

function trans(f: (a: string) => string): OpGen {
  return {
    float: false,
    maskOut: false,
    maskIn: false,
    gen: (o) =>
      `{ let u = ${o.u(0)}; if ((u & 0x7f800000) === 0) u = u & 0x80000000; const a = H.f32Of(u); ` +
      `if (a !== a) v[${o.d}] = (u | 0x400000) >>> 0; ` +
      `else { const r = ${f('a')}; if (r !== r) v[${o.d}] = 0xffc00000; ` +
      `else { vf[${o.d}] = r; const b = v[${o.d}]; if ((b & 0x7f800000) === 0) v[${o.d}] = b & 0x80000000; } } }`,
  };
}

/**
 * A shift of a 64-bit value (source 1) by source 0's low 6 bits: the low and high dwords for a count 1-31,
 * then for 32-63, over the locals n, lo and hi (hi signed for the arithmetic shift); a count of 0 copies.
 */
function shift64([l1, h1, l2, h2]: readonly string[], signed = false): OpGen {
  return {
    float: false,
    maskOut: false,
    maskIn: false,
    widths: [1, 2],
    dstWidth: 2,
    gen: (o) => {
      const [lo, hi] = o.u64(1);
      const [d0, d1] = o.d64;
      return (
        `{ const n = ${o.u(0)} & 63, lo = ${lo}, hi = ${hi}${signed ? ' | 0' : ''}; ` +
        `if (n === 0) { v[${d0}] = lo; v[${d1}] = hi; } ` +
        `else if (n < 32) { v[${d0}] = ${l1}; v[${d1}] = ${h1}; } ` +
        `else { v[${d0}] = ${l2}; v[${d1}] = ${h2}; } }`
      );
    },
  };
}

function minmax(fn: 'min32' | 'max32', n: 2 | 3): OpGen {
  return {
    float: true,
    maskOut: false,
    maskIn: false,
    gen: (o) => {
      const two = `H.${fn}(${o.u(0)}, ${o.u(1)}, ${o.f(0)}, ${o.f(1)}, ${o.ieee})`;
      if (n === 2) return `v[${o.d}] = ${two};`;
      return `{ const t = ${two}; v[${o.d}] = H.${fn}(t, ${o.u(2)}, H.f32Of(t), ${o.f(2)}, ${o.ieee}); }`;
    },
  };
}

function f32op2(f: (a: string, b: string) => string): OpGen {
  return { float: true, maskOut: false, maskIn: false, gen: (o) => f32Result(o, f(o.f(0), o.f(1)), 2) };
}

function f32op3(f: (a: string, b: string, c: string) => string): OpGen {
  return {
    float: true,
    maskOut: false,
    maskIn: false,
    gen: (o) => f32Result(o, f(o.f(0), o.f(1), o.f(2)), 3),
  };
}

/** A compare: the mask bit of each lane is `cond` of its two sources (as f32 values or uint32 values). */
function compare(float: boolean, cond: (a: string, b: string) => string, signed = false): OpGen {
  const src = (o: LaneOperands, k: number) => (float ? o.f(k) : signed ? `(${o.u(k)} | 0)` : o.u(k));
  return { float, maskOut: true, maskIn: false, gen: (o) => o.maskOut(cond(src(o, 0), src(o, 1))) };
}

for (const p of FCMP_PREDICATES) BY_NAME[`v_cmp_${p}_f32`] = compare(true, FCMP_COND[p]);
for (const p of ICMP_PREDICATES) {
  BY_NAME[`v_cmp_${p}_u32`] = compare(false, ICMP_COND[p]);
  BY_NAME[`v_cmp_${p}_i32`] = compare(false, ICMP_COND[p], true);
}

/** The inlined ops by the interpreter's lane math they stand for. */
export const VALU_GENS: ReadonlyMap<ValuFn, OpGen> = (() => {
  const m = new Map<ValuFn, OpGen>();
  for (const [name, g] of Object.entries(BY_NAME)) {
    const fn = valuSemantics(name);
    if (fn === undefined) throw new Error(`internal: the JIT inlines ${name}, which has no lane math`);
    m.set(fn, g);
  }
  return m;
})();
