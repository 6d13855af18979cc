// The scalar system ops: traps (s_trap, s_rfe_b64, s_rfe_restore_b64), messages (s_sendmsg,
// s_sendmsghalt), wave control (s_sethalt, s_setkill, s_setvskip) and the fork/join branch stack
// (s_cbranch_g_fork, s_cbranch_i_fork, s_cbranch_join). Semantics: the pseudo-code of the Vega ISA
// document (chapter 12 and "Send Message", "Fork and Join"); fork/join and the message ids as the
// Southern Islands document and LLVM's per-generation message table give them for gfx6-8.
//
// The decoders (exec.ts) ask systemHandler(name, generation) for the handler of an op; each handler is
// built once per generation, so a generation difference is decided at decode time, not per instruction.

import type { Generation } from '../../isa/processors.js';
import { ExecError, type Handler, type Inst } from '../inst.js';
import { readScalar32, readScalar64 } from '../scalar-src.js';
import { enterTrap, halted, MODE_CSP_SHIFT, MODE_VSKIP, modeChanged, returnFromTrap } from '../trap.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';

const P64 = new Uint32Array(2);

function next(w: Wave, i: Inst): void {
  w.pc = i.pc + i.size;
}

function at(i: Inst): string {
  return `at pc 0x${i.pc.toString(16)}`;
}

// ---- traps

/**
 * s_trap: with a trap handler (STATUS.TRAP_EN) the wave enters it with the PC of the s_trap itself (Vega:
 * "S_TRAP saves the PC of the S_TRAP instruction itself"). Without one the hardware would make it a NOP,
 * but the runtime always installs a handler that aborts the queue and reports the trap; the emulator does
 * what that default handler does, so a kernel's __builtin_trap or failed assert never runs on silently.
 */
const sTrap: Handler = (w, i) => {
  const id = i.imm & 0xff;
  if (!w.sys.trapEn) {
    throw new ExecError(`s_trap ${id} (the kernel trapped, e.g. __builtin_trap or a failed assert) ${at(i)}`);
  }
  enterTrap(w, id, i.pc);
};

/** s_rfe_b64 / s_rfe_restore_b64: PRIV = 0; PC = S0.u64 (the restore form ignores its second operand). */
function rfe(name: string): Handler {
  return (w, i) => {
    readScalar64(w, i.src0, i.lit, false, P64);
    returnFromTrap(w, P64[0], P64[1], name, i.pc);
  };
}

/** s_sethalt: HALT = SIMM16[0]; ignored while PRIV (the wave halts when the handler returns). */
const sSethalt: Handler = (w, i) => {
  w.sys.halt = (i.imm & 1) === 1;
  if (w.sys.halt && !w.sys.priv) throw halted(`s_sethalt ${i.imm}`, i.pc);
  next(w, i);
};

/**
 * s_setkill: KILL = SIMM16[0], the bit a host kill-wave command sets ("used primarily for debugging kill
 * wave host command behavior"): with it set the wave is terminated as that command terminates it.
 */
const sSetkill: Handler = (w, i) => {
  if ((i.imm & 1) === 1) w.done = true;
  else next(w, i);
};

// ---- messages

type MsgKind = 'compute' | 'graphics' | 'undocumented';

interface MsgDef {
  readonly name: string;
  readonly kind: MsgKind;
  /** The first generation that has the message id (LLVM's message table). */
  readonly since: Generation;
}

// Message ids (SIMM16[3:0]). The Vega document's "Send Message" table lists GS, GS-done, save wave, stall
// wave gen, halt waves, ordered PS done, early prim dealloc and GS alloc req; interrupt is the message its
// control-instruction table names ("typically an interrupt to the host CPU"). Get-doorbell and the
// system messages appear in no available document: they fail loudly.
const MESSAGES: Record<number, MsgDef> = {
  1: { name: 'MSG_INTERRUPT', kind: 'compute', since: 'gfx6' },
  2: { name: 'MSG_GS', kind: 'graphics', since: 'gfx6' },
  3: { name: 'MSG_GS_DONE', kind: 'graphics', since: 'gfx6' },
  4: { name: 'MSG_SAVEWAVE', kind: 'compute', since: 'gfx8' },
  5: { name: 'MSG_STALL_WAVE_GEN', kind: 'compute', since: 'gfx9' },
  6: { name: 'MSG_HALT_WAVES', kind: 'compute', since: 'gfx9' },
  7: { name: 'MSG_ORDERED_PS_DONE', kind: 'graphics', since: 'gfx9' },
  8: { name: 'MSG_EARLY_PRIM_DEALLOC', kind: 'graphics', since: 'gfx9' },
  9: { name: 'MSG_GS_ALLOC_REQ', kind: 'graphics', since: 'gfx9' },
  10: { name: 'MSG_GET_DOORBELL', kind: 'undocumented', since: 'gfx9' },
  15: { name: 'MSG_SYSMSG', kind: 'undocumented', since: 'gfx6' },
};

