// Per-target decode tables of the VOP3 family (VOP3A/VOP3B, opcodes 0-895 of the 10-bit field): one entry
// per opcode with the mnemonic and the operand text tables the decoder indexes by field value.
import { hasOpSel, vop3OpSpace } from '../../isa/encodings/vector.js';
import { opcodeOn } from '../../isa/ops.js';
import type { Generation, Processor } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import {
  isFloatType,
  processorOf,
  VF_CARRY_OUT,
  VF_MASK_IN,
  VOP_PROFILES,
  type VopProfile,
  vop3Opcode,
  vopName,
} from '../../isa/vop-profile.js';
import { VOP3_ONLY_OPS, type Vop3OpShape, type Vop3Type } from '../../isa/vop3-ops.js';
import { type OperandType, srcOperand as srcGfx9, typeDwords, vgpr } from '../operands.js';
import type { IsaEntry } from '../types.js';
import { vopScalarReg, vopSrc } from './vop-operands.js';
import { srcTable as srcTableOn } from './vop3-common.js';

/** The generation whose tables build() is making: operand names differ per generation. */
let G: Generation = 'gfx9';
function srcOperand(code: number, t: OperandType, lit: number): string | null {
  return G === 'gfx9' ? srcGfx9(code, t, lit) : vopSrc(code, t, lit, G);
}
function scalarReg(code: number, dwords: number): string | null {
  return vopScalarReg(code, dwords, G);
}
function srcTable(t: OperandType): Table {
  return srcTableOn(t, G);
}

export const K_PLAIN = 0;
/** VOP3B: vdst, sdst (bits 14:8), sources. */
export const K_SDST = 1;
/** VOPC e64: an SGPR-pair result in the vdst field. */
export const K_VOPC = 2;
/** v_nop / v_clrexcp: no operands, printed without the _e64 suffix. */
export const K_NONE = 3;
export const K_READLANE = 4;
export const K_WRITELANE = 5;
export const K_INTERP = 6;
export const K_INTERP16 = 7;

export type Table = readonly (string | null)[];

export interface Vop3Entry {
  readonly name: string;
  /** Encoding name for `gcnkit isa` (VOP3A or VOP3B). */
  readonly encoding: string;
  readonly opcode: number;
  /** Mnemonic and the separating space. */
  readonly prefix: string;
  readonly kind: number;
  /** Result text by vdst field (8 bits); null where LLVM rejects it. */
  readonly dst: Table;
  /** Source text tables by 9-bit code, one per printed source. */
  readonly src: readonly Table[];
  /** Bit k: source k's neg (and abs, except in VOP3B, whose abs bits hold sdst) may be set. */
  readonly mods: number;
  /**
   * Bit k: source k prints its neg/abs. LLVM accepts the bits on the integer sources of some float ops
   * (v_ldexp_f32's exponent, v_cvt_pk_u8_f32's byte select, ...) and of the dot*c ops but prints nothing.
   */
  readonly modsPrint: number;
  readonly clamp: boolean;
  readonly omod: boolean;
  /** Entries of op_sel:[...] (0: the op has no op_sel and the bits are ignored). */
  readonly opSel: number;
  /** op_sel bits that must be clear (src2's bit for two-source ops). */
  readonly opSelZero: number;
  /** v_interp_mov_f32: src1 selects the parameter (p10/p20/p0). */
  readonly mov: boolean;
  /**
   * Operands llvm-objdump decodes as SGPR pairs (it warns when one is misaligned): bit k source k, bit 3
   * the scalar result (VOPC e64's vdst field, VOP3B's sdst); bit 4+k: source k is a VReg_128 operand
   * (v_mqsad_u32_u8's src2), whose SGPR codes LLVM decodes as an SGPR_128 and warns about alike.
   */
  pairs: number;
}

/** The `pairs` bits of an entry whose sources have these types. */
function pairBits(types: readonly Vop3Type[], kind: number): number {
  let m = kind === K_VOPC || kind === K_SDST ? 8 : 0;
  types.forEach((t, k) => {
    if (t === 'v128') m |= 16 << k;
    else if (typeDwords(t) === 2) m |= 1 << k;
  });
  return m;
}

