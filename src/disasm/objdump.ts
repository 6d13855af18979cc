// `llvm-objdump -d` for AMDGPU code objects, byte for byte: the file header, one "Disassembly of section"
// per executable section, a label per symbol chunk, instruction lines in the AMDGCN pretty printer's
// layout, branch-target annotations, `...` for runs of zeros, data symbols as hex/ASCII, trailing bytes.
// The structure follows llvm-objdump's disassembleObject so that its corner cases come out the same.
import { decodeInto } from '../codec/disasm.js';
import { TEXT_ROOM } from '../codec/text-bytes.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import { amdgpuTargetInfo } from '../elf/amdgpu.js';
import { ElfError } from '../elf/errors.js';
import { ElfFile } from '../elf/reader.js';
import {
  type ElfSection,
  SHF_EXECINSTR,
  SHT_NOBITS,
  STT_AMDGPU_HSA_KERNEL,
  STT_COMMON,
  STT_FUNC,
  STT_NOTYPE,
  STT_OBJECT,
} from '../elf/types.js';
import { isaRefusal, supportedNames } from '../isa/processors.js';
import { isTarget, type Target } from '../isa/targets.js';
import { DecodeWindow, NOTE, VALID, WINDOW_MODE } from './decode-window.js';
import { hex2L, hex2U, hex16L } from './hex.js';
import { LineCache } from './line-cache.js';
import { ByteOut, latin1String, TAIL_ROOM } from './out.js';
import { exactAt, SymbolTables, type SymInfo } from './symbols.js';

export interface ObjdumpOptions {
  /** Overrides the processor in e_flags. */
  mcpu?: Target;
}

/** The processor to decode for: opts.mcpu if given, else the one in e_flags (must be a supported one). */
export function targetOf(elf: ElfFile, mcpu?: Target): Target {
  if (mcpu) {
    // Refused before any byte is decoded (a JavaScript caller can pass any string).
    const refusal = isaRefusal(mcpu);
    if (refusal !== null) throw new TypeError(`mcpu: ${refusal}`);
    return mcpu;
  }
  const proc = amdgpuTargetInfo(elf.header).processor;
  if (isTarget(proc)) return proc;
  throw new ElfError(
    elf.fileName,
    'e_flags',
    `processor ${proc} is not supported (${supportedNames().join(', ')}); choose one with the mcpu option`,
  );
}

/**
 * Disassembles an ELF code object into the bytes llvm-objdump would print. `fileName` is printed in the
 * header as given; it and symbol names are strings of latin1 characters (one per byte).
 */
export function objdumpBytes(bytes: Uint8Array, fileName: string, opts: ObjdumpOptions = {}): Uint8Array {
  // About 80 output bytes per instruction dword: one allocation in the common case.
  const out = new ByteOut(bytes.length * 24);
  disassemble(bytes, fileName, opts, out);
  return out.bytes();
}

/**
 * objdumpBytes into a caller's ByteOut, reused across calls: its buffer (grown to the largest output so
 * far) is written from the start, and the result is a view of it, valid until the next call. A large
 * output costs no fresh memory after the first call (a fresh 150 MB buffer's page faults cost as much CPU
 * time as the decoding: issue 13).
 */
export function objdumpInto(
  bytes: Uint8Array,
  fileName: string,
  opts: ObjdumpOptions,
  out: ByteOut,
): Uint8Array {
  out.pos = 0;
  disassemble(bytes, fileName, opts, out);
  return out.bytes();
}

/**
 * objdumpBytes streamed: `write` receives the output in chunks of about `chunkSize` bytes, each a view
 * of one reused buffer that is valid only during the call (copy it to keep it). The file is parsed and
 * its target checked before the first chunk; a later error (an unsupported construct in a section)
 * throws after the chunks before it were written, as llvm-objdump's own output stops there.
 */
export function objdumpStream(
  bytes: Uint8Array,
  fileName: string,
  opts: ObjdumpOptions,
  write: (chunk: Uint8Array) => void,
  chunkSize = 1 << 20,
): void {
  const out = new ByteOut(chunkSize, write);
  disassemble(bytes, fileName, opts, out);
  out.flush();
}

