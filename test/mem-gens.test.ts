// The memory families on gfx6/7/8: per-generation encodings and opcodes in assembly text, the bytes from
// llvm-mc-22 -show-encoding (gfx6/7/8) and the text from llvm-objdump-22 (gfx8) or llvm-mc-22's echo
// (gfx6/7, which llvm-objdump cannot disassemble); and execution of what only these generations have:
// MUBUF/MTBUF addr64 (gfx6/7) and FLAT on gfx7/gfx8 without GLOBAL/SCRATCH.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { decodeAt, disasmWords } from '../src/codec/disasm.js';
import { EXEC_HI, EXEC_LO } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

// [mcpu, text, bytes as llvm-mc-22 prints them]
const CASES: [Target, string, string][] = [
  ['gfx600', 'buffer_load_dword v1, v[2:3], s[4:7], s1 addr64 offset:4 glc', '04 c0 30 e0 02 01 01 01'],
  ['gfx600', 'buffer_store_dword v5, v[2:3], s[8:11], 0 addr64 slc', '00 80 70 e0 02 05 42 80'],
  [
    'gfx600',
    'tbuffer_load_format_xy v[1:2], v[2:3], s[4:7], s1 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT] addr64',
    '00 80 d9 eb 02 01 01 01',
  ],
  ['gfx600', 'ds_add_u32 v1, v2 offset:8 gds', '08 00 02 d8 01 02 00 00'],
  ['gfx600', 'buffer_wbinvl1_sc', '00 00 c0 e1 00 00 00 00'],
  ['gfx700', 'flat_load_dword v1, v[2:3] glc', '00 00 31 dc 02 00 00 01'],
  ['gfx700', 'flat_atomic_fcmpswap v1, v[2:3], v[4:5] glc', '00 00 f9 dc 02 04 00 01'],
  ['gfx700', 'buffer_wbinvl1_vol', '00 00 c0 e1 00 00 00 00'],
  ['gfx803', 'flat_load_dword v1, v[2:3] glc', '00 00 51 dc 02 00 00 01'],
  ['gfx803', 'ds_add_u32 v1, v2 offset:8 gds', '08 00 01 d8 01 02 00 00'],
  // gfx80x give each 16-bit component its own VGPR; gfx810 packs two per VGPR like gfx9.
  ['gfx803', 'buffer_load_format_d16_xyz v[1:3], off, s[4:7], 0', '00 00 28 e0 00 01 01 80'],
  ['gfx810', 'buffer_load_format_d16_xyz v[1:2], off, s[4:7], 0', '00 00 28 e0 00 01 01 80'],
  [
    'gfx803',
    'tbuffer_store_format_x v1, v2, s[4:7], s0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offen',
    '00 10 a2 eb 02 01 01 00',
  ],
  // soffset by the generation's SGPR names: s102/s103 on gfx6/7 (gfx8's flat_scratch codes), gfx7's
  // flat_scratch at 104-105.
  [
    'gfx700',
    'tbuffer_load_format_xy v[14:15], v[254:255], s[12:15], s102 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_USCALED] addr64 offset:1694 glc',
    '9e c6 71 e9 fe 0e 03 66',
  ],
  ['gfx600', 'buffer_load_dword v1, off, s[4:7], s103', '00 00 30 e0 00 01 01 67'],
  ['gfx700', 'buffer_load_dword v1, off, s[4:7], flat_scratch_hi', '00 00 30 e0 00 01 01 69'],
];

function words(bytes: string): number[] {
  const b = bytes.split(' ').map((h) => Number.parseInt(h, 16));
  const w: number[] = [];
  for (let k = 0; k < b.length; k += 4)
    w.push((b[k] | (b[k + 1] << 8) | (b[k + 2] << 16) | (b[k + 3] << 24)) >>> 0);
  return w;
}

test('memory encodings per generation: assembly gives llvm-mc-22 bytes, disassembly gives the text back', () => {
  for (const [t, text, bytes] of CASES) {
    const w = words(bytes);
    const hex = w.map((x) => x.toString(16).padStart(8, '0')).join(' ');
    assert.deepEqual(assembleOne(text, t), { hex }, `${t}: ${text}`);
    assert.equal(disasmWords(w, t)[0].text, text, `${t}: ${hex}`);
  }
});

test('no FLAT on gfx6; no GLOBAL/SCRATCH and no FLAT offset on gfx7/8', () => {
  assert.match(assembleOne('flat_load_dword v1, v[2:3]', 'gfx600').error ?? '', /not supported|invalid/);
  assert.equal(disasmWords(words('00 00 31 dc 02 00 00 01'), 'gfx600')[0].text, '.long 0xdc310000');
  assert.match(
    assembleOne('global_load_dword v1, v[2:3], off', 'gfx803').error ?? '',
    /not supported|invalid/,
  );
  assert.equal(
    assembleOne('flat_load_dword v1, v[2:3] offset:4', 'gfx803').error,
    'flat offset modifier is not supported on this GPU',
  );
  // A GLOBAL segment word is not an instruction on gfx8.
  assert.equal(disasmWords([0xdc508000, 0x017f0002], 'gfx803')[0].text, '.long 0xdc508000');
});

/** A V# at s[r..r+3] with base `base` (linear, no stride, the largest range, identity dst_sel). */
function desc(s: Uint32Array, r: number, base: number): void {
  s[r] = base % 2 ** 32;
  s[r + 1] = Math.floor(base / 2 ** 32);
  s[r + 2] = 0xffffffff;
  // dst_sel x, y, z, w = R, G, B, A; data format 32 (4), number format float (7).
  s[r + 3] = (4 | (5 << 3) | (6 << 6) | (7 << 9) | (7 << 12) | (4 << 15) | (1 << 19) | (3 << 21)) >>> 0;
}

