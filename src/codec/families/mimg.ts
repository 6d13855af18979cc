// MIMG: image loads, stores, atomics, samples and gathers. Two dwords:
// word 0: op{7}[0] dmask[11:8] unorm[12] glc[13] da[14] a16[15] tfe[16] lwe[17] op[24:18] slc[25]
//         111100[31:26]
// word 1: vaddr[7:0] vdata[15:8] srsrc[20:16] ssamp[25:21] (both in units of 4 SGPRs) d16[31]
// LLVM sizes vdata from dmask/d16/tfe as the hardware does, but keeps the decoded width when no form
// of that width exists or the wider tuple would run past v255.
import type { Target } from '../../isa/targets.js';
import { regRange } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { SRSRC } from './buf-common.js';
import { MIMG_BY_OPCODE, MIMG_OPS, MimgClass } from './mimg-ops.js';

/** The 256-bit resource descriptor: any 4-aligned SGPR group of 8, or ttmp[0:7]/ttmp[4:11]/ttmp[8:15]. */
const SRSRC8: (string | null)[] = [];
for (let k = 0; k < 32; k++) {
  const c = 4 * k;
  if (c + 7 <= 103) SRSRC8.push(`s[${c}:${c + 7}]`);
  else if (c >= 108 && c + 7 <= 123) SRSRC8.push(`ttmp[${c - 108}:${c - 101}]`);
  else SRSRC8.push(null);
}

const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  if (w0 & 1) return;
  const op = MIMG_BY_OPCODE[(w0 >>> 18) & 0x7f];
  if (op === undefined) return;
  const dmask = (w0 >>> 8) & 15;
  const tfe = (w0 >>> 16) & 1;
  const d16 = w1 >>> 31;
  const sampler = op.cls === MimgClass.Sample || op.cls === MimgClass.Gather4;
  const ssampField = (w1 >>> 21) & 0x1f;
  if (!sampler && ssampField !== 0) return;
  if (d16 && !op.d16) return;
  const srsrc = SRSRC8[(w1 >>> 16) & 0x1f];
  const ssamp = sampler ? SRSRC[ssampField] : '';
  if (srsrc === null || ssamp === null) return;

  let dst = op.cls === MimgClass.Gather4 ? 4 : POPCOUNT4[dmask] || 1;
  if (d16) dst = (dst + 1) >> 1;
  dst += tfe;
  const vdata = (w1 >>> 8) & 0xff;
  let width = op.baseData;
  if (dst !== width && (op.dataWidths >> dst) & 1 && vdata + dst <= 256) width = dst;

  let text = op.name + ' ' + regRange('v', vdata, width) + ', ' + regRange('v', w1 & 0xff, op.vaddr);
  text += ', ' + srsrc;
  if (sampler) text += ', ' + ssamp;
  if (dmask) text += ' dmask:0x' + dmask.toString(16);
  if ((w0 >>> 12) & 1) text += ' unorm';
  if ((w0 >>> 13) & 1) text += ' glc';
  if ((w0 >>> 25) & 1) text += ' slc';
  if ((w0 >>> 15) & 1) text += ' a16';
  if (tfe) text += ' tfe';
  if ((w0 >>> 17) & 1) text += ' lwe';
  if ((w0 >>> 14) & 1) text += ' da';
  if (d16) text += ' d16';
  out.text = text;
  out.size = 2;
}

function ops(_t: Target): IsaEntry[] {
  return MIMG_OPS.map((o) => ({ name: o.name, encoding: 'MIMG', opcode: o.opcode }));
}

export const mimg: Family = { decode, ops };
