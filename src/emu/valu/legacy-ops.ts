// Lane math of the VALU ops only gfx6/gfx7 have (Southern/Sea Islands): the "legacy" float ops, the clamped
// transcendentals, the non-reversed shifts and v_mullit_f32. Semantics: the Southern Islands ISA document's
// opcode descriptions (seeds), with the exact cases from CLRX GcnInstrsVop1.md / GcnInstrsVop2.md /
// GcnInstrsVop3.md pseudo-code:
// - v_rcp_clamp / v_rsq_clamp / v_log_clamp: the ordinary op, then an infinite result becomes the largest
//   finite value (sign kept; rsq/log: only +inf / -inf respectively, as the pseudo-code says);
// - v_rcp_legacy_f32: a zero source or an infinite result gives a zero with the source's sign;
//   v_rsq_legacy_f32: an infinite result gives +0;
// - v_min/max_legacy_f32: a NaN src1 gives NaN, else src0 < src1 (>= for max) picks src0 (DX9 rules);
// - v_mac_legacy_f32 is v_mad_legacy_f32 with the destination as addend (0 * x = 0);
// - v_mullit_f32: -MAX_FLOAT unless src2 > 0, then src0 * src1 with 0 * x = 0;
// - v_lshl/lshr/ashr_b32/i32 and _b64/_i64: value in src0, shift count in src1 (the *rev forms swap them).
import { F32_ARITH_OPS } from './f32-arith.js';
import { F32_UNARY_OPS } from './f32-unary.js';
import { flush32, M_DENORM_IN32, nan2, post32, RNE, roundF32 } from './f32-util.js';
import { F64_OPS } from './f64-ops.js';
import type { Lanes, ValuFn } from './lanes.js';

const MAX32 = 0x7f7fffff;
const INF32 = 0x7f800000;

/** Runs `f`, then maps each infinite result through `fix(resultBits, sourceBits)`. */
function after32(f: ValuFn, fix: (r: number, s: number) => number): ValuFn {
  return (x) => {
    f(x);
    const du = x.du;
    const u0 = x.u0;
    for (let l = 0; l < 64; l++) du[l] = fix(du[l], u0[l]) >>> 0;
  };
}

const rcpClamp32 = after32(F32_UNARY_OPS.v_rcp_f32, (r) =>
  (r & 0x7fffffff) === INF32 ? (r & 0x80000000) | MAX32 : r,
);
const rsqClamp32 = after32(F32_UNARY_OPS.v_rsq_f32, (r) => (r === INF32 ? MAX32 : r));
const logClamp32 = after32(F32_UNARY_OPS.v_log_f32, (r) =>
  r === (0x80000000 | INF32) >>> 0 ? 0xff7fffff : r,
);
const rsqLegacy32 = after32(F32_UNARY_OPS.v_rsq_f32, (r) => (r === INF32 ? 0 : r));

/** The zero test runs on the source before the op (rcp may flush it in place: a flushed denormal is zero). */
const rcpLegacy32: ValuFn = (x) => {
  F32_UNARY_OPS.v_rcp_f32(x);
  const du = x.du;
  const u0 = x.u0;
  for (let l = 0; l < 64; l++) {
    const s = u0[l];
    if ((s & 0x7fffffff) === 0 || (du[l] & 0x7fffffff) === INF32) du[l] = s & 0x80000000;
  }
};

/** f64: an infinite result (high dword 0x7ff00000, low 0) becomes +-MAX_DOUBLE (or only +inf when `posOnly`). */
function after64(f: ValuFn, posOnly: boolean): ValuFn {
  return (x) => {
    f(x);
    const du = x.du;
    for (let l = 0; l < 64; l++) {
      const hi = du[2 * l + 1];
      if ((hi & 0x7fffffff) !== 0x7ff00000 || du[2 * l] !== 0) continue;
      if (posOnly && hi & 0x80000000) continue;
      du[2 * l + 1] = ((hi & 0x80000000) | 0x7fefffff) >>> 0;
      du[2 * l] = 0xffffffff;
    }
  };
}

