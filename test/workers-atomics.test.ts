// The atomics of a parallel dispatch (emu/mem/shared-atomic.ts: Atomics and compare-and-swap loops on
// the shared bytes) against the single-threaded read-modify-write: the same old value and the same new
// memory, bit for bit, for every operation of isa/ops/atomics.ts at 32 and 64 bits, aligned and not.
// Two threads on one word: workers-dispatch.test.ts (histogram, float atomics).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import { FLOAT_ATOMICS, INTEGER_ATOMICS } from '../src/isa/ops/atomics.js';

const OPS = [...INTEGER_ATOMICS, ...FLOAT_ATOMICS];

/** Interesting 32-bit patterns: zero, signs, float specials, denormals, and a few random words. */
const WORDS = [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000];
WORDS.push(0x7fc00000, 0x7fa00000, 0x00000001, 0x80000001, 0x00800000, 0x12345678, 0xdeadbeef, 0x9abcdef0);

/** A plain memory and a concurrent view of the same bytes, one 64-byte allocation at the same address. */
function pair(): { plain: DeviceMemory; shared: DeviceMemory; base: number } {
  const plain = new DeviceMemory();
  const base = plain.alloc(64);
  const other = new DeviceMemory();
  other.alloc(64);
  const shared = DeviceMemory.mapping(other.shared(), other.nextAddress);
  return { plain, shared, base };
}

test('32-bit atomics: concurrent (Atomics, CAS loops) = single-threaded, every op, aligned and not', () => {
  const { plain, shared, base } = pair();
  for (const op of OPS)
    for (const off of [0, 4, 6])
      for (const old of WORDS)
        for (const src of WORDS) {
          const cmp = src ^ 1 ? old : src;
          plain.write32(base + off, old);
          shared.write32(base + off, old);
          const a = plain.atomic32(op, base + off, src, cmp);
          const b = shared.atomic32(op, base + off, src, cmp);
          const what = `${op} old 0x${old.toString(16)} src 0x${src.toString(16)} at +${off}`;
          assert.equal(b, a, `${what}: returned value`);
          assert.equal(shared.read32(base + off), plain.read32(base + off), `${what}: memory`);
        }
});

test('64-bit atomics: concurrent (CAS loop on BigInt64Array) = single-threaded, every op', () => {
  const { plain, shared, base } = pair();
  const o1 = new Uint32Array(2);
  const o2 = new Uint32Array(2);
  const pairs = WORDS.slice(0, 12).flatMap((lo) => [0, 0xffffffff, 0x80000000, 7].map((hi) => [lo, hi]));
  for (const op of OPS)
    for (const off of [0, 8, 4])
      for (const [oLo, oHi] of pairs)
        for (const [sLo, sHi] of pairs.slice(0, 16)) {
          const [cLo, cHi] = sLo & 1 ? [oLo, oHi] : [sLo, sHi];
          for (const m of [plain, shared]) m.write64(base + off, oLo, oHi);
          plain.atomic64(op, base + off, sLo, sHi, cLo, cHi, o1, 0);
          shared.atomic64(op, base + off, sLo, sHi, cLo, cHi, o2, 0);
          const what = `${op}_x2 old ${oHi}:${oLo} src ${sHi}:${sLo} at +${off}`;
          assert.deepEqual([...o2], [...o1], `${what}: returned value`);
          const mem = (m: DeviceMemory) => [m.read32(base + off), m.read32(base + off + 4)];
          assert.deepEqual(mem(shared), mem(plain), `${what}: memory`);
        }
});

test('update32 (float add atomics): concurrent = single-threaded, and faults as an atomic access', () => {
  const { plain, shared, base } = pair();
  const f = (old: number, src: number) => (old * 3 + src) >>> 0;
  for (const off of [0, 2])
    for (const old of WORDS) {
      plain.write32(base + off, old);
      shared.write32(base + off, old);
      assert.equal(shared.update32(base + off, f, 5), plain.update32(base + off, f, 5));
      assert.equal(shared.read32(base + off), plain.read32(base + off));
    }
  assert.throws(() => shared.update32(base + 64, f, 1), /unmapped address 0x[0-9a-f]+ \(4-byte atomic\)/);
});
