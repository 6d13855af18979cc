// Tests of the gfx908 matrix fused-multiply-add ops (src/emu/valu/mfma.ts). Each op runs on one wave with
// seeded random registers; the reference unpacks the registers into A, B and C matrices by the inverse
// (register, lane) -> element maps of AMD's lab notes "AMD matrix cores" (matrix-cores/src/*.cpp) and
// the Matrix Instruction Calculator, applies CBSZ/ABID and BLGP as the calculator describes them,
// multiplies on the host with exact BigInt arithmetic (each k step rounded once to f32, nearest even) and
// compares every D register of every lane bit for bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bitLength } from '../scripts/lib/bit-length.js';
import type { Wave } from '../src/emu/wave.js';
import { EXEC_HI, EXEC_LO } from '../src/emu/wave.js';
import { PACKED_OPS } from '../src/isa/vop3-packed.js';
import { runWave } from './helpers/wave-asm.js';

type Ty = 'f32' | 'f16' | 'bf16' | 'i8';
interface Op {
  name: string;
  m: number;
  k: number;
  blocks: number;
  ty: Ty;
}

function parse(name: string): Op {
  const r = /^v_mfma_[fi]32_(\d+)x(\d+)x(\d+)(f32|f16|bf16|i8)$/.exec(name);
  if (r === null) throw new Error(name);
  const m = Number(r[1]);
  const k = Number(r[3]);
  // Blocks from the output size: M*N*blocks/64 registers, which the lab notes give as 16 per 32x32
  // block, 4 per 16x16 block and 4 for the whole batch of 16 4x4 blocks.
  const ty = r[4] as Ty;
  const blocksByK: Record<string, number> = {
    '32:1:f32': 2,
    '16:1:f32': 4,
    '4:1:f32': 16,
    '32:2:f32': 1,
    '16:4:f32': 1,
    '32:4:f16': 2,
    '16:4:f16': 4,
    '4:4:f16': 16,
    '32:8:f16': 1,
    '16:16:f16': 1,
    '32:4:i8': 2,
    '16:4:i8': 4,
    '4:4:i8': 16,
    '32:8:i8': 1,
    '16:16:i8': 1,
    '32:2:bf16': 2,
    '16:2:bf16': 4,
    '4:2:bf16': 16,
    '32:4:bf16': 1,
    '16:8:bf16': 1,
  };
  const blocks = blocksByK[`${m}:${k}:${ty}`];
  if (blocks === undefined) throw new Error(name);
  return { name, m, k, blocks, ty };
}

const OPS = PACKED_OPS.filter((p) => p.kind === 'mfma').map((p) => parse(p.name));

// ---- seeded random -------------------------------------------------------------------------------------

let seed = 0x2545f491;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
}

/** A random f32 bit pattern: moderate exponents, a few zeros and denormals; never NaN or infinity. */
function rndF32(): number {
  const r = rnd() % 64;
  const sign = rnd() & 0x80000000;
  if (r === 0) return sign;
  if (r === 1) return (sign | (rnd() & 0x7fffff)) >>> 0;
  const e = 127 - 12 + (rnd() % 24);
  return (sign | (e << 23) | (rnd() & 0x7fffff)) >>> 0;
}
function rndF16(): number {
  const r = rnd() % 32;
  const sign = rnd() & 0x8000;
  if (r === 0) return sign | (rnd() & 0x3ff);
  return sign | ((1 + (rnd() % 30)) << 10) | (rnd() & 0x3ff);
}
function rndBf16(): number {
  return rndF32() >>> 16;
}

// ---- exact arithmetic ---------------------------------------------------------------------------------------

const SCALE = 2 ** 200;
const f32buf = new Float32Array(1);
const u32buf = new Uint32Array(f32buf.buffer);
function f32FromBits(b: number): number {
  u32buf[0] = b;
  return f32buf[0];
}
function bitsOfF32(v: number): number {
  f32buf[0] = v;
  return u32buf[0];
}
function f16ToNumber(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 31;
  const f = h & 1023;
  return e === 0 ? s * f * 2 ** -24 : s * (1 + f / 1024) * 2 ** (e - 15);
}

/** x (a finite f32 value) as an integer count of 2^-200. */
function big(x: number): bigint {
  return BigInt(x * SCALE);
}

