// Execution of the MUBUF encoding: untyped buffer loads, stores and atomics through a V# (4 SGPRs at
// srsrc*4). Fields (Inst): offset = inst_offset (12 bits), offen/idxen/glc/slc/lds, vaddr, vdata,
// saddr = srsrc SGPR, src0 = soffset code (k0 its value when a constant), op = the BufOp; addr64
// (gfx6/7): vaddr is a 64-bit address added to the descriptor's base, without range checking or
// swizzling (Southern Islands document, "Buffer Instructions": ADDR64).
//
// Addressing and range checking are in mubuf-swizzle.ts. Accesses are split per dword (each dword
// addressed and range-checked on its own, which is what swizzled buffers need and what the document's
// per-component range check of dwordx2-4 says); sub-dword accesses are one element; atomics are checked
// all or nothing. Out-of-range loads return 0, out-of-range stores are dropped, out-of-range atomics
// do nothing and return 0. Addresses that hit no allocation fault with the lane (LaneFault).
// The format ops convert through the V# data/number format (buf-format.ts); buffer_store_lds_dword
// stores LDS dwords. Not modelled (they stop with an error): loads other than buffer_load_dword with
// lds=1, and tfe.

import { decodeMtbufFields } from '../../codec/families/mtbuf.js';
import { decodeMubufFields } from '../../codec/families/mubuf.js';
import { atomicOp } from '../../isa/ops/atomics.js';
import {
  BufKind,
  type BufOp,
  bufDataDwords,
  MTBUF_OPS,
  MUBUF_OPS,
  mtbufTable,
  mubufTable,
} from '../../isa/ops/memory-buf.js';
import type { Target } from '../../isa/targets.js';
import { f16ToF32, f64ToF16 } from '../float/f16.js';
import {
  decodedByCodec,
  ExecError,
  type Handler,
  type Inst,
  tupleOutOfRange,
  unimplemented,
} from '../inst.js';
import type { AtomicOp, DeviceMemory } from '../memory.js';
import { constValue32, isConstCode, readScalar32 } from '../scalar-src.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';
import { BufFormat, loadComponent16, loadComponent32, one, storeComponent } from './buf-format.js';
import { RegionCursor } from './cursor.js';
import { laneFault } from './fault.js';
import { BufferDesc, bufferOffset, outOfRange } from './mubuf-swizzle.js';

const D = new BufferDesc();
const OLD = new Uint32Array(2);
/** The region of the current instruction's accesses, looked up once for the lanes in one allocation. */
const CUR = new RegionCursor();

function active(w: Wave, lane: number): boolean {
  return ((lane < 32 ? w.s[EXEC_LO] >>> lane : w.s[EXEC_HI] >>> (lane - 32)) & 1) === 1;
}

function done(w: Wave, i: Inst): void {
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
  w.pc = i.pc + i.size;
}

function soffset(w: Wave, i: Inst): number {
  if (i.src0 < 128) return i.src0 === 125 ? 0 : w.s[i.src0];
  return isConstCode(i.src0) ? i.k0 : readScalar32(w, i.src0, 0);
}

/** Per-lane address computation: index, offset and the device address of element byte `extra`. */
class Addr {
  index = 0;
  offset = 0;
  base = 0;
  addr64 = false;
  set(w: Wave, i: Inst, d: BufferDesc, so: number, lane: number): void {
    const v = w.v;
    this.addr64 = i.addr64;
    if (i.addr64) {
      this.index = 0;
      this.offset = i.offset;
      this.base = d.base + so + v[i.vaddr * 64 + lane]! + v[(i.vaddr + 1) * 64 + lane]! * 2 ** 32;
      return;
    }
    const vidx = i.idxen ? v[i.vaddr * 64 + lane]! : 0;
    const voff = i.offen ? v[(i.vaddr + (i.idxen ? 1 : 0)) * 64 + lane]! : 0;
    this.index = vidx + (d.addTid ? lane : 0);
    this.offset = (voff + i.offset) >>> 0;
    this.base = d.base + so;
  }
  /** Device address of the element at offset + extra, or -1 when out of range. */
  at(d: BufferDesc, idxen: boolean, extra: number): number {
    const off = this.offset + extra;
    // The sum is a 48-bit virtual address: clang-22 folds a negative offset into the V# base of gfx6/7
    // addr64 accesses (stencil1d at -O3: `s_mov_b64 s[16:17], -4` as base 0xfffffffffffc), which
    // reaches vaddr - 4 only because the address wraps at 2^48.
    if (this.addr64) return (this.base + off) % 2 ** 48;
    const bo = bufferOffset(d, this.index, off);
    if (outOfRange(d, idxen, this.index, off, bo)) return -1;
    return this.base + bo;
  }
  /** Whether `bytes` bytes at offset + extra lie in one swizzle element (always so when linear). */
  contiguous(d: BufferDesc, extra: number, bytes: number): boolean {
    return this.addr64 || !d.swizzle || ((this.offset + extra) % d.elementSize) + bytes <= d.elementSize;
  }
}
const A = new Addr();

