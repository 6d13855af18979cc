// Operand matching for the memory and export families, modelled on how LLVM's generated matcher sees a
// line. Parsing: a modifier (`offset:`, `glc`, `lds` ...) is only recognised at the operand positions
// where some form of the mnemonic may hold it (a modifier may move forward past omitted optional ones),
// anywhere else a `name:value` is "not a valid operand." and a keyword becomes a plain symbol. Matching:
// each form is tried in turn; when none fits, the error names the operand at which the form that got
// furthest failed (past the end: too few operands).
import { genOf } from '../../codec/families/scalar-common.js';
import type { Generation } from '../../isa/processors.js';
import type { AsmInst, Operand, Pos, RegOperand } from '../types.js';
import { hasXnack, lastSgpr } from './scalar-common.js';

/** One operand as the matcher sees it. `key` names the modifier or keyword parser that took it. */
export interface Actual {
  readonly key: string | null;
  readonly pos: Pos;
  readonly op: Operand;
  /** Modifier value: offset, dmask, format, cache-policy bits (GLC | SLC). */
  value: number;
  /** Position of the cache-policy keyword that first set glc (for "must not use glc"). */
  glcPos?: Pos;
}

/** A test on an actual operand: true, false, or a message (LLVM's diagnostic for that operand class). */
export type Test = (a: Actual) => boolean | string;

export interface Formal {
  /** The modifier or keyword parser (null: a register or constant operand). */
  readonly key: string | null;
  readonly opt: boolean;
  readonly test?: Test;
}

export interface Form<T = unknown> {
  readonly formals: readonly Formal[];
  /** A form of another GPU: matching it gives "operands are not valid for this GPU or mode". */
  readonly missingFeature?: boolean;
  readonly data: T;
}

export const GLC = 1;
export const SLC = 2;

export type Fail = { error: string; pos: Pos };

/** A positional register or constant operand. */
export function pos(test: Test): Formal {
  return { key: null, opt: false, test };
}
/** A keyword written in the op's syntax (`off`, `idxen`, `lds` ...). */
export function tok(key: string): Formal {
  return { key, opt: false };
}
export function opt(key: string, test?: Test): Formal {
  return { key, opt: true, test };
}

/** Named-value modifiers: their parsers read an integer after the colon. */
const INT_MODS = new Set(['offset', 'offset0', 'offset1', 'dmask']);
// A Map, not an object: looking a fresh string (most often a register name) up as a property key
// interns it first, which cost more than the rest of the operand's matching.
const CPOL_BITS = new Map<string, number>([
  ['glc', GLC],
  ['slc', SLC],
  ['noglc', -GLC],
  ['noslc', -SLC],
]);

/** Per-mnemonic parser positions: key -> bitmask of operand indices (bit k: the k-th operand). */
export type ParserMask = Map<string, number>;

/** The positions each modifier parser serves, the union over the forms of one mnemonic. */
export function parserMask(forms: readonly Form[]): ParserMask {
  const m: ParserMask = new Map();
  for (const f of forms) {
    let optBefore = 0;
    f.formals.forEach((fm, idx) => {
      if (fm.key !== null) {
        const bits = ((1 << (optBefore + 1)) - 1) << (idx - optBefore);
        m.set(fm.key, (m.get(fm.key) ?? 0) | bits);
      }
      if (fm.opt) optBefore++;
    });
  }
  return m;
}

/** Extra parsers a family supplies for its own `name:value` operands (format, swizzle offsets). */
export type NamedParser = (op: Operand, a: Actual) => Fail | null;

/**
 * The generation of the memory instruction being matched (set by parseActuals, which every memory
 * family calls first): register names and codes differ per generation (gfx6/7 SGPRs to s103, TBA/TMA
 * before gfx9, TTMPs at 112 on gfx6-8), as in the scalar families (scalar-common.ts).
 */
let MEM_GEN: Generation = 'gfx9';

/** The generation parseActuals set for the memory instruction being matched. */
export function memGen(): Generation {
  return MEM_GEN;
}

let MEM_XNACK = true;

/** Whether the target of the memory instruction being matched has XNACK_MASK. */
export function memXnack(): boolean {
  return MEM_XNACK;
}

/** Register text as written, for LLVM's "... register not available" message. */
function regText(r: RegOperand): string {
  if (r.file === 'special' || /\d$/.test(r.name)) return r.name;
  return `${r.name}[${r.index}:${r.index + r.count - 1}]`;
}

/** The register checks LLVM's parser makes before any matching. */
/** Tuple sizes LLVM has register classes for. */
const TUPLE_SIZES = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 32]);

export function checkReg(r: RegOperand, p: Pos): Fail | null {
  if (!TUPLE_SIZES.has(r.count)) return { error: 'invalid or unsupported register size', pos: p };
  if (r.file === 's' || r.file === 'ttmp') {
    if (r.file === 's' && r.index + r.count - 1 > lastSgpr(MEM_GEN))
      return { error: `${regText(r)} register not available on this GPU`, pos: p };
    // LLVM aligns a scalar tuple to its width rounded up to a power of two, at most 4: s[4:6] by 4.
    const align = r.count >= 3 ? 4 : r.count;
    if (align > 1 && r.index % align !== 0) return { error: 'invalid register alignment', pos: p };
  } else if (r.file === 'v' || r.file === 'a') {
    if (r.index + r.count - 1 > 255) return { error: 'register index is out of range', pos: p };
  } else if (r.name === 'null') {
    return { error: "'null' operand is not supported on this GPU", pos: p };
  } else if ((r.name.startsWith('tba') || r.name.startsWith('tma')) && MEM_GEN === 'gfx9') {
    return { error: `${r.name} register not available on this GPU`, pos: p };
  }
  return null;
}

