// The per-generation codec fixtures (test/fixtures/gens/<family>.<mcpu>.json, made by
// scripts/gen-gens-fixtures.ts from llvm-mc-22 and llvm-objdump-22): for every (family, target) pair
// listed in test/fixtures/gens/enabled.json, every case must agree exactly:
//   - asm: gcnkit's assembler (below the CLI gate) gives llvm-mc's bytes for the line;
//   - rejected: gcnkit rejects the line (llvm-mc's message is counted, not required);
//   - disasm: gcnkit prints the expected text for the words, comment included (gfx8: llvm-objdump-22;
//     gfx6/7: what llvm-mc-22 printed for the line, or one of its alternatives; null = not one instruction).
// Every other pair is measured and reported (diagnostics of the summary test), never failed, so the
// family engineers see their progress. GENS_FILTER=substring limits the fixture files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { findProcessor } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';

const dir = join(import.meta.dirname, 'fixtures', 'gens');

interface Fixture {
  mcpu: Target;
  family: string;
  asm: [string, string, string, string][];
  rejected: [string, string, string][];
  disasm: [string, string | null, string?, string[]?][];
}

/** The enabled pairs: family -> targets (generation names expanded). */
export function enabledPairs(): Set<string> {
  const raw = JSON.parse(readFileSync(join(dir, 'enabled.json'), 'utf8')) as Record<string, unknown>;
  const pairs = new Set<string>();
  for (const [family, list] of Object.entries(raw)) {
    if (family === '//' || family === 'fuzz') continue;
    if (!Array.isArray(list)) throw new Error(`enabled.json: ${family} is not a list`);
    for (const t of list as string[]) pairs.add(`${family}.${t}`);
  }
  return pairs;
}

function isEnabled(pairs: Set<string>, family: string, mcpu: string): boolean {
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

function hexOf(words: number[]): string {
  return words.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join(' ');
}

interface Result {
  asm: [number, number];
  rejected: [number, number];
  sameMessage: number;
  disasm: [number, number];
  failures: string[];
}

/** Checks one fixture; never throws (an exception in gcnkit counts as a failure of the case). */
export function checkFixture(fx: Fixture): Result {
  const failures: string[] = [];
  let asmOk = 0;
  for (const [origin, src, hex] of fx.asm) {
    let got: string;
    try {
      const r = assembleOne(src, fx.mcpu);
      got = r.hex ?? `error: ${r.error}`;
    } catch (e) {
      got = `exception: ${(e as Error).message}`;
    }
    if (got === hex) asmOk++;
    else failures.push(`asm ${origin}: ${src}\n    want: ${hex}\n    got:  ${got}`);
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
  for (const [hex, want, wantComment = '', alts = []] of fx.disasm) {
    const words = hex.split(' ').map((h) => Number.parseInt(h, 16) >>> 0);
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
    failures,
  };
}

const filter = process.env.GENS_FILTER ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'enabled.json' && f.includes(filter))
  .sort();
const pairs = enabledPairs();
const summary: string[] = [];

for (const file of files) {
  const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Fixture;
  const enabled = isEnabled(pairs, fx.family, fx.mcpu);
  const run = () => {
    const r = checkFixture(fx);
    const pct = ([a, b]: [number, number]) => `${a}/${b}`;
    summary.push(
      `${enabled ? '*' : ' '} ${fx.family}.${fx.mcpu}: asm ${pct(r.asm)}, rejected ${pct(r.rejected)} (same message ${r.sameMessage}), disasm ${pct(r.disasm)}`,
    );
    return r;
  };
  if (enabled) {
    test(`gens ${fx.family}.${fx.mcpu} (enabled: exact)`, () => {
      const r = run();
      assert.deepEqual(r.failures.slice(0, 30), [], `${r.failures.length} cases differ`);
    });
  } else {
    test(`gens ${fx.family}.${fx.mcpu} (measured)`, () => {
      run();
    });
  }
}

test('gens summary (* = enabled, checked exactly)', (t) => {
  for (const s of summary.sort()) t.diagnostic(s);
});

test('gens enabled.json names fixture pairs that exist', () => {
  const have = new Set(files.map((f) => f.replace(/\.json$/, '')));
  const gens = new Set(['gfx6', 'gfx7', 'gfx8']);
  for (const p of pairs) {
    const [family, t] = p.split('.');
    const ok = gens.has(t) ? [...have].some((h) => h.startsWith(`${family}.`)) : have.has(p);
    if (!filter) assert.ok(ok, `enabled.json: no fixture ${p}.json`);
  }
});
