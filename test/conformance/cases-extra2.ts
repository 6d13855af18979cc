// Packed 16-bit vectors, LDS of every element width, packed structs, C11 atomics, register pressure and a
// 1024-work-item block.

import {
  type Case,
  expectFloats,
  expectInts,
  F16,
  F32,
  F64,
  f16Bits,
  f16Value,
  fmaExact,
  Mismatch,
  roundTo,
} from './harness.js';
import { f32r } from './refmath.js';

const f16Vector: Case = {
  name: 'f16_vector',
  source: 'extra2',
  lang: 'OpenCL',
  covers: 'half4 arithmetic (packed f16 on gfx9): + , * then -, fma with a swizzle',
  setup(rng) {
    const n = 128;
    const a = new Uint16Array(4 * n);
    const b = new Uint16Array(4 * n);
    const h = () => f16Bits((rng.chance(0.5) ? -1 : 1) * rng.float(1, 2) * 2 ** rng.int(-4, 5));
    for (let i = 0; i < 4 * n; i++) {
      a[i] = h();
      b[i] = i % 13 === 0 ? a[i] ^ 0x8000 : h();
    }
    const c = [0.5, -1, 2, 0];
    return {
      grid: [n],
      block: [64],
      args: [new Uint16Array(12 * n), a, b],
      check(o, _later, code) {
        const got = Array.from(o[0] as Uint16Array, f16Value);
        // gfx6/7 have no f16 arithmetic: clang-22 evaluates each half expression in f32 and rounds to half
        // once, at the end (extra2-gfx700-O3: v_cvt_f32_f16, v_mac_f32 / v_add_f32 / v_fma_f32,
        // v_cvt_f16_f32; x*y is not rounded to half before the subtraction), an excess-precision
        // evaluation C allows (FLT_EVAL_METHOD). gfx8/9 round each operation to half.
        const inF32 = code.generation === 'gfx6' || code.generation === 'gfx7';
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const x = Array.from(a.subarray(4 * i, 4 * i + 4), f16Value);
          const y = Array.from(b.subarray(4 * i, 4 * i + 4), f16Value);
          for (let k = 0; k < 4; k++) exp.push(inF32 ? roundTo(x[k] + y[k], F32) : x[k] + y[k]);
          for (let k = 0; k < 4; k++) {
            const p = x[k] * y[k];
            exp.push(inF32 ? roundTo(p - x[k], F32) : roundTo(p, F16) - x[k]);
          }
          for (let k = 0; k < 4; k++) exp.push(fmaExact(x[k], y[3 - k], c[k], inF32 ? F32 : F16));
        }
        const names = ['x+y', 'x*y-x', 'fma(x,y.wzyx,c)'];
        expectFloats(
          'out',
          got,
          exp,
          { fmt: F16, ulps: 0 },
          (i) => `item ${Math.floor(i / 12)} ${names[Math.floor(i / 4) % 3]} lane ${i % 4}`,
        );
      },
    };
  },
};

const short2Packed: Case = {
  name: 'short2_packed',
  source: 'extra2',
  lang: 'OpenCL',
  covers: 'short2/ushort2 vector math (packed 16-bit): + * max >> add_sat min',
  setup(rng) {
    const n = 192;
    const a = new Int16Array(2 * n);
    const b = new Int16Array(2 * n);
    for (let i = 0; i < 2 * n; i++) {
      a[i] = rng.int(-16000, 16000);
      b[i] = i % 11 === 0 ? rng.pick([0, -1, 16000, -16000]) : rng.int(-16000, 16000);
    }
    return {
      grid: [n],
      block: [64],
      args: [new Int16Array(6 * n), new Uint16Array(4 * n), a, b],
      check(o) {
        const sexp: number[] = [];
        const uexp: number[] = [];
        const s16 = (v: number) => (v << 16) >> 16;
        for (let i = 0; i < n; i++) {
          const x = [a[2 * i], a[2 * i + 1]];
          const y = [b[2 * i], b[2 * i + 1]];
          const ux = x.map((v) => v & 0xffff);
          const uy = y.map((v) => v & 0xffff);
          const sh = [3, 5];
          const ush = [1, 15];
          sexp.push(x[0] + y[0], x[1] + y[1]);
          sexp.push(s16(Math.imul(ux[0], uy[0])), s16(Math.imul(ux[1], uy[1])));
          for (let k = 0; k < 2; k++) sexp.push(Math.max(x[k], y[k]) - (x[k] >> sh[k]));
          for (let k = 0; k < 2; k++) uexp.push(Math.min(0xffff, ux[k] + uy[k]));
          for (let k = 0; k < 2; k++) uexp.push(((ux[k] >> ush[k]) + Math.min(ux[k], uy[k])) & 0xffff);
        }
        expectInts('out', o[0] as Int16Array, sexp, (i) => `item ${Math.floor(i / 6)} value ${i % 6}`);
        expectInts('uout', o[1] as Uint16Array, uexp, (i) => `item ${Math.floor(i / 4)} value ${i % 4}`);
      },
    };
  },
};

