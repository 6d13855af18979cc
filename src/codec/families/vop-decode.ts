// Decoding and printing of the 32-bit VALU encodings VOP1, VOP2 and VOPC, with their SDWA (src0 = 0xf9)
// and DPP (src0 = 0xfa) extension dwords, the way llvm-objdump-22 prints them.
// Like LLVM, an SDWA or DPP dword that does not decode falls back to the plain form, where 0xf9/0xfa
// are not valid sources (only v_nop, which has none, still decodes).
// When the caller passes a Decoded (DecodeOutput.into: the emulator's Program), the accepted form's fields
// are stored there in the same pass (fillPlain/fillSdwa/fillDpp below), so no one decodes the word again.

import { VF_CARRY_OUT, VF_LANE, VF_MADAK, VF_MADMK, VF_MASK_IN, VF_SWAP } from '../../isa/vop-profile.js';
import type { Decoded } from '../decoded.js';
import {
  LITERAL,
  type OperandType,
  scalarReg,
  sgprAlignWarning,
  srcOperand,
  TTMP_BASE_GFX9,
  TTMP_BASE_OLD,
  typeDwords,
  vgpr,
} from '../operands.js';
import {
  ascii,
  type ByteTable,
  byteTable,
  HEX_LOWER,
  putB,
  putC,
  putComma,
  putHex,
  putImm32,
  putP,
  putS,
  putT,
  type TextSink,
  textLen,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Format } from '../types.js';
import { vopSrc } from './vop-operands.js';
import { type VopOp, vopOp } from './vop-ops.js';

export const ENC_VOP1 = 0;
export const ENC_VOP2 = 1;
export const ENC_VOPC = 2;
const FORMAT: readonly Format[] = ['vop1', 'vop2', 'vopc'];
/** vcc_lo's scalar operand code: the implicit carry-out / compare result of the 32-bit encodings. */
const VCC_LO = 106;

const SEL = byteTable(['BYTE_0', 'BYTE_1', 'BYTE_2', 'BYTE_3', 'WORD_0', 'WORD_1', 'DWORD']);
// The reserved dst_unused value 3 decodes, and prints as UNUSED_PAD.
const UNUSED = byteTable(['UNUSED_PAD', 'UNUSED_SEXT', 'UNUSED_PRESERVE', 'UNUSED_PAD']);
const OMOD = byteTable(['', ' mul:2', ' mul:4', ' div:2']);
const CLAMP = ascii(' clamp');
const DST_SEL = ascii(' dst_sel:');
const DST_UNUSED = ascii(' dst_unused:');
const SRC0_SEL = ascii(' src0_sel:');
const SRC1_SEL = ascii(' src1_sel:');
const ROW_MASK = ascii(' row_mask:0x');
const BANK_MASK = ascii(' bank_mask:0x');
const BOUND_CTRL = ascii(' bound_ctrl:1');
const SEXT = ascii('sext(');
const NEG = ascii('neg(');

/** Text of every dpp_ctrl value (9 bits), built once. */
const DPP_CTRL = byteTable(
  ((): string[] => {
    const a: string[] = new Array(512).fill('/* Invalid dpp_ctrl value */');
    for (let c = 0; c < 256; c++)
      a[c] = `quad_perm:[${c & 3},${(c >> 2) & 3},${(c >> 4) & 3},${(c >> 6) & 3}]`;
    for (let n = 1; n < 16; n++) {
      a[0x100 + n] = 'row_shl:' + n;
      a[0x110 + n] = 'row_shr:' + n;
      a[0x120 + n] = 'row_ror:' + n;
    }
    a[0x130] = 'wave_shl:1';
    a[0x134] = 'wave_rol:1';
    a[0x138] = 'wave_shr:1';
    a[0x13c] = 'wave_ror:1';
    a[0x140] = 'row_mirror';
    a[0x141] = 'row_half_mirror';
    a[0x142] = 'row_bcast:15';
    a[0x143] = 'row_bcast:31';
    // GFX10/GFX90A controls: LLVM decodes them and says so in a comment (with a doubled space for row_share).
    for (let n = 0; n < 16; n++) {
      a[0x150 + n] = ' /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */';
      a[0x160 + n] = '/* row_xmask is not supported on ASICs earlier than GFX10 */';
    }
    return a;
  })(),
);

