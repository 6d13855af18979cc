// Tests of DS (LDS) execution (src/emu/mem/ds*.ts). Each op runs from assembly text on one wave; the
// expected LDS and registers come from a small host model written here from the Vega ISA document's
// pseudo code (byte array + per-lane loops), known answers worked out by hand, and partial EXEC masks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inst, unimplemented } from '../src/emu/inst.js';
import { decodeDs } from '../src/emu/mem/ds.js';
import { EXEC_HI, EXEC_LO, M0, type Wave } from '../src/emu/wave.js';
import { DS_SHAPES, DsGds } from '../src/isa/ops/memory-ds.js';
import { GFX9_TARGETS } from './helpers/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

const EXEC_PATTERN = [0xa5f0_3c96, 0x7e81_0ff1];
function setExec(w: Wave, lo = EXEC_PATTERN[0]!, hi = EXEC_PATTERN[1]!): void {
  w.s[EXEC_LO] = lo >>> 0;
  w.s[EXEC_HI] = hi >>> 0;
}
/** Active lanes of EXEC_PATTERN, counted by the host. */
const ACTIVE = Array.from({ length: 64 }, (_, l) => on(l)).filter((x) => x).length;
function on(lane: number, lo = EXEC_PATTERN[0]!, hi = EXEC_PATTERN[1]!): boolean {
  return (((lane < 32 ? lo >>> lane : hi >>> (lane - 32)) >>> 0) & 1) === 1;
}

/** Host LDS model. */
class Lds {
  readonly b = new Uint8Array(65536);
  readonly dv = new DataView(this.b.buffer);
  constructor(from?: Uint8Array) {
    if (from) this.b.set(from);
  }
}

function fillLds(w: Wave, seed: number): Uint8Array {
  const r = rng(seed);
  for (let k = 0; k < 65536; k += 4) w.wg.ldsView.setUint32(k, r(), true);
  return w.wg.lds.slice();
}

test('ds_write_b32 / ds_read_b32 with offset and partial EXEC', () => {
  let before: Uint8Array = new Uint8Array(0);
  const { wave: w } = runWave(
    'ds_write_b32 v1, v2 offset:260\nds_read_b32 v3, v4 offset:8\nds_read_b32 v5, v1 offset:260',
    (w) => {
      before = fillLds(w, 1);
      setV(w, 1, (l) => l * 12);
      setV(w, 2, (l) => 0x1000 + l);
      setV(w, 4, (l) => 1000 + l * 4);
      setV(w, 3, () => 0xdead);
      setV(w, 5, () => 0xdead);
      setExec(w);
    },
  );
  const m = new Lds(before);
  for (let l = 0; l < 64; l++) if (on(l)) m.dv.setUint32(l * 12 + 260, 0x1000 + l, true);
  assert.deepEqual(w.wg.lds, m.b);
  for (let l = 0; l < 64; l++) {
    assert.equal(vreg(w, 3, l), on(l) ? m.dv.getUint32(1000 + l * 4 + 8, true) : 0xdead, `lane ${l}`);
    assert.equal(vreg(w, 5, l), on(l) ? 0x1000 + l : 0xdead);
  }
  assert.equal(w.laneInstructions, 3 * ACTIVE);
});

test('ds_write/read b64, b96, b128 move consecutive dwords', () => {
  for (const n of [2, 3, 4]) {
    const bits = n * 32;
    const hi = 10 + n - 1;
    const src = `ds_write_b${bits} v1, v[10:${hi}] offset:4\nds_read_b${bits} v[20:${20 + n - 1}], v1 offset:4`;
    let before: Uint8Array = new Uint8Array(0);
    const { wave: w } = runWave(src, (w) => {
      before = fillLds(w, n);
      setV(w, 1, (l) => 64 * l);
      for (let k = 0; k < n; k++) setV(w, 10 + k, (l) => (l << 8) | k);
      setExec(w);
    });
    const m = new Lds(before);
    for (let l = 0; l < 64; l++) {
      if (!on(l)) continue;
      for (let k = 0; k < n; k++) m.dv.setUint32(64 * l + 4 + 4 * k, (l << 8) | k, true);
    }
    assert.deepEqual(w.wg.lds, m.b, `b${bits}`);
    for (let l = 0; l < 64; l++) {
      for (let k = 0; k < n; k++) assert.equal(vreg(w, 20 + k, l), on(l) ? (l << 8) | k : 0);
    }
  }
});

