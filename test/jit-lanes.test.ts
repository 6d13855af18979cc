// GLOBAL loads and stores whose 64 lanes are one run of consecutive elements (the coalesced case): the
// translating engine moves them as one span (mem-gen.ts runCode, lanes-simd.ts). Every near miss (a lane
// off the run, another high word, an unaligned or wrapping run, a run past the allocation's end) must
// leave the state the interpreter leaves, including its fault report.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANES_IN, LANES_RUN, lanesFn } from '../src/emu/jit/lanes-simd.js';
import { releaseSlot, takeSlot, vregMemory } from '../src/emu/jit/vregs.js';
import type { Wave } from '../src/emu/wave.js';
import {
  assembleText,
  BUFFER_BYTES,
  bufferDword,
  compiledSource,
  runOn,
  stateDifference,
} from './helpers/jit-diff.js';
import { sampled, tier } from './helpers/tier.js';

test('the lane check: in bounds, aligned, one high word; one run (each lane group, each stride)', (t) => {
  const mem = vregMemory();
  if (mem === null) return t.skip('no WebAssembly SIMD here');
  const page = takeSlot();
  assert.ok(page >= 0);
  try {
    const v = new Uint32Array(mem.buffer, page, 2 * 64);
    const lanes = lanesFn();
    const IN = LANES_IN;
    const RUN = LANES_RUN;
    for (const stride of [4, 8, 12, 16]) {
      const fill = (u0: number) => {
        for (let l = 0; l < 64; l++) {
          v[l] = (u0 + stride * l) >>> 0;
          v[64 + l] = 0x7f00;
        }
      };
      const top = 0x1000 + 63 * stride;
      fill(0x1000);
      assert.equal(lanes(page, page + 256, stride, 0x1000, top), IN | RUN, `stride ${stride}`);
      assert.equal(lanes(page, -1, stride, 0, 0xffffffff), IN | RUN);
      assert.equal(
        lanes(page, page + 256, stride + 4, 0x1000, top),
        IN,
        `stride ${stride} checked as ${stride + 4}`,
      );
      // Bounds: the first and last lanes at each end, unsigned (a minimum above 2^31).
      assert.equal(lanes(page, -1, stride, 0x1004, top), RUN);
      assert.equal(lanes(page, -1, stride, 0x1000, top - 4), RUN);
      fill(0x80001000);
      assert.equal(lanes(page, -1, stride, 0x80000000, 0xffffffff), IN | RUN);
      assert.equal(lanes(page, -1, stride, 0, 0x7fffffff), RUN);
      // The low word wraps inside the run: still one run modulo 2^32 (the generated code does not copy it).
      fill(0xffffff00);
      assert.equal(lanes(page, page + 256, stride, 0, 0xffffffff), IN | RUN);
      // Its first and last lanes are in bounds, the lanes after the wrap are not (stride 4 ends at
      // 0xfffffffc: no wrap).
      assert.equal(
        lanes(page, -1, stride, 0xffffff00, 0xffffffff),
        stride === 4 ? IN | RUN : RUN,
        `stride ${stride}: a wrapped run`,
      );
      // A run off alignment: every lane is.
      fill(0x1002);
      assert.equal(lanes(page, -1, stride, 0, 0xffffffff), RUN, `stride ${stride}: an unaligned run`);
      for (let l = 0; l < 64; l++) {
        fill(0x1000);
        v[l] += 4;
        assert.equal(
          lanes(page, page + 256, stride, 0, 0xffffffff),
          IN,
          `stride ${stride}, lane ${l} off the run`,
        );
        v[l] -= 2;
        assert.equal(lanes(page, -1, stride, 0, 0xffffffff), 0, `stride ${stride}, lane ${l} unaligned`);
        fill(0x1000);
        v[l] = top + 4;
        assert.equal(lanes(page, -1, stride, 0x1000, top), 0, `lane ${l} past the maximum`);
        v[l] = 0xffc;
        assert.equal(lanes(page, -1, stride, 0x1000, top), 0, `lane ${l} below the minimum`);
        fill(0x1000);
        v[64 + l] = 0x7f01;
        assert.equal(
          lanes(page, page + 256, stride, 0, 0xffffffff),
          RUN,
          `stride ${stride}, lane ${l}'s high word`,
        );
        assert.equal(lanes(page, -1, stride, 0, 0xffffffff), IN | RUN, `lane ${l}'s high word not asked`);
      }
    }
  } finally {
    releaseSlot(page);
  }
});

/** Makes v[12:13] the buffer's address (s[34:35]) plus v0, plus v1 in the high word. */
const PAIR = ['v_add_co_u32 v12, vcc, s34, v0', 'v_mov_b32 v13, s35', 'v_addc_co_u32 v13, vcc, v13, v1, vcc'];

