// The packed 16-bit immediates of scalar ops in their symbolic forms, as LLVM's AMDGPU parser reads them
// for gfx9: hwreg(...), sendmsg(...), s_waitcnt counters and gpr_idx(...), with its range checks.
import { STRUCT_CALL } from '../operands.js';
import type { CallArg, Operand, Pos } from '../types.js';
import { argLength, currentGen, fail, floatLowWord, INVALID, smallInt } from './scalar-common.js';

type Call = Operand & { kind: 'call' };

/** An argument's integer value; a float is NaN (no range check accepts it); null for names. */
function argInt(a: CallArg): number | null {
  if ('int' in a) return smallInt(a.int);
  return 'float' in a ? Number.NaN : null;
}

function absolute(a: CallArg): number {
  const v = argInt(a);
  if (v === null) fail(ABS_EXPR, a.pos);
  return v;
}

/** Where an argument was due in an empty `name()`: just inside the parentheses. */
function firstArgPos(c: Call): Pos {
  return { line: c.pos.line, col: c.pos.col + c.name.length + 1 };
}

const HWREG_EXPR = 'expected a hwreg macro, structured immediate or an absolute expression';
const SENDMSG_EXPR = 'expected a sendmsg macro or an absolute expression';
export const ABS_EXPR = 'expected absolute expression';

/**
 * The value of an operand a custom parser reads as an absolute expression (NaN for a float, which the
 * callers' range checks refuse); anything else fails with `exprMsg`, as LLVM's expression parser does.
 */
export function customInt(op: Operand, exprMsg: string): number {
  // `|x|` is not an expression at all; `-x` and `abs(x)` are, but not absolute ones.
  if (op.mods.abs && !op.mods.fn) fail('unknown token in expression', op.pos);
  if (op.mods.neg || op.mods.abs || op.mods.sext) fail(exprMsg, op.pos);
  if (op.kind === 'int') return smallInt(op.value);
  if (op.kind === 'float') return Number.NaN;
  return fail(exprMsg, op.pos);
}

/** Just after an argument: where LLVM reports what should have followed it. */
function after(a: CallArg): Pos {
  return { line: a.pos.line, col: a.pos.col + argLength(a) };
}

/** After `n` arguments a closing parenthesis was due. */
function tooMany(c: Call, n: number): void {
  if (c.args.length > n) fail('expected a closing parenthesis', after(c.args[n - 1]));
}

// ---- hwreg ----

/** The hardware registers by name (the fast path's operand reader knows them too). */
export const HWREG_IDS: ReadonlyMap<string, number> = new Map<string, number>([
  ['HW_REG_MODE', 1],
  ['HW_REG_STATUS', 2],
  ['HW_REG_TRAPSTS', 3],
  ['HW_REG_HW_ID', 4],
  ['HW_REG_GPR_ALLOC', 5],
  ['HW_REG_LDS_ALLOC', 6],
  ['HW_REG_IB_STS', 7],
  ['HW_REG_SH_MEM_BASES', 15],
  ['HW_REG_TBA_LO', 16],
  ['HW_REG_TBA_HI', 17],
  ['HW_REG_TMA_LO', 18],
  ['HW_REG_TMA_HI', 19],
]);
/** Names LLVM knows from other GPUs: a distinct error rather than an unknown symbol. */
const HWREG_ELSEWHERE = new Set(
  [
    'FLAT_SCR_LO',
    'FLAT_SCR_HI',
    'XNACK_MASK',
    'HW_ID1',
    'HW_ID2',
    'POPS_PACKER',
    'PERF_SNAPSHOT_DATA',
    'PERF_SNAPSHOT_PC_LO',
    'PERF_SNAPSHOT_PC_HI',
    'PERF_SNAPSHOT_DATA1',
    'PERF_SNAPSHOT_DATA2',
    'SHADER_CYCLES',
    'SHADER_CYCLES_HI',
    'WAVE_MODE',
    'WAVE_STATUS',
    'WAVE_STATE_PRIV',
    'WAVE_GPR_ALLOC',
    'WAVE_LDS_ALLOC',
    'WAVE_HW_ID1',
    'WAVE_HW_ID2',
    'WAVE_TRAP_CTRL',
    'WAVE_SCHED_MODE',
    'WAVE_EXCP_FLAG_PRIV',
    'WAVE_EXCP_FLAG_USER',
    'WAVE_SCRATCH_BASE_LO',
    'WAVE_SCRATCH_BASE_HI',
    'EXCP_FLAG_PRIV',
    'EXCP_FLAG_USER',
    'TRAP_CTRL',
    'SCRATCH_BASE_LO',
    'SCRATCH_BASE_HI',
    'DVGPR_ALLOC_LO',
    'DVGPR_ALLOC_HI',
    'IB_STS2',
    'XCC_ID',
    'SQ_PERF_SNAPSHOT_DATA',
    'SQ_PERF_SNAPSHOT_DATA1',
    'SQ_PERF_SNAPSHOT_PC_LO',
    'SQ_PERF_SNAPSHOT_PC_HI',
  ].map((n) => 'HW_REG_' + n),
);

