// Execution of the DS encoding on LDS: reads, writes, read2/write2, atomics, lane swizzles/permutes,
// append/consume and the addtid ops of gfx9. Fields (Inst): offset = offset1:offset0 (16 bits), offset1
// = offset1 alone (read2/write2: offset holds offset0 then), vaddr = addr, vdata = data0, src1 = data1,
// dst = vdst; op = the DsShape.
//
// LDS address = addr VGPR + offset (read2/write2: + offset0/offset1 times the element size, times 64
// more for st64), a 32-bit sum. Out of range (past the bytes allocated to the workgroup, wg.ldsSize):
// reads return 0 and writes are dropped, checked per dword (per element for sub-dword accesses);
// atomics out of range do nothing and return 0. GDS (gds=1) is not modelled and stops loudly.
// The src2 ops (ds_<op>_src2_<type>) take both operands from LDS: see src2Addr for their addresses.

import { decodeDsFields } from '../../codec/families/ds.js';
import { DS_SHAPES, type DsShape } from '../../isa/ops/memory-ds.js';
import type { Target } from '../../isa/targets.js';
import {
  decodedByCodec,
  ExecError,
  type Handler,
  type Inst,
  tupleOutOfRange,
  unimplemented,
} from '../inst.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';
import { ATOMIC32, ATOMIC64, atomicKey } from './ds-atomics.js';
import { runBpermute, runPermute, runSwizzle } from './ds-cross.js';
import { GDS_SYSTEM_HANDLERS } from './ds-gws.js';

function active(w: Wave, lane: number): boolean {
  return ((lane < 32 ? w.s[EXEC_LO] >>> lane : w.s[EXEC_HI] >>> (lane - 32)) & 1) === 1;
}

function done(w: Wave, i: Inst): void {
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
  w.pc = i.pc + i.size;
}

function inRange(w: Wave, addr: number, bytes: number): boolean {
  return addr + bytes <= w.wg.ldsSize;
}

function rd32(w: Wave, addr: number): number {
  return inRange(w, addr, 4) ? w.wg.ldsView.getUint32(addr, true) : 0;
}
function wr32(w: Wave, addr: number, value: number): void {
  if (inRange(w, addr, 4)) w.wg.ldsView.setUint32(addr, value, true);
}
function rd64(w: Wave, addr: number): bigint {
  return inRange(w, addr, 8) ? w.wg.ldsView.getBigUint64(addr, true) : 0n;
}
function wr64(w: Wave, addr: number, value: bigint): void {
  if (inRange(w, addr, 8)) w.wg.ldsView.setBigUint64(addr, value, true);
}

function addrOf(w: Wave, i: Inst, lane: number): number {
  return (w.v[i.vaddr * 64 + lane]! + i.offset) >>> 0;
}

// ---- reads and writes of one address

// The dword reads and writes (the common LDS traffic) visit EXEC's set bits in lane order and move
// signed dwords between the LDS view and Wave.vi, with rd32/wr32's range check inline. One function
// per form, reads and writes together, with the `write` branch inside the lane loop.

/** ds_read_b32/b64/b96/b128 and ds_write_b32/b64/b96/b128: `n` dwords. */
function dwordAccess(n: number, write: boolean): Handler {
  return (w, i) => {
    const v = w.v;
    const vi = w.vi;
    const lds = w.wg.ldsView;
    const size = w.wg.ldsSize;
    const va = i.vaddr * 64;
    const reg = (write ? i.vdata : i.dst) * 64;
    for (let h = 0; h < 64; h += 32)
      for (let m = w.s[h === 0 ? EXEC_LO : EXEC_HI] | 0; m !== 0; m &= m - 1) {
        const l = h + 31 - Math.clz32(m & -m);
        const a = (v[va + l] + i.offset) >>> 0;
        for (let k = 0; k < n; k++) {
          const b = a + 4 * k;
          if (write) {
            if (b + 4 <= size) lds.setInt32(b, vi[reg + k * 64 + l], true);
          } else vi[reg + k * 64 + l] = b + 4 <= size ? lds.getInt32(b, true) : 0;
        }
      }
    done(w, i);
  };
}

