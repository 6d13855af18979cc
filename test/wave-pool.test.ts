// Waves kept between dispatches (emu/wave-pool.ts): a kept wave comes back with nothing of its last
// use, every VGPR and AGPR (not only the next kernel's allocation), SGPR and state cleared, and keeps
// its page of the register memory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { giveWave, takeWave } from '../src/emu/wave-pool.js';

test('a wave given back is taken again, cleared whole, on its register page', () => {
  const w = takeWave(true);
  const page = w.vb;
  w.v[255 * 64 + 63] = 7;
  w.v[0] = 1;
  w.a[200 * 64] = 9;
  w.s[100] = 3;
  w.scc = 1;
  w.done = true;
  w.atBarrier = true;
  w.waveInstructions = 12;
  w.pc = 0x1234;
  giveWave(w);
  const again = takeWave(true);
  assert.equal(again, w);
  assert.equal(again.vb, page);
  assert.ok(page >= 0, 'the wave has a page of the register memory');
  assert.equal(
    again.v.some((x) => x !== 0),
    false,
  );
  assert.equal(
    again.a.some((x) => x !== 0),
    false,
  );
  assert.equal(
    again.s.some((x) => x !== 0),
    false,
  );
  assert.deepEqual(
    [again.scc, again.done, again.atBarrier, again.waveInstructions, again.pc],
    [0, false, false, 0, 0],
  );
  // Kinds are kept apart: a wave without AGPRs is not one with.
  const plain = takeWave(false);
  assert.equal(plain.a.length, 0);
  giveWave(plain);
  giveWave(again);
  assert.notEqual(takeWave(true), plain);
});
