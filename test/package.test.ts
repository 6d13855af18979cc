// The package as users get it: a fresh clone packed with `npm pack` (prepack builds dist/), unpacked
// into an empty project, and used through `import ... from 'gcnkit'` in JavaScript and in
// TypeScript checked against the installed declarations. No registry: dependencies are linked from
// the repository's node_modules (test/live/package-install.test.ts does a real `npm install`). Packing
// a fresh clone builds the whole package (about 18 s of CPU), so this runs in the slow tier only.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSync } from 'esbuild';
import { NO_NODE_GLOBALS, runInWebContext } from './helpers/browser-bundle.js';
import { SCALE_EXPECTED, SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from './helpers/library-kernel.js';
import { consumerJs, consumerProject, consumerTs, packFreshClone, REPO, tempWork } from './helpers/packed.js';
import { SLOW } from './helpers/tier.js';

const work = tempWork('gcnkit-pack-');
let packed: { tarball: string; files: string[] };
let project: string;
const seconds: Record<string, number> = {};
const timed = <T>(name: string, f: () => T): T => {
  const t0 = performance.now();
  const v = f();
  seconds[name] = Math.round(performance.now() - t0) / 1000;
  return v;
};

before(() => {
  if (!SLOW) return;
  packed = timed('pack', () => packFreshClone(work));
  project = consumerProject(work, packed.tarball, ['yaml']);
});
after(() => {
  if (SLOW) console.log(`package test seconds: ${JSON.stringify(seconds)}`);
  rmSync(work, { recursive: true, force: true });
});

const node = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', timeout: 60_000 });

test(
  'npm pack of a fresh clone holds the built library, its declarations, the bin and LICENSE',
  { skip: !SLOW && 'slow tier' },
  () => {
    for (const f of [
      'dist/index.js',
      'dist/node.js',
      'dist/cli.js',
      'dist/index.d.ts',
      'dist/node.d.ts',
      'LICENSE',
      'package.json',
    ])
      assert.ok(packed.files.includes(f), `${f} not in ${packed.files.join(' ')}`);
    assert.ok(
      !packed.files.some((f) => f.startsWith('src/') || f.startsWith('test/')),
      'sources or tests packed',
    );
    const license = readFileSync(join(project, 'node_modules/gcnkit/LICENSE'), 'utf8');
    assert.match(license, /Apache License\s+Version 2\.0, January 2004/);
    assert.match(license, /END OF TERMS AND CONDITIONS/);
  },
);

test(
  'the library entry of the package imports no node:* module (browser bundlers take it)',
  { skip: !SLOW && 'slow tier' },
  () => {
    const pkg = join(project, 'node_modules/gcnkit');
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /from\s*["']node:|require\(/, file);
      for (const m of text.matchAll(/from\s*["'](\.[^"']+)["']/g)) visit(join(file, '..', m[1]));
    };
    visit(join(pkg, 'dist/index.js'));
    assert.ok(seen.size >= 2, [...seen].join(' '));
  },
);

test(
  'JavaScript: import { Device, assemble, ... } from "gcnkit" runs a kernel',
  { skip: !SLOW && 'slow tier' },
  () => {
    writeFileSync(join(project, 'run.mjs'), consumerJs());
    const r = timed('js', () => node(['run.mjs']));
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), SCALE_EXPECTED);
  },
);

test(
  'TypeScript: type-checks against the installed .d.ts (repo tsc), a wrong use fails, and it runs a kernel',
  { skip: !SLOW && 'slow tier' },
  () => {
    writeFileSync(join(project, 'run.ts'), consumerTs());
    writeFileSync(join(project, 'scale.s'), SCALE_SOURCE);
    mkdirSync(join(project, 'inc'));
    writeFileSync(join(project, 'inc/scale.inc'), SCALE_INCLUDE);
    // The check is real: a processor gcnkit does not have is a type error in the caller's code.
    writeFileSync(
      join(project, 'bad.ts'),
      "import { assemble } from 'gcnkit';\nassemble('s_endpgm', { mcpu: 'gfx1100' });\n",
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          // The package's declarations are checked too, and need no @types/node.
          skipLibCheck: false,
          types: [],
          outDir: 'out',
        },
        files: ['run.ts', 'bad.ts'],
      }),
    );
    const tsc = timed('tsc', () => node([join(REPO, 'node_modules/typescript/bin/tsc'), '-p', '.']));
    const errors = tsc.stdout.split('\n').filter((l) => /error TS/.test(l));
    assert.equal(errors.length, 1, tsc.stdout + tsc.stderr);
    assert.match(errors[0], /^bad\.ts\(2,.*'"gfx1100"' is not assignable/);
    const r = timed('ts', () => node(['out/run.js']));
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { waves: 4, wrong: 0, processor: 'gfx908', lines: true });
  },
);

test(
  'a browser bundler takes the installed package (esbuild --platform=browser) and it runs without Node globals',
  { skip: !SLOW && 'slow tier' },
  async () => {
    const bundle = timed('browser bundle', () =>
      buildSync({
        stdin: { contents: "import * as g from 'gcnkit'; globalThis.gcnkit = g;", resolveDir: project },
        bundle: true,
        platform: 'browser',
        format: 'iife',
        write: false,
        logLevel: 'silent',
      }),
    );
    const r = await runInWebContext(bundle.outputFiles[0].text, SCALE_RUN_JS, {
      source: SCALE_SOURCE,
      include: SCALE_INCLUDE,
    });
    assert.equal(r.nodeGlobals, NO_NODE_GLOBALS);
    assert.deepEqual(r.result, SCALE_EXPECTED);
  },
);

test('the packed bin runs', { skip: !SLOW && 'slow tier' }, () => {
  const r = node([join(project, 'node_modules/gcnkit/dist/cli.js'), 'isa', '--mcpu=gfx908']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /# gfx908: \d+ ops/);
});
