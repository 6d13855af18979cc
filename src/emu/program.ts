// A loaded program: the code object's image as the device sees it, decoded one instruction at a time on
// first execution and cached by address, so each instruction is decoded once however often it runs.

import { decodeAt, formatOf, generationOf } from '../codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import type { Target } from '../isa/targets.js';
import { ExecError, Inst } from './inst.js';
import { binderFor, decoderFor } from './registry.js';

export class Program {
  /** The image as little-endian dwords (the translating engine keys its shared code by them). */
  readonly words: Uint32Array;
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

  /** Bytes of the image. */
  get size(): number {
    return this.words.length * 4;
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
    decodeInst(this.input, k, i, this.out);
    this.cache[k] = i;
    return i;
  }
}

/**
 * Decodes the instruction at dword `k` into `i` and makes it executable: the codec fills `i` (fields, op
 * row, text) in its one pass, then the format's binder derives the handler from those fields. Formats not
 * moved to the codec yet still run their execution decoder over the words. An instruction that cannot run
 * gets a handler that stops with the reason. Returns the size in dwords, 0 when it cannot run.
 */
export function decodeInst(input: DecodeInput, k: number, i: Inst, out: DecodeOutput): number {
  out.into = i;
  decodeAt(input, k, out);
  out.into = undefined;
  i.text = out.text;
  const invalid = i.text.startsWith('.long');
  const fmt = formatOf(input.words[k], generationOf(input.target));
  const bind = fmt === null ? undefined : binderFor(fmt);
  const dec = fmt === null || bind !== undefined ? undefined : decoderFor(fmt);
  let size = 0;
  if (fmt !== null) i.fmt = fmt;
  if (bind !== undefined) size = invalid ? 0 : bind(i, input.target);
  else if (dec !== undefined) size = dec(input.words, k, input.n, i, input.target);
  if (size === 0 || invalid) {
    // Either not an instruction at all, or a family whose execution is not modelled (graphics, ...).
    const what = invalid ? `an invalid instruction word (${i.text})` : `'${i.text}'`;
    const msg =
      dec === undefined && bind === undefined && !invalid
        ? `instruction without semantics: ${i.text} (the ${fmt?.toUpperCase()} encoding is not executed)`
        : `cannot execute ${what}`;
    i.run = () => {
      throw new ExecError(msg);
    };
    i.size = 4;
    return 0;
  }
  return size;
}
