// Tests of MUBUF execution (src/emu/mem/mubuf*.ts): linear and swizzled buffer addressing, idxen/offen,
// add_tid, range checking, sub-dword and d16 forms, atomics, faults, the format ops (V# data/number
// format conversions, dst_sel) and buffer_store_lds_dword. Expected values come from host
// computations written here from the Vega ISA document's buffer addressing formulas, from the FLAT
// scratch mapping (src/emu/mem/scratch.ts) for the private segment V#, and from hand-worked answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inst, unimplemented } from '../src/emu/inst.js';
import { LaneFault } from '../src/emu/mem/fault.js';
import { decodeMubuf } from '../src/emu/mem/mubuf.js';
import { scratchAddress } from '../src/emu/mem/scratch.js';
import { DeviceMemory } from '../src/emu/memory.js';
import { EXEC_HI, EXEC_LO, FLAT_SCRATCH_HI, FLAT_SCRATCH_LO, M0, type Wave } from '../src/emu/wave.js';
import { mubufTable } from '../src/isa/ops/memory-buf.js';
import { GFX9_TARGETS } from './helpers/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

const LO = 0xa5f0_3c96;
const HI = 0x7e81_0ff1;
function on(lane: number): boolean {
  return (((lane < 32 ? LO >>> lane : HI >>> (lane - 32)) >>> 0) & 1) === 1;
}
function partialExec(w: Wave): void {
  w.s[EXEC_LO] = LO;
  w.s[EXEC_HI] = HI;
}

interface Desc {
  base: number;
  stride?: number;
  swizzle?: boolean;
  numRecords?: number;
  /** Encoded fields: element size 2 << es, index stride 8 << is. */
  es?: number;
  is?: number;
  addTid?: boolean;
}

/** Writes a V# to s[r..r+3]: base[47:0], stride[61:48], swizzle_en[63], num_records, word 3 fields. */
function setDesc(w: Wave, r: number, d: Desc): void {
  w.s[r] = d.base % 2 ** 32;
  w.s[r + 1] = (Math.floor(d.base / 2 ** 32) | ((d.stride ?? 0) << 16) | (d.swizzle ? 0x80000000 : 0)) >>> 0;
  w.s[r + 2] = (d.numRecords ?? 0xffffffff) >>> 0;
  w.s[r + 3] = (((d.es ?? 1) << 19) | ((d.is ?? 3) << 21) | (d.addTid ? 1 << 23 : 0)) >>> 0;
}

/** A buffer of `n` bytes with a known pattern; returns its address. */
function patterned(mem: DeviceMemory, n: number, seed: number): number {
  const b = mem.alloc(n);
  const r = rng(seed);
  for (let k = 0; k < n; k += 4) mem.write32(b + k, r());
  return b;
}

test('raw buffer loads: base + soffset + vgpr offset + inst offset, dwordx1-4, partial EXEC', () => {
  for (const n of [1, 2, 3, 4]) {
    const mem = new DeviceMemory();
    const base = patterned(mem, 4096, n);
    const ops = n === 1 ? 'buffer_load_dword v10' : `buffer_load_dwordx${n} v[10:${9 + n}]`;
    const { wave: w } = runWave(
      `${ops}, v1, s[4:7], s8 offen offset:12`,
      (w) => {
        setDesc(w, 4, { base });
        w.s[8] = 100;
        setV(w, 1, (l) => l * 20);
        for (let k = 0; k < 4; k++) setV(w, 10 + k, () => 0xdead);
        partialExec(w);
      },
      { mem },
    );
    for (let l = 0; l < 64; l++) {
      for (let k = 0; k < n; k++) {
        const want = on(l) ? mem.read32(base + 100 + l * 20 + 12 + 4 * k) : 0xdead;
        assert.equal(vreg(w, 10 + k, l), want, `x${n} lane ${l} dword ${k}`);
      }
    }
    assert.equal(w.laneInstructions, [...Array(64).keys()].filter(on).length);
  }
});

test('structured addressing: idxen index * stride, idxen+offen take v[a] index and v[a+1] offset', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(8192);
  const { wave: w } = runWave(
    [
      'buffer_store_dwordx2 v[10:11], v1, s[4:7], s8 idxen offset:4',
      'buffer_store_dword v12, v[2:3], s[4:7], 0 idxen offen offset:8',
    ].join('\n'),
    (w) => {
      setDesc(w, 4, { base, stride: 48, numRecords: 1000 });
      w.s[8] = 16;
      setV(w, 1, (l) => 63 - l);
      setV(w, 10, (l) => 0x100 + l);
      setV(w, 11, (l) => 0x200 + l);
      setV(w, 2, (l) => l);
      setV(w, 3, (l) => 36 + (l & 1) * 4);
      setV(w, 12, (l) => 0x300 + l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    assert.equal(mem.read32(base + 16 + (63 - l) * 48 + 4), 0x100 + l);
    assert.equal(mem.read32(base + 16 + (63 - l) * 48 + 8), 0x200 + l);
    assert.equal(mem.read32(base + l * 48 + 36 + (l & 1) * 4 + 8), 0x300 + l);
  }
  assert.equal(vreg(w, 10, 0), 0x100);
});

/** The document's swizzled formula, written out for the host. */
function swizzled(d: Required<Desc>, index: number, offset: number): number {
  const es = 2 << d.es;
  const is = 8 << d.is;
  return (
    (Math.floor(index / is) * d.stride + Math.floor(offset / es) * es) * is +
    (index % is) * es +
    (offset % es)
  );
}

test('swizzled addressing: general V# (stride 24, element 8, index stride 16), per-dword split', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 65536, 3);
  const d: Required<Desc> = {
    base,
    stride: 24,
    swizzle: true,
    numRecords: 1000,
    es: 2,
    is: 1,
    addTid: false,
  };
  const { wave: w } = runWave(
    'buffer_load_dwordx4 v[10:13], v[1:2], s[4:7], s9 idxen offen offset:4',
    (w) => {
      setDesc(w, 4, d);
      w.s[9] = 64;
      setV(w, 1, (l) => l * 3);
      setV(w, 2, (l) => (l % 3) * 4);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    for (let k = 0; k < 4; k++) {
      const off = (l % 3) * 4 + 4 + 4 * k;
      // Offsets past the stride are out of range for a structured swizzled buffer.
      const want = off >= 24 ? 0 : mem.read32(base + 64 + swizzled(d, l * 3, off));
      assert.equal(vreg(w, 10 + k, l), want, `lane ${l} dword ${k}`);
    }
  }
  // A hand-worked element: index 17, offset 12: (1*24 + 8) * 16 + 1 * 8 + 4 = 524.
  assert.equal(swizzled(d, 17, 12), 524);
});

