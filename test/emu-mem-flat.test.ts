// Tests of FLAT, GLOBAL and SCRATCH execution (src/emu/mem/flat.ts and its helpers): every load, store and
// atomic of the three segments, run as assembly text on one wave, checked lane by lane against a
// reference written here from the ISA document's descriptions: the expected bytes come from a host model
// of each memory (device memory, the workgroup's LDS, and the swizzled private layout
// FLAT_SCRATCH + (X >> 2) * 256 + lane * 4 + (X & 3)), not from the emulator's own access code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inst, unimplemented } from '../src/emu/inst.js';
import { LaneFault } from '../src/emu/mem/fault.js';
import { scratchAddress } from '../src/emu/mem/scratch.js';
import type { DeviceMemory } from '../src/emu/memory.js';
import { decodeInst } from '../src/emu/program.js';
import {
  EXEC_HI,
  EXEC_LO,
  FLAT_SCRATCH_HI,
  FLAT_SCRATCH_LO,
  PRIVATE_APERTURE_HI,
  SHARED_APERTURE_HI,
  type Wave,
} from '../src/emu/wave.js';
import { INTEGER_ATOMICS } from '../src/isa/ops/atomics.js';
import { FLAT_OPS, flatTable, SEG_FLAT, SEG_GLOBAL, SEG_SCRATCH } from '../src/isa/ops/memory-flat.js';
import { atomicRef } from './helpers/atomic-ref.js';
import { GFX9_TARGETS } from './helpers/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

// ---- Deterministic random data -------------------------------------------------------------------------

let seed = 0x2545f491;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
}
/** Edge-heavy 32-bit values for atomics. */
function val32(): number {
  const r = rnd();
  const pick = [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, r & 0xff, r];
  return pick[rnd() % pick.length]! >>> 0;
}

const PARTIAL_EXEC: readonly [number, number] = [0xa5a5f00f, 0x0ff03c3c];
const FULL_EXEC: readonly [number, number] = [0xffffffff, 0xffffffff];
const laneOn = (l: number, e: readonly [number, number]): boolean =>
  (((l < 32 ? e[0] : e[1]) >>> (l & 31)) & 1) === 1;

// ---- Addressing modes: how the lane address is formed, and a host model of the memory it reaches --------

/** Byte j of lane l's accessed location, in the host model of the memory the mode reaches. */
interface Bytes {
  get(l: number, j: number): number;
  put(l: number, j: number, b: number): void;
}

interface Mode {
  name: string;
  prefix: 'flat' | 'global' | 'scratch';
  /** Address operand and what follows the data operand, e.g. 'v[2:3]' and ', off offset:-8'. */
  vaddr: string;
  tail: string;
  /** Sets the address registers for lane effective addresses (unaligned by `mis(l)` unless aligned). */
  prepare(w: Wave, mem: DeviceMemory, aligned: boolean): Bytes;
}

const mis = (l: number, aligned: boolean): number => (aligned ? 0 : l % 4);

function setPair(w: Wave, r: number, f: (l: number) => number): void {
  setV(w, r, (l) => f(l) % 2 ** 32);
  setV(w, r + 1, (l) => Math.floor(f(l) / 2 ** 32));
}

function deviceBytes(mem: DeviceMemory, ea: (l: number) => number): Bytes {
  return { get: (l, j) => mem.read8(ea(l) + j), put: (l, j, b) => mem.write8(ea(l) + j, b) };
}

/** The host model of private memory: an independent restatement of the documented swizzle. */
function hostScratch(w: Wave, l: number, x: number): number {
  return w.s[FLAT_SCRATCH_HI] * 2 ** 32 + w.s[FLAT_SCRATCH_LO] + Math.floor(x / 4) * 256 + l * 4 + (x % 4);
}

function scratchBytes(w: Wave, mem: DeviceMemory, x: (l: number) => number): Bytes {
  return {
    get: (l, j) => mem.read8(hostScratch(w, l, x(l) + j)),
    put: (l, j, b) => mem.write8(hostScratch(w, l, x(l) + j), b),
  };
}

/** Allocates a scratch area for private addresses below 4 KiB and points FLAT_SCRATCH at it. */
function allocScratch(w: Wave, mem: DeviceMemory): void {
  const base = mem.alloc(4096 * 64, 4096);
  w.s[FLAT_SCRATCH_LO] = base % 2 ** 32;
  w.s[FLAT_SCRATCH_HI] = Math.floor(base / 2 ** 32);
}

