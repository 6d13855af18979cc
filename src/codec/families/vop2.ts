// The VOP2 family: ops in the plain 32-bit encoding and in its SDWA and DPP forms (see vop-decode.ts).
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { decodeVop, ENC_VOP2 } from './vop-decode.js';
import { vopTables } from './vop-ops.js';

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  decodeVop(ENC_VOP2, inp, i, out);
}

function ops(t: Target): IsaEntry[] {
  const res: IsaEntry[] = [];
  for (const o of vopTables(t)[1]) {
    if (o === undefined) continue;
    res.push({ name: o.name, encoding: 'VOP2', opcode: o.opcode });
    if (o.hasSdwa) res.push({ name: o.name, encoding: 'VOP2_SDWA', opcode: o.opcode });
    if (o.hasDpp) res.push({ name: o.name, encoding: 'VOP2_DPP', opcode: o.opcode });
  }
  return res;
}

export const vop2: Family = { decode, ops };
