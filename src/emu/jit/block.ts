// The translating engine's unit: a region of basic blocks compiled into one JavaScript function, a loop
// over a switch of the blocks whose branches between them are plain control flow (gen.ts writes each
// block's code). A region is compiled for one MODE value (the f32 snippets assume it) and runs only while
// the wave is in that mode and not in VGPR indexing mode (the dispatcher checks).

import type { Inst } from '../inst.js';
import { branchTarget } from '../salu/exec.js';
import type { Wave } from '../wave.js';
import { BRANCHES, endsBlock, Gen } from './gen.js';
import { HELPERS, type Helpers } from './helpers.js';
import { vregControl, vregExports, vregMemory } from './vregs.js';
import { type FuncWriter, moduleBytes } from './wasm-bin.js';

export { FAULT } from './helpers.js';

/**
 * A compiled block's code: runs block B's region from its first instruction on wave w (B's instructions
 * are its code's I, its start address P, its SIMD loops X); returns how many instructions it executed.
 * The Block, not its start address, is the argument: an address above 2^31 passed to a function V8 does
 * not inline is a heap number allocated per call (mandelbrot's loop crosses regions 300,000 times a
 * launch), while read from the Block inside the function it stays a double in a register.
 */
type BlockCode = (w: Wave, B: Block, H: Helpers, lim: number) => number;

/** A region's SIMD lane loop (simd-gen.ts): (vb, e0, e1, g0, SGPR values...) => group left, or -1. */
type SimdFn = (...args: number[]) => number;

const NO_SIMD: readonly SimdFn[] = [];

export class Block {
  constructor(
    /**
     * The compiled function, shared by every load of the same region (REGIONS, FUNCTIONS); a cold
     * block's is interpretBlock until it is compiled.
     */
    public code: BlockCode,
    /** The region's SIMD lane loops, the code's X. */
    public simd: readonly SimdFn[],
    insts: readonly Inst[],
    readonly mode: number,
    readonly start: number,
    /** Where a wave may enter the region: `start`, or for a loop any of its blocks (loopRegion). */
    readonly entries: readonly number[] = [start],
  ) {
    this.insts = insts;
    this.first = start;
    this.last = start;
    this.span();
  }
  /** The region's instructions, the code's I (a cold block's: its first basic block). */
  insts: readonly Inst[];
  /** Lowest and highest instruction address of the region (for the watchdog's pc ranges). */
  first: number;
  last: number;
  /** Runs left before a cold block is compiled (0: compiled). */
  private cold = 0;
  /** Compiles a cold block's region. */
  private heat: (() => Block) | null = null;

  private span(): void {
    for (const i of this.insts) {
      if (i.pc < this.first) this.first = i.pc;
      if (i.pc > this.last) this.last = i.pc;
    }
  }

  /** Makes this block cold: the interpreter runs it `runs` times, then `compile`'s region replaces it. */
  chill(runs: number, compile: () => Block): void {
    this.cold = runs + 1;
    this.heat = compile;
  }

  /**
   * Counts a cold loop's pass through its header as a run (interpretLoop, which runs the whole loop):
   * whether the loop is due to be compiled, on its next run.
   */
  pass(): boolean {
    if (this.cold > 1) this.cold--;
    return this.cold === 1;
  }

  /** Whether the block still runs on the interpreter (tests). */
  get isCold(): boolean {
    return this.cold !== 0;
  }

  /** The blocks that last followed this one (a branch's two ways), so that most transitions skip the cache. */
  private next0: Block | null = null;
  private next1: Block | null = null;

  /** The block at pc for mode, after this one: one of the last two successors, or the cache's. */
  successor(
    cache: { get(fetch: (pc: number) => Inst, pc: number, mode: number): Block },
    fetch: (pc: number) => Inst,
    pc: number,
    mode: number,
  ): Block {
    const a = this.next0;
    if (a !== null && a.start === pc && a.mode === mode) return a;
    const b = this.next1;
    if (b !== null && b.start === pc && b.mode === mode) return b;
    const c = cache.get(fetch, pc, mode);
    this.next1 = a;
    this.next0 = c;
    return c;
  }

