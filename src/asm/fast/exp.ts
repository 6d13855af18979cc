// The fast path's EXP: `exp TARGET src0, src1, src2, src3 [done] [compr] [vm]`, each source a VGPR or
// `off`, the modifiers in that order, each once (the form asm/families/mem-exp.ts matches, which stays the
// reference for every other spelling and every error). With compr the channel pairs come from the first and
// third sources (as LLVM takes them), each enabling two bits of EN.
import type { Layout } from '../../isa/fields.js';
import { FILE, kw, OPERAND, opComma, opCount, opFile, opIndex, opKind, opMods, opWord } from './operands.js';
import { words } from './program.js';

const { REG: O_REG, KEY: O_KEY, TARGET: O_TARGET } = OPERAND;
const { V: F_V, SPECIAL: F_SPECIAL } = FILE;
const K_OFF = kw('off');
const K_DONE = kw('done');
const K_COMPR = kw('compr');
const K_VM = kw('vm');
/** `null` is read as the named register (scalar code 125); as a target it is 9. */
const NULL_CODE = 125;
const NULL_TARGET = 9;

const src = new Int32Array(4);

/** Encodes operands [0, n) as an EXP of layout `l` into `words`; returns 2, or 0 for the general path. */
export function encodeExp(l: Layout<string>, n: number): number {
  if (n < 5 || n > 8 || opComma[0] === 1) return 0;
  let tgt: number;
  if (opKind[0] === O_TARGET) tgt = opIndex[0];
  else if (opKind[0] === O_REG && opFile[0] === F_SPECIAL && opIndex[0] === NULL_CODE && opCount[0] === 1)
    tgt = NULL_TARGET;
  else return 0;
  // No comma between the target and the first source (one there is the general path's), one before each
  // other source, none before the modifiers.
  for (let k = 1; k <= 4; k++) {
    if (opMods[k] !== 0 || opComma[k] !== (k === 1 ? 0 : 1)) return 0;
    if (opKind[k] === O_KEY && opWord[k] === K_OFF) src[k - 1] = -1;
    else if (opKind[k] === O_REG && opFile[k] === F_V && opCount[k] === 1 && opIndex[k] < 256)
      src[k - 1] = opIndex[k];
    else return 0;
  }
  let done = 0;
  let compr = 0;
  let vm = 0;
  let order = 0;
  for (let k = 5; k < n; k++) {
    if (opComma[k] === 1 || opKind[k] !== O_KEY) return 0;
    const w = opWord[k];
    const at = w === K_DONE ? 1 : w === K_COMPR ? 2 : w === K_VM ? 3 : 0;
    if (at <= order) return 0;
    order = at;
    if (at === 1) done = 1;
    else if (at === 2) compr = 1;
    else vm = 1;
  }
  if (compr) {
    src[1] = src[2];
    src[2] = -1;
    src[3] = -1;
  }
  let en = 0;
  let w1 = 0;
  for (let k = 0; k < 4; k++) {
    if (src[k] < 0) continue;
    en |= compr ? 3 << (2 * k) : 1 << k;
    w1 |= src[k] << (8 * k);
  }
  const f = l.fields;
  words[0] =
    (l.fixedValue |
      (en << f.en.shift) |
      (tgt << f.target.shift) |
      (compr << f.compr.shift) |
      (done << f.done.shift) |
      (vm << f.vm.shift)) >>>
    0;
  words[1] = w1 >>> 0;
  return 2;
}