function disassemble(bytes: Uint8Array, fileName: string, opts: ObjdumpOptions, out: ByteOut): void {
  const elf = ElfFile.parse(bytes, fileName);
  const target = targetOf(elf, opts.mcpu);
  const syms = new SymbolTables(elf);
  // One cache for the file: a line depends on its words and the target only (branches are not cached).
  // Its memory is kept for the next file: in fresh memory a sampled store touches a new page each time,
  // and a page fault costs 10-20 us on the machines measured (5% of a distinct run: issue 13).
  const cache = spareCache ?? new LineCache();
  spareCache = null;
  cache.reset();
  try {
    out.str(`\n${fileName}:\tfile format elf64-amdgpu\n`);
    for (const sec of elf.sections) {
      if (!(sec.flags & SHF_EXECINSTR) || sec.type === SHT_NOBITS || sec.size === 0) continue;
      disassembleSection(elf, sec, syms, target, out, cache);
    }
  } finally {
    // A sink that disassembles another file from within its call finds the spare taken and makes its own.
    spareCache = cache;
    // The window holds the section's words: not kept past the call (nor valid for another file).
    WINDOW.clear();
  }
}

/** The lines decoded ahead on distinct input (one for all calls: a window is refilled when it does not match). */
const WINDOW = new DecodeWindow();

/** The line cache not in use (about 5 MB, made on the first call). */
let spareCache: LineCache | null = null;

/** objdumpBytes as a string of latin1 characters (ASCII in practice). */
export function objdump(bytes: Uint8Array, fileName: string, opts: ObjdumpOptions = {}): string {
  return latin1String(objdumpBytes(bytes, fileName, opts));
}

/** Whether this machine stores words little-endian, as the code objects do. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The words of a section read from byte `phase` on (symbols may start at any byte): a view of the
 * section's bytes where they are aligned (the usual case: no copy of a large section), else a copy.
 */
function wordsAt(data: Uint8Array, phase: number): Uint32Array {
  const n = Math.max(0, Math.floor((data.length - phase) / 4));
  if (LITTLE_ENDIAN && (data.byteOffset + phase) % 4 === 0)
    return new Uint32Array(data.buffer, data.byteOffset + phase, n);
  const w = new Uint32Array(n);
  for (let k = 0, p = phase; k < n; k++, p += 4) {
    w[k] = (data[p] | (data[p + 1] << 8) | (data[p + 2] << 16) | (data[p + 3] << 24)) >>> 0;
  }
  return w;
}

/** MCSymbol printing: names outside [A-Za-z0-9_$.@] are quoted with \\ \" \n escaped. */
function printSymbolName(name: string): string {
  if (/^[A-Za-z0-9_$.@]+$/.test(name)) return name;
  return '"' + name.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : '\\' + c)) + '"';
}

/**
 * Replaces the branch immediate (the last operand) of the text just written from `from` on by the symbol
 * name, as AMDGPU's symbolizer does.
 */
function symbolize(out: ByteOut, from: number, name: string): void {
  const b = out.buf;
  let k = out.pos - 1;
  while (k >= from && b[k] !== 0x20 && b[k] !== 0x2c) k--;
  out.pos = k + 1;
  out.str(printSymbolName(name));
}

