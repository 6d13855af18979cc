// The translating engine against the interpreter (the reference) on random programs: every VGPR, SGPR,
// SCC and counter must be equal after both ran the same program from the same state, in the default
// compute MODE (where the engine inlines f32 ops) and in modes where it must leave them to the
// interpreter (denormals flushed, round toward zero). See test/helpers/jit-diff.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleText, Rng, randomInit, randomProgram, runOn, stateDifference } from './helpers/jit-diff.js';
import { tier } from './helpers/tier.js';

/** MODE values: IEEE + DX10 clamp with denormals on (the compute default), flushed, and round toward zero. */
const MODES = [0x3f0, 0x300, 0x3f3];

const PROGRAMS = tier(150, 2000);

test(`jit and interpreter agree on ${PROGRAMS} random programs (gfx908, three modes)`, () => {
  const r = new Rng(13);
  for (let n = 0; n < PROGRAMS; n++) {
    const text = randomProgram(r, 8 + r.int(40));
    const code = assembleText(`${text}\ns_endpgm\n`, 'gfx908');
    const mode = MODES[n % MODES.length];
    const init = randomInit(r);
    const a = runOn('interpreter', code, 'gfx908', init, mode);
    const b = runOn('jit', code, 'gfx908', init, mode);
    const diff = stateDifference(a, b);
    assert.equal(diff, '', `program ${n} (mode 0x${mode.toString(16)}):\n${text}\n${diff}`);
  }
});

test('jit and interpreter agree on gfx900', () => {
  const r = new Rng(900);
  for (let n = 0; n < tier(30, 300); n++) {
    const text = randomProgram(r, 8 + r.int(30), false);
    const code = assembleText(`${text}\ns_endpgm\n`, 'gfx900');
    const init = randomInit(r);
    const diff = stateDifference(
      runOn('interpreter', code, 'gfx900', init, 0x3f0),
      runOn('jit', code, 'gfx900', init, 0x3f0),
    );
    assert.equal(diff, '', `program ${n}:\n${text}\n${diff}`);
  }
});
