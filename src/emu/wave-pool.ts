// Waves kept between dispatches on this thread (GroupRunner takes and gives them back). Making a wave
// takes a page of the translating engine's register memory (jit/vregs.ts), clears it and makes its 256
// row views: about 20 us, which a dispatch pays for each wave of a workgroup, on every thread taking
// part (a worker before it can join). A kept wave is cleared whole when taken again, so nothing of one
// dispatch's registers reaches the next, whatever registers its kernel wrote.

import { Wave, Workgroup } from './wave.js';

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

/**
 * Workgroups kept between dispatches on this thread, with their LDS (64 KiB, in a page of the register
 * memory or a buffer of their own): a new one allocated and cleared 64 KiB per dispatch, and releasing
 * its page another 64 KiB. Its contents need no clearing: a dispatch clears the bytes its workgroups
 * allocate before each one runs, and accesses past them do not reach the LDS.
 */
const GROUPS: Workgroup[] = [];
const KEEP_GROUPS = 4;

export function takeWorkgroup(): Workgroup {
  const g = GROUPS.pop() ?? new Workgroup();
  g.ldsSize = 0;
  g.index = 0;
  g.id.fill(0);
  g.waves = [];
  g.waveCount = 0;
  return g;
}

/** Gives back a workgroup taken with takeWorkgroup; it keeps its LDS page if kept, else releases it. */
export function giveWorkgroup(g: Workgroup): void {
  g.waves = [];
  if (GROUPS.length < KEEP_GROUPS) GROUPS.push(g);
  else g.releaseLds();
}
