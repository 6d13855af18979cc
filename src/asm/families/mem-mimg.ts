// MIMG: image loads, stores, atomics, samples and gathers. Op table from the disassembler. LLVM checks
// vdata against dmask, d16 and tfe after matching; the vaddr widths it takes follow from the address
// arguments the op's name implies (see vaddrWidths).
import { MIMG } from '../../isa/encodings/memory.js';
import { encode as encodeLayout } from '../../isa/fields.js';
import { MimgClass, type MimgOp, mimgTable } from '../../isa/ops/memory-mimg.js';
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
} from './mem-match.js';
import { scalarTupleCode, tupleTest } from './mem-scalar.js';

/**
 * Bit n set: LLVM has a form with an n-dword vaddr. Sample and gather ops take their coordinates (one
 * to three, or four with an LOD or clamp) after the offset, bias and z-compare words; with derivatives
 * (d, cd) the gradients come too, from the packed (a16) 1D case up to 3D. The few wider forms are the
 * register classes LLVM rounds some counts up to.
 */
function vaddrWidths(name: string): number {
  if (!name.startsWith('image_sample') && !name.startsWith('image_gather4')) return 0b11110;
  const parts = name.split('_').slice(2);
  let extra = 0;
  let lodOrClamp = 0;
  let grads = false;
  for (const p of parts) {
    if (p === 'o' || p === 'c' || p === 'b') extra++;
    else if (p === 'l' || p === 'cl') lodOrClamp++;
    else if (p === 'd' || p === 'cd') grads = true;
  }
  let bits = 0;
  if (grads) {
    for (let n = 2 + extra; n <= 9 + extra + lodOrClamp; n++) bits |= 1 << n;
    return bits;
  }
  const lo = 1 + extra;
  const hi = 3 + extra + lodOrClamp;
  for (let n = lo; n <= hi; n++) bits |= 1 << n;
  if (extra === 0 && lodOrClamp === 0) bits |= 1 << 4;
  if (hi >= 5) bits |= 1 << 8;
  return bits;
}

/** A mnemonic's table entry (the fast path, asm/fast/mimg.ts, reads it too). */
export interface MimgEntry {
  readonly op: MimgOp;
  readonly sampler: boolean;
  /** The vaddr widths LLVM has forms of (bit n: n dwords). */
  readonly vaddr: number;
  readonly forms: Form<null>[];
  readonly mask: ParserMask;
}

const MODS = ['dmask', 'unorm', 'cpol', 'a16', 'tfe', 'lwe', 'da', 'd16'];

function entry(op: MimgOp): MimgEntry {
  const sampler = op.cls === MimgClass.Sample || op.cls === MimgClass.Gather4;
  const vaddr = vaddrWidths(op.name);
  const f: Formal[] = [
    pos((a) => a.op.kind === 'reg' && a.op.file === 'v' && ((op.dataWidths >> a.op.count) & 1) === 1),
    pos(
      (a) => a.op.kind === 'reg' && a.op.file === 'v' && a.op.count < 31 && ((vaddr >> a.op.count) & 1) === 1,
    ),
    pos(tupleTest(8)),
  ];
  if (sampler) f.push(pos(tupleTest(4)));
  for (const m of MODS) if (m !== 'd16' || op.d16) f.push(opt(m));
  const forms = [{ formals: f, data: null }];
  const mask = parserMask(forms);
  // gfx9 calls the bit a16; LLVM's parser knows r128 there only to reject it.
  mask.set('r128', mask.get('a16') ?? 0);
  return { op, sampler, vaddr, forms, mask };
}

const ENTRIES = new Map<MimgOp, MimgEntry>();
const byName = perProcessor((p) => {
  const m = new Map<string, MimgEntry>();
  for (const op of mimgTable(p.name).rows) {
    let e = ENTRIES.get(op);
    if (e === undefined) {
      e = entry(op);
      ENTRIES.set(op, e);
    }
    m.set(op.name, e);
  }
  return m;
});

