// sizeHint (src/codec/size-hint.ts) plans the disassembler's decode window; a wrong size ends a plan
// early and the rest of that window is decoded for nothing. Over the recorded fixtures, and each with
// the literal code 255 put in the source fields' places (an op without that source ignores it, as
// s_getpc_b64 does its src0), sizeHint must give the size decodeInto gives for every word that decodes,
// but where a VOP1/VOP2/VOPC word's SDWA or DPP dword does not decode and the word is taken in its
// one-dword form (v_nop here): the hint counts the second dword without decoding it, a documented guess.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeAt, formatNumberOf, formatNumbers } from '../src/codec/disasm.js';
import { sizeHint } from '../src/codec/size-hint.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { isTarget } from '../src/isa/targets.js';

const dir = join(import.meta.dirname, 'fixtures', 'disasm');
const VOP = new Set(['vop1', 'vop2', 'vopc'].map((f) => formatNumberOf(f as 'vop1')));

test('sizeHint: the decoded size of every fixture word, also with literal codes in its source fields', () => {
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
  const failures: string[] = [];
  let checked = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      mcpu: string;
      cases: [string, string][];
    };
    if (!isTarget(fx.mcpu)) throw new Error(`${file}: unknown mcpu ${fx.mcpu}`);
    const formats = formatNumbers(fx.mcpu);
    for (const [, hex] of fx.cases) {
      const words = hex.split(' ').map((h) => Number.parseInt(h, 16) >>> 0);
      // Two words more than the case: room for a literal the hint may count.
      for (const w0 of [words[0], (words[0] | 0xff) >>> 0, (words[0] | 0xff00) >>> 0]) {
        const buf = Uint32Array.from([w0, ...words.slice(1), 0x12345678, 0x9abcdef0]);
        const inp: DecodeInput = { words: buf, n: buf.length, target: fx.mcpu };
        decodeAt(inp, 0, out);
        if (out.text.startsWith('.long')) continue;
        checked++;
        const format = formats[w0 >>> 23];
        const hint = sizeHint(inp, 0, format);
        const extension = (w0 & 0x1ff) === 0xf9 || (w0 & 0x1ff) === 0xfa;
        if (VOP.has(format) && extension && hint === 2 && out.size === 1) continue;
        if (hint !== out.size)
          failures.push(`${file}: ${out.text} [${w0.toString(16)}]: ${hint} != ${out.size}`);
      }
    }
  }
  assert.ok(checked > 10000, `only ${checked} words decoded`);
  assert.equal(failures.length, 0, `${failures.length} wrong:\n${failures.slice(0, 20).join('\n')}`);
});
