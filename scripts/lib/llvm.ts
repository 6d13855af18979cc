// Thin wrappers around the LLVM tools that serve as gcnkit's oracle (llvm-mc-22, llvm-objdump-22).
// Used by fixture generators, the fuzzer and the live test tier; nothing here runs in the hermetic `npm test`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LLVM_MC = process.env.LLVM_MC ?? 'llvm-mc-22';
export const LLVM_OBJDUMP = process.env.LLVM_OBJDUMP ?? 'llvm-objdump-22';

/** `s_nop 0`: llvm-mc pads code sections with it, and it is a one-dword instruction objdump always decodes. */
export const S_NOP_0 = 0xbf800000;

export function haveLlvm(): boolean {
  const r = spawnSync(LLVM_MC, ['--version'], { encoding: 'utf8' });
  const o = spawnSync(LLVM_OBJDUMP, ['--version'], { encoding: 'utf8' });
  return r.status === 0 && o.status === 0;
}

export interface Assembled {
  /** The source line as given. */
  src: string;
  /** Little-endian dwords of the encoding, or null when llvm-mc rejected the line. */
  words: number[] | null;
  /** llvm-mc's first diagnostic for the line, if any. */
  error?: string;
  /** The canonical text llvm-mc printed for an accepted line (before `; encoding:`). */
  text?: string;
}

/**
 * Assembles each line on its own with `llvm-mc -show-encoding`. All lines go through one process;
 * errors are mapped back to their line number.
 */
