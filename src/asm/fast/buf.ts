// The fast path's MUBUF and MTBUF: `op vdata, vaddr|off, srsrc, soffset [format] [idxen] [offen]
// [offset:N] [glc] [slc] [tfe|lds]`, in that order, each once: the forms asm/families/mem-buf.ts matches,
// which stays the reference for every other spelling (`noglc`, symbols, expressions, offsets past 12
// bits, buffer_store_lds_dword) and every error. vdata is a VGPR tuple of the op's width (one more with
// tfe; none with lds), vaddr one VGPR with idxen or offen, or a pair with both (or addr64 on gfx6/7),
// srsrc an aligned SGPR/TTMP quad, soffset an SGPR, TTMP, named 32-bit register of the generation
// (mem-scalar.ts special32Code) or inline constant.
import { BUF_ADDR64, MTBUF, MUBUF } from '../../isa/encodings/memory.js';
import type { Field, Layout } from '../../isa/fields.js';
import { BufKind } from '../../isa/ops/memory-buf.js';
import type { Generation } from '../../isa/processors.js';
import type { BufEntry } from '../families/mem-buf.js';
import * as memScalar from '../families/mem-scalar.js';
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
const { constCode, special32Code } = memScalar;
const { scalarReg, words, putField: put } = program;
const { isKey } = operands;
const { REG: O_REG, INT: O_INT, FLOAT: O_FLOAT, KEY: O_KEY, NAMED: O_NAMED, FORMAT: O_FORMAT } = OPERAND;
const { V: F_V, SPECIAL: F_SPECIAL } = FILE;
const K_OFF = kw('off');
const K_IDXEN = kw('idxen');
const K_OFFEN = kw('offen');
const K_GLC = kw('glc');
const K_SLC = kw('slc');
const K_TFE = kw('tfe');
const K_LDS = kw('lds');
const K_ADDR64 = kw('addr64');
const N_OFFSET = named('offset');
const N_FORMAT = named('format');
/** The format LLVM assumes when none is written (BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM; mem-buf.ts). */
const DEFAULT_FORMAT = 1;
const { start: tokStart, end: tokEnd } = lexed;

/** What encoding an op needs, made once per mnemonic and target from its table entry. */
export interface BufProgram {
  /** The layout with the opcode set. */
  readonly base0: number;
  readonly layout: Layout<string>;
  readonly typed: boolean;
  readonly dwords: number;
  /** Whether glc, tfe and lds are accepted (mem-buf.ts: the forms and the checks after matching). */
  readonly glc: boolean;
  readonly tfe: boolean;
  readonly lds: boolean;
  /** No operands (buffer_wbinvl1*). */
  readonly bare: boolean;
  /** gfx6/7: the ADDR64 bit (a VGPR pair with `addr64`). */
  readonly addr64: Field | null;
  /** The generation and xnack feature: which named registers soffset may be (mem-scalar.ts). */
  readonly gen: Generation;
  readonly xnack: boolean;
}

/** The program of a buffer op, or null when its lines are all the general path's. */
export function bufProgram(e: BufEntry, xnack: boolean): BufProgram | null {
  const op = e.op;
  if (op.kind === BufKind.StoreLds) return null;
  const g = e.gen;
  const l = e.typed ? MTBUF[g] : MUBUF[g];
  const oldGen = g === 'gfx6' || g === 'gfx7';
  return {
    base0: (l.fixedValue | ((op.opcodes[g] as number) << l.fields.op.shift)) >>> 0,
    layout: l,
    typed: e.typed,
    dwords: e.dwords,
    glc: op.glc,
    // tfe: MUBUF loads, and MTBUF loads on gfx6/7 only (LLVM rejects it on stores and from gfx8 on MTBUF).
    tfe: op.kind === BufKind.Load && (!e.typed || oldGen),
    lds: op.lds && !e.typed,
    bare: op.kind === BufKind.Cache,
    addr64: BUF_ADDR64[g],
    gen: g,
    xnack,
  };
}