  /** The generated JavaScript (for tests and for reading what the engine made of a block). */
  get source(): string {
    return this.code.toString();
  }

  /**
   * Runs the region from its entry until control leaves it, or (at a branch between its blocks) once it
   * has executed `limit` instructions or more; returns how many instructions it executed.
   */
  run(w: Wave, limit: number): number {
    if (this.cold !== 0 && --this.cold === 0) this.compile();
    return this.code(w, this, HELPERS, limit);
  }

  /** Takes the compiled region's code in place, so that the blocks linked to this one run it too. */
  private compile(): void {
    const c = (this.heat as () => Block)();
    this.heat = null;
    this.code = c.code;
    this.simd = c.simd;
    this.insts = c.insts;
    this.span();
  }
}

/**
 * A cold block's code: its instructions on their interpreter handlers, one after another, as the
 * interpreter's loop runs them (it stops when the wave ends, waits at a barrier or leaves the block, and
 * before an instruction the dispatcher must issue itself: VGPR indexing mode or MODE.VSKIP on).
 */
function interpretBlock(w: Wave, B: Block, H: Helpers): number {
  const I = B.insts;
  const f = H.fault;
  let j = 0;
  for (; j < I.length; j++) {
    const i = I[j];
    if (w.pc !== i.pc || w.done || w.atBarrier || w.gprIdxMode !== 0 || w.sys.skipVector) break;
    f.at = j;
    f.n = j;
    i.run(w, i);
  }
  return j;
}

/** Longest block: bounds compile time and how far a wave overruns its scheduler slice. */
const MAX_INSTS = 64;

/**
 * The compiled functions by source text. A block's source depends only on its instructions and MODE, not
 * on where it is loaded (addresses are relative to P, the instructions passed as I), so the same kernel
 * loaded again (another Device, another launch, the next benchmark repeat) runs the same function, with
 * the machine code V8 optimised it into, instead of paying TurboFan's compile time again.
 */
const FUNCTIONS = new Map<string, Compiled>();
const MAX_FUNCTIONS = 20000;

interface Compiled {
  readonly fn: BlockCode;
  readonly simd: readonly SimdFn[];
}

/** A program's image: its dwords from device address `base`, decoded for `target`. */
export interface CodeImage {
  readonly base: number;
  readonly words: Uint32Array;
  readonly target: string;
}

/**
 * The compiled regions by what determines their code: the target, MODE, the region's shape (each block's
 * start relative to the entry) and its instruction words. Found here, a region of a kernel loaded again
 * skips generating its source (and WebAssembly), which on a short kernel's later launches was 5-20% of
 * the launch's time (mandelbrot: 2-5 ms of 21-26 ms). Looked up by a hash of all that, and confirmed
 * against a copy of it (`sig`): every cold block looks its region up, and a string key of the region's
 * words made for each was most of the garbage a one-shot kernel left (its GC took 1.9x the
 * interpreter's).
 */
const REGIONS = new Map<
  number,
  { readonly sig: Uint32Array; readonly target: string; readonly c: Compiled }[]
>();
let regionCount = 0;

const SIG_HASH = 0;
const SIG_SAME = 1;
const SIG_COPY = 2;
const SIG_COUNT = 3;

/** What determines a region's code but its target (in `img`): REGIONS' key. */
interface RegionId {
  readonly img: CodeImage;
  readonly blocks: readonly (readonly Inst[])[];
  readonly pc: number;
  readonly mode: number;
  readonly simd: boolean;
  readonly loop: boolean;
}

/**
 * Walks the signature of region r: mode, simd, loop, the block count, then per block its start relative
 * to the entry, its length in words and its words. SIG_HASH returns its hash; SIG_SAME whether `sig`
 * holds it (1) or not (0); SIG_COPY writes it into `sig`; SIG_COPY and SIG_COUNT return its length in
 * words. -1: the region leaves
 * the image (it has no key). Hashing first, with no copy, keeps a lookup that misses free of allocation.
 */
