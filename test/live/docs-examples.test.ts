// Live (GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs): the committed examples (code objects and
// inputs) are exactly what scripts/build-examples.sh builds from their sources now, so the sources, the
// build commands and the files that test/examples.test.ts runs cannot drift apart.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22'].every(have);
const skip = live ? false : 'needs GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs';

test('live: the committed examples are what their sources build now', { skip }, () => {
  const script = join(import.meta.dirname, '..', '..', 'scripts', 'build-examples.sh');
  const r = spawnSync('bash', [script, '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /the committed examples are what their sources build/);
});
