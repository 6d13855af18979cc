// Disassembler benchmark: gcnkit vs llvm-objdump-22 on the same gfx908 objects, in one run, in two modes:
// - repeated: the .text of the gfx908 corpus kernels (test/corpus/obj) repeated to >= 1M instructions, with
//   a function symbol per kernel copy (straight-line code repeats words: a line cache pays off here);
// - distinct: >= 1M distinct valid instructions, made from the corpus instructions by flipping random bits
//   of their fields (seeded, so every run makes the same object), each kept only when gcnkit decodes it
//   as an instruction, no word is zero (two zero words would print as `...`) and its words were not
//   kept before; a function symbol every 1024 instructions. Whether llvm-objdump-22 agrees that each is
//   an instruction, and prints it the same, is what the comparison below checks.
// In process it is timed three ways: objdumpBytes (a fresh buffer per run), objdumpStream (one reused
// 1 MiB buffer to a sink that drops it) and objdumpInto (one whole-output buffer reused across runs).
// Each object is assembled by llvm-mc-22 from `.long` lines into a relocatable ELF.
// Run: npm run bench:disasm   (needs llvm-mc-22 and llvm-objdump-22; GCNKIT_BENCH_MIN=<n> changes the
// size, GCNKIT_BENCH_KEEP=1 keeps the objects and their temp dir, --mode=startup|repeated|distinct runs
// one mode). Mode startup times the CLI's fixed cost on a tiny file (gcnkit disasm vs node -e 0). Where
// NODE_EXTRA_CA_CERTS is set, node parses that file at every start, and the CLI rows are timed without it too.
// `--smoke` (npm run bench:smoke): one copy of the corpus (about 20k instructions) and 20k distinct
// instructions, one timed run of each, the same checks. Exit 1 when an output (the library's or the
// CLI's) differs from llvm-objdump-22's.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bundleCli } from '../scripts/lib/cli-bundle.js';
import { decodeAt } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../src/codec/types.js';
import { compareDisassembly } from '../src/disasm/compare.js';
import { objdumpBytes, objdumpInto, objdumpStream } from '../src/disasm/objdump.js';
import { ByteOut, latin1String } from '../src/disasm/out.js';
import { ElfFile } from '../src/elf/reader.js';
import { SHF_EXECINSTR, SHT_SYMTAB, STT_FUNC } from '../src/elf/types.js';

const root = join(import.meta.dirname, '..');
const corpus = join(root, 'test', 'corpus', 'obj');
const smoke = process.argv.includes('--smoke');
const minInstructions = Number(process.env.GCNKIT_BENCH_MIN ?? 1_000_000);
const modeArg = process.argv.find((a) => a.startsWith('--mode='))?.slice(7);
const MODES = ['startup', 'repeated', 'distinct'];
if (modeArg !== undefined && !MODES.includes(modeArg)) {
  console.error(`bench: unknown --mode=${modeArg} (${MODES.join(', ')})`);
  process.exit(1);
}
const modes = modeArg ? [modeArg] : MODES;
const runs = smoke ? 1 : 3;

// The CLI as shipped: bundled by esbuild as `npm run build` does, run on plain node. Started before
// anything else, so that a bundle that cannot run fails at once, also where LLVM is missing (the hermetic
// test/bench-smoke.test.ts runs this file without LLVM).
const cli = bundleCli();
const started = spawnSync(process.execPath, [cli.file, '--version'], { encoding: 'utf8' });
if (started.status !== 0) {
  cli.remove();
  const why = started.stderr.split('\n').find((l) => /^\w*Error\b/.test(l)) ?? started.stderr.trim();
  console.error(`bench: the bundled CLI does not start: ${why}`);
  process.exit(1);
}

function need(tool: string): void {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) {
    cli.remove();
    console.error(`bench: ${tool} not found (apt-get install llvm-22)`);
    process.exit(1);
  }
}
need('llvm-mc-22');
need('llvm-objdump-22');

interface Piece {
  name: string;
  words: Uint32Array;
  /** Function symbols: offset in bytes within the text, name. */
  funcs: [number, string][];
  instructions: number;
}

