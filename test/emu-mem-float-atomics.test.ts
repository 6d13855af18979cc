// The float atomics of gfx6/gfx7 in assembly text: buffer_atomic_fcmpswap/fmin/fmax and their _x2 forms
// (gfx600, gfx700), flat_atomic_* (gfx700, device memory and LDS through the shared aperture), and gfx6's
// buffer_wbinvl1_sc, and the 64-bit (double) forms of image_atomic_fcmpswap/fmin/fmax (CLRX's
// GcnInstrsMimg.md: a 64-bit texel format makes them double operations). The reference is written from CLRX's GcnInstrsMubuf.md / GcnInstrsFlat.md
// pseudo-code (fcmpswap: store the low data when the memory equals the compare value that follows it, as
// floats; fmin/fmax: MIN/MAX of memory and data; GLC returns the old value), with gcnkit's reading for
// what CLRX leaves open (src/emu/mem/float-atomic.ts): a NaN loses to a number and -0 is below +0.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import type { DeviceMemory } from '../src/emu/memory.js';
import { SHARED_APERTURE_HI } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { setS, tsharp } from './helpers/image-desc.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

const D = new DataView(new ArrayBuffer(8));

/** Float value of a 32- or 64-bit pattern (64-bit as a BigInt). */
function fl(b: bigint, wide: boolean): number {
  if (wide) {
    D.setBigUint64(0, b, true);
    return D.getFloat64(0, true);
  }
  D.setUint32(0, Number(b), true);
  return D.getFloat32(0, true);
}

function pattern(x: number, wide: boolean): bigint {
  if (wide) {
    D.setFloat64(0, x, true);
    return D.getBigUint64(0, true);
  }
  D.setFloat32(0, x, true);
  return BigInt(D.getUint32(0, true));
}

/** The new memory value, from the pseudo-code (independent of src/emu). */
function ref(op: string, old: bigint, src: bigint, cmp: bigint, wide: boolean): bigint {
  const o = fl(old, wide);
  const s = fl(src, wide);
  if (op === 'fcmpswap') return o === fl(cmp, wide) ? src : old;
  if (Number.isNaN(s)) return old;
  if (Number.isNaN(o)) return src;
  const max = op === 'fmax';
  if (s === o) {
    // Only zeros of different signs get here with different bits: min keeps -0, max +0.
    if (s !== 0) return old;
    const sNeg = 1 / s < 0;
    return (max ? !sNeg : sNeg) ? src : old;
  }
  return (max ? s > o : s < o) ? src : old;
}

/** (memory, data, compare) values; lane l takes case l % n. */
const VALUES: [number, number, number][] = [
  [1.5, 2.5, 1.5],
  [2.5, 1.5, 2.5],
  [-3, 7, 0],
  [0, -0, -0], // fcmpswap: +0 equals -0
  [-0, 0, 1],
  [Number.NaN, 1, Number.NaN], // fcmpswap: NaN equals nothing
  [1, Number.NaN, 1],
  [Number.POSITIVE_INFINITY, 5, Number.POSITIVE_INFINITY],
  [Number.NEGATIVE_INFINITY, -1e30, 2],
  [1e-40, 2e-40, 1e-40], // f32 denormals, compared as they are
  [42, 42, 41],
];

const ATOMICS = ['fcmpswap', 'fmin', 'fmax'];

interface Lane {
  old: bigint;
  src: bigint;
  cmp: bigint;
}

function laneValues(l: number, wide: boolean): Lane {
  const [o, s, c] = VALUES[l % VALUES.length]!;
  return { old: pattern(o, wide), src: pattern(s, wide), cmp: pattern(c, wide) };
}

function writeWords(set: (k: number, x: number) => void, x: bigint, wide: boolean): void {
  set(0, Number(x & 0xffffffffn));
  if (wide) set(1, Number(x >> 32n));
}

function setReg(v: Uint32Array, r: number, l: number, x: number): void {
  v[r * 64 + l] = x >>> 0;
}

function readMem(mem: DeviceMemory, a: number, wide: boolean): bigint {
  const lo = BigInt(mem.read32(a));
  return wide ? lo | (BigInt(mem.read32(a + 4)) << 32n) : lo;
}

