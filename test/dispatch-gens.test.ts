// The dispatcher's set-up per generation, from the processor records: user SGPRs as each generation's
// "Initial Kernel Execution State" has them (flat scratch init: none on gfx6, offset + size on gfx7/gfx8,
// an address on gfx9), FLAT_SCRATCH where the generation keeps it, the LDS size, the VGPR granule and
// the AGPR file. Descriptors are the ones llvm-mc-22 builds (test/fixtures/targets/objects.json.gz, kernel
// k1: every user SGPR, workgroup ids y/z, workgroup info and the wavefront offset enabled).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { CLANG_TARGETS, type TargetObjectCase } from '../scripts/gen-target-fixtures.js';
import { CodeObject } from '../src/elf/code-object.js';
import { decodeKernelDescriptor, type KernelDescriptor } from '../src/elf/kernel-descriptor.js';
import { ElfFile } from '../src/elf/reader.js';
import { scratchBase } from '../src/emu/mem/scratch.js';
import { DeviceMemory } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import { Wave, Workgroup } from '../src/emu/wave.js';
import { type DispatchSetup, initWave, type KernelSetup, runDispatch } from '../src/gpu/dispatch.js';
import { DispatchError } from '../src/gpu/dispatch-error.js';
import { processorOf } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';

const CASES: TargetObjectCase[] = JSON.parse(
  gunzipSync(readFileSync(new URL('./fixtures/targets/objects.json.gz', import.meta.url))).toString('utf8'),
);

/** Kernel k0 (defaults) or k1 (everything enabled) of the fixture object for `mcpu`. */
function descriptor(mcpu: string, k: 0 | 1): KernelDescriptor {
  const c = CASES.find((x) => x.mcpu === mcpu && x.cov === 5 && x.mattr === '');
  assert.ok(c, mcpu);
  const elf = ElfFile.parse(new Uint8Array(Buffer.from(c.object, 'hex')), 'k.o');
  const rodata = elf.sections.find((s) => s.name === '.rodata');
  assert.ok(rodata);
  return decodeKernelDescriptor(elf.contents(rodata), 64 * k);
}

const PRIVATE = 272;
const SCRATCH = 0x7f00_1234_5000;
const WAVE_OFFSET = 0x4000;

function setup(mcpu: Target, k: 0 | 1): { kernel: KernelSetup; d: DispatchSetup } {
  const kernel: KernelSetup = {
    name: 'k1',
    entry: 0x1000,
    descriptor: descriptor(mcpu, k),
    processor: processorOf(mcpu),
    privateSize: PRIVATE,
    groupSize: 4096,
  };
  const d: DispatchSetup = {
    grid: [64, 1, 1],
    block: [64, 1, 1],
    dims: 1,
    kernarg: 0x7f00_0000_2000,
    packet: 0x7f00_0000_3000,
    queue: 0x7f00_0000_4000,
    dispatchId: 7,
    limits: { budget: 1000, timeout: 0, progressInterval: 1 },
  };
  return { kernel, d };
}

/** The first 24 SGPRs and FLAT_SCRATCH (both places it may be) of wave 0 of workgroup (0, 2, 3). */
function initial(mcpu: Target): Uint32Array {
  const { kernel, d } = setup(mcpu, 1);
  const w = new Wave(processorOf(mcpu).agprs > 0);
  const wg = new Workgroup();
  wg.id.set([0, 2, 3]);
  initWave(w, kernel, d, wg, 0, 1, 64, [64, 1, 1], SCRATCH, WAVE_OFFSET);
  return w.s;
}

const lo = (v: number) => v >>> 0;
const hi = (v: number) => Math.floor(v / 2 ** 32) >>> 0;

test('user and system SGPRs per generation: flat scratch init is absent, offset+size or an address', () => {
  // s[0:3] V#, s[4:5] dispatch ptr, s[6:7] queue, s[8:9] kernarg, s[10:11] dispatch id,
  // s[12:13] flat scratch init, s14 private segment size; then wg id x, y, z, info, wave offset.
  const common = (s: Uint32Array) => {
    assert.equal(s[0], lo(SCRATCH));
    assert.equal(s[4], lo(0x7f00_0000_3000));
    assert.equal(s[8], lo(0x7f00_0000_2000));
    assert.equal(s[9], hi(0x7f00_0000_2000));
    assert.equal(s[10], 7);
    assert.equal(s[14], PRIVATE);
    assert.deepEqual([...s.subarray(15, 20)], [0, 2, 3, ((1 << 31) | 1) >>> 0, WAVE_OFFSET]);
  };
  const g6 = initial('gfx600');
  common(g6);
  assert.deepEqual([...g6.subarray(12, 14)], [0, 0], 'gfx6: no flat scratch, the SGPRs stay zero');
  assert.deepEqual([...g6.subarray(102, 106)], [0, 0, 0, 0], 'gfx6: no FLAT_SCRATCH register');
  for (const t of ['gfx700', 'gfx803'] as const) {
    const s = initial(t);
    common(s);
    assert.deepEqual([...s.subarray(12, 14)], [0, PRIVATE], `${t}: offset from the private base, size`);
    // The prologue's result: FLAT_SCRATCH_HI = offset >> 8, FLAT_SCRATCH_LO = size (gfx7 at 104, gfx8 at 102).
    const at = t === 'gfx700' ? 104 : 102;
    assert.deepEqual([...s.subarray(at, at + 2)], [PRIVATE, WAVE_OFFSET >>> 8], t);
  }
  const g9 = initial('gfx900');
  common(g9);
  assert.deepEqual([...g9.subarray(12, 14)], [lo(SCRATCH), hi(SCRATCH)]);
  assert.deepEqual([...g9.subarray(102, 104)], [lo(SCRATCH + WAVE_OFFSET), hi(SCRATCH + WAVE_OFFSET)]);
});