function regionSig(op: number, r: RegionId, sig: Uint32Array | null): number {
  const { img, blocks, pc } = r;
  let h = 0x811c9dc5;
  let n = 0;
  const put = (x: number): boolean => {
    const u = x >>> 0;
    if (op === SIG_HASH) h = Math.imul(h ^ u, 0x01000193);
    else if (op === SIG_SAME) {
      if (n >= (sig as Uint32Array).length || (sig as Uint32Array)[n] !== u) return false;
    } else if (op === SIG_COPY) (sig as Uint32Array)[n] = u;
    n++;
    return true;
  };
  if (!put(r.mode) || !put(r.simd ? 1 : 0) || !put(r.loop ? 1 : 0) || !put(blocks.length)) return 0;
  for (const b of blocks) {
    const first = b[0];
    const last = b[b.length - 1];
    const k0 = (first.pc - img.base) / 4;
    const k1 = (last.pc + last.size - img.base) / 4;
    if (!(k0 >= 0 && k1 <= img.words.length)) return -1;
    if (!put(first.pc - pc) || !put(k1 - k0)) return 0;
    for (let k = k0; k < k1; k++) if (!put(img.words[k])) return 0;
  }
  if (op === SIG_HASH) return h >>> 0;
  if (op === SIG_SAME) return n === (sig as Uint32Array).length ? 1 : 0;
  return n;
}

/** Region r's compiled code from an earlier load, if any; `h` is its SIG_HASH (not -1). */
function knownRegion(h: number, r: RegionId): Compiled | undefined {
  const list = REGIONS.get(h);
  if (list === undefined) return undefined;
  for (const k of list) if (k.target === r.img.target && regionSig(SIG_SAME, r, k.sig) === 1) return k.c;
  return undefined;
}

function rememberRegion(h: number, r: RegionId, c: Compiled): void {
  const sig = new Uint32Array(regionSig(SIG_COUNT, r, null));
  regionSig(SIG_COPY, r, sig);
  if (regionCount >= MAX_FUNCTIONS) {
    REGIONS.clear();
    regionCount = 0;
  }
  const list = REGIONS.get(h);
  const entry = { sig, target: r.img.target, c };
  if (list === undefined) REGIONS.set(h, [entry]);
  else list.push(entry);
  regionCount++;
}

/**
 * The instructions of the basic block at pc (empty if pc does not decode); with `leaders`, it also ends
 * before the next of them.
 */
function formBlock(
  fetch: (pc: number) => Inst,
  pc: number,
  first: boolean,
  leaders: ReadonlySet<number> | null = null,
): Inst[] {
  const insts: Inst[] = [];
  let p = pc;
  for (;;) {
    if (leaders !== null && insts.length > 0 && leaders.has(p)) break;
    let i: Inst;
    try {
      i = fetch(p);
    } catch (e) {
      // The entry's decoding error is the wave's to report; later ones end the block before.
      if (insts.length === 0 && first) throw e;
      break;
    }
    insts.push(i);
    p = i.pc + i.size;
    if (endsBlock(i)) break;
    if (insts.length >= MAX_INSTS) break;
  }
  return insts;
}

/** Where control can go after a block without leaving compiled code: branch targets and fall-through. */
function successors(insts: readonly Inst[]): number[] {
  const last = insts[insts.length - 1];
  const next = last.pc + last.size;
  const cond = last.fmt === 'sopp' ? BRANCHES[last.name] : undefined;
  if (cond !== undefined) return cond === 'true' ? [branchTarget(last)] : [branchTarget(last), next];
  return endsBlock(last) ? [] : [next];
}

/**
 * Most basic blocks and instructions in one region. One block by default: a block that branches to itself
 * still runs as a loop inside its function, but regions of several blocks gained nothing once V8 had
 * optimised them and cost 2-3x the compile time on a kernel's first launch (TurboFan's time grows faster
 * than the function): mandelbrot 0.20 s of CPU on its first launch with one block, 0.35 s with up to 4,
 * 0.54 s with up to 12, and 0.07-0.08 s on later launches with any of them.
 */
export const REGION_BLOCKS = 1;
const MAX_REGION_INSTS = 160;

