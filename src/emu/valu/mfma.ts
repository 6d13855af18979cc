// The gfx908 (MI100, CDNA1) matrix fused-multiply-add instructions, V_MFMA_*: D = A * B + C over the
// whole wave, for every block of the op.
//
// Sources. The MI100 ISA document (ch. 7) gives the naming (V_MFMA_CDfmt_MxNxK ABfmt; A is MxK, B is KxN,
// C and D are MxN, partial results are kept in CDfmt), that C and D are AccVGPRs, A and B Arch or Acc
// VGPRs, that the float inline constants are always FP32 and that the miSIMD raises no arithmetic
// exceptions. It does not give the operand layouts. Those are taken from AMD's Matrix Instruction
// Calculator (github.com/ROCm/amd_matrix_instruction_calculator, matrix_calculator.py: the cdna1 table of
// M, N, K and blocks; InstCalcGfx9.__get_input_reg_lanes / __get_output_reg_lanes; the CBSZ/ABID block
// and BLGP lane transforms and their legal ranges), and agree with the worked examples of AMD's lab notes
// "AMD matrix cores" (github.com/amd/amd-lab-notes, matrix-cores/src/*.cpp):
//
// - A (and B, with N for M): with G = 64 / (M * blocks) lane groups and P = K / G elements per lane,
//   A[i][k] of block b is in lane b*M + floor(k/P)*M*blocks + i, element k % P of the lane's dwords
//   (f32: one dword; f16: 4 halves low first over 2 dwords; bf16: 2 halves; i8: 4 bytes low first).
// - C and D (32-bit): with R = 64 / N row groups per register and Q = ceil(64 / (M*N/4)) blocks per
//   register, D[i][j] of block b is in register b*floor(M*N/64) + floor(i/(4R))*4 + i%4, lane
//   (b % Q)*N + (floor(i/4) % R)*Q*N + j.
// - CBSZ/ABID: block b reads the A data of block floor(b / 2^cbsz) * 2^cbsz + abid (legal: cbsz <=
//   min(4, log2 blocks), abid < 2^cbsz). BLGP: the B value of lane l is read from lane g(l): 1: l%32,
//   2: 32 + l%32, 3: (l+16)%64, 4-7: 16*(blgp-4) + l%16.
//
// Model (where the documents are silent, stated rather than guessed):
// - Floating point: every product is exact and accumulated into the f32 partial result in k order,
//   starting from C, each step rounded once to f32 (a fused multiply-add, round to nearest even).
//   Denormal inputs, partial results and results are kept; MODE (round, denormal) is not consulted. Any
//   NaN result is written as the default quiet NaN 0x7fc00000.
// - Integers: signed i8 products summed into i32 with wrap-around, C first, in k order.
// - EXEC: the operation spans all 64 lanes; what the matrix core does with a partial EXEC is not
//   documented, so anything but a full EXEC stops with an ExecError.
// - A and B must be registers (VGPRs, or AGPRs by the acc bits); C may be an inline constant, broadcast to
//   every element; vdst and a register C are AGPRs.

import { fmaF32 } from '../float/fma.js';
import { ExecError, type Handler, type Inst } from '../inst.js';
import { EXEC_HI, EXEC_LO, type Wave } from '../wave.js';

const F32 = 0;
const F16 = 1;
const BF16 = 2;
const I8 = 3;

interface Shape {
  readonly m: number;
  readonly n: number;
  readonly k: number;
  readonly blocks: number;
  readonly type: number;
}

/** The cdna1 instructions of the calculator: M, N, K, blocks and the A/B element type. */
const SHAPES: Record<string, Shape> = {
  v_mfma_f32_32x32x1f32: { m: 32, n: 32, k: 1, blocks: 2, type: F32 },
  v_mfma_f32_16x16x1f32: { m: 16, n: 16, k: 1, blocks: 4, type: F32 },
  v_mfma_f32_4x4x1f32: { m: 4, n: 4, k: 1, blocks: 16, type: F32 },
  v_mfma_f32_32x32x2f32: { m: 32, n: 32, k: 2, blocks: 1, type: F32 },
  v_mfma_f32_16x16x4f32: { m: 16, n: 16, k: 4, blocks: 1, type: F32 },
  v_mfma_f32_32x32x4f16: { m: 32, n: 32, k: 4, blocks: 2, type: F16 },
  v_mfma_f32_16x16x4f16: { m: 16, n: 16, k: 4, blocks: 4, type: F16 },
  v_mfma_f32_4x4x4f16: { m: 4, n: 4, k: 4, blocks: 16, type: F16 },
  v_mfma_f32_32x32x8f16: { m: 32, n: 32, k: 8, blocks: 1, type: F16 },
  v_mfma_f32_16x16x16f16: { m: 16, n: 16, k: 16, blocks: 1, type: F16 },
  v_mfma_i32_32x32x4i8: { m: 32, n: 32, k: 4, blocks: 2, type: I8 },
  v_mfma_i32_16x16x4i8: { m: 16, n: 16, k: 4, blocks: 4, type: I8 },
  v_mfma_i32_4x4x4i8: { m: 4, n: 4, k: 4, blocks: 16, type: I8 },
  v_mfma_i32_32x32x8i8: { m: 32, n: 32, k: 8, blocks: 1, type: I8 },
  v_mfma_i32_16x16x16i8: { m: 16, n: 16, k: 16, blocks: 1, type: I8 },
  v_mfma_f32_32x32x2bf16: { m: 32, n: 32, k: 2, blocks: 2, type: BF16 },
  v_mfma_f32_16x16x2bf16: { m: 16, n: 16, k: 2, blocks: 4, type: BF16 },
  v_mfma_f32_4x4x2bf16: { m: 4, n: 4, k: 2, blocks: 16, type: BF16 },
  v_mfma_f32_32x32x4bf16: { m: 32, n: 32, k: 4, blocks: 1, type: BF16 },
  v_mfma_f32_16x16x8bf16: { m: 16, n: 16, k: 8, blocks: 1, type: BF16 },
};