const GEN_ORDER: Record<Generation, number> = { gfx6: 0, gfx7: 1, gfx8: 2, gfx9: 3 };

/** A message a wave sent, as the host (or a test) sees it. */
export interface SentMessage {
  readonly name: string;
  /** SIMM16 as encoded, and M0 when the message was sent. */
  readonly simm16: number;
  readonly m0: number;
  /** Wave index within the dispatch and pc of the s_sendmsg. */
  readonly wave: number;
  readonly pc: number;
}

/** The message of SIMM16 on a generation, or an error naming it (graphics-only, undocumented, illegal). */
function message(gen: Generation, simm16: number, i: Inst): MsgDef {
  const id = simm16 & 15;
  const def = MESSAGES[id];
  if (def === undefined || GEN_ORDER[gen] < GEN_ORDER[def.since]) {
    throw new ExecError(`${i.name}: message id ${id} is not a message of ${gen} (illegal) ${at(i)}`);
  }
  if (def.kind === 'graphics') {
    throw new ExecError(
      `${i.name}: ${def.name} is a graphics-pipeline message; a compute dispatch has no such stage to receive it ${at(i)}`,
    );
  }
  if (def.kind === 'undocumented') {
    throw new ExecError(
      `${i.name}: ${def.name} is not modelled (no available ISA document defines what it does) ${at(i)}`,
    );
  }
  return def;
}

/**
 * s_sendmsg / s_sendmsghalt: the compute messages go to the host: each is recorded in the dispatch's
 * message log (DispatchContext.messages). MSG_HALT_WAVES halts every wave of the queue, which only the
 * host can resume, so the dispatch stops there; s_sendmsghalt then halts the sending wave (s_sethalt 1).
 */
function sendmsg(gen: Generation, halt: boolean): Handler {
  return (w, i) => {
    const def = message(gen, i.imm, i);
    w.ctx.messages?.push({ name: def.name, simm16: i.imm, m0: w.s[M0], wave: w.dispatchIndex, pc: i.pc });
    if (def.name === 'MSG_HALT_WAVES' && !w.sys.priv)
      throw halted(`${i.name} ${def.name} halts every wave`, i.pc);
    if (halt) {
      w.sys.halt = true;
      if (!w.sys.priv) throw halted(`${i.name} ${def.name}`, i.pc);
    }
    next(w, i);
  };
}

// ---- VSKIP

/** s_setvskip: VSKIP = S0.u[S1.u[4:0]] (MODE[28]); while set, vector instructions are not issued. */
const sSetvskip: Handler = (w, i) => {
  const s0 = readScalar32(w, i.src0, i.lit);
  const s1 = readScalar32(w, i.src1, i.lit);
  const bit = (s0 >>> (s1 & 31)) & 1;
  w.mode = ((w.mode & ~MODE_VSKIP) | (bit ? MODE_VSKIP : 0)) >>> 0;
  modeChanged(w);
  next(w, i);
};

// ---- fork / join

/** The stack holds six entries (Vega: "a six-deep stack", enough for 64 lanes halving each time). */
const CSP_DEPTH = 6;

function csp(w: Wave): number {
  return (w.mode >>> MODE_CSP_SHIFT) & 7;
}

function setCsp(w: Wave, v: number): void {
  w.mode = ((w.mode & ~(7 << MODE_CSP_SHIFT)) | (v << MODE_CSP_SHIFT)) >>> 0;
}

/** SGPR[CSP*4] = { pc (bits 127:64), mask (63:0) }: the low pair the EXEC mask, the high pair the PC. */
function push(w: Wave, i: Inst, pc: number, m0: number, m1: number): void {
  const c = csp(w);
  if (c >= CSP_DEPTH) {
    throw new ExecError(`${i.name}: the fork/join stack is full (CSP = ${c}, ${CSP_DEPTH} entries) ${at(i)}`);
  }
  const s = w.s;
  s[c * 4] = m0;
  s[c * 4 + 1] = m1;
  s[c * 4 + 2] = pc >>> 0;
  s[c * 4 + 3] = Math.floor(pc / 2 ** 32) & 0xffff;
  setCsp(w, c + 1);
}

