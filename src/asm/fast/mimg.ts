// The fast path's MIMG: `op vdata, vaddr, srsrc[, ssamp] [dmask:N] [unorm] [glc] [slc] [a16|r128] [tfe]
// [lwe] [da] [d16]`, the modifiers in that order (the cache policy in either), each once: the form
// asm/families/mem-mimg.ts matches, which stays the reference for every other spelling and every error
// (LLVM's data-size, gather and atomic dmask checks included: the fast path declines what they reject).
import { MIMG } from '../../isa/encodings/memory.js';
import { MimgClass, mimgTable } from '../../isa/ops/memory-mimg.js';
import type { Target } from '../../isa/targets.js';
import type { MimgEntry } from '../families/mem-mimg.js';
import { lexed } from './lexer.js';
import * as operands from './operands.js';
import {
  FILE,
  kw,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opTok,
  opValue,
  opWord,
} from './operands.js';
import * as program from './program.js';

// Imported bindings copied once (see lexer.ts).
const { scalarReg, words, putField: put } = program;
const { isKey } = operands;
const { REG: O_REG, NAMED: O_NAMED } = OPERAND;
const { V: F_V, A: F_A } = FILE;
const N_DMASK = named('dmask');
const K_UNORM = kw('unorm');
const K_GLC = kw('glc');
const K_SLC = kw('slc');
const K_R128 = kw('r128');
const K_TFE = kw('tfe');
const K_LWE = kw('lwe');
const K_DA = kw('da');
const K_D16 = kw('d16');
const { start: tokStart, end: tokEnd } = lexed;
// One layout on every generation up to gfx9 (isa/encodings/memory.ts).
const L = MIMG.gfx9.fields;
const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** What encoding an op needs on a target, made once from its table entry. */
export interface MimgProgram {
  /** The first dword's fixed bits and opcode. */
  readonly base0: number;
  /**
   * LLVM's checks after matching (mem-mimg.ts) as data, so that every line runs the same code: the dmask
   * values taken (bit d for dmask d: gather4 one channel, atomics 1, 2 or 4 channels, others any), and the
   * channels vdata holds whatever the dmask (4 for gather4, else 0: the dmask's).
   */
  readonly dmasks: number;
  readonly channels: number;
  readonly sampler: boolean;
  readonly dataWidths: number;
  readonly vaddrWidths: number;
  /** gfx9 spells bit 15 a16, earlier generations r128. */
  readonly a16: boolean;
  /** d16 accepted (the op has it, from gfx8); packed: two 16-bit channels a VGPR (not gfx80x). */
  readonly d16: boolean;
  readonly packed: boolean;
}

export function mimgProgram(t: Target, e: MimgEntry): MimgProgram {
  const proc = mimgTable(t).proc;
  const g = proc.generation;
  const l = MIMG[g];
  return {
    base0: (l.fixedValue | ((e.op.opcodes[g] as number) << l.fields.op.shift)) >>> 0,
    dmasks: dmasksOf(e.op.cls),
    channels: e.op.cls === MimgClass.Gather4 ? 4 : 0,
    sampler: e.sampler,
    dataWidths: e.op.dataWidths,
    vaddrWidths: e.vaddr,
    a16: g === 'gfx9',
    d16: e.op.d16 && g !== 'gfx6' && g !== 'gfx7',
    packed: !proc.features.has('unpacked-d16-vmem'),
  };
}

/** The dmask values an op of class `cls` takes (bit d for dmask d). */
function dmasksOf(cls: MimgClass): number {
  let m = 0;
  for (let d = 0; d < 16; d++) {
    const ok =
      cls === MimgClass.Gather4
        ? POPCOUNT4[d] === 1
        : cls === MimgClass.Atomic
          ? d === 1 || d === 3 || d === 15
          : true;
    if (ok) m |= 1 << d;
  }
  return m;
}

/** `a16` as written (an AGPR to the operand reader; `acc16` is not the keyword). */
const isA16 = (k: number): boolean =>
  opKind[k] === O_REG &&
  opFile[k] === F_A &&
  opIndex[k] === 16 &&
  opCount[k] === 1 &&
  tokEnd[opTok[k]] - tokStart[opTok[k]] === 3;

