// The library as a browser gets it: src/index.ts bundled by esbuild for --platform=browser with its
// dependency (yaml) inside, minified. IIFE form for a <script> tag or a bare JavaScript context (the
// global `gcnkit`), and the ESM form a bundler would ship, for its size.
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { SRC } from './source-graph.js';

export interface BrowserBundle {
  readonly code: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export function browserBundle(format: 'iife' | 'esm' = 'iife'): BrowserBundle {
  const r = buildSync({
    entryPoints: [`${SRC}/index.ts`],
    bundle: true,
    platform: 'browser',
    format,
    globalName: format === 'iife' ? 'gcnkit' : undefined,
    minify: true,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const bytes = r.outputFiles[0].contents;
  return {
    code: r.outputFiles[0].text,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  };
}

/**
 * A context like a browser page's as far as the library can tell: ECMAScript plus the web globals it
 * uses (TextEncoder, TextDecoder, performance), no Node global. `script` (an IIFE defining the global
 * `gcnkit`) runs in it, then `js` (an async function body with gcnkit, source and include in scope);
 * returns the JSON of what `js` returns, and the typeof of the Node globals as the context saw them.
 */
export async function runInWebContext(
  script: string,
  js: string,
  vars: { source: string; include: string },
): Promise<{ nodeGlobals: string; result: unknown }> {
  const ctx = vm.createContext({
    TextEncoder,
    TextDecoder,
    performance: { now: () => performance.now() },
    ...vars,
  });
  const nodeGlobals = vm.runInContext(
    '[typeof process, typeof Buffer, typeof require, typeof module, typeof global].join()',
    ctx,
  );
  vm.runInContext(script, ctx, { filename: 'gcnkit.browser.js' });
  const result = await vm.runInContext(`(async () => {${js}})()`, ctx);
  // Objects of the other realm have its prototypes: their JSON compares with this realm's.
  return { nodeGlobals, result: JSON.parse(JSON.stringify(result)) };
}

/** What runInWebContext reports for the Node globals: none there. */
export const NO_NODE_GLOBALS = 'undefined,undefined,undefined,undefined,undefined';
