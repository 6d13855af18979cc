// The translating engine's tiering count, in a module of its own: the Node entry points and the test tiers'
// setup set it (src/cli/jit-env.ts) before anything runs, and importing it must not load the engine (a
// hundred modules, about 0.26 s of CPU in each test process, most of which never runs a kernel).

/**
 * Runs of a region on the interpreter before the engine compiles it (BlockCache), unless a dispatch or
 * setCompileAfter says otherwise: a region that runs fewer times costs less to interpret than to compile.
 * In Node, GCNKIT_JIT_COMPILE_AFTER=N sets it (src/cli/jit-env.ts; 0: compile every region on first use,
 * as the test tiers do, so that they test the compiled code of every kernel they run; docs/design.md).
 */
export const COMPILE_AFTER = 32;

let defaultCompileAfter = COMPILE_AFTER;

/** The count dispatches that do not give their own use (COMPILE_AFTER unless set). */
export function compileAfter(): number {
  return defaultCompileAfter;
}

/** Sets compileAfter(): a whole number, 0 or more (else a RangeError). */
export function setCompileAfter(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`the runs before a region is compiled must be a whole number (0 or more), not ${n}`);
  defaultCompileAfter = n;
}

/** A count written as text (the environment variable `name`): digits only, else a one-line RangeError. */
export function parseCompileAfter(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw new RangeError(`${name} must be a whole number (0 or more), not '${text}'`);
  return Number(text);
}
