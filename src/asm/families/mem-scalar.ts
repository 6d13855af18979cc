// Scalar operands of the memory formats as LLVM's register classes take them: the buffer and image
// resource descriptors (SGPR quads/octets), soffset (a 32-bit SGPR or inline constant), and the
// scalar address of GLOBAL (a pair) and SCRATCH (one SGPR).
// Codes are those of the generation being matched (mem-match.ts memGen) unless one is given: gfx6-8 put TTMPs at 112 (twelve of them) and TBA/TMA at
// 108-111, gfx7 FLAT_SCRATCH at 104, and have no apertures (src/asm/families/scalar-common.ts).
import type { Generation } from '../../isa/processors.js';
import { type Actual, memGen, memXnack, type Test } from './mem-match.js';
import { LAST_TTMP_OLD, lastSgpr, specialAvailable, specialCode, ttmpBaseOf } from './scalar-common.js';

/** The code of an SGPR-file register on the generation, or -1 (SGPRs, TTMPs, named ones). */
function sgprFileCode(file: string, index: number, count: number, gen: Generation): number {
  if (file === 's') return gen === 'gfx9' || index + count - 1 <= lastSgpr(gen) ? index : -1;
  if (file === 'ttmp')
    return gen !== 'gfx9' && index + count - 1 > LAST_TTMP_OLD ? -1 : ttmpBaseOf(gen) + index;
  return -1;
}

// Named scalar registers valid in a 32-bit SGPR slot, by their 8-bit code.
const SCALAR32 = new Set([
  102, 103, 104, 105, 106, 107, 124, 126, 127, 235, 236, 237, 238, 239, 251, 252, 253,
]);

/** Inline float constants by their 32-bit pattern -> operand code. */
const INLINE_F32 = new Map<number, number>([
  [0x3f000000, 240],
  [0xbf000000, 241],
  [0x3f800000, 242],
  [0xbf800000, 243],
  [0x40000000, 244],
  [0xc0000000, 245],
  [0x40800000, 246],
  [0xc0800000, 247],
  [0x3e22f983, 248],
]);

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

function intCode(v: number): number {
  if (v >= 0 && v <= 64) return 128 + v;
  if (v >= -16 && v < 0) return 192 - v;
  return INLINE_F32.get(v >>> 0) ?? -1;
}

/** The 8-bit code of a 32-bit scalar source (SGPR, named register, inline constant), or -1. */
export function scalar32Code(a: Actual, gen: Generation = memGen(), xnack = memXnack()): number {
  const op = a.op;
  if (op.mods.abs || op.mods.sext) return -1;
  if (op.kind === 'reg') {
    if (op.count !== 1 || op.mods.neg) return -1;
    if (op.file === 'special') return special32Code(op.index, gen, xnack);
    return sgprFileCode(op.file, op.index, 1, gen);
  }
  if (op.kind === 'int') {
    if (typeof op.value === 'bigint') return -1;
    return constCode(false, op.mods.neg ? -op.value : op.value);
  }
  if (op.kind === 'float') return constCode(true, op.mods.neg ? -op.value : op.value);
  return -1;
}

/**
 * The code of the named register `c` (its gfx9 code) in a 32-bit scalar slot (soffset) on the
 * generation, or -1 (the fast path shares the rule).
 */
export function special32Code(c: number, gen: Generation, xnack: boolean): number {
  const ok = (SCALAR32.has(c) || (c >= 108 && c <= 111)) && specialAvailable(c, gen, xnack);
  return ok ? specialCode(c, gen) : -1;
}

/** The inline-constant code of an integer or float written in a 32-bit scalar slot (no literal), or -1. */
export function constCode(isFloat: boolean, v: number): number {
  if (!isFloat) return Number.isSafeInteger(v) && v >= -0x80000000 && v <= 0xffffffff ? intCode(v) : -1;
  f32[0] = v;
  // 1/(2*pi) is written with fewer digits than a float holds; LLVM takes the float it rounds to.
  return INLINE_F32.get(u32[0]) ?? -1;
}

export const soffsetTest: Test = (a) => scalar32Code(a) >= 0;

/** The code of an aligned scalar tuple of `n` dwords (SGPRs or trap temporaries), or -1. */
export function scalarTupleCode(a: Actual, n: number, gen: Generation = memGen()): number {
  const op = a.op;
  if (op.kind !== 'reg' || op.count !== n || op.mods.neg || op.mods.abs) return -1;
  return sgprFileCode(op.file, op.index, n, gen);
}

export function tupleTest(n: number, gen?: Generation): Test {
  return (a) => scalarTupleCode(a, n, gen ?? memGen()) >= 0;
}

/** GLOBAL's saddr: an SGPR pair, vcc, flat_scratch, xnack_mask or a ttmp pair (not exec). */
export function saddr64Code(a: Actual): number {
  const op = a.op;
  if (op.kind === 'reg' && op.file === 'special' && op.count === 2 && op.index >= 102 && op.index <= 106)
    return op.index;
  return scalarTupleCode(a, 2);
}

/** SCRATCH's saddr: one SGPR-file register other than exec_hi (LLVM's SReg_32_XEXEC_HI). */
export function saddr32Code(a: Actual): number {
  const op = a.op;
  if (op.kind !== 'reg' || op.count !== 1) return -1;
  if (op.file === 's') return op.index;
  if (op.file === 'ttmp') return 108 + op.index;
  if (op.file === 'special' && op.index < 127 && op.index !== 125 && SCALAR32.has(op.index)) return op.index;
  return -1;
}
