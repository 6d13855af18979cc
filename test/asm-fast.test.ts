// The fast path (src/asm/fast) against the general path it short-cuts, line by line: on the benchmark's
// generated lines (texts of random valid encodings, every family) and on mutations of them (registers
// out of range or misaligned, wrong widths, operands dropped or added, literals, modifiers, suffixes),
// whatever the fast path encodes the general path must encode to the same words; the general path's
// bytes are llvm-mc-22's (its own fixture tests). Lines the fast path declines are the general path's.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { generateTexts } from '../scripts/fuzz-asm.js';
import { makeRng } from '../scripts/fuzz-disasm.js';
import { disLines } from '../scripts/lib/dis-lines.js';
import { assemble, formatDiagnostics } from '../src/asm/assembler.js';
import { fastEncode, fastWords, setFastPath } from '../src/asm/fast/index.js';
import { SPECIAL_REGS } from '../src/asm/registers.js';
import type { Target } from '../src/isa/targets.js';
import {
  compareFast,
  fastIsGeneral,
  fastVsGeneral,
  general,
  generalWords,
  hex,
  noConsts,
  product,
} from './helpers/asm-fast.js';
import { SLOW, tier } from './helpers/tier.js';

const TARGETS: Target[] = ['gfx908', 'gfx906', 'gfx900', 'gfx803', 'gfx700', 'gfx600'];
const COUNT = tier(3000, 30000);
/** A seeded generator of [0, 1). */
const uniform = (seed: number, stream: number) => {
  const next = makeRng(seed, stream);
  return () => next() / 2 ** 32;
};

const REGS = [
  'v0',
  'v255',
  'v256',
  's0',
  's101',
  's102',
  's104',
  's105',
  'ttmp11',
  'ttmp12',
  'ttmp15',
  'vcc',
  'vcc_lo',
  'exec',
  'exec_hi',
  'm0',
  'a3',
  'acc7',
  'flat_scratch_lo',
  'xnack_mask',
  'scc',
  'src_vccz',
  'lds_direct',
  'null',
  'v[1:2]',
  'v[2:3]',
  's[1:2]',
  's[2:3]',
  's[4:7]',
  's[2:5]',
  'ttmp[1:2]',
  'ttmp[4:5]',
  'v[0:3]',
  'vcc_hi',
  'tba',
];
const IMMS = [
  '0',
  '64',
  '65',
  '-16',
  '-17',
  '0.5',
  '-4.0',
  '0.15915494',
  '1.5',
  '0x3f800000',
  '0xffffffff',
  '-0x80000000',
  '0x100000000',
  '65535',
  '65536',
  '-32768',
  '-32769',
  '0x12345',
];
const TAILS3 = [
  '',
  ' clamp',
  ' mul:2',
  ' mul:4',
  ' div:2',
  ' clamp mul:2',
  ' mul:2 clamp',
  ' mul:3',
  ' clamp clamp',
  ', clamp',
];
const SRC_MODS = ['-x', '|x|', '-|x|', 'abs(x)', 'neg(x)', 'sext(x)'];
const TAILS = [' glc', ' clamp', ' offset:4', ' mul:2', ',', ', v1', ', s0', ' vcc', ' off', ' lit(1)'];

/** A few mutations of `text`, seeded. */
function mutate(text: string, rng: () => number): string[] {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rng() * a.length)];
  const out: string[] = [];
  // Replace one operand by a register or an immediate.
  for (let k = 0; k < 3; k++) {
    const parts = text.split(', ');
    const at = Math.floor(rng() * parts.length);
    const head = parts[at].includes(' ') && at === 0 ? parts[at].slice(0, parts[at].indexOf(' ') + 1) : '';
    parts[at] = head + (rng() < 0.6 ? pick(REGS) : pick(IMMS));
    out.push(parts.join(', '));
  }
  out.push(text + pick(TAILS));
  out.push(text.replace(/, [^,]*$/, ''));
  out.push(
    text
      .replace(/_e32 /, ' ')
      .replace(/^(\S+?)( |$)/, (_m, a, b) => (a.endsWith('_e32') ? a + b : `${a}_e32${b}`)),
  );
  // The VOP3 (e64) form, with source modifiers, clamp and omod.
  const e64 = text.replace(/_e32 /, '_e64 ');
  out.push(e64, e64 + pick(TAILS3));
  out.push(e64.replace(/, (\S+)/, (_m, x) => `, ${pick(SRC_MODS).replace('x', x)}`) + pick(TAILS3));
  out.push(e64.replace(/, ([^,]+)$/, (_m, x) => `, ${pick(SRC_MODS).replace('x', x)}`));
  out.push(text.replace(/(v|s)(\d+)/, (_m, f, d) => `-${f}${d}`));
  out.push(text.replace(/(v|s)(\d+)/, (_m, f, d) => `|${f}${d}|`));
  out.push(text.replace(/\b(\d+)\b/, (_m, d) => `0${d}`));
  out.push(text.toUpperCase());
  out.push(text.replace(/, /g, ' '));
  return out;
}

test(`fast path = general path on ${COUNT} generated lines and their mutations per target`, (t) => {
  for (const target of TARGETS) {
    const rng = uniform(7, 11);
    const texts = generateTexts(target, COUNT, 99);
    let fast = 0;
    let checked = 0;
    const bad: string[] = [];
    const byFam = new Map<string, number>();
    const check = (text: string, generated: boolean) => {
      checked++;
      const n = fastEncode(text, target, noConsts);
      if (n === 0) return;
      if (generated) {
        fast++;
        const fam = text.startsWith('s_') ? 'scalar' : text.startsWith('v_') ? 'vector' : 'other';
        byFam.set(fam, (byFam.get(fam) ?? 0) + 1);
      }
      const ref = generalWords(text, target);
      if (!fastIsGeneral(n, ref) && bad.length < 10) bad.push(fastVsGeneral(text, n, ref));
    };
    for (const text of texts) {
      check(text, true);
      for (const m of mutate(text, rng)) check(m, false);
    }
    t.diagnostic(
      `${target}: ${texts.length} generated lines, fast path took ${fast} (${[...byFam].map(([k, v]) => `${k} ${v}`).join(', ')}); ${checked} lines checked`,
    );
    assert.deepEqual(bad, [], target);
    // The fast path must be in use: most generated VALU and SALU lines are its.
    assert.ok(fast > texts.length / 2, `${target}: fast path took only ${fast} of ${texts.length}`);
  }
});