function hwregMacro(c: Call): number {
  const [idArg, offArg, widthArg] = c.args;
  if (idArg === undefined) fail('unknown token in expression', firstArgPos(c));
  let id: number;
  if ('ident' in idArg) {
    const known = HWREG_IDS.get(idArg.ident);
    if (known === undefined) {
      if (HWREG_ELSEWHERE.has(idArg.ident))
        fail('invalid hardware register: not supported on this GPU', idArg.pos);
      fail('expected a register name or an absolute expression', idArg.pos);
    }
    id = known;
  } else {
    id = absolute(idArg);
    if (!(id >= 0 && id <= 63)) fail('invalid hardware register: only 6-bit values are legal', idArg.pos);
  }
  if (offArg === undefined) return id | (31 << 11);
  if (widthArg === undefined) fail('expected a comma', after(offArg));
  tooMany(c, 3);
  const off = absolute(offArg);
  const width = absolute(widthArg);
  if (!(off >= 0 && off <= 31)) fail('invalid bit offset: only 5-bit values are legal', offArg.pos);
  if (!(width >= 1 && width <= 32))
    fail('invalid bitfield width: only values from 1 to 32 are legal', widthArg.pos);
  return id | (off << 6) | ((width - 1) << 11);
}

/** The simm16 of s_getreg/s_setreg: hwreg(...) or a 16-bit unsigned value. */
export function hwreg(op: Operand): number {
  if (op.kind === 'call' && (op.name === 'hwreg' || op.name === STRUCT_CALL)) return hwregMacro(op);
  const v = customInt(op, HWREG_EXPR);
  if (!(v >= 0 && v <= 0xffff)) fail('invalid immediate: only 16-bit values are legal', op.pos);
  return v;
}

// ---- sendmsg ----

const MSG_GS = 2;
const MSG_GS_DONE = 3;
const MSG_SYSMSG = 15;
const MSG_IDS = new Map<string, number>([
  ['MSG_INTERRUPT', 1],
  ['MSG_GS', MSG_GS],
  ['MSG_GS_DONE', MSG_GS_DONE],
  ['MSG_SAVEWAVE', 4],
  ['MSG_STALL_WAVE_GEN', 5],
  ['MSG_HALT_WAVES', 6],
  ['MSG_ORDERED_PS_DONE', 7],
  ['MSG_EARLY_PRIM_DEALLOC', 8],
  ['MSG_GS_ALLOC_REQ', 9],
  ['MSG_GET_DOORBELL', 10],
  ['MSG_SYSMSG', MSG_SYSMSG],
]);
const MSG_ELSEWHERE = new Set(
  [
    'GET_DDID',
    'HS_TESSFACTOR',
    'DEALLOC_VGPRS',
    'RTN_GET_DOORBELL',
    'RTN_GET_DDID',
    'RTN_GET_TMA',
    'RTN_GET_REALTIME',
    'RTN_SAVE_WAVE',
    'RTN_GET_TBA',
    'RTN_GET_TBA_TO_PC',
    'RTN_GET_SE_AID_ID',
  ].map((n) => 'MSG_' + n),
);
const GS_OPS = new Map<string, number>([
  ['GS_OP_NOP', 0],
  ['GS_OP_CUT', 1],
  ['GS_OP_EMIT', 2],
  ['GS_OP_EMIT_CUT', 3],
]);
const SYS_OPS = new Map<string, number>([
  ['SYSMSG_OP_ECC_ERR_INTERRUPT', 1],
  ['SYSMSG_OP_REG_RD', 2],
  ['SYSMSG_OP_TTRACE_PC', 4],
]);
const SYSMSG_OP_HOST_TRAP_ACK = 'SYSMSG_OP_HOST_TRAP_ACK';

