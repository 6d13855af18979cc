// SMEM (gfx8/9) and SMRD (gfx6/7): scalar loads, stores, atomics, probes and cache control. Ops and shapes
// from src/isa/ops/scalar-smem.ts, bit positions from the generation's layout (src/isa/encodings/scalar.ts).
import { SMEM_LAYOUTS, type SmemField, type SmemLayout } from '../../isa/encodings/scalar.js';
import { encode as encodeLayout, put } from '../../isa/fields.js';
import { SMEM_OPS, Smem, type SmemRow } from '../../isa/ops/scalar-smem.js';
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import {
  baseName,
  currentGen,
  fail,
  floatLowWord,
  guard,
  INVALID,
  NOT_VALID,
  needReg,
  plainInt,
  RC,
  rowTable,
  scan,
  smallInt,
  spellings,
  TOO_FEW,
} from './scalar-common.js';

/** The operand shape of an SMEM op, from its row's access kind. */
enum M {
  /** sdata, sbase, offset, [glc]. */
  Data,
  /** sbase, offset (s_dcache_discard*). */
  Addr,
  /** 7-bit probe mode, sbase, offset (s_atc_probe*). */
  Probe,
  /** A 64-bit destination only (s_memtime, s_memrealtime). */
  Time,
  /** No operands. */
  None,
}

function shapeOf(r: SmemRow): M {
  switch (r.access) {
    case Smem.Probe:
      return M.Probe;
    case Smem.Discard:
      return M.Addr;
    case Smem.Time:
    case Smem.RealTime:
      return M.Time;
    case Smem.Cache:
      return M.None;
    default:
      return M.Data;
  }
}

const OFFSET_RANGE = 'expected a 21-bit signed offset';
const BUFFER_OFFSET_RANGE = 'expected a 20-bit unsigned offset';

/** The offset field: 21-bit signed, but unsigned 20-bit for buffer resources. */
function offsetField(v: number, op: Operand, buffer: boolean): number {
  if (buffer) {
    if (!(v >= 0 && v <= 0xfffff)) fail(BUFFER_OFFSET_RANGE, op.pos);
  } else if (!(v >= -0x100000 && v <= 0xfffff)) fail(OFFSET_RANGE, op.pos);
  return v & 0x1fffff;
}

function dataCode(op: Operand, n: number): number {
  // The 7-bit field keeps the low bits of src_vccz/src_execz/src_scc, which the class admits.
  if (n === 1) return needReg(op, RC.Data32) & 0x7f;
  if (n === 2) return needReg(op, RC.Data64);
  return needReg(op, RC.Tuple, n);
}

function probeMode(op: Operand): number {
  const v = plainInt(op);
  if (v !== null) {
    return typeof v === 'number' ? (v >>> 0) & 0x7f : Number(BigInt.asUintN(7, v));
  }
  if (op.kind === 'float') return floatLowWord(op.value) & 0x7f;
  return fail(INVALID, op.pos);
}

const isCpol = (op: Operand | undefined): boolean =>
  op !== undefined && op.kind === 'ident' && CPOL.has(op.name.toLowerCase());
const CPOL = new Set(['glc', 'noglc', 'slc', 'noslc', 'dlc', 'nodlc', 'nv', 'nonv']);

/** `offset:` is a valid modifier only right after the SGPR offset. */
function namedCheck(op: Operand, j: number, offsetAt: number): void {
  if (op.kind !== 'named') return;
  if (op.name !== 'offset' || j !== offsetAt + 1 || op.list) fail(NOT_VALID, op.pos);
  const v = op.values[0];
  if (!('int' in v)) fail('expected absolute expression', v.pos);
}

/** Cache-policy keywords are parsed once each; dlc belongs to later GPUs. */
function cpolChecks(ops: readonly Operand[]): void {
  let glc = false;
  for (const op of ops) {
    if (op.kind !== 'ident') continue;
    const k = op.name.toLowerCase();
    if (k === 'glc' || k === 'noglc') {
      if (glc) fail('duplicate cache policy modifier', op.pos);
      glc = true;
    } else if (k === 'dlc' || k === 'nodlc') fail('dlc modifier is not supported on this GPU', op.pos);
  }
}

const byName = rowTable(SMEM_OPS);
const SMRD_OFFSET_RANGE = 'operands are not valid for this GPU or mode';

