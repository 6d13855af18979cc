// SOP2: two scalar sources, one scalar destination; either source may be a 32-bit literal dword.
// Ops and operand profiles: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOP2 } from '../../isa/encodings/scalar.js';
import { SOP2_OPS } from '../../isa/ops/scalar-sop.js';
import type { Target } from '../../isa/targets.js';
import type { Family, IsaEntry } from '../types.js';
import { genTables, listRows } from './scalar-common.js';
import { sopCodec } from './scalar-sop.js';

/** Op rows by opcode, per generation. */
export const SOP2_BY_GEN = genTables(SOP2_OPS, SOP2.fields.op.mask + 1);

export const sop2Codec = sopCodec('sop2', SOP2, SOP2_BY_GEN);

export const sop2: Family = {
  decode: sop2Codec.decode,
  ops: (t: Target): IsaEntry[] => listRows(SOP2_OPS, t, 'SOP2'),
};
