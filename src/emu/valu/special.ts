// VALU ops whose effect is not lane math: they move data between lanes and the scalar unit, index the
// register file by M0, or touch AGPRs. Each is a complete handler (advancing the pc).

import { ExecError, type Handler, type Inst } from '../inst.js';
import { readScalar32 } from '../scalar-src.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../wave.js';
import { popcount } from './exec.js';
import { MFMA_HANDLERS } from './mfma.js';

function active(w: Wave, l: number): boolean {
  return ((l < 32 ? w.s[EXEC_LO] >>> l : w.s[EXEC_HI] >>> (l - 32)) & 1) === 1;
}

function countLanes(w: Wave): void {
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
}

/** A source that is a VGPR (256+) or a scalar/constant code, read for lane l. */
function laneValue(w: Wave, i: Inst, code: number, l: number, k: number): number {
  if (code >= 256) return w.v[(code - 256) * 64 + l];
  return code < 128
    ? w.s[code]
    : code === 255 || (code >= 128 && code <= 208) || (code >= 240 && code <= 248)
      ? k
      : readScalar32(w, code, i.lit);
}

function writeSgpr(w: Wave, code: number, value: number): void {
  // Writes to codes that are not writable registers (constants) are dropped, as the hardware does.
  if (code < 128) w.s[code] = value >>> 0;
}

function checkVgpr(i: Inst, r: number): void {
  if (r < 0 || r > 255)
    throw new ExecError(`register index v${r} is out of range in ${i.text} at pc 0x${i.pc.toString(16)}`);
}

const readlane: Handler = (w, i) => {
  const lane = laneValue(w, i, i.src1, 0, i.k1) & 63;
  writeSgpr(w, i.dst, laneValue(w, i, i.src0, lane, i.k0));
  w.pc = i.pc + i.size;
};

const writelane: Handler = (w, i) => {
  // The lane is written whatever EXEC says.
  const lane = laneValue(w, i, i.src1, 0, i.k1) & 63;
  w.v[i.dst * 64 + lane] = laneValue(w, i, i.src0, 0, i.k0);
  countLanes(w);
  w.pc = i.pc + i.size;
};

const readfirstlane: Handler = (w, i) => {
  let lane = 0;
  for (let l = 0; l < 64; l++)
    if (active(w, l)) {
      lane = l;
      break;
    }
  writeSgpr(w, i.dst, laneValue(w, i, i.src0, lane, i.k0));
  w.pc = i.pc + i.size;
};

const nop: Handler = (w, i) => {
  w.pc = i.pc + i.size;
};

const swap: Handler = (w, i) => {
  // Both operands are VGPRs; the encoding's 9-bit src0 field can still name an SGPR or a constant.
  if (i.src0 < 256)
    throw new ExecError(
      `v_swap_b32 needs a VGPR source, not operand code ${i.src0}, at pc 0x${i.pc.toString(16)}`,
    );
  const a = i.dst * 64;
  const b = (i.src0 - 256) * 64;
  for (let l = 0; l < 64; l++) {
    if (!active(w, l)) continue;
    const t = w.v[a + l];
    w.v[a + l] = w.v[b + l];
    w.v[b + l] = t;
  }
  countLanes(w);
  w.pc = i.pc + i.size;
};

function movrel(srcRel: boolean, dstRel: boolean): Handler {
  return (w, i) => {
    const m0 = w.s[M0] | 0;
    const d = i.dst + (dstRel ? m0 : 0);
    checkVgpr(i, d);
    for (let l = 0; l < 64; l++) {
      if (!active(w, l)) continue;
      let val: number;
      if (i.src0 >= 256) {
        const s = i.src0 - 256 + (srcRel ? m0 : 0);
        checkVgpr(i, s);
        val = w.v[s * 64 + l];
      } else val = laneValue(w, i, i.src0, l, i.k0);
      w.v[d * 64 + l] = val;
    }
    countLanes(w);
    w.pc = i.pc + i.size;
  };
}

const accRead: Handler = (w, i) => {
  const a = (i.src0 & 0xff) * 64;
  const d = i.dst * 64;
  for (let l = 0; l < 64; l++) if (active(w, l)) w.v[d + l] = w.a[a + l];
  countLanes(w);
  w.pc = i.pc + i.size;
};

const accWrite: Handler = (w, i) => {
  const d = i.dst * 64;
  for (let l = 0; l < 64; l++) if (active(w, l)) w.a[d + l] = laneValue(w, i, i.src0, l, i.k0);
  countLanes(w);
  w.pc = i.pc + i.size;
};

const SPECIAL: Record<string, Handler> = {
  v_readlane_b32: readlane,
  v_writelane_b32: writelane,
  v_readfirstlane_b32: readfirstlane,
  v_nop: nop,
  // Exception flags are not modelled (no op reads them back), so clearing them has no visible effect.
  v_clrexcp: nop,
  v_swap_b32: swap,
  v_movrels_b32: movrel(true, false),
  v_movreld_b32: movrel(false, true),
  v_movrelsd_b32: movrel(true, true),
  v_accvgpr_read_b32: accRead,
  v_accvgpr_write_b32: accWrite,
  ...MFMA_HANDLERS,
};

export function valuSpecial(name: string): Handler | undefined {
  return SPECIAL[name];
}

export const VALU_SPECIAL_OPS: ReadonlySet<string> = new Set(Object.keys(SPECIAL));
