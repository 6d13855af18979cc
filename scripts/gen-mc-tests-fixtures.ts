// Tier 5b: turns LLVM's own MC tests (../shared/llvm-mc-tests/AMDGPU/*.s and Disassembler/AMDGPU/*.txt)
// into fixtures test/fixtures/mc-tests/<file>.<mcpu>.json for the targets gcnkit has.
// For each file: the RUN lines say which processors and FileCheck prefixes apply; every instruction line
// (.s) is assembled by llvm-mc-22 for each of our targets (rejected lines are kept, the assembler needs
// them), every hex line (.txt) is taken as is, and the bytes are disassembled by llvm-objdump-22: its text
// is what gcnkit's disassembler must print. The CHECK lines LLVM wrote for the case (canonical text,
// encoding, error) are recorded too, for the future assembler.
// Run: npx tsx scripts/gen-mc-tests-fixtures.ts [--all-targets] [file ...]   (file as e.g. gfx9_asm_ds.s)
// --all-targets also writes gfx906 and gfx908 fixtures for the tests written for gfx900 only.
// GCNKIT_MC_TESTS=DIR reads the tests from elsewhere than ../shared/llvm-mc-tests.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Target } from '../src/isa/targets.js';
import { assembleLines, type ObjdumpLine, objdumpSlots, toHex } from './lib/llvm.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MC_TESTS_DIR = process.env.GCNKIT_MC_TESTS ?? join(root, '..', 'shared', 'llvm-mc-tests');
export const FIXTURE_DIR = join(root, 'test', 'fixtures', 'mc-tests');
/** The test folders read, relative to MC_TESTS_DIR, with the kind of input each holds. */
export const SOURCES: { dir: string; ext: '.s' | '.txt' }[] = [
  { dir: 'AMDGPU', ext: '.s' },
  { dir: 'Disassembler/AMDGPU', ext: '.txt' },
];

/** What LLVM's test says about one input, merged over the check prefixes that apply to a target. */
export interface Expect {
  /** Canonical text llvm-mc prints (the part before `; encoding:`). */
  asm?: string;
  /** Encoding as dwords in the fixture hex form (`d82a0000 00000201`); raw bytes if not whole dwords. */
  enc?: string;
  err?: string;
  warn?: string;
}

/** Extra facts about a case, only when present. */
export interface CaseExtra {
  /** A trailer llvm-objdump printed after the hex (e.g. `; Warning: ...`, `<.text+0x14>`). */
  comment?: string;
  /** When `text` is null: everything llvm-objdump printed for the words, as [text, size in dwords]. */
  dump?: [string, number][];
}

/** [source line number (1-based), source text, hex dwords, llvm-objdump text or null, LLVM's CHECK, extra] */
export type McCase = [number, string, string, string | null, Expect | null, CaseExtra?];
/** [source line number, source text, llvm-mc's error, LLVM's CHECK] */
export type McRejected = [number, string, string, Expect | null];

export interface McFixture {
  generatedBy: string;
  /** Path under llvm/test/MC/ (and under ../shared/llvm-mc-tests/). */
  source: string;
  mcpu: Target;
  /** The RUN lines whose processor maps to mcpu (their check prefixes were used for the CHECKs). */
  runs: string[];
  prefixes: string[];
  /** Set when no RUN line is for gfx9 and the checks come from a nearby processor's RUN line. */
  checkFrom?: string;
  /** Final inputs dropped because the copied file was cut before their CHECK line. */
  truncated: number;
  cases: McCase[];
  rejected: McRejected[];
}

// ---------------------------------------------------------------------------------------------------
// RUN lines

interface Run {
  line: string;
  /** Processor the RUN line selects (gfx900, tonga, ...), or '' for llvm-mc's default. */
  cpu: string;
  prefixes: string[];
}

