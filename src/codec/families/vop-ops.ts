// Decode tables of the VOP1/VOP2/VOPC ops in their 32-bit encodings (e32, SDWA, DPP), built once from
// the shared operand profiles. Which op has an SDWA or DPP form on which target is what llvm-objdump-22
// decodes; the rules below reproduce it.

import { opcodeOn } from '../../isa/ops.js';
import type { Generation, Processor } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import {
  processorOf,
  VF_LANE,
  VF_MADAK,
  VF_MADMK,
  VF_SWAP,
  VF_TIED,
  VGPR_SRC0_OPS,
  type VopEncoding,
  type VopProfile,
  vopByOpcode,
  vopName,
} from '../../isa/vop-profile.js';
import { type OperandType, typeDwords } from '../operands.js';
import { type ByteTable, byteTable, piece } from '../text-bytes.js';
import { srcTable } from './vop3-common.js';

/** An op of one processor in its 32-bit encodings. */
export interface VopOp {
  readonly p: VopProfile;
  /** The op's 32-bit-encoding opcode on this processor. */
  readonly opcode: number;
  /** LLVM's spelling on this processor (without suffix). */
  readonly name: string;
  /** Mnemonic of the plain 32-bit form: LLVM adds _e32 only where the op also has an e64 form. */
  readonly e32: string;
  readonly sdwa: string;
  readonly dpp: string;
  /** Whether the op has an SDWA / DPP form on this processor. */
  readonly hasSdwa: boolean;
  readonly hasDpp: boolean;
  /** gfx8's SDWA (no SGPR sources, no omod, VOPC writes vcc and prints no _sdwa suffix). */
  readonly sdwa8: boolean;
  /** gfx6/gfx7 (TTMPs at 112 as on gfx8). */
  readonly old: boolean;
  /** The processor's generation (operand names differ per generation). */
  readonly gen: Generation;
  /** Whether src0 is a 64-bit operand (an SGPR pair when scalar). */
  readonly src0Pair: boolean;
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
  /** `e32` and a space, and src0's texts by code (null at the literal code), pre-encoded. */
  readonly e32b: ByteTable;
  readonly s0Text: readonly (string | null)[];
  readonly s0b: ByteTable;
  /**
   * VOP1 with a VGPR-only src0 (v_swap_b32, v_movrels*): LLVM flags other codes in a comment. Kept per op:
   * a Set lookup by name on every VOP1 word was part of the plain form's time (issue 13).
   */
  readonly vgprSrc0: boolean;
}

