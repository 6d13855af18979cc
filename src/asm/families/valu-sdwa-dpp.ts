// The SDWA and DPP forms of VOP1/VOP2/VOPC ops: the 32-bit instruction word with src0 = 0xf9 / 0xfa and
// the extension dword. SDWA (gfx9) takes VGPRs, SGPRs and inline constants in both sources, selects per
// operand, sext() on integer and neg/abs on float sources; DPP takes VGPRs only.
import type { VopOp } from '../../codec/families/vop-ops.js';
import { typeDwords } from '../../codec/operands.js';
import { VF_SWAP, VF_TIED } from '../../isa/vop-profile.js';
import type { AsmInst, EncodeResult, Operand } from '../types.js';
import { NOT_VALID, type ValuMods } from './valu-mods.js';
import {
  BUS_ERROR,
  busViolation,
  type Err,
  encodeSrc,
  err,
  INVALID,
  isErr,
  isVcc,
  ldsDirectError,
  S_AGPR,
  S_LIT,
  S_VGPR,
  type Src,
  sgprPair,
  VCC_BUS,
  vgprIndex,
} from './valu-src.js';

const ENC_VOP1 = 0;
const ENC_VOPC = 2;

/** The positional operands of a VOP1/VOP2/VOPC line by role. */
export interface VopLine {
  dst: Operand | null;
  sdst: Operand | null;
  src0: Operand | null;
  src1: Operand | null;
  mask: Operand | null;
  k: Operand | null;
}

function word0(o: VopOp, enc: number, vdst: number, src1: number, src0: number): number {
  const op = o.opcode;
  if (enc === ENC_VOP1) return (0x7e000000 | (vdst << 17) | (op << 9) | src0) >>> 0;
  if (enc === ENC_VOPC) return (0x7c000000 | (op << 17) | (src1 << 9) | src0) >>> 0;
  return ((op << 25) | (vdst << 17) | (src1 << 9) | src0) >>> 0;
}

/** An SDWA source: [field, scalar bit, modifier bits (sext | neg<<1 | abs<<2)] or an error. */
function sdwaSrc(op: Operand, o: VopOp, k: number): [Src, number, number] | Err {
  const t = k === 0 ? o.s0 : o.s1;
  const fp = k === 0 ? o.fp0 : o.fp1;
  const s = encodeSrc(op, t, typeDwords(t));
  if (isErr(s)) return s;
  if (s.kind === S_LIT || s.kind === S_AGPR) return err(INVALID, op.pos);
  // SDWA's 16-bit integer sources have no 1/(2*pi).
  if (t === 'i16' && s.code === 248) return err(INVALID, op.pos);
  const md = op.mods;
  if (md.sext && fp) return err(NOT_VALID, op.pos);
  if ((md.neg || md.abs) && !fp) return err(NOT_VALID, op.pos);
  const bits = (md.sext ? 1 : 0) | (md.neg ? 2 : 0) | (md.abs ? 4 : 0);
  return [s, s.kind === S_VGPR ? 0 : 1, bits];
}

