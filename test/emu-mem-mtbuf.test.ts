// MTBUF execution (tbuffer_load/store_format_*) in assembly text, checked against a host reference
// written here from the ISA documents' buffer format tables (not from src/emu/mem/buf-format.ts): the
// instruction's DFMT/NFMT select the format, the V#'s dst_sel still routes components (loads).
// Component layout: the first component (R) at bit 0 of the element, the packed formats named from the
// most significant field down (10_11_11: R = [10:0], G = [21:11], B = [31:22]); loads convert unorm
// v/(2^n-1), snorm max(v/(2^(n-1)-1), -1), u/sscaled to float, uint/sint zero/sign extended, float
// 16-bit halves and the unsigned 11/10-bit floats (5-bit exponent, bias 15); 32-bit components are
// moved as is; missing components read 0, alpha 1 (1.0 for the float number formats).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceMemory } from '../src/emu/memory.js';
import type { Wave } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

const DFMT = [
  'INVALID',
  '8',
  '16',
  '8_8',
  '32',
  '16_16',
  '10_11_11',
  '11_11_10',
  '10_10_10_2',
  '2_10_10_10',
  '8_8_8_8',
  '32_32',
  '16_16_16_16',
  '32_32_32',
  '32_32_32_32',
];
const NFMT = ['UNORM', 'SNORM', 'USCALED', 'SSCALED', 'UINT', 'SINT', 'RESERVED_6', 'FLOAT'];
/** Component widths from bit 0 up, read off the format name backwards. */
const widths = (d: number): number[] => DFMT[d].split('_').map(Number).reverse();
/** The formats the documents define: no float encoding of 8-bit or 10_10_10_2 / 2_10_10_10 components. */
function valid(d: number, n: number): boolean {
  if (d === 0 || n === 6) return false;
  return !(n === 7 && widths(d).some((w) => w === 8 || w === 2 || (w === 10 && d !== 6 && d !== 7)));
}

