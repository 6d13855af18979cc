// Placeholder being filled in: the SALU semantics.
import type { SaluFn } from './context.js';

export const SALU_OPS: Record<string, SaluFn> = {};
