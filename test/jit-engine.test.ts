// The translating engine against the interpreter (the reference) on random programs: every VGPR, SGPR,
// SCC and counter must be equal after both ran the same program from the same state, in the default
// compute MODE (where the engine inlines f32 ops) and in modes where it must leave them to the
// interpreter (denormals flushed, round toward zero). See test/helpers/jit-diff.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { BlockCache } from '../src/emu/jit/engine.js';
import { MFMA_SIMD_COUNTS } from '../src/emu/jit/mfma-simd.js';
import { Program } from '../src/emu/program.js';
import { Wave } from '../src/emu/wave.js';
import { INTEGER_ATOMICS } from '../src/isa/ops/atomics.js';
import {
  assembleText,
  bufferDword,
  compiledSource,
  Rng,
  randomInit,
  randomProgram,
  randomSimdProgram,
  runOn,
  stateDifference,
} from './helpers/jit-diff.js';
import { nodeTs } from './helpers/node-ts.js';
import { tier } from './helpers/tier.js';

/**
 * MODE values: IEEE + DX10 clamp with denormals on (the compute default), flushed, round toward zero, and
 * denormals on without IEEE mode (min/max then treat NaNs differently).
 */
const MODES = [0x3f0, 0x300, 0x3f3, 0x1f0];

const PROGRAMS = tier(150, 2000);

test(`jit and interpreter agree on ${PROGRAMS} random programs (gfx908, four modes)`, () => {
  const r = new Rng(13);
  let faults = 0;
  for (let n = 0; n < PROGRAMS; n++) {
    const text = randomProgram(r, 8 + r.int(40));
    const code = assembleText(`${text}\ns_endpgm\n`, 'gfx908');
    const mode = MODES[n % MODES.length];
    const init = randomInit(r);
    const a = runOn('interpreter', code, 'gfx908', init, mode);
    // The default regions (one basic block), and regions of up to 12 blocks on every other program; on
    // every third, each region runs once on the interpreter (cold) before it is compiled.
    const blocks = n % 2 === 0 ? undefined : 12;
    const after = n % 3 === 2 ? 1 : 0;
    const b = runOn('jit', code, 'gfx908', init, mode, blocks, after);
    const diff = stateDifference(a, b);
    assert.equal(
      diff,
      '',
      `program ${n} (mode 0x${mode.toString(16)}, regions ${blocks ?? 'default'}, compiled after ${after}):\n${text}\n${diff}`,
    );
    if (a.error !== '') faults++;
  }
  // Some programs fault (a global access past the buffer), most do not: both paths are compared.
  assert.ok(faults > 0 && faults < PROGRAMS / 2, `${faults} of ${PROGRAMS} programs faulted`);
});

test('the WebAssembly SIMD lane loops agree with the interpreter (NaN groups, partial EXEC, masks, LDS accesses)', () => {
  const probe = new Wave(false, true);
  assert.ok(probe.vb >= 0, 'no WebAssembly register page: the SIMD loops would not run');
  probe.release();
  const r = new Rng(4242);
  const n = tier(80, 1500);
  let simd = 0;
  let simdLds = 0;
  for (let k = 0; k < n; k++) {
    const text = randomSimdProgram(r, 10 + r.int(30));
    const code = assembleText(`${text}\ns_endpgm\n`, 'gfx908');
    const mode = k % 3 === 2 ? 0x1f0 : 0x3f0;
    const init = randomInit(r);
    const diff = stateDifference(
      runOn('interpreter', code, 'gfx908', init, mode),
      runOn('jit', code, 'gfx908', init, mode),
    );
    assert.equal(diff, '', `program ${k} (mode 0x${mode.toString(16)}):\n${text}\n${diff}`);
    const source = compiledSource(code, 'gfx908', mode);
    if (source.includes('X0(')) simd++;
    // A SIMD loop with an LDS access takes the LDS's page (gen.ts simdLoop).
    if (source.includes('LB >= 0')) simdLds++;
  }
  // Most first blocks hold a SIMD loop (the rest start with an EXEC change or a branch).
  assert.ok(simd > n / 2, `${simd} of ${n} programs start with a SIMD loop`);
  assert.ok(simdLds > n / 10, `${simdLds} of ${n} programs have an LDS access in a SIMD loop`);
});