function encode(inst: AsmInst): EncodeResult {
  const found = byName(inst.target).get(baseName(inst));
  if (found === undefined) return { error: 'invalid instruction', pos: inst.pos };
  const l = found.row;
  const kind = shapeOf(l);
  const gen = currentGen();
  const smrd = gen === 'gfx6' || gen === 'gfx7';
  const leading = kind === M.Data || kind === M.Probe ? 2 : kind === M.Addr || kind === M.Time ? 1 : 0;
  const hasOffset = kind === M.Data || kind === M.Addr || kind === M.Probe;
  const ops = scan(inst.operands, -1, undefined, (op, i) => namedCheck(op, i, hasOffset ? leading : -2));
  cpolChecks(ops);
  // Field values; the generation's layout places them (src/isa/encodings/scalar.ts).
  const v: Record<SmemField, number> = {
    op: found.opcode,
    sdata: 0,
    sbase: 0,
    imm: 0,
    glc: 0,
    soe: 0,
    nv: 0,
    offset: 0,
    soffset: 0,
  };
  let literal: number | null = null;
  for (let j = 0; j < leading; j++) if (ops[j] === undefined) fail(TOO_FEW, inst.pos);
  if (kind === M.Time) v.sdata = dataCode(ops[0], 2);
  else if (kind !== M.None) {
    const hasFirst = kind !== M.Addr;
    if (kind === M.Data) v.sdata = dataCode(ops[0], l.data);
    else if (kind === M.Probe) v.sdata = probeMode(ops[0]);
    const baseOp = ops[hasFirst ? 1 : 0];
    const sbase = l.base === 2 ? needReg(baseOp, RC.R64) : needReg(baseOp, RC.Tuple, 4);
    v.sbase = sbase >> 1;
  }
  let next = leading;
  if (hasOffset) {
    const op = ops[leading];
    if (op === undefined || isCpol(op)) v.imm = 1;
    else {
      next++;
      const imm = plainInt(op);
      if (op.kind === 'reg') {
        // Like SOP destinations, the field keeps the low 7 bits of src_vccz/src_execz/src_scc.
        const code = needReg(op, RC.R32) & 0x7f;
        const named = ops[next];
        if (named !== undefined && named.kind === 'named') {
          const nv = named.values[0];
          v.imm = 1;
          v.soe = 1;
          v.soffset = code;
          v.offset = offsetField('int' in nv ? smallInt(nv.int) : Number.NaN, named, l.base === 4);
          next++;
        } else v.offset = code;
      } else if (imm !== null) {
        if (smrd) {
          // SMRD: an 8-bit dword offset; gfx7 also takes a 32-bit literal dword offset (IMM clear, 0xff).
          const n = smallInt(imm);
          if (n >= 0 && n <= 0xff) {
            v.imm = 1;
            v.offset = n;
          } else if (gen === 'gfx7' && n >= 0 && n <= 0xffffffff) {
            v.offset = 0xff;
            literal = n;
          } else fail(SMRD_OFFSET_RANGE, inst.pos);
        } else {
          v.imm = 1;
          v.offset = offsetField(smallInt(imm), op, l.base === 4);
        }
      } else if (op.kind === 'float') fail(l.base === 4 ? BUFFER_OFFSET_RANGE : OFFSET_RANGE, op.pos);
      else fail(INVALID, op.pos);
    }
  }
  for (let j = next; j < ops.length; j++) {
    const op = ops[j];
    const k = op.kind === 'ident' ? op.name.toLowerCase() : '';
    if (kind === M.Data && k === 'glc') v.glc = 1;
    else if (kind === M.Data && k === 'noglc') continue;
    else if (k === 'slc' || k === 'noslc') fail('invalid cache policy for SMEM instruction', inst.pos);
    else fail(INVALID, op.pos);
  }
  const words = encodeFields(SMEM_LAYOUTS[gen], v);
  if (literal !== null) words.push(literal >>> 0);
  return { words };
}

/** Places the values of the fields the layout has (SMRD has no glc/soe/soffset; an absent field must be 0). */
function encodeFields(layout: SmemLayout, v: Record<SmemField, number>): number[] {
  const words = encodeLayout(layout, {});
  for (const k of Object.keys(v) as SmemField[]) {
    const f = layout.fields[k];
    if (f !== undefined) put(f, words, k === 'offset' ? v[k] & f.mask : v[k]);
    else if (v[k] !== 0) fail(SMRD_OFFSET_RANGE, { line: 0, col: 0 });
  }
  return words.map((w) => w >>> 0);
}

export const smemAsm: AsmFamily = {
  name: 'smem',
  mnemonics: (t: Target) => spellings(byName(t).keys()),
  encode: (inst) => guard(inst, () => encode(inst)),
};