/** VOP1 ops whose src0 LLVM types VGPR_32 (it prints other codes with its invalid-operand comment). */

/** Whether LLVM holds the source as an immediate (inline constant or literal), not a register. */
function isImm(code: number): boolean {
  return (code >= 128 && code <= 208) || (code >= 240 && code <= 248) || code === LITERAL;
}

const CLASS_SDST = 0;
const CLASS_VREG_OR_LDS = 1;
const CLASS_VGPR = 2;
const INVALID_REG = [
  "/*Invalid register, operand has 'SReg_32_XM0' register class*/",
  "/*Invalid register, operand has 'VRegOrLds_32' register class*/",
  "/*Invalid register, operand has 'VGPR_32' register class*/",
];

/**
 * The comment LLVM appends to an operand whose code its register class does not allow (it still
 * prints the operand): SGPR-file registers in a VGPR slot (m0 in an SGPR destination), constants,
 * lds_direct outside VRegOrLds. null and the src_* registers pass without comment.
 */
function misfit(code: number, cls: number): string {
  if (code >= 256) return '';
  if (isImm(code)) return '/*Invalid immediate*/';
  if (cls === CLASS_SDST) return code === 124 || code === 254 ? INVALID_REG[cls] : '';
  if (code < 128) return code === 125 ? '' : INVALID_REG[cls];
  return code === 254 && cls === CLASS_VGPR ? INVALID_REG[cls] : '';
}

/**
 * A source with float input modifiers; `neg(...)` instead of `-` on a bare immediate, as LLVM does.
 * `s` is the operand's text, or '' to write VGPR `code - 256` of `dwords` from its table.
 */
function putFpMods(o: TextSink, s: string, code: number, dwords: number, neg: number, abs: number): void {
  const call = neg !== 0 && abs === 0 && isImm(code);
  if (call) putB(o, NEG);
  else if (neg) putC(o, 0x2d);
  if (abs) putC(o, 0x7c);
  if (s === '') putT(o, vgprBytes(dwords), code - 256);
  else putS(o, s);
  if (abs) putC(o, 0x7c);
  if (call) putC(o, 0x29);
}

function fail(out: DecodeOutput): void {
  out.size = 0;
}

function readLiteral(inp: DecodeInput, i: number): number {
  return i + 1 < inp.n ? inp.words[i + 1] : -1;
}

/** The common entry of the three families. */
export function decodeVop(enc: number, inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = enc === ENC_VOP1 ? (w >>> 9) & 0xff : enc === ENC_VOP2 ? (w >>> 25) & 0x3f : (w >>> 17) & 0xff;
  const o = vopOp(inp.target, enc, op);
  if (o === null) {
    fail(out);
    return;
  }
  const src0 = w & 0x1ff;
  const sk = out.sink as TextSink;
  // The flags and the word count read on every word: an operation first reached after optimisation (on
  // the first SDWA word of a cold run) deoptimised the decoder.
  const hasDpp = o.hasDpp;
  const hasSdwa = o.hasSdwa;
  const second = i + 1 < inp.n;
  const w1 = second ? inp.words[i + 1] : 0;
  // An SDWA or DPP dword that does not decode leaves the plain form (its partial text is dropped).
  if (second && ((src0 === 0xfa && hasDpp) || (src0 === 0xf9 && hasSdwa))) {
    const start = sk.pos;
    if (src0 === 0xfa ? dpp(enc, o, w, w1, out, sk) : sdwa(enc, o, w, w1, out, sk)) return;
    sk.pos = start;
  }
  plain(enc, o, w, inp, i, out, sk);
}