test('the f32 division sequence on SIMD lanes agrees with the interpreter at its scaling thresholds', () => {
  // LLVM's f32 division (v12 = v1 / v2, as clang emits it), then the quotient's fixup alone; and the
  // scale and fixup ops alone (in the whole sequence, the fma lanes the SIMD code leaves, intermediate
  // f32 denormals, hide some of their own cases).
  const alone = assembleText(
    ['v_div_scale_f32 v3, s[0:1], v2, v2, v1', 'v_div_scale_f32 v4, vcc, v1, v2, v1', 's_endpgm'].join('\n'),
    'gfx908',
  );
  // Each fixup alone: one op's lanes left to JavaScript would hide the other's in the same group.
  const fixups = ['v_div_fixup_f32 v9, v0, v2, v1', 'v_div_fixup_f32 v10, v0, v1, v2'].map((t) =>
    assembleText(`${t}\ns_endpgm`, 'gfx908'),
  );
  const code = assembleText(
    [
      'v_div_scale_f32 v3, s[0:1], v2, v2, v1',
      'v_div_scale_f32 v4, vcc, v1, v2, v1',
      'v_rcp_f32 v5, v3',
      'v_fma_f32 v6, -v3, v5, 1.0',
      'v_fmac_f32 v5, v6, v5',
      'v_mul_f32 v6, v4, v5',
      'v_fma_f32 v7, -v3, v6, v4',
      'v_fmac_f32 v6, v7, v5',
      'v_fma_f32 v3, -v3, v6, v4',
      's_mov_b64 vcc, s[0:1]',
      'v_div_fmas_f32 v3, v3, v5, v6',
      'v_div_fixup_f32 v8, v3, v2, v1',
      'v_div_fixup_f32 v9, v0, v2, v1',
      's_endpgm',
    ].join('\n'),
    'gfx908',
  );
  // Exponent fields of the denominator, and the numerator's relative to it, around each case that scales.
  const dens = [0, 1, 2, 24, 127, 200, 252, 253, 254, 255];
  const rel = [-151, -150, -149, -127, -126, -125, -124, -1, 0, 1, 95, 96, 97];
  const f32 = (e: number, m: number, neg: boolean) =>
    ((neg ? 0x80000000 : 0) | (Math.min(Math.max(e, 0), 255) << 23) | (m & 0x7fffff)) >>> 0;
  const r = new Rng(77);
  const cases: [number, number][] = [];
  for (const e1 of dens) for (const d of rel) cases.push([e1, e1 + d]);
  // One case a group of four lanes (a group with a lane the SIMD code leaves runs whole in JavaScript, so
  // a case that does not scale must not share its group with one that does).
  for (let at = 0; at < cases.length; at += 16) {
    // The registers' values drawn once: both engines run from the same ones.
    const v = new Uint32Array(3 * 64);
    for (let l = 0; l < 64; l++) {
      const c = at + (l >> 2);
      const [e1, e2] = cases[c % cases.length];
      // Every third group with significands 0 (zeros, infinities, powers of two), every seventh with an
      // infinite or NaN quotient for the fixup.
      const m = () => (c % 3 === 0 ? 0 : r.next());
      v[64 * 2 + l] = f32(e1, m(), r.int(2) === 1);
      v[64 * 1 + l] = f32(e2, m(), r.int(2) === 1);
      v[l] = f32(c % 7 === 0 ? 255 : 100 + r.int(50), r.int(2) ? 0 : r.next(), r.int(2) === 1);
    }
    const init = (w: Wave) => {
      w.s[126] = 0xffffffff;
      w.s[127] = 0xffffffff;
      w.v.set(v);
    };
    for (const c of [code, alone, ...fixups]) {
      const diff = stateDifference(
        runOn('interpreter', c, 'gfx908', init, 0x3f0),
        runOn('jit', c, 'gfx908', init, 0x3f0),
      );
      assert.equal(diff, '', `cases from ${at}${c === code ? '' : ', the ops alone'}`);
    }
  }
});

