import type { Target } from '../isa/targets.js';
import type { Decoded } from './decoded.js';
import type { TextSink } from './text-bytes.js';

/**
 * The microcode formats of gfx9 as the decoder tells them apart by the high bits of the first dword.
 * SDWA and DPP are not separate here: they are VOP1/VOP2/VOPC words whose src0 field is 0xf9/0xfa.
 */
export type Format =
  | 'sop2'
  | 'sopk'
  | 'sop1'
  | 'sopc'
  | 'sopp'
  | 'smem'
  | 'vop2'
  | 'vop1'
  | 'vopc'
  | 'vop3'
  | 'vop3p'
  | 'vintrp'
  | 'ds'
  | 'mubuf'
  | 'mtbuf'
  | 'mimg'
  | 'exp'
  | 'flat';

/** What the disassembler needs for one position of the input. */
export interface DecodeInput {
  /** The dwords of the section, little-endian; `n` of them are valid. */
  readonly words: Uint32Array;
  readonly n: number;
  readonly target: Target;
}

/**
 * The result of decoding and printing one instruction. Families fill `out` in place and write the text
 * into `sink`, so that the hot loop allocates nothing.
 */
export interface DecodeOutput {
  /** Size in dwords (1, 2 or 3); 0 when the words are not a valid instruction. */
  size: number;
  /** The instruction text exactly as llvm-objdump prints it (no leading tab, no comment); set by decodeAt. */
  text: string;
  /**
   * Branch target as a byte offset relative to the instruction's own address, or NaN.
   * llvm-objdump annotates branches with `<symbol+0x..>`; the driver resolves the symbol.
   */
  branchOffset: number;
  /**
   * Text llvm-objdump appends after the hex dwords as ` ; <comment>` (e.g. `Warning: SGPR_64: scalar reg
   * isn't aligned 1`), or '' for none. decodeAt resets it; families set it when LLVM would.
   */
  comment?: string;
  /**
   * When set, families that decode into a Decoded fill this one (fields, row, text) in the same pass, so
   * the emulator's Program decodes each instruction once. The scalar families do; others ignore it.
   */
  into?: Decoded;
  /**
   * Where the family writes its text as bytes (decodeAt and decodeInto provide it; see text-bytes.ts).
   * Families leave `text` alone: decodeAt fills it from these bytes.
   */
  sink?: TextSink;
  /**
   * Byte offset, relative to the instruction, of a label operand that llvm-objdump symbolizes but does
   * not annotate (s_cbranch_i_fork's second operand), or NaN.
   */
  labelOffset?: number;
}

/**
 * An encoding family: decodes the instruction at word index `i` (whose first dword's high bits already
 * selected this family) and prints it. Must never throw: invalid encodings set out.size = 0.
 */
export type FamilyDecoder = (inp: DecodeInput, i: number, out: DecodeOutput) => void;

/** One entry of `gcnkit isa`: an op as LLVM names it, in one encoding, on one target. */
export interface IsaEntry {
  name: string;
  /** Encoding as the ISA document names it: SOP2, VOP1, VOP3A, VOP3P, DS, MUBUF, FLAT, GLOBAL, ... */
  encoding: string;
  opcode: number;
}

/** What each family module provides. */
export interface Family {
  decode: FamilyDecoder;
  /** The ops this family decodes on the target (every encoding an op has, one entry each). */
  ops(target: Target): IsaEntry[];
}