const INVALID_IMM = '/*Invalid immediate*/';
function invalidReg(cls: string): string {
  return `/*Invalid register, operand has '${cls}' register class*/`;
}
/** Registers LLVM prints without the invalid-register comment in any register-class operand. */
const INLINE_VALUE = new Set([125, 230, 231, 235, 236, 237, 238, 239, 251, 252, 253]);
function isConst(code: number): boolean {
  return (code >= 128 && code <= 208) || (code >= 240 && code <= 248);
}

/**
 * The class tables made so far, by generation and arguments: several ops share each (readlane and
 * writelane's SReg_32 three times, the interpolations' VGPR_32), and each build was 512 operand texts
 * and, for the disassembler, 512 more encoded in the ByteTable of each copy (issue 13: 5 ms of a cold
 * 1M-line run's first chunk).
 */
const CLASS_TABLES = new Map<string, Table>();

/** A VGPR-only operand of `dwords` registers (class `cls`): other codes print with LLVM's comment. */
function vgprClassTable(dwords: number, cls: string, scalarType: OperandType): Table {
  const key = `${G} ${dwords} ${cls} ${scalarType}`;
  let t = CLASS_TABLES.get(key);
  if (t === undefined) {
    t = buildVgprClassTable(dwords, cls, scalarType);
    CLASS_TABLES.set(key, t);
  }
  return t;
}

function buildVgprClassTable(dwords: number, cls: string, scalarType: OperandType): Table {
  const t: (string | null)[] = [];
  for (let c = 0; c < 512; c++) {
    if (c >= 256) t.push(vgpr(c - 256, dwords));
    else if (c === 255) t.push(null);
    else if (isConst(c)) t.push(srcOperand(c, scalarType, 0) + INVALID_IMM);
    else {
      const r = srcOperand(c, scalarType, 0);
      t.push(r === null ? null : INLINE_VALUE.has(c) ? r : r + invalidReg(cls));
    }
  }
  return t;
}

/** A source that must be an SGPR or constant (class `cls`): VGPRs and LDS_DIRECT print with the comment. */
function scalarClassTable(cls: string): Table {
  const key = `${G} ${cls}`;
  let t = CLASS_TABLES.get(key);
  if (t === undefined) {
    t = buildScalarClassTable(cls);
    CLASS_TABLES.set(key, t);
  }
  return t;
}

function buildScalarClassTable(cls: string): Table {
  const t: (string | null)[] = [];
  for (let c = 0; c < 512; c++) {
    const r = c === 255 ? null : srcOperand(c, 'b32', 0);
    t.push(r === null ? null : c >= 254 ? r + invalidReg(cls) : r);
  }
  return t;
}

/** The lane-mask source of v_cndmask_b32_e64 / v_addc_co_u32_e64 (an SGPR pair). */
function maskTable(): Table {
  const t: (string | null)[] = [];
  for (let c = 0; c < 512; c++) {
    if (c === 255) t.push(null);
    else if (isConst(c)) t.push(srcOperand(c, 'b32', 0) + INVALID_IMM);
    else t.push(srcOperand(c, 'b64', 0));
  }
  return t;
}

/** LLVM's highest SGPR number (tuples may reach past the 102 the hardware addresses). */
const LAST_SGPR = 105;

/** Four VGPRs (class VReg_128): SGPR/TTMP quads (aligned to 4) and constants print with LLVM's comment. */
function vreg128Table(): Table {
  const ttmpBase = G === 'gfx9' ? 108 : 112;
  const cls = invalidReg('VReg_128');
  const t: (string | null)[] = [];
  for (let c = 0; c < 512; c++) {
    let s: string | null = null;
    if (c >= 256) s = vgpr(c - 256, 4);
    else if (isConst(c)) s = srcOperand(c, 'b32', 0) + INVALID_IMM;
    else if (c === 125) s = 'null';
    else if (c <= 101) {
      const first = c - (c % 4);
      if (first + 3 <= LAST_SGPR) s = `s[${first}:${first + 3}]` + cls;
    } else if (c >= ttmpBase && c <= 123) {
      const first = (c - ttmpBase) & ~3;
      s = `ttmp[${first}:${first + 3}]` + cls;
    } else if (c >= 108 && c <= 111) s = vopScalarReg(c, 1, G);
    t.push(s);
  }
  return t;
}

