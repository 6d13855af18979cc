// VINTRP: pixel-shader parameter interpolation from the LDS-resident attribute data (one dword).
// With DecodeOutput.into an accepted word's fields also go into that Decoded.
import { perProcessor } from '../../isa/ops/memory-rows.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import {
  ascii,
  byteTable,
  putB,
  putC,
  putComma,
  putDec,
  putT,
  type TextSink,
  VGPR_NAMES,
} from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';

// The OP field (bits 17:16). The Vega document lists these values in the VINTRP field table (chapter 13)
// rather than in an opcode table, so they are not in DOC_OPCODES; value 3 is undefined.
const OPS: readonly (readonly [number, string])[] = [
  [0, 'v_interp_p1_f32'],
  [1, 'v_interp_p2_f32'],
  [2, 'v_interp_mov_f32'],
];
const MOV = 'v_interp_mov_f32';

/** Mnemonic as LLVM prints it by OP (null = undefined): with the _e32 suffix from gfx8 on, bare on gfx6/7. */
const MNEMONIC: (string | null)[] = [null, null, null, null];
for (const [op, name] of OPS) MNEMONIC[op] = name + '_e32';
const MNEMONIC_OLD: (string | null)[] = [null, null, null, null];
for (const [op, name] of OPS) MNEMONIC_OLD[op] = name;
const mnemonics = perProcessor((p) =>
  p.generation === 'gfx6' || p.generation === 'gfx7' ? MNEMONIC_OLD : MNEMONIC,
);
const IS_MOV: boolean[] = [false, false, false, false];
for (const [op, name] of OPS) IS_MOV[op] = name === MOV;

const CHANNEL = ascii('xyzw');
const VGPR = VGPR_NAMES;
/** v_interp_mov_f32's VSRC selects the parameter: P10, P20 or P0. */
const PARAM = byteTable(
  Array.from({ length: 256 }, (_, n) => (n < 3 ? ['p10', 'p20', 'p0'][n] : 'invalid_param_' + n)),
);
const ATTR = ascii(', attr');
const MNEMONIC_B = MNEMONIC.map((m) => (m === null ? null : ascii(m + ' ')));
const MNEMONIC_OLD_B = MNEMONIC_OLD.map((m) => (m === null ? null : ascii(m + ' ')));

/**
 * VINTRP in the Decoded's existing slots: imm = OP, dst = VDST, src0 = VSRC (a VGPR code 256+, or
 * v_interp_mov_f32's parameter 0-2), offset = ATTR (the attribute), offset1 = ATTRCHAN (its channel).
 */
function fillDecoded(d: Decoded, w: number, op: number): void {
  d.fmt = 'vintrp';
  d.name = OPS[op][1];
  d.size = 4;
  d.imm = op;
  d.dst = (w >>> 18) & 0xff;
  d.src0 = (IS_MOV[op] ? 0 : 256) + (w & 0xff);
  d.offset = (w >>> 10) & 0x3f;
  d.offset1 = (w >>> 8) & 3;
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  const w = inp.words[i];
  const op = (w >>> 16) & 3;
  const mnemonic = mnemonics(inp.target)[op];
  out.size = 0;
  if (mnemonic === null) return;
  const vsrc = w & 0xff;
  // gfx6/7 text must reassemble with llvm-mc-22: it knows attr0-attr32 and the parameters p10, p20, p0 only.
  if (mnemonic === MNEMONIC_OLD[op] && (((w >>> 10) & 0x3f) > 32 || (IS_MOV[op] && vsrc > 2))) return;
  const o = out.sink as TextSink;
  putB(o, (mnemonic === MNEMONIC_OLD[op] ? MNEMONIC_OLD_B : MNEMONIC_B)[op] as Uint8Array);
  putT(o, VGPR, (w >>> 18) & 0xff);
  putComma(o);
  putT(o, IS_MOV[op] ? PARAM : VGPR, vsrc);
  putB(o, ATTR);
  putDec(o, (w >>> 10) & 0x3f);
  putC(o, 0x2e);
  putC(o, CHANNEL[(w >>> 8) & 3]);
  out.size = 1;
  if (out.into !== undefined) fillDecoded(out.into, w, op);
}

function ops(_t: Target): IsaEntry[] {
  return OPS.map(([opcode, name]) => ({ name, encoding: 'VINTRP', opcode }));
}

export const vintrp: Family = { decode, ops };