/** The .text of each gfx908 kernel of the corpus with its function symbols and llvm's instruction count. */
function pieces(): Piece[] {
  const out: Piece[] = [];
  for (const f of readdirSync(corpus)
    .filter((n) => /\.gfx908\.O[03]\.hsaco$/.test(n))
    .sort()) {
    const elf = ElfFile.parse(readFileSync(join(corpus, f)), f);
    const text = elf.sections.find((s) => s.flags & SHF_EXECINSTR && s.name === '.text');
    const symtab = elf.sectionOfType(SHT_SYMTAB);
    if (!text || !symtab || text.size % 4) continue;
    const bytes = elf.contents(text);
    const words = new Uint32Array(text.size / 4);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let k = 0; k < words.length; k++) words[k] = dv.getUint32(k * 4, true);
    const funcs: [number, string][] = elf
      .symbols(symtab)
      .filter((s) => s.section === text.index && s.type === STT_FUNC)
      .map((s) => [Number(s.value) - text.addr, s.name] as [number, string])
      .sort((a, b) => a[0] - b[0]);
    const dis = gunzipSync(readFileSync(join(corpus, f.replace(/\.hsaco$/, '.dis.gz')))).toString('latin1');
    const instructions = dis.split('\n').filter((l) => l.startsWith('\t') && l.includes('// ')).length;
    out.push({ name: f.replace(/\..*$/, ''), words, funcs, instructions });
  }
  return out;
}

