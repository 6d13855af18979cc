// Execution of the FLAT encoding's three segments on gfx9:
//  - FLAT:    a 64-bit VGPR-pair address + unsigned offset; per lane the high dword picks the memory
//             (shared aperture -> LDS, private aperture -> the lane's scratch, else device memory).
//  - GLOBAL:  device memory at a VGPR-pair address (saddr = off), or SGPR pair + zero-extended 32-bit
//             VGPR offset; plus a signed 13-bit offset.
//  - SCRATCH: the lane's private memory at a 32-bit offset from one VGPR (saddr = off) or one SGPR,
//             plus a signed 13-bit offset, mapped through the swizzled scratch layout (scratch.ts).
// Lanes run in order; lanes with EXEC off neither access memory nor change their VGPRs.
//
// Decoded fields: i.vaddr, i.vdata, i.dst (VDST), i.saddr (SGPR code, 0x7f = off), i.offset (signed
// byte offset), i.glc, i.slc, i.seg; i.op = the FlatExec descriptor, i.fn = the address resolver.

import { FLOAT_ATOMICS, INTEGER_ATOMICS } from '../../isa/ops/atomics.js';
import { type FlatOp, KIND_LOAD, SEG_FLAT, SEG_GLOBAL, SEG_SCRATCH } from '../../isa/ops/memory-flat.js';
import { type Handler, type Inst, unimplemented } from '../inst.js';
import type { AtomicOp, Region } from '../memory.js';
import { sext8, sext16 } from '../memory.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, PRIVATE_APERTURE_HI, SHARED_APERTURE_HI, type Wave } from '../wave.js';
import { apertureOf, SPACE_GLOBAL, SPACE_SCRATCH } from './aperture.js';
import { RegionCursor } from './cursor.js';
import { laneFault } from './fault.js';
import { atomicAt, LOC, readAt, rmwGlobal32, writeAt } from './flat-access.js';
import { addF32Bits, pkAddF16Bits } from './flat-atomic.js';

const SADDR_OFF = 0x7f;
const NULL_REG = 0x7d;

// Load conversions: how the bytes read become the destination VGPR(s).
const L_DWORDS = 0;
const L_U8 = 1;
const L_S8 = 2;
const L_U16 = 3;
const L_S16 = 4;
const L_U8_LO = 5;
const L_U8_HI = 6;
const L_S8_LO = 7;
const L_S8_HI = 8;
const L_16_LO = 9;
const L_16_HI = 10;

// Store extractions: which bits of the data VGPR(s) are written.
const S_DWORDS = 0;
const S_BYTE = 1;
const S_BYTE_HI = 2;
const S_SHORT = 3;
const S_SHORT_HI = 4;

/** What an op does once its lane address is known. */
interface FlatExec {
  /** Bytes accessed per lane. */
  readonly bytes: number;
  /** Load conversion or store extraction (L_* / S_*). */
  readonly conv: number;
  /** Integer atomics: the operation and whether it is 64-bit. */
  readonly atomic: AtomicOp | null;
  readonly wide: boolean;
  /** Float atomics (gfx908, no returning form): new value from (old, data). */
  readonly float: ((old: number, src: number) => number) | null;
  /** A store (conv is an S_* extraction), else a load or an atomic. */
  readonly store: boolean;
}

const ex = (
  bytes: number,
  conv: number,
  atomic: AtomicOp | null = null,
  wide = false,
  float: FlatExec['float'] = null,
): FlatExec => ({ bytes, conv, atomic, wide, float, store: false });
const st = (bytes: number, conv: number): FlatExec => ({ ...ex(bytes, conv), store: true });

