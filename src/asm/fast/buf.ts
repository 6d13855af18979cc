// The fast path's MUBUF and MTBUF, as programs (program.ts) that encodeProgram runs like any other op's:
// `op vdata, vaddr|off, srsrc, soffset [format] [idxen|addr64] [offen] [offset:N] [glc] [slc] [tfe]`, and
// the LDS form `op vaddr|off, srsrc, soffset ... lds` (the program's alt, without vdata), the modifiers in
// that order, each once: the forms asm/families/mem-buf.ts matches, which stays the reference for every
// other spelling (`noglc`, symbols, expressions, offsets past 12 bits, buffer_store_lds_dword) and every
// error. vdata is a VGPR tuple of the op's width (one more with tfe), vaddr `off`, one VGPR with idxen or
// offen, or a pair with both (or addr64 on gfx6/7), srsrc an aligned SGPR/TTMP quad, soffset an SGPR, TTMP,
// named 32-bit register of the generation (mem-scalar.ts special32Code) or inline constant.
import { BUF_ADDR64, MTBUF, MUBUF } from '../../isa/encodings/memory.js';
import type { Field, Layout } from '../../isa/fields.js';
import { BufKind } from '../../isa/ops/memory-buf.js';
import type { BufEntry } from '../families/mem-buf.js';
import { Builder, type ModRow, modTable } from './build.js';
import { kw, named } from './operands.js';
import {
  C_BUF_ADDR,
  C_DATA_TFE,
  type ModTable,
  P_TABLE,
  type Program,
  S_BUF_SOFFSET,
  S_SRSRC,
  S_VADDR,
  S_VDATA,
} from './program.js';

/** The format LLVM assumes when none is written (BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM; mem-buf.ts). */
const DEFAULT_FORMAT = 1;

/** Order levels of the modifiers (glc and slc share one, in either order). */
const L_FORMAT = 1;
const L_IDXEN = 2;
const L_OFFEN = 3;
const L_OFFSET = 4;
const L_CPOL = 5;
const L_LAST = 6;

/** MTBUF's `format:` value: dfmt and nfmt side by side (bits 19-25 on every generation), dfmt low. */
function formatField(l: Layout<string>): Field {
  const d = l.fields.dfmt;
  return { word: d.word, shift: d.shift, mask: 0x7f, lo: d.lo, width: 7 };
}

function bufMods(
  l: Layout<string>,
  typed: boolean,
  glc: boolean,
  tfe: boolean,
  lds: boolean,
  addr64: Field | null,
): ModTable {
  const key = `buf/${l.name}${l.fields.slc.word}${l.fields.slc.shift}/${+typed}${+glc}${+tfe}${+lds}${+(addr64 !== null)}`;
  return modTable(key, () => {
    const f = l.fields;
    const rows: ModRow[] = [];
    if (typed) rows.push([named('format'), L_FORMAT, 0x7f, formatField(l)]);
    rows.push([kw('idxen'), L_IDXEN, 1, f.idxen]);
    if (addr64 !== null) rows.push([kw('addr64'), L_IDXEN, 1, addr64]);
    rows.push([kw('offen'), L_OFFEN, 1, f.offen]);
    rows.push([named('offset'), L_OFFSET, 0xfff, f.offset]);
    if (glc) rows.push([kw('glc'), L_CPOL, 1, f.glc]);
    rows.push([kw('slc'), L_CPOL, 1, f.slc]);
    if (tfe) rows.push([kw('tfe'), L_LAST, 1, f.tfe]);
    if (lds) rows.push([kw('lds'), L_LAST, 1, f.lds]);
    return [rows, lds ? [kw('lds')] : []];
  });
}

/** The program of a buffer op, or null when its lines are all the general path's. */
export function bufProgram(e: BufEntry): Program | null {
  const op = e.op;
  if (op.kind === BufKind.StoreLds) return null;
  const g = e.gen;
  const l = e.typed ? MTBUF[g] : MUBUF[g];
  const opcode = op.opcodes[g] as number;
  // buffer_wbinvl1*: no operands.
  if (op.kind === BufKind.Cache) return new Builder().done(l, opcode);
  const oldGen = g === 'gfx6' || g === 'gfx7';
  // tfe: MUBUF loads, and MTBUF loads on gfx6/7 only (LLVM rejects it on stores and from gfx8 on MTBUF).
  const tfe = op.kind === BufKind.Load && (!e.typed || oldGen);
  const lds = op.lds && !e.typed;
  const form = (ldsForm: boolean, alt: Program | null): Program => {
    const f = l.fields;
    const b = new Builder();
    if (!ldsForm) b.add(S_VDATA, 0, f.vdata);
    b.add(S_VADDR, 0, f.vaddr)
      .add(S_SRSRC, 4, f.srsrc)
      .add(S_BUF_SOFFSET, lds && !ldsForm ? 1 : 0, f.soffset);
    b.flags |= P_TABLE;
    b.mods = bufMods(l, e.typed, op.glc, tfe && !ldsForm, ldsForm, BUF_ADDR64[g]);
    b.checks = C_BUF_ADDR | (ldsForm ? 0 : C_DATA_TFE);
    b.dataDw = e.dwords;
    b.alt = alt;
    const p = b.done(l, opcode);
    if (e.typed) {
      const ff = formatField(l);
      p.base[ff.word] |= DEFAULT_FORMAT << ff.shift;
    }
    return p;
  };
  return form(false, lds ? form(true, null) : null);
}
