// What the VALU executor needs to know about each op, derived once from the ISA tables the decoder uses
// (vop-profile.ts, vop3-ops.ts, vop3-packed.ts): operand widths, how constants and neg/abs apply to each
// source, where the result goes, and which lane-mask inputs and outputs the op has.

import type { OperandType } from '../../codec/operands.js';
import {
  VF_CARRY_OUT,
  VF_CMPX,
  VF_MADAK,
  VF_MADMK,
  VF_MASK_IN,
  VF_TIED,
  type VopProfile,
} from '../../isa/vop-profile.js';
import type { Vop3OpShape, Vop3Type } from '../../isa/vop3-ops.js';
import type { PackedOp } from '../../isa/vop3-packed.js';

/** How a source's constants resolve and where its sign bit is. */
export const K_INT = 0; // 32-bit integer: float constants use the f32 patterns
export const K_F32 = 1;
export const K_F16 = 2; // also 16-bit integers (inline float constants are f16 patterns)
export const K_F64 = 3;
export const K_I64 = 4;
export const K_PK = 5; // packed 16-bit pair
export const K_V128 = 6;

export const D_VGPR = 0;
export const D_MASK = 1;
export const D_NONE = 2;
export const D_SGPR = 3;

export interface VInfo {
  readonly name: string;
  /** Number of sources read from the encoding (excluding the lane-mask input and madmk/madak's K). */
  readonly nsrc: number;
  /** K_* kind of each source. */
  readonly kind: readonly number[];
  /** Dwords per lane of each source. */
  readonly width: readonly number[];
  readonly dst: number;
  /** Dwords per lane of the VGPR result. */
  readonly dstWidth: number;
  /** The result is 16 bits wide (op_sel may place it in the high half). */
  readonly dst16: boolean;
  /** VOP3 op_sel exists and selects the halves of 16-bit sources and of a 16-bit result. */
  readonly opSel: boolean;
  readonly carryOut: boolean;
  readonly maskIn: boolean;
  readonly cmpx: boolean;
  /** Reads the destination as an extra last source (v_mac_*, v_fmac_*, v_dot*c_*). */
  readonly tied: boolean;
  readonly madmk: boolean;
  readonly madak: boolean;
}

function kindOf(t: OperandType | Vop3Type): number {
  switch (t) {
    case 'f32':
      return K_F32;
    case 'f16':
    case 'i16':
      return K_F16;
    case 'f64':
      return K_F64;
    case 'b64':
    case 'i64':
      return K_I64;
    case 'v2f16':
    case 'v2i16':
      return K_PK;
    case 'v128':
      return K_V128;
    default:
      return K_INT;
  }
}

function widthOf(t: OperandType | Vop3Type): number {
  return t === 'f64' || t === 'b64' || t === 'i64' ? 2 : t === 'v128' ? 4 : 1;
}

const is16 = (t: OperandType | Vop3Type | null): boolean => t === 'f16' || t === 'i16';

/** Info of a VOP1/VOP2/VOPC op, in any of its encodings. */
export function vopInfo(p: VopProfile, opSel = false): VInfo {
  const src = p.src;
  const tied = (p.flags & VF_TIED) !== 0;
  return {
    name: p.name,
    nsrc: src.length,
    kind: src.map(kindOf),
    width: src.map(widthOf),
    dst:
      p.dstKind === 'vgpr' ? D_VGPR : p.dstKind === 'mask' ? D_MASK : p.dstKind === 'sgpr' ? D_SGPR : D_NONE,
    dstWidth: p.dst !== null && p.dstKind === 'vgpr' ? widthOf(p.dst) : 1,
    dst16: is16(p.dst),
    opSel,
    carryOut: (p.flags & VF_CARRY_OUT) !== 0,
    maskIn: (p.flags & VF_MASK_IN) !== 0,
    cmpx: (p.flags & VF_CMPX) !== 0,
    tied,
    madmk: (p.flags & VF_MADMK) !== 0,
    madak: (p.flags & VF_MADAK) !== 0,
  };
}

/** Info of a VOP3-only op. */
export function vop3OnlyInfo(s: Vop3OpShape): VInfo {
  return {
    name: s.name,
    nsrc: s.src.length,
    kind: s.src.map(kindOf),
    width: s.src.map(widthOf),
    dst: s.shape === 'sdst' || s.shape === 'plain' || s.shape === 'writelane' ? D_VGPR : D_SGPR,
    dstWidth: widthOf(s.dst),
    dst16: is16(s.dst),
    opSel: s.opSel > 0,
    carryOut: s.shape === 'sdst',
    maskIn: false,
    cmpx: false,
    // v_cvt_pkaccum_u8_f32 inserts a byte into its destination: the old value is its third input.
    tied: s.name === 'v_cvt_pkaccum_u8_f32',
    madmk: false,
    madak: false,
  };
}

/** Info of a VOP3P op (packed math, dot products, mix). */
export function packedInfo(p: PackedOp): VInfo {
  const mix = p.kind === 'mix';
  const dotInt = p.kind === 'packedNoSel';
  const f32acc = p.name.startsWith('v_dot') || mix;
  const kinds: number[] = [];
  for (let k = 0; k < p.nsrc; k++) {
    // dot products accumulate into a 32-bit src2; mix ops take raw 32-bit sources and select themselves.
    if (mix || p.kind === 'accRead' || p.kind === 'accWrite' || p.kind === 'mfma') kinds.push(K_INT);
    else if (dotInt) kinds.push(K_INT);
    else if (k === 2 && f32acc) kinds.push(K_INT);
    else kinds.push(K_PK);
  }
  return {
    name: p.name,
    nsrc: p.nsrc,
    kind: kinds,
    width: kinds.map(() => 1),
    dst: D_VGPR,
    dstWidth: 1,
    dst16: false,
    opSel: false,
    carryOut: false,
    maskIn: false,
    cmpx: false,
    tied: false,
    madmk: false,
    madak: false,
  };
}
