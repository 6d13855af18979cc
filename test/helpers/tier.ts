// Test tiers (docs/testing.md): `npm test` runs a small but real sample of each long sweep, and
// `npm run test:slow` (GCNKIT_SLOW=1) runs the same tests at full size. A test file that imports this
// module is part of the slow tier: scripts/test.mjs picks the slow tier's files by that import.

/** True in the slow tier (GCNKIT_SLOW=1): sweeps run at full size. */
export const SLOW = process.env.GCNKIT_SLOW === '1';

/** The size (or any setting) of a sweep: `fast` in `npm test`, `slow` in `npm run test:slow`. */
export function tier<T>(fast: T, slow: T): T {
  return SLOW ? slow : fast;
}

/** Whether variant `variant` (of `count`) of item `item` runs: all of them in the slow tier; in
 * `npm test` one per item, rotating, so that every variant still runs for some of the items. */
export function sampled(item: number, variant: number, count: number): boolean {
  return SLOW || variant === item % count;
}
