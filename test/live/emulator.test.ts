// Live against clang-22 (GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs installed):
// 1. the committed conformance code objects are exactly what clang-22 builds from their sources now;
// 2. the whole suite, compiled now for gfx906 (the third target, not committed), runs on the emulator
//    and matches the host references at -O0 and -O3.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CASES } from '../conformance/cases.js';
import { LEVELS, runCase } from '../conformance/harness.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22'].every(have);
const skip = live ? false : 'needs GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs';
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-emu-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function build(env: Record<string, string>, args: string[] = []): string {
  const r = spawnSync('bash', ['scripts/build-conformance.sh', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 26,
  });
  assert.equal(r.status, 0, `build-conformance.sh ${args.join(' ')} failed:\n${r.stderr.slice(-4000)}`);
  return r.stdout;
}

test('live: the committed conformance code objects are what clang-22 builds now', { skip }, () => {
  assert.match(build({}, ['--check']), /code objects identical to bin\//);
});

test('live: the conformance suite compiled now for gfx906 passes at -O0 and -O3', { skip }, () => {
  build({ CONFORMANCE_TARGETS: 'gfx906', CONFORMANCE_OUT: tmp });
  const failures: string[] = [];
  for (const c of CASES)
    for (const level of LEVELS) {
      try {
        runCase(c, 'gfx906', level, tmp);
      } catch (e) {
        failures.push(`${c.name} gfx906 -${level}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  assert.deepEqual(failures, []);
});
