// The fast path's DS: `op [vdst,] [addr,] [data0,] [data1] [offset:N | offset0:N offset1:M] [gds]`, the
// VGPR tuples of the op's shape (isa/ops/memory-ds.ts), the modifiers in that order, each once: the form
// asm/families/mem-ds.ts matches, which stays the reference for ds_swizzle's pattern, every other spelling
// and every error.
import { DS } from '../../isa/encodings/memory.js';
import type { Field } from '../../isa/fields.js';
import { DsGds, DsOffset } from '../../isa/ops/memory-ds.js';
import type { Generation } from '../../isa/processors.js';
import type { DsEntry } from '../families/mem-ds.js';
import * as operands from './operands.js';
import {
  FILE,
  kw,
  named,
  OPERAND,
  opComma,
  opCount,
  opFile,
  opIndex,
  opKind,
  opMods,
  opValue,
  opWord,
} from './operands.js';
import * as program from './program.js';

// Imported bindings copied once (see lexer.ts).
const { words, putField: put } = program;
const { isKey } = operands;
const { REG: O_REG, NAMED: O_NAMED } = OPERAND;
const F_V = FILE.V;
const K_GDS = kw('gds');
const N_OFFSET = named('offset');
const N_OFFSET0 = named('offset0');
const N_OFFSET1 = named('offset1');

/** An op's registers (dwords, 0: none, in field order vdst, addr, data0, data1) and modifiers. */
export interface DsProgram {
  readonly base0: number;
  readonly regs: Uint8Array;
  readonly fields: readonly Field[];
  readonly two: boolean;
  readonly gds: DsGds;
  readonly offset: Field;
  readonly offset0: Field;
  readonly offset1: Field;
  readonly gdsField: Field;
}

/** The program of a DS op, or null when its lines are the general path's (ds_swizzle's pattern, ds_nop). */
export function dsProgram(e: DsEntry, g: Generation): DsProgram | null {
  const s = e.shape;
  if (s.offset === DsOffset.Swizzle || s.offset === DsOffset.None) return null;
  const l = DS[g];
  const f = l.fields;
  const regs: number[] = [];
  const fields: Field[] = [];
  for (const [dw, fld] of [
    [s.vdst, f.vdst],
    [s.addr ? 1 : 0, f.addr],
    [s.data0, f.data0],
    [s.data1, f.data1],
  ] as const) {
    if (dw === 0) continue;
    regs.push(dw);
    fields.push(fld);
  }
  return {
    base0: (l.fixedValue | ((s.opcodes[g] as number) << f.op.shift)) >>> 0,
    regs: Uint8Array.from(regs),
    fields,
    two: s.offset === DsOffset.Two,
    gds: s.gds,
    offset: f.offset,
    offset0: f.offset0,
    offset1: f.offset1,
    gdsField: f.gds,
  };
}

/** An offset modifier `name` at operand k with a value up to max, or -1. */
function offsetAt(k: number, n: number, name: number, max: number): number {
  if (k >= n || opKind[k] !== O_NAMED || opWord[k] !== name) return -1;
  const v = opValue[k];
  return v >= 0 && v <= max ? v : -2;
}

/** Encodes operands [0, n) by `p` into `words`; returns 2, or 0 for the general path. */
export function encodeDs(p: DsProgram, n: number): number {
  const regs = p.regs;
  const m = regs.length;
  if (n < m) return 0;
  words[0] = p.base0;
  words[1] = 0;
  for (let k = 0; k < n; k++) if (opMods[k] !== 0 || opComma[k] !== (k > 0 && k < m ? 1 : 0)) return 0;
  for (let k = 0; k < m; k++) {
    const dw = regs[k];
    if (opKind[k] !== O_REG || opFile[k] !== F_V || opCount[k] !== dw || opIndex[k] + dw > 256) return 0;
    put(p.fields[k], opIndex[k]);
  }
  let k = m;
  if (p.two) {
    const o0 = offsetAt(k, n, N_OFFSET0, 0xff);
    if (o0 === -2) return 0;
    if (o0 >= 0) {
      put(p.offset0, o0);
      k++;
    }
    const o1 = offsetAt(k, n, N_OFFSET1, 0xff);
    if (o1 === -2) return 0;
    if (o1 >= 0) {
      put(p.offset1, o1);
      k++;
    }
  } else {
    const o = offsetAt(k, n, N_OFFSET, 0xffff);
    if (o === -2) return 0;
    if (o >= 0) {
      put(p.offset, o);
      k++;
    }
  }
  let gds = 0;
  if (k < n && isKey(k, K_GDS) && p.gds !== DsGds.Never) {
    gds = 1;
    k++;
  }
  if (k !== n || (gds === 0 && p.gds === DsGds.Required)) return 0;
  put(p.gdsField, gds);
  return 2;
}
