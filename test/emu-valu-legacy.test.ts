// Execution of the VALU ops only gfx6/gfx7 have, in assembly text on a gfx600/gfx700 wave, against the
// Southern Islands document's descriptions and CLRX's pseudo-code (see src/emu/valu/legacy-ops.ts), and
// the per-generation encodings (VOP3 with clamp at bit 11, SI/CI opcodes) reaching the right semantics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import { EXEC_HI, EXEC_LO, Wave, Workgroup } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { assembleText } from './helpers/wave-asm.js';

/**
 * Runs the instructions of `source` (no s_endpgm: the scalar families of gfx6-8 are another area's work)
 * on a fresh 64-lane wave of `target`, one after another until the code ends.
 */
function runWave(source: string, setup: (w: Wave) => void, opts: { target?: Target } = {}): { wave: Wave } {
  const target = opts.target ?? 'gfx600';
  const code = assembleText(source, target);
  const mem = new DeviceMemory();
  const base = mem.alloc(code.length + 64, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, target);
  const w = new Wave(false);
  w.wg = new Workgroup();
  w.ctx = { mem, kernel: 'test', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  w.s[EXEC_LO] = 0xffffffff;
  w.s[EXEC_HI] = 0xffffffff;
  w.pc = base;
  w.mode = (3 << 4) | (3 << 6) | (1 << 8) | (1 << 9);
  setup(w);
  while (w.pc < base + code.length) {
    const i = program.inst(w.pc);
    i.run(w, i);
  }
  return { wave: w };
}

const F = new Float32Array(1);
const U = new Uint32Array(F.buffer);
const bitsOf = (f: number): number => {
  F[0] = f;
  return U[0];
};
const MAX = 0x7f7fffff;
const NAN = 0x7fc00000;

/** Runs one instruction with v1/v2/v3 (and v0 as accumulator) of lane 0 set; returns v0 (and v1 for 64-bit). */
function run1(line: string, regs: number[], target: Target = 'gfx600'): number[] {
  const { wave } = runWave(
    line,
    (w) => {
      regs.forEach((r, k) => {
        w.v[k * 64] = r >>> 0;
      });
    },
    { target },
  );
  return [wave.v[0], wave.v[64]];
}

test('gfx6 clamped and legacy transcendentals (v_rcp/rsq/log_clamp, v_rcp/rsq_legacy)', () => {
  assert.equal(run1('v_rcp_clamp_f32 v0, v1', [0, 0])[0], MAX);
  assert.equal(run1('v_rcp_clamp_f32 v0, v1', [0, 0x80000000])[0], (0x80000000 | MAX) >>> 0);
  assert.equal(run1('v_rcp_clamp_f32 v0, v1', [0, bitsOf(4)])[0], bitsOf(0.25));
  assert.equal(run1('v_rcp_legacy_f32 v0, v1', [0, 0x80000000])[0], 0x80000000);
  assert.equal(run1('v_rcp_legacy_f32 v0, v1', [0, 0])[0], 0);
  assert.equal(run1('v_rcp_legacy_f32 v0, v1', [0, bitsOf(2)])[0], bitsOf(0.5));
  assert.equal(run1('v_rsq_clamp_f32 v0, v1', [0, 0])[0], MAX);
  assert.equal(run1('v_rsq_legacy_f32 v0, v1', [0, 0])[0], 0);
  assert.equal(run1('v_rsq_legacy_f32 v0, v1', [0, bitsOf(4)])[0], bitsOf(0.5));
  assert.equal(run1('v_log_clamp_f32 v0, v1', [0, 0])[0], 0xff7fffff);
  assert.equal(run1('v_log_clamp_f32 v0, v1', [0, bitsOf(8)])[0], bitsOf(3));
  // f64: an infinite result becomes the largest double of its sign.
  const [lo, hi] = (() => {
    const { wave } = runWave('v_rcp_clamp_f64 v[0:1], v[2:3]', (w) => {
      w.v[2 * 64] = 0;
      w.v[3 * 64] = 0x80000000;
    });
    return [wave.v[0], wave.v[64]];
  })();
  assert.deepEqual([lo, hi], [0xffffffff, 0xffefffff]);
});

test('gfx6 v_min/max_legacy_f32: a NaN src1 gives NaN, a NaN src0 gives src1 (DX9 rules)', () => {
  assert.equal(run1('v_min_legacy_f32 v0, v1, v2', [0, bitsOf(1), NAN])[0], NAN);
  assert.equal(run1('v_min_legacy_f32 v0, v1, v2', [0, NAN, bitsOf(1)])[0], bitsOf(1));
  assert.equal(run1('v_max_legacy_f32 v0, v1, v2', [0, NAN, bitsOf(1)])[0], bitsOf(1));
  assert.equal(run1('v_min_legacy_f32 v0, v1, v2', [0, bitsOf(1), bitsOf(2)])[0], bitsOf(1));
  assert.equal(run1('v_max_legacy_f32 v0, v1, v2', [0, bitsOf(1), bitsOf(2)])[0], bitsOf(2));
  // VOP3 form on gfx6: |src0| and the output modifier.
  assert.equal(run1('v_max_legacy_f32_e64 v0, |v1|, v2 mul:2', [0, bitsOf(-3), bitsOf(2)])[0], bitsOf(6));
});

test('gfx6 v_mac_legacy_f32 (0 * x = 0) and v_mullit_f32', () => {
  assert.equal(run1('v_mac_legacy_f32 v0, v1, v2', [bitsOf(5), 0, 0x7f800000])[0], bitsOf(5));
  assert.equal(run1('v_mac_legacy_f32 v0, v1, v2', [bitsOf(5), bitsOf(2), bitsOf(3)])[0], bitsOf(11));
  assert.equal(run1('v_mullit_f32 v0, v1, v2, v3', [0, bitsOf(2), bitsOf(3), bitsOf(1)])[0], bitsOf(6));
  assert.equal(run1('v_mullit_f32 v0, v1, v2, v3', [0, bitsOf(2), bitsOf(3), 0])[0], 0xff7fffff);
  assert.equal(run1('v_mullit_f32 v0, v1, v2, v3', [0, 0, 0x7f800000, bitsOf(1)])[0], 0);
});

test('gfx6/gfx7 shifts take the value in src0; the carry-out add is v_add_i32; clamp sits at bit 11', () => {
  assert.equal(run1('v_lshl_b32 v0, v1, v2', [0, 3, 4])[0], 48);
  assert.equal(run1('v_ashr_i32 v0, v1, v2', [0, 0x80000000, 4], 'gfx700')[0], 0xf8000000);
  assert.equal(run1('v_lshr_b32_e64 v0, v1, v2', [0, 0x80000000, 36])[0], 0x08000000);
  assert.deepEqual(run1('v_lshl_b64 v[0:1], v[2:3], v4', [0, 0, 1, 0, 33]), [0, 2]);
  assert.equal(run1('v_add_i32 v0, vcc, v1, v2', [0, 0xffffffff, 2])[0], 1);
  assert.equal(run1('v_add_f32_e64 v0, v1, v2 clamp', [0, bitsOf(1), bitsOf(2)])[0], bitsOf(1));
  assert.equal(
    run1('v_cmps_lt_f32 vcc, v1, v2\nv_cndmask_b32 v0, 0, 1.0, vcc', [0, bitsOf(1), bitsOf(2)])[0],
    bitsOf(1),
  );
});

test('gfx8 executes its encodings: VOP3 at bits 16-25, carry-out v_add_u32, 16-bit ops', () => {
  assert.equal(run1('v_add_u32 v0, vcc, v1, v2', [0, 0xffffffff, 2], 'gfx803')[0], 1);
  assert.equal(run1('v_add_f32_e64 v0, v1, v2 clamp', [0, bitsOf(1), bitsOf(2)], 'gfx803')[0], bitsOf(1));
  assert.equal(run1('v_add_f16 v0, v1, v2', [0, 0x3c00, 0x3c00], 'gfx803')[0], 0x4000);
});
