// A loaded program: the code object's image as the device sees it, decoded one instruction at a time on
// first execution and cached by address, so each instruction is decoded once however often it runs.

import { decodeAt, formatOf, generationOf } from '../codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import type { Target } from '../isa/targets.js';
import { ExecError, Inst } from './inst.js';
import { decoderFor } from './registry.js';

export class Program {
  private readonly words: Uint32Array;
  private readonly cache: (Inst | undefined)[];
  private readonly input: DecodeInput;
  private readonly out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };

  /**
   * @param image the loaded image bytes (a copy of what device memory holds at `base`)
   * @param base device address of image[0]
   */
  constructor(
    image: Uint8Array,
    readonly base: number,
    readonly target: Target,
  ) {
    const n = image.length >>> 2;
    this.words = new Uint32Array(n);
    const dv = new DataView(image.buffer, image.byteOffset, image.byteLength);
    for (let k = 0; k < n; k++) this.words[k] = dv.getUint32(k * 4, true);
    this.cache = new Array(n);
    this.input = { words: this.words, n, target };
  }

  /** Whether device address pc lies in the image (a trap handler's program next to the kernel's). */
  contains(pc: number): boolean {
    return pc >= this.base && pc < this.base + this.words.length * 4;
  }

  /** The decoded instruction at device address pc. */
  inst(pc: number): Inst {
    const k = (pc - this.base) / 4;
    const hit = this.cache[k];
    if (hit !== undefined) return hit;
    return this.decode(pc, k);
  }

  private decode(pc: number, k: number): Inst {
    if (!Number.isInteger(k) || k < 0 || k >= this.words.length) {
      throw new ExecError(`the program counter 0x${pc.toString(16)} is outside the code object's image`);
    }
    const i = new Inst();
    i.pc = pc;
    // Families that decode into a Decoded fill `i` in this same pass (fields, op row, text): decode once.
    this.out.into = i;
    decodeAt(this.input, k, this.out);
    this.out.into = undefined;
    i.text = this.out.text;
    const fmt = formatOf(this.words[k], generationOf(this.target));
    const dec = fmt === null ? undefined : decoderFor(fmt);
    let size = 0;
    if (fmt !== null) i.fmt = fmt;
    if (dec !== undefined) size = dec(this.words, k, this.words.length, i, this.target);
    if (size === 0 || i.text.startsWith('.long')) {
      // Either not an instruction at all, or a family whose execution is not modelled (graphics, ...).
      const what = i.text.startsWith('.long') ? `an invalid instruction word (${i.text})` : `'${i.text}'`;
      const msg =
        dec === undefined && !i.text.startsWith('.long')
          ? `instruction without semantics: ${i.text} (the ${fmt?.toUpperCase()} encoding is not executed)`
          : `cannot execute ${what}`;
      i.run = () => {
        throw new ExecError(msg);
      };
      i.size = 4;
    }
    this.cache[k] = i;
    return i;
  }
}
