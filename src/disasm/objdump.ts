// `llvm-objdump -d` for AMDGPU code objects, byte for byte: the file header, one "Disassembly of section"
// per executable section, a label per symbol chunk, instruction lines in the AMDGCN pretty printer's
// layout, branch-target annotations, `...` for runs of zeros, data symbols as hex/ASCII, trailing bytes.
// The structure follows llvm-objdump's disassembleObject so that its corner cases come out the same.
import { decodeAt } from '../codec/disasm.js';
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
import { hex2L, hex2U, hex16L } from './hex.js';
import { ByteOut, latin1String } from './out.js';
import { SymbolTables, type SymInfo } from './symbols.js';

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
  const elf = ElfFile.parse(bytes, fileName);
  const target = targetOf(elf, opts.mcpu);
  const syms = new SymbolTables(elf);
  // About 80 output bytes per instruction dword: one allocation in the common case.
  const out = new ByteOut(bytes.length * 24);
  out.str(`\n${fileName}:\tfile format elf64-amdgpu\n`);
  for (const sec of elf.sections) {
    if (!(sec.flags & SHF_EXECINSTR) || sec.type === SHT_NOBITS || sec.size === 0) continue;
    disassembleSection(elf, sec, syms, target, out);
  }
  return out.bytes();
}

/** objdumpBytes as a string of latin1 characters (ASCII in practice). */
export function objdump(bytes: Uint8Array, fileName: string, opts: ObjdumpOptions = {}): string {
  return latin1String(objdumpBytes(bytes, fileName, opts));
}

/** A decoded instruction line, keyed by its first word; the other words are checked on use. */
interface CachedLine {
  size: number;
  w0: number;
  w1: number;
  w2: number;
  /** The whole output line with a zero address (12 digits), up to and including the newline. */
  line: Uint8Array;
  /** Where the low 8 digits of the address go in `line`. */
  addrAt: number;
}

/** A small-integer (Smi) map key from two words; entries are verified, so collisions only cost a miss. */
function pairKey(a: number, b: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ b) | 0;
}

function hexWords(words: Uint32Array, w: number, size: number): string {
  let h = '';
  for (let k = 0; k < size; k++)
    h += (k ? ' ' : '') + words[w + k].toString(16).toUpperCase().padStart(8, '0');
  return h;
}

function latin1Bytes(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let k = 0; k < s.length; k++) b[k] = s.charCodeAt(k);
  return b;
}

/** The words of a section read from byte `phase` on (symbols may start at any byte). */
function wordsAt(data: Uint8Array, phase: number): Uint32Array {
  const n = Math.max(0, Math.floor((data.length - phase) / 4));
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

/** Replaces the branch immediate (the last operand) by the symbol name, as AMDGPU's symbolizer does. */
function symbolize(text: string, name: string): string {
  const k = Math.max(text.lastIndexOf(' '), text.lastIndexOf(','));
  return text.slice(0, k + 1) + printSymbolName(name);
}

function disassembleSection(
  elf: ElfFile,
  sec: ElfSection,
  syms: SymbolTables,
  target: Target,
  out: ByteOut,
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
    syms.insertSorted(sec.index, { addr: base, name: sec.name, type: STT_FUNC });
  }

  const phases: (Uint32Array | undefined)[] = [undefined, undefined, undefined, undefined];
  const cache1 = new Map<number, CachedLine>();
  const cache2 = new Map<number, CachedLine>();
  const dout: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
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
    const inp: DecodeInput = { words, n: words.length, target };
    const n = words.length;
    let idx = start;
    while (idx < end) {
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
      // Straight-line code repeats the same instruction words a lot (s_waitcnt, v_mov, ...): a line's
      // text depends only on its words, so it is decoded and encoded to bytes once per distinct word(s).
      const w0 = words[w];
      let hit = cache1.get(w0 | 0);
      if (hit !== undefined && hit.size > 1 && w + 1 < n) hit = cache2.get(pairKey(w0, words[w + 1]));
      if (
        hit !== undefined &&
        w + hit.size <= n &&
        hit.w0 === w0 &&
        (hit.size < 2 || words[w + 1] === hit.w1) &&
        (hit.size < 3 || words[w + 2] === hit.w2)
      ) {
        if (addr < 0x100000000) out.lineWithAddress(hit.line, hit.addrAt, addr);
        else {
          out.bytesOf(hit.line.subarray(0, hit.addrAt - 4));
          out.hexU(addr, 12);
          out.bytesOf(hit.line.subarray(hit.addrAt + 8));
        }
        idx += hit.size * 4;
        continue;
      }
      decodeAt(inp, w, dout);
      let text = dout.text;
      let annot = '';
      if (!Number.isNaN(dout.branchOffset)) {
        const tgt = addr + dout.branchOffset;
        const name = notypeAt.get(tgt);
        if (name !== undefined) text = symbolize(text, name);
        else annot = syms.branchAnnotation(sec.index, tgt);
      } else if (text.startsWith('s_cbranch_i_fork ')) {
        // Its target operand is symbolized too, but it is not the first operand, so never annotated.
        const tgt = addr + 4 + ((words[w] << 16) >> 14);
        const name = notypeAt.get(tgt);
        if (name !== undefined) text = symbolize(text, name);
      }
      out.byte(0x09);
      out.str(text);
      out.spaces(59 - text.length);
      out.str('// ');
      out.hexU(addr, 12);
      out.str(': ');
      out.hex8U(words[w]);
      for (let k = 1; k < dout.size; k++) {
        out.byte(0x20);
        out.hex8U(words[w + k]);
      }
      if (annot) out.str(annot);
      const comment = dout.comment ? ' ; ' + dout.comment : '';
      if (comment) out.str(comment);
      out.byte(0x0a);
      // Branches are not cached: their line depends on the address (annotation, symbolized target).
      // Nor is `.long`: a word can be invalid because of the words after it, which the key omits.
      if (Number.isNaN(dout.branchOffset) && text === dout.text && !text.startsWith('.long')) {
        const head = '\t' + text + ' '.repeat(Math.max(0, 59 - text.length)) + '// ';
        const line: CachedLine = {
          size: dout.size,
          w0,
          w1: dout.size > 1 ? words[w + 1] : 0,
          w2: dout.size > 2 ? words[w + 2] : 0,
          line: latin1Bytes(head + '000000000000: ' + hexWords(words, w, dout.size) + comment + '\n'),
          addrAt: head.length + 4,
        };
        // Multi-dword lines are found through their first two words; the one-word map then only says
        // "look there" (any multi-dword entry with this first word).
        if (line.size > 1) cache2.set(pairKey(w0, line.w1), line);
        const prev = cache1.get(w0 | 0);
        if (prev === undefined || line.size > 1 || prev.size === 1) cache1.set(w0 | 0, line);
      }
      idx += dout.size * 4;
    }
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
