// DS: LDS/GDS access, atomics, lane permutes and GWS. The operand profile of each op comes from the
// disassembler's DS shape table; one form per op: registers, then offset (or offset0/offset1), then gds.
import { DS } from '../../isa/encodings/memory.js';
import { encode as encodeLayout } from '../../isa/fields.js';
import { DsGds, DsOffset, type DsShape, dsTable } from '../../isa/ops/memory-ds.js';
import { perProcessor } from '../../isa/ops/memory-rows.js';
import type { AsmFamily, AsmInst, EncodeResult } from '../types.js';
import {
  type Form,
  type Formal,
  matchForms,
  type NamedParser,
  opt,
  type ParserMask,
  parseActuals,
  pos,
  reg,
  tok,
  vgpr,
} from './mem-match.js';
import { swizzleOffset } from './mem-swizzle.js';

/** A mnemonic's table entry (the fast path, asm/fast/ds.ts, reads its shape). */
export interface DsEntry {
  shape: DsShape;
  forms: Form<null>[];
  mask: ParserMask;
  /** Formal indices of each register field, -1 when absent. */
  vdst: number;
  addr: number;
  data0: number;
  data1: number;
}

const range = (max: number, msg: string) => (a: { value: number }) =>
  a.value >= 0 && a.value <= max ? true : msg;

const OFFSET16 = opt('offset', range(0xffff, 'expected a 16-bit unsigned offset'));
const OFFSET0 = opt('offset0', range(0xff, 'invalid offset0 value.'));
const OFFSET1 = opt('offset1', range(0xff, 'invalid offset1 value.'));

function entry(s: DsShape): DsEntry {
  const f: Formal[] = [];
  const at = (fm: Formal | null) => {
    if (!fm) return -1;
    f.push(fm);
    return f.length - 1;
  };
  const vdst = at(s.vdst ? pos(vgpr(s.vdst)) : null);
  const addr = at(s.addr ? pos(vgpr(1)) : null);
  const data0 = at(s.data0 ? pos(vgpr(s.data0)) : null);
  const data1 = at(s.data1 ? pos(vgpr(s.data1)) : null);
  if (s.offset === DsOffset.One || s.offset === DsOffset.Swizzle) f.push(OFFSET16);
  else if (s.offset === DsOffset.Two) f.push(OFFSET0, OFFSET1);
  if (s.gds === DsGds.Optional) f.push(opt('gds'));
  else if (s.gds === DsGds.Required) f.push(tok('gds'));
  const forms = [{ formals: f, data: null }];
  const mask = new Map();
  // One form: each modifier may move forward past the omitted optional ones before it.
  let optBefore = 0;
  f.forEach((fm, idx) => {
    if (fm.key !== null) mask.set(fm.key, ((1 << (optBefore + 1)) - 1) << (idx - optBefore));
    if (fm.opt) optBefore++;
  });
  return { shape: s, forms, mask, vdst, addr, data0, data1 };
}

const ENTRIES = new Map<DsShape, DsEntry>();
/** The forms of the ops the processor has, by name. */
const byName = perProcessor((p) => {
  const m = new Map<string, DsEntry>();
  for (const s of dsTable(p.name).rows) {
    let e = ENTRIES.get(s);
    if (e === undefined) {
      e = entry(s);
      ENTRIES.set(s, e);
    }
    m.set(s.name, e);
  }
  return m;
});

const KEYWORDS = new Set(['gds']);
const SWIZZLE_PARSERS = new Map<string, NamedParser>([['offset', swizzleOffset]]);

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, byName(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, entry: unknown): EncodeResult | null {
  const e = entry as DsEntry | undefined;
  if (!e) return null;
  const s = e.shape;
  const acts = parseActuals(
    inst,
    e.mask,
    KEYWORDS,
    s.offset === DsOffset.Swizzle ? SWIZZLE_PARSERS : undefined,
  );
  if ('error' in acts) return acts;
  const m = matchForms(inst, e.forms, acts);
  if ('error' in m) return m;
  let offset = 0;
  let offset0 = 0;
  let offset1 = 0;
  let gds = 0;
  for (const a of m.bound) {
    if (!a || a.key === null) continue;
    if (a.key === 'offset') offset = a.value;
    else if (a.key === 'offset0') offset0 = a.value;
    else if (a.key === 'offset1') offset1 = a.value;
    else if (a.key === 'gds') gds = 1;
  }
  const field = (idx: number) => (idx < 0 ? 0 : reg(m.bound[idx]).index);
  const tab = dsTable(inst.target);
  const g = tab.proc.generation;
  const two = s.offset === DsOffset.Two;
  const words = encodeLayout(DS[g], {
    op: s.opcodes[g] as number,
    gds,
    offset: two ? undefined : offset,
    offset0: two ? offset0 : undefined,
    offset1: two ? offset1 : undefined,
    addr: field(e.addr),
    data0: field(e.data0),
    data1: field(e.data1),
    vdst: field(e.vdst),
  });
  return { words };
}

export const memDs: AsmFamily = {
  name: 'ds',
  mnemonics: (t) => byName(t).keys(),
  entry: (t, name) => byName(t).get(name),
  encode,
  encodeEntry,
};