/**
 * The size in dwords decodeVop gives the word at `i` if it decodes, read from the op and the fields that
 * add a dword (the SDWA/DPP dword, a literal, madmk/madak's K), without decoding the operands. A guess
 * where the word turns out invalid (or its SDWA/DPP dword does not decode): the caller compares it with
 * what decodeVop then returns (src/codec/size-hint.ts).
 */
export function vopSizeHint(enc: number, inp: DecodeInput, i: number): number {
  const w = inp.words[i];
  const op = enc === ENC_VOP1 ? (w >>> 9) & 0xff : enc === ENC_VOP2 ? (w >>> 25) & 0x3f : (w >>> 17) & 0xff;
  const o = vopOp(inp.target, enc, op);
  if (o === null) return 1;
  // Every field read on every word: a read first reached after optimisation (on the first SDWA word)
  // deoptimised the caller in a cold run.
  const src0 = w & 0x1ff;
  const hasDpp = o.hasDpp;
  const hasSdwa = o.hasSdwa;
  const dstKind = o.p.dstKind;
  const k = (o.p.flags & (VF_MADMK | VF_MADAK)) !== 0;
  const dstLit = dstKind === 'sgpr' && ((w >>> 17) & 0xff) === LITERAL;
  if ((src0 === 0xfa && hasDpp) || (src0 === 0xf9 && hasSdwa)) return 2;
  if (dstKind === 'none') return 1;
  return src0 === LITERAL || dstLit || k ? 2 : 1;
}

