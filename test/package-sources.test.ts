// The library's sources as a TypeScript consumer takes them: importable from a script outside the
// repository. test/src-tree.test.ts checks them as the package and the browser bundle take them (no
// Node-only module or global outside the Node adapter and the CLI, no import cycle).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { SCALE_EXPECTED, SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from './helpers/library-kernel.js';
import { SRC } from './helpers/source-graph.js';

const REPO = resolve(SRC, '..');

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