/** Semantics by op name without the segment prefix. */
const EXEC: Record<string, FlatExec> = {
  load_ubyte: ex(1, L_U8),
  load_sbyte: ex(1, L_S8),
  load_ushort: ex(2, L_U16),
  load_sshort: ex(2, L_S16),
  load_dword: ex(4, L_DWORDS),
  load_dwordx2: ex(8, L_DWORDS),
  load_dwordx3: ex(12, L_DWORDS),
  load_dwordx4: ex(16, L_DWORDS),
  load_ubyte_d16: ex(1, L_U8_LO),
  load_ubyte_d16_hi: ex(1, L_U8_HI),
  load_sbyte_d16: ex(1, L_S8_LO),
  load_sbyte_d16_hi: ex(1, L_S8_HI),
  load_short_d16: ex(2, L_16_LO),
  load_short_d16_hi: ex(2, L_16_HI),
  store_byte: st(1, S_BYTE),
  store_byte_d16_hi: st(1, S_BYTE_HI),
  store_short: st(2, S_SHORT),
  store_short_d16_hi: st(2, S_SHORT_HI),
  store_dword: st(4, S_DWORDS),
  store_dwordx2: st(8, S_DWORDS),
  store_dwordx3: st(12, S_DWORDS),
  store_dwordx4: st(16, S_DWORDS),
  atomic_add_f32: ex(4, 0, null, false, addF32Bits),
  atomic_pk_add_f16: ex(4, 0, null, false, pkAddF16Bits),
};
for (const a of [...INTEGER_ATOMICS, ...FLOAT_ATOMICS]) {
  EXEC[`atomic_${a}`] = ex(4, 0, a, false);
  EXEC[`atomic_${a}_x2`] = ex(8, 0, a, true);
}

/** Dwords per lane of a bound load or store that moves whole dwords (dword..dwordx4), else 0. */
export function flatDwords(i: Inst): number {
  const d = i.op as FlatExec;
  return d.conv === L_DWORDS && d.atomic === null && d.float === null ? d.bytes >>> 2 : 0;
}

/** The operation of a bound 32-bit integer atomic (FLAT, GLOBAL or SCRATCH), else null. */
export function flatAtomic32(i: Inst): AtomicOp | null {
  const d = i.op as FlatExec;
  return i.run === runAtomic && !d.wide ? d.atomic : null;
}

/** Whether a bound FLAT instruction is a store. */
export function flatIsStore(i: Inst): boolean {
  return (i.op as FlatExec).store;
}

/** The exec descriptor of a table op, if the op has semantics here. */
export function flatExecOf(name: string): FlatExec | undefined {
  return EXEC[name.slice(name.indexOf('_') + 1)];
}

// Address resolvers: set LOC for lane l.

type Resolver = (w: Wave, i: Inst, l: number) => void;

const flatAddress: Resolver = (w, i, l) => {
  const s = w.v[i.vaddr * 64 + l] + i.offset;
  const lo = s >>> 0;
  const hi = (w.v[(i.vaddr + 1) * 64 + l] + (s > 0xffffffff ? 1 : 0)) >>> 0;
  const space = apertureOf(hi);
  LOC.space = space;
  LOC.flat = hi * 2 ** 32 + lo;
  LOC.addr = space === SPACE_GLOBAL ? LOC.flat : lo;
};

const globalPair: Resolver = (w, i, l) => {
  LOC.space = SPACE_GLOBAL;
  LOC.addr = w.v[(i.vaddr + 1) * 64 + l] * 2 ** 32 + w.v[i.vaddr * 64 + l] + i.offset;
  LOC.flat = LOC.addr;
};

const globalSaddr: Resolver = (w, i, l) => {
  const base = saddrBase(w, i);
  LOC.space = SPACE_GLOBAL;
  LOC.addr = base + w.v[i.vaddr * 64 + l] + i.offset;
  LOC.flat = LOC.addr;
};

const scratchVaddr: Resolver = (w, i, l) => {
  LOC.space = SPACE_SCRATCH;
  LOC.addr = (w.v[i.vaddr * 64 + l] + i.offset) >>> 0;
  LOC.flat = LOC.addr;
};

const scratchSaddr: Resolver = (w, i, _l) => {
  LOC.space = SPACE_SCRATCH;
  LOC.addr = ((i.saddr === NULL_REG ? 0 : w.s[i.saddr]) + i.offset) >>> 0;
  LOC.flat = LOC.addr;
};

// Handlers.

