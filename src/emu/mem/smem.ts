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

import { smem } from '../../codec/families/smem.js';
import { TARGETS, type Target } from '../../isa/targets.js';
import { ExecError, type Handler, type Inst, unimplemented } from '../inst.js';
import { ATOMIC_OPS, type AtomicOp } from '../memory.js';
import type { Wave } from '../wave.js';
import { laneFault } from './fault.js';

const K_LOAD = 0;
const K_STORE = 1;
const K_ATOMIC = 2;
const K_TIME = 3;
const K_REALTIME = 4;
/** Cache maintenance and probes: no architectural effect in this memory model (see runNothing). */
const K_CACHE = 5;

const A_PLAIN = 0;
const A_BUFFER = 1;
const A_SCRATCH = 2;

interface SmemExec {
  readonly kind: number;
  /** Dwords moved (loads, stores) or the atomic's width in dwords (1 or 2). */
  readonly dwords: number;
  readonly addr: number;
  readonly atomic: AtomicOp | null;
}

const ex = (kind: number, dwords: number, addr = A_PLAIN, atomic: AtomicOp | null = null): SmemExec => ({
  kind,
  dwords,
  addr,
  atomic,
});

const EXEC: Record<string, SmemExec> = {
  s_memtime: ex(K_TIME, 2),
  s_memrealtime: ex(K_REALTIME, 2),
  s_dcache_inv: ex(K_CACHE, 0),
  s_dcache_wb: ex(K_CACHE, 0),
  s_dcache_inv_vol: ex(K_CACHE, 0),
  s_dcache_wb_vol: ex(K_CACHE, 0),
  s_dcache_discard: ex(K_CACHE, 0),
  s_dcache_discard_x2: ex(K_CACHE, 0),
  s_atc_probe: ex(K_CACHE, 0),
  s_atc_probe_buffer: ex(K_CACHE, 0),
};
for (const n of [1, 2, 4, 8, 16]) {
  const sfx = n === 1 ? '' : `x${n}`;
  EXEC[`s_load_dword${sfx}`] = ex(K_LOAD, n);
  EXEC[`s_buffer_load_dword${sfx}`] = ex(K_LOAD, n, A_BUFFER);
  if (n <= 4) {
    EXEC[`s_store_dword${sfx}`] = ex(K_STORE, n);
    EXEC[`s_buffer_store_dword${sfx}`] = ex(K_STORE, n, A_BUFFER);
    EXEC[`s_scratch_load_dword${sfx}`] = ex(K_LOAD, n, A_SCRATCH);
    EXEC[`s_scratch_store_dword${sfx}`] = ex(K_STORE, n, A_SCRATCH);
  }
}
for (const a of ATOMIC_OPS) {
  EXEC[`s_atomic_${a}`] = ex(K_ATOMIC, 1, A_PLAIN, a);
  EXEC[`s_atomic_${a}_x2`] = ex(K_ATOMIC, 2, A_PLAIN, a);
  EXEC[`s_buffer_atomic_${a}`] = ex(K_ATOMIC, 1, A_BUFFER, a);
  EXEC[`s_buffer_atomic_${a}_x2`] = ex(K_ATOMIC, 2, A_BUFFER, a);
}

/** Per target, op name by opcode (from the codec's table). */
const BY_TARGET = new Map<Target, (string | undefined)[]>();
for (const t of TARGETS) {
  const tab: (string | undefined)[] = new Array(256);
  for (const e of smem.ops(t)) tab[e.opcode] = e.name;
  BY_TARGET.set(t, tab);
}

/** The first SGPR of an n-dword tuple at `code`, aligned the way LLVM prints it (and the hardware reads). */
function alignTuple(code: number, n: number): number {
  const a = n >= 4 ? 4 : n;
  if (code <= 101) return code - (code % a);
  if (code >= 108 && code <= 123) return code - ((code - 108) % a);
  return code;
}

// Address computation, shared by the handlers. ADDR = the dword-aligned address; `rel` = the byte
// offset into the buffer (S_BUFFER_*), `size` its V# size in bytes.
let ADDR = 0;
let REL = 0;
let SIZE = 0;

function offsetOf(w: Wave, i: Inst): number {
  return i.offset + (i.src0 >= 0 ? w.s[i.src0] : 0);
}

