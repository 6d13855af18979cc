// The trap machinery of a wave: the trap handler's registers (TBA, TMA), the privileged and halt state
// of STATUS, entry into the handler (s_trap, exceptions) and the return (s_rfe_b64). Facts: the Vega ISA
// document, "Trap and Exception registers" and S_TRAP / S_RFE_B64 / S_SETHALT, and the Southern Islands
// document for gfx6-8, where TBA/TMA are SGPR operands (108-111) and TTMP0-11 follow at 112-123 (gfx9
// moved TBA/TMA into hardware registers 16-19 and has sixteen TTMPs from 108).

import type { Generation } from '../isa/processors.js';
import { ExecError } from './inst.js';
import type { Wave } from './wave.js';

/** STATUS bits this module owns (Vega "Status register fields"). */
export const STATUS_PRIV = 1 << 5;
export const STATUS_TRAP_EN = 1 << 6;
export const STATUS_HALT = 1 << 13;

/** MODE fields the system ops act on (Vega "Mode register fields"). */
export const MODE_DEBUG = 1 << 11;
export const MODE_EXCP_EN_SHIFT = 12;
export const MODE_VSKIP = 1 << 28;
export const MODE_CSP_SHIFT = 29;

/** TRAPSTS fields (Vega "Trap Status register"). */
export const TRAPSTS_MEM_VIOL = 1 << 8;
export const TRAPSTS_SAVECTX = 1 << 10;

/** Hardware register ids of TBA/TMA on gfx9 (s_getreg hwreg(HW_REG_TBA_LO) ...). */
export const HW_TBA_LO = 16;
export const HW_TMA_HI = 19;

/** A trap handler as the dispatcher installs it: TBA (code address) and TMA (its data). */
export interface TrapHandler {
  readonly tba: number;
  readonly tma: number;
}

/** The per-wave trap and system state (reset with the wave). */
export class WaveSys {
  /** Trap base address (the handler's first instruction) and trap memory address; 0 when none. */
  tba = 0;
  tma = 0;
  /** STATUS.TRAP_EN: a trap handler is present (traps are taken). */
  trapEn = false;
  /** STATUS.PRIV: running inside the trap handler. */
  priv = false;
  /** STATUS.HALT, set by s_sethalt / s_sendmsghalt. */
  halt = false;
  /** Operand code of TTMP0: 108 on gfx9, 112 before (where 108-111 hold TBA/TMA). */
  ttmp0 = 108;
  /** MODE.VSKIP: vector instructions are skipped (read by the dispatcher's loop). */
  skipVector = false;
  /** GWS / ordered-count wait: the blocked instruction's resource, or -1 (see mem/ds-gws.ts). */
  gwsWait = -1;
  gwsFlag = 0;
  /** The wave released the ordered-count order (ds_ordered_count with wave_release). */
  orderedReleased = false;

  reset(): void {
    this.tba = 0;
    this.tma = 0;
    this.trapEn = false;
    this.priv = false;
    this.halt = false;
    this.skipVector = false;
    this.gwsWait = -1;
    this.gwsFlag = 0;
    this.orderedReleased = false;
  }
}

/** Whether the generation addresses TBA/TMA as SGPR operands 108-111 (gfx6-8) instead of hwregs 16-19. */
export function tbaInSgprs(gen: Generation): boolean {
  return gen !== 'gfx9';
}

/**
 * Installs a trap handler in a wave at dispatch: STATUS.TRAP_EN = 1 and TBA/TMA set (on gfx6-8 also
 * visible as the SGPR operands tba/tma). Without a handler the wave keeps TRAP_EN = 0.
 */
export function installTrapHandler(w: Wave, h: TrapHandler | undefined, gen: Generation): void {
  const sys = w.sys;
  sys.ttmp0 = tbaInSgprs(gen) ? 112 : 108;
  if (h === undefined) return;
  sys.trapEn = true;
  sys.tba = h.tba;
  sys.tma = h.tma;
  if (tbaInSgprs(gen)) {
    w.s[108] = h.tba >>> 0;
    w.s[109] = Math.floor(h.tba / 2 ** 32) >>> 0;
    w.s[110] = h.tma >>> 0;
    w.s[111] = Math.floor(h.tma / 2 ** 32) >>> 0;
  }
}

/**
 * Enters the trap handler: {TTMP1, TTMP0} = {3'h0, pc_rewind[3:0], HT, trapID[7:0], PC[47:0]}, PRIV = 1,
 * PC = TBA. `pc` is the saved PC: the s_trap itself for s_trap, the next instruction for exceptions.
 */
