// The VOPC family: ops in the plain 32-bit encoding and in its SDWA and DPP forms (see vop-decode.ts).
import { type Target, targetBit } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { decodeVop, ENC_VOPC } from './vop-decode.js';
import { VOPC_OPS } from './vop-ops.js';

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  decodeVop(ENC_VOPC, inp, i, out);
}

function ops(t: Target): IsaEntry[] {
  const tb = targetBit(t);
  const res: IsaEntry[] = [];
  for (const o of VOPC_OPS) {
    if (o === undefined || !(o.p.targets & tb)) continue;
    res.push({ name: o.p.name, encoding: 'VOPC', opcode: o.p.opcode });
    if (o.sdwaTargets & tb) res.push({ name: o.p.name, encoding: 'VOPC_SDWA', opcode: o.p.opcode });
    if (o.dppTargets & tb) res.push({ name: o.p.name, encoding: 'VOPC_DPP', opcode: o.p.opcode });
  }
  return res;
}

export const vopc: Family = { decode, ops };