/**
 * An access of `bytes` (<= 4) at offset + extra of the current lane that straddles swizzle elements
 * (the document requires dword alignment in swizzled buffers; the emulator maps each byte on its own
 * rather than guess): the little-endian value read byte by byte, out-of-range bytes reading 0.
 */
function readSplit(mem: DeviceMemory, d: BufferDesc, idxen: boolean, extra: number, bytes: number): number {
  let x = 0;
  for (let b = 0; b < bytes; b++) {
    const a = A.at(d, idxen, extra + b);
    if (a >= 0) x += mem.read8(a) * 2 ** (8 * b);
  }
  return x;
}
function writeSplit(
  mem: DeviceMemory,
  d: BufferDesc,
  idxen: boolean,
  extra: number,
  bytes: number,
  value: number,
): void {
  for (let b = 0; b < bytes; b++) {
    const a = A.at(d, idxen, extra + b);
    if (a >= 0) mem.write8(a, (value >>> (8 * b)) & 0xff);
  }
}

/** Loads of `n` dwords. */
function loadDwords(n: number): Handler {
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    CUR.reset();
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      for (let k = 0; k < n; k++) {
        let x = 0;
        try {
          if (A.contiguous(d, 4 * k, 4)) {
            const a = A.at(d, i.idxen, 4 * k);
            if (a >= 0) {
              // The offset first: it may move CUR to another region (and view).
              const off = CUR.offset(mem, a, 4, 'read');
              x = CUR.view.getUint32(off, true);
            }
          } else {
            x = readSplit(mem, d, i.idxen, 4 * k, 4);
          }
        } catch (e) {
          laneFault(e, l);
        }
        v[(i.vdata + k) * 64 + l] = x;
      }
    }
    done(w, i);
  };
}

function storeDwords(n: number): Handler {
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    CUR.reset();
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      for (let k = 0; k < n; k++) {
        const x = v[(i.vdata + k) * 64 + l]!;
        try {
          if (A.contiguous(d, 4 * k, 4)) {
            const a = A.at(d, i.idxen, 4 * k);
            if (a >= 0) {
              const off = CUR.offset(mem, a, 4, 'write');
              CUR.view.setUint32(off, x, true);
            }
          } else {
            writeSplit(mem, d, i.idxen, 4 * k, 4, x);
          }
        } catch (e) {
          laneFault(e, l);
        }
      }
    }
    done(w, i);
  };
}

/** Sub-dword loads; `half` -1 full dword result, 0/1 the d16 forms (low/high half, other half kept). */
function loadSmall(bytes: 1 | 2, signed: boolean, half: -1 | 0 | 1): Handler {
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      let x = 0;
      try {
        if (A.contiguous(d, 0, bytes)) {
          const a = A.at(d, i.idxen, 0);
          if (a >= 0) {
            if (bytes === 1) x = signed ? mem.readI8(a) : mem.read8(a);
            else x = signed ? mem.readI16(a) : mem.read16(a);
          }
        } else {
          x = readSplit(mem, d, i.idxen, 0, bytes);
          if (signed) x = (x << 16) >> 16;
        }
      } catch (e) {
        laneFault(e, l);
      }
      const r = i.vdata * 64 + l;
      if (half === -1) v[r] = x;
      else if (half === 0) v[r] = ((v[r]! & 0xffff0000) | (x & 0xffff)) >>> 0;
      else v[r] = (((x & 0xffff) << 16) | (v[r]! & 0xffff)) >>> 0;
    }
    done(w, i);
  };
}

