// One line through the assembler's instruction path (parse, then the families), for tests and tools.
import { parseInstruction } from '../../src/asm/line.js';
import { encodeInstruction } from '../../src/asm/registry.js';
import type { Target } from '../../src/isa/targets.js';

/** `hex` as in the MC-test fixtures (dwords, space-separated), or the error message. */
export function assembleOne(src: string, target: Target): { hex?: string; error?: string } {
  const inst = parseInstruction(src, 1, target);
  if ('error' in inst) return { error: inst.error };
  const r = encodeInstruction(inst);
  if ('error' in r) return { error: r.error };
  if (r.fixups?.length) return { error: 'unresolved fixup' };
  return { hex: r.words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join(' ') };
}
