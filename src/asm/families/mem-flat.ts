// FLAT, GLOBAL and SCRATCH: the FLAT encoding's three segments. Op table from the disassembler; forms
// as LLVM has them on gfx9: GLOBAL addresses with a VGPR pair and `off`, or a VGPR offset and an SGPR
// pair; SCRATCH with a VGPR and `off`, or `off` and an SGPR (the VGPR+SGPR and `off, off` forms are
// gfx940's). Returning atomics are the forms with a destination, and must say glc.
import {
  type FlatOp,
  flatTable,
  KIND_ATOMIC,
  KIND_LOAD,
  SEG_FLAT,
  SEG_GLOBAL,
  SEG_SCRATCH,
} from '../../isa/ops/memory-flat.js';
import { perProcessor } from '../../isa/ops/memory-rows.js';
import type { AsmFamily, AsmInst, EncodeResult } from '../types.js';
import {
  type Form,
  type Formal,
  GLC,
  matchForms,
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
import { saddr32Code, saddr64Code } from './mem-scalar.js';

const FLAT_ENC = 0x37 << 26;
const SADDR_OFF = 0x7f;

interface FlatForm {
  /** Formal indices of vdst, vaddr, data and saddr; -1 when absent (`off` for vaddr / saddr). */
  vdst: number;
  vaddr: number;
  data: number;
  saddr: number;
  lds: boolean;
}

/** A mnemonic's table entry (the fast path, asm/fast/flat.ts, reads its op). */
export interface FlatEntry {
  op: FlatOp;
  forms: Form<FlatForm>[];
  mask: ParserMask;
}

const OFF = tok('off');
const SADDR64 = pos((a) => saddr64Code(a) >= 0);
const SADDR32 = pos((a) => saddr32Code(a) >= 0);
const TAIL = [opt('offset'), opt('cpol')];

/** One address shape: [vaddr formal or `off`, saddr formal or `off` or none]. */
type AddrShape = readonly [Formal, Formal | null, boolean];

function addrShapes(seg: number): AddrShape[] {
  if (seg === SEG_FLAT) return [[pos(vgpr(2)), null, false]];
  if (seg === SEG_GLOBAL)
    return [
      [pos(vgpr(2)), OFF, false],
      [pos(vgpr(1)), SADDR64, false],
    ];
  return [
    [pos(vgpr(1)), OFF, false],
    [OFF, SADDR32, false],
    [pos(vgpr(1)), SADDR32, true],
    [OFF, OFF, true],
  ];
}

function build(dst: number, data: number, shape: AddrShape, lds: boolean): Form<FlatForm> {
  const [va, sa, missingFeature] = shape;
  const f: Formal[] = [];
  const info: FlatForm = { vdst: -1, vaddr: -1, data: -1, saddr: -1, lds };
  if (dst) info.vdst = f.push(pos(vgpr(dst))) - 1;
  if (va.key === null) info.vaddr = f.length;
  f.push(va);
  if (data) info.data = f.push(pos(vgpr(data))) - 1;
  if (sa) {
    if (sa.key === null) info.saddr = f.length;
    f.push(sa);
  }
  f.push(...TAIL);
  if (lds) f.push(tok('lds'));
  return { formals: f, data: info, missingFeature };
}

function forms(op: FlatOp): Form<FlatForm>[] {
  const out: Form<FlatForm>[] = [];
  for (const shape of addrShapes(op.seg)) {
    if (op.kind === KIND_LOAD) {
      out.push(build(op.dstWidth, 0, shape, false));
      if (op.lds) out.push(build(0, 0, shape, true));
    } else {
      out.push(build(0, op.dataWidth, shape, false));
      if (op.kind === KIND_ATOMIC && op.rtn) out.push(build(op.dstWidth, op.dataWidth, shape, false));
    }
  }
  return out;
}

const KEYWORDS = new Set(['off', 'lds']);
const table = perProcessor((p) => {
  const m = new Map<string, FlatEntry>();
  for (const op of flatTable(p.name).rows) {
    const fs = forms(op);
    m.set(op.name, { op, forms: fs, mask: parserMask(fs) });
  }
  return m;
});

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, table(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, entry: unknown): EncodeResult | null {
  const e = entry as FlatEntry | undefined;
  if (!e) return null;
  const acts = parseActuals(inst, e.mask, KEYWORDS);
  if ('error' in acts) return acts;
  const m = matchForms(inst, e.forms, acts);
  if ('error' in m) return m;
  const f = m.form.data;
  const op = e.op;
  let offset = 0;
  let cpol = 0;
  let glcPos = inst.pos;
  for (const a of m.bound) {
    if (!a || a.key === null) continue;
    if (a.key === 'offset') {
      // gfx7/8 FLAT has no offset field.
      if (!flatTable(inst.target).proc.features.has('flat-global'))
        return { error: 'flat offset modifier is not supported on this GPU', pos: a.pos };
      offset = a.value;
      if (op.seg === SEG_FLAT ? offset < 0 || offset > 4095 : offset < -4096 || offset > 4095)
        return {
          error:
            op.seg === SEG_FLAT ? 'expected a 12-bit unsigned offset' : 'expected a 13-bit signed offset',
          pos: a.pos,
        };
    } else if (a.key === 'cpol') {
      cpol = a.value;
      glcPos = a.glcPos ?? a.pos;
    }
  }
  if (op.kind === KIND_ATOMIC) {
    const rtn = f.vdst >= 0;
    if (rtn && !(cpol & GLC)) return { error: 'instruction must use glc', pos: inst.pos };
    if (!rtn && cpol & GLC) return { error: 'instruction must not use glc', pos: glcPos };
  }
  const field = (idx: number) => (idx < 0 ? 0 : reg(m.bound[idx]).index);
  let saddr = 0;
  if (op.seg !== SEG_FLAT) {
    const a = f.saddr < 0 ? undefined : m.bound[f.saddr];
    saddr = a === undefined ? SADDR_OFF : op.seg === SEG_SCRATCH ? saddr32Code(a) : saddr64Code(a);
  }
  const w0 =
    FLAT_ENC |
    (offset & 0x1fff) |
    ((f.lds ? 1 : 0) << 13) |
    (op.seg << 14) |
    (cpol & GLC ? 1 << 16 : 0) |
    (cpol & SLC ? 1 << 17 : 0) |
    ((op.opcodes[flatTable(inst.target).proc.generation] as number) << 18);
  const w1 = field(f.vaddr) | (field(f.data) << 8) | (saddr << 16) | (field(f.vdst) << 24);
  return { words: [w0 >>> 0, w1 >>> 0] };
}

export const memFlat: AsmFamily = {
  name: 'flat',
  mnemonics: (t) => table(t).keys(),
  entry: (t, name) => table(t).get(name),
  encode,
  encodeEntry,
};
