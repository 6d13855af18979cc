// The single-block MFMA ops of one instruction (v_mfma_f32_32x32x2f32, _16x16x4f32, the f16, bf16 and
// i8 ones with one block) as WebAssembly SIMD, for the translating engine, on waves whose VGPRs and AGPRs
// are in the WebAssembly memory (vregs.ts). The model is valu/mfma.ts's (its header gives the operand
// layouts and the arithmetic): with one block and P = K*M/64 elements per lane, A's element [i][k] is
// element k%P of lane floor(k/P)*M + i of its registers and B's [k][j] element k%P of lane
// floor(k/P)*N + j, so that four consecutive output columns of a row are four consecutive lanes of one D
// register, and each k step is a fused multiply-add of them with one A element: fmaF32x4 (simd-gen.ts)
// for f32; for f16 and bf16, widened to f32 exactly, an f32 multiply (exact, see below) and one rounded
// add; for i8 an integer multiply-add (the model wraps, so the order does not matter). The result goes to a scratch area first; when any step needs
// exact code (a double-rounding risk), makes a NaN, or reads an f16 infinity or NaN (which the widening
// below does not do), nothing is written and the interpreter's handler runs the instruction instead.

import type { Inst } from '../inst.js';
import { EXEC_HI, EXEC_LO, type Wave } from '../wave.js';
import { fmaF32x4 } from './simd-gen.js';
import { MFMA_ROWS, MFMA_SCRATCH, MFMA_WIDE, vregExports, vregMemory } from './vregs.js';
import { FuncWriter, I32, moduleBytes, OP, SIMD, V128 } from './wasm-bin.js';

const F32 = 0;
const F16 = 1;
const BF16 = 2;
const I8 = 3;

/** Bytes of an A/B element of each type. */
const SIZE = [4, 2, 2, 1];

interface Shape {
  readonly m: number;
  readonly n: number;
  readonly k: number;
  readonly type: number;
  /** Where its row table starts in the first page (byte offsets of each row of D within a register set). */
  readonly rows: number;
}

const ROWS_32 = MFMA_ROWS;
const ROWS_16 = MFMA_ROWS + 128;

export const MFMA_SIMD_SHAPES: Readonly<Record<string, Shape>> = {
  v_mfma_f32_32x32x2f32: { m: 32, n: 32, k: 2, type: F32, rows: ROWS_32 },
  v_mfma_f32_16x16x4f32: { m: 16, n: 16, k: 4, type: F32, rows: ROWS_16 },
  v_mfma_f32_32x32x8f16: { m: 32, n: 32, k: 8, type: F16, rows: ROWS_32 },
  v_mfma_f32_16x16x16f16: { m: 16, n: 16, k: 16, type: F16, rows: ROWS_16 },
  v_mfma_f32_32x32x4bf16: { m: 32, n: 32, k: 4, type: BF16, rows: ROWS_32 },
  v_mfma_f32_16x16x8bf16: { m: 16, n: 16, k: 8, type: BF16, rows: ROWS_16 },
  v_mfma_i32_32x32x8i8: { m: 32, n: 32, k: 8, type: I8, rows: ROWS_32 },
  v_mfma_i32_16x16x16i8: { m: 16, n: 16, k: 16, type: I8, rows: ROWS_16 },
};

/** Elements of A (and B) per lane. */
function perLane(s: Shape): number {
  return (s.k * s.m) / 64;
}

/** Whether the jit can hand an instruction to mfmaSimd (what does not change from one execution to the next). */
export function mfmaSimdFits(i: Inst): boolean {
  const s = MFMA_SIMD_SHAPES[i.name];
  if (s === undefined) return false;
  // One block: no CBSZ/ABID block broadcast and no BLGP lane swizzle; A and B registers, in range.
  if (i.negHi !== 0 || i.opSel !== 0 || (i.opSelHi & 4) !== 0 || i.neg !== 0) return false;
  if (i.src0 < 256 || i.src1 < 256) return false;
  const abRegs = Math.ceil((perLane(s) * SIZE[s.type]) / 4);
  if (i.src0 - 256 + abRegs > 256 || i.src1 - 256 + abRegs > 256) return false;
  const accRegs = (s.m * s.n) / 64;
  return i.dst + accRegs <= 256 && (i.src2 < 256 || i.src2 - 256 + accRegs <= 256);
}