function plain(
  enc: number,
  o: VopOp,
  w: number,
  inp: DecodeInput,
  i: number,
  out: DecodeOutput,
  sk: TextSink,
): void {
  const p = o.p;
  const vdst = (w >>> 17) & 0xff;
  const src0 = w & 0x1ff;
  if (p.dstKind === 'none') {
    if (vdst !== 0) {
      fail(out);
      return;
    }
    out.size = 1;
    putS(sk, o.e32);
    if (out.into !== undefined) fillPlain(out.into, enc, o, w, 0, 1);
    return;
  }
  let size = 1;
  let lit = 0;
  const flags = p.flags;
  // A literal follows for a literal source, for madmk/madak's K, and for v_readfirstlane_b32 whose
  // destination code is 255 (LLVM decodes that as a literal, shared with a literal source).
  const dstLit = p.dstKind === 'sgpr' && vdst === LITERAL;
  if (src0 === LITERAL || dstLit || (flags & (VF_MADMK | VF_MADAK)) !== 0) {
    const l = readLiteral(inp, i);
    if (l < 0) {
      fail(out);
      return;
    }
    lit = l;
    size = 2;
  }
  // In a slot that takes no constants LLVM prints a literal as the inline value it equals, if any.
  // The literal's text (the other codes are written from o.s0b); '' when it is not the literal.
  const immSrc0 =
    src0 === LITERAL && p.src[0] !== undefined && ((flags & VF_SWAP) !== 0 || p.dstKind === 'sgpr');
  let s0 = '';
  if (src0 === LITERAL && !immSrc0) {
    const s = vopSrc(src0, o.s0, lit, o.gen);
    if (s === null) {
      fail(out);
      return;
    }
    s0 = s;
  } else if (src0 !== LITERAL && textLen(o.s0b, src0) === 0) {
    fail(out);
    return;
  }
  if (enc === ENC_VOP1) {
    if (p.dstKind === 'sgpr') {
      // v_readfirstlane_b32 sdst, vsrc: LLVM decodes any code in either slot and flags misfits in a comment.
      const d = vdst === LITERAL ? '' : vopSrc(vdst, 'b32', 0, o.gen);
      if (d === null) {
        fail(out);
        return;
      }
      putP(sk, o.e32b);
      if (d === '') putImm32(sk, lit);
      else putS(sk, d);
      putS(sk, misfit(vdst, CLASS_SDST));
      putComma(sk);
      putSrc0(sk, o, src0, s0, immSrc0, lit);
      putS(sk, misfit(src0, CLASS_VREG_OR_LDS));
    } else if (o.vgprSrc0) {
      putP(sk, o.e32b);
      putT(sk, vgprBytes(1), vdst);
      putComma(sk);
      putSrc0(sk, o, src0, s0, immSrc0, lit);
      putS(sk, misfit(src0, CLASS_VGPR));
    } else {
      // The common case, from pre-encoded bytes (text-bytes.ts).
      putP(sk, o.e32b);
      putT(sk, vgprBytes(o.dstDw), vdst);
      putComma(sk);
      putSrc0(sk, o, src0, s0, immSrc0, lit);
    }
  } else if (flags & VF_LANE) {
    // gfx6/gfx7 VOP2 v_readlane_b32/v_writelane_b32: the src1 field holds the lane select's scalar code.
    const lane = vopSrc((w >>> 9) & 0xff, 'b32', 0, o.gen);
    const d = p.dstKind === 'sgpr' ? vopSrc(vdst, 'b32', 0, o.gen) : '';
    if (lane === null || d === null) {
      fail(out);
      return;
    }
    putP(sk, o.e32b);
    if (d === '') putT(sk, vgprBytes(1), vdst);
    else putS(sk, d);
    putComma(sk);
    putSrc0(sk, o, src0, s0, immSrc0, lit);
    putComma(sk);
    putS(sk, lane);
  } else {
    const v1 = (w >>> 9) & 0xff;
    const dw1 = typeDwords(o.s1);
    putP(sk, o.e32b);
    if (flags & (VF_MADMK | VF_MADAK)) {
      putT(sk, vgprBytes(1), vdst);
      putComma(sk);
      putSrc0(sk, o, src0, s0, immSrc0, lit);
      putComma(sk);
      if (flags & VF_MADMK) {
        putHex(sk, lit);
        putComma(sk);
        putT(sk, vgprBytes(dw1), v1);
      } else {
        putT(sk, vgprBytes(dw1), v1);
        putComma(sk);
        putHex(sk, lit);
      }
    } else {
      if (enc === ENC_VOPC) putB(sk, VCC_COMMA);
      else {
        putT(sk, vgprBytes(o.dstDw), vdst);
        if (flags & VF_CARRY_OUT) putB(sk, COMMA_VCC_COMMA);
        else putComma(sk);
      }
      putSrc0(sk, o, src0, s0, immSrc0, lit);
      putComma(sk);
      putT(sk, vgprBytes(dw1), v1);
      if (flags & VF_MASK_IN) putB(sk, COMMA_VCC);
    }
  }
  out.size = size;
  if (out.into !== undefined) fillPlain(out.into, enc, o, w, lit, size);
  // llvm-objdump warns about a misaligned SGPR pair source.
  if (src0 < 128 && o.src0Pair)
    out.comment = sgprAlignWarning(src0, 2, o.sdwa8 || o.old ? TTMP_BASE_OLD : TTMP_BASE_GFX9);
}

const VCC_COMMA = ascii('vcc, ');
const COMMA_VCC_COMMA = ascii(', vcc, ');
const COMMA_VCC = ascii(', vcc');
const VGPR_BYTES: ByteTable[] = [];

/** v0..v255 (or v[n:n+dw-1]) pre-encoded, per width. */
function vgprBytes(dw: number): ByteTable {
  let t = VGPR_BYTES[dw];
  if (t === undefined) {
    t = byteTable(Array.from({ length: 256 }, (_, n) => vgpr(n, dw)));
    VGPR_BYTES[dw] = t;
  }
  return t;
}

/**
 * The plain form's src0: from its table, unless it is the literal (then `s0`, its text, or the inline
 * value it equals when `immSrc0`).
 */
function putSrc0(sk: TextSink, o: VopOp, src0: number, s0: string, immSrc0: boolean, lit: number): void {
  if (src0 !== LITERAL) putT(sk, o.s0b, src0);
  else if (immSrc0) putImm32(sk, lit);
  else putS(sk, s0);
}