/**
 * Sub-dword reads: `bytes` 1 or 2, signed or not; `half` -1 for a full-dword result, 0/1 for the d16
 * forms writing the low/high 16 bits of vdst and keeping the other half.
 */
function readSmall(bytes: 1 | 2, signed: boolean, half: -1 | 0 | 1): Handler {
  return (w, i) => {
    const v = w.v;
    const lds = w.wg.ldsView;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      const a = addrOf(w, i, l);
      let x = 0;
      if (inRange(w, a, bytes)) {
        if (bytes === 1) x = signed ? lds.getInt8(a) : lds.getUint8(a);
        else x = signed ? lds.getInt16(a, true) : lds.getUint16(a, true);
      }
      const r = (i.dst * 64 + l) | 0;
      if (half === -1) v[r] = x;
      else if (half === 0) v[r] = ((v[r]! & 0xffff0000) | (x & 0xffff)) >>> 0;
      else v[r] = (((x & 0xffff) << 16) | (v[r]! & 0xffff)) >>> 0;
    }
    done(w, i);
  };
}

/** ds_write_b8/b16 and their d16_hi forms (`shift` 16: data bits [23:16] / [31:16]). */
function writeSmall(bytes: 1 | 2, shift: 0 | 16): Handler {
  return (w, i) => {
    const v = w.v;
    const lds = w.wg.ldsView;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      const a = addrOf(w, i, l);
      if (!inRange(w, a, bytes)) continue;
      const x = v[i.vdata * 64 + l]! >>> shift;
      if (bytes === 1) lds.setUint8(a, x & 0xff);
      else lds.setUint16(a, x & 0xffff, true);
    }
    done(w, i);
  };
}

// ---- two addresses: read2, write2, wrxchg2

/** Byte offsets of the two elements: offset0/offset1 times `scale` (element size, times 64 for st64). */
function twoAddr(w: Wave, i: Inst, lane: number, scale: number, out: Float64Array): void {
  const base = w.v[i.vaddr * 64 + lane]!;
  out[0] = (base + i.offset * scale) >>> 0;
  out[1] = (base + i.offset1 * scale) >>> 0;
}
const A2 = new Float64Array(2);

/** read2/write2(st64): two elements of `dwords` dwords at offset0/offset1 times `scale`. */
function twoAccess(dwords: 1 | 2, scale: number, write: boolean): Handler {
  return (w, i) => {
    const v = w.v;
    const vi = w.vi;
    const lds = w.wg.ldsView;
    const size = w.wg.ldsSize;
    const va = i.vaddr * 64;
    for (let h = 0; h < 64; h += 32)
      for (let m = w.s[h === 0 ? EXEC_LO : EXEC_HI] | 0; m !== 0; m &= m - 1) {
        const l = h + 31 - Math.clz32(m & -m);
        const base = v[va + l];
        for (let e = 0; e < 2; e++) {
          const a = (base + (e === 0 ? i.offset : i.offset1) * scale) >>> 0;
          // write2 takes element e from data0/data1, read2 returns both elements in vdst onwards.
          const reg = write ? (e === 0 ? i.vdata : i.src1) * 64 : (i.dst + e * dwords) * 64;
          for (let k = 0; k < dwords; k++) {
            const b = a + 4 * k;
            if (write) {
              if (b + 4 <= size) lds.setInt32(b, vi[reg + k * 64 + l], true);
            } else vi[reg + k * 64 + l] = b + 4 <= size ? lds.getInt32(b, true) : 0;
          }
        }
      }
    done(w, i);
  };
}