test('sub-dword reads (sign/zero extension, d16 halves keep the other half) and writes', () => {
  const src = [
    'ds_read_u8 v10, v1',
    'ds_read_i8 v11, v1',
    'ds_read_u16 v12, v1 offset:1',
    'ds_read_i16 v13, v1 offset:1',
    'ds_read_u8_d16 v14, v1',
    'ds_read_u8_d16_hi v15, v1',
    'ds_read_i8_d16 v16, v1',
    'ds_read_i8_d16_hi v17, v1',
    'ds_read_u16_d16 v18, v1',
    'ds_read_u16_d16_hi v19, v1',
    'ds_write_b8 v2, v3',
    'ds_write_b16 v2, v3 offset:2',
    'ds_write_b8_d16_hi v2, v3 offset:4',
    'ds_write_b16_d16_hi v2, v3 offset:6',
  ].join('\n');
  let before: Uint8Array = new Uint8Array(0);
  const { wave: w } = runWave(src, (w) => {
    before = fillLds(w, 3);
    setV(w, 1, (l) => l * 3);
    setV(w, 2, (l) => 8192 + l * 8);
    setV(w, 3, (l) => 0x80ff7f01 + l);
    for (let r = 14; r <= 19; r++) setV(w, r, () => 0x12345678);
    setExec(w);
  });
  const m = new Lds(before);
  const d = m.dv;
  for (let l = 0; l < 64; l++) {
    if (!on(l)) {
      assert.equal(vreg(w, 10, l), 0);
      assert.equal(vreg(w, 14, l), 0x12345678);
      continue;
    }
    const a = l * 3;
    const u8 = before[a]!;
    const u16 = before[a] | (before[a + 1]! << 8);
    const u16b = before[a + 1]! | (before[a + 2]! << 8);
    const s8 = u8 >= 128 ? u8 - 256 : u8;
    assert.equal(vreg(w, 10, l), u8);
    assert.equal(vreg(w, 11, l), s8 >>> 0);
    assert.equal(vreg(w, 12, l), u16b);
    assert.equal(vreg(w, 13, l), (u16b >= 0x8000 ? u16b - 0x10000 : u16b) >>> 0);
    assert.equal(vreg(w, 14, l), 0x12340000 + u8);
    assert.equal(vreg(w, 15, l), ((u8 << 16) | 0x5678) >>> 0);
    assert.equal(vreg(w, 16, l), 0x12340000 + (s8 & 0xffff));
    assert.equal(vreg(w, 17, l), (((s8 & 0xffff) << 16) | 0x5678) >>> 0);
    assert.equal(vreg(w, 18, l), 0x12340000 + u16);
    assert.equal(vreg(w, 19, l), ((u16 << 16) | 0x5678) >>> 0);
    const x = (0x80ff7f01 + l) >>> 0;
    const b = 8192 + l * 8;
    d.setUint8(b, x & 0xff);
    d.setUint16(b + 2, x & 0xffff, true);
    d.setUint8(b + 4, (x >>> 16) & 0xff);
    d.setUint16(b + 6, x >>> 16, true);
  }
  assert.deepEqual(w.wg.lds, m.b);
});

test('read2/write2 scale offset0/offset1 by the element size, st64 by 64 elements more', () => {
  const cases = [
    { op: 'b32', st: '', es: 4, n: 1 },
    { op: 'b32', st: 'st64', es: 4 * 64, n: 1 },
    { op: 'b64', st: '', es: 8, n: 2 },
    { op: 'b64', st: 'st64', es: 8 * 64, n: 2 },
  ];
  for (const c of cases) {
    const n = c.n;
    const d0 = n === 1 ? 'v10' : 'v[10:11]';
    const d1 = n === 1 ? 'v12' : 'v[12:13]';
    const dst = n === 1 ? 'v[20:21]' : 'v[20:23]';
    const src =
      `ds_write2${c.st}_${c.op} v1, ${d0}, ${d1} offset0:3 offset1:7\n` +
      `ds_read2${c.st}_${c.op} ${dst}, v2 offset0:1 offset1:255`;
    let before: Uint8Array = new Uint8Array(0);
    const { wave: w } = runWave(src, (w) => {
      before = fillLds(w, 7);
      setV(w, 1, (l) => l * 16);
      setV(w, 2, (l) => l * 8);
      for (let r = 10; r < 14; r++) setV(w, r, (l) => (r << 24) | l);
      setExec(w);
    });
    const m = new Lds(before);
    for (let l = 0; l < 64; l++) {
      if (!on(l)) continue;
      for (let k = 0; k < n; k++) {
        m.dv.setUint32(l * 16 + 3 * c.es + 4 * k, ((10 + k) << 24) | l, true);
        m.dv.setUint32(l * 16 + 7 * c.es + 4 * k, ((12 + k) << 24) | l, true);
      }
    }
    assert.deepEqual(w.wg.lds, m.b, `${c.st} ${c.op}`);
    for (let l = 0; l < 64; l++) {
      for (let k = 0; k < n; k++) {
        // Elements past the 64 KiB of LDS (st64 with offset 255) read as 0.
        const rd = (a: number) => (on(l) && a + 4 <= 65536 ? m.dv.getUint32(a, true) : 0);
        const e0 = rd(l * 8 + 1 * c.es + 4 * k);
        const e1 = rd(l * 8 + 255 * c.es + 4 * k);
        assert.equal(vreg(w, 20 + k, l), e0, `${c.st} ${c.op} lane ${l}`);
        assert.equal(vreg(w, 20 + n + k, l), e1);
      }
    }
  }
});