/**
 * An SDWA source (`code`: the 9-bit operand code, 256+ for VGPRs; mods: bit 0 sext, bit 1 neg, bit 2
 * abs, as in the SDWA dword at bit 19/27); false when LLVM rejects it.
 */
function putSdwaSrc(o: TextSink, code: number, t: OperandType, fp: boolean, mods: number): boolean {
  // LLVM rejects sext on a float operand and neg/abs on an integer one.
  if (fp ? mods & 1 : mods & 6) return false;
  const s = srcOperand(code, t, 0);
  if (s === null) return false;
  // LLVM accepts but does not print neg/abs on a packed operand (v_pk_fmac_f16).
  if (fp && t !== 'v2f16') putFpMods(o, s, code, 1, mods & 2, mods & 4);
  else if (!fp && mods & 1) {
    putB(o, SEXT);
    putS(o, s);
    putC(o, 0x29);
  } else putS(o, s);
  return true;
}

/** The SDWA form; false (with partial text in `sk`) when it does not decode. */
function sdwa(enc: number, o: VopOp, w: number, w1: number, out: DecodeOutput, sk: TextSink): boolean {
  const p = o.p;
  if (p.dstKind === 'none') {
    // v_nop has no operands: LLVM requires the source fields (clamp, omod, selects, modifiers) to be zero
    // and ignores src0, dst_sel, dst_unused and the unused bits 22 and 30; on gfx8 also omod and S1
    // (bits 14-15 and 31: not fields there).
    if ((w1 & (o.sdwa8 ? 0x3f3f2000 : 0xbf3fe000)) !== 0 || (w & 0x1fe0000) !== 0) return false;
    out.size = 2;
    putS(sk, o.sdwa);
    if (out.into !== undefined) fillSdwa(out.into, enc, o, w, w1);
    return true;
  }
  const src0Sel = (w1 >>> 16) & 7;
  const src1Sel = (w1 >>> 24) & 7;
  // A select of 7 is reserved; llvm-objdump-22 crashes on it (no oracle), we print the words as .long.
  if (src0Sel > 6 || src1Sel > 6) return false;
  // gfx8 has no SGPR sources (bits 23/31 are ignored) and no omod (bits 14-15 ignored).
  const g8 = o.sdwa8;
  const c0 = w1 & 0x800000 && !g8 ? w1 & 0xff : 256 + (w1 & 0xff);
  if (c0 === LITERAL) return false;
  // VOP1 has no src1: its fields must be zero (bit 30 is ignored, and on gfx8 bit 31, S1 from gfx9 on).
  if (enc === ENC_VOP1 && (w1 & (g8 ? 0x3f000000 : 0xbf000000)) !== 0) return false;
  let c1 = 0;
  if (enc !== ENC_VOP1) {
    const v1 = (w >>> 9) & 0xff;
    c1 = w1 & 0x80000000 && !g8 ? v1 : 256 + v1;
    if (c1 === LITERAL) return false;
  }
  putS(sk, o.sdwa);
  putC(sk, 0x20);
  if (enc === ENC_VOPC) {
    if (g8 || !(w1 & 0x8000)) putB(sk, VCC_COMMA);
    else {
      const sd = scalarReg((w1 >>> 8) & 0x7f, 2);
      if (sd === null) return false;
      putS(sk, sd);
      putComma(sk);
    }
    if (!putSdwaSrc(sk, c0, o.s0, o.fp0, (w1 >>> 19) & 7)) return false;
    putComma(sk);
    if (!putSdwaSrc(sk, c1, o.s1, o.fp1, (w1 >>> 27) & 7)) return false;
    // gfx8 VOPC SDWA writes vcc; bit 13 is clamp, the other bits 8-15 are ignored. (gfx9's SDWAB has no
    // clamp/omod: bits 8-15 are the scalar destination.)
    if (g8 && w1 & 0x2000) putB(sk, CLAMP);
    // An explicit SGPR-pair sdst (gfx9's SDWAB) gets llvm-objdump-22's misalignment warning.
    if (!g8 && w1 & 0x8000) out.comment = sgprAlignWarning((w1 >>> 8) & 0x7f, 2, TTMP_BASE_GFX9);
    putB(sk, SRC0_SEL);
    putT(sk, SEL, src0Sel);
    putB(sk, SRC1_SEL);
    putT(sk, SEL, src1Sel);
  } else {
    const dstSel = (w1 >>> 8) & 7;
    if (dstSel > 6) return false;
    if (w1 & 0xc000 && !g8 && !o.fpDst) return false;
    putT(sk, vgprBytes(1), (w >>> 17) & 0xff);
    if (enc === ENC_VOP2 && p.flags & VF_CARRY_OUT) putB(sk, COMMA_VCC_COMMA);
    else putComma(sk);
    if (!putSdwaSrc(sk, c0, o.s0, o.fp0, (w1 >>> 19) & 7)) return false;
    if (enc === ENC_VOP2) {
      putComma(sk);
      if (!putSdwaSrc(sk, c1, o.s1, o.fp1, (w1 >>> 27) & 7)) return false;
      if (p.flags & VF_MASK_IN) putB(sk, COMMA_VCC);
    }
    if (w1 & 0x2000) putB(sk, CLAMP);
    if (!g8) putT(sk, OMOD, (w1 >>> 14) & 3);
    putB(sk, DST_SEL);
    putT(sk, SEL, dstSel);
    putB(sk, DST_UNUSED);
    putT(sk, UNUSED, (w1 >>> 11) & 3);
    putB(sk, SRC0_SEL);
    putT(sk, SEL, src0Sel);
    if (enc === ENC_VOP2) {
      putB(sk, SRC1_SEL);
      putT(sk, SEL, src1Sel);
    }
  }
  out.size = 2;
  if (out.into !== undefined) fillSdwa(out.into, enc, o, w, w1);
  return true;
}

