// Runs a test tier (docs/testing.md) with node's test runner, one test file per core (node 20 runs
// cores - 1 by default, one at a time on a 2-core CI machine).
//   node scripts/test-tier.mjs hermetic [node --test options]   `npm test`: test/**/*.test.ts outside test/live
//   node scripts/test-tier.mjs slow [node --test options]       `npm run test:slow`: the files that import
//     test/helpers/tier.ts, with GCNKIT_SLOW=1 so that their sweeps run at full size
//   node scripts/test-tier.mjs live [node --test options]       `npm run test:live`: test/live/**/*.test.ts
//     with GCNKIT_LIVE=1 (each test skips itself when the LLVM tools it needs are missing)
// The files run as JavaScript compiled beforehand (scripts/test-js.mjs, build/test-js/), not through
// tsx's loader: about 0.2 s less of start-up per test file and no loader hooks on every import.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, compiledPath } from './test-js.mjs';

const root = join(import.meta.dirname, '..');
const [tierName, ...options] = process.argv.slice(2);

/** Every *.test.ts under dir, sorted, as paths relative to the repository. */
function testFiles(dir) {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => relative(root, join(root, dir, f)))
    .sort();
}

const live = join('test', 'live');
const hermetic = testFiles('test').filter((f) => !f.startsWith(live));
const tiers = {
  hermetic: { files: hermetic, env: {} },
  slow: {
    files: hermetic.filter((f) => /from '\.\/helpers\/tier\.js'/.test(readFileSync(join(root, f), 'utf8'))),
    env: { GCNKIT_SLOW: '1' },
  },
  live: { files: testFiles(live), env: { GCNKIT_LIVE: '1' } },
};
const tier = tiers[tierName];
if (!tier) {
  console.error(
    `test-tier: expected a tier (${Object.keys(tiers).join(', ')}), got ${tierName ?? 'nothing'}`,
  );
  process.exit(2);
}
if (tier.files.length === 0) {
  console.error(`test-tier: no test files in the ${tierName} tier`);
  process.exit(1);
}

// The translating engine compiles every region on first use in the tests (GCNKIT_JIT_COMPILE_AFTER=0,
// applied in each test process by test/helpers/jit-env-setup.ts and read by the gcnkit processes they
// spawn), so that each kernel a test runs on it runs compiled code, not its cold regions on the
// interpreter's handlers; set the variable to run a tier with the engine's default tiering instead.
const jit = { GCNKIT_JIT_COMPILE_AFTER: process.env.GCNKIT_JIT_COMPILE_AFTER ?? '0' };
const setup = compiledPath(root, join('test', 'helpers', 'jit-env-setup.ts'));
// GCNKIT_TEST_JS=1: build/test-js is up to date, so tests start TypeScript entry points (benchmarks,
// probes) from their compiled copies (test/helpers/node-ts.ts) instead of through tsx.

// NODE_EXTRA_CA_CERTS (set on some CI machines, e.g. to the system bundle) makes every node process
// parse its certificates before any JavaScript runs: about 0.09 s of CPU each on a 2-core VM, for a
// suite of 130 test processes and the CLI processes they start, none of which opens a TLS connection.
const env = { ...process.env, ...jit, ...tier.env, GCNKIT_TEST_JS: '1' };
delete env.NODE_EXTRA_CA_CERTS;

await compile(root);
const r = spawnSync(
  process.execPath,
  [
    // As under tsx: error stacks name the .ts lines.
    '--enable-source-maps',
    `--import=${pathToFileURL(setup).href}`,
    '--test',
    `--test-concurrency=${availableParallelism()}`,
    '--test-reporter=spec',
    ...options,
    ...tier.files.map((f) => relative(root, compiledPath(root, f))),
  ],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(r.status ?? 1);
