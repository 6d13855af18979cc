// Tests of SMEM execution (src/emu/mem/smem.ts): scalar loads, stores, scratch and buffer forms, atomics,
// the counters and the cache-control ops, run as assembly text on one wave. Expected values come from
// the Vega ISA document's address rules (SGPR base + offset with the two LSBs ignored; V# base and
// (stride or 1) * num_records bounds; scratch SGPR offset * 64) restated here, and from memory filled and
// read back through DeviceMemory.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { smem } from '../src/codec/families/smem.js';
import { Inst, unimplemented } from '../src/emu/inst.js';
import { LaneFault } from '../src/emu/mem/fault.js';
import { decodeSmem } from '../src/emu/mem/smem.js';
import type { DeviceMemory } from '../src/emu/memory.js';
import { M0, type Wave } from '../src/emu/wave.js';
import { INTEGER_ATOMICS } from '../src/isa/ops/atomics.js';
import { atomicRef } from './helpers/atomic-ref.js';
import { GFX9_TARGETS } from './helpers/targets.js';
import { runWave } from './helpers/wave-asm.js';

let seed = 0x9e3779b9;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
}

/** Allocates a 4 KiB buffer of random dwords; returns its address and a host copy of the dwords. */
function filled(mem: DeviceMemory): { buf: number; words: number[] } {
  const buf = mem.alloc(4096);
  const words: number[] = [];
  for (let k = 0; k < 1024; k++) {
    const v = rnd();
    words.push(v);
    mem.write32(buf + 4 * k, v);
  }
  return { buf, words };
}

function setPair(w: Wave, code: number, v: number): void {
  w.s[code] = v % 2 ** 32;
  w.s[code + 1] = Math.floor(v / 2 ** 32);
}

const sreg = (first: number, n: number) => (n === 1 ? `s${first}` : `s[${first}:${first + n - 1}]`);

test('s_load_dword*: immediate, SGPR, SGPR + immediate and M0 offsets; two LSBs ignored', () => {
  // [offset operand text, setup of the offset registers, expected byte offset before masking]
  const forms: [string, (w: Wave) => void, number][] = [
    ['0x40', () => {}, 0x40],
    ['0x43', () => {}, 0x40],
    [
      's20',
      (w) => {
        w.s[20] = 0x106;
      },
      0x104,
    ],
    [
      's20 offset:0x10',
      (w) => {
        w.s[20] = 0x200;
      },
      0x210,
    ],
    [
      's21 offset:-0x8',
      (w) => {
        w.s[21] = 0x300;
      },
      0x2f8,
    ],
    [
      'm0',
      (w) => {
        w.s[M0] = 0x84;
      },
      0x84,
    ],
  ];
  for (const n of [1, 2, 4, 8, 16]) {
    for (const [off, setOff, byteOff] of forms) {
      const name = n === 1 ? 's_load_dword' : `s_load_dwordx${n}`;
      let words: number[] = [];
      const { wave } = runWave(`${name} ${sreg(32, n)}, s[2:3], ${off}`, (w, mem) => {
        const f = filled(mem);
        words = f.words;
        setPair(w, 2, f.buf + 0x100);
        setOff(w);
        w.s[32 + n] = 0x5a5a5a5a;
      });
      const first = (0x100 + byteOff) / 4;
      for (let k = 0; k < n; k++) assert.equal(wave.s[32 + k], words[first + k], `${name} ${off} s${32 + k}`);
      assert.equal(wave.s[32 + n], 0x5a5a5a5a, `${name} writes only ${n} SGPRs`);
    }
  }
});

/** A V# in s[8:11]: base, stride, num_records, with the swizzle bits of dword 1 set to show they are ignored. */
function vsharp(w: Wave, base: number, stride: number, numRecords: number): void {
  w.s[8] = base % 2 ** 32;
  w.s[9] = ((Math.floor(base / 2 ** 32) & 0xffff) | (stride << 16) | (1 << 31) | (1 << 30)) >>> 0;
  w.s[10] = numRecords;
  w.s[11] = 0x00027fac;
}

