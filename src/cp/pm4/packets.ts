// The layout of each packet on each generation: the seed's (SI), then each later generation's changes.
import { type Generation, genAtLeast } from '../../isa/processors.js';
import type { Layout } from './layout.js';
import { GFX7_LAYOUTS, GFX8_LAYOUTS, GFX9_LAYOUTS } from './packets-later.js';
import { SEED_LAYOUTS } from './packets-seed.js';

/** The body layout of packet `name` on generation `g` (undefined: not a packet gcnkit knows). */
export function layoutOf(name: string, g: Generation): Layout | undefined {
  if (g === 'gfx9' && Object.hasOwn(GFX9_LAYOUTS, name)) return GFX9_LAYOUTS[name];
  if (genAtLeast(g, 'gfx8') && Object.hasOwn(GFX8_LAYOUTS, name)) return GFX8_LAYOUTS[name];
  if (genAtLeast(g, 'gfx7') && Object.hasOwn(GFX7_LAYOUTS, name)) return GFX7_LAYOUTS[name];
  return Object.hasOwn(SEED_LAYOUTS, name) ? SEED_LAYOUTS[name] : undefined;
}
