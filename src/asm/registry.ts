// Mnemonic -> families that encode it, per target; and the error LLVM gives for a mnemonic no family
// on the target accepts.
import { TARGETS, type Target } from '../isa/targets.js';
import { ASM_FAMILIES } from './families/index.js';
import { parseInstruction } from './line.js';
import { type ConstLookup, STRUCT_CALL } from './operands.js';
import { StrTable } from './strtab.js';
import type { AsmFamily, AsmInst, Encoded, EncodeResult } from './types.js';

/** What one mnemonic resolves to on a target: its families, each with its table entry when it has one. */
interface Mnemonic {
  /** The table's own copy of the name (flat: the families' Map lookups with it hash for free). */
  readonly name: string;
  readonly fams: AsmFamily[];
  readonly entries: unknown[];
  /** Whether `entries` holds the families' table entries yet (see encodeInstruction). */
  resolved: boolean;
  /** s_getreg/s_setreg: the only ops a `{...}` operand means something to. */
  readonly structTaker: boolean;
}

const byTarget = new Map<Target, StrTable<Mnemonic>>();

const STRUCT_TAKERS = new Set(['s_getreg_b32', 's_setreg_b32', 's_setreg_imm32_b32']);

function index(target: Target): StrTable<Mnemonic> {
  const t = byTarget.get(target);
  if (t) return t;
  const m = new Map<string, Mnemonic>();
  for (const fam of ASM_FAMILIES) {
    for (const name of fam.mnemonics(target)) {
      let rec = m.get(name);
      if (!rec) {
        rec = { name, fams: [], entries: [], resolved: false, structTaker: STRUCT_TAKERS.has(name) };
        m.set(name, rec);
      }
      if (rec.fams.includes(fam)) continue;
      rec.fams.push(fam);
      rec.entries.push(undefined);
    }
  }
  const table = new StrTable(m);
  byTarget.set(target, table);
  namesByTarget.set(target, [...m.keys()]);
  return table;
}

const namesByTarget = new Map<Target, string[]>();

/** Every mnemonic some family accepts on `target`. */
export function mnemonicsOf(target: Target): readonly string[] {
  index(target);
  return namesByTarget.get(target) as string[];
}

/** The families that encode `name` on `target`, in the order they are tried, with their table entries. */
export function familiesOf(
  target: Target,
  name: string,
): { readonly fams: readonly AsmFamily[]; readonly entries: readonly unknown[] } | undefined {
  const rec = index(target).get(name);
  if (rec) resolve(rec, target);
  return rec;
}

function resolve(rec: Mnemonic, target: Target): void {
  if (rec.resolved) return;
  // On first use, not when indexing: an unknown mnemonic indexes every target (the error names
  // another GPU's op), and that must stay quick.
  for (let k = 0; k < rec.fams.length; k++) rec.entries[k] = rec.fams[k].entry?.(target, rec.name);
  rec.resolved = true;
}

/** True when some family on `target` accepts the mnemonic. */
export function knownMnemonic(name: string, target: Target): boolean {
  return index(target).has(name);
}

/** Encodes one parsed instruction, or returns the diagnostic llvm-mc gives for it. */
export function encodeInstruction(inst: AsmInst): EncodeResult {
  const rec = index(inst.target).get(inst.mnemonic);
  // A `{...}` operand only means something to the hardware-register ops; elsewhere LLVM cannot parse it.
  if (!rec?.structTaker) {
    const ops = inst.operands;
    for (let k = 0; k < ops.length; k++) {
      const op = ops[k];
      if (op.kind === 'call' && op.name === STRUCT_CALL)
        return { error: 'unknown token in expression', pos: op.pos };
    }
  }
  if (!rec) {
    const elsewhere = TARGETS.some((t) => t !== inst.target && index(t).has(inst.mnemonic));
    return {
      error: elsewhere ? 'instruction not supported on this GPU' : 'invalid instruction',
      pos: inst.pos,
    };
  }
  // The line's mnemonic is a slice of the source; the families look it up again.
  (inst as { mnemonic: string }).mnemonic = rec.name;
  resolve(rec, inst.target);
  let first: EncodeResult | null = null;
  const fams = rec.fams;
  for (let k = 0; k < fams.length; k++) {
    const f = fams[k];
    const r = f.encodeEntry ? f.encodeEntry(inst, rec.entries[k]) : f.encode(inst);
    if (r === null) continue;
    if (!('error' in r)) return r;
    first ??= r;
  }
  return first ?? { error: 'invalid instruction', pos: inst.pos };
}

