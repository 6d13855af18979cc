// Checks of the per-generation codec fixtures (test/fixtures/gens, scripts/gen-gens-fixtures.ts), shared
// by test/gens.test.ts, test/live/gens.test.ts and scripts/gens-figures.ts: which (family, target) pairs
// are enabled, and one fixture's agreement (assembly bytes, rejections, disassembly text and comment).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { findProcessor } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';

export const GENS_DIR = join(import.meta.dirname, 'fixtures', 'gens');

export interface GenFixtureFile {
  mcpu: Target;
  family: string;
  asm: [string, string, string, string][];
  rejected: [string, string, string][];
  disasm: [string, string | null, string?, string[]?][];
}

/** The enabled pairs: family -> targets (generation names expanded). */
export function enabledPairs(): Set<string> {
  const raw = JSON.parse(readFileSync(join(GENS_DIR, 'enabled.json'), 'utf8')) as Record<string, unknown>;
  const pairs = new Set<string>();
  for (const [family, list] of Object.entries(raw)) {
    if (family === '//' || family === 'fuzz') continue;
    if (!Array.isArray(list)) throw new Error(`enabled.json: ${family} is not a list`);
    for (const t of list as string[]) pairs.add(`${family}.${t}`);
  }
  return pairs;
}

export function isEnabled(pairs: Set<string>, family: string, mcpu: string): boolean {
  const gen = findProcessor(mcpu)?.generation;
  return pairs.has(`${family}.${mcpu}`) || (gen !== undefined && pairs.has(`${family}.${gen}`));
}

/** Text and comment gcnkit prints for the words, as one line; null when not exactly one instruction. */
function disasmLine(words: number[], target: Target): { one: boolean; text: string; comment: string } {
  const w = Uint32Array.from(words);
  const inp: DecodeInput = { words: w, n: w.length, target };
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  decodeAt(inp, 0, out);
  return { one: out.size === w.length, text: out.text, comment: out.comment ?? '' };
}

function hexWords(hex: string): number[] {
  return hex.split(' ').map((h) => Number.parseInt(h, 16) >>> 0);
}

function hexOf(words: number[]): string {
  return words.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join(' ');
}

export interface GenResult {
  asm: [number, number];
  rejected: [number, number];
  sameMessage: number;
  disasm: [number, number];
  /**
   * Measured, not required: of the lines assembled to llvm-mc's bytes, those whose listing text (gcnkit
   * prints the disassembly of the bytes, src/asm/assembler.ts canonical) equals llvm-mc's -show-encoding
   * text. They differ where the bytes do not determine llvm-mc's text (MIMG's vaddr width, aliases).
   */
  listing: [number, number];
  failures: string[];
}

/** Checks one fixture; never throws (an exception in gcnkit counts as a failure of the case). */
export function checkFixture(fx: GenFixtureFile): GenResult {
  const failures: string[] = [];
  let asmOk = 0;
  let listingOk = 0;
  for (const [origin, src, hex, text] of fx.asm) {
    let got: string;
    try {
      const r = assembleOne(src, fx.mcpu);
      got = r.hex ?? `error: ${r.error}`;
    } catch (e) {
      got = `exception: ${(e as Error).message}`;
    }
    if (got === hex) {
      asmOk++;
      try {
        if (disasmLine(hexWords(hex), fx.mcpu).text === text) listingOk++;
      } catch {
        // an exception of the disassembler is counted by the disasm cases
      }
    } else failures.push(`asm ${origin}: ${src}\n    want: ${hex}\n    got:  ${got}`);
  }
  let rejOk = 0;
  let sameMessage = 0;
  for (const [origin, src, message] of fx.rejected) {
    let r: { hex?: string; error?: string };
    try {
      r = assembleOne(src, fx.mcpu);
    } catch (e) {
      r = { error: `exception: ${(e as Error).message}` };
    }
    if (r.hex === undefined) {
      rejOk++;
      if (r.error === message) sameMessage++;
    } else failures.push(`rejected ${origin}: ${src}\n    llvm-mc: ${message}\n    gcnkit:  ${r.hex}`);
  }
  let disOk = 0;
  for (const [hex, want, rawComment = '', alts = []] of fx.disasm) {
    const words = hexWords(hex);
    // llvm-objdump's line has `// addr: HEX ; Warning: ...`: the fixture keeps the `; ` separator, gcnkit's
    // DecodeOutput.comment is the text after it (the printer adds the separator).
    const wantComment = rawComment.startsWith('; ') ? rawComment.slice(2) : rawComment;
    let ok: boolean;
    let shown: string;
    try {
      const g = disasmLine(words, fx.mcpu);
      shown = g.comment ? `${g.text} ; ${g.comment}` : g.text;
      if (want === null) ok = !g.one || g.text.startsWith('.long');
      else ok = g.one && (g.text === want || alts.includes(g.text)) && g.comment === wantComment;
    } catch (e) {
      ok = false;
      shown = `exception: ${(e as Error).message}`;
    }
    if (ok) disOk++;
    else {
      const w = want === null ? '(not one instruction)' : wantComment ? `${want} ; ${wantComment}` : want;
      failures.push(
        `disasm [${hexOf(words)}]\n    want: ${w}${alts.length ? ` (or ${alts.join(' | ')})` : ''}\n    got:  ${shown}`,
      );
    }
  }
  return {
    asm: [asmOk, fx.asm.length],
    rejected: [rejOk, fx.rejected.length],
    sameMessage,
    disasm: [disOk, fx.disasm.length],
    listing: [listingOk, asmOk],
    failures,
  };
}
