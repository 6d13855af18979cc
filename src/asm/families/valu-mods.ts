// The trailing modifiers of vector ALU instructions (clamp, omod, op_sel and its packed-math siblings, the
// SDWA selects, the DPP controls, the MFMA broadcast fields) parsed into one record, and the split of a
// line's operands into the positional ones and these modifiers.
import type { NamedOperand, Operand, Pos } from '../types.js';
import { type Err, err, INVALID, NOT_VALID, regParseError } from './valu-src.js';

export { NOT_VALID };

export interface ValuMods {
  clamp: Pos | null;
  /** 0 none, 1 mul:2, 2 mul:4, 3 div:2. */
  omod: number;
  omodPos: Pos | null;
  /** Bit lists: bits, number of entries (-1 when absent) and where written. */
  opSel: number;
  opSelN: number;
  opSelPos: Pos | null;
  opSelHi: number;
  opSelHiN: number;
  opSelHiPos: Pos | null;
  negLo: number;
  negLoN: number;
  negLoPos: Pos | null;
  negHi: number;
  negHiN: number;
  negHiPos: Pos | null;
  /** SDWA selects (-1: not written). */
  dstSel: number;
  dstUnused: number;
  src0Sel: number;
  src1Sel: number;
  /** Where the first SDWA modifier was written (null: none). */
  sdwa: Pos | null;
  /** DPP: control (-1: not written), masks and bound_ctrl. */
  dppCtrl: number;
  rowMask: number;
  bankMask: number;
  boundCtrl: number;
  dpp: Pos | null;
  /** Where the first DPP modifier other than the control was written. */
  dppOther: Pos | null;
  cbsz: number;
  abid: number;
  blgp: number;
  mfma: Pos | null;
  high: Pos | null;
}

function fresh(): ValuMods {
  return {
    clamp: null,
    omod: 0,
    omodPos: null,
    opSel: 0,
    opSelN: -1,
    opSelPos: null,
    opSelHi: 0,
    opSelHiN: -1,
    opSelHiPos: null,
    negLo: 0,
    negLoN: -1,
    negLoPos: null,
    negHi: 0,
    negHiN: -1,
    negHiPos: null,
    dstSel: -1,
    dstUnused: -1,
    src0Sel: -1,
    src1Sel: -1,
    sdwa: null,
    dppCtrl: -1,
    rowMask: 15,
    bankMask: 15,
    boundCtrl: 0,
    dpp: null,
    dppOther: null,
    cbsz: 0,
    abid: 0,
    blgp: 0,
    mfma: null,
    high: null,
  };
}

const NONE = fresh();

/** Keywords that are modifiers rather than symbols when they follow the positional operands. */
const KEYWORDS = new Set(['clamp', 'row_mirror', 'row_half_mirror', 'high']);

const SEL: Record<string, number> = {
  byte_0: 0,
  byte_1: 1,
  byte_2: 2,
  byte_3: 3,
  word_0: 4,
  word_1: 5,
  dword: 6,
};
const UNUSED: Record<string, number> = { unused_pad: 0, unused_sext: 1, unused_preserve: 2 };

/** Whether the operand starts the modifier part of a line. */
export function isModifier(op: Operand): boolean {
  return op.kind === 'named' || (op.kind === 'ident' && !op.comma && KEYWORDS.has(op.name));
}

export interface Split {
  readonly pos: readonly Operand[];
  readonly mods: ValuMods;
  /**
   * With a ModOrder: llvm-mc's matching error for modifiers out of the form's order (an operand left over),
   * which a form reports after its operands' own kinds and before its checks after matching.
   */
  readonly late?: Err;
  /** With a ModOrder: the class of each modifier read (null: an expression), from operand `first` on. */
  readonly got?: readonly (string | null)[];
  readonly first?: number;
  readonly ops?: readonly Operand[];
}

/**
 * A form's optional operands as llvm-mc orders them: `classes` in the order of its AsmString, after
 * `expected` positional operands. llvm-mc tries the parser of a class only at the operand indices it can
 * stand at (class j of the list: the first j + 1 places after the positional operands); elsewhere a
 * `name:value` is "not a valid operand." when it is read, and a bare word (clamp, a symbol) is read as an
 * expression, which then matches no operand of the form. Matching takes the classes in order, each at most
 * once; an operand left over is "invalid operand for instruction".
 */
export interface ModOrder {
  /** -1: as many as the line has. */
  readonly expected: number;
  readonly classes: readonly string[];
  /**
   * For a mnemonic with several forms (e64, SDWA, DPP): the last place each class's parser is tried at, over
   * all of them (llvm-mc reads the operands before it picks the form); `classes` is then unused and each
   * form checks its own order with `leftover`.
   */
  readonly reach?: ReadonlyMap<string, readonly [number, number]>;
  /**
   * No operand of the op takes source modifiers (v_readlane/v_writelane): LLVM's parser then reads none,
   * so neg(), -reg or |x| is a parse error, in line order with the register errors (regParseError).
   */
  readonly noSrcMods?: boolean;
}

