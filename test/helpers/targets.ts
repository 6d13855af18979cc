// The supported targets of one generation, for tests whose assertions are facts of that generation
// (the Vega document's op lists, gfx9-only encodings): they iterate these, not every supported target.
import { type Generation, processorOf } from '../../src/isa/processors.js';
import { TARGETS, type Target } from '../../src/isa/targets.js';

export function targetsOf(gen: Generation): Target[] {
  return TARGETS.filter((t) => processorOf(t).generation === gen);
}

/** gfx900, gfx906 and gfx908: the targets the Vega document describes. */
export const GFX9_TARGETS: readonly Target[] = targetsOf('gfx9');
