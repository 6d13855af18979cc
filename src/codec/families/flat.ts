// FLAT encoding (FLAT, GLOBAL and SCRATCH segments): 64-bit memory ops addressed by a VGPR (pair), an
// SGPR (pair) or both. The text follows llvm-objdump-22, including its quirks: bit 55 (NV in the Vega
// document) is decoded as the AGPR bit on every gfx9 target, and AGPR data in an op typed as VGPR-only
// prints with LLVM's "Invalid register" note instead of being rejected.
// gfx7/8 FLAT has neither offset, segment nor saddr (bits 12:0 and 14:15 of the first dword, 22:16 of
// the second are reserved in the GCN3 ISA document). llvm-objdump-22 still decodes bits 12:0 as an
// unsigned offset on gfx8 and prints it (`offset:4438`, which llvm-mc-22 refuses to assemble there); the
// segment and saddr bits must be zero. On gfx7 (no llvm-objdump) the text must reassemble, so the offset
// bits must be zero too.
// With DecodeOutput.into (the emulator's Program) an accepted word's fields also go into that Decoded.
import {
  type FlatOp,
  flatTable,
  KIND_LOAD,
  KIND_STORE,
  SEG_ENCODING,
  SEG_FLAT,
  SEG_GLOBAL,
} from '../../isa/ops/memory-flat.js';
import type { Target } from '../../isa/targets.js';
import type { Decoded } from '../decoded.js';
import { scalarReg, sgprAlignWarning, TTMP_BASE_GFX9 } from '../operands.js';
import { putC, putComma, putDec, putS, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';

/** SADDR value that means "no scalar address" (printed `off`). */
const SADDR_OFF = 0x7f;
const EXEC_LO = 0x7e;
const NULL_REG = 0x7d;

const REG_CLASS = ['', 'VGPR_32', 'VReg_64', 'VReg_96', 'VReg_128'];

function range(prefix: string, n: number, w: number): string {
  return w === 1 ? prefix + n : `${prefix}[${n}:${n + w - 1}]`;
}

// Register names by number, per width 1-4, made on first use (3072 strings up front were a visible part
// of `gcnkit disasm`'s start-up on a small file). LLVM prints a VGPR tuple that runs past v255 as is, but
// does not decode an AGPR tuple that does.
const VREG: (string | undefined)[][] = [];
const AREG: (string | null | undefined)[][] = [];
/** AGPRs where the operand is typed VGPR-only: LLVM prints them with a note. */
const AREG_NOTE: (string | null | undefined)[][] = [];
for (let w = 0; w <= 4; w++) {
  VREG.push(new Array(256).fill(undefined));
  AREG.push(new Array(256).fill(undefined));
  AREG_NOTE.push(new Array(256).fill(undefined));
}

function vreg(w: number, n: number): string {
  const t = VREG[w];
  let s = t[n];
  if (s === undefined) {
    s = range('v', n, w);
    t[n] = s;
  }
  return s;
}

/** An AGPR tuple's name (with the note where the operand is VGPR-only), null past a255. */
function areg(note: boolean, w: number, n: number): string | null {
  const t = (note ? AREG_NOTE : AREG)[w];
  let s = t[n];
  if (s === undefined) {
    s =
      n + w - 1 > 255
        ? null
        : note
          ? `${range('a', n, w)}/*Invalid register, operand has '${REG_CLASS[w]}' register class*/`
          : range('a', n, w);
    t[n] = s;
  }
  return s;
}

// SADDR of GLOBAL is a 64-bit SGPR pair, misaligned ones rounded down (llvm-objdump adds a warning comment);
// LLVM's operand class excludes exec, which it still decodes but flags, except in the LDS-DMA loads.
function saddr64(code: number, note: boolean): string | null {
  if (code === NULL_REG) return 'null';
  if (code === EXEC_LO)
    return note ? "exec/*Invalid register, operand has 'SReg_64_XEXEC_XNULL' register class*/" : 'exec';
  return scalarReg(code, 2);
}
const SADDR64: (string | null)[] = [];
const SADDR64_LDS: (string | null)[] = [];
/** SADDR of SCRATCH is a single SGPR. */
const SADDR32: (string | null)[] = [];
for (let c = 0; c < 128; c++) {
  SADDR64.push(saddr64(c, true));
  SADDR64_LDS.push(saddr64(c, false));
  SADDR32.push(scalarReg(c, 1));
}

/**
 * The fields of an accepted word: op = the FlatOp row, seg (0 FLAT, 1 SCRATCH, 2 GLOBAL), offset (FLAT's
 * unsigned, the others' signed 13 bits), lds, glc, slc, vaddr, vdata = DATA, saddr (0x7f: off), dst =
 * VDST, acc = bit 55 (LLVM's AGPR bit).
 */
function fillDecoded(d: Decoded, op: FlatOp, w0: number, w1: number, seg: number, offset: number): void {
  d.fmt = 'flat';
  d.name = op.name;
  d.op = op;
  d.size = 8;
  d.seg = seg;
  d.offset = offset;
  d.lds = ((w0 >>> 13) & 1) !== 0;
  d.glc = ((w0 >>> 16) & 1) !== 0;
  d.slc = ((w0 >>> 17) & 1) !== 0;
  d.vaddr = w1 & 0xff;
  d.vdata = (w1 >>> 8) & 0xff;
  d.saddr = (w1 >>> 16) & 0x7f;
  d.acc = (w1 >>> 23) & 1;
  d.dst = w1 >>> 24;
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const seg = (w0 >>> 14) & 3;
  const tab = flatTable(inp.target);
  const op = tab.byOpcode[seg * 128 + ((w0 >>> 18) & 0x7f)];
  if (op === undefined || op === null) return;
  const gfx9 = tab.proc.features.has('flat-global');
  // llvm-objdump-22 decodes gfx908's float atomics only with bit 25 clear (it ignores the bit elsewhere).
  // The bit is read on every word: an operation first reached after optimisation deoptimised the decoder.
  const bit25 = (w0 >>> 25) & 1;
  if (op.requires !== undefined && bit25) return;
  const lds = (w0 >>> 13) & 1;
  const glc = (w0 >>> 16) & 1;
  const slc = (w0 >>> 17) & 1;
  const vaddr = w1 & 0xff;
  const data = (w1 >>> 8) & 0xff;
  const saddr = (w1 >>> 16) & 0x7f;
  const acc = (w1 >>> 23) & 1;
  const vdst = w1 >>> 24;

  // Address operands: FLAT takes a VGPR pair and needs SADDR 0; GLOBAL a VGPR pair with `off`, or a VGPR
  // offset plus an SGPR pair; SCRATCH a VGPR with `off`, or `off` plus an SGPR. `tail` is the operand after
  // the address and data registers, `off` or the SGPR(s) (empty for FLAT).
  let addr: string;
  let tail: string;
  // llvm-objdump-22 rounds a misaligned GLOBAL saddr pair down and warns (only gfx9 has GLOBAL).
  let warning = '';
  let offset: number;
  // Compared once here, on every word: a comparison first reached on a rare path (a returning atomic
  // with AGPRs) after the decoder was optimised deoptimised it in a cold run.
  const flatSeg = seg === SEG_FLAT;
  if (flatSeg) {
    if (saddr !== 0 || lds) return;
    addr = vreg(2, vaddr);
    tail = '';
    offset = w0 & 0x1fff;
    if (tab.proc.generation === 'gfx7' && offset !== 0) return;
  } else {
    if (saddr === SADDR_OFF) {
      addr = vreg(seg === SEG_GLOBAL ? 2 : 1, vaddr);
      tail = 'off';
    } else {
      const s = seg === SEG_GLOBAL ? (lds ? SADDR64_LDS : SADDR64)[saddr] : SADDR32[saddr];
      if (s === null) return;
      addr = seg === SEG_GLOBAL ? vreg(1, vaddr) : 'off';
      tail = s;
      if (seg === SEG_GLOBAL) warning = sgprAlignWarning(saddr, 2, TTMP_BASE_GFX9);
    }
    offset = ((w0 & 0x1fff) << 19) >> 19;
  }

  // gfx7 (no llvm-objdump): the text must reassemble with llvm-mc-22 to the same bytes, so the unused
  // register fields must be 0, bits 25 and 55 clear, and the tuples inside v0-v255.
  if (tab.proc.generation === 'gfx7') {
    const loads = op.kind === KIND_LOAD;
    const rtn = !loads && op.kind !== KIND_STORE && glc;
    if ((w0 >>> 25) & 1 || acc || vaddr > 254) return;
    if (loads ? data !== 0 : data + op.dataWidth > 256) return;
    if (loads || rtn ? vdst + op.dstWidth > 256 : vdst !== 0) return;
  }
  // Written piece by piece into the sink (text-bytes.ts): each piece is a table's flat string, so nothing
  // is concatenated and flattened per line. Every operand is checked before the first piece.
  // One layout for every kind, `name [dst, ]addr[, data]<mods>[ lds]`, and every register text looked up
  // on every word: separate branches per kind (the returning atomics, AGPRs, LDS DMA are rare) were first
  // reached in a cold run after this function was optimised and deoptimised it (issue 13).
  // LDS DMA: the data goes to LDS, so there is neither a destination nor a data register. Returning
  // atomics: LLVM decodes FLAT's with AGPRs as gfx90a-style AGPR operands (no note) and rejects GLOBAL's;
  // elsewhere AGPRs print with a note.
  const load = lds === 0 && op.kind === KIND_LOAD;
  const rtn = lds === 0 && !load && op.kind !== KIND_STORE && glc !== 0;
  const dstV = vreg(op.dstWidth, vdst);
  const dstA = areg(!rtn, op.dstWidth, vdst);
  const dataV = vreg(op.dataWidth, data);
  const dataA = areg(!rtn, op.dataWidth, data);
  const dst = acc ? dstA : dstV;
  const src = acc ? dataA : dataV;
  if (lds) {
    if (!op.lds || acc) return;
  } else if (load) {
    if (dst === null) return;
  } else if (!rtn) {
    if (src === null) return;
  } else if (!op.rtn || (acc && !flatSeg) || dst === null || src === null) return;
  const o = out.sink as TextSink;
  putName(o, op.name);
  if (load || rtn) {
    putS(o, dst as string);
    putComma(o);
  }
  putS(o, addr);
  if (lds === 0 && !load) {
    putComma(o);
    putS(o, src as string);
  }
  putMods(o, tail, offset, glc, slc);
  putS(o, lds ? ' lds' : '');
  out.size = 2;
  if (warning !== '') out.comment = warning;
  // The emulator follows the ISA document: gfx8's address has no offset (the bits are reserved).
  if (out.into !== undefined) fillDecoded(out.into, op, w0, w1, seg, gfx9 ? offset : 0);
}

function ops(t: Target): IsaEntry[] {
  const tab = flatTable(t);
  const g = tab.proc.generation;
  return tab.rows.map((o) => ({
    name: o.name,
    encoding: SEG_ENCODING[o.seg],
    opcode: o.opcodes[g] as number,
  }));
}

export const flat: Family = { decode, ops };

/** The mnemonic and its space. */
function putName(o: TextSink, name: string): void {
  putS(o, name);
  putC(o, 0x20);
}

/** `, <saddr>` (none for FLAT), ` offset:N`, ` glc`, ` slc`. */
function putMods(o: TextSink, tail: string, offset: number, glc: number, slc: number): void {
  if (tail !== '') {
    putComma(o);
    putS(o, tail);
  }
  if (offset !== 0) {
    putS(o, ' offset:');
    putDec(o, offset);
  }
  if (glc) putS(o, ' glc');
  if (slc) putS(o, ' slc');
}