function typeTable(t: Vop3Type): Table {
  return t === 'v128' ? vreg128Table() : srcTable(t);
}

function floatMask(types: readonly Vop3Type[]): number {
  let m = 0;
  types.forEach((t, k) => {
    if (t !== 'v128' && isFloatType(t)) m |= 1 << k;
  });
  return m;
}

function dwordsOf(t: Vop3Type): number {
  return t === 'v128' ? 4 : typeDwords(t);
}

const VDST_TABLES = new Map<number, Table>();
function vdstTable(dwords: number): Table {
  let t = VDST_TABLES.get(dwords);
  if (t === undefined) {
    t = Array.from({ length: 256 }, (_, n) => vgpr(n, dwords));
    VDST_TABLES.set(dwords, t);
  }
  return t;
}

/**
 * A scalar result field (8 bits) of `dwords` registers, as LLVM prints it: codes that are not writable
 * registers print too, constants with the invalid-immediate comment. 255 (a literal) is rejected: it crashes
 * llvm-objdump-22.
 */
function scalarDstTable(dwords: number, noM0: boolean): Table {
  const type: OperandType = dwords === 2 ? 'b64' : 'b32';
  return Array.from({ length: 256 }, (_, c) => {
    if (c === 255) return null;
    if (isConst(c)) return srcOperand(c, 'b32', 0) + INVALID_IMM;
    const r = c < 128 ? scalarReg(c, dwords) : srcOperand(c, type, 0);
    if (r === null) return null;
    return noM0 && (c === 124 || c === 254) ? r + invalidReg('SReg_32_XM0') : r;
  });
}

/** Per generation: the SGPR-pair result of VOPC e64 (8-bit field) and VOP3B's sdst (7-bit field). */
const SDST64_BY_GEN = new Map<Generation, Table>();
/** Per generation: v_readlane_b32's SGPR result. */
const SDST32_BY_GEN = new Map<Generation, Table>();

/** The scalar-pair result table of generation `g` (built once). */
export function sdst64Table(g: Generation): Table {
  let t = SDST64_BY_GEN.get(g);
  if (t === undefined) {
    const saved = G;
    G = g;
    t = scalarDstTable(2, false);
    SDST32_BY_GEN.set(g, scalarDstTable(1, true));
    G = saved;
    SDST64_BY_GEN.set(g, t);
  }
  return t;
}
function sdst32Xm0(): Table {
  sdst64Table(G);
  return SDST32_BY_GEN.get(G)!;
}

// VOP3 forms of VOP1/VOP2/VOPC ops. Which sources take abs/neg and whether clamp/omod exist follow from
// the operand types (float sources take modifiers; a float result or float source gives clamp, a float
// result omod), with these exceptions, all checked against llvm-objdump-22.
/** Integer ops with a clamp bit (saturating add/sub/mul, the dot products). */
const INT_CLAMP = new Set([
  'v_mul_i32_i24',
  'v_mul_u32_u24',
  'v_add_u16',
  'v_sub_u16',
  'v_subrev_u16',
  'v_add_u32',
  'v_sub_u32',
  'v_subrev_u32',
  'v_dot2c_i32_i16',
  'v_dot4c_i32_i8',
  'v_dot8c_i32_i4',
]);
/** Both sources take abs/neg although not both are float. */
const BOTH_MODS = new Set([
  'v_cndmask_b32',
  'v_ldexp_f16',
  'v_dot2c_i32_i16',
  'v_dot4c_i32_i8',
  'v_dot8c_i32_i4',
]);
/** Float-to-int conversions that have clamp but no omod. */
const NO_OMOD = new Set(['v_cvt_rpi_i32_f32', 'v_cvt_flr_i32_f32', 'v_frexp_exp_i32_f32']);
/** Ops without operands. */
const NO_OPERANDS = new Set(['v_nop', 'v_clrexcp']);

