// Saturation helpers for the clamp paths of the integer lane math. The plain (non-clamp) loops inline their
// arithmetic instead of calling shared helpers: V8 leaves a helper shared by many hot callers un-inlined,
// which made those loops several times slower.

/** An exact integer (any double) saturated to the uint32 range. */
export function satU32(v: number): number {
  return v > 0xffffffff ? 0xffffffff : v < 0 ? 0 : v;
}

/** An exact integer saturated to the int32 range. */
export function satI32(v: number): number {
  return v > 0x7fffffff ? 0x7fffffff : v < -0x80000000 ? -0x80000000 : v;
}

/** An exact integer saturated to the uint16 range. */
export function satU16(v: number): number {
  return v > 0xffff ? 0xffff : v < 0 ? 0 : v;
}

/** An exact integer saturated to the int16 range, as its 16-bit pattern. */
export function satI16(v: number): number {
  return (v > 0x7fff ? 0x7fff : v < -0x8000 ? -0x8000 : v) & 0xffff;
}