/** The DPP form's controls after the operands. */
function putDppTail(sk: TextSink, w1: number): void {
  putC(sk, 0x20);
  putT(sk, DPP_CTRL, (w1 >>> 8) & 0x1ff);
  putB(sk, ROW_MASK);
  putC(sk, HEX_LOWER[w1 >>> 28]);
  putB(sk, BANK_MASK);
  putC(sk, HEX_LOWER[(w1 >>> 24) & 0xf]);
  if (w1 & 0x80000) putB(sk, BOUND_CTRL);
}

/** The DPP form; false (with partial text in `sk`) when it does not decode. */
function dpp(enc: number, o: VopOp, w: number, w1: number, out: DecodeOutput, sk: TextSink): boolean {
  const p = o.p;
  if (p.dstKind === 'none') {
    if ((w & 0x1fe0000) !== 0 || (w1 & 0xf00000) !== 0) return false;
    out.size = 2;
    putS(sk, o.dpp);
    putDppTail(sk, w1);
    if (out.into !== undefined) fillDpp(out.into, enc, o, w, w1);
    return true;
  }
  // LLVM gives DPP forms neg/abs operands only if some source is a float; VOP1 has no src1 modifiers.
  if ((w1 >>> 20) & (o.dppMods ? 0 : 3)) return false;
  if ((w1 >>> 22) & (enc === ENC_VOP1 || !o.dppMods ? 3 : 0)) return false;
  putS(sk, o.dpp);
  putC(sk, 0x20);
  putT(sk, vgprBytes(o.dstDw), (w >>> 17) & 0xff);
  if (enc !== ENC_VOP1 && p.flags & VF_CARRY_OUT) putB(sk, COMMA_VCC_COMMA);
  else putComma(sk);
  const fp0 = o.fp0 ? w1 >>> 20 : 0;
  putFpMods(sk, '', 256 + (w1 & 0xff), typeDwords(o.s0), fp0 & 1, fp0 & 2);
  if (enc !== ENC_VOP1) {
    putComma(sk);
    const fp1 = o.fp1 ? w1 >>> 22 : 0;
    putFpMods(sk, '', 256 + ((w >>> 9) & 0xff), typeDwords(o.s1), fp1 & 1, fp1 & 2);
    if (p.flags & VF_MASK_IN) putB(sk, COMMA_VCC);
  }
  putDppTail(sk, w1);
  out.size = 2;
  if (out.into !== undefined) fillDpp(out.into, enc, o, w, w1);
  return true;
}

