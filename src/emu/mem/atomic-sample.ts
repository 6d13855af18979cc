// The addresses of the atomics a parallel dispatch's first units run on the calling thread alone, before
// the workers get the job (gpu/parallel.ts): atomics that keep hitting a few addresses (a histogram's
// bins) make threads contend for the same cache lines, each atomic many times slower than on one thread
// (histogram: 0.42x on two threads), so such a dispatch stays on one thread.

/** Distinct addresses counted; past it the atomics are spread too widely to contend. */
const CAPACITY = 4096;
/** Open addressing at half load: a power of two. */
const SLOTS = 2 * CAPACITY;

export class AtomicSample {
  /** Atomic operations noted (one per lane). */
  ops = 0;
  /** Distinct addresses among them, up to CAPACITY + 1. */
  distinct = 0;
  private readonly keys = new Float64Array(SLOTS).fill(-1);

  /** Notes one lane's atomic at device address `addr`. */
  note(addr: number): void {
    this.ops++;
    if (this.distinct > CAPACITY) return;
    // Dword addresses; the high bits (above 2^32) folded in.
    let h = ((addr >>> 2) ^ Math.floor(addr / 2 ** 32)) & (SLOTS - 1);
    const keys = this.keys;
    for (;;) {
      const k = keys[h];
      if (k === addr) return;
      if (k === -1) {
        keys[h] = addr;
        this.distinct++;
        return;
      }
      h = (h + 1) & (SLOTS - 1);
    }
  }

  /**
   * Whether threads would contend: at least one atomic lane per wave-instruction of the sample
   * (`waveInstructions`), each address hit four times or more on average. A coalesced scatter (every
   * address once) or a rare counter update among much other work is not.
   */
  contended(waveInstructions: number): boolean {
    return this.ops > 0 && this.ops >= waveInstructions && this.ops >= 4 * this.distinct;
  }
}