// Reference semantics written from the document's pseudo code, independently of ds-atomics.ts.
const M32 = 0xffffffffn;
const s32 = (x: bigint) => BigInt.asIntN(32, x);
const f32b = (x: bigint) => new Float32Array(new Uint32Array([Number(x)]).buffer)[0]!;
const bf32 = (f: number) => BigInt(new Uint32Array(new Float32Array([f]).buffer)[0]!);
const REF32: Record<string, (m: bigint, d: bigint, d2: bigint) => bigint> = {
  add_u32: (m, d) => (m + d) & M32,
  sub_u32: (m, d) => (m - d) & M32,
  rsub_u32: (m, d) => (d - m) & M32,
  inc_u32: (m, d) => (m >= d ? 0n : m + 1n),
  dec_u32: (m, d) => (m === 0n || m > d ? d : m - 1n),
  min_i32: (m, d) => (s32(m) <= s32(d) ? m : d),
  max_i32: (m, d) => (s32(m) >= s32(d) ? m : d),
  min_u32: (m, d) => (m <= d ? m : d),
  max_u32: (m, d) => (m >= d ? m : d),
  and_b32: (m, d) => m & d,
  or_b32: (m, d) => m | d,
  xor_b32: (m, d) => m ^ d,
  mskor_b32: (m, d, d2) => (m & (d ^ M32)) | d2,
  cmpst_b32: (m, d, d2) => (m === d ? d2 : m),
  add_f32: (m, d) => bf32(f32b(m) + f32b(d)),
  min_f32: (m, d) => (f32b(d) < f32b(m) ? d : m),
  max_f32: (m, d) => (f32b(d) > f32b(m) ? d : m),
};

test('32-bit LDS atomics with and without _rtn against the reference', () => {
  const r = rng(11);
  for (const [base, ref] of Object.entries(REF32)) {
    const two = base.startsWith('mskor') || base.startsWith('cmpst');
    for (const rtn of [false, true]) {
      const name = rtn ? base.replace(/_([biuf]32)$/, '_rtn_$1') : base;
      const ops = rtn ? `v20, v1, v2${two ? ', v3' : ''}` : `v1, v2${two ? ', v3' : ''}`;
      const old: number[] = [];
      const d: number[] = [];
      const d2: number[] = [];
      for (let l = 0; l < 64; l++) {
        // Small values collide often enough for inc/dec/cmpst edge cases; floats use real f32 values.
        const pick = () =>
          base.endsWith('f32') ? Number(bf32((r() % 2000) / 8 - 125)) : l % 3 === 0 ? r() % 4 : r();
        old.push(pick());
        d.push(l % 5 === 0 ? old[l]! : pick());
        d2.push(pick());
      }
      const { wave: w } = runWave(`ds_${name} ${ops} offset:32`, (w) => {
        for (let l = 0; l < 64; l++) w.wg.ldsView.setUint32(32 + l * 4, old[l]!, true);
        setV(w, 1, (l) => l * 4);
        setV(w, 2, (l) => d[l]!);
        setV(w, 3, (l) => d2[l]!);
        setV(w, 20, () => 0xdead);
        setExec(w);
      });
      for (let l = 0; l < 64; l++) {
        const want = on(l) ? Number(ref(BigInt(old[l]!), BigInt(d[l]!), BigInt(d2[l]!))) : old[l]!;
        assert.equal(w.wg.ldsView.getUint32(32 + l * 4, true), want, `${name} lane ${l}`);
        assert.equal(vreg(w, 20, l), rtn && on(l) ? old[l]! : 0xdead, `${name} return lane ${l}`);
      }
    }
  }
});

test('known answers: cmpst compares with data0 and stores data1; wrxchg, wrap, f32 signed zeros', () => {
  const { wave: w } = runWave(
    [
      'ds_cmpst_rtn_b32 v10, v1, v2, v3', // LDS[0] = 5: data0 = 5 matches, so 9 is stored
      'ds_cmpst_rtn_b32 v11, v1, v3, v2 offset:4', // LDS[4] = 5: data0 = 9 does not match
      'ds_wrxchg_rtn_b32 v12, v1, v3 offset:8',
      'ds_wrap_rtn_b32 v13, v1, v2, v3 offset:12', // 7 >= 5: 7 - 5
      'ds_wrap_rtn_b32 v14, v1, v2, v3 offset:16', // 3 < 5: 3 + 9
      'ds_cmpst_rtn_f32 v15, v1, v4, v3 offset:20', // LDS = -0.0, compare +0.0: equal as floats
    ].join('\n'),
    (w) => {
      const d = w.wg.ldsView;
      d.setUint32(0, 5, true);
      d.setUint32(4, 5, true);
      d.setUint32(8, 77, true);
      d.setUint32(12, 7, true);
      d.setUint32(16, 3, true);
      d.setUint32(20, 0x80000000, true);
      setV(w, 1, () => 0);
      setV(w, 2, () => 5);
      setV(w, 3, () => 9);
      setV(w, 4, () => 0);
      setExec(w, 1, 0);
    },
  );
  const d = w.wg.ldsView;
  assert.deepEqual(
    [0, 4, 8, 12, 16, 20].map((a) => d.getUint32(a, true)),
    [9, 5, 9, 2, 12, 9],
  );
  assert.deepEqual(
    [10, 11, 12, 13, 14, 15].map((r) => vreg(w, r, 0)),
    [5, 5, 77, 7, 3, 0x80000000],
  );
});