const KEYWORDS = new Set(['unorm', 'a16', 'r128', 'tfe', 'lwe', 'da', 'd16']);
/** The keywords LLVM's parser knows but rejects on a generation. */
const UNSUPPORTED: Partial<Record<string, ReadonlySet<string>>> = {
  gfx6: new Set(['a16', 'd16']),
  gfx7: new Set(['a16', 'd16']),
  gfx8: new Set(['a16']),
  gfx9: new Set(['r128']),
};
const POPCOUNT4 = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

function encode(inst: AsmInst): EncodeResult | null {
  return encodeEntry(inst, byName(inst.target).get(inst.mnemonic));
}

function encodeEntry(inst: AsmInst, entry: unknown): EncodeResult | null {
  const e = entry as MimgEntry | undefined;
  if (!e) return null;
  // Bit 15 is r128 before gfx9 and a16 on gfx9; d16 exists from gfx8 (gfx80x: one component per VGPR).
  const proc = mimgTable(inst.target).proc;
  const gen = proc.generation;
  const acts = parseActuals(inst, e.mask, KEYWORDS, undefined, UNSUPPORTED[gen] ?? UNSUPPORTED.gfx8);
  if ('error' in acts) return acts;
  // Before gfx9 r128 takes a16's place in the forms (same bit).
  const r128 = acts.findIndex((a) => a.key === 'r128');
  if (r128 >= 0) acts[r128] = { ...acts[r128], key: 'a16' };
  const m = matchForms(inst, e.forms, acts);
  if ('error' in m) return m;
  const op = e.op;
  const bits: Record<string, number> = {};
  let dmask = 0;
  let dmaskPos = inst.pos;
  let cpol = 0;
  for (const a of m.bound) {
    if (!a || a.key === null) continue;
    if (a.key === 'dmask') {
      dmask = a.value & 0xf;
      dmaskPos = a.pos;
    } else if (a.key === 'cpol') cpol = a.value;
    else bits[a.key] = 1;
  }
  const d16 = bits.d16 ?? 0;
  const tfe = bits.tfe ?? 0;
  if (op.cls === MimgClass.Gather4 && POPCOUNT4[dmask] !== 1)
    return { error: 'invalid image_gather dmask: only one bit must be set', pos: dmaskPos };
  let want = op.cls === MimgClass.Gather4 ? 4 : POPCOUNT4[dmask] || 1;
  const packed = !proc.features.has('unpacked-d16-vmem');
  if (d16 && packed) want = (want + 1) >> 1;
  const vdata = reg(m.bound[0]);
  if (vdata.count !== want + tfe) {
    // Where d16 data is unpacked (gfx801-805), llvm-mc names only dmask and tfe.
    const what = op.d16 && packed ? 'dmask, d16 and tfe' : 'dmask and tfe';
    return { error: `image data size does not match ${what}`, pos: inst.pos };
  }
  // Atomics take 32- or 64-bit data, with cmpswap's compare value: one, two or four channels.
  if (op.cls === MimgClass.Atomic && dmask !== 1 && dmask !== 3 && dmask !== 0xf)
    return { error: 'invalid atomic image dmask', pos: dmaskPos };
  const srsrc = scalarTupleCode(m.bound[2]!, 8) >> 2;
  const ssamp = e.sampler ? scalarTupleCode(m.bound[3]!, 4) >> 2 : 0;
  const words = encodeLayout(MIMG[proc.generation], {
    op: op.opcodes[proc.generation] as number,
    dmask,
    unorm: bits.unorm ?? 0,
    glc: cpol & GLC ? 1 : 0,
    da: bits.da ?? 0,
    a16: bits.a16 ?? 0,
    tfe,
    lwe: bits.lwe ?? 0,
    slc: cpol & SLC ? 1 : 0,
    vaddr: reg(m.bound[1]).index,
    vdata: vdata.index,
    srsrc,
    ssamp,
    d16,
  });
  return { words };
}

export const memMimg: AsmFamily = {
  name: 'mimg',
  mnemonics: (t) => byName(t).keys(),
  entry: (t, name) => byName(t).get(name),
  encode,
  encodeEntry,
};