/** Rounds n * 2^-400 to f32, nearest even, with subnormals; `negZero` is the sign of an exact zero. */
function roundF32(n: bigint, negZero: boolean): number {
  if (n === 0n) return negZero ? -0 : 0;
  const neg = n < 0n;
  const mag = neg ? -n : n;
  const len = bitLength(mag);
  const top = len - 1 - 400;
  const q = Math.max(top - 23, -149);
  const sh = q + 400;
  let r: bigint;
  if (sh <= 0) r = mag << BigInt(-sh);
  else {
    r = mag >> BigInt(sh);
    const rem = mag - (r << BigInt(sh));
    const half = 1n << BigInt(sh - 1);
    if (rem > half || (rem === half && (r & 1n) === 1n)) r += 1n;
  }
  const v = Number(r) * 2 ** q;
  const out = v >= 2 ** 128 ? Number.POSITIVE_INFINITY : v;
  return neg ? -out : out;
}

/** One accumulation step: round(a*b + c) to f32 with the product exact. */
function fmaStep(a: number, b: number, c: number): number {
  const p = big(a) * big(b);
  const s = p + big(c) * BigInt(SCALE);
  const pNeg = Object.is(a * b, -0) || a * b < 0;
  return roundF32(s, pNeg && Object.is(c, -0));
}

// ---- the reference ------------------------------------------------------------------------------------------

/** Elements per lane of A/B and the dwords they take. */
function perLane(op: Op): { p: number; dwords: number } {
  const groups = 64 / (op.m * op.blocks);
  const p = op.k / groups;
  return { p, dwords: op.ty === 'f16' ? 2 : 1 };
}

/** Element e of a lane's source dwords, as a number (floats) or a signed integer (i8). */
function element(op: Op, dw: number[], e: number): number {
  switch (op.ty) {
    case 'f32':
      return f32FromBits(dw[0]);
    case 'i8':
      return (dw[0] << (24 - 8 * e)) >> 24;
    case 'f16':
      return f16ToNumber((dw[e >> 1] >>> (16 * (e & 1))) & 0xffff);
    case 'bf16':
      return f32FromBits(((dw[0] >>> (16 * (e & 1))) & 0xffff) << 16);
  }
}

/** The lane whose B register value the hardware reads for lane l under BLGP (calculator's list). */
function blgpSource(l: number, blgp: number): number {
  if (blgp === 0) return l;
  if (blgp === 1) return l % 32; // broadcast the first 32 lanes
  if (blgp === 2) return 32 + (l % 32); // broadcast the second 32 lanes
  if (blgp === 3) return (l + 16) % 64; // rotate down by 16 lanes
  return 16 * (blgp - 4) + (l % 16); // broadcast 16-lane group blgp-4
}

/** Output register r, lane l -> (block, i, j), per the lab notes' descriptions of D. */
function outElement(op: Op, r: number, l: number): [number, number, number] {
  if (op.m === 4) return [l >> 2, r, l & 3];
  if (op.m === 16) return [r >> 2, 4 * (l >> 4) + (r & 3), l & 15];
  return [r >> 4, 8 * ((r & 15) >> 2) + 4 * (l >> 5) + (r & 3), l & 31];
}

interface Inputs {
  a: number[][]; // [lane][dword]
  b: number[][];
  c: number[]; // [reg * 64 + lane]
}

function reference(op: Op, inp: Inputs, cbsz: number, abid: number, blgp: number): Uint32Array {
  const { m, k: K, blocks } = op;
  const { p } = perLane(op);
  // A[block][i][k] and B[block][k][j] from the registers, inverting lane = b*M + group*M*blocks + i.
  const A: number[][][] = [];
  const B: number[][][] = [];
  for (let b = 0; b < blocks; b++) {
    A.push(Array.from({ length: m }, () => new Array(K).fill(0)));
    B.push(Array.from({ length: K }, () => new Array(m).fill(0)));
  }
  for (let l = 0; l < 64; l++) {
    const b = Math.floor(l / m) % blocks;
    const row = l % m;
    const group = Math.floor(l / (m * blocks));
    for (let e = 0; e < p; e++) {
      A[b][row][group * p + e] = element(op, inp.a[l], e);
      // BLGP: what lane l of the B operand holds, as the math sees it.
      B[b][group * p + e][row] = element(op, inp.b[blgpSource(l, blgp)], e);
    }
  }
  const regs = (m * m * blocks) / 64;
  const out = new Uint32Array(regs * 64);
  for (let r = 0; r < regs; r++)
    for (let l = 0; l < 64; l++) {
      const [b, i, j] = outElement(op, r, l);
      const ab = ((b >> cbsz) << cbsz) + abid;
      const c = inp.c[r * 64 + l];
      if (op.ty === 'i8') {
        let acc = BigInt(c | 0);
        for (let k = 0; k < K; k++) acc += BigInt(A[ab][i][k] * B[b][k][j]);
        out[r * 64 + l] = Number(BigInt.asUintN(32, acc));
      } else {
        let acc = f32FromBits(c);
        for (let k = 0; k < K; k++) acc = fmaStep(A[ab][i][k], B[b][k][j], acc);
        out[r * 64 + l] = Number.isNaN(acc) ? 0x7fc00000 : bitsOfF32(acc);
      }
    }
  return out;
}

