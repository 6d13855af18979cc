// Execution of the SMEM encoding (gfx9): scalar loads, stores and atomics between SGPRs and memory,
// scalar-cache control, and the two counters.
//
// Address (Vega ISA, "Scalar Memory Addressing"), with the two LSBs of the final address ignored:
//   S_LOAD / S_STORE / S_ATOMIC:   SGPR[sbase] pair + offset
//   S_BUFFER_*:                    V#.base (V#[47:0]) + offset, dwords at or beyond the V#'s size
//                                  ((stride == 0 ? 1 : stride) * num_records bytes) not performed
//   S_SCRATCH_*:                   SGPR[sbase] pair + imm + SGPR offset * 64
// where offset = IMM ? simm21 (+ SGPR[soffset] if SOE) : SGPR[SOE ? soffset : offset[6:0]].
//
// Decoded fields: i.saddr = SBASE as an SGPR code, i.dst = SDATA code (aligned as LLVM prints it),
// i.offset = the signed 21-bit immediate (0 without IMM), i.src0 = the offset SGPR code (-1 none),
// i.glc; i.op = the SmemExec descriptor.

import { genOf } from '../../codec/families/scalar-common.js';
import { smemFields } from '../../codec/families/smem.js';
import { Smem, type SmemRow, Space } from '../../isa/ops/scalar-smem.js';
import type { Target } from '../../isa/targets.js';
import { ExecError, type Handler, type Inst, unimplemented } from '../inst.js';
import type { AtomicOp } from '../memory.js';
import type { Wave } from '../wave.js';
import { laneFault } from './fault.js';

/** Dwords an op moves: SDATA's width, but an atomic's data is half of a compare-and-swap's SDATA. */
function dwordsOf(row: SmemRow): number {
  return row.atomic === 'cmpswap' ? row.data / 2 : row.data;
}

/** The first SGPR of an n-dword tuple at `code`, aligned the way LLVM prints it (and the hardware reads). */
function alignTuple(code: number, n: number): number {
  const a = n >= 4 ? 4 : n;
  if (code <= 101) return code - (code % a);
  if (code >= 108 && code <= 123) return code - ((code - 108) % a);
  return code;
}

// Address computation, shared by the handlers: AT[ADDR] the dword-aligned address, AT[REL] the byte
// offset into the buffer (S_BUFFER_*), AT[SIZE] its V# size in bytes. A Float64Array rather than module
// variables: a double stored in one allocates a HeapNumber.
const AT = new Float64Array(3);
const ADDR = 0;
const REL = 1;
const SIZE = 2;

function offsetOf(w: Wave, i: Inst): number {
  return i.offset + (i.src0 >= 0 ? w.s[i.src0] : 0);
}

function address(w: Wave, i: Inst, d: SmemRow): void {
  const s = w.s;
  const b = i.saddr;
  if (d.space === Space.Buffer) {
    const base = (s[b + 1] & 0xffff) * 2 ** 32 + s[b];
    const stride = (s[b + 1] >>> 16) & 0x3fff;
    AT[SIZE] = (stride === 0 ? 1 : stride) * s[b + 2];
    const rel = offsetOf(w, i);
    AT[REL] = rel - (rel & 3);
    AT[ADDR] = base - (base % 4) + AT[REL];
    return;
  }
  const base = s[b + 1] * 2 ** 32 + s[b];
  const off = d.space === Space.Scratch ? i.offset + (i.src0 >= 0 ? w.s[i.src0] * 64 : 0) : offsetOf(w, i);
  const a = base + off;
  AT[ADDR] = a - (((a % 4) + 4) % 4);
  AT[REL] = 0;
  AT[SIZE] = Number.POSITIVE_INFINITY;
}

/** Whether dword k of a buffer access is inside the V#'s range (always true for other accesses). */
function inRange(k: number): boolean {
  return AT[REL] + 4 * k < AT[SIZE];
}

const DATA = new Uint32Array(16);

function next(w: Wave, i: Inst): void {
  w.pc = i.pc + i.size;
}

/** Writes SGPR tuple values (decodeSmem has checked that the tuple fits in the register file). */
function writeS(w: Wave, code: number, src: Uint32Array, n: number): void {
  for (let k = 0; k < n; k++) w.s[code + k] = src[k];
}

const runLoad: Handler = (w, i) => {
  const d = i.op as SmemRow;
  address(w, i, d);
  const mem = w.ctx.mem;
  const n = d.data;
  // Every dword is read before any SGPR is written: a fault leaves the destination as it was.
  try {
    for (let k = 0; k < n; k++) DATA[k] = inRange(k) ? mem.read32(AT[ADDR] + 4 * k) : 0;
  } catch (e) {
    laneFault(e, undefined);
  }
  writeS(w, i.dst, DATA, n);
  next(w, i);
};

const runStore: Handler = (w, i) => {
  const d = i.op as SmemRow;
  address(w, i, d);
  const mem = w.ctx.mem;
  try {
    for (let k = 0; k < d.data; k++) if (inRange(k)) mem.write32(AT[ADDR] + 4 * k, w.s[i.dst + k]);
  } catch (e) {
    laneFault(e, undefined);
  }
  next(w, i);
};