function sendmsgMacro(c: Call): number {
  const [msgArg, opArg, streamArg] = c.args;
  if (msgArg === undefined) fail('unknown token in expression', firstArgPos(c));
  tooMany(c, 3);
  let id: number;
  const symbolic = 'ident' in msgArg;
  if ('ident' in msgArg) {
    const known = MSG_IDS.get(msgArg.ident);
    if (known === undefined) {
      if (MSG_ELSEWHERE.has(msgArg.ident))
        fail('specified message id is not supported on this GPU', msgArg.pos);
      fail('expected a message name or an absolute expression', msgArg.pos);
    }
    id = known;
  } else id = absolute(msgArg);
  let op = 0;
  if (opArg !== undefined) {
    if ('ident' in opArg) {
      const v = (id === MSG_SYSMSG ? SYS_OPS : GS_OPS).get(opArg.ident);
      if (v === undefined) {
        if (id === MSG_SYSMSG && opArg.ident === SYSMSG_OP_HOST_TRAP_ACK)
          fail('specified operation id is not supported on this GPU', opArg.pos);
        fail('expected an operation name or an absolute expression', opArg.pos);
      }
      op = v;
    } else op = absolute(opArg);
  }
  const stream = streamArg === undefined ? 0 : absolute(streamArg);
  if (!(id >= 0 && id <= 15)) fail('invalid message id', msgArg.pos);
  const gs = id === MSG_GS || id === MSG_GS_DONE;
  const needsOp = gs || id === MSG_SYSMSG;
  if (symbolic && needsOp !== (opArg !== undefined)) {
    if (opArg !== undefined) fail('message does not support operations', opArg.pos);
    fail('missing message operation', msgArg.pos);
  }
  if (opArg !== undefined) {
    const valid = !symbolic
      ? op >= 0 && op <= 7
      : id === MSG_GS
        ? op >= 1 && op <= 3
        : id === MSG_GS_DONE
          ? op >= 0 && op <= 3
          : op === 1 || op === 2 || op === 4;
    if (!valid) fail('invalid operation id', opArg.pos);
  }
  if (streamArg !== undefined) {
    if (symbolic && !(gs && op !== 0)) fail('message operation does not support streams', streamArg.pos);
    if (!(stream >= 0 && stream <= 3)) fail('invalid message stream id', streamArg.pos);
  }
  return id | (op << 4) | (stream << 8);
}

/** The simm16 of s_sendmsg/s_sendmsghalt: sendmsg(...) or a 16-bit unsigned value. */
export function sendmsg(op: Operand): number {
  if (op.kind === 'call' && op.name === 'sendmsg') return sendmsgMacro(op);
  const v = customInt(op, SENDMSG_EXPR);
  if (!(v >= 0 && v <= 0xffff)) fail('invalid immediate: only 16-bit values are legal', op.pos);
  return v;
}

// ---- s_waitcnt ----

