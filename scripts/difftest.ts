// csmith-lite differential tester: random OpenCL C kernels (scripts/randkernel.ts) compiled by clang-22,
// run on the emulator, compared with the host interpreter. Mismatches are reduced and written to a
// directory with the kernel, its inputs and a short report.
//
//   node --import tsx scripts/difftest.ts --count=N --seed=S [--targets=gfx900,gfx906,gfx908]
//        [--levels=O0,O3] [--out=/tmp/difftest-failures] [--no-reduce] [--reduce-seconds=60]
//   node --import tsx scripts/difftest.ts --corpus=DIR --count=N --seed=S   (writes a hermetic corpus)

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Device } from '../src/runtime/device.js';
import type { Engine } from '../src/runtime/types.js';
import {
  type Expr,
  gatomicInit,
  generate,
  interpret,
  isFloat,
  KERNEL_NAME,
  makeInputs,
  narrowOffset,
  type Program,
  printKernel,
  SENTINEL,
  type Stmt,
  sameWord,
  sizeOf,
  UndefinedVariable,
} from './randkernel.js';

const LIB = process.env.ROCM_DEVICE_LIB_PATH ?? '/usr/lib/x86_64-linux-gnu/amdgcn/bitcode';
const CLANG = process.env.CLANG ?? 'clang-22';
const LLD = process.env.LLD ?? 'ld.lld-22';

export function haveClang(): boolean {
  const ok = (t: string) => spawnSync(t, ['--version'], { stdio: 'ignore' }).status === 0;
  return ok(CLANG) && ok(LLD);
}

/** The clang command line of scripts/build-conformance.sh, plus correctly rounded f32 divide/sqrt. */
export function clangArgs(target: string, level: string, src: string, obj: string): string[] {
  return [
    '-x',
    'cl',
    '-cl-std=CL2.0',
    '-target',
    'amdgcn-amd-amdhsa',
    `-mcpu=${target}`,
    `-${level}`,
    '-mcode-object-version=5',
    '-ffp-contract=off',
    '-cl-fp32-correctly-rounded-divide-sqrt',
    `--rocm-device-lib-path=${LIB}`,
    '-Xclang',
    '-mlink-builtin-bitcode',
    '-Xclang',
    `${LIB}/oclc_daz_opt_off.bc`,
    '-c',
    src,
    '-o',
    obj,
  ];
}

