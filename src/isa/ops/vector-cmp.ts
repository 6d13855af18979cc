// The VOPC compare predicates, described once. A predicate's opcode offset within its group is also its
// truth table over the relation of the two operands: bit 0 "less", bit 1 "equal", bit 2 "greater", bit 3
// "unordered" (a NaN operand, floats only). Float groups have 16 predicates (OP16), integer groups 8 (OP8);
// CLRX GcnInstrsVopc.md's OP16/OP8 tables and the ISA documents' VOPC opcode lists give the names in
// this order on every generation.

/** Relation of two operands: the bit of a predicate's truth table that decides it. */
export const REL_LESS = 0;
export const REL_EQUAL = 1;
export const REL_GREATER = 2;
export const REL_UNORDERED = 3;

/** Float predicates (v_cmp_*_f16/f32/f64 and gfx6/gfx7's signalling v_cmps_*), by opcode offset. */
export const FCMP_PREDICATES = [
  'f',
  'lt',
  'eq',
  'le',
  'gt',
  'lg',
  'ge',
  'o',
  'u',
  'nge',
  'nlg',
  'ngt',
  'nle',
  'neq',
  'nlt',
  'tru',
] as const;

/** Integer predicates (v_cmp_*_i16/u16/i32/u32/i64/u64), by opcode offset. */
export const ICMP_PREDICATES = ['f', 'lt', 'eq', 'le', 'gt', 'ne', 'ge', 't'] as const;

/** The relation of two numbers (NaN gives unordered). */
export function relation(a: number, b: number): number {
  return a < b ? REL_LESS : a === b ? REL_EQUAL : a > b ? REL_GREATER : REL_UNORDERED;
}

/** Whether the predicate with truth table `table` (its opcode offset) holds for the relation. */
export function holds(table: number, rel: number): boolean {
  return ((table >>> rel) & 1) === 1;
}
