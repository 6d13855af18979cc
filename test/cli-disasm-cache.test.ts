// The V8 code cache of `gcnkit disasm`'s CommonJS bundle (src/cli/disasm-cache.ts): made after a run,
// used by the next, and never trusted when missing, torn, corrupt, made by another V8 or unwritable (the
// bundle then runs compiled from its source). Here a small CommonJS file stands in for the bundle; the
// bundled CLI's runs of `gcnkit disasm` (test/objdump.test.ts and the other CLI tests) go through it.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  cacheFileFor,
  loadBundle,
  pruneCaches,
  readCacheFile,
  STALE_MS,
  writeCacheFile,
} from '../src/cli/disasm-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-v8cache-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Enough code that V8 has functions to cache; `require` and `module` are the loader's.
const SOURCE = `const { basename } = require('node:path');
function square(x) { return x * x; }
exports.run = (n) => [basename(__filename), square(n)].join(' ');
module.exports.twice = function twice(n) { return 2 * square(n); };
`;

function bundle(name: string, source = SOURCE): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

function runs(file: string, cacheFile: string | undefined, n: number) {
  const b = loadBundle(file, cacheFile);
  const run = b.exports.run as (n: number) => string;
  assert.equal(run(n), `${file.slice(dir.length + 1)} ${n * n}`);
  assert.equal((b.exports.twice as (n: number) => number)(n), 2 * n * n);
  b.save();
  return b.cache;
}

test('a cache is made after the first run and used by the next', () => {
  const file = bundle('a.cjs');
  const cache = `${file}.v8cache`;
  assert.equal(runs(file, cache, 3), 'missing');
  const made = statSync(cache);
  assert.ok(made.size > 12);
  assert.equal(runs(file, cache, 4), 'used');
  assert.equal(statSync(cache).ino, made.ino, 'a used cache is not rewritten');
});

test('a torn, corrupt or foreign cache file is ignored and replaced', () => {
  const file = bundle('b.cjs');
  const cache = `${file}.v8cache`;
  runs(file, cache, 2);
  const good = readFileSync(cache);
  // Truncated (V8 itself would take a truncated code cache), one flipped byte in V8's data, not a cache.
  const bad = [good.subarray(0, good.length - 7), Buffer.from(good), Buffer.from('not a cache file')];
  bad[1][good.length >> 1] ^= 0x40;
  for (const b of bad) {
    writeFileSync(cache, b);
    assert.equal(readCacheFile(cache), undefined);
    assert.equal(runs(file, cache, 5), 'invalid');
    assert.ok(readCacheFile(cache), 'replaced by a valid cache');
    assert.equal(runs(file, cache, 6), 'used');
  }
});

test('data V8 does not accept is detected, and the cache is made again', () => {
  const file = bundle('c.cjs');
  const cache = `${file}.v8cache`;
  // A whole, checksummed file whose data V8 refuses (not a code cache of this V8 at all).
  assert.ok(writeCacheFile(cache, Buffer.alloc(4096, 7)));
  assert.equal(runs(file, cache, 7), 'rejected');
  assert.equal(runs(file, cache, 8), 'used');
});

test('an unwritable cache place or no cache place only costs the speed', () => {
  const file = bundle('d.cjs');
  // Below a regular file: neither readable nor writable as a folder.
  const cache = join(file, 'x.v8cache');
  assert.equal(runs(file, cache, 9), 'missing');
  assert.equal(runs(file, cache, 9), 'missing');
  assert.equal(runs(file, undefined, 10), 'none');
});

test('the cache sits next to a bundle in a writable folder', () => {
  assert.equal(cacheFileFor(join(dir, 'e.cjs')), join(dir, 'e.cjs.v8cache'));
});

test('writing a cache removes the caches no run will use, and nothing else', () => {
  const sub = mkdtempSync(join(dir, 'prune-'));
  const name = (h: string) => `cli-disasm-${h.repeat(16)}.cjs`;
  const now = Date.now();
  const old = (now - STALE_MS - 3600_000) / 1000;
  const put = (file: string, stale: boolean) => {
    writeFileSync(join(sub, file), 'x');
    if (stale) utimesSync(join(sub, file), old, old);
  };
  // Beside the bundles: an older build's cache (bundle gone), a stale one, a stale temporary file; kept:
  // a recent cache whose bundle is there, and files that are not caches.
  put(name('b'), false);
  put(`${name('b')}.v8cache`, false);
  put(`${name('c')}.v8cache`, false);
  put(name('d'), false);
  put(`${name('d')}.v8cache`, true);
  put(`${name('e')}.v8cache.123.tmp`, true);
  put('notes.v8cache', true);
  const current = bundle(join(sub.slice(dir.length + 1), name('a')));
  const loaded = loadBundle(current, `${current}.v8cache`);
  assert.equal(loaded.cache, 'missing');
  loaded.save();
  const left = readdirSync(sub).sort();
  assert.deepEqual(left, [
    name('a'),
    `${name('a')}.v8cache`,
    name('b'),
    `${name('b')}.v8cache`,
    name('d'),
    'notes.v8cache',
  ]);
  // Away from the bundles (the os.tmpdir() folder): only the stale ones go, whether or not a bundle is near.
  const shared = mkdtempSync(join(dir, 'shared-'));
  writeFileSync(join(shared, `${name('f')}.v8cache`), 'x');
  writeFileSync(join(shared, `${name('9')}.v8cache`), 'x');
  utimesSync(join(shared, `${name('9')}.v8cache`), old, old);
  pruneCaches(join(shared, `${name('a')}.v8cache`), current, now);
  assert.deepEqual(readdirSync(shared), [`${name('f')}.v8cache`]);
});