/** The DPP controls: one class, dpp_ctrl, which DPP forms require first. */
const DPP_CTRL = new Set([
  'quad_perm',
  'row_shl',
  'row_shr',
  'row_ror',
  'wave_shl',
  'wave_rol',
  'wave_shr',
  'wave_ror',
  'row_bcast',
  'row_mirror',
  'row_half_mirror',
]);

/** The class of a modifier operand for ModOrder (mul and div are both omod), or null: an expression. */
function classOf(op: Operand): string | null {
  if (op.kind !== 'named' && op.kind !== 'ident') return null;
  const n = op.name;
  if (DPP_CTRL.has(n)) return 'dpp_ctrl';
  return n === 'mul' || n === 'div' ? 'omod' : n;
}

/**
 * The places (first, last) each class of the forms' `classes` can be read at: up to its index, the optional
 * classes before it being omitted; DPP's dpp_ctrl is required, so those after it start at place 1.
 */
export function reachOf(...forms: (readonly string[])[]): Map<string, readonly [number, number]> {
  const r = new Map<string, readonly [number, number]>();
  for (const f of forms) {
    const lo = f[0] === 'dpp_ctrl' ? 1 : 0;
    f.forEach((c, j) => {
      const was = r.get(c);
      const first = c === 'dpp_ctrl' ? 0 : lo;
      r.set(c, was ? [Math.min(was[0], first), Math.max(was[1], j)] : [first, j]);
    });
  }
  return r;
}

/**
 * llvm-mc's matching error for a form whose optional operands are `classes` (in order) on a line split with
 * a ModOrder: the first modifier left over, or the first modifier where a positional operand is expected.
 */
export function leftover(sp: Split, classes: readonly string[]): Err | null {
  const got = sp.got;
  if (!got || !sp.ops || sp.first === undefined) return null;
  let at = 0;
  for (const c of classes) if (at < got.length && got[at] === c) at++;
  return at < got.length ? err(INVALID, sp.ops[sp.first + at].pos) : null;
}

function intOf(n: NamedOperand): number | null {
  if (n.list || n.values.length !== 1) return null;
  const v = n.values[0];
  if (!('int' in v)) return null;
  return typeof v.int === 'bigint' ? null : v.int;
}

/** A bit list's bits and entries, or where llvm-mc places its error: the first bad entry, else the name. */
function bits(n: Operand & NamedOperand, max: number): [number, number] | Pos {
  if (!n.list || n.values.length === 0 || n.values.length > max) return n.pos;
  let b = 0;
  for (let k = 0; k < n.values.length; k++) {
    const v = n.values[k];
    if (!('int' in v) || (v.int !== 0 && v.int !== 1)) return v.pos;
    b |= (v.int as number) << k;
  }
  return [b, n.values.length];
}

function dppCtrl(m: ValuMods, op: Operand, ctrl: number): Err | null {
  if (m.dppCtrl >= 0) return err(NOT_VALID, op.pos);
  m.dppCtrl = ctrl;
  m.dpp ??= op.pos;
  return null;
}

