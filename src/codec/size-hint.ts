// How many dwords the instruction at a word takes if it decodes, from its format and the few fields that
// add a dword, without decoding it: the disassembler plans a window of lines with it, decodes them grouped
// by format, and checks each size against the plan (src/disasm/decode-window.ts). A wrong guess costs
// time only: the plan ends at the first line whose size differs from it.
import { Sopk } from '../isa/ops/scalar-sop.js';
import { FORMAT_COUNT, formatNumberOf, generationOf } from './disasm.js';
import { SOPK_BY_GEN } from './families/sopk.js';
import { ENC_VOP1, ENC_VOP2, ENC_VOPC, vopSizeHint } from './families/vop-decode.js';
import { LITERAL } from './operands.js';
import type { DecodeInput, Format } from './types.js';

const SOP2 = formatNumberOf('sop2');
const SOPC = formatNumberOf('sopc');
const SOP1 = formatNumberOf('sop1');
const SOPK = formatNumberOf('sopk');
const SMEM = formatNumberOf('smem');
const VOP1 = formatNumberOf('vop1');
const VOP2 = formatNumberOf('vop2');
const VOPC = formatNumberOf('vopc');

/** Formats whose size depends on the word (sizeHint reads it); the others' size is FIXED_SIZE's. */
const VARIABLE: readonly Format[] = ['sop2', 'sopc', 'sop1', 'sopk', 'smem', 'vop1', 'vop2', 'vopc'];
const ONE_DWORD: readonly Format[] = ['sopp', 'vintrp'];

/**
 * The size in dwords of the instructions of a format, by format number (formatNumbers; 0, no format:
 * 1, a `.long`), or 0 where it depends on the word (sizeHint).
 */
export const FIXED_SIZE = new Uint8Array(FORMAT_COUNT + 1).fill(2);
FIXED_SIZE[0] = 1;
for (const f of VARIABLE) FIXED_SIZE[formatNumberOf(f)] = 0;
for (const f of ONE_DWORD) FIXED_SIZE[formatNumberOf(f)] = 1;

/**
 * The size in dwords of the instruction at word `i`, whose format number is `format`, as decodeInto
 * gives it when the word decodes.
 */
export function sizeHint(inp: DecodeInput, i: number, format: number): number {
  const fixed = FIXED_SIZE[format];
  if (fixed !== 0) return fixed;
  const w = inp.words[i];
  if (format === VOP2) return vopSizeHint(ENC_VOP2, inp, i);
  if (format === VOP1) return vopSizeHint(ENC_VOP1, inp, i);
  if (format === VOPC) return vopSizeHint(ENC_VOPC, inp, i);
  if (format === SOP2 || format === SOPC)
    return (w & 0xff) === LITERAL || ((w >>> 8) & 0xff) === LITERAL ? 2 : 1;
  if (format === SOP1) return (w & 0xff) === LITERAL ? 2 : 1;
  const g = generationOf(inp.target);
  // s_setreg_imm32_b32 has a literal.
  if (format === SOPK) return SOPK_BY_GEN[g][(w >>> 23) & 0x1f]?.kind === Sopk.SetRegImm32 ? 2 : 1;
  // SMRD (gfx6/7) is one dword (gfx7's literal offset is a wrong guess, rare); SMEM two.
  if (format === SMEM) return g === 'gfx6' || g === 'gfx7' ? 1 : 2;
  return 1;
}