test('all lanes adding to one address: total and returned values are the running sums', () => {
  const { wave: w } = runWave('ds_add_rtn_u32 v5, v1, v2 offset:100', (w) => {
    w.wg.ldsView.setUint32(100, 1000, true);
    setV(w, 1, () => 0);
    setV(w, 2, (l) => l + 1);
    setExec(w);
  });
  let total = 1000;
  const byReturn = new Map<number, number>();
  for (let l = 0; l < 64; l++) {
    if (!on(l)) continue;
    total += l + 1;
    byReturn.set(vreg(w, 5, l), l);
  }
  assert.equal(w.wg.ldsView.getUint32(100, true), total);
  // Hardware serialises the lanes in some order: sorted, the returned values must chain from the initial
  // value through each lane's own addend to the final total.
  assert.equal(byReturn.size, ACTIVE);
  const sorted = [...byReturn.keys()].sort((a, b) => a - b);
  assert.equal(sorted[0], 1000);
  for (let k = 0; k < sorted.length; k++) {
    const next = k + 1 < sorted.length ? sorted[k + 1] : total;
    assert.equal(sorted[k]! + byReturn.get(sorted[k]!)! + 1, next);
  }
});

const M64 = (1n << 64n) - 1n;
const s64 = (x: bigint) => BigInt.asIntN(64, x);
const f64b = (x: bigint) => new Float64Array(new BigUint64Array([x]).buffer)[0]!;
const REF64: Record<string, (m: bigint, d: bigint, d2: bigint) => bigint> = {
  add_u64: (m, d) => (m + d) & M64,
  sub_u64: (m, d) => (m - d) & M64,
  rsub_u64: (m, d) => (d - m) & M64,
  inc_u64: (m, d) => (m >= d ? 0n : m + 1n),
  dec_u64: (m, d) => (m === 0n || m > d ? d : m - 1n),
  min_i64: (m, d) => (s64(m) <= s64(d) ? m : d),
  max_i64: (m, d) => (s64(m) >= s64(d) ? m : d),
  min_u64: (m, d) => (m <= d ? m : d),
  max_u64: (m, d) => (m >= d ? m : d),
  and_b64: (m, d) => m & d,
  or_b64: (m, d) => m | d,
  xor_b64: (m, d) => m ^ d,
  mskor_b64: (m, d, d2) => (m & (d ^ M64)) | d2,
  cmpst_b64: (m, d, d2) => (m === d ? d2 : m),
  cmpst_f64: (m, d, d2) => (f64b(m) === f64b(d) ? d2 : m),
  min_f64: (m, d) => (f64b(d) < f64b(m) ? d : m),
  max_f64: (m, d) => (f64b(d) > f64b(m) ? d : m),
};

test('64-bit LDS atomics with and without _rtn against the reference', () => {
  const r = rng(21);
  const big = () => (BigInt(r()) << 32n) | BigInt(r());
  for (const [base, ref] of Object.entries(REF64)) {
    const two = base.startsWith('mskor') || base.startsWith('cmpst');
    for (const rtn of [false, true]) {
      const name = rtn ? base.replace(/_([biuf]64)$/, '_rtn_$1') : base;
      const ops = rtn ? `v[20:21], v1, v[2:3]${two ? ', v[4:5]' : ''}` : `v1, v[2:3]${two ? ', v[4:5]' : ''}`;
      const old: bigint[] = [];
      const d: bigint[] = [];
      const d2: bigint[] = [];
      for (let l = 0; l < 64; l++) {
        const pick = () =>
          base.endsWith('f64')
            ? new BigUint64Array(new Float64Array([(r() % 1000) / 4 - 100]).buffer)[0]!
            : l % 3 === 0
              ? BigInt(r() % 3)
              : big();
        old.push(pick());
        d.push(l % 4 === 0 ? old[l]! : pick());
        d2.push(pick());
      }
      const split = (x: bigint, hi: boolean) => Number(hi ? x >> 32n : x & 0xffffffffn);
      const { wave: w } = runWave(`ds_${name} ${ops}`, (w) => {
        for (let l = 0; l < 64; l++) w.wg.ldsView.setBigUint64(l * 8, old[l]!, true);
        setV(w, 1, (l) => l * 8);
        setV(w, 2, (l) => split(d[l]!, false));
        setV(w, 3, (l) => split(d[l]!, true));
        setV(w, 4, (l) => split(d2[l]!, false));
        setV(w, 5, (l) => split(d2[l]!, true));
        setV(w, 20, () => 0xdead);
        setExec(w);
      });
      for (let l = 0; l < 64; l++) {
        const want = on(l) ? ref(old[l]!, d[l]!, d2[l]!) : old[l]!;
        assert.equal(w.wg.ldsView.getBigUint64(l * 8, true), want, `${name} lane ${l}`);
        assert.equal(vreg(w, 20, l), rtn && on(l) ? split(old[l]!, false) : 0xdead, `${name} lane ${l}`);
        if (rtn && on(l)) assert.equal(vreg(w, 21, l), split(old[l]!, true));
      }
    }
  }
});

