// Hex formatting for the few fields not written byte-wise by ByteOut.

const HEX_U: string[] = [];
const HEX_L: string[] = [];
for (let b = 0; b < 256; b++) {
  HEX_U.push(b.toString(16).toUpperCase().padStart(2, '0'));
  HEX_L.push(b.toString(16).padStart(2, '0'));
}

/** Two uppercase hex digits of a byte. */
export function hex2U(b: number): string {
  return HEX_U[b & 255];
}

/** Two lowercase hex digits of a byte. */
export function hex2L(b: number): string {
  return HEX_L[b & 255];
}

/** `%016x` (lowercase) of a non-negative integer. */
export function hex16L(a: number | bigint): string {
  return a.toString(16).padStart(16, '0');
}
