// Every processor with a record either decodes random words without an exception, or is refused before
// any word by each library entry point that decodes, in one line naming it (src/isa/processors.ts
// isaRefusal). gfx902, gfx909 and gfx90c decode as gfx900 (llvm-objdump-22 prints the same text for
// them: `npm run fuzz -- --mcpu=gfx902` compares gcnkit with llvm-objdump --mcpu=gfx902); gfx904,
// gfx90a, the gfx94x line and the generic targets have code-object records only.
// `npm test`: 20,000 words per described gfx9 processor beyond TARGETS; slow tier: 1,000,000.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fillSlots, makeRng } from '../scripts/fuzz-disasm.js';
import { assemble, decodeAt, disasmWords, disassemble, isaTable, objdump } from '../src/index.js';
import { PROCESSORS } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { tier } from './helpers/tier.js';

const WORDS = tier(20000, 1000000);

test('the records gcnkit does not describe are the code-object-only ones', () => {
  assert.deepEqual(
    PROCESSORS.filter((p) => !p.described).map((p) => p.name),
    ['gfx904', 'gfx90a', 'gfx940', 'gfx941', 'gfx942', 'gfx950', 'gfx9-generic', 'gfx9-4-generic'],
  );
});

for (const name of ['gfx902', 'gfx909', 'gfx90c'] as Target[]) {
  test(`${name} decodes ${WORDS} random words without exception, as gfx900 does`, () => {
    const slots = fillSlots(makeRng(17, 3), WORDS / 2, 'mixed', 'gfx9');
    const words = new Uint32Array(WORDS);
    for (let k = 0; k < WORDS / 2; k++) {
      words[2 * k] = slots[4 * k];
      words[2 * k + 1] = slots[4 * k + 1];
    }
    const mine = disasmWords(words, name);
    assert.deepEqual(mine, disasmWords(words, 'gfx900'));
    assert.ok(mine.every((l) => l.size >= 1 && l.size <= 3 && l.text !== ''));
  });
}

test('gfx902 prints v_mad_mix_f32 like gfx900 (llvm-mc-22 -mcpu=gfx902 -show-encoding, checked by hand)', () => {
  assert.equal(
    disasmWords([0xd3a00c65, 0xc5179045], 'gfx902')[0].text,
    'v_mad_mix_f32 v101, s69, -v200, -|v69| op_sel:[1,0,0]',
  );
});

const ELF = new Uint8Array(readFileSync(new URL('../examples/vadd/vadd-gfx908.hsaco', import.meta.url)));

for (const p of PROCESSORS.filter((r) => !r.described)) {
  test(`${p.name} is refused up front, in one line naming it, by every entry point that decodes`, () => {
    const t = p.name as Target;
    const oneLine = (f: () => unknown, who: string) =>
      assert.throws(f, (e: Error) => {
        assert.ok(e.message.includes(p.name), `${who}: ${e.message}`);
        assert.ok(!e.message.includes('\n'), `${who}: one line`);
        assert.ok(!e.message.includes('Cannot read'), `${who}: ${e.message}`);
        return true;
      });
    const words = Uint32Array.from([0xd3c40000, 0x18020501, 0xbf800000]);
    oneLine(
      () => decodeAt({ words, n: 3, target: t }, 0, { size: 0, text: '', branchOffset: 0, comment: '' }),
      'decodeAt',
    );
    oneLine(() => disasmWords(words, t), 'disasmWords');
    oneLine(() => disassemble(ELF, { mcpu: t }), 'disassemble');
    oneLine(() => objdump(ELF, 'k.hsaco', { mcpu: t }), 'objdump');
    oneLine(() => isaTable(t), 'isaTable');
    oneLine(() => assemble('s_nop 0', { mcpu: t }), 'assemble');
    // The refusal is not remembered: a described processor decodes right after.
    assert.equal(disasmWords([0xbf800000], 'gfx900')[0].text, 's_nop 0');
  });
}

test('gfx902, gfx909 and gfx90c list gfx900 ops in the ISA table', () => {
  const key = (t: Target) =>
    isaTable(t)
      .map((e) => `${e.encoding}:${e.opcode}:${e.name}:${e.executable}`)
      .sort();
  const gfx900 = key('gfx900');
  for (const t of ['gfx902', 'gfx909', 'gfx90c'] as Target[]) assert.deepEqual(key(t), gfx900, t);
});