const CORPUS_TARGETS = ['gfx908', 'gfx906', 'gfx900'] as const;

test('fast path = general path on the corpus kernels (compiler output: VOP3, SMEM, ...) and their mutations', (t) => {
  const dir = join(import.meta.dirname, 'corpus', 'obj');
  const sets = CORPUS_TARGETS.map((target) => {
    const texts = new Set<string>();
    for (const f of readdirSync(dir).filter(
      (n) => n.endsWith(`.${target}.O3.dis.gz`) || n.endsWith(`.${target}.O0.dis.gz`),
    ))
      for (const l of disLines(join(dir, f))) texts.add(l.text);
    return texts;
  });
  // npm test: each distinct line (and its mutations) on one of the targets whose kernels have it, rotating;
  // the slow tier: on each of them. Most lines are in all three corpora.
  const owner = new Map<string, number>();
  let j = 0;
  for (const texts of sets)
    for (const text of texts) {
      if (owner.has(text)) continue;
      const k = j++ % sets.length;
      owner.set(text, sets[k].has(text) ? k : sets.findIndex((x) => x.has(text)));
    }
  for (const [ti, target] of CORPUS_TARGETS.entries()) {
    const rng = uniform(13, 17);
    const texts = [...sets[ti]].filter((x) => SLOW || owner.get(x) === ti);
    let fast = 0;
    const bad: string[] = [];
    const check = (text: string) => {
      const n = fastEncode(text, target, noConsts);
      if (n === 0) return false;
      const ref = generalWords(text, target);
      if (!fastIsGeneral(n, ref) && bad.length < 10) bad.push(fastVsGeneral(text, n, ref));
      return true;
    };
    for (const text of texts) {
      if (check(text)) fast++;
      for (const m of mutate(text, rng)) check(m);
    }
    t.diagnostic(
      `${target}: ${texts.length} of ${sets[ti].size} distinct corpus lines, fast path took ${fast}`,
    );
    assert.deepEqual(bad, [], target);
    assert.ok(fast > texts.length / 2, `${target}: fast path took only ${fast} of ${texts.length}`);
  }
});

test('a keyword defined as a symbol is left to the general path', () => {
  const consts = (n: string) => (n === 'vcc' ? 5n : undefined);
  assert.ok(fastEncode('s_mov_b32 s0, s1', 'gfx908', consts) > 0);
  // Registers are never symbols to llvm-mc; keywords are looked up.
  assert.equal(
    fastEncode('s_mov_b32 s0, glc', 'gfx908', (n) => (n === 'glc' ? 1n : undefined)),
    0,
  );
});

test("a source read in the previous source's byte copy does not read that source's bytes past its end", () => {
  // The last line of `short` ends without a newline, where `long` has `.5`: read past the end, `1` would be
  // the float 1.5's start (an inline constant 1.0 or a literal), not the integer 1.
  const short = 's_mov_b32 s0, 1';
  const long = `${short}.5\n${'s_nop 0\n'.repeat(8)}`;
  const text = (src: string) => {
    const o = assemble(src, 'a.s', { mcpu: 'gfx908', showEncoding: true });
    return o.listing;
  };
  text(long);
  assert.match(text(short) ?? '', /s_mov_b32 s0, 1 +; encoding: \[0x81,0x00,0x80,0xbe\]/);
});

/** Generated lines (each followed by one of its mutations) in each whole source. */
const SOURCE_LINES = tier(700, 2000);

test(`whole sources of ${SOURCE_LINES} generated lines and mutations: the same listing, object and diagnostics with and without the fast path`, () => {
  for (const target of TARGETS) {
    const rng = uniform(3, 5);
    const lines: string[] = [];
    for (const x of generateTexts(target, SOURCE_LINES, 5))
      lines.push(`\t${x}`, `\t${mutate(x, rng)[Math.floor(rng() * 8)]}`);
    const src = ['.text', 'lbl:', ...lines].join('\n') + '\n';
    const run = (fast: boolean) => {
      setFastPath(fast);
      try {
        const obj = assemble(src, 'a.s', { mcpu: target });
        const lst = assemble(src, 'a.s', { mcpu: target, showEncoding: true });
        return {
          obj: obj.object ? hex(new Uint32Array(obj.object.buffer, 0, obj.object.length >> 2)) : null,
          lst: lst.listing,
          diags: formatDiagnostics(lst.diagnostics),
        };
      } finally {
        setFastPath(true);
      }
    };
    const a = run(true);
    const b = run(false);
    assert.equal(a.diags, b.diags, target);
    assert.equal(a.lst, b.lst, target);
    assert.equal(a.obj, b.obj, target);
  }
});

test('EXP: the fast path takes the plain forms and gives the general path bytes, the rest is declined', () => {
  const targets = [
    'mrt0',
    'mrt7',
    'mrtz',
    'null',
    'pos0',
    'pos3',
    'param0',
    'param31',
    'pos4',
    'prim',
    'mrt8',
  ];
  const srcs = [
    'v0, v1, v2, v3',
    'v255, off, v7, off',
    'off, off, off, off',
    'v1, a0, v2, v3',
    'v256, v0, v0, v0',
  ];
  const mods = [
    '',
    ' done',
    ' compr',
    ' vm',
    ' done compr vm',
    ' done vm',
    ' vm done',
    ' done done',
    ', done',
    ' glc',
  ];
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as const) {
    let fast = 0;
    for (const tg of targets)
      for (const s of srcs)
        for (const m of mods)
          for (const text of [`exp ${tg} ${s}${m}`, `exp ${tg}, ${s}${m}`, `EXP ${tg} ${s}${m}`]) {
            const n = fastEncode(text, target, noConsts);
            if (n === 0) continue;
            fast++;
            assert.equal(hex(fastWords.subarray(0, n)), general(text, target), `${target}: ${text}`);
          }
    // The valid targets' lines with VGPR/off sources and ordered modifiers.
    assert.equal(fast, 8 * 3 * 6, target);
  }
  assert.ok(fastEncode('exp mrt0 v0, v1, v2, v3', 'gfx908', noConsts) > 0);
  // A target defined as a symbol is the general path's.
  assert.equal(
    fastEncode('exp mrt0 v0, v1, v2, v3', 'gfx908', (n) => (n === 'mrt0' ? 1n : undefined)),
    0,
  );
});