/** buffer_store_byte/short and the d16_hi forms (`shift` 16: data bits [23:16] / [31:16]). */
function storeSmall(bytes: 1 | 2, shift: 0 | 16): Handler {
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      const x = v[i.vdata * 64 + l]! >>> shift;
      try {
        if (A.contiguous(d, 0, bytes)) {
          const a = A.at(d, i.idxen, 0);
          if (a >= 0) {
            if (bytes === 1) mem.write8(a, x & 0xff);
            else mem.write16(a, x & 0xffff);
          }
        } else {
          writeSplit(mem, d, i.idxen, 0, bytes, x);
        }
      } catch (e) {
        laneFault(e, l);
      }
    }
    done(w, i);
  };
}

/**
 * Integer atomics. vdata holds the data (cmpswap: data then compare value); with glc the old value
 * returns in vdata's first dword(s).
 */
function atomic(op: AtomicOp, wide: boolean): Handler {
  const dw = wide ? 2 : 1;
  // Only (f)cmpswap has a second operand (the compare value) after the data: other ops must not read it.
  const cmp = op === 'cmpswap' || op === 'fcmpswap';
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      const a = A.at(d, i.idxen, 0);
      const r = i.vdata;
      OLD[0] = 0;
      OLD[1] = 0;
      if (a >= 0) {
        try {
          if (wide) {
            mem.atomic64(
              op,
              a,
              v[r * 64 + l]!,
              v[(r + 1) * 64 + l]!,
              cmp ? v[(r + 2) * 64 + l]! : 0,
              cmp ? v[(r + 3) * 64 + l]! : 0,
              OLD,
              0,
            );
          } else {
            OLD[0] = mem.atomic32(op, a, v[r * 64 + l]!, cmp ? v[(r + 1) * 64 + l]! : 0);
          }
        } catch (e) {
          laneFault(e, l);
        }
      }
      if (i.glc) for (let k = 0; k < dw; k++) v[(r + k) * 64 + l] = OLD[k]!;
    }
    done(w, i);
  };
}

/**
 * buffer_load_dword with lds=1: the dword goes to LDS instead of a VGPR, at M0[15:0] + inst_offset + lane * 4
 * (the document's LDS_ADDR = LDS_base + LDS_offset (M0[15:0]) + inst_offset + TID * 4; the workgroup's LDS
 * base is 0 here). An out-of-range buffer element stores 0; an LDS address past wg.ldsSize is dropped.
 */
const loadDwordToLds: Handler = (w, i) => {
  const d = D.load(w.s, i.saddr);
  const so = soffset(w, i);
  const mem = w.ctx.mem;
  const lds = w.wg.ldsView;
  for (let l = 0; l < 64; l++) {
    if (!active(w, l)) continue;
    A.set(w, i, d, so, l);
    let x = 0;
    try {
      if (A.contiguous(d, 0, 4)) {
        const a = A.at(d, i.idxen, 0);
        if (a >= 0) x = mem.read32(a);
      } else {
        x = readSplit(mem, d, i.idxen, 0, 4);
      }
    } catch (e) {
      laneFault(e, l);
    }
    const la = ldsLaneAddr(w, i, l);
    if (la + 4 <= w.wg.ldsSize) lds.setUint32(la, x, true);
  }
  done(w, i);
};

/** The LDS address of a lane for the MUBUF LDS transfers: M0[15:0] + inst_offset + lane * 4. */
function ldsLaneAddr(w: Wave, i: Inst, lane: number): number {
  return (w.s[M0]! & 0xffff) + i.offset + lane * 4;
}

/**
 * buffer_store_lds_dword: the reverse of the lds load, per active lane the LDS dword at M0[15:0] +
 * inst_offset + lane * 4 (read as 0 past wg.ldsSize, as DS reads are) goes to the buffer address of
 * the lane (no VGPRs: offen/idxen are not set by the assembler; if set they are honoured as for any
 * MUBUF op). Out-of-range buffer dwords are dropped.
 */