const T = new Uint32Array(4);
const OLD = new Uint32Array(2);

function laneOn(e0: number, e1: number, l: number): boolean {
  return ((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) !== 0;
}

/** Counts the lanes (EXEC read again rather than passed: a uint32 argument may be boxed) and moves on. */
function finish(w: Wave, i: Inst): void {
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
  w.pc = i.pc + i.size;
}

/** The region the current instruction's global lanes access (looked up once per wave-instruction). */
const CUR = new RegionCursor();

/**
 * Reads lane l's `n` bytes at LOC into T: a global address through CUR (one region lookup for all the
 * lanes in one allocation), LDS and scratch through flat-access.ts.
 */
function loadLane(w: Wave, l: number, n: number): void {
  if (LOC.space !== SPACE_GLOBAL) {
    readAt(w, l, n, T);
    return;
  }
  let off = 0;
  try {
    off = CUR.offset(w.ctx.mem, LOC.addr, n, 'read');
  } catch (e) {
    laneFault(e, l);
  }
  const dv = CUR.view;
  if (n === 1) T[0] = dv.getUint8(off);
  else if (n === 2) T[0] = dv.getUint16(off, true);
  else for (let k = 0; k < n >>> 2; k++) T[k] = dv.getUint32(off + 4 * k, true);
}

/** Writes lane l's `n` bytes from T at LOC (see loadLane). */
function storeLane(w: Wave, l: number, n: number): void {
  if (LOC.space !== SPACE_GLOBAL) {
    writeAt(w, l, n, T);
    return;
  }
  let off = 0;
  try {
    off = CUR.offset(w.ctx.mem, LOC.addr, n, 'write');
  } catch (e) {
    laneFault(e, l);
  }
  const dv = CUR.view;
  if (n === 1) dv.setUint8(off, T[0]);
  else if (n === 2) dv.setUint16(off, T[0], true);
  else for (let k = 0; k < n >>> 2; k++) dv.setUint32(off + 4 * k, T[k], true);
}

/** Lane l's loaded value (T) into its destination VGPR(s) by the op's conversion. */
function putLoaded(v: Uint32Array, d: FlatExec, at: number): void {
  const x = T[0];
  switch (d.conv) {
    case L_DWORDS:
      for (let k = 0; k < d.bytes >>> 2; k++) v[at + k * 64] = T[k];
      break;
    case L_U8:
    case L_U16:
      v[at] = x;
      break;
    case L_S8:
      v[at] = sext8(x);
      break;
    case L_S16:
      v[at] = sext16(x);
      break;
    case L_U8_LO:
    case L_16_LO:
      v[at] = (v[at] & 0xffff0000) | x;
      break;
    case L_U8_HI:
    case L_16_HI:
      v[at] = (v[at] & 0xffff) | (x << 16);
      break;
    case L_S8_LO:
      v[at] = (v[at] & 0xffff0000) | (sext8(x) & 0xffff);
      break;
    case L_S8_HI:
      v[at] = (v[at] & 0xffff) | (sext8(x) << 16);
      break;
  }
}

// Lanes run in order (a fault names the first faulting lane), visited over EXEC's set bits.

const runLoad: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const resolve = i.fn as Resolver;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const n = d.bytes;
  const dst = i.dst * 64;
  CUR.reset();
  for (let m = e0 | 0; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    resolve(w, i, l);
    loadLane(w, l, n);
    putLoaded(v, d, dst + l);
  }
  for (let m = e1 | 0; m !== 0; m &= m - 1) {
    const l = 63 - Math.clz32(m & -m);
    resolve(w, i, l);
    loadLane(w, l, n);
    putLoaded(v, d, dst + l);
  }
  finish(w, i);
};

/**
 * GLOBAL loads and stores: the lane addresses computed here (globalPair's and globalSaddr's sums, in the
 * same order) rather than through LOC, and dword data moved between the region and the VGPRs directly.
 */
function saddrBase(w: Wave, i: Inst): number {
  // `null` reads as zero; other codes name an SGPR pair (LLVM prints odd codes rounded down).
  const c = i.saddr & ~1;
  return i.saddr === NULL_REG ? 0 : w.s[c + 1] * 2 ** 32 + w.s[c];
}

