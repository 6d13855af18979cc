// GCNKIT_JIT_COMPILE_AFTER: how the Node entry points (`gcnkit run`, gcnkit/node, the test tiers' setup)
// set the translating engine's tiering, the runs of a region on the interpreter before it is compiled
// (jit/engine.ts, COMPILE_AFTER; docs/design.md). The library itself reads no environment.
import { parseCompileAfter, setCompileAfter } from '../emu/jit/tiering.js';

export const JIT_ENV = 'GCNKIT_JIT_COMPILE_AFTER';

/** Sets the engine's count from `env` when the variable is set and not empty; a bad value is a RangeError. */
export function applyJitEnv(env: NodeJS.ProcessEnv = process.env): void {
  const text = env[JIT_ENV];
  if (text !== undefined && text !== '') setCompileAfter(parseCompileAfter(text, JIT_ENV));
}
