// The gfx9 flat address apertures: which memory a 64-bit FLAT address reaches, decided by its high
// dword. The two apertures are 4 GiB each; an address inside one reaches LDS or private memory at the
// low 32 bits, and every other address is a global (device memory) address.

import { PRIVATE_APERTURE_HI, SHARED_APERTURE_HI } from '../wave.js';

export const SPACE_GLOBAL = 0;
export const SPACE_LDS = 1;
export const SPACE_SCRATCH = 2;

/** The space of a flat address whose high dword is `hi`. */
export function apertureOf(hi: number): number {
  if (hi === SHARED_APERTURE_HI) return SPACE_LDS;
  if (hi === PRIVATE_APERTURE_HI) return SPACE_SCRATCH;
  return SPACE_GLOBAL;
}