test('named registers (flat_scratch, xnack_mask, apertures, src_scc, tba, ...) in SOP and VOP slots: fast = general on gfx6-gfx9', () => {
  // One spelling per register (the aliases are one table entry away), and `scc`.
  const names = Object.keys(SPECIAL_REGS).filter(
    (n) => n.startsWith('src_') || !(`src_${n}` in SPECIAL_REGS) || n === 'scc',
  );
  // X: the slot tried with each name (and a few others), the rest plain.
  const templates = [
    's_mov_b32 X, s1',
    's_mov_b32 s0, X',
    's_mov_b64 X, s[2:3]',
    's_mov_b64 s[0:1], X',
    's_and_b64 s[0:1], s[2:3], X',
    's_add_u32 X, s1, X',
    's_cmp_eq_u32 X, 5',
    's_movk_i32 X, 0x1234',
    's_cmpk_eq_i32 X, 7',
    's_bitset0_b64 X, s1',
    's_cbranch_join X',
    'v_add_f32_e32 v0, X, v1',
    'v_add_f64 v[0:1], X, v[2:3]',
    'v_add_f32_e64 v0, X, X',
    'v_add_f32_e64 v0, -X, v1',
    'v_cndmask_b32_e64 v0, X, v1, s[4:5]',
    'v_mov_b32_e32 v0, X',
    'v_cmp_eq_u32_e64 s[0:1], X, v1',
    'v_addc_co_u32_e64 v0, s[0:1], X, v1, s[2:3]',
    'v_div_fmas_f32 v0, X, v1, v2',
  ];
  const lines = templates.flatMap((tp) =>
    [...names, 's[2:3]', 'ttmp[4:5]', 'v1'].map((x) => tp.replaceAll('X', x)),
  );
  for (const target of ['gfx908', 'gfx803', 'gfx700', 'gfx600'] as const) {
    // lds_direct has rules of its own and null none on these targets: the general path's.
    const r = compareFast(lines, target, (l) => /lds_direct|null/.test(l));
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken > 200, `${target}: fast path took only ${r.taken}`);
  }
});

test('SOPK/SOPP: hwreg, branches, s_setreg_imm32, s_endpgm and s_sendmsg values: fast = general', () => {
  const hwregs = [
    'hwreg(1)',
    'hwreg(63)',
    'hwreg(64)',
    'hwreg(3, 0, 32)',
    'hwreg(49, 31, 1)',
    'hwreg(4, 32, 1)',
    'hwreg(4, 1, 33)',
    'hwreg(4, 1, 0)',
    'hwreg(4, 1)',
    'hwreg(HW_REG_MODE, 2, 3)',
    'hwreg(HW_REG_SH_MEM_BASES)',
    'hwreg(HW_REG_XNACK_MASK, 0, 1)',
    'hwreg(HW_REG_NOPE, 0, 1)',
    'hwreg(-1, 0, 1)',
    'hwreg(1+1, 0, 1)',
    'HWREG(1, 0, 1)',
    'hwreg (1, 0, 1)',
    'hwreg(1, 0, 1',
    '0',
    '65535',
    '65536',
    '-1',
  ];
  const values = ['0', '-1', '0x7fff', '0xffff', '-32768', '-32769', '65536', '1.5', 'lbl', 's0'];
  const lines = [
    ...hwregs.flatMap((h) => [
      `s_getreg_b32 s5, ${h}`,
      `s_setreg_b32 ${h}, s5`,
      `s_setreg_imm32_b32 ${h}, 0x12345678`,
      `s_getreg_b32 ${h}, s5`,
    ]),
    ...['s5', 'flat_scratch_hi', 'src_scc', 'exec', 'ttmp15', 's[2:3]', 'v1', '5'].flatMap((r) => [
      `s_getreg_b32 ${r}, hwreg(1, 0, 8)`,
      `s_setreg_b32 hwreg(1, 0, 8), ${r}`,
    ]),
    ...['-1', '0xffffffff', '0x100000000', '1.0', '-2.5', 'lbl', 's1'].map(
      (v) => `s_setreg_imm32_b32 hwreg(1), ${v}`,
    ),
    ...values.flatMap((v) => [
      `s_call_b64 s[4:5], ${v}`,
      `s_cbranch_i_fork s[4:5], ${v}`,
      `s_endpgm ${v}`,
      `s_sendmsg ${v}`,
      `s_sendmsghalt ${v}`,
    ]),
    ...['s[3:4]', 'vcc', 'exec', 'flat_scratch', 'ttmp[2:3]', 's4', 'xnack_mask'].map(
      (r) => `s_call_b64 ${r}, 4`,
    ),
    's_endpgm',
    's_endpgm 1, 2',
    's_sendmsg',
    's_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)',
  ];
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as const) {
    const r = compareFast(lines, target, (l) =>
      /HWREG|hwreg \(|hwreg\(-|\+|sendmsg\(|lbl|HW_REG_XNACK/.test(l),
    );
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken > 50, `${target}: fast path took only ${r.taken}`);
  }
  // A register name defined as a symbol is the general path's.
  assert.ok(fastEncode('s_getreg_b32 s5, hwreg(HW_REG_MODE)', 'gfx908', noConsts) > 0);
  assert.equal(
    fastEncode('s_getreg_b32 s5, hwreg(HW_REG_MODE)', 'gfx908', (n) =>
      n === 'HW_REG_MODE' ? 1n : undefined,
    ),
    0,
  );
});

test('madmk/madak: the K literal with src0 registers, inline constants and literals: fast = general', () => {
  const src0 = ['v3', 's3', 'vcc_lo', 'src_scc', '1', '-16', '0.5', '0x1234', '0x5678', '-1.5', '1.1'];
  const k = [
    '0x1234',
    '0',
    '-1',
    '0xffffffff',
    '0x100000000',
    '65535',
    '65536',
    '-32769',
    '1.5',
    '-2.0',
    '1e40',
    'v1',
    's1',
  ];
  const lines = ['v_madmk_f32', 'v_madmk_f16', 'v_madak_f32', 'v_madak_f16'].flatMap((m) =>
    product([`${m} v1, `], src0, [', '], k).map((l) => {
      const [head, s0, kk] = [l.slice(0, l.indexOf(',') + 2), l.split(', ')[1], l.split(', ')[2]];
      return m.includes('madmk') ? `${head}${s0}, ${kk}, v2` : `${head}${s0}, v2, ${kk}`;
    }),
  );
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as const) {
    const r = compareFast(lines, target, () => false);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken > 40, `${target}: fast path took only ${r.taken}`);
  }
});