export function enterTrap(w: Wave, trapId: number, pc: number): void {
  const sys = w.sys;
  if (sys.priv) {
    throw new ExecError(
      `a trap (id ${trapId}) was raised inside the trap handler, which cannot nest, at pc 0x${pc.toString(16)}`,
    );
  }
  const t = sys.ttmp0;
  w.s[t] = pc >>> 0;
  w.s[t + 1] = ((Math.floor(pc / 2 ** 32) & 0xffff) | ((trapId & 0xff) << 16)) >>> 0;
  sys.priv = true;
  w.pc = sys.tba;
}

/** Returns from the trap handler to the 48-bit PC in (lo, hi): PRIV = 0; a pending HALT halts the wave now. */
export function returnFromTrap(w: Wave, lo: number, hi: number, what: string, pc: number): void {
  const sys = w.sys;
  if (!sys.priv) {
    throw new ExecError(
      `${what} outside a trap handler (it may only be used within one) at pc 0x${pc.toString(16)}`,
    );
  }
  sys.priv = false;
  w.pc = (hi & 0xffff) * 2 ** 32 + lo;
  if (sys.halt) throw halted(`${what} returned with STATUS.HALT set`, w.pc);
}

/**
 * A halted wave: nothing in the emulator resumes it (only the host can, through wave-control messages),
 * so the dispatch stops and says so rather than hanging.
 */
export function halted(why: string, pc: number): ExecError {
  return new ExecError(
    `the wave halted (${why}); nothing resumes a halted wave here at pc 0x${pc.toString(16)}`,
  );
}

/** The STATUS bits of this module for s_getreg (PRIV, TRAP_EN, HALT). */
export function statusBits(w: Wave): number {
  const sys = w.sys;
  return (sys.priv ? STATUS_PRIV : 0) | (sys.trapEn ? STATUS_TRAP_EN : 0) | (sys.halt ? STATUS_HALT : 0);
}

/** s_getreg of TBA_LO/HI, TMA_LO/HI (gfx9 hardware registers 16-19). */
export function readTrapReg(w: Wave, id: number): number {
  const sys = w.sys;
  const v = id < 18 ? sys.tba : sys.tma;
  return (id & 1) === 0 ? v >>> 0 : Math.floor(v / 2 ** 32) >>> 0;
}

/** s_setreg of TBA/TMA: writable only with PRIV (Vega: "Gives write access to the TTMP, TMA, and TBA"). */
export function writeTrapReg(w: Wave, id: number, value: number): void {
  const sys = w.sys;
  if (!sys.priv) return;
  const lo = (id & 1) === 0;
  const old = id < 18 ? sys.tba : sys.tma;
  const hi = Math.floor(old / 2 ** 32) >>> 0;
  const v = lo ? hi * 2 ** 32 + (value >>> 0) : (value & 0xffff) * 2 ** 32 + (old >>> 0);
  if (id < 18) sys.tba = v;
  else sys.tma = v;
}

/** After MODE changes (s_setreg, s_setvskip): the fields other state mirrors. */
export function modeChanged(w: Wave): void {
  w.sys.skipVector = (w.mode & MODE_VSKIP) !== 0;
}

/**
 * After TRAPSTS is written: a shader setting SAVECTX asks for a save-context trap (Vega: "a shader can set
 * this bit to 1 to cause a save-context trap"); taken with trap ID 0 at the next instruction.
 */
export function trapstsChanged(w: Wave, nextPc: number): boolean {
  const sys = w.sys;
  if ((w.trapsts & TRAPSTS_SAVECTX) === 0 || !sys.trapEn || sys.priv) return false;
  enterTrap(w, 0, nextPc);
  return true;
}

/**
 * A memory violation (an access the memory system refuses) when the wave has a trap handler and
 * MODE.EXCP_EN.mem_viol is set: TRAPSTS.mem_viol is set and the wave enters the handler with the PC of
 * the next instruction (Vega "Memory Violations"). Returns false when the fault is not trapped.
 */
export function trapMemoryViolation(w: Wave, nextPc: number): boolean {
  const sys = w.sys;
  if (!sys.trapEn || sys.priv) return false;
  w.trapsts = (w.trapsts | TRAPSTS_MEM_VIOL) >>> 0;
  if (((w.mode >>> MODE_EXCP_EN_SHIFT) & TRAPSTS_MEM_VIOL) === 0) return false;
  enterTrap(w, 0, nextPc);
  return true;
}