const MODES: Mode[] = [
  {
    name: 'global, 64-bit vaddr',
    prefix: 'global',
    vaddr: 'v[2:3]',
    tail: ', off offset:-8',
    prepare(w, mem, aligned) {
      const buf = mem.alloc(64 * 32 + 64);
      const ea = (l: number) => buf + 32 + l * 24 + mis(l, aligned);
      setPair(w, 2, (l) => ea(l) + 8);
      return deviceBytes(mem, ea);
    },
  },
  {
    name: 'global, saddr + 32-bit vaddr',
    prefix: 'global',
    vaddr: 'v2',
    tail: ', s[4:5] offset:24',
    prepare(w, mem, aligned) {
      const buf = mem.alloc(64 * 32 + 64);
      w.s[4] = buf % 2 ** 32;
      w.s[5] = Math.floor(buf / 2 ** 32);
      const ea = (l: number) => buf + 32 + l * 24 + mis(l, aligned);
      setV(w, 2, (l) => ea(l) - buf - 24);
      return deviceBytes(mem, ea);
    },
  },
  {
    name: 'flat, global address',
    prefix: 'flat',
    vaddr: 'v[2:3]',
    tail: ' offset:16',
    prepare(w, mem, aligned) {
      const buf = mem.alloc(64 * 32 + 64);
      const ea = (l: number) => buf + 32 + l * 24 + mis(l, aligned);
      setPair(w, 2, (l) => ea(l) - 16);
      return deviceBytes(mem, ea);
    },
  },
  {
    name: 'flat, shared aperture (LDS)',
    prefix: 'flat',
    vaddr: 'v[2:3]',
    tail: ' offset:4',
    prepare(w, _mem, aligned) {
      const ea = (l: number) => 200 + l * 24 + mis(l, aligned);
      setV(w, 2, (l) => ea(l) - 4);
      setV(w, 3, () => SHARED_APERTURE_HI);
      const lds = w.wg.lds;
      return {
        get: (l, j) => lds[ea(l) + j]!,
        put: (l, j, b) => {
          lds[ea(l) + j] = b;
        },
      };
    },
  },
  {
    name: 'flat, private aperture (scratch)',
    prefix: 'flat',
    vaddr: 'v[2:3]',
    tail: ' offset:12',
    prepare(w, mem, aligned) {
      allocScratch(w, mem);
      const x = (l: number) => 100 + l * 24 + mis(l, aligned);
      setV(w, 2, (l) => x(l) - 12);
      setV(w, 3, () => PRIVATE_APERTURE_HI);
      return scratchBytes(w, mem, x);
    },
  },
  {
    name: 'scratch, vaddr',
    prefix: 'scratch',
    vaddr: 'v2',
    tail: ', off offset:-4096',
    prepare(w, mem, aligned) {
      allocScratch(w, mem);
      const x = (l: number) => 36 + l * 20 + mis(l, aligned);
      setV(w, 2, (l) => x(l) + 4096);
      return scratchBytes(w, mem, x);
    },
  },
  {
    name: 'scratch, saddr',
    prefix: 'scratch',
    vaddr: 'off',
    tail: ', s6 offset:40',
    prepare(w, mem, aligned) {
      allocScratch(w, mem);
      // One private address for the whole wave; every lane still reaches its own copy.
      const x = aligned ? 520 : 523;
      w.s[6] = x - 40;
      return scratchBytes(w, mem, () => x);
    },
  },
];

// ---- Loads ------------------------------------------------------------------------------------------------

/** The data/destination register operand of an op at v<r>: dwordxN ops take N registers. */
function vr(r: number, op: string): string {
  const m = /x(\d)$/.exec(op);
  return m === null ? `v${r}` : `v[${r}:${r + Number(m[1]) - 1}]`;
}