function randomInputs(op: Op): Inputs {
  const { dwords } = perLane(op);
  const word = (): number => {
    if (op.ty === 'f32') return rndF32();
    if (op.ty === 'i8') return rnd();
    if (op.ty === 'f16') return (rndF16() | (rndF16() << 16)) >>> 0;
    return (rndBf16() | (rndBf16() << 16)) >>> 0;
  };
  const lanes = () => Array.from({ length: 64 }, () => Array.from({ length: dwords }, word));
  const regs = (op.m * op.m * op.blocks) / 64;
  const c = Array.from({ length: regs * 64 }, () => (op.ty === 'i8' ? rnd() : rndF32()));
  return { a: lanes(), b: lanes(), c };
}

function range(file: 'v' | 'a', base: number, n: number): string {
  return n === 1 ? `${file}${base}` : `${file}[${base}:${base + n - 1}]`;
}

interface Case {
  cbsz: number;
  abid: number;
  blgp: number;
  /** A from AGPRs (acc bit), C in place (vdst = src2). */
  aInAgpr?: boolean;
  inPlace?: boolean;
}

function runCase(op: Op, cs: Case, inp: Inputs): void {
  const { dwords } = perLane(op);
  const regs = (op.m * op.m * op.blocks) / 64;
  const cBase = cs.inPlace ? 0 : 64;
  const srcA = cs.aInAgpr ? range('a', 200, dwords) : range('v', 10, dwords);
  const mods = `${cs.cbsz ? ` cbsz:${cs.cbsz}` : ''}${cs.abid ? ` abid:${cs.abid}` : ''}${cs.blgp ? ` blgp:${cs.blgp}` : ''}`;
  const text = `${op.name} ${range('a', 0, regs)}, ${srcA}, ${range('v', 20, dwords)}, ${range('a', cBase, regs)}${mods}`;
  const { wave } = runWave(text, (w: Wave) => {
    for (let l = 0; l < 64; l++)
      for (let d = 0; d < dwords; d++) {
        if (cs.aInAgpr) w.a[(200 + d) * 64 + l] = inp.a[l][d];
        else w.v[(10 + d) * 64 + l] = inp.a[l][d];
        w.v[(20 + d) * 64 + l] = inp.b[l][d];
      }
    for (let x = 0; x < regs * 64; x++) w.a[cBase * 64 + x] = inp.c[x];
  });
  const want = reference(op, inp, cs.cbsz, cs.abid, cs.blgp);
  for (let r = 0; r < regs; r++)
    for (let l = 0; l < 64; l++) {
      const got = wave.a[r * 64 + l];
      const exp = want[r * 64 + l];
      if (got !== exp)
        assert.fail(
          `${text}: a${r} lane ${l} = 0x${got.toString(16)}, expected 0x${exp.toString(16)} (${outElement(op, r, l)})`,
        );
    }
  assert.equal(wave.laneInstructions, 64);
}

function casesFor(op: Op): Case[] {
  const cs: Case[] = [];
  for (let blgp = 0; blgp < 8; blgp++) cs.push({ cbsz: 0, abid: 0, blgp });
  const maxCbsz = Math.min(4, Math.log2(op.blocks));
  for (let cbsz = 1; cbsz <= maxCbsz; cbsz++)
    for (const abid of new Set([0, (1 << cbsz) - 1, rnd() % (1 << cbsz)]))
      cs.push({ cbsz, abid, blgp: rnd() % 8 });
  cs.push({ cbsz: 0, abid: 0, blgp: 0, aInAgpr: true, inPlace: true });
  return cs;
}

test('the table lists the 20 gfx908 MFMA ops', () => {
  assert.equal(OPS.length, 20);
});

for (const op of OPS) {
  test(`${op.name}: every D element against a host matrix product`, () => {
    for (const cs of casesFor(op)) runCase(op, cs, randomInputs(op));
  });
}