test('wrxchg2 and wrxchg2st64 exchange two elements and return both old values', () => {
  for (const [op, es, n] of [
    ['ds_wrxchg2_rtn_b32 v[10:11], v1, v2, v3 offset0:2 offset1:9', 4, 1],
    ['ds_wrxchg2st64_rtn_b32 v[10:11], v1, v2, v3 offset0:2 offset1:9', 256, 1],
    ['ds_wrxchg2_rtn_b64 v[10:13], v1, v[2:3], v[4:5] offset0:2 offset1:9', 8, 2],
    ['ds_wrxchg2st64_rtn_b64 v[10:13], v1, v[2:3], v[4:5] offset0:2 offset1:9', 512, 2],
  ] as const) {
    let before: Uint8Array = new Uint8Array(0);
    const { wave: w } = runWave(op, (w) => {
      before = fillLds(w, 5);
      // 16-byte lane spacing keeps the lanes' elements disjoint for every element size and offset here.
      setV(w, 1, (l) => l * 16);
      for (let r = 2; r <= 5; r++) setV(w, r, (l) => (r << 20) | l);
      setExec(w);
    });
    const m = new Lds(before);
    const d0 = [2, 3];
    const d1 = n === 1 ? [3] : [4, 5];
    for (let l = 0; l < 64; l++) {
      if (!on(l)) continue;
      for (let k = 0; k < n; k++) {
        const a0 = l * 16 + 2 * es + 4 * k;
        const a1 = l * 16 + 9 * es + 4 * k;
        assert.equal(vreg(w, 10 + k, l), new Lds(before).dv.getUint32(a0, true), op);
        assert.equal(vreg(w, 10 + n + k, l), new Lds(before).dv.getUint32(a1, true), op);
        m.dv.setUint32(a0, (d0[k]! << 20) | l, true);
        m.dv.setUint32(a1, (d1[k]! << 20) | l, true);
      }
    }
    assert.deepEqual(w.wg.lds, m.b, op);
  }
});

/** Host reference of ds_swizzle_b32 for a known-answer source lane function. */
function checkCross(src: string, srcLane: (l: number) => number, lo: number, hi: number): void {
  const { wave: w } = runWave(src, (w) => {
    setV(w, 1, (l) => 0x100 + l);
    setV(w, 3, () => 0xdead);
    setExec(w, lo, hi);
  });
  for (let l = 0; l < 64; l++) {
    const j = srcLane(l);
    const want = !on(l, lo, hi) ? 0xdead : on(j, lo, hi) ? 0x100 + j : 0;
    assert.equal(vreg(w, 3, l), want, `${src} lane ${l}`);
  }
}

test('ds_swizzle_b32: quad permute and bitmask modes (swap, reverse, broadcast), inactive lanes', () => {
  const pats: [string, (l: number) => number][] = [
    ['swizzle(QUAD_PERM,3,2,1,0)', (l) => l ^ 3],
    ['swizzle(QUAD_PERM,1,1,0,2)', (l) => (l & ~3) + [1, 1, 0, 2][l & 3]!],
    ['swizzle(SWAP,16)', (l) => l ^ 16],
    ['swizzle(SWAP,1)', (l) => l ^ 1],
    ['swizzle(REVERSE,32)', (l) => (l & 32) | (31 - (l & 31))],
    ['swizzle(REVERSE,4)', (l) => l ^ 3],
    ['swizzle(BROADCAST,8,3)', (l) => (l & ~7) | 3],
    ['swizzle(BROADCAST,32,31)', (l) => (l & 32) | 31],
    ['swizzle(BITMASK_PERM,"01pip")', (l) => (l & 32) | 8 | (l & 4) | ((l & 2) ^ 2) | (l & 1)],
  ];
  for (const [p, f] of pats) {
    checkCross(`ds_swizzle_b32 v3, v1 offset:${p}`, f, 0xffffffff, 0xffffffff);
    checkCross(`ds_swizzle_b32 v3, v1 offset:${p}`, f, EXEC_PATTERN[0]!, EXEC_PATTERN[1]!);
  }
  assert.throws(() => runWave('ds_swizzle_b32 v3, v1 offset:swizzle(ROTATE,0,3)'), /rotate\/FFT mode/);
});

