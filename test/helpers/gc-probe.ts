// Child process of test/emu-no-alloc.test.ts: runs one wave of a loop of common instructions (VALU f32
// and integer math, compares, v_cndmask, constants and literals of 2^31 and above, SALU arithmetic, logic
// and branches, EXEC masking, global and LDS loads and stores) for N and for 4N iterations, and prints
// how many garbage collections each run caused. Run with a small young generation
// (--max-semi-space-size=1), so that allocating even a few bytes per instruction shows as many scavenges.
import { PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXEC_HI, EXEC_LO } from '../../src/emu/wave.js';
import { runWave, setV } from './wave-asm.js';

const LOOP = `
  s_mov_b32 s10, 0
  s_mov_b32 s11, 0xbf800000
loop:
  v_add_f32 v2, v0, v1
  v_mul_f32 v3, v2, v2
  v_fma_f32 v4, v2, v3, v1
  v_fmac_f32 v4, v2, v3
  v_sub_f32 v5, v4, 1.0
  v_add_u32 v6, v6, 1
  v_cmp_gt_f32 vcc, v4, v3
  v_cndmask_b32 v7, v2, v3, vcc
  v_mov_b32 v8, s11
  v_and_b32 v9, 0x80000000, v8
  v_xor_b32 v9, v9, v5
  s_and_saveexec_b64 s[12:13], vcc
  v_mul_f32 v10, v7, v5
  v_max_f32 v10, v10, -v5
  global_load_dword v11, v[20:21], off
  global_store_dword v[20:21], v10, off offset:256
  ds_write_b32 v22, v10
  ds_read_b32 v12, v22
  s_or_b64 exec, exec, s[12:13]
  v_cvt_f32_u32 v13, v6
  v_lshlrev_b32 v14, 31, v6
  s_add_u32 s10, s10, 1
  s_cmp_lt_u32 s10, s14
  s_cbranch_scc1 loop
`;

let count = 0;
const obs = new PerformanceObserver((list) => {
  count += list.getEntries().length;
});
obs.observe({ entryTypes: ['gc'] });

/** Garbage collections while running `iterations` of the loop (setup allocations made before). */
async function gcs(iterations: number): Promise<number> {
  let before = 0;
  runWave(
    LOOP,
    (w, m) => {
      const buf = m.alloc(64 * 4 + 256);
      setV(w, 0, (l) => 0x3f800000 + l * 0x1234);
      setV(w, 1, (l) => (l & 1 ? 0xc0000000 : 0x40490fdb) + l);
      setV(w, 20, (l) => (buf + 4 * l) % 2 ** 32);
      setV(w, 21, (l) => Math.floor((buf + 4 * l) / 2 ** 32));
      setV(w, 22, (l) => 4 * l);
      w.s[14] = iterations;
      w.s[EXEC_LO] = 0xffff0fff;
      w.s[EXEC_HI] = 0x7fffffff;
      before = count;
    },
    { limit: 100 * iterations },
  );
  // The observer is told asynchronously.
  await sleep(20);
  return count - before;
}

const n = Number(process.argv[2] ?? 2000);
await gcs(n); // warm-up: the handlers are optimised before the measured runs
await sleep(20);
const small = await gcs(n);
const large = await gcs(4 * n);
obs.disconnect();
console.log(JSON.stringify({ small, large, instructions: 24 * 3 * n }));
