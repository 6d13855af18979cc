// Generation-aware names of the VALU source/destination codes. gfx9's names are srcOperand/scalarReg
// (src/codec/operands.ts); gfx6-8 number the SGPR file differently (SGPRs to s103 on gfx6/7, gfx7's
// FLAT_SCRATCH at 104-105, TBA/TMA at 108-111, TTMP0-11 at 112-123, no apertures/POPS on gfx6/7): those
// names come from the scalar families' table (sregTuple), so one place knows them.
import type { Generation } from '../../isa/processors.js';
import { type OperandType, scalarReg, srcOperand, typeDwords } from '../operands.js';
import { sregTuple } from './scalar-common.js';

/** srcOperand on generation `g`: the text of a 9-bit VALU source, or null where LLVM rejects it. */
export function vopSrc(code: number, t: OperandType, literal: number, g: Generation): string | null {
  if (g === 'gfx9' || code >= 256) return srcOperand(code, t, literal);
  if (code < 128) return sregTuple(code, typeDwords(t), g);
  // gfx6/7 have neither the aperture/POPS registers nor the flat-scratch-base codes, nor the 1/(2*pi)
  // inline constant (code 248, LLVM's FeatureInv2PiInlineImm, gfx8+: llvm-mc-22 -mcpu=gfx600 writes
  // `v_add_f32 v1, 0.15915494, v2` with a literal 0x3e22f983, gfx803 with code 248), as the scalar
  // names say (scalar-common.ts).
  if (g !== 'gfx8' && ((code >= 235 && code <= 239) || code === 230 || code === 231 || code === 248))
    return null;
  return srcOperand(code, t, literal);
}

/** scalarReg on generation `g`: an SGPR-file register tuple (codes 0-127), or null. */
export function vopScalarReg(code: number, dwords: number, g: Generation): string | null {
  return g === 'gfx9' ? scalarReg(code, dwords) : sregTuple(code, dwords, g);
}
