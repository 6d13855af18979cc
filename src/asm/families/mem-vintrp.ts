// VINTRP: v_interp_p1_f32 / v_interp_p2_f32 / v_interp_mov_f32 in their one-dword form (with or
// without the _e32 suffix): `vdst, vsrc|p10|p20|p0, attrN.c`. Opcodes from the disassembler's table.
import { vintrp } from '../../codec/families/vintrp.js';
import { VINTRP } from '../../isa/encodings/memory.js';
import { findProcessor } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Operand } from '../types.js';
import { type Actual, type Fail, type Form, matchForms, parseActuals, pos, tok } from './mem-match.js';
import { valuVop3 } from './valu-vop3.js';

const MOV = 'v_interp_mov_f32';
const CHANNELS: Record<string, number> = { x: 0, y: 1, z: 2, w: 3 };
const SLOTS: Record<string, number> = { p10: 0, p20: 1, p0: 2 };
/** LLVM takes attribute numbers up to 32 here. */
const MAX_ATTR = 32;

const isVgpr = (a: Actual) => a.op.kind === 'reg' && a.op.file === 'v' && a.op.count === 1;
const FORMS: Form<null>[] = [{ formals: [pos(isVgpr), pos(isVgpr), tok('attr')], data: null }];
const MOV_FORMS: Form<null>[] = [{ formals: [pos(isVgpr), tok('slot'), tok('attr')], data: null }];
const KEYWORDS = new Set<string>();
const NO_MASK = new Map<string, number>();

const byTarget = new Map<Target, Map<string, number>>();
function opcodes(t: Target): Map<string, number> {
  let m = byTarget.get(t);
  if (m) return m;
  m = new Map();
  for (const e of vintrp.ops(t)) {
    m.set(e.name, e.opcode);
    m.set(`${e.name}_e32`, e.opcode);
  }
  byTarget.set(t, m);
  return m;
}

function nameOf(op: Operand | undefined): string | null {
  if (!op) return null;
  if (op.kind === 'ident') return op.name;
  if (op.kind === 'reg' && op.count === 1 && !op.mods.neg) return op.name;
  return null;
}

/** `attrN.c` -> N << 2 | c. */
function attr(op: Operand): number | Fail {
  const name = nameOf(op) as string;
  if (!name.startsWith('attr')) return { error: 'invalid interpolation attribute', pos: op.pos };
  const dot = name.length - 2;
  const chan = name[dot] === '.' ? CHANNELS[name[dot + 1]] : undefined;
  if (chan === undefined) return { error: 'invalid or missing interpolation attribute channel', pos: op.pos };
  let n = 0;
  for (let k = 4; k < dot; k++) {
    const d = name.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return { error: 'invalid or missing interpolation attribute number', pos: op.pos };
    n = n * 10 + d;
  }
  if (dot <= 4) return { error: 'invalid or missing interpolation attribute number', pos: op.pos };
  if (n > MAX_ATTR) return { error: 'out of bounds interpolation attribute number', pos: op.pos };
  return (n << 2) | chan;
}

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, opcodes(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, entry: unknown): EncodeResult | null {
  const opcode = entry as number | undefined;
  if (opcode === undefined) return null;
  const mov = inst.mnemonic.startsWith(MOV);
  const ops = inst.operands;
  // A source modifier (-v, |v|, neg(), abs()) has no field here: LLVM takes the VOP3 form unless the
  // line says _e32, which it rejects (without this, the modifier was dropped from the encoding).
  const src = ops[1];
  if (!mov && src !== undefined && (src.mods.neg || src.mods.abs)) {
    const e64 = `${inst.mnemonic.replace(/_e32$/, '')}_e64`;
    // gfx6/gfx7 have no VOP3 form of these: no operand with a modifier is valid.
    if (valuVop3.entry?.(inst.target, e64) === undefined)
      return { error: 'not a valid operand.', pos: src.pos };
    if (inst.mnemonic.endsWith('_e32'))
      return { error: 'invalid operand for instruction', pos: src.mods.inner ?? src.pos };
    return valuVop3.encode({ ...inst, mnemonic: e64 });
  }
  // The slot and attribute parsers run at their positions before matching, on any identifier there.
  let slot = 0;
  if (mov && nameOf(ops[1]) !== null) {
    const s = SLOTS[nameOf(ops[1]) as string];
    if (s === undefined) return { error: 'invalid interpolation slot', pos: ops[1].pos };
    slot = s;
  }
  let at = -1;
  if (nameOf(ops[2]) !== null) {
    const r = attr(ops[2]);
    if (typeof r !== 'number') return r;
    at = r;
  }
  const acts = parseActuals(inst, NO_MASK, KEYWORDS);
  if ('error' in acts) return acts;
  const keyed = acts.map((a, k) =>
    k === 2 && at >= 0
      ? { ...a, key: 'attr' }
      : k === 1 && mov && nameOf(ops[1]) !== null
        ? { ...a, key: 'slot' }
        : a,
  );
  const m = matchForms(inst, mov ? MOV_FORMS : FORMS, keyed);
  if ('error' in m) return m;
  const vdst = (m.bound[0]!.op as { index: number }).index;
  const vsrc = mov ? slot : (m.bound[1]!.op as { index: number }).index;
  const enc = VINTRP[findProcessor(inst.target)?.generation ?? 'gfx9'].fixedValue;
  return { words: [(enc | vsrc | (at << 8) | (opcode << 16) | (vdst << 18)) >>> 0] };
}

export const memVintrp: AsmFamily = {
  name: 'vintrp',
  mnemonics: (t) => opcodes(t).keys(),
  /** The entry is the opcode (the fast path, asm/fast/vintrp.ts, reads it too). */
  entry: (t, name) => opcodes(t).get(name),
  encode,
  encodeEntry,
};