/** Compiles OpenCL C source to a code object; throws with clang's message on failure. */
export function compile(source: string, target: string, level: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'difftest-'));
  try {
    const src = join(dir, 'k.cl');
    const obj = join(dir, 'k.o');
    const out = join(dir, 'k.hsaco');
    writeFileSync(src, source);
    const c = spawnSync(CLANG, clangArgs(target, level, src, obj), { encoding: 'utf8' });
    if (c.status !== 0) throw new CompileError(c.stderr || `clang exit ${c.status}`);
    const l = spawnSync(LLD, ['-shared', obj, '-o', out], { encoding: 'utf8' });
    if (l.status !== 0) throw new CompileError(l.stderr || `ld.lld exit ${l.status}`);
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class CompileError extends Error {}

/** Runs a compiled program on the emulator and returns the output words. */
export function runOnEmulator(
  p: Program,
  code: Uint8Array,
  inputs: BigUint64Array,
  engine: Engine = 'jit',
): BigUint64Array {
  const dev = new Device();
  const mod = dev.load(code, `seed-${p.seed}.hsaco`);
  const n = p.grid * p.outputs.length;
  const out = dev.upload(new BigUint64Array(n).fill(SENTINEL));
  const out2 = dev.upload(new BigUint64Array(n).fill(SENTINEL));
  const inp = dev.upload(inputs);
  const init = gatomicInit(p);
  const gacc = dev.upload(new BigUint64Array(Math.max(init.length, 1)).map((_, i) => init[i] ?? 0n));
  mod.launch(KERNEL_NAME, {
    grid: [p.grid],
    block: [p.block],
    args: [out, inp, { value: p.sarg >>> 0, type: 'u32' }, out2, gacc],
    budget: 5e7,
    engine,
  });
  const words = new BigUint64Array(2 * n + init.length);
  words.set(dev.download(out, BigUint64Array));
  words.set(dev.download(out2, BigUint64Array), n);
  words.set(dev.download(gacc, BigUint64Array).subarray(0, init.length), 2 * n);
  return words;
}

export interface Difference {
  /** 'out' (64-bit store) or 'out2' (store of the variable's own type). */
  buffer: string;
  item: number;
  slot: number;
  name: string;
  ty: string;
  expected: bigint;
  got: bigint;
  count: number;
}

/** The first differing output (and how many differ), or undefined when all match. */
export function compare(p: Program, got: BigUint64Array, want: BigUint64Array): Difference | undefined {
  const nout = p.outputs.length;
  let first: Difference | undefined;
  let count = 0;
  const half = p.grid * nout;
  for (let i = 0; i < want.length; i++) {
    const o = p.outputs[i % nout];
    if (i >= 2 * half) {
      if (got[i] === want[i]) continue;
    } else if (i < half) {
      if (sameWord(got[i], want[i], o.ty)) continue;
    } else {
      const sh = BigInt(narrowOffset(i % nout, o.ty) * 8);
      const mask = (1n << BigInt(sizeOf(o.ty) * 8)) - 1n;
      const rest = ~(mask << sh) & 0xffffffffffffffffn;
      if (
        (got[i] & rest) === (want[i] & rest) &&
        sameWord((got[i] >> sh) & mask, (want[i] >> sh) & mask, o.ty)
      )
        continue;
    }
    count++;
    first ??= {
      buffer: i < half ? 'out' : i < 2 * half ? 'out2' : `gacc[${i - 2 * half}]`,
      item: i < 2 * half ? Math.floor((i % half) / nout) : -1,
      slot: i < 2 * half ? i % nout : -1,
      name: i < 2 * half ? o.name : 'global atomic',
      ty: i < 2 * half ? o.ty : 'counter',
      expected: want[i],
      got: got[i],
      count: 0,
    };
  }
  if (first) first.count = count;
  return first;
}

export type Outcome =
  | { kind: 'pass' }
  | { kind: 'compile-error'; message: string }
  | { kind: 'emu-error'; message: string }
  | { kind: 'mismatch'; diff: Difference };

export function check(p: Program, target: string, level: string, code?: Uint8Array): Outcome {
  const inputs = makeInputs(p);
  const want = interpret(p, inputs);
  let bytes: Uint8Array;
  try {
    bytes = code ?? compile(printKernel(p), target, level);
  } catch (e) {
    return { kind: 'compile-error', message: (e as Error).message };
  }
  let got: BigUint64Array;
  try {
    got = runOnEmulator(p, bytes, inputs);
  } catch (e) {
    return { kind: 'emu-error', message: (e as Error).message.split('\n')[0] };
  }
  const diff = compare(p, got, want);
  return diff ? { kind: 'mismatch', diff } : { kind: 'pass' };
}

// ---------------------------------------------------------------------------------------------------
// Reduction: greedy deletion of statements and replacement of subexpressions while the failure persists.

function clone<T>(x: T): T {
  return structuredClone(x);
}

/** Every statement list of the program (so that candidates can delete from any of them). */
function stmtLists(ss: Stmt[], acc: Stmt[][] = []): Stmt[][] {
  acc.push(ss);
  for (const s of ss) {
    if (s.k === 'if') {
      stmtLists(s.t, acc);
      stmtLists(s.f, acc);
    } else if (s.k === 'for') stmtLists(s.body, acc);
  }
  return acc;
}

/** Every expression slot: [holder, key] pairs, key into the holder object or array. */
function exprSlots(p: Program): [Record<string | number, unknown>, string | number][] {
  const slots: [Record<string | number, unknown>, string | number][] = [];
  const visitE = (holder: Record<string | number, unknown>, key: string | number) => {
    slots.push([holder, key]);
    const e = holder[key] as Expr;
    const h = e as unknown as Record<string, unknown>;
    switch (e.k) {
      case 'un':
      case 'cast':
        visitE(h, 'e');
        break;
      case 'bin':
        visitE(h, 'a');
        visitE(h, 'b');
        break;
      case 'cond':
        visitE(h, 'c');
        visitE(h, 'a');
        visitE(h, 'b');
        break;
      case 'call':
        for (let i = 0; i < e.args.length; i++) visitE(e.args as unknown as Record<number, unknown>, i);
        break;
      case 'arr':
        visitE(h, 'idx');
        break;
    }
  };
  const visitS = (s: Stmt) => {
    const h = s as unknown as Record<string, unknown>;
    switch (s.k) {
      case 'decl':
      case 'assign':
        if (s.e.k !== 'in') visitE(h, 'e');
        break;
      case 'if':
        visitE(h, 'c');
        s.t.forEach(visitS);
        s.f.forEach(visitS);
        break;
      case 'for':
        visitE(h, 'n');
        s.body.forEach(visitS);
        break;
      case 'break':
        visitE(h, 'c');
        break;
      case 'arrdecl':
        for (let i = 0; i < s.inits.length; i++) visitE(s.inits as unknown as Record<number, unknown>, i);
        break;
      case 'arrset':
        visitE(h, 'idx');
        visitE(h, 'e');
        break;
      case 'lds':
        visitE(h, 'e');
        visitE(h, 'off');
        break;
      case 'atomic':
      case 'gatomic':
        visitE(h, 'idx');
        visitE(h, 'e');
        break;
      case 'vec':
        for (let i = 0; i < s.a.length; i++) visitE(s.a as unknown as Record<number, unknown>, i);
        for (let i = 0; i < s.b.length; i++) visitE(s.b as unknown as Record<number, unknown>, i);
        break;
    }
  };
  p.body.forEach(visitS);
  return slots;
}

/** Candidate simplifications of one expression: a constant of its type, or a child (cast to its type). */
function replacements(e: Expr): Expr[] {
  const out: Expr[] = [];
  const zero: Expr = { k: 'const', ty: e.ty, v: isFloat(e.ty) ? 0 : 0n };
  if (e.k !== 'const') out.push(zero);
  const kids: Expr[] =
    e.k === 'bin'
      ? [e.a, e.b]
      : e.k === 'un' || e.k === 'cast'
        ? [e.e]
        : e.k === 'cond'
          ? [e.a, e.b]
          : e.k === 'call'
            ? e.args
            : [];
  for (const k of kids) out.push(k.ty === e.ty ? k : { k: 'cast', ty: e.ty, e: k });
  return out;
}

export function reduce(
  p0: Program,
  target: string,
  level: string,
  seconds: number,
  log: (s: string) => void = () => {},
): Program {
  const deadline = Date.now() + seconds * 1000;
  let best = clone(p0);
  const fails = (p: Program): boolean => {
    try {
      interpret(p, makeInputs(p));
    } catch (e) {
      if (e instanceof UndefinedVariable) return false;
      throw e;
    }
    const r = check(p, target, level);
    return r.kind === 'mismatch' || r.kind === 'emu-error';
  };
  // Keep only the first differing output.
  const first = check(best, target, level);
  if (first.kind === 'mismatch' && first.diff.slot >= 0) {
    const cand = clone(best);
    cand.outputs = [best.outputs[first.diff.slot]];
    if (fails(cand)) best = cand;
  }
  let progress = true;
  while (progress && Date.now() < deadline) {
    progress = false;
    // Statement deletion, last first (later statements depend on earlier ones).
    const lists = stmtLists(best.body);
    for (let li = lists.length - 1; li >= 0 && Date.now() < deadline; li--) {
      for (let si = lists[li].length - 1; si >= 0 && Date.now() < deadline; si--) {
        const cand = clone(best);
        const cl = stmtLists(cand.body)[li];
        if (cl === undefined || si >= cl.length) continue;
        const s = cl[si];
        if (s.k === 'if') {
          // Also try hoisting a branch.
          const alts = [[], s.t, s.f];
          let done = false;
          for (const alt of alts) {
            const c2 = clone(best);
            stmtLists(c2.body)[li].splice(si, 1, ...clone(alt));
            if (fails(c2)) {
              best = c2;
              progress = true;
              done = true;
              break;
            }
          }
          if (done) break;
          continue;
        }
        cl.splice(si, 1);
        if (fails(cand)) {
          best = cand;
          progress = true;
          log(`  reduced: ${countStmts(best.body)} statements`);
          break;
        }
      }
      if (progress) break;
    }
    if (progress) continue;
    // Expression simplification.
    const n = exprSlots(best).length;
    for (let i = 0; i < n && Date.now() < deadline; i++) {
      const e = exprSlots(best)[i];
      if (e === undefined) break;
      for (const rep of replacements(e[0][e[1]] as Expr)) {
        const cand = clone(best);
        const [h, k] = exprSlots(cand)[i];
        h[k] = clone(rep);
        if (fails(cand)) {
          best = cand;
          progress = true;
          break;
        }
      }
      if (progress) break;
    }
  }
  // Smaller launch: one partial group is not always reproducible, try a single full group.
  for (const [block, grid] of [
    [64, 64],
    [64, 65],
  ]) {
    if (Date.now() > deadline) break;
    const cand = { ...clone(best), block, grid };
    if (cand.block !== best.block || cand.grid !== best.grid) {
      if (fails(cand)) {
        best = cand;
        break;
      }
    }
  }
  return best;
}

function countStmts(ss: Stmt[]): number {
  let n = 0;
  for (const s of ss) {
    n++;
    if (s.k === 'if') n += countStmts(s.t) + countStmts(s.f);
    else if (s.k === 'for') n += countStmts(s.body);
  }
  return n;
}

function hex(v: bigint): string {
  return `0x${v.toString(16).padStart(16, '0')}`;
}

function describe(o: Outcome): string {
  if (o.kind === 'mismatch') {
    const d = o.diff;
    return (
      `mismatch: ${d.buffer} item ${d.item} output ${d.slot} (${d.name}: ${d.ty}): expected ${hex(d.expected)}, ` +
      `got ${hex(d.got)} (${d.count} words differ)`
    );
  }
  if (o.kind === 'pass') return 'pass';
  return `${o.kind}: ${o.message}`;
}

function writeFailure(
  dir: string,
  p: Program,
  reduced: Program,
  target: string,
  level: string,
  o: Outcome,
): string {
  const d = join(dir, `seed-${p.seed}-${target}-${level}`);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'original.cl'), printKernel(p));
  writeFileSync(join(d, 'reduced.cl'), printKernel(reduced));
  writeFileSync(join(d, 'program.json'), serializeProgram(reduced));
  const inputs = makeInputs(reduced);
  writeFileSync(join(d, 'inputs.txt'), Array.from(inputs, (w) => hex(w)).join('\n'));
  const ro = check(reduced, target, level);
  const report = [
    `seed ${p.seed} target ${target} level ${level}`,
    `original: ${describe(o)}`,
    `reduced (${countStmts(reduced.body)} statements, block ${reduced.block}, grid ${reduced.grid}, sarg ${reduced.sarg}): ${describe(ro)}`,
    '',
    printKernel(reduced),
  ].join('\n');
  writeFileSync(join(d, 'report.txt'), report);
  try {
    const hsaco = join(d, 'reduced.hsaco');
    writeFileSync(hsaco, compile(printKernel(reduced), target, level));
    // The disassembly, for finding the offending instruction (when llvm-objdump-22 is installed).
    const dis = spawnSync(process.env.LLVM_OBJDUMP ?? 'llvm-objdump-22', ['-d', hsaco], { encoding: 'utf8' });
    if (dis.status === 0) writeFileSync(join(d, 'reduced.s'), dis.stdout);
  } catch {}
  return d;
}