test('f32 accumulation is one rounding per k step, in k order, from C', () => {
  // 32x32x2f32: k = 0 in lanes 0-31, k = 1 in lanes 32-63. With C = 1, A = [2^-24 ... , 2^-24 ...] and
  // B = 1, summing in k order from C rounds twice to 1 (ties to even); one rounding of the exact sum
  // would give 1 + 2^-23.
  const { wave } = runWave('v_mfma_f32_32x32x2f32 a[0:15], v0, v1, a[0:15]', (w) => {
    for (let l = 0; l < 64; l++) {
      w.v[l] = 0x33800000; // 2^-24
      w.v[64 + l] = 0x3f800000;
    }
    for (let x = 0; x < 16 * 64; x++) w.a[x] = 0x3f800000;
  });
  for (let x = 0; x < 16 * 64; x++) assert.equal(wave.a[x], 0x3f800000);
});

test('denormal products and results are kept', () => {
  // 4x4x1f32: 2^-140 * 2^-5 + 0 = 2^-145, a denormal f32.
  const { wave } = runWave('v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]', (w) => {
    for (let l = 0; l < 64; l++) {
      w.v[l] = 0x00000200; // 2^-140
      w.v[64 + l] = 0x3d000000; // 2^-5
    }
  });
  for (let x = 0; x < 4 * 64; x++) assert.equal(wave.a[x], 0x00000010);
});

test('an inline constant C is broadcast to every element (float constants as f32)', () => {
  // LLVM's assembler rejects a constant C, its disassembler accepts one (gfx908_mai.txt): encode by hand.
  const enc = (opcode: number, c: number) =>
    `.long 0x${((0xd3800000 | (opcode << 16)) >>> 0).toString(16)}, 0x${((0x100 | (0x101 << 9) | (c << 18)) >>> 0).toString(16)}`;
  const { wave } = runWave(enc(69, 0xf5), (w) => {
    for (let l = 0; l < 64; l++) {
      w.v[l] = 0;
      w.v[64 + l] = 0;
    }
  });
  for (let x = 0; x < 4 * 64; x++) assert.equal(wave.a[x], 0xc0000000);
  const r = runWave(enc(85, 0x82), (w) => {
    for (let l = 0; l < 64; l++) {
      w.v[l] = 0x01010101;
      w.v[64 + l] = 0xffffffff; // -1 bytes
    }
  });
  // 16 products of 1 * -1 plus 2.
  for (let x = 0; x < 4 * 64; x++) assert.equal(r.wave.a[x], (2 - 16) >>> 0);
});

test('D may overlap C and the A/B AGPRs: all sources are read before D is written', () => {
  const op = parse('v_mfma_f32_4x4x4f16');
  const inp = randomInputs(op);
  // Registers 2 and 3 of C double as A: give them f16 pairs (finite f32 values too).
  for (let x = 2 * 64; x < 4 * 64; x++) inp.c[x] = (rndF16() | (rndF16() << 16)) >>> 0;
  const { wave } = runWave('v_mfma_f32_4x4x4f16 a[0:3], a[2:3], v[20:21], a[0:3]', (w) => {
    for (let l = 0; l < 64; l++) {
      for (let r = 0; r < 4; r++) w.a[r * 64 + l] = inp.c[r * 64 + l];
      w.v[20 * 64 + l] = inp.b[l][0];
      w.v[21 * 64 + l] = inp.b[l][1];
    }
  });
  // A is what a[2:3] held before the op, that is C's registers 2 and 3.
  const a = Array.from({ length: 64 }, (_, l) => [inp.c[2 * 64 + l], inp.c[3 * 64 + l]]);
  const want = reference(op, { a, b: inp.b, c: inp.c }, 0, 0, 0);
  assert.deepEqual(Array.from(wave.a.subarray(0, 256)), Array.from(want));
});

test('NaN results are the default quiet NaN', () => {
  const { wave } = runWave('v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]', (w) => {
    for (let l = 0; l < 64; l++) {
      w.v[l] = 0x7f800000; // +inf
      w.v[64 + l] = 0;
      w.a[l] = 0xffc01234;
    }
  });
  for (let x = 0; x < 4 * 64; x++) assert.equal(wave.a[x], 0x7fc00000);
});

test('a partial EXEC and out-of-range cbsz/abid stop with an error instead of a guess', () => {
  assert.throws(
    () =>
      runWave('v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]', (w) => {
        w.s[EXEC_LO] = 0xffff;
        w.s[EXEC_HI] = 0;
      }),
    /partial EXEC/,
  );
  assert.throws(() => runWave('v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:3 abid:2'), /cbsz/);
  assert.throws(() => runWave('v_mfma_f32_16x16x1f32 a[0:15], v0, v1, a[0:15] cbsz:1 abid:2'), /abid/);
  assert.throws(() => runWave('v_mfma_f32_32x32x8f16 a[0:15], v[0:1], v[2:3], a[0:15] cbsz:1'), /cbsz/);
});