/** ds_wrxchg2(st64)_rtn: two exchanges; vdst gets the two old values (data0's element first). */
function wrxchg2(dwords: 1 | 2, scale: number): Handler {
  return (w, i) => {
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      twoAddr(w, i, l, scale, A2);
      const src = [i.vdata, i.src1];
      const old: number[] = [];
      for (let e = 0; e < 2; e++) {
        const ok = inRange(w, A2[e]!, dwords * 4);
        for (let k = 0; k < dwords; k++) {
          const a = A2[e]! + 4 * k;
          old.push(ok ? rd32(w, a) : 0);
          if (ok) wr32(w, a, v[(src[e]! + k) * 64 + l]!);
        }
      }
      for (let k = 0; k < old.length; k++) v[(i.dst + k) * 64 + l] = old[k]!;
    }
    done(w, i);
  };
}

// ---- atomics

function atomic32(key: string, rtn: boolean): Handler {
  const f = ATOMIC32[key]!;
  return (w, i) => {
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      const a = addrOf(w, i, l);
      const d = v[i.vdata * 64 + l]!;
      const d2 = i.op.data1 ? v[i.src1 * 64 + l]! : 0;
      let old = 0;
      if (inRange(w, a, 4)) {
        old = rd32(w, a);
        wr32(w, a, f(old, d, d2) >>> 0);
      }
      if (rtn) v[i.dst * 64 + l] = old;
    }
    done(w, i);
  };
}

function pair(v: Uint32Array, reg: number, lane: number): bigint {
  return (BigInt(v[(reg + 1) * 64 + lane]!) << 32n) | BigInt(v[reg * 64 + lane]!);
}

function atomic64(key: string, rtn: boolean): Handler {
  const f = ATOMIC64[key]!;
  return (w, i) => {
    const v = w.v;
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      const a = addrOf(w, i, l);
      const d = pair(v, i.vdata, l);
      const d2 = i.op.data1 ? pair(v, i.src1, l) : 0n;
      let old = 0n;
      if (inRange(w, a, 8)) {
        old = rd64(w, a);
        wr64(w, a, f(old, d, d2));
      }
      if (rtn) {
        v[i.dst * 64 + l] = Number(old & 0xffffffffn);
        v[(i.dst + 1) * 64 + l] = Number(old >> 32n);
      }
    }
    done(w, i);
  };
}

// ---- src2 ops: both operands in LDS

/**
 * The two LDS addresses of a ds_*_src2_* op (Vega ISA document, "SRC2 Ops"): out[0] = A, the second
 * source and destination; out[1] = B, the data term. With offset[15] (offset1[7]) clear, A = addr VGPR
 * and B = A + 4 * sign-extended offset[14:0]; with it set, A = addr VGPR[16:0] and B = A + 4 *
 * sign-extended VGPR[31:17]. 32-bit sums, like every DS address here; no alignment is forced.
 */
function src2Addr(w: Wave, i: Inst, lane: number, out: Float64Array): void {
  const a = w.v[i.vaddr * 64 + lane]!;
  if (i.offset & 0x8000) {
    const base = a & 0x1ffff;
    out[0] = base;
    out[1] = (base + ((a >> 17) << 2)) >>> 0;
  } else {
    out[0] = a;
    out[1] = (a + (((i.offset << 17) >> 17) << 2)) >>> 0;
  }
}

/**
 * ds_<op>_src2_<type>: MEM[A] = op(MEM[A], MEM[B]) per active lane, lanes in ascending order (each
 * lane's read-modify-write completes before the next starts). A out of range: nothing happens; B out
 * of range reads 0, as any DS read does. No return value.
 */
function src2Op32(key: string): Handler {
  const f = ATOMIC32[key]!;
  return (w, i) => {
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      src2Addr(w, i, l, A2);
      const a = A2[0]!;
      if (inRange(w, a, 4)) wr32(w, a, f(rd32(w, a), rd32(w, A2[1]!), 0) >>> 0);
    }
    done(w, i);
  };
}

function src2Op64(key: string): Handler {
  const f = ATOMIC64[key]!;
  return (w, i) => {
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      src2Addr(w, i, l, A2);
      const a = A2[0]!;
      if (inRange(w, a, 8)) wr64(w, a, f(rd64(w, a), rd64(w, A2[1]!), 0n));
    }
    done(w, i);
  };
}

