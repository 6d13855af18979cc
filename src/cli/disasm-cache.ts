// `gcnkit disasm` from the built package runs a CommonJS bundle of its code (dist/cli-disasm-HASH.cjs,
// scripts/build.mjs) compiled through vm.Script with a V8 code cache kept in a file:
// Node 20 has no compile cache for ES modules (module.enableCompileCache is Node 22.1+), and parsing
// and compiling the command's code was a large part of its start-up (BENCHMARKS.md, disassembler,
// session 7). The cache is made after the first run (script.createCachedData() then holds the
// functions that run compiled too) and used by the later ones.
//
// V8 accepts cached data when its own version and flags match and the source has the same length; on
// Node 20 it neither checks the data's checksum nor the source's text. So the bundle's name carries a
// hash of its text (a cache is never used with another bundle) and the cache file its own length and
// checksum (a torn or corrupt file is ignored, then replaced). Cache files: FILE.v8cache next to the
// bundle when that folder is writable, else in a folder of the user's own under os.tmpdir().
import type * as Fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Os from 'node:os';
import type * as Path from 'node:path';
import type * as Vm from 'node:vm';

// The builtins through require: main.ts (an ES module) loads this file on every run, and an ES import of
// node:fs makes Node build its ES facade, whose export sync reads every lazy getter (fs.ReadStream loads
// the streams: a few ms of a tiny file's start-up, BENCHMARKS.md, disassembler, session 8).
const nodeRequire = createRequire(import.meta.url);
const {
  accessSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} = nodeRequire('node:fs') as typeof Fs;
const { tmpdir } = nodeRequire('node:os') as typeof Os;
const { basename, dirname, join } = nodeRequire('node:path') as typeof Path;
const { Script } = nodeRequire('node:vm') as typeof Vm;

/** What the cache did: used, or why it was not (then a new one is written after the run). */
export type CacheState = 'used' | 'missing' | 'invalid' | 'rejected' | 'none';

export interface LoadedBundle {
  readonly exports: Record<string, unknown>;
  readonly cache: CacheState;
  /** Writes the code cache when it was not used (after the run: it then holds the compiled functions). */
  save(): void;
}

const MAGIC = 0x31434b47; // 'GKC1'
const HEADER = 12;

/** A cheap checksum of the cached data (FNV-1a over 32-bit words; the tail bytes one by one). */
function checksum(b: Uint8Array): number {
  const words = b.length >>> 2;
  let h = 0x811c9dc5;
  if (LITTLE_ENDIAN && (b.byteOffset & 3) === 0) {
    // The words as array elements: this runs once per start, before V8 has optimised it, and there an
    // element load costs a fraction of a DataView call (the DataView loop was 3-4% of a tiny file's
    // start-up). Signed elements hash to the same bits.
    h = fnvWords(new Int32Array(b.buffer, b.byteOffset, words), h);
  } else {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    for (let i = 0; i < words; i++) h = Math.imul(h ^ view.getUint32(i * 4, true), 0x01000193);
  }
  for (let i = words * 4; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}

/**
 * FNV-1a over a file's words, a loop of its own: V8 compiles it on the stack (OSR) within a run, and code
 * after the loop in the same function, never run before that, deoptimised it twice a start-up.
 */
function fnvWords(a: Int32Array, h: number): number {
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a[i], 0x01000193);
  return h;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The V8 data in a cache file, or undefined when the file is not one whole cache file. */
export function readCacheFile(file: string): Buffer | undefined {
  let b: Buffer;
  try {
    b = readFileSync(file);
  } catch {
    return undefined;
  }
  if (b.length < HEADER || b.readUInt32LE(0) !== MAGIC || b.readUInt32LE(4) !== b.length - HEADER) {
    return undefined;
  }
  const data = b.subarray(HEADER);
  return checksum(data) === b.readUInt32LE(8) ? data : undefined;
}

/** Writes a cache file whole or not at all (a reader never sees half of one); failures are ignored. */
export function writeCacheFile(file: string, data: Uint8Array): boolean {
  const head = Buffer.alloc(HEADER);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(data.length, 4);
  head.writeUInt32LE(checksum(data), 8);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([head, data]));
    renameSync(tmp, file);
    return true;
  } catch {
    // A cache that cannot be written (read-only install, full disk) only costs the next run its speed.
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Its folder is not one (or is gone): there is no temporary file either.
    }
    return false;
  }
}

/**
 * Where the cache of `bundle` lives: next to it when its folder is writable, else in
 * os.tmpdir()/gcnkit-v8cache-UID (made private to the user; undefined when it is not theirs alone,
 * as another user's cache would be code this process runs).
 */
export function cacheFileFor(bundle: string): string | undefined {
  try {
    accessSync(dirname(bundle), constants.W_OK);
    return `${bundle}.v8cache`;
  } catch {
    // Not writable: the user's own folder below.
  }
  const uid = process.getuid?.() ?? 0;
  const dir = join(tmpdir(), `gcnkit-v8cache-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory() || (process.getuid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0) {
      return undefined;
    }
  } catch {
    return undefined;
  }
  return join(dir, `${basename(bundle)}.v8cache`);
}

/**
 * Runs the CommonJS file `bundle` (as Node's loader would: its own require, module and exports) compiled
 * with the code cache in `cacheFile` when there is a valid one; undefined `cacheFile`: no cache.
 */
export function loadBundle(bundle: string, cacheFile: string | undefined): LoadedBundle {
  const source = readFileSync(bundle, 'utf8');
  const cached = cacheFile === undefined ? undefined : readCacheFile(cacheFile);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData: cached,
  });
  const cache: CacheState =
    cacheFile === undefined
      ? 'none'
      : cached === undefined
        ? existsAsFile(cacheFile)
          ? 'invalid'
          : 'missing'
        : script.cachedDataRejected === true
          ? 'rejected'
          : 'used';
  const module = { exports: {} as Record<string, unknown> };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    cache,
    save() {
      if (cacheFile === undefined || cache === 'used') return;
      if (writeCacheFile(cacheFile, script.createCachedData())) pruneCaches(cacheFile, bundle);
    },
  };
}

function existsAsFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/** A cache file's name (or its temporary file's while written): the bundle's name and `.v8cache`. */
const CACHE_NAME = /^cli-disasm-[0-9a-f]{16}\.cjs\.v8cache(\.\d+\.tmp)?$/;
/** Caches not used for this long are removed (a file read in that time has a later atime). */
export const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * Removes the other cache files in the folder of `cacheFile` (just written for `bundle`) that no run
 * will use: beside the bundles (dist/), those whose bundle is gone (an older build's); in the shared
 * folder under os.tmpdir(), which every build of every installed copy writes into, those neither read
 * nor written for STALE_MS (atime: with Linux's default relatime a read updates it at most daily, often
 * enough for a week's window; where reads never update it, a cache used daily but made more than a week
 * ago is removed and made again after the next run). Failures are ignored: pruning only saves disk.
 */
export function pruneCaches(cacheFile: string, bundle: string, now = Date.now()): void {
  const dir = dirname(cacheFile);
  const beside = dir === dirname(bundle);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(dir, name);
    if (file === cacheFile || !CACHE_NAME.test(name)) continue;
    try {
      const st = lstatSync(file);
      if (!st.isFile()) continue;
      const unused = now - Math.max(st.atimeMs, st.mtimeMs) > STALE_MS;
      const orphan =
        beside && !name.endsWith('.tmp') && !existsAsFile(join(dir, name.slice(0, -'.v8cache'.length)));
      if (unused || orphan) rmSync(file, { force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}
