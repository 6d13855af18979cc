// Waves kept between dispatches on this thread (GroupRunner takes and gives them back). Making a wave
// takes a page of the translating engine's register memory (jit/vregs.ts), clears it and makes its 256
// row views: about 20 us, which a dispatch pays for each wave of a workgroup, on every thread taking
// part (a worker before it can join). A kept wave is cleared whole when taken again, so nothing of one
// dispatch's registers reaches the next, whatever registers its kernel wrote.

import { Wave } from './wave.js';

/** Kept waves without and with AGPRs. */
const POOLS: readonly [Wave[], Wave[]] = [[], []];
/** Waves kept of each kind: the waves of a 1024-work-item workgroup (16 of the 256 register pages). */
const KEEP = 16;

/** A wave whose registers are in the register memory when a page is free, all state cleared. */
export function takeWave(agprs: boolean): Wave {
  const w = POOLS[agprs ? 1 : 0].pop();
  if (w === undefined) return new Wave(agprs, true);
  w.v.fill(0);
  w.a.fill(0);
  w.reset(0);
  return w;
}

/** Gives back a wave taken with takeWave; it keeps its register page if kept, else releases it. */
export function giveWave(w: Wave): void {
  const pool = POOLS[w.a.length > 0 ? 1 : 0];
  if (w.vb >= 0 && pool.length < KEEP) pool.push(w);
  else w.release();
}