/** Assembles `.long` lines (and symbol lines) with llvm-mc-22 into a relocatable gfx908 object. */
function assemble(dir: string, name: string, lines: string[]): string {
  const asm = join(dir, `${name}.s`);
  const file = join(dir, `${name}-gfx908.o`);
  writeFileSync(asm, lines.join('\n') + '\n');
  const r = spawnSync(
    'llvm-mc-22',
    ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx908', '-filetype=obj', asm, '-o', file],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`llvm-mc-22 failed: ${r.stderr.slice(0, 2000)}`);
  return file;
}

interface BenchObject {
  file: string;
  instructions: number;
}

/** The corpus kernels repeated until there are `min` instructions. */
function repeatedObject(dir: string, ps: Piece[], min: number): BenchObject {
  const perRound = ps.reduce((a, p) => a + p.instructions, 0);
  const rounds = Math.ceil(min / perRound);
  const lines: string[] = ['.text'];
  let instructions = 0;
  for (let r = 0; r < rounds; r++) {
    for (const [pi, p] of ps.entries()) {
      lines.push('.p2align 8');
      let fi = 0;
      for (let k = 0; k < p.words.length; k++) {
        while (fi < p.funcs.length && p.funcs[fi][0] === k * 4) {
          const sym = `${p.funcs[fi][1]}_${r}_${pi}`;
          lines.push(`.globl ${sym}`, `.type ${sym},@function`, `${sym}:`);
          fi++;
        }
        lines.push(`.long 0x${p.words[k].toString(16)}`);
      }
      instructions += p.instructions;
    }
  }
  return { file: assemble(dir, 'repeated', lines), instructions };
}

/** xorshift32: the same distinct object on every run. */
function rng(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/**
 * `n` distinct valid instructions: corpus instructions with a few random bits of their fields flipped
 * (below the encoding-selecting bits 31:23 of the first dword; any bit of the others), each decoded by
 * gcnkit to see whether it is an instruction and how many dwords it takes.
 */
function distinctObject(dir: string, ps: Piece[], n: number): BenchObject {
  const seeds: Uint32Array[] = [];
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
  for (const p of ps) {
    const inp: DecodeInput = { words: p.words, n: p.words.length, target: 'gfx908' };
    for (let w = 0; w < p.words.length; ) {
      decodeAt(inp, w, out);
      if (!out.text.startsWith('.long')) seeds.push(p.words.slice(w, w + out.size));
      w += out.size;
    }
  }
  const next = rng(0x6c6c766d);
  const cand = new Uint32Array(3);
  const inp: DecodeInput = { words: cand, n: 3, target: 'gfx908' };
  const seen = new Set<string>();
  const lines: string[] = ['.text'];
  let symbols = 0;
  while (seen.size < n) {
    if (seen.size === symbols * 1024) {
      const sym = `f${symbols++}`;
      lines.push(`.globl ${sym}`, `.type ${sym},@function`, `${sym}:`);
    }
    const s = seeds[next() % seeds.length];
    cand[0] = s[0] ^ (1 << (next() % 23)) ^ (1 << (next() % 23)) ^ (1 << (next() % 23));
    for (let k = 1; k < 3; k++)
      cand[k] = k < s.length ? s[k] ^ (1 << (next() % 32)) ^ (1 << (next() % 32)) : next();
    decodeAt(inp, 0, out);
    if (out.text.startsWith('.long')) continue;
    let key = '';
    let zero = false;
    for (let k = 0; k < out.size; k++) {
      zero ||= cand[k] === 0;
      key += cand[k].toString(16) + ' ';
    }
    if (zero || seen.has(key)) continue;
    seen.add(key);
    for (let k = 0; k < out.size; k++) lines.push(`.long 0x${cand[k].toString(16)}`);
  }
  return { file: assemble(dir, 'distinct', lines), instructions: n };
}

interface Time {
  wall: number;
  /** User + system CPU seconds (NaN where /usr/bin/time is missing): load slows it much less than wall. */
  cpu: number;
}

const haveTime = spawnSync('/usr/bin/time', ['-f', '%U', 'true'], { stdio: 'ignore' }).status === 0;

/**
 * Node reads the file NODE_EXTRA_CA_CERTS names while it starts, before any JavaScript runs (Node 20:
 * every certificate in it parsed, about 0.09 s of CPU per process for the system's 140-certificate
 * bundle on the VM of BENCHMARKS.md's disassembler Session 12). Where it is set, the CLI is timed without
 * it too: the same command in an environment that does not set it. Undefined where it is not set.
 */
const withoutCaCerts: NodeJS.ProcessEnv | undefined =
  process.env.NODE_EXTRA_CA_CERTS === undefined
    ? undefined
    : Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'));

/** Wall and CPU time of a command with its stdout sent to /dev/null (in `env`: this process's by default). */
function timeCommand(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Time {
  const devnull = openSync('/dev/null', 'w');
  const cpuFile = join(tmpdir(), `gcnkit-bench-time-${process.pid}`);
  try {
    const t0 = process.hrtime.bigint();
    const r = haveTime
      ? spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, cmd, ...args], {
          stdio: ['ignore', devnull, 'pipe'],
          env,
        })
      : spawnSync(cmd, args, { stdio: ['ignore', devnull, 'pipe'], env });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
    const cpu = haveTime
      ? readFileSync(cpuFile, 'utf8')
          .trim()
          .split(/\s+/)
          .slice(-2)
          .reduce((x, y) => x + Number(y), 0)
      : Number.NaN;
    return { wall, cpu };
  } finally {
    closeSync(devnull);
    rmSync(cpuFile, { force: true });
  }
}

/** Times `f` in this process. */
function timeHere(f: () => void): Time {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  f();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1e6 };
}

/** The best wall and the best CPU time of several runs. */
const best = (xs: Time[]): Time => ({
  wall: Math.min(...xs.map((x) => x.wall)),
  cpu: Math.min(...xs.map((x) => x.cpu)),
});
const fmt = (t: Time) => `${t.wall.toFixed(3)} s (cpu ${t.cpu.toFixed(3)} s)`;
const ratios = (llvm: Time, t: Time) =>
  `${(llvm.wall / t.wall).toFixed(2)}x (cpu ${(llvm.cpu / t.cpu).toFixed(2)}x)`;
const rate = (n: number, t: Time) => `${(n / t.wall / 1e6).toFixed(2)} M instr/s`;

