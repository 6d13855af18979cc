// Symbolic printing of the packed immediates of scalar ops (hwreg, sendmsg, waitcnt, gpr_idx), as LLVM's
// AMDGPU printer formats them per generation. Tables are precomputed where the value space is small.
import type { Generation } from '../../isa/processors.js';
import { ascii, byteTable, putB, putC, putDec, putHex, putS, putT, type TextSink } from '../text-bytes.js';

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

const HWREG_ID_B = byteTable(HWREG_ID);
const HWREG_ID_OLD_B = byteTable(HWREG_ID_OLD);
const HWREG_OPEN = ascii('hwreg(');
const COMMA = ascii(', ');

/** simm16 of s_getreg/s_setreg: id[5:0], offset[10:6], width-1[15:11]; offset 0 and width 32 are omitted. */
export function putHwreg(o: TextSink, v: number, gen: Generation): void {
  putB(o, HWREG_OPEN);
  putT(o, gen === 'gfx9' ? HWREG_ID_B : HWREG_ID_OLD_B, v & 63);
  const offset = (v >>> 6) & 31;
  const width = ((v >>> 11) & 31) + 1;
  if (offset !== 0 || width !== 32) {
    putB(o, COMMA);
    putDec(o, offset);
    putB(o, COMMA);
    putDec(o, width);
  }
  putC(o, 0x29);
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
/**
 * Per generation, made on its first s_sendmsg word: all four at module load were a start-up loop long
 * enough for TurboFan to compile it (on stack) in every `gcnkit disasm`, a tiny file's too.
 */
const SENDMSG_NAMED: Record<Generation, (string | null)[] | null> = {
  gfx6: null,
  gfx7: null,
  gfx8: null,
  gfx9: null,
};
let SENDMSG_NUMERIC: string[] | null = null;

/** s_sendmsg's operand: the named form, else the numeric one, else the raw value. */
export function putSendmsg(o: TextSink, v: number, gen: Generation): void {
  const f = (v & 0x7f) | ((v >>> 1) & 0x180);
  let table = SENDMSG_NAMED[gen];
  if (table === null) {
    table = sendmsgTable(gen);
    SENDMSG_NAMED[gen] = table;
  }
  const named = table[f];
  if (named !== null) putS(o, named);
  // The numeric form only when the fields account for every set bit; otherwise the raw value.
  else if ((v & ~0x37f) === 0) {
    if (SENDMSG_NUMERIC === null) {
      SENDMSG_NUMERIC = [];
      for (let k = 0; k < 0x200; k++) {
        SENDMSG_NUMERIC.push('sendmsg(' + (k & 15) + ', ' + ((k >>> 4) & 7) + ', ' + (k >>> 7) + ')');
      }
    }
    putS(o, SENDMSG_NUMERIC[f]);
  } else putDec(o, v);
}

/**
 * s_waitcnt: vmcnt [3:0] (+[15:14] on gfx9), expcnt [6:4], lgkmcnt [11:8]; a counter at its maximum is
 * left out, and all at their maximum prints every counter.
 */
export function putWaitcnt(o: TextSink, v: number, gen: Generation): void {
  const vmMax = gen === 'gfx9' ? 63 : 15;
  const vm = gen === 'gfx9' ? (v & 15) | ((v >>> 10) & 0x30) : v & 15;
  const exp = (v >>> 4) & 7;
  const lgkm = (v >>> 8) & 15;
  const all = vm === vmMax && exp === 7 && lgkm === 15;
  const start = o.pos;
  if (all || vm !== vmMax) {
    putB(o, VMCNT);
    putDec(o, vm);
    putC(o, 0x29);
  }
  if (all || exp !== 7) {
    if (o.pos !== start) putC(o, 0x20);
    putB(o, EXPCNT);
    putDec(o, exp);
    putC(o, 0x29);
  }
  if (all || lgkm !== 15) {
    if (o.pos !== start) putC(o, 0x20);
    putB(o, LGKMCNT);
    putDec(o, lgkm);
    putC(o, 0x29);
  }
}
const VMCNT = ascii('vmcnt(');
const EXPCNT = ascii('expcnt(');
const LGKMCNT = ascii('lgkmcnt(');

const GPR_IDX_MODES = ['SRC0', 'SRC1', 'SRC2', 'DST'];

/** gpr_idx(...) by the 4 mode bits. */
const GPR_IDX = byteTable(
  Array.from({ length: 16 }, (_, v) => {
    const modes: string[] = [];
    for (let b = 0; b < 4; b++) if (v & (1 << b)) modes.push(GPR_IDX_MODES[b]);
    return 'gpr_idx(' + modes.join(',') + ')';
  }),
);

/** VGPR index mode bits of s_set_gpr_idx_on/_mode: gpr_idx(...) when only the 4 mode bits are set. */
export function putGprIdx(o: TextSink, v: number): void {
  if (v & ~15) putHex(o, v);
  else putT(o, GPR_IDX, v);
}