/** The private segment V# the dispatcher builds (src/gpu/dispatch.ts) at `base`. */
function privateDesc(w: Wave, r: number, base: number): void {
  w.s[r] = base % 2 ** 32;
  w.s[r + 1] = ((Math.floor(base / 2 ** 32) & 0xffff) | (1 << 31)) >>> 0;
  w.s[r + 2] = 0xffffffff;
  w.s[r + 3] = ((1 << 19) | (3 << 21) | (1 << 23)) >>> 0;
}

test('private segment V# (add_tid, swizzled) lands on the FLAT scratch mapping, byte by byte', () => {
  const mem = new DeviceMemory();
  const scratch = mem.alloc(64 * 1024);
  const waveOffset = 4096;
  const { wave: w } = runWave(
    [
      'buffer_store_dwordx4 v[10:13], v1, s[0:3], s9 offen offset:4',
      'buffer_store_short v14, v2, s[0:3], s9 offen',
      'buffer_store_dword v15, off, s[0:3], s9 offset:130',
      'buffer_load_dwordx4 v[20:23], v1, s[0:3], s9 offen offset:4',
      'buffer_load_sshort v24, v2, s[0:3], s9 offen',
    ].join('\n'),
    (w) => {
      privateDesc(w, 0, scratch);
      w.s[9] = waveOffset;
      w.s[FLAT_SCRATCH_LO] = (scratch + waveOffset) % 2 ** 32;
      w.s[FLAT_SCRATCH_HI] = Math.floor((scratch + waveOffset) / 2 ** 32);
      setV(w, 1, (l) => (l % 4) * 16);
      setV(w, 2, () => 99); // an unaligned short straddling private dwords 24 and 25
      for (let k = 0; k < 4; k++) setV(w, 10 + k, (l) => (k << 24) | l);
      setV(w, 14, (l) => 0xa000 + l * 0x101);
      setV(w, 15, (l) => 0xc0de0000 + l);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    for (let k = 0; k < 4; k++) {
      const x = (l % 4) * 16 + 4 + 4 * k;
      assert.equal(mem.read32(scratchAddress(w, x, l)), (k << 24) | l, `lane ${l} dword ${k}`);
      assert.equal(vreg(w, 20 + k, l), (k << 24) | l);
    }
    const s = 0xa000 + l * 0x101;
    assert.equal(mem.read8(scratchAddress(w, 99, l)), s & 0xff);
    assert.equal(mem.read8(scratchAddress(w, 100, l)), (s >>> 8) & 0xff);
    assert.equal(vreg(w, 24, l), ((s << 16) >> 16) >>> 0);
    const v = 0xc0de0000 + l;
    for (let b = 0; b < 4; b++)
      assert.equal(mem.read8(scratchAddress(w, 130 + b, l)), (v >>> (8 * b)) & 0xff);
  }
  // The known answer of the mapping itself: private byte 6 of lane 5 at base + 1*256 + 5*4 + 2.
  assert.equal(scratchAddress(w, 6, 5), scratch + waveOffset + 256 + 20 + 2);
});

test('range checking: raw buffers per dword in bytes, structured buffers by index', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 4096, 9);
  const before = mem.download(base, 4096);
  const { wave: w } = runWave(
    [
      'buffer_load_dwordx4 v[10:13], v1, s[4:7], s20 offen',
      'buffer_store_dwordx2 v[14:15], v1, s[4:7], s20 offen offset:1024',
      'buffer_load_dword v16, v2, s[8:11], 0 idxen offset:4',
      'buffer_load_ubyte v17, v1, s[4:7], s20 offen offset:3',
    ].join('\n'),
    (w) => {
      setDesc(w, 4, { base, numRecords: 40 });
      setDesc(w, 8, { base: base + 2048, stride: 8, numRecords: 5 });
      w.s[20] = 2000; // soffset is not part of the range check
      setV(w, 1, (l) => l * 4);
      setV(w, 2, (l) => l);
      setV(w, 14, (l) => 0x1400 + l);
      setV(w, 15, (l) => 0x1500 + l);
    },
    { mem },
  );
  const r32 = (a: number) => new DataView(before.buffer).getUint32(a, true);
  for (let l = 0; l < 64; l++) {
    for (let k = 0; k < 4; k++) {
      const off = l * 4 + 4 * k;
      assert.equal(vreg(w, 10 + k, l), off < 40 ? r32(2000 + off) : 0, `lane ${l} dword ${k}`);
    }
    // Stores at offset >= 1024 are all past num_records = 40: nothing written.
    assert.equal(vreg(w, 16, l), l < 5 ? r32(2048 + l * 8 + 4) : 0, `structured lane ${l}`);
    assert.equal(vreg(w, 17, l), l * 4 + 3 < 40 ? before[2000 + l * 4 + 3] : 0);
  }
  assert.deepEqual(mem.download(base, 4096), before);
});

test('sub-dword and d16 loads and stores', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 1024, 4);
  const b0 = mem.download(base, 1024);
  const src = [
    'buffer_load_ubyte v10, v1, s[4:7], 0 offen',
    'buffer_load_sbyte v11, v1, s[4:7], 0 offen',
    'buffer_load_ushort v12, v1, s[4:7], 0 offen',
    'buffer_load_sshort v13, v1, s[4:7], 0 offen',
    'buffer_load_ubyte_d16 v14, v1, s[4:7], 0 offen',
    'buffer_load_ubyte_d16_hi v15, v1, s[4:7], 0 offen',
    'buffer_load_sbyte_d16 v16, v1, s[4:7], 0 offen',
    'buffer_load_sbyte_d16_hi v17, v1, s[4:7], 0 offen',
    'buffer_load_short_d16 v18, v1, s[4:7], 0 offen',
    'buffer_load_short_d16_hi v19, v1, s[4:7], 0 offen',
    'buffer_store_byte v3, v2, s[4:7], 0 offen offset:512',
    'buffer_store_short v3, v2, s[4:7], 0 offen offset:514',
    'buffer_store_byte_d16_hi v3, v2, s[4:7], 0 offen offset:516',
    'buffer_store_short_d16_hi v3, v2, s[4:7], 0 offen offset:518',
  ].join('\n');
  const { wave: w } = runWave(
    src,
    (w) => {
      setDesc(w, 4, { base });
      setV(w, 1, (l) => l * 5);
      setV(w, 2, (l) => l * 8);
      setV(w, 3, (l) => 0x81ff7f80 + l);
      for (let r = 14; r <= 19; r++) setV(w, r, () => 0x12345678);
      partialExec(w);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    if (!on(l)) {
      assert.equal(vreg(w, 14, l), 0x12345678);
      continue;
    }
    const u8 = b0[l * 5]!;
    const s8 = (u8 << 24) >> 24;
    const u16 = u8 | (b0[l * 5 + 1]! << 8);
    const s16 = (u16 << 16) >> 16;
    assert.equal(vreg(w, 10, l), u8);
    assert.equal(vreg(w, 11, l), s8 >>> 0);
    assert.equal(vreg(w, 12, l), u16);
    assert.equal(vreg(w, 13, l), s16 >>> 0);
    assert.equal(vreg(w, 14, l), 0x12340000 | u8);
    assert.equal(vreg(w, 15, l), ((u8 << 16) | 0x5678) >>> 0);
    assert.equal(vreg(w, 16, l), 0x12340000 | (s8 & 0xffff));
    assert.equal(vreg(w, 17, l), (((s8 & 0xffff) << 16) | 0x5678) >>> 0);
    assert.equal(vreg(w, 18, l), 0x12340000 | u16);
    assert.equal(vreg(w, 19, l), ((u16 << 16) | 0x5678) >>> 0);
    const x = (0x81ff7f80 + l) >>> 0;
    const a = base + 512 + l * 8;
    assert.equal(mem.read8(a), x & 0xff);
    assert.equal(mem.read16(a + 2), x & 0xffff);
    assert.equal(mem.read8(a + 4), (x >>> 16) & 0xff);
    assert.equal(mem.read16(a + 6), x >>> 16);
  }
  // Inactive lanes stored nothing.
  const inactive = [...Array(64).keys()].find((l) => !on(l))!;
  assert.equal(
    mem.read32(base + 512 + inactive * 8),
    new DataView(b0.buffer).getUint32(512 + inactive * 8, true),
  );
});

