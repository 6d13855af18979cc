// The execution engines a dispatch can run its waves on, and the translating engine's per-program cache
// of compiled blocks. The interpreter is the reference: it executes one decoded instruction at a time and
// can stop after any of them (a debugger's single step); the translating engine ("jit") runs compiled
// basic blocks (block.ts) and falls back to the interpreter's handlers for what it does not inline.

import type { Inst } from '../inst.js';
import type { Program } from '../program.js';
import { type Block, type CodeImage, compileBlock, REGION_BLOCKS } from './block.js';
import { compileAfter } from './tiering.js';

export type Engine = 'interpreter' | 'jit';

export const ENGINES: readonly Engine[] = ['interpreter', 'jit'];

/** The fastest engine, used unless a launch asks for another. */
export const DEFAULT_ENGINE: Engine = 'jit';

export function isEngine(x: unknown): x is Engine {
  return ENGINES.includes(x as Engine);
}

/**
 * Compiled blocks of one program by start address (each for the MODE it was last entered with): in an
 * array by dword offset from the program's base for the program's own code (a wave that stops at every
 * s_barrier looks its block up again each time), in a map for any other address.
 */
export class BlockCache {
  private readonly inside: (Block | undefined)[];
  private readonly outside = new Map<number, Block>();
  private count = 0;

  /**
   * @param bytes the program's size: addresses base .. base + bytes - 1 take the array
   * @param regionBlocks the most basic blocks compiled into one function (block.ts, REGION_BLOCKS)
   * @param image the program's words, by which a region compiled for another load of the same code is
   *   found without generating it again (compileBlock)
   * @param compileAfter runs of a region on the interpreter before it is compiled (compileBlock; 0:
   *   compiled on first use)
   */
  constructor(
    private readonly base: number,
    bytes = 0,
    private readonly regionBlocks = REGION_BLOCKS,
    private readonly image: CodeImage | null = null,
    readonly compileAfter = 0,
  ) {
    this.inside = new Array(bytes >>> 2).fill(undefined);
  }

  /** The block starting at pc, compiled for `mode` (compiling it on first use). */
  get(fetch: (pc: number) => Inst, pc: number, mode: number): Block {
    const off = pc - this.base;
    const k = off >>> 2;
    if (off >= 0 && (off & 3) === 0 && k < this.inside.length) {
      const b = this.inside[k];
      if (b !== undefined && b.mode === mode) return b;
      if (b === undefined) this.count++;
      const c = compileBlock(fetch, pc, mode, this.regionBlocks, this.image, this.compileAfter);
      this.inside[k] = c;
      // A loop's region serves every block of it (block.ts loopRegion): one compile, one cold count.
      for (const e of c.entries) {
        const x = (e - this.base) >>> 2;
        if (e !== pc && e >= this.base && x < this.inside.length && this.inside[x] === undefined) {
          this.inside[x] = c;
          this.count++;
        }
      }
      return c;
    }
    let b = this.outside.get(off);
    if (b === undefined || b.mode !== mode) {
      if (b === undefined) this.count++;
      b = compileBlock(fetch, pc, mode, this.regionBlocks, this.image, this.compileAfter);
      this.outside.set(off, b);
    }
    return b;
  }

  /** Start addresses with a compiled block. */
  get size(): number {
    return this.count;
  }
}

export { COMPILE_AFTER, compileAfter, parseCompileAfter, setCompileAfter } from './tiering.js';

const CACHES = new WeakMap<Program, BlockCache>();

/**
 * The block cache of a program, shared by all its dispatches (a program's code does not change) that
 * compile a region after the same number of runs.
 */
export function blockCacheOf(p: Program, after = compileAfter()): BlockCache {
  let c = CACHES.get(p);
  if (c === undefined || c.compileAfter !== after) {
    c = new BlockCache(p.base, p.size, REGION_BLOCKS, p, after);
    CACHES.set(p, c);
  }
  return c;
}