const storeLdsDword: Handler = (w, i) => {
  const d = D.load(w.s, i.saddr);
  const so = soffset(w, i);
  const mem = w.ctx.mem;
  const lds = w.wg.ldsView;
  for (let l = 0; l < 64; l++) {
    if (!active(w, l)) continue;
    const la = ldsLaneAddr(w, i, l);
    const x = la + 4 <= w.wg.ldsSize ? lds.getUint32(la, true) : 0;
    A.set(w, i, d, so, l);
    try {
      if (A.contiguous(d, 0, 4)) {
        const a = A.at(d, i.idxen, 0);
        if (a >= 0) mem.write32(a, x);
      } else {
        writeSplit(mem, d, i.idxen, 0, 4, x);
      }
    } catch (e) {
      laneFault(e, l);
    }
  }
  done(w, i);
};

// ---- format ops

const FMT = new BufFormat();
const ADDRS = new Float64Array(16);
const ELEM = new Uint8Array(16);
const ELEM_DV = new DataView(ELEM.buffer);
const RGBA = new Uint32Array(4);

/** How a format op moves data to or from VGPRs. */
enum D16 {
  /** One dword per component. */
  No,
  /** Two 16-bit components per dword, low half first. */
  Packed,
  /** buffer_*_format_d16_hi_x: the one component in bits [31:16]. */
  Hi,
  /** gfx80x (feature unpacked-d16-vmem): one 16-bit component per dword, in bits [15:0]. */
  Unpacked,
}

function anyActive(w: Wave): boolean {
  return (w.s[EXEC_LO]! | w.s[EXEC_HI]!) !== 0;
}

/** Whether the V# is all zeros: the document's unbound buffer (loads return 0, stores are dropped). */
function unbound(w: Wave, r: number): boolean {
  return (w.s[r]! | w.s[r + 1]! | w.s[r + 2]! | w.s[r + 3]!) === 0;
}

/** Checks the V# format, throwing an ExecError naming the instruction and the format if unusable. */
function checkFormat(i: Inst, f: BufFormat, store: boolean, comps: number): void {
  const err = f.check(store, comps);
  if (err !== undefined) throw new ExecError(`${i.name} at pc 0x${i.pc.toString(16)}: ${err}`);
}

/**
 * The device addresses of the element's bytes into ADDRS (each byte mapped on its own, so swizzled
 * elements split correctly); false if any byte is out of range: format ops are range checked all or
 * nothing.
 */
function elementAddrs(d: BufferDesc, idxen: boolean, bytes: number): boolean {
  for (let b = 0; b < bytes; b++) {
    const a = A.at(d, idxen, b);
    if (a < 0) return false;
    ADDRS[b] = a;
  }
  return true;
}

/** Raw bits of component k of the element in ELEM (no component straddles a dword). */
function getComponent(f: BufFormat, k: number): number {
  let off = 0;
  for (let j = 0; j < k; j++) off += f.widths[j]!;
  const n = f.widths[k]!;
  const dw = ELEM_DV.getUint32((off >>> 5) * 4, true);
  return n === 32 ? dw : (dw >>> (off & 31)) & ((1 << n) - 1);
}

function setComponent(f: BufFormat, k: number, raw: number): void {
  let off = 0;
  for (let j = 0; j < k; j++) off += f.widths[j]!;
  const n = f.widths[k]!;
  const at = (off >>> 5) * 4;
  const dw = ELEM_DV.getUint32(at, true);
  const mask = n === 32 ? 0xffffffff : ((1 << n) - 1) << (off & 31);
  ELEM_DV.setUint32(at, ((dw & ~mask) | ((raw << (off & 31)) & mask)) >>> 0, true);
}

/**
 * buffer_load_format_{x,xy,xyz,xyzw} and the d16 forms: `n` components X.. through dst_sel from the
 * converted RGBA of the element. Out of range: 0 in every component but those with dst_sel 1. The d16
 * forms write only their 16-bit halves and keep the other half of each VGPR, as the d16 sub-dword
 * loads do.
 */
