// Records what llvm-mc-22 makes of `.amdhsa_kernel` blocks into test/fixtures/amdhsa/<cpu>.json.gz: the 64
// descriptor bytes of each block it accepts, and every diagnostic (relative line:col and message) of each
// block it rejects. Blocks are random directive mixes plus targeted edges (ranges, SGPR/VGPR limits, user SGPR
// counts, kernarg preloading, accum_offset, every directive name on every target). Whether a block is valid
// is decided by llvm-mc, never by gcnkit.
// Usage: node --import tsx scripts/gen-amdhsa-fixtures.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { AMDHSA_DIRECTIVES } from '../src/asm/amdhsa-kernel.js';
import { ElfFile } from '../src/elf/reader.js';
import { SHT_RELA, SHT_SYMTAB, STT_OBJECT } from '../src/elf/types.js';
import { LLVM_MC } from './lib/llvm.js';

export interface AmdhsaConfig {
  cpu: string;
  cov: number;
  /** Passed as -mattr=+xnack / -xnack; absent means the target id default. */
  xnack?: 'on' | 'off';
  tgsplit?: boolean;
}

export interface AmdhsaCase {
  /** The block, `.amdhsa_kernel NAME` through `.end_amdhsa_kernel`. */
  lines: string[];
  /** The descriptor bytes (entry offset zero: llvm-mc leaves it to a relocation). */
  hex?: string;
  /** llvm-mc's diagnostics as `LINE:COL: error: MESSAGE`, LINE counted from the `.amdhsa_kernel` line (1). */
  diags?: string[];
}

export interface AmdhsaFixture {
  config: AmdhsaConfig;
  cases: AmdhsaCase[];
}

/** mulberry32: deterministic for a seed. */
export function makeRng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return (z ^ (z >>> 14)) >>> 0;
  };
}

interface Caps {
  gen: number;
  g90a: boolean;
  afs: boolean;
}

function caps(cpu: string): Caps {
  const gen = /^gfx6/.test(cpu) ? 6 : /^gfx7/.test(cpu) ? 7 : /^gfx8/.test(cpu) ? 8 : 9;
  const afs = ['gfx942', 'gfx950', 'gfx9-4-generic'].includes(cpu);
  return { gen, g90a: afs || cpu === 'gfx90a', afs };
}

/** Directives that set a bit field, with the field width, available on the target. */
function fieldDirectives(c: Caps): [string, number][] {
  const d: [string, number][] = [
    ['system_sgpr_workgroup_id_x', 1],
    ['system_sgpr_workgroup_id_y', 1],
    ['system_sgpr_workgroup_id_z', 1],
    ['system_sgpr_workgroup_info', 1],
    ['system_vgpr_workitem_id', 2],
    ['float_round_mode_32', 2],
    ['float_round_mode_16_64', 2],
    ['float_denorm_mode_32', 2],
    ['float_denorm_mode_16_64', 2],
    ['dx10_clamp', 1],
    ['ieee_mode', 1],
    ['uses_dynamic_stack', 1],
    ['exception_fp_ieee_invalid_op', 1],
    ['exception_fp_denorm_src', 1],
    ['exception_fp_ieee_div_zero', 1],
    ['exception_fp_ieee_overflow', 1],
    ['exception_fp_ieee_underflow', 1],
    ['exception_fp_ieee_inexact', 1],
    ['exception_int_div_zero', 1],
    ['reserve_vcc', 1],
  ];
  d.push([c.afs ? 'enable_private_segment' : 'system_sgpr_private_segment_wavefront_offset', 1]);
  if (c.gen >= 7 && !c.afs) d.push(['reserve_flat_scratch', 1]);
  if (c.gen >= 9) d.push(['fp16_overflow', 1]);
  if (c.g90a) d.push(['tg_split', 1]);
  return d;
}

function userSgprDirectives(c: Caps): [string, number][] {
  const u: [string, number][] = [];
  if (!c.afs) u.push(['user_sgpr_private_segment_buffer', 4]);
  u.push(
    ['user_sgpr_dispatch_ptr', 2],
    ['user_sgpr_queue_ptr', 2],
    ['user_sgpr_kernarg_segment_ptr', 2],
    ['user_sgpr_dispatch_id', 2],
  );
  if (!c.afs) u.push(['user_sgpr_flat_scratch_init', 2]);
  u.push(['user_sgpr_private_segment_size', 1]);
  return u;
}

const dir = (name: string, v: number | bigint | string): string => `  .amdhsa_${name} ${v}`;

