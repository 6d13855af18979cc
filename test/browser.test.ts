// Browser-ready without a browser: the esbuild --platform=browser bundle of the library runs in a
// node:vm context that has ECMAScript and the few web globals it uses (TextEncoder, TextDecoder,
// performance) but no Node global (process, Buffer, require), and assembles, loads, runs and checks a
// kernel there. test/live/browser-chromium.test.ts does the same in headless Chromium.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserBundle, NO_NODE_GLOBALS, runInWebContext } from './helpers/browser-bundle.js';
import { SCALE_EXPECTED, SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from './helpers/library-kernel.js';

test('the browser bundle runs a kernel in a context without Node globals', async () => {
  const bundle = browserBundle('iife');
  console.log(`browser bundle (iife, minified): ${bundle.bytes} bytes, ${bundle.gzipBytes} gzipped`);
  const r = await runInWebContext(bundle.code, SCALE_RUN_JS, {
    source: SCALE_SOURCE,
    include: SCALE_INCLUDE,
  });
  assert.equal(r.nodeGlobals, NO_NODE_GLOBALS);
  assert.deepEqual(r.result, SCALE_EXPECTED);
});

test('the ESM browser bundle (yaml inside) stays within its documented size', () => {
  const esm = browserBundle('esm');
  console.log(`browser bundle (esm, minified): ${esm.bytes} bytes, ${esm.gzipBytes} gzipped`);
  assert.doesNotMatch(esm.code, /\brequire\(|from"node:|process\.env/);
  // docs/library.md states the size; this bound moves with it.
  assert.ok(esm.bytes < 1_200_000 && esm.gzipBytes < 300_000, `${esm.bytes} bytes, ${esm.gzipBytes} gzipped`);
});
