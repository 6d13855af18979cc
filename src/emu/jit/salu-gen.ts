// The translating engine's scalar ops: the statements of each inlined SALU op over locals a0/a1 (src0,
// or SOPK's SDST register), b0/b1 (src1, or SOPK's simm16), sc (SCC), x0/x1 (EXEC), producing d0/d1. They
// are keyed by the interpreter's SaluFn (ops-arith.ts, ops-bits.ts), so an op is inlined only where the
// interpreter would run that function; every other SALU op calls its SaluFn through the same locals.

import type { SaluFn } from '../salu/context.js';
import { saluSemantics } from '../semantics.js';

export interface SaluGen {
  /** Statements computing the outputs from the inputs (see the file comment). */
  readonly body: string;
  /** Reads the destination's previous value (conditional moves). */
  readonly keep?: boolean;
}

const logic32 = (e: string): SaluGen => ({ body: `d0 = ${e} >>> 0; sc = d0 !== 0 ? 1 : 0;` });
const logic64 = (f: (a: string, b: string) => string): SaluGen => ({
  body: `d0 = ${f('a0', 'b0')} >>> 0; d1 = ${f('a1', 'b1')} >>> 0; sc = (d0 | d1) !== 0 ? 1 : 0;`,
});
const saveexec = (f: (s: string, e: string) => string): SaluGen => ({
  body: `d0 = x0; d1 = x1; x0 = ${f('a0', 'd0')} >>> 0; x1 = ${f('a1', 'd1')} >>> 0; sc = (x0 | x1) !== 0 ? 1 : 0;`,
});
const shift64 = (lo: string, hi: string, lo32: string, hi32: string): SaluGen => ({
  body:
    'const n = b0 & 63; if (n === 0) { d0 = a0; d1 = a1; } ' +
    `else if (n < 32) { d0 = (${lo}) >>> 0; d1 = (${hi}) >>> 0; } else { d0 = (${lo32}) >>> 0; d1 = (${hi32}) >>> 0; } ` +
    'sc = (d0 | d1) !== 0 ? 1 : 0;',
});
const cmp = (e: string): SaluGen => ({ body: `sc = ${e} ? 1 : 0;` });