test('a source is read in place: CRLF line ends, blank lines, no final newline, errors after fast lines (llvm-mc-22)', () => {
  // llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx908 -show-encoding on this text: the listing below
  // and "t.s:4:2: error: invalid instruction" with the line '\tv_bogus v1'.
  const src = '\tv_mov_b32 v0, v1\r\n\r\n\ts_nop 0\n\tv_bogus v1\n\ts_endpgm';
  const r = assemble(src, 't.s', { mcpu: 'gfx908', showEncoding: true });
  assert.equal(
    r.listing,
    '\t.amdgcn_target "amdgcn-amd-amdhsa--gfx908"\n' +
      '\tv_mov_b32_e32 v0, v1                    ; encoding: [0x01,0x03,0x00,0x7e]\n\n' +
      '\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]\n' +
      '\ts_endpgm                                ; encoding: [0x00,0x00,0x81,0xbf]\n',
  );
  assert.equal(
    formatDiagnostics(r.diagnostics),
    't.s:4:2: error: invalid instruction\n        v_bogus v1\n        ^\n',
  );
  const ok = assemble(src.replace('\tv_bogus v1\n', ''), 't.s', { mcpu: 'gfx908' });
  assert.equal(ok.diagnostics.length, 0);
  assert.equal(
    assemble('', 't.s', { mcpu: 'gfx908', showEncoding: true }).listing,
    r.listing?.split('\n')[0] + '\n',
  );
});

test('VOP3P: packed, dot, mix and MFMA ops with sources, bit lists, clamp and cbsz/abid/blgp: fast = general', () => {
  const srcs = ['v1', 'v255', 's2', 's[2:3]', 'ttmp3', 'vcc_lo', 'm0', 'exec_lo', 'src_scc', 'a1', 'vcc'];
  const srcs2 = ['0', '-16', '64', '65', '0.5', '-2.0', '0x3c00', 'lds_direct', 'src_lds_direct', '-v1'];
  const srcs3 = ['|v1|', '-|s2|', '-|1.0|', 'neg(v1)', 'v[1:2]', 'xnack_mask_lo', 'flat_scratch_hi'];
  const tails = ['', ' clamp', ' op_sel:[0,1]', ' op_sel:[1,0,1]', ' op_sel_hi:[0,0,0]', ' op_sel_hi:[1,1]'];
  const tails2 = [
    ' neg_lo:[1,0,1]',
    ' neg_hi:[0,1,1,1]',
    ' op_sel:[1,1,1,1,1]',
    ' op_sel:[2]',
    ' op_sel:[0, 1]',
  ];
  const tails3 = [' op_sel: [0,1]', ' clamp clamp', ' op_sel:[1] op_sel:[0]', ', clamp', ' mul:2', ' high'];
  const tails4 = [' cbsz:1', ' clamp op_sel:[1,1] neg_lo:[1,1,1] neg_hi:[1,0,0] op_sel_hi:[0,1,1]'];
  const ops: [string, number][] = [
    ['v_pk_add_f16', 2],
    ['v_pk_mul_lo_u16', 2],
    ['v_pk_fma_f16', 3],
    ['v_pk_mad_u16_e64', 3],
    ['v_dot2_f32_f16', 3],
    ['v_dot4_i32_i8', 3],
    ['v_fma_mix_f32', 3],
    ['v_mad_mixlo_f16', 3],
    ['v_fma_mixhi_f16', 3],
  ];
  const mfma = [
    'v_mfma_f32_4x4x1f32',
    'v_mfma_f32_32x32x2f32',
    'v_mfma_f32_16x16x4f16',
    'v_mfma_i32_4x4x4i8',
  ];
  const acc = (op: string) => (op.includes('32x32') ? 16 : 4);
  const mfmaLines = (op: string) => {
    const n = acc(op);
    const a = (i: number) => `a[${i}:${i + n - 1}]`;
    const s = op.includes('f16') ? ['v[2:3]', 'a[2:3]'] : ['v1', 'a1'];
    const lines: string[] = [];
    const line = (d: string, x: string, y: string, z: string, tail = '') =>
      `${op} ${d}, ${x}, ${y}, ${z}${tail}`;
    for (const d of [a(0), a(1), `v[0:${n - 1}]`, 'a[0:2]', a(240)]) lines.push(line(d, s[0], s[1], a(0)));
    for (const x of [...s, 'v1', 'v[2:3]', 's1', '1', `-${s[0]}`, 'v255'])
      lines.push(line(a(0), x, s[1], a(0)), line(a(0), s[0], x, a(0)));
    for (const z of [a(0), a(4), a(2), a(8), `v[0:${n - 1}]`, '0', a(16)])
      lines.push(line(a(0), s[0], s[1], z));
    for (const tail of [
      '',
      ' cbsz:1',
      ' cbsz:7 abid:15 blgp:7',
      ' cbsz:8',
      ' abid:16',
      ' blgp:-1',
      ' cbsz:1 cbsz:2',
      ' clamp',
      ' op_sel:[0,0,1]',
      ', cbsz:1',
      ' blgp:2 cbsz:3',
    ])
      lines.push(line(a(0), s[0], s[1], a(0), tail));
    return lines;
  };
  for (const target of ['gfx908', 'gfx906', 'gfx900'] as Target[]) {
    const lines: string[] = [];
    for (const [op, n] of ops) {
      const base = ['v0', 'v1', 'v2', 'v3'].slice(0, n + 1);
      const line = (ops: string[], tail = '') => `${op} ${ops.join(', ')}${tail}`;
      for (let k = 1; k <= n; k++)
        for (const x of [...srcs, ...srcs2, ...srcs3])
          lines.push(line(base.map((b, i) => (i === k ? x : b))));
      for (const tail of [...tails, ...tails2, ...tails3, ...tails4]) lines.push(line(base, tail));
      for (const pair of [
        ['s2', 's3'],
        ['s2', 's2'],
        ['vcc_lo', 's1'],
        ['s2', '1'],
        ['m0', 'm0'],
      ])
        lines.push(line([base[0], ...pair, ...base.slice(3)]));
      lines.push(line(base.slice(0, n)), line([...base, 'v4']));
    }
    if (target === 'gfx908') for (const op of mfma) lines.push(...mfmaLines(op));
    // Left to the general path: modifiers on constants or written as calls, lds_direct, duplicated
    // modifiers or ones out of llvm-mc's order (errors), a comma before one, a space before a list's bracket.
    const declined = (l: string) =>
      /\|[-0-9]|neg\(|lds_direct|clamp clamp|cbsz:1 cbsz|\] op_sel:|, (clamp|cbsz)|: \[/.test(l);
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken > (target === 'gfx908' ? 500 : 150), `${target}: ${r.taken}`);
  }
});

