// MUBUF and MTBUF: buffer loads, stores and atomics. The op tables are the disassembler's; the forms
// are LLVM's gfx9 ones: the address as `off`, a VGPR with idxen or offen, or a pair with both; then
// (MTBUF) format, offset, cache policy, and the tfe / lds keywords of the forms that have them.
import { BufKind, type BufOp, MTBUF_OPS, MUBUF_OPS } from '../../codec/families/buf-ops.js';
import { type Target, targetBit } from '../../isa/targets.js';
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

const MUBUF_ENC = 0x38 << 26;
const MTBUF_ENC = 0x3a << 26;
/** The format LLVM assumes when none is written: BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM. */
const DEFAULT_FORMAT = 1;

enum Addr {
  Off,
  Offen,
  Idxen,
  Both,
}
const ADDRS = [Addr.Off, Addr.Offen, Addr.Idxen, Addr.Both];

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

interface BufEntry {
  op: BufOp;
  typed: boolean;
  forms: Form<BufForm>[];
  mask: ParserMask;
}

const OFFSET = opt('offset', (a) =>
  a.value >= 0 && a.value <= 0xffff ? true : 'expected a 16-bit unsigned offset',
);
const SRSRC = pos(tupleTest(4));
const SOFFSET = pos(soffsetTest);

function addrFormals(addr: Addr): Formal[] {
  if (addr === Addr.Off) return [tok('off')];
  return [pos(vgpr(addr === Addr.Both ? 2 : 1))];
}

function addrKeywords(addr: Addr): Formal[] {
  if (addr === Addr.Off) return [];
  if (addr === Addr.Offen) return [tok('offen')];
  if (addr === Addr.Idxen) return [tok('idxen')];
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

function mubufForms(op: BufOp): Form<BufForm>[] {
  const out: Form<BufForm>[] = [];
  const cpol = opt('cpol');
  if (op.kind === BufKind.Cache) return [{ formals: [], data: formInfo() }];
  if (op.kind === BufKind.StoreLds) {
    const f = [SRSRC, SOFFSET, OFFSET, tok('lds'), cpol];
    return [{ formals: f, data: { ...formInfo(), srsrc: 0, soffset: 1, lds: true } }];
  }
  for (const addr of ADDRS) {
    out.push(form(addr, op.dwords, [OFFSET, cpol], [], { tfe: false, lds: false }, false));
    if (op.kind !== BufKind.Atomic)
      out.push(form(addr, op.dwords + 1, [OFFSET, cpol], [tok('tfe')], { tfe: true, lds: false }, false));
    if (op.lds) out.push(form(addr, 0, [OFFSET, cpol], [tok('lds')], { tfe: false, lds: true }, false));
  }
  return out;
}

function formInfo(): BufForm {
  return { addr: Addr.Off, vdata: -1, vaddr: -1, srsrc: -1, soffset: -1, tfe: false, lds: false };
}

function mtbufForms(op: BufOp): Form<BufForm>[] {
  return ADDRS.map((addr) =>
    form(addr, op.dwords, [OFFSET, opt('cpol')], [], { tfe: false, lds: false }, true),
  );
}

const KEYWORDS = new Set(['off', 'offen', 'idxen', 'lds', 'tfe']);
const MTBUF_PARSERS = new Map<string, NamedParser>([['format', formatParser]]);

const byTarget = new Map<Target, Map<string, BufEntry>>();

function table(t: Target): Map<string, BufEntry> {
  let m = byTarget.get(t);
  if (m) return m;
  m = new Map();
  const bit = targetBit(t);
  for (const op of MUBUF_OPS) {
    if (!(op.targets & bit)) continue;
    const forms = mubufForms(op);
    m.set(op.name, { op, typed: false, forms, mask: parserMask(forms) });
  }
  for (const op of MTBUF_OPS) {
    if (!(op.targets & bit)) continue;
    const forms = mtbufForms(op);
    m.set(op.name, { op, typed: true, forms, mask: parserMask(forms) });
  }
  byTarget.set(t, m);
  return m;
}

function encode(inst: AsmInst): EncodeResult | null {
  const e = table(inst.target).get(inst.mnemonic);
  if (!e) return null;
  const acts = parseActuals(inst, e.mask, KEYWORDS, e.typed ? MTBUF_PARSERS : undefined);
  if ('error' in acts) return acts;
  const m = matchForms(inst, e.forms, acts);
  if ('error' in m) return m;
  const f = m.form.data;
  let offset = 0;
  let cpol = 0;
  let format = DEFAULT_FORMAT;
  for (const a of m.bound) {
    if (!a || a.key === null) continue;
    if (a.key === 'offset') offset = a.value & 0xfff;
    else if (a.key === 'format') format = a.value;
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
  let w0 = offset | (offen << 12) | (idxen << 13) | (glc << 14) | (e.op.opcode << (e.typed ? 15 : 18));
  let w1 = field(f.vaddr) | (field(f.vdata) << 8) | (srsrc << 16) | (soffset << 24);
  if (e.typed) {
    w0 |= MTBUF_ENC | (format << 19);
    w1 |= slc << 22;
  } else {
    w0 |= MUBUF_ENC | ((f.lds ? 1 : 0) << 16) | (slc << 17);
    w1 |= (f.tfe ? 1 : 0) << 23;
  }
  return { words: [w0 >>> 0, w1 >>> 0] };
}

export const memBuf: AsmFamily = {
  name: 'buf',
  mnemonics: (t) => table(t).keys(),
  encode,
};