// Scratch, shared by all executions (instructions run one at a time): the A and B elements of every lane
// (lane * P + element), as numbers for the float types and as integers for i8.
const A_F = new Float64Array(64 * 4);
const B_F = new Float64Array(64 * 4);
const A_I = new Int32Array(64 * 4);
const B_I = new Int32Array(64 * 4);
/** C, snapshotted before D is written (they may overlap). */
const C_U = new Uint32Array(32 * 64);
/** The A lane base and B lane of each (block, k group, row/column) after CBSZ/ABID and BLGP. */
const A_BLOCK = new Int32Array(16);
const B_LANE = new Int32Array(64);
// The element indices of one block's products, made before its inner loops (which then only load):
// A_IDX[k] of row r's A element for k, B_IDX[c * K + k] of column c's B element for k.
const A_IDX = new Int32Array(64);
const B_IDX = new Int32Array(64 * 64);

const cvt = new ArrayBuffer(4);
const cvtU = new Uint32Array(cvt);
const cvtF = new Float32Array(cvt);

function f32Value(bits: number): number {
  cvtU[0] = bits;
  return cvtF[0];
}

function f16Value(h: number): number {
  const e = (h >>> 10) & 31;
  const m = h & 1023;
  const s = h & 0x8000 ? -1 : 1;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m === 0 ? s * Number.POSITIVE_INFINITY : Number.NaN;
  return s * (1024 + m) * 2 ** (e - 25);
}

function f32Bits(v: number): number {
  if (Number.isNaN(v)) return 0x7fc00000;
  cvtF[0] = v;
  return cvtU[0];
}

function blgpLane(l: number, blgp: number): number {
  switch (blgp) {
    case 1:
      return l & 31;
    case 2:
      return l < 32 ? l + 32 : l;
    case 3:
      return (l + 16) & 63;
    case 4:
      return l & 15;
    case 5:
      return l < 16 ? l + 16 : l >= 48 ? l - 32 : l >= 32 ? l - 16 : l;
    case 6:
      return l >= 48 ? l - 16 : l < 16 ? l + 32 : l < 32 ? l + 16 : l;
    case 7:
      return l + (3 - (l >>> 4)) * 16;
    default:
      return l;
  }
}

/** Reads the dwords of source `k` (code `code`) of every lane into the element scratch. */
function loadSource(
  w: Wave,
  i: Inst,
  k: number,
  code: number,
  s: Shape,
  p: number,
  f: Float64Array,
  n: Int32Array,
) {
  if (code < 256)
    throw new ExecError(
      `${i.name}: a scalar or constant A/B source is not modelled (the matrix sources are VGPRs or AGPRs) at pc 0x${i.pc.toString(16)}`,
    );
  const reg = code - 256;
  const dwords = s.type === F16 ? 2 : 1;
  if (reg + dwords > 256)
    throw new ExecError(`register range of ${i.text || i.name} is out of range at pc 0x${i.pc.toString(16)}`);
  const file = ((i.acc >>> k) & 1) !== 0 ? w.a : w.v;
  if (file.length === 0) throw new ExecError(`${i.name}: this target has no AGPRs`);
  for (let l = 0; l < 64; l++) {
    const o = l * p;
    if (s.type === F32) f[o] = f32Value(file[reg * 64 + l]);
    else if (s.type === I8) {
      const x = file[reg * 64 + l];
      n[o] = (x << 24) >> 24;
      n[o + 1] = (x << 16) >> 24;
      n[o + 2] = (x << 8) >> 24;
      n[o + 3] = x >> 24;
    } else {
      for (let e = 0; e < p; e++) {
        const x = file[(reg + (e >>> 1)) * 64 + l];
        const h = e & 1 ? x >>> 16 : x & 0xffff;
        f[o + e] = s.type === F16 ? f16Value(h) : f32Value(h << 16);
      }
    }
  }
}

