// Tier 5d: differential fuzzing of the disassembler against LLVM, for any target.
// gfx8/gfx9 (llvm-objdump-22 disassembles them): whole lines are compared, text, size and the
// `; Warning: ...` comment objdump appends. gfx6/gfx7 (llvm-objdump-22 cannot disassemble them): a round
// trip instead: gcnkit's text for each candidate it decodes is assembled by llvm-mc-22 (one process per
// batch), which must give back the candidate's words; the words gcnkit rejects are counted, unchecked.
// Random candidates (a first dword, uniform or biased to the high bits of real encodings, and a random
// second dword) are laid out one per 16-byte slot, [w0, w1, s_nop 0, s_nop 0], so that whatever objdump
// makes of w0 and w1 (gfx9 instructions are at most 2 dwords) it is back in step at the next slot and
// each slot's first line maps back to its candidate. gcnkit decodes the same 4 words; the first
// instructions must agree: same text and size, or both rejected (`.long`).
// llvm-objdump-22 crashes on some words (e.g. certain MTBUF formats): a crashed run is resumed after the
// slot that crashed it, found with --start/--stop-address, and such slots are reported, not compared.
// Usage: npm run fuzz -- --mcpu=gfx908|gfx803|gfx600|... --count=1000000 --seed=1 [--mode=mixed|uniform|biased]
//        [--batch=50000] [--jobs=2] [--out=/tmp/gcnkit-fuzz-gfx908-1.json] [--top=25] [--examples=20]
//        [--max-saved=200000] [--verify-crashes]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAt, formatOf } from '../src/codec/disasm.js';
import type { DecodeInput, DecodeOutput, Format } from '../src/codec/types.js';
import { findProcessor, type Generation, isaRefusal } from '../src/isa/processors.js';
import type { Target } from '../src/isa/targets.js';
import {
  assembleLinesAsync,
  LLVM_MC,
  type ObjdumpLine,
  objdumpRange,
  parseObjdump,
  runTool,
  S_NOP_0,
} from './lib/llvm.js';

export type FuzzMode = 'uniform' | 'biased' | 'mixed';

// ---------------------------------------------------------------------------------------------------
// Random candidates (deterministic for a seed; also used by the hermetic test/fuzz.test.ts)

/** sfc32, seeded through splitmix32: small, fast, and good enough to spread bits. */
export function makeRng(seed: number, stream = 0): () => number {
  let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  const mix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let k = 0; k < 12; k++) next();
  return next;
}

/** For each format of a generation, the values of bits [31:23] that select it. */
function highBitsOf(gen: Generation): [Format, number[]][] {
  const m = new Map<Format, number[]>();
  for (let hb = 0; hb < 512; hb++) {
    const f = formatOf(hb << 23, gen);
    if (f) m.set(f, [...(m.get(f) ?? []), hb]);
  }
  return [...m.entries()];
}
const HIGH_BITS_OF: Record<Generation, [Format, number[]][]> = {
  gfx6: highBitsOf('gfx6'),
  gfx7: highBitsOf('gfx7'),
  gfx8: highBitsOf('gfx8'),
  gfx9: highBitsOf('gfx9'),
};

/**
 * A first dword drawn to cover the formats evenly: a format uniformly, then its high bits, then random
 * low bits; the operand values that change the instruction's shape (literal 0xff, SDWA 0xf9, DPP 0xfa)
 * are made frequent, since uniform bits would reach them once in 256 or 512 draws.
 */
export function biasedWord(rng: () => number, gen: Generation = 'gfx9'): number {
  const table = HIGH_BITS_OF[gen];
  const [fmt, hbs] = table[rng() % table.length];
  let w = ((hbs[rng() % hbs.length] << 23) | (rng() & 0x7fffff)) >>> 0;
  const r = rng();
  switch (fmt) {
    case 'vop1':
    case 'vop2':
    case 'vopc':
      if (r % 8 < 3) w = ((w & ~0x1ff) | [0xf9, 0xfa, 0xff][r % 8]) >>> 0;
      break;
    case 'sop2':
    case 'sopc':
      if (r % 8 < 2) w = ((w & ~0xff) | 0xff) >>> 0;
      else if (r % 8 < 4) w = ((w & ~0xff00) | 0xff00) >>> 0;
      break;
    case 'sop1':
      if (r % 8 < 2) w = ((w & ~0xff) | 0xff) >>> 0;
      break;
    default:
      break;
  }
  return w;
}

