// The scalar families on every generation, written in assembly text: SMRD (gfx6/7) and SMEM (gfx8) loads
// with each generation's offset units, ops that only some generations have, and llvm-objdump-22's
// "scalar reg isn't aligned" warnings (lines copied from llvm-objdump-22 -d output).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble, formatDiagnostics } from '../src/asm/assembler.js';
import { decodeAt, disasmWords } from '../src/codec/disasm.js';
import { smem } from '../src/codec/families/smem.js';
import { sop2 } from '../src/codec/families/sop2.js';
import type { DecodeOutput } from '../src/codec/types.js';
import type { DeviceMemory } from '../src/emu/memory.js';
import type { Wave } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { assembleText, runWave } from './helpers/wave-asm.js';

/** Puts dwords 0..15 = 100 + index at a fresh buffer, its address in s[2:3], and a V# for it in s[8:11]. */
function setup(w: Wave, mem: DeviceMemory): void {
  const a = mem.alloc(256, 256);
  for (let k = 0; k < 16; k++) mem.write32(a + 4 * k, 100 + k);
  w.s[2] = a >>> 0;
  w.s[3] = Math.floor(a / 2 ** 32);
  // V#: base [47:0], stride 0 [61:48], num_records = 64 bytes.
  w.s[8] = a >>> 0;
  w.s[9] = Math.floor(a / 2 ** 32) & 0xffff;
  w.s[10] = 64;
  w.s[11] = 0;
  w.s[20] = 12;
}

test('SMRD on gfx6/7: the immediate counts dwords, an SGPR offset counts bytes', () => {
  for (const target of ['gfx600', 'gfx601', 'gfx700', 'gfx704'] as Target[]) {
    const { wave } = runWave(
      `s_load_dwordx2 s[4:5], s[2:3], 0x2
       s_load_dword s6, s[2:3], s20
       s_buffer_load_dword s7, s[8:11], 0x5
       s_buffer_load_dwordx4 s[12:15], s[8:11], 0x0
       s_waitcnt lgkmcnt(0)`,
      setup,
      { target },
    );
    assert.deepEqual([...wave.s.slice(4, 8)], [102, 103, 103, 105], target);
    assert.deepEqual([...wave.s.slice(12, 16)], [100, 101, 102, 103], target);
  }
});

test("gfx7's 32-bit literal offset (SMRD with OFFSET = 255) counts dwords too; gfx6 has none", () => {
  const { wave } = runWave(
    's_load_dword s4, s[2:3], 0x100\ns_waitcnt lgkmcnt(0)',
    (w, mem) => {
      setup(w, mem);
      const big = mem.alloc(0x1000, 256);
      mem.write32(big + 0x400, 77);
      w.s[2] = big >>> 0;
      w.s[3] = Math.floor(big / 2 ** 32);
    },
    { target: 'gfx700' },
  );
  assert.equal(wave.s[4], 77);
  assert.deepEqual(
    [...new Uint32Array(assembleText('s_load_dword s4, s[2:3], 0x100', 'gfx700').buffer)],
    [0xc00202ff, 0x100],
  );
  const r = assemble('s_load_dword s4, s[2:3], 0x100', 't.s', { mcpu: 'gfx600' });
  assert.match(formatDiagnostics(r.diagnostics), /operands are not valid for this GPU or mode/);
});

test('SMEM on gfx8: a 20-bit unsigned byte offset, stores and s_memrealtime', () => {
  const { wave, mem } = runWave(
    `s_load_dwordx2 s[4:5], s[2:3], 0x8
     s_load_dword s6, s[2:3], s20
     s_mov_b32 s7, 0xabc
     s_store_dword s7, s[2:3], 0x3c
     s_memrealtime s[16:17]
     s_waitcnt lgkmcnt(0)`,
    setup,
    { target: 'gfx803' },
  );
  assert.deepEqual([...wave.s.slice(4, 7)], [102, 103, 103]);
  assert.equal(mem.read32(wave.s[2] + wave.s[3] * 2 ** 32 + 0x3c), 0xabc);
});

test('ops of some generations only: assembled, listed and executed where they exist, refused elsewhere', () => {
  // s_cmov_b32 moved from SOP1 opcode 5 (gfx6/7) to 2 (gfx8+); both run the same semantics.
  assert.deepEqual([...new Uint32Array(assembleText('s_cmov_b32 s0, s1', 'gfx600').buffer)], [0xbe800501]);
  assert.deepEqual([...new Uint32Array(assembleText('s_cmov_b32 s0, s1', 'gfx803').buffer)], [0xbe800201]);
  for (const target of ['gfx600', 'gfx803', 'gfx900'] as Target[]) {
    const { wave } = runWave(
      's_cmp_eq_u32 0, 0\ns_cmov_b32 s0, 7\ns_cmp_eq_u32 0, 1\ns_cmov_b32 s1, 7',
      undefined,
      {
        target,
      },
    );
    assert.deepEqual([wave.s[0], wave.s[1]], [7, 0], target);
  }
  // s_cmp_eq_u64 and s_memrealtime are gfx8+, s_mul_hi_u32 gfx9, s_dcache_inv_vol gfx7+.
  for (const [src, oldest] of [
    ['s_cmp_eq_u64 s[0:1], s[2:3]', 'gfx801'],
    ['s_memrealtime s[0:1]', 'gfx801'],
    ['s_mul_hi_u32 s0, s1, s2', 'gfx900'],
    ['s_dcache_inv_vol', 'gfx700'],
  ] as const) {
    for (const t of ['gfx600', 'gfx700', 'gfx801', 'gfx900'] as Target[]) {
      const r = assemble(src, 't.s', { mcpu: t });
      const ok = r.object !== undefined;
      assert.equal(ok, t >= oldest, `${src} on ${t}: ${formatDiagnostics(r.diagnostics)}`);
      if (!ok) assert.match(formatDiagnostics(r.diagnostics), /instruction not supported on this GPU/);
    }
  }
  // The gfx9 word of s_mul_hi_u32 is no instruction on gfx8, and a kernel with it stops.
  assert.equal(disasmWords([0x96000201], 'gfx803')[0].text, '.long 0x96000201');
  assert.equal(disasmWords([0x96000201], 'gfx900')[0].text, 's_mul_hi_u32 s0, s1, s2');
  assert.ok(sop2.ops('gfx803').every((e) => e.name !== 's_mul_hi_u32'));
  assert.ok(smem.ops('gfx600').every((e) => e.encoding === 'SMRD'));
  assert.equal(smem.ops('gfx600').length, 12);
  assert.equal(smem.ops('gfx700').length, 13);
});

