// `gcnkit disasm --raw`: bare instruction words at address 0, streamed. The input is decoded a chunk at
// a time with a few words of look-ahead kept across chunks (an instruction is at most 3 dwords), so
// memory stays bounded whatever the input's size and the lines are those of a whole-file decode.
import { decodeAt } from '../codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import type { Target } from '../isa/targets.js';
import { CHUNK, type Input } from './io.js';
import type { StdoutStream } from './stdout.js';

/** Words kept back at a chunk's end until more input (or its end) shows what follows them. */
const LOOKAHEAD = 4;

export interface RawInstruction {
  readonly address: number;
  /** The instruction's bytes in file order, lowercase hex. */
  readonly bytes: string;
  readonly text: string;
  /** LLVM's comment after the instruction (e.g. a misaligned register warning), when there is one. */
  readonly comment?: string;
}

/** Calls `each` for every instruction of the input, in order. Trailing bytes (fewer than 4) are ignored. */
export function decodeRaw(
  input: Input,
  target: Target,
  each: (inst: RawInstruction) => void,
  chunkSize = CHUNK,
): void {
  const cap = Math.ceil(chunkSize / 4) + LOOKAHEAD;
  let words = new Uint32Array(cap);
  let n = 0;
  /** Byte address of words[0]. */
  let base = 0;
  const tail = new Uint8Array(4);
  let tailLen = 0;
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };

  const drain = (final: boolean) => {
    const inp: DecodeInput = { words, n, target };
    let i = 0;
    while (i < n && (final || i + LOOKAHEAD <= n)) {
      decodeAt(inp, i, out);
      let bytes = '';
      for (let k = 0; k < out.size; k++) {
        const w = words[i + k];
        for (let b = 0; b < 32; b += 8) bytes += ((w >>> b) & 0xff).toString(16).padStart(2, '0');
      }
      each({
        address: base + i * 4,
        bytes,
        text: out.text,
        ...(out.comment ? { comment: out.comment } : {}),
      });
      i += out.size;
    }
    words.copyWithin(0, i, n);
    n -= i;
    base += i * 4;
  };

  for (const chunk of input.chunks(chunkSize)) {
    let p = 0;
    // Complete a word split across chunks.
    while (tailLen > 0 && tailLen < 4 && p < chunk.length) tail[tailLen++] = chunk[p++];
    if (tailLen === 4) {
      words[n++] = (tail[0] | (tail[1] << 8) | (tail[2] << 16) | (tail[3] << 24)) >>> 0;
      tailLen = 0;
    }
    const whole = (chunk.length - p) >>> 2;
    if (n + whole > words.length) {
      const bigger = new Uint32Array(n + whole + LOOKAHEAD);
      bigger.set(words.subarray(0, n));
      words = bigger;
    }
    for (let k = 0; k < whole; k++, p += 4)
      words[n++] = (chunk[p] | (chunk[p + 1] << 8) | (chunk[p + 2] << 16) | (chunk[p + 3] << 24)) >>> 0;
    while (p < chunk.length) tail[tailLen++] = chunk[p++];
    drain(false);
  }
  drain(true);
}

/** llvm-objdump's line for an instruction at `address`. */
export function rawLine(inst: RawInstruction): string {
  let hex = '';
  for (let k = 0; k < inst.bytes.length; k += 8) {
    const b = inst.bytes;
    hex +=
      (k ? ' ' : '') +
      (
        b.slice(k + 6, k + 8) +
        b.slice(k + 4, k + 6) +
        b.slice(k + 2, k + 4) +
        b.slice(k, k + 2)
      ).toUpperCase();
  }
  const addr = inst.address.toString(16).toUpperCase().padStart(12, '0');
  return `\t${inst.text.padEnd(59)}// ${addr}: ${hex}${inst.comment ? ' ; ' + inst.comment : ''}\n`;
}

/** Streams the text or JSON form of a raw disassembly to standard output. */
export function printRaw(input: Input, target: Target, json: boolean, out: StdoutStream): void {
  if (!json) {
    decodeRaw(input, target, (inst) => out.write(rawLine(inst)));
    out.flush();
    return;
  }
  out.write(`{"file":${JSON.stringify(input.name)},"target":"${target}","raw":true,"instructions":[`);
  let first = true;
  decodeRaw(input, target, (inst) => {
    out.write((first ? '\n' : ',\n') + JSON.stringify(inst));
    first = false;
  });
  out.write('\n]}\n');
  out.flush();
}