/**
 * Past maxBlocks, a region still takes up to this many blocks in all, of this many instructions, where
 * control only goes forward: a block joins when the blocks before it branch only forward, it does too,
 * and no branch in the next LOOP_LOOKAHEAD instructions goes back to it or before (it is in no loop).
 * Straight-line code split by uniform branches (an EXEC test around a few instructions, the tree levels
 * of an LDS reduction between its barriers, a bounds check) then runs in one call instead of one a block.
 * A loop is a region of its own (loopRegion), without the blocks after it: mandelbrot's first launch
 * cost 1.2-1.5x the CPU when its loop's blocks were taken into regions with the blocks around them.
 */
const FORWARD_BLOCKS = 4;
const FORWARD_INSTS = 48;
const LOOP_LOOKAHEAD = 96;

/** Whether a branch among the LOOP_LOOKAHEAD instructions from `from` goes to `start` or before. */
function inLoop(fetch: (pc: number) => Inst, start: number, from: number): boolean {
  let p = from;
  for (let n = 0; n < LOOP_LOOKAHEAD; n++) {
    let i: Inst;
    try {
      i = fetch(p);
    } catch {
      return false;
    }
    if (i.fmt === 'sopp' && BRANCHES[i.name] !== undefined && branchTarget(i) <= start) return true;
    if (i.name === 's_endpgm') return false;
    p = i.pc + i.size;
  }
  return false;
}

/** Most instructions of a loop taken whole into one region (loopRegion). */
const LOOP_INSTS = 96;

/** A region: its basic blocks, each block's index by its start address, and the address of blocks[0]. */
interface Region {
  readonly blocks: Inst[][];
  readonly label: Map<number, number>;
  readonly start: number;
  /** Whether it may be entered at any of its blocks (a loop), not only at `start`. */
  readonly loop: boolean;
}

/**
 * The loop around pc as one region, or null: when branches among the LOOP_INSTS instructions from pc go
 * back to pc or before, the instructions from the lowest such target to the last such branch, split into
 * basic blocks at every branch target among them, if they are LOOP_INSTS or fewer. A wave then runs all
 * of the loop's iterations in one call (mandelbrot's loop of five blocks made four region calls an
 * iteration), while blocks after the loop, which run once, stay out of it: a region's first compile grows
 * faster than its size (see REGION_BLOCKS). The region is the same whichever of its blocks a wave enters it
 * at (a rotated loop is entered in its middle), so one compile serves every entry (BlockCache).
 */
function loopRegion(fetch: (pc: number) => Inst, pc: number): Region | null {
  let head = -1;
  let latch = -1;
  let p = pc;
  for (let n = 0; n < LOOP_INSTS; n++) {
    let i: Inst;
    try {
      i = fetch(p);
    } catch {
      break;
    }
    if (i.fmt === 'sopp' && BRANCHES[i.name] !== undefined) {
      const t = branchTarget(i);
      if (t <= pc) {
        if (head < 0 || t < head) head = t;
        latch = i.pc;
      }
    }
    if (i.name === 's_endpgm') break;
    p = i.pc + i.size;
  }
  if (head < 0) return null;
  const body: Inst[] = [];
  for (let q = head; q <= latch; ) {
    let i: Inst;
    try {
      i = fetch(q);
    } catch {
      return null;
    }
    body.push(i);
    if (body.length > LOOP_INSTS) return null;
    q = i.pc + i.size;
  }
  if (!body.some((i) => i.pc === pc)) return null;
  const leaders = new Set<number>();
  for (const i of body) if (i.fmt === 'sopp' && BRANCHES[i.name] !== undefined) leaders.add(branchTarget(i));
  leaders.add(pc);
  const blocks: Inst[][] = [];
  const label = new Map<number, number>();
  for (let q = head; q <= latch; ) {
    const b = formBlock(fetch, q, false, leaders);
    if (b.length === 0) return null;
    label.set(q, blocks.length);
    blocks.push(b);
    const tail = b[b.length - 1];
    q = tail.pc + tail.size;
  }
  return { blocks, label, start: head, loop: true };
}