// Reference atomics on bigints, from the document's pseudo code.
type Ref = (m: bigint, d: bigint, c: bigint, bits: number) => bigint;
const sx = (x: bigint, bits: number) => BigInt.asIntN(bits, x);
const REF: Record<string, Ref> = {
  swap: (_m, d) => d,
  cmpswap: (m, d, c) => (m === c ? d : m),
  add: (m, d, _c, b) => BigInt.asUintN(b, m + d),
  sub: (m, d, _c, b) => BigInt.asUintN(b, m - d),
  smin: (m, d, _c, b) => (sx(d, b) < sx(m, b) ? d : m),
  umin: (m, d) => (d < m ? d : m),
  smax: (m, d, _c, b) => (sx(d, b) > sx(m, b) ? d : m),
  umax: (m, d) => (d > m ? d : m),
  and: (m, d) => m & d,
  or: (m, d) => m | d,
  xor: (m, d) => m ^ d,
  inc: (m, d) => (m >= d ? 0n : m + 1n),
  dec: (m, d) => (m === 0n || m > d ? d : m - 1n),
};

test('buffer atomics 32/64-bit: glc returns the old value, cmpswap takes data then compare', () => {
  const r = rng(17);
  for (const [name, ref] of Object.entries(REF)) {
    for (const bits of [32, 64]) {
      for (const glc of [false, true]) {
        const dw = bits / 32;
        const rand = () => (bits === 64 ? (BigInt(r()) << 32n) | BigInt(r()) : BigInt(r()));
        const small = () => BigInt(r() % 3);
        const old: bigint[] = [];
        const data: bigint[] = [];
        const cmp: bigint[] = [];
        for (let l = 0; l < 64; l++) {
          old.push(l % 3 === 0 ? small() : rand());
          data.push(l % 3 === 0 ? small() : rand());
          cmp.push(l % 2 === 0 ? old[l]! : rand());
        }
        const mem = new DeviceMemory();
        const base = mem.alloc(64 * 8);
        for (let l = 0; l < 64; l++) {
          mem.write64(base + l * 8, Number(old[l]! & 0xffffffffn), Number(old[l]! >> 32n));
        }
        const op = `buffer_atomic_${name}${bits === 64 ? '_x2' : ''}`;
        const nregs = name === 'cmpswap' ? 2 * dw : dw;
        const vd = nregs === 1 ? 'v10' : `v[10:${9 + nregs}]`;
        const dword = (x: bigint, k: number) => Number((x >> BigInt(32 * k)) & 0xffffffffn);
        const { wave: w } = runWave(
          `${op} ${vd}, v1, s[4:7], 0 offen${glc ? ' glc' : ''}`,
          (w) => {
            setDesc(w, 4, { base });
            setV(w, 1, (l) => l * 8);
            for (let k = 0; k < dw; k++) {
              setV(w, 10 + k, (l) => dword(data[l]!, k));
              setV(w, 10 + dw + k, (l) => dword(cmp[l]!, k));
            }
            partialExec(w);
          },
          { mem },
        );
        for (let l = 0; l < 64; l++) {
          const now = BigInt(mem.read32(base + l * 8)) | (BigInt(mem.read32(base + l * 8 + 4)) << 32n);
          const m = old[l]!;
          const want = on(l) ? ref(m, data[l]!, cmp[l]!, bits) : m;
          const hiKept = bits === 32 ? m & ~0xffffffffn : 0n;
          const lo = bits === 32 ? ref(m & 0xffffffffn, data[l]!, cmp[l]!, 32) : want;
          assert.equal(now, on(l) ? hiKept | lo : m, `${op} glc=${glc} lane ${l}`);
          for (let k = 0; k < dw; k++) {
            const ret = glc && on(l) ? dword(m, k) : dword(data[l]!, k);
            assert.equal(vreg(w, 10 + k, l), ret, `${op} glc=${glc} return lane ${l}`);
          }
        }
      }
    }
  }
});

test('gfx908 float atomics: add_f32 and pk_add_f16', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(256);
  mem.writeF32(base, 1.5);
  mem.write32(base + 4, 0x3c00_4000); // f16 hi 1.0, lo 2.0
  runWave(
    'buffer_atomic_add_f32 v1, off, s[4:7], 0\nbuffer_atomic_pk_add_f16 v2, off, s[4:7], 0 offset:4',
    (w) => {
      setDesc(w, 4, { base });
      setV(w, 1, () => 0x3e800000); // 0.25
      setV(w, 2, () => 0x3800_3c00); // hi 0.5, lo 1.0
      w.s[EXEC_LO] = 0b111;
      w.s[EXEC_HI] = 0;
    },
    { mem, target: 'gfx908' },
  );
  assert.equal(mem.readF32(base), 1.5 + 3 * 0.25);
  // lo: 2 + 3*1 = 5 (0x4500); hi: 1 + 3*0.5 = 2.5 (0x4100).
  assert.equal(mem.read32(base + 4), 0x4100_4500);
});

test('soffset inline constants, gfx900/gfx906 targets, buffer_wbinvl1 runs', () => {
  for (const target of ['gfx900', 'gfx906', 'gfx908'] as const) {
    const mem = new DeviceMemory();
    const base = patterned(mem, 1024, 8);
    const { wave: w } = runWave(
      'buffer_load_dword v5, v1, s[4:7], 16 offen offset:4\nbuffer_wbinvl1\nbuffer_wbinvl1_vol',
      (w) => {
        setDesc(w, 4, { base });
        setV(w, 1, (l) => l * 4);
      },
      { mem, target },
    );
    for (let l = 0; l < 64; l++) assert.equal(vreg(w, 5, l), mem.read32(base + 16 + l * 4 + 4), target);
  }
});

