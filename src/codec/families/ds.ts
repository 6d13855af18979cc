// DS: LDS/GDS access, atomics, lane permutes and GWS. Two dwords, laid out per generation in
// src/isa/encodings/memory.ts (gds and op move by one bit from gfx8 on). LLVM insists that the register
// fields an op does not use are zero.
import { DS, DS_ACC } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { DsGds, DsOffset, type DsShape, dsTable } from '../../isa/ops/memory-ds.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { ascii, putB, putC, putComma, putDec, putRange, putS, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { swizzleSuffix } from './ds-swizzle.js';

/** The comment LLVM appends to an AGPR in a VGPR-only slot, by width in dwords. */
const INVALID_AGPR = [
  '',
  "/*Invalid register, operand has 'VGPR_32' register class*/",
  "/*Invalid register, operand has 'VReg_64' register class*/",
  "/*Invalid register, operand has 'VReg_96' register class*/",
  "/*Invalid register, operand has 'VReg_128' register class*/",
];

/**
 * Decodes the DS instruction at dword `at` into `d` (name, op = its DsShape, gds, offset/offset1 (offset1
 * only for the two-offset ops), vaddr = ADDR, vdata = DATA0, src1 = DATA1, dst = VDST, acc); returns the
 * size in dwords, 0 when LLVM decodes no instruction there. The emulator's decoder uses it too.
 */
export function decodeDsFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  t: Target,
  d: Decoded,
): number {
  if (at + 1 >= n) return 0;
  const tab = dsTable(t);
  const g = tab.proc.generation;
  const L = DS[g].fields;
  const s = tab.byOpcode[get(L.op, words, at)];
  if (s === null) return 0;
  // gfx6/7 leave bit 16 unused; llvm-mc-22 writes it as 0, so other values cannot round-trip.
  // Tuples past v255 print on gfx8/9 but do not reassemble, so gfx6/7 do not decode them either.
  if (g === 'gfx6' || g === 'gfx7') {
    if ((words[at] >>> 16) & 1) return 0;
    const w1 = words[at + 1];
    if (
      ((w1 >>> 8) & 0xff) + s.data0 > 256 ||
      ((w1 >>> 16) & 0xff) + s.data1 > 256 ||
      (w1 >>> 24) + s.vdst > 256
    )
      return 0;
  }
  const accF = DS_ACC[g];
  const acc = accF === null ? 0 : get(accF, words, at);
  const gds = get(L.gds, words, at);
  const addr = get(L.addr, words, at);
  const data0 = get(L.data0, words, at);
  const data1 = get(L.data1, words, at);
  const vdst = get(L.vdst, words, at);
  if ((!s.addr && addr) || (!s.data0 && data0) || (!s.data1 && data1) || (!s.vdst && vdst)) return 0;
  if (acc && (!s.acc || vdst + s.vdst > 256 || data0 + s.data0 > 256)) return 0;
  if (s.gds === DsGds.Required ? !gds : s.gds === DsGds.Never && gds) return 0;
  const off = get(L.offset, words, at);
  if (s.offset === DsOffset.None && off !== 0) return 0;
  d.name = s.name;
  d.op = s;
  d.fmt = 'ds';
  d.size = 8;
  d.gds = gds === 1;
  d.acc = acc;
  d.vaddr = addr;
  d.vdata = data0;
  d.src1 = data1;
  d.dst = vdst;
  if (s.offset === DsOffset.Two) {
    d.offset = get(L.offset0, words, at);
    d.offset1 = get(L.offset1, words, at);
  } else {
    d.offset = off;
    d.offset1 = 0;
  }
  return 2;
}

const V = ascii('v');
const A = ascii('a');
const INVALID_AGPR_B = INVALID_AGPR.map(ascii);
const OFFSET = ascii(' offset:');
const OFFSET0 = ascii(' offset0:');
const OFFSET1 = ascii(' offset1:');
const GDS = ascii(' gds');

// VGPR tuples print even when they run past v255; AGPR tuples that do are rejected (checked in decode).
function putData(o: TextSink, n: number, dwords: number, acc: number): void {
  if (acc) {
    putRange(o, A, n, dwords);
    putB(o, INVALID_AGPR_B[dwords]);
  } else putRange(o, V, n, dwords);
}

/** Writes the text of a decoded DS instruction into `o`, as llvm-objdump prints it. */
export function printDs(d: Decoded, t: Target, o: TextSink): void {
  const s = d.op as DsShape;
  const acc = d.acc;
  putS(o, s.name);
  let sep = 0x20;
  if (s.vdst) {
    putC(o, sep);
    putData(o, d.dst, s.vdst, acc);
    sep = 0x2c;
  }
  if (s.addr) {
    putC(o, sep);
    if (sep === 0x2c) putC(o, 0x20);
    putC(o, s.gws && acc ? 0x61 : 0x76);
    putDec(o, d.vaddr);
    sep = 0x2c;
  }
  if (s.data0) {
    putC(o, sep);
    if (sep === 0x2c) putC(o, 0x20);
    putData(o, d.vdata, s.data0, acc);
  }
  if (s.data1) {
    putComma(o);
    putData(o, d.src1, s.data1, acc);
  }
  if (s.offset === DsOffset.One) {
    if (d.offset) {
      putB(o, OFFSET);
      putDec(o, d.offset);
    }
  } else if (s.offset === DsOffset.Two) {
    if (d.offset) {
      putB(o, OFFSET0);
      putDec(o, d.offset);
    }
    if (d.offset1) {
      putB(o, OFFSET1);
      putDec(o, d.offset1);
    }
  } else if (s.offset === DsOffset.Swizzle) {
    // The ROTATE and FFT modes (offset[15:14] = 11) are gfx9's: LLVM prints those encodings as plain
    // numbers on earlier generations.
    if ((d.offset & 0xc000) === 0xc000 && dsTable(t).proc.generation !== 'gfx9') {
      putB(o, OFFSET);
      putDec(o, d.offset);
    } else putS(o, swizzleSuffix(d.offset));
  }
  if (d.gds) putB(o, GDS);
}

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeDsFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  printDs(d, inp.target, out.sink as TextSink);
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const tab = dsTable(t);
  return tab.rows.map((s) => ({
    name: s.name,
    encoding: 'DS',
    opcode: s.opcodes[tab.proc.generation] as number,
  }));
}

export const ds: Family = { decode, ops };
