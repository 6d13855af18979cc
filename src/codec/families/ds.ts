// DS: LDS/GDS access, atomics, lane permutes and GWS. Two dwords, laid out per generation in
// src/isa/encodings/memory.ts (gds and op move by one bit from gfx8 on). LLVM insists that the register
// fields an op does not use are zero.
import { DS, DS_ACC } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { DsGds, DsOffset, type DsShape, dsTable } from '../../isa/ops/memory-ds.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { regRange } from '../operands.js';
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

// VGPR tuples print even when they run past v255; AGPR tuples that do are rejected (checked in decode).
function dataReg(n: number, dwords: number, acc: number): string {
  return acc ? regRange('a', n, dwords) + INVALID_AGPR[dwords] : regRange('v', n, dwords);
}

/** The instruction text of a decoded DS instruction, as llvm-objdump prints it. */
export function printDs(d: Decoded, t: Target): string {
  const s = d.op as DsShape;
  const acc = d.acc;
  let ops = '';
  if (s.vdst) ops = dataReg(d.dst, s.vdst, acc);
  if (s.addr) {
    const a = s.gws ? (acc ? 'a' : 'v') + d.vaddr : 'v' + d.vaddr;
    ops = ops === '' ? a : ops + ', ' + a;
  }
  if (s.data0) {
    const r = dataReg(d.vdata, s.data0, acc);
    ops = ops === '' ? r : ops + ', ' + r;
  }
  if (s.data1) ops += ', ' + dataReg(d.src1, s.data1, acc);

  let text = ops === '' ? s.name : s.name + ' ' + ops;
  if (s.offset === DsOffset.One) {
    if (d.offset) text += ' offset:' + d.offset;
  } else if (s.offset === DsOffset.Two) {
    if (d.offset) text += ' offset0:' + d.offset;
    if (d.offset1) text += ' offset1:' + d.offset1;
  } else if (s.offset === DsOffset.Swizzle) {
    // The ROTATE and FFT modes (offset[15:14] = 11) are gfx9's: LLVM prints those encodings as plain
    // numbers on earlier generations.
    if ((d.offset & 0xc000) === 0xc000 && dsTable(t).proc.generation !== 'gfx9')
      text += ' offset:' + d.offset;
    else text += swizzleSuffix(d.offset);
  }
  if (d.gds) text += ' gds';
  return text;
}

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeDsFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  out.text = printDs(d, inp.target);
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