test('a load from an unmapped address throws LaneFault naming the first active lane', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(256);
  let err: unknown;
  try {
    runWave(
      'buffer_load_dword v5, v1, s[4:7], 0 offen',
      (w) => {
        setDesc(w, 4, { base });
        setV(w, 1, (l) => (l < 10 ? l * 4 : 0x100000));
        w.s[EXEC_LO] = 0xfffff800; // lanes 11.. : all unmapped
        w.s[EXEC_HI] = 0;
      },
      { mem },
    );
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof LaneFault, String(err));
  assert.equal(err.lane, 11);
  assert.equal(err.addr, base + 0x100000);
  assert.equal(err.kind, 'read');
  assert.throws(
    () =>
      runWave('buffer_store_dword v5, v1, s[4:7], 0 offen', (w) => setDesc(w, 4, { base: base + 0x10000 })),
    (e: unknown) => e instanceof LaneFault && e.lane === 0 && e.kind === 'write',
  );
});

test('buffer_load_dword lds writes LDS at M0 + inst_offset + lane * 4, not the VGPRs', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 1024, 12);
  const { wave: w } = runWave(
    'buffer_load_dword v1, s[4:7], 0 offen offset:8 lds',
    (w) => {
      setDesc(w, 4, { base, numRecords: 200 });
      w.s[M0] = 0x400;
      setV(w, 1, (l) => l * 4);
      partialExec(w);
    },
    { mem },
  );
  for (let l = 0; l < 64; l++) {
    const off = l * 4 + 8;
    const want = on(l) && off < 200 ? mem.read32(base + off) : 0;
    assert.equal(w.wg.ldsView.getUint32(0x408 + l * 4, true), want, `lane ${l}`);
    assert.equal(vreg(w, 1, l), l * 4);
  }
  assert.equal(w.wg.ldsView.getUint32(0x404, true), 0);
});

test('sub-dword lds loads and tfe stop as not modelled rather than running', () => {
  assert.throws(() => runWave('buffer_load_ubyte off, s[4:7], 0 lds'), /lds .*not modelled/);
  assert.throws(() => runWave('buffer_load_dword v[1:2], off, s[4:7], 0 tfe'), /tfe.*not modelled/);
});

// ---- format ops. The host model below is written from the Vega document's DFMT/NFMT tables and the
// CLRX description of the packed formats ("components from lowest bit"); f16 and the unsigned 11/10-bit
// floats are rounded by searching the encodings (nearest, ties to the even encoding), not by formula.

/** Component widths, R first from bit 0, by data format. */
const FMT_WIDTHS: Record<number, number[]> = {
  1: [8],
  2: [16],
  3: [8, 8],
  4: [32],
  5: [16, 16],
  6: [11, 11, 10],
  7: [10, 11, 11],
  8: [2, 10, 10, 10],
  9: [10, 10, 10, 2],
  10: [8, 8, 8, 8],
  11: [32, 32],
  12: [16, 16, 16, 16],
  13: [32, 32, 32],
  14: [32, 32, 32, 32],
};
const [UNORM, SNORM, USCALED, SSCALED, UINT, SINT, , FLOAT] = [0, 1, 2, 3, 4, 5, 6, 7];
const IDENTITY_SEL = 4 | (5 << 3) | (6 << 6) | (7 << 9);
const floatOk = (dfmt: number) => ![1, 3, 8, 9, 10].includes(dfmt);

/** A V# for the format ops: raw buffer at `base`, word 3 = dst_sel | nfmt << 12 | dfmt << 15. */
function setFmtDesc(
  w: Wave,
  r: number,
  base: number,
  dfmt: number,
  nfmt: number,
  extra: Partial<{ sel: number; numRecords: number; stride: number; w3: number }> = {},
): void {
  w.s[r] = base % 2 ** 32;
  w.s[r + 1] = (Math.floor(base / 2 ** 32) | ((extra.stride ?? 0) << 16)) >>> 0;
  w.s[r + 2] = (extra.numRecords ?? 0xffffffff) >>> 0;
  w.s[r + 3] = ((extra.sel ?? IDENTITY_SEL) | (nfmt << 12) | (dfmt << 15) | (extra.w3 ?? 0)) >>> 0;
}

const hf = new DataView(new ArrayBuffer(8));
function f32bits(x: number): number {
  hf.setFloat32(0, x, true);
  return hf.getUint32(0, true);
}
function bitsF32(b: number): number {
  hf.setUint32(0, b >>> 0, true);
  return hf.getFloat32(0, true);
}
/** Value of a float with a 5-bit exponent (bias 15) and `mb` mantissa bits, unsigned (sign: f16's bit 15). */
function smallFloat(bits: number, mb: number, signBit: number): number {
  const e = (bits >>> mb) & 31;
  const m = bits & ((1 << mb) - 1);
  const sign = signBit >= 0 && (bits >>> signBit) & 1 ? -1 : 1;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (e === 0 ? m / 2 ** mb : 1 + m / 2 ** mb) * 2 ** ((e || 1) - 15);
}
/** Nearest encoding (ties to even) of |x| among the finite encodings 0..max of a monotonic small float. */
function nearest(x: number, mb: number): number {
  const max = (30 << mb) | ((1 << mb) - 1);
  const val = (b: number) => smallFloat(b, mb, -1);
  const top = val(max) + 2 ** (15 - mb - 1); // half an ulp past the largest: rounds to infinity
  if (x >= top) return 31 << mb;
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (val(mid) <= x) lo = mid;
    else hi = mid - 1;
  }
  if (lo === max) return max;
  const d0 = x - val(lo);
  const d1 = val(lo + 1) - x;
  return d0 < d1 || (d0 === d1 && lo % 2 === 0) ? lo : lo + 1;
}
function refF16(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  return sign | nearest(Math.abs(x), 10);
}
function halfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

/** Reference load of one component: [32-bit result, 16-bit (d16) result]. */
function refLoad(raw: number, n: number, nf: number): [number, number] {
  const sx = raw >= 2 ** (n - 1) ? raw - 2 ** n : raw;
  if (n === 32) {
    const int = nf === UINT || nf === SINT;
    const f = bitsF32(raw);
    const nan = Number.isNaN(f) ? ((raw >>> 16) & 0x8000) | 0x7e00 | ((raw >>> 13) & 0x1ff) : -1;
    return [raw >>> 0, int ? raw & 0xffff : nan >= 0 ? nan : refF16(f)];
  }
  if (nf === UINT) return [raw, raw & 0xffff];
  if (nf === SINT) return [sx >>> 0, sx & 0xffff];
  if (nf === FLOAT) {
    const mb = n === 16 ? 10 : n - 5;
    const v = smallFloat(raw, mb, n === 16 ? 15 : -1);
    const e = (raw >>> mb) & 31;
    const m = raw & ((1 << mb) - 1);
    const sign = n === 16 ? (raw & 0x8000) << 16 : 0;
    const b32 = e === 31 && m !== 0 ? (sign | 0x7fc00000 | (m << (23 - mb))) >>> 0 : f32bits(v);
    return [b32, n === 16 ? raw : e === 31 && m !== 0 ? 0x7e00 | (m << (10 - mb)) : refF16(v)];
  }
  const v =
    nf === UNORM
      ? raw / (2 ** n - 1)
      : nf === SNORM
        ? Math.max(-1, sx / (2 ** (n - 1) - 1))
        : nf === USCALED
          ? raw
          : sx;
  return [f32bits(v), refF16(v)];
}

