// The library as a browser gets it: src/index.ts bundled by esbuild for --platform=browser with its
// dependency (yaml) inside, minified. IIFE form for a <script> tag or a bare JavaScript context (the
// global `gcnkit`), and the ESM form a bundler would ship, for its size.
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

/** The browser globals the library uses beyond ECMAScript itself. */
export const WEB_GLOBALS = ['TextEncoder', 'TextDecoder', 'performance'] as const;
