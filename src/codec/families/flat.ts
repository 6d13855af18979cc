// Placeholder until the flat family is written: every word decodes as invalid (printed as .long).
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import type { Target } from '../../isa/targets.js';

function decode(_inp: DecodeInput, _i: number, out: DecodeOutput): void {
  out.size = 0;
}

function ops(_t: Target): IsaEntry[] {
  return [];
}

export const flat: Family = { decode, ops };
