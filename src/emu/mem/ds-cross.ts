// The DS ops that move data between lanes without touching LDS: ds_swizzle_b32, ds_permute_b32 and
// ds_bpermute_b32 (Vega ISA document, DS section). A lane whose EXEC bit is off neither supplies data
// (readers of it get 0) nor has its destination written.

import { ExecError, type Inst } from '../inst.js';
import { EXEC_HI, EXEC_LO, type Wave } from '../wave.js';

const TMP = new Uint32Array(64);

function active(w: Wave, lane: number): boolean {
  return ((lane < 32 ? w.s[EXEC_LO] >>> lane : w.s[EXEC_HI] >>> (lane - 32)) & 1) === 1;
}

/**
 * The source lane of `lane` for a ds_swizzle_b32 offset, or -1 for the modes not modelled.
 * offset[15] = 1: quad permute, each lane of a quad picks lane offset[2k+1:2k] of its quad.
 * offset[15] = 0: bitmask mode within each half of 32 lanes: ((lane & and) | or) ^ xor, with
 * and = offset[4:0], or = offset[9:5], xor = offset[14:10] (SWAP, REVERSE and BROADCAST are cases of it).
 */
export function swizzleSource(offset: number, lane: number): number {
  if (offset >= 0xc000) return -1;
  if (offset & 0x8000) return (lane & ~3) | ((offset >>> ((lane & 3) * 2)) & 3);
  const and = offset & 0x1f;
  const or = (offset >>> 5) & 0x1f;
  const xor = (offset >>> 10) & 0x1f;
  return (lane & 0x20) | (((lane & 0x1f & and) | or) ^ xor);
}

export function runSwizzle(w: Wave, i: Inst): void {
  if (i.offset >= 0xc000) {
    // The rotate and FFT modes (offset >= 0xc000) are not described in the Vega document.
    throw new ExecError(
      `${i.name} with offset 0x${i.offset.toString(16)} (rotate/FFT mode) is not modelled at pc 0x${i.pc.toString(16)}`,
    );
  }
  const v = w.v;
  // The swizzled register is the addr operand (ds_swizzle_b32 vdst, vaddr offset:pattern).
  const src = i.vaddr * 64;
  for (let l = 0; l < 64; l++) {
    const j = swizzleSource(i.offset, l);
    TMP[l] = active(w, j) ? v[src + j]! : 0;
  }
  const dst = i.dst * 64;
  for (let l = 0; l < 64; l++) if (active(w, l)) v[dst + l] = TMP[l]!;
}

/** ds_permute_b32: lane l pushes data0 to lane ((addr + offset) / 4) % 64; the last writer wins. */
export function runPermute(w: Wave, i: Inst): void {
  const v = w.v;
  TMP.fill(0);
  for (let l = 0; l < 64; l++) {
    if (!active(w, l)) continue;
    const to = (((v[i.vaddr * 64 + l]! + i.offset) >>> 0) >>> 2) & 63;
    TMP[to] = v[i.vdata * 64 + l]!;
  }
  const dst = i.dst * 64;
  for (let l = 0; l < 64; l++) if (active(w, l)) v[dst + l] = TMP[l]!;
}

/** ds_bpermute_b32: lane l pulls data0 from lane ((addr + offset) / 4) % 64, 0 if that lane is off. */
export function runBpermute(w: Wave, i: Inst): void {
  const v = w.v;
  for (let l = 0; l < 64; l++) {
    if (!active(w, l)) continue;
    const from = (((v[i.vaddr * 64 + l]! + i.offset) >>> 0) >>> 2) & 63;
    TMP[l] = active(w, from) ? v[i.vdata * 64 + from]! : 0;
  }
  const dst = i.dst * 64;
  for (let l = 0; l < 64; l++) if (active(w, l)) v[dst + l] = TMP[l]!;
}