/** A raw buffer V# at s[8:11] with base `base` (no stride, the largest range). */
function desc(s: Uint32Array, base: number): void {
  s[8] = base % 2 ** 32;
  s[9] = Math.floor(base / 2 ** 32);
  s[10] = 0xffffffff;
  // dst_sel X, Y, Z, W; data format 32 (4), number format float (7).
  s[11] = (4 | (5 << 3) | (6 << 6) | (7 << 9) | (7 << 12) | (4 << 15)) >>> 0;
}

const END = { end: '.long 0xbf810000', stopAtEnd: true };

for (const target of ['gfx600', 'gfx700'] as Target[]) {
  test(`${target}: buffer_atomic_fcmpswap/fmin/fmax and _x2 with glc return the old value and store the pseudo-code's`, () => {
    for (const op of ATOMICS) {
      for (const wide of [false, true]) {
        const n = wide ? 2 : 1; // dwords per value
        const dataRegs = op === 'fcmpswap' ? 2 * n : n;
        const vdata = dataRegs === 1 ? 'v1' : `v[1:${dataRegs}]`;
        const line = `buffer_atomic_${op}${wide ? '_x2' : ''} ${vdata}, v10, s[8:11], 0 offen glc`;
        let buf = 0;
        const { wave: w, mem } = runWave(
          line,
          (w, mem) => {
            buf = mem.alloc(64 * 8);
            desc(w.s, buf);
            setV(w, 10, (l) => l * 8);
            for (let l = 0; l < 64; l++) {
              const v = laneValues(l, wide);
              writeWords((k, x) => mem.write32(buf + l * 8 + 4 * k, x), v.old, wide);
              writeWords((k, x) => setReg(w.v, 1 + k, l, x), v.src, wide);
              if (op === 'fcmpswap') writeWords((k, x) => setReg(w.v, 1 + n + k, l, x), v.cmp, wide);
            }
          },
          { target, ...END },
        );
        for (let l = 0; l < 64; l++) {
          const v = laneValues(l, wide);
          const got = readMem(mem, buf + l * 8, wide);
          assert.equal(got, ref(op, v.old, v.src, v.cmp, wide), `${target} ${line} lane ${l} memory`);
          const ret = BigInt(vreg(w, 1, l)) | (wide ? BigInt(vreg(w, 2, l)) << 32n : 0n);
          assert.equal(ret, v.old, `${target} ${line} lane ${l} returns the old value`);
        }
      }
    }
  });
}

test('gfx600: without glc the data registers keep their values', () => {
  const { wave: w, mem } = runWave(
    'buffer_atomic_fmax v1, v10, s[8:11], 0 offen',
    (w, mem) => {
      const buf = mem.alloc(256);
      desc(w.s, buf);
      setV(w, 10, (l) => l * 4);
      setV(w, 1, () => Number(pattern(3, false)));
      for (let l = 0; l < 64; l++) mem.writeF32(buf + 4 * l, l - 10);
    },
    { target: 'gfx600', ...END },
  );
  const buf = w.s[8]! + w.s[9]! * 2 ** 32;
  for (let l = 0; l < 64; l++) {
    assert.equal(vreg(w, 1, l), Number(pattern(3, false)), `lane ${l} keeps its data`);
    assert.equal(mem.readF32(buf + 4 * l), Math.max(3, l - 10), `lane ${l}`);
  }
});

test('gfx700: flat_atomic_fcmpswap/fmin/fmax and _x2 on device memory and on LDS (shared aperture)', () => {
  for (const lds of [false, true]) {
    for (const op of ATOMICS) {
      for (const wide of [false, true]) {
        const n = wide ? 2 : 1;
        const dataRegs = op === 'fcmpswap' ? 2 * n : n;
        const vdata = dataRegs === 1 ? 'v4' : `v[4:${3 + dataRegs}]`;
        const vdst = wide ? 'v[10:11]' : 'v10';
        const line = `flat_atomic_${op}${wide ? '_x2' : ''} ${vdst}, v[2:3], ${vdata} glc`;
        let buf = 0;
        const { wave: w, mem } = runWave(
          line,
          (w, mem) => {
            buf = lds ? 0 : mem.alloc(64 * 8);
            const at = (l: number) => buf + l * 8;
            setV(w, 2, (l) => at(l) % 2 ** 32);
            setV(w, 3, (l) => (lds ? SHARED_APERTURE_HI : Math.floor(at(l) / 2 ** 32)));
            for (let l = 0; l < 64; l++) {
              const v = laneValues(l, wide);
              const put = (k: number, x: number) =>
                lds ? w.wg.ldsView.setUint32(at(l) + 4 * k, x, true) : mem.write32(at(l) + 4 * k, x);
              writeWords(put, v.old, wide);
              writeWords((k, x) => setReg(w.v, 4 + k, l, x), v.src, wide);
              if (op === 'fcmpswap') writeWords((k, x) => setReg(w.v, 4 + n + k, l, x), v.cmp, wide);
            }
          },
          { target: 'gfx700', ...END },
        );
        for (let l = 0; l < 64; l++) {
          const v = laneValues(l, wide);
          const a = buf + l * 8;
          const word = (k: number) =>
            BigInt(lds ? w.wg.ldsView.getUint32(a + 4 * k, true) : mem.read32(a + 4 * k));
          const got = wide ? word(0) | (word(1) << 32n) : word(0);
          const where = lds ? 'LDS' : 'global';
          assert.equal(got, ref(op, v.old, v.src, v.cmp, wide), `${line} (${where}) lane ${l} memory`);
          const ret = BigInt(vreg(w, 10, l)) | (wide ? BigInt(vreg(w, 11, l)) << 32n : 0n);
          assert.equal(ret, v.old, `${line} (${where}) lane ${l} returns the old value`);
        }
      }
    }
  }
});

