// MUBUF: untyped buffer loads, stores and atomics. Two dwords:
// word 0: offset[11:0] offen[12] idxen[13] glc[14] lds[16] slc[17] op[24:18] 111000[31:26]
// word 1: vaddr[7:0] vdata[15:8] srsrc[20:16] tfe[23] soffset[31:24]
// (bits 15 and 25 of word 0 and 21-22 of word 1 are ignored by LLVM on gfx9.)
import { type Target, targetBit } from '../../isa/targets.js';
import { regRange } from '../operands.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { bufVaddr, SOFFSET, SRSRC } from './buf-common.js';
import { BufKind, byOpcode, MUBUF_OPS } from './buf-ops.js';

const BY_TARGET = byOpcode(MUBUF_OPS, 128);

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  if (i + 1 >= inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const op = BY_TARGET[targetBit(inp.target)][(w0 >>> 18) & 0x7f];
  if (op === undefined) return;
  const offset = w0 & 0xfff;
  const offen = (w0 >>> 12) & 1;
  const idxen = (w0 >>> 13) & 1;
  const glc = (w0 >>> 14) & 1;
  const lds = (w0 >>> 16) & 1;
  const slc = (w0 >>> 17) & 1;
  const tfe = (w1 >>> 23) & 1;

  if (op.kind === BufKind.Cache) {
    // These bits are fixed at zero in LLVM's encoding of the cache ops (bit 15 is SI's addr64).
    if (offen | idxen | glc | lds | tfe | ((w0 >>> 15) & 1)) return;
    out.text = op.name;
    out.size = 2;
    return;
  }
  const srsrc = SRSRC[(w1 >>> 16) & 0x1f];
  const soffset = SOFFSET[w1 >>> 24];
  if (srsrc === null || soffset === null) return;
  let text: string;
  if (op.kind === BufKind.StoreLds) {
    if (!lds || offen | idxen | tfe) return;
    text = op.name + ' ' + srsrc + ', ' + soffset;
    if (offset) text += ' offset:' + offset;
    text += ' lds';
    if (glc) text += ' glc';
    if (slc) text += ' slc';
  } else {
    if (lds && (!op.lds || tfe)) return;
    if ((tfe && op.kind === BufKind.Atomic) || (glc && !op.glc)) return;
    const vaddr = bufVaddr(w1 & 0xff, idxen, offen);
    text = lds ? op.name + ' ' : op.name + ' ' + regRange('v', (w1 >>> 8) & 0xff, op.dwords + tfe) + ', ';
    text += vaddr + ', ' + srsrc + ', ' + soffset;
    if (idxen) text += ' idxen';
    if (offen) text += ' offen';
    if (offset) text += ' offset:' + offset;
    if (glc) text += ' glc';
    if (slc) text += ' slc';
    if (lds) text += ' lds';
    if (tfe) text += ' tfe';
  }
  out.text = text;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  const bit = targetBit(t);
  return MUBUF_OPS.filter((o) => o.targets & bit).map((o) => ({
    name: o.name,
    encoding: 'MUBUF',
    opcode: o.opcode,
  }));
}

export const mubuf: Family = { decode, ops };