/**
 * Turns the generic operands into matcher operands, with LLVM's parse-time errors. `keywords` are the
 * bare identifiers the family's parsers take (each its own key), `named` the `name:value` parsers
 * beyond the integer ones; `unsupported`: keywords whose parser rejects them on the target.
 */
export function parseActuals(
  inst: AsmInst,
  mask: ParserMask,
  keywords: ReadonlySet<string>,
  named?: ReadonlyMap<string, NamedParser>,
  unsupported?: ReadonlySet<string>,
): Actual[] | Fail {
  MEM_GEN = genOf(inst.target);
  MEM_XNACK = hasXnack(inst.target);
  const list: Actual[] = [];
  let cpol: Actual | null = null;
  let cpolSeen = 0;
  // LLVM's cache-policy parser takes a run of keywords at once, so only the first needs its position.
  let inRun = false;
  for (const op of inst.operands) {
    const at = 1 << list.length;
    const wasRun = inRun;
    inRun = false;
    if (op.kind === 'named') {
      const bits = mask.get(op.name) ?? 0;
      if (!(bits & at)) return { error: 'not a valid operand.', pos: op.pos };
      const a: Actual = { key: op.name, pos: op.pos, op, value: 0 };
      const custom = named?.get(op.name);
      if (custom) {
        const f = custom(op, a);
        if (f) return f;
      } else if (INT_MODS.has(op.name)) {
        const v = op.values[0];
        if (op.list || v === undefined || !('int' in v))
          return { error: 'expected absolute expression', pos: v?.pos ?? op.pos };
        a.value = Number(v.int);
      }
      list.push(a);
      continue;
    }
    // Keywords that also spell a register (`a16`, `scc`) reach us as registers.
    const word =
      op.kind === 'ident' ? op.name.toLowerCase() : op.kind === 'reg' && op.count === 1 ? op.name : null;
    if (word !== null) {
      const name = word;
      const bit = CPOL_BITS.get(name);
      if (
        (bit !== undefined || name === 'dlc' || name === 'scc') &&
        (wasRun || (mask.get('cpol') ?? 0) & at)
      ) {
        inRun = true;
        if (bit === undefined) return { error: `${name} modifier is not supported on this GPU`, pos: op.pos };
        const b = Math.abs(bit);
        if (cpolSeen & b) return { error: 'duplicate cache policy modifier', pos: op.pos };
        cpolSeen |= b;
        // A run of its own (after `lds`, `offen` ...) is another operand to LLVM, which matches no formal.
        if (!cpol || !wasRun) {
          cpol = { key: 'cpol', pos: op.pos, op, value: 0 };
          list.push(cpol);
        }
        if (bit > 0) cpol.value |= bit;
        if (bit === GLC) cpol.glcPos = op.pos;
        continue;
      }
      if (keywords.has(name) && (mask.get(name) ?? 0) & at) {
        // A keyword the target lacks: its parser rejects it as it reads it, before later operands.
        if (unsupported?.has(name))
          return { error: `${name} modifier is not supported on this GPU`, pos: op.pos };
        list.push({ key: name, pos: op.pos, op, value: 1 });
        continue;
      }
    }
    if (op.kind === 'reg') {
      const f = checkReg(op, op.pos);
      if (f) return f;
    }
    list.push({ key: null, pos: op.pos, op, value: 0 });
  }
  return list;
}

export interface Match<T> {
  readonly form: Form<T>;
  /** The actual operand bound to each formal (undefined: an omitted optional one). */
  readonly bound: readonly (Actual | undefined)[];
}

function tryForm<T>(form: Form<T>, acts: readonly Actual[]): Match<T> | { idx: number; diag?: string } {
  const bound: (Actual | undefined)[] = new Array(form.formals.length);
  let ai = 0;
  for (let fi = 0; fi < form.formals.length; fi++) {
    const f = form.formals[fi];
    const a = acts[ai];
    if (a === undefined) {
      if (f.opt) continue;
      return { idx: acts.length };
    }
    let ok: boolean | string = a.key === f.key;
    if (ok === true && f.test) ok = f.test(a);
    if (ok === true) {
      bound[fi] = a;
      ai++;
      continue;
    }
    if (ok === false && f.opt) continue;
    return { idx: ai, diag: typeof ok === 'string' ? ok : undefined };
  }
  if (ai < acts.length) return { idx: ai };
  return { form, bound };
}

/** Matches the operands against the forms, or gives LLVM's error for the line. */
export function matchForms<T>(
  inst: AsmInst,
  forms: readonly Form<T>[],
  acts: readonly Actual[],
): Match<T> | Fail {
  let errIdx = -1;
  let diag: string | undefined;
  let missing = false;
  for (const form of forms) {
    const r = tryForm(form, acts);
    if ('form' in r) {
      if (!form.missingFeature) return r;
      missing = true;
      continue;
    }
    if (r.idx >= acts.length) errIdx = r.idx;
    else if (errIdx <= r.idx) {
      errIdx = r.idx;
      if (r.diag) diag = r.diag;
    }
  }
  if (missing) return { error: 'operands are not valid for this GPU or mode', pos: inst.pos };
  if (errIdx >= acts.length || errIdx < 0)
    return { error: 'too few operands for instruction', pos: inst.pos };
  return { error: diag ?? 'invalid operand for instruction', pos: acts[errIdx].pos };
}

// Register operand tests.

export function vgpr(n: number): Test {
  return (a) => a.op.kind === 'reg' && a.op.file === 'v' && a.op.count === n;
}

/** The register of a bound operand (tests have checked the kind). */
export function reg(a: Actual | undefined): RegOperand {
  return (a as Actual).op as RegOperand;
}
