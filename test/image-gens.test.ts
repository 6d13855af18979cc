// MIMG execution on gfx6, gfx7 and gfx8 (through the emulator's Program, below the CLI's target gate):
// the per-generation opcodes (gfx6/7 number the atomics one lower than gfx8/9, CLRX GcnInstrsMimg.md),
// the 128-bit resource of r128 (gfx6-8, CLRX: "Image resource size = 128 bits"), the last array index in
// the T#'s last-array field (gfx6-8), and d16 data unpacked on gfx80x (one 16-bit value per VGPR, LLVM's
// FeatureUnpackedD16VMem) and packed on gfx810; T#s built by hand in the gfx6-8 layout of Mesa's sid.h
// (test/helpers/image-desc.ts tsharpSI: pitch, base and last array, tiling index 8) for image_load,
// image_get_resinfo and image_gather4_lz, and the same words read otherwise by gfx9.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inst } from '../src/emu/inst.js';
import { decodeMimg } from '../src/emu/mem/image.js';
import { imageOp } from '../src/emu/mem/image-ops.js';
import { DeviceMemory } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import { EXEC_HI, EXEC_LO, Wave, Workgroup } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { bits, f32, setS, ssharp, tsharp, tsharpSI } from './helpers/image-desc.js';
import { assembleText, setV, vreg } from './helpers/wave-asm.js';

/**
 * Runs the instructions of `source` once each on a fresh wave of `target`, without the s_endpgm that
 * runWave appends (the gfx6-8 scalar assembler and emulator are another engineer's work in progress):
 * the wave stops when its pc leaves the code.
 */
function runWave(
  source: string,
  setup: (w: Wave, mem: DeviceMemory) => void,
  opts: { mem: DeviceMemory; target: Target },
): { wave: Wave } {
  const code = assembleText(source, opts.target);
  const mem = opts.mem;
  const base = mem.alloc(code.length + 64, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, opts.target);
  const w = new Wave(false);
  w.wg = new Workgroup();
  w.ctx = { mem, kernel: 'test', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  w.s[EXEC_LO] = 0xffffffff;
  w.s[EXEC_HI] = 0xffffffff;
  w.pc = base;
  setup(w, mem);
  while (w.pc < base + code.length) {
    const i = program.inst(w.pc);
    i.run(w, i);
  }
  return { wave: w };
}
const GFX6_ONLY: Record<number, string> = {
  19: 'image_atomic_rsub',
  29: 'image_atomic_fcmpswap',
  30: 'image_atomic_fmin',
  31: 'image_atomic_fmax',
};

/** Runs machine words through decodeMimg and each instruction's handler, one after the other. */
function runDecoded(
  words: number[],
  setup: (w: Wave, mem: DeviceMemory) => void,
  opts: { mem: DeviceMemory; target: Target },
): { wave: Wave } {
  const w = new Wave(false);
  w.ctx = { mem: opts.mem, kernel: 'test', inst: () => new Inst(), startNs: 0, clock: 0 };
  w.s[EXEC_LO] = 0xffffffff;
  w.s[EXEC_HI] = 0xffffffff;
  setup(w, opts.mem);
  const u = Uint32Array.from(words);
  for (let at = 0; at < u.length; at += 2) {
    const i = new Inst();
    if (decodeMimg(u, at, u.length, i, opts.target) === 0) {
      // The codec does not decode this gfx6/7 op yet: decode the same fields as gfx9's image_atomic_add
      // (opcode 18) and give the instruction the op its gfx6 opcode names.
      const name = GFX6_ONLY[(u[at]! >>> 18) & 0x7f]!;
      const w9 = Uint32Array.from([(u[at]! & ~(0x7f << 18)) | (18 << 18), u[at + 1]!]);
      assert.equal(decodeMimg(w9, 0, 2, i, 'gfx900'), 2);
      i.name = name;
      i.op = imageOp(name);
      i.fn = 'gfx6';
    }
    i.run(w, i);
  }
  return { wave: w };
}

const GENS = ['gfx600', 'gfx700', 'gfx803', 'gfx810'] as const;

test('gfx6/7/8: image_load, image_atomic_add (its per-generation opcode), image_sample_lz', () => {
  for (const target of GENS) {
    const mem = new DeviceMemory();
    const base = mem.alloc(1024, 256);
    for (let k = 0; k < 64; k++) mem.write32(base + 4 * k, 10 * k);
    const fbase = mem.alloc(1024, 256);
    for (let k = 0; k < 16; k++) mem.writeF32(fbase + 4 * k, k);
    const { wave } = runWave(
      [
        'image_load v10, v0, s[8:15] dmask:0x1 unorm',
        'image_atomic_add v11, v0, s[8:15] dmask:0x1 unorm glc',
        'image_load v12, v0, s[8:15] dmask:0x1 unorm',
        'image_sample_lz v13, v[1:2], s[16:23], s[24:27] dmask:0x1',
      ].join('\n'),
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 64, type: 8 }));
        setS(w, 16, tsharp({ base: fbase, dfmt: 4, nfmt: 7, width: 4, height: 4 }));
        setS(w, 24, ssharp({ clamp: 2, mag: 1, min: 1 }));
        setV(w, 0, (l) => l);
        setV(w, 11, () => 3);
        setV(w, 1, (l) => bits(((l & 3) + 1) / 4));
        setV(w, 2, () => bits(0.5 / 4));
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(vreg(wave, 10, l), 10 * l, `${target} load`);
      assert.equal(vreg(wave, 11, l), 10 * l, `${target} atomic returns the old value`);
      assert.equal(vreg(wave, 12, l), 10 * l + 3, `${target} atomic added`);
      // Bilinear between texels x and x+1 of row 0, weight 0.5: x + 0.5, clamped at the edge.
      const x = (l & 3) + 1;
      assert.equal(f32(vreg(wave, 13, l)), x < 4 ? Math.min(x - 0.5, 3) : 3, `${target} sample lane ${l}`);
    }
  }
});