function minMaxLegacy(max: boolean): ValuFn {
  return (x: Lanes) => {
    if ((x.mode & M_DENORM_IN32) === 0) {
      flush32(x.u0);
      flush32(x.u1);
    }
    const { u0, u1, f0, f1, du } = x;
    for (let l = 0; l < 64; l++) {
      const b = u1[l];
      if ((b & 0x7fffffff) > INF32) du[l] = nan2(b, b);
      else {
        const a = f0[l];
        const c = f1[l];
        du[l] = (max ? a >= c : a < c) ? u0[l] : b;
      }
    }
    post32(x);
  };
}

const mullit: ValuFn = (x) => {
  flush32(x.u0);
  flush32(x.u1);
  flush32(x.u2);
  const { f0, f1, f2, du, df } = x;
  const rm = x.mode & 3;
  for (let l = 0; l < 64; l++) {
    const c = f2[l];
    if (!(c > 0)) du[l] = 0xff7fffff;
    else {
      const a = f0[l];
      const b = f1[l];
      df[l] = a === 0 || b === 0 ? 0 : rm === RNE ? Math.fround(a * b) : roundF32(a * b, 0, rm);
    }
  }
  post32(x, true);
};

export const LEGACY_FLOAT_OPS: Record<string, ValuFn> = {
  v_rcp_clamp_f32: rcpClamp32,
  v_rsq_clamp_f32: rsqClamp32,
  v_log_clamp_f32: logClamp32,
  v_rcp_legacy_f32: rcpLegacy32,
  v_rsq_legacy_f32: rsqLegacy32,
  v_rcp_clamp_f64: after64(F64_OPS.v_rcp_f64, false),
  v_rsq_clamp_f64: after64(F64_OPS.v_rsq_f64, true),
  v_min_legacy_f32: minMaxLegacy(false),
  v_max_legacy_f32: minMaxLegacy(true),
  v_mac_legacy_f32: F32_ARITH_OPS.v_mad_legacy_f32,
  v_mullit_f32: mullit,
};

function shift32(kind: 0 | 1 | 2): ValuFn {
  return (x) => {
    const { u0, i0, u1, du } = x;
    for (let l = 0; l < 64; l++) {
      const s = u1[l] & 31;
      du[l] = kind === 0 ? u0[l] << s : kind === 1 ? u0[l] >>> s : i0[l] >> s;
    }
  };
}

/** 64-bit shifts: the value is the pair u0[2l], u0[2l+1]; the count u1[l] & 63. */
function shift64(kind: 0 | 1 | 2): ValuFn {
  return (x) => {
    const { u0, u1, du } = x;
    for (let l = 0; l < 64; l++) {
      const s = u1[l] & 63;
      const lo = u0[2 * l];
      const hi = u0[2 * l + 1];
      let rlo: number;
      let rhi: number;
      if (s === 0) {
        rlo = lo;
        rhi = hi;
      } else if (kind === 0) {
        if (s < 32) {
          rhi = (hi << s) | (lo >>> (32 - s));
          rlo = lo << s;
        } else {
          rhi = lo << (s - 32);
          rlo = 0;
        }
      } else {
        const fill = kind === 2 && hi & 0x80000000 ? 0xffffffff : 0;
        if (s < 32) {
          rlo = (lo >>> s) | (hi << (32 - s));
          rhi = kind === 2 ? (hi | 0) >> s : hi >>> s;
        } else {
          rlo = kind === 2 ? (hi | 0) >> (s - 32) : hi >>> (s - 32);
          rhi = fill;
        }
      }
      du[2 * l] = rlo >>> 0;
      du[2 * l + 1] = rhi >>> 0;
    }
  };
}

export const LEGACY_INT_OPS: Record<string, ValuFn> = {
  v_lshl_b32: shift32(0),
  v_lshr_b32: shift32(1),
  v_ashr_i32: shift32(2),
  v_lshl_b64: shift64(0),
  v_lshr_b64: shift64(1),
  v_ashr_i64: shift64(2),
  v_mul_lo_i32: (x) => {
    const { u0, u1, du } = x;
    for (let l = 0; l < 64; l++) du[l] = Math.imul(u0[l], u1[l]) >>> 0;
  },
};