test('VOP3P and MFMA: bad lines keep their one-line errors, op_sel_hi and the AGPR bits their bytes (llvm-mc-22, gfx908)', () => {
  // What llvm-mc-22 -mcpu=gfx908 printed for each line: the fast path declines them all.
  const bad: [string, string][] = [
    ['v_pk_add_f16 v0, a1, v2', '18: invalid operand for instruction'],
    ['v_pk_add_f16 v0, s1, s2', '22: invalid operand (violates constant bus restrictions)'],
    ['v_pk_add_f16 v0, v1, 0x1234', '22: literal operands are not supported'],
    ['v_fma_mix_f32 v0, v1, v2, v3 neg_lo:[1,0,0]', '30: not a valid operand.'],
    [
      'v_mfma_f32_32x32x2f32 a[0:15], v1, v2, a[4:19]',
      '40: source 2 operand must not partially overlap with dst',
    ],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] cbsz:8', '44: invalid cbsz value.'],
  ];
  const r = assemble(bad.map(([l]) => l).join('\n'), 'bad.s', { mcpu: 'gfx908' });
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
    bad.map(([, e], i) => `${i + 1}:${e}`),
  );
  // llvm-mc-22: [0x00,0x80,0x8e,0xd3,0x01,0x05,0x0e,0x14] and [0x00,0x11,0xc2,0xd3,0x01,0x05,0x02,0x6c].
  const good: [string, number[]][] = [
    ['v_pk_fma_f16 v0, v1, v2, v3 op_sel_hi:[0,1,0] clamp', [0xd38e8000, 0x140e0501]],
    ['v_mfma_f32_4x4x1f32 a[0:3], a1, v2, a[0:3] cbsz:1 abid:2 blgp:3', [0xd3c21100, 0x6c020501]],
  ];
  for (const [l, w] of good) {
    assert.equal(fastEncode(l, 'gfx908', noConsts), 2, l);
    assert.deepEqual([...fastWords.subarray(0, 2)], w, l);
  }
});

test('VOP3P and MFMA modifiers: the order of llvm-mc-22, each once, and its errors on both paths (gfx908)', () => {
  // llvm-mc-22 -triple=amdgcn -mcpu=gfx908 -show-encoding: packed ops take op_sel, op_sel_hi, neg_lo,
  // neg_hi, clamp in that order; the mix ops op_sel, op_sel_hi, clamp; MFMA cbsz, abid, blgp and no clamp.
  // A `name:` out of place is "not a valid operand." where it is read; a bare word out of place, or a
  // modifier repeated or behind a later one, is left over after matching: "invalid operand for instruction".
  const bad: [string, string][] = [
    ['v_pk_add_f16 v0, v1, v2 op_sel_hi:[1,1] op_sel:[1,1]', '41: not a valid operand.'],
    ['v_pk_add_f16 v0, v1, v2 neg_hi:[1,1] neg_lo:[1,1]', '38: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1, v2 op_sel:[1,1] op_sel:[0,0]', '38: not a valid operand.'],
    ['v_pk_add_f16 v0, v1, v2 neg_lo:[1,1] neg_lo:[1,1]', '38: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1, v2 clamp op_sel:[1,1]', '31: not a valid operand.'],
    ['v_pk_add_f16 v0, v1, v2 clamp clamp', '31: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1, v2 clamp neg_lo:[1,1]', '31: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1, v2 op_sel:[1,1] high', '38: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1 op_sel:[0,0]', '21: not a valid operand.'],
    ['v_pk_add_f16 v0, v1, v2, v3 op_sel:[1,1]', '29: not a valid operand.'],
    ['v_pk_add_f16 v0, s1, s2 clamp clamp', '31: invalid operand for instruction'],
    ['v_pk_add_f16 v0, v1, v2 neg_hi:[1,1] neg_lo:[1,2]', '48: invalid neg_lo value.'],
    ['v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,1] op_sel:[1,1,1]', '48: not a valid operand.'],
    [
      'v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,1] op_sel_hi:[1,1,1]',
      '48: invalid operand for instruction',
    ],
    ['v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,0,0] op_sel_hi:[1,1,1]', '46: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] blgp:2 cbsz:3', '51: not a valid operand.'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] abid:2 cbsz:3', '51: not a valid operand.'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] blgp:2 abid:3', '51: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] cbsz:2 cbsz:3', '51: not a valid operand.'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] abid:1 abid:2', '51: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] clamp', '44: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] cbsz:1 clamp', '51: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] clamp cbsz:1', '50: not a valid operand.'],
    ['v_mfma_f32_32x32x2f32 a[0:15], v1, v2, a[4:19] clamp', '48: invalid operand for instruction'],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2 cbsz:1', '36: not a valid operand.'],
    ['v_accvgpr_write_b32 a0, v1 clamp', '28: invalid operand for instruction'],
  ];
  const src = bad.map(([l]) => l).join('\n');
  const want = bad.map(([, e], i) => `${i + 1}:${e}`);
  for (const fast of [true, false]) {
    setFastPath(fast);
    try {
      const r = assemble(src, 'bad.s', { mcpu: 'gfx908' });
      assert.deepEqual(
        r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
        want,
        `fast path ${fast}`,
      );
    } finally {
      setFastPath(true);
    }
  }
  for (const [l] of bad) assert.equal(fastEncode(l, 'gfx908', noConsts), 0, l);
  // In order: the bytes llvm-mc-22 gives, on the fast path.
  const good: [string, number[]][] = [
    [
      'v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,0] neg_lo:[1,0,0] neg_hi:[0,0,1] clamp',
      [0xd38e8c00, 0x340e0501],
    ],
    ['v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,0] clamp', [0xd3a08800, 0x140e0501]],
    ['v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] cbsz:3 blgp:2', [0xd3c20300, 0x44020501]],
  ];
  for (const [l, w] of good) {
    assert.equal(fastEncode(l, 'gfx908', noConsts), 2, l);
    assert.deepEqual([...fastWords.subarray(0, 2)], w, l);
  }
});