test('gfx6-8: r128 reads a 4-dword T# (the upper dwords as zero); arrays take their slices from the last-array field', () => {
  for (const target of ['gfx700', 'gfx803'] as const) {
    const mem = new DeviceMemory();
    const base = mem.alloc(4096, 256);
    for (let k = 0; k < 256; k++) mem.write32(base + 4 * k, k);
    const { wave } = runWave(
      // image_load v10, v[0:1], s[8:15] dmask:0x1 unorm r128 (llvm-mc's bytes; gcnkit's assembler has no r128 yet)
      `.long 0xf0009100, 0x00020a00\nimage_load v11, v[0:2], s[16:23] dmask:0x1 unorm da`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 4, nfmt: 4, width: 8, height: 8 }));
        w.s[12] = 0xffffffff; // dwords 4-7 are not part of a 128-bit resource
        setS(w, 16, tsharp({ base, dfmt: 4, nfmt: 4, width: 4, height: 4, type: 13 }));
        w.s[21] = 2 << 13; // slices 0..2
        setV(w, 0, (l) => l & 7);
        setV(w, 1, (l) => l >> 3);
        setV(w, 2, (l) => l >> 4);
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(vreg(wave, 10, l), (l >> 3) * 8 + (l & 7), `${target} r128`);
      const [x, y, s] = [l & 7, (l >> 3) & 7, l >> 4];
      assert.equal(
        vreg(wave, 11, l),
        x < 4 && y < 4 && s < 3 ? (s * 4 + y) * 4 + x : 0,
        `${target} array lane ${l}`,
      );
    }
  }
});