/** The ATOMIC32/ATOMIC64 key and width of a src2 op name; write is the exchange (MEM[A] = MEM[B]). */
function src2Key(name: string): { key: string; bits: 32 | 64 } | undefined {
  const m = /^ds_([a-z]+)_src2_([biuf])(32|64)$/.exec(name);
  if (m === null) return undefined;
  const key = m[1] === 'write' ? 'wrxchg_b' : `${m[1]}_${m[2]}`;
  const bits = m[3] === '64' ? 64 : 32;
  const table: Record<string, unknown> = bits === 64 ? ATOMIC64 : ATOMIC32;
  return key in table ? { key, bits } : undefined;
}

// ---- M0-addressed ops

/**
 * ds_append / ds_consume on LDS: the counter at M0 + offset gets + / - popcount(EXEC); every active lane
 * receives the value before the update. With EXEC zero nothing changes.
 */
function appendConsume(sign: 1 | -1): Handler {
  return (w, i) => {
    const n = popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
    if (n > 0) {
      const a = (w.s[M0] + i.offset) >>> 0;
      const old = rd32(w, a);
      wr32(w, a, (old + sign * n) >>> 0);
      for (let l = 0; l < 64; l++) if (active(w, l)) w.v[i.dst * 64 + l] = old;
    }
    done(w, i);
  };
}

/** ds_read_addtid_b32 / ds_write_addtid_b32: address M0 + offset + lane * 4. */
const readAddtid: Handler = (w, i) => {
  for (let l = 0; l < 64; l++) {
    if (active(w, l)) w.v[i.dst * 64 + l] = rd32(w, (w.s[M0] + i.offset + l * 4) >>> 0);
  }
  done(w, i);
};
const writeAddtid: Handler = (w, i) => {
  for (let l = 0; l < 64; l++) {
    if (active(w, l)) wr32(w, (w.s[M0] + i.offset + l * 4) >>> 0, w.v[i.vdata * 64 + l]!);
  }
  done(w, i);
};

/** ds_nop: no effect by definition. */
const nop: Handler = (w, i) => {
  w.pc = i.pc + i.size;
};

const gdsNotModelled: Handler = (_w, i) => {
  throw new ExecError(`${i.name} with gds at pc 0x${i.pc.toString(16)}: GDS is not modelled`);
};

// ---- the op table

const HANDLERS = new Map<string, Handler>();

