import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

test('smoke', () => {
  const r = runWave(
    's_getpc_b64 s[4:5]\nv_readlane_b32 s6, v1, 5\nv_writelane_b32 v2, s6, 7\nv_readfirstlane_b32 s7, v1\ns_branch 1f\ns_trap 2\n1:\nv_swap_b32 v3, v1',
    (w) => {
      setV(w, 1, (l) => l * 10);
      setV(w, 3, (l) => 1000 + l);
    },
  );
  const w = r.wave;
  assert.equal(w.s[4] + w.s[5] * 2 ** 32, r.base + 4);
  assert.equal(w.s[6], 50);
  assert.equal(vreg(w, 2, 7), 50);
  assert.equal(w.s[7], 0);
  assert.equal(vreg(w, 3, 9), 90);
  assert.equal(vreg(w, 1, 9), 1009);
});
