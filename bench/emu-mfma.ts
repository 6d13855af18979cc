// The matrix-core instructions one at a time (issue 13): one wave runs each one-block MFMA shape the
// translating engine has as WebAssembly SIMD (jit/mfma-simd.ts) in a loop, on the interpreter and on the
// jit in the same run; per instruction: CPU microseconds on each and the jit's speed-up. The data are
// ordinary numbers (1.0 and nearby halves), so every instruction runs as SIMD; the run fails otherwise.
//
// Usage: node --import tsx bench/emu-mfma.ts [--count=N] [--smoke]   (--smoke: 20 iterations)

import { loadavg } from 'node:os';
import { MFMA_SIMD_COUNTS } from '../src/emu/jit/mfma-simd.js';
import type { Wave } from '../src/emu/wave.js';
import { assembleText, runOn } from '../test/helpers/jit-diff.js';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const count = process.argv.includes('--smoke') ? 20 : Number(option('count') ?? 2000);
if (!Number.isInteger(count) || count < 1 || count > 1e6) {
  console.error(`bench: --count must be a whole number from 1 to 1000000, not '${option('count')}'`);
  process.exit(2);
}

const OPS = [
  'v_mfma_f32_32x32x2f32 a[0:15], v1, v2, a[0:15]',
  'v_mfma_f32_16x16x4f32 a[0:3], v1, v2, a[0:3]',
  'v_mfma_f32_32x32x8f16 a[0:15], v[1:2], v[3:4], a[0:15]',
  'v_mfma_f32_16x16x16f16 a[0:3], v[1:2], v[3:4], a[0:3]',
  'v_mfma_f32_32x32x4bf16 a[0:15], v1, v2, a[0:15]',
  'v_mfma_f32_16x16x8bf16 a[0:3], v1, v2, a[0:3]',
  'v_mfma_i32_32x32x8i8 a[0:15], v1, v2, a[0:15]',
  'v_mfma_i32_16x16x16i8 a[0:3], v1, v2, a[0:3]',
];

/** CPU seconds of one run of `code` on `engine`. */
function cpu(engine: 'interpreter' | 'jit', code: Uint8Array, init: (w: Wave) => void): number {
  const t = process.cpuUsage();
  const r = runOn(engine, code, 'gfx908', init, 0x3f0);
  const u = process.cpuUsage(t);
  if (r.error !== '') throw new Error(`${engine}: ${r.error}`);
  return (u.user + u.system) / 1e6;
}

console.log(`${count} of each instruction in a loop, one wave, CPU; load average ${loadavg()[0].toFixed(2)}`);
console.log('');
console.log('| instruction | interpreter us | jit us | speed-up |');
console.log('| --- | ---: | ---: | ---: |');
for (const op of OPS) {
  const code = assembleText(
    `s_mov_b32 s0, ${count}\nL:\n${op}\ns_sub_u32 s0, s0, 1\ns_cmp_lg_u32 s0, 0\ns_cbranch_scc1 L\ns_endpgm`,
    'gfx908',
  );
  // Halves 1.0 .. 1.0 + 7 ulps (f16), bytes 0-7 (i8): no product or sum leaves the SIMD path.
  const init = (w: Wave) => {
    w.s[126] = 0xffffffff;
    w.s[127] = 0xffffffff;
    for (let x = 64; x < 5 * 64; x++)
      w.v[x] = op.includes('bf16') ? 0x3f803f80 + (x & 7) : 0x3c003c00 + (x & 7);
  };
  const ran = MFMA_SIMD_COUNTS.ran;
  const left = MFMA_SIMD_COUNTS.left;
  const i = Math.min(cpu('interpreter', code, init), cpu('interpreter', code, init));
  const j = Math.min(cpu('jit', code, init), cpu('jit', code, init));
  if (MFMA_SIMD_COUNTS.ran - ran !== 2 * count || MFMA_SIMD_COUNTS.left !== left) {
    console.error(`bench: ${op.split(' ')[0]} did not run as SIMD every time`);
    process.exit(1);
  }
  const name = op.split(' ')[0];
  console.log(
    `| ${name} | ${((i / count) * 1e6).toFixed(1)} | ${((j / count) * 1e6).toFixed(1)} | ${(i / j).toFixed(1)}x |`,
  );
}