test('DPP (VOP1/VOP2 _dpp): VGPR sources with neg/abs, every control, masks and bound_ctrl: fast = general', () => {
  const ops: [string, string[]][] = [
    ['v_mov_b32_dpp', ['v0', 'v1']],
    ['v_cvt_f32_i32_dpp', ['v0', 'v1']],
    ['v_cvt_f64_f32_dpp', ['v[0:1]', 'v1']],
    ['v_cvt_f32_f64_dpp', ['v0', 'v[1:2]']],
    ['v_add_f32_dpp', ['v0', 'v1', 'v2']],
    ['v_and_b32_dpp', ['v0', 'v1', 'v2']],
    ['v_add_f16_dpp', ['v0', 'v1', 'v2']],
    ['v_mac_f32_dpp', ['v0', 'v1', 'v2']],
    ['v_add_co_u32_dpp', ['v0', 'vcc', 'v1', 'v2']],
    ['v_add_u32_dpp', ['v0', 'vcc', 'v1', 'v2']],
    ['v_addc_co_u32_dpp', ['v0', 'vcc', 'v1', 'v2', 'vcc']],
    ['v_cndmask_b32_dpp', ['v0', 'v1', 'v2', 'vcc']],
    ['v_nop_dpp', []],
  ];
  const regs = ['v255', 'v[1:2]', 's1', 'a1', '-v1', '|v1|', '-|v1|', '1', 'vcc', 's[2:3]', 'sext(v1)'];
  const controls = ['quad_perm:[0,1,2,3]', 'quad_perm:[3,2,1,0]', 'quad_perm:[0,1,2]', 'quad_perm:[4,0,0,0]'];
  const controls2 = ['row_shl:1', 'row_shr:15', 'row_ror:16', 'row_ror:0', 'wave_shl:1', 'wave_rol:1'];
  const controls3 = [
    'wave_shr:1',
    'wave_ror:1',
    'wave_ror:2',
    'row_mirror',
    'row_half_mirror',
    'row_bcast:15',
  ];
  const controls4 = ['row_bcast:31', 'row_bcast:7', 'quad_perm: [0,1,2,3]', 'quad_perm:[0,1,2,3,0]'];
  const tails = [
    '',
    ' row_mask:0xa bank_mask:0x3 bound_ctrl:1',
    ' bound_ctrl:0',
    ' row_mask:16',
    ' bank_mask:0',
  ];
  const tails2 = [
    ' row_mask:1 row_mask:2',
    ' clamp',
    ' mul:2',
    ', row_mask:1',
    ' row_shl:1',
    ' bound_ctrl:2',
  ];
  for (const target of ['gfx908', 'gfx803'] as Target[]) {
    const lines: string[] = [];
    for (const [op, args] of ops) {
      const line = (a: string[], tail: string) => `${op} ${a.join(', ')} ${tail}`;
      for (let k = 0; k < args.length; k++)
        for (const x of regs)
          lines.push(
            line(
              args.map((a, i) => (i === k ? x : a)),
              'quad_perm:[1,0,3,2]',
            ),
          );
      for (const c of [...controls, ...controls2, ...controls3, ...controls4]) lines.push(line(args, c));
      for (const tail of [...tails, ...tails2]) lines.push(line(args, `row_ror:3${tail}`));
      lines.push(line(args, 'bank_mask:1'), line(args.slice(0, -1), 'row_shl:1'));
    }
    // Left to the general path: 64-bit sources (gfx8 takes them with 32-bit names), duplicated masks (the
    // last wins there), a comma or a space before a modifier's value, v_nop_dpp.
    const declined = (l: string) => /f64_dpp|row_mask:1 row_mask|, row_mask|: \[|v_nop/.test(l);
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken > 150, `${target}: ${r.taken}`);
  }
});