function disassembleSection(
  elf: ElfFile,
  sec: ElfSection,
  syms: SymbolTables,
  target: Target,
  out: ByteOut,
  cache: LineCache,
): void {
  const data = elf.contents(sec);
  const secAddr = sec.addr;
  const secSize = data.length;
  const symbols = syms.listOf(sec.index);

  // AMDGPU's symbolizer prints a branch to an STT_NOTYPE symbol of this section by its name (the first
  // such symbol in sorted order), and then llvm-objdump prints no target annotation.
  const notypeAt = new Map<number, string>();
  for (const s of symbols) {
    if (s.type === STT_NOTYPE && s.addr <= BigInt(Number.MAX_SAFE_INTEGER) && !notypeAt.has(Number(s.addr))) {
      notypeAt.set(Number(s.addr), s.name);
    }
  }

  // A section with no (non-mapping) symbol at its start gets one named after the section.
  const base = BigInt(secAddr);
  if (symbols.length === 0 || symbols[0].addr !== base) {
    syms.insertSorted(sec.index, { addr: base, at: exactAt(base), name: sec.name, type: STT_FUNC });
  }

  const phases: (Uint32Array | undefined)[] = [undefined, undefined, undefined, undefined];
  const end64 = base + BigInt(secSize);
  let printedSection = false;

  for (let si = 0; si < symbols.length; ) {
    const first = si;
    const start64 = symbols[si].addr;
    while (si < symbols.length && symbols[si].addr === start64) si++;
    const here = symbols.slice(first, si);

    // Code takes priority over data: the label shown is the last non-data symbol, if any.
    let asData = true;
    let display = here.length - 1;
    for (let k = 0; k < here.length; k++) {
      if (here[k].type !== STT_OBJECT && here[k].type !== STT_COMMON) {
        asData = false;
        display = k;
      }
    }
    if (start64 < base) continue;
    let chunkEnd64 = end64;
    if (si < symbols.length && symbols[si].addr < chunkEnd64) chunkEnd64 = symbols[si].addr;
    if (start64 >= chunkEnd64) continue;
    let start = Number(start64 - base);
    const end = Number(chunkEnd64 - base);

    if (!printedSection) {
      printedSection = true;
      out.str(`\nDisassembly of section ${sec.name}:\n`);
    }
    out.str(`\n${hex16L(start64)} <${here[display].name}>:\n`);

    for (const s of here) {
      if (s.type === STT_AMDGPU_HSA_KERNEL) {
        start += codeObjectV2Kernel(s, data, out);
        break;
      }
      if (s.type === STT_OBJECT && s.name.endsWith('.kd')) {
        // llvm-objdump decodes a kernel descriptor here (.amdhsa_kernel directives): not yet in gcnkit.
        throw new ElfError(
          elf.fileName,
          `symbol ${s.name}`,
          'kernel descriptor in an executable section is not supported',
        );
      }
    }

    if (asData) {
      dumpData(secAddr, start, end, data, out);
      continue;
    }

    const phase = start & 3;
    let words = phases[phase];
    if (!words) {
      words = wordsAt(data, phase);
      phases[phase] = words;
    }
    const run = new LineRun(sec, secAddr, data, words, phase, target, out, cache, syms, notypeAt);
    let idx = start;
    while (idx < end) {
      out.lineEnd();
      idx = run.lines(idx, end);
    }
  }
}

/**
 * The instruction lines of one symbol's chunk, written a block at a time by `lines`. The loop is a
 * method called once per block rather than one loop over the whole section: V8 optimises a function
 * that is called many times as a whole, while a single long-running loop runs on on-stack-replacement
 * code made from the feedback of its first iterations, which was about 2x slower for the rest of a cold
 * run (the CLI's only run: issue 13).
 */
