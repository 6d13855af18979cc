// Decoding and execution of the scalar encodings SOP1, SOP2, SOPC, SOPK and SOPP. Plain ALU ops run their
// SaluFn over a ScalarCtx; ops that need the PC, hardware registers or register indexing are handled here.

import { genOf } from '../../codec/families/scalar-common.js';
import type { SopCodec } from '../../codec/families/scalar-sop.js';
import { sop1Codec } from '../../codec/families/sop1.js';
import { sop2Codec } from '../../codec/families/sop2.js';
import { sopcCodec } from '../../codec/families/sopc.js';
import { sopkFields } from '../../codec/families/sopk.js';
import { soppFields } from '../../codec/families/sopp.js';
import { Sopk, type SopkRow, type SoppRow, type SopRow } from '../../isa/ops/scalar-sop.js';
import type { Target } from '../../isa/targets.js';
import { ExecError, type Handler, type Inst, unimplemented } from '../inst.js';
import { constValue32, isConstCode, readScalar32, readScalar64 } from '../scalar-src.js';
import { saluSemantics } from '../semantics.js';
import {
  HW_TBA_LO,
  HW_TMA_HI,
  modeChanged,
  readTrapReg,
  statusBits,
  trapstsChanged,
  writeTrapReg,
} from '../trap.js';
import {
  EXEC_HI,
  EXEC_LO,
  M0,
  PRIVATE_APERTURE_HI,
  SHARED_APERTURE_HI,
  VCC_HI,
  VCC_LO,
  type Wave,
} from '../wave.js';
import { type SaluFn, ScalarCtx } from './context.js';
import { SYSTEM_OPS, systemHandler } from './ops-system.js';

const X = new ScalarCtx();
const P64 = new Uint32Array(2);

function read32(w: Wave, code: number, k: number): number {
  if (code < 128) return w.s[code];
  return isConstCode(code) ? k : readScalar32(w, code, 0);
}

function read64(w: Wave, code: number, lit: number): void {
  readScalar64(w, code, lit, false, P64);
}

/** Runs the SaluFn of a SOP1/SOP2/SOPC op (Inst.op is its row: the profile gives the operand widths). */
export const runSalu: Handler = (w, i) => {
  const p = (i.op as SopRow).profile;
  const x = X;
  const w0 = p.src0 & 3;
  const w1 = p.src1 & 3;
  if (w0 === 2) {
    read64(w, i.src0, i.lit);
    x.a0 = P64[0];
    x.a1 = P64[1];
  } else if (w0 === 1) {
    x.a0 = read32(w, i.src0, i.k0);
    x.a1 = 0;
  }
  if (w1 === 2) {
    read64(w, i.src1, i.lit);
    x.b0 = P64[0];
    x.b1 = P64[1];
  } else if (w1 === 1) {
    x.b0 = read32(w, i.src1, i.k1);
    x.b1 = 0;
  }
  finish(w, i, p.dst & 3);
};

/** Runs the SaluFn of a SOPK op: a = the SDST register, b = simm16; s_cmpk_* write only SCC. */
export const runSaluK: Handler = (w, i) => {
  const x = X;
  x.a0 = w.s[i.dst];
  x.a1 = 0;
  x.b0 = i.imm;
  x.b1 = 0;
  finish(w, i, sopkDstDwords(i));
};

/** Dwords a SOPK op run by runSaluK writes to SDST: 0 for the compares (s_cmpk_*: only SCC), else 1. */
export function sopkDstDwords(i: Inst): number {
  const k = (i.op as SopkRow).kind;
  return k === Sopk.Scc || k === Sopk.SccU ? 0 : 1;
}

function finish(w: Wave, i: Inst, dw: number): void {
  const x = X;
  // Conditional moves and bit sets leave (part of) the destination as it was.
  x.d0 = i.dst < 128 ? w.s[i.dst] : 0;
  x.d1 = i.dst < 127 ? w.s[i.dst + 1] : 0;
  x.scc = w.scc;
  x.exec0 = w.s[EXEC_LO];
  x.exec1 = w.s[EXEC_HI];
  (i.fn as SaluFn)(x);
  w.scc = x.scc & 1;
  w.s[EXEC_LO] = x.exec0;
  w.s[EXEC_HI] = x.exec1;
  if (dw > 0 && i.dst < 128) {
    w.s[i.dst] = x.d0;
    if (dw === 2 && i.dst < 127) w.s[i.dst + 1] = x.d1;
  }
  w.pc = i.pc + i.size;
}