test('s_buffer_load_dword*: base from V#[47:0], dwords beyond (stride or 1) * num_records read 0', () => {
  for (const n of [1, 2, 4, 8, 16]) {
    for (const [stride, records] of [
      [0, 0x48],
      [12, 6],
      [0, 0x1000],
    ] as const) {
      const name = n === 1 ? 's_buffer_load_dword' : `s_buffer_load_dwordx${n}`;
      let words: number[] = [];
      const { wave } = runWave(`${name} ${sreg(32, n)}, s[8:11], s20 offset:0x8`, (w, mem) => {
        const f = filled(mem);
        words = f.words;
        vsharp(w, f.buf + 0x20, stride, records);
        // 0x33 + 0x8 = 0x3b: the two LSBs of the offset are ignored, so the access starts at 0x38.
        w.s[20] = 0x33;
      });
      const size = (stride === 0 ? 1 : stride) * records;
      for (let k = 0; k < n; k++) {
        const rel = 0x38 + 4 * k;
        const want = rel < size ? words[(0x20 + rel) / 4] : 0;
        assert.equal(wave.s[32 + k], want, `${name} stride ${stride} records ${records} dword ${k}`);
      }
    }
  }
});

test('s_store_dword* and s_buffer_store_dword*: memory written, out-of-range buffer dwords dropped', () => {
  for (const n of [1, 2, 4]) {
    const sfx = n === 1 ? '' : `x${n}`;
    for (const buffer of [false, true]) {
      const name = buffer ? `s_buffer_store_dword${sfx}` : `s_store_dword${sfx}`;
      let buf = 0;
      let words: number[] = [];
      const data: number[] = [];
      const { mem } = runWave(
        `${name} ${sreg(32, n)}, ${buffer ? 's[8:11]' : 's[2:3]'}, m0 offset:0x4`,
        (w, m) => {
          const f = filled(m);
          buf = f.buf;
          words = f.words;
          if (buffer) vsharp(w, buf + 0x100, 0, 0x4c);
          else setPair(w, 2, buf + 0x100);
          w.s[M0] = 0x40;
          for (let k = 0; k < n; k++) {
            data.push(rnd());
            w.s[32 + k] = data[k]!;
          }
        },
      );
      for (let k = -1; k <= n; k++) {
        const at = 0x100 + 0x44 + 4 * k;
        const stored = k >= 0 && k < n && (!buffer || 0x44 + 4 * k < 0x4c);
        assert.equal(mem.read32(buf + at), stored ? data[k] : words[at / 4], `${name} dword ${k}`);
      }
    }
  }
});

test('s_scratch_load/store_dword*: address = base + immediate + SGPR offset * 64', () => {
  for (const n of [1, 2, 4]) {
    const sfx = n === 1 ? '' : `x${n}`;
    let words: number[] = [];
    let buf = 0;
    const data: number[] = [];
    const { wave, mem } = runWave(
      `s_scratch_load_dword${sfx} ${sreg(32, n)}, s[2:3], s20 offset:0x10\n` +
        `s_scratch_store_dword${sfx} ${sreg(48, n)}, s[2:3], s21 offset:0x8`,
      (w, m) => {
        const f = filled(m);
        words = f.words;
        buf = f.buf;
        setPair(w, 2, buf);
        w.s[20] = 3; // 3 * 64 + 0x10 = 0xd0
        w.s[21] = 5; // 5 * 64 + 0x8 = 0x148
        for (let k = 0; k < n; k++) {
          data.push(rnd());
          w.s[48 + k] = data[k]!;
        }
      },
    );
    for (let k = 0; k < n; k++) {
      assert.equal(wave.s[32 + k], words[0xd0 / 4 + k], `s_scratch_load_dword${sfx} dword ${k}`);
      assert.equal(mem.read32(buf + 0x148 + 4 * k), data[k], `s_scratch_store_dword${sfx} dword ${k}`);
    }
    assert.equal(mem.read32(buf + 0x148 + 4 * n), words[0x148 / 4 + n], 'no extra dword stored');
  }
});

// ---- Atomics --------------------------------------------------------------------------------------------

