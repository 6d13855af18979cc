// A line-level reader for sources made only of `.amdhsa_kernel` blocks whose directive values are integer
// literals: enough to drive AmdhsaKernelBlock from llvm-mc test sources and fixtures. It locates tokens the
// way llvm-mc reports them and reproduces what llvm-mc does after a block fails (each later `.amdhsa_*` or
// `.end_amdhsa_kernel` line is an unknown top-level directive). The full assembler does its own parsing.
import type { KernelDescriptor } from '../elf/kernel-descriptor.js';
import { type AmdhsaDiag, type AmdhsaFeatures, AmdhsaKernelBlock } from './amdhsa-kernel.js';

export interface AmdhsaLiteResult {
  /** Every diagnostic, in source order. */
  diags: AmdhsaDiag[];
  /** Descriptors of the blocks that assembled, by kernel name. */
  kds: Map<string, KernelDescriptor>;
}

/** The line without its comment (`;` or `//` to the end of the line). */
function stripComment(line: string): string {
  const semi = line.indexOf(';');
  const slash = line.indexOf('//');
  const cut = [semi, slash].filter((k) => k >= 0);
  return cut.length ? line.slice(0, Math.min(...cut)) : line;
}

const isBlank = (c: string): boolean => c === ' ' || c === '\t';

/** Index of the first non-blank character at or after `from`, or the line's length. */
function skipBlanks(s: string, from: number): number {
  let k = from;
  while (k < s.length && isBlank(s[k])) k++;
  return k;
}

function tokenEnd(s: string, from: number): number {
  let k = from;
  while (k < s.length && !isBlank(s[k])) k++;
  return k;
}

/** An integer literal as llvm-mc reads one: decimal, 0x hex, 0b binary, with an optional minus. */
function parseInteger(text: string, where: string): bigint {
  const m = /^(-?)(0x[0-9a-f]+|0b[01]+|[0-9]+)$/i.exec(text.trim());
  if (!m) throw new Error(`${where}: '${text.trim()}' is not an integer literal`);
  const v = BigInt(m[2]);
  return m[1] ? -v : v;
}

/** Runs the lines (line numbers are 1-based indices into `lines`) through AmdhsaKernelBlock. */
export function runAmdhsaSource(
  lines: readonly string[],
  processor: string,
  codeObjectVersion: number,
  features: AmdhsaFeatures = {},
): AmdhsaLiteResult {
  const diags: AmdhsaDiag[] = [];
  const kds = new Map<string, KernelDescriptor>();
  let block: AmdhsaKernelBlock | null = null;
  lines.forEach((raw, idx) => {
    const line = idx + 1;
    const code = stripComment(raw);
    const start = skipBlanks(code, 0);
    if (start === code.length) return;
    const end = tokenEnd(code, start);
    const tok = code.slice(start, end);
    const col = start + 1;
    if (!block) {
      if (tok === '.amdhsa_kernel') {
        const nameAt = skipBlanks(code, end);
        const name = code.slice(nameAt, tokenEnd(code, nameAt));
        if (!name) throw new Error(`line ${line}: .amdhsa_kernel without a name`);
        block = new AmdhsaKernelBlock(name, processor, codeObjectVersion, features, line, col);
      } else if (tok.startsWith('.amdhsa_') || tok === '.end_amdhsa_kernel') {
        diags.push({ line, col, message: 'unknown directive' });
      }
      return;
    }
    if (tok === '.end_amdhsa_kernel') {
      // The end-of-statement token: a comment's first character, else the end of the line.
      const after = skipBlanks(raw, end);
      const res = block.finish(line, after + 1);
      if ('errors' in res) diags.push(...res.errors);
      else kds.set(res.entrySymbol, res.kd);
      block = null;
      return;
    }
    const valueAt = skipBlanks(code, end);
    const value = parseInteger(code.slice(valueAt), `line ${line}`);
    const d = block.directive(tok, value, line, col, valueAt + 1);
    if (d) {
      diags.push(d);
      block = null;
    }
  });
  if (block) throw new Error(`.amdhsa_kernel ${(block as AmdhsaKernelBlock).name}: no .end_amdhsa_kernel`);
  return { diags, kds };
}
