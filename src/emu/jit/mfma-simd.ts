// The f32 MFMA ops of one block (v_mfma_f32_32x32x2f32, v_mfma_f32_16x16x4f32) as WebAssembly SIMD, for
// the translating engine, on waves whose VGPRs and AGPRs are in the WebAssembly memory (vregs.ts). The
// model is valu/mfma.ts's (its header gives the operand layouts and the arithmetic): with one block, A's
// element [i][k] is lane k*M + i of its register and B's [k][j] lane k*N + j, so that four consecutive
// output columns of a row are four consecutive lanes of one D register, and each k step is a fused
// multiply-add of them with one A element (fmaF32x4, simd-gen.ts). The result goes to a scratch area
// first; when any step needs exact code (a double-rounding risk) or makes a NaN, nothing is written and
// the interpreter's handler runs the instruction instead.

import type { Inst } from '../inst.js';
import { EXEC_HI, EXEC_LO, type Wave } from '../wave.js';
import { fmaF32x4 } from './simd-gen.js';
import { MFMA_ROWS, MFMA_SCRATCH, vregMemory } from './vregs.js';
import { FuncWriter, I32, moduleBytes, OP, SIMD, V128 } from './wasm-bin.js';

interface Shape {
  readonly m: number;
  readonly n: number;
  readonly k: number;
  /** Where its row table starts in the first page (byte offsets of each row of D within a register set). */
  readonly rows: number;
}

export const MFMA_SIMD_SHAPES: Readonly<Record<string, Shape>> = {
  v_mfma_f32_32x32x2f32: { m: 32, n: 32, k: 2, rows: MFMA_ROWS },
  v_mfma_f32_16x16x4f32: { m: 16, n: 16, k: 4, rows: MFMA_ROWS + 128 },
};

/** Whether the jit can hand an instruction to mfmaSimd (what does not change from one execution to the next). */
export function mfmaSimdFits(i: Inst): boolean {
  const s = MFMA_SIMD_SHAPES[i.name];
  if (s === undefined) return false;
  // One block: no CBSZ/ABID block broadcast and no BLGP lane swizzle; A and B registers, in range.
  if (i.negHi !== 0 || i.opSel !== 0 || (i.opSelHi & 4) !== 0 || i.neg !== 0) return false;
  if (i.src0 < 256 || i.src1 < 256) return false;
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
    const bytes = moduleBytes([build(s)], 1);
    const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { mem } });
    fn = inst.exports.f0 as MfmaFn;
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
    // A[i][k] (lane k*M + i) in all four lanes; B[k][4j ..] (lanes k*N + 4j ..).
    f.get(P_A)
      .get(i)
      .i32(2)
      .op(OP.i32Shl, OP.i32Add)
      .mem32(OP.i32Load, k * s.m * 4)
      .simd(SIMD.i32x4Splat)
      .set(a);
    f.get(P_B)
      .get(j)
      .i32(4)
      .op(OP.i32Shl, OP.i32Add)
      .simdMem(SIMD.load, k * s.n * 4)
      .set(b);
    fmaF32x4(f, a, b, acc, bail);
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
