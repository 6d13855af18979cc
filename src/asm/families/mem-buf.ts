// MUBUF and MTBUF: buffer loads, stores and atomics. The op tables are the disassembler's; the forms
// are LLVM's gfx9 ones: the address as `off`, a VGPR with idxen or offen, or a pair with both; then
// (MTBUF) format, offset, cache policy, and the tfe / lds keywords of the forms that have them.
import { BUF_ADDR64, MTBUF, MUBUF } from '../../isa/encodings/memory.js';
import { type Field, put } from '../../isa/fields.js';
import { BufKind, type BufOp, bufDataDwords, mtbufTable, mubufTable } from '../../isa/ops/memory-buf.js';
import { perProcessor } from '../../isa/ops/memory-rows.js';
import type { Generation, Processor } from '../../isa/processors.js';
import type { AsmFamily, AsmInst, EncodeResult } from '../types.js';
import { formatParser } from './mem-format.js';
import {
  type Form,
  type Formal,
  GLC,
  matchForms,
  type NamedParser,
  opt,
  type ParserMask,
  parseActuals,
  parserMask,
  pos,
  reg,
  SLC,
  tok,
  vgpr,
} from './mem-match.js';
import { scalar32Code, scalarTupleCode, soffsetTest, tupleTest } from './mem-scalar.js';

/** The format LLVM assumes when none is written: BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM. */
const DEFAULT_FORMAT = 1;

enum Addr {
  Off,
  Offen,
  Idxen,
  Both,
  /** gfx6/7: a 64-bit address in a VGPR pair. */
  Addr64,
}
const ADDRS = [Addr.Off, Addr.Offen, Addr.Idxen, Addr.Both];
const ADDRS_SI = [...ADDRS, Addr.Addr64];

interface BufForm {
  addr: Addr;
  /** Formal index of vdata (-1: none), of vaddr (-1: `off`), srsrc and soffset. */
  vdata: number;
  vaddr: number;
  srsrc: number;
  soffset: number;
  tfe: boolean;
  lds: boolean;
}

/** A mnemonic's table entry (the fast path, asm/fast/buf.ts, reads it too). */
export interface BufEntry {
  readonly op: BufOp;
  readonly typed: boolean;
  readonly forms: Form<BufForm>[];
  readonly mask: ParserMask;
  /** The processor's generation (its encodings' layouts), kept so encoding looks nothing up. */
  readonly gen: Generation;
  /** vdata dwords without the tfe dword (gfx80x unpack the d16 formats). */
  readonly dwords: number;
}

const OFFSET = opt('offset', (a) =>
  a.value >= 0 && a.value <= 0xffff ? true : 'expected a 16-bit unsigned offset',
);
const SRSRC = pos(tupleTest(4));
const SOFFSET = pos(soffsetTest);

function addrFormals(addr: Addr): Formal[] {
  if (addr === Addr.Off) return [tok('off')];
  return [pos(vgpr(addr === Addr.Both || addr === Addr.Addr64 ? 2 : 1))];
}

function addrKeywords(addr: Addr): Formal[] {
  if (addr === Addr.Off) return [];
  if (addr === Addr.Offen) return [tok('offen')];
  if (addr === Addr.Idxen) return [tok('idxen')];
  if (addr === Addr.Addr64) return [tok('addr64')];
  return [tok('idxen'), tok('offen')];
}

function form(
  addr: Addr,
  data: number,
  head: Formal[],
  tail: Formal[],
  info: Pick<BufForm, 'tfe' | 'lds'>,
  typed: boolean,
): Form<BufForm> {
  const f: Formal[] = [];
  const vdata = data ? f.push(pos(vgpr(data))) - 1 : -1;
  const a = addrFormals(addr);
  const vaddr = a[0].key === null ? f.length : -1;
  f.push(...a);
  const srsrc = f.push(SRSRC) - 1;
  const soffset = f.push(SOFFSET) - 1;
  if (typed) f.push(opt('format'));
  f.push(...addrKeywords(addr), ...head, ...tail);
  return { formals: f, data: { addr, vdata, vaddr, srsrc, soffset, ...info } };
}

function mubufForms(op: BufOp, p: Processor): Form<BufForm>[] {
  const out: Form<BufForm>[] = [];
  const dwords = bufDataDwords(op, p);
  const cpol = opt('cpol');
  if (op.kind === BufKind.Cache) return [{ formals: [], data: formInfo() }];
  if (op.kind === BufKind.StoreLds) {
    const f = [SRSRC, SOFFSET, OFFSET, tok('lds'), cpol];
    return [{ formals: f, data: { ...formInfo(), srsrc: 0, soffset: 1, lds: true } }];
  }
  for (const addr of addrsOf(p)) {
    out.push(form(addr, dwords, [OFFSET, cpol], [], { tfe: false, lds: false }, false));
    if (op.kind !== BufKind.Atomic)
      out.push(form(addr, dwords + 1, [OFFSET, cpol], [tok('tfe')], { tfe: true, lds: false }, false));
    if (op.lds) out.push(form(addr, 0, [OFFSET, cpol], [tok('lds')], { tfe: false, lds: true }, false));
  }
  return out;
}

