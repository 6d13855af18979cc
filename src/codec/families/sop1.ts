// SOP1: one scalar source (possibly a 32-bit literal dword), one scalar destination.
// Ops and operand profiles: src/isa/ops/scalar-sop.ts; bit layout: src/isa/encodings/scalar.ts.
import { SOP1 } from '../../isa/encodings/scalar.js';
import { SOP1_OPS } from '../../isa/ops/scalar-sop.js';
import type { Target } from '../../isa/targets.js';
import type { Family, IsaEntry } from '../types.js';
import { genTables, listRows } from './scalar-common.js';
import { sopCodec } from './scalar-sop.js';

/** Op rows by opcode, per generation. */
export const SOP1_BY_GEN = genTables(SOP1_OPS, SOP1.fields.op.mask + 1);

export const sop1Codec = sopCodec('sop1', SOP1, SOP1_BY_GEN);

export const sop1: Family = {
  decode: sop1Codec.decode,
  ops: (t: Target): IsaEntry[] => listRows(SOP1_OPS, t, 'SOP1'),
};
