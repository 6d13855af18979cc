// Placeholder being filled in: the f32/f64 VALU lane math.
import type { ValuFn } from './lanes.js';

export const FLOAT_OPS: Record<string, ValuFn> = {};