/**
 * The fields every form shares: op = the VopOp row, dst = the VDST field, src0 = the 9-bit source code,
 * src1 = VSRC1 as a VGPR code (256+); gfx6/gfx7's v_readlane/v_writelane keep the lane select's scalar
 * code there. sdst = vcc, where VOPC and the carry-out ops write.
 */
function fillCommon(d: Decoded, enc: number, o: VopOp, w: number, bytes: number): void {
  d.fmt = FORMAT[enc];
  d.name = o.name;
  d.op = o;
  d.size = bytes;
  d.src0 = w & 0x1ff;
  d.src1 = (o.p.flags & VF_LANE ? 0 : 256) + ((w >>> 9) & 0xff);
  d.dst = (w >>> 17) & 0xff;
  d.sdst = VCC_LO;
}

/** The plain 32-bit form: lit = the literal dword (a literal source, madmk/madak's K, or 0). */
function fillPlain(d: Decoded, enc: number, o: VopOp, w: number, lit: number, size: number): void {
  fillCommon(d, enc, o, w, size * 4);
  d.lit = lit;
}

/**
 * SDWA (sdwa = true): sources as 9-bit codes (the S0/S1 bits make them scalar from gfx9 on), the selects,
 * sext/neg/abs as two-bit masks (bit k = source k); VOPC's explicit sdst, or dst_sel, dst_unused, clamp and
 * omod. gfx8 has no SGPR sources, no omod and no explicit sdst (those bits are ignored).
 */
function fillSdwa(d: Decoded, enc: number, o: VopOp, w: number, w1: number): void {
  fillCommon(d, enc, o, w, 8);
  const g8 = o.sdwa8;
  d.sdwa = true;
  d.src0 = (w1 & 0x800000 && !g8 ? 0 : 256) + (w1 & 0xff);
  if (w1 & 0x80000000 && !g8) d.src1 -= 256;
  d.src0Sel = (w1 >>> 16) & 7;
  d.src1Sel = (w1 >>> 24) & 7;
  d.sext = ((w1 >>> 19) & 1) | (((w1 >>> 27) & 1) << 1);
  d.neg = ((w1 >>> 20) & 1) | (((w1 >>> 28) & 1) << 1);
  d.abs = ((w1 >>> 21) & 1) | (((w1 >>> 29) & 1) << 1);
  if (enc === ENC_VOPC) {
    if (w1 & 0x8000 && !g8) d.sdst = (w1 >>> 8) & 0x7f;
  } else {
    d.dstSel = (w1 >>> 8) & 7;
    d.dstUnused = (w1 >>> 11) & 3;
    d.clamp = (w1 & 0x2000) !== 0;
    d.omod = g8 ? 0 : (w1 >>> 14) & 3;
  }
}

/** DPP (dpp = true): src0 is a VGPR; dpp_ctrl, bound_ctrl, the masks, neg/abs as two-bit masks. */
function fillDpp(d: Decoded, enc: number, o: VopOp, w: number, w1: number): void {
  fillCommon(d, enc, o, w, 8);
  d.dpp = true;
  d.src0 = 256 + (w1 & 0xff);
  d.dppCtrl = (w1 >>> 8) & 0x1ff;
  d.boundCtrl = (w1 & 0x80000) !== 0;
  d.neg = ((w1 >>> 20) & 1) | (((w1 >>> 22) & 1) << 1);
  d.abs = ((w1 >>> 21) & 1) | (((w1 >>> 23) & 1) << 1);
  d.bankMask = (w1 >>> 24) & 0xf;
  d.rowMask = w1 >>> 28;
}