const OLD = new Uint32Array(2);

const runAtomic: Handler = (w, i) => {
  const d = i.op as SmemRow;
  address(w, i, d);
  const s = w.s;
  const c = i.dst;
  const n = dwordsOf(d);
  // A buffer atomic is performed only if all of it is inside the buffer (a guess: the document says
  // only that out-of-range dwords are not performed; half an atomic is not a thing).
  if (inRange(n - 1)) {
    // SDATA holds the data, and for cmpswap the compare value in the next n dwords.
    const cmp = d.atomic === 'cmpswap';
    try {
      if (n === 1) OLD[0] = w.ctx.mem.atomic32(d.atomic as AtomicOp, AT[ADDR], s[c], cmp ? s[c + 1] : 0);
      else {
        const cLo = cmp ? s[c + 2] : 0;
        const cHi = cmp ? s[c + 3] : 0;
        w.ctx.mem.atomic64(d.atomic as AtomicOp, AT[ADDR], s[c], s[c + 1], cLo, cHi, OLD, 0);
      }
    } catch (e) {
      laneFault(e, undefined);
    }
    if (i.glc) writeS(w, c, OLD, n);
  }
  next(w, i);
};

/**
 * S_MEMTIME: the "shader clock" is the dispatch's counter ctx.clock, advanced on every read so that
 * successive reads strictly increase (the emulator has no cycle model to derive it from).
 */
const runTime: Handler = (w, i) => {
  const t = ++w.ctx.clock;
  OLD[0] = t >>> 0;
  OLD[1] = Math.floor(t / 2 ** 32) >>> 0;
  writeS(w, i.dst, OLD, 2);
  next(w, i);
};

/**
 * S_MEMREALTIME: the document's constant 100 MHz real-time counter, modelled as host nanoseconds since
 * the dispatch started (ctx.startNs, from performance.now(), which browsers have too) / 10, so one tick
 * is 10 ns. Non-decreasing.
 */
const runRealTime: Handler = (w, i) => {
  const ns = performance.now() * 1e6 - w.ctx.startNs;
  const t = Math.max(0, Math.floor(ns / 10));
  OLD[0] = t >>> 0;
  OLD[1] = Math.floor(t / 2 ** 32) >>> 0;
  writeS(w, i.dst, OLD, 2);
  next(w, i);
};

/**
 * Scalar-cache invalidate / write-back / discard and the ATC probes. The emulator has no scalar cache
 * and no address-translation cache: every scalar load and store goes straight to DeviceMemory, so
 * memory is always coherent, there is never stale or dirty cached data to invalidate, write back or
 * discard, and a probe has nothing to prefetch. None of these ops writes a register, so executing them
 * has no architectural effect here; they do not fault (a probe or discard of an unmapped line is not an
 * access).
 */
const runNothing: Handler = (w, i) => {
  next(w, i);
};

const tupleOutOfRange: Handler = (_w, i) => {
  throw new ExecError(`the data SGPRs of ${i.text} run past s127, at pc 0x${i.pc.toString(16)}`);
};

/**
 * Binds the handler of the instruction at dword `at`; returns its size in dwords, 0 if it is not an op
 * of the target. Fields come from the codec (already in `i` when the Program decoded it in one pass).
 */
export function decodeSmem(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  const row = i.op !== null && i.fmt === 'smem' ? (i.op as SmemRow) : smemFields(words, at, n, genOf(t), i);
  if (row === null) return 0;
  const size = i.size >>> 2;
  // A V# is four SGPRs: LLVM prints (and the hardware reads) SBASE rounded down to a multiple of four.
  if (row.space === Space.Buffer) i.saddr = alignTuple(i.saddr, 4);
  const n0 = row.access === Smem.Time || row.access === Smem.RealTime ? 2 : row.data;
  if (n0 > 0) i.dst = alignTuple(i.dst, n0);
  // The data SGPRs must stay inside the register file (LLVM prints e.g. `null` for s[125:128]): a store
  // or atomic would read past s127, a load (or s_memtime) would lose dwords without a word.
  if (i.dst + n0 > 128) {
    i.run = tupleOutOfRange;
    return size;
  }
  switch (row.access) {
    case Smem.Load:
      i.run = runLoad;
      break;
    case Smem.Store:
      i.run = runStore;
      break;
    case Smem.Atomic:
      i.run = runAtomic;
      break;
    case Smem.Time:
      i.run = runTime;
      break;
    case Smem.RealTime:
      i.run = runRealTime;
      break;
    case Smem.Cache:
    case Smem.Discard:
    case Smem.Probe:
      i.run = runNothing;
      break;
    default:
      i.run = unimplemented;
  }
  return size;
}

/**
 * Dwords loaded by a bound s_load_* (the SGPR-pair address space, not buffer or scratch), else 0: the
 * translating engine inlines those and runs this handler for what it does not (faults).
 */
export function smemPlainLoad(i: Inst): number {
  const d = i.op as SmemRow;
  return i.run === runLoad && d.space === Space.Plain ? d.data : 0;
}
