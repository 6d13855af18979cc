// Candidate instruction lines for the per-generation codec fixtures (scripts/gen-gens-fixtures.ts):
// every op name the CLRX tables list (../shared/reference/clrx/GcnInstrs*.md, all GCN generations),
// each with a set of operand shapes. Most (op, shape) pairs are wrong; llvm-mc-22 decides which lines
// exist on a target, so the lists may be generous. Nothing here claims an op exists anywhere.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FCMP_PREDICATES } from '../../src/isa/ops/vector-cmp.js';

/** The CLRX table file each family's op names come from, and the prefix its mnemonics carry. */
const CLRX_FILES: { group: Group; file: string; prefix: RegExp }[] = [
  { group: 'sop1', file: 'GcnInstrsSop1.md', prefix: /^S_/ },
  { group: 'sop2', file: 'GcnInstrsSop2.md', prefix: /^S_/ },
  { group: 'sopk', file: 'GcnInstrsSopk.md', prefix: /^S_/ },
  { group: 'sopc', file: 'GcnInstrsSopc.md', prefix: /^S_/ },
  { group: 'sopp', file: 'GcnInstrsSopp.md', prefix: /^S_/ },
  { group: 'smem', file: 'GcnInstrsSmrd.md', prefix: /^S_/ },
  { group: 'smem', file: 'GcnInstrsSmem.md', prefix: /^S_/ },
  { group: 'vop1', file: 'GcnInstrsVop1.md', prefix: /^V_/ },
  { group: 'vop2', file: 'GcnInstrsVop2.md', prefix: /^V_/ },
  { group: 'vop3', file: 'GcnInstrsVop3.md', prefix: /^V_/ },
  { group: 'vop3p', file: 'GcnInstrsVop3p.md', prefix: /^V_/ },
  { group: 'vintrp', file: 'GcnInstrsVintrp.md', prefix: /^V_INTERP/ },
  { group: 'ds', file: 'GcnInstrsDs.md', prefix: /^DS_/ },
  { group: 'mubuf', file: 'GcnInstrsMubuf.md', prefix: /^BUFFER_/ },
  { group: 'mtbuf', file: 'GcnInstrsMtbuf.md', prefix: /^TBUFFER_/ },
  { group: 'mimg', file: 'GcnInstrsMimg.md', prefix: /^IMAGE_/ },
  { group: 'flat', file: 'GcnInstrsFlat.md', prefix: /^FLAT_/ },
];

export type Group =
  | 'sop1'
  | 'sop2'
  | 'sopk'
  | 'sopc'
  | 'sopp'
  | 'smem'
  | 'vop1'
  | 'vop2'
  | 'vopc'
  | 'vop3'
  | 'vop3p'
  | 'vintrp'
  | 'ds'
  | 'mubuf'
  | 'mtbuf'
  | 'mimg'
  | 'flat'
  | 'exp';

/**
 * Operand shapes per group. A shape starting with `_` is appended to the mnemonic (an encoding suffix
 * such as `_e64`, then the operands); otherwise it follows the mnemonic after a space ('' = none).
 */
