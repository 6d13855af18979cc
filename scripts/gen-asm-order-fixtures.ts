// Fixtures for the order of modifiers: for each base line and its modifiers, every modifier alone and
// doubled, every ordered pair, and every order of all of them (up to five), over the VALU forms (VOP3 with
// clamp/omod/op_sel, the 16-bit interpolations, VOP3P and MFMA, DPP, SDWA) and the memory families
// (MUBUF/MTBUF, FLAT/GLOBAL, DS, MIMG, SMEM, EXP). Each line is assembled by llvm-mc-22 for each target:
// accepted lines keep their encoding bytes, rejected ones llvm-mc's first message and column.
// Output: test/fixtures/asm-order/<mcpu>.json (read by test/asm-order.test.ts).
// Run: npx tsx scripts/gen-asm-order-fixtures.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LLVM_MC } from './lib/llvm.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'test', 'fixtures', 'asm-order');

export interface OrderFixture {
  generatedBy: string;
  mcpu: string;
  /** [source, `col: message` or the encoding bytes as llvm-mc prints them] */
  lines: [string, string][];
}

/** Base lines and the modifiers to order; `gfx9`: only for gfx9 targets. */
const BASES: [string, string[], boolean?][] = [
  ['v_add_f32_e64 v0, v1, v2', ['clamp', 'mul:2']],
  ['v_mad_f32 v0, v1, v2, v3', ['clamp', 'div:2']],
  ['v_max3_f32 v0, v1, v2, v3', ['clamp', 'mul:2', 'div:2']],
  ['v_mad_u16 v0, v1, v2, v3', ['op_sel:[0,0,0,1]', 'clamp'], true],
  ['v_fma_f16 v0, v1, v2, v3', ['op_sel:[0,0,0,1]', 'clamp', 'mul:2'], true],
  ['v_pack_b32_f16 v0, v1, v2', ['op_sel:[0,0,0]', 'clamp'], true],
  ['v_cmp_eq_f32_e64 s[0:1], v1, v2', ['clamp']],
  ['v_div_scale_f32 v0, vcc, v1, v2, v3', ['clamp', 'mul:2']],
  ['v_interp_p1ll_f16 v0, v1, attr0.x', ['high', 'clamp', 'mul:2']],
  ['v_interp_p2_f16 v0, v1, attr0.x, v2', ['high', 'clamp']],
  ['v_mov_b32_dpp v0, v1', ['quad_perm:[0,1,2,3]', 'row_mask:0xf', 'bank_mask:0x1', 'bound_ctrl:0']],
  ['v_add_f32_dpp v0, v1, v2', ['row_shl:1', 'row_mask:0xa', 'bank_mask:0x1', 'bound_ctrl:0']],
  ['v_mov_b32_dpp v0, v1', ['row_mirror', 'row_mask:0xf', 'clamp']],
  [
    'v_add_f32_sdwa v0, v1, v2',
    ['clamp', 'dst_sel:WORD_1', 'dst_unused:UNUSED_PRESERVE', 'src0_sel:BYTE_1', 'src1_sel:WORD_0'],
  ],
  ['v_add_f32_sdwa v0, v1, v2', ['mul:2', 'clamp', 'dst_sel:WORD_1']],
  ['v_add_u32_sdwa v0, v1, v2', ['clamp', 'mul:2', 'src1_sel:WORD_0'], true],
  ['v_mov_b32_sdwa v0, v1', ['clamp', 'dst_sel:WORD_1', 'dst_unused:UNUSED_SEXT', 'src0_sel:BYTE_1']],
  ['v_cmp_eq_f32_sdwa vcc, v1, v2', ['src0_sel:WORD_1', 'src1_sel:BYTE_0', 'clamp']],
  ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]', ['cbsz:1', 'abid:2', 'blgp:3', 'clamp'], true],
  [
    'v_pk_fma_f16 v0, v1, v2, v3',
    ['op_sel:[1,0,0]', 'op_sel_hi:[0,1,0]', 'neg_lo:[1,0,0]', 'neg_hi:[0,0,1]', 'clamp'],
    true,
  ],
  ['v_fma_mix_f32 v0, v1, v2, v3', ['op_sel:[1,0,0]', 'op_sel_hi:[0,1,0]', 'clamp', 'neg_lo:[1,0,0]'], true],
  ['v_pk_add_u16 v0, v1, v2', ['op_sel:[1,0]', 'op_sel_hi:[0,1]', 'clamp', 'mul:2'], true],
  ['buffer_load_dword v1, v2, s[4:7], s1 offen', ['offset:4', 'glc', 'slc', 'tfe']],
  ['buffer_store_dword v1, v2, s[4:7], s1 idxen', ['offset:4', 'glc', 'slc']],
  [
    'tbuffer_load_format_x v1, v2, s[4:7], s1 offen',
    ['format:[BUF_DATA_FORMAT_32]', 'offset:4', 'glc', 'slc'],
  ],
  [
    'tbuffer_load_format_x v1, v2, s[4:7], s1',
    ['format:[BUF_DATA_FORMAT_32]', 'offen', 'offset:4', 'glc', 'slc'],
  ],
  ['buffer_load_dword v1, off, s[4:7], s1', ['offset:4', 'glc', 'slc', 'lds']],
  ['flat_load_dword v1, v[2:3]', ['offset:4', 'glc', 'slc']],
  ['global_load_dword v1, v2, s[2:3]', ['offset:-4', 'glc', 'slc'], true],
  ['flat_atomic_add v1, v[2:3], v4', ['glc', 'offset:4', 'slc']],
  ['ds_read_b32 v1, v2', ['offset:4', 'gds']],
  ['ds_write2_b32 v1, v2, v3', ['offset0:1', 'offset1:2', 'gds']],
  ['image_load v[0:3], v[0:3], s[0:7]', ['dmask:0xf', 'unorm', 'glc', 'slc', 'da']],
  ['image_load v[0:4], v[0:3], s[0:7]', ['dmask:0xf', 'tfe', 'lwe', 'r128']],
  ['image_sample v[0:1], v[0:3], s[0:7], s[8:11]', ['dmask:0x3', 'd16', 'glc', 'a16']],
  ['s_load_dword s1, s[2:3], 0x4', ['glc']],
  ['exp mrt0 v0, v1, v2, v3', ['done', 'compr', 'vm']],
];

