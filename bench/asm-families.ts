// The assembler's distinct-lines benchmark input (bench/asm.ts: 200,000 gfx908 texts generated from the op
// tables, seed 99, those llvm-mc-22 accepts) split by the encoding family the general path gives each
// mnemonic first: per family the lines, the share the fast path (src/asm/fast) takes and the CPU time per
// line of `assemble` on that family's lines alone in this process (best of N after a warm-up on all lines
// indented otherwise, so no line-cache hits), with the fast path on and, with `--general`, off.
// Run: node --import tsx bench/asm-families.ts [--general] [--runs=N]   (needs llvm-mc-22)
import { loadavg } from 'node:os';
import { generateTexts } from '../scripts/fuzz-asm.js';
import { assembleLines } from '../scripts/lib/llvm.js';
import { assemble } from '../src/asm/assembler.js';
import { fastEncode, setFastPath } from '../src/asm/fast/index.js';
import { familiesOf } from '../src/asm/registry.js';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const withGeneral = process.argv.includes('--general');
const lines = assembleLines(generateTexts('gfx908', 200_000, 99), 'gfx908')
  .filter((a) => a.words !== null)
  .map((a) => a.src);
const groups = new Map<string, string[]>([['all', lines]]);
for (const l of lines) {
  const fam = familiesOf('gfx908', l.slice(0, l.indexOf(' ') >>> 0))?.fams[0]?.name ?? '?';
  const g = groups.get(fam);
  if (g) g.push(l);
  else groups.set(fam, [l]);
}

/** CPU microseconds per line of assembling `ls` (each line indented by `indent`). */
function perLine(ls: readonly string[], fast: boolean, indent: string): number {
  setFastPath(fast);
  try {
    const src = ['.text', ...ls.map((t) => indent + t)].join('\n') + '\n';
    const c = process.cpuUsage();
    const r = assemble(src, 'bench.s', { mcpu: 'gfx908' });
    const u = process.cpuUsage(c);
    if (!r.object) throw new Error('bench: gcnkit rejected a line llvm-mc-22 accepts');
    return (u.user + u.system) / ls.length;
  } finally {
    setFastPath(true);
  }
}

perLine(lines, true, '  ');
if (withGeneral) perLine(lines, false, '   ');
const noConsts = () => undefined;
console.log(
  `| family | lines | taken by the fast path | us/line${withGeneral ? ' | us/line, general path' : ''} |`,
);
for (const [fam, ls] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  const taken = ls.filter((l) => fastEncode(l, 'gfx908', noConsts) > 0).length;
  let fast = Number.POSITIVE_INFINITY;
  let general = Number.POSITIVE_INFINITY;
  for (let r = 1; r <= runs; r++) {
    fast = Math.min(fast, perLine(ls, true, '\t'.repeat(r)));
    if (withGeneral) general = Math.min(general, perLine(ls, false, ' '.repeat(r)));
  }
  const cells = [
    fam,
    ls.length.toLocaleString('en'),
    `${((100 * taken) / ls.length).toFixed(0)}%`,
    fast.toFixed(2),
  ];
  if (withGeneral) cells.push(general.toFixed(2));
  console.log(`| ${cells.join(' | ')} |`);
}
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