/**
 * Instruction lines seen before, by target: compiler output repeats lines a lot (s_waitcnt, v_mov_b32
 * v1, 0, ...), and a line whose encoding depends on nothing but its own text always encodes the same.
 * Bounded, so memory stays flat on huge inputs.
 */
interface Cached {
  /** The result, returned as is on a hit (no allocation). */
  readonly result: Encoded;
  /** Identifiers the parse looked up as symbols and found undefined (keywords such as off, glc). */
  readonly names: readonly string[];
}

/**
 * Two generations of lines: a hit in the old one moves to the young one; when the young one is full it
 * becomes the old one. Memory stays bounded, and small: a map of 256k lines cost distinct input more
 * in cache misses and GC than it saved (18% of an uncached line), while lines that recur stay.
 * While the cache does not pay (under 1 hit in 8 lookups over a window), only 1 line in 16 is looked up
 * and stored: distinct input then skips most of its cost, and a repetitive stretch is noticed again.
 */
class LineCache {
  young = new Map<string, Cached>();
  old = new Map<string, Cached>();
  private looks = 0;
  private hits = 0;
  private active = true;
  private tick = 0;
  /** Whether this line goes through the cache. */
  use(): boolean {
    return this.active || (++this.tick & (CACHE_SAMPLE - 1)) === 0;
  }
  get(text: string): Cached | undefined {
    let c = this.young.get(text);
    if (c === undefined) {
      c = this.old.get(text);
      if (c !== undefined) this.set(text, c);
    }
    if (c !== undefined) this.hits++;
    if (++this.looks === CACHE_WINDOW) {
      this.active = this.hits * 8 >= this.looks;
      this.looks = 0;
      this.hits = 0;
    }
    return c;
  }
  set(text: string, c: Cached): void {
    if (this.young.size >= LINE_CACHE_GENERATION) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(text, c);
  }
}

const CACHE_WINDOW = 256;
const CACHE_SAMPLE = 16;
const lineCache = new Map<Target, LineCache>();
const LINE_CACHE_GENERATION = 1 << 14;
const NO_NAMES: readonly string[] = [];

/**
 * Parses and encodes one instruction line. A line that used no symbol value and needs no fixup is
 * remembered; a later hit is served from the cache if those identifiers are still not symbols (the
 * words are shared: callers must not modify them).
 */
export function encodeText(text: string, line: number, target: Target, consts: ConstLookup): EncodeResult {
  let cache = lineCache.get(target);
  if (!cache) {
    cache = new LineCache();
    lineCache.set(target, cache);
  }
  const use = cache.use();
  const hit = use ? cache.get(text) : undefined;
  if (hit) {
    let still = true;
    for (const n of hit.names) if (consts(n) !== undefined) still = false;
    if (still) return hit.result;
  }
  let symbolic = false;
  let names: string[] | null = null;
  const inst = parseInstruction(text, line, target, (name) => {
    const v = consts(name);
    if (v !== undefined) symbolic = true;
    else {
      names ??= [];
      names.push(name);
    }
    return v;
  });
  if ('error' in inst) return inst;
  const r = encodeInstruction(inst);
  if (use && !symbolic && !('error' in r) && !r.fixups?.length) {
    cache.set(text, { result: r, names: names ?? NO_NAMES });
  }
  return r;
}
