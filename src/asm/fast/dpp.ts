// The DPP forms of VOP1/VOP2 ops on the fast path (asm/families/valu-sdwa-dpp.ts encodeDpp is the
// reference): the op's e32 slots (build.ts vopProgram with P_DPP) with VGPR sources, neg/abs on them where
// the op takes them, and the DPP modifiers after them in llvm-mc's order, each once, no comma: one control (quad_perm:[a,b,c,d],
// row_shl/row_shr/row_ror:1-15, wave_shl/wave_rol/wave_shr/wave_ror:1, row_mirror, row_half_mirror,
// row_bcast:15/31) first, then row_mask and bank_mask (0-15, 15 when absent), bound_ctrl:0/1 (either sets the bit, as
// in LLVM). Word 0 is the e32 word with src0 = 0xfa; the extension dword holds src0, the control, the masks
// and the modifiers: src0[7:0] dpp_ctrl[16:8] bound_ctrl[19] src0_neg[20] src0_abs[21] src1_neg[22]
// src1_abs[23] bank_mask[27:24] row_mask[31:28].
import type { Field } from '../../isa/fields.js';
import {
  FILE,
  kw,
  MODS,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opValue,
  opWord,
} from './operands.js';
import { type Program, S_VCC, S_VGPR, S_VSRC, words } from './program.js';

const { REG: O_REG, KEY: O_KEY, NAMED: O_NAMED, LIST: O_LIST } = OPERAND;
const { V: F_V, SPECIAL: F_SPECIAL } = FILE;
const { NEG: M_NEG, ABS: M_ABS } = MODS;
const K_ROW_MIRROR = kw('row_mirror');
const K_ROW_HALF_MIRROR = kw('row_half_mirror');
const N_QUAD_PERM = named('quad_perm');
const N_ROW_SHL = named('row_shl');
const N_ROW_ROR = named('row_ror');
const N_WAVE_SHL = named('wave_shl');
const N_WAVE_ROR = named('wave_ror');
const N_ROW_BCAST = named('row_bcast');
const N_ROW_MASK = named('row_mask');
const N_BANK_MASK = named('bank_mask');
const N_BOUND_CTRL = named('bound_ctrl');
const WAVE_CTRL = [0x130, 0x134, 0x138, 0x13c];

/** The DPP control of modifier operand k, or -1 when it is not one the fast path takes. */
function control(k: number): number {
  const ok = opKind[k];
  const w = opWord[k];
  if (ok === O_KEY) return w === K_ROW_MIRROR ? 0x140 : w === K_ROW_HALF_MIRROR ? 0x141 : -1;
  if (ok === O_LIST) return w === N_QUAD_PERM ? opValue[k] : -1;
  if (ok !== O_NAMED) return -1;
  const v = opValue[k];
  // row_shl, row_shr, row_ror: 0x101-0x10f, 0x111-0x11f, 0x121-0x12f.
  if (w >= N_ROW_SHL && w <= N_ROW_ROR) return v >= 1 && v <= 15 ? 0x100 + 16 * (w - N_ROW_SHL) + v : -1;
  if (w >= N_WAVE_SHL && w <= N_WAVE_ROR) return v === 1 ? WAVE_CTRL[w - N_WAVE_SHL] : -1;
  if (w === N_ROW_BCAST) return v === 15 ? 0x142 : v === 31 ? 0x143 : -1;
  return -1;
}

/** Encodes operands [0, n) with the DPP program `p`; the number of dwords (2), or 0 for the general path. */
export function encodeDpp(p: Program, n: number): number {
  const slot = p.slot;
  const m = slot.length;
  if (n <= m) return 0;
  words[0] = p.base[0];
  let ext = 0;
  let src = 0;
  for (let k = 0; k < m; k++) {
    if ((k === 0) === (opComma[k] === 1)) return 0;
    const mods = opMods[k];
    const kind = slot[k];
    if (opKind[k] !== O_REG) return 0;
    if (kind === S_VCC) {
      if (mods !== 0 || opFile[k] !== F_SPECIAL || opIndex[k] !== 106 || opCount[k] !== 2) return 0;
      continue;
    }
    // The destination (slot 0) takes no modifiers; the sources those of the op.
    if ((mods & ~(k === 0 ? 0 : p.dppMods)) !== 0 || opFile[k] !== F_V) return 0;
    const dw = kind === S_VSRC ? 1 : p.arg[k];
    const i = opIndex[k];
    if (kind !== S_VSRC && kind !== S_VGPR) return 0;
    if (opCount[k] !== dw || i + dw > 256) return 0;
    if (kind === S_VSRC) {
      ext |= i | (mods & M_NEG ? 1 << 20 : 0) | (mods & M_ABS ? 1 << 21 : 0);
      src++;
      continue;
    }
    const f = p.field[k] as Field;
    words[f.word] |= i << f.shift;
    if (k !== 0) ext |= (mods & M_NEG ? 1 << 22 : 0) | (mods & M_ABS ? 1 << 23 : 0);
  }
  if (src !== 1) return 0;
  let ctrl = -1;
  let rowMask = -1;
  let bankMask = -1;
  let bound = -1;
  // llvm-mc's order: the control first, then row_mask, bank_mask, bound_ctrl (levels 1-3), each once.
  let level = 0;
  for (let k = m; k < n; k++) {
    if (opComma[k] !== 0) return 0;
    const c = control(k);
    const w = opWord[k];
    const v = opValue[k];
    if (c >= 0) {
      if (k !== m) return 0;
      ctrl = c;
    } else if (opKind[k] !== O_NAMED) return 0;
    else if (w === N_ROW_MASK && level < 1 && v >= 0 && v <= 15) {
      rowMask = v;
      level = 1;
    } else if (w === N_BANK_MASK && level < 2 && v >= 0 && v <= 15) {
      bankMask = v;
      level = 2;
    } else if (w === N_BOUND_CTRL && level < 3 && (v === 0 || v === 1)) {
      bound = 1;
      level = 3;
    } else return 0;
  }
  if (ctrl < 0) return 0;
  // src0 = 0xfa selects DPP.
  words[0] |= 0xfa;
  ext |= (ctrl << 8) | (bound > 0 ? 1 << 19 : 0) | ((bankMask < 0 ? 15 : bankMask) << 24);
  words[1] = (ext | ((rowMask < 0 ? 15 : rowMask) << 28)) >>> 0;
  return 2;
}
