// Bit-flip sweep of the disassembler against llvm-objdump-22 (gfx8/gfx9 targets): the first N decoded
// instructions of each family's per-generation fixture (test/fixtures/gens/<family>.<fixture mcpu>.json),
// each with every bit of its first two dwords flipped in turn (so every field the ISA document calls
// reserved gets a set bit), one candidate per 16-byte slot padded with s_nop. gcnkit's first instruction
// of a slot must be llvm-objdump-22's: same text and size, or both `.long`. llvm-objdump-22 crashes on
// some words: a crashing range is split until the crashing slot is found, which is skipped and counted.
// The disagreements are printed by family and kind (a handful of examples each); write the interesting
// ones into test/fixtures/asm/*.s and regenerate with scripts/gen-disasm-fixtures.ts.
// Run: npx tsx scripts/sweep-disasm-bits.ts --mcpu=gfx803 [--per=40] [--fixtures=gfx803] [--families=flat,sdwa]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeOutput } from '../src/codec/types.js';
import { isTarget } from '../src/isa/targets.js';
import {
  assembleObject,
  type ObjdumpLine,
  objdumpRange,
  parseObjdump,
  S_NOP_0,
  slotSource,
} from './lib/llvm.js';

const arg = (name: string, dflt: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const mcpu = arg('mcpu', 'gfx803');
if (!isTarget(mcpu)) {
  console.error(`sweep-disasm-bits: --mcpu: ${mcpu} is not a supported processor`);
  process.exit(2);
}
const per = Number(arg('per', '40'));
const fixtures = arg('fixtures', mcpu);
const families = arg('families', '').split(',').filter(Boolean);
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'gens');

/** The candidates (4 words each) and the family each came from. */
const cands: number[][] = [];
const family: string[] = [];
const seen = new Set<string>();
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith(`.${fixtures}.json`))
  .sort()) {
  const fam = f.split('.')[0];
  if (families.length && !families.includes(fam)) continue;
  const fx = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { disasm: [string, string | null][] };
  for (const [hex] of fx.disasm.filter((c) => c[1] !== null).slice(0, per)) {
    const w = hex.split(' ').map((h) => Number.parseInt(h, 16) >>> 0);
    const bits = Math.min(w.length, 2) * 32;
    for (let b = -1; b < bits; b++) {
      const v = w.slice(0, 4);
      if (b >= 0) v[b >> 5] = (v[b >> 5] ^ (1 << (b & 31))) >>> 0;
      while (v.length < 4) v.push(S_NOP_0);
      const key = v.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      cands.push(v);
      family.push(fam);
    }
  }
}
if (cands.length === 0) {
  // The generations with fixtures: gfx600, gfx700, gfx704, gfx801, gfx803, gfx810 (--fixtures picks one).
  console.error(
    `sweep-disasm-bits: no fixtures test/fixtures/gens/*.${fixtures}.json (try --fixtures=gfx803)`,
  );
  process.exit(1);
}

// llvm-objdump-22's first line of each slot: one object, ranges of it disassembled, a crashing range split.
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-sweep-'));
const first: (ObjdumpLine | undefined)[] = new Array(cands.length);
let crashes = 0;
try {
  const obj = join(tmp, 'in.o');
  assembleObject(slotSource(cands).asm, mcpu, obj);
  const solve = async (lo: number, hi: number): Promise<void> => {
    const r = await objdumpRange(obj, mcpu, lo * 16, hi * 16);
    if (r.ok) {
      for (const l of parseObjdump(r.stdout)) if (l.addr % 16 === 0) first[l.addr / 16] = l;
    } else if (hi - lo === 1) crashes++;
    else {
      await solve(lo, (lo + hi) >> 1);
      await solve((lo + hi) >> 1, hi);
    }
  };
  for (let s = 0; s < cands.length; s += 2000) await solve(s, Math.min(cands.length, s + 2000));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
const classes = new Map<string, string[]>();
let compared = 0;
cands.forEach((v, k) => {
  const ob = first[k];
  if (!ob) return;
  decodeAt({ words: Uint32Array.from(v), n: 4, target: mcpu }, 0, out);
  const theirs = ob.text.startsWith('.long') ? '.long' : ob.text;
  const ours = out.text.startsWith('.long') ? '.long' : out.text;
  compared++;
  if (theirs === ours && (ours === '.long' || ob.size === out.size)) return;
  const kind = theirs === '.long' ? 'llvm rejects' : ours === '.long' ? 'gcnkit rejects' : 'text or size';
  const key = `${family[k]}: ${kind}`;
  const hex = v
    .slice(0, 2)
    .map((x) => x.toString(16).padStart(8, '0'))
    .join(' ');
  const l = classes.get(key) ?? [];
  l.push(`${hex}  llvm: ${ob.text} [${ob.size}]  gcnkit: ${out.text} [${out.size}]`);
  classes.set(key, l);
});
console.log(`${mcpu}: ${cands.length} candidates, ${compared} compared, ${crashes} crashed llvm-objdump-22`);
for (const [key, l] of classes) {
  console.log(`${key}: ${l.length}`);
  for (const s of l.slice(0, 6)) console.log(`  ${s}`);
}
process.exitCode = classes.size ? 1 : 0;