/** The region entered at pc: the basic blocks reachable from it by branches and fall-through within the size limits. */
function formRegion(fetch: (pc: number) => Inst, pc: number, maxBlocks: number): Region {
  const loop = loopRegion(fetch, pc);
  if (loop !== null) return loop;
  const blocks: Inst[][] = [];
  const label = new Map<number, number>();
  const queue = [pc];
  let total = 0;
  // Whether every block so far branches only forward (to addresses after its last instruction).
  let forward = true;
  const limit = Math.max(maxBlocks, FORWARD_BLOCKS);
  while (queue.length > 0 && blocks.length < limit) {
    const at = queue.shift() as number;
    if (label.has(at)) continue;
    const b = formBlock(fetch, at, blocks.length === 0);
    if (b.length === 0 || (blocks.length > 0 && total + b.length > MAX_REGION_INSTS)) continue;
    const next = successors(b);
    const last = b[b.length - 1].pc;
    const onward = next.every((t) => t > last) && !inLoop(fetch, at, last);
    if (blocks.length >= maxBlocks && !(forward && onward && total + b.length <= FORWARD_INSTS)) continue;
    label.set(at, blocks.length);
    blocks.push(b);
    total += b.length;
    forward &&= onward;
    for (const t of next) if (!label.has(t)) queue.push(t);
  }
  return { blocks, label, start: pc, loop: false };
}

/**
 * Forms the region entered at pc (formRegion) and compiles it for the wave mode `mode`: a loop over the
 * blocks whose branches between them are plain control flow, so that a loop of the kernel runs inside
 * one function call. With `compileAfter` above 0, a region not compiled before (REGIONS) is first a cold
 * block that the interpreter runs compileAfter times, and compiled on the next run: code that runs a few
 * times costs far less to interpret than to compile (a one-shot kernel of the conformance suite
 * took 1.7x the CPU time on compiled blocks that it takes on the interpreter).
 */
export function compileBlock(
  fetch: (pc: number) => Inst,
  pc: number,
  mode: number,
  maxBlocks = REGION_BLOCKS,
  image: CodeImage | null = null,
  compileAfter = 0,
): Block {
  const { blocks, label, start, loop } = formRegion(fetch, pc, maxBlocks);
  const insts: Inst[] = [];
  for (const b of blocks) for (const i of b) insts.push(i);
  const entries = loop ? [...label.keys()] : [start];
  const mem = vregMemory();
  const rid: RegionId | null =
    image !== null ? { img: image, blocks, pc: start, mode, simd: mem !== null, loop } : null;
  const rhash = rid !== null ? regionSig(SIG_HASH, rid, null) : -1;
  const known = rhash !== -1 ? knownRegion(rhash, rid as RegionId) : undefined;
  if (known !== undefined) return new Block(known.fn, known.simd, insts, mode, start, entries);
  if (compileAfter > 0) {
    const b = loop
      ? new Block(interpretLoop, NO_SIMD, insts, mode, start, entries)
      : new Block(interpretBlock, NO_SIMD, blocks[0], mode, start);
    b.chill(compileAfter, () => compileBlock(fetch, pc, mode, maxBlocks, image));
    return b;
  }
  const funcs: FuncWriter[] | null = mem !== null ? [] : null;
  const code = new RegionGen(blocks, label, mode, start, funcs, loop).emit();
  const wasm = funcs !== null && funcs.length > 0 ? moduleBytes(funcs, 1) : null;
  // The JavaScript and the WebAssembly both, though the first determines the second (the fallback bodies
  // are the same ops).
  let key = code;
  if (wasm !== null) {
    key += '\n';
    for (const b of wasm) key += String.fromCharCode(b);
  }
  let entry = FUNCTIONS.get(key);
  if (entry === undefined) {
    let fn: BlockCode;
    try {
      fn = new Function('w', 'B', 'H', 'lim', code) as BlockCode;
    } catch (e) {
      // A page whose Content-Security-Policy forbids eval: run the entry's instruction on the interpreter.
      if (!(e instanceof EvalError)) throw e;
      return new Block(interpretOne, NO_SIMD, [insts[insts.findIndex((i) => i.pc === pc)]], mode, pc);
    }
    let simd = NO_SIMD;
    if (wasm !== null && mem !== null) {
      const exports = vregExports(mem, wasm);
      simd = (funcs as FuncWriter[]).map((_, k) => exports[`f${k}`] as SimdFn);
      HELPERS.wc = vregControl() as Int32Array;
    }
    entry = { fn, simd };
    if (FUNCTIONS.size >= MAX_FUNCTIONS) FUNCTIONS.clear();
    FUNCTIONS.set(key, entry);
  }
  if (rhash !== -1) rememberRegion(rhash, rid as RegionId, entry);
  return new Block(entry.fn, entry.simd, insts, mode, start, entries);
}

