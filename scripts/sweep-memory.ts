// Differential sweep of the memory families' disassembly against LLVM for one -mcpu: random words
// with the family's encoding bits (and biased to valid opcodes of the generation). gfx8/gfx9: the text
// must equal llvm-objdump-22's (or both reject). gfx6/gfx7 (which llvm-objdump cannot disassemble):
// each printed line must reassemble with llvm-mc-22 to the same bytes.
// Usage: npx tsx scripts/sweep-memory.ts --mcpu=gfx803 [--family=ds] [--count=2000] [--seed=1] [--show=10]
import { execFileSync } from 'node:child_process';
import { disasmWords } from '../src/codec/disasm.js';
import { findProcessor } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import { makeRng } from './fuzz-disasm.js';
import { objdumpText } from './lib/llvm.js';

const arg = (k: string, d: string) =>
  process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const mcpu = arg('mcpu', 'gfx803') as Target;
const count = Number(arg('count', '2000'));
const show = Number(arg('show', '10'));
const rng = makeRng(Number(arg('seed', '1')));
const proc = findProcessor(mcpu);
if (!proc) throw new Error(`unknown -mcpu ${mcpu}`);
const g = proc.generation;
const old = g === 'gfx6' || g === 'gfx7';

/** [31:26] per family and generation. */
const ENC: Record<string, number> = {
  ds: 0x36,
  mubuf: 0x38,
  mtbuf: 0x3a,
  mimg: 0x3c,
  flat: 0x37,
  exp: old ? 0x3e : 0x31,
  vintrp: old ? 0x32 : 0x35,
};
const fams = arg('family', 'ds,mubuf,mtbuf,mimg,flat,exp,vintrp').split(',');
const seqs: number[][] = [];
for (const f of fams) {
  if (f === 'flat' && g === 'gfx6') continue;
  for (let k = 0; k < count; k++) {
    let w0 = ((ENC[f] << 26) | (rng() & 0x3ffffff)) >>> 0;
    let w1 = rng();
    // Bias: clear rarely-valid bits half of the time.
    if (k & 1) {
      if (f === 'flat') w0 &= ~0xffff;
      if (f === 'flat') w1 &= 0xff00ffff;
      if (f === 'mubuf' || f === 'mtbuf') w1 = (w1 & 0x001fffff) | (rng() & 1 ? 0x80 << 24 : 1 << 24);
      if (f === 'ds') w1 &= 0x00ffffff;
      w0 >>>= 0;
    }
    seqs.push(f === 'vintrp' ? [w0 >>> 0] : [w0 >>> 0, w1 >>> 0]);
  }
}
let agree = 0;
const bad: string[] = [];
if (!old) {
  // llvm-objdump-22 crashes on some words: run in chunks and leave out the chunks that crash it.
  const ref: (string | null | undefined)[] = [];
  let skipped = 0;
  for (let c = 0; c < seqs.length; c += 100) {
    const part = seqs.slice(c, c + 100);
    try {
      ref.push(...objdumpText(part, mcpu));
    } catch {
      ref.push(...part.map(() => undefined));
      skipped += part.length;
    }
  }
  if (skipped) console.log(`${skipped} words skipped (llvm-objdump-22 crashed on their chunk)`);
  seqs.forEach((s, k) => {
    if (ref[k] === undefined) return;
    const mine = disasmWords(s, mcpu)[0];
    const ours = mine.size === s.length && !mine.text.startsWith('.long') ? mine.text : null;
    if (ours === ref[k]) agree++;
    else
      bad.push(`${s.map((w) => w.toString(16).padStart(8, '0')).join(' ')}: llvm ${ref[k]} | gcnkit ${ours}`);
  });
} else {
  const lines: { text: string; words: number[] }[] = [];
  for (const s of seqs) {
    const mine = disasmWords(s, mcpu)[0];
    if (mine.size === s.length && !mine.text.startsWith('.long')) lines.push({ text: mine.text, words: s });
  }
  let out = '';
  try {
    out = execFileSync('llvm-mc-22', ['-triple=amdgcn', `-mcpu=${mcpu}`, '-show-encoding'], {
      input: lines.map((l) => l.text).join('\n') + '\n',
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    });
  } catch (e) {
    out = (e as { stdout: string }).stdout;
    const err = (e as { stderr: string }).stderr;
    for (const m of err.matchAll(/<stdin>:(\d+):\d+: error: (.*)\n(.*)/g))
      bad.push(
        `${lines[Number(m[1]) - 1].words.map((w) => w.toString(16).padStart(8, '0')).join(' ')}: llvm-mc: ${m[2]} | ${m[3]}`,
      );
  }
  const enc = [...out.matchAll(/^\s*(\S.*?)\s*; encoding: \[([^\]]*)\]/gm)];
  let j = 0;
  for (const l of lines) {
    // Lines llvm-mc rejected are missing from its output; pair the rest by text.
    if (j < enc.length && enc[j][1].replace(/\s+/g, ' ') === l.text.replace(/\s+/g, ' ')) {
      const bytes = enc[j][2].split(',').map((b) => Number.parseInt(b, 16));
      const words: number[] = [];
      for (let q = 0; q < bytes.length; q += 4)
        words.push((bytes[q] | (bytes[q + 1] << 8) | (bytes[q + 2] << 16) | (bytes[q + 3] << 24)) >>> 0);
      if (words.length === l.words.length && words.every((w, q) => w === l.words[q])) agree++;
      else
        bad.push(
          `${l.words.map((w) => w.toString(16).padStart(8, '0')).join(' ')}: ${l.text} -> ${words.map((w) => w.toString(16).padStart(8, '0')).join(' ')}`,
        );
      j++;
    } else if (j < enc.length && !bad.some((b) => b.includes(l.text))) {
      bad.push(`${l.text}: llvm-mc printed ${enc[j][1]}`);
      j++;
    }
  }
  console.log(`${lines.length} decoded of ${seqs.length}`);
}
console.log(`${mcpu}: ${agree} agree, ${bad.length} differ`);
for (const b of bad.slice(0, show)) console.log('  ' + b);
