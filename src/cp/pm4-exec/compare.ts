// The compare functions of WAIT_REG_MEM and COND_WRITE (seed 004 2.7.2, 2.8.11): the polled value, masked,
// against the reference, unsigned. The reference is compared as given (drivers pass it already masked).

export const FUNCTION_TEXT = ['always', '<', '<=', '==', '!=', '>=', '>'] as const;

/** Whether `value & mask` passes function `fn` against `ref`; undefined for the reserved function 7. */
export function passes(fn: number, value: number, mask: number, ref: number): boolean | undefined {
  const v = (value & mask) >>> 0;
  const r = ref >>> 0;
  switch (fn) {
    case 0:
      return true;
    case 1:
      return v < r;
    case 2:
      return v <= r;
    case 3:
      return v === r;
    case 4:
      return v !== r;
    case 5:
      return v >= r;
    case 6:
      return v > r;
    default:
      return undefined;
  }
}

/** A register value (negative from bit operations: taken as unsigned) or a device address (up to 2^53). */
export function hex(v: number): string {
  return `0x${(v < 0 ? v >>> 0 : v).toString(16)}`;
}
