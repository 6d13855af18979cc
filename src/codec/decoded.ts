// One decoded instruction: the encoding's fields extracted once, in one shape that the printer, the
// assembler's listing and the emulator consume (the emulator's Inst adds its handler). Field meanings
// depend on the format; each family documents what it fills.

import type { Format } from './types.js';

export class Decoded {
  /** Byte address. */
  pc = 0;
  /** Size in bytes. */
  size = 4;
  /** LLVM's op name without encoding suffix. */
  name = '';
  fmt: Format = 'sopp';
  /** The instruction text as llvm-objdump prints it. */
  text = '';

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
  /** MUBUF/MTBUF/MIMG/FLAT tfe; MUBUF/MTBUF addr64 (gfx6/7: vaddr is a 64-bit address). */
  tfe = false;
  addr64 = false;
  /** MTBUF data and number format fields. */
  dfmt = 0;
  nfmt = 0;
  /** MIMG fields (saddr = T# first SGPR, ssamp = S# first SGPR; a16 is r128 before gfx9). */
  dmask = 0;
  unorm = false;
  da = false;
  a16 = false;
  lwe = false;
  d16 = false;
  ssamp = 0;
  /** A per-family op descriptor (memory shape, VALU profile, ...). */
  // biome-ignore lint/suspicious/noExplicitAny: each family stores its own table row here.
  op: any = null;
}
