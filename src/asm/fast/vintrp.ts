// The fast path's VINTRP: `v_interp_p1_f32 vdst, vsrc, attrN.c` (p2 alike) and `v_interp_mov_f32 vdst,
// p10|p20|p0, attrN.c`, with or without `_e32`: the form asm/families/mem-vintrp.ts matches, which stays
// the reference for every other spelling (source modifiers, symbols, attribute numbers with leading zeros)
// and every error.
import { VINTRP } from '../../isa/encodings/memory.js';
import type { Generation } from '../../isa/processors.js';
import { FILE, kw, OPERAND, opComma, opCount, opFile, opIndex, opKind, opMods, opWord } from './operands.js';
import * as program from './program.js';

// Imported bindings copied once (see lexer.ts).
const { words } = program;
const { REG: O_REG, KEY: O_KEY, ATTR: O_ATTR } = OPERAND;
const F_V = FILE.V;
const K_P10 = kw('p10');
const K_P20 = kw('p20');
const K_P0 = kw('p0');
const F = VINTRP.gfx9.fields;

/** An op's word with the fixed bits and opcode, and whether it is v_interp_mov (a slot, not a VGPR). */
export interface VintrpProgram {
  readonly base: number;
  readonly mov: boolean;
}

export function vintrpProgram(name: string, opcode: number, g: Generation): VintrpProgram {
  const l = VINTRP[g];
  return {
    base: (l.fixedValue | (opcode << l.fields.op.shift)) >>> 0,
    mov: name.startsWith('v_interp_mov_f32'),
  };
}

const vgpr = (k: number): boolean =>
  opKind[k] === O_REG && opFile[k] === F_V && opCount[k] === 1 && opIndex[k] < 256;

/** Encodes operands [0, n) by `p` into `words`; returns 1, or 0 for the general path. */
export function encodeVintrp(p: VintrpProgram, n: number): number {
  if (n !== 3 || opComma[0] !== 0 || opComma[1] !== 1 || opComma[2] !== 1) return 0;
  if (opMods[0] !== 0 || opMods[1] !== 0 || opMods[2] !== 0) return 0;
  if (!vgpr(0) || opKind[2] !== O_ATTR) return 0;
  let vsrc: number;
  if (p.mov) {
    if (opKind[1] !== O_KEY) return 0;
    const w = opWord[1];
    vsrc = w === K_P10 ? 0 : w === K_P20 ? 1 : w === K_P0 ? 2 : -1;
    if (vsrc < 0) return 0;
  } else {
    if (!vgpr(1)) return 0;
    vsrc = opIndex[1];
  }
  // The attribute's index is N << 2 | channel: the attr and chan fields side by side.
  words[0] = p.base | (vsrc << F.vsrc.shift) | (opIndex[2] << F.chan.shift) | (opIndex[0] << F.vdst.shift);
  return 1;
}