test('lds_direct as src0 of e32 ops (not the reversed ones, not src1): fast = general on gfx9/gfx8/gfx6', () => {
  const ops: [string, string[]][] = [
    ['v_mov_b32', ['v0', 'X']],
    ['v_mov_b32_e32', ['v0', 'X']],
    ['v_cvt_f64_f32', ['v[0:1]', 'X']],
    ['v_cvt_f32_f64', ['v0', 'X']],
    ['v_add_f32_e32', ['v0', 'X', 'v2']],
    ['v_add_f16', ['v0', 'X', 'v2']],
    ['v_subrev_f32_e32', ['v0', 'X', 'v2']],
    ['v_lshlrev_b32', ['v0', 'X', 'v2']],
    ['v_add_co_u32_e32', ['v0', 'vcc', 'X', 'v2']],
    ['v_add_u32_e32', ['v0', 'X', 'v2']],
    ['v_cmp_eq_f32_e32', ['vcc', 'X', 'v2']],
    ['v_cndmask_b32_e32', ['v0', 'X', 'v2', 'vcc']],
    ['v_madak_f32', ['v0', 'X', 'v2', '0x11']],
  ];
  const spellings = ['lds_direct', 'src_lds_direct', '-lds_direct', '|lds_direct|', 'LDS_DIRECT'];
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as Target[]) {
    const lines: string[] = [];
    for (const [op, args] of ops)
      for (const x of spellings) {
        const at = args.indexOf('X');
        lines.push(`${op} ${args.map((a) => (a === 'X' ? x : a)).join(', ')}`);
        // As src1 (the operand after src0, a VGPR slot): an error.
        if (at + 1 < args.length && args[at + 1] === 'v2')
          lines.push(`${op} ${args.map((a) => (a === 'X' ? 'v1' : a === 'v2' ? x : a)).join(', ')}`);
      }
    // Left to the general path: the ops whose src0 shares gfx6-9's scalar read with vcc or a K literal,
    // the upper-case name and lds_direct with modifiers (the VOP3 form).
    const declined = (l: string) => /v_cndmask|v_madak|f64|LDS_DIRECT|[-|]lds/.test(l);
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= 10, `${target}: ${r.taken}`);
  }
});

test('s_waitcnt: an integer or counters (vmcnt/expcnt/lgkmcnt, _sat) joined by blanks or commas: fast = general', () => {
  const one = ['0', '0xffff', '-1', '65536', '1.0', 'vmcnt(0)', 'vmcnt(15)', 'vmcnt(16)', 'vmcnt(63)'];
  const one2 = ['vmcnt(64)', 'vmcnt_sat(64)', 'expcnt(7)', 'expcnt(8)', 'expcnt_sat(9)', 'lgkmcnt(15)'];
  const one3 = [
    'lgkmcnt(16)',
    'lgkmcnt_sat(100)',
    'vmcnt(0x3f)',
    'vmcnt()',
    'vmcnt(x)',
    'vmcnt(-1)',
    'foo(1)',
  ];
  const many = ['vmcnt(1) expcnt(2) lgkmcnt(3)', 'vmcnt(1), lgkmcnt(2)', 'vmcnt(1) & lgkmcnt(2)'];
  const many2 = ['vmcnt(1) vmcnt(2)', 'lgkmcnt(1) vmcnt(5)', 'vmcnt(1)expcnt(2)', 'vmcnt(1) 0', '0 vmcnt(1)'];
  const many3 = ['VMCNT(1)', 'vmcnt(1) expcnt(2),', 'vmcnt(1) ,expcnt(2)', 'vmcnt_sat(99) expcnt_sat(99)'];
  const lines = [...one, ...one2, ...one3, ...many, ...many2, ...many3].map((x) => `s_waitcnt ${x}`);
  // Left to the general path: floats, `&`, counters glued together, upper case.
  const declined = (l: string) => /1\.0|&|\)[a-z]|VM/.test(l);
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as Target[]) {
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= 15, `${target}: ${r.taken}`);
  }
});

test('modifiers around constants (-|2.0|, |-1|, neg(5), abs(neg(x))) and around registers: fast = general', () => {
  const ops = [
    'v_add_f32_e64 v1, X, v2',
    'v_fma_f32 v1, v3, X, v2',
    'v_cmp_class_f16_e64 s[4:5], X, v6',
    'v_add_f16_e64 v1, v2, X',
    'v_fma_f64 v[0:1], X, v[2:3], v[4:5]',
    'v_mad_legacy_f16 v7, X, v2, v3 clamp div:2',
    'v_fma_mix_f32 v9, v3, X, -s2',
    'v_pk_add_f16 v1, X, v2',
    'v_add_f32 v1, X, v2',
    'v_add_f32_dpp v1, X, v2 quad_perm:[0,1,2,3]',
    's_waitcnt X',
    'buffer_load_dword v1, v2, s[4:7], X offen',
  ];
  const values = ['1', '-1', '64', '65', '-17', '0.5', '-2.0', '1.0e1', '0x10', 'v5', 's[6:7]', 'vcc'];
  const mods = [
    'x',
    '-x',
    '|x|',
    '-|x|',
    'neg(x)',
    'abs(x)',
    'neg(abs(x))',
    'abs(neg(x))',
    '-abs(x)',
    '|neg(x)|',
  ];
  // Spellings the general parser reads otherwise or rejects: doubled modifiers, a sign inside a
  // modifier before a register, sext, unclosed wrappers.
  const odd = [
    '--x',
    'neg(-x)',
    '-|-x|',
    'neg(neg(x))',
    'abs(|x|)',
    'sext(x)',
    'neg (x)',
    'NEG(x)',
    '|x',
    'neg(x|',
    '-|x)',
  ];
  const lines = ops.flatMap((o) =>
    values.flatMap((v) => [...mods, ...odd].map((m) => o.replace('X', m.replace('x', v)))),
  );
  // Left to the general path: e32 and DPP sources (modifiers fold into a constant there), upper case,
  // `--1` (an expression), s_waitcnt's floats and wrapped values, a buffer's soffset.
  const declined = (l: string) => /v_add_f32 |dpp|NEG|--|sext|waitcnt|buffer/.test(l);
  for (const target of ['gfx908', 'gfx600'] as Target[]) {
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= 200, `${target}: ${r.taken}`);
  }
});