/** `late`: llvm-mc's error for the modifiers against the form's order (valu-mods.ts leftover), if any. */
export function encodeSdwa(
  o: VopOp,
  enc: number,
  inst: AsmInst,
  l: VopLine,
  m: ValuMods,
  late: Err | null,
): EncodeResult {
  const p = o.p;
  if (p.dstKind === 'none') return late ?? { words: [word0(o, enc, 0, 0, 0xf9), 0] };
  // gfx8 SDWA's VOPC form takes clamp but writes only vcc.
  if (p.flags & VF_SWAP) return err(INVALID, inst.pos);
  if (l.mask && !isVcc(l.mask)) return err(INVALID, l.mask.pos);
  let w1 = 0;
  let vdst = 0;
  if (enc === ENC_VOPC) {
    const sd = l.sdst as Operand;
    if (o.sdwa8) {
      if (!isVcc(sd)) return err(NOT_VALID, inst.pos);
      if (m.clamp) w1 |= 1 << 13;
    } else if (!isVcc(sd)) {
      const c = sgprPair(sd);
      if (isErr(c)) return c;
      w1 |= (0x80 | c) << 8;
    }
  } else {
    if (l.sdst && !isVcc(l.sdst)) return err(INVALID, l.sdst.pos);
    const d = vgprIndex(l.dst as Operand, 1);
    if (isErr(d)) return d;
    vdst = d;
    const dstSel = m.dstSel < 0 ? 6 : m.dstSel;
    const unused = m.dstUnused < 0 ? 2 : m.dstUnused;
    w1 |= (dstSel << 8) | (unused << 11) | (m.clamp ? 1 << 13 : 0) | (m.omod << 14);
  }
  const a = sdwaSrc(l.src0 as Operand, o, 0);
  if (isErr(a)) return a;
  // gfx8 SDWA sources are VGPRs only.
  if (o.sdwa8 && a[1]) return err(INVALID, (l.src0 as Operand).pos);
  w1 |= (a[0].code & 0xff) | ((m.src0Sel < 0 ? 6 : m.src0Sel) << 16) | (a[2] << 19) | (a[1] << 23);
  let b: [Src, number, number] | null = null;
  if (l.src1) {
    const r = sdwaSrc(l.src1, o, 1);
    if (isErr(r)) return r;
    if (o.sdwa8 && r[1]) return err(INVALID, l.src1.pos);
    b = r;
    w1 |= ((m.src1Sel < 0 ? 6 : m.src1Sel) << 24) | (r[2] << 27) | (r[1] << 31);
  }
  if (o.sdwa8 && p.flags & VF_TIED && m.dstSel >= 0 && m.dstSel !== 6) {
    // gfx8's v_mac_f32/v_mac_f16 read the register they write (src2 tied to vdst): llvm-mc-22 takes
    // dst_sel:DWORD only, and reports the first modifier (the line's start with the _sdwa suffix).
    const first = m.clamp && (m.sdwa === null || m.clamp.col < m.sdwa.col) ? m.clamp : m.sdwa;
    return err(INVALID, inst.mnemonic.endsWith('_sdwa') ? inst.pos : (first ?? inst.pos));
  }
  if (late) return late;
  const ld = ldsDirectError([a[0], b ? b[0] : null], inst.mnemonic, true);
  if (ld) return ld;
  const v = busViolation([a[0], b ? b[0] : null], l.mask ? VCC_BUS : -1);
  if (v) return err(BUS_ERROR, v.op.pos);
  return { words: [word0(o, enc, vdst, b ? b[0].code & 0xff : 0, 0xf9), w1 >>> 0] };
}

export function encodeDpp(
  o: VopOp,
  enc: number,
  inst: AsmInst,
  l: VopLine,
  m: ValuMods,
  late: Err | null,
): EncodeResult {
  if (late) return late;
  if (m.dppCtrl < 0) {
    if (m.dppOther) return err(NOT_VALID, m.dppOther);
    return err('too few operands for instruction', inst.pos);
  }
  let w1 = (m.dppCtrl << 8) | (m.boundCtrl << 19) | (m.bankMask << 24) | (m.rowMask << 28);
  const p = o.p;
  if (p.dstKind === 'none') return { words: [word0(o, enc, 0, 0, 0xfa), w1 >>> 0] };
  if (p.flags & VF_SWAP) return err(INVALID, inst.pos);
  if (l.sdst && !isVcc(l.sdst)) return err(INVALID, l.sdst.pos);
  if (l.mask && !isVcc(l.mask)) return err(INVALID, l.mask.pos);
  // The gfx9 DPP forms of ops with 64-bit sources decode but do not assemble; gfx8's assemble with a
  // 32-bit VGPR name (llvm-mc-22 -mcpu=gfx803).
  const d = vgprIndex(l.dst as Operand, o.dstDw);
  if (isErr(d)) return d;
  const s0op = l.src0 as Operand;
  if (typeDwords(o.s0) === 2 && !o.sdwa8) return err(INVALID, s0op.pos);
  if (l.src1 && typeDwords(o.s1) === 2) return err(INVALID, l.src1.pos);
  const s0 = encodeSrc(s0op, o.s0, o.sdwa8 ? 1 : typeDwords(o.s0));
  if (isErr(s0)) return s0;
  if (s0.kind !== S_VGPR) return err(INVALID, s0op.pos);
  const md0 = s0op.mods;
  if (md0.sext || ((md0.neg || md0.abs) && !o.dppMods)) return err(INVALID, s0op.pos);
  w1 |= (s0.code & 0xff) | (md0.neg ? 1 << 20 : 0) | (md0.abs ? 1 << 21 : 0);
  let src1 = 0;
  if (l.src1) {
    const s1 = encodeSrc(l.src1, o.s1, typeDwords(o.s1));
    if (isErr(s1)) return s1;
    // gfx10 DPP reads an SGPR src1; gfx9 does not.
    if (s1.kind !== S_VGPR)
      return err(s1.bus >= 0 ? 'operands are not valid for this GPU or mode' : INVALID, l.src1.pos);
    const md1 = l.src1.mods;
    if (md1.sext || ((md1.neg || md1.abs) && !o.dppMods)) return err(INVALID, l.src1.pos);
    w1 |= (md1.neg ? 1 << 22 : 0) | (md1.abs ? 1 << 23 : 0);
    src1 = s1.code & 0xff;
  }
  return { words: [word0(o, enc, d, src1, 0xfa), w1 >>> 0] };
}