const SHAPES: Record<Group, string[]> = {
  sop1: [
    '',
    's5',
    's[4:5]',
    's5, s1',
    's5, s101',
    's[4:5], s[2:3]',
    's5, s[2:3]',
    's[4:5], s1',
    's5, -1',
    's5, 0.5',
    's5, 0x3039',
    's[4:5], -4',
    's[4:5], 0x3039',
    'exec, s[2:3]',
    's[4:5], vcc',
    'm0, s1',
    'vcc_lo, exec_hi',
    's5, scc',
  ],
  sop2: [
    's5, s1, s2',
    's5, s101, s102',
    's5, -1, 0x3039',
    's5, 0.5, s2',
    's5, m0, exec_lo',
    's[4:5], s[2:3], s[6:7]',
    's[4:5], s[2:3], s6',
    's[4:5], exec, vcc',
    's[4:5], -1, 0x3039',
    's5, s[2:3], s6',
    's[2:3], s[4:5]',
    's[2:3], s[4:5], s[6:7]',
  ],
  sopk: [
    's5, 0x3039',
    's5, -2',
    's[4:5], 0x3039',
    'hwreg(HW_REG_MODE), s5',
    's5, hwreg(HW_REG_MODE)',
    'hwreg(HW_REG_TRAPSTS, 1, 3), s5',
    's5, hwreg(HW_REG_HW_ID, 8, 4)',
    'hwreg(HW_REG_MODE), 0x3039',
    'hwreg(HW_REG_IB_STS, 2, 5), 0x11',
    '0x3039',
    's[4:5], 0x10',
  ],
  sopc: ['s1, s2', 's1, -1', 's1, 0x3039', '0.5, s2', 's[2:3], s[4:5]', 's[2:3], s4', 's1, 7', 's1, 0x3'],
  sopp: [
    '',
    '0',
    '1',
    '0x3039',
    '-4',
    'lgkmcnt(0)',
    'vmcnt(0) expcnt(0) lgkmcnt(0)',
    'vmcnt(1) lgkmcnt(2)',
    'sendmsg(MSG_INTERRUPT)',
    'sendmsg(MSG_GS, GS_OP_EMIT, 0)',
    'sendmsg(MSG_SYSMSG, SYSMSG_OP_ECC_ERR_INTERRUPT)',
    '0x1f',
    '3',
  ],
  smem: [
    '',
    's[4:5]',
    's5, s[2:3], 0x7f',
    's5, s[2:3], s7',
    's5, s[2:3], 0x12345',
    's5, s[2:3], 0x7f glc',
    's[4:5], s[2:3], 0x7f',
    's[4:7], s[2:3], 0x10',
    's[4:11], s[2:3], 1',
    's[4:19], s[2:3], s7',
    's5, s[4:7], 0x7f',
    's[4:5], s[4:7], s7',
    's[8:11], s[4:7], 0x10',
    's[8:15], s[4:7], 0x12345',
    's[8:23], s[4:7], 1',
    's5, s[2:3], m0',
    's5, s[2:3], 0x7f glc',
    's[4:5], s[2:3], 0x7f glc',
  ],
  vop1: [
    '',
    'v5, v1',
    'v5, s1',
    'v5, -1',
    'v5, 0.5',
    'v5, 0x3039',
    'v5, vcc_lo',
    'v255, v255',
    'v[4:5], v[2:3]',
    'v[4:5], s[2:3]',
    'v[4:5], 0.5',
    'v5, v[2:3]',
    'v5, s[2:3]',
    'v[4:5], v1',
    'v[4:5], s1',
    's5, v1',
    '_e64 v5, v1',
    '_e64 v5, -v1',
    '_e64 v5, |s1| clamp',
    '_e64 v5, v1 mul:2',
    '_e64 v[4:5], -|v[2:3]| div:2',
    '_e64 v5, -v[2:3]',
    '_e64 v[4:5], v1 clamp',
    'v5, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_2',
    'v5, -v1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1',
    'v5, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf',
    'v5, -v1 row_shl:1 row_mask:0xa bank_mask:0x1 bound_ctrl:0',
    'v5, |v1| row_ror:15 row_mask:0xf bank_mask:0xf',
  ],
  vop2: [
    'v5, v1, v2',
    'v5, s1, v2',
    'v5, -1, v2',
    'v5, 0.5, v2',
    'v5, 0x3039, v2',
    'v255, v255, v255',
    'v5, vcc, v1, v2',
    'v5, vcc, s1, v2',
    'v5, vcc, v1, v2, vcc',
    'v5, v1, v2, vcc',
    'v5, s1, v2, vcc',
    'v5, v1, 0x3039, v2',
    'v5, v1, v2, 0x3039',
    's5, v1, s2',
    's5, v1, 7',
    'v5, s1, s2',
    'v5, s1, 7',
    'v[4:5], v[2:3], v[6:7]',
    'v[4:5], v[2:3], v6',
    '_e64 v5, v1, v2',
    '_e64 v5, -v1, |v2|',
    '_e64 v5, s1, v2 clamp',
    '_e64 v5, v1, s2 mul:4',
    '_e64 v5, s[4:5], v1, v2',
    '_e64 v5, s[4:5], v1, v2, s[6:7]',
    '_e64 v5, v1, v2, s[6:7]',
    '_e64 v5, -v1, v2, s[6:7]',
    'v5, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:BYTE_2',
    'v5, -v1, |v2| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:WORD_0',
    'v5, vcc, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD',
    'v5, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD',
    'v5, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf',
    'v5, -v1, |v2| row_shr:3 row_mask:0x5 bank_mask:0xf bound_ctrl:0',
    'v5, vcc, v1, v2 wave_shl:1 row_mask:0xf bank_mask:0xf',
    'v5, v1, v2, vcc row_mirror row_mask:0xf bank_mask:0xf',
  ],
  vopc: [
    'vcc, v1, v2',
    'vcc, s1, v2',
    'vcc, -1, v2',
    'vcc, 0.5, v2',
    'vcc, 0x3039, v2',
    'vcc, v[2:3], v[4:5]',
    'vcc, s[2:3], v[4:5]',
    'vcc, 0.5, v[4:5]',
    'vcc, v[2:3], v4',
    'vcc, s[2:3], v4',
    '_e64 s[4:5], v1, v2',
    '_e64 s[4:5], -v1, |v2|',
    '_e64 vcc, s1, 0.5',
    '_e64 s[4:5], v[2:3], s[6:7]',
    '_e64 s[4:5], -v[2:3], 2',
    '_e64 s[4:5], v[2:3], v4',
    '_e64 s[4:5], v1, v2 clamp',
    'vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_2',
    'vcc, -v1, |v2| src0_sel:DWORD src1_sel:DWORD',
  ],
  vop3: [
    'v5, v1, v2, v3',
    'v5, s1, v2, v3',
    'v5, v1, -1, 0.5',
    'v5, -v1, |v2|, -|v3| clamp',
    'v5, v1, v2, v3 mul:2',
    'v5, v1, v2',
    'v5, s1, v2',
    'v5, -v1, |v2| div:2',
    'v5, v1, v2 clamp',
    'v[4:5], v[2:3], v[6:7], v[8:9]',
    'v[4:5], -v[2:3], |v[6:7]|, v[8:9] clamp',
    'v[4:5], v[2:3], v[6:7]',
    'v[4:5], v[2:3], v6',
    'v[4:5], v[2:3], s6',
    'v[4:5], v1, v2',
    'v5, v[2:3], v[4:5]',
    'v5, v[2:3], v4',
    'v[4:5], v1, v[2:3]',
    'v[4:5], v1, v2, v[6:7]',
    'v[4:5], s[6:7], v1, v2, v[8:9]',
    'v5, vcc, v1, v2, v3',
    'v5, s[6:7], v1, v2, v3',
    'v[4:5], vcc, v[2:3], v[6:7], v[8:9]',
    'v5, v1, v2, v3 op_sel:[1,0,0,0]',
    'v[4:5], v[2:3], v[6:7], vcc',
    'v5, v1, v[2:3], v5',
    'v[4:7], v[0:1], v2, v[4:7]',
    'v5, v1, attr0.x',
    'v5, v1, attr3.y high',
    'v5, p10, attr0.x',
    'v5, v1, attr0.x, v2',
  ],
  vop3p: [
    'v5, v1, v2',
    'v5, v1, v2, v3',
    'v5, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]',
    'v5, v1, v2, v3 neg_lo:[1,0,0]',
  ],
  vintrp: [
    'v5, v1, attr0.x',
    'v5, v1, attr31.w',
    'v255, v2, attr7.z',
    'v5, p10, attr0.x',
    'v5, p20, attr1.y',
    'v5, p0, attr2.w',
  ],
  ds: [
    '',
    'v1',
    'v5',
    'v1 offset:16',
    'v1 offset:65535 gds',
    'v5 offset:16',
    'v5 gds',
    'gds',
    'offset:16 gds',
    'v1, v2',
    'v1, v2 offset:65535',
    'v1, v2 gds',
    'v1, v[2:3]',
    'v1, v[2:3] offset:4',
    'v1, v[2:4]',
    'v1, v[2:5]',
    'v1, v2, v3',
    'v1, v2, v3 offset:16',
    'v1, v2, v3 offset0:4 offset1:8',
    'v1, v[2:3], v[4:5]',
    'v1, v[2:3], v[4:5] offset0:4 offset1:255',
    'v5, v1',
    'v5, v1 offset:16',
    'v5, v1 offset:swizzle(BITMASK_PERM,"01pip")',
    'v5, v1, v2',
    'v5, v1, v2 offset:16',
    'v5, v1, v2 offset:65535 gds',
    'v5, v1, v2, v3',
    'v5, v1, v2, v3 offset0:4 offset1:8',
    'v[4:5], v1',
    'v[4:5], v1 offset:16',
    'v[4:5], v1 offset0:4 offset1:8',
    'v[4:6], v1',
    'v[4:7], v1',
    'v[4:7], v1 offset0:4 offset1:8',
    'v[4:5], v1, v[2:3]',
    'v[4:5], v1, v[2:3] offset:16',
    'v[4:5], v1, v[2:3], v[6:7]',
    'v[4:5], v1, v[2:3], v[6:7] offset0:4 offset1:8',
    'v5, v1, v2, v3 offset:16',
  ],
  mubuf: [
    '',
    'v5, off, s[8:11], s3',
    'v5, off, s[8:11], s3 offset:4095',
    'v5, off, s[8:11], 1 offset:7 glc slc',
    'v5, off, s[8:11], m0',
    'v5, v1, s[8:11], s3 offen offset:4095',
    'v5, v1, s[8:11], s3 idxen',
    'v5, v[1:2], s[8:11], s3 idxen offen',
    'v5, v[2:3], s[8:11], s3 addr64',
    'v5, v[2:3], s[8:11], s3 addr64 offset:4095 glc',
    'v5, off, s[8:11], s3 tfe',
    'v5, off, s[8:11], s3 glc',
    'v5, v1, s[8:11], s3 offen glc',
    'v[4:5], off, s[8:11], s3',
    'v[4:5], off, s[8:11], s3 glc',
    'v[4:5], v1, s[8:11], s3 idxen offset:4095',
    'v[4:5], v[2:3], s[8:11], s3 addr64',
    'v[4:6], off, s[8:11], s3',
    'v[4:7], off, s[8:11], s3',
    'v[4:7], v1, s[8:11], s3 offen glc',
    'v[4:7], off, s[8:11], s3 glc',
    'off, s[8:11], s3 lds',
    'off, s[8:11], s3 offset:4095 lds',
    // The SGPR file's names per generation (s102/s103 and flat_scratch at 104 on gfx7, tba/tma and the
    // TTMPs at 108/112 before gfx9, xnack_mask with the xnack feature) in soffset and srsrc.
    'v5, off, s[8:11], s102',
    'v5, off, s[8:11], flat_scratch_hi',
    'v5, off, s[8:11], xnack_mask_lo',
    'v5, off, s[8:11], tba_lo',
    'v5, off, s[8:11], ttmp1',
    'v5, off, ttmp[4:7], s3',
    'v5, off, s[100:103], s3',
  ],
  mtbuf: [
    'v5, off, s[8:11], s3',
    'v5, off, s[8:11], s3 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offset:4095',
    'v5, v1, s[8:11], s3 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM] offen',
    'v5, v1, s[8:11], s3 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen offset:2 glc',
    'v5, v[2:3], s[8:11], s3 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT] addr64',
    'v5, v[1:2], s[8:11], s3 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_USCALED] idxen offen slc',
    'v[4:5], off, s[8:11], s3 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT]',
    'v[4:6], off, s[8:11], s3 format:[BUF_DATA_FORMAT_32_32_32,BUF_NUM_FORMAT_SNORM] tfe',
    'v[4:7], off, s[8:11], s3 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_SSCALED]',
    'v[4:7], v1, s[8:11], 1 format:[BUF_DATA_FORMAT_10_11_11,BUF_NUM_FORMAT_FLOAT] offen',
    'v[4:5], off, s[8:11], s3 format:[BUF_DATA_FORMAT_2_10_10_10,BUF_NUM_FORMAT_UINT]',
    'v5, off, ttmp[4:7], ttmp1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]',
    'v5, off, s[8:11], s103 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]',
    'v5, off, s[8:11], flat_scratch_lo format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]',
  ],
  mimg: [
    'v5, v1, s[8:15] dmask:0x1',
    'v5, v[1:2], s[8:15] dmask:0x2 unorm',
    'v[4:5], v[1:2], s[8:15] dmask:0x3',
    'v[4:6], v[1:4], s[8:15] dmask:0x7 glc',
    'v[4:7], v[1:4], s[8:15] dmask:0xf unorm glc slc',
    'v[4:7], v[1:4], s[8:15] dmask:0xf da',
    'v5, v1, s[8:15] dmask:0x1 glc',
    'v[4:5], v1, s[8:15] dmask:0x3 glc',
    'v[4:5], v[1:4], s[8:15] dmask:0x3 glc',
    'v[4:7], v[1:4], s[8:15] dmask:0xf glc',
    'v5, v[1:2], s[8:15], s[12:15] dmask:0x1',
    'v5, v1, s[8:15], s[12:15] dmask:0x1',
    'v[4:7], v[1:4], s[8:15], s[16:19] dmask:0xf',
    'v[4:7], v[1:2], s[8:15], s[16:19] dmask:0x1',
    'v[4:7], v[1:4], s[8:15], s[16:19] dmask:0x2 tfe lwe',
    'v5, v[1:3], s[8:15], s[12:15] dmask:0x1 da',
    'v[4:5], v[1:4], s[8:15], s[16:19] dmask:0x3 r128',
    'v5, v[1:4], s[8:15], s[12:15] dmask:0x1',
    'v5, v[1:8], s[8:15], s[12:15] dmask:0x1',
    'v[5:6], v[1:2], s[8:15] dmask:0x1 tfe',
    'v[5:6], v[1:2], s[8:15], s[12:15] dmask:0x1 d16',
    'v5, v1, ttmp[4:11] dmask:0x1',
    'v5, v1, s[8:15], ttmp[4:7] dmask:0x1',
  ],
  flat: [
    'v5, v[1:2]',
    'v5, v[1:2] glc slc',
    'v[4:5], v[1:2]',
    'v[4:6], v[1:2]',
    'v[4:7], v[1:2] glc',
    'v5, v[1:2] tfe',
    'v[1:2], v5',
    'v[1:2], v5 glc slc',
    'v[1:2], v[4:5]',
    'v[1:2], v[4:6]',
    'v[1:2], v[4:7]',
    'v5, v[1:2], v3 glc',
    'v[1:2], v3',
    'v[1:2], v3 slc',
    'v[4:5], v[1:2], v[6:7] glc',
    'v[1:2], v[6:7]',
    'v5, v[1:2], v[6:7] glc',
    'v[4:5], v[1:2], v[6:9] glc',
    'v[1:2], v[6:9]',
  ],
  exp: [],
};

