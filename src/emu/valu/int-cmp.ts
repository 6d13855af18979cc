// Lane math of the integer v_cmp_* ops (16/32/64-bit, signed and unsigned). The executor maps v_cmpx_X to
// v_cmp_X and writes EXEC itself. Each predicate is a set of outcomes (LT | EQ | GT), so one loop per
// operand type serves all eight predicates, f (empty set) and t (all three) included.

import { ICMP_PREDICATES } from '../../isa/ops/vector-cmp.js';
import type { Lanes, ValuFn } from './lanes.js';

const LT = 1;
const EQ = 2;
const GT = 4;

/** [name, set of outcomes]: the opcode offset is the set (isa/ops/vector-cmp.ts). */
const PREDICATES: readonly (readonly [string, number])[] = ICMP_PREDICATES.map((n, table) => [n, table]);

/** The mask of a predicate that does not look at the operands (v_cmp_f_*, v_cmp_t_*). */
function constant(all: boolean): ValuFn {
  const v = all ? 0xffffffff : 0;
  return (x: Lanes): void => {
    x.maskOut[0] = v;
    x.maskOut[1] = v;
  };
}

// The operands are always read through the signed views: one element type keeps the loads monomorphic,
// and Uint32Array elements of 2^31 and above would be doubles. An unsigned compare flips the sign bits
// first (a < b unsigned exactly when a ^ 2^31 < b ^ 2^31 signed).
const FLIP = 0x80000000 | 0;

/**
 * Compares the dwords of lanes (signed, or unsigned), or their low 16 bits by `bits16` (1 unsigned,
 * 2 signed; 0 the whole dword).
 */
function cmp32(pred: number, signed: boolean, bits16: number): ValuFn {
  const flip = signed || bits16 !== 0 ? 0 : FLIP;
  return (x: Lanes): void => {
    const a = x.i0;
    const b = x.i1;
    let m0 = 0;
    let m1 = 0;
    for (let l = 0; l < 64; l++) {
      let p = a[l] ^ flip;
      let q = b[l] ^ flip;
      if (bits16 === 1) {
        p &= 0xffff;
        q &= 0xffff;
      } else if (bits16 === 2) {
        p = (p << 16) >> 16;
        q = (q << 16) >> 16;
      }
      if (pred & (p < q ? LT : p === q ? EQ : GT)) {
        if (l < 32) m0 |= 1 << l;
        else m1 |= 1 << l;
      }
    }
    x.maskOut[0] = m0;
    x.maskOut[1] = m1;
  };
}

/** Compares 64-bit lanes: the high dwords by the signedness, then the low dwords unsigned. */
function cmp64(pred: number, signed: boolean): ValuFn {
  const flip = signed ? 0 : FLIP;
  return (x: Lanes): void => {
    const a = x.i0;
    const b = x.i1;
    let m0 = 0;
    let m1 = 0;
    for (let l = 0; l < 64; l++) {
      const ph = a[2 * l + 1] ^ flip;
      const qh = b[2 * l + 1] ^ flip;
      const pl = a[2 * l] ^ FLIP;
      const ql = b[2 * l] ^ FLIP;
      const r = ph < qh ? LT : ph > qh ? GT : pl < ql ? LT : pl === ql ? EQ : GT;
      if (pred & r) {
        if (l < 32) m0 |= 1 << l;
        else m1 |= 1 << l;
      }
    }
    x.maskOut[0] = m0;
    x.maskOut[1] = m1;
  };
}

export const CMP_OPS: Record<string, ValuFn> = (() => {
  const t: Record<string, ValuFn> = {};
  for (const [name, pred] of PREDICATES) {
    const fixed = pred === 0 || pred === (LT | EQ | GT);
    t[`v_cmp_${name}_i16`] = fixed ? constant(pred !== 0) : cmp32(pred, false, 2);
    t[`v_cmp_${name}_u16`] = fixed ? constant(pred !== 0) : cmp32(pred, false, 1);
    t[`v_cmp_${name}_i32`] = fixed ? constant(pred !== 0) : cmp32(pred, true, 0);
    t[`v_cmp_${name}_u32`] = fixed ? constant(pred !== 0) : cmp32(pred, false, 0);
    t[`v_cmp_${name}_i64`] = fixed ? constant(pred !== 0) : cmp64(pred, true);
    t[`v_cmp_${name}_u64`] = fixed ? constant(pred !== 0) : cmp64(pred, false);
  }
  return t;
})();
