// Hermetic fuzz of the emulator's execution path (scripts/fuzz-emu.ts has the generators and long runs):
// random and table-built instruction streams on randomly seeded waves must end in completion, the
// instruction limit, an ExecError or a memory fault, never another exception, an out-of-range register
// access or a broken wave invariant; random kernels must fail, if at all, with a one-line DispatchError
// that is not an "internal error". Then one regression test per bug the fuzzer found. `npm test` runs
// 400 programs per target and 50 kernels, the slow tier 1,500 and 150.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FuzzStats, fuzz, fuzzDispatch, replay, strictArray, violations } from '../scripts/fuzz-emu.js';
import { ExecError } from '../src/emu/inst.js';
import { TARGETS, type Target } from '../src/isa/targets.js';
import { tier } from './helpers/tier.js';
import { runWave } from './helpers/wave-asm.js';

const PROGRAMS = tier(200, 1500);
const KERNELS = tier(25, 150);

const runs = new Map<Target, FuzzStats>();
function stats(t: Target): FuzzStats {
  let st = runs.get(t);
  if (st === undefined) {
    st = fuzz({ count: PROGRAMS, seed: 20261126, targets: [t], strictShare: 0.2, len: 16, maxBugs: 1000 });
    runs.set(t, st);
  }
  return st;
}

const show = (b: FuzzStats['bugs'][number]): string =>
  `${b.target} state-seed=${b.seed}${b.resume ? ' resume' : ''} [${b.words}] at '${b.inst}': ${b.message}`;

for (const t of TARGETS) {
  test(`fuzz-emu ${t}: every program ends in completion, an ExecError or a fault`, () => {
    const st = stats(t);
    const bugs = st.bugs.map(show);
    assert.deepEqual(bugs, []);
    // The generators must reach execution, not just the loader's rejection of invalid words.
    assert.ok(
      st.instructions > 3 * st.programs,
      `${st.instructions} instructions in ${st.programs} programs`,
    );
    assert.ok(st.outcomes.done > st.programs / 20, JSON.stringify(st.outcomes));
  });
}

test('fuzz-emu: random kernels fail with one-line DispatchErrors, never internal errors', async () => {
  const d = await fuzzDispatch(KERNELS, 7);
  assert.deepEqual(d.bugs, []);
  assert.equal(d.dispatches, KERNELS);
  assert.ok(d.ok > KERNELS / 8 && d.reports > KERNELS / 8, JSON.stringify({ ok: d.ok, reports: d.reports }));
});

test('fuzz-emu: the strict harness notices register accesses outside the files', () => {
  // A register file proxy records what a plain typed array would silently turn into undefined or drop.
  const s = strictArray(new Uint32Array(128), 's');
  violations.length = 0;
  s[5] = 7;
  s.fill(1, 0, 4);
  assert.equal(s.subarray(4, 6)[1], 7);
  assert.deepEqual(violations, []);
  void s[128];
  s[-1] = 0;
  assert.deepEqual(violations, ['read of s[128] (length 128)', 'write of s[-1] (length 128)']);
  violations.length = 0;
  // And a clean program replays as such (the form in which the script prints its findings).
  assert.equal(replay('gfx908', '7e000301 bf810000', 1).kind, 'done');
});

// ---------------------------------------------------------------------------------------------------
// Regressions (each once crashed or corrupted state; the words are what the fuzzer found, minimised)

function execError(source: string, re: RegExp, setup?: Parameters<typeof runWave>[1]): void {
  assert.throws(
    () => runWave(source, setup),
    (e: unknown) => e instanceof ExecError && re.test(e.message),
  );
}

test('regression: scalar sources that name nothing (lds_direct, reserved codes) are ExecErrors', () => {
  // s_mov_b32 s0, src_lds_direct / code 230: readScalar32 threw a plain Error ("not a constant").
  execError('.long 0xbe8000fe', /operand code 254 \(lds_direct\) cannot be read as a 32-bit source/);
  execError('.long 0xbe8000e6', /operand code 230 cannot be read/);
  // s_andn1_wrexec_b64 s[22:23], code 230 (a 64-bit source, readScalar64).
  execError('.long 0xbe9635e6', /operand code 230 cannot be read as a 64-bit source/);
  // v_readfirstlane_b32 s1, src_lds_direct (VALU special path).
  execError('.long 0x7e0204fe', /operand code 254/);
  // buffer_store_dword v1, v0, s[4:7], src_lds_direct offen: the soffset read.
  execError('.long 0xe0701000, 0xfe010100', /operand code 254/, (w) => {
    w.s[4] = 0;
    w.s[5] = 0;
    w.s[6] = 64;
    w.s[7] = 0x27000;
  });
});