/** Largest value of each counter on gfx9 (vmcnt has 4 bits before gfx9). */
const COUNTERS = new Map<string, number>([
  ['vmcnt', 63],
  ['expcnt', 7],
  ['lgkmcnt', 15],
]);
const VMCNT_MAX_OLD = 15;
/** All counters at their maximum: "wait for nothing" (gfx9; gfx6-8 have no vmcnt bits [15:14]). */
const WAITCNT_NONE = 0xcf7f;
const WAITCNT_NONE_OLD = 0x0f7f;

// vmcnt is split: bits [3:0] and [15:14] (gfx9); expcnt [6:4]; lgkmcnt [11:8].
function setCounter(enc: number, name: string, v: number): number {
  if (name === 'vmcnt') return (enc & ~0xc00f) | (v & 15) | ((v >> 4) << 14);
  if (name === 'expcnt') return (enc & ~0x70) | (v << 4);
  return (enc & ~0xf00) | (v << 8);
}

/** The simm16 of s_waitcnt from its operands: one integer, or counters joined by spaces, `&` or commas. */
export function waitcnt(ops: readonly Operand[], instPos: Pos, trailing?: Pos): number {
  const first = ops[0];
  if (first === undefined) fail('too few operands for instruction', instPos);
  if (first.kind !== 'call') {
    if ((first.kind === 'int' || first.kind === 'float') && !first.mods.neg && !first.mods.abs) {
      if (ops.length > 1) fail(INVALID, ops[1].pos);
      return first.kind === 'int' ? intLow16(first.value) : floatLowWord(first.value) & 0xffff;
    }
    customInt(first, ABS_EXPR);
    return fail(INVALID, first.pos);
  }
  const gfx9 = currentGen() === 'gfx9';
  let enc = gfx9 ? WAITCNT_NONE : WAITCNT_NONE_OLD;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op.kind === 'ident')
      fail('expected a left parenthesis', { line: op.pos.line, col: op.pos.col + op.name.length });
    if (op.kind !== 'call') fail('expected a counter name', op.pos);
    const a = op.args[0];
    if (a === undefined) fail('unknown token in expression', firstArgPos(op));
    // LLVM reads the count before it looks the counter up, and the closing parenthesis after.
    let v = absolute(a);
    const sat = op.name.endsWith('_sat');
    const name = sat ? op.name.slice(0, -4) : op.name;
    const known = COUNTERS.get(name);
    if (known === undefined) fail(`invalid counter name ${op.name}`, op.pos);
    const max = name === 'vmcnt' && !gfx9 ? VMCNT_MAX_OLD : known;
    tooMany(op, 1);
    if (!(v >= 0 && v <= max)) {
      if (!sat) fail(`too large value for ${name}`, a.pos);
      v = v < 0 ? 0 : max;
    }
    enc = setCounter(enc, name, v);
  }
  // A separator with no counter after it, which llvm-mc reports here rather than dropping.
  if (trailing) fail('expected a counter name', trailing);
  return enc;
}

function intLow16(v: number | bigint): number {
  return typeof v === 'number' ? (v >>> 0) & 0xffff : Number(BigInt.asUintN(16, v));
}

// ---- gpr_idx ----

const GPR_IDX_MODES = new Map<string, number>([
  ['SRC0', 1],
  ['SRC1', 2],
  ['SRC2', 4],
  ['DST', 8],
]);

/** The VGPR index mode bits of s_set_gpr_idx_on/_mode: gpr_idx(...) or a 4-bit value. */
export function gprIdx(op: Operand): number {
  if (op.kind === 'call' && op.name === 'gpr_idx') {
    let bits = 0;
    for (const a of op.args) {
      const m = 'ident' in a ? GPR_IDX_MODES.get(a.ident) : undefined;
      if (m === undefined) fail('expected a VGPR index mode or a closing parenthesis', a.pos);
      if (bits & m) fail('duplicate VGPR index mode', a.pos);
      bits |= m;
    }
    return bits;
  }
  const v = customInt(op, ABS_EXPR);
  if (!(v >= 0 && v <= 15)) fail('invalid immediate: only 4-bit values are legal', op.pos);
  return v;
}
