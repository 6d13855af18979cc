// Builds the package into dist/: the library (index.js, browser-safe), the Node adapter (node.js), the
// `gcnkit` bin (cli.js), the worker threads' entry (worker.js, cli/worker-threads.ts) as ESM with shared chunks (one copy of each class, so instanceof holds across
// entries), and the type declarations tsc writes beside them; and cli-disasm-HASH.cjs, the code of
// `gcnkit disasm` as one CommonJS file that cli.js compiles with a V8 code cache (src/cli/disasm-cache.ts).

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { buildDisasmBundle } from './lib/cli-disasm-bundle.mjs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
// `gcnkit disasm` also as one CommonJS file, which cli.js runs with a V8 code cache.
const define = buildDisasmBundle('dist');
await build({
  entryPoints: {
    cli: 'src/cli/main.ts',
    index: 'src/index.ts',
    node: 'src/node.ts',
    worker: 'src/cli/worker-entry.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Dependencies (yaml) stay imports of the installed package; node:* stays in node.js and cli.js.
  packages: 'external',
  external: ['node:*'],
  // Neutral: index.js may be imported by a browser bundler as well as by Node.
  platform: 'neutral',
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  define,
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
// Declarations of the two public entries (and what they reference) from the sources.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