/** The modifiers in the forms' order after dmask (glc/slc: the cache-policy run, either order). */
const ORDER_UNORM = 1;
const ORDER_CPOL = 2;
const ORDER_A16 = 3;
const ORDER_TFE = 4;
const ORDER_LWE = 5;
const ORDER_DA = 6;
const ORDER_D16 = 7;

/** Encodes operands [0, n) by `p` into `words`; returns 2, or 0 for the general path. */
export function encodeMimg(p: MimgProgram, n: number): number {
  const m = p.sampler ? 4 : 3;
  if (n < m || opComma[0] !== 0) return 0;
  for (let k = 0; k < n; k++) if (opMods[k] !== 0 || opComma[k] !== (k > 0 && k < m ? 1 : 0)) return 0;
  if (opKind[0] !== O_REG || opFile[0] !== F_V || opKind[1] !== O_REG || opFile[1] !== F_V) return 0;
  const dw = opCount[0];
  const aw = opCount[1];
  if (((p.dataWidths >> dw) & 1) === 0 || aw >= 31 || ((p.vaddrWidths >> aw) & 1) === 0) return 0;
  if (opIndex[0] + dw > 256 || opIndex[1] + aw > 256) return 0;
  if (opKind[2] !== O_REG) return 0;
  const srsrc = scalarReg(2, 8);
  if (srsrc < 0) return 0;
  let ssamp = 0;
  if (p.sampler) {
    if (opKind[3] !== O_REG) return 0;
    ssamp = scalarReg(3, 4);
    if (ssamp < 0) return 0;
  }
  let k = m;
  let dmask = 0;
  if (k < n && opKind[k] === O_NAMED && opWord[k] === N_DMASK) {
    const v = opValue[k];
    if (v < 0 || v > 15) return 0;
    dmask = v;
    k++;
  }
  let unorm = 0;
  let glc = 0;
  let slc = 0;
  let a16 = 0;
  let tfe = 0;
  let lwe = 0;
  let da = 0;
  let d16 = 0;
  let order = 0;
  for (; k < n; k++) {
    let at: number;
    if (isKey(k, K_GLC) && glc === 0) {
      glc = 1;
      at = ORDER_CPOL;
    } else if (isKey(k, K_SLC) && slc === 0) {
      slc = 1;
      at = ORDER_CPOL;
    } else if (isKey(k, K_UNORM)) {
      unorm = 1;
      at = ORDER_UNORM;
    } else if (p.a16 ? isA16(k) : isKey(k, K_R128)) {
      a16 = 1;
      at = ORDER_A16;
    } else if (isKey(k, K_TFE)) {
      tfe = 1;
      at = ORDER_TFE;
    } else if (isKey(k, K_LWE)) {
      lwe = 1;
      at = ORDER_LWE;
    } else if (isKey(k, K_DA)) {
      da = 1;
      at = ORDER_DA;
    } else if (isKey(k, K_D16) && p.d16) {
      d16 = 1;
      at = ORDER_D16;
    } else return 0;
    // In order, each once (glc and slc share one place, in either order).
    if (at < order || (at === order && at !== ORDER_CPOL)) return 0;
    order = at;
  }
  // LLVM's checks after matching (mem-mimg.ts): gather4 reads one channel, atomics 1, 2 or 4, and vdata
  // holds the channels dmask enables (halved with packed d16) plus the tfe dword.
  if (((p.dmasks >> dmask) & 1) === 0) return 0;
  let want = p.channels || POPCOUNT4[dmask] || 1;
  if (d16 === 1 && p.packed) want = (want + 1) >> 1;
  if (dw !== want + tfe) return 0;
  words[0] = p.base0;
  words[1] = 0;
  put(L.dmask, dmask);
  put(L.unorm, unorm);
  put(L.glc, glc);
  put(L.da, da);
  put(L.a16, a16);
  put(L.tfe, tfe);
  put(L.lwe, lwe);
  put(L.slc, slc);
  put(L.vaddr, opIndex[1]);
  put(L.vdata, opIndex[0]);
  put(L.srsrc, srsrc >> 2);
  put(L.ssamp, ssamp >> 2);
  put(L.d16, d16);
  return 2;
}