/** Encodes operands [0, n) by `p` into `words`; returns 2, or 0 for the general path. */
export function encodeBuf(p: BufProgram, n: number): number {
  if (p.bare) {
    if (n !== 0) return 0;
    words[0] = p.base0;
    words[1] = 0;
    return 2;
  }
  // The trailing tfe / lds keyword picks the form (vdata one dword wider, or none).
  let tfe = 0;
  let lds = 0;
  if (n > 0 && opKind[n - 1] === O_KEY) {
    const w = opWord[n - 1];
    if (w === K_TFE) {
      if (!p.tfe) return 0;
      tfe = 1;
    } else if (w === K_LDS) {
      if (!p.lds) return 0;
      lds = 1;
    }
  }
  const end = n - tfe - lds;
  let k = 0;
  if (n < 3 || opComma[0] !== 0) return 0;
  for (let j = 0; j < n; j++) if (opMods[j] !== 0) return 0;
  let vdata = 0;
  if (lds === 0) {
    const dw = p.dwords + tfe;
    if (opKind[0] !== O_REG || opFile[0] !== F_V || opCount[0] !== dw || opIndex[0] + dw > 256) return 0;
    vdata = opIndex[0];
    k = 1;
    if (opComma[k] !== 1) return 0;
  }
  // vaddr: `off`, or 1-2 VGPRs (their address keywords below).
  let vaddr = 0;
  let addrDw = 0;
  if (opKind[k] === O_KEY && opWord[k] === K_OFF) addrDw = 0;
  else if (opKind[k] === O_REG && opFile[k] === F_V && opCount[k] <= 2 && opIndex[k] + opCount[k] <= 256) {
    vaddr = opIndex[k];
    addrDw = opCount[k];
  } else return 0;
  k++;
  if (k + 2 > end || opComma[k] !== 1 || opComma[k + 1] !== 1 || opKind[k] !== O_REG) return 0;
  const rsrc = scalarReg(k, 4);
  if (rsrc < 0) return 0;
  k++;
  let soffset: number;
  const sk = opKind[k];
  if (sk === O_REG && opFile[k] !== F_SPECIAL) soffset = scalarReg(k, 1);
  else if (sk === O_REG) {
    // `scc` (not `src_scc`) where a cache-policy keyword may stand is that keyword to LLVM's parser
    // (mem-match.ts parseActuals: "scc modifier is not supported on this GPU"): operand 3 of the ops
    // with an LDS form (`off, srsrc, soffset, [offset], [cpol], lds`).
    const tk = opTok[k];
    const scc = p.lds && k === 3 && opIndex[k] === 253 && tokEnd[tk] - tokStart[tk] === 3;
    soffset = opCount[k] === 1 && !scc ? special32Code(opIndex[k], p.gen, p.xnack) : -1;
  } else if (sk === O_INT || sk === O_FLOAT) soffset = constCode(sk === O_FLOAT, opValue[k]);
  else return 0;
  if (soffset < 0) return 0;
  k++;
  // The modifiers: no commas, in the order of the forms.
  for (let j = k; j < n; j++) if (opComma[j] !== 0) return 0;
  let format = DEFAULT_FORMAT;
  if (p.typed && k < end && opWord[k] === N_FORMAT) {
    const fk = opKind[k];
    if (fk === O_NAMED) {
      const v = opValue[k];
      if (v < 0 || v > 127) return 0;
      format = v;
    } else if (fk !== O_FORMAT) return 0;
    else format = opValue[k];
    k++;
  }
  let idxen = 0;
  let offen = 0;
  let addr64 = 0;
  if (addrDw === 2) {
    if (k < end && p.addr64 !== null && isKey(k, K_ADDR64)) {
      addr64 = 1;
      k++;
    } else {
      if (k + 1 >= end || !isKey(k, K_IDXEN) || !isKey(k + 1, K_OFFEN)) return 0;
      idxen = offen = 1;
      k += 2;
    }
  } else if (addrDw === 1) {
    if (k >= end) return 0;
    if (isKey(k, K_IDXEN)) idxen = 1;
    else if (isKey(k, K_OFFEN)) offen = 1;
    else return 0;
    k++;
  }
  let offset = 0;
  if (k < end && opKind[k] === O_NAMED && opWord[k] === N_OFFSET) {
    const v = opValue[k];
    if (v < 0 || v > 0xfff) return 0;
    offset = v;
    k++;
  }
  let glc = 0;
  let slc = 0;
  for (; k < end; k++) {
    if (isKey(k, K_GLC) && glc === 0 && p.glc) glc = 1;
    else if (isKey(k, K_SLC) && slc === 0) slc = 1;
    else return 0;
  }
  const f = p.layout.fields;
  words[0] = p.base0;
  words[1] = 0;
  put(f.offset, offset);
  put(f.offen, offen);
  put(f.idxen, idxen);
  put(f.glc, glc);
  put(f.slc, slc);
  put(f.tfe, tfe);
  put(f.vaddr, vaddr);
  put(f.vdata, vdata);
  put(f.srsrc, rsrc >> 2);
  put(f.soffset, soffset);
  if (p.typed) {
    put(f.dfmt, format & 15);
    put(f.nfmt, format >> 4);
  } else put(f.lds, lds);
  if (addr64 !== 0) put(p.addr64 as Field, 1);
  return 2;
}
