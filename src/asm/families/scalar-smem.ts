// SMEM (gfx9): scalar loads, stores, atomics, probes and cache control. Two dwords:
// sbase[5:0] sdata[12:6] soe[14] nv[15] glc[16] imm[17] op[25:18] | offset[52:32] soffset[63:57].
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import {
  baseName,
  fail,
  floatLowWord,
  guard,
  INVALID,
  NOT_VALID,
  needReg,
  opcodeTable,
  plainInt,
  RC,
  scan,
  smallInt,
  spellings,
  TOO_FEW,
} from './scalar-common.js';

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

interface Layout {
  kind: M;
  /** Dwords of sdata. */
  data: number;
  /** Dwords of sbase: an address pair or a buffer resource. */
  base: number;
}

function layoutOf(name: string): Layout {
  const base = name.includes('_buffer') ? 4 : 2;
  if (name.startsWith('s_atc_probe')) return { kind: M.Probe, data: 0, base };
  if (name.startsWith('s_dcache_discard')) return { kind: M.Addr, data: 0, base };
  if (name === 's_memtime' || name === 's_memrealtime') return { kind: M.Time, data: 2, base: 0 };
  if (name.startsWith('s_dcache_')) return { kind: M.None, data: 0, base: 0 };
  let data: number;
  if (name.includes('_atomic_')) {
    data = name.endsWith('_x2') ? 2 : 1;
    // Compare-and-swap carries the compare value next to the data.
    if (name.includes('cmpswap')) data *= 2;
  } else {
    const x = name.lastIndexOf('dwordx');
    data = x < 0 ? 1 : Number(name.slice(x + 6));
  }
  return { kind: M.Data, data, base };
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

const opcodes = opcodeTable('smem');
const layouts = new Map<string, Layout>();

function encode(inst: AsmInst): EncodeResult {
  const name = baseName(inst);
  const opcode = opcodes(inst.target).get(name);
  if (opcode === undefined) return { error: 'invalid instruction', pos: inst.pos };
  let l = layouts.get(name);
  if (l === undefined) {
    l = layoutOf(name);
    layouts.set(name, l);
  }
  const leading =
    l.kind === M.Data || l.kind === M.Probe ? 2 : l.kind === M.Addr ? 1 : l.kind === M.Time ? 1 : 0;
  const hasOffset = l.kind === M.Data || l.kind === M.Addr || l.kind === M.Probe;
  const ops = scan(inst.operands, -1, undefined, (op, i) => namedCheck(op, i, hasOffset ? leading : -2));
  cpolChecks(ops);
  let w0 = 0xc0000000 | (opcode << 18);
  let w1 = 0;
  for (let j = 0; j < leading; j++) if (ops[j] === undefined) fail(TOO_FEW, inst.pos);
  if (l.kind === M.Time) w0 |= dataCode(ops[0], 2) << 6;
  else if (l.kind !== M.None) {
    const hasFirst = l.kind !== M.Addr;
    if (l.kind === M.Data) w0 |= dataCode(ops[0], l.data) << 6;
    else if (l.kind === M.Probe) w0 |= probeMode(ops[0]) << 6;
    const baseOp = ops[hasFirst ? 1 : 0];
    const sbase = l.base === 2 ? needReg(baseOp, RC.R64) : needReg(baseOp, RC.Tuple, 4);
    w0 |= sbase >> 1;
  }
  let next = leading;
  if (hasOffset) {
    const op = ops[leading];
    if (op === undefined || isCpol(op)) w0 |= 1 << 17;
    else {
      next++;
      const imm = plainInt(op);
      if (op.kind === 'reg') {
        // Like SOP destinations, the field keeps the low 7 bits of src_vccz/src_execz/src_scc.
        const code = needReg(op, RC.R32) & 0x7f;
        const named = ops[next];
        if (named !== undefined && named.kind === 'named') {
          const v = named.values[0];
          w0 |= (1 << 17) | (1 << 14);
          w1 = (code << 25) | offsetField('int' in v ? smallInt(v.int) : Number.NaN, named, l.base === 4);
          next++;
        } else w1 = code;
      } else if (imm !== null) {
        w0 |= 1 << 17;
        w1 = offsetField(smallInt(imm), op, l.base === 4);
      } else if (op.kind === 'float') fail(l.base === 4 ? BUFFER_OFFSET_RANGE : OFFSET_RANGE, op.pos);
      else fail(INVALID, op.pos);
    }
  }
  for (let j = next; j < ops.length; j++) {
    const op = ops[j];
    const k = op.kind === 'ident' ? op.name.toLowerCase() : '';
    if (l.kind === M.Data && k === 'glc') w0 |= 1 << 16;
    else if (l.kind === M.Data && k === 'noglc') continue;
    else if (k === 'slc' || k === 'noslc') fail('invalid cache policy for SMEM instruction', inst.pos);
    else fail(INVALID, op.pos);
  }
  return { words: [w0 >>> 0, w1 >>> 0] };
}

export const smemAsm: AsmFamily = {
  name: 'smem',
  mnemonics: (t: Target) => spellings(opcodes(t).keys()),
  encode: (inst) => guard(() => encode(inst)),
};