test('ds_permute_b32 / ds_bpermute_b32 against a host permutation', () => {
  const r = rng(5);
  const addr = Array.from({ length: 64 }, () => r() % 1024);
  for (const off of [0, 12]) {
    for (const [lo, hi] of [
      [0xffffffff, 0xffffffff],
      [EXEC_PATTERN[0]!, EXEC_PATTERN[1]!],
    ] as const) {
      const setup = (w: Wave) => {
        setV(w, 1, (l) => addr[l]!);
        setV(w, 2, (l) => 0x5000 + l);
        setV(w, 3, () => 0xdead);
        setExec(w, lo, hi);
      };
      const lane = (l: number) => (((addr[l]! + off) >>> 2) & 63) >>> 0;
      const b = runWave(`ds_bpermute_b32 v3, v1, v2 offset:${off}`, setup).wave;
      const p = runWave(`ds_permute_b32 v3, v1, v2 offset:${off}`, setup).wave;
      const pushed = new Array<number>(64).fill(0);
      for (let l = 0; l < 64; l++) if (on(l, lo, hi)) pushed[lane(l)] = 0x5000 + l;
      for (let l = 0; l < 64; l++) {
        const j = lane(l);
        const wantB = on(l, lo, hi) ? (on(j, lo, hi) ? 0x5000 + j : 0) : 0xdead;
        assert.equal(vreg(b, 3, l), wantB, `bpermute lane ${l}`);
        assert.equal(vreg(p, 3, l), on(l, lo, hi) ? pushed[l] : 0xdead, `permute lane ${l}`);
      }
      // Permutes do not touch LDS.
      assert.ok(b.wg.lds.every((x) => x === 0));
    }
  }
});

test('ds_append / ds_consume count active lanes at M0 + offset and return the old value', () => {
  const { wave: w } = runWave(
    'ds_append v5 offset:8\nds_consume v6 offset:8\nds_consume v7 offset:8',
    (w) => {
      w.s[M0] = 0x200;
      w.wg.ldsView.setUint32(0x208, 10, true);
      setExec(w);
    },
  );
  const n = ACTIVE;
  assert.equal(w.wg.ldsView.getUint32(0x208, true), (10 - n) >>> 0);
  for (let l = 0; l < 64; l++) {
    assert.equal(vreg(w, 5, l), on(l) ? 10 : 0);
    assert.equal(vreg(w, 6, l), on(l) ? 10 + n : 0);
    assert.equal(vreg(w, 7, l), on(l) ? 10 : 0);
  }
});

test('ds_read_addtid_b32 / ds_write_addtid_b32 address M0 + offset + lane * 4 (gfx9)', () => {
  let before: Uint8Array = new Uint8Array(0);
  const { wave: w } = runWave('ds_write_addtid_b32 v2 offset:16\nds_read_addtid_b32 v3 offset:20', (w) => {
    before = fillLds(w, 9);
    w.s[M0] = 0x1000;
    setV(w, 2, (l) => 0x7000 + l);
    setExec(w);
  });
  const m = new Lds(before);
  for (let l = 0; l < 64; l++) if (on(l)) m.dv.setUint32(0x1010 + l * 4, 0x7000 + l, true);
  assert.deepEqual(w.wg.lds, m.b);
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 3, l), on(l) ? m.dv.getUint32(0x1014 + l * 4, true) : 0);
});

test('out-of-range LDS: reads return 0, writes and atomics are dropped (per dword)', () => {
  const { wave: w } = runWave(
    'ds_write_b64 v1, v[2:3]\nds_read_b64 v[4:5], v1\nds_add_rtn_u32 v6, v1, v2\nds_write_b32 v7, v2',
    (w) => {
      w.wg.ldsSize = 1024;
      w.wg.lds.fill(0xee, 1024, 2048);
      setV(w, 1, () => 1020); // dword 0 in range, dword 1 out
      setV(w, 2, () => 0x11);
      setV(w, 3, () => 0x22);
      setV(w, 7, () => 0xfffffffc);
      setExec(w, 1, 0);
    },
  );
  assert.equal(w.wg.ldsView.getUint32(1020, true), 0x11 + 0x11);
  assert.equal(w.wg.ldsView.getUint32(1024, true), 0xeeeeeeee);
  assert.equal(vreg(w, 4, 0), 0x11);
  assert.equal(vreg(w, 5, 0), 0);
  assert.equal(vreg(w, 6, 0), 0x11);
  const far = runWave('ds_add_rtn_u32 v6, v1, v2', (w) => {
    w.wg.ldsSize = 1024;
    setV(w, 1, () => 4096);
    setV(w, 2, () => 1);
    setV(w, 6, () => 0xdead);
  }).wave;
  assert.equal(vreg(far, 6, 5), 0);
  assert.equal(far.wg.ldsView.getUint32(4096, true), 0);
});

test('gds=1 stops with "GDS is not modelled"; ds_nop does nothing', () => {
  assert.throws(() => runWave('ds_add_u32 v1, v2 gds'), /GDS is not modelled/);
  const { wave: w } = runWave('ds_nop', (w) => setV(w, 1, (l) => l));
  assert.ok(w.wg.lds.every((x) => x === 0));
  assert.equal(vreg(w, 1, 9), 9);
});

// ---- src2 ops: host model from the document's "SRC2 Ops" addressing and the per-op pseudo code
// (MEM[A] = op(MEM[A], MEM[B])), on bigints and DataView floats, lanes applied in ascending order.