/** Reference store of one component from the VGPR value (or d16 half) `x`. */
function refStore(x: number, n: number, nf: number, d16: boolean): number {
  if (nf === UINT || nf === SINT) {
    const v = d16
      ? nf === SINT
        ? ((x & 0xffff) ^ 0x8000) - 0x8000
        : x & 0xffff
      : nf === SINT
        ? x | 0
        : x >>> 0;
    if (n === 32) return v >>> 0;
    const lo = nf === SINT ? -(2 ** (n - 1)) : 0;
    const hi = nf === SINT ? 2 ** (n - 1) - 1 : 2 ** n - 1;
    const c = Math.min(hi, Math.max(lo, v));
    return c < 0 ? c + 2 ** n : c;
  }
  const f = d16 ? smallFloat(x & 0xffff, 10, 15) : bitsF32(x);
  if (n === 32) return d16 ? f32bits(f) : x >>> 0;
  if (nf === FLOAT) {
    if (n === 16) return d16 ? x & 0xffff : refF16(f);
    return f > 0 ? nearest(f, n - 5) : 0;
  }
  if (Number.isNaN(f)) return 0;
  if (nf === UNORM) return halfEven(Math.min(1, Math.max(0, f)) * (2 ** n - 1));
  const s = halfEven(Math.min(1, Math.max(-1, f)) * (2 ** (n - 1) - 1));
  return s < 0 ? s + 2 ** n : s;
}

/** Component k of an element given as little-endian bytes. */
function elemComponent(bytes: Uint8Array, widths: number[], k: number): number {
  let off = 0;
  for (let j = 0; j < k; j++) off += widths[j]!;
  let v = 0;
  for (let b = 0; b < widths[k]!; b++) {
    const bit = off + b;
    if ((bytes[bit >> 3]! >> (bit & 7)) & 1) v += 2 ** b;
  }
  return v;
}

test('buffer_load_format known answers (hand-worked from the format tables)', () => {
  const ONE = 0x3f800000;
  const cases: { dfmt: number; nfmt: number; data: number[]; want: number[]; sel?: number }[] = [
    // 8_8_8_8 unorm bytes 0, 255, 51, 128: 0, 1, 0.2, 128/255.
    { dfmt: 10, nfmt: UNORM, data: [0x8033ff00], want: [0, ONE, f32bits(0.2), f32bits(128 / 255)] },
    // 8_8 snorm 0x80 clamps to -1, 0x7f is 1; Z missing is 0, W missing is 1.0.
    { dfmt: 3, nfmt: SNORM, data: [0x7f80], want: [f32bits(-1), ONE, 0, ONE] },
    // 16 float 1.0, 16_16 uscaled / sscaled 65535 and 0x8000.
    { dfmt: 2, nfmt: FLOAT, data: [0x3c00], want: [ONE, 0, 0, ONE] },
    { dfmt: 5, nfmt: USCALED, data: [0x8000ffff], want: [f32bits(65535), f32bits(32768), 0, ONE] },
    { dfmt: 5, nfmt: SSCALED, data: [0x8000ffff], want: [f32bits(-1), f32bits(-32768), 0, ONE] },
    // 10_11_11 float: R (11 bits at 0) 1.0 = 0x3c0, G 2.0 = 0x400, B (10 bits at 22) 0.5 = 0x1c0.
    {
      dfmt: 6,
      nfmt: FLOAT,
      data: [(0x3c0 | (0x400 << 11) | (0x1c0 << 22)) >>> 0],
      want: [ONE, 0x40000000, 0x3f000000, ONE],
    },
    // 2_10_10_10 uint / sint: R = 1023, G = 0, B = 512, A (bits 31:30) = 3 (sint: -1). Missing alpha: int 1.
    { dfmt: 9, nfmt: UINT, data: [(1023 | (512 << 20) | (3 << 30)) >>> 0], want: [1023, 0, 512, 3] },
    {
      dfmt: 9,
      nfmt: SINT,
      data: [(1023 | (512 << 20) | (3 << 30)) >>> 0],
      want: [0xffffffff, 0, 0xfffffe00, 0xffffffff],
    },
    { dfmt: 1, nfmt: UINT, data: [0xff], want: [255, 0, 0, 1] },
    // 10_10_10_2 unorm: R = bits 1:0 = 3 -> 1.0, G = bits 11:2 = 1023 -> 1.0.
    { dfmt: 8, nfmt: UNORM, data: [0xfff], want: [ONE, ONE, 0, 0] },
    // 32_32 unorm: 32-bit components are not converted.
    { dfmt: 11, nfmt: UNORM, data: [0x12345678, 0xdeadbeef], want: [0x12345678, 0xdeadbeef, 0, ONE] },
    // dst_sel: X = A, Y = 1, Z = 0, W = R.
    { dfmt: 10, nfmt: UINT, data: [0x04030201], want: [4, 1, 0, 1], sel: 7 | (1 << 3) | (0 << 6) | (4 << 9) },
  ];
  for (const c of cases) {
    const mem = new DeviceMemory();
    const base = mem.alloc(64);
    for (const [k, x] of c.data.entries()) mem.write32(base + 4 * k, x);
    const { wave: w } = runWave(
      'buffer_load_format_xyzw v[10:13], off, s[4:7], 0',
      (w) => setFmtDesc(w, 4, base, c.dfmt, c.nfmt, { sel: c.sel }),
      { mem },
    );
    for (let k = 0; k < 4; k++)
      assert.equal(vreg(w, 10 + k, 5), c.want[k], `dfmt ${c.dfmt} nfmt ${c.nfmt} comp ${k}`);
  }
  // d16: 8_8_8_8 unorm packs f16 values: 1.0 = 0x3c00, 0.2 ~ 0x3266, 128/255 ~ 0x3804.
  const mem = new DeviceMemory();
  const base = mem.alloc(64);
  mem.write32(base, 0x8033ff00);
  const { wave: w } = runWave(
    'buffer_load_format_d16_xyzw v[10:11], off, s[4:7], 0\nbuffer_load_format_d16_xyz v[12:13], off, s[4:7], 0\nbuffer_load_format_d16_hi_x v14, off, s[4:7], 0 offset:1',
    (w) => {
      setFmtDesc(w, 4, base, 10, UNORM);
      setV(w, 13, () => 0xabcd1234);
      setV(w, 14, () => 0x5555aaaa);
    },
    { mem },
  );
  assert.equal(vreg(w, 10, 0), 0x3c000000);
  assert.equal(vreg(w, 11, 0), 0x38043266);
  assert.equal(vreg(w, 13, 0), 0xabcd3266); // xyz: the high half of the second VGPR is kept
  // offset 1: R = 255 -> 1.0 in bits 31:16, bits 15:0 kept.
  assert.equal(vreg(w, 14, 0), 0x3c00aaaa);
});