/** Times gcnkit in process, the bundled CLI and llvm-objdump-22 on one object; false when outputs differ. */
function measure(mode: string, { file, instructions }: BenchObject): boolean {
  const bytes = readFileSync(file);
  console.log(`bench: ${mode}: ${(bytes.length / 1e6).toFixed(1)} MB, ${instructions} instructions (gfx908)`);
  // In-process: the bytes the CLI writes (objdump() would add one latin1 decode of the whole output).
  const inproc: Time[] = [];
  let out: Uint8Array = new Uint8Array(0);
  // And streamed through one reused 1 MiB buffer to a sink that drops it (as the CLI's goes to /dev/null).
  const streamed: Time[] = [];
  // And the whole output into one buffer reused across runs (objdumpInto: no fresh memory after the first).
  const reused: Time[] = [];
  const reuse = new ByteOut();
  for (let k = 0; k < runs; k++) {
    inproc.push(
      timeHere(() => {
        out = objdumpBytes(bytes, file, { mcpu: 'gfx908' });
      }),
    );
    streamed.push(timeHere(() => objdumpStream(bytes, file, { mcpu: 'gfx908' }, () => {})));
    reused.push(timeHere(() => objdumpInto(bytes, file, { mcpu: 'gfx908' }, reuse)));
  }
  const twice = smoke ? [0] : [0, 1];
  const cliArgs = [cli.file, 'disasm', '--mcpu=gfx908', file];
  const cliTimes: Time[] = [];
  const cliBare: Time[] = [];
  for (const _ of twice) {
    cliTimes.push(timeCommand(process.execPath, cliArgs));
    if (withoutCaCerts) cliBare.push(timeCommand(process.execPath, cliArgs, withoutCaCerts));
  }
  const llvmTimes = twice.map(() => timeCommand('llvm-objdump-22', ['-d', '--mcpu=gfx908', file]));

  // Not timed: how close the two outputs are on this file.
  const ref = spawnSync('llvm-objdump-22', ['-d', '--mcpu=gfx908', file], {
    maxBuffer: 1 << 30,
    encoding: 'latin1',
  });
  const c = compareDisassembly(ref.stdout, latin1String(out));
  const framing = JSON.stringify(c.framingActual) === JSON.stringify(c.framingExpected);
  // The CLI prints through code of its own (the bundle it loads, the writes to fd 1): its whole output
  // is checked too, not only the library's.
  const cliOut = spawnSync(process.execPath, [cli.file, 'disasm', '--mcpu=gfx908', file], {
    maxBuffer: 1 << 30,
    encoding: 'latin1',
  });
  const cliSame = cliOut.status === 0 && cliOut.stdout === ref.stdout;

  const tIn = best(inproc);
  const tStream = best(streamed);
  const tReused = best(reused);
  const tCli = best(cliTimes);
  const tLlvm = best(llvmTimes);
  console.log(`  gcnkit objdump() in-process   ${fmt(tIn)}  ${rate(instructions, tIn)}`);
  console.log(`  gcnkit objdumpStream()        ${fmt(tStream)}  ${rate(instructions, tStream)}`);
  console.log(`  gcnkit objdumpInto() reused   ${fmt(tReused)}  ${rate(instructions, tReused)}`);
  console.log(`  gcnkit disasm CLI (node)      ${fmt(tCli)}  ${rate(instructions, tCli)}`);
  if (withoutCaCerts) console.log(`    NODE_EXTRA_CA_CERTS unset   ${fmt(best(cliBare))}`);
  console.log(`  llvm-objdump-22 -d            ${fmt(tLlvm)}  ${rate(instructions, tLlvm)}`);
  console.log(
    `  ratio llvm-objdump / gcnkit (${mode}): in-process ${ratios(tLlvm, tIn)}, streamed ${ratios(tLlvm, tStream)}, ` +
      `reused buffer ${ratios(tLlvm, tReused)}, CLI ${ratios(tLlvm, tCli)}` +
      (withoutCaCerts ? ` (NODE_EXTRA_CA_CERTS unset: ${ratios(tLlvm, best(cliBare))})` : ''),
  );
  console.log(
    `  output: ${c.agree}/${c.instructions} instruction lines identical to llvm-objdump-22, ` +
      `framing ${framing ? 'identical' : 'DIFFERENT'}${c.identical ? ', whole output identical' : ''}; ` +
      `CLI output ${cliSame ? 'identical' : 'DIFFERENT'}`,
  );
  if (c.agree !== c.instructions || !framing) {
    const f = c.framingExpected.findIndex((x, k) => x !== c.framingActual[k]);
    if (!framing)
      console.log(
        `  framing: llvm ${c.framingExpected[f]?.slice(0, 200)}\n  gcnkit ${c.framingActual[f]?.slice(0, 200)}`,
      );
    for (const m of c.mismatches.slice(0, 3)) console.log(`  llvm:   ${m.want}\n  gcnkit: ${m.got}`);
    return false;
  }
  if (!cliSame) {
    const got = cliOut.stdout.split('\n');
    const want = ref.stdout.split('\n');
    let k = 0;
    while (k < want.length && want[k] === got[k]) k++;
    console.log(`  CLI (exit ${cliOut.status}): line ${k + 1}\n  llvm:   ${want[k]}\n  gcnkit: ${got[k]}`);
    return false;
  }
  return true;
}