const u = (x: bigint, n: number) => BigInt.asUintN(n, x);
const s_ = (x: bigint, n: number) => BigInt.asIntN(n, x);
function fl(x: bigint, n: number): number {
  const dv = new DataView(new ArrayBuffer(8));
  if (n === 32) {
    dv.setUint32(0, Number(x), true);
    return dv.getFloat32(0, true);
  }
  dv.setBigUint64(0, x, true);
  return dv.getFloat64(0, true);
}
function flBits(f: number, n: number): bigint {
  const dv = new DataView(new ArrayBuffer(8));
  if (n === 32) {
    dv.setFloat32(0, f, true);
    return BigInt(dv.getUint32(0, true));
  }
  dv.setFloat64(0, f, true);
  return dv.getBigUint64(0, true);
}
/** MEM[A] = f(MEM[A], MEM[B]) for each op, by the name with `ds_`, `_src2` and the width removed. */
const SRC2_REF: Record<string, (a: bigint, b: bigint, n: number) => bigint> = {
  add_u: (a, b, n) => u(a + b, n),
  sub_u: (a, b, n) => u(a - b, n),
  rsub_u: (a, b, n) => u(b - a, n),
  inc_u: (a, b, n) => (a >= b ? 0n : u(a + 1n, n)),
  dec_u: (a, b) => (a === 0n || a > b ? b : a - 1n),
  min_i: (a, b, n) => (s_(a, n) < s_(b, n) ? a : b),
  max_i: (a, b, n) => (s_(a, n) > s_(b, n) ? a : b),
  min_u: (a, b) => (a < b ? a : b),
  max_u: (a, b) => (a > b ? a : b),
  and_b: (a, b) => a & b,
  or_b: (a, b) => a | b,
  xor_b: (a, b) => a ^ b,
  write_b: (_a, b) => b,
  min_f: (a, b, n) => (fl(b, n) < fl(a, n) ? b : a),
  max_f: (a, b, n) => (fl(b, n) > fl(a, n) ? b : a),
  add_f: (a, b, n) => flBits(n === 32 ? Math.fround(fl(b, n) + fl(a, n)) : fl(b, n) + fl(a, n), n),
};
const SRC2_OPS = DS_SHAPES.filter((s) => s.name.includes('_src2_')).map((s) => s.name);

/** The document's two addresses: [A (destination, second source), B (data term)]. */
function src2Ref(vaddr: number, offset: number): [number, number] {
  const sext15 = (x: number) => (x & 0x4000 ? x - 0x8000 : x);
  if (offset & 0x8000) {
    const a = vaddr % 0x20000;
    return [a, (a + 4 * sext15(Math.floor(vaddr / 0x20000))) % 2 ** 32];
  }
  return [vaddr, (vaddr + 4 * sext15(offset & 0x7fff)) % 2 ** 32];
}

test('ds_*_src2_*: all ops, both address modes, partial EXEC, against the host model', () => {
  assert.equal(SRC2_OPS.length, 31);
  const r = rng(77);
  // Mode 0 with a positive and a negative (offset[14] set) dword offset; mode 1 (offset[15]) with a
  // per-lane signed dword offset in VGPR[31:17] and VGPR[16:0] as A.
  const modes: { offset: number; vaddr: (l: number, bytes: number) => number }[] = [
    { offset: 12, vaddr: (l, b) => 0x400 + l * b },
    { offset: 0x7ffe, vaddr: (l, b) => 0x800 + l * b },
    { offset: 0x8000, vaddr: (l, b) => (0x1000 + l * b + ((((l % 9) - 4) * 3) & 0x7fff) * 0x20000) >>> 0 },
  ];
  for (const name of SRC2_OPS) {
    const m = /^ds_([a-z]+)_src2_([biuf])(32|64)$/.exec(name)!;
    const n = Number(m[3]);
    const bytes = n / 8;
    const ref = SRC2_REF[`${m[1]}_${m[1] === 'write' ? 'b' : m[2]}`]!;
    for (const mode of modes) {
      let before: Uint8Array = new Uint8Array(0);
      const { wave: w } = runWave(`ds_${m[1]}_src2_${m[2]}${n} v1 offset:${mode.offset}`, (w) => {
        before = fillLds(w, r());
        // Small values too, so inc/dec and the comparisons take both branches.
        for (let k = 0; k < 0x2000; k += 8) if (r() % 3 === 0) w.wg.ldsView.setUint32(k, r() % 4, true);
        before = w.wg.lds.slice();
        setV(w, 1, (l) => mode.vaddr(l, bytes));
        setExec(w);
      });
      const lds = new Lds(before);
      const rd = (a: number) =>
        a + bytes > 65536 ? 0n : n === 32 ? BigInt(lds.dv.getUint32(a, true)) : lds.dv.getBigUint64(a, true);
      for (let l = 0; l < 64; l++) {
        if (!on(l)) continue;
        const [a, b] = src2Ref(mode.vaddr(l, bytes), mode.offset);
        if (a + bytes > 65536) continue;
        const x = ref(rd(a), rd(b), n);
        if (n === 32) lds.dv.setUint32(a, Number(x), true);
        else lds.dv.setBigUint64(a, x, true);
      }
      assert.deepEqual(w.wg.lds, lds.b, `${name} offset:${mode.offset}`);
      assert.equal(w.laneInstructions, ACTIVE);
    }
  }
});