/**
 * The region offset of lane l's `n` bytes at `addr` when they are not in CUR's region: looked up (CUR
 * then holds their region), or the lane's fault.
 */
function globalLookup(w: Wave, l: number, addr: number, n: number, kind: 'read' | 'write'): number {
  try {
    return CUR.offset(w.ctx.mem, addr, n, kind);
  } catch (e) {
    laneFault(e, l);
  }
}

// One handler keeps the lane loop, the address and the region check in one function: a double passed
// to a call that is not inlined is boxed, which would allocate per lane.

/** GLOBAL loads and stores. */
const runGlobal: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const vi = w.vi;
  const lo = i.vaddr * 64;
  const pair = i.saddr === SADDR_OFF || i.seg === SEG_FLAT;
  const base = pair ? 0 : saddrBase(w, i);
  const offset = i.offset;
  const n = d.bytes;
  const store = d.store;
  const kind = store ? 'write' : 'read';
  // L_DWORDS and S_DWORDS are both 0: whole dwords move between the region and the VGPRs.
  const words = d.conv === L_DWORDS ? n >>> 2 : 0;
  const reg = (store ? i.vdata : i.dst) * 64;
  CUR.reset();
  let cb = 0;
  let ce = 0;
  let dv = CUR.view;
  for (let h = 0; h < 64; h += 32) {
    for (let m = (h === 0 ? e0 : e1) | 0; m !== 0; m &= m - 1) {
      const l = h + 31 - Math.clz32(m & -m);
      const a = pair ? v[lo + 64 + l] * 2 ** 32 + v[lo + l] + offset : base + v[lo + l] + offset;
      let off = a - cb;
      if (a < cb || a + n > ce) {
        off = globalLookup(w, l, a, n, kind);
        cb = CUR.base;
        ce = CUR.end;
        dv = CUR.view;
      }
      if (store) {
        if (words !== 0) for (let k = 0; k < words; k++) dv.setInt32(off + 4 * k, vi[reg + k * 64 + l], true);
        else {
          getStored(v, d, reg + l);
          if (n === 1) dv.setUint8(off, T[0]);
          else dv.setUint16(off, T[0], true);
        }
      } else if (words !== 0) {
        for (let k = 0; k < words; k++) vi[reg + k * 64 + l] = dv.getInt32(off + 4 * k, true);
      } else {
        T[0] = n === 1 ? dv.getUint8(off) : dv.getUint16(off, true);
        putLoaded(v, d, reg + l);
      }
    }
  }
  finish(w, i);
};

/**
 * GLOBAL loads of a byte or a short (every conversion): runGlobal's lane loop and region check, the bytes
 * read from the region's byte array and converted in place. A handler of their own: in the one shared with
 * the dword and store forms, V8's code for the lane loop was twice as slow per lane.
 */