function next(w: Wave, i: Inst): void {
  w.pc = i.pc + i.size;
}

/** Writes a 64-bit return address (the next instruction) to the SGPR pair at i.dst. */
function writePc(w: Wave, code: number, value: number): void {
  if (code < 127) {
    w.s[code] = value >>> 0;
    w.s[code + 1] = Math.floor(value / 2 ** 32) >>> 0;
  }
}

/** A 64-bit branch target: the PC is 48 bits wide, so the top 16 bits are dropped (keeping pc exact). */
function pcOf(w: Wave, code: number, lit: number): number {
  read64(w, code, lit);
  return (P64[1] & 0xffff) * 2 ** 32 + P64[0];
}

// VGPR indexing mode (gfx9): M0[7:0] is the index added to the VGPR operands whose enable bit is set in
// M0[15:12] (bit 0 src0, 1 src1, 2 src2, 3 dst) while the mode is on; Wave.gprIdxMode holds the bits + 1.
function setGprIdxOn(w: Wave, i: Inst): void {
  const bits = i.src1 & 15;
  w.s[M0] = ((w.s[M0] & ~0xf0ff) | (read32(w, i.src0, i.k0) & 0xff) | (bits << 12)) >>> 0;
  w.gprIdxMode = bits + 1;
  next(w, i);
}

const SOP1_SPECIAL: Record<string, Handler> = {
  s_set_gpr_idx_idx: (w, i) => {
    w.s[M0] = ((w.s[M0] & ~0xff) | (read32(w, i.src0, i.k0) & 0xff)) >>> 0;
    next(w, i);
  },
  s_getpc_b64: (w, i) => {
    writePc(w, i.dst, i.pc + 4);
    next(w, i);
  },
  s_setpc_b64: (w, i) => {
    w.pc = pcOf(w, i.src0, i.lit);
  },
  s_swappc_b64: (w, i) => {
    const target = pcOf(w, i.src0, i.lit);
    writePc(w, i.dst, i.pc + 4);
    w.pc = target;
  },
  s_movrels_b32: (w, i) => {
    w.s[checkS(i, i.dst)] = w.s[checkS(i, i.src0 + w.s[M0])];
    next(w, i);
  },
  s_movrels_b64: (w, i) => {
    const s = checkS(i, i.src0 + w.s[M0] + 1) - 1;
    const d = checkS(i, i.dst + 1) - 1;
    w.s[d] = w.s[s];
    w.s[d + 1] = w.s[s + 1];
    next(w, i);
  },
  s_movreld_b32: (w, i) => {
    w.s[checkS(i, i.dst + w.s[M0])] = read32(w, i.src0, i.k0);
    next(w, i);
  },
  s_movreld_b64: (w, i) => {
    const d = checkS(i, i.dst + w.s[M0] + 1) - 1;
    read64(w, i.src0, i.lit);
    w.s[d] = P64[0];
    w.s[d + 1] = P64[1];
    next(w, i);
  },
};

/** SGPR index checks for M0-relative moves: an index past the SGPRs is an error, not a wrap. */
function checkS(i: Inst, r: number): number {
  if (r < 0 || r > 101)
    throw new ExecError(`SGPR index s${r} is out of range in ${i.text} at pc 0x${i.pc.toString(16)}`);
  return r;
}

// Hardware register ids (hwreg) of gfx9 that s_getreg/s_setreg know.
const HW_MODE = 1;
const HW_STATUS = 2;
const HW_TRAPSTS = 3;
const HW_HW_ID = 4;
const HW_GPR_ALLOC = 5;
const HW_LDS_ALLOC = 6;
const HW_IB_STS = 7;
const HW_SH_MEM_BASES = 15;