const M64 = (1n << 64n) - 1n;
const ATOMICS = INTEGER_ATOMICS;
const EDGE = [0n, 1n, 2n, 0x7fffffffn, 0x80000000n, 0xffffffffn, 0x12345678n];

test('s_atomic_* and s_buffer_atomic_*: memory result, glc returns the pre-op value, cmpswap = {src, cmp}', () => {
  for (const op of ATOMICS) {
    for (const wide of [false, true]) {
      for (const buffer of [false, true]) {
        for (const glc of [false, true]) {
          for (let rep = 0; rep < 6; rep++) {
            const name = `s_${buffer ? 'buffer_' : ''}atomic_${op}${wide ? '_x2' : ''}`;
            const bits = wide ? 64 : 32;
            const pick = () => {
              const lo = rnd() % 3 === 0 ? BigInt(rnd()) : EDGE[rnd() % EDGE.length]!;
              return wide ? (lo | (BigInt(rnd() % 2 ? rnd() : EDGE[rnd() % EDGE.length]!) << 32n)) & M64 : lo;
            };
            const old = pick();
            const src = pick();
            const cmp = rep % 2 === 0 ? old : pick();
            const dw = wide ? 2 : 1;
            const n = op === 'cmpswap' ? 2 * dw : dw;
            let buf = 0;
            const before: number[] = [];
            const { wave, mem } = runWave(
              `${name} ${sreg(32, n)}, ${buffer ? 's[8:11]' : 's[2:3]'}, 0x18${glc ? ' glc' : ''}`,
              (w, m) => {
                buf = m.alloc(256);
                m.write32(buf + 0x18 + 0x20, Number(old & 0xffffffffn));
                m.write32(buf + 0x1c + 0x20, Number(old >> 32n));
                if (buffer) vsharp(w, buf + 0x20, 0, 0x100);
                else setPair(w, 2, buf + 0x20);
                const put = (code: number, x: bigint) => {
                  w.s[code] = Number(x & 0xffffffffn);
                  if (wide) w.s[code + 1] = Number(x >> 32n);
                };
                put(32, src);
                if (op === 'cmpswap') put(32 + dw, cmp);
                for (let k = 0; k < 4; k++) before.push(w.s[32 + k]!);
              },
            );
            const memNow = wide
              ? (BigInt(mem.read32(buf + 0x3c)) << 32n) | BigInt(mem.read32(buf + 0x38))
              : BigInt(mem.read32(buf + 0x38));
            const want = atomicRef(op, old, src, cmp, bits);
            assert.equal(memNow, want, `${name} memory (old ${old}, src ${src}, cmp ${cmp})`);
            if (!wide) assert.equal(mem.read32(buf + 0x3c), Number(old >> 32n), `${name} next dword kept`);
            for (let k = 0; k < 4; k++) {
              const ret = glc && k < dw ? Number((old >> BigInt(32 * k)) & 0xffffffffn) : before[k];
              assert.equal(wave.s[32 + k], ret, `${name} glc=${glc} s${32 + k}`);
            }
          }
        }
      }
    }
  }
});

test('s_buffer_atomic out of the V# range is not performed', () => {
  let buf = 0;
  const { wave, mem } = runWave('s_buffer_atomic_add s32, s[8:11], 0x40 glc', (w, m) => {
    buf = m.alloc(256);
    m.write32(buf + 0x40, 7);
    vsharp(w, buf, 0, 0x40);
    w.s[32] = 5;
  });
  assert.equal(mem.read32(buf + 0x40), 7);
  assert.equal(wave.s[32], 5);
});

// ---- Counters, cache control, faults ------------------------------------------------------------------

