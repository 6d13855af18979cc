// Decode tables of the VOP1/VOP2/VOPC ops in their 32-bit encodings (e32, SDWA, DPP), built once from
// the shared operand profiles. Which op has an SDWA or DPP form on which target is what llvm-objdump-22
// decodes; the rules below reproduce it.
import {
  VF_MADAK,
  VF_MADMK,
  VF_SWAP,
  VF_TIED,
  VOP_PROFILES,
  type VopEncoding,
  type VopProfile,
} from '../../isa/vop-profile.js';
import { type OperandType, typeDwords } from '../operands.js';

export interface VopOp {
  readonly p: VopProfile;
  /** Mnemonic of the plain 32-bit form: LLVM adds _e32 only where the op also has an e64 form. */
  readonly e32: string;
  readonly sdwa: string;
  readonly dpp: string;
  /** T_* masks of the targets with an SDWA / DPP form (0: none). */
  readonly sdwaTargets: number;
  readonly dppTargets: number;
  /** Width of the destination VGPR in dwords. */
  readonly dstDw: number;
  readonly s0: OperandType;
  readonly s1: OperandType;
  /** Whether the sources take float modifiers (neg/abs) rather than integer ones (sext). */
  readonly fp0: boolean;
  readonly fp1: boolean;
  /** Whether the DPP form has neg/abs bits (printed only on float sources; else they must be zero). */
  readonly dppMods: boolean;
  /** Whether the result is a float (only then SDWA takes an output modifier). */
  readonly fpDst: boolean;
}

// Ops LLVM has neither SDWA nor DPP forms of (besides madmk/madak, whose K takes the extra dword).
const NO_EXT = new Set(['v_readfirstlane_b32', 'v_swap_b32', 'v_clrexcp']);
// LLVM has DPP but no SDWA forms of the accumulating ops, except v_pk_fmac_f16 which has both.
const NO_SDWA = new Set([
  'v_mac_f32',
  'v_mac_f16',
  'v_fmac_f32',
  'v_dot2c_f32_f16',
  'v_dot2c_i32_i16',
  'v_dot4c_i32_i8',
  'v_dot8c_i32_i4',
]);

// Ops whose integer operands still take float modifiers (LLVM gives v_cndmask_b32 neg/abs).
const FP_MODS = new Set(['v_cndmask_b32']);

// Integer dot ops whose DPP forms accept (and do not print) neg/abs bits.
const DPP_IGNORED_MODS = new Set(['v_dot2c_i32_i16', 'v_dot4c_i32_i8', 'v_dot8c_i32_i4']);

function isFp(t: OperandType): boolean {
  return t === 'f16' || t === 'f32' || t === 'f64' || t === 'v2f16';
}

function has64(p: VopProfile): boolean {
  return (
    p.src.some((t) => typeDwords(t) === 2) ||
    (p.dstKind === 'vgpr' && p.dst !== null && typeDwords(p.dst) === 2)
  );
}

function build(p: VopProfile): VopOp {
  const bare = (p.flags & (VF_MADMK | VF_MADAK | VF_SWAP)) !== 0 || p.name === 'v_readfirstlane_b32';
  // v_nop prints the same mnemonic in all three forms.
  const noOps = p.src.length === 0;
  const ext = !NO_EXT.has(p.name) && !(p.flags & (VF_MADMK | VF_MADAK));
  const sdwaTargets = ext && !NO_SDWA.has(p.name) && !has64(p) ? p.targets : 0;
  const dppTargets = ext && p.encoding !== 'VOPC' ? p.targets : 0;
  const s0 = p.src[0] ?? 'b32';
  const s1 = p.src[1] ?? s0;
  return {
    p,
    e32: bare || noOps ? p.name : p.name + '_e32',
    sdwa: noOps ? p.name : p.name + '_sdwa',
    dpp: noOps ? p.name : p.name + '_dpp',
    sdwaTargets,
    dppTargets,
    dstDw: p.dst !== null && p.dstKind === 'vgpr' ? typeDwords(p.dst) : 1,
    s0,
    s1,
    fp0: isFp(s0) || FP_MODS.has(p.name),
    fp1: isFp(s1) || FP_MODS.has(p.name),
    dppMods: isFp(s0) || isFp(s1) || FP_MODS.has(p.name) || DPP_IGNORED_MODS.has(p.name),
    fpDst: p.dst !== null && isFp(p.dst),
  };
}

function table(enc: VopEncoding): (VopOp | undefined)[] {
  const a: (VopOp | undefined)[] = new Array(256).fill(undefined);
  for (const p of VOP_PROFILES) if (p.encoding === enc) a[p.opcode] = build(p);
  return a;
}

export const VOP1_OPS = table('VOP1');
export const VOP2_OPS = table('VOP2');
export const VOPC_OPS = table('VOPC');

/** Whether the op accumulates into its destination (printed like a plain two-source op in e32). */
export function isTied(o: VopOp): boolean {
  return (o.p.flags & VF_TIED) !== 0;
}