/** Full EXEC; lane l's offset in the buffer `at(l)` in v0 and `hiOf(l)` in v1 (PAIR's inputs). */
function initRun(at: (l: number) => number, hiOf: (l: number) => number = () => 0) {
  return (w: Wave) => {
    w.s[126] = 0xffffffff;
    w.s[127] = 0xffffffff;
    for (let l = 0; l < 64; l++) {
      w.v[l] = at(l) >>> 0;
      w.v[64 + l] = hiOf(l);
      for (let r = 4; r < 8; r++) w.v[r * 64 + l] = (r * 0x01010101 + l) >>> 0;
    }
  };
}

test('GLOBAL loads and stores of one run of lanes agree with the interpreter (near misses, faults, overlaps)', () => {
  const lines = [
    'global_load_dword v2, v[12:13], off offset:8',
    'global_load_dword v2, v0, s[34:35]',
    'global_load_dwordx2 v[4:5], v[12:13], off',
    'global_load_dwordx3 v[4:6], v0, s[34:35] offset:-4',
    'global_load_dwordx4 v[4:7], v[12:13], off',
    'global_load_dwordx2 v[12:13], v[12:13], off',
    'global_load_dword v0, v0, s[34:35]',
    'global_store_dword v[12:13], v5, off offset:4',
    'global_store_dword v0, v6, s[34:35]',
    'global_store_dwordx2 v0, v[4:5], s[34:35]',
    'global_store_dwordx4 v[12:13], v[4:7], off',
  ];
  const width = (line: string) => Number(/dwordx(\d)/.exec(line)?.[1] ?? 1) * 4;
  let checked = 0;
  for (const [n, line] of lines.entries()) {
    const code = assembleText([...PAIR, line, 's_endpgm'].join('\n'), 'gfx908');
    assert.match(compiledSource(code, 'gfx908', 0x3f0), /H\.lanes\(/, line);
    const e = width(line);
    const cases: [string, (l: number) => number, ((l: number) => number) | undefined, RegExp | null][] = [
      ['one run', (l) => 16 + e * l, undefined, null],
      ['one run at the end of the buffer', (l) => BUFFER_BYTES - 64 * e + e * l - 8, undefined, null],
      ['unaligned', (l) => 17 + e * l, undefined, null],
      ['lane 37 off the run', (l) => 16 + e * l + (l === 37 ? e : 0), undefined, null],
      ['lane 63 on lane 0', (l) => (l === 63 ? 16 : 16 + e * l), undefined, null],
      ['four rows of 16 elements', (l) => 16 + 256 * (l >> 4) + e * (l & 15), undefined, null],
      ['every lane at one address', () => 40, undefined, null],
      ['lanes in reverse', (l) => 16 + e * (63 - l), undefined, null],
      ['past the end from lane 60', (l) => BUFFER_BYTES - 60 * e + e * l, undefined, /unmapped address/],
      ['lane 9 in the next 4 GiB', (l) => 16 + e * l, (l) => (l === 9 ? 1 : 0), /lane 9: unmapped address/],
      ['wrapping the low word', (l) => 2 ** 32 - 32 * e + e * l, undefined, /unmapped address/],
    ];
    for (const [c, [what, at, hi, fault]] of cases.entries()) {
      if (!sampled(n, c % 2, 2)) continue;
      // The high-word case only means something for a VGPR-pair address.
      if (hi !== undefined && !line.includes('v[12:13], off') && !line.includes('v5, off')) continue;
      if (what === 'wrapping the low word' && !line.includes('s[34:35]')) continue;
      const init = initRun(at, hi);
      const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
      const b = runOn('jit', code, 'gfx908', init, 0x3f0);
      assert.equal(stateDifference(a, b), '', `${line}: ${what}`);
      if (fault === null) assert.equal(a.error, '', `${line}: ${what}`);
      else assert.match(a.error, fault, `${line}: ${what}`);
      checked++;
    }
  }
  assert.ok(checked >= tier(45, 109), `${checked} cases`);
  // A known answer: the run's dwords land in lane order.
  const code = assembleText('global_load_dwordx2 v[4:5], v0, s[34:35]\ns_endpgm', 'gfx908');
  const b = runOn(
    'jit',
    code,
    'gfx908',
    initRun((l) => 24 + 8 * l),
    0x3f0,
  );
  for (const l of [0, 1, 31, 63]) {
    assert.equal(b.v[4 * 64 + l], bufferDword(24 + 8 * l));
    assert.equal(b.v[5 * 64 + l], bufferDword(28 + 8 * l));
  }
});

test("a run whose low address word wraps is not one span: an allocation across a 4 GiB boundary (the interpreter's lanes)", () => {
  // Lanes 0-31 at the end of 4 GiB page 0x7f02, in an allocation that goes on into page 0x7f03; lanes
  // 32-63 wrap to the start of page 0x7f02 (another allocation), not into page 0x7f03.
  const code = assembleText('global_load_dword v2, v[20:21], off\ns_endpgm', 'gfx908');
  const init = (w: Wave) => {
    const m = w.ctx.mem;
    const across = m.mapAt(0x7f03_0000_0000 - 4096, 8192);
    m.upload(
      across,
      Uint8Array.from({ length: 8192 }, (_, k) => (k * 13 + 5) & 0xff),
    );
    const start = m.mapAt(0x7f02_0000_0000, 4096);
    m.upload(
      start,
      Uint8Array.from({ length: 4096 }, (_, k) => (k * 7 + 1) & 0xff),
    );
    w.s[126] = 0xffffffff;
    w.s[127] = 0xffffffff;
    for (let l = 0; l < 64; l++) {
      w.v[20 * 64 + l] = (0xffffff80 + 4 * l) >>> 0;
      w.v[21 * 64 + l] = 0x7f02;
    }
  };
  const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
  const b = runOn('jit', code, 'gfx908', init, 0x3f0);
  assert.equal(a.error, '');
  assert.equal(stateDifference(a, b), '');
  // Lane 32 read the first dword of page 0x7f02's allocation: bytes 1, 8, 15, 22.
  assert.equal(b.v[2 * 64 + 32], 0x160f0801);
});

test('FLAT dword accesses inlined: global lanes as GLOBAL, lanes in the LDS aperture, a device mapping inside it', () => {
  // The translating engine runs a FLAT dword access as GLOBAL's (mem-gen.ts), through regions clear of
  // the flat apertures (H.globalRegion): a lane in the LDS aperture goes to the handler, which reads the
  // LDS, also where the device has memory mapped at that address (a raw-device run spec may map any).
  // v[12:13] is the buffer plus v0, or v[2:3] for the lanes of s[40:41].
  const APERTURE = 2 ** 48; // SHARED_APERTURE_HI's window
  const prologue = [
    'v_add_co_u32 v12, vcc, s34, v0',
    'v_mov_b32 v13, s35',
    'v_addc_co_u32 v13, vcc, 0, v13, vcc',
    'v_cndmask_b32_e64 v12, v12, v2, s[40:41]',
    'v_cndmask_b32_e64 v13, v13, v3, s[40:41]',
  ];
  const lines = [
    'flat_load_dword v8, v[12:13] offset:8',
    'flat_load_dwordx2 v[8:9], v[12:13]',
    'flat_store_dword v[12:13], v5 offset:4',
    'flat_store_dwordx4 v[12:13], v[4:7]',
    'flat_atomic_add v8, v[12:13], v5 offset:4 glc',
    'flat_atomic_cmpswap v[12:13], v[4:5]',
  ];
  const cases: [string, number, number, boolean][] = [
    ['global lanes', 0, 0, false],
    ['lanes 20-27 in the LDS aperture', 0x0ff00000, 0, false],
    ['every lane in the LDS aperture, device memory mapped there', -1, -1, true],
  ];
  for (const line of lines) {
    const code = assembleText([...prologue, line, 's_endpgm'].join('\n'), 'gfx908');
    assert.match(compiledSource(code, 'gfx908', 0x3f0), /H\.globalRegion\(/, line);
    for (const [what, m0, m1, map] of cases) {
      const init = (w: Wave) => {
        // A decoy at address 0 (s[0:1] = 0): FLAT has no SGPR base, and code that took one would read
        // it there (the buffer's low address word is small).
        w.ctx.mem.mapAt(0, 65536);
        for (let k = 0; k < 16384; k++) w.ctx.mem.write32(4 * k, 0xbad00000 + k);
        w.s[0] = 0;
        w.s[1] = 0;
        if (map) {
          const m = w.ctx.mem;
          m.mapAt(APERTURE, 4096);
          for (let k = 0; k < 1024; k++) m.write32(APERTURE + 4 * k, 0xdead0000 + k);
        }
        w.s[126] = 0xffffffff;
        w.s[127] = 0xffffffff;
        w.s[40] = m0 >>> 0;
        w.s[41] = m1 >>> 0;
        for (let l = 0; l < 64; l++) {
          w.v[l] = 16 + 16 * l;
          w.v[2 * 64 + l] = 64 + 16 * l;
          w.v[3 * 64 + l] = 0x10000;
          for (let r = 4; r < 8; r++) w.v[r * 64 + l] = (r * 0x01010101 + l) >>> 0;
        }
      };
      const a = runOn('interpreter', code, 'gfx908', init, 0x3f0);
      const b = runOn('jit', code, 'gfx908', init, 0x3f0);
      assert.equal(a.error, '', `${line}: ${what}`);
      assert.equal(stateDifference(a, b), '', `${line}: ${what}`);
    }
  }
});
