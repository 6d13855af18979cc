// The gfx9 SDWA forms of VOP1/VOP2/VOPC ops on the fast path (asm/families/valu-sdwa-dpp.ts encodeSdwa is
// the reference): the op's e32 word with src0 = 0xf9 and the extension dword. Sources are VGPRs, scalar
// registers (SGPR, TTMP, vcc/exec halves, m0: at most one scalar value) or inline constants, with
// neg/abs on float sources and sext on integer ones; the modifiers after them, each once, in this order (llvm-mc's), no comma: clamp,
// mul:2/mul:4/div:2 (float results), dst_sel, dst_unused, src0_sel, src1_sel (DWORD and UNUSED_PRESERVE
// when absent). VOPC writes vcc or an SGPR pair (sdst with bit 7 set) and takes no clamp, omod or dst
// select. The extension dword: src0[7:0] dst_sel[10:8] dst_unused[12:11] clamp[13] omod[15:14]
// src0_sel[18:16] src0_sext/neg/abs[21:19] s0[23] src1_sel[26:24] src1_sext/neg/abs[29:27] s1[31].
import * as valu from '../families/valu-src.js';
import { ENC_VOP1, ENC_VOPC } from '../families/valu-vop.js';
import {
  FILE,
  kw,
  MODS,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opValue,
  opWord,
} from './operands.js';
import {
  omodOf,
  P_VCC_IN,
  type Program,
  S_SDST,
  S_VCC,
  S_VGPR,
  S_VSRC,
  scalarReg,
  TYPES,
  words,
} from './program.js';

// Imported bindings copied once (see lexer.ts).
const { immCode } = valu;
const { REG: O_REG, INT: O_INT, FLOAT: O_FLOAT, KEY: O_KEY, NAMED: O_NAMED, SEL: O_SEL } = OPERAND;
const { V: F_V, SPECIAL: F_SPECIAL } = FILE;
const { NEG: M_NEG, ABS: M_ABS, SEXT: M_SEXT } = MODS;
const K_CLAMP = kw('clamp');
const N_MUL = named('mul');
const N_DIV = named('div');
const N_DST_SEL = named('dst_sel');
const N_DST_UNUSED = named('dst_unused');
const N_SRC0_SEL = named('src0_sel');
const N_SRC1_SEL = named('src1_sel');
const VCC = 106;

/** Whether operand k is vcc as written plainly. */
function isVcc(k: number): boolean {
  return (
    opKind[k] === O_REG &&
    opFile[k] === F_SPECIAL &&
    opIndex[k] === VCC &&
    opCount[k] === 2 &&
    opMods[k] === 0
  );
}

/** The scalar register a source reads (its code; -1: none yet), for the one-value rule. */
let scalar = -1;

/**
 * Source operand k of type TYPES[type] as its 8-bit code with the scalar flag in bit 8 and the modifier
 * bits (sext | neg << 1 | abs << 2) from bit 9, or -1.
 */
function source(k: number, type: number, allowed: number): number {
  const mods = opMods[k];
  if ((mods & ~allowed) !== 0) return -1;
  const bits = ((mods & M_SEXT ? 1 : 0) | (mods & M_NEG ? 2 : 0) | (mods & M_ABS ? 4 : 0)) << 9;
  const ok = opKind[k];
  if (ok === O_REG) {
    if (opFile[k] === F_V) {
      const i = opIndex[k];
      return opCount[k] === 1 && i < 256 ? i | bits : -1;
    }
    const c = scalarReg(k, 1);
    if (c < 0 || (scalar >= 0 && scalar !== c)) return -1;
    scalar = c;
    return c | 0x100 | bits;
  }
  if (ok !== O_INT && ok !== O_FLOAT) return -1;
  const t = TYPES[type];
  const c = immCode(ok === O_FLOAT, opValue[k], t);
  // No literal; 16-bit integer sources have no 1/(2*pi).
  if (c === 255 || (c === 248 && t === 'i16')) return -1;
  return c | 0x100 | bits;
}