const runGlobalSub: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const lo = i.vaddr * 64;
  const pair = i.saddr === SADDR_OFF || i.seg === SEG_FLAT;
  const base = pair ? 0 : saddrBase(w, i);
  const offset = i.offset;
  const n = d.bytes;
  const conv = d.conv;
  const reg = i.dst * 64;
  const mem = w.ctx.mem;
  // Under a full EXEC, the lanes from lane 0 whose addresses are in lane 0's allocation (with its high
  // word, for a VGPR pair) read with integer arithmetic only; the loop below takes the lanes from the
  // first that is not (which faults there, if it must). A lane's load writes only its own column of the
  // VGPRs, so the address VGPRs of the lanes after it are as they were.
  let from = 0;
  if ((e0 & e1) === -1) {
    const hh = pair ? v[lo + 64] : 0;
    const ub = (pair ? hh * 2 ** 32 : base) + offset;
    const r = mem.regionOf(ub + v[lo], n);
    if (r !== null) {
      const u8 = r.bytes;
      const d0 = ub - r.base;
      const ulo = -d0;
      const uhi = r.size - n - d0;
      for (; from < 64; from++) {
        const u = v[lo + from];
        if (u < ulo || u > uhi || (pair && v[lo + 64 + from] !== hh)) break;
        const o = (u + d0) >>> 0;
        putSub(v, reg + from, n === 1 ? u8[o] : u8[o] | (u8[o + 1] << 8), conv);
      }
    }
  }
  let cb = 0;
  let ce = 0;
  let u8: Uint8Array = NO_BYTES;
  for (let h = 0; h < 64; h += 32) {
    const skip = from <= h ? 0 : from >= h + 32 ? -1 : ~(-1 << (from - h));
    for (let m = (h === 0 ? e0 : e1) & ~skip; m !== 0; m &= m - 1) {
      const l = h + 31 - Math.clz32(m & -m);
      const a = pair ? v[lo + 64 + l] * 2 ** 32 + v[lo + l] + offset : base + v[lo + l] + offset;
      if (a < cb || a + n > ce) {
        let r: Region;
        try {
          r = mem.region(a, n, 'read');
        } catch (e) {
          laneFault(e, l);
        }
        cb = r.base;
        ce = r.end;
        u8 = r.bytes;
      }
      // An integer index (a region is at most 4 GiB): indexing with the double itself cost V8 a
      // conversion per byte read.
      const o = (a - cb) >>> 0;
      putSub(v, reg + l, n === 1 ? u8[o] : u8[o] | (u8[o + 1] << 8), conv);
    }
  }
  finish(w, i);
};

/** A loaded byte or short x into the VGPR word at `at` by the load's conversion (putLoaded's). */
function putSub(v: Uint32Array, at: number, x: number, conv: number): void {
  if (conv === L_U8 || conv === L_U16) v[at] = x;
  else if (conv === L_S8) v[at] = sext8(x);
  else if (conv === L_S16) v[at] = sext16(x);
  else if (conv === L_U8_LO || conv === L_16_LO) v[at] = (v[at] & 0xffff0000) | x;
  else if (conv === L_U8_HI || conv === L_16_HI) v[at] = (v[at] & 0xffff) | (x << 16);
  else if (conv === L_S8_LO) v[at] = (v[at] & 0xffff0000) | (sext8(x) & 0xffff);
  else v[at] = (v[at] & 0xffff) | (sext8(x) << 16);
}

const NO_BYTES = new Uint8Array(0);

/**
 * GLOBAL stores of a byte or a short (every form): runGlobalSub's loops, the lane's byte or short taken
 * from its data VGPR by the store's extraction and written to the region's byte array. A copy of the
 * loads' loops rather than one handler with a store flag: the shared one made a store lane 1.2-1.3x
 * slower (global_store_short, 7.6-7.8 against 8.8-10.0 ns, alternating runs), loads unchanged.
 */
const runGlobalSubStore: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const lo = i.vaddr * 64;
  const pair = i.saddr === SADDR_OFF || i.seg === SEG_FLAT;
  const base = pair ? 0 : saddrBase(w, i);
  const offset = i.offset;
  const n = d.bytes;
  const high = d.conv === S_BYTE_HI || d.conv === S_SHORT_HI ? 16 : 0;
  const reg = i.vdata * 64;
  const mem = w.ctx.mem;
  let from = 0;
  if ((e0 & e1) === -1) {
    const hh = pair ? v[lo + 64] : 0;
    const ub = (pair ? hh * 2 ** 32 : base) + offset;
    const r = mem.regionOf(ub + v[lo], n);
    if (r !== null) {
      const u8 = r.bytes;
      const d0 = ub - r.base;
      const ulo = -d0;
      const uhi = r.size - n - d0;
      for (; from < 64; from++) {
        const u = v[lo + from];
        if (u < ulo || u > uhi || (pair && v[lo + 64 + from] !== hh)) break;
        const o = (u + d0) >>> 0;
        const x = v[reg + from] >>> high;
        u8[o] = x;
        if (n === 2) u8[o + 1] = x >>> 8;
      }
    }
  }
  let cb = 0;
  let ce = 0;
  let u8: Uint8Array = NO_BYTES;
  for (let h = 0; h < 64; h += 32) {
    const skip = from <= h ? 0 : from >= h + 32 ? -1 : ~(-1 << (from - h));
    for (let m = (h === 0 ? e0 : e1) & ~skip; m !== 0; m &= m - 1) {
      const l = h + 31 - Math.clz32(m & -m);
      const a = pair ? v[lo + 64 + l] * 2 ** 32 + v[lo + l] + offset : base + v[lo + l] + offset;
      if (a < cb || a + n > ce) {
        let r: Region;
        try {
          r = mem.region(a, n, 'write');
        } catch (e) {
          laneFault(e, l);
        }
        cb = r.base;
        ce = r.end;
        u8 = r.bytes;
      }
      const o = (a - cb) >>> 0;
      const x = v[reg + l] >>> high;
      u8[o] = x;
      if (n === 2) u8[o + 1] = x >>> 8;
    }
  }
  finish(w, i);
};