test('buffer_load_format: every valid format, x..xyzw and d16, partial EXEC, against the host model', () => {
  const r = rng(1234);
  for (let dfmt = 1; dfmt <= 14; dfmt++) {
    for (const nfmt of [UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT]) {
      if (nfmt === FLOAT && !floatOk(dfmt)) continue;
      const widths = FMT_WIDTHS[dfmt]!;
      const bytes = widths.reduce((a, b) => a + b) / 8;
      const stride = 16;
      const mem = new DeviceMemory();
      const base = patterned(mem, 64 * stride + 64, r());
      const img = mem.download(base, 64 * stride + 64);
      // dst_sel: identity, or a lane-independent shuffle with constants for odd nfmt.
      const sel = nfmt % 2 ? 5 | (1 << 3) | (7 << 6) | (4 << 9) : IDENTITY_SEL;
      const src = [
        'buffer_load_format_x v10, v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_xy v[11:12], v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_xyz v[13:15], v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_xyzw v[16:19], v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_d16_x v20, v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_d16_xy v21, v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_d16_xyz v[22:23], v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_d16_xyzw v[24:25], v1, s[4:7], 0 offen offset:4',
        'buffer_load_format_d16_hi_x v26, v1, s[4:7], 0 offen offset:4',
      ].join('\n');
      const { wave: w } = runWave(
        src,
        (w) => {
          setFmtDesc(w, 4, base, dfmt, nfmt, { sel });
          setV(w, 1, (l) => l * stride);
          for (let k = 10; k <= 26; k++) setV(w, k, (l) => 0x5a5a0000 + k * 64 + l);
          partialExec(w);
        },
        { mem, target: GFX9_TARGETS[(dfmt + nfmt) % 3] },
      );
      const label = `dfmt ${dfmt} nfmt ${nfmt}`;
      const integer = nfmt === UINT || nfmt === SINT;
      for (let l = 0; l < 64; l++) {
        const keep = (k: number) => (0x5a5a0000 + k * 64 + l) >>> 0;
        if (!on(l)) {
          for (let k = 10; k <= 26; k++) assert.equal(vreg(w, k, l), keep(k), label);
          continue;
        }
        const el = img.subarray(l * stride + 4, l * stride + 4 + bytes);
        const rgba32: number[] = [];
        const rgba16: number[] = [];
        for (let k = 0; k < 4; k++) {
          if (k < widths.length) {
            const [a, b] = refLoad(elemComponent(el, widths, k), widths[k]!, nfmt);
            rgba32.push(a);
            rgba16.push(b);
          } else {
            rgba32.push(k === 3 ? (integer ? 1 : 0x3f800000) : 0);
            rgba16.push(k === 3 ? (integer ? 1 : 0x3c00) : 0);
          }
        }
        const pick = (k: number, d16: boolean) => {
          const sk = (sel >>> (3 * k)) & 7;
          if (sk === 0) return 0;
          if (sk === 1) return d16 ? (integer ? 1 : 0x3c00) : integer ? 1 : 0x3f800000;
          return (d16 ? rgba16 : rgba32)[sk - 4]!;
        };
        assert.equal(vreg(w, 10, l), pick(0, false), `${label} x lane ${l}`);
        for (let k = 0; k < 2; k++) assert.equal(vreg(w, 11 + k, l), pick(k, false), `${label} xy`);
        for (let k = 0; k < 3; k++) assert.equal(vreg(w, 13 + k, l), pick(k, false), `${label} xyz`);
        for (let k = 0; k < 4; k++)
          assert.equal(vreg(w, 16 + k, l), pick(k, false), `${label} xyzw ${k} lane ${l}`);
        const p16 = (a: number, b: number) => ((b << 16) | a) >>> 0;
        assert.equal(vreg(w, 20, l), ((keep(20) & 0xffff0000) | pick(0, true)) >>> 0, `${label} d16_x`);
        assert.equal(vreg(w, 21, l), p16(pick(0, true), pick(1, true)), `${label} d16_xy`);
        assert.equal(vreg(w, 22, l), p16(pick(0, true), pick(1, true)), `${label} d16_xyz`);
        assert.equal(vreg(w, 23, l), ((keep(23) & 0xffff0000) | pick(2, true)) >>> 0, `${label} d16_xyz z`);
        assert.equal(vreg(w, 24, l), p16(pick(0, true), pick(1, true)), `${label} d16_xyzw ${l}`);
        assert.equal(vreg(w, 25, l), p16(pick(2, true), pick(3, true)), `${label} d16_xyzw zw`);
        assert.equal(vreg(w, 26, l), p16(keep(26) & 0xffff, pick(0, true)), `${label} d16_hi_x`);
      }
      assert.equal(w.laneInstructions, 9 * [...Array(64).keys()].filter(on).length);
    }
  }
});

/** Random VGPR data for stores: floats around the conversion edges, or integers. */
function storeData(r: () => number, integer: boolean): number {
  if (integer) {
    const k = r() % 4;
    return k === 0 ? r() % 300 : k === 1 ? -(r() % 300) >>> 0 : r();
  }
  const specials = [
    0, 0x80000000, 0x7f800000, 0xff800000, 0x3f800000, 0xbf800000, 0x3f000000, 0x477fe000, 0x47800000, 0x1,
  ];
  const k = r() % 5;
  if (k === 0) return specials[r() % specials.length]!;
  if (k === 1) return f32bits((r() / 2 ** 32) * 3 - 1.5);
  if (k === 2) return f32bits((r() % 200000) - 100000 + (r() % 8) / 8);
  if (k === 3) return f32bits((r() % 1021) / 1020 / 2 ** (r() % 24)); // small, incl. f16 / uf11 subnormals
  return f32bits(((r() % 4096) + 0.5) / 4095); // ties of unorm12ish
}