/** Encodes operands [0, n) with the SDWA program `p`; the number of dwords (2), or 0 for the general path. */
export function encodeSdwa(p: Program, n: number): number {
  const slot = p.slot;
  const m = slot.length;
  if (n < m) return 0;
  const vopc = p.sdwaEnc === ENC_VOPC;
  scalar = -1;
  let w0 = p.base[0] | 0xf9;
  let w1 = 0;
  let src = 0;
  for (let k = 0; k < m; k++) {
    if ((k === 0) === (opComma[k] === 1)) return 0;
    const kind = slot[k];
    if (kind === S_VCC) {
      if (!isVcc(k)) return 0;
    } else if (kind === S_VGPR) {
      if (opKind[k] !== O_REG || opFile[k] !== F_V || opCount[k] !== 1 || opMods[k] !== 0) return 0;
      const i = opIndex[k];
      if (i >= 256) return 0;
      w0 |= i << 17;
    } else if (kind === S_SDST) {
      if (isVcc(k)) continue;
      if (opKind[k] !== O_REG || opMods[k] !== 0 || opFile[k] === F_SPECIAL) return 0;
      const c = scalarReg(k, 2);
      if (c < 0) return 0;
      w1 |= (0x80 | c) << 8;
    } else if (kind === S_VSRC) {
      const s = source(k, p.arg[k], p.srcMods[k]);
      if (s < 0) return 0;
      if (src++ === 0) w1 |= (s & 0xff) | (((s >> 9) & 7) << 19) | (((s >> 8) & 1) << 23);
      else {
        w0 |= (s & 0xff) << 9;
        w1 |= (((s >> 9) & 7) << 27) | (((s >> 8) & 1) << 31);
      }
    } else return 0;
  }
  // The implicit vcc read (v_cndmask_b32, carry-in) is the one scalar value: no scalar register besides.
  if (p.flags & P_VCC_IN && scalar >= 0) return 0;
  let clamp = 0;
  let omod = -1;
  let dstSel = -1;
  let unused = -1;
  let sel0 = -1;
  let sel1 = -1;
  // llvm-mc's order (levels 1-6 as listed above), each once.
  let level = 0;
  for (let k = m; k < n; k++) {
    if (opComma[k] !== 0) return 0;
    const ok = opKind[k];
    const w = opWord[k];
    const v = opValue[k];
    let lv: number;
    if (ok === O_SEL) {
      if (w === N_DST_SEL && !vopc) {
        dstSel = v;
        lv = 3;
      } else if (w === N_DST_UNUSED && !vopc) {
        unused = v;
        lv = 4;
      } else if (w === N_SRC0_SEL) {
        sel0 = v;
        lv = 5;
      } else if (w === N_SRC1_SEL && p.sdwaEnc !== ENC_VOP1) {
        sel1 = v;
        lv = 6;
      } else return 0;
    } else if (ok === O_KEY && w === K_CLAMP && !vopc) {
      clamp = 1;
      lv = 1;
    } else if (ok === O_NAMED && p.sdwaOmod && (w === N_MUL || w === N_DIV)) {
      omod = omodOf(w, v);
      if (omod < 0) return 0;
      lv = 2;
    } else return 0;
    if (lv <= level) return 0;
    level = lv;
  }
  if (!vopc)
    w1 |=
      ((dstSel < 0 ? 6 : dstSel) << 8) |
      ((unused < 0 ? 2 : unused) << 11) |
      (clamp << 13) |
      (omod > 0 ? omod << 14 : 0);
  w1 |= (sel0 < 0 ? 6 : sel0) << 16;
  if (p.sdwaEnc !== ENC_VOP1) w1 |= (sel1 < 0 ? 6 : sel1) << 24;
  words[0] = w0 >>> 0;
  words[1] = w1 >>> 0;
  return 2;
}