function hwRead(w: Wave, id: number): number {
  switch (id) {
    case HW_MODE:
      return w.mode;
    case HW_STATUS:
      // SCC [0], EXECZ [9], VCCZ [10], IN_BARRIER [11]; the wave is always valid and running ([16], [19]).
      return (
        (w.scc |
          ((w.s[EXEC_LO] | w.s[EXEC_HI]) === 0 ? 1 << 9 : 0) |
          ((w.s[VCC_LO] | w.s[VCC_HI]) === 0 ? 1 << 10 : 0) |
          statusBits(w) |
          (1 << 16)) >>>
        0
      );
    case HW_TRAPSTS:
      return w.trapsts;
    case HW_HW_ID:
      // wave_id [3:0], simd_id [5:4], cu_id [11:8]: a plausible placement derived from the wave index.
      return (
        ((w.dispatchIndex & 15) |
          (((w.dispatchIndex >>> 4) & 3) << 4) |
          (((w.dispatchIndex >>> 6) & 15) << 8)) >>>
        0
      );
    case HW_GPR_ALLOC:
      return 0;
    case HW_LDS_ALLOC:
      return ((w.wg.ldsSize + 255) >>> 8) << 12;
    case HW_IB_STS:
      return 0;
    case HW_TBA_LO:
    case HW_TBA_LO + 1:
    case HW_TBA_LO + 2:
    case HW_TMA_HI:
      return readTrapReg(w, id);
    case HW_SH_MEM_BASES:
      // private_base [15:0] and shared_base [31:16] hold bits 63:48 of each aperture.
      return ((PRIVATE_APERTURE_HI >>> 16) | ((SHARED_APERTURE_HI >>> 16) << 16)) >>> 0;
    default:
      return 0;
  }
}

function hwField(imm: number): [id: number, offset: number, size: number] {
  return [imm & 63, (imm >>> 6) & 31, ((imm >>> 11) & 31) + 1];
}

function setreg(w: Wave, i: Inst, value: number): void {
  const [id, offset, size] = hwField(i.imm);
  const mask = size === 32 ? 0xffffffff : ((1 << size) - 1) << offset;
  const put = (old: number) => ((old & ~mask) | ((value << offset) & mask)) >>> 0;
  if (id === HW_MODE) {
    w.mode = put(w.mode);
    modeChanged(w);
  } else if (id === HW_TRAPSTS) w.trapsts = put(w.trapsts);
  else if (id >= HW_TBA_LO && id <= HW_TMA_HI) writeTrapReg(w, id, put(readTrapReg(w, id)));
  else if (
    id !== HW_IB_STS &&
    id !== HW_GPR_ALLOC &&
    id !== HW_LDS_ALLOC &&
    id !== HW_HW_ID &&
    id !== HW_STATUS
  )
    throw new ExecError(`s_setreg of hardware register ${id} is not modelled, at pc 0x${i.pc.toString(16)}`);
}

const SOPK_SPECIAL: Record<string, Handler> = {
  s_getreg_b32: (w, i) => {
    const [id, offset, size] = hwField(i.imm);
    const v = hwRead(w, id) >>> offset;
    if (i.dst < 128) w.s[i.dst] = (size === 32 ? v : v & ((1 << size) - 1)) >>> 0;
    next(w, i);
  },
  s_setreg_b32: (w, i) => {
    setreg(w, i, read32(w, i.dst, 0));
    if (!trapstsChanged(w, i.pc + i.size)) next(w, i);
  },
  s_setreg_imm32_b32: (w, i) => {
    setreg(w, i, i.lit);
    if (!trapstsChanged(w, i.pc + i.size)) next(w, i);
  },
  s_call_b64: (w, i) => {
    writePc(w, i.dst, i.pc + 4);
    w.pc = i.pc + 4 + ((i.imm << 16) >> 16) * 4;
  },
};

/** The target of a SOPP branch: the next instruction plus the signed 16-bit dword offset. */
export function branchTarget(i: Inst): number {
  return i.pc + 4 + ((i.imm << 16) >> 16) * 4;
}

function branch(cond: (w: Wave) => boolean): Handler {
  return (w, i) => {
    w.pc = cond(w) ? branchTarget(i) : i.pc + 4;
  };
}

/** s_barrier: the wave waits until its workgroup's waves all arrive (the dispatcher releases them). */
export const sBarrier: Handler = (w, i) => {
  w.atBarrier = true;
  next(w, i);
};

