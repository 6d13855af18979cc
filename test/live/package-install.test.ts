// Live (GCNKIT_LIVE=1, needs the npm registry): packs a fresh clone and does a real `npm install
// <tarball>` in an empty project, so the dependencies come from the registry as a user gets them; then
// runs a kernel through `import ... from 'gcnkit'` and the installed `gcnkit` bin.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SCALE_EXPECTED } from '../helpers/library-kernel.js';
import { consumerJs, npm, packFreshClone, tempWork } from '../helpers/packed.js';

const live = process.env.GCNKIT_LIVE === '1';

test(
  'npm install of the packed tarball in an empty project runs a kernel',
  { skip: !live && 'needs GCNKIT_LIVE=1 and the npm registry', timeout: 300_000 },
  () => {
    const work = tempWork('gcnkit-install-');
    try {
      const { tarball } = packFreshClone(work);
      const project = join(work, 'project');
      mkdirSync(project);
      writeFileSync(
        join(project, 'package.json'),
        '{ "name": "consumer", "private": true, "type": "module" }\n',
      );
      npm(['install', tarball], project);
      writeFileSync(join(project, 'run.mjs'), consumerJs());
      const r = spawnSync(process.execPath, ['run.mjs'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), SCALE_EXPECTED);
      const bin = spawnSync(join(project, 'node_modules/.bin/gcnkit'), ['isa', '--mcpu=gfx900'], {
        encoding: 'utf8',
      });
      assert.equal(bin.status, 0, bin.stderr);
      assert.match(bin.stdout, /# gfx900: \d+ ops/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
);
