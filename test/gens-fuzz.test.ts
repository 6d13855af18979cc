// Hermetic fuzz of the disassembler on every gfx6, gfx7 and gfx8 processor: random words (uniform and
// biased to each generation's encodings, scripts/fuzz-disasm.ts) must decode without an exception, each
// instruction 1 to 3 dwords with non-empty text. Targets listed under "fuzz" in
// test/fixtures/gens/enabled.json must have no problem; the others are measured and reported.
// `npm test`: 20,000 words per target; slow tier: 1,000,000 (the figure of docs/generations.md).
// Agreement with LLVM (llvm-objdump-22 for gfx8, llvm-mc-22's round trip for gfx6/7) is the live tier's
// test/live/gens-fuzz.test.ts and `npm run fuzz -- --mcpu=...`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fillSlots, makeRng } from '../scripts/fuzz-disasm.js';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { tier } from './helpers/tier.js';

const WORDS = tier(20000, 1000000);
const OLD = PROCESSORS.filter((p) => p.generation !== 'gfx9');
const enabled = new Set(
  (
    JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'gens', 'enabled.json'), 'utf8')) as {
      fuzz?: string[];
    }
  ).fuzz ?? [],
);

function hex(words: Uint32Array, i: number): string {
  return Array.from(words.subarray(i, i + 2), (w) => w.toString(16).padStart(8, '0')).join(' ');
}

/** Decodes the stream instruction by instruction; returns the problems (exceptions, bad sizes or texts). */
function check(words: Uint32Array, mcpu: Target): { problems: string[]; count: number } {
  const problems: string[] = [];
  let count = 0;
  const inp: DecodeInput = { words, n: words.length, target: mcpu };
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  for (let i = 0; i < words.length; ) {
    try {
      decodeAt(inp, i, out);
    } catch (e) {
      count++;
      if (problems.length < 20) problems.push(`threw at [${hex(words, i)}]: ${(e as Error).message}`);
      i++;
      continue;
    }
    if (!(out.size >= 1 && out.size <= 3) || out.text.trim() === '') {
      count++;
      if (problems.length < 20) problems.push(`size ${out.size}, text '${out.text}' at [${hex(words, i)}]`);
      i++;
      continue;
    }
    i += out.size;
  }
  return { problems, count };
}

const summary: string[] = [];
for (const [n, p] of OLD.entries()) {
  const mcpu = p.name as Target;
  const on = enabled.has(mcpu) || enabled.has(p.generation);
  test(`gens fuzz ${mcpu}: ${WORDS} random words decode without exception${on ? '' : ' (measured)'}`, () => {
    const slots = fillSlots(makeRng(n + 1, 11), WORDS / 2, 'mixed', p.generation);
    const words = new Uint32Array(WORDS);
    for (let k = 0; k < WORDS / 2; k++) {
      words[2 * k] = slots[4 * k];
      words[2 * k + 1] = slots[4 * k + 1];
    }
    const r = check(words, mcpu);
    summary.push(
      `${on ? '*' : ' '} ${mcpu}: ${r.count} problems in ${WORDS} words${r.problems.length ? `; first: ${r.problems[0]}` : ''}`,
    );
    if (on) assert.equal(r.count, 0, r.problems.join('\n'));
  });
}

test('gens fuzz summary (* = enabled)', (t) => {
  for (const s of summary) t.diagnostic(s);
});
