// Live (GCNKIT_LIVE=1, Debian's /usr/bin/chromium): the esbuild --platform=browser bundle of the library
// in headless Chromium driven by playwright-core: assembles a kernel, loads it, runs it on the Device and
// checks the result inside the page.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { browserBundle } from '../helpers/browser-bundle.js';
import { SCALE_EXPECTED, SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from '../helpers/library-kernel.js';

const CHROMIUM = '/usr/bin/chromium';
const live = process.env.GCNKIT_LIVE === '1' && existsSync(CHROMIUM);

test(
  'headless Chromium assembles, runs and checks a kernel with the browser bundle',
  { skip: !live && `needs GCNKIT_LIVE=1 and ${CHROMIUM}`, timeout: 180_000 },
  async () => {
    const bundle = browserBundle('iife');
    const profile = mkdtempSync(join(tmpdir(), 'gcnkit-chromium-'));
    // A persistent context is how playwright takes a --user-data-dir (a fresh one: no state carried over).
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<!doctype html><title>gcnkit</title>');
      await page.addScriptTag({ content: bundle.code });
      const globals = await page.evaluate(
        '[typeof process, typeof Buffer, typeof require, typeof gcnkit.Device].join()',
      );
      assert.equal(globals, 'undefined,undefined,undefined,function');
      const result = await page.evaluate(
        ({ js, source, include }) => {
          const g = globalThis as unknown as { gcnkit: unknown };
          const run = new Function('gcnkit', 'source', 'include', `return (async () => {${js}})();`);
          return run(g.gcnkit, source, include);
        },
        { js: SCALE_RUN_JS, source: SCALE_SOURCE, include: SCALE_INCLUDE },
      );
      assert.deepEqual(result, SCALE_EXPECTED);
      assert.deepEqual(errors, []);
      const agent = await page.evaluate('navigator.userAgent');
      console.log(`ran in ${agent}`);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
);