function makeHandler(s: Shape): Handler {
  const { m, n, k: kk, blocks } = s;
  const groups = 64 / (m * blocks);
  const p = kk / groups;
  const accDwords = (m * n * blocks) / 64;
  const rowGroups = 64 / n;
  const perReg = Math.ceil(64 / ((n * m) / 4));
  const regsPerBlock = Math.floor((m * n) / 64);
  const maxCbsz = Math.min(4, Math.log2(blocks));
  const isInt = s.type === I8;
  // Per k: the lane offset of its lane group in A and in B, and its element within the lane.
  const kgA = new Int32Array(kk);
  const kgB = new Int32Array(kk);
  const kEl = new Int32Array(kk);
  for (let k = 0; k < kk; k++) {
    kgA[k] = Math.floor(k / p) * m * blocks;
    kgB[k] = Math.floor(k / p) * n * blocks;
    kEl[k] = k % p;
  }
  return (w: Wave, i: Inst) => {
    if (w.s[EXEC_LO] !== 0xffffffff || w.s[EXEC_HI] !== 0xffffffff)
      throw new ExecError(
        `${i.name} with a partial EXEC is not modelled (the documents do not say what the matrix core does with EXEC) at pc 0x${i.pc.toString(16)}`,
      );
    const cbsz = i.negHi;
    const abid = i.opSel | ((i.opSelHi & 4) << 1);
    const blgp = i.neg;
    if (cbsz > maxCbsz || abid >= 1 << cbsz)
      throw new ExecError(
        `${i.name}: cbsz:${cbsz} abid:${abid} is outside the documented range (cbsz <= ${maxCbsz}, abid < 2^cbsz) at pc 0x${i.pc.toString(16)}`,
      );
    if (w.a.length === 0) throw new ExecError(`${i.name}: this target has no AGPRs`);
    if (i.dst + accDwords > 256 || (i.src2 >= 256 && i.src2 - 256 + accDwords > 256))
      throw new ExecError(
        `register range of ${i.text || i.name} is out of range at pc 0x${i.pc.toString(16)}`,
      );
    loadSource(w, i, 0, i.src0, s, p, A_F, A_I);
    loadSource(w, i, 1, i.src1, s, p, B_F, B_I);
    const cLen = accDwords * 64;
    // Loops rather than set(subarray) and fill(), which allocate (a view; a HeapNumber of 2^30 and above).
    if (i.src2 >= 256) {
      const from = (i.src2 - 256) * 64;
      const acc = w.a;
      for (let j = 0; j < cLen; j++) C_U[j] = acc[from + j];
    } else {
      const k = i.k2 >>> 0;
      for (let j = 0; j < cLen; j++) C_U[j] = k;
    }
    const span = 1 << cbsz;
    for (let b = 0; b < blocks; b++) A_BLOCK[b] = (Math.floor(b / span) * span + abid) * m;
    for (let l = 0; l < 64; l++) B_LANE[l] = blgpLane(l, blgp);
    const d = w.a;
    const dBase = i.dst * 64;
    for (let b = 0; b < blocks; b++) {
      const aBase = A_BLOCK[b];
      for (let c = 0; c < n; c++)
        for (let k = 0; k < kk; k++) B_IDX[c * kk + k] = B_LANE[b * n + kgB[k] + c] * p + kEl[k];
      for (let r = 0; r < m; r++) {
        const reg = b * regsPerBlock + Math.floor(r / (4 * rowGroups)) * 4 + (r % 4);
        const laneBase = (b % perReg) * n + (Math.floor(r / 4) % rowGroups) * perReg * n;
        for (let k = 0; k < kk; k++) A_IDX[k] = (aBase + kgA[k] + r) * p + kEl[k];
        for (let c = 0; c < n; c++) {
          const at = reg * 64 + laneBase + c;
          const cb = c * kk;
          if (isInt) {
            let acc = C_U[at] | 0;
            for (let k = 0; k < kk; k++) acc = (acc + A_I[A_IDX[k]] * B_I[B_IDX[cb + k]]) | 0;
            d[dBase + at] = acc >>> 0;
          } else {
            let acc = f32Value(C_U[at]);
            for (let k = 0; k < kk; k++) acc = fmaF32(A_F[A_IDX[k]], B_F[B_IDX[cb + k]], acc);
            d[dBase + at] = f32Bits(acc);
          }
        }
      }
    }
    w.laneInstructions += 64;
    w.pc = i.pc + i.size;
  };
}

/** The MFMA handlers by op name. */
export const MFMA_HANDLERS: Readonly<Record<string, Handler>> = Object.fromEntries(
  Object.entries(SHAPES).map(([name, s]) => [name, makeHandler(s)]),
);
