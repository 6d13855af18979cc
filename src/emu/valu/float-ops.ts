// The lane math of every f32/f64 VALU op of gfx900/gfx906/gfx908 that does not involve f16, by LLVM op
// name (no encoding suffix; v_cmpx_* run as their v_cmp_* counterpart). The ops live in f32-arith.ts,
// f32-unary.ts, f64-ops.ts, fcmp-ops.ts and fconv-ops.ts; their shared helpers in f32-util.ts and
// f64-util.ts. v_exp_legacy_f32 and v_log_legacy_f32, which the Vega document only calls "legacy
// semantics", follow CLRX's GcnInstrsVop1.md (f32-unary.ts). Not registered (and so "instruction without
// semantics" at run time):
// - v_interp_p1_f32, v_interp_p2_f32, v_interp_mov_f32: parameter interpolation reads LDS parameters, not
//   lane math on fetched sources.
//
// Readings of the Vega document worth knowing (details at each op):
// - MODE applies per precision (FP_ROUND/FP_DENORM single fields for f32, double fields for f64);
//   conversions round in the result's field. Ops documented "denormals are flushed" (mad/mac/madmk/madak/
//   mad_legacy, rcp, rcp_iflag, rsq, sqrt, log, exp for f32) flush inputs and results whatever MODE says.
// - NaN results: the first NaN source quieted, else the generated NaN 0xffc00000 / 0xfff8000000000000 (the
//   document's examples). Clamp turns NaN into 0 only under DX10_CLAMP; clamp of -0 gives +0.
// - mul_legacy/mad_legacy: a zero factor gives a +0 product even against NaN or infinity.
// - v_div_fmas scales by 2^+-64 (f32) / 2^+-128 (f64) by S2's exponent, not the document's 2**32/2**64;
//   v_div_scale's "1/S1 and S2/S1 denormal" case scales the denominator down, not up; v_div_fixup turns a
//   NaN quotient of ordinary operands into +-inf. With these the compiler's division sequences give
//   correctly rounded quotients over the whole range (tested).
// - v_cmp_u is "unordered" (a NaN operand), as in the per-opcode table (the summary table's text is wrong).
// - Transcendentals return the double result rounded to f32 (within the documented 1 ULP); f64 rcp/rsq/
//   sqrt return (nearly) correctly rounded values, better than the documented 2^29 ULP.

import { F32_ARITH_OPS } from './f32-arith.js';
import { F32_UNARY_OPS } from './f32-unary.js';
import { F64_OPS } from './f64-ops.js';
import { FCMP_OPS } from './fcmp-ops.js';
import { FCONV_OPS } from './fconv-ops.js';
import type { ValuFn } from './lanes.js';
import { LEGACY_FLOAT_OPS } from './legacy-ops.js';

export const FLOAT_OPS: Record<string, ValuFn> = {
  ...F32_ARITH_OPS,
  ...F32_UNARY_OPS,
  ...F64_OPS,
  ...FCMP_OPS,
  ...FCONV_OPS,
  // gfx6/gfx7-only ops (legacy-ops.ts).
  ...LEGACY_FLOAT_OPS,
};
