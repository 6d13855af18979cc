// The emulator's registry: how each encoding format it runs becomes executable. Built here from direct
// imports, so importing the emulator (program.ts) is enough for it to work; a format missing from both
// tables is reported as "not executed" by name. BINDERS take an instruction the codec already decoded
// (DecodeOutput.into): they never see the words, so those formats are decoded once.

import type { Format } from '../codec/types.js';
import type { Target } from '../isa/targets.js';
import type { Inst } from './inst.js';
import { decodeDs } from './mem/ds.js';
import { bindFlat } from './mem/flat.js';
import { decodeMimg } from './mem/image.js';
import { decodeMtbuf, decodeMubuf } from './mem/mubuf.js';
import { decodeSmem } from './mem/smem.js';
import { decodeSop1, decodeSop2, decodeSopc, decodeSopk, decodeSopp } from './salu/exec.js';
import { bindVop, bindVop3, bindVop3p } from './valu/decode.js';

/** Decodes the instruction at dword `at` into `i`; returns its size in dwords, 0 if invalid. */
export type ExecDecoder = (words: Uint32Array, at: number, n: number, i: Inst, t: Target) => number;

const DECODERS: Partial<Record<Format, ExecDecoder>> = {
  sop1: decodeSop1,
  sop2: decodeSop2,
  sopc: decodeSopc,
  sopk: decodeSopk,
  sopp: decodeSopp,
  smem: decodeSmem,
  ds: decodeDs,
  mubuf: decodeMubuf,
  mtbuf: decodeMtbuf,
  mimg: decodeMimg,
};

/**
 * Makes an instruction the codec decoded into `i` executable (sets run, fn, op and the execution fields
 * derived from the decoded ones); returns its size in dwords, 0 if not executed.
 */
export type ExecBinder = (i: Inst, t: Target) => number;

const BINDERS: Partial<Record<Format, ExecBinder>> = {
  vop1: bindVop,
  vop2: bindVop,
  vopc: bindVop,
  vop3: bindVop3,
  vop3p: bindVop3p,
  flat: bindFlat,
};

/** The binder of a format whose codec fills the Decoded, if the emulator executes it. */
export function binderFor(f: string): ExecBinder | undefined {
  return BINDERS[f as Format];
}

/** The execution decoder of a format, if the emulator executes it. */
export function decoderFor(f: string): ExecDecoder | undefined {
  return DECODERS[f as Format];
}
