// The conformance objects on 2 worker threads against 1 (LaunchOptions.workers): every buffer and the
// counts of every launch identical, except in the cases whose results depend on the order in which
// workgroups' atomics happen (RACY), which must pass their own checks on 2 threads instead. `npm test`
// runs every fourth case on one target/level pair (rotating); the slow tier runs every case on all four.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { startWorkerThreads } from '../src/cli/worker-threads.js';
import { Device } from '../src/runtime/device.js';
import type { KernelArg } from '../src/runtime/types.js';
import { CASES } from './conformance/cases.js';
import { BIN_DIR, binPath, type CaseArg, LEVELS, Rng, runCase, TARGETS } from './conformance/harness.js';
import { SLOW, sampled } from './helpers/tier.js';

before(() => startWorkerThreads(1));

/** Runs a case's launches on a fresh device with `workers`; the counts and bytes of every buffer. */
function outcome(bytes: Uint8Array, c: (typeof CASES)[number], workers: number): string[] {
  const launch = c.setup(new Rng(1));
  const dev = new Device();
  const mod = dev.load(bytes, c.source);
  const out: string[] = [];
  const run = (
    kernel: string,
    grid: readonly number[],
    block: readonly number[],
    caseArgs: readonly CaseArg[],
    dynamicLds = 0,
  ) => {
    const bufs = caseArgs.map((a) => (ArrayBuffer.isView(a) ? dev.upload(a) : undefined));
    const args = caseArgs.map((a, i) => bufs[i] ?? a) as KernelArg[];
    const r = mod.launch(kernel, { grid, block, args, budget: 2e8, dynamicLds, workers });
    out.push(`${kernel}: ${r.workgroups} ${r.waves} ${r.waveInstructions} ${r.laneInstructions} ${r.printf}`);
    for (const b of bufs) if (b !== undefined) out.push(Buffer.from(dev.read(b)).toString('base64'));
  };
  run(c.kernel ?? c.name, launch.grid, launch.block, launch.args, launch.dynamicLds);
  for (const l of launch.followUps ?? []) run(l.kernel, l.grid, l.block, l.args);
  return out;
}

/**
 * Cases with races between workgroups: values returned by exchanges and compare-and-swaps (which work-item
 * got which ticket, what the last exchange left), and compare-and-swap loops whose retry count (and so
 * instruction count) depends on the interleaving. Their checks accept every order.
 */
const RACY = new Set([
  'atomic_int_ops',
  'atomic_uint_minmax',
  'atomic_cmpxchg_ticket',
  'atomic_long_ops',
  'float_atomic_add',
  'c11_atomics',
]);

const pairs = TARGETS.flatMap((t) => LEVELS.map((l) => [t, l] as const));
for (const [i, c] of CASES.entries()) {
  if (!SLOW && i % 4 !== 0) continue;
  test(`conformance ${c.name}: 2 workers = 1 worker${RACY.has(c.name) ? ' (racy: its checks pass)' : ''}`, () => {
    for (const [pi, [target, level]] of pairs.entries()) {
      if (!sampled(i / 4, pi, pairs.length)) continue;
      if (RACY.has(c.name)) {
        runCase(c, target, level, BIN_DIR, 'jit', 2);
        continue;
      }
      const bytes = new Uint8Array(readFileSync(binPath(c.source, target, level)));
      assert.deepEqual(outcome(bytes, c, 2), outcome(bytes, c, 1), `${c.name} on ${target} -${level}`);
    }
  });
}
