// The region of device memory a vector memory instruction's lanes access, looked up once per
// wave-instruction: a lane whose bytes lie in the region of the previous lookup reads or writes its
// DataView directly; any other lane looks its region up through DeviceMemory.region as before, which
// faults with the same address, size and kind (the caller turns that into the lane's fault).

import type { AccessKind, DeviceMemory } from '../memory.js';

const NONE: DataView = new DataView(new ArrayBuffer(0));

export class RegionCursor {
  /** The current region's device address range and bytes (`view` at offset 0 is `base`). */
  base = 0;
  end = 0;
  view: DataView = NONE;

  /** Forgets the region: called at the start of each instruction (allocations may go between dispatches). */
  reset(): void {
    this.base = 0;
    this.end = 0;
    this.view = NONE;
  }

  /**
   * The offset in `view` of the `n` bytes at `addr`, looking their region up when it is not the current
   * one; throws DeviceMemory's MemoryFault when they are not all in one allocation.
   */
  offset(mem: DeviceMemory, addr: number, n: number, kind: AccessKind): number {
    if (addr >= this.base && addr + n <= this.end) return addr - this.base;
    const r = mem.region(addr, n, kind);
    this.base = r.base;
    this.end = r.end;
    this.view = r.view;
    return addr - r.base;
  }
}