/** Lane l's data to store (T) from its data VGPR(s) by the op's extraction. */
function getStored(v: Uint32Array, d: FlatExec, at: number): void {
  switch (d.conv) {
    case S_DWORDS:
      for (let k = 0; k < d.bytes >>> 2; k++) T[k] = v[at + k * 64];
      break;
    case S_BYTE:
      T[0] = v[at] & 0xff;
      break;
    case S_BYTE_HI:
      T[0] = (v[at] >>> 16) & 0xff;
      break;
    case S_SHORT:
      T[0] = v[at] & 0xffff;
      break;
    case S_SHORT_HI:
      T[0] = v[at] >>> 16;
      break;
  }
}

const runStore: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const resolve = i.fn as Resolver;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const n = d.bytes;
  const data = i.vdata * 64;
  CUR.reset();
  for (let m = e0 | 0; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    resolve(w, i, l);
    getStored(v, d, data + l);
    storeLane(w, l, n);
  }
  for (let m = e1 | 0; m !== 0; m &= m - 1) {
    const l = 63 - Math.clz32(m & -m);
    resolve(w, i, l);
    getStored(v, d, data + l);
    storeLane(w, l, n);
  }
  finish(w, i);
};

const runAtomic: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const resolve = i.fn as Resolver;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  const v = w.v;
  const words = d.wide ? 2 : 1;
  // Data: src in vdata[0 .. words), the compare value of (f)cmpswap in the next `words` registers.
  const dataRegs = d.atomic === 'cmpswap' || d.atomic === 'fcmpswap' ? 2 * words : words;
  for (let l = 0; l < 64; l++) {
    if (!laneOn(e0, e1, l)) continue;
    resolve(w, i, l);
    T[1] = 0;
    T[2] = 0;
    T[3] = 0;
    for (let k = 0; k < dataRegs; k++) T[k] = v[(i.vdata + k) * 64 + l];
    atomicAt(w, l, d.atomic as AtomicOp, d.wide, T, OLD);
    if (i.glc) for (let k = 0; k < words; k++) v[(i.dst + k) * 64 + l] = OLD[k];
  }
  finish(w, i);
};

const runFloatAtomic: Handler = (w, i) => {
  const d = i.op as FlatExec;
  const resolve = i.fn as Resolver;
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  for (let l = 0; l < 64; l++) {
    if (!laneOn(e0, e1, l)) continue;
    resolve(w, i, l);
    rmwGlobal32(w, l, d.float as (old: number, src: number) => number, w.v[i.vdata * 64 + l]);
  }
  finish(w, i);
};

/**
 * Whether a FLAT access's active lanes all address global memory: no lane's high word, after the carry
 * of the (unsigned) offset into it, is an aperture's (mem/aperture.ts) or wraps past 2^64. It is then
 * the GLOBAL access of the same VGPR-pair addresses (FLAT has no SGPR base: the GLOBAL handlers take the
 * pair for it) (flatAddress's flat address is GLOBAL's sum), and the
 * GLOBAL handlers run it, at a third or less of the per-lane cost of resolving each lane's space.
 */