/** `exp` lines: every target kind with a few enable and flag combinations. */
function expLines(): string[] {
  const tgts = ['mrt0', 'mrt7', 'mrtz', 'null', 'pos0', 'pos3', 'param0', 'param31', 'invalid_target_10'];
  const out: string[] = [];
  for (const t of tgts) {
    out.push(`exp ${t} v1, v2, v3, v4`);
    out.push(`exp ${t} off, off, off, off`);
    out.push(`exp ${t} v1, off, v3, off done`);
    out.push(`exp ${t} v1, v1, v2, v2 compr vm`);
    out.push(`exp ${t} v255, v2, off, v4 done vm`);
  }
  return out;
}

/** The compare ops, by the patterns GcnInstrsVopc.md gives (OP16 x float types, OP8 x integer types). */
function vopcNames(): string[] {
  const op16 = FCMP_PREDICATES;
  // The integer predicates plus the float spellings llvm-mc might also take for them (it decides).
  const op8 = ['f', 'lt', 'eq', 'le', 'gt', 'ne', 'lg', 'ge', 't', 'tru'];
  const out: string[] = [];
  for (const p of ['v_cmp_', 'v_cmpx_', 'v_cmps_', 'v_cmpsx_'])
    for (const o of op16) for (const t of ['f16', 'f32', 'f64']) out.push(`${p}${o}_${t}`);
  for (const p of ['v_cmp_', 'v_cmpx_'])
    for (const o of op8)
      for (const t of ['i16', 'i32', 'i64', 'u16', 'u32', 'u64']) out.push(`${p}${o}_${t}`);
  for (const p of ['v_cmp_class_', 'v_cmpx_class_']) for (const t of ['f16', 'f32', 'f64']) out.push(p + t);
  return out;
}