/** How many MFMAs ran as SIMD and how many it left to the handler (for tests and for reading a profile). */
export const MFMA_SIMD_COUNTS = { ran: 0, left: 0 };

type MfmaFn = (a: number, b: number, c: number, d: number, cConst: number, useConst: number) => number;

const FUNCS = new Map<string, MfmaFn | null>();

function fnOf(name: string): MfmaFn | null {
  let fn = FUNCS.get(name);
  if (fn !== undefined) return fn;
  fn = null;
  const mem = vregMemory();
  const s = MFMA_SIMD_SHAPES[name];
  if (mem !== null && s !== undefined) {
    // D's row i is register floor(i/(4R))*4 + i%4, lanes from (floor(i/4) % R)*N (R = 64/N row groups).
    const table = new Int32Array(mem.buffer, s.rows, s.m);
    const r = 64 / s.n;
    for (let i = 0; i < s.m; i++)
      table[i] = (Math.floor(i / (4 * r)) * 4 + (i % 4)) * 256 + (Math.floor(i / 4) % r) * s.n * 4;
    fn = vregExports(mem, moduleBytes([build(s)], 1)).f0 as MfmaFn;
  }
  FUNCS.set(name, fn);
  return fn;
}

/**
 * The function: (a, b, c, d: byte addresses of A's and B's register and of C's and D's first register;
 * cConst, useConst: C as a constant) => 0 when it wrote D, 1 when it left the instruction to the handler.
 */