class LineRun {
  private readonly n: number;
  private readonly secSize: number;
  private readonly inp: DecodeInput;
  private readonly dout: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };

  constructor(
    private readonly sec: ElfSection,
    private readonly secAddr: number,
    private readonly data: Uint8Array,
    private readonly words: Uint32Array,
    private readonly phase: number,
    target: Target,
    private readonly out: ByteOut,
    private readonly cache: LineCache,
    private readonly syms: SymbolTables,
    private readonly notypeAt: Map<number, string>,
  ) {
    this.n = words.length;
    this.secSize = data.length;
    this.inp = { words, n: words.length, target };
  }

  /**
   * Writes the lines from byte `idx` of the section on, up to `end`, about 4096 lines or a full buffer
   * (ByteOut.flushAt); returns where it stopped. The caller flushes between calls: a flush inside the
   * loop is first reached after a megabyte of output, when the loop is optimised already, and its code
   * without feedback deoptimised it (twice in a cold run, each time recompiling the loop with the
   * families inlined into it: issue 13).
   */
  lines(idx: number, end: number): number {
    // Locals: V8 keeps them in registers across the loop.
    const secAddr = this.secAddr;
    const secSize = this.secSize;
    const data = this.data;
    const words = this.words;
    const n = this.n;
    const phase = this.phase;
    const inp = this.inp;
    const dout = this.dout;
    const out = this.out;
    const cache = this.cache;
    const flushAt = out.flushAt;
    const win = WINDOW;
    const windowed = WINDOW_MODE.on;
    for (let count = 0; idx < end && count < 4096 && out.pos < flushAt; count++) {
      const w = (idx - phase) >>> 2;
      // Runs of 8 or more zero bytes within the chunk print as `...` (skipped in whole dwords).
      if (w + 1 < n && words[w] === 0 && words[w + 1] === 0 && end - idx >= 8) {
        const maxW = w + Math.floor((end - idx) / 4);
        let k = w + 2;
        while (k < maxW && k < n && words[k] === 0) k++;
        out.str('\t\t...\n');
        idx += (k - w) * 4;
        continue;
      }
      const addr = secAddr + idx;
      if (w >= n) {
        // Fewer than 4 bytes left in the section: llvm-objdump prints them as .byte.
        let t = '\t.byte 0x' + hex2L(data[idx]);
        let h = '';
        for (let p = idx; p < secSize; p++) {
          if (p > idx) t += ', 0x' + hex2L(data[p]);
          h += ' ' + hex2U(data[p]);
        }
        out.str(t);
        out.spaces(55 - 6 * (secSize - idx));
        out.str('// ');
        out.hexU(addr, 12);
        out.str(':' + h + '\n');
        idx = secSize;
        continue;
      }
      if (cache.rare && windowed && addr < 0x100000000) {
        // Distinct input: the line from the window, decoded ahead a format at a time.
        const r = 4 * win.take(inp, w, dout);
        const rec = win.rec;
        const from = rec[r];
        const len = rec[r + 1];
        const m = rec[r + 2];
        const size = m & 0xff;
        out.ensure(len + 32 + TAIL_ROOM);
        const lineStart = out.pos;
        const v = out.view;
        const text = win.scratch.view;
        v.setUint8(lineStart, 0x09);
        // Eight bytes a store, the first 32 without a loop (most texts are shorter): up to 31 bytes past
        // the text, which the line's tail overwrites. As float64s: text is ASCII, and no 8 bytes under
        // 0x80 are a NaN (whose bit pattern a store could change), so the bytes are copied as they are.
        const to = lineStart + 1;
        v.setFloat64(to, text.getFloat64(from));
        v.setFloat64(to + 8, text.getFloat64(from + 8));
        v.setFloat64(to + 16, text.getFloat64(from + 16));
        v.setFloat64(to + 24, text.getFloat64(from + 24));
        for (let q = 32; q < len; q += 8) v.setFloat64(to + q, text.getFloat64(from + q));
        out.pos = to + len;
        let addrAt: number;
        if (m & NOTE) {
          const j = r >>> 2;
          addrAt = this.finish(lineStart, addr, w, size, win.branch[j], win.label[j], win.comment[j]);
        } else addrAt = out.lineTailNl(lineStart, addr, words, w, size);
        // The cache keeps sampling (its statistics tell when repetition comes back); a line it holds is
        // the one just written.
        if (cache.skip > 0) cache.skip--;
        else {
          const slot = LineCache.slotOf(words[w], w + 1 < n ? words[w + 1] : 0);
          if (cache.find(slot, words, w, n) === 0 && m & VALID && addrAt >= 0)
            cache.store(slot, words, w, size, out.buf, lineStart, out.pos, addrAt);
        }
        idx += size * 4;
        continue;
      }
      // A line's bytes depend only on its words and address: repeated words are copied from the cache
      // (-1: this line is not looked up, see LineCache.skip).
      let slot = -1;
      if (cache.skip > 0) cache.skip--;
      else if (addr < 0x100000000) {
        slot = LineCache.slotOf(words[w], w + 1 < n ? words[w + 1] : 0);
        const size = cache.find(slot, words, w, n);
        if (size !== 0) {
          out.lineWithAddress(
            cache.bytes,
            LineCache.start(slot),
            cache.length(slot),
            cache.addressAt(slot),
            addr,
          );
          idx += size * 4;
          continue;
        }
      }
      // The line: a tab, the text written by the family straight into the buffer, padding, the comment.
      out.ensure(TEXT_ROOM + 64);
      const lineStart = out.pos;
      out.buf[out.pos++] = 0x09;
      const valid = decodeInto(inp, w, dout, out);
      const addrAt = this.finish(
        lineStart,
        addr,
        w,
        dout.size,
        dout.branchOffset,
        dout.labelOffset as number,
        dout.comment as string,
      );
      // `.long` is not cached: a word can be invalid because of the words after it, which the key omits.
      if (slot >= 0 && valid && addrAt >= 0) {
        cache.store(slot, words, w, dout.size, out.buf, lineStart, out.pos, addrAt);
      }
      idx += dout.size * 4;
    }
    return idx;
  }

  /**
   * Ends an instruction line whose text is written (from lineStart + 1 on): a branch's target replaced
   * by its symbol or annotated, the padding, address and words, the comment, the newline. Returns where
   * the address's low 8 hex digits are (relative to lineStart), or -1 for a line the cache must not keep
   * (a branch: its text depends on the address).
   */
  private finish(
    lineStart: number,
    addr: number,
    w: number,
    size: number,
    branch: number,
    label: number,
    comment: string,
  ): number {
    const out = this.out;
    let annotate = false;
    let tgt = 0;
    let cacheable = true;
    if (!Number.isNaN(branch)) {
      cacheable = false;
      tgt = addr + branch;
      const name = this.notypeAt.get(tgt);
      if (name !== undefined) symbolize(out, lineStart + 1, name);
      else annotate = true;
    } else if (!Number.isNaN(label)) {
      const name = this.notypeAt.get(addr + label);
      if (name !== undefined) {
        cacheable = false;
        symbolize(out, lineStart + 1, name);
      }
    }
    let addrAt = 0;
    if (addr < 0x100000000) addrAt = out.lineTail(lineStart, addr, this.words, w, size);
    else {
      out.spaces(60 - (out.pos - lineStart));
      out.str('// ');
      out.hexU(addr, 12);
      out.str(': ');
      out.hex8U(this.words[w]);
      for (let k = 1; k < size; k++) {
        out.byte(0x20);
        out.hex8U(this.words[w + k]);
      }
    }
    if (annotate) this.annotate(tgt);
    if (comment !== '') {
      out.byte(0x20);
      out.byte(0x3b);
      out.byte(0x20);
      out.recurring(comment);
    }
    out.byte(0x0a);
    return cacheable ? addrAt : -1;
  }

  /**
   * Writes the ` <sym+0xNN>` annotation of a branch to `tgt` (nothing when no symbol precedes it), as
   * bytes for the usual target: only a negative or wrapped target builds it as a string (BigInt).
   */
  private annotate(tgt: number): void {
    const out = this.out;
    if (!(tgt >= 0 && tgt <= Number.MAX_SAFE_INTEGER)) {
      out.str(this.syms.branchAnnotation(this.sec.index, tgt));
      return;
    }
    const sym = this.syms.branchSymbol(this.sec.index, tgt);
    if (sym === null) return;
    out.byte(0x20);
    out.byte(0x3c);
    out.recurring(sym.name);
    const disp = tgt - sym.at;
    if (disp !== 0) {
      out.byte(0x2b);
      out.hexL(disp);
    }
    out.byte(0x3e);
  }
}

/** Code object v2 kernels: llvm-objdump reports them unsupported and dumps 256 bytes (from the section start). */
function codeObjectV2Kernel(s: SymInfo, data: Uint8Array, out: ByteOut): number {
  out.str(`; error decoding ${s.name}: code object v2 is not supported\n; decoding failed region as bytes\n`);
  for (let i = 0; i < 256 && i < data.length; i++)
    out.str(`\t.byte\t 0x${data[i].toString(16).toUpperCase()}\n`);
  return 256;
}

/** Data symbols in an executable section: 8 bytes a line, hex then printable ASCII. */
function dumpData(secAddr: number, start: number, end: number, data: Uint8Array, out: ByteOut): void {
  for (let p = start; p < end; p += 8) {
    out.lineEnd();
    const m = Math.min(8, end - p);
    let line = (secAddr + p).toString(16).padStart(8, ' ') + ':';
    let ascii = '';
    for (let k = 0; k < m; k++) {
      const b = data[p + k];
      line += ' ' + hex2L(b);
      ascii += b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : '.';
    }
    out.str(line);
    out.spaces(3 * (8 - m) + 9);
    out.str(ascii + '\n');
  }
}
