// The VALU executor: fetches the sources of all 64 lanes into the Lanes scratchpad (register, SGPR
// broadcast, constant; SDWA/op_sel selection, DPP lane movement, neg/abs), runs the op's lane math and
// writes the result back under EXEC, SDWA's destination select and DPP's row/bank masks.

import { ExecError, type Inst } from '../inst.js';
import { readScalar32 } from '../scalar-src.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';
import { D_MASK, D_VGPR, K_F16, K_PK } from './info.js';
import { Lanes } from './lanes.js';
import { HALF_HI, HALF_LO, type ValuOp, WB_HI16, WB_LO16, WB_PLAIN, WB_SDWA, WB_WIDE } from './op.js';

export type { ValuOp } from './op.js';

/** One scratchpad for the whole emulator: instructions run one at a time. */
export const LANES = new Lanes();

const SRC_U = [LANES.u0, LANES.u1, LANES.u2];
const SRC_I = [LANES.i0, LANES.i1, LANES.i2];
/** The first 64 dwords of the destination, as a view made once (a subarray per write-back allocates). */
const DU64 = LANES.du.subarray(0, 64);

/** Population count of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

const pair = new Uint32Array(2);

/** Reads a scalar-or-constant source as a (lo, hi) pair for a 64-bit operand (source k's constant). */
function scalar64(w: Wave, i: Inst, k: number, code: number, out: Uint32Array): void {
  if (code < 128) {
    out[0] = w.s[code];
    out[1] = w.s[code + 1];
  } else if (code >= 235 && code <= 238) {
    out[0] = code === 236 || code === 238 ? 0xffffffff : 0;
    out[1] = readScalar32(w, code, 0);
  } else if (code === 251 || code === 252 || code === 253) {
    out[0] = readScalar32(w, code, 0);
    out[1] = 0;
  } else {
    out[0] = k === 0 ? i.k0 : k === 1 ? i.k1 : i.k2;
    out[1] = k === 0 ? i.k0h : k === 1 ? i.k1h : i.k2h;
  }
}

/**
 * Fetches source `k` (operand code `code`, 256+ for VGPRs; a constant is i.k{k}) of all lanes into SRC_U[k].
 * Values that may be 2^30 or more are not passed as arguments: a call V8 does not inline boxes them.
 */
function fetch(w: Wave, i: Inst, k: number, code: number, width: number) {
  const u = SRC_U[k];
  if (code >= 256) {
    const base = (code - 256) * 64;
    const v = w.v;
    // The wave's view of the register: a subarray made here would allocate per source.
    if (width === 1) u.set(w.vRow[code - 256]);
    else {
      for (let d = 0; d < width; d++) {
        const b = base + d * 64;
        if (b + 64 > v.length)
          throw new ExecError(`register range v${code - 256}.. is out of range in ${i.text}`);
        for (let l = 0; l < 64; l++) u[l * width + d] = v[b + l];
      }
    }
  } else if (width === 2) {
    scalar64(w, i, k, code, pair);
    const lo = pair[0];
    const hi = pair[1];
    for (let l = 0; l < 64; l++) {
      u[2 * l] = lo;
      u[2 * l + 1] = hi;
    }
  } else if (width === 4) {
    throw new ExecError(`a scalar source cannot be a 128-bit operand in ${i.text}`);
  } else {
    const val =
      code < 128
        ? w.s[code]
        : code >= 235 && code !== 255 && code < 240
          ? readScalar32(w, code, 0)
          : code >= 251 && code <= 253
            ? readScalar32(w, code, 0)
            : k === 0
              ? i.k0
              : k === 1
                ? i.k1
                : i.k2;
    // A loop through the signed view: fill() with a value of 2^30 and above boxes it in a HeapNumber.
    const ui = SRC_I[k];
    const x = val | 0;
    for (let l = 0; l < 64; l++) ui[l] = x;
  }
  // 16-bit sources: op_sel picks the half (VOP3), otherwise the low half (op.ts, halfOf).
  const half = ((i.op as ValuOp).half >>> (2 * k)) & 3;
  if (half === HALF_HI) for (let l = 0; l < 64; l++) u[l] = u[l] >>> 16;
  else if (half === HALF_LO) for (let l = 0; l < 64; l++) u[l] &= 0xffff;
}