function formInfo(): BufForm {
  return { addr: Addr.Off, vdata: -1, vaddr: -1, srsrc: -1, soffset: -1, tfe: false, lds: false };
}

function addrsOf(p: Processor): Addr[] {
  return BUF_ADDR64[p.generation] === null ? ADDRS : ADDRS_SI;
}

function mtbufForms(op: BufOp, p: Processor): Form<BufForm>[] {
  const dwords = bufDataDwords(op, p);
  const out: Form<BufForm>[] = [];
  for (const addr of addrsOf(p)) {
    out.push(form(addr, dwords, [OFFSET, opt('cpol')], [], { tfe: false, lds: false }, true));
    // gfx6/7 MTBUF has tfe (LLVM rejects it from gfx8 on).
    if (p.generation === 'gfx6' || p.generation === 'gfx7')
      out.push(form(addr, dwords + 1, [OFFSET, opt('cpol')], [tok('tfe')], { tfe: true, lds: false }, true));
  }
  return out;
}

const KEYWORDS = new Set(['off', 'offen', 'idxen', 'addr64', 'lds', 'tfe']);
const MTBUF_PARSERS = new Map<string, NamedParser>([['format', formatParser]]);

const table = perProcessor((p) => {
  const m = new Map<string, BufEntry>();
  for (const op of mubufTable(p.name).rows) {
    const forms = mubufForms(op, p);
    const dwords = bufDataDwords(op, p);
    m.set(op.name, { op, typed: false, forms, mask: parserMask(forms), gen: p.generation, dwords });
  }
  for (const op of mtbufTable(p.name).rows) {
    const forms = mtbufForms(op, p);
    const dwords = bufDataDwords(op, p);
    m.set(op.name, { op, typed: true, forms, mask: parserMask(forms), gen: p.generation, dwords });
  }
  return m;
});

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, table(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, entry: unknown): EncodeResult | null {
  const e = entry as BufEntry | undefined;
  if (!e) return null;
  const acts = parseActuals(inst, e.mask, KEYWORDS, e.typed ? MTBUF_PARSERS : undefined);
  if ('error' in acts) return acts;
  const m = matchForms(inst, e.forms, acts);
  if ('error' in m) return m;
  const f = m.form.data;
  let offset = 0;
  let written = 0;
  let cpol = 0;
  let format = DEFAULT_FORMAT;
  for (const a of m.bound) {
    if (!a || a.key === null) continue;
    if (a.key === 'offset') {
      written = a.value;
      offset = a.value & 0xfff;
    } else if (a.key === 'format') format = a.value;
    else if (a.key === 'cpol') {
      cpol = a.value;
      if (cpol & GLC && !e.op.glc)
        return { error: 'operands are not valid for this GPU or mode', pos: inst.pos };
    } else if (a.key === 'tfe' && e.op.kind === BufKind.Store)
      return { error: 'TFE modifier has no meaning for store instructions', pos: a.pos };
  }
  const glc = cpol & GLC ? 1 : 0;
  const slc = cpol & SLC ? 1 : 0;
  const offen = f.addr === Addr.Offen || f.addr === Addr.Both ? 1 : 0;
  const idxen = f.addr === Addr.Idxen || f.addr === Addr.Both ? 1 : 0;
  const field = (idx: number) => (idx < 0 ? 0 : reg(m.bound[idx]).index);
  const srsrc = f.srsrc < 0 ? 0 : scalarTupleCode(m.bound[f.srsrc]!, 4) >> 2;
  const soffset = f.soffset < 0 ? 0 : scalar32Code(m.bound[f.soffset]!);
  const g = e.gen;
  // The fields put one by one (an object of values spread per line cost 8% of a buffer line).
  const l = e.typed ? MTBUF[g] : MUBUF[g];
  const fl = l.fields as Record<string, Field>;
  const words = new Array<number>(l.dwords).fill(0);
  words[0] = l.fixedValue;
  put(fl.op, words, e.op.opcodes[g] as number);
  put(fl.offset, words, offset);
  put(fl.offen, words, offen);
  put(fl.idxen, words, idxen);
  put(fl.glc, words, glc);
  put(fl.slc, words, slc);
  put(fl.tfe, words, f.tfe ? 1 : 0);
  put(fl.vaddr, words, field(f.vaddr));
  put(fl.vdata, words, field(f.vdata));
  put(fl.srsrc, words, srsrc);
  put(fl.soffset, words, soffset);
  if (e.typed) {
    put(fl.dfmt, words, format & 15);
    put(fl.nfmt, words, format >> 4);
  } else put(fl.lds, words, f.lds ? 1 : 0);
  const a64 = BUF_ADDR64[g];
  if (a64 !== null && f.addr === Addr.Addr64) words[0] = (words[0] | (1 << a64.shift)) >>> 0;
  return written > 0xfff ? { words, offsetShown: written } : { words };
}

export const memBuf: AsmFamily = {
  name: 'buf',
  mnemonics: (t) => table(t).keys(),
  entry: (t, name) => table(t).get(name),
  encode,
  encodeEntry,
};