function build(s: Shape): FuncWriter {
  const P_A = 0;
  const P_B = 1;
  const P_C = 2;
  const P_D = 3;
  const P_K = 4;
  const P_USE_K = 5;
  const f = new FuncWriter(6);
  const i = f.local(I32);
  const j = f.local(I32);
  const row = f.local(I32);
  const out = f.local(I32);
  const bail = f.local(V128);
  const acc = f.local(V128);
  const a = f.local(V128);
  const b = f.local(V128);
  const chunks = s.n / 4;
  const p = perLane(s);
  const size = SIZE[s.type];
  const prod = f.local(V128);
  const mag = f.local(V128);
  const h = f.local(V128);
  // Widened A and B (not f32): A[i][k] at WA + (k*M + i)*4, B[k][j] at WB + (k*N + j)*4.
  const WA = MFMA_WIDE;
  const WB = MFMA_WIDE + s.k * s.m * 4;
  if (s.type !== F32) {
    // Pass 0: four lanes at a time, element k%P of lane group floor(k/P) (its register, 256 bytes each,
    // and bit offset in the dword) of A's lanes g*M + 4c.. and B's g*N + 4c.. (M = N).
    f.i32(0).set(i);
    f.op(OP.loop, OP.void);
    for (let k = 0; k < s.k; k++) {
      const g = Math.floor(k / p);
      const byte = (k % p) * size;
      const reg = (byte >> 2) * 256;
      const shift = (byte & 3) * 8;
      for (const [from, to, n] of [
        [P_A, WA, s.m],
        [P_B, WB, s.n],
      ]) {
        f.get(i).i32(4).op(OP.i32Shl);
        f.get(from)
          .get(i)
          .i32(4)
          .op(OP.i32Shl, OP.i32Add)
          .simdMem(SIMD.load, reg + g * n * 4);
        widen(f, s.type, shift, bail, h);
        f.simdMem(SIMD.store, to + k * n * 4);
      }
    }
    f.get(i)
      .i32(1)
      .op(OP.i32Add)
      .tee(i)
      .i32(s.m / 4)
      .op(OP.i32LtU, OP.brIf, 0, OP.end);
  }
  // Pass 1: every row and four columns at a time into the scratch area.
  f.i32(0).set(i);
  f.op(OP.loop, OP.void);
  f.get(i).i32(2).op(OP.i32Shl).mem32(OP.i32Load, s.rows).set(row);
  f.i32(0).set(j);
  f.op(OP.loop, OP.void);
  // acc = C[i][4j .. 4j+3] (or the constant); out = scratch + (i * N + 4j) * 4.
  f.get(P_K).simd(SIMD.i32x4Splat);
  f.get(P_C).get(row).op(OP.i32Add).get(j).i32(4).op(OP.i32Shl, OP.i32Add).simdMem(SIMD.load, 0);
  f.get(P_USE_K).op(OP.select).set(acc);
  f.get(i)
    .i32(s.n * 4)
    .op(OP.i32Mul)
    .get(j)
    .i32(4)
    .op(OP.i32Shl, OP.i32Add)
    .set(out);
  for (let k = 0; k < s.k; k++) {
    // A[i][k] in all four lanes; B[k][4j ..]: f32 from the registers (lanes k*M + i and k*N + 4j..),
    // the others from pass 0.
    const [aAt, bAt] = s.type === F32 ? [k * s.m * 4, k * s.n * 4] : [WA + k * s.m * 4, WB + k * s.n * 4];
    if (s.type === F32) f.get(P_A).get(i).i32(2).op(OP.i32Shl, OP.i32Add);
    else f.get(i).i32(2).op(OP.i32Shl);
    f.mem32(OP.i32Load, aAt).simd(SIMD.i32x4Splat).set(a);
    if (s.type === F32) f.get(P_B).get(j).i32(4).op(OP.i32Shl, OP.i32Add);
    else f.get(j).i32(4).op(OP.i32Shl);
    f.simdMem(SIMD.load, bAt).set(b);
    if (s.type === I8) {
      f.get(acc).get(a).get(b).simd(SIMD.i32x4Mul).simd(SIMD.i32x4Add).set(acc);
      continue;
    }
    if (s.type === F32) fmaF32x4(f, a, b, acc, bail);
    else {
      // The product of two f16 values is exact in f32 (22 significant bits, magnitudes 2^-48 to 2^32),
      // so one rounded add is the fused step. A bf16 product (16 bits) is exact unless it leaves f32's
      // normal range: such lanes (a nonzero product below 2^-126, or infinite) set `bail`.
      f.get(a).get(b).simd(SIMD.f32x4Mul).set(prod);
      if (s.type === BF16) {
        f.get(prod).simd(SIMD.f32x4Abs).set(mag);
        f.get(mag).splatConst(0x00800000).simd(SIMD.f32x4Ge);
        f.get(mag).splatConst(0x7f800000).simd(SIMD.f32x4Lt).simd(SIMD.and);
        f.get(a).splatConst(0).simd(SIMD.f32x4Eq).simd(SIMD.or);
        f.get(b).splatConst(0).simd(SIMD.f32x4Eq).simd(SIMD.or);
        f.simd(SIMD.not).get(bail).simd(SIMD.or).set(bail);
      }
      f.get(acc).get(prod).simd(SIMD.f32x4Add);
    }
    f.set(acc);
    f.get(bail).get(acc).get(acc).simd(SIMD.f32x4Ne).simd(SIMD.or).set(bail);
  }
  f.get(out).get(acc).simdMem(SIMD.store, MFMA_SCRATCH);
  f.get(j).i32(1).op(OP.i32Add).tee(j).i32(chunks).op(OP.i32LtU, OP.brIf, 0, OP.end);
  f.get(i).i32(1).op(OP.i32Add).tee(i).i32(s.m).op(OP.i32LtU, OP.brIf, 0, OP.end);
  f.get(bail).simd(SIMD.anyTrue).op(OP.if, OP.void).i32(1).op(OP.return, OP.end);
  // Pass 2: the scratch area to D.
  f.i32(0).set(i);
  f.op(OP.loop, OP.void);
  f.get(i).i32(2).op(OP.i32Shl).mem32(OP.i32Load, s.rows).get(P_D).op(OP.i32Add).set(row);
  f.get(i)
    .i32(s.n * 4)
    .op(OP.i32Mul)
    .set(out);
  for (let c = 0; c < chunks; c++)
    f.get(row)
      .get(out)
      .simdMem(SIMD.load, MFMA_SCRATCH + c * 16)
      .simdMem(SIMD.store, c * 16);
  f.get(i).i32(1).op(OP.i32Add).tee(i).i32(s.m).op(OP.i32LtU, OP.brIf, 0, OP.end);
  f.i32(0);
  return f;
}