function parseRuns(lines: string[]): Run[] {
  const runs: Run[] = [];
  for (const l of lines) {
    const m = /^\s*(?:\/\/|#|;)\s*RUN:\s*(.*)$/.exec(l);
    if (!m) continue;
    const line = m[1].trim();
    const cmd = line.split('|')[0];
    let cpu = /-mcpu=([\w-]+)/.exec(cmd)?.[1] ?? '';
    // `-triple=amdgpu9.00` spells gfx900 (major version, then minor and stepping digits).
    const tri = /-triple=amdgpu(\d+)\.(\w+)/.exec(cmd);
    if (!cpu && tri) cpu = `gfx${tri[1]}${tri[2]}`;
    // Prefixes belong to the last FileCheck of the pipeline.
    const fc = line.slice(line.lastIndexOf('FileCheck'));
    const prefixes: string[] = [];
    for (const p of fc.matchAll(/--?check-prefix(?:es)?[= ]([\w,-]+)/g)) prefixes.push(...p[1].split(','));
    runs.push({ line, cpu, prefixes: prefixes.length ? prefixes : ['CHECK'] });
  }
  return runs;
}

/** Which of our targets a processor's RUN line stands for (the closest one that has the same features). */
export function ourTarget(cpu: string): Target | null {
  switch (cpu) {
    case 'gfx900':
    case 'gfx901':
    case 'gfx902':
    case 'gfx909':
    case 'gfx90c':
      return 'gfx900';
    // gfx904 differs from gfx900 by the FMA mix instructions, which gfx906 has too.
    case 'gfx904':
    case 'gfx906':
      return 'gfx906';
    case 'gfx908':
      return 'gfx908';
    default:
      return null;
  }
}

const GFX8 = /^(tonga|fiji|iceland|carrizo|stoney|polaris\d+|gfx80\d|gfx810)$/;

interface TargetRuns {
  mcpu: Target;
  runs: string[];
  prefixes: string[];
  checkFrom?: string;
}

/** The targets a test file applies to, with the RUN lines and check prefixes of each. */
export function targetsOf(runs: Run[], allTargets = false): TargetRuns[] {
  const by = new Map<Target, TargetRuns>();
  const add = (t: Target, r: Run, checkFrom?: string) => {
    const e = by.get(t) ?? { mcpu: t, runs: [], prefixes: [], checkFrom };
    e.runs.push(r.line);
    for (const p of r.prefixes) if (!e.prefixes.includes(p)) e.prefixes.push(p);
    by.set(t, e);
  };
  for (const r of runs) {
    const t = ourTarget(r.cpu);
    if (t) add(t, r);
  }
  // A file with no gfx9 RUN line but a gfx8 one (sopp-err.s) still says much about gfx9 syntax:
  // take it for gfx900, marked, since the expectations were written for the older processor.
  if (by.size === 0) for (const r of runs) if (GFX8.test(r.cpu)) add('gfx900', r, r.cpu);
  // Optionally, a test written for gfx900 is also run for the later targets (their ISA is a superset,
  // give or take a few instructions; llvm-mc and llvm-objdump for that target still decide the cases).
  const base = by.get('gfx900');
  if (allTargets && base) {
    for (const t of ['gfx906', 'gfx908'] as const) {
      if (!by.has(t)) by.set(t, { ...base, mcpu: t, checkFrom: base.checkFrom ?? 'gfx900' });
    }
  }
  return [...by.values()].sort((a, b) => a.mcpu.localeCompare(b.mcpu));
}

// ---------------------------------------------------------------------------------------------------
// Inputs and CHECK lines

interface Input {
  /** 0-based line index. */
  idx: number;
  src: string;
}

interface Check {
  idx: number;
  prefix: string;
  /** FileCheck directive suffix: '' for a plain check, else NEXT, SAME, NOT, DAG, LABEL, EMPTY... */
  directive: string;
  text: string;
  /** Index into the inputs of the case the check is about, or -1. */
  input: number;
}

const COMMENT = /^\s*(?:\/\/|#|;)/;
const CHECK_LINE =
  /^\s*(?:\/\/|#|;)\s*([A-Za-z0-9_-]+?)(?:-(NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+))?:(.*)$/;
const HEX_LINE = /^\s*0x[0-9a-fA-F]{1,2}(?:[\s,]+0x[0-9a-fA-F]{1,2})*\s*$/;

/**
 * Finds the inputs and the CHECK lines of a test and ties each check to its input: explicitly through
 * `[[@LINE+N]]`, else within its paragraph (lines between blank lines): a paragraph that starts with a
 * check has its checks before their input (dl-insts.s, vop_sdwa.s), otherwise after.
 */
export function parseTest(text: string, ext: '.s' | '.txt', allPrefixes: Set<string>) {
  const lines = text.split('\n');
  const inputs: Input[] = [];
  const inputAt = new Map<number, number>();
  const checks: Check[] = [];
  lines.forEach((l, idx) => {
    const t = l.trim();
    if (t === '') return;
    if (COMMENT.test(l)) {
      const m = CHECK_LINE.exec(l);
      if (m && allPrefixes.has(m[1]))
        checks.push({ idx, prefix: m[1], directive: m[2] ?? '', text: m[3], input: -1 });
      return;
    }
    if (ext === '.txt' && !HEX_LINE.test(l)) return;
    inputAt.set(idx, inputs.length);
    inputs.push({ idx, src: t });
  });
  // Paragraphs: the input and check line indices of each run of non-blank lines.
  const para = new Int32Array(lines.length);
  let p = 0;
  lines.forEach((l, idx) => {
    if (l.trim() === '') p++;
    para[idx] = p;
  });
  const inputsOfPara = new Map<number, number[]>();
  inputs.forEach((inp, k) => {
    const a = inputsOfPara.get(para[inp.idx]) ?? [];
    a.push(k);
    inputsOfPara.set(para[inp.idx], a);
  });
  const firstCheckOfPara = new Map<number, number>();
  for (const c of checks) if (!firstCheckOfPara.has(para[c.idx])) firstCheckOfPara.set(para[c.idx], c.idx);
  for (const c of checks) {
    const rel = /\[\[@LINE([+-]\d+)?\]\]/.exec(c.text);
    if (rel) {
      const k = inputAt.get(c.idx + Number(rel[1] ?? 0));
      if (k !== undefined) {
        c.input = k;
        continue;
      }
    }
    const ks = inputsOfPara.get(para[c.idx]);
    if (!ks) continue;
    const before = firstCheckOfPara.get(para[c.idx])! < inputs[ks[0]].idx;
    const next = ks.find((k) => inputs[k].idx > c.idx);
    const prev = ks.findLast((k) => inputs[k].idx < c.idx);
    c.input = (before ? (next ?? prev) : (prev ?? next)) ?? -1;
  }
  // The copied files may be cut after an input and before its CHECK line: drop such a final input.
  let truncated = 0;
  if (inputs.length && !checks.some((c) => c.input === inputs.length - 1)) {
    inputs.pop();
    truncated = 1;
  }
  return { inputs, checks, truncated };
}

function bytesToHex(bytes: number[]): string {
  if (bytes.length % 4 !== 0) return bytes.map((b) => b.toString(16).padStart(2, '0')).join(',');
  const words: number[] = [];
  for (let k = 0; k < bytes.length; k += 4) {
    words.push((bytes[k] | (bytes[k + 1] << 8) | (bytes[k + 2] << 16) | (bytes[k + 3] << 24)) >>> 0);
  }
  return toHex(words);
}

function parseBytes(list: string): number[] {
  return list
    .split(/[\s,]+/)
    .filter((b) => b !== '')
    .map((b) => Number.parseInt(b, 16));
}

/** Merges the plain checks of one input into what LLVM expects. */
function expectOf(checks: Check[]): Expect | null {
  const e: Expect = {};
  for (const c of checks) {
    if (c.directive === 'NOT') continue;
    const t = c.text.trim();
    const diag = /\b(error|warning):\s*(.*)$/.exec(t);
    if (diag) {
      if (diag[1] === 'error') e.err ??= diag[2];
      else e.warn ??= diag[2];
      continue;
    }
    const enc = /encoding:\s*\[([^\]]*)\]/.exec(t) ?? /^\[(0x[^\]]*)\]$/.exec(t);
    if (enc && !/[^0-9a-fA-Fx,\s]/.test(enc[1])) e.enc ??= bytesToHex(parseBytes(enc[1]));
    const asm = t.replace(/\s*;?\s*encoding:.*$/, '').replace(/^\[0x[^\]]*\]$/, '');
    if (asm !== '') e.asm ??= asm;
  }
  return Object.keys(e).length ? e : null;
}

