// The translating engine's tiering (jit/block.ts, compileBlock): a region runs on the interpreter's
// handlers for its first COMPILE_AFTER runs (a cold block) and is then compiled in place. The test tiers
// set the count to 0 (scripts/test-tier.mjs) so that every other test runs compiled code; here the cold
// path, the switch and the setting itself are tested against the interpreter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyJitEnv } from '../src/cli/jit-env.js';
import { BlockCache, COMPILE_AFTER, compileAfter, setCompileAfter } from '../src/emu/jit/engine.js';
import { DeviceMemory } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import { Wave, Workgroup } from '../src/emu/wave.js';
import { Device } from '../src/runtime/device.js';
import { cli, oneLineError } from './helpers/cli.js';
import { assembleText, runOn, stateDifference } from './helpers/jit-diff.js';
import { kernelObject } from './helpers/kernel-asm.js';

const LOOP = ['s_mov_b32 s0, 5', 'LOOP:', 'v_add_u32 v1, 1, v1', 's_sub_u32 s0, s0, 1', 's_cmp_lg_u32 s0, 0'];

test('a cold region runs on the interpreter compileAfter times, then its compiled code replaces it in place', () => {
  const code = assembleText([...LOOP, 's_cbranch_scc1 LOOP', 's_endpgm'].join('\n'), 'gfx908');
  const mem = new DeviceMemory();
  const base = mem.alloc(code.length + 64, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, 'gfx908');
  const cache = new BlockCache(program.base, program.size, 1, program, 3);
  const w = new Wave(true, true);
  w.wg = new Workgroup();
  w.ctx = { mem, kernel: 'test', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  w.pc = base;
  w.mode = 0x3f0;
  w.s[126] = 0xffffffff;
  w.s[127] = 0xffffffff;
  const loop = base + 4;
  const runs: string[] = [];
  let first: unknown;
  while (!w.done) {
    const b = cache.get(w.ctx.inst, w.pc, w.mode);
    if (b.start === loop) first ??= b;
    if (b.start === loop) assert.equal(b, first, 'the same block object: links to it stay valid');
    const cold = b.isCold;
    const source = b.source;
    const n = b.run(w, 1000);
    runs.push(
      `0x${(b.start - base).toString(16)}:${cold ? 'cold' : 'hot'}->${b.isCold ? 'cold' : 'hot'}:${n}`,
    );
    if (!b.isCold && cold) assert.notEqual(b.source, source, 'the compiled code replaced interpretBlock');
  }
  // The entry block (5 instructions, the loop's first pass up to its branch back) runs once, cold. The
  // loop's region (block.ts loopRegion) is entered once cold and runs on the interpreter up to its
  // header's second pass, which with the entry makes 3 runs (2 passes of 4 instructions); its next run
  // compiles it and runs the 2 passes left (s0 from 2 to 0). s_endpgm's block runs once, cold.
  assert.deepEqual(runs, ['0x0:cold->cold:5', '0x4:cold->cold:8', '0x4:cold->hot:8', '0x14:cold->cold:1']);
  assert.equal(w.s[0], 0);
  for (const l of [0, 31, 63]) assert.equal(w.v[64 + l], 5);
  w.release();
});

test('cold and compiled regions in one run agree with the interpreter: registers, memory, counts', () => {
  // A loop whose branch back is taken 5 times, its region cold for 1, 2, 3 or all of its runs.
  const body = [
    'v_mov_b32 v2, s0',
    'v_mul_lo_u32 v3, v2, v1',
    'v_add_u32 v1, v3, v1',
    's_add_u32 s1, s1, s0',
  ];
  const code = assembleText(
    [...LOOP, ...body, 's_cbranch_scc1 LOOP', 'v_cmp_gt_u32 vcc, v1, v0', 's_endpgm'].join('\n'),
    'gfx908',
  );
  const init = (w: Wave) => {
    w.s[126] = 0xffffffff;
    w.s[127] = 0x0000ffff;
    for (let l = 0; l < 64; l++) w.v[l] = l * 977;
  };
  const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
  for (const after of [1, 2, 3, 7]) {
    const b = runOn('jit', code, 'gfx908', init, 0x3f0, undefined, after);
    assert.equal(stateDifference(a, b), '', `compiled after ${after} runs`);
  }
});

// Each wave sums `rows` rows of 64 dwords of `inp` (row r at inp + 256 r) into its lanes and stores the sums
// at out: past the buffer's end, the load faults in the loop's region.
const SUM = `
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_load_dword s8, s[0:1], 0x10
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v5, 0
  s_mov_b32 s9, 0
  s_waitcnt lgkmcnt(0)
LOOP:
  v_mov_b32 v3, s7
  v_add_co_u32 v2, vcc, s6, v1
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_load_dword v4, v[2:3], off
  s_waitcnt vmcnt(0)
  v_add_u32 v5, v5, v4
  v_add_u32 v1, 0x100, v1
  s_nop SALT
  s_add_u32 s9, s9, 1
  s_cmp_lg_u32 s9, s8
  s_cbranch_scc1 LOOP
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v3, s5
  v_add_co_u32 v2, vcc, s4, v1
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_store_dword v[2:3], v5, off`;

let salt = 0;

/**
 * Launches SUM over `waves` waves and `rows` rows of a 48-row buffer, regions compiled after `after`
 * runs. Each launch's loop differs in an s_nop: a region compiled by an earlier launch (REGIONS) would
 * be compiled at once.
 */
function launchSum(engine: 'jit' | 'interpreter', after: number, waves: number, rows: number) {
  const saved = compileAfter();
  setCompileAfter(after);
  try {
    const dev = new Device();
    const body = SUM.replace('SALT', String(salt++ & 7));
    const mod = dev.load(kernelObject('sum', body, { args: ['ptr', 'ptr', 4] }));
    const inp = dev.upload(Uint32Array.from({ length: 48 * 64 }, (_, i) => (i * 2654435761) >>> 0));
    const out = dev.alloc(256);
    try {
      const r = mod.launch('sum', {
        grid: [64 * waves],
        block: [64],
        args: [out, inp, { value: rows, type: 'u32' }],
        engine,
      });
      return {
        counts: `${r.waveInstructions} ${r.laneInstructions}`,
        out: [...dev.download(out, Uint32Array)],
      };
    } catch (e) {
      return { error: (e as Error).message };
    }
  } finally {
    setCompileAfter(saved);
  }
}

test("a dispatch gives the interpreter's results, counts and fault reports with regions cold, compiled, and both", () => {
  // 40 waves x 40 rows: with 32, the loop's region is compiled during the first wave and the regions
  // before and after it in the 33rd; with 64, the loop's during the second wave, the others never. 2
  // waves x 49 rows: the load of row 48, the first past the buffer, faults in the loop's 49th run: in
  // compiled code with 32, in a cold region with 64.
  for (const [waves, rows] of [
    [40, 40],
    [2, 49],
  ]) {
    const want = launchSum('interpreter', 0, waves, rows);
    if (rows > 48)
      assert.match(want.error ?? '', /lane 0: memory fault at pc 0x[0-9a-f]+ \(global_load_dword v4/);
    else assert.equal(want.error, undefined);
    for (const after of [0, 32, 64]) {
      assert.deepEqual(
        launchSum('jit', after, waves, rows),
        want,
        `${waves} waves, ${rows} rows, compiled after ${after}`,
      );
    }
  }
});

test('GCNKIT_JIT_COMPILE_AFTER sets the runs before a region is compiled in gcnkit run; anything but a whole number is a one-line error', () => {
  const saved = compileAfter();
  const env = process.env.GCNKIT_JIT_COMPILE_AFTER;
  try {
    assert.equal(COMPILE_AFTER, 32);
    for (const [text, n] of [
      ['0', 0],
      ['7', 7],
      ['100', 100],
    ] as const) {
      applyJitEnv({ GCNKIT_JIT_COMPILE_AFTER: text });
      assert.equal(compileAfter(), n);
    }
    // Unset or empty: the count stays as it is.
    applyJitEnv({});
    applyJitEnv({ GCNKIT_JIT_COMPILE_AFTER: '' });
    assert.equal(compileAfter(), 100);
    for (const bad of ['-1', '1.5', 'x', ' 3', '1e3']) {
      assert.throws(
        () => applyJitEnv({ GCNKIT_JIT_COMPILE_AFTER: bad }),
        new RangeError(`GCNKIT_JIT_COMPILE_AFTER must be a whole number (0 or more), not '${bad}'`),
      );
      assert.equal(compileAfter(), 100);
    }
    assert.throws(() => setCompileAfter(-1), RangeError);
    assert.throws(() => setCompileAfter(0.5), RangeError);
    // gcnkit run applies it before it reads its files; a bad value is a usage error.
    process.env.GCNKIT_JIT_COMPILE_AFTER = 'many';
    const r = cli('run', 'examples/vadd/vadd-gfx908.hsaco', 'examples/vadd/spec.json');
    oneLineError(
      r,
      2,
      /^gcnkit run: GCNKIT_JIT_COMPILE_AFTER must be a whole number \(0 or more\), not 'many'$/,
    );
    process.env.GCNKIT_JIT_COMPILE_AFTER = '5';
    assert.equal(cli('run', 'examples/vadd/vadd-gfx908.hsaco', 'examples/vadd/spec.json').status, 0);
    assert.equal(compileAfter(), 5);
  } finally {
    setCompileAfter(saved);
    if (env === undefined) delete process.env.GCNKIT_JIT_COMPILE_AFTER;
    else process.env.GCNKIT_JIT_COMPILE_AFTER = env;
  }
});
