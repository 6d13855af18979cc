// The VALU scratchpad: the executor fetches an instruction's sources for all 64 lanes into these typed
// arrays (register, SGPR broadcast, constant or literal; SDWA/op_sel selection and neg/abs already
// applied), calls the op's lane math, then writes the destination back under EXEC (and SDWA/DPP masks).
// Separating fetch from math keeps the semantics independent of encodings and testable on their own.
//
// Layout conventions every ValuFn follows:
// - A 32-bit or 16-bit operand of lane l is at uK[l] (iK/fK are views of the same buffer). 16-bit values
//   sit in bits 15:0 with bits 31:16 zero. Packed (v2f16/v2i16) operands hold both halves in uK[l].
// - A 64-bit operand of lane l is the pair uK[2l] (low dword), uK[2l+1] (high dword); dK[l] is the same
//   bits as a float64.
// - The destination uses the same layout in du/di/df/dd. A 16-bit result is written zero-extended (the
//   executor keeps the other half itself for ops whose op_sel selects the destination half).
// - Ops compute all 64 lanes; the executor masks with EXEC. Inactive lanes hold stale values, which is
//   harmless because lane math has no side effects.
// - maskIn is a 64-bit lane mask (lane l: bit l&31 of maskIn[l>>5]): the carry-in of v_addc/v_subb, the
//   select of v_cndmask, VCC of v_div_fmas. maskOut receives a full 64-bit mask (compare results, carry
//   outs, v_div_scale's VCC); the executor ANDs it with EXEC.
// - mode is the MODE register (FP_ROUND [3:0], FP_DENORM [7:4], DX10_CLAMP [8], IEEE [9]); clamp and omod
//   are the instruction's output modifiers (omod: 0 none, 1 *2, 2 *4, 3 /2). Ops apply denormal
//   flushing, rounding, clamp and omod themselves, because only they know their types.

export class Lanes {
  readonly u0 = new Uint32Array(128);
  readonly i0 = new Int32Array(this.u0.buffer);
  readonly f0 = new Float32Array(this.u0.buffer);
  readonly d0 = new Float64Array(this.u0.buffer);
  readonly u1 = new Uint32Array(128);
  readonly i1 = new Int32Array(this.u1.buffer);
  readonly f1 = new Float32Array(this.u1.buffer);
  readonly d1 = new Float64Array(this.u1.buffer);
  // src2 and the destination hold up to 128-bit operands (v_mqsad_u32_u8: lane l at [4l..4l+3]).
  readonly u2 = new Uint32Array(256);
  readonly i2 = new Int32Array(this.u2.buffer);
  readonly f2 = new Float32Array(this.u2.buffer);
  readonly d2 = new Float64Array(this.u2.buffer);
  readonly du = new Uint32Array(256);
  readonly di = new Int32Array(this.du.buffer);
  readonly df = new Float32Array(this.du.buffer);
  readonly dd = new Float64Array(this.du.buffer);
  readonly maskIn = new Uint32Array(2);
  readonly maskOut = new Uint32Array(2);
  mode = 0;
  clamp = false;
  omod = 0;
  // The raw VOP3P modifiers, for the mix ops (v_mad_mix*, v_fma_mix*), which select and convert their
  // sources themselves: bit k of opSel/opSelHi/neg/negHi/abs refers to source k. The sources of a mix op
  // arrive as raw 32-bit register values in u0/u1/u2 with no modifier applied.
  opSel = 0;
  opSelHi = 0;
  neg = 0;
  negHi = 0;
  abs = 0;
}

/** The lane math of one VALU op (see the file comment for the conventions). */
export type ValuFn = (x: Lanes) => void;

/** Bit `l` of a 64-bit lane mask held as two dwords. */
export function laneBit(m: Uint32Array, l: number): number {
  return (m[l >> 5] >>> (l & 31)) & 1;
}