const sx8 = (b: number) => (b << 24) >> 24;
const sx16 = (h: number) => (h << 16) >> 16;
const le16 = (b: number[], o: number) => b[o]! | (b[o + 1]! << 8);
const le32 = (b: number[], o: number) =>
  (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

/** Expected destination dwords from the 16 bytes at the address and the old destination dwords. */
const LOADS: Record<string, (b: number[], old: number[]) => number[]> = {
  load_ubyte: (b) => [b[0]!],
  load_sbyte: (b) => [sx8(b[0]!) >>> 0],
  load_ushort: (b) => [le16(b, 0)],
  load_sshort: (b) => [sx16(le16(b, 0)) >>> 0],
  load_dword: (b) => [le32(b, 0)],
  load_dwordx2: (b) => [le32(b, 0), le32(b, 4)],
  load_dwordx3: (b) => [le32(b, 0), le32(b, 4), le32(b, 8)],
  load_dwordx4: (b) => [le32(b, 0), le32(b, 4), le32(b, 8), le32(b, 12)],
  load_ubyte_d16: (b, o) => [((o[0]! & 0xffff0000) | b[0]!) >>> 0],
  load_ubyte_d16_hi: (b, o) => [((o[0]! & 0xffff) | (b[0]! << 16)) >>> 0],
  load_sbyte_d16: (b, o) => [((o[0]! & 0xffff0000) | (sx8(b[0]!) & 0xffff)) >>> 0],
  load_sbyte_d16_hi: (b, o) => [((o[0]! & 0xffff) | ((sx8(b[0]!) & 0xffff) << 16)) >>> 0],
  load_short_d16: (b, o) => [((o[0]! & 0xffff0000) | le16(b, 0)) >>> 0],
  load_short_d16_hi: (b, o) => [((o[0]! & 0xffff) | (le16(b, 0) << 16)) >>> 0],
};

// A full EXEC as well: GLOBAL loads of a byte or a short take a path of their own for it (mem/flat.ts).
for (const mode of MODES)
  for (const [what, exec] of [
    ['partial', PARTIAL_EXEC],
    ['full', FULL_EXEC],
  ] as const)
    test(`FLAT loads: ${mode.name}, all ops, ${what} EXEC`, () => {
      for (const [op, ref] of Object.entries(LOADS)) {
        const name = `${mode.prefix}_${op}`;
        for (const aligned of [true, false]) {
          let bytes!: Bytes;
          const data: number[][] = [];
          const old: number[][] = [];
          const { wave } = runWave(`${name} ${vr(10, op)}, ${mode.vaddr}${mode.tail}`, (w, mem) => {
            bytes = mode.prepare(w, mem, aligned);
            for (let l = 0; l < 64; l++) {
              data.push([]);
              old.push([]);
              for (let j = 0; j < 16; j++) {
                const b = rnd() & 0xff;
                // Sign bits of both polarities are exercised by lanes of either parity.
                const v = j === 0 || j === 1 ? (l & 1 ? b | 0x80 : b & 0x7f) : b;
                bytes.put(l, j, v);
                data[l]!.push(v);
              }
              for (let k = 0; k < 4; k++) {
                const o = rnd();
                w.v[(10 + k) * 64 + l] = o;
                old[l]!.push(o);
              }
            }
            w.s[EXEC_LO] = exec[0];
            w.s[EXEC_HI] = exec[1];
          });
          for (let l = 0; l < 64; l++) {
            const exp = laneOn(l, exec) ? ref(data[l]!, old[l]!) : [];
            for (let k = 0; k < 4; k++) {
              const want = k < exp.length ? exp[k] : old[l]![k];
              assert.equal(vreg(wave, 10 + k, l), want, `${name} aligned=${aligned} lane ${l} v${10 + k}`);
            }
          }
          assert.equal(wave.laneInstructions, activeLanes(exec), 'lane-instruction count');
        }
      }
    });

function activeLanes(exec: readonly [number, number] = PARTIAL_EXEC): number {
  let n = 0;
  for (let l = 0; l < 64; l++) if (laneOn(l, exec)) n++;
  return n;
}

// ---- Stores -----------------------------------------------------------------------------------------------

/** Bytes written from the data dwords. */
const STORES: Record<string, (d: number[]) => number[]> = {
  store_byte: (d) => [d[0]! & 0xff],
  store_byte_d16_hi: (d) => [(d[0]! >>> 16) & 0xff],
  store_short: (d) => [d[0]! & 0xff, (d[0]! >>> 8) & 0xff],
  store_short_d16_hi: (d) => [(d[0]! >>> 16) & 0xff, d[0]! >>> 24],
  store_dword: (d) => bytesOf(d, 1),
  store_dwordx2: (d) => bytesOf(d, 2),
  store_dwordx3: (d) => bytesOf(d, 3),
  store_dwordx4: (d) => bytesOf(d, 4),
};
function bytesOf(d: number[], n: number): number[] {
  const r: number[] = [];
  for (let k = 0; k < n; k++) for (let j = 0; j < 4; j++) r.push((d[k]! >>> (8 * j)) & 0xff);
  return r;
}

for (const mode of MODES)
  for (const [what, exec] of [
    ['partial', PARTIAL_EXEC],
    ['full', FULL_EXEC],
  ] as const)
    test(`FLAT stores: ${mode.name}, all ops, ${what} EXEC, neighbouring bytes kept`, () => {
      for (const [op, ref] of Object.entries(STORES)) {
        const name = `${mode.prefix}_${op}`;
        for (const aligned of [true, false]) {
          let bytes!: Bytes;
          const before: number[][] = [];
          const data: number[][] = [];
          runWave(`${name} ${mode.vaddr}, ${vr(10, op)}${mode.tail}`, (w, mem) => {
            bytes = mode.prepare(w, mem, aligned);
            for (let l = 0; l < 64; l++) {
              before.push([]);
              data.push([]);
              for (let j = 0; j < 20; j++) {
                const b = rnd() & 0xff;
                bytes.put(l, j, b);
                before[l]!.push(b);
              }
              for (let k = 0; k < 4; k++) {
                const d = rnd();
                w.v[(10 + k) * 64 + l] = d;
                data[l]!.push(d);
              }
            }
            w.s[EXEC_LO] = exec[0];
            w.s[EXEC_HI] = exec[1];
          });
          // The saddr scratch mode gives every lane the same private address: still per-lane memory.
          for (let l = 0; l < 64; l++) {
            const written = laneOn(l, exec) ? ref(data[l]!) : [];
            for (let j = 0; j < 20; j++) {
              const want = j < written.length ? written[j] : before[l]![j];
              assert.equal(bytes.get(l, j), want, `${name} aligned=${aligned} lane ${l} byte ${j}`);
            }
          }
        }
      }
    });

// ---- Atomics ----------------------------------------------------------------------------------------------

const ATOMICS = INTEGER_ATOMICS;

function readLE(bytes: Bytes, l: number, n: number): bigint {
  let v = 0n;
  for (let j = n - 1; j >= 0; j--) v = (v << 8n) | BigInt(bytes.get(l, j));
  return v;
}

// Atomics exist in the FLAT and GLOBAL segments; FLAT's reach LDS and private memory too.
for (const mode of MODES.filter((m) => m.prefix !== 'scratch')) {
  test(`FLAT atomics: ${mode.name}, 32- and 64-bit, glc returns the pre-op value`, () => {
    for (const op of ATOMICS) {
      for (const wide of [false, true]) {
        for (const glc of [true, false]) {
          const name = `${mode.prefix}_atomic_${op}${wide ? '_x2' : ''}`;
          const n = wide ? 8 : 4;
          let bytes!: Bytes;
          const olds: bigint[] = [];
          const srcs: bigint[] = [];
          const cmps: bigint[] = [];
          const dst0: number[][] = [];
          const dst = wide ? 'v[20:21]' : 'v20';
          const data = op === 'cmpswap' ? (wide ? 'v[10:13]' : 'v[10:11]') : wide ? 'v[10:11]' : 'v10';
          const src = glc
            ? `${name} ${dst}, ${mode.vaddr}, ${data}${mode.tail} glc`
            : `${name} ${mode.vaddr}, ${data}${mode.tail}`;
          const { wave } = runWave(src, (w, mem) => {
            bytes = mode.prepare(w, mem, true);
            for (let l = 0; l < 64; l++) {
              const lo = () => BigInt(val32());
              const v64 = () => (wide ? (lo() << 32n) | lo() : lo());
              const old = v64();
              const s = v64();
              // Compare equal to the old value in about half the lanes.
              const c = l % 2 === 0 ? old : v64();
              olds.push(old);
              srcs.push(s);
              cmps.push(c);
              for (let j = 0; j < n; j++) bytes.put(l, j, Number((old >> BigInt(8 * j)) & 0xffn));
              const put64 = (r: number, x: bigint) => {
                w.v[r * 64 + l] = Number(x & 0xffffffffn);
                if (wide) w.v[(r + 1) * 64 + l] = Number(x >> 32n);
              };
              put64(10, s);
              if (op === 'cmpswap') put64(wide ? 12 : 11, c);
              dst0.push([rnd(), rnd()]);
              w.v[20 * 64 + l] = dst0[l]![0]!;
              w.v[21 * 64 + l] = dst0[l]![1]!;
            }
            w.s[EXEC_LO] = PARTIAL_EXEC[0];
            w.s[EXEC_HI] = PARTIAL_EXEC[1];
          });
          for (let l = 0; l < 64; l++) {
            const on = laneOn(l, PARTIAL_EXEC);
            const want = on ? atomicRef(op, olds[l]!, srcs[l]!, cmps[l]!, wide ? 64 : 32) : olds[l]!;
            assert.equal(readLE(bytes, l, n), want, `${name} glc=${glc} lane ${l} memory`);
            const ret = on && glc;
            const lo = ret ? Number(olds[l]! & 0xffffffffn) : dst0[l]![0];
            const hi = ret && wide ? Number(olds[l]! >> 32n) : dst0[l]![1];
            assert.equal(vreg(wave, 20, l), lo, `${name} glc=${glc} lane ${l} vdst`);
            assert.equal(vreg(wave, 21, l), hi, `${name} glc=${glc} lane ${l} vdst+1`);
          }
        }
      }
    }
  });
}

test('gfx908 float atomics: global_atomic_add_f32 and global_atomic_pk_add_f16', () => {
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  const bits = (x: number) => {
    f32[0] = x;
    return u32[0]!;
  };
  let buf = 0;
  // (memory, data, expected sum): exact cases, a rounding case (1 + 2^-24 rounds to even = 1), denormals.
  const f32Cases: [number, number, number][] = [
    [bits(1.5), bits(2.25), bits(3.75)],
    [bits(1), bits(2 ** -24), bits(1)],
    [bits(1), bits(3 * 2 ** -24), bits(1 + 2 ** -22)],
    [0x00000001, 0x00000001, 0x00000002],
    [bits(-0), bits(0), bits(0)],
    [bits(3e38), bits(3e38), 0x7f800000],
  ];
  const { mem } = runWave('global_atomic_add_f32 v[2:3], v10, off offset:4', (w, m) => {
    buf = m.alloc(4096);
    for (let l = 0; l < 64; l++) {
      const c = f32Cases[l % f32Cases.length]!;
      m.write32(buf + 4 + 4 * l, c[0]);
      w.v[10 * 64 + l] = c[1];
    }
    setPair(w, 2, (l) => buf + 4 * l);
    w.s[EXEC_LO] = PARTIAL_EXEC[0];
    w.s[EXEC_HI] = PARTIAL_EXEC[1];
  });
  for (let l = 0; l < 64; l++) {
    const c = f32Cases[l % f32Cases.length]!;
    assert.equal(mem.read32(buf + 4 + 4 * l), laneOn(l, PARTIAL_EXEC) ? c[2] : c[0], `add_f32 lane ${l}`);
  }
  // f16: 1.0 + 2.0 = 3.0 (0x3c00 + 0x4000 = 0x4200); 0.5 + -0.5 = +0; 65504 + 8 rounds down to 65504;
  // 65504 + 16 = 65520 is halfway to 65536 and rounds to even, i.e. overflows to +inf; denormals add.
  const h16: [number, number, number][] = [
    [0x3c00, 0x4000, 0x4200],
    [0x3800, 0xb800, 0x0000],
    [0x7bff, 0x4800, 0x7bff],
    [0x7bff, 0x4c00, 0x7c00],
    [0x0001, 0x0001, 0x0002],
  ];
  const { mem: mem2 } = runWave('global_atomic_pk_add_f16 v2, v10, s[4:5]', (w, m) => {
    buf = m.alloc(4096);
    w.s[4] = buf % 2 ** 32;
    w.s[5] = Math.floor(buf / 2 ** 32);
    for (let l = 0; l < 64; l++) {
      const a = h16[l % h16.length]!;
      const b = h16[(l + 1) % h16.length]!;
      m.write32(buf + 4 * l, (a[0] | (b[0] << 16)) >>> 0);
      w.v[10 * 64 + l] = (a[1] | (b[1] << 16)) >>> 0;
    }
    setV(w, 2, (l) => 4 * l);
  });
  for (let l = 0; l < 64; l++) {
    const a = h16[l % h16.length]!;
    const b = h16[(l + 1) % h16.length]!;
    assert.equal(mem2.read32(buf + 4 * l), (a[2] | (b[2] << 16)) >>> 0, `pk_add_f16 lane ${l}`);
  }
});

// ---- Scratch mapping ------------------------------------------------------------------------------------

test('scratchAddress follows the swizzled private layout for every byte', () => {
  const { wave } = runWave('s_nop 0', (w) => {
    w.s[FLAT_SCRATCH_LO] = 0x12345000;
    w.s[FLAT_SCRATCH_HI] = 0x7f00;
  });
  for (const x of [0, 1, 2, 3, 4, 5, 255, 256, 1023, 0xfffffffc, 0xffffffff]) {
    for (const l of [0, 1, 31, 63]) {
      assert.equal(scratchAddress(wave, x, l), hostScratch(wave, l, x), `x=${x} lane ${l}`);
    }
  }
  // Lane 1's dword 0 sits right after lane 0's; dword 1 of lane 0 one 256-byte row later.
  assert.equal(scratchAddress(wave, 0, 1) - scratchAddress(wave, 0, 0), 4);
  assert.equal(scratchAddress(wave, 4, 0) - scratchAddress(wave, 0, 0), 256);
});

test('an unaligned scratch dword straddles two rows: each byte lands in its own row', () => {
  let base = 0;
  const { mem } = runWave('scratch_store_dword v2, v10, off offset:2', (w, m) => {
    allocScratch(w, m);
    base = w.s[FLAT_SCRATCH_HI] * 2 ** 32 + w.s[FLAT_SCRATCH_LO];
    setV(w, 2, () => 0);
    setV(w, 10, (l) => 0x44332211 + l);
  });
  // Private bytes 2..5 of lane 7: bytes 2, 3 in row 0, bytes 4, 5 in row 1.
  assert.equal(mem.read8(base + 7 * 4 + 2), 0x11 + 7);
  assert.equal(mem.read8(base + 7 * 4 + 3), 0x22);
  assert.equal(mem.read8(base + 256 + 7 * 4 + 0), 0x33);
  assert.equal(mem.read8(base + 256 + 7 * 4 + 1), 0x44);
});

test('FLAT lanes of one access in different spaces: global, LDS, and an offset carrying into the LDS aperture', () => {
  // A FLAT access whose lanes are all global runs as the GLOBAL one (mem/flat.ts flatIsGlobal); one lane
  // elsewhere (mixed: a run of LDS lanes; carry: only one, whose offset carries its high word into the
  // LDS aperture) sends every lane through its own space.
  const space = (l: number): 'global' | 'lds' | 'carry' =>
    l >= 20 && l < 40 ? 'lds' : l === 40 ? 'carry' : 'global';
  for (const mode of ['mixed', 'carry', 'global'] as const)
    for (const [op, size] of [
      ['flat_load_dword', 4],
      ['flat_load_ushort', 2],
      ['flat_store_dword', 4],
      ['flat_store_short', 2],
    ] as const) {
      let buf = 0;
      const where = (l: number): 'global' | 'lds' | 'carry' =>
        mode === 'mixed' ? space(l) : mode === 'carry' && l === 40 ? 'carry' : 'global';
      const store = op.startsWith('flat_store');
      const text = store ? `${op} v[2:3], v10 offset:8` : `${op} v10, v[2:3] offset:8`;
      const { wave, mem } = runWave(text, (w, m) => {
        buf = m.alloc(512);
        for (let j = 0; j < 128; j++) m.write32(buf + 4 * j, (0xa0000000 + j) >>> 0);
        for (let j = 0; j < 128; j++) w.wg.ldsView.setUint32(4 * j, (0xb0000000 + j) >>> 0, true);
        setV(w, 2, (l) =>
          where(l) === 'global' ? (buf + 4 * l) % 2 ** 32 : where(l) === 'lds' ? 4 * l : 2 ** 32 - 4,
        );
        setV(w, 3, (l) =>
          where(l) === 'global'
            ? Math.floor(buf / 2 ** 32)
            : where(l) === 'lds'
              ? SHARED_APERTURE_HI
              : SHARED_APERTURE_HI - 1,
        );
        setV(w, 10, (l) => 0xc0de0000 + l);
      });
      for (let l = 0; l < 64; l++) {
        // Lane l's dword: index l + 2 of the buffer or the LDS; the carrying lane reaches LDS byte 4.
        const k = where(l) === 'carry' ? 1 : l + 2;
        const what = `${op} ${mode} lane ${l} (${where(l)})`;
        const read = (j: number) =>
          where(l) === 'global' ? mem.read32(buf + 4 * j) : wave.wg.ldsView.getUint32(4 * j, true);
        if (!store) {
          const x = where(l) === 'global' ? 0xa0000000 + k : 0xb0000000 + k;
          assert.equal(vreg(wave, 10, l), size === 4 ? x >>> 0 : x & 0xffff, what);
        } else {
          const was = (where(l) === 'global' ? 0xa0000000 + k : 0xb0000000 + k) >>> 0;
          const d = 0xc0de0000 + l;
          assert.equal(read(k), size === 4 ? d : ((was & 0xffff0000) | (d & 0xffff)) >>> 0, what);
        }
      }
    }
});

test('a store then a load through different segments reach the same bytes', () => {
  // scratch_store at private address 64, read back through the private aperture; global store read
  // back through flat; LDS written through flat and read back directly.
  let buf = 0;
  const { wave } = runWave(
    [
      'scratch_store_dword v1, v10, off offset:64',
      'flat_load_dword v11, v[2:3] offset:64',
      'global_store_dword v[4:5], v10, off',
      'flat_load_dword v12, v[4:5]',
      'flat_store_dword v[6:7], v10 offset:8',
    ].join('\n'),
    (w, m) => {
      allocScratch(w, m);
      buf = m.alloc(1024);
      setV(w, 1, () => 0);
      setV(w, 2, () => 0);
      setV(w, 3, () => PRIVATE_APERTURE_HI);
      setPair(w, 4, (l) => buf + 4 * l);
      setV(w, 6, (l) => 4 * l);
      setV(w, 7, () => SHARED_APERTURE_HI);
      setV(w, 10, (l) => 0xc0de0000 + l);
    },
  );
  for (let l = 0; l < 64; l++) {
    assert.equal(vreg(wave, 11, l), 0xc0de0000 + l);
    assert.equal(vreg(wave, 12, l), 0xc0de0000 + l);
    assert.equal(wave.wg.ldsView.getUint32(8 + 4 * l, true), 0xc0de0000 + l);
  }
});

// ---- Faults -------------------------------------------------------------------------------------------

test('an unmapped global_load in lane 5 only faults with lane 5 and its address', () => {
  let bad = 0;
  let caught: unknown;
  try {
    runWave('global_load_dword v10, v[2:3], off offset:4', (w, m) => {
      const buf = m.alloc(1024);
      bad = buf + 0x100000;
      setPair(w, 2, (l) => (l === 5 ? bad : buf + 4 * l));
    });
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof LaneFault, String(caught));
  assert.equal(caught.lane, 5);
  assert.equal(caught.addr, bad + 4);
  assert.equal(caught.size, 4);
  assert.equal(caught.kind, 'read');
  assert.match(caught.message, /lane 5: unmapped address 0x[0-9a-f]+ \(4-byte read\)/);
});

test('the lanes of one global access may reach several allocations; the first bad lane faults', () => {
  // GLOBAL accesses look the region of the previous lane up once (mem/cursor.ts): lanes that move between
  // allocations, and one whose dword runs past the end of its allocation, must behave as lane-by-lane.
  let wave: Wave | undefined;
  let bufs: number[] = [];
  const setup = (w: Wave, m: DeviceMemory) => {
    wave = w;
    bufs = [m.alloc(256), m.alloc(256), m.alloc(256)];
    for (const [k, b] of bufs.entries())
      for (let j = 0; j < 64; j++) m.write32(b + 4 * j, (0xa0000000 + (k << 16) + j) >>> 0);
    // Lane 40 reads the last dword of allocation 2, lane 41 the 4 bytes from 2 before its end.
    setPair(w, 2, (l) => bufs[laneRegion(l)] + (l === 40 ? 252 : l === 41 ? 254 : 4 * l));
    setV(w, 1, (l) => 4 * l);
    setV(w, 10, () => 7);
    w.s[4] = bufs[1] % 2 ** 32;
    w.s[5] = Math.floor(bufs[1] / 2 ** 32);
  };
  assert.throws(
    () => runWave('global_load_dword v10, v[2:3], off', setup),
    (e: unknown) => e instanceof LaneFault && e.lane === 41 && e.addr === bufs[2] + 254 && e.size === 4,
  );
  const w = wave as Wave;
  for (let l = 0; l < 64; l++) {
    const want = l === 40 ? 0xa002003f : l < 41 ? (0xa0000000 + (laneRegion(l) << 16) + l) >>> 0 : 7;
    assert.equal(vreg(w, 10, l), want, `lane ${l}`);
  }
  // The same lanes store, then the SGPR-based form reads allocation 1 back.
  const { wave: w2, mem } = runWave(
    ['global_store_dword v[2:3], v11, off', 'global_load_dword v12, v1, s[4:5]'].join('\n'),
    (w0, m) => {
      setup(w0, m);
      setV(w0, 11, (l) => 0xc0de0000 + l);
      w0.s[EXEC_HI] = 0x1ff; // lanes 32-40: lane 41 would fault
    },
  );
  for (let l = 0; l < 41; l++) {
    const at = bufs[laneRegion(l)] + (l === 40 ? 252 : 4 * l);
    assert.equal(mem.read32(at), 0xc0de0000 + l, `stored lane ${l}`);
  }
  // Lane l reads allocation 1 at 4 * l, where lanes 10-19 stored.
  for (let l = 0; l < 41; l++)
    assert.equal(vreg(w2, 12, l), l >= 10 && l < 20 ? 0xc0de0000 + l : 0xa0010000 + l, `loaded lane ${l}`);
});

/** Which of three allocations lane l reaches in the tests of accesses across allocations. */
function laneRegion(l: number): number {
  return l < 10 || (l >= 20 && l < 30) ? 0 : l < 20 ? 1 : 2;
}

/**
 * The sub-dword tests' lane addresses in `bufs` (three allocations of 256 bytes): lane 40 reads the last
 * bytes of allocation 2; the bad lane (41, after lanes in all three allocations, or 9, among lane 0's)
 * the last byte of allocation 2 (or 0) and one past it (a fault for a short) or, for a byte, allocation 0
 * with the high word one above (unmapped); the others laneRegion's allocation at 4l.
 */
function subLaneAddress(bufs: readonly number[], bad: number, size: number, l: number): number {
  if (l === bad) return size === 2 ? bufs[bad === 9 ? 0 : 2] + 255 : bufs[0] + 4 * l + 2 ** 32;
  return l === 40 ? bufs[2] + 256 - size : bufs[laneRegion(l)] + 4 * l;
}

/**
 * The same lanes' 32-bit offsets from allocation 0 (the SGPR-base form): they cannot leave its 4 GiB
 * window, so a byte access's bad lane goes below the base instead, to no allocation.
 */
function subLaneOffset(bufs: readonly number[], bad: number, size: number, l: number): number {
  return l === bad && size === 1 ? 2 ** 32 - 64 : subLaneAddress(bufs, bad, size, l) - bufs[0];
}

test('sub-dword GLOBAL loads under a full EXEC: lanes across allocations and 4 GiB windows, the first bad lane faults', () => {
  // Their full-EXEC path (mem/flat.ts runGlobalSub) reads lanes from lane 0 while they stay in lane 0's
  // allocation and high word, then goes on lane by lane from the first that does not: every form must give
  // what lane-by-lane gives, also where the destination is the address VGPR (a lane read twice would read
  // from its loaded value).
  for (const [op, size, ref] of [
    ['global_load_ushort', 2, (x: number) => x & 0xffff],
    ['global_load_sbyte', 1, (x: number) => ((x << 24) >> 24) >>> 0],
    [
      'global_load_short_d16_hi',
      2,
      (x: number, old: number) => (((x & 0xffff) << 16) | (old & 0xffff)) >>> 0,
    ],
  ] as const) {
    for (const form of ['pair', 'saddr'] as const)
      for (const [dst, bad] of [
        [10, 41],
        [2, 41],
        [10, 9],
        [2, 9],
      ]) {
        let bufs: number[] = [];
        let wave: Wave | undefined;
        const at = (l: number): number => subLaneAddress(bufs, bad, size, l);
        const old = (l: number): number =>
          dst === 10 ? 0x77777777 : form === 'pair' ? at(l) % 2 ** 32 : offsetOf(l);
        const offsetOf = (l: number): number => subLaneOffset(bufs, bad, size, l);
        const setup = (w: Wave, m: DeviceMemory) => {
          wave = w;
          bufs = [m.alloc(256), m.alloc(256), m.alloc(256)];
          for (const [k, b] of bufs.entries())
            for (let j = 0; j < 64; j++)
              m.write32(b + 4 * j, (0xa0800000 + (k << 12) + 0x80 * (j & 1) + j) >>> 0);
          setV(w, 10, () => 0x77777777);
          if (form === 'pair') setPair(w, 2, at);
          else {
            // The SGPR base is allocation 0's (subLaneOffset).
            w.s[4] = bufs[0] % 2 ** 32;
            w.s[5] = Math.floor(bufs[0] / 2 ** 32);
            setV(w, 2, offsetOf);
          }
        };
        const text = form === 'pair' ? `${op} v${dst}, v[2:3], off` : `${op} v${dst}, v2, s[4:5]`;
        const what = `${op} ${form} v${dst} bad lane ${bad}`;
        assert.throws(
          () => runWave(text, setup),
          (e: unknown) => e instanceof LaneFault && e.lane === bad && e.size === size,
          what,
        );
        const w = wave as Wave;
        const mem = w.ctx.mem;
        for (let l = 0; l < 64; l++) {
          const want = l < bad ? ref(size === 2 ? mem.read16(at(l)) : mem.read8(at(l)), old(l)) : old(l);
          assert.equal(vreg(w, dst, l), want >>> 0, `${what} lane ${l}`);
        }
      }
  }
});

test('sub-dword GLOBAL stores under a full EXEC: lanes across allocations and 4 GiB windows, the first bad lane faults', () => {
  // The stores' full-EXEC path (runGlobalSubStore) as the loads' above: the lanes before the bad one write,
  // the others do not.
  for (const [op, size, bytes] of [
    ['global_store_short', 2, (x: number) => [x & 0xff, (x >>> 8) & 0xff]],
    ['global_store_byte', 1, (x: number) => [x & 0xff]],
    ['global_store_short_d16_hi', 2, (x: number) => [(x >>> 16) & 0xff, x >>> 24]],
    ['global_store_byte_d16_hi', 1, (x: number) => [(x >>> 16) & 0xff]],
  ] as const) {
    for (const form of ['pair', 'saddr'] as const)
      for (const bad of [41, 9]) {
        let bufs: number[] = [];
        let mem: DeviceMemory | undefined;
        const at = (l: number): number => subLaneAddress(bufs, bad, size, l);
        const data = (l: number): number => (0x8a5b3c00 + 0x01010101 * l) >>> 0;
        const setup = (w: Wave, m: DeviceMemory) => {
          mem = m;
          bufs = [m.alloc(256), m.alloc(256), m.alloc(256)];
          for (const b of bufs) for (let j = 0; j < 64; j++) m.write32(b + 4 * j, 0x11111111);
          setV(w, 10, data);
          if (form === 'pair') setPair(w, 2, at);
          else {
            w.s[4] = bufs[0] % 2 ** 32;
            w.s[5] = Math.floor(bufs[0] / 2 ** 32);
            setV(w, 2, (l) => subLaneOffset(bufs, bad, size, l));
          }
        };
        const text = form === 'pair' ? `${op} v[2:3], v10, off` : `${op} v2, v10, s[4:5]`;
        const what = `${op} ${form} bad lane ${bad}`;
        assert.throws(
          () => runWave(text, setup),
          (e: unknown) => e instanceof LaneFault && e.lane === bad && e.size === size && e.kind === 'write',
          what,
        );
        const m = mem as DeviceMemory;
        for (let l = 0; l < 64; l++) {
          if (l === bad) continue;
          const want = l < bad ? bytes(data(l)) : Array(size).fill(0x11);
          for (let j = 0; j < size; j++)
            assert.equal(m.read8(at(l) + j), want[j], `${what} lane ${l} byte ${j}`);
        }
      }
  }
});

test('faults of stores, atomics, LDS past its size, and lanes with EXEC off do not fault', () => {
  const expectFault = (
    src: string,
    setup: (w: Wave, m: DeviceMemory) => void,
    lane: number,
    kind: string,
  ) => {
    assert.throws(
      () => runWave(src, setup),
      (e: unknown) => e instanceof LaneFault && e.lane === lane && e.kind === kind,
      src,
    );
  };
  expectFault('global_store_dword v[2:3], v1, off', (w) => setPair(w, 2, () => 0x1000), 0, 'write');
  expectFault('global_atomic_add v[2:3], v1, off', (w) => setPair(w, 2, () => 0x1000), 0, 'atomic');
  expectFault(
    'flat_load_dwordx2 v[10:11], v[2:3]',
    (w) => {
      w.wg.ldsSize = 1024;
      setV(w, 2, (l) => (l === 9 ? 1020 : 0));
      setV(w, 3, () => SHARED_APERTURE_HI);
    },
    9,
    'read',
  );
  // Lane 5's bad address is masked off by EXEC: no fault.
  const { wave } = runWave('global_load_dword v10, v[2:3], off', (w, m) => {
    const buf = m.alloc(1024);
    setPair(w, 2, (l) => (l === 5 ? 0x1000 : buf + 4 * l));
    w.s[EXEC_LO] = ~(1 << 5) >>> 0;
    setV(w, 10, () => 77);
  });
  assert.equal(vreg(wave, 10, 5), 77);
});

// ---- Unexecuted forms and coverage ------------------------------------------------------------------------

test('an LDS-DMA global load (lds bit) is left without semantics and says so', () => {
  // global_load_dword v[2:3], off lds: w0 = FLAT encoding | lds | seg 2 | op 20; w1 = saddr off.
  const w0 = ((0x37 << 26) | (20 << 18) | (2 << 14) | (1 << 13)) >>> 0;
  const w1 = (0x7f << 16) | 2;
  assert.throws(
    () => runWave(`.long 0x${w0.toString(16)}, 0x${w1.toString(16)}`),
    /instruction without semantics: global_load_dword at pc/,
  );
});

/** Ops of the FLAT encoding deliberately left without semantics (none at the moment). */
const FLAT_NOT_YET: Record<string, string> = {};

test('coverage: every FLAT/GLOBAL/SCRATCH op of gfx900/906/908 executes', () => {
  for (const t of GFX9_TARGETS) {
    let n = 0;
    for (const op of flatTable(t).rows) {
      const w0 = ((0x37 << 26) | ((op.opcodes.gfx9 as number) << 18) | (op.seg << 14)) >>> 0;
      const w1 = op.seg === SEG_FLAT ? (4 << 24) | (8 << 8) | 2 : (4 << 24) | (0x7f << 16) | (8 << 8) | 2;
      const i = new Inst();
      const words = new Uint32Array([w0, w1]);
      const size = decodeInst({ words, n: 2, target: t }, 0, i, {
        size: 0,
        text: '',
        branchOffset: Number.NaN,
      });
      assert.equal(size, 2, `${t} ${op.name} decodes`);
      assert.equal(i.name, op.name);
      if (op.name in FLAT_NOT_YET) assert.equal(i.run, unimplemented, `${op.name} is on the not-yet list`);
      else assert.notEqual(i.run, unimplemented, `${t} ${op.name} has semantics`);
      n++;
    }
    // 22 FLAT + 22 SCRATCH + 48 ... : the table is not empty and contains each segment.
    assert.ok(n >= 22 * 3 + 26 * 2, `${t}: ${n} ops`);
    assert.ok(FLAT_OPS.some((o) => o.seg === SEG_SCRATCH) && FLAT_OPS.some((o) => o.seg === SEG_GLOBAL));
  }
});
