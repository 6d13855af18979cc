// What the VALU executor needs of one decoded instruction beyond its VInfo, derived once when the
// instruction is bound (decode.ts) so that the executor does no string work and no per-instruction
// decisions on names: how each source's 16-bit half is selected, where the lane-mask input comes from,
// and how the result is written back.

import type { Inst } from '../inst.js';
import { VCC_LO } from '../wave.js';
import { D_VGPR, K_F16, K_PK, type VInfo } from './info.js';
import type { ValuFn } from './lanes.js';

/** Per-instruction extra state the VALU decoder stores in Inst.op. */
export interface ValuOp {
  readonly info: VInfo;
  readonly fn: ValuFn;
  /** 0: e32, 1: VOP3, 2: VOP3P. */
  readonly enc: number;
  /** Fetch-time 16-bit selection of source k in bits 2k+1:2k (HALF_*); sources 0-3 (3: a tied accumulator). */
  readonly half: number;
  /** The SGPR code of the lane-mask input (VCC, or VOP3's src2 pair), or -1 for none. */
  readonly maskIn: number;
  /** How a VGPR result is written back (WB_*). */
  readonly wb: number;
}

/** 16-bit source selection at fetch: none (SDWA and 32-bit sources), the low half, the high half. */
export const HALF_NONE = 0;
export const HALF_LO = 1;
export const HALF_HI = 2;

/** Write-back of a VGPR result: all dwords, SDWA's dst_sel, one 16-bit half (other kept), multi-dword. */
export const WB_PLAIN = 0;
export const WB_SDWA = 1;
export const WB_LO16 = 2;
export const WB_HI16 = 3;
export const WB_WIDE = 4;
/** No VGPR result (compares, SGPR results). */
export const WB_NONE = 5;

/** 16-bit ops that preserve the other half of their destination on gfx9 (Vega ISA, VOP3A opcodes 515-519). */
const PRESERVE_HALF = new Set(['v_mad_f16', 'v_mad_u16', 'v_mad_i16', 'v_fma_f16', 'v_div_fixup_f16']);

/** The fetch-time half selection of source k of kind `kind`. */
function halfOf(i: Inst, info: VInfo, enc: number, k: number, kind: number): number {
  if (kind !== K_F16 && !(kind === K_PK && enc === 0)) return HALF_NONE;
  // 16-bit sources: op_sel picks the half (VOP3), otherwise the low half; SDWA handles its own selects.
  if (i.opSel & (1 << k) && info.opSel) return HALF_HI;
  if (kind === K_F16 && !i.sdwa) return HALF_LO;
  return HALF_NONE;
}

function writeBackOf(i: Inst, info: VInfo): number {
  if (info.dst !== D_VGPR) return WB_NONE;
  if (info.dstWidth !== 1) return WB_WIDE;
  if (i.sdwa && i.dstSel !== 6) return WB_SDWA;
  // The mix ops with a 16-bit result write one half and keep the other.
  if (info.name.endsWith('_mixlo_f16')) return WB_LO16;
  if (info.name.endsWith('_mixhi_f16')) return WB_HI16;
  // op_sel[3] picks the half written. These ops keep the other half; the rest zero the high half when
  // writing the low one (the "legacy" behaviour the Vega document describes).
  if (info.dst16 && info.opSel && (PRESERVE_HALF.has(info.name) || (i.opSel & 8) !== 0))
    return (i.opSel & 8) !== 0 ? WB_HI16 : WB_LO16;
  return WB_PLAIN;
}

/** The ValuOp of instruction `i` (its fields already decoded) running `fn` with `info`. */
export function valuOp(i: Inst, info: VInfo, fn: ValuFn, enc: number): ValuOp {
  let half = 0;
  for (let k = 0; k < info.nsrc; k++) half |= halfOf(i, info, enc, k, info.kind[k]) << (2 * k);
  // The accumulator of a tied op (the destination, read as one more source).
  if (info.tied) half |= halfOf(i, info, enc, info.nsrc, info.dst16 ? K_F16 : 0) << (2 * info.nsrc);
  const maskIn = info.maskIn
    ? enc === 1 && i.src2 < 128
      ? i.src2
      : VCC_LO
    : info.name.startsWith('v_div_fmas')
      ? VCC_LO
      : -1;
  return { info, fn, enc, half, maskIn, wb: writeBackOf(i, info) };
}
