// Symbolic printing of the packed immediates of scalar ops (hwreg, sendmsg, waitcnt, gpr_idx), as LLVM's
// AMDGPU printer formats them per generation. Tables are precomputed where the value space is small.
import type { Generation } from '../../isa/processors.js';
import { hex } from '../operands.js';

// Hardware register ids LLVM names on gfx9; it prints the others by number.
const HWREG_NAMES: Record<number, string> = {
  1: 'HW_REG_MODE',
  2: 'HW_REG_STATUS',
  3: 'HW_REG_TRAPSTS',
  4: 'HW_REG_HW_ID',
  5: 'HW_REG_GPR_ALLOC',
  6: 'HW_REG_LDS_ALLOC',
  7: 'HW_REG_IB_STS',
  15: 'HW_REG_SH_MEM_BASES',
  16: 'HW_REG_TBA_LO',
  17: 'HW_REG_TBA_HI',
  18: 'HW_REG_TMA_LO',
  19: 'HW_REG_TMA_HI',
};
// SH_MEM_BASES and the TBA/TMA registers (15-19) are gfx9's; llvm-objdump-22 prints them by number before.
const FIRST_GFX9_HWREG = 15;
const HWREG_ID: string[] = [];
const HWREG_ID_OLD: string[] = [];
for (let id = 0; id < 64; id++) {
  HWREG_ID.push(HWREG_NAMES[id] ?? String(id));
  HWREG_ID_OLD.push(id < FIRST_GFX9_HWREG ? HWREG_ID[id] : String(id));
}

/** simm16 of s_getreg/s_setreg: id[5:0], offset[10:6], width-1[15:11]; offset 0 and width 32 are omitted. */
export function hwreg(v: number, gen: Generation): string {
  const id = (gen === 'gfx9' ? HWREG_ID : HWREG_ID_OLD)[v & 63];
  const offset = (v >>> 6) & 31;
  const width = ((v >>> 11) & 31) + 1;
  if (offset === 0 && width === 32) return 'hwreg(' + id + ')';
  return 'hwreg(' + id + ', ' + offset + ', ' + width + ')';
}

// s_sendmsg: message id [3:0], operation [6:4], stream [9:8] on gfx9.
const MSG_NAMES: Record<number, string> = {
  1: 'MSG_INTERRUPT',
  2: 'MSG_GS',
  3: 'MSG_GS_DONE',
  4: 'MSG_SAVEWAVE',
  5: 'MSG_STALL_WAVE_GEN',
  6: 'MSG_HALT_WAVES',
  7: 'MSG_ORDERED_PS_DONE',
  8: 'MSG_EARLY_PRIM_DEALLOC',
  9: 'MSG_GS_ALLOC_REQ',
  10: 'MSG_GET_DOORBELL',
  15: 'MSG_SYSMSG',
};
const MSG_GS = 2;
const MSG_GS_DONE = 3;
const MSG_SYSMSG = 15;
const GS_OPS = ['GS_OP_NOP', 'GS_OP_CUT', 'GS_OP_EMIT', 'GS_OP_EMIT_CUT'];
// Op 3 (HOST_TRAP_ACK) is gone since gfx9, so LLVM prints it numerically.
const SYS_OPS: Record<number, string> = {
  1: 'SYSMSG_OP_ECC_ERR_INTERRUPT',
  2: 'SYSMSG_OP_REG_RD',
  4: 'SYSMSG_OP_TTRACE_PC',
};

// Messages 5-10 are gfx9's, SAVEWAVE (4) gfx8's; SYSMSG op 3 (HOST_TRAP_ACK) exists before gfx9.
const LAST_MSG: Record<Generation, number> = { gfx6: 3, gfx7: 3, gfx8: 4, gfx9: 10 };
const SYSMSG_HOST_TRAP_ACK = 3;

