// Differential fuzzing of the assembler against llvm-mc-22. Valid instruction texts are generated from
// the op tables: random encodings (uniform, and biased to each format's high bits) are decoded by gcnkit's
// disassembler, which prints exactly what llvm-objdump-22 prints, so every text names a real op with
// operands drawn from its profile. Each distinct text is then assembled by gcnkit and by llvm-mc-22:
// both must give the same bytes, or both must reject it.
// Usage: node --import tsx scripts/fuzz-asm.ts [--mcpu=gfx908] [--count=20000] [--seed=1] [--examples=20]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { disasmWords } from '../src/codec/disasm.js';
import { isTarget, type Target } from '../src/isa/targets.js';
import { fillSlots, makeRng } from './fuzz-disasm.js';
import { assembleOne } from './lib/asm-check.js';
import { assembleLines } from './lib/llvm.js';

/** `count` distinct instruction texts for `target`, deterministic for a seed. */
export function generateTexts(target: Target, count: number, seed: number): string[] {
  const rng = makeRng(seed, 3);
  const seen = new Set<string>();
  let guard = 0;
  while (seen.size < count && guard++ < 1000) {
    const words = fillSlots(rng, 4096, 'mixed');
    for (let k = 0; k < 4096 && seen.size < count; k++) {
      const [first] = disasmWords(words.subarray(4 * k, 4 * k + 4), target);
      if (first.text.startsWith('.long') || first.size === 0) continue;
      seen.add(first.text);
    }
  }
  return [...seen];
}

export interface AsmFuzzResult {
  texts: number;
  /** llvm-mc accepted, gcnkit gave identical bytes. */
  same: number;
  /** Both rejected. */
  bothRejected: number;
  /** llvm-mc accepted, gcnkit differs or rejects. */
  differ: string[];
  /** llvm-mc rejected, gcnkit accepted. */
  accepted: string[];
}

export function fuzzAsm(target: Target, count: number, seed: number): AsmFuzzResult {
  const texts = generateTexts(target, count, seed);
  const res: AsmFuzzResult = { texts: texts.length, same: 0, bothRejected: 0, differ: [], accepted: [] };
  const CHUNK = 20000;
  for (let i = 0; i < texts.length; i += CHUNK) {
    const part = texts.slice(i, i + CHUNK);
    const llvm = assembleLines(part, target);
    for (const [k, a] of llvm.entries()) {
      const ours = assembleOne(part[k], target);
      const want = a.words?.map((w) => w.toString(16).padStart(8, '0')).join(' ');
      if (want === undefined) {
        if (ours.hex === undefined) res.bothRejected++;
        else res.accepted.push(`${part[k]}  (llvm-mc: ${a.error}; gcnkit: ${ours.hex})`);
      } else if (ours.hex === want) res.same++;
      else res.differ.push(`${part[k]}  (llvm-mc: ${want}; gcnkit: ${ours.hex ?? `error: ${ours.error}`})`);
    }
  }
  return res;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const targets = (arg('mcpu') ?? 'gfx900,gfx906,gfx908').split(',');
  const count = Number(arg('count') ?? 20000);
  const seed = Number(arg('seed') ?? 1);
  const examples = Number(arg('examples') ?? 20);
  for (const t of targets) {
    if (!isTarget(t)) throw new Error(`unknown --mcpu ${t}`);
    const t0 = performance.now();
    const r = fuzzAsm(t, count, seed);
    const valid = r.same + r.differ.length;
    console.log(
      `${t}: ${r.texts} texts (seed ${seed}); llvm-mc accepts ${valid}: identical ${r.same} (${((100 * r.same) / Math.max(1, valid)).toFixed(3)}%), ` +
        `differ ${r.differ.length}; llvm-mc rejects ${r.bothRejected + r.accepted.length}: gcnkit rejects ${r.bothRejected}, accepts ${r.accepted.length} ` +
        `[${((performance.now() - t0) / 1000).toFixed(1)} s]`,
    );
    for (const d of r.differ.slice(0, examples)) console.log(`  differ: ${d}`);
    for (const d of r.accepted.slice(0, examples)) console.log(`  accepted: ${d}`);
  }
}