test('VOP3 op_sel (gfx9 VOP3-only ops): the sources and the result bit, with clamp and omod: fast = general', () => {
  const ops = [
    'v_fma_f16 v1, v2, v3, v4',
    'v_med3_f16 v9, v8, -|v1|, |v242|',
    'v_mad_u16 v1, v2, v3, v4',
    'v_div_fixup_f16 v1, -v2, v3, 1.0',
    'v_max3_f16 v1, v2, s3, v4',
    'v_cvt_pknorm_i16_f16 v1, v2, v3',
    'v_alignbyte_b32 v1, v2, v3, v4',
    'v_fma_f32 v1, v2, v3, v4',
    'v_add_f16_e64 v1, v2, v3',
    'v_div_scale_f32 v1, vcc, v2, v3, v4',
  ];
  const sels = [
    ' op_sel:[0,1,1,0]',
    ' op_sel:[1,1,1,1]',
    ' op_sel:[0,0,0,1]',
    ' op_sel:[1]',
    ' op_sel:[0,0,1]',
    ' op_sel:[1,1,1,1,1]',
    ' op_sel:[0,0,0,0]',
    ' op_sel:[2,0]',
    ' op_sel: [1,0]',
    ' op_sel:[1,0] op_sel:[0,1]',
    ' clamp op_sel:[1,0,0,0]',
    ' mul:2 op_sel:[0,0,0,1] clamp',
    ' op_sel_hi:[1,0,0]',
    ', op_sel:[1,0,0,0]',
  ];
  const lines = ops.flatMap((o) => sels.map((s) => o + s));
  // Left to the general path: a repeated op_sel, a blank after the colon, the VOP1/VOP2/VOPC e64 and
  // VOP3B forms (no op_sel field: an error), op_sel_hi, a comma before it.
  const declined = (l: string) => /\] op_sel|op_sel: |_e64|div_scale|op_sel_hi|, op_sel/.test(l);
  for (const target of ['gfx908', 'gfx803'] as Target[]) {
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= (target === 'gfx908' ? 40 : 0), `${target}: ${r.taken}`);
  }
});

test('SDWA (VOP1/VOP2/VOPC _sdwa, gfx9): sources, sext/neg/abs, selects, dst_unused, clamp, omod, VOPC sdst: fast = general', () => {
  const ops = [
    'v_mov_b32_sdwa v1, X',
    'v_cvt_f32_f16_sdwa v1, X',
    'v_add_f32_sdwa v1, X, Y',
    'v_min_u16_sdwa v83, X, Y',
    'v_add_co_u32_sdwa v1, vcc, X, Y',
    'v_addc_co_u32_sdwa v1, vcc, X, Y, vcc',
    'v_cndmask_b32_sdwa v1, X, Y, vcc',
    'v_cmp_eq_f32_sdwa vcc, X, Y',
    'v_cmpx_nlg_f16_sdwa s[4:5], X, Y',
    'v_cmp_lt_i16_sdwa vcc, X, Y',
    'v_mac_f32_sdwa v1, X, Y',
    'v_cvt_f64_f32_sdwa v[0:1], X',
  ];
  const srcs = ['v2', 's3', 'vcc_lo', 'ttmp1', '-1', '65', '0.5', '0.15915494', '-v2', '-|s3|', 'sext(v2)'];
  const srcs2 = ['sext(-1)', 'neg(2)', '-sext(v2)', 'lds_direct', 'v[2:3]', 'vcc', 'src_scc', 'v256'];
  const tails = [
    '',
    ' clamp',
    ' mul:2',
    ' div:2 clamp',
    ' dst_sel:WORD_1',
    ' dst_sel:BYTE_0 dst_unused:UNUSED_PAD',
    ' dst_unused:UNUSED_SEXT src0_sel:BYTE_2',
    ' src1_sel:WORD_0',
    ' src0_sel:byte_3 src1_sel:dword',
    ' dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:BYTE_1',
    ' dst_sel:Word_1',
    ' dst_sel:WORD_1 dst_sel:BYTE_0',
    ' dst_sel:UNUSED_PAD',
    ', dst_sel:DWORD',
    ' dst_sel:5',
  ];
  const all = [...srcs, ...srcs2];
  const lines: string[] = [];
  for (const o of ops) {
    all.forEach((x, i) => {
      lines.push(o.replace('X', x).replace('Y', all[(i * 7 + 3) % all.length]) + tails[i % tails.length]);
      lines.push(o.replace('X', 'v4').replace('Y', x));
    });
    for (const tl of tails) lines.push(o.replace('X', 'v2').replace('Y', 's5') + tl);
  }
  // Left to the general path: a repeated or comma-separated modifier, mixed case, named registers past
  // vcc/exec/m0 halves, dst_unused on VOPC (llvm-mc ignores it there), and gfx8's SDWA.
  const declined = (l: string) =>
    /sel:[A-Z_0-9]+ dst_sel|, dst_sel|Word|src_scc|cmpx?_.*dst_unused/.test(l) || l.includes('gfx8');
  for (const target of ['gfx908', 'gfx803'] as Target[]) {
    const r = compareFast(lines, target, (l) => declined(l) || target === 'gfx803');
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= (target === 'gfx908' ? 150 : 0), `${target}: ${r.taken}`);
  }
});

test('v_swap_b32 and v_readfirstlane_b32 (e32): VGPR sources, VGPR / scalar results: fast = general on gfx9/gfx8/gfx6', () => {
  const xs = [
    'v0',
    'v255',
    'v256',
    's1',
    'vcc_lo',
    'm0',
    'exec_hi',
    'ttmp2',
    'v[2:3]',
    '1',
    '0.5',
    '-v1',
    'vcc',
    's102',
  ];
  const xs2 = ['lds_direct', 'flat_scratch_lo', 'xnack_mask_lo', 'tba_lo', 'src_scc'];
  const ops = [
    'v_swap_b32',
    'v_readfirstlane_b32',
    'v_swap_b32_e32',
    'v_readfirstlane_b32_e64',
    'v_swap_b32_dpp',
  ];
  const lines = ops.flatMap((op) => [...xs, ...xs2].flatMap((a) => xs.map((b) => `${op} ${a}, ${b}`)));
  lines.push(
    'v_swap_b32 v1, v2 clamp',
    'v_swap_b32 v1',
    'v_swap_b32 v1, v2, v3',
    'v_readfirstlane_b32 s1, v2 glc',
  );
  // Left to the general path: lds_direct, the named registers whose rules depend on the generation.
  const declined = (l: string) => /lds_direct|flat_scratch|xnack|tba|src_scc/.test(l);
  for (const target of ['gfx908', 'gfx803', 'gfx600'] as Target[]) {
    const r = compareFast(lines, target, declined);
    assert.deepEqual(r.bad, [], target);
    assert.deepEqual(r.missed, [], target);
    assert.ok(r.taken >= 8, `${target}: ${r.taken}`);
  }
});
