// How a test starts a TypeScript entry point of the repository (a benchmark, a probe) in a node process
// of its own. In the test tiers, which bring build/test-js up to date first and say so
// (GCNKIT_TEST_JS=1, scripts/test-tier.mjs), its compiled copy: node with tsx's loader costs about 1 s
// more of CPU for a process that loads the emulator (the loader's start, and every module transformed
// on its hooks thread). Run by hand through tsx, through tsx. The code is the same either way;
// `npm run bench:smoke` in CI starts the benchmarks through tsx, as users do.
import { isAbsolute, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The arguments of node (after its own options) that run `file` (a .ts path, absolute or relative to
 * the repository). */
export function nodeTs(file: string): string[] {
  if (process.env.GCNKIT_TEST_JS !== '1') return ['--import', 'tsx', file];
  const rel = isAbsolute(file) ? relative(root, file) : file;
  // scripts/test-js.mjs's place for it (compiledPath).
  return [join(root, 'build', 'test-js', rel.replace(/\.ts$/, '.js'))];
}
