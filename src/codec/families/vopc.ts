// The VOPC family: ops in the plain 32-bit encoding and in its SDWA and DPP forms (see vop-decode.ts).
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { decodeVop, ENC_VOPC } from './vop-decode.js';
import { vopTables } from './vop-ops.js';

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  decodeVop(ENC_VOPC, inp, i, out);
}

function ops(t: Target): IsaEntry[] {
  const res: IsaEntry[] = [];
  for (const o of vopTables(t)[2]) {
    if (o === undefined) continue;
    res.push({ name: o.name, encoding: 'VOPC', opcode: o.opcode });
    if (o.hasSdwa) res.push({ name: o.name, encoding: 'VOPC_SDWA', opcode: o.opcode });
    if (o.hasDpp) res.push({ name: o.name, encoding: 'VOPC_DPP', opcode: o.opcode });
  }
  return res;
}

export const vopc: Family = { decode, ops };