function address(w: Wave, i: Inst, d: SmemExec): void {
  const s = w.s;
  const b = i.saddr;
  if (d.addr === A_BUFFER) {
    const base = (s[b + 1] & 0xffff) * 2 ** 32 + s[b];
    const stride = (s[b + 1] >>> 16) & 0x3fff;
    SIZE = (stride === 0 ? 1 : stride) * s[b + 2];
    REL = offsetOf(w, i);
    REL -= REL & 3;
    ADDR = base - (base % 4) + REL;
    return;
  }
  const base = s[b + 1] * 2 ** 32 + s[b];
  const off = d.addr === A_SCRATCH ? i.offset + (i.src0 >= 0 ? w.s[i.src0] * 64 : 0) : offsetOf(w, i);
  const a = base + off;
  ADDR = a - (((a % 4) + 4) % 4);
  REL = 0;
  SIZE = Number.POSITIVE_INFINITY;
}

/** Whether dword k of a buffer access is inside the V#'s range (always true for other accesses). */
function inRange(k: number): boolean {
  return REL + 4 * k < SIZE;
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
  const d = i.op as SmemExec;
  address(w, i, d);
  const mem = w.ctx.mem;
  // Every dword is read before any SGPR is written: a fault leaves the destination as it was.
  try {
    for (let k = 0; k < d.dwords; k++) DATA[k] = inRange(k) ? mem.read32(ADDR + 4 * k) : 0;
  } catch (e) {
    laneFault(e, undefined);
  }
  writeS(w, i.dst, DATA, d.dwords);
  next(w, i);
};

const runStore: Handler = (w, i) => {
  const d = i.op as SmemExec;
  address(w, i, d);
  const mem = w.ctx.mem;
  try {
    for (let k = 0; k < d.dwords; k++) if (inRange(k)) mem.write32(ADDR + 4 * k, w.s[i.dst + k]);
  } catch (e) {
    laneFault(e, undefined);
  }
  next(w, i);
};

const OLD = new Uint32Array(2);

const runAtomic: Handler = (w, i) => {
  const d = i.op as SmemExec;
  address(w, i, d);
  const s = w.s;
  const c = i.dst;
  const n = d.dwords;
  // A buffer atomic is performed only if all of it is inside the buffer (a guess: the document says
  // only that out-of-range dwords are not performed; half an atomic is not a thing).
  if (inRange(n - 1)) {
    // SDATA holds the data, and for cmpswap the compare value in the next n dwords.
    const cmp = d.atomic === 'cmpswap';
    try {
      if (n === 1) OLD[0] = w.ctx.mem.atomic32(d.atomic as AtomicOp, ADDR, s[c], cmp ? s[c + 1] : 0);
      else {
        const cLo = cmp ? s[c + 2] : 0;
        const cHi = cmp ? s[c + 3] : 0;
        w.ctx.mem.atomic64(d.atomic as AtomicOp, ADDR, s[c], s[c + 1], cLo, cHi, OLD, 0);
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

/** Decodes the instruction at dword `at` into `i` for execution; returns its size in dwords, 0 if not executed. */
export function decodeSmem(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  if (at + 1 >= n) return 0;
  const w0 = words[at];
  const w1 = words[at + 1];
  const name = BY_TARGET.get(t)?.[(w0 >>> 18) & 0xff];
  if (name === undefined) return 0;
  i.name = name;
  i.size = 8;
  i.run = unimplemented;
  const d = EXEC[name];
  if (d === undefined) return 2;
  const imm = (w0 & 0x20000) !== 0;
  const soe = (w0 & 0x4000) !== 0;
  i.glc = (w0 & 0x10000) !== 0;
  // A V# is four SGPRs: LLVM prints (and the hardware reads) SBASE rounded down to a multiple of four.
  i.saddr = d.addr === A_BUFFER ? alignTuple(2 * (w0 & 0x3f), 4) : 2 * (w0 & 0x3f);
  const sdata = (w0 >>> 6) & 0x7f;
  const n0 = d.kind === K_ATOMIC && d.atomic === 'cmpswap' ? 2 * d.dwords : d.dwords;
  i.dst = n0 > 0 ? alignTuple(sdata, n0) : sdata;
  i.offset = imm ? ((w1 & 0x1fffff) << 11) >> 11 : 0;
  i.src0 = soe ? w1 >>> 25 : imm ? -1 : w1 & 0x7f;
  i.op = d;
  // The data SGPRs must stay inside the register file (LLVM prints e.g. `null` for s[125:128]): a store
  // or atomic would read past s127, a load (or s_memtime) would lose dwords without a word.
  if (i.dst + n0 > 128) {
    i.run = tupleOutOfRange;
    return 2;
  }
  switch (d.kind) {
    case K_LOAD:
      i.run = runLoad;
      break;
    case K_STORE:
      i.run = runStore;
      break;
    case K_ATOMIC:
      i.run = runAtomic;
      break;
    case K_TIME:
      i.run = runTime;
      break;
    case K_REALTIME:
      i.run = runRealTime;
      break;
    default:
      i.run = runNothing;
  }
  return 2;
}
