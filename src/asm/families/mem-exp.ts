// EXP: `exp TARGET src0, src1, src2, src3 [done] [compr] [vm]`, each source a VGPR or `off`. With
// compr, two 16-bit pairs go in VSRC0 and VSRC1 (LLVM takes them from the first and third sources).
import { TARGET_NAMES } from '../../codec/families/exp.js';
import { EXP } from '../../isa/encodings/memory.js';
import { findProcessor } from '../../isa/processors.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import {
  type Actual,
  type Fail,
  type Form,
  matchForms,
  opt,
  parseActuals,
  parserMask,
  pos,
  tok,
} from './mem-match.js';

/** gfx9's targets by name -> the 6-bit TARGET value. */
const TARGETS = new Map<string, number>(
  TARGET_NAMES.flatMap((name, v) =>
    name.startsWith('invalid_target_') ? [] : [[name, v] as [string, number]],
  ),
);
/** Targets of later GPUs, which LLVM names but rejects here. */
const LATER = /^(pos4|prim|dual_src_blend[01])$/;

const isVgpr = (a: Actual) => a.op.kind === 'reg' && a.op.file === 'v' && a.op.count === 1;
/** A source: a VGPR, or `off` (which the encoder marks with value -1). */
const SRC = pos((a) => a.value === -1 || isVgpr(a));

const forms: Form<null>[] = [
  { formals: [tok('target'), SRC, SRC, SRC, SRC, opt('done'), opt('compr'), opt('vm')], data: null },
];
const mask = parserMask(forms);
// `off` may stand in any source position.
mask.set('off', 0b11110);
const KEYWORDS = new Set(['done', 'compr', 'vm', 'off']);

function target(inst: AsmInst): number | Fail | null {
  const t = inst.operands[0];
  if (t === undefined) return null;
  const name = t.kind === 'ident' ? t.name : t.kind === 'reg' && t.file === 'special' ? t.name : null;
  if (name === null) return null;
  const v = TARGETS.get(name);
  if (v !== undefined) return v;
  return {
    error: LATER.test(name) ? 'exp target is not supported on this GPU' : 'invalid exp target',
    pos: t.pos,
  };
}

function encode(inst: AsmInst): EncodeResult | null {
  if (inst.mnemonic !== 'exp') return null;
  const tgt = target(inst);
  if (tgt !== null && typeof tgt !== 'number') return tgt;
  // The target parser has taken operand 0 (`null` is a target here, not the register).
  const rest =
    tgt === null
      ? inst
      : {
          ...inst,
          operands: [
            { ...inst.operands[0], kind: 'ident', name: 'target' } as Operand,
            ...inst.operands.slice(1),
          ],
        };
  const acts = parseActuals(rest, mask, KEYWORDS);
  if ('error' in acts) return acts;
  // The target parser took operand 0 (an identifier); treat it as the target keyword.
  const list = tgt === null ? acts : [{ ...acts[0], key: 'target' }, ...acts.slice(1)];
  // `off` sources: the matcher sees them as the VGPR slot they stand in.
  const norm = list.map((a) => (a.key === 'off' ? { ...a, key: null, value: -1 } : a));
  const m = matchForms(inst, forms, norm);
  if ('error' in m) return m;
  const srcs = [1, 2, 3, 4].map((k) => {
    const a = m.bound[k]!;
    return a.value === -1 ? -1 : a.op.kind === 'reg' ? a.op.index : -1;
  });
  let done = 0;
  let compr = 0;
  let vm = 0;
  for (const a of m.bound) {
    if (a?.key === 'done') done = 1;
    else if (a?.key === 'compr') compr = 1;
    else if (a?.key === 'vm') vm = 1;
  }
  if (compr) {
    srcs[1] = srcs[2];
    srcs[2] = -1;
    srcs[3] = -1;
  }
  let en = 0;
  let w1 = 0;
  for (let k = 0; k < 4; k++) {
    if (srcs[k] < 0) continue;
    en |= compr ? 3 << (2 * k) : 1 << k;
    w1 |= srcs[k] << (8 * k);
  }
  const w0 =
    EXP[findProcessor(inst.target)?.generation ?? 'gfx9'].fixedValue |
    en |
    ((tgt as number) << 4) |
    (compr << 10) |
    (done << 11) |
    (vm << 12);
  return { words: [w0 >>> 0, w1 >>> 0] };
}

export const memExp: AsmFamily = {
  name: 'exp',
  mnemonics: () => ['exp'],
  encode,
};