/**
 * The element at bit `shift` of each dword of the vector on the stack, as an f32 (F32, F16, BF16) or a
 * sign-extended i32 (I8). An f16 becomes the f32 of the same value: its magnitude bits moved to an f32's
 * places make the value times 2^-112 exactly (normal and denormal alike), which the multiply by 2^112
 * undoes exactly; infinities and NaNs (exponent 31) set `bail` instead.
 */
function widen(f: FuncWriter, type: number, shift: number, bail: number, h: number): void {
  if (type === F32) return;
  if (type === BF16) {
    if (shift === 0) f.i32(16).simd(SIMD.i32x4Shl);
    else f.splatConst(0xffff0000).simd(SIMD.and);
    return;
  }
  if (type === I8) {
    f.i32(24 - shift)
      .simd(SIMD.i32x4Shl)
      .i32(24)
      .simd(SIMD.i32x4ShrS);
    return;
  }
  if (shift !== 0) f.i32(shift).simd(SIMD.i32x4ShrU);
  f.set(h);
  f.get(bail)
    .get(h)
    .splatConst(0x7c00)
    .simd(SIMD.and)
    .splatConst(0x7c00)
    .simd(SIMD.i32x4Eq)
    .simd(SIMD.or)
    .set(bail);
  f.get(h).splatConst(0x7fff).simd(SIMD.and).i32(13).simd(SIMD.i32x4Shl);
  f.splatConst(0x77800000).simd(SIMD.f32x4Mul);
  f.get(h).splatConst(0x8000).simd(SIMD.and).i32(16).simd(SIMD.i32x4Shl).simd(SIMD.or);
}

/**
 * Runs an MFMA instruction that mfmaSimdFits as SIMD, as its handler would (pc, lane count); false,
 * with nothing changed, where the handler must run it (registers outside the WebAssembly memory, a
 * partial EXEC, a step needing exact code).
 */
export function mfmaSimd(w: Wave, i: Inst): boolean {
  if (w.vb < 0 || w.ab < 0 || w.s[EXEC_LO] !== 0xffffffff || w.s[EXEC_HI] !== 0xffffffff) return false;
  const fn = fnOf(i.name);
  if (fn === null) return false;
  // C is read whole (pass 1) before D is written (pass 2): they may overlap. (No closure here: this
  // runs for every MFMA.)
  const a = ((i.acc & 1) !== 0 ? w.ab : w.vb) + (i.src0 - 256) * 256;
  const b = ((i.acc & 2) !== 0 ? w.ab : w.vb) + (i.src1 - 256) * 256;
  const c = i.src2 >= 256 ? w.ab + (i.src2 - 256) * 256 : 0;
  if (fn(a, b, c, w.ab + i.dst * 256, i.k2 | 0, i.src2 >= 256 ? 0 : 1) !== 0) {
    MFMA_SIMD_COUNTS.left++;
    return false;
  }
  MFMA_SIMD_COUNTS.ran++;
  w.laneInstructions += 64;
  w.pc = i.pc + i.size;
  return true;
}