test('s_memtime strictly increases; s_memrealtime counts 10 ns ticks since the dispatch start', () => {
  const t0 = performance.now() * 1e6;
  const { wave } = runWave(
    's_memtime s[20:21]\ns_memtime s[22:23]\ns_memrealtime s[24:25]\ns_memrealtime s[26:27]',
    (w) => {
      // A dispatch that started 1 ms ago.
      (w.ctx as { startNs: number }).startNs = t0 - 1e6;
      w.ctx.clock = 2 ** 32 - 1;
    },
  );
  const t1 = performance.now() * 1e6;
  const v64 = (c: number) => wave.s[c + 1]! * 2 ** 32 + wave.s[c]!;
  assert.ok(v64(20) >= 2 ** 32, `memtime carries into the high dword: ${v64(20)}`);
  assert.ok(v64(22) > v64(20), 'memtime increases');
  assert.ok(v64(24) >= 1e5 && v64(24) <= (t1 - t0 + 1e6) / 10, `memrealtime ${v64(24)}`);
  assert.ok(v64(26) >= v64(24), 'memrealtime does not go back');
});

test('cache invalidate / write-back / discard and ATC probes change no state and do not fault', () => {
  const src = [
    's_dcache_inv',
    's_dcache_wb',
    's_dcache_inv_vol',
    's_dcache_wb_vol',
    's_dcache_discard s[2:3], 0x40',
    's_dcache_discard_x2 s[2:3], s4',
    's_atc_probe 7, s[2:3], 0x10',
    's_atc_probe_buffer 3, s[8:11], 0x10',
  ].join('\n');
  let snapshot: Uint32Array = new Uint32Array(0);
  let mem0: Uint8Array = new Uint8Array(0);
  let buf = 0;
  const { wave, mem } = runWave(src, (w, m) => {
    buf = m.alloc(256);
    m.write32(buf, 0x1234);
    // Unmapped addresses: nothing is accessed, so nothing faults.
    setPair(w, 2, 0x1000);
    for (let k = 4; k < 100; k++) w.s[k] = rnd();
    snapshot = w.s.slice();
    mem0 = m.download(buf, 256);
  });
  assert.deepEqual(wave.s, snapshot);
  assert.deepEqual(mem.download(buf, 256), mem0);
  assert.ok(wave.done);
});

test('an SMEM fault is a LaneFault without a lane, naming the dword-aligned address', () => {
  assert.throws(
    () =>
      runWave('s_load_dwordx2 s[4:5], s[2:3], 0x7', (w) => {
        setPair(w, 2, 0x10000);
      }),
    (e: unknown) => e instanceof LaneFault && e.lane === undefined && e.addr === 0x10004 && e.kind === 'read',
  );
  assert.throws(
    () => runWave('s_store_dword s4, s[2:3], 0x0', (w) => setPair(w, 2, 0x20000)),
    (e: unknown) =>
      e instanceof LaneFault &&
      e.lane === undefined &&
      e.addr === 0x20000 &&
      e.kind === 'write' &&
      !/lane/.test(e.message),
  );
  // A faulting load leaves its destination as it was.
  let w0: Wave | undefined;
  assert.throws(() =>
    runWave('s_load_dwordx4 s[4:7], s[2:3], 0x0', (w, m) => {
      w0 = w;
      const b = m.alloc(8);
      setPair(w, 2, b); // only 8 of the 16 bytes are mapped
      w.s[4] = 99;
    }),
  );
  assert.equal(w0?.s[4], 99);
});

// ---- Coverage ---------------------------------------------------------------------------------------------

/** SMEM ops deliberately left without semantics (none at the moment). */
const SMEM_NOT_YET: Record<string, string> = {};

test('coverage: every SMEM op of gfx900/906/908 executes', () => {
  for (const t of GFX9_TARGETS) {
    const ops = smem.ops(t);
    assert.ok(ops.length === 84, `${t}: ${ops.length} SMEM ops`);
    for (const e of ops) {
      const w0 = ((0x30 << 26) | (e.opcode << 18) | (1 << 17) | (4 << 6) | 1) >>> 0;
      const i = new Inst();
      assert.equal(decodeSmem(new Uint32Array([w0, 0x10]), 0, 2, i, t), 2, `${t} ${e.name}`);
      assert.equal(i.name, e.name);
      if (e.name in SMEM_NOT_YET) assert.equal(i.run, unimplemented);
      else assert.notEqual(i.run, unimplemented, `${t} ${e.name} has semantics`);
    }
  }
});