function named(m: ValuMods, op: Operand & NamedOperand): Err | null {
  const name = op.name;
  const p = op.pos;
  switch (name) {
    case 'mul':
    case 'div': {
      const v = intOf(op);
      const code =
        name === 'mul' ? (v === 1 ? 0 : v === 2 ? 1 : v === 4 ? 2 : -1) : v === 1 ? 0 : v === 2 ? 3 : -1;
      if (code < 0) return err(`invalid ${name} value.`, p);
      m.omod = code;
      m.omodPos = p;
      return null;
    }
    case 'op_sel':
    case 'op_sel_hi':
    case 'neg_lo':
    case 'neg_hi': {
      const b = bits(op, 4);
      if (!Array.isArray(b)) return err(`invalid ${name} value.`, b);
      if (name === 'op_sel') [m.opSel, m.opSelN, m.opSelPos] = [b[0], b[1], p];
      else if (name === 'op_sel_hi') [m.opSelHi, m.opSelHiN, m.opSelHiPos] = [b[0], b[1], p];
      else if (name === 'neg_lo') [m.negLo, m.negLoN, m.negLoPos] = [b[0], b[1], p];
      else [m.negHi, m.negHiN, m.negHiPos] = [b[0], b[1], p];
      return null;
    }
    case 'dst_sel':
    case 'src0_sel':
    case 'src1_sel':
    case 'dst_unused': {
      const v = op.values[0];
      const table = name === 'dst_unused' ? UNUSED : SEL;
      const code =
        !op.list && op.values.length === 1 && 'ident' in v ? table[v.ident.toLowerCase()] : undefined;
      if (code === undefined) return err(`invalid ${name} value.`, p);
      if (name === 'dst_sel') m.dstSel = code;
      else if (name === 'src0_sel') m.src0Sel = code;
      else if (name === 'src1_sel') m.src1Sel = code;
      else m.dstUnused = code;
      m.sdwa ??= p;
      return null;
    }
    case 'quad_perm': {
      if (!op.list || op.values.length !== 4) return err('expected a 3-bit value', p);
      let c = 0;
      for (let k = 0; k < 4; k++) {
        const v = op.values[k];
        if (!('int' in v) || typeof v.int !== 'number' || v.int < 0 || v.int > 3)
          return err('expected a 3-bit value', v.pos);
        c |= v.int << (2 * k);
      }
      return dppCtrl(m, op, c);
    }
    case 'row_shl':
    case 'row_shr':
    case 'row_ror': {
      const v = intOf(op);
      if (v === null || v < 1 || v > 15) return err('invalid row_shift value', p);
      return dppCtrl(m, op, (name === 'row_shl' ? 0x100 : name === 'row_shr' ? 0x110 : 0x120) + v);
    }
    case 'wave_shl':
    case 'wave_rol':
    case 'wave_shr':
    case 'wave_ror': {
      const v = intOf(op);
      if (v !== 1) return err('invalid wave_shift value', p);
      const base = { wave_shl: 0x130, wave_rol: 0x134, wave_shr: 0x138, wave_ror: 0x13c }[name];
      return dppCtrl(m, op, base);
    }
    case 'row_bcast': {
      const v = intOf(op);
      if (v !== 15 && v !== 31) return err('invalid row_bcast value', p);
      return dppCtrl(m, op, v === 15 ? 0x142 : 0x143);
    }
    case 'row_mask':
    case 'bank_mask': {
      const v = intOf(op);
      if (v === null || v < 0 || v > 15) return err(`invalid ${name} value.`, p);
      if (name === 'row_mask') m.rowMask = v;
      else m.bankMask = v;
      m.dppOther ??= p;
      return null;
    }
    case 'bound_ctrl': {
      const v = intOf(op);
      if (v !== 0 && v !== 1) return err('invalid bound_ctrl value.', p);
      // LLVM writes the bit for bound_ctrl:0 as well (its historical spelling of "on").
      m.boundCtrl = 1;
      m.dppOther ??= p;
      return null;
    }
    case 'cbsz':
    case 'abid':
    case 'blgp': {
      const v = intOf(op);
      const max = name === 'abid' ? 15 : 7;
      if (v === null || v < 0 || v > max) return err(`invalid ${name} value.`, p);
      if (name === 'cbsz') m.cbsz = v;
      else if (name === 'abid') m.abid = v;
      else m.blgp = v;
      m.mfma ??= p;
      return null;
    }
    default:
      return err(NOT_VALID, p);
  }
}

/** Splits the operands into positional ones and parsed modifiers. */
export function splitOperands(ops: readonly Operand[], order?: ModOrder): Split | Err {
  const re = regParseError(ops, order?.noSrcMods === true);
  if (re) return re;
  let n = 0;
  while (n < ops.length && !isModifier(ops[n])) n++;
  // Most lines write no modifier: they share one record (encoders only read it).
  if (n === ops.length) return { pos: ops, mods: NONE };
  const m = fresh();
  // With an order: the classes of the modifiers read (null: read as an expression).
  const got: (string | null)[] = [];
  for (let k = n; k < ops.length; k++) {
    const op = ops[k];
    if (order) {
      const c = classOf(op);
      const r = c === null ? undefined : order.reach?.get(c);
      const j = c === null ? -1 : r ? r[1] : order.classes.indexOf(c);
      const o = k - (order.expected < 0 ? n : order.expected);
      if (j < 0 || o < (r ? r[0] : 0) || o > j) {
        if (op.kind === 'named') return err(NOT_VALID, op.pos);
        got.push(null);
        continue;
      }
      got.push(c);
    }
    if (op.kind === 'named') {
      const e = named(m, op);
      if (e) return e;
    } else if (op.kind === 'ident' && KEYWORDS.has(op.name)) {
      if (op.name === 'clamp') m.clamp = op.pos;
      else if (op.name === 'high') m.high = op.pos;
      else {
        const e = dppCtrl(m, op, op.name === 'row_mirror' ? 0x140 : 0x141);
        if (e) return e;
      }
    } else return err(NOT_VALID, op.pos);
  }
  const pos = n === ops.length ? ops : ops.slice(0, n);
  if (!order) return { pos, mods: m };
  const sp = { pos, mods: m, got, first: n, ops };
  // Too few positional operands: the first modifier stands where an operand is expected.
  if (n < order.expected) return { ...sp, late: err(INVALID, ops[n].pos) };
  const late = leftover(sp, order.classes);
  return late ? { ...sp, late } : sp;
}

/** Position of the first modifier a form does not take (null: none). */
export function firstOf(...p: (Pos | null)[]): Pos | null {
  let best: Pos | null = null;
  for (const x of p) if (x && (!best || x.col < best.col)) best = x;
  return best;
}