/**
 * A cold loop's code (loopRegion): its instructions on their interpreter handlers from the wave's pc, as
 * interpretBlock runs a block's, while control stays in the loop; each pass through its header counts as
 * a run of the region, so that a loop that runs long is compiled after COMPILE_AFTER iterations, not after
 * COMPILE_AFTER waves have each run all of theirs on the interpreter.
 */
function interpretLoop(w: Wave, B: Block, H: Helpers, lim: number): number {
  const I = B.insts;
  const f = H.fault;
  let j = indexOf(I, w.pc);
  let n = 0;
  while (j >= 0 && n < lim && !w.done && !w.atBarrier && w.gprIdxMode === 0 && !w.sys.skipVector) {
    const i = I[j];
    f.at = j;
    f.n = n;
    i.run(w, i);
    n++;
    const next = i.pc + i.size;
    if (w.pc === next && j + 1 < I.length && I[j + 1].pc === next) j++;
    else if (w.pc === B.start && B.pass()) break;
    else j = indexOf(I, w.pc);
  }
  return n;
}

/** The index of the instruction at pc in I (ordered by address), or -1. */
function indexOf(I: readonly Inst[], pc: number): number {
  let lo = 0;
  let hi = I.length - 1;
  while (lo <= hi) {
    const m = (lo + hi) >>> 1;
    const x = I[m].pc;
    if (x === pc) return m;
    if (x < pc) lo = m + 1;
    else hi = m - 1;
  }
  return -1;
}

/** A block of one instruction run by its handler, where code cannot be generated (see compileBlock). */
function interpretOne(w: Wave, B: Block, H: Helpers): number {
  const i = B.insts[0];
  H.fault.at = 0;
  H.fault.n = 0;
  i.run(w, i);
  return 1;
}

/** The code of a region: each block a case of a switch in a loop, L the block to run next. */
class RegionGen {
  constructor(
    private readonly blocks: readonly (readonly Inst[])[],
    private readonly label: ReadonlyMap<number, number>,
    private readonly mode: number,
    private readonly entry: number,
    private readonly simd: FuncWriter[] | null,
    /** Entered at any of its blocks, by the wave's pc (loopRegion). */
    private readonly loop: boolean,
  ) {}

  /** For a loop: the block to start at, by the wave's pc (every block of the region is an entry). */
  private entryCode(): string {
    if (!this.loop) return '';
    const cases = [...this.label]
      .filter(([, j]) => j !== 0)
      .map(([pc, j]) => `case ${pc - this.entry}: L = ${j}; break;`);
    return `if (w.pc !== P) switch (w.pc - P) { ${cases.join(' ')} default: throw new Error('a loop region entered at no block of it'); }`;
  }

  emit(): string {
    const cases: string[] = [];
    let first = 0;
    for (const [j, b] of this.blocks.entries()) {
      const g = new Gen(b, this.mode, first, this.label, this.entry, this.simd);
      cases.push(`case ${j}: { kb = ${first};\n${g.emit()}\n}`);
      first += b.length;
    }
    return [
      'const I = B.insts, P = B.start, X = B.simd, s = w.s, v = w.v, vf = w.vf, a = w.a;',
      'let k = 0, kb = 0, n = 0, L = 0;',
      this.entryCode(),
      'try {',
      'for (;;) {',
      'switch (L) {',
      ...cases,
      '}',
      '}',
      '} catch (e) { H.fault.at = k; H.fault.n = n + k - kb; throw e; }',
    ].join('\n');
  }
}