function flatIsGlobal(w: Wave, i: Inst): boolean {
  const off = i.offset;
  if (off < 0) return false;
  const v = w.v;
  const lo = i.vaddr * 64;
  for (let h = 0; h < 64; h += 32) {
    for (let m = w.s[h === 0 ? EXEC_LO : EXEC_HI] | 0; m !== 0; m &= m - 1) {
      const l = h + 31 - Math.clz32(m & -m);
      const hi = v[lo + 64 + l] + (v[lo + l] + off > 0xffffffff ? 1 : 0);
      if (hi === SHARED_APERTURE_HI || hi === PRIVATE_APERTURE_HI || hi > 0xffffffff) return false;
    }
  }
  return true;
}

const runFlatLoad: Handler = (w, i) => {
  if (!flatIsGlobal(w, i)) runLoad(w, i);
  else if ((i.op as FlatExec).conv === L_DWORDS) runGlobal(w, i);
  else runGlobalSub(w, i);
};

const runFlatStore: Handler = (w, i) => {
  if (!flatIsGlobal(w, i)) runStore(w, i);
  else if ((i.op as FlatExec).conv === S_DWORDS) runGlobal(w, i);
  else runGlobalSubStore(w, i);
};

/**
 * Binds a FLAT/GLOBAL/SCRATCH instruction whose fields the codec filled (flat.ts: op = the FlatOp row);
 * returns its size in dwords (2: a word the codec accepted is always one, executed or not).
 */
export function bindFlat(i: Inst): number {
  const op = i.op as FlatOp;
  const seg = i.seg;
  const saddr = i.saddr;
  i.run = unimplemented;
  const d = flatExecOf(op.name);
  // Not executed (the handler stays `unimplemented`): LDS DMA loads (lds bit), and bit 55, which the
  // Vega document calls NV but LLVM decodes as the AGPR bit on gfx9, so the data registers are unclear.
  if (d === undefined || i.lds || i.acc !== 0) return 2;
  if (seg === SEG_FLAT) i.fn = flatAddress;
  else if (seg === SEG_GLOBAL) i.fn = saddr === SADDR_OFF ? globalPair : globalSaddr;
  else if (seg === SEG_SCRATCH) i.fn = saddr === SADDR_OFF ? scratchVaddr : scratchSaddr;
  else return 2;
  // Register tuples must stay inside the VGPR file (LLVM prints e.g. v[255:256] as is).
  const vaddrRegs = seg === SEG_SCRATCH || (seg === SEG_GLOBAL && saddr !== SADDR_OFF) ? 1 : 2;
  if (i.vaddr + vaddrRegs > 256) return 2;
  const returns = op.kind === KIND_LOAD || (d.atomic !== null && i.glc);
  if (returns && i.dst + op.dstWidth > 256) return 2;
  if (op.kind !== KIND_LOAD && i.vdata + op.dataWidth > 256) return 2;
  i.op = d;
  if (op.kind === KIND_LOAD)
    i.run =
      seg === SEG_FLAT
        ? runFlatLoad
        : seg !== SEG_GLOBAL
          ? runLoad
          : d.conv === L_DWORDS
            ? runGlobal
            : runGlobalSub;
  else if (d.atomic !== null) i.run = runAtomic;
  else if (d.float !== null) i.run = i.glc ? unimplemented : runFloatAtomic;
  else
    i.run =
      seg === SEG_FLAT
        ? runFlatStore
        : seg !== SEG_GLOBAL
          ? runStore
          : d.conv === S_DWORDS
            ? runGlobal
            : runGlobalSubStore;
  return 2;
}

/**
 * Whether a FLAT load or store runs on the GLOBAL handlers when its lanes are global (the translating
 * engine inlines its dword forms as GLOBAL's, for lanes in a region clear of the apertures).
 */
export function flatRunsGlobal(i: Inst): boolean {
  return i.run === runFlatLoad || i.run === runFlatStore;
}

/** The handler of GLOBAL loads and stores (the translating engine inlines their dword forms). */
export { runGlobal as flatGlobal };