function loadFormat(n: number, d16: D16, typed = false): Handler {
  return (w, i) => {
    if (!anyActive(w)) return done(w, i);
    const r = i.saddr;
    const none = unbound(w, r);
    const f = FMT.load(w.s[r + 3]!);
    if (typed) f.typed(i.dfmt, i.nfmt);
    if (!none) checkFormat(i, f, false, n);
    const d = D.load(w.s, r, true);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    const half = d16 !== D16.No;
    const one1 = one(f.integer, half);
    const comps = f.widths.length;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      let ok = false;
      if (!none) {
        A.set(w, i, d, so, l);
        ok = elementAddrs(d, i.idxen, f.bytes);
      }
      if (ok) {
        ELEM.fill(0);
        try {
          for (let b = 0; b < f.bytes; b++) ELEM[b] = mem.read8(ADDRS[b]!);
        } catch (e) {
          laneFault(e, l);
        }
        for (let k = 0; k < 4; k++) {
          if (k >= comps) RGBA[k] = k === 3 ? one1 : 0;
          else {
            const raw = getComponent(f, k);
            const wd = f.widths[k]!;
            RGBA[k] = half ? loadComponent16(raw, wd, f.nfmt) : loadComponent32(raw, wd, f.nfmt);
          }
        }
      }
      for (let k = 0; k < n; k++) {
        const sel = none ? 0 : f.sel[k]!;
        const x = sel === 1 ? one1 : sel >= 4 && ok ? RGBA[sel - 4]! : 0;
        if (d16 === D16.No) v[(i.vdata + k) * 64 + l] = x;
        else if (d16 === D16.Unpacked) v[(i.vdata + k) * 64 + l] = x & 0xffff;
        else if (d16 === D16.Hi) {
          const at = i.vdata * 64 + l;
          v[at] = ((x << 16) | (v[at]! & 0xffff)) >>> 0;
        } else {
          const at = (i.vdata + (k >> 1)) * 64 + l;
          v[at] = k & 1 ? ((x << 16) | (v[at]! & 0xffff)) >>> 0 : ((v[at]! & 0xffff0000) | x) >>> 0;
        }
      }
    }
    done(w, i);
  };
}

/**
 * buffer_store_format_{x,xy,xyz,xyzw} and the d16 forms: VGPR component k becomes memory component k
 * (R, G, B, A; dst_sel does not apply to stores), components the instruction does not supply store 0,
 * components the format lacks are ignored. The element is written whole or (out of range) not at all.
 */
function storeFormat(n: number, d16: D16, typed = false): Handler {
  return (w, i) => {
    const r = i.saddr;
    if (!anyActive(w) || unbound(w, r)) return done(w, i);
    const f = FMT.load(w.s[r + 3]!);
    if (typed) f.typed(i.dfmt, i.nfmt);
    checkFormat(i, f, true, n);
    const d = D.load(w.s, r, true);
    const so = soffset(w, i);
    const mem = w.ctx.mem;
    const v = w.v;
    const half = d16 !== D16.No;
    const comps = f.widths.length;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      if (!elementAddrs(d, i.idxen, f.bytes)) continue;
      ELEM.fill(0);
      for (let k = 0; k < comps && k < n; k++) {
        let x: number;
        if (d16 === D16.No) x = v[(i.vdata + k) * 64 + l]!;
        else if (d16 === D16.Unpacked) x = v[(i.vdata + k) * 64 + l]! & 0xffff;
        else if (d16 === D16.Hi) x = v[i.vdata * 64 + l]! >>> 16;
        else x = (v[(i.vdata + (k >> 1)) * 64 + l]! >>> (16 * (k & 1))) & 0xffff;
        setComponent(f, k, storeComponent(x, f.widths[k]!, f.nfmt, half));
      }
      try {
        for (let b = 0; b < f.bytes; b++) mem.write8(ADDRS[b]!, ELEM[b]!);
      } catch (e) {
        laneFault(e, l);
      }
    }
    done(w, i);
  };
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** Each half: the exact sum of two f16 values rounded once to f16 (round to nearest even). */
function pkAddF16(old: number, x: number): number {
  const lo = f64ToF16(f16ToF32(old & 0xffff) + f16ToF32(x & 0xffff));
  const hi = f64ToF16(f16ToF32(old >>> 16) + f16ToF32(x >>> 16));
  return ((hi << 16) | lo) >>> 0;
}

/** The f32 sum of two bit patterns (the f64 sum rounded to f32 is the correctly rounded f32 sum). */
function addF32(old: number, x: number): number {
  U32[0] = old;
  const o = F32[0]!;
  U32[0] = x;
  F32[0] = o + F32[0]!;
  return U32[0]!;
}