/** Whether promoted() makes an entry of `p` (its e64 form has operands LLVM prints as a VOP3 op). */
function hasE64Entry(p: VopProfile): boolean {
  if (p.encoding === 'VOP2' && VOP2_TWINS.has(p.name)) return true;
  if (NO_OPERANDS.has(p.name) || p.encoding === 'VOPC') return true;
  return p.dstKind === 'vgpr' && p.dst !== null;
}

function promoted(p: VopProfile, op: number, g: Generation): Vop3Entry | null {
  const spelled = vopName(p, g);
  const e64 = spelled + '_e64 ';
  // gfx6/gfx7 VOP2 ops that later became VOP3-only take that shape's operands and modifiers in e64.
  const twin = VOP2_TWINS.get(p.name);
  if (p.encoding === 'VOP2' && twin !== undefined) return { ...only(twin, op, g), prefix: e64 };
  const float0 = p.src.length > 0 && isFloatType(p.src[0]);
  let mods = floatMask(p.src);
  const modsPrint = p.name === 'v_cndmask_b32' ? 3 : mods;
  if (BOTH_MODS.has(p.name)) mods = 3;
  const types: Vop3Type[] = p.flags & VF_MASK_IN ? [...p.src, 'b64'] : [...p.src];
  const carry = (p.flags & VF_CARRY_OUT) !== 0;
  const base = {
    name: p.name,
    opcode: op,
    opSel: 0,
    opSelZero: 0,
    mov: false,
    pairs: pairBits(types, p.encoding === 'VOPC' ? K_VOPC : carry ? K_SDST : K_PLAIN),
  };
  if (NO_OPERANDS.has(p.name)) {
    return {
      ...base,
      encoding: 'VOP3A',
      prefix: spelled,
      kind: K_NONE,
      dst: [],
      src: [],
      mods: 0,
      modsPrint: 0,
      clamp: false,
      omod: false,
    };
  }
  const srcs = p.src.map((t) => srcTable(t));
  if (p.encoding === 'VOPC') {
    const cls = p.name.startsWith('v_cmp_class') || p.name.startsWith('v_cmpx_class');
    return {
      ...base,
      encoding: 'VOP3A',
      prefix: e64,
      kind: K_VOPC,
      dst: sdst64Table(G),
      src: srcs,
      mods,
      modsPrint,
      clamp: float0 && !cls,
      omod: false,
    };
  }
  if (p.dstKind !== 'vgpr' || p.dst === null) return null;
  const dstFloat = isFloatType(p.dst);
  if (p.flags & VF_MASK_IN) srcs.push(maskTable());
  return {
    ...base,
    encoding: carry ? 'VOP3B' : 'VOP3A',
    prefix: e64,
    kind: carry ? K_SDST : K_PLAIN,
    dst: vdstTable(typeDwords(p.dst)),
    src: srcs,
    mods: carry ? 0 : mods,
    modsPrint: carry ? 0 : modsPrint,
    clamp: dstFloat || float0 || INT_CLAMP.has(p.name) || carry,
    omod: (dstFloat || float0) && !NO_OMOD.has(p.name),
  };
}

/** VOP3-only shapes of the gfx6/gfx7 VOP2 ops that gfx8 made VOP3-only. */
const VOP2_TWINS = new Map<string, Vop3OpShape>(
  VOP3_ONLY_OPS.filter((s) => VOP_PROFILES.some((p) => p.encoding === 'VOP2' && p.name === s.name)).map(
    (s) => [s.name, s],
  ),
);