export function assembleLines(lines: string[], mcpu: string): Assembled[] {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-'));
  try {
    const src = join(dir, 'in.s');
    writeFileSync(src, lines.join('\n') + '\n');
    const r = spawnSync(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-show-encoding', src], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    return showEncodingResult(lines, r.stdout, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** assembleLines without blocking: for the fuzzers, which keep several LLVM processes busy. */
export async function assembleLinesAsync(lines: string[], mcpu: string): Promise<Assembled[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-'));
  try {
    const src = join(dir, 'in.s');
    writeFileSync(src, lines.join('\n') + '\n');
    const r = await runTool(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-show-encoding', src]);
    return showEncodingResult(lines, r.stdout, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Maps `llvm-mc -show-encoding in.s` output back to the source lines. */
function showEncodingResult(lines: string[], stdout: string, stderr: string): Assembled[] {
  const errors = new Map<number, string>();
  for (const m of stderr.matchAll(/^[^\n]*in\.s:(\d+):\d+: (error|warning): ([^\n]*)$/gm)) {
    if (m[2] === 'error' && !errors.has(Number(m[1]))) errors.set(Number(m[1]), m[3]);
  }
  // llvm-mc prints one encoded instruction per accepted source line, in order.
  const encs: (number[] | null)[] = [];
  const texts: string[] = [];
  for (const m of stdout.matchAll(/^\s*(.*?)\s*; encoding: \[([^\]]*)\]/gm)) {
    texts.push(m[1]);
    const toks = m[2].split(',');
    // A byte shown as a letter (`A`) is a fixup: the encoding is not final, so there are no words.
    if (toks.some((b) => !/^0x[0-9a-f]{1,2}$/i.test(b.trim()))) {
      encs.push(null);
      continue;
    }
    const bytes = toks.map((b) => Number.parseInt(b, 16));
    const words: number[] = [];
    for (let k = 0; k + 3 < bytes.length; k += 4) {
      words.push((bytes[k] | (bytes[k + 1] << 8) | (bytes[k + 2] << 16) | (bytes[k + 3] << 24)) >>> 0);
    }
    encs.push(words);
  }
  const out: Assembled[] = [];
  let e = 0;
  lines.forEach((line, idx) => {
    const isCode = line.trim() !== '' && !line.trim().startsWith('//') && !line.trim().startsWith(';');
    const err = errors.get(idx + 1);
    if (!isCode) out.push({ src: line, words: null, error: 'not an instruction' });
    else if (err !== undefined) out.push({ src: line, words: null, error: err });
    else {
      const text = texts[e];
      const w = encs[e++] ?? null;
      out.push(w ? { src: line, words: w, text } : { src: line, words: null, error: 'encoding has a fixup' });
    }
  });
  if (e !== encs.length) throw new Error(`llvm-mc: ${encs.length} encodings for ${e} accepted lines`);
  return out;
}

/** One line of `llvm-objdump -d` output. */
export interface ObjdumpLine {
  /** Byte address. */
  addr: number;
  /** The instruction text (no tab, no comment). */
  text: string;
  /** Size in dwords, from the hex column. */
  size: number;
  /** What follows the hex dwords: a branch target `<sym+0x..>` or a `; Warning: ...` comment, else ''. */
  comment: string;
}

/** Parses the instruction lines of `llvm-objdump -d` output (`\t<text>  // <ADDR>: <HEX...>[ <trailer>]`). */
export function parseObjdump(dump: string): ObjdumpLine[] {
  const out: ObjdumpLine[] = [];
  for (const m of dump.matchAll(/^\t(.*?)\s*\/\/ ([0-9A-F]+):((?: [0-9A-F]{8})+)(.*)$/gm)) {
    out.push({ addr: Number.parseInt(m[2], 16), text: m[1], size: m[3].length / 9, comment: m[4].trim() });
  }
  return out;
}

/**
 * Lays the sequences out at 16-byte-aligned slots (so addresses map back) and returns the assembly source
 * and the start address of each. A final s_nop slot follows: llvm-objdump-22 crashes when the section ends
 * inside an instruction (a literal-taking word at the very end).
 */
export function slotSource(seqs: number[][]): { asm: string; starts: number[] } {
  const starts: number[] = [];
  const parts: string[] = ['.text\n'];
  let addr = 0;
  for (const s of seqs) {
    starts.push(addr);
    if (s.length) parts.push(`.p2align 4\n.long ${s.map((w) => '0x' + (w >>> 0).toString(16)).join(', ')}\n`);
    addr += Math.max(1, Math.ceil((s.length * 4) / 16)) * 16;
  }
  parts.push(`.p2align 4\n.long 0x${S_NOP_0.toString(16)}, 0x${S_NOP_0.toString(16)}\n`);
  return { asm: parts.join(''), starts };
}

/** Assembles `asm` (only data directives expected) into an object file at `obj`. */
export function assembleObject(asm: string, mcpu: string, obj: string): void {
  const src = obj.replace(/\.o$/, '') + '.s';
  writeFileSync(src, asm);
  execFileSync(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-filetype=obj', src, '-o', obj]);
}

/**
 * For each sequence, the instructions llvm-objdump-22 prints starting inside its words, as if each
 * sequence were alone at its own 16-byte-aligned address (the last one may extend past the words).
 */
export function objdumpSlots(seqs: number[][], mcpu: string): ObjdumpLine[][] {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-'));
  try {
    const { asm, starts } = slotSource(seqs);
    const obj = join(dir, 'in.o');
    assembleObject(asm, mcpu, obj);
    const dump = execFileSync(LLVM_OBJDUMP, ['-d', `--mcpu=${mcpu}`, obj], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const lines = parseObjdump(dump);
    const res: ObjdumpLine[][] = seqs.map(() => []);
    // Lines come in address order; walk both lists together.
    let k = 0;
    for (const l of lines) {
      while (k < seqs.length && l.addr >= starts[k] + seqs[k].length * 4) k++;
      if (k === seqs.length) break;
      if (l.addr >= starts[k]) res[k].push(l);
    }
    return res;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Disassembles each word sequence with llvm-objdump-22, as it would appear on its own at address 0
 * of a .text section: returns the instruction text (no tab, no comment), or null when llvm-objdump
 * does not decode it as one instruction spanning exactly those words.
 */
export function objdumpText(seqs: number[][], mcpu: string): (string | null)[] {
  return objdumpSlots(seqs, mcpu).map((ls, k) =>
    ls.length >= 1 && ls[0].size === seqs[k].length && !ls[0].text.startsWith('.long') ? ls[0].text : null,
  );
}

/** Result of one tool run: `ok` false when it crashed or failed (stdout then holds what it printed). */
export interface ObjdumpRun {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs a tool asynchronously (the fuzzer keeps several LLVM processes busy at once); never rejects on exit status. */
export function runTool(cmd: string, args: string[]): Promise<ObjdumpRun> {
  return new Promise((resolve, reject) => {
    // A crashing LLVM tool symbolizes its stack trace, which takes far longer than the run: skip that.
    const env = { ...process.env, LLVM_DISABLE_SYMBOLIZATION: '1', LLVM_DISABLE_CRASH_REPORT: '1' };
    const p = spawn(cmd, args, { env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (b: Buffer) => out.push(b));
    p.stderr.on('data', (b: Buffer) => err.push(b));
    p.on('error', reject);
    p.on('close', (code) =>
      resolve({
        ok: code === 0,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** Runs llvm-objdump-22 -d on the byte range [start, stop) of an object's .text. */
export function objdumpRange(obj: string, mcpu: string, start: number, stop: number): Promise<ObjdumpRun> {
  return runTool(LLVM_OBJDUMP, [
    '-d',
    `--mcpu=${mcpu}`,
    `--start-address=${start}`,
    `--stop-address=${stop}`,
    obj,
  ]);
}

export function toHex(words: number[]): string {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join(' ');
}

export function fromHex(hex: string): number[] {
  return hex.trim() === ''
    ? []
    : hex
        .trim()
        .split(/\s+/)
        .map((h) => Number.parseInt(h, 16) >>> 0);
}