const ldsTypes: Case = {
  name: 'lds_types',
  source: 'extra2',
  lang: 'OpenCL',
  covers: 'LDS arrays of uchar/short/long/double, 64-bit LDS atom_add, LDS atomic_cmpxchg (one winner)',
  setup(rng) {
    const block = 256;
    const groups = 2;
    const n = block * groups;
    const a = new BigInt64Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.i64();
    return {
      grid: [n],
      block: [block],
      args: [new BigInt64Array(2 * n), new Float64Array(n), a],
      check(o) {
        const out = o[0] as BigInt64Array;
        const exp: bigint[] = [];
        const dexp: number[] = [];
        for (let g = 0; g < groups; g++) {
          const v = a.subarray(g * block, (g + 1) * block);
          let lsum = 0n;
          for (const x of v) lsum += x >> 20n;
          const b8 = (k: number) => BigInt.asUintN(8, v[k]);
          const b16 = (k: number) => BigInt.asIntN(16, v[k] >> 8n);
          const bd = (k: number) => Number(BigInt.asIntN(32, v[k])) * 0.25;
          let winners = 0;
          for (let l = 0; l < block; l++) {
            const r = 255 - l;
            exp.push(b8(r) + b16((l + 1) & 255) * 3n + (v[r] ^ v[(l + 17) & 255]));
            dexp.push(bd(r) + bd((l * 7) & 255));
            const got = out[2 * (g * block + l) + 1];
            if (got >> 2n !== lsum)
              throw new Mismatch(
                `out[${2 * (g * block + l) + 1}] (group ${g} lane ${l}): 64-bit LDS sum expected ${lsum}, got ${got >> 2n}`,
              );
            const flags = Number(got & 3n);
            if (flags === 3) winners++;
            else if (flags !== 0)
              throw new Mismatch(
                `group ${g} lane ${l}: cmpxchg flags ${flags} (a lane either won and holds the value, or neither)`,
              );
          }
          if (winners !== 1)
            throw new Mismatch(`group ${g}: ${winners} lanes won the LDS cmpxchg, expected exactly 1`);
        }
        expectInts(
          'out (even)',
          out.filter((_, i) => i % 2 === 0),
          exp,
          (i) => `group ${Math.floor(i / block)} lane ${i % block}`,
        );
        expectFloats('dout', o[1] as Float64Array, dexp, { fmt: F64, ulps: 0 });
      },
    };
  },
};

const PACKED = 19;

const packedStruct: Case = {
  name: 'packed_struct',
  source: 'extra2',
  lang: 'OpenCL',
  covers: 'a packed 19-byte struct in global memory: unaligned field loads/stores, read-modify-write',
  setup(rng) {
    const n = 100;
    const bytes = new Uint8Array(PACKED * n);
    const dv = new DataView(bytes.buffer);
    for (let k = 0; k < n; k++) {
      const o = PACKED * k;
      dv.setInt8(o, rng.int(-128, 127));
      dv.setInt32(o + 1, rng.int(-100000000, 100000000), true);
      dv.setInt16(o + 5, rng.int(-32768, 32767), true);
      dv.setBigInt64(o + 7, rng.i64() >> 14n, true);
      dv.setFloat32(o + 15, rng.float(-1000, 1000), true);
    }
    const init = bytes.slice();
    return {
      grid: [n],
      block: [64],
      args: [bytes, new BigInt64Array(n)],
      check(o) {
        const iv = new DataView(init.buffer);
        const exp = new Uint8Array(PACKED * n);
        const ev = new DataView(exp.buffer);
        const sums: bigint[] = [];
        for (let k = 0; k < n; k++) {
          const off = PACKED * k;
          const c = (((iv.getInt8(off) + 1) << 24) >> 24) | 0;
          const i = (iv.getInt32(off + 1, true) * 3 - k) | 0;
          const s = ((iv.getInt16(off + 5, true) ^ 0x5555) << 16) >> 16;
          const l = BigInt.asIntN(64, iv.getBigInt64(off + 7, true) + (BigInt(i) << 20n));
          const f = iv.getFloat32(off + 15, true) * 2;
          ev.setInt8(off, c);
          ev.setInt32(off + 1, i, true);
          ev.setInt16(off + 5, s, true);
          ev.setBigInt64(off + 7, l, true);
          ev.setFloat32(off + 15, f, true);
          sums.push(BigInt(c) + BigInt(i) + BigInt(s) + l);
        }
        expectInts(
          'struct bytes',
          o[0] as Uint8Array,
          exp,
          (b) => `struct ${Math.floor(b / PACKED)} byte ${b % PACKED}`,
        );
        expectInts('sum', o[1] as BigInt64Array, sums);
      },
    };
  },
};