test('gfx6/7 addr64: the address is the descriptor base + the 64-bit vaddr + soffset + offset', () => {
  for (const t of ['gfx600', 'gfx700'] as Target[]) {
    const { wave: w, mem } = runWave(
      [
        'buffer_store_dword v4, v[2:3], s[8:11], s12 addr64 offset:8',
        'buffer_load_dword v5, v[2:3], s[8:11], s12 addr64 offset:8',
        'tbuffer_load_format_x v6, v[2:3], s[8:11], s12 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] addr64 offset:8',
      ].join('\n'),
      (w, mem) => {
        const buf = mem.alloc(4096);
        // The descriptor base is 16 bytes into the buffer, vaddr adds the lane's 64-bit byte offset.
        desc(w.s, 8, 16);
        w.s[12] = 4;
        setV(w, 2, (l) => (buf - 16 + l * 8) % 2 ** 32);
        setV(w, 3, (l) => Math.floor((buf - 16 + l * 8) / 2 ** 32));
        setV(w, 4, (l) => 0x1000 + l);
      },
      // s_endpgm's encoding, not executed: the test stays within the memory families.
      { target: t, end: '.long 0xbf810000', stopAtEnd: true },
    );
    for (let l = 0; l < 64; l++) {
      const a = vreg(w, 3, l) * 2 ** 32 + vreg(w, 2, l) + 16 + 4 + 8;
      assert.equal(mem.read32(a), 0x1000 + l, `${t} lane ${l} stored`);
      assert.equal(vreg(w, 5, l), 0x1000 + l, `${t} lane ${l} loaded`);
      assert.equal(vreg(w, 6, l), 0x1000 + l, `${t} lane ${l} loaded through MTBUF`);
    }
  }
});

test('gfx6/7 addr64: the address wraps at 2^48 (a V# base of -4, as clang-22 folds in[g - 1])', () => {
  for (const t of ['gfx600', 'gfx700'] as Target[]) {
    const { wave: w } = runWave(
      's_mov_b64 s[8:9], -4\nbuffer_load_dword v5, v[2:3], s[8:11], 0 addr64',
      (w, mem) => {
        const buf = mem.alloc(4096);
        for (let l = 0; l < 64; l++) mem.write32(buf + l * 4, 0x2000 + l);
        w.s[10] = 0;
        w.s[11] = 0x100f000;
        setV(w, 2, (l) => (buf + 4 + l * 4) % 2 ** 32);
        setV(w, 3, (l) => Math.floor((buf + 4 + l * 4) / 2 ** 32));
      },
      { target: t, end: '.long 0xbf810000', stopAtEnd: true },
    );
    for (let l = 0; l < 64; l++) assert.equal(vreg(w, 5, l), 0x2000 + l, `${t} lane ${l}`);
  }
});

test('FLAT on gfx7 and gfx8: loads, stores and atomics at 64-bit addresses', () => {
  for (const t of ['gfx700', 'gfx803'] as Target[]) {
    const { wave: w, mem } = runWave(
      [
        'flat_store_dword v[2:3], v4',
        'flat_atomic_add v5, v[2:3], v6 glc',
        'flat_load_dword v7, v[2:3]',
      ].join('\n'),
      (w, mem) => {
        const buf = mem.alloc(1024);
        setV(w, 2, (l) => (buf + 4 * l) % 2 ** 32);
        setV(w, 3, (l) => Math.floor((buf + 4 * l) / 2 ** 32));
        setV(w, 4, (l) => 100 * l);
        setV(w, 6, () => 7);
        w.s[EXEC_LO] = 0xffffffff;
        w.s[EXEC_HI] = 0xffffffff;
      },
      // s_endpgm's encoding, not executed: the test stays within the memory families.
      { target: t, end: '.long 0xbf810000', stopAtEnd: true },
    );
    for (let l = 0; l < 64; l++) {
      assert.equal(vreg(w, 5, l), 100 * l, `${t} lane ${l} returns the old value`);
      assert.equal(vreg(w, 7, l), 100 * l + 7, `${t} lane ${l}`);
      assert.equal(mem.read32(vreg(w, 3, l) * 2 ** 32 + vreg(w, 2, l)), 100 * l + 7);
    }
  }
});

test('GLOBAL with a misaligned saddr pair: the comment llvm-objdump-22 appends', () => {
  // llvm-objdump-22 --mcpu=gfx908: "global_load_ushort v31, v73, s[16:17] offset:-1490 slc ; Warning: ...".
  const inp = { words: Uint32Array.from([0xde4a9a2e, 0x1f11d649]), n: 2, target: 'gfx908' as const };
  const out = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  decodeAt(inp, 0, out);
  assert.equal(out.text, 'global_load_ushort v31, v73, s[16:17] offset:-1490 slc');
  assert.equal(out.comment, "Warning: SGPR_64: scalar reg isn't aligned 17");
});

test('gfx908 float atomics: bit 25 set is no instruction for llvm-objdump-22', () => {
  assert.equal(
    disasmWords([0xdd348000, 0x007f0402], 'gfx908')[0].text,
    'global_atomic_add_f32 v[2:3], v4, off',
  );
  assert.equal(disasmWords([0xdf349843, 0xa4743c1e], 'gfx908')[0].text, '.long 0xdf349843');
});
