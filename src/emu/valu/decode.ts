// Binding of the VALU encodings (VOP1, VOP2, VOPC with SDWA/DPP; VOP3A/B; VOP3P) for execution. The codec
// decoded the words into the Inst (its fields and op row, DecodeOutput.into); this derives what execution
// needs from them: the op's VInfo and lane math, and its constants, resolved once by the operand's type.

import type { VopOp } from '../../codec/families/vop-ops.js';
import type { Vop3Entry } from '../../codec/families/vop3-tables.js';
import { hasOpSel } from '../../isa/encodings/vector.js';
import type { Target } from '../../isa/targets.js';
import { processorOf, VOP_PROFILES, type VopProfile } from '../../isa/vop-profile.js';
import { VOP3_ONLY_OPS } from '../../isa/vop3-ops.js';
import type { PackedOp } from '../../isa/vop3-packed.js';
import { ExecError, type Handler, type Inst, unimplemented } from '../inst.js';
import { constPair64, constValue32, isConstCode } from '../scalar-src.js';
import { valuSemantics } from '../semantics.js';
import { runValu } from './exec.js';
import { K_F16, K_F64, K_INT, K_PK, packedInfo, type VInfo, vop3OnlyInfo, vopInfo } from './info.js';
import type { ValuFn } from './lanes.js';
import { valuOp } from './op.js';
import { valuSpecial } from './special.js';

const INFO_CACHE = new Map<string, VInfo>();
function cached(key: string, make: () => VInfo): VInfo {
  let v = INFO_CACHE.get(key);
  if (v === undefined) {
    v = make();
    INFO_CACHE.set(key, v);
  }
  return v;
}

const VOP3_ONLY_BY_NAME = new Map(VOP3_ONLY_OPS.map((s) => [s.name, s]));
const PROFILE_BY_NAME = new Map<string, VopProfile>();
for (const p of VOP_PROFILES) if (!PROFILE_BY_NAME.has(p.name)) PROFILE_BY_NAME.set(p.name, p);

/** Resolves the constant of source k into inst.k{k} / k{k}h by the operand's kind. */
function resolveConst(i: Inst, k: number, code: number, kind: number, width: number): void {
  if (!isConstCode(code)) return;
  let lo: number;
  let hi = 0;
  if (width === 2) {
    [lo, hi] = constPair64(code, i.lit, kind === K_F64);
  } else {
    lo = constValue32(code, i.lit, kind === K_F16 || kind === K_PK ? 'f16' : kind === K_INT ? 'int' : 'f32');
    if (kind === K_INT && code >= 240 && code <= 248) lo = constValue32(code, i.lit, 'f32');
  }
  if (k === 0) {
    i.k0 = lo;
    i.k0h = hi;
  } else if (k === 1) {
    i.k1 = lo;
    i.k1h = hi;
  } else {
    i.k2 = lo;
    i.k2h = hi;
  }
}

/** Scalar source codes without a value in this model: lds_direct (254) and the reserved 209-234. */
function unmodelledSource(code: number): boolean {
  return code === 254 || (code >= 209 && code <= 234);
}

/** Stops an instruction with such a source, which would otherwise read as 0 without a word. */
const unmodelledSourceError: Handler = (_w, i) => {
  const code = unmodelledSource(i.src0) ? i.src0 : unmodelledSource(i.src1) ? i.src1 : i.src2;
  throw new ExecError(
    `operand code ${code}${code === 254 ? ' (lds_direct)' : ''} is not modelled as a VALU source, in ${i.text} at pc 0x${i.pc.toString(16)}`,
  );
};