const c11Atomics: Case = {
  name: 'c11_atomics',
  source: 'extra2',
  lang: 'OpenCL',
  covers:
    'OpenCL 2.0 atomics with orders and scopes: fetch_add (int, long), fetch_max (uint), compare_exchange_strong, store',
  setup(rng) {
    const n = 384;
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = rng.i32() >> rng.int(0, 20);
    return {
      grid: [n],
      block: [128],
      args: [
        Int32Array.from([10]),
        Uint32Array.from([5]),
        BigInt64Array.from([-7n]),
        new Int32Array(65),
        new Int32Array(n),
        a,
      ],
      check(o) {
        let mx = 5;
        let total = -7n;
        for (const v of a) {
          mx = Math.max(mx, v >>> 0);
          total = BigInt.asIntN(64, total + BigInt(v) * 1000003n);
        }
        expectInts('counter', o[0] as Int32Array, [10 + n]);
        expectInts('maxv', o[1] as Uint32Array, [mx]);
        expectInts('total', o[2] as BigInt64Array, [total]);
        const flags = o[3] as Int32Array;
        const result = o[4] as Int32Array;
        for (let s = 0; s < 64; s++) {
          const members = [...a.keys()].filter((i) => (a[i] & 63) === s);
          const winners = members.filter((i) => result[i] === 1);
          if (members.length === 0) {
            if (flags[s] !== 0) throw new Mismatch(`flags[${s}]: untouched slot holds ${flags[s]}`);
            continue;
          }
          if (winners.length !== 1)
            throw new Mismatch(`slot ${s}: ${winners.length} winners of compare_exchange`);
          if (flags[s] !== winners[0] + 1)
            throw new Mismatch(`flags[${s}]: expected the winner's id ${winners[0] + 1}, got ${flags[s]}`);
          for (const i of members)
            if (i !== winners[0] && result[i] !== 2)
              throw new Mismatch(
                `result[${i}]: a losing compare_exchange should report 2 (saw the winner), got ${result[i]}`,
              );
        }
        expectInts('flags[64] (store)', flags.subarray(64), [a.some((v) => v < 0) ? 1 : 0]);
      },
    };
  },
};

const NV = 96;

const regPressure: Case = {
  name: 'reg_pressure',
  source: 'extra2',
  lang: 'OpenCL',
  covers: '96 live floats with amdgpu_num_vgpr(40): VGPR spills to scratch (and to AGPRs on gfx908)',
  setup(rng) {
    const n = 128;
    const a = new Float32Array(n * NV);
    for (let i = 0; i < a.length; i++) a[i] = rng.float(-4, 4);
    return {
      grid: [n],
      block: [64],
      args: [new Float32Array(n), a],
      check(o) {
        const exp: number[] = [];
        for (let i = 0; i < n; i++) {
          const v = Array.from(a.subarray(i * NV, (i + 1) * NV));
          for (let r = 0; r < 3; r++)
            for (let k = 0; k < NV; k++) v[k] = f32r(f32r(v[k] * 0.5) + v[(k * 37 + r + 1) % NV]);
          let s = 0;
          for (let k = 0; k < NV; k++) s = f32r(s + f32r(v[k] * (k + 1)));
          exp.push(s);
        }
        expectFloats('out', o[0] as Float32Array, exp, { fmt: F32, ulps: 0 }, (i) => `item ${i}`);
      },
    };
  },
};

const bigBlock: Case = {
  name: 'big_block',
  source: 'extra2',
  lang: 'OpenCL',
  covers: 'a 16x8x8 work-group (1024 work-items, 16 waves): 3D local ids, barrier, 4 KiB LDS',
  setup() {
    return {
      grid: [32, 8, 8],
      block: [16, 8, 8],
      args: [new Int32Array(2048)],
      check(o) {
        const val = (g: number, lin: number) =>
          (lin & 15) * 10000 + ((lin >> 4) & 7) * 100 + (lin >> 7) + g * 1000000;
        const exp: number[] = [];
        for (let g = 0; g < 2; g++)
          for (let lin = 0; lin < 1024; lin++) exp.push(val(g, (lin + 333) & 1023) - val(g, lin));
        expectInts('out', o[0] as Int32Array, exp, (i) => `group ${i >> 10} linear id ${i & 1023}`);
      },
    };
  },
};

export const EXTRA2_CASES: readonly Case[] = [
  f16Vector,
  short2Packed,
  ldsTypes,
  packedStruct,
  c11Atomics,
  regPressure,
  bigBlock,
];