/** Applies SDWA's source select and sign extension, then neg/abs by type. */
function sdwaSelect(u: Uint32Array, sel: number, sext: boolean): void {
  if (sel === 6) return;
  const shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
  const bits = sel < 4 ? 8 : 16;
  const mask = bits === 8 ? 0xff : 0xffff;
  if (sext) {
    const sh = 32 - bits;
    for (let l = 0; l < 64; l++) u[l] = (((u[l] >>> shift) & mask) << sh) >> sh;
  } else for (let l = 0; l < 64; l++) u[l] = (u[l] >>> shift) & mask;
}

/** neg/abs on source k of the given kind (packed: neg_lo / neg_hi, abs not applicable). */
function mods(u: Uint32Array, kind: number, width: number, abs: boolean, neg: boolean): void {
  if (!abs && !neg) return;
  if (kind === K_PK) {
    // VOP3P: neg is per half and handled by the caller.
    return;
  }
  const bit = kind === K_F16 ? 0x8000 : 0x80000000;
  const step = width;
  const off = width === 2 ? 1 : 0;
  for (let l = 0; l < 64; l++) {
    const j = l * step + off;
    let x = u[j];
    if (abs) x &= ~bit;
    if (neg) x ^= bit;
    u[j] = x >>> 0;
  }
}

/** VOP3P: builds each source's packed pair from op_sel/op_sel_hi and applies neg_lo/neg_hi. */
function packedSelect(u: Uint32Array, k: number, i: Inst): void {
  const selLo = (i.opSel >>> k) & 1;
  const selHi = (i.opSelHi >>> k) & 1;
  const negLo = (i.neg >>> k) & 1;
  const negHi = (i.negHi >>> k) & 1;
  if (selLo === 0 && selHi === 1 && negLo === 0 && negHi === 0) return;
  const nl = negLo ? 0x8000 : 0;
  const nh = negHi ? 0x8000 : 0;
  for (let l = 0; l < 64; l++) {
    const x = u[l];
    const lo = (selLo ? x >>> 16 : x & 0xffff) ^ nl;
    const hi = (selHi ? x >>> 16 : x & 0xffff) ^ nh;
    u[l] = (lo | (hi << 16)) >>> 0;
  }
}

// DPP source lane for each control value and lane (-1: none), built once. Shifts name the direction the
// data moves: row_shl:n gives lane l the value of lane l + n of its row, row_shr:n of lane l - n.
const DPP_SRC: Int8Array[] = (() => {
  const t: Int8Array[] = [];
  for (let c = 0; c < 512; c++) {
    const a = new Int8Array(64).fill(-1);
    for (let l = 0; l < 64; l++) {
      const r = l & 15;
      const row = l & ~15;
      let s = -1;
      if (c < 0x100) s = (l & ~3) | ((c >>> ((l & 3) * 2)) & 3);
      else if (c > 0x100 && c <= 0x10f) s = r + (c - 0x100) < 16 ? l + (c - 0x100) : -1;
      else if (c > 0x110 && c <= 0x11f) s = r - (c - 0x110) >= 0 ? l - (c - 0x110) : -1;
      else if (c > 0x120 && c <= 0x12f) s = row | ((r - (c - 0x120)) & 15);
      else if (c === 0x130) s = l + 1 < 64 ? l + 1 : -1;
      else if (c === 0x134) s = (l + 1) & 63;
      else if (c === 0x138) s = l - 1;
      else if (c === 0x13c) s = (l + 63) & 63;
      else if (c === 0x140) s = row | (15 - r);
      else if (c === 0x141) s = (l & ~7) | (7 - (l & 7));
      // row_bcast:15: each row from row 1 on reads lane 15 of the row before; row_bcast:31: rows 2-3 read lane 31.
      else if (c === 0x142) s = l >= 16 ? row - 1 : -1;
      else if (c === 0x143) s = l >= 32 ? 31 : -1;
      a[l] = s;
    }
    t.push(a);
  }
  return t;
})();

const dppTmp = new Uint32Array(128);
/** Lanes whose write DPP disables (row/bank mask, invalid source without bound_ctrl). */
const dppOff = new Uint32Array(2);