test('gfx6-8 trap registers: TBA/TMA at 108-111 and TTMP0-11 at 112-123; gfx7 FLAT_SCRATCH at 104', () => {
  const line = (w: number, t: Target) => disasmWords([w], t)[0].text;
  assert.equal(line(0xbe80006c, 'gfx803'), 's_mov_b32 s0, tba_lo');
  assert.equal(line(0xbe800070, 'gfx803'), 's_mov_b32 s0, ttmp0');
  assert.equal(line(0xbe800070, 'gfx900'), 's_mov_b32 s0, ttmp4');
  // s_mov_b32 is SOP1 opcode 3 on gfx6/7.
  assert.equal(line(0xbe800368, 'gfx700'), 's_mov_b32 s0, flat_scratch_lo');
  assert.equal(line(0xbe800366, 'gfx600'), 's_mov_b32 s0, s102');
  assert.equal(line(0xbe800368, 'gfx600'), '.long 0xbe800368');
  assert.deepEqual(
    [...new Uint32Array(assembleText('s_mov_b64 flat_scratch, -1', 'gfx700').buffer)],
    [0xbee804c1],
  );
  assert.deepEqual([...new Uint32Array(assembleText('s_mov_b32 ttmp11, 0', 'gfx801').buffer)], [0xbefb0080]);
});

/** Text and comment as llvm-objdump prints a line: `<text> ; <comment>`. */
function objdumpLine(words: number[], target: Target): string {
  const w = Uint32Array.from(words);
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  decodeAt({ words: w, n: w.length, target }, 0, out);
  return out.comment ? `${out.text} ; ${out.comment}` : out.text;
}

test("llvm-objdump-22's warnings for misaligned scalar register tuples, per operand, on gfx8 and gfx9", () => {
  const cases: [number[], Target, string][] = [
    [
      [0x94056665],
      'gfx803',
      "s_bfe_i64 s[4:5], s[100:101], flat_scratch_lo ; Warning: SGPR_64: scalar reg isn't aligned 5Warning: SGPR_64: scalar reg isn't aligned 101",
    ],
    [[0xbe800171], 'gfx803', "s_mov_b64 s[0:1], ttmp[0:1] ; Warning: TTMP_64: scalar reg isn't aligned 1"],
    [[0xbe800171], 'gfx908', "s_mov_b64 s[0:1], ttmp[4:5] ; Warning: TTMP_64: scalar reg isn't aligned 5"],
    [
      [0x868465a6],
      'gfx908',
      "s_and_b64 s[4:5], 38, s[100:101] ; Warning: SGPR_64: scalar reg isn't aligned 101",
    ],
    // A returning atomic decodes SDATA twice (result and tied data): two warnings for it.
    [
      [0xc1a14ecb, 0xb51aef33],
      'gfx908',
      "s_buffer_atomic_and_x2 s[58:59], s[20:23], s90 glc ; Warning: SGPR_64: scalar reg isn't aligned 59Warning: SGPR_64: scalar reg isn't aligned 59Warning: SGPR_128: scalar reg isn't aligned 22",
    ],
    [[0xbe800166], 'gfx908', 's_mov_b64 s[0:1], flat_scratch'],
  ];
  for (const [words, t, want] of cases) assert.equal(objdumpLine(words, t), want);
});

test('1/(2*pi) is an inline constant from gfx8: a literal before, and code 248 no operand there', () => {
  assert.deepEqual(
    [...new Uint32Array(assembleText('s_and_b32 s0, s1, 0.15915494', 'gfx600').buffer)],
    [0x8700ff01, 0x3e22f983],
  );
  assert.deepEqual(
    [...new Uint32Array(assembleText('s_and_b32 s0, s1, 0.15915494', 'gfx803').buffer)],
    [0x8600f801],
  );
  assert.equal(disasmWords([0x8700f801], 'gfx600')[0].text, '.long 0x8700f801');
  // SOPK's SDST naming no register of the generation (null, code 125, before gfx8) is no instruction.
  assert.equal(disasmWords([0xb97d61cf], 'gfx600')[0].text, '.long 0xb97d61cf');
});
