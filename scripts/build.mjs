// Bundles the CLI and the library into dist/ (one file each) so the `gcnkit` bin runs on plain Node.

import { chmodSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  // Dependencies (yaml) are CommonJS and stay in node_modules: an ESM bundle cannot require() them.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  banner: { js: '' },
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