test('LDS: a workgroup has 32 KiB on gfx6, 64 KiB from gfx7', () => {
  const mem = new DeviceMemory();
  const program = new Program(new Uint8Array(16), 0x1000, 'gfx600');
  const stats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
  const { kernel, d } = setup('gfx600', 0);
  assert.throws(
    () => runDispatch(mem, program, { ...kernel, groupSize: 32769 }, d, stats),
    (e: unknown) =>
      e instanceof DispatchError && /32769 bytes of LDS; a workgroup has 32768 on gfx600/.test(e.message),
  );
  const k7 = setup('gfx700', 0).kernel;
  assert.throws(
    () =>
      runDispatch(
        mem,
        new Program(new Uint8Array(16), 0x1000, 'gfx700'),
        { ...k7, groupSize: 65537 },
        d,
        stats,
      ),
    /a workgroup has 65536 on gfx700/,
  );
});

test('register files from the record: AGPRs with MFMA only, VGPRs in the granule of 4', () => {
  for (const t of ['gfx600', 'gfx700', 'gfx803', 'gfx900', 'gfx906'] as const)
    assert.equal(processorOf(t).agprs, 0);
  assert.equal(processorOf('gfx908').agprs, 256);
  for (const t of ['gfx600', 'gfx803', 'gfx908'] as const) {
    const p = processorOf(t);
    assert.equal(p.vgprAllocGranule, 4);
    assert.equal(p.sgprAllocGranule, p.generation === 'gfx9' ? 16 : 8);
    assert.equal(p.sgprs, p.generation === 'gfx6' ? 104 : 102);
  }
  assert.equal(processorOf('gfx802').sgprs, 96, 'FeatureSGPRInitBug');
});

test('gfx7/gfx8 scratch: FLAT_SCRATCH as set up counts from the private base to the wave scratch', () => {
  for (const t of ['gfx700', 'gfx803'] as const) {
    const p = processorOf(t);
    const { kernel, d } = setup(t, 1);
    const w = new Wave(false);
    initWave(w, kernel, d, new Workgroup(), 0, 1, 64, [64, 1, 1], SCRATCH, WAVE_OFFSET);
    w.ctx = { flatScratch: { sgpr: p.flatScratchSgpr, privateBase: SCRATCH } } as Wave['ctx'];
    assert.equal(scratchBase(w), SCRATCH + WAVE_OFFSET, t);
  }
});

for (const cpu of CLANG_TARGETS)
  test(`clang-22's ${cpu} kernel runs through the dispatcher: private array, LDS, barrier`, () => {
    const co = CodeObject.load(
      new Uint8Array(readFileSync(new URL(`./fixtures/targets/kernel-${cpu}.hsaco`, import.meta.url))),
      'k.hsaco',
    );
    const mem = new DeviceMemory();
    const base = mem.alloc(Math.max(co.imageSize, 4), 0x1000);
    const image = co.loadImage(BigInt(base));
    mem.upload(base, image);
    const out = mem.alloc(512, 256);
    const kernarg = mem.alloc(64, 64);
    const args = new DataView(new ArrayBuffer(16));
    const n = 3;
    args.setBigUint64(0, BigInt(out), true);
    args.setInt32(8, n, true);
    mem.upload(kernarg, new Uint8Array(args.buffer));
    const k = co.kernels[0];
    const stats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
    runDispatch(
      mem,
      new Program(image, base, cpu),
      {
        name: 'k',
        entry: base + k.codeAddress,
        descriptor: k.descriptor,
        processor: processorOf(cpu),
        privateSize: k.descriptor.privateSegmentFixedSize,
        groupSize: k.descriptor.groupSegmentFixedSize,
      },
      { ...setup(cpu, 0).d, grid: [128, 1, 1], kernarg },
      stats,
    );
    // kernel.cl: lds[x] = a[(x + n) % 40] with a[i] = i * n + x; out[wg * 64 + x] = lds[x + 1] (0 past the end).
    const got = new Int32Array(mem.download(out, 512).slice().buffer);
    const want = Array.from({ length: 128 }, (_, i) => {
      const x = i % 64;
      return x === 63 ? 0 : ((x + 1 + n) % 40) * n + x + 1;
    });
    assert.deepEqual([...got], want);
    assert.equal(stats.workgroups, 2);
  });