test('ds src2 known answers: offset modes, sign extension, out of range', () => {
  const { wave: w } = runWave(
    [
      'ds_add_src2_u32 v1 offset:3', // A = 0x100, B = 0x10c
      'ds_sub_src2_u32 v2 offset:32768', // A = 0x200, B = 0x200 - 12
      'ds_write_src2_b32 v3 offset:32767', // A = 0x300, B = 0x2fc
      'ds_max_src2_f64 v4 offset:2', // A = 0x400, B = 0x408
      'ds_write_src2_b64 v5 offset:32768', // A = 0x1_0500 (VGPR[16:0]): past the LDS, nothing
    ].join('\n'),
    (w) => {
      const dv = w.wg.ldsView;
      dv.setUint32(0x100, 5, true);
      dv.setUint32(0x10c, 7, true);
      dv.setUint32(0x200, 12, true);
      dv.setUint32(0x1f4, 100, true);
      dv.setUint32(0x2fc, 0xabcd, true);
      dv.setFloat64(0x400, -2.5, true);
      dv.setFloat64(0x408, 1.25, true);
      setV(w, 1, () => 0x100);
      setV(w, 2, () => (0x200 | ((-3 & 0x7fff) << 17)) >>> 0);
      setV(w, 3, () => 0x300);
      setV(w, 4, () => 0x400);
      setV(w, 5, () => (0x10500 | (2 << 17)) >>> 0);
      setExec(w, 1, 0);
    },
  );
  const dv = w.wg.ldsView;
  assert.equal(dv.getUint32(0x100, true), 12);
  assert.equal(dv.getUint32(0x200, true), (12 - 100) >>> 0);
  assert.equal(dv.getUint32(0x300, true), 0xabcd);
  assert.equal(dv.getFloat64(0x400, true), 1.25);
  assert.equal(dv.getFloat64(0x408, true), 1.25);
  // Mode 1 masks A to VGPR[16:0]: 0x10500 here, past the 64 KiB LDS, so lane 0 changed nothing there
  // nor at 0x500 (where a 16-bit mask would have landed).
  assert.equal(dv.getBigUint64(0x500, true), 0n);
  // B out of range reads 0; A out of range does nothing.
  const o = runWave('ds_add_src2_u32 v1 offset:1024\nds_write_src2_b32 v2 offset:0', (w) => {
    w.wg.ldsSize = 1024;
    w.wg.ldsView.setUint32(8, 9, true);
    w.wg.ldsView.setUint32(1028, 4, true);
    setV(w, 1, () => 8); // B = 8 + 4096
    setV(w, 2, () => 1028);
    setExec(w, 1, 0);
  }).wave;
  assert.equal(o.wg.ldsView.getUint32(8, true), 9);
  assert.equal(o.wg.ldsView.getUint32(1028, true), 4);
  assert.throws(() => runWave('ds_add_src2_u32 v1 gds'), /GDS is not modelled/);
});

/** DS ops left without semantics on purpose, with the reason. */
const DS_NOT_YET: Record<string, string> = {
  ds_condxchg32_rtn_b64:
    'conditional exchange: no document gives its pseudo code (Vega: only "Conditional write exchange.")',
};

test('coverage: every DS op of gfx900/906/908 executes or is on the not-yet list', () => {
  for (const t of GFX9_TARGETS) {
    for (const s of DS_SHAPES) {
      if (s.opcodes.gfx9 === undefined) continue;
      // GWS and ordered-count ops exist only with gds set (LLVM decodes nothing without it).
      const gds = s.gds === DsGds.Required ? 1 << 16 : 0;
      const words = new Uint32Array([((0x36 << 26) | (s.opcodes.gfx9 << 17) | gds) >>> 0, 0]);
      const i = new Inst();
      const size = decodeDs(words, 0, 2, i, t);
      assert.equal(size, 2, s.name);
      assert.equal(i.name, s.name);
      const left = s.name in DS_NOT_YET;
      assert.equal(
        i.run === unimplemented,
        left,
        `${t} ${s.name}: ${left ? 'listed as not yet' : 'has no semantics'}`,
      );
    }
  }
  // And an op without semantics stops loudly when run.
  assert.throws(
    () => runWave('ds_condxchg32_rtn_b64 v[2:3], v1, v[4:5]'),
    /instruction without semantics: ds_condxchg32_rtn_b64/,
  );
});

test('the same DS code runs on gfx900, gfx906 and gfx908', () => {
  for (const target of GFX9_TARGETS) {
    const { wave: w } = runWave(
      'ds_write_b32 v1, v2 offset:4\nds_add_rtn_u32 v3, v1, v2 offset:4\nds_bpermute_b32 v4, v5, v2',
      (w) => {
        setV(w, 1, (l) => l * 4);
        setV(w, 2, (l) => l + 1);
        setV(w, 5, (l) => (63 - l) * 4);
      },
      { target },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(w.wg.ldsView.getUint32(4 + l * 4, true), 2 * (l + 1), target);
      assert.equal(vreg(w, 3, l), l + 1);
      assert.equal(vreg(w, 4, l), 64 - l);
    }
  }
});