function bind(i: Inst, info: VInfo, enc: number): void {
  i.name = info.name;
  for (let k = 0; k < info.nsrc; k++) {
    const code = k === 0 ? i.src0 : k === 1 ? i.src1 : i.src2;
    resolveConst(i, k, code, info.kind[k], info.width[k]);
    if (unmodelledSource(code)) {
      i.op = valuOp(i, info, null as never, enc);
      i.run = unmodelledSourceError;
      return;
    }
  }
  const special = valuSpecial(info.name);
  if (special !== undefined) {
    i.op = valuOp(i, info, null as never, enc);
    i.run = special;
    return;
  }
  const base = info.name.startsWith('v_cmpx_')
    ? 'v_cmp_' + info.name.slice(7)
    : info.name.startsWith('v_cmpsx_')
      ? 'v_cmps_' + info.name.slice(8)
      : info.name;
  const fn = valuSemantics(base);
  i.op = valuOp(i, info, fn as ValuFn, enc);
  i.run = fn === undefined ? unimplemented : runValu;
}

/**
 * VOP1/VOP2/VOPC (e32, SDWA, DPP), whose fields the codec filled (vop-decode.ts: op = the VopOp row).
 * Returns the size in dwords.
 */
export function bindVop(i: Inst): number {
  const o = i.op as VopOp;
  const p = o.p;
  const info = cached(p.name + ':' + p.encoding, () => vopInfo(p));
  const size = i.size >>> 2;
  if (info.madmk || info.madak) {
    // K is a third source: madmk computes src0 * K + src1, madak src0 * src1 + K.
    const full = cached(p.name + ':k', () => ({
      ...info,
      nsrc: 3,
      kind: [info.kind[0], info.kind[0], info.kind[0]],
      width: [1, 1, 1],
    }));
    if (info.madmk) {
      i.src2 = i.src1;
      i.src1 = 255;
    } else i.src2 = 255;
    bind(i, full, 0);
    return size;
  }
  bind(i, info, 0);
  return size;
}

let lastTarget = '';
let opSelBits = true;

/** VOP3A/VOP3B, whose fields the codec filled (vop3.ts: op = the Vop3Entry). Returns 2, or 0 if not executed. */
export function bindVop3(i: Inst, t: Target): number {
  if (t !== lastTarget) {
    opSelBits = hasOpSel(processorOf(t).generation);
    lastTarget = t;
  }
  const e = i.op as Vop3Entry;
  const only = VOP3_ONLY_BY_NAME.get(e.name);
  // Without op_sel (gfx6-8) the 16-bit ops gfx9 lets keep the other half (v_fma_f16, v_mad_f16...) write
  // the whole VGPR, high half zeroed (LLVM GCNSubtarget::zeroesHigh16BitsOfDest: VI zeroes, gfx9 keeps).
  const prof = PROFILE_BY_NAME.get(e.name);
  let info: VInfo;
  if (only !== undefined)
    info = opSelBits
      ? cached(e.name + ':only', () => vop3OnlyInfo(only))
      : cached(e.name + ':only-no-op-sel', () => ({ ...vop3OnlyInfo(only), opSel: false }));
  else if (prof !== undefined)
    info = opSelBits
      ? cached(e.name + ':e64', () => vopInfo(prof, e.opSel > 0))
      : cached(e.name + ':e64-no-op-sel', () => vopInfo(prof, false));
  else return 0;
  bind(i, info, 1);
  return 2;
}

/** VOP3P, whose fields the codec filled (vop3p.ts: op = the PackedOp). Returns 2. */
export function bindVop3p(i: Inst): number {
  const p = i.op as PackedOp;
  const info = cached(p.name + ':p', () => packedInfo(p));
  bind(i, info, 2);
  if (p.kind === 'mix') {
    // A mix source marked f16 by op_sel_hi takes the f16 inline constant in its low half (an f32 source
    // the f32 one, as bind resolved it): LLVM encodes 1.0 for an f16 source as the f16 constant.
    for (let k = 0; k < 3; k++) {
      const code = k === 0 ? i.src0 : k === 1 ? i.src1 : i.src2;
      if (!((i.opSelHi >>> k) & 1) || !isConstCode(code)) continue;
      const v = constValue32(code, i.lit, 'f16');
      if (k === 0) i.k0 = v;
      else if (k === 1) i.k1 = v;
      else i.k2 = v;
    }
  }
  return 2;
}
