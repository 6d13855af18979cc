// llvm-objdump-22 warns about misaligned SGPR/TTMP tuples in MFMA sources and in gfx9's explicit VOPC
// SDWA sdst, as it does for scalar operands; several warnings are joined with nothing between them.
// Expected lines: llvm-objdump-22 --mcpu=gfx908 on these words (found by scripts/fuzz-disasm.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeOutput } from '../src/codec/types.js';

function objdumpLine(words: number[]): string {
  const w = Uint32Array.from(words);
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
  decodeAt({ words: w, n: w.length, target: 'gfx908' }, 0, out);
  return out.comment ? `${out.text} ; ${out.comment}` : out.text;
}

const AV64 = "/*Invalid register, operand has 'AV_64' register class*/";

test('MFMA sources and VOPC SDWA sdst: the misaligned-tuple warnings llvm-objdump-22 prints', () => {
  const cases: [number[], string][] = [
    [
      [0xd3ca2657, 0x90fc9413],
      `v_mfma_f32_4x4x4f16 a[87:90], s[18:19]${AV64}, s[74:75]${AV64}, s[60:63]/*Invalid register, operand has 'AReg_128' register class*/ cbsz:6 abid:4 blgp:4 ; Warning: SGPR_64: scalar reg isn't aligned 19Warning: SGPR_128: scalar reg isn't aligned 63`,
    ],
    [
      [0xd3cda81d, 0x81ca9249],
      `v_mfma_f32_16x16x16f16 a[29:32], s[72:73]${AV64}, v[73:74], ttmp[4:7]/*Invalid register, operand has 'AReg_128' register class*/ abid:5 blgp:4 ; Warning: SGPR_64: scalar reg isn't aligned 73Warning: TTMP_128: scalar reg isn't aligned 6`,
    ],
    [
      [0xd3c8d41c, 0xb0cc7f10],
      `v_mfma_f32_32x32x4f16 a[28:59], v[16:17], s[62:63]${AV64}, s[48:63]/*Invalid register, operand has 'AReg_1024' register class*/ cbsz:4 abid:10 blgp:5 ; Warning: SGPR_64: scalar reg isn't aligned 63Warning: SGPR_512: scalar reg isn't aligned 51`,
    ],
    [
      [0x7ca0a8f9, 0x30a3d72f],
      "v_cmpx_f_f32_sdwa s[86:87], |s47|, -|v84| src0_sel:BYTE_3 src1_sel:BYTE_0 ; Warning: SGPR_64: scalar reg isn't aligned 87",
    ],
  ];
  for (const [words, want] of cases) assert.equal(objdumpLine(words), want);
});

test("v_mqsad_u32_u8's VReg_128 src2 in the SGPR file: llvm-objdump-22 warns as for an SGPR_128 tuple", () => {
  // Found by bench/disasm.ts's distinct-instruction mode.
  const q = "/*Invalid register, operand has 'VReg_128' register class*/";
  const cases: [number[], string][] = [
    [
      [0xd1e7000f, 0x00340915],
      `v_mqsad_u32_u8 v[15:18], v[21:22], s4, s[12:15]${q} ; Warning: SGPR_128: scalar reg isn't aligned 13`,
    ],
    [[0xd1e7000f, 0x00300915], `v_mqsad_u32_u8 v[15:18], v[21:22], s4, s[12:15]${q}`],
    [
      [0xd1e7000f, 0x01c80915],
      `v_mqsad_u32_u8 v[15:18], v[21:22], s4, ttmp[4:7]${q} ; Warning: TTMP_128: scalar reg isn't aligned 6`,
    ],
    [[0xd1e7000f, 0x01c00915], `v_mqsad_u32_u8 v[15:18], v[21:22], s4, ttmp[4:7]${q}`],
  ];
  for (const [words, want] of cases) assert.equal(objdumpLine(words), want);
});