const F = new Float32Array(1);
const U = new Uint32Array(F.buffer);
const bitsOf = (x: number): number => {
  F[0] = x;
  return U[0];
};
/** IEEE half to f32 bits. */
function half(h: number): number {
  const s = h >> 15 ? -1 : 1;
  const e = (h >> 10) & 31;
  const m = h & 1023;
  if (e === 31) return m ? 0x7fc00000 | (h >> 15 ? 0x80000000 : 0) | (m << 13) : bitsOf(s * Infinity);
  return bitsOf(s * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15)));
}
/** Unsigned float with 5 exponent bits (bias 15) and mb mantissa bits, as f32 bits. */
function ufloat(v: number, mb: number): number {
  const e = v >> mb;
  const m = v & ((1 << mb) - 1);
  if (e === 31) return m ? 0x7fc00000 | (m << (23 - mb)) : 0x7f800000;
  return bitsOf(e === 0 ? (m / 2 ** mb) * 2 ** -14 : (1 + m / 2 ** mb) * 2 ** (e - 15));
}
function ref(raw: number, w: number, n: number): number {
  if (w === 32) return raw >>> 0;
  const sgn = raw >= 2 ** (w - 1) ? raw - 2 ** w : raw;
  switch (NFMT[n]) {
    case 'UNORM':
      return bitsOf(raw / (2 ** w - 1));
    case 'SNORM':
      return bitsOf(Math.max(sgn / (2 ** (w - 1) - 1), -1));
    case 'USCALED':
      return bitsOf(raw);
    case 'SSCALED':
      return bitsOf(sgn);
    case 'UINT':
      return raw;
    case 'SINT':
      return sgn >>> 0;
    default:
      return w === 16 ? half(raw) : ufloat(raw, w - 5);
  }
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

/** V# at s[8:11]: base, no stride, all records, dst_sel = R, G, B, A. */
function desc(w: Wave, base: number): void {
  w.s[8] = base % 2 ** 32;
  w.s[9] = Math.floor(base / 2 ** 32);
  w.s[10] = 0xffffffff;
  w.s[11] = (4 | (5 << 3) | (6 << 6) | (7 << 9) | (4 << 15) | (1 << 19) | (3 << 21)) >>> 0;
}

/** Runs `src` on `t` (gfx6-8 stop before s_endpgm, whose encoding is the scalar area's there). */
function run(t: Target, src: string, setup: (w: Wave) => void, mem: DeviceMemory): Wave {
  const old = t !== 'gfx908';
  return runWave(src, setup, { target: t, mem, ...(old ? { end: '.long 0xbf810000', stopAtEnd: true } : {}) })
    .wave;
}

/** Element bytes: fp16/ufloat NaN patterns are avoided (their payload handling is a separate choice). */
function element(r: () => number, d: number, n: number): number[] {
  const ws = widths(d);
  const bytes = new Array(ws.reduce((a, b) => a + b, 0) / 8).fill(0);
  let at = 0;
  for (const w of ws) {
    let v = w === 32 ? r() : r() % 2 ** w;
    if (NFMT[n] === 'FLOAT' && w < 32 && v >> (w - 5) === 31) v &= ~(1 << (w - 1));
    for (let b = 0; b < w; b++) if ((v / 2 ** b) & 1) bytes[(at + b) >> 3] |= 1 << ((at + b) & 7);
    at += w;
  }
  return bytes;
}
function fieldOf(bytes: number[], at: number, w: number): number {
  let v = 0;
  for (let b = w - 1; b >= 0; b--) v = v * 2 + ((bytes[(at + b) >> 3] >> ((at + b) & 7)) & 1);
  return v;
}

test('tbuffer_load_format_xyzw: every data and number format, gfx6, gfx7, gfx8 and gfx9 encodings', () => {
  for (const t of ['gfx600', 'gfx700', 'gfx803', 'gfx908'] as Target[]) {
    const r = rng(7);
    for (let d = 1; d < 15; d++) {
      for (let n = 0; n < 8; n++) {
        if (!valid(d, n)) continue;
        const mem = new DeviceMemory();
        const base = mem.alloc(64 * 16);
        const elems: number[][] = [];
        for (let l = 0; l < 64; l++) {
          const e = element(r, d, n);
          elems.push(e);
          for (let b = 0; b < e.length; b++) mem.write8(base + 16 * l + b, e[b]);
        }
        const fmt = `format:[BUF_DATA_FORMAT_${DFMT[d]},BUF_NUM_FORMAT_${NFMT[n]}]`;
        const w = run(
          t,
          `tbuffer_load_format_xyzw v[4:7], v1, s[8:11], 0 ${fmt} offen`,
          (w) => {
            desc(w, base);
            setV(w, 1, (l) => 16 * l);
          },
          mem,
        );
        const ws = widths(d);
        const integer = NFMT[n] === 'UINT' || NFMT[n] === 'SINT';
        for (let l = 0; l < 64; l++) {
          let at = 0;
          for (let k = 0; k < 4; k++) {
            let want: number;
            if (k < ws.length) {
              want = ref(fieldOf(elems[l], at, ws[k]), ws[k], n);
              at += ws[k];
            } else want = k === 3 ? (integer ? 1 : 0x3f800000) : 0;
            assert.equal(vreg(w, 4 + k, l), want, `${t} ${fmt} lane ${l} component ${k}`);
          }
        }
      }
    }
  }
});

/** f32 values exactly representable in each store conversion, with their raw encodings. */
function storeCase(w: number, n: number, r: () => number): [number, number] {
  // 32-bit components are stored without conversion.
  if (w === 32) {
    const x = r();
    return [x, x];
  }
  const v = r() % 2 ** Math.min(w, 16);
  switch (NFMT[n]) {
    case 'UNORM':
      // v / (2^w - 1) rounds back to v.
      return [bitsOf((v % 2 ** w) / (2 ** w - 1)), v % 2 ** w];
    case 'SNORM': {
      const s = (v % 2 ** (w - 1)) - (v & 1 ? 2 ** (w - 1) - 1 : 0);
      return [bitsOf(s / (2 ** (w - 1) - 1)), s < 0 ? s + 2 ** w : s];
    }
    case 'UINT':
      return [v % 2 ** w, v % 2 ** w];
    case 'SINT': {
      const s = (v % 2 ** (w - 1)) - (v & 1 ? 2 ** (w - 1) : 0);
      return [s >>> 0, s < 0 ? s + 2 ** w : s];
    }
    default: {
      // FLOAT: small integers are exact in every float width here.
      const x = v % 16;
      const raw =
        w === 32
          ? bitsOf(x)
          : w === 16
            ? x === 0
              ? 0
              : ((Math.floor(Math.log2(x)) + 15) << 10) | ((x / 2 ** Math.floor(Math.log2(x)) - 1) * 1024)
            : x === 0
              ? 0
              : ((Math.floor(Math.log2(x)) + 15) << (w - 5)) |
                ((x / 2 ** Math.floor(Math.log2(x)) - 1) * 2 ** (w - 5));
      return [bitsOf(x), raw];
    }
  }
}

test('tbuffer_store_format_xyzw: every data format with unorm, snorm, uint, sint and float', () => {
  for (const t of ['gfx600', 'gfx803', 'gfx908'] as Target[]) {
    const r = rng(11);
    for (let d = 1; d < 15; d++) {
      for (const n of [0, 1, 4, 5, 7]) {
        if (!valid(d, n)) continue;
        const ws = widths(d);
        const vals: number[][] = [];
        const raws: number[][] = [];
        for (let l = 0; l < 64; l++) {
          const c = ws.map((w) => storeCase(w, n, r));
          vals.push(c.map((x) => x[0]));
          raws.push(c.map((x) => x[1]));
        }
        const mem = new DeviceMemory();
        const base = mem.alloc(64 * 16);
        const fmt = `format:[BUF_DATA_FORMAT_${DFMT[d]},BUF_NUM_FORMAT_${NFMT[n]}]`;
        run(
          t,
          `tbuffer_store_format_xyzw v[4:7], v1, s[8:11], 0 ${fmt} offen`,
          (w) => {
            desc(w, base);
            setV(w, 1, (l) => 16 * l);
            for (let k = 0; k < 4; k++) setV(w, 4 + k, (l) => vals[l][k] ?? 0);
          },
          mem,
        );
        for (let l = 0; l < 64; l++) {
          const bytes: number[] = [];
          for (let b = 0; b < ws.reduce((a, x) => a + x, 0) / 8; b++)
            bytes.push(mem.read8(base + 16 * l + b));
          let at = 0;
          ws.forEach((w, k) => {
            assert.equal(fieldOf(bytes, at, w), raws[l][k], `${t} ${fmt} lane ${l} component ${k}`);
            at += w;
          });
        }
      }
    }
  }
});

test('tbuffer d16: gfx80x keep one 16-bit component per VGPR, gfx9 packs two', () => {
  for (const [t, regs] of [
    ['gfx803', 'v[4:5]'],
    ['gfx908', 'v4'],
  ] as const) {
    const mem = new DeviceMemory();
    const base = mem.alloc(256);
    for (let k = 0; k < 64; k++) mem.write32(base + 4 * k, 0x3c00_4000); // f16 2.0 (R), 1.0 (G)
    const w = run(
      t,
      `tbuffer_load_format_d16_xy ${regs}, off, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT]`,
      (w) => desc(w, base),
      mem,
    );
    if (t === 'gfx803') {
      assert.equal(vreg(w, 4, 0), 0x4000);
      assert.equal(vreg(w, 5, 0), 0x3c00);
    } else assert.equal(vreg(w, 4, 0), 0x3c00_4000);
  }
});

test('tbuffer with a reserved format stops with the format named', () => {
  assert.throws(
    () =>
      run(
        'gfx908',
        'tbuffer_load_format_x v4, off, s[8:11], 0 format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_FLOAT]',
        (w) => desc(w, 0x1000),
        new DeviceMemory(),
      ),
    /tbuffer_load_format_x at pc 0x[0-9a-f]+: invalid buffer format: data format 1 \(8\), number format 7 \(FLOAT\)/,
  );
});