/** The symbolic form of the fields (other bits do not matter), or null when LLVM has no name for them. */
function sendmsgNamed(id: number, op: number, stream: number, gen: Generation): string | null {
  const name = id === MSG_SYSMSG || id <= LAST_MSG[gen] ? MSG_NAMES[id] : undefined;
  if (name === undefined) return null;
  if (id === MSG_GS || id === MSG_GS_DONE) {
    // GS needs a real operation; GS_DONE may be a NOP, which then carries no stream.
    if (op >= 4 || (op === 0 && (id === MSG_GS || stream !== 0))) return null;
    return op === 0
      ? 'sendmsg(' + name + ', ' + GS_OPS[op] + ')'
      : 'sendmsg(' + name + ', ' + GS_OPS[op] + ', ' + stream + ')';
  }
  if (id === MSG_SYSMSG) {
    const opName = op === SYSMSG_HOST_TRAP_ACK && gen !== 'gfx9' ? 'SYSMSG_OP_HOST_TRAP_ACK' : SYS_OPS[op];
    return opName !== undefined && stream === 0 ? 'sendmsg(' + name + ', ' + opName + ')' : null;
  }
  return op === 0 && stream === 0 ? 'sendmsg(' + name + ')' : null;
}

// Indexed by the 9 field bits (id, op, stream packed without the gap at bit 7), per generation.
function sendmsgTable(gen: Generation): (string | null)[] {
  const t: (string | null)[] = [];
  for (let f = 0; f < 0x200; f++) t.push(sendmsgNamed(f & 15, (f >>> 4) & 7, f >>> 7, gen));
  return t;
}
const SENDMSG_NAMED: Record<Generation, (string | null)[]> = {
  gfx6: sendmsgTable('gfx6'),
  gfx7: sendmsgTable('gfx7'),
  gfx8: sendmsgTable('gfx8'),
  gfx9: sendmsgTable('gfx9'),
};
const SENDMSG_NUMERIC: string[] = [];
for (let f = 0; f < 0x200; f++) {
  SENDMSG_NUMERIC.push('sendmsg(' + (f & 15) + ', ' + ((f >>> 4) & 7) + ', ' + (f >>> 7) + ')');
}

export function sendmsg(v: number, gen: Generation): string {
  const f = (v & 0x7f) | ((v >>> 1) & 0x180);
  const named = SENDMSG_NAMED[gen][f];
  if (named !== null) return named;
  // The numeric form only when the fields account for every set bit; otherwise the raw value.
  return (v & ~0x37f) === 0 ? SENDMSG_NUMERIC[f] : String(v);
}

/**
 * s_waitcnt: vmcnt [3:0] (+[15:14] on gfx9), expcnt [6:4], lgkmcnt [11:8]; a counter at its maximum is
 * left out, and all at their maximum prints every counter.
 */
export function waitcnt(v: number, gen: Generation): string {
  const vmMax = gen === 'gfx9' ? 63 : 15;
  const vm = gen === 'gfx9' ? (v & 15) | ((v >>> 10) & 0x30) : v & 15;
  const exp = (v >>> 4) & 7;
  const lgkm = (v >>> 8) & 15;
  if (vm === vmMax && exp === 7 && lgkm === 15) return 'vmcnt(' + vmMax + ') expcnt(7) lgkmcnt(15)';
  let s = '';
  if (vm !== vmMax) s = 'vmcnt(' + vm + ')';
  if (exp !== 7) s += (s ? ' ' : '') + 'expcnt(' + exp + ')';
  if (lgkm !== 15) s += (s ? ' ' : '') + 'lgkmcnt(' + lgkm + ')';
  return s;
}

const GPR_IDX_MODES = ['SRC0', 'SRC1', 'SRC2', 'DST'];

/** VGPR index mode bits of s_set_gpr_idx_on/_mode: gpr_idx(...) when only the 4 mode bits are set. */
export function gprIdx(v: number): string {
  if (v & ~15) return hex(v);
  let s = 'gpr_idx(';
  let first = true;
  for (let b = 0; b < 4; b++) {
    if (v & (1 << b)) {
      s += (first ? '' : ',') + GPR_IDX_MODES[b];
      first = false;
    }
  }
  return s + ')';
}
