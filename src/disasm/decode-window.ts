// Lines decoded ahead of the driver, a format at a time. On distinct input each line is another family's
// code, and decoding the lines in their order cost about 1.5x as much as decoding the same lines grouped
// by format (issue 13: the 1M distinct benchmark's instructions, decoding alone, CPU: in order 185-200 ms,
// grouped in runs of 1024 to 16384 lines 120-135 ms; each family's branches and tables stay warm through
// its run). So the driver, while its line cache finds next to nothing, takes its lines from a window:
// the window plans the next WINDOW_LINES lines from a word on with the size each has if it decodes
// (sizeHint), decodes them grouped by format into a scratch buffer, and keeps each one's text and results
// for the driver, which writes them in order. A planned start is only a guess past a line whose size
// differs from the plan (an invalid word): the driver asks for the line at the word where it is, and the
// window plans again from there when that is not its next planned line.
import { decodeInto, FORMAT_COUNT, formatNumbers } from '../codec/disasm.js';
import { FIXED_SIZE, sizeHint } from '../codec/size-hint.js';
import { TEXT_ROOM } from '../codec/text-bytes.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import { ByteOut } from './out.js';

/** Whether the driver uses the window (tests compare its output with and without). */
export const WINDOW_MODE = { on: true };

/** rec's flags: the line decoded (not a `.long`); it has a branch, label or comment. */
export const VALID = 0x100;
export const NOTE = 0x200;

/** Lines planned and decoded at once; in the first window of a process. */
const WINDOW_LINES = 8192;
const FIRST_LINES = 2048;
let filled = 0;

export class DecodeWindow {
  /** The words and target the window was planned for (a window is valid for one section's words). */
  private words: Uint32Array | null = null;
  private target = '';
  /** Lines in the window, and the next one the driver takes. */
  private k = 0;
  private next = 0;
  /** Per line: its planned first word and format number. */
  private readonly word = new Int32Array(WINDOW_LINES);
  private readonly format = new Uint8Array(WINDOW_LINES);
  /** Per format number + 1, then where each format's lines go in `order`. */
  private readonly count = new Int32Array(FORMAT_COUNT + 2);
  private readonly order = new Int32Array(WINDOW_LINES);
  /**
   * Per line, what decodeInto gave, as 4 numbers (one record, read in order): where its text starts in
   * scratch.buf, the text's length, its size in dwords | VALID | NOTE, and its first word. Lines with
   * NOTE (about 1 in 10) have a branch offset, label offset or comment in `branch`, `label`, `comment`.
   */
  readonly rec = new Int32Array(WINDOW_LINES * 4);
  readonly branch = new Float64Array(WINDOW_LINES);
  readonly label = new Float64Array(WINDOW_LINES);
  readonly comment: string[] = new Array<string>(WINDOW_LINES).fill('');
  /** The texts (a ByteOut as the driver's output is: the families see one class of sink). */
  readonly scratch = new ByteOut(WINDOW_LINES * 48, () => {});

  /** Forgets the window (its words may be reused for another file). */
  clear(): void {
    this.words = null;
    this.k = 0;
    this.next = 0;
  }

  /**
   * The window's index of the line at word `w` of `inp`, decoding the lines from there on first when the
   * window's next line is not that one. `dout` is the driver's DecodeOutput (decodeInto's scratch).
   */
  take(inp: DecodeInput, w: number, dout: DecodeOutput): number {
    const j = this.next;
    if (j >= this.k || this.rec[4 * j + 3] !== w || this.words !== inp.words || this.target !== inp.target) {
      this.fill(inp, w, dout);
      this.next = 1;
      return 0;
    }
    this.next = j + 1;
    return j;
  }

  /** Plans and decodes the lines from word `w` on (at least that one). */
  private fill(inp: DecodeInput, w: number, dout: DecodeOutput): void {
    const words = inp.words;
    const n = inp.n;
    // The plan: each line's start and format; it stops before a pair of zero words (the driver's
    // `...`, which depends on the symbol's end) and at the last word.
    // The first window of a process is not grouped: its lines reach every family's case of decodeInto
    // in their mixed order, before V8 optimises it; grouped, the families of the later groups were first
    // reached by optimised code, which deoptimised at each (recompiling decodeInto with the families
    // inlined into it, in the CLI's cold run: issue 13).
    const first = filled++ === 0;
    const lines = first ? FIRST_LINES : WINDOW_LINES;
    const formats = formatNumbers(inp.target);
    let k = 0;
    let at = w;
    do {
      const f = formats[words[at] >>> 23];
      let size = FIXED_SIZE[f];
      if (size === 0) size = sizeHint(inp, at, f);
      this.word[k] = at;
      this.format[k] = f;
      k++;
      at += size;
    } while (k < lines && at < n && (words[at] !== 0 || at + 1 >= n || words[at + 1] !== 0));
    // Grouped by format: a counting sort, lines in order within a format.
    const count = this.count;
    count.fill(0);
    for (let j = 0; j < k; j++) count[this.format[j] + 1]++;
    for (let f = 1; f < count.length; f++) count[f] += count[f - 1];
    const order = this.order;
    for (let j = 0; j < k; j++) order[count[this.format[j]]++] = j;
    if (first) for (let j = 0; j < k; j++) order[j] = j;
    const scratch = this.scratch;
    scratch.pos = 0;
    const rec = this.rec;
    for (let t = 0; t < k; t++) {
      const j = order[t];
      scratch.ensure(TEXT_ROOM);
      const from = scratch.pos;
      const valid = decodeInto(inp, this.word[j], dout, scratch);
      const r = 4 * j;
      rec[r] = from;
      rec[r + 1] = scratch.pos - from;
      rec[r + 3] = this.word[j];
      const branch = dout.branchOffset;
      const label = dout.labelOffset as number;
      const comment = dout.comment as string;
      let m = dout.size | (valid ? VALID : 0);
      if (!Number.isNaN(branch) || !Number.isNaN(label) || comment !== '') {
        m |= NOTE;
        this.branch[j] = branch;
        this.label[j] = label;
        this.comment[j] = comment;
      }
      rec[r + 2] = m;
    }
    this.k = k;
    this.words = words;
    this.target = inp.target;
  }
}
