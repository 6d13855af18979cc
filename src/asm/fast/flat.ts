// The fast path's FLAT, GLOBAL and SCRATCH: `op [vdst,] vaddr|off, [data,] [saddr|off] [offset:N] [glc]
// [slc] [lds]`, the modifiers in that order (the cache policy in either), each once: the forms
// asm/families/mem-flat.ts matches on the target (gfx940's SCRATCH forms excluded), with its checks (the
// offset's range and generation, returning atomics with glc, the others without), which stay the
// reference for every other spelling and every error.
import {
  flatTable,
  KIND_ATOMIC,
  KIND_LOAD,
  SEG_FLAT,
  SEG_GLOBAL,
  SEG_SCRATCH,
} from '../../isa/ops/memory-flat.js';
import type { Target } from '../../isa/targets.js';
import type { FlatEntry } from '../families/mem-flat.js';
import * as scalar from '../families/scalar-common.js';
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
  opValue,
  opWord,
} from './operands.js';
import * as program from './program.js';

// Imported bindings copied once (see lexer.ts).
const { words, scalarReg } = program;
const { isKey } = operands;
const { specialExists } = scalar;
const { REG: O_REG, NAMED: O_NAMED } = OPERAND;
const { V: F_V, SPECIAL: F_SPECIAL } = FILE;
const K_OFF = kw('off');
const K_GLC = kw('glc');
const K_SLC = kw('slc');
const K_LDS = kw('lds');
const N_OFFSET = named('offset');

const FLAT_ENC = 0x37 << 26;
const SADDR_OFF = 0x7f;

/** An op's encoding facts on a target. */
export interface FlatProgram {
  /** The first dword's encoding, segment and opcode bits. */
  readonly base0: number;
  readonly seg: number;
  readonly load: boolean;
  readonly atomic: boolean;
  readonly rtn: boolean;
  readonly lds: boolean;
  readonly dst: number;
  readonly data: number;
  /** The target has the offset field (gfx9's flat-global). */
  readonly offset: boolean;
}

export function flatProgram(t: Target, e: FlatEntry): FlatProgram {
  const op = e.op;
  const proc = flatTable(t).proc;
  return {
    base0: (FLAT_ENC | (op.seg << 14) | ((op.opcodes[proc.generation] as number) << 18)) >>> 0,
    seg: op.seg,
    load: op.kind === KIND_LOAD,
    atomic: op.kind === KIND_ATOMIC,
    rtn: op.rtn,
    lds: op.lds,
    dst: op.dstWidth,
    data: op.dataWidth,
    offset: proc.features.has('flat-global'),
  };
}

const vgpr = (k: number, dw: number): boolean =>
  opKind[k] === O_REG && opFile[k] === F_V && opCount[k] === dw && opIndex[k] + dw <= 256;
const isOff = (k: number): boolean => isKey(k, K_OFF);

/** GLOBAL's saddr (mem-scalar.ts saddr64Code): an SGPR/TTMP pair, vcc, flat_scratch, xnack_mask; or -1. */
function saddr64(k: number): number {
  if (opKind[k] !== O_REG) return -1;
  if (opFile[k] !== F_SPECIAL) return scalarReg(k, 2);
  const c = opIndex[k];
  return opCount[k] === 2 && (c === 102 || c === 104 || c === 106) && specialExists(c) ? c : -1;
}

/** SCRATCH's saddr (saddr32Code): one SGPR, TTMP or named SGPR-file register but exec_hi and m0's kin; or -1. */
function saddr32(k: number): number {
  if (opKind[k] !== O_REG) return -1;
  if (opFile[k] !== F_SPECIAL) return scalarReg(k, 1);
  const c = opIndex[k];
  const ok = opCount[k] === 1 && ((c >= 102 && c <= 107) || c === 124 || c === 126) && specialExists(c);
  return ok ? c : -1;
}

/** Encodes operands [0, n) by `p` into `words`; returns 2, or 0 for the general path. */
export function encodeFlat(p: FlatProgram, n: number): number {
  if (n < 2 || opComma[0] !== 0) return 0;
  for (let k = 0; k < n; k++) if (opMods[k] !== 0) return 0;
  // The positional operands: those with a comma before them, and the first.
  let m = 1;
  while (m < n && opComma[m] === 1) m++;
  const lds = n > m && isKey(n - 1, K_LDS) ? 1 : 0;
  if (lds === 1 && !p.lds) return 0;
  let k = 0;
  let vdst = 0;
  // A destination: loads (not with lds), and returning atomics (one operand more than the plain form).
  const sa = p.seg === SEG_FLAT ? 0 : 1;
  const hasDst = (p.load && lds === 0) || (p.atomic && p.rtn && m === 3 + sa);
  if (hasDst) {
    if (!vgpr(0, p.dst)) return 0;
    vdst = opIndex[0];
    k = 1;
  }
  let vaddr = 0;
  let saddrOff = false;
  const vaddrOff = isOff(k);
  if (!vaddrOff) {
    // FLAT and GLOBAL with `off` take a pair, GLOBAL with saddr and SCRATCH one VGPR.
    const pair = p.seg === SEG_FLAT || (p.seg === SEG_GLOBAL && isOff(m - 1));
    if (!vgpr(k, pair ? 2 : 1)) return 0;
    vaddr = opIndex[k];
  } else if (p.seg !== SEG_SCRATCH) return 0;
  k++;
  let data = 0;
  if (!p.load) {
    if (k >= m || !vgpr(k, p.data)) return 0;
    data = opIndex[k];
    k++;
  }
  let saddr = 0;
  if (sa === 1) {
    if (k >= m) return 0;
    if (isOff(k)) {
      saddrOff = true;
      saddr = SADDR_OFF;
    } else {
      saddr = p.seg === SEG_GLOBAL ? saddr64(k) : saddr32(k);
      if (saddr < 0) return 0;
    }
    k++;
    // GLOBAL: a pair with `off` or one VGPR with saddr; SCRATCH: a VGPR with `off` or `off` with saddr.
    if (p.seg === SEG_GLOBAL ? vaddrOff : vaddrOff === saddrOff) return 0;
  }
  if (k !== m) return 0;
  let offset = 0;
  if (k < n && opKind[k] === O_NAMED && opWord[k] === N_OFFSET) {
    const v = opValue[k];
    if (!p.offset || v < (p.seg === SEG_FLAT ? 0 : -4096) || v > 4095) return 0;
    offset = v & 0x1fff;
    k++;
  }
  let glc = 0;
  let slc = 0;
  for (; k < n - lds; k++) {
    if (isKey(k, K_GLC) && glc === 0) glc = 1;
    else if (isKey(k, K_SLC) && slc === 0) slc = 1;
    else return 0;
  }
  // Returning atomics say glc, the others may not (LLVM: 'instruction must (not) use glc').
  if (p.atomic && glc !== (hasDst ? 1 : 0)) return 0;
  words[0] = p.base0 | offset | (lds << 13) | (glc << 16) | (slc << 17);
  words[1] = vaddr | (data << 8) | (saddr << 16) | (vdst << 24);
  return 2;
}
