// GWS (ds_gws_*) and ds_ordered_count in assembly text: on one wave (the counters), and through the
// dispatcher with several waves of a workgroup waiting on each other. Expected values follow the Vega ISA
// document's pseudo-code for DS_GWS_* and DS_ORDERED_COUNT.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GwsState } from '../src/emu/mem/ds-gws.js';
import type { Wave } from '../src/emu/wave.js';
import { Device } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

function gwsOf(w: Wave): GwsState {
  const g = w.ctx.gws;
  assert.ok(g);
  return g;
}

test('GWS semaphores on one wave: init, sema_v, sema_br, sema_p and release_all update the counter of rid = M0[21:16] + offset', () => {
  const { wave: w } = runWave(
    `  s_mov_b32 m0, 0x30000
  v_mov_b32 v1, 5
  ds_gws_init v1 offset:2 gds
  s_getreg_b32 s0, hwreg(HW_REG_STATUS)
  ds_gws_sema_v offset:2 gds
  v_mov_b32 v2, 3
  ds_gws_sema_br v2 offset:2 gds
  ds_gws_sema_p offset:2 gds`,
  );
  assert.equal(gwsOf(w).counter[5], 5 + 1 + 3 - 1);
  const r = runWave('  ds_gws_sema_v offset:63 gds\n  ds_gws_sema_release_all offset:63 gds');
  assert.equal(gwsOf(r.wave).counter[63], 0, 'release_all: counter = the waves queued (none)');
});

test('ds_gws_init takes the value of the first active lane', () => {
  const { wave: w } = runWave('  v_mov_b32 v1, v0\n  s_mov_b64 exec, 0x700\n  ds_gws_init v1 gds', (w) =>
    setV(w, 0, (l) => 100 + l),
  );
  assert.equal(gwsOf(w).counter[0], 108);
});

test('ds_ordered_count adds count_bits(EXEC) to counter offset0[7:2] and returns the old value; swap and counters past 3 fail loudly', () => {
  const { wave: w } = runWave(`  s_mov_b64 exec, 0xff
  ds_ordered_count v1, v0 offset:772 gds
  s_mov_b64 exec, -1
  ds_ordered_count v2, v0 offset:772 gds`);
  assert.equal(vreg(w, 1, 0), 0);
  assert.equal(vreg(w, 2, 63), 8);
  assert.equal(gwsOf(w).ordered[1], 72);
  assert.throws(
    () => runWave('  ds_ordered_count v1, v0 offset:4100 gds'),
    /swap instruction \(offset1 bit 4\) is not modelled/,
  );
  assert.throws(
    () => runWave('  ds_ordered_count v1, v0 offset:16 gds'),
    /counter 4 \(offset0 16\) does not exist/,
  );
});

// Two waves (block 128): each stores what it read to out[wave id] (v0 = work-item id, the wave is v0/64).
const STORE = `  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_lshrrev_b32 v3, 6, v0
  v_lshlrev_b32 v3, 2, v3
  v_readfirstlane_b32 s4, v0
  s_lshr_b32 s4, s4, 6`;

function run2(body: string, groupSize = 256): Uint32Array {
  const dev = new Device();
  const mod = dev.load(kernelObject('k', `${STORE}\n${body}`, { args: ['ptr'], groupSize }));
  const out = dev.alloc(8);
  mod.launch('k', { grid: [128], block: [128], args: [out] });
  return dev.download(out, Uint32Array);
}

test('ds_gws_sema_p waits until another wave of the group does ds_gws_sema_v', () => {
  // Wave 0 runs first and waits; wave 1 writes 42 to LDS and signals; wave 0 then reads 42.
  const out = run2(`  v_mov_b32 v4, 0
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lsignal
  ds_gws_sema_p gds
  ds_read_b32 v5, v4
  s_waitcnt lgkmcnt(0)
  s_branch .Lstore
.Lsignal:
  v_mov_b32 v5, 42
  ds_write_b32 v4, v5
  ds_gws_sema_v gds
  v_mov_b32 v5, 7
.Lstore:
  global_store_dword v3, v5, s[2:3]`);
  assert.deepEqual([...out], [42, 7]);
});

test('ds_gws_barrier releases the waves when the count given to ds_gws_init (waves - 1) has arrived', () => {
  // Wave 0 initializes the barrier; each wave writes its id + 1 to LDS, meets the other at the GWS barrier, then reads the other's slot.
  const out = run2(`  v_mov_b32 v1, 1
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lmeet
  ds_gws_init v1 offset:3 gds
.Lmeet:
  v_mov_b32 v4, s4
  v_lshlrev_b32 v4, 2, v4
  v_add_u32 v5, s4, 1
  ds_write_b32 v4, v5
  ds_gws_barrier v1 offset:3 gds
  v_xor_b32 v4, 4, v4
  ds_read_b32 v5, v4
  s_waitcnt lgkmcnt(0)
  global_store_dword v3, v5, s[2:3]`);
  assert.deepEqual([...out], [2, 1]);
});

test('a GWS wait nothing can release is reported as a deadlock naming the resource', () => {
  const dev = new Device();
  const mod = dev.load(kernelObject('k', '  s_mov_b32 m0, 0x20000\n  ds_gws_sema_p offset:1 gds'));
  assert.throws(
    () => mod.launch('k', { grid: [64], block: [64], args: [] }),
    /kernel 'k' workgroup \(0,0,0\) wave 0: deadlock: the wave waits on GWS resource 3 and no wave of its workgroup can run/,
  );
});

test('ds_ordered_count goes in wave order: a later wave that arrives first waits for the earlier one', () => {
  // Wave 0 spins past a scheduling slice before its ordered count, so wave 1 gets there first and must
  // wait: wave 0 still receives 0 and wave 1 receives wave 0's 64 lanes.
  const out = run2(`  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lcount
  s_mov_b32 s5, 3000
.Lspin:
  s_sub_u32 s5, s5, 1
  s_cmp_lg_u32 s5, 0
  s_cbranch_scc1 .Lspin
.Lcount:
  ds_ordered_count v5, v0 offset:772 gds
  s_waitcnt lgkmcnt(0)
  global_store_dword v3, v5, s[2:3]`);
  assert.deepEqual([...out], [0, 64]);
});

for (const target of ['gfx600', 'gfx700', 'gfx803'] as const) {
  test(`${target}: GWS counters and ds_ordered_count under the generation's DS opcodes`, () => {
    const { wave: w } = runWave(
      `  v_mov_b32 v1, 5
  s_mov_b32 m0, -1
  ds_gws_init v1 offset:2 gds
  ds_gws_sema_v offset:2 gds
  ds_ordered_count v2, v0 offset:772 gds
  ds_ordered_count v3, v0 offset:772 gds`,
      undefined,
      { target },
    );
    assert.equal(gwsOf(w).counter[1], 6, 'rid = (63 + 2) mod 64');
    assert.deepEqual([vreg(w, 2, 0), vreg(w, 3, 0)], [0, 64]);
  });
}