test('regression: s_setpc_b64 to an address above 2^53 keeps the pc exact (48 bits) and stops cleanly', () => {
  // The pc was hi * 2^32 + lo as a double: 0xffff8000_00001004 is not exactly representable.
  execError('s_setpc_b64 s[0:1]', /program counter 0x800000001004 is outside/, (w) => {
    w.s[0] = 0x1004;
    w.s[1] = 0xffff8000;
  });
});

test('regression: SMEM loads, stores and atomics whose data runs past s127 are ExecErrors', () => {
  // s_atomic_cmpswap_x2 null, s[4:5], 0x0 glc read s[128:129]; s_store_dwordx4 null, ... read s[128].
  execError('.long 0xc2871f42, 0x0', /data SGPRs of s_atomic_cmpswap_x2 .* run past s127/);
  execError('.long 0xc04b1f42, 0x0', /data SGPRs of s_store_dwordx4 .* run past s127/);
  // s_load_dwordx4 null, s[4:5], 0x0 dropped the dwords past s127 without a word.
  execError('.long 0xc00a1f42, 0x0', /data SGPRs of s_load_dwordx4 .* run past s127/);
  // A tuple ending at s127 is fine: s_atomic_add exec_hi, s[4:5] (into an unmapped address: a fault).
  execError('.long 0xc20b1fc2, 0x0', /unmapped address 0x0 \(4-byte atomic\)/);
});

test('regression: v_swap_b32 with an SGPR in its src0 field is an ExecError, not v[-248]', () => {
  // v_swap_b32 v1, s8 read and wrote w.v[(8 - 256) * 64 + lane].
  execError('.long 0x7e02a208', /v_swap_b32 needs a VGPR source, not operand code 8/);
  const r = runWave('v_swap_b32 v1, v2', (w) => {
    w.v[64] = 1;
    w.v[128] = 2;
  });
  assert.deepEqual([r.wave.v[64], r.wave.v[128]], [2, 1]);
});

test('regression: VALU sources without a value (lds_direct, reserved codes) stop instead of reading 0', () => {
  // v_mov_b32_e32 v1, src_lds_direct / src_flat_scratch_base_lo wrote 0 to every lane without a word.
  execError('.long 0x7e0202fe', /operand code 254 \(lds_direct\) is not modelled as a VALU source/);
  execError('.long 0x7e0202e6', /operand code 230 is not modelled as a VALU source/);
  // The other scalar sources still read: v_mov_b32 v1, src_pops_exiting_wave_id (0), v_mov_b32 v1, s0.
  const r = runWave('.long 0x7e0202ef\nv_mov_b32 v2, s0', (w) => {
    w.v[64] = 5;
    w.s[0] = 9;
  });
  assert.deepEqual([r.wave.v[64], r.wave.v[128]], [0, 9]);
});

test('regression: a private segment too large to back is a DispatchError or memory-limit LaunchError, not a RangeError', async () => {
  const { Device, DispatchError, LaunchError } = await import('../src/runtime/device.js');
  const { kernelObject } = await import('./helpers/kernel-asm.js');
  const dev = new Device({ memoryLimit: Number.POSITIVE_INFINITY });
  const mod = dev.load(
    kernelObject('big', 'v_mov_b32 v1, 0', { kd: '.amdhsa_private_segment_fixed_size 100000000' }),
  );
  assert.throws(
    () => mod.launch('big', { grid: [1024], block: [1024], args: [] }),
    (e: unknown) =>
      e instanceof DispatchError &&
      /kernel 'big' needs 100000000 bytes of private memory per work-item .*cannot allocate/.test(e.message),
  );
  // Within the default memoryLimit it is the dispatcher's report; past it, the launch's.
  assert.throws(
    () => new Device().load(mod.code.elf.bytes).launch('big', { grid: [1024], block: [1024], args: [] }),
    (e: unknown) =>
      e instanceof LaunchError && e.code === 'memory-limit' && /needs 100000000 bytes/.test(e.message),
  );
});

test('DS and MUBUF register tuples past v255 stop with an error instead of touching other registers', () => {
  // The assembler rejects these tuples, so they are the fuzzer's words.
  execError('.long 0xd8d20000, 0x0000ff00', /data0 runs past v255 in ds_and_rtn_b64/);
  execError('.long 0xd8c000f8, 0xff00f900', /the destination runs past v255 in ds_add_rtn_u64/);
  execError('.long 0xd8a00098, 0x0000ff00', /data0 runs past v255 in ds_cmpst_b64/);
  execError('.long 0xe05035e0, 0x800300ff', /the address runs past v255 in buffer_load_dword/);
  execError('.long 0xe07c0ea3, 0x6a02fe01', /the data runs past v255 in buffer_store_dwordx4/);
  execError('.long 0xe0543a40, 0x8000ff04', /the data runs past v255 in buffer_load_dwordx2/);
});
