// The execution engines a dispatch can run its waves on, and the translating engine's per-program cache
// of compiled blocks. The interpreter is the reference: it executes one decoded instruction at a time and
// can stop after any of them (a debugger's single step); the translating engine ("jit") runs compiled
// basic blocks (block.ts) and falls back to the interpreter's handlers for what it does not inline.

import type { Inst } from '../inst.js';
import type { Program } from '../program.js';
import { type Block, compileBlock, REGION_BLOCKS } from './block.js';

export type Engine = 'interpreter' | 'jit';

export const ENGINES: readonly Engine[] = ['interpreter', 'jit'];

/** The fastest engine, used unless a launch asks for another. */
export const DEFAULT_ENGINE: Engine = 'jit';

export function isEngine(x: unknown): x is Engine {
  return ENGINES.includes(x as Engine);
}

/**
 * Compiled blocks of one program by start address (each for the MODE it was last entered with), keyed by
 * the offset from the program's base: small integers hash faster than 47-bit addresses.
 */
export class BlockCache {
  private readonly blocks = new Map<number, Block>();

  /** @param regionBlocks the most basic blocks compiled into one function (block.ts, REGION_BLOCKS). */
  constructor(
    private readonly base: number,
    private readonly regionBlocks = REGION_BLOCKS,
  ) {}

  /** The block starting at pc, compiled for `mode` (compiling it on first use). */
  get(fetch: (pc: number) => Inst, pc: number, mode: number): Block {
    const key = pc - this.base;
    let b = this.blocks.get(key);
    if (b === undefined || b.mode !== mode) {
      b = compileBlock(fetch, pc, mode, this.regionBlocks);
      this.blocks.set(key, b);
    }
    return b;
  }

  get size(): number {
    return this.blocks.size;
  }
}

const CACHES = new WeakMap<Program, BlockCache>();

/** The block cache of a program, shared by all its dispatches (a program's code does not change). */
export function blockCacheOf(p: Program): BlockCache {
  let c = CACHES.get(p);
  if (c === undefined) {
    c = new BlockCache(p.base);
    CACHES.set(p, c);
  }
  return c;
}