test('buffer_store_format: every storable format, x..xyzw and d16, partial EXEC, against the host model', () => {
  const r = rng(4321);
  for (let dfmt = 1; dfmt <= 14; dfmt++) {
    for (const nfmt of [UNORM, SNORM, UINT, SINT, FLOAT]) {
      if (nfmt === FLOAT && !floatOk(dfmt)) continue;
      const widths = FMT_WIDTHS[dfmt]!;
      const bytes = widths.reduce((a, b) => a + b) / 8;
      const integer = nfmt === UINT || nfmt === SINT;
      for (const [form, n, d16, regs] of [
        ['x', 1, false, 1],
        ['xy', 2, false, 2],
        ['xyz', 3, false, 3],
        ['xyzw', 4, false, 4],
        ['d16_x', 1, true, 1],
        ['d16_xy', 2, true, 1],
        ['d16_xyz', 3, true, 2],
        ['d16_xyzw', 4, true, 2],
        ['d16_hi_x', 1, true, 1],
      ] as const) {
        const mem = new DeviceMemory();
        const base = patterned(mem, 64 * 16, r());
        const before = mem.download(base, 64 * 16);
        const data: number[][] = [];
        for (let k = 0; k < regs; k++) {
          data.push(
            Array.from({ length: 64 }, () => {
              if (!d16) return storeData(r, integer);
              const h = (x: number) => (integer ? x & 0xffff : refF16(bitsF32(x)));
              return ((h(storeData(r, integer)) << 16) | h(storeData(r, integer))) >>> 0;
            }),
          );
        }
        const vd = regs === 1 ? 'v10' : `v[10:${9 + regs}]`;
        runWave(
          `buffer_store_format_${form} ${vd}, v1, s[4:7], s8 offen`,
          (w) => {
            setFmtDesc(w, 4, base, dfmt, nfmt);
            w.s[8] = 8;
            setV(w, 1, (l) => l * 16 - 8);
            for (let k = 0; k < regs; k++) setV(w, 10 + k, (l) => data[k]![l]!);
            partialExec(w);
          },
          { mem },
        );
        const after = mem.download(base, 64 * 16);
        const label = `buffer_store_format_${form} dfmt ${dfmt} nfmt ${nfmt}`;
        for (let l = 0; l < 64; l++) {
          const want = before.slice(l * 16, l * 16 + 16);
          if (on(l)) {
            // Build the element: component k from the VGPR data, the rest 0.
            const el = new Uint8Array(16);
            let off = 0;
            for (let k = 0; k < widths.length; k++) {
              let raw = 0;
              if (k < n) {
                const x =
                  form === 'd16_hi_x'
                    ? data[0]![l]! >>> 16
                    : d16
                      ? (data[k >> 1]![l]! >>> (16 * (k & 1))) & 0xffff
                      : data[k]![l]!;
                raw = refStore(x, widths[k]!, nfmt, d16);
              }
              for (let b = 0; b < widths[k]!; b++) {
                const bit = off + b;
                if (Math.floor(raw / 2 ** b) % 2) el[bit >> 3]! |= 1 << (bit & 7);
              }
              off += widths[k]!;
            }
            want.set(el.subarray(0, bytes));
          }
          assert.deepEqual(after.slice(l * 16, l * 16 + 16), want, `${label} lane ${l}`);
        }
      }
    }
  }
});

test('buffer_store_format known answers and a store/load round trip', () => {
  const mem = new DeviceMemory();
  const base = mem.alloc(256);
  const { wave: w } = runWave(
    [
      'buffer_store_format_xyzw v[10:13], off, s[4:7], 0', // 8_8_8_8 unorm
      'buffer_store_format_xyzw v[10:13], off, s[8:11], 0 offset:16', // 2_10_10_10 snorm
      'buffer_store_format_xyz v[14:16], off, s[12:15], 0 offset:32', // 10_11_11 float
      'buffer_store_format_xy v[17:18], off, s[16:19], 0 offset:48', // 16_16 sint (clamped)
      'buffer_store_format_x v19, off, s[20:23], 0 offset:64', // 32 float: raw
      'buffer_load_format_xy v[20:21], off, s[16:19], 0 offset:48',
    ].join('\n'),
    (w) => {
      setFmtDesc(w, 4, base, 10, UNORM);
      setFmtDesc(w, 8, base, 9, SNORM);
      setFmtDesc(w, 12, base, 6, FLOAT);
      setFmtDesc(w, 16, base, 5, SINT);
      setFmtDesc(w, 20, base, 4, FLOAT);
      // unorm: 0.5 -> 127.5 -> 128 (tie to even), 2.0 -> 255, -1 -> 0, NaN -> 0.
      setV(w, 10, () => 0x3f000000);
      setV(w, 11, () => 0x40000000);
      setV(w, 12, () => 0xbf800000);
      setV(w, 13, () => 0x7fc00000);
      // 10_11_11: 1.0 -> 0x3c0, -3 -> 0, 0.5 -> 0x1c0 (10 bits).
      setV(w, 14, () => 0x3f800000);
      setV(w, 15, () => 0xc0400000);
      setV(w, 16, () => 0x3f000000);
      setV(w, 17, () => 40000);
      setV(w, 18, () => -40000 >>> 0);
      setV(w, 19, () => 0x7f800001);
      w.s[EXEC_LO] = 1;
      w.s[EXEC_HI] = 0;
    },
    { mem },
  );
  assert.equal(mem.read32(base), 0x0000ff80);
  // snorm 2_10_10_10: R 0.5 -> 255.5 -> 256, G 2.0 -> 511, B -1 -> -511 (0x201), A NaN -> 0.
  assert.equal(mem.read32(base + 16), (256 | (511 << 10) | (0x201 << 20)) >>> 0);
  assert.equal(mem.read32(base + 32), (0x3c0 | (0 << 11) | (0x1c0 << 22)) >>> 0);
  assert.equal(mem.read32(base + 48), 0x80007fff);
  assert.equal(mem.read32(base + 64), 0x7f800001);
  assert.equal(vreg(w, 20, 0), 32767);
  assert.equal(vreg(w, 21, 0), -32768 >>> 0);
});