/** gfx908's buffer_atomic_add_f32 / buffer_atomic_pk_add_f16 (no returning form). */
function atomicFloat(packed: boolean): Handler {
  return (w, i) => {
    const d = D.load(w.s, i.saddr);
    const so = soffset(w, i);
    const mem: DeviceMemory = w.ctx.mem;
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      A.set(w, i, d, so, l);
      const a = A.at(d, i.idxen, 0);
      if (a < 0) continue;
      try {
        mem.update32(a, packed ? pkAddF16 : addF32, v[i.vdata * 64 + l]!);
      } catch (e) {
        laneFault(e, l);
      }
    }
    done(w, i);
  };
}

/**
 * buffer_wbinvl1(_vol), and gfx6's buffer_wbinvl1_sc: write back and invalidate the vector L1 cache (all
 * of it, or only some lines). The emulator has no caches (every access goes straight to DeviceMemory,
 * coherent across waves), so there is nothing to write back or invalidate. buffer_wbinvl1_sc is in no
 * document's text beyond its name and opcode (CLRX GcnInstrsMubuf.md: GCN 1.0 opcode 112); LLVM treats
 * it as one of these L1 invalidates (the llvm.amdgcn.buffer.wbinvl1.sc intrinsic; SIInsertWaitcnts
 * waits for vmcnt(0) before BUFFER_WBINVL1, BUFFER_WBINVL1_SC and BUFFER_WBINVL1_VOL alike).
 */
const cacheOp: Handler = (w, i) => {
  w.pc = i.pc + i.size;
};

const HANDLERS = new Map<string, Handler>();
/** The d16 format ops on gfx80x, which keep one 16-bit component per VGPR. */
const UNPACKED = new Map<string, Handler>();

function build(): void {
  const put = (name: string, h: Handler) => HANDLERS.set(name, h);
  put('buffer_load_dword', loadDwords(1));
  put('buffer_load_dwordx2', loadDwords(2));
  put('buffer_load_dwordx3', loadDwords(3));
  put('buffer_load_dwordx4', loadDwords(4));
  put('buffer_store_dword', storeDwords(1));
  put('buffer_store_dwordx2', storeDwords(2));
  put('buffer_store_dwordx3', storeDwords(3));
  put('buffer_store_dwordx4', storeDwords(4));
  put('buffer_load_ubyte', loadSmall(1, false, -1));
  put('buffer_load_sbyte', loadSmall(1, true, -1));
  put('buffer_load_ushort', loadSmall(2, false, -1));
  put('buffer_load_sshort', loadSmall(2, true, -1));
  put('buffer_load_ubyte_d16', loadSmall(1, false, 0));
  put('buffer_load_ubyte_d16_hi', loadSmall(1, false, 1));
  put('buffer_load_sbyte_d16', loadSmall(1, true, 0));
  put('buffer_load_sbyte_d16_hi', loadSmall(1, true, 1));
  put('buffer_load_short_d16', loadSmall(2, false, 0));
  put('buffer_load_short_d16_hi', loadSmall(2, false, 1));
  put('buffer_store_byte', storeSmall(1, 0));
  put('buffer_store_short', storeSmall(2, 0));
  put('buffer_store_byte_d16_hi', storeSmall(1, 16));
  put('buffer_store_short_d16_hi', storeSmall(2, 16));
  put('buffer_store_lds_dword', storeLdsDword);
  for (const op of MUBUF_OPS) {
    const m = /^buffer_(load|store)_format_(d16_)?(hi_)?(x|xy|xyz|xyzw)$/.exec(op.name);
    if (m === null) continue;
    const d16 = m[3] ? D16.Hi : m[2] ? D16.Packed : D16.No;
    const n = m[4]!.length;
    put(op.name, m[1] === 'load' ? loadFormat(n, d16) : storeFormat(n, d16));
    if (d16 === D16.Packed)
      UNPACKED.set(op.name, m[1] === 'load' ? loadFormat(n, D16.Unpacked) : storeFormat(n, D16.Unpacked));
  }
  put('buffer_wbinvl1', cacheOp);
  put('buffer_wbinvl1_vol', cacheOp);
  put('buffer_wbinvl1_sc', cacheOp);
  put('buffer_atomic_add_f32', atomicFloat(false));
  put('buffer_atomic_pk_add_f16', atomicFloat(true));
  for (const op of MUBUF_OPS) {
    const m = /^buffer_atomic_([a-z]+)(_x2)?$/.exec(op.name);
    const a = m === null ? undefined : atomicOp(m[1]!);
    if (a !== undefined) put(op.name, atomic(a, m![2] !== undefined));
  }
}
build();