function perms<T>(a: T[]): T[][] {
  if (a.length <= 1) return [a];
  const out: T[][] = [];
  a.forEach((x, i) => {
    for (const p of perms([...a.slice(0, i), ...a.slice(i + 1)])) out.push([x, ...p]);
  });
  return out;
}

/** The lines for `mcpu`: each base with its modifiers alone, doubled, in pairs and in every order. */
export function orderLines(gfx9: boolean): string[] {
  const out = new Set<string>();
  for (const [base, mods, only9] of BASES) {
    if (only9 && !gfx9) continue;
    for (const m of mods) out.add(`${base} ${m}`).add(`${base} ${m} ${m}`);
    for (const a of mods) for (const b of mods) if (a !== b) out.add(`${base} ${a} ${b}`);
    if (mods.length <= 5) for (const p of perms(mods)) out.add(`${base} ${p.join(' ')}`);
  }
  return [...out];
}

function run(mcpu: string): OrderFixture {
  const lines = orderLines(mcpu.startsWith('gfx9'));
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-order-'));
  try {
    const src = join(dir, 'in.s');
    writeFileSync(src, `${lines.join('\n')}\n`);
    const r = spawnSync(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-show-encoding', src], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    if (r.error) throw r.error;
    const errs = new Map<number, string>();
    for (const m of r.stderr.matchAll(/in\.s:(\d+):(\d+): error: ([^\n]*)/g))
      if (!errs.has(Number(m[1]))) errs.set(Number(m[1]), `${m[2]}: ${m[3]}`);
    const encs = [...r.stdout.matchAll(/; encoding: (\[[^\]]*\])/g)].map((m) => m[1]);
    let e = 0;
    const out: [string, string][] = lines.map((l, i) => [l, errs.get(i + 1) ?? encs[e++]]);
    if (e !== encs.length) throw new Error(`${mcpu}: ${encs.length} encodings for ${e} accepted lines`);
    return { generatedBy: `${LLVM_MC} -triple=amdgcn -mcpu=${mcpu} -show-encoding`, mcpu, lines: out };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(OUT, { recursive: true });
  for (const mcpu of ['gfx908', 'gfx900', 'gfx803']) {
    const f = run(mcpu);
    // One line per case, so that a regenerated fixture diffs line by line.
    const body = f.lines.map((l) => JSON.stringify(l)).join(',\n');
    const head = `{"generatedBy": ${JSON.stringify(f.generatedBy)}, "mcpu": ${JSON.stringify(mcpu)}`;
    writeFileSync(join(OUT, `${mcpu}.json`), `${head}, "lines": [\n${body}\n]}\n`);
    console.log(`${mcpu}: ${f.lines.length} lines`);
  }
}
