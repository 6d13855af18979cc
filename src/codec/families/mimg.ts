// MIMG: image loads, stores, atomics, samples and gathers. Two dwords:
// word 0: op{7}[0] dmask[11:8] unorm[12] glc[13] da[14] a16[15] tfe[16] lwe[17] op[24:18] slc[25]
//         111100[31:26]
// word 1: vaddr[7:0] vdata[15:8] srsrc[20:16] ssamp[25:21] (both in units of 4 SGPRs) d16[31]
// LLVM sizes vdata from dmask/d16/tfe as the hardware does, but keeps the decoded width when no form
// of that width exists or the wider tuple would run past v255.
import { MIMG } from '../../isa/encodings/memory.js';
import { get } from '../../isa/fields.js';
import { MimgClass, type MimgOp, mimgTable } from '../../isa/ops/memory-mimg.js';
import type { Target } from '../../isa/targets.js';
import { Decoded } from '../decoded.js';
import { ascii, HEX_LOWER, putB, putC, putComma, putS, putVRange, type TextSink } from '../text-bytes.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { srsrc8Name, srsrcName } from './buf-common.js';

const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/**
 * Decodes the MIMG instruction at dword `at` into `d` (name, op = its MimgOp, dmask, unorm, glc, da,
 * a16 (r128 before gfx9), tfe, lwe, slc, d16, vaddr, vdata, saddr = first SGPR of the T#, ssamp = first
 * SGPR of the S#); returns the size in dwords, 0 when LLVM decodes no instruction there. The image
 * engineer's executors read these fields.
 */
export function decodeMimgFields(
  words: ArrayLike<number>,
  at: number,
  n: number,
  t: Target,
  d: Decoded,
): number {
  if (at + 1 >= n) return 0;
  const tab = mimgTable(t);
  const L = MIMG[tab.proc.generation].fields;
  if (get(L.op0, words, at)) return 0;
  const op = tab.byOpcode[get(L.op, words, at)];
  if (op === null) return 0;
  d.name = op.name;
  d.op = op;
  d.fmt = 'mimg';
  d.size = 8;
  d.dmask = get(L.dmask, words, at);
  d.unorm = get(L.unorm, words, at) === 1;
  d.glc = get(L.glc, words, at) === 1;
  d.da = get(L.da, words, at) === 1;
  d.a16 = get(L.a16, words, at) === 1;
  d.tfe = get(L.tfe, words, at) === 1;
  d.lwe = get(L.lwe, words, at) === 1;
  d.slc = get(L.slc, words, at) === 1;
  d.d16 = get(L.d16, words, at) === 1;
  d.vaddr = get(L.vaddr, words, at);
  d.vdata = get(L.vdata, words, at);
  d.saddr = get(L.srsrc, words, at) * 4;
  d.ssamp = get(L.ssamp, words, at) * 4;
  return 2;
}

/** Writes the text of a decoded MIMG instruction into `o`; false where LLVM decodes none. */
export function printMimg(d: Decoded, t: Target, o: TextSink): boolean {
  const op = d.op as MimgOp;
  const proc = mimgTable(t).proc;
  const g = proc.generation;
  const sampler = op.cls === MimgClass.Sample || op.cls === MimgClass.Gather4;
  const ssampField = d.ssamp >> 2;
  if (!sampler && ssampField !== 0) return false;
  if (d.d16 && !op.d16) return false;
  const srsrc = srsrc8Name(d.saddr >> 2, g);
  const ssamp = sampler ? srsrcName(ssampField, g) : '';
  if (srsrc === null || ssamp === null) return false;
  const dmask = d.dmask;
  const tfe = d.tfe ? 1 : 0;
  let dst = op.cls === MimgClass.Gather4 ? 4 : POPCOUNT4[dmask] || 1;
  // gfx810 and gfx9 pack two 16-bit components per VGPR; gfx80x keep one per VGPR.
  if (d.d16 && !proc.features.has('unpacked-d16-vmem')) dst = (dst + 1) >> 1;
  dst += tfe;
  let width = op.baseData;
  if (dst !== width && (op.dataWidths >> dst) & 1 && d.vdata + dst <= 256) width = dst;

  putS(o, op.name);
  putC(o, 0x20);
  putVRange(o, d.vdata, width);
  putComma(o);
  putVRange(o, d.vaddr, op.vaddr);
  putComma(o);
  putS(o, srsrc);
  if (sampler) {
    putComma(o);
    putS(o, ssamp);
  }
  if (dmask) {
    putB(o, DMASK);
    putC(o, HEX_LOWER[dmask]);
  }
  if (d.unorm) putB(o, UNORM);
  if (d.glc) putB(o, GLC);
  if (d.slc) putB(o, SLC);
  if (d.a16) putB(o, g === 'gfx9' ? A16 : R128);
  if (d.tfe) putB(o, TFE);
  if (d.lwe) putB(o, LWE);
  if (d.da) putB(o, DA);
  if (d.d16) putB(o, D16);
  return true;
}

const DMASK = ascii(' dmask:0x');
const UNORM = ascii(' unorm');
const GLC = ascii(' glc');
const SLC = ascii(' slc');
const A16 = ascii(' a16');
const R128 = ascii(' r128');
const TFE = ascii(' tfe');
const LWE = ascii(' lwe');
const DA = ascii(' da');
const D16 = ascii(' d16');

const scratch = new Decoded();

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  // The emulator's Program passes its Inst (DecodeOutput.into): the fields land there, decoded once.
  const d = out.into ?? scratch;
  if (decodeMimgFields(inp.words, i, inp.n, inp.target, d) === 0) return;
  if (!printMimg(d, inp.target, out.sink as TextSink)) return;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const tab = mimgTable(t);
  const g = tab.proc.generation;
  return tab.rows.map((o) => ({ name: o.name, encoding: 'MIMG', opcode: o.opcodes[g] as number }));
}

export const mimg: Family = { decode, ops };