// Ops LLVM has neither SDWA nor DPP forms of (besides madmk/madak, whose K takes the extra dword).
const NO_EXT = new Set([
  'v_readfirstlane_b32',
  'v_swap_b32',
  'v_clrexcp',
  'v_movrels_b32',
  'v_movreld_b32',
  'v_movrelsd_b32',
]);
// LLVM has DPP but no SDWA forms of the accumulating ops, except v_pk_fmac_f16 which has both (and
// gfx8's v_mac_f32/v_mac_f16, see NO_SDWA_GFX9).
const NO_SDWA_GFX9 = new Set(['v_mac_f32', 'v_mac_f16']);
const NO_SDWA = new Set([
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

function build(p: VopProfile, proc: Processor, opcode: number): VopOp {
  const name = vopName(p, proc.generation);
  const bare =
    (p.flags & (VF_MADMK | VF_MADAK | VF_SWAP | VF_LANE)) !== 0 || p.name === 'v_readfirstlane_b32';
  // v_nop prints the same mnemonic in all three forms.
  const noOps = p.src.length === 0;
  const gfx8 = proc.generation === 'gfx8';
  const ext = !NO_EXT.has(p.name) && !(p.flags & (VF_MADMK | VF_MADAK));
  const hasSdwa =
    proc.features.has('sdwa') &&
    ext &&
    !NO_SDWA.has(p.name) &&
    !(NO_SDWA_GFX9.has(p.name) && !gfx8) &&
    !has64(p);
  const hasDpp = proc.features.has('dpp') && ext && p.encoding !== 'VOPC';
  const s0 = p.src[0] ?? 'b32';
  const s1 = p.src[1] ?? s0;
  const e32 = bare || noOps ? name : name + '_e32';
  const s0Text = srcTable(s0, proc.generation);
  return {
    p,
    opcode,
    name,
    e32,
    // gfx8 prints VOPC's SDWA form without a suffix.
    sdwa: noOps || (gfx8 && p.encoding === 'VOPC') ? name : name + '_sdwa',
    dpp: noOps ? name : name + '_dpp',
    hasSdwa,
    hasDpp,
    sdwa8: gfx8,
    old: proc.generation === 'gfx6' || proc.generation === 'gfx7',
    gen: proc.generation,
    src0Pair: p.src.length > 0 && typeDwords(p.src[0]) === 2,
    dstDw: p.dst !== null && p.dstKind === 'vgpr' ? typeDwords(p.dst) : 1,
    s0,
    s1,
    fp0: isFp(s0) || FP_MODS.has(p.name),
    fp1: isFp(s1) || FP_MODS.has(p.name),
    dppMods: isFp(s0) || isFp(s1) || FP_MODS.has(p.name) || DPP_IGNORED_MODS.has(p.name),
    fpDst: p.dst !== null && isFp(p.dst),
    e32b: piece(e32 + ' '),
    s0Text,
    s0b: byteTable(s0Text),
    vgprSrc0: (p.flags & VF_SWAP) !== 0 || VGPR_SRC0_OPS.has(p.name),
  };
}

/** One processor's ops by 32-bit opcode, per encoding in ENC order: VOP1, VOP2, VOPC. */
export type VopTables = readonly [
  readonly (VopOp | undefined)[],
  readonly (VopOp | undefined)[],
  readonly (VopOp | undefined)[],
];

const ENCODINGS: readonly VopEncoding[] = ['VOP1', 'VOP2', 'VOPC'];

/**
 * A processor's ops as built so far, per encoding and opcode: undefined until the opcode's first word
 * (building every op's tables at the first VOP word was a few ms of a tiny file's start-up: issue 13),
 * null where there is no op.
 */
interface Built {
  readonly proc: Processor;
  readonly ops: readonly (VopOp | null | undefined)[][];
  /** Every op built, the tables in VopTables' form (vopTables). */
  tables: VopTables | null;
}

const BUILT = new Map<string, Built>();
let lastTarget = '';
let last: Built | null = null;

function builtOf(t: Target): Built {
  if (t === lastTarget && last !== null) return last;
  let b = BUILT.get(t);
  if (b === undefined) {
    b = { proc: processorOf(t), ops: ENCODINGS.map(() => new Array(256).fill(undefined)), tables: null };
    BUILT.set(t, b);
  }
  lastTarget = t;
  last = b;
  return b;
}

/** The op of encoding `enc` (ENC order: 0 VOP1, 1 VOP2, 2 VOPC) with 32-bit opcode `op`, or null. */
export function vopOp(t: Target, enc: number, op: number): VopOp | null {
  const b = builtOf(t);
  const o = b.ops[enc][op];
  if (o !== undefined) return o;
  const p = vopByOpcode(b.proc, ENCODINGS[enc])[op] ?? null;
  const made = p === null ? null : build(p, b.proc, opcodeOn(p, b.proc)!);
  b.ops[enc][op] = made;
  return made;
}

/** The VOP1/VOP2/VOPC tables of a target, every op built (the assembler, `gcnkit isa`). */
export function vopTables(t: Target): VopTables {
  const b = builtOf(t);
  if (b.tables === null) {
    const all = ENCODINGS.map((_, enc) => {
      const list: (VopOp | undefined)[] = [];
      for (let op = 0; op < 256; op++) list.push(vopOp(t, enc, op) ?? undefined);
      return list;
    });
    b.tables = [all[0], all[1], all[2]];
  }
  return b.tables;
}

/** Whether the op accumulates into its destination (printed like a plain two-source op in e32). */
export function isTied(o: VopOp): boolean {
  return (o.p.flags & VF_TIED) !== 0;
}
