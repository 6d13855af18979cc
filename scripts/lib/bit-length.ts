// The length of a BigInt in binary digits, for the exact (BigInt) float references of the tests and of
// the difftest interpreter, which call it for every rounding. x.toString(2).length, the obvious way,
// writes out every digit: for the 100-500-bit values of those references it cost 7x as much as this,
// and up to a third of a test's time (emu-mfma).

/** x.toString(2).length: the bits of |x| (1 for 0), plus one for the sign of a negative x. */
export function bitLength(x: bigint): number {
  if (x < 0n) return bitLength(-x) + 1;
  if (x === 0n) return 1;
  // Number(x) is x rounded to 53 bits: its exponent is the length or one less, and the two loops settle
  // it exactly. From 2^1024 on it is Infinity: the length of x's top part, and 1000 bits below it.
  const f = Number(x);
  if (f === Number.POSITIVE_INFINITY) return bitLength(x >> 1000n) + 1000;
  let n = Math.floor(Math.log2(f)) + 1;
  while (x >> BigInt(n) !== 0n) n++;
  while (n > 1 && x >> BigInt(n - 1) === 0n) n--;
  return n;
}
