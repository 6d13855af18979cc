// VGPR indexing mode (gfx9): s_set_gpr_idx_on offsets the enabled VGPR operands of the VALU instructions
// that follow by M0[7:0] until s_set_gpr_idx_off. clang uses it for dynamically indexed vectors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { M0 } from '../src/emu/wave.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

test('s_set_gpr_idx_on indexes the source operand: v_mov_b32 v0, v[1 + s2]', () => {
  for (const idx of [0, 1, 5]) {
    const { wave } = runWave(
      `s_set_gpr_idx_on s2, gpr_idx(SRC0)
       v_mov_b32 v0, v1
       s_set_gpr_idx_off
       v_mov_b32 v20, v1`,
      (w) => {
        w.s[2] = idx;
        for (let r = 1; r < 10; r++) setV(w, r, (l) => r * 1000 + l);
      },
    );
    for (const l of [0, 17, 63]) {
      assert.equal(vreg(wave, 0, l), (1 + idx) * 1000 + l, `idx ${idx} lane ${l}`);
      // After s_set_gpr_idx_off the operand is not offset any more.
      assert.equal(vreg(wave, 20, l), 1000 + l);
    }
    assert.equal(wave.s[M0] & 0xff, idx);
    assert.equal((wave.s[M0] >>> 12) & 15, 1);
  }
});

test('gpr_idx(DST) offsets the destination only, and s_set_gpr_idx_idx changes the index', () => {
  const { wave } = runWave(
    `s_set_gpr_idx_on 3, gpr_idx(DST)
     v_mov_b32 v10, v1
     s_set_gpr_idx_idx s4
     v_add_u32 v10, v1, v2
     s_set_gpr_idx_off`,
    (w) => {
      w.s[4] = 6;
      setV(w, 1, (l) => l);
      setV(w, 2, () => 100);
    },
  );
  assert.equal(vreg(wave, 13, 9), 9);
  assert.equal(vreg(wave, 16, 9), 109);
  assert.equal(vreg(wave, 10, 9), 0);
});

test('an index that takes an operand past v255 stops with an error naming the instruction', () => {
  assert.throws(
    () =>
      runWave('s_set_gpr_idx_on s2, gpr_idx(SRC0)\nv_mov_b32 v0, v250', (w) => {
        w.s[2] = 10;
      }),
    /VGPR index 10 \(M0\) takes an operand beyond v255 in v_mov_b32_e32 v0, v250/,
  );
});