function dumpOf(ls: ObjdumpLine[]): [string, number][] {
  return ls.map((l) => [l.text, l.size]);
}

/** Builds the fixtures of one test file (path relative to MC_TESTS_DIR), one per target it applies to. */
export function extractFixtures(
  rel: string,
  allTargets = false,
): { fixtures: McFixture[]; skipped?: string } {
  const ext = rel.endsWith('.txt') ? '.txt' : '.s';
  const text = readFileSync(join(MC_TESTS_DIR, rel), 'utf8');
  const runs = parseRuns(text.split('\n'));
  const targets = targetsOf(runs, allTargets);
  if (targets.length === 0)
    return { fixtures: [], skipped: `no gfx9 RUN line (${runs.map((r) => r.cpu || 'default').join(', ')})` };
  const allPrefixes = new Set(runs.flatMap((r) => r.prefixes));
  const { inputs, checks, truncated } = parseTest(text, ext, allPrefixes);
  const fixtures: McFixture[] = [];
  for (const t of targets) {
    const mine = new Set(t.prefixes);
    const checksOf: Check[][] = inputs.map(() => []);
    for (const c of checks) if (c.input >= 0 && mine.has(c.prefix)) checksOf[c.input].push(c);
    const cases: McCase[] = [];
    const rejected: McRejected[] = [];
    const seqs: { k: number; words: number[] }[] = [];
    if (ext === '.s') {
      const asm = assembleLines(
        inputs.map((i) => i.src),
        t.mcpu,
      );
      asm.forEach((a, k) => {
        if (a.words) seqs.push({ k, words: a.words });
        else rejected.push([inputs[k].idx + 1, inputs[k].src, a.error ?? '', expectOf(checksOf[k])]);
      });
    } else {
      inputs.forEach((inp, k) => {
        const bytes = parseBytes(inp.src.replace(/0x/gi, ''));
        if (bytes.length % 4 !== 0 || bytes.length === 0) {
          rejected.push([inp.idx + 1, inp.src, 'not a whole number of dwords', expectOf(checksOf[k])]);
          return;
        }
        const words: number[] = [];
        for (let b = 0; b < bytes.length; b += 4) {
          words.push((bytes[b] | (bytes[b + 1] << 8) | (bytes[b + 2] << 16) | (bytes[b + 3] << 24)) >>> 0);
        }
        seqs.push({ k, words });
      });
    }
    const dumps = seqs.length
      ? objdumpSlots(
          seqs.map((s) => s.words),
          t.mcpu,
        )
      : [];
    seqs.forEach((s, j) => {
      const ls = dumps[j];
      const one = ls.length >= 1 && ls[0].size === s.words.length && !ls[0].text.startsWith('.long');
      const extra: CaseExtra = {};
      if (one && ls[0].comment && !ls[0].comment.startsWith('<')) extra.comment = ls[0].comment;
      if (!one) extra.dump = dumpOf(ls);
      const inp = inputs[s.k];
      const c: McCase = [
        inp.idx + 1,
        inp.src,
        toHex(s.words),
        one ? ls[0].text : null,
        expectOf(checksOf[s.k]),
      ];
      if (Object.keys(extra).length) c.push(extra);
      cases.push(c);
    });
    cases.sort((a, b) => a[0] - b[0]);
    fixtures.push({
      generatedBy: 'scripts/gen-mc-tests-fixtures.ts',
      source: rel,
      mcpu: t.mcpu,
      runs: t.runs,
      prefixes: t.prefixes,
      ...(t.checkFrom ? { checkFrom: t.checkFrom } : {}),
      truncated,
      cases,
      rejected,
    });
  }
  return { fixtures };
}

