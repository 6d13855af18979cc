// VOP3P on the fast path, as programs (program.ts) that encodeProgram runs like any other op's
// (asm/families/valu-vop3p.ts is the reference): packed math and dot products `vdst, src0, src1[, src2]`
// with clamp and the op_sel / op_sel_hi / neg_lo / neg_hi bit lists, the mix ops (neg/abs on register
// sources as neg_lo/neg_hi, no neg lists), and the gfx908 MFMA ops `a[..], src0, src1, a[..]` with cbsz /
// abid / blgp. Sources: VGPRs, scalar registers (one scalar value: the constant bus) and inline constants;
// a literal, an AGPR source of a packed op, lds_direct and every modifier spelling but these (each once, in
// llvm-mc's order, no comma, after the sources) go the general way.
// Layout (valu-vop3p.ts): word0 = vdst[7:0] neg_hi[10:8] op_sel[13:11] op_sel_hi2[14] clamp[15] op[22:16]
// 0x1a7[31:23]; word1 = src0[8:0] src1[17:9] src2[26:18] op_sel_hi0/1[28:27] neg_lo[31:29]. MFMA: word0 =
// vdst[7:0] cbsz[10:8] abid[14:11]; word1 = the sources, their AGPR bits [28:27], blgp[31:29].
import { type Field, layout } from '../../isa/fields.js';
import type { Target } from '../../isa/targets.js';
import { packedOp, packedSrcTypes } from '../families/valu-vop3p.js';
import { Builder, type ModRow, modTable } from './build.js';
import { kw, MODS, named } from './operands.js';
import { C_MFMA, C_VOP3P, type Program, S_ATUPLE, S_VATUPLE, S_VGPR, S_VSRC3, TYPES } from './program.js';

const W1 = 32;
const L = layout('VOP3P', 2, [[23, 9, 0x1a7]], {
  vdst: [0, 8],
  op: [16, 7],
  clamp: [15, 1],
  src0: [W1, 9],
  src1: [W1 + 9, 9],
  src2: [W1 + 18, 9],
  src2a: [W1 + 18, 8],
});
const F = L.fields;
/** A bit list's field of `n` entries (entries past the op's sources are ignored). */
const bits = (word: number, shift: number, n: number): Field => ({
  word,
  shift,
  mask: (1 << n) - 1,
  lo: word * 32 + shift,
  width: n,
});
/**
 * op_sel_hi is split over both words: its value is kept in a scratch word past the instruction (words[3])
 * and C_VOP3P places it.
 */
const SCRATCH: Field = { word: 3, shift: 0, mask: 7, lo: 96, width: 3 };

const typeIndex = (t: string): number => TYPES.indexOf(t as (typeof TYPES)[number]);

/** The program of the VOP3P op `name` on `t` (its `_e64` spelling too), or null (the AGPR moves). */
export function vop3pProgram(t: Target, name: string): Program | null {
  const op = packedOp(t, name);
  if (!op) return null;
  const b = new Builder();
  if (op.kind === 'mfma') {
    const acc = op.accDwords;
    b.add(S_ATUPLE, acc, F.vdst)
      .add(S_VATUPLE, op.srcDwords, F.src0)
      .add(S_VATUPLE, op.srcDwords, F.src1)
      .add(S_ATUPLE, acc, F.src2a);
    b.checks = C_MFMA;
    b.dataDw = acc;
    b.mods = modTable('mfma', () => [
      [
        [named('cbsz'), 1, 7, bits(0, 8, 3)],
        [named('abid'), 2, 15, bits(0, 11, 4)],
        [named('blgp'), 3, 7, bits(1, 29, 3)],
      ],
      [],
    ]);
    const p = b.done(L, op.opcode);
    // src2 is an AGPR tuple: 256 + its index.
    p.base[1] |= 1 << 26;
    return p;
  }
  const mix = op.kind === 'mix';
  const sel = op.kind !== 'packedNoSel';
  if (op.kind !== 'mix' && op.kind !== 'packed' && op.kind !== 'packedNoSel') return null;
  const types = packedSrcTypes(op).map(typeIndex);
  const ns = op.nsrc;
  if (types.slice(0, ns).some((x) => x < 0)) return null;
  b.add(S_VGPR, 1, F.vdst);
  const srcFields = [F.src0, F.src1, F.src2];
  // The mix ops spell neg_lo as a negation and neg_hi as an absolute value of the source.
  for (let k = 0; k < ns; k++) b.add(S_VSRC3, types[k], srcFields[k], k, mix ? MODS.NEG | MODS.ABS : 0);
  b.neg = bits(1, 29, 3);
  b.abs = bits(0, 8, 3);
  b.checks = C_VOP3P;
  b.dataDw = ns;
  b.channels = mix ? 0 : 7;
  b.mods = modTable(`vop3p/${ns}${+mix}${+sel}`, () => {
    // Levels: llvm-mc's order (valu-vop3p.ts ORDER), clamp last.
    const rows: ModRow[] = [[kw('clamp'), 5, 1, F.clamp]];
    if (sel) rows.push([named('op_sel'), 1, 15, bits(0, 11, ns)], [named('op_sel_hi'), 2, 15, SCRATCH]);
    if (!mix) rows.push([named('neg_lo'), 3, 15, bits(1, 29, ns)], [named('neg_hi'), 4, 15, bits(0, 8, ns)]);
    return [rows, []];
  });
  return b.done(L, op.opcode);
}
