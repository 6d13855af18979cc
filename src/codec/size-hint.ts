// How many dwords the instruction at a word takes if it decodes, from its format and the few fields that
// add a dword, without decoding it: the disassembler plans a window of lines with it, decodes them grouped
// by format, and checks each size against the plan (src/disasm/decode-window.ts). A wrong guess costs
// time only: the plan ends at the first line whose size differs from it.
import { SOP1 as SOP1_LAYOUT, SOP2 as SOP2_LAYOUT, SOPC as SOPC_LAYOUT } from '../isa/encodings/scalar.js';
import { K_GPR_IDX, Sopk, type SopRow } from '../isa/ops/scalar-sop.js';
import { GENERATIONS, type Generation } from '../isa/processors.js';
import { FORMAT_COUNT, formatNumberOf, generationOf } from './disasm.js';
import { SOP1_BY_GEN } from './families/sop1.js';
import { SOP2_BY_GEN } from './families/sop2.js';
import { SOPC_BY_GEN } from './families/sopc.js';
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

/** s_setreg_imm32_b32 has a literal: SOPK sizes by generation and opcode. */
const SOPK_SIZE = Object.fromEntries(
  GENERATIONS.map((g) => [
    g,
    Uint8Array.from(SOPK_BY_GEN[g], (row) => (row?.kind === Sopk.SetRegImm32 ? 2 : 1)),
  ]),
) as Record<Generation, Uint8Array>;

/**
 * SOP1/SOP2/SOPC: which source fields of an opcode bring a literal dword when they hold code 255, as the
 * decoder (scalar-sop.ts) sizes them: bit 0 src0 (not where the op has no src0: s_getpc_b64), bit 1
 * src1 (SOP2/SOPC, not a gpr_idx mode); 0 for a code that is no op. Read as SOP_LITERAL[g][format] at the
 * format's opcode bits (SOP_OP_SHIFT, SOP_OP_MASK); other formats get a one-entry table of 0. A guess
 * from the literal codes alone was wrong for s_getpc_b64 with 255 in its unused src0 field (on the 1M
 * distinct benchmark 9 plans of 8,192 lines ended there, each decoding the rest of its window for
 * nothing and reaching the `.long` path of decodeInto: issue 13).
 */
const NO_SOP = new Uint8Array(1);
const SOP_OP_SHIFT = new Uint8Array(FORMAT_COUNT + 1);
const SOP_OP_MASK = new Uint8Array(FORMAT_COUNT + 1);
for (const [f, l] of [
  [SOP1, SOP1_LAYOUT],
  [SOP2, SOP2_LAYOUT],
  [SOPC, SOPC_LAYOUT],
] as const) {
  SOP_OP_SHIFT[f] = l.fields.op.shift;
  SOP_OP_MASK[f] = l.fields.op.mask;
}

function literalFields(rows: readonly (SopRow | null)[], hasSrc1: boolean): Uint8Array {
  return Uint8Array.from(rows, (r) =>
    r === null ? 0 : (r.profile.src0 !== 0 ? 1 : 0) | (hasSrc1 && r.profile.src1 !== K_GPR_IDX ? 2 : 0),
  );
}

const SOP_LITERAL = Object.fromEntries(
  GENERATIONS.map((g) => {
    const t: Uint8Array[] = Array.from({ length: FORMAT_COUNT + 1 }, () => NO_SOP);
    t[SOP1] = literalFields(SOP1_BY_GEN[g], false);
    t[SOP2] = literalFields(SOP2_BY_GEN[g], true);
    t[SOPC] = literalFields(SOPC_BY_GEN[g], true);
    return [g, t];
  }),
) as Record<Generation, Uint8Array[]>;

/** VOP's encoding number (vopSizeHint) by format number, -1 for the other formats. */
const VOP_ENC = new Int8Array(FORMAT_COUNT + 1).fill(-1);
VOP_ENC[VOP1] = ENC_VOP1;
VOP_ENC[VOP2] = ENC_VOP2;
VOP_ENC[VOPC] = ENC_VOPC;

/**
 * The size in dwords of the instruction at word `i`, whose format number is `format`, as decodeInto
 * gives it when the word decodes. Straight-line: every size is worked out on every word (but VOP's, for
 * VOP words), and the format picks one; an operation first reached after V8 optimised the caller (a
 * SOPK word, rare) deoptimised it in a cold run.
 */
export function sizeHint(inp: DecodeInput, i: number, format: number): number {
  const w = inp.words[i];
  const g = generationOf(inp.target);
  const lits = SOP_LITERAL[g][format][(w >>> SOP_OP_SHIFT[format]) & SOP_OP_MASK[format]];
  const sop =
    ((((w & 0xff) === LITERAL ? 1 : 0) | (((w >>> 8) & 0xff) === LITERAL ? 2 : 0)) & lits) !== 0 ? 2 : 1;
  const sopk = SOPK_SIZE[g][(w >>> 23) & 0x1f];
  // SMRD (gfx6/7) is one dword (gfx7's literal offset is a wrong guess, rare); SMEM two.
  const smem = g === 'gfx6' || g === 'gfx7' ? 1 : 2;
  const enc = VOP_ENC[format];
  if (enc >= 0) return vopSizeHint(enc, inp, i);
  if (format === SOP2 || format === SOPC || format === SOP1) return sop;
  if (format === SOPK) return sopk;
  if (format === SMEM) return smem;
  return FIXED_SIZE[format];
}
