// Records llvm-objdump-22's rendering of kernel descriptors into test/fixtures/kd/<target>-cov<N>.json.
// Two kinds of descriptor per target and code object version: ones llvm-mc-22 builds from `.amdhsa_kernel`
// blocks with varied directive values, and raw 64-byte blobs with random bits (reserved ones included, at a
// low rate) so objdump's handling of arbitrary descriptors is recorded too.
// Usage: node --import tsx scripts/gen-kd-fixtures.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ElfFile } from '../src/elf/reader.js';
import { SHT_SYMTAB, STT_OBJECT } from '../src/elf/types.js';
import { findProcessor, GENERATIONS } from '../src/isa/processors.js';
import { LLVM_MC, LLVM_OBJDUMP } from './lib/llvm.js';

// New targets go at the end: each target's random seed is its index, so the others' fixtures stay as they are.
export const KD_TARGETS = [
  'gfx803',
  'gfx900',
  'gfx906',
  'gfx908',
  'gfx90a',
  'gfx942',
  'gfx801',
  'gfx802',
  'gfx805',
  'gfx810',
] as const;
export const KD_COVS = [4, 5, 6] as const;

export interface KdCase {
  /** Kernel name (the symbol is NAME.kd). */
  name: string;
  /** The 64 descriptor bytes. */
  hex: string;
  /** What llvm-objdump-22 prints under `<NAME.kd>:`, each line newline-terminated. */
  text: string;
  /** The first 64 bytes of the descriptor's section, when the descriptor does not start it (see kdDirectives). */
  head?: string;
}

export interface KdFixture {
  target: string;
  cov: number;
  cases: KdCase[];
}