const BY_NAME: Record<string, SaluGen> = {
  s_mov_b32: { body: 'd0 = a0;' },
  s_mov_b64: { body: 'd0 = a0; d1 = a1;' },
  s_movk_i32: { body: 'd0 = ((b0 << 16) >> 16) >>> 0;' },
  s_cmov_b32: { body: 'if (sc) d0 = a0;', keep: true },
  s_cselect_b32: { body: 'd0 = sc ? a0 : b0;' },
  s_cselect_b64: { body: 'if (sc) { d0 = a0; d1 = a1; } else { d0 = b0; d1 = b1; }' },
  s_add_u32: { body: 'const t = a0 + b0; d0 = t >>> 0; sc = t >= 4294967296 ? 1 : 0;' },
  s_addc_u32: { body: 'const t = a0 + b0 + sc; d0 = t >>> 0; sc = t >= 4294967296 ? 1 : 0;' },
  s_sub_u32: { body: 'd0 = (a0 - b0) >>> 0; sc = b0 > a0 ? 1 : 0;' },
  s_subb_u32: { body: 'const c = sc; d0 = (a0 - b0 - c) >>> 0; sc = b0 + c > a0 ? 1 : 0;' },
  s_add_i32: { body: 'd0 = (a0 + b0) >>> 0; sc = (~(a0 ^ b0) & (a0 ^ d0)) >>> 31;' },
  s_sub_i32: { body: 'd0 = (a0 - b0) >>> 0; sc = ((a0 ^ b0) & (a0 ^ d0)) >>> 31;' },
  s_mul_i32: { body: 'd0 = Math.imul(a0, b0) >>> 0;' },
  s_min_u32: { body: 'const lt = a0 < b0; d0 = lt ? a0 : b0; sc = lt ? 1 : 0;' },
  s_max_u32: { body: 'const gt = a0 > b0; d0 = gt ? a0 : b0; sc = gt ? 1 : 0;' },
  s_min_i32: { body: 'const lt = (a0 | 0) < (b0 | 0); d0 = lt ? a0 : b0; sc = lt ? 1 : 0;' },
  s_max_i32: { body: 'const gt = (a0 | 0) > (b0 | 0); d0 = gt ? a0 : b0; sc = gt ? 1 : 0;' },
  s_and_b32: logic32('(a0 & b0)'),
  s_or_b32: logic32('(a0 | b0)'),
  s_xor_b32: logic32('(a0 ^ b0)'),
  s_andn2_b32: logic32('(a0 & ~b0)'),
  s_orn2_b32: logic32('(a0 | ~b0)'),
  s_and_b64: logic64((a, b) => `(${a} & ${b})`),
  s_or_b64: logic64((a, b) => `(${a} | ${b})`),
  s_xor_b64: logic64((a, b) => `(${a} ^ ${b})`),
  s_andn2_b64: logic64((a, b) => `(${a} & ~${b})`),
  s_orn2_b64: logic64((a, b) => `(${a} | ~${b})`),
  s_not_b32: logic32('~a0'),
  s_lshl_b32: logic32('(a0 << (b0 & 31))'),
  s_lshr_b32: logic32('(a0 >>> (b0 & 31))'),
  s_ashr_i32: logic32('((a0 | 0) >> (b0 & 31))'),
  // 64-bit shifts (address arithmetic): count 0, 1-31 (bits cross between the dwords), 32-63.
  s_lshl_b64: shift64('a0 << n', '(a1 << n) | (a0 >>> (32 - n))', '0', 'a0 << (n - 32)'),
  s_lshr_b64: shift64('(a0 >>> n) | (a1 << (32 - n))', 'a1 >>> n', 'a1 >>> (n - 32)', '0'),
  s_ashr_i64: shift64(
    '(a0 >>> n) | (a1 << (32 - n))',
    '(a1 | 0) >> n',
    '(a1 | 0) >> (n - 32)',
    '(a1 | 0) >> 31',
  ),
  s_and_saveexec_b64: saveexec((s, e) => `(${s} & ${e})`),
  s_or_saveexec_b64: saveexec((s, e) => `(${s} | ${e})`),
  s_xor_saveexec_b64: saveexec((s, e) => `(${s} ^ ${e})`),
  s_andn2_saveexec_b64: saveexec((s, e) => `(${s} & ~${e})`),
  s_cmp_eq_u32: cmp('a0 === b0'),
  s_cmp_lg_u32: cmp('a0 !== b0'),
  s_cmp_gt_u32: cmp('a0 > b0'),
  s_cmp_ge_u32: cmp('a0 >= b0'),
  s_cmp_lt_u32: cmp('a0 < b0'),
  s_cmp_le_u32: cmp('a0 <= b0'),
  s_cmp_eq_i32: cmp('a0 === b0'),
  s_cmp_lg_i32: cmp('a0 !== b0'),
  s_cmp_gt_i32: cmp('(a0 | 0) > (b0 | 0)'),
  s_cmp_ge_i32: cmp('(a0 | 0) >= (b0 | 0)'),
  s_cmp_lt_i32: cmp('(a0 | 0) < (b0 | 0)'),
  s_cmp_le_i32: cmp('(a0 | 0) <= (b0 | 0)'),
  s_cmp_eq_u64: cmp('a0 === b0 && a1 === b1'),
  s_cmp_lg_u64: cmp('a0 !== b0 || a1 !== b1'),
};

/** The inlined scalar ops by the interpreter's SaluFn they stand for. */
export const SALU_GENS: ReadonlyMap<SaluFn, SaluGen> = (() => {
  const m = new Map<SaluFn, SaluGen>();
  for (const [name, g] of Object.entries(BY_NAME)) {
    const fn = saluSemantics(name);
    if (fn === undefined) throw new Error(`internal: the JIT inlines ${name}, which has no semantics`);
    m.set(fn, g);
  }
  return m;
})();
