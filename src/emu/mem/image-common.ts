// What every MIMG handler shares: the instruction's flag bits, the T# loaded once per instruction,
// the dst_sel step, and writing results to the data VGPRs (see image.ts for the field conventions).

import type { Generation } from '../../isa/processors.js';
import { ExecError, type Inst } from '../inst.js';
import { popcount } from '../valu/exec.js';
import { EXEC_HI, EXEC_LO, type Wave } from '../wave.js';
import { ImageDesc } from './image-desc.js';
import { TexelFormat } from './image-format.js';

export const F_UNORM = 1;
export const F_DA = 2;
export const F_D16 = 4;
export const F_TFE = 8;
export const F_LWE = 16;
export const F_A16 = 32;
export const F_R128 = 64;
/** d16 data one 16-bit value per VGPR (low half): gfx80x (feature unpacked-d16-vmem). */
export const F_D16_UNPACKED = 128;

/** Shared scratch state: handlers run one at a time. */
export const T = new ImageDesc();
export const FMT = new TexelFormat();

export function active(w: Wave, lane: number): boolean {
  return ((lane < 32 ? w.s[EXEC_LO] >>> lane : w.s[EXEC_HI] >>> (lane - 32)) & 1) === 1;
}

export function done(w: Wave, i: Inst): void {
  w.laneInstructions += popcount(w.s[EXEC_LO]) + popcount(w.s[EXEC_HI]);
  w.pc = i.pc + i.size;
}

/** Stops with the instruction's name and pc. */
export function fail(i: Inst, why: string): never {
  throw new ExecError(`${i.name}: ${why} at pc 0x${i.pc.toString(16)}`);
}

/** Loads the T# and its format; stops on what the emulator cannot address. */
export function loadResource(w: Wave, i: Inst): void {
  const gen = i.fn as Generation;
  const s = w.s;
  if (i.offset & F_R128) {
    // A 128-bit resource (gfx6-8 r128): no depth, pitch or array fields; rows are `width` texels apart
    // (CLRX: "The 2D images require only width and height parameters. Pitch is optional.").
    const save4 = s[i.saddr + 4]!;
    const save5 = s[i.saddr + 5]!;
    s[i.saddr + 4] = 0;
    s[i.saddr + 5] = 0;
    T.load(s, i.saddr, gen);
    T.pitch = T.width;
    s[i.saddr + 4] = save4;
    s[i.saddr + 5] = save5;
  } else T.load(s, i.saddr, gen);
  const bad = T.check(gen) ?? FMT.set(T.dfmt, T.nfmt);
  if (bad !== undefined) fail(i, bad);
  if (i.offset & F_A16) fail(i, '16-bit addresses (a16) are not modelled');
}

/** The dst_sel value: 0, 1, or memory channel 0-3 (R, G, B, A). */
export function selected(sel: number, ch: Uint32Array, one1: number, i: Inst): number {
  if (sel >= 4) return ch[sel - 4]!;
  if (sel === 1) return one1;
  if (sel === 0) return 0;
  return fail(i, `invalid dst_sel ${sel} in the T#`);
}

/** Writes the dmask components of xyzw (32-bit or packed d16) to vdata.., then the tfe dword. */
export function writeResult(
  w: Wave,
  i: Inst,
  lane: number,
  xyzw: Uint32Array,
  d16: boolean,
  mask = i.imm,
): void {
  const v = w.v;
  let r = i.vdata;
  let half = 0;
  for (let k = 0; k < 4; k++) {
    if (!((mask >>> k) & 1)) continue;
    if (!d16) v[r++ * 64 + lane] = xyzw[k]!;
    else if (i.offset & F_D16_UNPACKED) v[r++ * 64 + lane] = xyzw[k]! & 0xffff;
    else if (half === 0) {
      v[r * 64 + lane] = xyzw[k]! & 0xffff;
      half = 1;
    } else {
      v[r * 64 + lane] = (v[r * 64 + lane]! | ((xyzw[k]! & 0xffff) << 16)) >>> 0;
      r++;
      half = 0;
    }
  }
  if (half) r++;
  if (i.offset & F_TFE) v[r * 64 + lane] = 0;
}