/** A block from body lines; the first block line is `.amdhsa_kernel NAME`. */
const block = (name: string, body: string[]): string[] => [
  `.amdhsa_kernel ${name}`,
  ...body,
  '.end_amdhsa_kernel',
];

/** The directives every valid block needs. */
function required(c: Caps, vgpr = 8, sgpr = 8, accum = 4): string[] {
  const r = [dir('next_free_vgpr', vgpr), dir('next_free_sgpr', sgpr)];
  if (c.g90a) r.push(dir('accum_offset', accum));
  return r;
}

/**
 * A random block. Mostly within the limits llvm-mc enforces, but values are drawn near the edges too, so a
 * share of them are rejected; llvm-mc sorts them out.
 */
function randomBlock(name: string, c: Caps, rnd: () => number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[rnd() % xs.length];
  const chance = (n: number) => rnd() % n === 0;
  const body: string[] = [];
  const size = () => (chance(4) ? rnd() : chance(2) ? rnd() % 65536 : pick([0, 1, 4, 0xffffffff]));
  if (!chance(3)) body.push(dir('group_segment_fixed_size', size()));
  if (!chance(3)) body.push(dir('private_segment_fixed_size', size()));
  let users = 0;
  for (const [d, n] of userSgprDirectives(c)) {
    if (chance(2)) continue;
    const on = rnd() & 1;
    body.push(dir(d, on));
    users += on * n;
  }
  let kernarg = chance(3) ? 0 : rnd() % 4096;
  let preload = 0;
  if (c.g90a && chance(2)) {
    preload = chance(8) ? 0 : 1 + (rnd() % 16);
    const off = chance(3) ? 0 : rnd() % 512;
    body.push(dir('user_sgpr_kernarg_preload_length', preload));
    if (!chance(4)) body.push(dir('user_sgpr_kernarg_preload_offset', off));
    if (kernarg && !chance(6)) kernarg = Math.max(kernarg, 4 * (preload + off));
  }
  if (kernarg || chance(2)) body.push(dir('kernarg_size', kernarg));
  const total = users + preload;
  if (chance(2))
    body.push(dir('user_sgpr_count', chance(10) ? total - 1 : total + (rnd() % Math.max(1, 33 - total))));
  const maxV = c.g90a ? 512 : 256;
  const vgpr = chance(10) ? maxV + pick([0, 1, -1, 7, 8]) : rnd() % (maxV + 1);
  body.push(dir('next_free_vgpr', vgpr));
  if (c.g90a) {
    const cap = Math.max(4, Math.min(256, Math.ceil(Math.max(1, vgpr) / 4) * 4));
    body.push(dir('accum_offset', chance(12) ? pick([0, 2, 260, cap + 4]) : 4 * (1 + (rnd() % (cap / 4)))));
  }
  const sgpr = chance(3) ? 90 + (rnd() % 16) : rnd() % 106;
  body.push(dir('next_free_sgpr', sgpr));
  for (const [d, w] of fieldDirectives(c)) {
    if (chance(3)) continue;
    body.push(dir(d, chance(200) ? 2 ** w : rnd() % 2 ** w));
  }
  // Shuffle: llvm-mc accepts any order, and the order decides which of two errors comes first.
  for (let k = body.length - 1; k > 0; k--) {
    const j = rnd() % (k + 1);
    [body[k], body[j]] = [body[j], body[k]];
  }
  return block(name, body);
}