/** MTBUF (tbuffer_*): the MUBUF format ops with the instruction's format; d16 unpacked on gfx80x. */
const TYPED = new Map<string, Handler>();
const TYPED_UNPACKED = new Map<string, Handler>();
for (const op of MTBUF_OPS) {
  const m = /^tbuffer_(load|store)_format_(d16_)?(x|xy|xyz|xyzw)$/.exec(op.name);
  if (m === null) continue;
  const n = m[3]!.length;
  const make = (d16: D16) => (m[1] === 'load' ? loadFormat(n, d16, true) : storeFormat(n, d16, true));
  TYPED.set(op.name, make(m[2] ? D16.Packed : D16.No));
  TYPED_UNPACKED.set(op.name, make(m[2] ? D16.Unpacked : D16.No));
}

/** Whether the op name has semantics here (for the coverage test). */
export function mubufHasSemantics(name: string): boolean {
  return HANDLERS.has(name);
}

function notModelled(what: string): Handler {
  return (_w, i) => {
    throw new ExecError(`${i.name} with ${what} at pc 0x${i.pc.toString(16)}: not modelled`);
  };
}
// Sub-dword and format loads into LDS: what LDS receives (raw bytes, an extended or converted dword) is
// not settled here.
const LDS_NOT_MODELLED = notModelled('lds (a load other than buffer_load_dword into LDS)');
const TFE_NOT_MODELLED = notModelled('tfe');

/** Decodes the instruction at dword `at` into `i` for execution; returns its size in dwords, 0 if not executed. */
export function decodeMubuf(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  if (!decodedByCodec(i, 'mubuf') && decodeMubufFields(words, at, n, t, i) === 0) return 0;
  const op = i.op as BufOp;
  const tfe = i.tfe;
  const unpacked = mubufTable(t).proc.features.has('unpacked-d16-vmem');
  i.k0 = isConstCode(i.src0) && i.src0 !== 255 ? constValue32(i.src0, 0, 'int') : 0;
  const h = (unpacked ? UNPACKED.get(op.name) : undefined) ?? HANDLERS.get(op.name);
  if (h === undefined) i.run = unimplemented;
  else if (op.kind === BufKind.Cache) i.run = h;
  else if (op.kind === BufKind.StoreLds) i.run = tfe ? TFE_NOT_MODELLED : h;
  else if (i.lds) i.run = op.name === 'buffer_load_dword' && !tfe ? loadDwordToLds : LDS_NOT_MODELLED;
  else if (tfe) i.run = TFE_NOT_MODELLED;
  else i.run = h;
  if (h !== undefined && op.kind !== BufKind.Cache) {
    const addrRegs = i.addr64 ? 2 : (i.idxen ? 1 : 0) + (i.offen ? 1 : 0);
    if (i.vaddr + addrRegs > 256) i.run = tupleOutOfRange('the address');
    else if (!i.lds && i.vdata + bufDataDwords(op, mubufTable(t).proc) > 256)
      i.run = tupleOutOfRange('the data');
  }
  return 2;
}

/**
 * Decodes an MTBUF instruction for execution (fields by the codec's decodeMtbufFields): tbuffer_load/
 * store_format_* run the MUBUF format paths with the instruction's DFMT/NFMT; returns the size in dwords,
 * 0 if LLVM decodes no instruction there.
 */
export function decodeMtbuf(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  if (!decodedByCodec(i, 'mtbuf') && decodeMtbufFields(words, at, n, t, i) === 0) return 0;
  const op = i.op as BufOp;
  const proc = mtbufTable(t).proc;
  i.k0 = isConstCode(i.src0) && i.src0 !== 255 ? constValue32(i.src0, 0, 'int') : 0;
  const h = (proc.features.has('unpacked-d16-vmem') ? TYPED_UNPACKED : TYPED).get(op.name);
  i.run = h === undefined ? unimplemented : i.tfe ? TFE_NOT_MODELLED : h;
  const addrRegs = i.addr64 ? 2 : (i.idxen ? 1 : 0) + (i.offen ? 1 : 0);
  if (h !== undefined && i.vaddr + addrRegs > 256) i.run = tupleOutOfRange('the address');
  else if (h !== undefined && i.vdata + bufDataDwords(op, proc) > 256) i.run = tupleOutOfRange('the data');
  return 2;
}
