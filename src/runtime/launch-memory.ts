// What the launch paths (AQL and PM4) and the queue API allocate alike: device memory freed when the
// launch ends, and the size of the AQL queue a launch makes for its kernel's queue pointer.

import type { Device } from './device.js';

/** Packets in the queue each launch builds (one dispatch packet). */
export const QUEUE_PACKETS = 16;

/** Device memory for `what`, added to `allocs` (freed by the caller). */
export function allocateIn(dev: Device, allocs: number[], bytes: number, what: string): number {
  const a = dev.allocate(bytes, 64, what);
  allocs.push(a);
  return a;
}
