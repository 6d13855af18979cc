// The library's sources as the package and the browser bundle take them: no Node-only module or
// global outside the Node adapter and the CLI, no import cycle, and importable from a TypeScript
// script outside the repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { SCALE_EXPECTED, SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from './helpers/library-kernel.js';
import { importCycles, SRC, sourceFacts, sourceFiles } from './helpers/source-graph.js';

const facts = sourceFiles().map(sourceFacts);
const REPO = resolve(SRC, '..');

/** The Node adapter and the CLI are the only places that may use Node. */
const nodeAllowed = (file: string) => file === 'node.ts' || file.startsWith('cli/');

test('no node:* import and no Node global in src/ outside src/node.ts and src/cli/', () => {
  const uses = facts
    .filter((f) => !nodeAllowed(f.file))
    .flatMap((f) => f.nodeUses.map((u) => `src/${f.file}:${u}`));
  assert.deepEqual(uses, []);
});

test('the scan sees Node use where it is allowed (it can fail)', () => {
  const node = facts.find((f) => f.file === 'node.ts');
  assert.ok(
    node?.nodeUses.some((u) => u.includes("import 'node:fs'")),
    JSON.stringify(node?.nodeUses),
  );
  const probe = join(mkdtempSync(join(tmpdir(), 'gcnkit-scan-')), 'probe.ts');
  try {
    writeFileSync(
      probe,
      "import { x } from 'fs';\nconst t = process.hrtime.bigint();\nconst o = { process: 1 };\nBuffer.from(o.process);\n",
    );
    assert.deepEqual(sourceFacts(probe).nodeUses, ["1: import 'fs'", '2: process', '4: Buffer']);
  } finally {
    rmSync(resolve(probe, '..'), { recursive: true, force: true });
  }
});

test('src/ has no import cycle', () => {
  assert.ok(facts.length > 100, `only ${facts.length} modules found`);
  assert.deepEqual(importCycles(facts), []);
  // The checker finds a cycle when there is one.
  const a = { file: 'a.ts', imports: ['b.ts'], nodeUses: [] };
  const b = { file: 'b.ts', imports: ['c.ts'], nodeUses: [] };
  const c = { file: 'c.ts', imports: ['a.ts', 'd.ts'], nodeUses: [] };
  assert.deepEqual(importCycles([a, b, c, { file: 'd.ts', imports: [], nodeUses: [] }]), [
    'a.ts -> b.ts -> c.ts -> a.ts',
  ]);
});

test('a TypeScript script outside the repository imports src/index.ts (node --import tsx) and runs a kernel', () => {
  // No package.json: the script is in a CommonJS scope, where tsx loads the sources with require(esm).
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-outside-'));
  try {
    const script = join(dir, 'use-gcnkit.ts');
    writeFileSync(
      script,
      `import * as gcnkit from ${JSON.stringify(join(SRC, 'index.ts'))};
const source = ${JSON.stringify(SCALE_SOURCE)};
const include = ${JSON.stringify(SCALE_INCLUDE)};
const run = new Function('gcnkit', 'source', 'include', ${JSON.stringify(`return (async () => {${SCALE_RUN_JS}})();`)});
run(gcnkit, source, include).then((r: unknown) => console.log(JSON.stringify(r)));
`,
    );
    const tsx = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
    const r = spawnSync(process.execPath, ['--import', tsx, script], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), SCALE_EXPECTED);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