test('the float atomics exist only on gfx6/gfx7 (buffer) and gfx7 (flat)', () => {
  assert.match(
    assembleOne('buffer_atomic_fmin v1, v10, s[8:11], 0 offen', 'gfx803').error ?? '',
    /not supported|invalid/,
  );
  assert.match(
    assembleOne('flat_atomic_fmin v1, v[2:3], v4 glc', 'gfx803').error ?? '',
    /not supported|invalid/,
  );
  assert.match(
    assembleOne('flat_atomic_fmin v1, v[2:3], v4 glc', 'gfx600').error ?? '',
    /not supported|invalid/,
  );
});

test('gfx600: buffer_wbinvl1_sc runs (the emulator has no cache to invalidate) and memory stays coherent', () => {
  const { wave: w } = runWave(
    [
      'buffer_store_dword v1, v10, s[8:11], 0 offen',
      'buffer_wbinvl1_sc',
      'buffer_load_dword v2, v10, s[8:11], 0 offen',
    ].join('\n'),
    (w, mem) => {
      desc(w.s, mem.alloc(256));
      setV(w, 10, (l) => l * 4);
      setV(w, 1, (l) => 0x5000 + l);
    },
    { target: 'gfx600', ...END },
  );
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 2, l), 0x5000 + l, `lane ${l}`);
  assert.match(assembleOne('buffer_wbinvl1_sc', 'gfx700').error ?? '', /not supported|invalid/);
});

test('gfx6/gfx7: image_atomic_fcmpswap/fmin/fmax on a 64-bit texel format work on doubles', () => {
  for (const target of ['gfx600', 'gfx700'] as Target[]) {
    for (const op of ATOMICS) {
      const cmp = op === 'fcmpswap';
      const line = `image_atomic_${op} ${cmp ? 'v[10:13]' : 'v[10:11]'}, v0, s[8:15] dmask:${cmp ? '0xf' : '0x3'} unorm glc`;
      let base = 0;
      const { wave: w, mem } = runWave(
        line,
        (w, mem) => {
          base = mem.alloc(64 * 8, 256);
          // A 1D image of 64 texels in data format 32_32 (11), number format uint (4): 8 bytes a texel.
          setS(w, 8, tsharp({ base, dfmt: 11, nfmt: 4, width: 64, type: 8 }));
          setV(w, 0, (l) => l);
          for (let l = 0; l < 64; l++) {
            const v = laneValues(l, true);
            writeWords((k, x) => mem.write32(base + l * 8 + 4 * k, x), v.old, true);
            writeWords((k, x) => setReg(w.v, 10 + k, l, x), v.src, true);
            if (cmp) writeWords((k, x) => setReg(w.v, 12 + k, l, x), v.cmp, true);
          }
        },
        { target, ...END },
      );
      for (let l = 0; l < 64; l++) {
        const v = laneValues(l, true);
        assert.equal(
          readMem(mem, base + l * 8, true),
          ref(op, v.old, v.src, v.cmp, true),
          `${target} ${line} lane ${l}`,
        );
        const ret = BigInt(vreg(w, 10, l)) | (BigInt(vreg(w, 11, l)) << 32n);
        assert.equal(ret, v.old, `${target} ${line} lane ${l} returns the old value`);
      }
    }
  }
});