function build(): void {
  const put = (name: string, h: Handler) => HANDLERS.set(name, h);
  put('ds_read_b32', dwordAccess(1, false));
  put('ds_read_b64', dwordAccess(2, false));
  put('ds_read_b96', dwordAccess(3, false));
  put('ds_read_b128', dwordAccess(4, false));
  put('ds_write_b32', dwordAccess(1, true));
  put('ds_write_b64', dwordAccess(2, true));
  put('ds_write_b96', dwordAccess(3, true));
  put('ds_write_b128', dwordAccess(4, true));
  put('ds_read_u8', readSmall(1, false, -1));
  put('ds_read_i8', readSmall(1, true, -1));
  put('ds_read_u16', readSmall(2, false, -1));
  put('ds_read_i16', readSmall(2, true, -1));
  put('ds_read_u8_d16', readSmall(1, false, 0));
  put('ds_read_u8_d16_hi', readSmall(1, false, 1));
  put('ds_read_i8_d16', readSmall(1, true, 0));
  put('ds_read_i8_d16_hi', readSmall(1, true, 1));
  put('ds_read_u16_d16', readSmall(2, false, 0));
  put('ds_read_u16_d16_hi', readSmall(2, false, 1));
  put('ds_write_b8', writeSmall(1, 0));
  put('ds_write_b16', writeSmall(2, 0));
  put('ds_write_b8_d16_hi', writeSmall(1, 16));
  put('ds_write_b16_d16_hi', writeSmall(2, 16));
  put('ds_read2_b32', twoAccess(1, 4, false));
  put('ds_read2st64_b32', twoAccess(1, 256, false));
  put('ds_read2_b64', twoAccess(2, 8, false));
  put('ds_read2st64_b64', twoAccess(2, 512, false));
  put('ds_write2_b32', twoAccess(1, 4, true));
  put('ds_write2st64_b32', twoAccess(1, 256, true));
  put('ds_write2_b64', twoAccess(2, 8, true));
  put('ds_write2st64_b64', twoAccess(2, 512, true));
  put('ds_wrxchg2_rtn_b32', wrxchg2(1, 4));
  put('ds_wrxchg2st64_rtn_b32', wrxchg2(1, 256));
  put('ds_wrxchg2_rtn_b64', wrxchg2(2, 8));
  put('ds_wrxchg2st64_rtn_b64', wrxchg2(2, 512));
  put('ds_swizzle_b32', (w, i) => {
    runSwizzle(w, i);
    done(w, i);
  });
  put('ds_permute_b32', (w, i) => {
    runPermute(w, i);
    done(w, i);
  });
  put('ds_bpermute_b32', (w, i) => {
    runBpermute(w, i);
    done(w, i);
  });
  put('ds_append', appendConsume(1));
  put('ds_consume', appendConsume(-1));
  put('ds_read_addtid_b32', readAddtid);
  put('ds_write_addtid_b32', writeAddtid);
  put('ds_nop', nop);
  for (const s of DS_SHAPES) {
    if (HANDLERS.has(s.name)) continue;
    const s2 = src2Key(s.name);
    if (s2 !== undefined) {
      put(s.name, s2.bits === 32 ? src2Op32(s2.key) : src2Op64(s2.key));
      continue;
    }
    const k = atomicKey(s.name);
    if (k === undefined) continue;
    put(s.name, k.bits === 32 ? atomic32(k.key, k.rtn) : atomic64(k.key, k.rtn));
  }
}
build();

/** The handler of an op by name (the translating engine inlines the plain reads and writes). */
export function dsHandler(name: string): Handler | undefined {
  return HANDLERS.get(name);
}

/** Whether the op name has semantics here (for the coverage test). */
export function dsHasSemantics(name: string): boolean {
  return HANDLERS.has(name);
}

/**
 * Decodes the instruction at dword `at` into `i` for execution (fields by the codec's decodeDsFields);
 * returns its size in dwords, 0 if LLVM decodes no instruction there.
 */
export function decodeDs(words: Uint32Array, at: number, n: number, i: Inst, t: Target): number {
  if (!decodedByCodec(i, 'ds') && decodeDsFields(words, at, n, t, i) === 0) return 0;
  const s = i.op as DsShape;
  // Bit 25 selects AGPRs on gfx90a; gfx9 up to gfx908 has no such DS form.
  if (i.acc) {
    i.run = unimplemented;
    return 2;
  }
  // The one-offset ops read offset1:offset0 as one 16-bit offset (decodeDsFields leaves offset1 0).
  const h = HANDLERS.get(s.name);
  // GWS and ordered-count ops act on dedicated state, not on GDS memory (ds-gws.ts).
  const sys = i.gds ? GDS_SYSTEM_HANDLERS.get(s.name) : undefined;
  if (sys !== undefined) i.run = sys;
  else if (i.gds && s.name !== 'ds_nop') i.run = h === undefined ? unimplemented : gdsNotModelled;
  else i.run = h ?? unimplemented;
  if (h !== undefined) {
    if (s.vdst > 0 && i.dst + s.vdst > 256) i.run = tupleOutOfRange('the destination');
    else if (s.data0 > 0 && i.vdata + s.data0 > 256) i.run = tupleOutOfRange('data0');
    else if (s.data1 > 0 && i.src1 + s.data1 > 256) i.run = tupleOutOfRange('data1');
  }
  return 2;
}
