// Hermetic fuzz (tier 5d without LLVM): random words, uniform and biased to real encodings, must go
// through the disassembler without an exception, each instruction 1 to 3 dwords with non-empty text,
// and the sizes must tile the input exactly. Agreement with llvm-objdump is the live tier's job
// (test/live/fuzz.test.ts, scripts/fuzz-disasm.ts). `npm test` decodes 20,000 words per target and mode,
// the slow tier 200,000.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillSlots, makeRng } from '../scripts/fuzz-disasm.js';
import { disasmWords } from '../src/codec/disasm.js';
import { TARGETS, type Target } from '../src/isa/targets.js';
import { tier } from './helpers/tier.js';

const WORDS = tier(20000, 200000);
const CHUNK = 1000;

/** Decodes chunk by chunk so that a failure names the words that caused it. */
function check(words: Uint32Array, mcpu: Target): string[] {
  const problems: string[] = [];
  for (let c = 0; c < words.length && problems.length < 20; c += CHUNK) {
    const part = words.subarray(c, c + CHUNK);
    let res: { text: string; size: number }[];
    try {
      res = disasmWords(part, mcpu);
    } catch (e) {
      // Find the first word whose own decode throws.
      const at = Array.from(part).findIndex((_, k) => {
        try {
          disasmWords(part.subarray(k, k + 3), mcpu);
          return false;
        } catch {
          return true;
        }
      });
      const hex = Array.from(part.subarray(Math.max(0, at), at + 3), (w) => w.toString(16).padStart(8, '0'));
      problems.push(`threw at [${hex.join(' ')}]: ${(e as Error).message}`);
      continue;
    }
    // The words at i, formatted only for a problem (for every instruction it cost 40% of the test's time).
    const hex = (i: number) =>
      Array.from(part.subarray(i, i + 3), (w) => w.toString(16).padStart(8, '0')).join(' ');
    let i = 0;
    for (const r of res) {
      if (!(r.size >= 1 && r.size <= 3)) problems.push(`size ${r.size} at [${hex(i)}]: ${r.text}`);
      if (r.text.trim() === '') problems.push(`empty text at [${hex(i)}]`);
      i += r.size;
    }
    if (i !== part.length) problems.push(`sizes add up to ${i}, not ${part.length}, in chunk at ${c}`);
  }
  return problems;
}

for (const mcpu of TARGETS) {
  for (const mode of ['uniform', 'biased'] as const) {
    test(`fuzz ${mcpu} ${mode}: ${WORDS} random words decode without exception`, () => {
      // The fuzzer's slots are [w0, w1, s_nop, s_nop]; use w0 and w1 of each, as a dense stream.
      const slots = fillSlots(makeRng(TARGETS.indexOf(mcpu) + 1, 7), WORDS / 2, mode);
      const words = new Uint32Array(WORDS);
      for (let k = 0; k < WORDS / 2; k++) {
        words[2 * k] = slots[4 * k];
        words[2 * k + 1] = slots[4 * k + 1];
      }
      const problems = check(words, mcpu);
      assert.equal(problems.length, 0, problems.join('\n'));
    });
  }
}
