// A decoded instruction: the encoding's fields extracted once, constants pre-resolved, and the handler
// that executes it. Field meanings depend on the format; each family's decoder documents what it fills.

import type { Format } from '../codec/types.js';
import type { Wave } from './wave.js';

/** Executes one instruction. The handler advances w.pc (branches set it). */
export type Handler = (w: Wave, i: Inst) => void;

/** Thrown when execution must stop: an instruction without semantics, a fault, the budget. */
export class ExecError extends Error {
  override readonly name = 'ExecError';
}

export class Inst {
  /** Byte address. */
  pc = 0;
  /** Size in bytes. */
  size = 4;
  /** LLVM's op name without encoding suffix. */
  name = '';
  fmt: Format = 'sopp';
  /** The instruction text as llvm-objdump prints it (for reports). */
  text = '';
  run: Handler = unimplemented;

  // Scalar and VALU operand codes (VALU sources: 0-255 scalar/constant codes, 256-511 VGPRs).
  dst = 0;
  src0 = 0;
  src1 = 0;
  src2 = 0;
  /** Second destination (VOP3B sdst, carry-out SGPR pair). */
  sdst = 0;
  /** The literal dword, or the 16-bit immediate of SOPK/SOPP (raw). */
  lit = 0;
  imm = 0;
  /** Pre-resolved 32-bit value of each constant source (inline constant or literal), and its high dword. */
  k0 = 0;
  k1 = 0;
  k2 = 0;
  k0h = 0;
  k1h = 0;
  k2h = 0;

  // VALU modifiers.
  abs = 0;
  neg = 0;
  negHi = 0;
  opSel = 0;
  opSelHi = 0;
  clamp = false;
  omod = 0;
  /** SDWA: 0 none, else fields below; DPP likewise. */
  sdwa = false;
  dstSel = 6;
  dstUnused = 0;
  src0Sel = 6;
  src1Sel = 6;
  sext = 0;
  dpp = false;
  dppCtrl = 0;
  rowMask = 0xf;
  bankMask = 0xf;
  boundCtrl = false;
  /** Whether the VALU op reads AGPRs / writes AGPRs (gfx908 acc bits). */
  acc = 0;

  // Memory fields.
  offset = 0;
  offset1 = 0;
  vaddr = 0;
  vdata = 0;
  saddr = 0;
  glc = false;
  slc = false;
  gds = false;
  seg = 0;
  idxen = false;
  offen = false;
  lds = false;
  /** A per-family op descriptor (memory shape, VALU profile, ...). */
  // biome-ignore lint/suspicious/noExplicitAny: each family stores its own table row here.
  op: any = null;
  /** A per-family function pointer (VALU lane math, SALU semantics). */
  // biome-ignore lint/suspicious/noExplicitAny: typed by the family that sets it.
  fn: any = null;
}

/** The handler of every op without semantics: stops loudly instead of running as a no-op. */
export function unimplemented(_w: Wave, i: Inst): void {
  throw new ExecError(`instruction without semantics: ${i.name || i.text} at pc 0x${i.pc.toString(16)}`);
}

/**
 * The handler of an instruction whose register tuple runs past the last register (e.g. v[255:256]):
 * the encoding is legal but names registers that do not exist, so it stops instead of reading garbage.
 */
export function tupleOutOfRange(what: string): Handler {
  return (_w, i) => {
    throw new ExecError(`${what} runs past v255 in ${i.text} at pc 0x${i.pc.toString(16)}`);
  };
}
