// The emulator's registry: the execution decoder of every encoding format it runs. Built here from
// direct imports, so importing the emulator (program.ts) is enough for it to work; a format missing
// from this table is reported as "not executed" by name.

import type { Format } from '../codec/types.js';
import type { Target } from '../isa/targets.js';
import type { Inst } from './inst.js';
import { decodeDs } from './mem/ds.js';
import { decodeFlat } from './mem/flat.js';
import { decodeMimg } from './mem/image.js';
import { decodeMtbuf, decodeMubuf } from './mem/mubuf.js';
import { decodeSmem } from './mem/smem.js';
import { decodeSop1, decodeSop2, decodeSopc, decodeSopk, decodeSopp } from './salu/exec.js';
import { decodeVop, decodeVop3, decodeVop3p } from './valu/decode.js';

/** Decodes the instruction at dword `at` into `i`; returns its size in dwords, 0 if invalid. */
export type ExecDecoder = (words: Uint32Array, at: number, n: number, i: Inst, t: Target) => number;

const DECODERS: Partial<Record<Format, ExecDecoder>> = {
  sop1: decodeSop1,
  sop2: decodeSop2,
  sopc: decodeSopc,
  sopk: decodeSopk,
  sopp: decodeSopp,
  smem: decodeSmem,
  vop1: (w, a, n, i, t) => decodeVop(w, a, n, i, t, 0),
  vop2: (w, a, n, i, t) => decodeVop(w, a, n, i, t, 1),
  vopc: (w, a, n, i, t) => decodeVop(w, a, n, i, t, 2),
  vop3: decodeVop3,
  vop3p: decodeVop3p,
  ds: decodeDs,
  flat: decodeFlat,
  mubuf: decodeMubuf,
  mtbuf: decodeMtbuf,
  mimg: decodeMimg,
};

/** The execution decoder of a format, if the emulator executes it. */
export function decoderFor(f: string): ExecDecoder | undefined {
  return DECODERS[f as Format];
}
