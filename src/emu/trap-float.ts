// Float exceptions for trap handlers: TRAPSTS.EXCP gathers the IEEE exceptions of the f32 arithmetic ops
// and, when MODE.EXCP_EN enables one that occurred, the wave enters the trap handler (trap ID 0) at the
// next instruction. Facts: the Vega ISA document, "Trap and Exception registers" (EXCP bits: 0 invalid,
// 1 input denormal, 2 divide by zero, 3 overflow, 4 underflow, 5 inexact) and "Mode register"
// (EXCP_EN at MODE[18:12]); the conditions are IEEE 754's (underflow: tiny and inexact).
//
// Cost: exceptions are gathered only in dispatches that install a trap handler. The dispatcher then
// fetches instructions through floatTrapFetch, which wraps the covered ops (once per address); without a
// handler the instructions run unwrapped, so the interpreter's hot path is unchanged. Covered: the f32
// ops below in their VOP1/VOP2/VOP3 forms (not SDWA/DPP, not in VGPR indexing mode); other ops gather
// nothing.

import { type Handler, Inst } from './inst.js';
import { isConstCode, readScalar32 } from './scalar-src.js';
import { enterTrap, MODE_EXCP_EN_SHIFT } from './trap.js';
import { f32Of } from './valu/f32-util.js';
import { EXEC_HI, EXEC_LO, type Wave } from './wave.js';

export const EXCP_INVALID = 1;
export const EXCP_DENORMAL = 2;
export const EXCP_DIV0 = 4;
export const EXCP_OVERFLOW = 8;
export const EXCP_UNDERFLOW = 16;
export const EXCP_INEXACT = 32;

/** The exact result (in f64, exact or correctly rounded) of each covered op from its f32 sources. */
const EXACT: Record<string, (a: number, b: number, c: number) => number> = {
  v_add_f32: (a, b) => a + b,
  v_sub_f32: (a, b) => a - b,
  v_subrev_f32: (a, b) => b - a,
  v_mul_f32: (a, b) => a * b,
  v_fma_f32: (a, b, c) => a * b + c,
  v_fmac_f32: (a, b, c) => a * b + c,
  // Not fused: the product is rounded to f32 first.
  v_mad_f32: (a, b, c) => Math.fround(a * b) + c,
  v_mac_f32: (a, b, c) => Math.fround(a * b) + c,
  v_sqrt_f32: (a) => Math.sqrt(a),
  v_rcp_f32: (a) => 1 / a,
  v_rsq_f32: (a) => 1 / Math.sqrt(a),
};

/** Ops whose ±0 source is a division by zero. */
const DIVIDES = new Set(['v_rcp_f32', 'v_rsq_f32']);

/** Whether the op is covered, i.e. floatTrapFetch wraps it. */
export function gathersFloatExceptions(name: string): boolean {
  return Object.hasOwn(EXACT, name);
}

function isDenormal(bits: number): boolean {
  return (bits & 0x7f800000) === 0 && (bits & 0x7fffff) !== 0;
}

function isSignalingNaN(bits: number): boolean {
  return (bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0 && (bits & 0x400000) === 0;
}

/** The IEEE exceptions of one lane: sources (bits, modifiers applied) and the f32 result bits. */
export function laneExceptions(name: string, src: Uint32Array, n: number, result: number): number {
  let flags = 0;
  let anyNaN = false;
  let allFinite = true;
  for (let k = 0; k < n; k++) {
    const b = src[k];
    if (isDenormal(b)) flags |= EXCP_DENORMAL;
    if (isSignalingNaN(b)) flags |= EXCP_INVALID;
    if ((b & 0x7f800000) === 0x7f800000) {
      allFinite = false;
      if ((b & 0x7fffff) !== 0) anyNaN = true;
    }
  }
  const r = f32Of(result);
  if (Number.isNaN(r)) {
    if (!anyNaN) flags |= EXCP_INVALID;
    return flags;
  }
  if (DIVIDES.has(name) && (src[0] & 0x7fffffff) === 0) return flags | EXCP_DIV0;
  if (!allFinite) return flags;
  if (!Number.isFinite(r)) return flags | EXCP_OVERFLOW | EXCP_INEXACT;
  const exact = EXACT[name](f32Of(src[0]), f32Of(src[1]), f32Of(src[2]));
  if (exact !== r) {
    flags |= EXCP_INEXACT;
    if (exact !== 0 && Math.abs(exact) < 2 ** -126) flags |= EXCP_UNDERFLOW;
  }
  return flags;
}

const SRC = new Uint32Array(3 * 64);
const LANE = new Uint32Array(3);

/** Reads source k of lane l as the op will (VGPR, constant or scalar), with VOP3 abs/neg applied. */
function source(w: Wave, i: Inst, k: number, l: number): number {
  const code = k === 0 ? i.src0 : k === 1 ? i.src1 : i.src2;
  let v: number;
  if (code >= 256) v = w.v[(code - 256) * 64 + l];
  else if (isConstCode(code)) v = k === 0 ? i.k0 : k === 1 ? i.k1 : i.k2;
  else v = readScalar32(w, code, i.lit);
  if ((i.abs >>> k) & 1) v &= 0x7fffffff;
  if ((i.neg >>> k) & 1) v ^= 0x80000000;
  return v >>> 0;
}

function wrap(i: Inst): Handler {
  const run = i.run;
  const name = i.name;
  const info = (i.op as { info: { nsrc: number; tied: boolean } }).info;
  const n = info.nsrc;
  return (w) => {
    if (w.gprIdxMode !== 0) {
      run(w, i);
      return;
    }
    const e0 = w.s[EXEC_LO];
    const e1 = w.s[EXEC_HI];
    for (let l = 0; l < 64; l++) {
      if ((((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) | 0) === 0) continue;
      for (let k = 0; k < n; k++) SRC[l * 3 + k] = source(w, i, k, l);
      // v_mac_f32 / v_fmac_f32 read the destination as their third source.
      if (info.tied) SRC[l * 3 + 2] = w.v[i.dst * 64 + l];
    }
    run(w, i);
    let flags = 0;
    for (let l = 0; l < 64; l++) {
      if ((((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) | 0) === 0) continue;
      LANE[0] = SRC[l * 3];
      LANE[1] = SRC[l * 3 + 1];
      LANE[2] = SRC[l * 3 + 2];
      flags |= laneExceptions(name, LANE, info.tied ? 3 : n, w.v[i.dst * 64 + l]);
    }
    if (flags === 0) return;
    w.trapsts = (w.trapsts | flags) >>> 0;
    if ((flags & (w.mode >>> MODE_EXCP_EN_SHIFT) & 0x7f) !== 0 && w.sys.trapEn && !w.sys.priv) {
      enterTrap(w, 0, w.pc);
    }
  };
}

/**
 * The instruction lookup of a dispatch with a trap handler: the covered f32 ops come wrapped (a copy of
 * the decoded instruction whose handler gathers exceptions), the rest as they are.
 */
export function floatTrapFetch(fetch: (pc: number) => Inst): (pc: number) => Inst {
  const wrapped = new Map<number, Inst>();
  return (pc) => {
    // Every address is cached, wrapped or not, so each is looked up in the program once.
    const hit = wrapped.get(pc);
    if (hit !== undefined) return hit;
    const i = fetch(pc);
    let x = i;
    if (gathersFloatExceptions(i.name) && !i.sdwa && !i.dpp && i.op?.info !== undefined) {
      x = Object.assign(new Inst(), i);
      x.run = wrap(i);
    }
    wrapped.set(pc, x);
    return x;
  };
}
