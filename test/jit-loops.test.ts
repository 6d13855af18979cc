// Loops as regions (jit/block.ts loopRegion): a loop of several basic blocks is one compiled function that
// a wave may enter at any of its blocks (a rotated loop's entry is in its middle, and a wave leaves a loop
// at its scheduler budget wherever a branch between blocks is), cold on the interpreter until its header
// has passed COMPILE_AFTER times. Each program runs on the interpreter and on the jit, regions compiled
// at once or after 1 or 3 runs, and must leave the same registers, memory, counts and fault.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BlockCache } from '../src/emu/jit/engine.js';
import { Program } from '../src/emu/program.js';
import { assembleText, runOn, stateDifference } from './helpers/jit-diff.js';

const PROGRAMS: Record<string, string> = {
  // Entered in its middle (as clang rotates loops), left where a lane's count runs out: lanes drop out of
  // EXEC one by one, as in mandelbrot, until none is left.
  rotated: `
    v_and_b32 v1, 15, v0
    v_mov_b32 v2, 0
    s_mov_b64 s[10:11], exec
    s_branch ENTRY
  HEAD:
    v_add_u32 v2, v2, v1
    v_subrev_u32 v1, 1, v1
  ENTRY:
    v_cmp_ne_u32 vcc, 0, v1
    s_and_b64 exec, exec, vcc
    s_cbranch_execz DONE
    v_add_u32 v3, v2, v0
    s_branch HEAD
  DONE:
    s_mov_b64 exec, s[10:11]`,
  // 400 passes of 5 instructions: the budget of a run (1000 instructions) ends it inside the loop, and
  // the next run enters at the block it stopped at.
  long: `
    s_movk_i32 s0, 400
    v_mov_b32 v2, 0
  HEAD:
    v_add_u32 v2, v2, v0
    s_sub_u32 s0, s0, 1
    s_cmp_eq_u32 s0, 7
    s_cbranch_scc1 SEVEN
    v_xor_b32 v3, v2, v0
  SEVEN:
    s_cmp_lg_u32 s0, 0
    s_cbranch_scc1 HEAD`,
  // An inner loop in an outer one: both in one region when they fit.
  nested: `
    s_mov_b32 s0, 6
    v_mov_b32 v2, 1
  OUTER:
    s_mov_b32 s1, 5
  INNER:
    v_mul_lo_u32 v2, v2, 3
    v_add_u32 v2, v2, v0
    s_sub_u32 s1, s1, 1
    s_cmp_lg_u32 s1, 0
    s_cbranch_scc1 INNER
    v_lshrrev_b32 v2, 1, v2
    s_sub_u32 s0, s0, 1
    s_cmp_lg_u32 s0, 0
    s_cbranch_scc1 OUTER`,
  // A load that walks off the buffer (s[34:35], 4 KiB) in the loop's ninth pass: the fault, its pc and the
  // state before it must be the interpreter's, cold or compiled.
  fault: `
    v_lshlrev_b32 v1, 2, v0
    v_mov_b32 v2, 0
    s_mov_b32 s0, 12
  HEAD:
    v_mov_b32 v4, s35
    v_add_co_u32 v3, vcc, s34, v1
    v_addc_co_u32 v4, vcc, 0, v4, vcc
    global_load_dword v5, v[3:4], off
    s_waitcnt vmcnt(0)
    v_add_u32 v2, v2, v5
    v_add_u32 v1, 0x200, v1
    s_sub_u32 s0, s0, 1
    s_cmp_lg_u32 s0, 0
    s_cbranch_scc1 HEAD`,
};

const init = (w: import('../src/emu/wave.js').Wave) => {
  w.s[126] = 0xffffffff;
  w.s[127] = 0xfffffff7;
  for (let l = 0; l < 64; l++) w.v[l] = (l * 7 + 3) >>> 0;
};

for (const [name, text] of Object.entries(PROGRAMS)) {
  test(`a loop (${name}) runs as one region, cold or compiled, with the interpreter's results`, () => {
    const code = assembleText(`${text}\ns_endpgm\n`, 'gfx908');
    const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
    assert.equal(a.error !== '', name === 'fault', a.error);
    for (const after of [0, 1, 3]) {
      const b = runOn('jit', code, 'gfx908', init, 0x3f0, undefined, after);
      assert.equal(stateDifference(a, b), '', `${name}, compiled after ${after} runs`);
    }
  });
}

test("a loop's region is one block object for every block of the loop, whichever it was entered at", () => {
  const code = assembleText(`${PROGRAMS.rotated}\ns_endpgm\n`, 'gfx908');
  const base = 0x10000;
  const p = new Program(code, base, 'gfx908');
  const cache = new BlockCache(p.base, p.size, undefined, p);
  const fetch = (pc: number) => p.inst(pc);
  // HEAD is the fifth instruction (after four 4-byte ones), ENTRY two later.
  const head = base + 16;
  const entry = head + 8;
  const b = cache.get(fetch, entry, 0x3f0);
  assert.equal(b.start, head);
  assert.deepEqual(b.entries, [head, entry, entry + 12]);
  assert.equal(cache.get(fetch, head, 0x3f0), b);
  assert.equal(cache.get(fetch, entry + 12, 0x3f0), b);
  // s_branch HEAD is the last instruction taken; the loop's exit block is not.
  assert.equal(b.insts.length, 7);
  assert.equal(b.insts[b.insts.length - 1].name, 's_branch');
});
