// EXP: the single export op, which writes up to four VGPRs to a render target, position, or parameter.
// With DecodeOutput.into an accepted word's fields also go into that Decoded (no op row: op stays null).
import { perProcessor } from '../../isa/ops/memory-rows.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { ascii, byteTable, putB, putC, putComma, putT, type TextSink, VGPR_NAMES } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';

/** Target names by the 6-bit TARGET field; LLVM prints the values gfx9 does not define by number. */
export const TARGET_NAMES: readonly string[] = (() => {
  const t: string[] = [];
  for (let n = 0; n < 64; n++) {
    if (n < 8) t.push('mrt' + n);
    else if (n === 8) t.push('mrtz');
    else if (n === 9) t.push('null');
    else if (n >= 12 && n < 16) t.push('pos' + (n - 12));
    else if (n >= 32) t.push('param' + (n - 32));
    else t.push('invalid_target_' + n);
  }
  return t;
})();

/**
 * gfx6/7, where the text must reassemble with llvm-mc-22 to the same bytes: the encodings it cannot write
 * are not decoded (targets without a name, source fields of disabled or compressed-away channels not 0).
 */
const strict = perProcessor((p) => p.generation === 'gfx6' || p.generation === 'gfx7');
function canonical(w0: number, w1: number): boolean {
  const tgt = (w0 >>> 4) & 0x3f;
  // Bits 25:13 are unused and written as 0.
  if (TARGET_NAMES[tgt].startsWith('invalid_target_') || w0 & 0x03ffe000) return false;
  const en = w0 & 0xf;
  if ((w0 >>> 10) & 1) {
    // Compressed: VSRC0 serves channels 0-1, VSRC1 channels 2-3, each pair enabled together.
    if ((en & 3) % 3 !== 0 || (en >> 2) % 3 !== 0 || w1 >>> 16) return false;
    return (en & 3 || (w1 & 0xff) === 0) !== false && (en & 12 || ((w1 >>> 8) & 0xff) === 0) !== false;
  }
  for (let k = 0; k < 4; k++) if (!(en & (1 << k)) && (w1 >>> (8 * k)) & 0xff) return false;
  return true;
}

const VGPR = VGPR_NAMES;
const TARGETS = byteTable(TARGET_NAMES);
const EXP = ascii('exp ');
const OFF = ascii('off');
const DONE = ascii(' done');
const COMPR = ascii(' compr');
const VM = ascii(' vm');

/** Channel k's source: its VGPR, or `off` when the enable bit is clear. */
function putChannel(o: TextSink, en: number, k: number, v: number): void {
  if (en & (1 << k)) putT(o, VGPR, v);
  else putB(o, OFF);
}

/**
 * EXP in the Decoded's existing slots (no fields of its own: every Inst would carry them): imm = TARGET,
 * dmask = EN (the channel enable mask, as MIMG's), src0, src1, src2, vdata = VSRC0-3 as encoded (VGPR
 * numbers; compr does not remap them), d16 = COMPR (two 16-bit values per VGPR), glc = DONE, slc = VM.
 */
function fillDecoded(d: Decoded, w0: number, w1: number): void {
  d.fmt = 'exp';
  d.name = 'exp';
  d.size = 8;
  d.imm = (w0 >>> 4) & 0x3f;
  d.dmask = w0 & 0xf;
  d.d16 = ((w0 >>> 10) & 1) !== 0;
  d.glc = ((w0 >>> 11) & 1) !== 0;
  d.slc = ((w0 >>> 12) & 1) !== 0;
  d.src0 = w1 & 0xff;
  d.src1 = (w1 >>> 8) & 0xff;
  d.src2 = (w1 >>> 16) & 0xff;
  d.vdata = w1 >>> 24;
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  if (strict(inp.target) && !canonical(w0, w1)) return;
  const en = w0 & 0xf;
  const compr = (w0 >>> 10) & 1;
  // A compressed export packs two 16-bit values per VGPR: enable bits 0-1 name VSRC0 and bits 2-3 VSRC1.
  const o = out.sink as TextSink;
  putB(o, EXP);
  putT(o, TARGETS, (w0 >>> 4) & 0x3f);
  putC(o, 0x20);
  putChannel(o, en, 0, w1 & 0xff);
  putComma(o);
  putChannel(o, en, 1, compr ? w1 & 0xff : (w1 >>> 8) & 0xff);
  putComma(o);
  putChannel(o, en, 2, compr ? (w1 >>> 8) & 0xff : (w1 >>> 16) & 0xff);
  putComma(o);
  putChannel(o, en, 3, compr ? (w1 >>> 8) & 0xff : w1 >>> 24);
  if (w0 & (1 << 11)) putB(o, DONE);
  if (compr) putB(o, COMPR);
  if (w0 & (1 << 12)) putB(o, VM);
  out.size = 2;
  if (out.into !== undefined) fillDecoded(out.into, w0, w1);
}

// The format has no opcode field; the document calls its one op "EXPORT" and LLVM spells it `exp`.
function ops(_t: Target): IsaEntry[] {
  return [{ name: 'exp', encoding: 'EXP', opcode: 0 }];
}

export const exp: Family = { decode, ops };