function only(s: Vop3OpShape, opcode: number, g: Generation): Vop3Entry {
  // Before gfx9 there is no op_sel; 16-bit ops print without it.
  const opSel = hasOpSel(g) ? s.opSel : 0;
  const base = {
    name: s.name,
    opcode,
    prefix: s.name + ' ',
    mods: s.mods,
    modsPrint: s.shape === 'interp' || s.shape === 'interp16' ? s.mods : floatMask(s.src) & s.mods,
    clamp: s.clamp,
    omod: s.omod,
    opSel,
    opSelZero: opSel === 3 ? 4 : 0,
    mov: s.name === 'v_interp_mov_f32',
    pairs:
      s.shape === 'interp' || s.shape === 'interp16'
        ? 0
        : pairBits(s.src, s.shape === 'sdst' ? K_SDST : K_PLAIN),
  };
  switch (s.shape) {
    case 'sdst':
      return {
        ...base,
        encoding: 'VOP3B',
        kind: K_SDST,
        dst: vdstTable(dwordsOf(s.dst)),
        src: s.src.map(typeTable),
      };
    case 'readlane':
      return {
        ...base,
        encoding: 'VOP3A',
        kind: K_READLANE,
        dst: sdst32Xm0(),
        src: [
          vgprClassTable(1, 'VRegOrLds_32', 'b32').map((x, c) => (c === 254 ? 'src_lds_direct' : x)),
          scalarClassTable('SReg_32'),
        ],
      };
    case 'writelane':
      return {
        ...base,
        encoding: 'VOP3A',
        kind: K_WRITELANE,
        dst: vdstTable(1),
        src: [scalarClassTable('SReg_32'), scalarClassTable('SReg_32')],
      };
    case 'interp':
      return {
        ...base,
        prefix: s.name + '_e64 ',
        encoding: 'VOP3A',
        kind: K_INTERP,
        dst: vdstTable(1),
        src: [[], vgprClassTable(1, 'VGPR_32', 'f32')],
      };
    case 'interp16': {
      const v = vgprClassTable(1, 'VGPR_32', 'f32');
      return {
        ...base,
        encoding: 'VOP3A',
        kind: K_INTERP16,
        dst: vdstTable(1),
        src: s.src.length === 3 ? [[], v, v] : [[], v],
      };
    }
    default:
      return {
        ...base,
        encoding: 'VOP3A',
        kind: K_PLAIN,
        dst: vdstTable(dwordsOf(s.dst)),
        src: s.src.map(typeTable),
      };
  }
}

/** What defines a VOP3 opcode of a processor: a VOP1/VOP2/VOPC op's e64 form, or a VOP3-only op. */
type Source = { readonly profiles: VopProfile[] } | { readonly only: Vop3OpShape };

/**
 * A processor's VOP3 opcodes and where each comes from: a cheap pass over the op lists (no operand
 * tables), so that an entry is built only when a word with its opcode is decoded (start-up: building
 * every entry at the first VOP3 word took 25-50 ms: issue 13).
 */
function sources(proc: Processor): (Source | undefined)[] {
  const tab: (Source | undefined)[] = new Array(vop3OpSpace(proc.generation)).fill(undefined);
  for (const p of VOP_PROFILES) {
    const op = vop3Opcode(p, proc);
    if (op === undefined || !hasE64Entry(p)) continue;
    const had = tab[op];
    // Several profiles on one opcode: the last one listed is the entry (as the whole-table build had it).
    if (had !== undefined && 'profiles' in had) had.profiles.push(p);
    else tab[op] = { profiles: [p] };
  }
  for (const s of VOP3_ONLY_OPS) {
    const op = opcodeOn(s, proc);
    if (op === undefined) continue;
    const other = tab[op];
    if (other !== undefined) {
      const name = 'profiles' in other ? other.profiles[other.profiles.length - 1].name : other.only.name;
      throw new Error(`internal: ${name} and ${s.name} share VOP3 opcode ${op}`);
    }
    tab[op] = { only: s };
  }
  return tab;
}