/** The fixture file name of a test file and target: `<file>.<mcpu>.json` (file keeps its extension). */
export function fixtureName(source: string, mcpu: string): string {
  return `${basename(source)}.${mcpu}.json`;
}

/** Compact JSON: one case per line, so diffs stay readable. */
export function fixtureJson(f: McFixture): string {
  const { cases, rejected, ...head } = f;
  const rows = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join(',\n');
  const h = JSON.stringify(head);
  return `${h.slice(0, -1)},\n"cases":[\n${rows(cases)}],\n"rejected":[\n${rows(rejected)}]}\n`;
}

/** How well llvm-mc-22 today agrees with what the test expected (a check of the CHECK association too). */
function agreement(f: McFixture): string {
  let encOk = 0;
  let encBad = 0;
  let acceptedDespiteErr = 0;
  let rejectedDespiteEnc = 0;
  for (const [, , hex, , e] of f.cases) {
    if (e?.enc !== undefined) e.enc === hex ? encOk++ : encBad++;
    if (e?.err !== undefined && e.enc === undefined && e.asm === undefined) acceptedDespiteErr++;
  }
  for (const [, , , e] of f.rejected)
    if (e && (e.enc !== undefined || e.asm !== undefined)) rejectedDespiteEnc++;
  return `CHECK encodings equal ${encOk}/${encOk + encBad}, accepted-but-CHECK-error ${acceptedDespiteErr}, rejected-but-CHECK-encoding ${rejectedDespiteEnc}`;
}

function main(): void {
  const args = process.argv.slice(2);
  const only = new Set(args.filter((a) => !a.startsWith('--')));
  const allTargets = args.includes('--all-targets');
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const skipped: string[] = [];
  let files = 0;
  for (const { dir, ext } of SOURCES) {
    for (const name of readdirSync(join(MC_TESTS_DIR, dir))
      .filter((f) => f.endsWith(ext))
      .sort()) {
      if (only.size && !only.has(name)) continue;
      const rel = join(dir, name);
      const { fixtures, skipped: why } = extractFixtures(rel, allTargets);
      if (why) {
        skipped.push(`${rel}: ${why}`);
        continue;
      }
      files++;
      for (const f of fixtures) {
        writeFileSync(join(FIXTURE_DIR, fixtureName(rel, f.mcpu)), fixtureJson(f));
        const nul = f.cases.filter((c) => c[3] === null).length;
        console.log(
          `${rel} ${f.mcpu}: ${f.cases.length} accepted (${nul} not one instruction for objdump), ` +
            `${f.rejected.length} rejected${f.truncated ? ', 1 truncated' : ''}${f.checkFrom ? `, checks from ${f.checkFrom}` : ''}; ${agreement(f)}`,
        );
      }
    }
  }
  console.log(`${files} files written, ${skipped.length} skipped`);
  for (const s of skipped) console.log(`  skipped ${s}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
