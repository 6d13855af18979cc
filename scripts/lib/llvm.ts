// Thin wrappers around the LLVM tools that serve as gcnkit's oracle (llvm-mc-22, llvm-objdump-22).
// Used by fixture generators and the live test tier; nothing here runs in the hermetic `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LLVM_MC = process.env.LLVM_MC ?? 'llvm-mc-22';
export const LLVM_OBJDUMP = process.env.LLVM_OBJDUMP ?? 'llvm-objdump-22';

export function haveLlvm(): boolean {
  const r = spawnSync(LLVM_MC, ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

export interface Assembled {
  /** The source line as given. */
  src: string;
  /** Little-endian dwords of the encoding, or null when llvm-mc rejected the line. */
  words: number[] | null;
  /** llvm-mc's first diagnostic for the line, if any. */
  error?: string;
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
    const errors = new Map<number, string>();
    for (const m of r.stderr.matchAll(/^[^\n]*in\.s:(\d+):\d+: (error|warning): ([^\n]*)$/gm)) {
      if (m[2] === 'error' && !errors.has(Number(m[1]))) errors.set(Number(m[1]), m[3]);
    }
    // llvm-mc prints one encoded instruction per accepted source line, in order.
    const encs: number[][] = [];
    for (const m of r.stdout.matchAll(/encoding: \[([^\]]*)\]/g)) {
      const bytes = m[1].split(',').map((b) => Number.parseInt(b, 16));
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
      else out.push({ src: line, words: encs[e++] ?? null });
    });
    if (e !== encs.length) throw new Error(`llvm-mc: ${encs.length} encodings for ${e} accepted lines`);
    return out;
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
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-'));
  try {
    // Each sequence is placed at its own 16-byte-aligned slot so addresses map back to sequences.
    const starts: number[] = [];
    let asm = '.text\n';
    let addr = 0;
    for (const s of seqs) {
      starts.push(addr);
      asm += `.p2align 4\n.long ${s.map((w) => '0x' + (w >>> 0).toString(16)).join(', ')}\n`;
      addr += Math.ceil((s.length * 4) / 16) * 16;
    }
    writeFileSync(join(dir, 'in.s'), asm);
    execFileSync(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-filetype=obj', join(dir, 'in.s'), '-o', join(dir, 'in.o')]);
    const dump = execFileSync(LLVM_OBJDUMP, ['-d', `--mcpu=${mcpu}`, join(dir, 'in.o')], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const byAddr = new Map<number, { text: string; words: number }>();
    for (const m of dump.matchAll(/^\t(.*?)\s*\/\/ ([0-9A-F]+): ([0-9A-F ]+?)(?: <.*>)?$/gm)) {
      byAddr.set(Number.parseInt(m[2], 16), { text: m[1], words: m[3].trim().split(' ').length });
    }
    return seqs.map((s, k) => {
      const d = byAddr.get(starts[k]);
      return d && d.words === s.length ? d.text : null;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function toHex(words: number[]): string {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join(' ');
}

export function fromHex(hex: string): number[] {
  return hex.trim() === '' ? [] : hex.trim().split(/\s+/).map((h) => Number.parseInt(h, 16) >>> 0);
}