function dppMove(w: Wave, i: Inst, u: Uint32Array, width: number): void {
  const src = DPP_SRC[i.dppCtrl];
  const e0 = w.s[EXEC_LO];
  const e1 = w.s[EXEC_HI];
  dppTmp.set(u);
  let off0 = 0;
  let off1 = 0;
  for (let l = 0; l < 64; l++) {
    const s = src[l];
    const valid = s >= 0 && ((s < 32 ? e0 >>> s : e1 >>> (s - 32)) & 1) === 1;
    if (valid) {
      for (let d = 0; d < width; d++) u[l * width + d] = dppTmp[s * width + d];
    } else if (i.boundCtrl) {
      for (let d = 0; d < width; d++) u[l * width + d] = 0;
    } else if (l < 32) off0 |= 1 << l;
    else off1 |= 1 << (l - 32);
    const row = l >>> 4;
    const bank = (l >>> 2) & 3;
    if (!((i.rowMask >>> row) & 1) || !((i.bankMask >>> bank) & 1)) {
      if (l < 32) off0 |= 1 << l;
      else off1 |= 1 << (l - 32);
    }
  }
  dppOff[0] = off0;
  dppOff[1] = off1;
}

/** The generic VALU handler. */
export function runValu(w: Wave, i: Inst): void {
  if (w.gprIdxMode !== 0) runIndexed(w, i);
  else runPlain(w, i);
}

/**
 * VGPR indexing mode (s_set_gpr_idx_on): M0[7:0] is added to the enabled VGPR operands. The decoded
 * instruction is shared by every wave, so the operands are offset for this execution only.
 */
function runIndexed(w: Wave, i: Inst): void {
  const bits = w.gprIdxMode - 1;
  const idx = w.s[M0] & 0xff;
  const { src0, src1, src2, dst } = i;
  if (bits & 1 && src0 >= 256) i.src0 += idx;
  if (bits & 2 && src1 >= 256) i.src1 += idx;
  if (bits & 4 && src2 >= 256) i.src2 += idx;
  if (bits & 8 && (i.op as ValuOp).info.dst === D_VGPR) i.dst += idx;
  try {
    if (i.src0 > 511 || i.src1 > 511 || i.src2 > 511 || i.dst > 255)
      throw new ExecError(`VGPR index ${idx} (M0) takes an operand beyond v255 in ${i.text}`);
    runPlain(w, i);
  } finally {
    i.src0 = src0;
    i.src1 = src1;
    i.src2 = src2;
    i.dst = dst;
  }
}

function runPlain(w: Wave, i: Inst): void {
  const op = i.op as ValuOp;
  const info = op.info;
  const x = LANES;
  const n = info.nsrc;
  if (n > 0) fetch(w, i, 0, i.src0, info.width[0]);
  if (n > 1) fetch(w, i, 1, i.src1, info.width[1]);
  if (n > 2) fetch(w, i, 2, i.src2, info.width[2]);
  if (info.tied) {
    // The accumulator is the destination register itself, read as src2.
    fetch(w, i, n, 256 + i.dst, info.dstWidth);
  }
  if (i.sdwa) {
    sdwaSelect(x.u0, i.src0Sel, (i.sext & 1) !== 0);
    if (n > 1) sdwaSelect(x.u1, i.src1Sel, (i.sext & 2) !== 0);
  }
  if (op.enc === 2) {
    for (let k = 0; k < n; k++) if (info.kind[k] === K_PK) packedSelect(SRC_U[k], k, i);
  } else if (i.abs | i.neg) {
    for (let k = 0; k < n; k++)
      mods(SRC_U[k], info.kind[k], info.width[k], ((i.abs >>> k) & 1) === 1, ((i.neg >>> k) & 1) === 1);
  }
  if (i.dpp) dppMove(w, i, x.u0, info.width[0]);
  const mi = op.maskIn;
  if (mi >= 0) {
    x.maskIn[0] = w.s[mi];
    x.maskIn[1] = w.s[mi + 1];
  }
  x.mode = w.mode;
  x.clamp = i.clamp;
  x.omod = i.omod;
  if (op.enc === 2) {
    x.opSel = i.opSel;
    x.opSelHi = i.opSelHi;
    x.neg = i.neg;
    x.negHi = i.negHi;
    x.abs = i.abs;
  }
  op.fn(x);
  writeBack(w, i, op);
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
  w.pc = i.pc + i.size;
}

