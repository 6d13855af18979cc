// Robustness fuzzing of the assembler on random and mutated source text: every input must come back as
// diagnostics with a line and column (or as bytes), never as an exception or a hang.
// Sources: lines of the clang corpus disassembly and of the MC-test fixtures, mutated by character edits,
// token shuffles and splices, plus random token soup and random directive lines.
// Usage: node --import tsx scripts/fuzz-asm-text.ts [--count=100000] [--seed=1]
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from '../src/asm/assembler.js';
import type { Target } from '../src/isa/targets.js';
import { makeRng } from './fuzz-disasm.js';
import { disLines } from './lib/dis-lines.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

function seedLines(): string[] {
  const out: string[] = [];
  const obj = join(ROOT, 'test/corpus/obj');
  for (const f of readdirSync(obj).filter((x) => x.endsWith('.dis.gz') && x.includes('O3')))
    for (const l of disLines(join(obj, f))) out.push(l.text);
  const mc = join(ROOT, 'test/fixtures/mc-tests');
  for (const f of readdirSync(mc).filter((x) => x.includes('.s.'))) {
    const fx = JSON.parse(readFileSync(join(mc, f), 'utf8')) as { cases: [number, string][] };
    for (const c of fx.cases) out.push(c[1]);
  }
  return [...new Set(out)];
}

const PIECES = [
  ',',
  ':',
  '[',
  ']',
  '(',
  ')',
  '|',
  '-',
  '+',
  '*',
  '<<',
  '&',
  '0x',
  '1.5',
  '-1',
  '65536',
  '0xffffffffffffffffff',
  's0',
  's[0:1]',
  'v[2:3]',
  'a[0:3]',
  'vcc',
  'exec',
  'm0',
  'off',
  'glc',
  'offset:',
  'offset:4096',
  'op_sel:[0,1]',
  'hwreg(',
  'sendmsg(MSG_GS,',
  'quad_perm:[0,1',
  'row_shl:17',
  'dst_sel:',
  'abs(',
  'neg(',
  'sext(',
  '"str',
  '\\',
  '.text',
  '.byte',
  '.amdhsa_kernel',
  '.end_amdhsa_kernel',
  '.macro',
  '.endm',
  '.rept',
  '.endr',
  '.if',
  '.endif',
  '.set',
  'label:',
  'label',
  '.p2align',
  '.section',
  '.amdgpu_metadata',
  '---',
  '...',
  ';',
  '//',
  '@rel32@lo',
];

function mutateLine(line: string, rng: () => number, pool: string[]): string {
  const r = rng() % 6;
  if (r === 0) {
    const i = rng() % (line.length + 1);
    return line.slice(0, i) + PIECES[rng() % PIECES.length] + line.slice(i);
  }
  if (r === 1) {
    const i = rng() % (line.length + 1);
    return line.slice(0, i) + line.slice(i + 1 + (rng() % 4));
  }
  if (r === 2) {
    const t = line.split(/(\s+|,)/);
    for (let k = t.length - 1; k > 0; k--) {
      const j = rng() % (k + 1);
      [t[k], t[j]] = [t[j], t[k]];
    }
    return t.join('');
  }
  if (r === 3) {
    const other = pool[rng() % pool.length];
    return line.slice(0, rng() % (line.length + 1)) + other.slice(rng() % (other.length + 1));
  }
  if (r === 4) {
    let s = '';
    const n = 1 + (rng() % 10);
    for (let k = 0; k < n; k++) s += `${PIECES[rng() % PIECES.length]}${rng() % 2 ? ' ' : ''}`;
    return s;
  }
  const i = rng() % (line.length + 1);
  return line.slice(0, i) + String.fromCharCode(rng() % 128) + line.slice(i);
}

export interface TextFuzzResult {
  cases: number;
  clean: number;
  diagnosed: number;
  crashes: string[];
  slow: string[];
  badPositions: string[];
}

/** `count` sources of 1-8 lines each through assemble(). */
export function fuzzAsmText(count: number, seed: number, target: Target = 'gfx908'): TextFuzzResult {
  const pool = seedLines();
  const rng = makeRng(seed, 5);
  const res: TextFuzzResult = { cases: 0, clean: 0, diagnosed: 0, crashes: [], slow: [], badPositions: [] };
  // "Slow" is about one input: build the one-time tables first. An unknown mnemonic builds every
  // supported target's mnemonic index (to say "not supported on this GPU" when another has it), about
  // 1 s since gfx6-8 joined.
  assemble('no_such_mnemonic v0\n', 'warm-up.s', { mcpu: target });
  for (let i = 0; i < count; i++) {
    const n = 1 + (rng() % 8);
    const lines: string[] = [];
    for (let k = 0; k < n; k++) {
      const base = pool[rng() % pool.length];
      lines.push(rng() % 4 === 0 ? base : mutateLine(base, rng, pool));
    }
    const src = lines.join('\n') + '\n';
    // A mutation may insert a newline, so count the lines of the source itself.
    const nLines = src.split('\n').length;
    res.cases++;
    const t0 = performance.now();
    try {
      const r = assemble(src, 'fuzz.s', { mcpu: target });
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length === 0) res.clean++;
      else res.diagnosed++;
      for (const d of r.diagnostics) {
        // line 0 col 0 is llvm-mc's `<unknown>:0:` form for end-of-file errors (an unclosed .if/.macro).
        const eof = d.line === 0 && d.col === 0;
        if (
          !(eof || (d.line >= 1 && d.line <= nLines && d.col >= 1)) ||
          d.message === '' ||
          d.message.includes('\n')
        )
          res.badPositions.push(`${JSON.stringify(src)} -> ${d.line}:${d.col} ${JSON.stringify(d.message)}`);
      }
    } catch (e) {
      res.crashes.push(
        `${JSON.stringify(src)}: ${String((e as Error)?.stack ?? e)
          .split('\n')
          .slice(0, 3)
          .join(' | ')}`,
      );
    }
    const ms = performance.now() - t0;
    if (ms > 2000) res.slow.push(`${ms.toFixed(0)} ms: ${JSON.stringify(src).slice(0, 200)}`);
  }
  return res;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (k: string, d: number) =>
    Number(process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1] ?? d);
  const count = arg('count', 100_000);
  const seed = arg('seed', 1);
  const t0 = performance.now();
  const r = fuzzAsmText(count, seed);
  console.log(
    `${r.cases} sources (seed ${seed}) in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${r.clean} assembled, ` +
      `${r.diagnosed} with diagnostics, ${r.crashes.length} crashes, ${r.slow.length} slow, ` +
      `${r.badPositions.length} diagnostics without a valid line:col`,
  );
  for (const c of r.crashes.slice(0, 10)) console.log(`crash: ${c}`);
  for (const c of r.badPositions.slice(0, 10)) console.log(`position: ${c}`);
  for (const c of r.slow.slice(0, 5)) console.log(`slow: ${c}`);
  if (r.crashes.length || r.slow.length || r.badPositions.length) process.exitCode = 1;
}
