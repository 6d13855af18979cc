// DS: LDS/GDS access, atomics, lane permutes and GWS. Two dwords:
// word 0: offset0[7:0] offset1[15:8] gds[16] op[24:17] acc[25] 110110[31:26]
// word 1: addr[7:0] data0[15:8] data1[23:16] vdst[31:24]
// LLVM insists that the register fields an op does not use are zero.
import type { Target } from '../../isa/targets.js';
import { regRange } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { DS_BY_OPCODE, DS_SHAPES, DsGds, DsOffset } from './ds-ops.js';
import { swizzleSuffix } from './ds-swizzle.js';

/** The comment LLVM appends to an AGPR in a VGPR-only slot, by width in dwords. */
const INVALID_AGPR = [
  '',
  "/*Invalid register, operand has 'VGPR_32' register class*/",
  "/*Invalid register, operand has 'VReg_64' register class*/",
  "/*Invalid register, operand has 'VReg_96' register class*/",
  "/*Invalid register, operand has 'VReg_128' register class*/",
];

// VGPR tuples print even when they run past v255; AGPR tuples that do are rejected (checked in decode).
function dataReg(n: number, dwords: number, acc: number): string {
  return acc ? regRange('a', n, dwords) + INVALID_AGPR[dwords] : regRange('v', n, dwords);
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const s = DS_BY_OPCODE[(w0 >>> 17) & 0xff];
  if (s === undefined) return;
  const acc = (w0 >>> 25) & 1;
  const gds = (w0 >>> 16) & 1;
  const addr = w1 & 0xff;
  const data0 = (w1 >>> 8) & 0xff;
  const data1 = (w1 >>> 16) & 0xff;
  const vdst = w1 >>> 24;
  if ((!s.addr && addr) || (!s.data0 && data0) || (!s.data1 && data1) || (!s.vdst && vdst)) return;
  if (acc && (!s.acc || vdst + s.vdst > 256 || data0 + s.data0 > 256)) return;
  if (s.gds === DsGds.Required ? !gds : s.gds === DsGds.Never && gds) return;
  if (s.offset === DsOffset.None && (w0 & 0xffff) !== 0) return;

  let ops = '';
  if (s.vdst) ops = dataReg(vdst, s.vdst, acc);
  if (s.addr) {
    const a = s.gws ? (acc ? 'a' : 'v') + addr : 'v' + addr;
    ops = ops === '' ? a : ops + ', ' + a;
  }
  if (s.data0) {
    const d = dataReg(data0, s.data0, acc);
    ops = ops === '' ? d : ops + ', ' + d;
  }
  if (s.data1) ops += ', ' + dataReg(data1, s.data1, acc);

  let text = ops === '' ? s.name : s.name + ' ' + ops;
  if (s.offset === DsOffset.One) {
    const off = w0 & 0xffff;
    if (off) text += ' offset:' + off;
  } else if (s.offset === DsOffset.Two) {
    const o0 = w0 & 0xff;
    const o1 = (w0 >>> 8) & 0xff;
    if (o0) text += ' offset0:' + o0;
    if (o1) text += ' offset1:' + o1;
  } else if (s.offset === DsOffset.Swizzle) {
    text += swizzleSuffix(w0 & 0xffff);
  }
  if (gds) text += ' gds';
  out.text = text;
  out.size = 2;
}

function ops(_t: Target): IsaEntry[] {
  // LLVM decodes the same DS ops on gfx900, gfx906 and gfx908.
  return DS_SHAPES.map((s) => ({ name: s.name, encoding: 'DS', opcode: s.opcode }));
}

export const ds: Family = { decode, ops };
