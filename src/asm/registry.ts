// Mnemonic -> families that encode it, per target; and the error LLVM gives for a mnemonic no family
// on the target accepts.
import { TARGETS, type Target } from '../isa/targets.js';
import { ASM_FAMILIES } from './families/index.js';
import type { AsmFamily, AsmInst, EncodeResult } from './types.js';

const byTarget = new Map<Target, Map<string, AsmFamily[]>>();

function index(target: Target): Map<string, AsmFamily[]> {
  let m = byTarget.get(target);
  if (m) return m;
  m = new Map();
  for (const fam of ASM_FAMILIES) {
    for (const name of fam.mnemonics(target)) {
      const list = m.get(name);
      if (!list) m.set(name, [fam]);
      else if (!list.includes(fam)) list.push(fam);
    }
  }
  byTarget.set(target, m);
  return m;
}

/** True when some family on `target` accepts the mnemonic. */
export function knownMnemonic(name: string, target: Target): boolean {
  return index(target).has(name);
}

/** Encodes one parsed instruction, or returns the diagnostic llvm-mc gives for it. */
export function encodeInstruction(inst: AsmInst): EncodeResult {
  const fams = index(inst.target).get(inst.mnemonic);
  if (!fams) {
    const elsewhere = TARGETS.some((t) => t !== inst.target && index(t).has(inst.mnemonic));
    return {
      error: elsewhere ? 'instruction not supported on this GPU' : 'invalid instruction',
      pos: inst.pos,
    };
  }
  let first: EncodeResult | null = null;
  for (const f of fams) {
    const r = f.encode(inst);
    if (r === null) continue;
    if (!('error' in r)) return r;
    first ??= r;
  }
  return first ?? { error: 'invalid instruction', pos: inst.pos };
}