/** The lanes written: EXEC, less the lanes DPP disables; also read by writeHalf and sdwaWrite. */
const WM = new Uint32Array(2);

function writeBack(w: Wave, i: Inst, op: ValuOp): void {
  const x = LANES;
  // EXEC as it was before the op (lane math does not change it), read here rather than passed in.
  let e0 = w.s[EXEC_LO];
  let e1 = w.s[EXEC_HI];
  if (i.dpp) {
    e0 = (e0 & ~dppOff[0]) >>> 0;
    e1 = (e1 & ~dppOff[1]) >>> 0;
  }
  WM[0] = e0;
  WM[1] = e1;
  const info = op.info;
  const wb = op.wb;
  if (wb === WB_PLAIN) {
    const base = i.dst * 64;
    if (e0 === 0xffffffff && e1 === 0xffffffff) w.v.set(DU64, base);
    else {
      // Over EXEC's set bits only, lowest first (Math.clz32 of the isolated bit), as signed dwords
      // (Int32Array elements stay small integers; Uint32Array ones above 2^31 become doubles).
      const v = w.vi;
      const du = x.di;
      for (let m = e0 | 0; m !== 0; m &= m - 1) {
        const l = 31 - Math.clz32(m & -m);
        v[base + l] = du[l];
      }
      for (let m = e1 | 0; m !== 0; m &= m - 1) {
        const l = 63 - Math.clz32(m & -m);
        v[base + l] = du[l];
      }
    }
  } else if (wb === WB_LO16 || wb === WB_HI16) writeHalf(w, i, wb === WB_HI16);
  else if (wb === WB_SDWA) sdwaWrite(w, i);
  else if (wb === WB_WIDE) {
    const v = w.v;
    const du = x.du;
    const base = i.dst * 64;
    const width = info.dstWidth;
    if (base + width * 64 > v.length)
      throw new ExecError(`destination v${i.dst}.. is out of range in ${i.text}`);
    for (let l = 0; l < 64; l++) {
      if (!(((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) === 1)) continue;
      for (let d = 0; d < width; d++) v[base + d * 64 + l] = du[l * width + d];
    }
  }
  if (info.dst === D_MASK || info.carryOut) {
    const m0 = (x.maskOut[0] & e0) >>> 0;
    const m1 = (x.maskOut[1] & e1) >>> 0;
    const sd = i.sdst;
    if (sd < 126 || sd === 126) {
      w.s[sd] = m0;
      w.s[sd + 1] = m1;
    }
    if (info.cmpx) {
      w.s[EXEC_LO] = m0;
      w.s[EXEC_HI] = m1;
    }
  }
}

/** A 16-bit result into the high or low half of each active lane's VGPR, the other half kept. */
function writeHalf(w: Wave, i: Inst, hi: boolean): void {
  const e0 = WM[0];
  const e1 = WM[1];
  const v = w.v;
  const du = LANES.du;
  const base = i.dst * 64;
  for (let l = 0; l < 64; l++) {
    if (!(((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) === 1)) continue;
    const old = v[base + l];
    v[base + l] = hi ? ((old & 0xffff) | (du[l] << 16)) >>> 0 : ((old & 0xffff0000) | (du[l] & 0xffff)) >>> 0;
  }
}

function sdwaWrite(w: Wave, i: Inst): void {
  const e0 = WM[0];
  const e1 = WM[1];
  const sel = i.dstSel;
  const shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
  const bits = sel < 4 ? 8 : 16;
  const mask = ((bits === 8 ? 0xff : 0xffff) << shift) >>> 0;
  const v = w.v;
  const du = LANES.du;
  const base = i.dst * 64;
  for (let l = 0; l < 64; l++) {
    if (!(((l < 32 ? e0 >>> l : e1 >>> (l - 32)) & 1) === 1)) continue;
    const r = (du[l] << shift) & mask;
    let out: number;
    if (i.dstUnused === 2) out = (v[base + l] & ~mask) | r;
    else if (i.dstUnused === 1) {
      // Sign-extend the selected field into the bits above it; bits below stay zero.
      const top = shift + bits;
      out = top === 32 ? r : r | (((r >>> (top - 1)) & 1) !== 0 ? ~0 << top : 0);
    } else out = r;
    v[base + l] = out >>> 0;
  }
}
