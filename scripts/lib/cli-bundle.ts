// The CLI as `npm run build` ships it (scripts/build.mjs): src/cli/main.ts bundled by esbuild into ESM
// with the dependencies external, one chunk per command (main.ts imports the one it runs), `gcnkit disasm`
// also as one CommonJS file (cli-disasm-HASH.cjs, src/cli/disasm-cache.ts), and the worker
// threads' entry (worker.mjs, src/cli/worker-threads.ts). Benchmarks time it; tests spawn it because plain node starts it in
// a fraction of the time node with the tsx loader takes to load src/ again.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

// Shared with scripts/build.mjs, which runs on plain node; imported by its path so that it is found from
// the tests' compiled copy of this file too (scripts/test-js.mjs sets import.meta.dirname to this folder).
const { buildDisasmBundle }: { buildDisasmBundle: (outdir: string) => Record<string, string> } = await import(
  pathToFileURL(join(import.meta.dirname, 'cli-disasm-bundle.mjs')).href
);

const root = join(import.meta.dirname, '..', '..');

/** Bundles the CLI into a fresh folder (removed by `remove`) and returns the file to run with node. */
export function bundleCli(): { file: string; remove: () => void } {
  // Inside the repository: an ESM bundle cannot require() the CommonJS dependencies (yaml), so they stay
  // imports, and those resolve only from a folder under the repository's node_modules.
  const cache = join(root, 'node_modules', '.cache', 'gcnkit');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'cli-'));
  const define = buildDisasmBundle(dir);
  buildSync({
    entryPoints: {
      cli: join(root, 'src', 'cli', 'main.ts'),
      worker: join(root, 'src', 'cli', 'worker-entry.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define,
    logLevel: 'warning',
  });
  return { file: join(dir, 'cli.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The assembler as the library ships it (scripts/build.mjs bundles src/index.ts with esbuild; this is its
 * src/asm/assembler.ts part, the same options): a fresh folder (removed by `remove`) and the module to
 * import. bench/asm.ts times it, as users run it, rather than the source modules through tsx's loader.
 */
export function bundleAssembler(): { file: string; remove: () => void } {
  const cache = join(root, 'node_modules', '.cache', 'gcnkit');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'asm-'));
  buildSync({
    entryPoints: { asm: join(root, 'src', 'asm', 'assembler.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    external: ['node:*'],
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
  });
  return { file: join(dir, 'asm.mjs'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
