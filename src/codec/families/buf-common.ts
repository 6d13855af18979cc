// Operand printing shared by the buffer formats (MUBUF, MTBUF): the second dword is laid out alike,
// vaddr[7:0] vdata[15:8] srsrc[20:16] (in units of 4 SGPRs) ... soffset[31:24].
import type { Field } from '../../isa/fields.js';
import { get } from '../../isa/fields.js';
import type { Generation } from '../../isa/processors.js';
import type { Decoded } from '../decoded.js';
import { scalarReg } from '../operands.js';
import { sregTuple } from './scalar-common.js';

/**
 * soffset as LLVM prints it, by its 8-bit code; null where LLVM rejects it. Unlike a VALU source
 * it takes no literal (LLVM cannot even print code 255) and shows a few codes the VALU tables lack.
 */
export const SOFFSET: (string | null)[] = new Array(256).fill(null);

const SOFFSET_SPECIAL: Record<number, string> = {
  124: 'm0',
  125: 'null',
  126: 'exec_lo',
  127: 'exec_hi',
  230: 'src_flat_scratch_base_lo',
  231: 'src_flat_scratch_base_hi',
  235: 'src_shared_base',
  236: 'src_shared_limit',
  237: 'src_private_base',
  238: 'src_private_limit',
  239: 'src_pops_exiting_wave_id',
  240: '0.5',
  241: '-0.5',
  242: '1.0',
  243: '-1.0',
  244: '2.0',
  245: '-2.0',
  246: '4.0',
  247: '-4.0',
  248: '0.15915494',
  251: 'src_vccz',
  252: 'src_execz',
  253: 'src_scc',
  254: "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/",
};

for (let c = 0; c < 256; c++) {
  if (c < 124) SOFFSET[c] = scalarReg(c, 1);
  else if (c >= 128 && c <= 192) SOFFSET[c] = String(c - 128);
  else if (c >= 193 && c <= 208) SOFFSET[c] = String(192 - c);
  else SOFFSET[c] = SOFFSET_SPECIAL[c] ?? null;
}

/** The 128-bit resource descriptor s[4k:4k+3] or ttmp[...], null where LLVM rejects the field. */
export const SRSRC: (string | null)[] = [];
for (let k = 0; k < 32; k++) SRSRC.push(scalarReg(4 * k, 4));
// LLVM takes s[100:103] here although SGPRs end at s101 on gfx9.
SRSRC[25] = 's[100:103]';

// gfx6-8 number the scalar registers differently from gfx9 above s101: tba/tma at 108-111 and the
// TTMPs from 112 (gfx9: TTMPs from 108). llvm-objdump-22 --mcpu=gfx803 prints these names.
const OLD_SPECIAL: Record<number, string> = {
  102: 'flat_scratch_lo',
  103: 'flat_scratch_hi',
  104: 'xnack_mask_lo',
  105: 'xnack_mask_hi',
  106: 'vcc_lo',
  107: 'vcc_hi',
  108: 'tba_lo',
  109: 'tba_hi',
  110: 'tma_lo',
  111: 'tma_hi',
};
function oldScalar32(c: number): string | null {
  if (c < 102) return 's' + c;
  if (c < 112) return OLD_SPECIAL[c];
  if (c < 124) return 'ttmp' + (c - 112);
  return SOFFSET[c];
}
const OLD_SOFFSET: (string | null)[] = [];
for (let c = 0; c < 256; c++) OLD_SOFFSET.push(c < 124 ? oldScalar32(c) : SOFFSET[c]);
/** s[4k:4k+3] or ttmp[...] on gfx6-8 (tba/tma are not a descriptor). */
const OLD_SRSRC: (string | null)[] = [];
for (let k = 0; k < 32; k++) {
  const c = 4 * k;
  OLD_SRSRC.push(
    c <= 100 ? `s[${c}:${c + 3}]` : c >= 112 && c + 3 <= 123 ? `ttmp[${c - 112}:${c - 109}]` : null,
  );
}
/**
 * gfx6/7, where llvm-objdump cannot disassemble and the text must reassemble with llvm-mc-22 to the same
 * bytes: the codes llvm-mc rejects there (null, the src_* aperture registers, xnack_mask, 1/(2*pi)) are
 * not decoded.
 */