/** Fills `n` slots of 4 words: [w0, w1, s_nop 0, s_nop 0]. Candidate k is biased when the mode says so. */
export function fillSlots(
  rng: () => number,
  n: number,
  mode: FuzzMode,
  gen: Generation = 'gfx9',
): Uint32Array {
  const words = new Uint32Array(n * 4);
  for (let k = 0; k < n; k++) {
    const biased = mode === 'biased' || (mode === 'mixed' && k % 2 === 1);
    words[4 * k] = biased ? biasedWord(rng, gen) : rng();
    words[4 * k + 1] = rng();
    words[4 * k + 2] = S_NOP_0;
    words[4 * k + 3] = S_NOP_0;
  }
  return words;
}

// ---------------------------------------------------------------------------------------------------
// llvm-objdump side

/** The first objdump line of each slot (undefined where objdump crashed), and the crashing slots. */
interface OracleBatch {
  first: (ObjdumpLine | undefined)[];
  crashed: number[];
}

/** Slots per llvm-objdump run. */
const CHUNK = 10000;

async function oracle(
  words: Uint32Array,
  mcpu: Target,
  dir: string,
  tag: string,
  verify: boolean,
): Promise<OracleBatch> {
  const n = words.length / 4;
  const lines: string[] = ['.text'];
  for (let k = 0; k < n; k++) {
    const o = 4 * k;
    lines.push(`.long 0x${words[o].toString(16)},0x${words[o + 1].toString(16)},0xbf800000,0xbf800000`);
  }
  // A last s_nop slot: objdump-22 also crashes when the section ends inside an instruction.
  lines.push('.long 0xbf800000,0xbf800000,0xbf800000,0xbf800000', '');
  const src = join(dir, `${tag}.s`);
  const obj = join(dir, `${tag}.o`);
  writeFileSync(src, lines.join('\n'));
  const mc = await runTool(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-filetype=obj', src, '-o', obj]);
  if (!mc.ok) throw new Error(`llvm-mc failed: ${mc.stderr.slice(0, 500)}`);

  const first: (ObjdumpLine | undefined)[] = new Array(n);
  const crashed: number[] = [];
  const take = (ls: ObjdumpLine[], below: number) => {
    for (const l of ls) if (l.addr % 16 === 0 && l.addr / 16 < below) first[l.addr / 16] = l;
  };
  const crashes = async (lo: number, hi: number) => !(await objdumpRange(obj, mcpu, lo * 16, hi * 16)).ok;
  // Chunks of the object, each its own objdump run, so that a crash costs a rerun of one chunk only.
  for (let c0 = 0; c0 < n; c0 += CHUNK) {
    const end = Math.min(n, c0 + CHUNK);
    let s = c0;
    while (s < end) {
      const run = await objdumpRange(obj, mcpu, s * 16, end * 16);
      const ls = parseObjdump(run.stdout);
      if (run.ok) {
        take(ls, end);
        break;
      }
      // Everything printed precedes the crash, and objdump-22's output runs right up to it (it is not
      // lost in a buffer): the crashing slot is the one where the next instruction after the last line
      // starts. With `verify`, that guess is confirmed by a run of its own, and if wrong the first e with
      // [lo, e) crashing is found by galloping then bisecting.
      const last = ls.length ? ls[ls.length - 1] : undefined;
      const lo = last ? Math.max(s, Math.floor(last.addr / 16)) : s;
      const guess = last && last.addr + 4 * last.size >= 16 * (lo + 1) ? lo + 1 : lo;
      // Lines before the crashing slot were printed whole.
      take(ls, guess);
      // A crash after the last slot's output (guess === end) leaves nothing to blame in this chunk.
      if (guess >= end) break;
      let ok = guess;
      if (verify && !(await crashes(guess, guess + 1))) {
        let step = 1;
        let bad = Math.min(end, guess + step);
        while (bad < end && !(await crashes(guess, bad))) {
          ok = bad;
          step *= 4;
          bad = Math.min(end, guess + step);
        }
        while (bad - ok > 1) {
          const mid = (ok + bad) >>> 1;
          if (await crashes(guess, mid)) bad = mid;
          else ok = mid;
        }
      }
      // [guess, ok) is clean (only when the guess was wrong): decode it, then go on after slot ok.
      if (ok > guess) {
        const clean = await objdumpRange(obj, mcpu, guess * 16, ok * 16);
        take(parseObjdump(clean.stdout), ok);
      }
      crashed.push(ok);
      s = ok + 1;
    }
  }
  return { first, crashed };
}

// ---------------------------------------------------------------------------------------------------
// Comparison

/**
 * gfx8/9: llvm-objdump rejects what gcnkit decodes, the reverse, or both decode with another text, size
 * or comment. gfx6/7: llvm-mc rejects gcnkit's text, or assembles it to other words (`hidden-bits`:
 * words gcnkit prints with the same text, so they differ only in bits the text does not show).
 */
export type DisagreementKind =
  | 'gcnkit-decodes'
  | 'gcnkit-rejects'
  | 'text'
  | 'size'
  | 'comment'
  | 'mc-rejects'
  | 'other-bytes'
  | 'hidden-bits';

/** One instruction as gcnkit prints it (comment: what llvm-objdump appends after `; `). */
interface Line {
  text: string;
  size: number;
  comment: string;
}

/** [hex words of the slot, objdump text (gfx6/7: `llvm-mc: ` + its words or error), its size, gcnkit text, gcnkit size] */
export type Disagreement = [string, string, number, string, number];

export interface FuzzClass {
  key: string;
  kind: DisagreementKind;
  format: string;
  op: string;
  count: number;
  examples: Disagreement[];
}

export interface FuzzResult {
  mcpu: Target;
  /** What gcnkit is compared with: llvm-objdump-22 (gfx8/9) or llvm-mc-22's round trip (gfx6/7). */
  oracle: string;
  seed: number;
  mode: FuzzMode;
  count: number;
  /** Candidates compared (count minus those objdump crashed on). */
  compared: number;
  agree: number;
  agreementRate: number;
  /** Candidates both tools decoded (same or not) / both rejected. */
  bothDecode: number;
  bothReject: number;
  byMode: Record<'uniform' | 'biased', { compared: number; agree: number; rejected: number }>;
  /** gfx6/7: candidates gcnkit prints as `.long` (no oracle for them; not compared). */
  gcnkitRejects: number;
  byKind: Record<DisagreementKind, number>;
  /** gcnkit threw: must stay 0. [hex, message] */
  exceptions: number;
  exceptionExamples: [string, string][];
  objdumpCrashes: number;
  objdumpCrashExamples: string[];
  /** Slots objdump printed nothing for at their start (should not happen: a layout bug if it does). */
  objdumpMissing: number;
  classes: FuzzClass[];
  /** All disagreements, up to maxSaved. */
  disagreements: Disagreement[];
  seconds: number;
}

export interface FuzzOptions {
  mcpu: Target;
  count: number;
  seed: number;
  mode?: FuzzMode;
  batch?: number;
  jobs?: number;
  /** Examples kept per class. */
  examples?: number;
  maxSaved?: number;
  /** Confirm each slot blamed for an objdump crash with a run of its own (slower). */
  verifyCrashes?: boolean;
  log?: (s: string) => void;
}

function firstToken(text: string): string {
  const m = /^\S+/.exec(text);
  return m ? m[0] : '';
}

function hexOf(words: Uint32Array, o: number, n: number): string {
  let s = '';
  for (let k = 0; k < n; k++) s += (k ? ' ' : '') + words[o + k].toString(16).padStart(8, '0');
  return s;
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  // A processor whose ISA gcnkit does not describe is refused by the decoder before any word: say so once.
  const refusal = isaRefusal(opts.mcpu);
  if (refusal !== null) throw new Error(refusal);
  const t0 = performance.now();
  const mode = opts.mode ?? 'mixed';
  const batch = opts.batch ?? 50000;
  const jobs = opts.jobs ?? 2;
  const perClass = opts.examples ?? 20;
  const maxSaved = opts.maxSaved ?? 200000;
  const res: FuzzResult = {
    mcpu: opts.mcpu,
    oracle: '',
    seed: opts.seed,
    mode,
    count: opts.count,
    compared: 0,
    agree: 0,
    agreementRate: 0,
    bothDecode: 0,
    bothReject: 0,
    byMode: {
      uniform: { compared: 0, agree: 0, rejected: 0 },
      biased: { compared: 0, agree: 0, rejected: 0 },
    },
    gcnkitRejects: 0,
    byKind: {
      'gcnkit-decodes': 0,
      'gcnkit-rejects': 0,
      text: 0,
      size: 0,
      comment: 0,
      'mc-rejects': 0,
      'other-bytes': 0,
      'hidden-bits': 0,
    },
    exceptions: 0,
    exceptionExamples: [],
    objdumpCrashes: 0,
    objdumpCrashExamples: [],
    objdumpMissing: 0,
    classes: [],
    disagreements: [],
    seconds: 0,
  };
  const classes = new Map<string, FuzzClass>();
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-fuzz-'));
  const nBatches = Math.ceil(opts.count / batch);

  const gen = findProcessor(opts.mcpu)?.generation;
  if (gen === undefined) throw new Error(`no processor ${opts.mcpu}`);
  // llvm-objdump-22 disassembles gfx8 and gfx9; for gfx6/7 the oracle is llvm-mc's round trip.
  const roundTrip = gen === 'gfx6' || gen === 'gfx7';
  res.oracle = roundTrip ? 'llvm-mc-22 round trip' : 'llvm-objdump-22';

  /** gcnkit's first instruction of each slot, or null where it threw (counted and kept as an example). */
  const decodeSlots = (words: Uint32Array): (Line | null)[] => {
    const n = words.length / 4;
    const out: (Line | null)[] = new Array(n);
    const d: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
    for (let k = 0; k < n; k++) {
      const o = 4 * k;
      try {
        const inp: DecodeInput = { words: words.subarray(o, o + 4), n: 4, target: opts.mcpu };
        decodeAt(inp, 0, d);
        out[k] = { text: d.text, size: d.size, comment: d.comment ?? '' };
      } catch (e) {
        res.exceptions++;
        if (res.exceptionExamples.length < 50)
          res.exceptionExamples.push([hexOf(words, o, 2), String((e as Error)?.stack ?? e)]);
        out[k] = null;
      }
    }
    return out;
  };

  const disagree = (words: Uint32Array, o: number, kind: DisagreementKind, d: Disagreement, op: string) => {
    res.byKind[kind]++;
    const format = formatOf(words[o], gen) ?? 'none';
    const key = `${kind} ${format} ${op}`;
    let c = classes.get(key);
    if (!c) {
      c = { key, kind, format, op, count: 0, examples: [] };
      classes.set(key, c);
    }
    c.count++;
    if (c.examples.length < perClass) c.examples.push(d);
    if (res.disagreements.length < maxSaved) res.disagreements.push(d);
  };

  const compare = (words: Uint32Array, or: OracleBatch, mine: (Line | null)[]) => {
    const n = words.length / 4;
    const crashed = new Set(or.crashed);
    for (let k = 0; k < n; k++) {
      const o = 4 * k;
      if (crashed.has(k)) {
        res.objdumpCrashes++;
        if (res.objdumpCrashExamples.length < 50) res.objdumpCrashExamples.push(hexOf(words, o, 2));
        continue;
      }
      const ob = or.first[k];
      if (!ob) {
        res.objdumpMissing++;
        continue;
      }
      const g = mine[k];
      if (g === null) continue;
      const biased = mode === 'biased' || (mode === 'mixed' && k % 2 === 1);
      const m = res.byMode[biased ? 'biased' : 'uniform'];
      res.compared++;
      m.compared++;
      const oRej = ob.text.startsWith('.long');
      const gRej = g.text.startsWith('.long');
      if (oRej && gRej) {
        res.agree++;
        m.agree++;
        res.bothReject++;
        continue;
      }
      // The comment after the hex: `; Warning: ...` is compared; a branch target `<.text+0x..>` is not.
      const oComment = ob.comment.startsWith(';') ? ob.comment.slice(1).trim() : '';
      if (!oRej && !gRej) {
        res.bothDecode++;
        if (ob.text === g.text && ob.size === g.size && oComment === g.comment) {
          res.agree++;
          m.agree++;
          continue;
        }
      }
      const kind: DisagreementKind = oRej
        ? 'gcnkit-decodes'
        : gRej
          ? 'gcnkit-rejects'
          : ob.text !== g.text
            ? 'text'
            : ob.size !== g.size
              ? 'size'
              : 'comment';
      const withComment = (t: string, c: string) => (c ? `${t} ; ${c}` : t);
      disagree(
        words,
        o,
        kind,
        [hexOf(words, o, 2), withComment(ob.text, oComment), ob.size, withComment(g.text, g.comment), g.size],
        firstToken(oRej ? g.text : ob.text),
      );
    }
  };

  /** gfx6/7: llvm-mc reassembles gcnkit's text of every slot gcnkit decodes; the words must come back. */
  const roundTripBatch = async (words: Uint32Array, mine: (Line | null)[]) => {
    const n = words.length / 4;
    const ks: number[] = [];
    for (let k = 0; k < n; k++) {
      const g = mine[k];
      if (g === null) continue;
      const biased = mode === 'biased' || (mode === 'mixed' && k % 2 === 1);
      if (g.text.startsWith('.long')) {
        res.gcnkitRejects++;
        res.byMode[biased ? 'biased' : 'uniform'].rejected++;
      } else ks.push(k);
    }
    const back = await assembleLinesAsync(
      ks.map((k) => mine[k]!.text),
      opts.mcpu,
    );
    ks.forEach((k, j) => {
      const o = 4 * k;
      const g = mine[k]!;
      const biased = mode === 'biased' || (mode === 'mixed' && k % 2 === 1);
      const m = res.byMode[biased ? 'biased' : 'uniform'];
      res.compared++;
      m.compared++;
      res.bothDecode++;
      const r = back[j];
      const mineHex = hexOf(words, o, g.size);
      if (r.words && r.words.length === g.size && hexOf(Uint32Array.from(r.words), 0, g.size) === mineHex) {
        res.agree++;
        m.agree++;
        return;
      }
      const got = r.words ? hexOf(Uint32Array.from(r.words), 0, r.words.length) : `error: ${r.error}`;
      // Other words that gcnkit prints with the same text differ only in bits the text does not show
      // (unused fields of random words): told apart from real disagreements, still not agreement.
      let kind: DisagreementKind = 'mc-rejects';
      if (r.words) {
        let again = '';
        try {
          const w = Uint32Array.from([...r.words, S_NOP_0, S_NOP_0]);
          const d: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN, comment: '' };
          decodeAt({ words: w, n: w.length, target: opts.mcpu }, 0, d);
          again = d.text;
        } catch {
          again = '';
        }
        kind = again === g.text ? 'hidden-bits' : 'other-bytes';
      }
      disagree(
        words,
        o,
        kind,
        [mineHex, `llvm-mc: ${got}`, r.words?.length ?? 0, g.text, g.size],
        firstToken(g.text),
      );
    });
  };

  try {
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < nBatches) {
        const b = next++;
        const n = Math.min(batch, opts.count - b * batch);
        // One stream per batch: the candidates do not depend on --batch order or on --jobs scheduling.
        const words = fillSlots(makeRng(opts.seed, b), n, mode, gen);
        const mine = decodeSlots(words);
        if (roundTrip) await roundTripBatch(words, mine);
        else compare(words, await oracle(words, opts.mcpu, dir, `b${b}`, opts.verifyCrashes ?? false), mine);
        done++;
        opts.log?.(
          `  batch ${done}/${nBatches}: ${res.agree}/${res.compared} agree, ${res.objdumpCrashes} objdump crashes`,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  res.agreementRate = res.compared ? res.agree / res.compared : 1;
  res.classes = [...classes.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  res.seconds = (performance.now() - t0) / 1000;
  return res;
}

// ---------------------------------------------------------------------------------------------------
// CLI

function summary(r: FuzzResult, top: number): string {
  const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(3) : '100.000') + '%';
  const out = [
    `fuzz ${r.mcpu} seed=${r.seed} mode=${r.mode}: ${r.count} candidates in ${r.seconds.toFixed(1)}s, against ${r.oracle}`,
    `  agreement ${r.agree}/${r.compared} = ${pct(r.agree, r.compared)}` +
      ` (uniform ${pct(r.byMode.uniform.agree, r.byMode.uniform.compared)} of ${r.byMode.uniform.compared},` +
      ` biased ${pct(r.byMode.biased.agree, r.byMode.biased.compared)} of ${r.byMode.biased.compared})`,
    r.oracle.includes('round trip')
      ? `  gcnkit decodes ${r.compared} (compared), rejects ${r.gcnkitRejects} (no oracle, not compared)`
      : `  both decode ${r.bothDecode}, both reject ${r.bothReject}`,
    `  disagreements: ${Object.entries(r.byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  gcnkit exceptions: ${r.exceptions}`,
    `  objdump crashes (not compared): ${r.objdumpCrashes}${r.objdumpMissing ? `, objdump missing: ${r.objdumpMissing}` : ''}`,
  ];
  for (const [hex, msg] of r.exceptionExamples.slice(0, 5))
    out.push(`  EXCEPTION [${hex}]: ${msg.split('\n')[0]}`);
  // Per format, so that one unfinished family does not hide the rest.
  const byFormat = new Map<string, number>();
  for (const c of r.classes)
    byFormat.set(`${c.kind} ${c.format}`, (byFormat.get(`${c.kind} ${c.format}`) ?? 0) + c.count);
  const fmts = [...byFormat.entries()].sort((a, b) => b[1] - a[1]);
  if (fmts.length) out.push(`  by kind and format: ${fmts.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  // The largest classes, at most 3 per kind and format.
  const shown: FuzzClass[] = [];
  const per = new Map<string, number>();
  for (const c of r.classes) {
    const k = `${c.kind} ${c.format}`;
    if ((per.get(k) ?? 0) >= 3) continue;
    per.set(k, (per.get(k) ?? 0) + 1);
    shown.push(c);
    if (shown.length >= top) break;
  }
  if (r.classes.length)
    out.push(
      `  ${shown.length} of ${r.classes.length} disagreement classes (at most 3 per kind and format):`,
    );
  for (const c of shown) {
    const [hex, ot, os, gt, gs] = c.examples[0];
    out.push(`  ${String(c.count).padStart(8)}  ${c.key}`);
    out.push(`            [${hex}] objdump(${os}): ${ot}`);
    out.push(`            ${' '.repeat(hex.length + 2)} gcnkit(${gs}):  ${gt}`);
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const arg = (name: string): string | undefined =>
    process.argv
      .slice(2)
      .find((a) => a.startsWith(`--${name}=`))
      ?.slice(name.length + 3);
  const name = arg('mcpu') ?? 'gfx908';
  const refusal = isaRefusal(name);
  if (refusal !== null) throw new Error(`--mcpu: ${refusal}`);
  // Every processor with a record is a Target (isa/targets.ts).
  const mcpu = name as Target;
  const mode = (arg('mode') ?? 'mixed') as FuzzMode;
  if (!['uniform', 'biased', 'mixed'].includes(mode)) throw new Error(`--mode: ${mode}`);
  const opts: FuzzOptions = {
    mcpu,
    mode,
    count: Number(arg('count') ?? 1000000),
    seed: Number(arg('seed') ?? 1),
    batch: Number(arg('batch') ?? 50000),
    jobs: Number(arg('jobs') ?? 2),
    examples: Number(arg('examples') ?? 20),
    maxSaved: Number(arg('max-saved') ?? 200000),
    verifyCrashes: process.argv.includes('--verify-crashes'),
    log: (s) => process.stderr.write(s + '\n'),
  };
  const out = arg('out') ?? join(tmpdir(), `gcnkit-fuzz-${mcpu}-${opts.seed}.json`);
  const r = await runFuzz(opts);
  writeFileSync(out, JSON.stringify(r));
  console.log(summary(r, Number(arg('top') ?? 25)));
  console.log(`  report: ${out}`);
  if (r.exceptions > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(`fuzz-disasm: ${(e as Error).message}`);
    process.exit(2);
  });
}
