// The VOP1 family: ops in the plain 32-bit encoding and in its SDWA and DPP forms (see vop-decode.ts).
import { type Target, targetBit } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { decodeVop, ENC_VOP1 } from './vop-decode.js';
import { VOP1_OPS } from './vop-ops.js';

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  decodeVop(ENC_VOP1, inp, i, out);
}

function ops(t: Target): IsaEntry[] {
  const tb = targetBit(t);
  const res: IsaEntry[] = [];
  for (const o of VOP1_OPS) {
    if (o === undefined || !(o.p.targets & tb)) continue;
    res.push({ name: o.p.name, encoding: 'VOP1', opcode: o.p.opcode });
    if (o.sdwaTargets & tb) res.push({ name: o.p.name, encoding: 'VOP1_SDWA', opcode: o.p.opcode });
    if (o.dppTargets & tb) res.push({ name: o.p.name, encoding: 'VOP1_DPP', opcode: o.p.opcode });
  }
  return res;
}

export const vop1: Family = { decode, ops };