const siSoffset = (g: Generation) =>
  OLD_SOFFSET.map((s, c) =>
    // The SGPR file by the generation's names (s102/s103 where gfx8 has flat_scratch; gfx7's flat_scratch
    // at 104-105): llvm-mc-22 -mcpu=gfx700 writes flat_scratch_lo as soffset code 104.
    c < 128 ? sregTuple(c, 1, g) : c === 248 || (c >= 230 && c <= 239) ? null : s,
  );
const SOFFSET_BY_GEN: Record<Generation, readonly (string | null)[]> = {
  gfx6: siSoffset('gfx6'),
  gfx7: siSoffset('gfx7'),
  gfx8: OLD_SOFFSET,
  gfx9: SOFFSET,
};
const SRSRC_BY_GEN: Record<Generation, readonly (string | null)[]> = {
  gfx6: OLD_SRSRC,
  gfx7: OLD_SRSRC,
  gfx8: OLD_SRSRC,
  gfx9: SRSRC,
};

/** soffset as LLVM prints it on the generation, or null. */
export function soffsetName(code: number, g: Generation): string | null {
  return SOFFSET_BY_GEN[g][code];
}
/** The descriptor s[4k:4k+3] as LLVM prints it on the generation, or null. */
export function srsrcName(k: number, g: Generation): string | null {
  return SRSRC_BY_GEN[g][k];
}

/** The 256-bit image descriptor s[4k:4k+7] / ttmp[...] per generation, null where LLVM rejects it. */
const SRSRC8_GFX9: (string | null)[] = [];
const SRSRC8_OLD: (string | null)[] = [];
for (let k = 0; k < 32; k++) {
  const c = 4 * k;
  SRSRC8_GFX9.push(
    c + 7 <= 103 ? `s[${c}:${c + 7}]` : c >= 108 && c + 7 <= 123 ? `ttmp[${c - 108}:${c - 101}]` : null,
  );
  // LLVM prints ttmp[8:15] at 120 although gfx6-8 have 12 TTMPs.
  SRSRC8_OLD.push(
    c + 7 <= 103 ? `s[${c}:${c + 7}]` : c >= 112 && c <= 120 ? `ttmp[${c - 112}:${c - 105}]` : null,
  );
}
export function srsrc8Name(k: number, g: Generation): string | null {
  return (g === 'gfx9' ? SRSRC8_GFX9 : SRSRC8_OLD)[k];
}

/** The fields MUBUF and MTBUF share (their positions differ per encoding and generation). */
export interface BufFields {
  offset: Field;
  offen: Field;
  idxen: Field;
  glc: Field;
  slc: Field;
  tfe: Field;
  vaddr: Field;
  vdata: Field;
  srsrc: Field;
  soffset: Field;
}

/** Fills the shared buffer fields of `d` (saddr = first SGPR of the descriptor, src0 = the soffset code). */
export function fillBufFields(
  L: BufFields,
  a64: Field | null,
  words: ArrayLike<number>,
  at: number,
  d: Decoded,
): void {
  d.size = 8;
  d.offset = get(L.offset, words, at);
  d.offen = get(L.offen, words, at) === 1;
  d.idxen = get(L.idxen, words, at) === 1;
  d.glc = get(L.glc, words, at) === 1;
  d.addr64 = a64 !== null && get(a64, words, at) === 1;
  d.slc = get(L.slc, words, at) === 1;
  d.tfe = get(L.tfe, words, at) === 1;
  d.vaddr = get(L.vaddr, words, at);
  d.vdata = get(L.vdata, words, at);
  d.saddr = get(L.srsrc, words, at) * 4;
  d.src0 = get(L.soffset, words, at);
}

/**
 * gfx6/7, whose text must reassemble with llvm-mc-22 to the same bytes: whether the address and data
 * registers can be written (tuples inside v0-v255, the unused vaddr field 0 when the address is `off`).
 */
export function siRegsWritable(
  d: Decoded,
  dataDwords: number,
  w0: number,
  w1: number,
  unused0: number,
): boolean {
  // Unused bits (word 0: `unused0`; word 1: bit 21) are written as 0.
  if (w0 & unused0 || (w1 >>> 21) & 1) return false;
  const addrRegs = d.addr64 || (d.idxen && d.offen) ? 2 : d.idxen || d.offen ? 1 : 0;
  if (addrRegs === 0 ? d.vaddr !== 0 : d.vaddr + addrRegs > 256) return false;
  return d.vdata + dataDwords <= 256;
}
