// The conformance suite on the older generations (gfx600, gfx700, gfx803): which (target, level) pairs
// must pass (enabled.json), and which code objects clang-22 cannot build (bin/unbuilt.txt, written by
// scripts/build-conformance.sh with clang's reason).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_DIR, type Level } from './harness.js';

export const GEN_CONFORMANCE_TARGETS = ['gfx600', 'gfx700', 'gfx803'] as const;

/** `TARGET-OLEVEL` pairs enabled.json lists (a bare target enables both levels). */
export function enabledConformance(): Set<string> {
  const raw = JSON.parse(readFileSync(join(BIN_DIR, '..', 'enabled.json'), 'utf8')) as { enabled: string[] };
  const out = new Set<string>();
  for (const e of raw.enabled) {
    if (/-O[03]$/.test(e)) out.add(e);
    else for (const l of ['O0', 'O3']) out.add(`${e}-${l}`);
  }
  return out;
}

/** Objects clang-22 cannot build, `source-target-level` -> clang's first error line. */
export function unbuilt(dir = BIN_DIR): Map<string, string> {
  const m = new Map<string, string>();
  const f = join(dir, 'unbuilt.txt');
  if (!existsSync(f)) return m;
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    const r = /^(\S+) (\S+) (O[03]): (.*)$/.exec(line);
    if (r) m.set(`${r[1]}-${r[2]}-${r[3]}`, r[4]);
  }
  return m;
}

export function unbuiltKey(source: string, target: string, level: Level): string {
  return `${source}-${target}-${level}`;
}