test('d16: gfx803 returns one 16-bit value per VGPR, gfx810 packs two', () => {
  for (const target of ['gfx803', 'gfx810'] as const) {
    const mem = new DeviceMemory();
    const base = mem.alloc(1024, 256);
    for (let k = 0; k < 128; k++) mem.write16(base + 2 * k, 1000 + k);
    // image_load v[10:11] (gfx803) / v10 (gfx810), v0, s[8:15] dmask:0x3 unorm d16: LLVM's encoding, the
    // same bytes on both (the data width is what differs).
    const { wave } = runWave(
      `.long 0xf0001300, 0x80020a00`,
      (w) => {
        setS(w, 8, tsharp({ base, dfmt: 5, nfmt: 4, width: 64, type: 8 }));
        setV(w, 0, (l) => l);
        setV(w, 11, () => 0xdead);
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) {
      const [r, g] = [1000 + 2 * l, 1001 + 2 * l];
      if (target === 'gfx803') assert.deepEqual([vreg(wave, 10, l), vreg(wave, 11, l)], [r, g]);
      else assert.deepEqual([vreg(wave, 10, l), vreg(wave, 11, l)], [(r | (g << 16)) >>> 0, 0xdead]);
    }
  }
});

test('gfx6/7 only: image_atomic_rsub, image_atomic_fcmpswap, image_atomic_fmin, image_atomic_fmax', () => {
  for (const target of ['gfx600', 'gfx700'] as const) {
    const mem = new DeviceMemory();
    const base = mem.alloc(1024, 256);
    const init = (k: number) => k - 20;
    const { wave } = runDecoded(
      // llvm-mc-22's bytes of image_atomic_rsub v10, v0, s[8:15] dmask:0x1 unorm glc;
      // image_atomic_fmin v11, v0, s[16:23] ...; image_atomic_fmax v12, v0, s[24:31] ...;
      // image_atomic_fcmpswap v[14:15], v0, s[32:39] dmask:0x3 ... (gcnkit's assembler and printer do
      // not take these gfx6/7-only ops yet, so they run straight through the MIMG execution handlers).
      [0xf04c3100, 0x00020a00, 0xf0783100, 0x00040b00, 0xf07c3100, 0x00060c00, 0xf0743300, 0x00080e00],
      (w, m) => {
        for (const [r, off] of [
          [8, 0],
          [16, 256],
          [24, 512],
          [32, 768],
        ] as const) {
          setS(w, r, tsharp({ base: base + off, dfmt: 4, nfmt: off ? 7 : 4, width: 64, type: 8 }));
          for (let k = 0; k < 64; k++) {
            if (off) m.writeF32(base + off + 4 * k, init(k));
            else m.write32(base + 4 * k, 5 * k);
          }
        }
        setV(w, 0, (l) => l);
        setV(w, 10, (l) => 1000 + l);
        setV(w, 11, (l) => bits(l % 3 === 0 ? Number.NaN : 10 - l));
        setV(w, 12, (l) => bits(10 - l));
        setV(w, 14, () => bits(0.5));
        setV(w, 15, (l) => bits(l & 1 ? init(l) : 99));
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(mem.read32(base + 4 * l), 1000 + l - 5 * l, `${target} rsub`);
      assert.equal(vreg(wave, 10, l), 5 * l);
      const v = 10 - l;
      const old = init(l);
      assert.equal(
        mem.readF32(base + 256 + 4 * l),
        l % 3 === 0 ? old : Math.min(v, old),
        `${target} fmin ${l}`,
      );
      assert.equal(f32(vreg(wave, 11, l)), old);
      assert.equal(mem.readF32(base + 512 + 4 * l), Math.max(v, old), `${target} fmax ${l}`);
      assert.equal(mem.readF32(base + 768 + 4 * l), l & 1 ? 0.5 : old, `${target} fcmpswap ${l}`);
      assert.equal(f32(vreg(wave, 14, l)), old);
    }
  }
});

test('a hand-built gfx6-8 T# (sid.h layout): pitch, base array, LAST_ARRAY and tiling index 8; gfx9 reads the same words otherwise', () => {
  // A 4x3 view with rows 6 texels apart, slices 1..2 (base array 1, last array 2: absolute indices) of
  // an array stored as 4 slices of 6x3 (R32 uint).
  const desc = (base: number, tiling: number) =>
    tsharpSI({
      base,
      dfmt: 4,
      nfmt: 4,
      width: 4,
      height: 3,
      pitch: 6,
      type: 13,
      tiling,
      depth: 2, // last slice 1 by the depth field: gfx6-8 do not read an array's slices from it, gfx9 does
      baseArray: 1,
      lastArray: 2,
    });
  const src = [
    'image_load v10, v[0:2], s[8:15] dmask:0x1 unorm da',
    'image_get_resinfo v[12:15], v3, s[8:15] dmask:0xf unorm da',
  ].join('\n');
  const run = (target: Target, tiling: number) => {
    const mem = new DeviceMemory();
    const base = mem.alloc(6 * 3 * 4 * 4, 256);
    for (let k = 0; k < 6 * 3 * 4; k++) mem.write32(base + 4 * k, 100 + k);
    return runWave(
      src,
      (w) => {
        setS(w, 8, desc(base, tiling));
        setV(w, 0, (l) => l & 3);
        setV(w, 1, (l) => (l >> 2) & 3);
        setV(w, 2, (l) => l >> 4);
        setV(w, 3, () => 0);
      },
      { mem, target },
    ).wave;
  };
  const check = (wave: Wave, target: string, slices: number) => {
    for (let l = 0; l < 64; l++) {
      const [x, y, s] = [l & 3, (l >> 2) & 3, l >> 4];
      // Slice s of the view is stored slice 1 + s; y = 3 and s >= slices are outside the view.
      const want = y < 3 && s < slices ? 100 + ((1 + s) * 3 + y) * 6 + x : 0;
      assert.equal(vreg(wave, 10, l), want, `${target} lane ${l}`);
      assert.deepEqual(
        [12, 13, 14, 15].map((r) => vreg(wave, r, l)),
        [4, 3, slices, 1],
        `${target} resinfo`,
      );
    }
  };
  for (const target of ['gfx600', 'gfx700', 'gfx803'] as const) check(run(target, 8), target, 2);
  // On gfx9 [120:116]'s 8 is a tiled swizzle mode, and the last slice is the depth field's (1).
  assert.throws(() => run('gfx900', 8), /image_load: tiled images are not modelled \(tiling index 8;/);
  check(run('gfx900', 0), 'gfx900', 1);
});

test('gfx6-8: image_gather4_lz with an S# (wrap) and a sid.h-layout T#: the 2x2 footprint (i0,j1) (i1,j1) (i1,j0) (i0,j0)', () => {
  const W = 4;
  for (const target of ['gfx600', 'gfx700', 'gfx803'] as const) {
    const mem = new DeviceMemory();
    const base = mem.alloc(W * W * 4, 256);
    for (let k = 0; k < W * W; k++) mem.writeF32(base + 4 * k, 10 * k);
    const { wave } = runWave(
      'image_gather4_lz v[10:13], v[0:1], s[8:15], s[16:19] dmask:0x1',
      (w) => {
        setS(w, 8, tsharpSI({ base, dfmt: 4, nfmt: 7, width: W, height: W, tiling: 8 }));
        setS(w, 16, ssharp({ clamp: 0 }));
        // (x + 0.75, y + 0.25) texels: the footprint is columns x, x+1 and rows y-1, y.
        setV(w, 0, (l) => bits(((l & 3) + 0.75) / W));
        setV(w, 1, (l) => bits((((l >> 2) & 3) + 0.25) / W));
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) {
      const [i0, j1] = [l & 3, (l >> 2) & 3];
      const [i1, j0] = [(i0 + 1) % W, (j1 - 1 + W) % W];
      const want = [
        [i0, j1],
        [i1, j1],
        [i1, j0],
        [i0, j0],
      ].map(([x, y]) => 10 * (y! * W + x!));
      assert.deepEqual(
        [10, 11, 12, 13].map((r) => f32(vreg(wave, r, l))),
        want,
        `${target} lane ${l}`,
      );
    }
  }
});