/** mulberry32: deterministic for a seed, uniform 32-bit outputs. */
function makeRng(seed: number): () => number {
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

/** The layout facts of the processor's record (src/isa/processors.ts). */
function caps(target: string): Caps {
  const p = findProcessor(target);
  if (p === undefined) throw new Error(`no processor record for ${target}`);
  return {
    gen: GENERATIONS.indexOf(p.generation) + 6,
    g90a: p.features.has('gfx90a-insts'),
    afs: p.features.has('architected-flat-scratch'),
  };
}

/**
 * Directive name (without `.amdhsa_`), its default, and the values worth trying. `.amdhsa_reserve_xnack_mask`
 * is left out: llvm-mc only accepts the value the target id implies.
 */
type Directive = [string, number, number[]];

function directiveList(c: Caps, cov: number): Directive[] {
  const bit: number[] = [0, 1];
  const two: number[] = [0, 1, 2, 3];
  const d: Directive[] = [];
  if (c.afs) d.push(['enable_private_segment', 0, bit]);
  else d.push(['system_sgpr_private_segment_wavefront_offset', 0, bit]);
  d.push(
    ['system_sgpr_workgroup_id_x', 1, bit],
    ['system_sgpr_workgroup_id_y', 0, bit],
    ['system_sgpr_workgroup_id_z', 0, bit],
    ['system_sgpr_workgroup_info', 0, bit],
    ['system_vgpr_workitem_id', 0, two],
    ['reserve_vcc', 1, bit],
  );
  if (!c.afs) d.push(['reserve_flat_scratch', 1, bit]);
  d.push(
    ['float_round_mode_32', 0, two],
    ['float_round_mode_16_64', 0, two],
    ['float_denorm_mode_32', 0, two],
    ['float_denorm_mode_16_64', 3, two],
    ['dx10_clamp', 1, bit],
    ['ieee_mode', 1, bit],
  );
  if (c.gen >= 9) d.push(['fp16_overflow', 0, bit]);
  if (c.g90a) d.push(['tg_split', 0, bit]);
  for (const e of ['ieee_invalid_op', 'denorm_src', 'ieee_div_zero', 'ieee_overflow', 'ieee_underflow']) {
    d.push([`exception_fp_${e}`, 0, bit]);
  }
  d.push(['exception_fp_ieee_inexact', 0, bit], ['exception_int_div_zero', 0, bit]);
  if (cov >= 5) d.push(['uses_dynamic_stack', 0, bit]);
  return d;
}

/** User SGPR directives and how many SGPRs each takes. */
function userSgprs(c: Caps): [string, number][] {
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

/**
 * One `.amdhsa_kernel` block. Kernel 0 sets every directive to a value other than its default, so each
 * field is exercised at least once per target; later ones pick at random and sometimes omit a directive.
 */
function kernelBlock(name: string, c: Caps, cov: number, rnd: () => number, first: boolean): string {
  const pick = <T>(xs: readonly T[]): T => xs[rnd() % xs.length];
  const out: string[] = [`.amdhsa_kernel ${name}`];
  const set = (dir: string, v: number | string) => out.push(`  .amdhsa_${dir} ${v}`);
  const size = () => (rnd() % 4 === 0 ? rnd() : rnd() % 65537);
  set('group_segment_fixed_size', first ? 1 + (rnd() % 65536) : size());
  set('private_segment_fixed_size', first ? 1 + (rnd() % 65536) : size());
  let kernarg = first ? 1 + (rnd() % 4096) : size();
  let users = 0;
  for (const [dir, n] of userSgprs(c)) {
    const on = first ? 1 : rnd() & 1;
    if (users + n <= 16 && (on || rnd() % 2)) {
      set(dir, on);
      users += on * n;
    }
  }
  if (c.g90a && (first || rnd() % 2) && users < 16) {
    const len = 1 + (rnd() % (16 - users));
    const off = first ? 1 + (rnd() % 64) : rnd() % 512;
    set('user_sgpr_kernarg_preload_length', len);
    set('user_sgpr_kernarg_preload_offset', off);
    users += len;
    // llvm-mc requires the preloaded dwords to lie inside the kernarg segment.
    kernarg = Math.max(kernarg, 4 * (len + off));
  }
  set('kernarg_size', kernarg);
  if (first || rnd() % 2) set('user_sgpr_count', users + (rnd() % (17 - users)));
  const maxVgpr = c.g90a ? 512 : 256;
  const vgprs = first ? 5 + (rnd() % (maxVgpr - 4)) : rnd() % (maxVgpr + 1);
  set('next_free_vgpr', vgprs);
  if (c.g90a) set('accum_offset', 4 * (1 + (rnd() % Math.max(1, Math.min(64, Math.floor(vgprs / 4))))));
  set('next_free_sgpr', first ? 1 + (rnd() % 90) : rnd() % 91);
  for (const [dir, def, values] of directiveList(c, cov)) {
    if (first) set(dir, pick(values.filter((v) => v !== def)));
    else if (rnd() % 4 !== 0) set(dir, pick(values));
  }
  out.push('.end_amdhsa_kernel');
  return out.join('\n');
}

/** Bits of each register objdump checks as reserved on this target: (low bit, width) pairs. */
function reservedFields(c: Caps): Record<'rsrc1' | 'rsrc2' | 'rsrc3' | 'props', [number, number][]> {
  return {
    rsrc1: [
      [10, 2],
      [20, 1],
      [22, 1],
      [24, 1],
      [25, 1],
      ...(c.gen < 9 ? [[26, 1] as [number, number]] : []),
      [27, 1],
      [28, 1],
      [29, 3],
    ],
    rsrc2: [
      [13, 1],
      [14, 1],
      [15, 9],
      [31, 1],
    ],
    rsrc3: c.g90a
      ? [
          [6, 10],
          [17, 15],
        ]
      : [[0, 32]],
    props: [
      [7, 3],
      [10, 1],
      [12, 4],
    ],
  };
}

const mask = (lo: number, width: number): number =>
  width === 32 ? 0xffffffff : ((2 ** width - 1) * 2 ** lo) >>> 0;

/** A random descriptor: free bits uniform, each reserved field or byte range set with probability ~1/25. */
function randomKd(c: Caps, rnd: () => number): Uint8Array {
  const b = new Uint8Array(64);
  const dv = new DataView(b.buffer);
  const rare = () => rnd() % 25 === 0;
  const res = reservedFields(c);
  const word = (fields: [number, number][], bits: number): number => {
    let w = rnd() & (bits === 32 ? 0xffffffff : 0xffff);
    for (const [lo, width] of fields) {
      w &= ~mask(lo, width);
      // Nonzero inside the field: one random bit of it, or all of it.
      if (rare()) w |= rnd() & 1 ? mask(lo, width) : mask(lo + (rnd() % width), 1);
    }
    return w >>> 0;
  };
  const small = () => (rnd() & 1 ? rnd() : rnd() % 65536);
  dv.setUint32(0, small(), true);
  dv.setUint32(4, small(), true);
  dv.setUint32(8, small(), true);
  dv.setUint32(16, rnd(), true);
  dv.setUint32(20, rnd() & 1 ? 0xffffffff : rnd() & 0xff, true);
  for (const [at, n] of [
    [12, 4],
    [24, 20],
    [60, 4],
  ]) {
    if (rare()) b[at + (rnd() % n)] = 1 + (rnd() % 255);
  }
  dv.setUint32(44, word(res.rsrc3, 32), true);
  dv.setUint32(48, word(res.rsrc1, 32), true);
  dv.setUint32(52, word(res.rsrc2, 32), true);
  dv.setUint16(56, word(res.props, 16), true);
  dv.setUint16(58, rnd() % 3 === 0 ? 0 : rnd() & 0xffff, true);
  return b;
}

const hexOf = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Splits `llvm-objdump -D` output into the text under each `<SYMBOL>:` label. */
export function splitObjdump(dump: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = dump.split(/^[0-9a-f]{16} <([^>]+)>:\n/m);
  for (let k = 1; k + 1 < parts.length; k += 2) {
    const body = parts[k + 1];
    const end = body.indexOf('\n\n');
    out.set(parts[k], end < 0 ? body : body.slice(0, end + 1));
  }
  return out;
}

export interface GenOptions {
  directiveKernels: number;
  randomKernels: number;
  seed: number;
}

/** Assembles one object for (target, cov) and returns each descriptor with objdump's text for it. */
export function generateKdCases(target: string, cov: number, opts: GenOptions): KdCase[] {
  const c = caps(target);
  const rnd = makeRng(opts.seed);
  const src: string[] = [
    `.amdhsa_code_object_version ${cov}`,
    `.amdgcn_target "amdgcn-amd-amdhsa--${target}"`,
  ];
  const names: string[] = [];
  for (let i = 0; i < opts.directiveKernels; i++) {
    const n = `k${i}`;
    names.push(n);
    src.push('.text', '.p2align 8', `.type ${n},@function`, `${n}:`, '  s_endpgm');
    src.push('.rodata', '.p2align 6', kernelBlock(n, c, cov, rnd, i === 0));
  }
  for (let i = 0; i < opts.randomKernels; i++) {
    const n = `r${i}`;
    names.push(n);
    const b = randomKd(c, rnd);
    // Most start a section of their own, so objdump's dump of a rejected descriptor shows its own bytes;
    // every fourth shares .rodata with the others, to record the dump of the section's head instead.
    src.push(i % 4 === 3 ? '.rodata' : `.section .rodata.${n},"a"`);
    src.push('.p2align 6', `.type ${n}.kd,@object`, `.size ${n}.kd, 64`, `${n}.kd:`);
    src.push(`.byte ${Array.from(b, (x) => '0x' + x.toString(16)).join(',')}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-kd-'));
  try {
    const s = join(dir, 'kd.s');
    const o = join(dir, 'kd.o');
    writeFileSync(s, src.join('\n') + '\n');
    // Reject silently-dropped directives: any diagnostic fails the run.
    const mc = spawnSync(
      LLVM_MC,
      ['-triple=amdgcn-amd-amdhsa', `-mcpu=${target}`, '-mattr=+tgsplit', '-filetype=obj', s, '-o', o],
      { encoding: 'utf8' },
    );
    if (mc.status !== 0 || mc.stderr.trim() !== '') throw new Error(`llvm-mc ${target}: ${mc.stderr}`);
    const elf = ElfFile.parse(new Uint8Array(readFileSync(o)), o);
    const symtab = elf.sectionOfType(SHT_SYMTAB);
    if (!symtab) throw new Error('no symbol table');
    const bytes = new Map<string, { kd: Uint8Array; head: Uint8Array }>();
    for (const sym of elf.symbols(symtab)) {
      if (sym.type !== STT_OBJECT || !sym.name.endsWith('.kd')) continue;
      const at = Number(sym.value);
      const sec = elf.contents(elf.sections[sym.section]);
      bytes.set(sym.name.slice(0, -3), { kd: sec.slice(at, at + 64), head: sec.slice(0, 64) });
    }
    const dump = execFileSync(
      LLVM_OBJDUMP,
      ['-D', `--disassemble-symbols=${names.map((n) => n + '.kd').join(',')}`, o],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    const texts = splitObjdump(dump);
    return names.map((name) => {
      const b = bytes.get(name);
      const text = texts.get(name + '.kd');
      if (!b || text === undefined) throw new Error(`${target} cov${cov}: ${name}.kd missing`);
      const hex = hexOf(b.kd);
      const head = hexOf(b.head);
      return head === hex ? { name, hex, text } : { name, hex, text, head };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const outDir = fileURLToPath(new URL('../test/fixtures/kd/', import.meta.url));
  mkdirSync(outDir, { recursive: true });
  let total = 0;
  KD_TARGETS.forEach((target, ti) => {
    KD_COVS.forEach((cov) => {
      const cases = generateKdCases(target, cov, {
        directiveKernels: 10,
        randomKernels: 20,
        seed: 0x4b44 + ti * 16 + cov,
      });
      const fx: KdFixture = { target, cov, cases };
      writeFileSync(join(outDir, `${target}-cov${cov}.json`), JSON.stringify(fx) + '\n');
      const errs = cases.filter((k) => k.text.startsWith('; error')).length;
      console.log(`${target} cov${cov}: ${cases.length} descriptors (${errs} rejected by objdump)`);
      total += cases.length;
    });
  });
  console.log(`${total} descriptors`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
