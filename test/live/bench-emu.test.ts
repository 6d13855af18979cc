// Live against clang-22 (GCNKIT_LIVE=1): the emulator benchmark's committed code objects are what
// scripts/build-bench-kernels.sh builds now, and the benchmark's native path works: two kernels at full
// size, their C compiled by clang-22 -O2 and run, the emulator's outputs compared with the native ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..');
const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const skip = process.env.GCNKIT_LIVE === '1' && have('clang-22') ? false : 'needs GCNKIT_LIVE=1 and clang-22';

test('live: the committed benchmark code objects are what clang-22 builds now', { skip }, () => {
  const r = spawnSync('bash', ['scripts/build-bench-kernels.sh', '--check'], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^build-bench-kernels: 10 code objects identical to bin\/$/m);
});

test(
  'live: bench/emu.ts checks vector add and transpose against their native C and times both',
  { skip },
  () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/emu.ts', '--only=vadd,transpose'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^native: clang-22 -O2 -ffp-contract=off, one thread/m);
    // The native time, the ratio, what clang's loop vectoriser said and the speed-up of the default engine
    // (jit) over the interpreter are filled.
    for (const name of ['vector add', 'transpose'])
      assert.match(
        r.stdout,
        new RegExp(
          `^\\| memory/atomics \\| ${name} \\|.* \\| \\d+x \\| loop \\(width \\d+ x\\d+\\) \\| [\\d.]+x \\|$`,
          'm',
        ),
        r.stdout,
      );
  },
);
