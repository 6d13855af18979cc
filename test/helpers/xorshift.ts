// A seeded random sequence for fuzz and round-trip tests: the same seed gives the same words, so a
// failure reproduces.

/** xorshift32: returns unsigned 32-bit values. */
export function xorshift32(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}
