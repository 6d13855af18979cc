// MTBUF: typed buffer loads and stores, the format given in the instruction. Two dwords:
// word 0: offset[11:0] offen[12] idxen[13] glc[14] op[18:15] dfmt[22:19] nfmt[25:23] 111010[31:26]
// word 1: vaddr[7:0] vdata[15:8] srsrc[20:16] slc[22] tfe[23] soffset[31:24]
// LLVM rejects tfe on gfx9 MTBUF.
import { DATA_FORMATS, NUM_FORMATS } from '../../isa/buffer-formats.js';
import type { Target } from '../../isa/targets.js';
import { regRange } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { bufVaddr, SOFFSET, SRSRC } from './buf-common.js';
import { MTBUF_OPS } from './buf-ops.js';

const DFMT = DATA_FORMATS;
const NFMT = NUM_FORMATS;

/** ` format:[...]` by dfmt | nfmt << 4; LLVM leaves out the defaults (dfmt 8, nfmt unorm). */
const FORMAT: string[] = [];
for (let k = 0; k < 128; k++) {
  const d = k & 15;
  const n = k >> 4;
  const parts: string[] = [];
  if (d !== 1) parts.push('BUF_DATA_FORMAT_' + DFMT[d]);
  if (n !== 0) parts.push('BUF_NUM_FORMAT_' + NFMT[n]);
  FORMAT.push(parts.length ? ' format:[' + parts.join(',') + ']' : '');
}

const MTBUF_OPS_BY_OPCODE: (typeof MTBUF_OPS)[number][] = new Array(16);
for (const op of MTBUF_OPS) MTBUF_OPS_BY_OPCODE[op.opcode] = op;

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  if ((w1 >>> 23) & 1) return;
  const op = MTBUF_OPS_BY_OPCODE[(w0 >>> 15) & 15];
  const srsrc = SRSRC[(w1 >>> 16) & 0x1f];
  const soffset = SOFFSET[w1 >>> 24];
  if (op === undefined || srsrc === null || soffset === null) return;
  const offen = (w0 >>> 12) & 1;
  const idxen = (w0 >>> 13) & 1;
  let text =
    op.name + ' ' + regRange('v', (w1 >>> 8) & 0xff, op.dwords) + ', ' + bufVaddr(w1 & 0xff, idxen, offen);
  text += ', ' + srsrc + ', ' + soffset + FORMAT[(w0 >>> 19) & 0x7f];
  if (idxen) text += ' idxen';
  if (offen) text += ' offen';
  if (w0 & 0xfff) text += ' offset:' + (w0 & 0xfff);
  if ((w0 >>> 14) & 1) text += ' glc';
  if ((w1 >>> 22) & 1) text += ' slc';
  out.text = text;
  out.size = 2;
}

function ops(_t: Target): IsaEntry[] {
  return MTBUF_OPS.map((o) => ({ name: o.name, encoding: 'MTBUF', opcode: o.opcode }));
}

export const mtbuf: Family = { decode, ops };
