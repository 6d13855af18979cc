// Compiles the TypeScript that the test tiers run (src/, test/, bench/, scripts/) into JavaScript under
// build/test-js/, so that `node --test` runs plain JavaScript: a node process with tsx's loader costs
// 0.33 s to start instead of 0.11 s, and every module it loads then goes through the loader's hooks
// thread (scripts/test-tier.mjs runs each of ~130 test files in its own process).
//
// Each .ts becomes a .js at the same relative place (relative imports './x.js' resolve there), by
// esbuild's transform with the options tsx uses (its ESM loader: target the running node, ESM, the
// tsconfig's compilerOptions, an inline source map whose source is the .ts), less two that cost and
// change nothing here: keepNames (a transform renames nothing, so it only wrapped every function and
// class in a call that set the name it already had, about 10% of the CPU of tests that make closures
// in their loops, such as emu-valu-half and emu-salu) and the sources' text inside the maps (it
// doubled the maps that every test process decodes; node reads the .ts for an error's source line).
// One difference makes the compiled module behave as the source does under tsx: import.meta.url, .dirname
// and .filename are replaced by the .ts file's own, so that fixtures, corpora, examples, docs and the
// sources themselves are read where they are, scripts spawned by path are the real ones, and the
// source-only branch of src/cli/worker-threads.ts (worker threads through tsx) is the one tested, as
// before. The only other file the compiled modules reach by a relative path is package.json (a JSON
// import in src/cli), linked into build/test-js/ (its "type": "module" also applies there, and
// node_modules resolve by walking up to the repository's).
//
// Incremental: a file is compiled again when its size or mtime changed since the last run (recorded
// in build/test-js/manifest.json), everything when this script, esbuild, node, the tsconfig or the
// repository's place changed; outputs whose source is gone are removed.
//   node scripts/test-js.mjs      compiles and prints what it did
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform, version } from 'esbuild';

const SOURCE_DIRS = ['src', 'test', 'bench', 'scripts'];

/** build/test-js under the repository `root`: where compile(root) writes. */
export function outDir(root) {
  return join(root, 'build', 'test-js');
}

/** The .js that compile(root) makes of `file` (a .ts path relative to the repository). */
export function compiledPath(root, file) {
  return join(outDir(root), file.replace(/\.ts$/, '.js'));
}

/** Every .ts (not .d.ts) under the source folders, relative to the repository, sorted. */
function sources(root) {
  return SOURCE_DIRS.flatMap((d) =>
    readdirSync(join(root, d), { recursive: true })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .map((f) => join(d, f)),
  ).sort();
}

/**
 * Brings build/test-js up to date with the sources; returns the number of files compiled and removed.
 * Throws on a syntax error (esbuild's message names the file and line).
 */
export async function compile(root) {
  const out = outDir(root);
  const manifestFile = join(out, 'manifest.json');
  const compilerOptions = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions;
  const key = createHash('sha256')
    .update(readFileSync(import.meta.filename))
    .update(JSON.stringify([version, process.versions.node, root, compilerOptions]))
    .digest('hex');
  let old = { key: '', files: {} };
  try {
    old = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    // No manifest yet (or a broken one): compile everything.
  }
  const previous = old.key === key ? old.files : {};

  mkdirSync(out, { recursive: true });
  const pkg = join(out, 'package.json');
  if (!existsSync(pkg)) symlinkSync(join('..', '..', 'package.json'), pkg);

  const files = {};
  const todo = [];
  for (const file of sources(root)) {
    const st = statSync(join(root, file));
    const stamp = `${st.size}:${st.mtimeMs}`;
    files[file] = stamp;
    if (previous[file] !== stamp || !existsSync(compiledPath(root, file))) todo.push(file);
  }
  await Promise.all(
    todo.map(async (file) => {
      const src = join(root, file);
      const url = pathToFileURL(src).href;
      const r = await transform(readFileSync(src, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: `node${process.versions.node}`,
        sourcemap: 'inline',
        sourcesContent: false,
        sourcefile: src,
        tsconfigRaw: { compilerOptions },
        define: {
          'import.meta.url': JSON.stringify(url),
          'import.meta.filename': JSON.stringify(src),
          'import.meta.dirname': JSON.stringify(dirname(src)),
        },
        logLevel: 'error',
      });
      const dest = compiledPath(root, file);
      mkdirSync(dirname(dest), { recursive: true });
      // Written aside and renamed: a test run started meanwhile never reads half a file.
      writeFileSync(`${dest}.tmp${process.pid}`, r.code);
      renameSync(`${dest}.tmp${process.pid}`, dest);
    }),
  );
  let removed = 0;
  for (const f of readdirSync(out, { recursive: true })) {
    if (f.endsWith('.js') && files[f.replace(/\.js$/, '.ts')] === undefined) {
      rmSync(join(out, f));
      removed++;
    }
  }
  writeFileSync(`${manifestFile}.tmp${process.pid}`, JSON.stringify({ key, files }));
  renameSync(`${manifestFile}.tmp${process.pid}`, manifestFile);
  return { compiled: todo.length, removed, total: Object.keys(files).length };
}

if (process.argv[1] === import.meta.filename) {
  const root = join(import.meta.dirname, '..');
  const t = performance.now();
  const r = await compile(root);
  console.log(
    `test-js: ${r.compiled} of ${r.total} files compiled, ${r.removed} removed, into ${relative(root, outDir(root))} ` +
      `(${((performance.now() - t) / 1000).toFixed(2)} s)`,
  );
}
