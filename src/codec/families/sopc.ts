// SOPC: compares two scalar sources into SCC (and the VGPR-indexing setup s_set_gpr_idx_on).
// Ops and operand profiles: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOPC } from '../../isa/encodings/scalar.js';
import { SOPC_OPS } from '../../isa/ops/scalar-sop.js';
import type { Target } from '../../isa/targets.js';
import type { Family, IsaEntry } from '../types.js';
import { genTables, listRows } from './scalar-common.js';
import { sopCodec } from './scalar-sop.js';

/** Op rows by opcode, per generation. */
export const SOPC_BY_GEN = genTables(SOPC_OPS, SOPC.fields.op.mask + 1);

export const sopcCodec = sopCodec('sopc', SOPC, SOPC_BY_GEN);

export const sopc: Family = {
  decode: sopcCodec.decode,
  ops: (t: Target): IsaEntry[] => listRows(SOPC_OPS, t, 'SOPC'),
};
