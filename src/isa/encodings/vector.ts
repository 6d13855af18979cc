// The VALU encodings' layouts per generation (fixed bits + named fields; see isa/fields.ts). Sources: the
// ISA documents' microcode-format chapters and CLRX GcnInstrsVop*.md / GcnSdwaDpp.md. gfx6/gfx7 VOP3 keeps
// clamp at bit 11 and a 9-bit opcode at bits 17-25; gfx8 moved clamp to bit 15 and widened the opcode to
// bits 16-25, and gfx9 put op_sel in bits 11-14.
import { type Layout, layout } from '../fields.js';
import type { Generation } from '../processors.js';

export const VOP1 = layout('VOP1', 1, [[25, 7, 0x3f]], { src0: [0, 9], op: [9, 8], vdst: [17, 8] });
export const VOP2 = layout('VOP2', 1, [[31, 1, 0]], {
  src0: [0, 9],
  vsrc1: [9, 8],
  vdst: [17, 8],
  op: [25, 6],
});
export const VOPC = layout('VOPC', 1, [[25, 7, 0x3e]], { src0: [0, 9], vsrc1: [9, 8], op: [17, 8] });

type Vop3Field =
  | 'vdst'
  | 'abs'
  | 'sdst'
  | 'opSel'
  | 'clamp'
  | 'op'
  | 'src0'
  | 'src1'
  | 'src2'
  | 'omod'
  | 'neg';

const VOP3_COMMON = {
  vdst: [0, 8],
  abs: [8, 3],
  sdst: [8, 7],
  src0: [32, 9],
  src1: [41, 9],
  src2: [50, 9],
  omod: [59, 2],
  neg: [61, 3],
} as const;

/** VOP3A/VOP3B of gfx6/gfx7 (opSel is absent: a zero-width stand-in is not allowed, so it aliases abs). */
const VOP3_SI = layout<Vop3Field>('VOP3', 2, [[26, 6, 0x34]], {
  ...VOP3_COMMON,
  opSel: [11, 1],
  clamp: [11, 1],
  op: [17, 9],
});
/** VOP3A/VOP3B of gfx8 (bits 11-14 reserved) and gfx9 (op_sel there). */
const VOP3_VI = layout<Vop3Field>('VOP3', 2, [[26, 6, 0x34]], {
  ...VOP3_COMMON,
  opSel: [11, 4],
  clamp: [15, 1],
  op: [16, 10],
});

export const VOP3: Record<Generation, Layout<Vop3Field>> = {
  gfx6: VOP3_SI,
  gfx7: VOP3_SI,
  gfx8: VOP3_VI,
  gfx9: VOP3_VI,
};

/** Size of the VOP3 opcode space per generation (the table a decoder indexes). */
export function vop3OpSpace(g: Generation): number {
  return VOP3[g].fields.op.mask + 1;
}

/** Whether the generation's VOP3 has op_sel (gfx9). */
export function hasOpSel(g: Generation): boolean {
  return g === 'gfx9';
}

/** The SDWA extension dword (gfx9; gfx8 has no s0/s1 SGPR bits and no omod: those bits are ignored). */
export const SDWA = layout('SDWA', 1, [], {
  src0: [0, 8],
  dstSel: [8, 3],
  dstUnused: [11, 2],
  clamp: [13, 1],
  omod: [14, 2],
  src0Sel: [16, 3],
  src0Sext: [19, 1],
  src0Neg: [20, 1],
  src0Abs: [21, 1],
  s0: [23, 1],
  src1Sel: [24, 3],
  src1Sext: [27, 1],
  src1Neg: [28, 1],
  src1Abs: [29, 1],
  s1: [31, 1],
});

/** The DPP extension dword (gfx8 and gfx9). */
export const DPP = layout('DPP', 1, [], {
  src0: [0, 8],
  dppCtrl: [8, 9],
  boundCtrl: [19, 1],
  src0Neg: [20, 1],
  src0Abs: [21, 1],
  src1Neg: [22, 1],
  src1Abs: [23, 1],
  bankMask: [24, 4],
  rowMask: [28, 4],
});
