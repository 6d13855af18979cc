// Tests of MUBUF execution (src/emu/mem/mubuf*.ts): linear and swizzled buffer addressing, idxen/offen,
// add_tid, range checking, sub-dword and d16 forms, atomics and faults. Expected values come from host
// computations written here from the Vega ISA document's buffer addressing formulas, from the FLAT
// scratch mapping (src/emu/mem/scratch.ts) for the private segment V#, and from hand-worked answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MUBUF_OPS } from '../src/codec/families/buf-ops.js';
import { Inst, unimplemented } from '../src/emu/inst.js';
import { LaneFault } from '../src/emu/mem/fault.js';
import { decodeMubuf } from '../src/emu/mem/mubuf.js';
import { scratchAddress } from '../src/emu/mem/scratch.js';
import { EXEC_HI, EXEC_LO, FLAT_SCRATCH_HI, FLAT_SCRATCH_LO, M0, type Wave } from '../src/emu/wave.js';
import { DeviceMemory } from '../src/gpu/memory.js';
import { TARGETS, targetBit } from '../src/isa/targets.js';
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

/** MUBUF ops left without semantics on purpose, with the reason. */
const MUBUF_NOT_YET: Record<string, string> = {
  buffer_store_lds_dword: 'LDS-to-memory transfer: M0-based LDS addressing not modelled yet',
};
// buffer_(load|store)_format_*: need the V# data/num format conversions, not implemented.
const isFormat = (n: string) => n.includes('_format_');

test('coverage: every MUBUF op of gfx900/906/908 executes or is on the not-yet list', () => {
  for (const t of TARGETS) {
    for (const op of MUBUF_OPS) {
      if (!(op.targets & targetBit(t))) continue;
      const words = new Uint32Array([((0x38 << 26) | (op.opcode << 18)) >>> 0, 0]);
      const i = new Inst();
      assert.equal(decodeMubuf(words, 0, 2, i, t), 2, op.name);
      assert.equal(i.name, op.name);
      const left = op.name in MUBUF_NOT_YET || isFormat(op.name);
      assert.equal(i.run === unimplemented, left, `${t} ${op.name}`);
    }
  }
  assert.throws(
    () => runWave('buffer_load_format_x v1, off, s[4:7], 0'),
    /instruction without semantics: buffer_load_format_x/,
  );
});