/** Op names (lowercase) per group, from the CLRX tables (every token with the family's prefix). */
export function opNames(clrxDir: string): Map<Group, string[]> {
  const by = new Map<Group, Set<string>>();
  for (const { group, file, prefix } of CLRX_FILES) {
    const text = readFileSync(join(clrxDir, file), 'utf8');
    const set = by.get(group) ?? new Set<string>();
    for (const m of text.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g)) {
      if (prefix.test(m[0]) && !/_$/.test(m[0])) set.add(m[0].toLowerCase());
    }
    by.set(group, set);
  }
  by.set('vopc', new Set(vopcNames()));
  // The VOP3 encodings of the VOP1/VOP2/VOPC ops come from their shapes' `_e64` entries.
  const out = new Map<Group, string[]>();
  for (const [g, s] of by) out.set(g, [...s].sort());
  return out;
}

/** Every candidate line, with the group that produced it. */
export function candidateLines(clrxDir: string): { group: Group; src: string }[] {
  const out: { group: Group; src: string }[] = [];
  for (const [group, names] of opNames(clrxDir)) {
    for (const name of names) {
      for (const shape of SHAPES[group]) {
        const src = shape.startsWith('_') ? name + shape : shape === '' ? name : `${name} ${shape}`;
        out.push({ group, src });
      }
    }
  }
  for (const src of expLines()) out.push({ group: 'exp', src });
  return out;
}
