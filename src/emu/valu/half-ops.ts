// Placeholder being filled in: the f16, packed-f16, mix and float dot-product VALU lane math.
import type { ValuFn } from './lanes.js';

export const HALF_OPS: Record<string, ValuFn> = {};