test('format ops: all-or-nothing range check, SEL_1 out of range, unbound V#, add_tid stride', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 256, 5);
  const before = mem.download(base, 256);
  const { wave: w } = runWave(
    [
      // 16_16_16_16: 8-byte elements at l*4; num_records 20 bytes: lanes 0..3 in range (bytes 0..19).
      'buffer_load_format_xyzw v[10:13], v1, s[4:7], 0 offen',
      'buffer_store_format_xyzw v[20:23], v1, s[8:11], 0 offen offset:100',
      'buffer_load_format_xy v[14:15], v1, s[12:15], 0 offen',
      'buffer_store_format_x v20, v1, s[12:15], 0 offen',
    ].join('\n'),
    (w) => {
      setFmtDesc(w, 4, base, 12, UINT, { numRecords: 20, sel: 4 | (1 << 3) | (5 << 6) | (1 << 9) });
      setFmtDesc(w, 8, base, 12, UINT, { numRecords: 116 });
      for (let k = 0; k < 4; k++) w.s[12 + k] = 0;
      setV(w, 1, (l) => l * 4);
      for (let k = 20; k < 24; k++) setV(w, k, (l) => 0x1000 + l + k);
      setV(w, 14, () => 0xdead);
    },
    { mem },
  );
  const dv = new DataView(before.buffer);
  for (let l = 0; l < 64; l++) {
    const inRange = l * 4 + 8 <= 20;
    assert.equal(vreg(w, 10, l), inRange ? dv.getUint16(l * 4, true) : 0, `lane ${l}`);
    assert.equal(vreg(w, 11, l), 1); // dst_sel 1 reads 1 even out of range
    assert.equal(vreg(w, 12, l), inRange ? dv.getUint16(l * 4 + 2, true) : 0);
    assert.equal(vreg(w, 13, l), 1);
    assert.equal(vreg(w, 14, l), 0); // unbound (all-zero) V#: zeros
    assert.equal(vreg(w, 15, l), 0);
  }
  // Stores at offset 100 + l*4 with 8-byte elements: only lanes with 100 + 4l + 8 <= 116 store, and the
  // lanes in range overwrite each other's upper halves in lane order.
  const want = before.slice();
  const wdv = new DataView(want.buffer);
  for (let l = 0; l < 64; l++) {
    if (100 + l * 4 + 8 > 116) continue;
    for (let k = 0; k < 4; k++)
      wdv.setUint16(100 + l * 4 + 2 * k, Math.min(0x1000 + l + 20 + k, 0xffff), true);
  }
  assert.deepEqual(mem.download(base, 256), want);
  // add_tid: for the format ops the data format field is a data format, not stride bits [17:14].
  const m2 = new DeviceMemory();
  const b2 = patterned(m2, 4096, 6);
  const { wave: w2 } = runWave(
    'buffer_load_format_x v10, off, s[4:7], 0',
    (w) => setFmtDesc(w, 4, b2, 4, UINT, { stride: 8, w3: 1 << 23 }),
    { mem: m2 },
  );
  for (let l = 0; l < 64; l++) assert.equal(vreg(w2, 10, l), m2.read32(b2 + l * 8));
});

test('format ops with an invalid format stop with an ExecError naming the format and the op', () => {
  const base = 0x1000;
  const bad: [string, number, number, RegExp, number?][] = [
    ['buffer_load_format_x v1, off, s[4:7], 0', 0, UINT, /buffer_load_format_x .*data format 0 \(INVALID\)/],
    [
      'buffer_store_format_xy v[1:2], off, s[4:7], 0',
      15,
      UINT,
      /buffer_store_format_xy .*data format 15 \(RESERVED\)/,
    ],
    [
      'buffer_load_format_d16_x v1, off, s[4:7], 0',
      10,
      6,
      /buffer_load_format_d16_x .*number format 6 \(RESERVED\)/,
    ],
    [
      'buffer_load_format_xyzw v[1:4], off, s[4:7], 0',
      10,
      FLOAT,
      /data format 10 \(8_8_8_8\), number format 7 \(FLOAT\)/,
    ],
    [
      'buffer_store_format_x v1, off, s[4:7], 0',
      9,
      FLOAT,
      /data format 9 \(2_10_10_10\), number format 7 \(FLOAT\)/,
    ],
    [
      'buffer_store_format_x v1, off, s[4:7], 0',
      1,
      USCALED,
      /buffer_store_format_x .*USCALED.*not modelled for stores/,
    ],
    [
      'buffer_load_format_xy v[1:2], off, s[4:7], 0',
      5,
      UINT,
      /buffer_load_format_xy .*invalid dst_sel 2 for component y/,
      4 | (2 << 3),
    ],
  ];
  for (const [src, dfmt, nfmt, re, sel] of bad) {
    assert.throws(() => runWave(src, (w) => setFmtDesc(w, 4, base, dfmt, nfmt, { sel })), re, src);
  }
});

test('buffer_store_lds_dword: LDS at M0[15:0] + offset + lane * 4 to the buffer, partial EXEC', () => {
  const mem = new DeviceMemory();
  const base = patterned(mem, 1024, 14);
  const before = mem.download(base, 1024);
  const { wave: w } = runWave(
    'buffer_store_lds_dword s[4:7], s8 offset:12 lds',
    (w) => {
      // add_tid with stride 4: lane l's dword at base + soffset + 12 + 4l; in range while 12 + 4l < 172.
      setDesc(w, 4, { base, stride: 4, numRecords: 12 + 40 * 4, addTid: true });
      w.s[8] = 64;
      w.s[M0] = 0x7_0200; // bits above 15 are not part of the LDS offset
      for (let k = 0; k < 2048; k += 4) w.wg.ldsView.setUint32(k, 0xc0000000 + k, true);
      partialExec(w);
    },
    { mem },
  );
  const want = before.slice();
  const wdv = new DataView(want.buffer);
  for (let l = 0; l < 64; l++) {
    if (on(l) && 12 + 4 * l < 172) wdv.setUint32(64 + 12 + 4 * l, 0xc0000000 + 0x200 + 12 + l * 4, true);
  }
  assert.deepEqual(mem.download(base, 1024), want);
  assert.equal(w.laneInstructions, [...Array(64).keys()].filter(on).length);
  // Past the LDS allocation the lane stores 0.
  const m2 = new DeviceMemory();
  const b2 = patterned(m2, 64, 15);
  runWave(
    'buffer_store_lds_dword s[4:7], 0 lds',
    (w) => {
      setDesc(w, 4, { base: b2 });
      w.wg.ldsSize = 256;
      w.wg.ldsView.setUint32(0xfc, 0x1234, true);
      w.s[M0] = 0xfc;
      w.s[EXEC_LO] = 1;
      w.s[EXEC_HI] = 0;
    },
    { mem: m2 },
  );
  assert.equal(m2.read32(b2), 0x1234);
  runWave(
    'buffer_store_lds_dword s[4:7], 0 lds',
    (w) => {
      setDesc(w, 4, { base: b2 });
      w.wg.ldsSize = 256;
      w.s[M0] = 0x100;
      w.s[EXEC_LO] = 1;
      w.s[EXEC_HI] = 0;
    },
    { mem: m2 },
  );
  assert.equal(m2.read32(b2), 0);
});

/** MUBUF ops left without semantics on purpose, with the reason. */
const MUBUF_NOT_YET: Record<string, string> = {};

test('coverage: every MUBUF op of gfx900/906/908 executes or is on the not-yet list', () => {
  for (const t of GFX9_TARGETS) {
    for (const op of mubufTable(t).rows) {
      const words = new Uint32Array([((0x38 << 26) | ((op.opcodes.gfx9 as number) << 18)) >>> 0, 0]);
      const i = new Inst();
      assert.equal(decodeMubuf(words, 0, 2, i, t), 2, op.name);
      assert.equal(i.name, op.name);
      const left = op.name in MUBUF_NOT_YET;
      assert.equal(i.run === unimplemented, left, `${t} ${op.name}`);
    }
  }
  // Nothing is left: every MUBUF op of the three targets has semantics.
  assert.equal(Object.keys(MUBUF_NOT_YET).length, 0);
});
