// SMEM (gfx9): scalar memory loads, stores, atomics and cache control. Always two dwords:
// sbase[5:0] sdata[12:6] soe[14] nv[15] glc[16] imm[17] op[25:18] | offset[52:32] soffset[63:57].
import type { Target } from '../../isa/targets.js';
import type { DecodeInput, DecodeOutput, Family, IsaEntry } from '../types.js';
import { buildTable, DST32, imm32, listOps, sregTuple } from './scalar-common.js';

enum M {
  /** sdata, sbase, offset [glc]: loads, stores and atomics. */
  Data,
  /** Only the glc-less address: s_dcache_discard*. */
  Addr,
  /** sdata is a 7-bit immediate (the probe mode): s_atc_probe*. */
  Probe,
  /** A 64-bit destination only: s_memtime, s_memrealtime. */
  Time,
  /** No operands: cache invalidate / write-back. */
  None,
}

interface Layout {
  kind: M;
  /** Dwords of sdata (Data/Time). */
  data: number;
  /** Dwords of the base: 2 = an address pair, 4 = a buffer resource. */
  base: number;
  /** Whether LLVM has a cache-policy operand (prints glc). */
  glc: boolean;
}

const data = (n: number, base: number): Layout => ({ kind: M.Data, data: n, base, glc: true });
const NONE: Layout = { kind: M.None, data: 0, base: 0, glc: false };
const TIME: Layout = { kind: M.Time, data: 2, base: 0, glc: false };

const LAYOUTS: Record<string, Layout> = {
  s_load_dword: data(1, 2),
  s_load_dwordx2: data(2, 2),
  s_load_dwordx4: data(4, 2),
  s_load_dwordx8: data(8, 2),
  s_load_dwordx16: data(16, 2),
  s_scratch_load_dword: data(1, 2),
  s_scratch_load_dwordx2: data(2, 2),
  s_scratch_load_dwordx4: data(4, 2),
  s_buffer_load_dword: data(1, 4),
  s_buffer_load_dwordx2: data(2, 4),
  s_buffer_load_dwordx4: data(4, 4),
  s_buffer_load_dwordx8: data(8, 4),
  s_buffer_load_dwordx16: data(16, 4),
  s_store_dword: data(1, 2),
  s_store_dwordx2: data(2, 2),
  s_store_dwordx4: data(4, 2),
  s_scratch_store_dword: data(1, 2),
  s_scratch_store_dwordx2: data(2, 2),
  s_scratch_store_dwordx4: data(4, 2),
  s_buffer_store_dword: data(1, 4),
  s_buffer_store_dwordx2: data(2, 4),
  s_buffer_store_dwordx4: data(4, 4),
  s_dcache_inv: NONE,
  s_dcache_wb: NONE,
  s_dcache_inv_vol: NONE,
  s_dcache_wb_vol: NONE,
  s_memtime: TIME,
  s_memrealtime: TIME,
  s_atc_probe: { kind: M.Probe, data: 0, base: 2, glc: false },
  s_atc_probe_buffer: { kind: M.Probe, data: 0, base: 4, glc: false },
  s_dcache_discard: { kind: M.Addr, data: 0, base: 2, glc: false },
  s_dcache_discard_x2: { kind: M.Addr, data: 0, base: 2, glc: false },
};
for (const a of ['swap', 'add', 'sub', 'smin', 'umin', 'smax', 'umax', 'and', 'or', 'xor', 'inc', 'dec']) {
  LAYOUTS['s_atomic_' + a] = data(1, 2);
  LAYOUTS['s_atomic_' + a + '_x2'] = data(2, 2);
  LAYOUTS['s_buffer_atomic_' + a] = data(1, 4);
  LAYOUTS['s_buffer_atomic_' + a + '_x2'] = data(2, 4);
}
// Compare-and-swap carries the compare value next to the data: twice the width.
LAYOUTS.s_atomic_cmpswap = data(2, 2);
LAYOUTS.s_atomic_cmpswap_x2 = data(4, 2);
LAYOUTS.s_buffer_atomic_cmpswap = data(2, 4);
LAYOUTS.s_buffer_atomic_cmpswap_x2 = data(4, 4);

const TABLE = buildTable('smem', 256, LAYOUTS);

// sdata names per dword count; LLVM excludes m0 and exec from the data classes but still prints them,
// with a note.
function sdataTable(n: number): (string | null)[] {
  const t: (string | null)[] = [];
  for (let c = 0; c < 128; c++) t.push(sregTuple(c, n));
  if (n === 1) {
    for (const c of [124, 126, 127]) {
      t[c] += "/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/";
    }
  } else if (n === 2) {
    t[126] += "/*Invalid register, operand has 'SReg_64_XEXEC' register class*/";
  }
  return t;
}
const SDATA: (string | null)[][] = [];
for (const n of [1, 2, 4, 8, 16]) SDATA[n] = sdataTable(n);

// sbase is an SGPR pair index: code = 2 * field.
function sbaseTable(n: number): (string | null)[] {
  const t: (string | null)[] = [];
  for (let f = 0; f < 64; f++) t.push(sregTuple(2 * f, n));
  return t;
}
const SBASE: (string | null)[][] = [];
SBASE[2] = sbaseTable(2);
SBASE[4] = sbaseTable(4);

function offsetHex(v: number): string {
  // 21-bit signed byte offset.
  const s = (v << 11) >> 11;
  return s < 0 ? '-0x' + (-s).toString(16) : '0x' + s.toString(16);
}

/** The offset operand(s): an immediate, an SGPR, or both (soe and imm set). */
function address(w0: number, w1: number): string | null {
  const imm = w0 & 0x20000;
  const soe = w0 & 0x4000;
  if (soe) {
    const so = DST32[w1 >>> 25];
    return imm ? so + ' offset:' + offsetHex(w1) : so;
  }
  return imm ? offsetHex(w1) : DST32[w1 & 0x7f];
}

function decode(inp: DecodeInput, i: number, out: DecodeOutput): void {
  out.size = 0;
  if (i + 2 > inp.n) return;
  const w0 = inp.words[i];
  const w1 = inp.words[i + 1];
  const op = TABLE[(w0 >>> 18) & 0xff];
  if (op === null) return;
  const l = op.layout;
  let text: string;
  switch (l.kind) {
    case M.None:
      if (w0 & 0x20000) return;
      text = op.name;
      break;
    case M.Time: {
      if (w0 & 0x20000) return;
      const d = SDATA[2][(w0 >>> 6) & 0x7f];
      if (d === null) return;
      text = op.name + ' ' + d;
      break;
    }
    default: {
      const base = SBASE[l.base][w0 & 0x3f];
      if (base === null) return;
      const sdata = (w0 >>> 6) & 0x7f;
      if (l.kind === M.Data) {
        const d = SDATA[l.data][sdata];
        if (d === null) return;
        text = op.name + ' ' + d + ', ' + base + ', ' + address(w0, w1);
      } else if (l.kind === M.Probe) {
        text = op.name + ' ' + imm32(sdata) + ', ' + base + ', ' + address(w0, w1);
      } else {
        text = op.name + ' ' + base + ', ' + address(w0, w1);
      }
      if (l.glc && w0 & 0x10000) text += ' glc';
    }
  }
  out.text = text;
  out.size = 2;
}

function ops(t: Target): IsaEntry[] {
  return listOps(TABLE, t, 'SMEM');
}

export const smem: Family = { decode, ops };