/**
 * The fork of both forms: mask_pass = S0 & EXEC, mask_fail = ~S0 & EXEC; all pass: branch; all fail: fall
 * through; otherwise run the side with fewer lanes first and push the other ({target, mask_pass} or
 * {PC + 4, mask_fail}).
 */
function fork(w: Wave, i: Inst, mask: number, target: number): void {
  readScalar64(w, mask, i.lit, false, P64);
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const p0 = (P64[0] & e0) >>> 0;
  const p1 = (P64[1] & e1) >>> 0;
  const f0 = (~P64[0] & e0) >>> 0;
  const f1 = (~P64[1] & e1) >>> 0;
  const after = i.pc + i.size;
  if (p0 === e0 && p1 === e1) {
    w.pc = target;
  } else if (f0 === e0 && f1 === e1) {
    w.pc = after;
  } else if (popcount(f0) + popcount(f1) < popcount(p0) + popcount(p1)) {
    w.s[EXEC_LO] = f0;
    w.s[EXEC_HI] = f1;
    push(w, i, target, p0, p1);
    w.pc = after;
  } else {
    w.s[EXEC_LO] = p0;
    w.s[EXEC_HI] = p1;
    push(w, i, after, f0, f1);
    w.pc = target;
  }
}

/** s_cbranch_g_fork S0, S1: the target is the 64-bit byte address S1 (48 bits used). */
const gFork: Handler = (w, i) => {
  readScalar64(w, i.src1, i.lit, false, P64);
  const target = (P64[1] & 0xffff) * 2 ** 32 + P64[0];
  fork(w, i, i.src0, target);
};

/** s_cbranch_i_fork S0, simm16 (SOPK: S0 in the SDST field): the target is PC + 4 + signext(SIMM16 * 4). */
const iFork: Handler = (w, i) => {
  fork(w, i, i.dst, i.pc + 4 + ((i.imm << 16) >> 16) * 4);
};

/**
 * s_cbranch_join S0: S0 holds the CSP value from before the fork. Equal: both paths are done, continue;
 * otherwise CSP -= 1 and {PC, EXEC} = SGPR[CSP*4] (the other path).
 */
const join: Handler = (w, i) => {
  const saved = readScalar32(w, i.src0, i.lit);
  const c = csp(w);
  if (c === saved) {
    next(w, i);
    return;
  }
  if (c === 0) {
    throw new ExecError(`${i.name}: the fork/join stack is empty but the saved CSP is ${saved} ${at(i)}`);
  }
  const d = c - 1;
  setCsp(w, d);
  const s = w.s;
  w.s[EXEC_LO] = s[d * 4];
  w.s[EXEC_HI] = s[d * 4 + 1];
  w.pc = (s[d * 4 + 3] & 0xffff) * 2 ** 32 + s[d * 4 + 2];
};

// ---- the table

function build(gen: Generation): Record<string, Handler> {
  return {
    s_trap: sTrap,
    s_rfe_b64: rfe('s_rfe_b64'),
    s_rfe_restore_b64: rfe('s_rfe_restore_b64'),
    s_sethalt: sSethalt,
    s_setkill: sSetkill,
    s_sendmsg: sendmsg(gen, false),
    s_sendmsghalt: sendmsg(gen, true),
    s_setvskip: sSetvskip,
    s_cbranch_g_fork: gFork,
    s_cbranch_i_fork: iFork,
    s_cbranch_join: join,
  };
}

const BY_GEN: Partial<Record<Generation, Record<string, Handler>>> = {};

/** The handler of a system op on a generation, or undefined for other ops. */
export function systemHandler(name: string, gen: Generation): Handler | undefined {
  let t = BY_GEN[gen];
  if (t === undefined) {
    t = build(gen);
    BY_GEN[gen] = t;
  }
  return Object.hasOwn(t, name) ? t[name] : undefined;
}

/** The names of the system ops (for `gcnkit isa` and coverage tests). */
export const SYSTEM_OPS: readonly string[] = Object.keys(build('gfx9'));