/** The entry of one opcode from its source (null: LLVM has no VOP3 form there). */
function entryOf(src: Source | undefined, op: number, g: Generation): Vop3Entry | null {
  if (src === undefined) return null;
  G = g;
  // gfx6/gfx7 have no integer clamping (llvm-mc-22: "integer clamping is not supported on this GPU"):
  // clamp exists only where the result is a float.
  const old = g === 'gfx6' || g === 'gfx7';
  // v_cvt_pkrtz_f16_f32's b32 result is two f16 values: llvm-mc takes clamp there.
  const floatDst = (t: Vop3Type | null, name = ''): boolean =>
    name === 'v_cvt_pkrtz_f16_f32' || (t !== null && t !== 'v128' && isFloatType(t));
  let e: Vop3Entry | null;
  let fd: boolean;
  if ('profiles' in src) {
    const p = src.profiles[src.profiles.length - 1];
    e = promoted(p, op, g);
    if (e === null) throw new Error(`internal: ${p.name} has no VOP3 entry`);
    const twin = p.encoding === 'VOP2' ? VOP2_TWINS.get(p.name) : undefined;
    fd = twin !== undefined ? floatDst(twin.dst, p.name) : p.dstKind === 'vgpr' && floatDst(p.dst, p.name);
  } else {
    e = only(src.only, op, g);
    fd = floatDst(src.only.dst, src.only.name);
  }
  return uniform(old && e.clamp && (!fd || e.kind === K_SDST) ? { ...e, clamp: false } : e);
}

/**
 * The entry with its fields in one order and its tables as plain arrays of one kind: entries are made
 * by spreading different bases, and objects of different shapes (or arrays of different element kinds)
 * at one property load make the decoder's code polymorphic, and a new shape met late deoptimises it
 * (issue 13: VOP3 decode was compiled three times in a cold run).
 */
function uniform(e: Vop3Entry): Vop3Entry {
  const table = (t: Table): Table => (t.length === 0 ? EMPTY : t);
  return {
    name: e.name,
    encoding: e.encoding,
    opcode: e.opcode,
    prefix: e.prefix,
    kind: e.kind,
    dst: table(e.dst),
    src: e.src.map(table),
    mods: e.mods,
    modsPrint: e.modsPrint,
    clamp: e.clamp,
    omod: e.omod,
    opSel: e.opSel,
    opSelZero: e.opSelZero,
    mov: e.mov,
    pairs: e.pairs,
  };
}
/** The operand table of no operands (v_nop's result, the interpolations' attribute source). */
const EMPTY: Table = [null].slice(1);

/** Per target: the opcode sources, and the entries built so far (undefined: not yet built). */
interface TargetTables {
  readonly g: Generation;
  readonly sources: (Source | undefined)[];
  readonly entries: (Vop3Entry | null | undefined)[];
  /** Whether every entry is built (vop3Table). */
  complete: boolean;
}

const TARGETS = new Map<string, TargetTables>();
let lastTarget = '';
let last: TargetTables | undefined;

function tablesOf(t: Target): TargetTables {
  if (t === lastTarget && last !== undefined) return last;
  let tt = TARGETS.get(t);
  if (tt === undefined) {
    const proc = processorOf(t);
    const src = sources(proc);
    tt = {
      g: proc.generation,
      sources: src,
      entries: new Array(src.length).fill(undefined),
      complete: false,
    };
    TARGETS.set(t, tt);
  }
  lastTarget = t;
  last = tt;
  return tt;
}

/** The entry of VOP3 opcode `op` on target `t` (null: not an op there), built on first use. */
export function vop3Entry(t: Target, op: number): Vop3Entry | null {
  const tt = tablesOf(t);
  const e = tt.entries[op];
  if (e !== undefined) return e;
  if (op >= tt.sources.length) return null;
  const made = entryOf(tt.sources[op], op, tt.g);
  tt.entries[op] = made;
  return made;
}

/** The VOP3 decode table of a target (indexed by the generation's VOP3 opcode field), built once. */
export function vop3Table(t: Target): readonly (Vop3Entry | null)[] {
  const tt = tablesOf(t);
  if (!tt.complete) {
    for (let op = 0; op < tt.entries.length; op++) vop3Entry(t, op);
    tt.complete = true;
  }
  return tt.entries as readonly (Vop3Entry | null)[];
}

export function vop3Ops(t: Target): IsaEntry[] {
  const list: IsaEntry[] = [];
  for (const e of vop3Table(t))
    if (e !== null)
      list.push({ name: e.prefix.trim().replace(/_e64$/, ''), encoding: e.encoding, opcode: e.opcode });
  return list;
}