/** Hand-picked edges: each is a minimal block with one thing varied. */
function targetedBlocks(c: Caps, full: boolean): string[][] {
  const out: string[][] = [];
  const add = (body: string[]) => out.push(body);
  // Which directives each target knows (the answer does not depend on cov or xnack: once per processor).
  for (const name of full ? AMDHSA_DIRECTIVES : []) {
    if (name === '.amdhsa_next_free_vgpr' || name === '.amdhsa_next_free_sgpr') continue;
    if (name === '.amdhsa_accum_offset') continue;
    for (const v of [0, 1]) add([...required(c), `  ${name} ${v}`]);
  }
  add([...required(c), '  .amdhsa_not_a_directive 1']);
  add([...required(c), '  .AMDHSA_NEXT_FREE_VGPR 1']);
  add([dir('next_free_sgpr', 8), ...(c.g90a ? [dir('accum_offset', 4)] : [])]);
  add([dir('next_free_vgpr', 8), ...(c.g90a ? [dir('accum_offset', 4)] : [])]);
  add([dir('next_free_vgpr', 8), dir('next_free_sgpr', 8)]);
  add([]);
  add([...required(c), dir('next_free_vgpr', 9)]);
  add([dir('next_free_vgpr', 8), dir('kernarg_size', 4), dir('kernarg_size', 4), dir('next_free_sgpr', 8)]);
  if (full) {
    for (const [d, w] of fieldDirectives(c)) {
      for (const v of [2 ** w - 1, 2 ** w, -1]) add([...required(c), dir(d, v)]);
    }
    for (const d of ['group_segment_fixed_size', 'private_segment_fixed_size', 'kernarg_size']) {
      for (const v of ['0xffffffff', '0x100000000', '-1', '0xffffffffffffffff'])
        add([...required(c), dir(d, v)]);
    }
  }
  for (const v of [0, 1, 2]) add([...required(c), dir('reserve_xnack_mask', v)]);
  // SGPR limits, with the reserved VCC / FLAT_SCRATCH / XNACK SGPRs on and off.
  const sgprs = full
    ? [0, 1, 2, 7, 8, 9, 16, 17, 90, 91, 94, 95, 96, 97, 98, 100, 101, 102, 103, 104, 105]
    : [0, 9, 91, 96, 97, 100, 101, 102, 103, 105];
  sgprs.forEach((n, k) => {
    const vcc = k % 2;
    const fs = (k >> 1) % 2;
    const body = [dir('next_free_vgpr', 1), dir('next_free_sgpr', n), dir('reserve_vcc', vcc)];
    if (c.gen >= 7 && !c.afs) body.push(dir('reserve_flat_scratch', fs));
    if (c.g90a) body.push(dir('accum_offset', 4));
    add(body);
    add(
      c.g90a
        ? [dir('next_free_vgpr', 1), dir('next_free_sgpr', n), dir('accum_offset', 4)]
        : [dir('next_free_vgpr', 1), dir('next_free_sgpr', n)],
    );
  });
  // VGPR granules and limits; accum_offset against the allocation.
  const vgprs = full ? [0, 1, 4, 5, 8, 9, 255, 256, 257, 511, 512, 513, '0x7fffffffffffffff'] : [];
  for (const n of vgprs) {
    const body = [dir('next_free_vgpr', n), dir('next_free_sgpr', 1)];
    if (c.g90a) body.push(dir('accum_offset', typeof n === 'number' && n > 4 ? Math.min(256, n & ~3) : 4));
    add(body);
  }
  if (c.g90a) {
    for (const [v, a] of [
      [0, 4],
      [1, 8],
      [9, 12],
      [9, 16],
      [256, 256],
      [300, 260],
      [300, 0],
      [8, 6],
    ]) {
      add([dir('next_free_vgpr', v), dir('next_free_sgpr', 1), dir('accum_offset', a)]);
    }
  }
  // User SGPR counts: implied by the enabled SGPRs, given explicitly, too small, too large, truncated to 32 bits.
  const allUsers = userSgprDirectives(c).map(([d]) => dir(d, 1));
  const implied = userSgprDirectives(c).reduce((s, [, n]) => s + n, 0);
  add([...required(c), ...allUsers]);
  for (const v of [implied - 1, implied, 31, 32, '0x100000000', '0x100000001']) {
    add([...required(c), ...allUsers, dir('user_sgpr_count', v)]);
    add([...required(c), dir('user_sgpr_count', v)]);
  }
  // Kernarg preloading: its limits, its SGPRs, and its bound by the kernarg segment.
  if (c.g90a || full) {
    for (const [len, off, ka] of [
      [16, 0, 0],
      [17, 0, 0],
      [1, 511, 0],
      [1, 512, 0],
      [1, 1023, 0],
      [1, 1024, 0],
      [2, 3, 19],
      [2, 3, 20],
      [0, 3, 1],
      [9, 0, 36],
      [16, 10, 104],
    ]) {
      add([
        ...required(c, 8, 1),
        dir('user_sgpr_kernarg_preload_length', len),
        dir('user_sgpr_kernarg_preload_offset', off),
        dir('kernarg_size', ka),
      ]);
    }
    add([...required(c, 8, 1), dir('user_sgpr_kernarg_preload_length', 16), ...allUsers]);
    add([...required(c, 8, 1), dir('user_sgpr_kernarg_preload_length', 1), dir('user_sgpr_count', 9)]);
    add([
      ...required(c, 8, 4),
      dir('user_sgpr_kernarg_preload_length', 1),
      dir('user_sgpr_count', 8),
      dir('user_sgpr_dispatch_ptr', 1),
    ]);
  }
  // Order of checks: an SGPR limit before a VGPR limit before user SGPRs before accum_offset.
  add([dir('next_free_vgpr', 1000), dir('next_free_sgpr', 200), dir('user_sgpr_count', 40)]);
  add([dir('next_free_vgpr', 1000), dir('next_free_sgpr', 20), dir('user_sgpr_count', 40)]);
  add([dir('next_free_vgpr', 10), dir('next_free_sgpr', 20), dir('user_sgpr_count', 40)]);
  // Columns: tabs, extra blanks, comments after values and after `.end_amdhsa_kernel`.
  add([
    '\t.amdhsa_next_free_vgpr\t3 // c',
    '.amdhsa_next_free_sgpr    5 ; c',
    ...(c.g90a ? ['  .amdhsa_accum_offset 4'] : []),
  ]);
  add(['  .amdhsa_next_free_vgpr 3', '  .amdhsa_next_free_vgpr\t\t4 ; again']);
  add(['\t.amdhsa_float_round_mode_32   7', ...required(c)]);
  return out;
}