/** Reads a program.json written by writeFailure or the corpus builder. */
export function parseProgram(text: string): Program {
  return JSON.parse(text, (_, v) => {
    if (typeof v !== 'string') return v;
    if (/^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1));
    if (/^(-0|NaN|-?Infinity)f$/.test(v)) return Number(v.slice(0, -1));
    return v;
  });
}

/** JSON with bigints as "123n" and the doubles JSON cannot hold (-0, NaN, infinities) as "-0f", ... */
export function serializeProgram(p: Program): string {
  return JSON.stringify(p, (_, v) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v)))
      return `${Object.is(v, -0) ? '-0' : v}f`;
    return v;
  });
}

// ---------------------------------------------------------------------------------------------------

function main(): void {
  const opts = new Map<string, string>();
  for (const a of process.argv.slice(2)) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`bad argument ${a}`);
    opts.set(m[1], m[2] ?? '1');
  }
  const count = Number(opts.get('count') ?? 20);
  const seed0 = Number(opts.get('seed') ?? 1);
  const targets = (opts.get('targets') ?? 'gfx900,gfx908').split(',');
  const levels = (opts.get('levels') ?? 'O0,O3').split(',');
  const outDir = opts.get('out') ?? '/tmp/difftest-failures';
  const reduceSeconds = Number(opts.get('reduce-seconds') ?? 60);
  const corpus = opts.get('corpus');
  if (!haveClang()) {
    console.error(`difftest: ${CLANG} or ${LLD} not found`);
    process.exit(2);
  }
  const stats = { programs: 0, compiles: 0, compileErrors: 0, runs: 0, mismatches: 0, emuErrors: 0 };
  const problems: string[] = [];
  const t0 = Date.now();
  for (let n = 0; n < count; n++) {
    const seed = seed0 + n;
    const p = generate(seed);
    stats.programs++;
    const src = printKernel(p);
    for (const target of targets) {
      for (const level of levels) {
        let code: Uint8Array;
        try {
          code = compile(src, target, level);
          stats.compiles++;
        } catch (e) {
          stats.compileErrors++;
          problems.push(
            `seed ${seed} ${target}-${level}: compile error: ${(e as Error).message.split('\n')[0]}`,
          );
          continue;
        }
        stats.runs++;
        // The corpus is checked through its JSON form, as the hermetic test reads it.
        const o = check(corpus !== undefined ? parseProgram(serializeProgram(p)) : p, target, level, code);
        if (corpus !== undefined) {
          if (o.kind !== 'pass') throw new Error(`corpus seed ${seed} ${target}-${level}: ${describe(o)}`);
          mkdirSync(corpus, { recursive: true });
          writeFileSync(join(corpus, `seed-${seed}-${target}-${level}.hsaco`), code);
          continue;
        }
        if (o.kind === 'pass') continue;
        if (o.kind === 'mismatch') stats.mismatches++;
        else stats.emuErrors++;
        console.log(`seed ${seed} ${target}-${level}: ${describe(o)}`);
        const reduced = opts.has('no-reduce')
          ? p
          : reduce(p, target, level, reduceSeconds, (s) => process.env.DIFFTEST_VERBOSE && console.log(s));
        const d = writeFailure(outDir, p, reduced, target, level, o);
        problems.push(`seed ${seed} ${target}-${level}: ${describe(o)} -> ${d}`);
      }
    }
    if (corpus !== undefined) {
      writeFileSync(join(corpus, `seed-${seed}.json`), serializeProgram(p) + '\n');
      writeFileSync(join(corpus, `seed-${seed}.cl`), src);
    }
    if ((n + 1) % 10 === 0)
      console.log(
        `  ${n + 1}/${count} programs, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${stats.mismatches} mismatches, ${stats.emuErrors} emulator errors`,
      );
  }
  console.log(
    `difftest: ${stats.programs} programs x ${targets.length} targets x ${levels.length} levels: ` +
      `${stats.compiles} compiles (${stats.compileErrors} failed), ${stats.runs} runs, ` +
      `${stats.mismatches} mismatches, ${stats.emuErrors} emulator errors in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const s of problems) console.log(`  ${s}`);
  process.exitCode = stats.mismatches + stats.emuErrors + stats.compileErrors > 0 ? 1 : 0;
}

if (process.argv[1] && /difftest\.ts$/.test(process.argv[1])) main();
