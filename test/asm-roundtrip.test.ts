// Round trip: every instruction of the clang-22 corpus kernels (test/corpus and test/co-corpus objects
// for gfx900/906/908), as llvm-objdump-22 prints it, must assemble back to its own bytes.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import { disLines } from '../scripts/lib/dis-lines.js';
import type { Target } from '../src/isa/targets.js';

// The llvm-mc edge-case objects (mc-*) are left out: they hold data and branches to named labels.
const dirs = [join(import.meta.dirname, 'corpus', 'obj'), join(import.meta.dirname, 'co-corpus', 'objdump')];
const files = dirs.flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.dis.gz') && /\.O[023]\./.test(f))
    .sort()
    .map((f) => join(d, f)),
);

for (const target of ['gfx900', 'gfx906', 'gfx908'] as Target[]) {
  test(`round trip: corpus disassembly reassembles identically (${target})`, (t) => {
    let n = 0;
    let same = 0;
    const bad = new Map<string, string>();
    const cache = new Map<string, string | undefined>();
    for (const f of files.filter((x) => x.includes(`.${target}.`))) {
      for (const { text, hex } of disLines(f)) {
        n++;
        let got = cache.get(text);
        if (!cache.has(text)) {
          const r = assembleOne(text, target);
          got = r.hex ?? `error: ${r.error}`;
          cache.set(text, got);
        }
        if (got === hex) same++;
        else if (bad.size < 30) bad.set(text, `${text}\n    want: ${hex}\n    got:  ${got}`);
      }
    }
    t.diagnostic(`${same}/${n} instruction lines reassemble identically (${cache.size} distinct texts)`);
    assert.ok(n > 10000, `only ${n} lines`);
    assert.deepEqual([...bad.values()], []);
  });
}