/** Blocks whose `.end_amdhsa_kernel` line carries trailing text. */
const END_VARIANTS = ['.end_amdhsa_kernel   ', '.end_amdhsa_kernel // done', '  .end_amdhsa_kernel\t; done'];

export interface GenOptions {
  random: number;
  /** Targeted edges: all of them (true) or the short list. */
  full: boolean;
  seed: number;
}

export function mattrOf(cfg: AmdhsaConfig): string[] {
  const m: string[] = [];
  if (cfg.xnack) m.push(cfg.xnack === 'on' ? '+xnack' : '-xnack');
  if (cfg.tgsplit) m.push('+tgsplit');
  return m.length ? [`-mattr=${m.join(',')}`] : [];
}

interface McRun {
  stderr: string;
  obj: Uint8Array | null;
}

function runMc(cfg: AmdhsaConfig, src: string): McRun {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-amdhsa-'));
  try {
    const s = join(dir, 'k.s');
    const o = join(dir, 'k.o');
    writeFileSync(s, src);
    const r = spawnSync(
      LLVM_MC,
      ['-triple=amdgcn-amd-amdhsa', `-mcpu=${cfg.cpu}`, ...mattrOf(cfg), '-filetype=obj', s, '-o', o],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    if (r.error) throw r.error;
    return { stderr: r.stderr, obj: r.status === 0 ? new Uint8Array(readFileSync(o)) : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The source for a list of blocks: a label per kernel in .text, the blocks in .rodata. Returns block start lines. */
function sourceOf(cfg: AmdhsaConfig, blocks: string[][]): { src: string; starts: number[] } {
  const out = [`.amdhsa_code_object_version ${cfg.cov}`, '.text'];
  for (let k = 0; k < blocks.length; k++) out.push(`k${k}:`, '  s_endpgm');
  out.push('.rodata');
  const starts: number[] = [];
  for (const b of blocks) {
    out.push('.p2align 6');
    starts.push(out.length + 1);
    out.push(...b);
  }
  return { src: out.join('\n') + '\n', starts };
}

/** Assembles the blocks with llvm-mc-22 and returns each one's bytes or diagnostics. */
export function assembleBlocks(cfg: AmdhsaConfig, blocks: string[][]): AmdhsaCase[] {
  const named = blocks.map((b, k) => [`.amdhsa_kernel k${k}`, ...b.slice(1)]);
  const probe = sourceOf(cfg, named);
  const run = runMc(cfg, probe.src);
  const diags: string[][] = named.map(() => []);
  for (const m of run.stderr.matchAll(/^[^\n]*k\.s:(\d+):(\d+): (error|warning): ([^\n]*)$/gm)) {
    const line = Number(m[1]);
    let k = probe.starts.length - 1;
    while (k >= 0 && probe.starts[k] > line) k--;
    if (k < 0 || line >= probe.starts[k] + named[k].length)
      throw new Error(`diagnostic outside blocks: ${m[0]}`);
    diags[k].push(`${line - probe.starts[k] + 1}:${m[2]}: ${m[3]}: ${m[4]}`);
  }
  if (!run.obj && diags.every((d) => d.length === 0)) throw new Error(`llvm-mc failed: ${run.stderr}`);
  const good = named.map((_, k) => k).filter((k) => diags[k].length === 0);
  const hex = new Map<number, string>();
  if (good.length) {
    const ok = sourceOf(
      cfg,
      good.map((k) => named[k]),
    );
    const r = run.obj && good.length === named.length ? run : runMc(cfg, ok.src);
    if (!r.obj || r.stderr.trim() !== '') throw new Error(`valid blocks rejected: ${r.stderr}`);
    const elf = ElfFile.parse(r.obj, 'k.o');
    const symtab = elf.sectionOfType(SHT_SYMTAB);
    if (!symtab) throw new Error('no symbol table');
    const relocated = new Set<string>();
    for (const sec of elf.sections) {
      if (sec.type !== SHT_RELA) continue;
      // Entry offsets are relocated: record which section offsets carry one.
      for (const r of elf.relocations(sec)) relocated.add(`${sec.info}:${r.offset}`);
    }
    for (const sym of elf.symbols(symtab)) {
      if (sym.type !== STT_OBJECT || !sym.name.endsWith('.kd')) continue;
      const k = Number(sym.name.slice(1, -3));
      const at = Number(sym.value);
      if (!relocated.has(`${sym.section}:${at + 16}`))
        throw new Error(`${sym.name}: entry offset not relocated`);
      hex.set(k, Buffer.from(elf.contents(elf.sections[sym.section]).slice(at, at + 64)).toString('hex'));
    }
  }
  return blocks.map((_, k) => {
    if (diags[k].length) return { lines: named[k], diags: diags[k] };
    const h = hex.get(k);
    if (h === undefined) throw new Error(`k${k}.kd missing`);
    return { lines: named[k], hex: h };
  });
}

/** Random and targeted blocks for one configuration, assembled. */
export function generateAmdhsaCases(cfg: AmdhsaConfig, opts: GenOptions): AmdhsaCase[] {
  const c = caps(cfg.cpu);
  const rnd = makeRng(opts.seed);
  const blocks: string[][] = [];
  for (let k = 0; k < opts.random; k++) blocks.push(randomBlock('k', c, rnd));
  for (const body of targetedBlocks(c, opts.full)) blocks.push(block('k', body));
  // Some blocks end with trailing blanks or a comment, which moves the column of end-of-block errors.
  blocks.forEach((b, k) => {
    if (k % 5 === 4) b[b.length - 1] = END_VARIANTS[((k / 5) % END_VARIANTS.length) | 0];
  });
  return assembleBlocks(cfg, blocks);
}

/** The configurations recorded: the six main targets in every cov and xnack mode, a few others once. */
export function fixtureConfigs(): AmdhsaConfig[] {
  const cfgs: AmdhsaConfig[] = [];
  const main = ['gfx803', 'gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942'];
  for (const cpu of main) {
    for (const cov of [4, 5, 6]) {
      const modes: (undefined | 'on' | 'off')[] = cpu === 'gfx803' ? [undefined] : [undefined, 'on', 'off'];
      modes.forEach((xnack, k) => {
        const g90a = cpu === 'gfx90a' || cpu === 'gfx942';
        cfgs.push({
          cpu,
          cov,
          ...(xnack ? { xnack } : {}),
          ...(g90a && (k + cov) % 2 ? { tgsplit: true } : {}),
        });
      });
    }
  }
  for (const cpu of ['gfx600', 'gfx700', 'gfx801', 'gfx802', 'gfx810', 'gfx90c', 'gfx950'])
    cfgs.push({ cpu, cov: 5 });
  cfgs.push({ cpu: 'gfx9-generic', cov: 6 }, { cpu: 'gfx9-4-generic', cov: 6, tgsplit: true });
  return cfgs;
}

function main(): void {
  const outDir = fileURLToPath(new URL('../test/fixtures/amdhsa/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  const byCpu = new Map<string, AmdhsaFixture[]>();
  let valid = 0;
  let invalid = 0;
  fixtureConfigs().forEach((config, k) => {
    // The full edge list once per processor (cov 5, default xnack); the short list elsewhere.
    const full = config.cov === 5 && config.xnack === undefined;
    const cases = generateAmdhsaCases(config, { random: full ? 48 : 16, full, seed: 0xa45a + k * 97 });
    const v = cases.filter((x) => x.hex).length;
    valid += v;
    invalid += cases.length - v;
    console.log(`${JSON.stringify(config)}: ${v} valid, ${cases.length - v} rejected`);
    const list = byCpu.get(config.cpu) ?? [];
    list.push({ config, cases });
    byCpu.set(config.cpu, list);
  });
  for (const [cpu, fx] of byCpu) {
    writeFileSync(join(outDir, `${cpu}.json.gz`), gzipSync(JSON.stringify(fx) + '\n', { level: 9 }));
  }
  console.log(`${valid} valid blocks, ${invalid} rejected blocks`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