test('the SIMD fma leaves a double-rounding midpoint to the exact fma (a known answer)', () => {
  // 4097 * 4097 = 2^24 + 2^13 + 1 lies midway between two f32 values; adding 2^-30 makes the exact result
  // round up to 2^24 + 2^13 + 2, while rounding to f64 first lands on the midpoint (ties to even: down).
  const code = assembleText('v_fma_f32 v0, v1, v2, v3\nv_fmac_f32 v4, v1, v2\ns_endpgm\n', 'gfx908');
  const f32 = (x: number) => new Uint32Array(new Float32Array([x]).buffer)[0];
  const init = (w: Wave) => {
    w.s[126] = 0xffffffff;
    w.s[127] = 0xffffffff;
    for (let l = 0; l < 64; l++) {
      w.v[64 + l] = f32(4097);
      w.v[128 + l] = f32(4097);
      w.v[192 + l] = f32(l < 32 ? 2 ** -30 : 1);
      w.v[256 + l] = f32(2 ** -30);
    }
  };
  const b = runOn('jit', code, 'gfx908', init, 0x3f0);
  for (let l = 0; l < 64; l++) {
    assert.equal(b.v[l], f32(16785410), `v0 lane ${l}`);
    assert.equal(b.v[256 + l], f32(16785410), `v4 lane ${l}`);
  }
  assert.match(compiledSource(code, 'gfx908', 0x3f0), /X0\(/);
});

test('the SIMD f32 MFMAs agree with the interpreter (ordinary data, and data with NaNs, infinities, denormals)', () => {
  const programs = [
    'v_mfma_f32_32x32x2f32 a[0:15], v1, v2, a[0:15]',
    'v_mfma_f32_16x16x4f32 a[16:19], v3, v4, a[16:19]',
    'v_mfma_f32_32x32x2f32 a[0:15], v5, a20, a[0:15]',
    'v_mfma_f32_16x16x4f32 a[20:23], a24, v6, a[20:23]',
    'v_mfma_f32_32x32x2f32 a[16:31], v7, v8, a[0:15]',
  ];
  const code = assembleText(`${programs.join('\n')}\ns_endpgm\n`, 'gfx908');
  assert.match(compiledSource(code, 'gfx908', 0x3f0), /H\.mfma\(/);
  const r = new Rng(908);
  const f32 = new Float32Array(1);
  const bits = new Uint32Array(f32.buffer);
  const specials = [0x7fc00000, 0xff800000, 0x7f800000, 0x00000001, 0x807fffff, 0x80000000, 0x7f7fffff];
  const before = { ...MFMA_SIMD_COUNTS };
  for (let n = 0; n < tier(12, 120); n++) {
    const special = n % 3 === 2;
    const word = () => {
      if (special && r.int(50) === 0) return r.pick(specials);
      f32[0] = (r.next() / 2 ** 32) * 16 - 8;
      return bits[0];
    };
    const v = Uint32Array.from({ length: 12 * 64 }, word);
    const a = Uint32Array.from({ length: 32 * 64 }, word);
    const init = (w: Wave) => {
      w.s[126] = 0xffffffff;
      w.s[127] = 0xffffffff;
      w.v.set(v);
      w.a.set(a);
    };
    const diff = stateDifference(
      runOn('interpreter', code, 'gfx908', init, 0x3f0),
      runOn('jit', code, 'gfx908', init, 0x3f0),
    );
    assert.equal(diff, '', `data set ${n}${special ? ' (specials)' : ''}: ${diff}`);
  }
  // Both ways were taken: MFMAs run as SIMD, and MFMAs left to the handler (a NaN, a denormal).
  assert.ok(MFMA_SIMD_COUNTS.ran > before.ran, 'no MFMA ran as SIMD');
  assert.ok(MFMA_SIMD_COUNTS.left > before.left, 'no MFMA was left to the handler');
});

test('the SIMD f16, bf16 and i8 MFMAs agree with the interpreter (ordinary data, and halves that are infinities, NaNs, denormals)', () => {
  const programs = [
    'v_mfma_f32_32x32x8f16 a[0:15], v[1:2], v[3:4], a[0:15]',
    'v_mfma_f32_16x16x16f16 a[16:19], v[5:6], a[20:21], a[16:19]',
    'v_mfma_f32_32x32x4bf16 a[0:15], v7, v8, a[0:15]',
    'v_mfma_f32_16x16x8bf16 a[16:19], a22, v9, a[16:19]',
    'v_mfma_i32_32x32x8i8 a[0:15], v10, v11, a[0:15]',
    'v_mfma_i32_16x16x16i8 a[16:19], v1, a23, a[16:19]',
  ];
  const r = new Rng(9080);
  const f32 = new Float32Array(1);
  const bits = new Uint32Array(f32.buffer);
  // Halves with exponents around 1 (f16 2^-5..2^5; bf16 2^-7..2^7), and now and then a special one.
  const f16 = (special: boolean) =>
    special && r.int(20) === 0
      ? r.pick([0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x7bff])
      : (r.int(2) << 15) | ((10 + r.int(11)) << 10) | r.int(1024);
  const bf16 = (special: boolean) =>
    special && r.int(20) === 0
      ? r.pick([0x7f80, 0xff80, 0x7fc0, 0x0001, 0x0080, 0x7f7f])
      : (r.int(2) << 15) | ((120 + r.int(15)) << 7) | r.int(128);
  for (const line of programs) {
    const code = assembleText(`${line}\ns_endpgm\n`, 'gfx908');
    assert.match(compiledSource(code, 'gfx908', 0x3f0), /H\.mfma\(/, line);
    const before = { ...MFMA_SIMD_COUNTS };
    const int = line.startsWith('v_mfma_i32');
    for (let n = 0; n < tier(4, 40); n++) {
      const special = n % 2 === 1 && !int;
      const half = line.includes('bf16') ? bf16 : f16;
      const ab = () => (int ? r.next() : (half(special) | (half(special) << 16)) >>> 0);
      const acc = () => {
        if (int) return r.next();
        f32[0] = (r.next() / 2 ** 32) * 16 - 8;
        return bits[0];
      };
      const v = Uint32Array.from({ length: 12 * 64 }, ab);
      const a = Uint32Array.from({ length: 32 * 64 }, (_, x) => (x >= 20 * 64 && x < 24 * 64 ? ab() : acc()));
      const init = (w: Wave) => {
        w.s[126] = 0xffffffff;
        w.s[127] = 0xffffffff;
        w.v.set(v);
        w.a.set(a);
      };
      const diff = stateDifference(
        runOn('interpreter', code, 'gfx908', init, 0x3f0),
        runOn('jit', code, 'gfx908', init, 0x3f0),
      );
      assert.equal(diff, '', `${line}, data set ${n}${special ? ' (specials)' : ''}: ${diff}`);
    }
    // Ordinary data runs as SIMD; f16 and bf16 data with specials is left to the handler.
    assert.ok(MFMA_SIMD_COUNTS.ran > before.ran, `${line}: never ran as SIMD`);
    if (!int) assert.ok(MFMA_SIMD_COUNTS.left > before.left, `${line}: never left to the handler`);
    if (int) assert.equal(MFMA_SIMD_COUNTS.left, before.left, `${line}: left to the handler`);
  }
});

test("a bf16 MFMA step whose product leaves f32's normal range is left to the exact handler (known answers)", () => {
  // v_mfma_f32_16x16x8bf16: 2 bf16 elements per lane (low half first), lane groups of 16 for k / 2.
  const code = assembleText('v_mfma_f32_16x16x8bf16 a[0:3], v1, v2, a[0:3]\ns_endpgm\n', 'gfx908');
  for (const { a, b, c, d } of [
    // Each product is 2.5 * 2^-149, a tie in f32's denormals: rounded alone it gives 2, and C (1 * 2^-149)
    // plus 8 of them 17; one rounding per step (the model) gives 4, 6, ..., 18.
    { a: () => 0x0da00da0, b: () => 0x27802780, c: 1, d: 18 },
    // The first k's product is 2^128, beyond f32; the others are 0. Exact: 2^128 - 2^127 = 2^127.
    { a: () => 0x00005f80, b: (l: number) => (l < 16 ? 0x5f805f80 : 0), c: 0xff000000, d: 0x7f000000 },
  ]) {
    const init = (w: Wave) => {
      w.s[126] = 0xffffffff;
      w.s[127] = 0xffffffff;
      for (let l = 0; l < 64; l++) {
        w.v[64 + l] = a();
        w.v[128 + l] = b(l);
        for (let r = 0; r < 4; r++) w.a[r * 64 + l] = c;
      }
    };
    const before = MFMA_SIMD_COUNTS.left;
    const x = runOn('interpreter', code, 'gfx908', init, 0x3f0);
    const y = runOn('jit', code, 'gfx908', init, 0x3f0);
    assert.equal(stateDifference(x, y), '');
    assert.equal(MFMA_SIMD_COUNTS.left, before + 1);
    for (const k of [0, 100, 255]) assert.equal(y.a[k], d);
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

test('64-bit shifts, scalar and vector, agree with the interpreter at every kind of count', () => {
  // Counts 0, 1-31, 32, 33-63 and past 63 (only the low 6 bits count), on values whose high dword has
  // its sign bit set and clear; vector counts uniform (the SIMD recipes) and per lane (the lane loop).
  const counts = ['0', '1', '13', '31', '32', '33', '47', '63', '64', '0x45'];
  const ops = [
    ['s_lshl_b64', 'v_lshlrev_b64'],
    ['s_lshr_b64', 'v_lshrrev_b64'],
    ['s_ashr_i64', 'v_ashrrev_i64'],
  ];
  const r = new Rng(64);
  // Four vector results fit in the compared registers: the counts below 32, then the rest.
  const vectorCounts = [
    ['0', '1', '13', '31'],
    ['32', '33', '63', '-16'],
  ];
  for (const hi of ['0xc0000003', '0x40000003']) {
    for (const [[sop, vop], vcounts] of ops.flatMap((o) => vectorCounts.map((c) => [o, c] as const))) {
      const lines = ['s_mov_b32 s0, 0x89abcdef', `s_mov_b32 s1, ${hi}`, `v_or_b32 v1, ${hi}, v1`];
      // Results in s[40:59], v[4:11] (the compared registers), each count's own.
      lines.push(...counts.map((c, j) => `${sop} s[${40 + 2 * j}:${41 + 2 * j}], s[0:1], ${c}`));
      lines.push(...vcounts.map((c, j) => `${vop} v[${4 + 2 * j}:${5 + 2 * j}], ${c}, v[0:1]`));
      lines.push(`s_mov_b32 s2, ${counts[r.int(counts.length)]}`, `${vop} v[2:3], s2, v[0:1]`);
      lines.push(`${vop} v[0:1], v2, v[0:1]`);
      const text = lines.join('\n');
      const code = assembleText(`${text}\ns_endpgm\n`, 'gfx908');
      for (let k = 0; k < 4; k++) {
        const init = randomInit(r);
        const diff = stateDifference(
          runOn('interpreter', code, 'gfx908', init, 0x3f0),
          runOn('jit', code, 'gfx908', init, 0x3f0),
        );
        assert.equal(diff, '', `${text}\n${diff}`);
      }
    }
  }
});

test('the ops the engine inlines do not call the interpreter', () => {
  const lines = [
    'v_add_f32 v1, s2, v3',
    'v_fma_f32 v1, -v2, |v3|, s4',
    'v_fmac_f32 v1, 1.0, v3',
    'v_cmp_nlt_f32_e64 s[4:5], -v1, v2',
    'v_cmp_gt_u32 vcc, s8, v0',
    'v_add_co_u32 v0, vcc, s0, v0',
    'v_addc_co_u32 v1, vcc, v3, v1, vcc',
    'v_cndmask_b32 v2, v3, v4, vcc',
    'v_lshlrev_b64 v[0:1], 2, v[0:1]',
    'v_lshrrev_b64 v[2:3], v1, v[0:1]',
    'v_ashrrev_i64 v[0:1], 30, v[0:1]',
    's_lshl_b64 s[4:5], s[4:5], 2',
    's_lshr_b64 s[4:5], s[6:7], s8',
    's_ashr_i64 s[4:5], s[4:5], 33',
    'v_mad_u64_u32 v[0:1], s[2:3], v1, s8, v[0:1]',
    'v_accvgpr_write_b32 a1, v2',
    'v_accvgpr_read_b32 v3, a1',
    'v_cvt_f32_u32 v2, v0',
    'v_sqrt_f32 v2, v1',
    'v_max_f32 v2, s1, v2',
    'v_min3_f32 v2, v1, s1, 1.0',
    'v_rcp_f32 v3, s1',
    'v_cmp_class_f32 vcc, v1, v2',
    'v_lshlrev_b32_sdwa v5, v4, v5 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_3',
    'v_add_u32_sdwa v1, sext(v2), s3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0',
    's_and_saveexec_b64 s[2:3], s[0:1]',
    's_add_u32 s0, s0, 4',
    's_cmp_lg_u32 s40, 0',
    's_waitcnt 0',
    'global_load_dword v1, v[2:3], off offset:16',
    'global_load_dwordx4 v[4:7], v2, s[34:35]',
    'global_store_dwordx2 v[2:3], v[4:5], off',
    'ds_write_b32 v1, v2 offset:8',
    'ds_read2_b32 v[2:3], v1 offset0:1 offset1:9',
    'ds_read2st64_b32 v[2:3], v1 offset1:2',
    'ds_read_b128 v[4:7], v1',
    's_load_dwordx4 s[4:7], s[34:35], 0x10',
    's_load_dword s8, s[34:35], s9',
  ];
  const code = assembleText(`${lines.join('\n')}\ns_endpgm\n`, 'gfx908');
  const src = compiledSource(code, 'gfx908', 0x3f0);
  // Only the last instruction (s_endpgm) goes through a handler (the memory ops call theirs only when
  // a lane's access is not within one allocation, to report the fault as the interpreter does).
  const calls = [...src.matchAll(/(?<!if \((?:!ok|R === null)\) \{ w\.pc = [^;]+; )I\[(\d+)\]\.run/g)];
  assert.deepEqual(
    calls.map((m) => Number(m[1])),
    [lines.length],
  );
});

test('global accesses under a full EXEC: one allocation, unaligned lanes, lanes in another 4 GiB page', () => {
  const code = assembleText(
    [
      'v_add_co_u32 v12, vcc, s34, v0',
      'v_mov_b32 v13, s35',
      'v_addc_co_u32 v13, vcc, v13, v1, vcc',
      'global_load_dword v2, v[12:13], off offset:4',
      'global_load_dwordx2 v[4:5], v0, s[34:35]',
      'global_store_dword v[12:13], v2, off offset:1024',
      's_endpgm',
    ].join('\n'),
    'gfx908',
  );
  for (const [skew, far] of [
    [0, -1],
    [1, -1],
    [2, 7],
    [0, 7],
  ]) {
    const init = (w: Wave) => {
      w.s[126] = 0xffffffff;
      w.s[127] = 0xffffffff;
      for (let l = 0; l < 64; l++) {
        w.v[l] = 12 * l + skew;
        w.v[64 + l] = l === far ? 1 : 0;
      }
    };
    const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
    const b = runOn('jit', code, 'gfx908', init, 0x3f0);
    assert.equal(stateDifference(a, b), '', `skew ${skew}, lane ${far} in the next 4 GiB`);
    if (far >= 0) assert.match(a.error, /lane 7: unmapped address/);
    else {
      assert.equal(a.error, '');
      for (const l of [0, 13, 63]) {
        assert.equal(b.v[2 * 64 + l], bufferDword(12 * l + skew + 4));
        assert.equal(b.v[5 * 64 + l], bufferDword(12 * l + skew + 4));
      }
    }
  }
  // Lane 63 below the allocation lane 0 is in (a negative offset), and an offset that makes every
  // aligned lane's address unaligned.
  for (const [line, fault] of [
    ['global_load_dword v8, v9, s[34:35] offset:-12', /lane 63: unmapped address/],
    ['global_load_dword v8, v10, s[34:35] offset:3', null],
  ] as const) {
    const one = assembleText(`${line}\ns_endpgm`, 'gfx908');
    const init = (w: Wave) => {
      w.s[126] = 0xffffffff;
      w.s[127] = 0xffffffff;
      for (let l = 0; l < 64; l++) {
        w.v[9 * 64 + l] = 12 * (63 - l);
        w.v[10 * 64 + l] = 8 * l;
      }
    };
    const a = runOn('interpreter', one, 'gfx908', init, 0x3f0);
    const b = runOn('jit', one, 'gfx908', init, 0x3f0);
    assert.equal(stateDifference(a, b), '', line);
    if (fault !== null) assert.match(a.error, fault);
    else assert.equal(b.v[8 * 64 + 5], bufferDword(43));
  }
});

test('global atomics under a full EXEC agree with the interpreter (every op, lanes sharing dwords, GLC, memory shared with other threads)', () => {
  const r = new Rng(5);
  let runs = 0;
  for (const op of INTEGER_ATOMICS)
    for (const glc of [false, true])
      for (const [skew, shared] of [
        [0, false],
        [2, false],
        [0, true],
        [2, true],
      ] as const) {
        const data = op === 'cmpswap' ? 'v[2:3]' : 'v2';
        const ret = glc ? 'v6, ' : '';
        const tail = ` offset:8${glc ? ' glc' : ''}`;
        const code = assembleText(
          [
            `global_atomic_${op} ${ret}v0, ${data}, s[34:35]${tail}`,
            'v_add_co_u32 v12, vcc, s34, v0',
            'v_mov_b32 v13, s35',
            'v_addc_co_u32 v13, vcc, v13, 0, vcc',
            `global_atomic_${op} ${glc ? 'v7, ' : ''}v[12:13], ${data}, off${tail}`,
            's_endpgm',
          ].join('\n'),
          'gfx908',
        );
        // Seven dwords shared by the 64 lanes (lane order decides what each returns); the data mostly
        // small (inc/dec wrap at it: the values they count reach it), the compare value the dword's
        // first value in half the lanes.
        const v = new Uint32Array(4 * 64);
        for (let l = 0; l < 64; l++) {
          v[l] = (l % 7) * 4 + skew;
          v[2 * 64 + l] = r.int(3) === 0 ? r.int(12) : r.int(2) ? r.int(300) : r.next();
          v[3 * 64 + l] = r.int(2) ? bufferDword((l % 7) * 4 + skew + 8) : r.next();
        }
        const init = (inline: boolean) => (w: Wave) => {
          w.s[126] = 0xffffffff;
          w.s[127] = 0xffffffff;
          w.v.set(v);
          // Shared: the handlers' Atomics path (mem/shared-atomic.ts); the jit's aligned atomics must
          // not reach the handler at all (unaligned ones do, as without sharing).
          const mem = w.ctx.mem;
          mem.concurrent = shared;
          if (inline)
            mem.atomic32 = () => {
              throw new Error('the handler ran');
            };
        };
        const what = `global_atomic_${op}, glc ${glc}, skew ${skew}, shared ${shared}`;
        const a = runOn('interpreter', code, 'gfx908', init(false), 0x3f0);
        const b = runOn('jit', code, 'gfx908', init(shared && skew === 0), 0x3f0);
        assert.equal(stateDifference(a, b), '', what);
        assert.equal(a.error, '');
        runs++;
      }
  assert.equal(runs, 104);
});

test('a region loaded again elsewhere runs the function compiled for it; other words, modes or targets do not', () => {
  const text = 'v_add_f32 v1, s2, v3\ns_cbranch_scc1 1\nv_mul_f32 v1, v1, v1\ns_endpgm\n';
  const at = (code: Uint8Array, base: number, mode: number, target: 'gfx908' | 'gfx900' = 'gfx908') => {
    const p = new Program(code, base, target);
    return new BlockCache(p.base, p.size, undefined, p).get((pc) => p.inst(pc), base, mode);
  };
  const code = assembleText(text, 'gfx908');
  const first = at(code, 0x1000, 0x3f0);
  const again = at(code, 0x7f000, 0x3f0);
  assert.equal(again.code, first.code);
  assert.equal(again.start, 0x7f000);
  assert.notEqual(at(code, 0x1000, 0x300).code, first.code);
  // gfx908's v_fmac_f32 (VOP2 op 0x3b) is another instruction on gfx900.
  const fmac = assembleText('v_fmac_f32 v1, v2, v3\ns_endpgm\n', 'gfx908');
  assert.notEqual(at(fmac, 0x1000, 0x3f0, 'gfx900').code, at(fmac, 0x1000, 0x3f0).code);
  // The same first block with a different instruction after the branch's block: a different region only
  // if the region takes it. By default it does where control only goes forward (all three blocks)...
  const other = assembleText(text.replace('v_mul_f32 v1, v1, v1', 'v_sub_f32 v1, v1, v1'), 'gfx908');
  assert.equal(first.insts.length, 5);
  assert.notEqual(at(other, 0x2000, 0x3f0).code, first.code);
  // ...and in a loop (a later branch back to the block) the loop's blocks and nothing after its last
  // branch back: the words after it do not change the function, the loop's do.
  const loop = (op: string, after: string) =>
    assembleText(
      `L:\nv_add_f32 v1, s2, v3\ns_cbranch_scc1 1\n${op} v1, v1, v1\ns_cbranch_vccnz L\n${after}\ns_endpgm\n`,
      'gfx908',
    );
  const inLoop = at(loop('v_mul_f32', 'v_mov_b32 v0, 1'), 0x1000, 0x3f0);
  assert.equal(inLoop.insts.length, 4);
  assert.equal(at(loop('v_mul_f32', 'v_mov_b32 v0, 2'), 0x2000, 0x3f0).code, inLoop.code);
  assert.notEqual(at(loop('v_sub_f32', 'v_mov_b32 v0, 1'), 0x2000, 0x3f0).code, inLoop.code);
  const changed = assembleText(text.replace('v_add_f32 v1, s2, v3', 'v_add_f32 v1, s2, v4'), 'gfx908');
  assert.notEqual(at(changed, 0x1000, 0x3f0).code, first.code);
  // Regions of several blocks take the second block's words into the key.
  const four = (c: Uint8Array) => {
    const p = new Program(c, 0x3000, 'gfx908');
    return new BlockCache(p.base, p.size, 4, p).get((pc) => p.inst(pc), 0x3000, 0x3f0);
  };
  assert.equal(four(code).insts.length, 5);
  assert.notEqual(four(other).code, four(code).code);
  assert.equal(four(Uint8Array.from(code)).code, four(code).code);
});

test('where code generation is forbidden (CSP without unsafe-eval), the engine runs on the interpreter', () => {
  const r = spawnSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', ...nodeTs('test/fixtures/jit/no-eval-run.ts')],
    { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const [jit, interp] = JSON.parse(r.stdout) as { wave: number; lane: number; sum: number }[];
  assert.deepEqual({ ...jit, engine: '' }, { ...interp, engine: '' });
  assert.equal(jit.sum, 1.5 * ((999 * 1000) / 2));
});
