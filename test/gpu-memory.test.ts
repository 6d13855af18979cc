// Device memory: allocation placement, every access width against a plain byte-array model (aligned and
// unaligned, randomized), the little-endian layout, each atomic against an independent BigInt/reference
// implementation, faults with their exact messages, and that repeated accesses take the last-hit path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type AtomicOp,
  DEVICE_MEMORY_BASE,
  DeviceMemory,
  GUARD_BYTES,
  MemoryFault,
  sext8,
  sext16,
  zext8,
  zext16,
} from '../src/emu/memory.js';
import { INTEGER_ATOMICS } from '../src/isa/ops/atomics.js';

/** Deterministic xorshift32 so that a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

// Reference little-endian decoding, written from bytes rather than through a DataView.
const refU16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const refU32 = (b: Uint8Array, o: number) =>
  (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
const putU32 = (b: Uint8Array, o: number, v: number) => {
  for (let i = 0; i < 4; i++) b[o + i] = (v >>> (8 * i)) & 0xff;
};

function expectFault(fn: () => unknown, addr: number, size: number, kind: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof MemoryFault);
    assert.equal(e.addr, addr);
    assert.equal(e.size, size);
    assert.equal(e.kind, kind);
    assert.equal(e.message, `unmapped address 0x${addr.toString(16)} (${size}-byte ${kind})`);
    return true;
  });
}

test('allocations are aligned, above 2^32, disjoint and separated by a guard gap', () => {
  const mem = new DeviceMemory();
  const r = rng(7);
  const placed: { base: number; size: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const size = r() % 5000;
    const align = 2 ** (r() % 17);
    const base = mem.alloc(size, align);
    assert.ok(base >= DEVICE_MEMORY_BASE && base > 2 ** 32);
    assert.ok(Number.isSafeInteger(base));
    assert.equal(base % align, 0);
    placed.push({ base, size });
  }
  assert.equal(mem.alloc(1) % 256, 0, 'default alignment is 256');
  for (let i = 1; i < placed.length; i++) {
    assert.ok(placed[i]!.base >= placed[i - 1]!.base + placed[i - 1]!.size + GUARD_BYTES);
  }
  assert.deepEqual(mem.allocations().slice(0, placed.length), placed);
  const big = mem.alloc(16, 2 ** 36);
  assert.equal(big % 2 ** 36, 0);
  assert.deepEqual(mem.allocationAt(big + 15), { base: big, size: 16 });
  assert.equal(mem.allocationAt(big + 16), undefined);
  assert.throws(() => mem.alloc(16, 3), /alignment 3 is not a power of two/);
  assert.throws(() => mem.alloc(16, 0), /not a power of two/);
  assert.throws(() => mem.alloc(-1), /invalid allocation size/);
  assert.throws(() => mem.alloc(1.5), /invalid allocation size/);
});

test('new allocations are zeroed', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(100);
  assert.deepEqual(mem.download(a, 100), new Uint8Array(100));
});

test('randomized accesses of every width agree with a byte-array model', () => {
  const mem = new DeviceMemory();
  const r = rng(12345);
  const sizes = [64, 257, 1000, 4096];
  const bases = sizes.map((s) => mem.alloc(s, 4));
  const refs = sizes.map((s) => new Uint8Array(s));
  const dwords = new Uint32Array(8);
  const f64 = new Float64Array(1);
  const f64b = new Uint8Array(f64.buffer);
  let unaligned = 0;
  for (let step = 0; step < 20000; step++) {
    const k = r() % sizes.length;
    const base = bases[k]!;
    const ref = refs[k]!;
    const kind = r() % 10;
    const width = [1, 1, 2, 2, 4, 4, 4, 8, 8, 16][kind]!;
    const n = width === 16 ? 1 + (r() % 4) : 0;
    const bytes = width === 16 ? n * 4 : width;
    const off = r() % (ref.length - bytes + 1);
    if (off % Math.min(bytes, 8) !== 0) unaligned++;
    const addr = base + off;
    const buf = Buffer.from(ref.buffer);
    if (r() % 2 === 0) {
      // Store through the memory and mirror it into the model byte by byte.
      const v = r();
      switch (kind) {
        case 0:
          mem.write8(addr, v);
          ref[off] = v & 0xff;
          break;
        case 1:
          mem.write8(addr, -((v % 128) + 1));
          ref[off] = 256 - ((v % 128) + 1);
          break;
        case 2:
        case 3:
          mem.write16(addr, kind === 3 ? v | 0 : v);
          ref[off] = v & 0xff;
          ref[off + 1] = (v >>> 8) & 0xff;
          break;
        case 4:
          mem.write32(addr, v | 0);
          putU32(ref, off, v);
          break;
        case 5: {
          const f = (v / 65536 - 30000) * 1.25;
          mem.writeF32(addr, f);
          buf.writeFloatLE(f, off);
          break;
        }
        case 6:
          mem.write32(addr, v);
          putU32(ref, off, v);
          break;
        case 7: {
          const hi = r();
          mem.write64(addr, v, hi);
          putU32(ref, off, v);
          putU32(ref, off + 4, hi);
          break;
        }
        case 8: {
          dwords[0] = v;
          dwords[1] = r();
          f64b.set(new Uint8Array(dwords.buffer, 0, 8));
          mem.writeF64(addr, f64[0]!);
          if (!Number.isNaN(f64[0]!)) buf.writeDoubleLE(f64[0]!, off);
          else ref.set(mem.download(addr, 8), off);
          break;
        }
        default: {
          const srcIndex = r() % 4;
          for (let i = 0; i < n; i++) dwords[srcIndex + i] = r();
          mem.writeDwords(addr, n, dwords, srcIndex);
          for (let i = 0; i < n; i++) putU32(ref, off + 4 * i, dwords[srcIndex + i]!);
        }
      }
    } else {
      switch (kind) {
        case 0:
          assert.equal(mem.read8(addr), ref[off]);
          break;
        case 1:
          assert.equal(mem.readI8(addr), buf.readInt8(off));
          break;
        case 2:
          assert.equal(mem.read16(addr), refU16(ref, off));
          break;
        case 3:
          assert.equal(mem.readI16(addr), buf.readInt16LE(off));
          break;
        case 4:
          assert.equal(mem.read32(addr), refU32(ref, off));
          break;
        case 5:
          assert.ok(Object.is(mem.readF32(addr), buf.readFloatLE(off)) || Number.isNaN(buf.readFloatLE(off)));
          break;
        case 6:
          assert.equal(mem.readI32(addr), buf.readInt32LE(off));
          break;
        case 7:
          mem.read64(addr, dwords, 3);
          assert.equal(dwords[3], refU32(ref, off));
          assert.equal(dwords[4], refU32(ref, off + 4));
          break;
        case 8: {
          const d = mem.readF64(addr);
          assert.ok(Object.is(d, buf.readDoubleLE(off)) || Number.isNaN(d));
          break;
        }
        default: {
          const dstIndex = r() % 4;
          dwords.fill(0xdeadbeef);
          mem.readDwords(addr, n, dwords, dstIndex);
          for (let i = 0; i < n; i++) assert.equal(dwords[dstIndex + i], refU32(ref, off + 4 * i));
          if (dstIndex + n < 8) assert.equal(dwords[dstIndex + n], 0xdeadbeef, 'no write past n dwords');
        }
      }
    }
  }
  assert.ok(unaligned > 1000, 'the run exercised unaligned accesses');
  for (let k = 0; k < sizes.length; k++) assert.deepEqual(mem.download(bases[k]!, sizes[k]!), refs[k]);
});

test('readDwords and writeDwords accept Int32Array registers', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(32);
  mem.writeDwords(a + 1, 2, Int32Array.of(-1, -2), 0);
  const out = new Int32Array(2);
  mem.readDwords(a + 1, 2, out, 0);
  assert.deepEqual([...out], [-1, -2]);
  assert.equal(mem.read32(a + 5), 0xfffffffe);
});

test('layout is little-endian', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(32);
  mem.write32(a, 0x11223344);
  mem.write64(a + 4, 0x55667788, 0x99aabbcc);
  mem.write16(a + 12, 0xddee);
  mem.write8(a + 14, 0x1ff);
  assert.deepEqual(
    [...mem.download(a, 15)],
    [0x44, 0x33, 0x22, 0x11, 0x88, 0x77, 0x66, 0x55, 0xcc, 0xbb, 0xaa, 0x99, 0xee, 0xdd, 0xff],
  );
  mem.writeF32(a + 16, 1);
  assert.deepEqual([...mem.download(a + 16, 4)], [0, 0, 0x80, 0x3f]);
  mem.writeF64(a + 20, -2);
  assert.deepEqual([...mem.download(a + 20, 8)], [0, 0, 0, 0, 0, 0, 0, 0xc0]);
  assert.equal(mem.readI8(a + 14), -1);
  assert.equal(mem.read8(a + 14), 255);
  assert.equal(mem.readI16(a + 12), 0xddee - 0x10000);
  assert.equal(mem.readI32(a + 8), 0x99aabbcc | 0);
});

test('sign and zero extension helpers', () => {
  assert.equal(sext8(0x80), -128);
  assert.equal(sext8(0x17f), 127);
  assert.equal(sext16(0xffff), -1);
  assert.equal(sext16(0x7fff), 0x7fff);
  assert.equal(zext8(-1), 0xff);
  assert.equal(zext16(-1), 0xffff);
});

test('host copies: upload, download, fill', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(64);
  mem.upload(a + 3, Uint8Array.of(1, 2, 3, 4, 5));
  mem.fill(a + 10, 6, 0xab);
  const all = mem.download(a, 64);
  assert.deepEqual([...all.subarray(0, 17)], [0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 171, 171, 171, 171, 171, 171, 0]);
  all[3] = 99;
  assert.equal(mem.read8(a + 3), 1, 'download returns a copy');
  assert.deepEqual(mem.download(a + 64, 0), new Uint8Array(0));
  mem.upload(a + 1000, new Uint8Array(0));
  mem.fill(a - 1, 0, 1);
  expectFault(() => mem.upload(a + 60, new Uint8Array(5)), a + 60, 5, 'write');
  expectFault(() => mem.download(a - 1, 2), a - 1, 2, 'read');
  expectFault(() => mem.fill(a, 65, 0), a, 65, 'write');
});

// Reference atomics, written independently of the implementation: 32-bit on unsigned numbers, 64-bit on
// BigInt. Each returns the new memory value.
function ref32(op: AtomicOp, old: number, src: number, cmp: number): number {
  const s32 = (x: number) => (x > 0x7fffffff ? x - 0x100000000 : x);
  const u = (x: number) => ((x % 0x100000000) + 0x100000000) % 0x100000000;
  switch (op) {
    case 'swap':
      return src;
    case 'cmpswap':
      return old === cmp ? src : old;
    case 'add':
      return u(old + src);
    case 'sub':
      return u(old - src);
    case 'smin':
      return s32(old) <= s32(src) ? old : src;
    case 'umin':
      return Math.min(old, src);
    case 'smax':
      return s32(old) >= s32(src) ? old : src;
    case 'umax':
      return Math.max(old, src);
    case 'and':
      return u(old & src);
    case 'or':
      return u(old | src);
    case 'xor':
      return u(old ^ src);
    case 'inc':
      return old >= src ? 0 : old + 1;
    case 'dec':
      return old === 0 || old > src ? src : old - 1;
    default:
      throw new Error(
        `ref32: ${op} is not an integer atomic (float ones: test/emu-mem-float-atomics.test.ts)`,
      );
  }
}

function ref64(op: AtomicOp, old: bigint, src: bigint, cmp: bigint): bigint {
  const m = (1n << 64n) - 1n;
  const s = (x: bigint) => BigInt.asIntN(64, x);
  switch (op) {
    case 'swap':
      return src;
    case 'cmpswap':
      return old === cmp ? src : old;
    case 'add':
      return (old + src) & m;
    case 'sub':
      return (old - src) & m;
    case 'smin':
      return s(old) <= s(src) ? old : src;
    case 'umin':
      return old <= src ? old : src;
    case 'smax':
      return s(old) >= s(src) ? old : src;
    case 'umax':
      return old >= src ? old : src;
    case 'and':
      return old & src;
    case 'or':
      return old | src;
    case 'xor':
      return old ^ src;
    case 'inc':
      return old >= src ? 0n : old + 1n;
    case 'dec':
      return old === 0n || old > src ? src : old - 1n;
    default:
      throw new Error(
        `ref64: ${op} is not an integer atomic (float ones: test/emu-mem-float-atomics.test.ts)`,
      );
  }
}

const OPS = INTEGER_ATOMICS;
const EDGE32 = [0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff];

test('32-bit atomics match the reference and return the old value', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(64);
  const r = rng(99);
  const pick = () => (r() % 3 === 0 ? EDGE32[r() % EDGE32.length]! : r() % 4 === 0 ? r() % 8 : r());
  for (const op of OPS) {
    for (let i = 0; i < 2000; i++) {
      const addr = a + (r() % 61);
      const old = pick();
      const src = pick();
      const cmp = r() % 2 === 0 ? old : pick();
      mem.write32(addr, old);
      // Half the calls pass signed values, as an Int32Array register file would.
      const got = mem.atomic32(op, addr, i % 2 ? src | 0 : src, i % 2 ? cmp | 0 : cmp);
      assert.equal(got, old, `${op} returns old`);
      assert.equal(mem.read32(addr), ref32(op, old, src, cmp), `${op} ${old} ${src} ${cmp}`);
    }
  }
});

test('GCN inc/dec wrap semantics on fixed cases', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(4);
  const cases: [AtomicOp, number, number, number][] = [
    ['inc', 5, 5, 0],
    ['inc', 4, 5, 5],
    ['inc', 9, 5, 0],
    ['inc', 0xfffffffe, 0xffffffff, 0xffffffff],
    ['dec', 0, 7, 7],
    ['dec', 8, 7, 7],
    ['dec', 7, 7, 6],
    ['dec', 1, 7, 0],
  ];
  for (const [op, old, src, expected] of cases) {
    mem.write32(a, old);
    assert.equal(mem.atomic32(op, a, src), old);
    assert.equal(mem.read32(a), expected, `${op} old=${old} src=${src}`);
  }
});

test('named 32-bit atomics delegate to the matching operation', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(4);
  const calls: [(addr: number, v: number) => number, AtomicOp][] = [
    [mem.atomicSwap32, 'swap'],
    [mem.atomicAdd32, 'add'],
    [mem.atomicSub32, 'sub'],
    [mem.atomicSMin32, 'smin'],
    [mem.atomicUMin32, 'umin'],
    [mem.atomicSMax32, 'smax'],
    [mem.atomicUMax32, 'umax'],
    [mem.atomicAnd32, 'and'],
    [mem.atomicOr32, 'or'],
    [mem.atomicXor32, 'xor'],
    [mem.atomicInc32, 'inc'],
    [mem.atomicDec32, 'dec'],
  ];
  for (const [fn, op] of calls) {
    mem.write32(a, 0x80000005);
    assert.equal(fn.call(mem, a, 7), 0x80000005);
    assert.equal(mem.read32(a), ref32(op, 0x80000005, 7, 0), op);
  }
  mem.write32(a, 3);
  assert.equal(mem.atomicCmpSwap32(a, 9, 3), 3);
  assert.equal(mem.read32(a), 9);
  assert.equal(mem.atomicCmpSwap32(a, 1, 3), 9);
  assert.equal(mem.read32(a), 9);
});

test('64-bit atomics match a BigInt reference', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(64);
  const r = rng(2024);
  const edges = [
    0n,
    1n,
    2n,
    0xffffffffn,
    0x100000000n,
    (1n << 63n) - 1n,
    1n << 63n,
    (1n << 64n) - 1n,
    (1n << 64n) - 2n,
  ];
  const pick = (): bigint => {
    const c = r() % 4;
    if (c === 0) return edges[r() % edges.length]!;
    if (c === 1) return BigInt(r() % 8) + (r() % 2 ? 0n : 0xffffffffn); // carries and borrows across halves
    return (BigInt(r()) << 32n) | BigInt(r());
  };
  const lo = (x: bigint) => Number(x & 0xffffffffn);
  const hi = (x: bigint) => Number(x >> 32n);
  const out = new Uint32Array(4);
  for (const op of OPS) {
    for (let i = 0; i < 2000; i++) {
      const addr = a + (r() % 57);
      const old = pick();
      const src = pick();
      const cmp = r() % 2 === 0 ? old : r() % 2 === 0 ? old ^ 1n : old ^ (1n << 40n);
      mem.write64(addr, lo(old), hi(old));
      const j = r() % 3;
      mem.atomic64(op, addr, lo(src), hi(src) | 0, lo(cmp) | 0, hi(cmp), out, j);
      assert.equal((BigInt(out[j + 1]!) << 32n) | BigInt(out[j]!), old, `${op} returns old`);
      mem.read64(addr, out, 0);
      const now = (BigInt(out[1]!) << 32n) | BigInt(out[0]!);
      assert.equal(now, ref64(op, old, src, cmp), `${op} old=${old} src=${src} cmp=${cmp}`);
    }
  }
});

test('faults on unmapped, guard, freed and partially out-of-range accesses', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(16);
  const b = mem.alloc(16);
  const out = new Uint32Array(4);
  expectFault(() => mem.read32(0x1000), 0x1000, 4, 'read');
  expectFault(() => mem.read32(a - 4), a - 4, 4, 'read');
  expectFault(() => mem.read8(a + 16), a + 16, 1, 'read');
  expectFault(() => mem.read32(a + 13), a + 13, 4, 'read');
  expectFault(() => mem.readDwords(a + 4, 4, out, 0), a + 4, 16, 'read');
  expectFault(() => mem.read64(a + 12, out, 0), a + 12, 8, 'read');
  expectFault(() => mem.readF64(a + 9), a + 9, 8, 'read');
  expectFault(() => mem.write16(a + 15, 0), a + 15, 2, 'write');
  expectFault(() => mem.write8(a + 16 + GUARD_BYTES - 1, 0), a + 16 + GUARD_BYTES - 1, 1, 'write');
  expectFault(() => mem.writeDwords(a + 8, 3, out, 0), a + 8, 12, 'write');
  expectFault(() => mem.write64(b - 4, 0, 0), b - 4, 8, 'write');
  expectFault(() => mem.atomicAdd32(a + 14, 1), a + 14, 4, 'atomic');
  expectFault(() => mem.atomic64('add', a + 12, 1, 0, 0, 0, out, 0), a + 12, 8, 'atomic');
  expectFault(() => mem.read32(a - 2 ** 32), a - 2 ** 32, 4, 'read');
  // A fault leaves memory untouched and later valid accesses still work.
  mem.write32(a + 12, 0x01020304);
  assert.equal(mem.read32(a + 12), 0x01020304);
  const e = (() => {
    try {
      mem.read32(0x7f0000001000);
    } catch (err) {
      return err as Error;
    }
  })();
  assert.equal(e?.message, 'unmapped address 0x7f0000001000 (4-byte read)');
  assert.equal(e?.name, 'MemoryFault');

  mem.free(a);
  expectFault(() => mem.read8(a), a, 1, 'read');
  expectFault(() => mem.write32(a + 4, 1), a + 4, 4, 'write');
  assert.equal(mem.read8(b), 0, 'other allocations survive a free');
  assert.throws(() => mem.free(a), /free of 0x[0-9a-f]+, which is not the start of a live allocation/);
  assert.throws(() => mem.free(b + 4), /not the start of a live allocation/);
  const c = mem.alloc(16);
  assert.ok(c > b, 'freed addresses are not reused');
  expectFault(() => mem.read8(a), a, 1, 'read');

  const z = mem.alloc(0);
  expectFault(() => mem.read8(z), z, 1, 'read');
});

test('free of the cached region drops it from the last-hit cache', () => {
  const mem = new DeviceMemory();
  const a = mem.alloc(16);
  mem.read32(a);
  mem.free(a);
  expectFault(() => mem.read32(a), a, 4, 'read');
});

test("the engine's lookups (regionOf) keep the last four regions found; a freed one is not found", () => {
  const mem = new DeviceMemory();
  const bases = Array.from({ length: 6 }, () => mem.alloc(256));
  const start = mem.slowLookups;
  for (let i = 0; i < 100; i++)
    for (const b of bases.slice(0, 4)) assert.equal(mem.regionOf(b + 16, 8)?.base, b);
  assert.equal(mem.slowLookups - start, 4, 'four buffers in turn: each searched once');
  for (let i = 0; i < 10; i++) for (const b of bases.slice(0, 5)) mem.regionOf(b, 4);
  // The first round finds the four cached; from then on each of five in turn has been replaced.
  assert.equal(mem.slowLookups - start, 4 + 1 + 9 * 5, 'five in turn: every lookup searched');
  assert.equal(mem.regionOf(bases[1] + 250, 8), null, 'past the end');
  mem.regionOf(bases[2], 4);
  mem.free(bases[2]);
  assert.equal(mem.regionOf(bases[2], 4), null);
  assert.equal(mem.regionOf(bases[3], 4)?.base, bases[3]);
});

test('repeated accesses to one allocation take the last-hit path', () => {
  const mem = new DeviceMemory();
  const bases = Array.from({ length: 50 }, () => mem.alloc(256));
  const a = bases[10]!;
  const b = bases[40]!;
  const out = new Uint32Array(4);
  const start = mem.slowLookups;
  for (let i = 0; i < 1000; i++) {
    mem.write32(a + (i % 64) * 4, i);
    mem.readDwords(a + (i % 61) * 4, 4, out, 0);
    mem.atomicAdd32(a, 1);
  }
  assert.equal(mem.slowLookups - start, 1, 'only the first access searched');
  for (let i = 0; i < 100; i++) {
    mem.read8(a);
    mem.read8(b);
  }
  assert.equal(mem.slowLookups - start, 200, 'alternating allocations miss every time');
  const faultsBefore = mem.slowLookups;
  expectFault(() => mem.read8(b + 256), b + 256, 1, 'read');
  assert.equal(mem.slowLookups, faultsBefore + 1);
  assert.equal(mem.read8(b), 0);
  assert.equal(mem.slowLookups, faultsBefore + 1, 'a fault does not evict the cached region');
});
