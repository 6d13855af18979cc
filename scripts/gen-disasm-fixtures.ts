// Regenerates test/fixtures/disasm/<name>.<mcpu>.json from test/fixtures/asm/<name>.s with LLVM:
// each line is assembled by llvm-mc-22 for each target and the bytes disassembled by llvm-objdump-22.
// A line of hex dwords ("0x7e000280 0x...") is taken as raw words instead of assembly.
// An optional first line `// targets: gfx908` limits the targets. Lines llvm-mc rejects for a target
// are recorded as rejected (the assembler issue tests those).
// Run: npx tsx scripts/gen-disasm-fixtures.ts [name ...]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS } from '../src/isa/targets.js';
import { assembleLines, fromHex, objdumpText, toHex } from './lib/llvm.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const asmDir = join(root, 'test', 'fixtures', 'asm');
const outDir = join(root, 'test', 'fixtures', 'disasm');
const only = new Set(process.argv.slice(2));

for (const file of readdirSync(asmDir)
  .filter((f) => f.endsWith('.s'))
  .sort()) {
  const name = basename(file, '.s');
  if (only.size && !only.has(name)) continue;
  const lines = readFileSync(join(asmDir, file), 'utf8').split('\n');
  const hdr = /^\/\/ targets: (.*)$/.exec(lines[0] ?? '');
  const targets = hdr ? hdr[1].trim().split(/[\s,]+/) : [...TARGETS];
  for (const mcpu of targets) {
    const asmIdx: number[] = [];
    const seqs: { src: string; words: number[] }[] = [];
    const rejected: [string, string][] = [];
    lines.forEach((l, k) => {
      const t = l.trim();
      if (/^0x[0-9a-f]+(\s+0x[0-9a-f]+)*$/i.test(t))
        seqs.push({ src: t, words: fromHex(t.replace(/0x/gi, '')) });
      else if (t && !t.startsWith('//')) asmIdx.push(k);
    });
    const asm = assembleLines(
      asmIdx.map((k) => lines[k]),
      mcpu,
    );
    for (const a of asm) {
      if (a.words) seqs.push({ src: a.src.trim(), words: a.words });
      else rejected.push([a.src.trim(), a.error ?? '']);
    }
    const texts = objdumpText(
      seqs.map((s) => s.words),
      mcpu,
    );
    const cases = seqs.map((s, k) => [s.src, toHex(s.words), texts[k]]);
    const json = { generatedBy: 'scripts/gen-disasm-fixtures.ts', mcpu, cases, rejected };
    writeFileSync(
      join(outDir, `${name}.${mcpu}.json`),
      JSON.stringify(json, null, 0).replace(/\],\[/g, '],\n['),
    );
    console.log(`${name}.${mcpu}: ${cases.length} cases, ${rejected.length} rejected`);
  }
}
