// The offset of ds_swizzle_b32 as LLVM prints it: a symbolic swizzle(...) macro for each mode of the
// 16-bit pattern (quad permute, bitmask with its SWAP/REVERSE/BROADCAST special cases, rotate, FFT),
// a plain decimal for the encodings no mode claims.

const BITMASK_MAX = 0x1f;

function bitmaskString(and: number, or: number, xor: number): string {
  // LLVM describes each lane-id bit by probing with all-zero and all-one lane ids.
  const p0 = (0 | or) ^ xor;
  const p1 = ((BITMASK_MAX & and) | or) ^ xor;
  let s = '"';
  for (let m = 0x10; m > 0; m >>= 1) {
    const b0 = p0 & m;
    const b1 = p1 & m;
    if (b0 === b1) s += b0 === 0 ? '0' : '1';
    else s += b0 === 0 ? 'p' : 'i';
  }
  return s + '"';
}

function isPow2(v: number): boolean {
  return v > 0 && (v & (v - 1)) === 0;
}

/** The ` offset:...` suffix for a swizzle pattern, or '' for 0. */
export function swizzleSuffix(imm: number): string {
  if (imm === 0) return '';
  if ((imm & 0xff00) === 0x8000) {
    return ` offset:swizzle(QUAD_PERM,${imm & 3},${(imm >> 2) & 3},${(imm >> 4) & 3},${(imm >> 6) & 3})`;
  }
  if ((imm & 0x8000) === 0) {
    const and = imm & BITMASK_MAX;
    const or = (imm >> 5) & BITMASK_MAX;
    const xor = (imm >> 10) & BITMASK_MAX;
    if (and === BITMASK_MAX && or === 0 && isPow2(xor)) return ` offset:swizzle(SWAP,${xor})`;
    if (and === BITMASK_MAX && or === 0 && xor > 0 && isPow2(xor + 1)) {
      return ` offset:swizzle(REVERSE,${xor + 1})`;
    }
    const group = BITMASK_MAX - and + 1;
    if (group > 1 && isPow2(group) && or < group && xor === 0) {
      return ` offset:swizzle(BROADCAST,${group},${or})`;
    }
    return ` offset:swizzle(BITMASK_PERM,${bitmaskString(and, or, xor)})`;
  }
  if ((imm & 0xe000) === 0xc000) return ` offset:swizzle(ROTATE,${(imm >> 10) & 1},${(imm >> 5) & 0x1f})`;
  if ((imm & 0xe000) === 0xe000) return ` offset:swizzle(FFT,${imm & 0x1f})`;
  return ` offset:${imm}`;
}