const SOPP_HANDLERS: Record<string, Handler> = {
  s_nop: next,
  s_endpgm: (w) => {
    w.done = true;
  },
  s_endpgm_saved: (w) => {
    w.done = true;
  },
  s_branch: branch(() => true),
  s_cbranch_scc0: branch((w) => w.scc === 0),
  s_cbranch_scc1: branch((w) => w.scc !== 0),
  s_cbranch_vccz: branch((w) => (w.s[VCC_LO] | w.s[VCC_HI]) === 0),
  s_cbranch_vccnz: branch((w) => (w.s[VCC_LO] | w.s[VCC_HI]) !== 0),
  s_cbranch_execz: branch((w) => (w.s[EXEC_LO] | w.s[EXEC_HI]) === 0),
  s_cbranch_execnz: branch((w) => (w.s[EXEC_LO] | w.s[EXEC_HI]) !== 0),
  // No debugger is attached, so the debug-condition branches never branch.
  s_cbranch_cdbgsys: next,
  s_cbranch_cdbguser: next,
  s_cbranch_cdbgsys_or_user: next,
  s_cbranch_cdbgsys_and_user: next,
  s_barrier: sBarrier,
  // Memory operations complete before the next instruction in this model, so there is nothing to wait for.
  s_waitcnt: next,
  s_sleep: next,
  s_setprio: next,
  s_wakeup: next,
  s_icache_inv: next,
  s_incperflevel: next,
  s_decperflevel: next,
  s_ttracedata: next,
  s_set_gpr_idx_off: (w, i) => {
    w.gprIdxMode = 0;
    next(w, i);
  },
  s_set_gpr_idx_mode: (w, i) => {
    const bits = i.imm & 15;
    w.s[M0] = ((w.s[M0] & ~0xf000) | (bits << 12)) >>> 0;
    if (w.gprIdxMode !== 0) w.gprIdxMode = bits + 1;
    next(w, i);
  },
};

/** SOP1/SOP2/SOPC/SOPK ops with their own handler rather than a SaluFn, by name. */
const SPECIAL: Record<string, Handler> = { ...SOP1_SPECIAL, ...SOPK_SPECIAL, s_set_gpr_idx_on: setGprIdxOn };

/** Ops of these encodings that run here rather than through SALU_OPS (for `gcnkit isa`). */
export const SCALAR_SPECIAL_OPS: ReadonlySet<string> = new Set([
  ...Object.keys(SPECIAL),
  ...Object.keys(SOPP_HANDLERS),
  ...SYSTEM_OPS,
]);

function bindGeneric(i: Inst, row: SopRow | SopkRow): void {
  const fn = saluSemantics(row.name);
  i.fn = fn ?? null;
  i.run = fn === undefined ? unimplemented : 'profile' in row ? runSalu : runSaluK;
}

/** Pre-resolves a 32-bit constant source (64-bit ones are read through readScalar64 at run time). */
function resolve(i: Inst, code: number, width: number, which: 0 | 1): void {
  if (!isConstCode(code) || width !== 1) return;
  const v = constValue32(code, i.lit, 'f32');
  if (which === 0) i.k0 = v;
  else i.k1 = v;
}

/**
 * The row of an instruction the codec already decoded into `i` (the Program's one pass: DecodeOutput.into),
 * else decodes its fields now (synthetic encodings of `gcnkit isa`, tests).
 */
function fieldsOf<R>(i: Inst, fmt: string, decode: () => R | null): R | null {
  if (i.op !== null && i.fmt === fmt) return i.op as R;
  return decode();
}

/** The handler of a SOP1/SOP2/SOPC/SOPK op: its own (exec.ts), a system op's (ops-system.ts), or its SaluFn. */
function bind(i: Inst, row: SopRow | SopkRow, t: Target): void {
  const special = SPECIAL[row.name] ?? systemHandler(row.name, genOf(t));
  if (special !== undefined) i.run = special;
  else bindGeneric(i, row);
}

function sopDecoder(fmt: string, codec: SopCodec) {
  return (words: Uint32Array, at: number, n: number, i: Inst, t: Target): number => {
    const row = fieldsOf(i, fmt, () => codec.fields(words, at, n, genOf(t), i));
    if (row === null) return 0;
    const p = row.profile;
    resolve(i, i.src0, p.src0 & 3, 0);
    resolve(i, i.src1, p.src1 & 3, 1);
    bind(i, row, t);
    return i.size >>> 2;
  };
}

export const decodeSop1 = sopDecoder('sop1', sop1Codec);
export const decodeSop2 = sopDecoder('sop2', sop2Codec);
export const decodeSopc = sopDecoder('sopc', sopcCodec);

export function decodeSopk(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  const row = fieldsOf(i, 'sopk', () => sopkFields(words, at, n, genOf(t), i));
  if (row === null) return 0;
  bind(i, row, t);
  return i.size >>> 2;
}

export function decodeSopp(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  const row: SoppRow | null = fieldsOf(i, 'sopp', () => soppFields(words, at, n, genOf(t), i));
  if (row === null) return 0;
  i.run = SOPP_HANDLERS[row.name] ?? systemHandler(row.name, genOf(t)) ?? unimplemented;
  return 1;
}