/**
 * The CLI's fixed cost: `gcnkit disasm` on a tiny code object (one small kernel), against node doing
 * nothing and llvm-objdump-22 on the same file; the best of several runs each, interleaved.
 */
function startup(): void {
  const tiny = join(corpus, 'vadd.gfx908.O3.hsaco');
  const n = smoke ? 1 : 10;
  const t = {
    node: [] as Time[],
    cli: [] as Time[],
    version: [] as Time[],
    llvm: [] as Time[],
    bareNode: [] as Time[],
    bareCli: [] as Time[],
  };
  for (let k = 0; k < n; k++) {
    t.node.push(timeCommand(process.execPath, ['-e', '0']));
    t.cli.push(timeCommand(process.execPath, [cli.file, 'disasm', tiny]));
    if (withoutCaCerts) {
      t.bareNode.push(timeCommand(process.execPath, ['-e', '0'], withoutCaCerts));
      t.bareCli.push(timeCommand(process.execPath, [cli.file, 'disasm', tiny], withoutCaCerts));
    }
    t.version.push(timeCommand(process.execPath, [cli.file, '--version']));
    t.llvm.push(timeCommand('llvm-objdump-22', ['-d', tiny]));
  }
  const main = join(root, 'src', 'cli', 'main.ts');
  const tsx = timeCommand(process.execPath, ['--import', 'tsx', main, 'disasm', tiny]);
  console.log(`bench: start-up on ${tiny.slice(root.length + 1)} (best of ${n}):`);
  console.log(`  node -e 0                     ${fmt(best(t.node))}`);
  console.log(`  gcnkit disasm (bundled CLI)   ${fmt(best(t.cli))}`);
  if (withoutCaCerts) {
    console.log(
      `  NODE_EXTRA_CA_CERTS unset: node -e 0 ${fmt(best(t.bareNode))}, gcnkit disasm ${fmt(best(t.bareCli))}`,
    );
  }
  console.log(`  gcnkit --version (bundled)    ${fmt(best(t.version))}`);
  console.log(`  gcnkit disasm (node + tsx)    ${fmt(tsx)} (one run)`);
  console.log(`  llvm-objdump-22 -d            ${fmt(best(t.llvm))}`);
}

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-bench-'));
try {
  console.log(
    `bench: load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const ps = pieces();
  for (const mode of modes) {
    if (mode === 'startup') {
      startup();
      continue;
    }
    console.log(`bench: ${mode}: assembling the benchmark object with llvm-mc-22 ...`);
    const obj =
      mode === 'repeated'
        ? repeatedObject(dir, ps, smoke ? 1 : minInstructions)
        : distinctObject(dir, ps, smoke ? 20_000 : minInstructions);
    if (!measure(mode, obj)) process.exitCode = 1;
  }
} finally {
  cli.remove();
  if (process.env.GCNKIT_BENCH_KEEP) console.log(`bench: kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
