// Issue 13 item 4: the interpreter allocates nothing per instruction. A child process with a 1 MB young
// generation (test/helpers/gc-probe.ts) runs a loop of common VALU, SALU, EXEC-masked, GLOBAL and LDS
// instructions for N and for 4N iterations and counts the garbage collections of each run: with no
// allocation on the hot path the longer run collects no more often than the shorter one. (Before this
// work the 3N extra iterations, about 430k instructions, cost about 50 collections: an operand view per
// source, boxed uint32 arguments, closures of the SALU logic ops.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { nodeTs } from './helpers/node-ts.js';

// Up to three probes: a background compilation or a busy machine can add a collection or two to one
// run, while an allocation per instruction adds about 50 to every run.
test('the interpreter allocates nothing per instruction: 4x the iterations, no more collections', () => {
  const root = join(import.meta.dirname, '..');
  const runs: string[] = [];
  for (let probe = 0; probe < 3; probe++) {
    const out = execFileSync(
      process.execPath,
      ['--max-semi-space-size=1', ...nodeTs(join('test', 'helpers', 'gc-probe.ts')), '6000'],
      { cwd: root, encoding: 'utf8' },
    );
    const { small, large, instructions } = JSON.parse(out.trim().split('\n').pop() as string);
    // One collection of slack: a run's own few objects (the returned record, the wave) may tip one over.
    if (large - small <= 1) return;
    runs.push(
      `${large} collections for 4N iterations against ${small} for N (${instructions} instructions in all)`,
    );
  }
  assert.fail(runs.join('; '));
});
