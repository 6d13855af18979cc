// The layers of src/ go one way: isa -> codec / elf -> asm / emu / disasm -> gpu -> cp -> runtime -> api / cli.
// A module imports (at run time) only from its own folder or a lower layer, and nothing imports a module
// for its side effects (the emulator's registry is built by direct imports, src/emu/registry.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SRC, sourceFacts, sourceFiles } from './helpers/source-graph.js';

/** Layer of each top-level folder; folders of the same rank do not import each other. */
const RANK: Record<string, number> = {
  isa: 0,
  elf: 1,
  codec: 1,
  asm: 2,
  emu: 2,
  disasm: 2,
  gpu: 3,
  cp: 4,
  runtime: 5,
  api: 6,
  cli: 6,
};

function folder(file: string): string {
  const i = file.indexOf('/');
  return i < 0 ? '' : file.slice(0, i);
}

test('src/ layers: every run-time import goes to the same folder or a lower layer', () => {
  const bad: string[] = [];
  for (const path of sourceFiles()) {
    const f = sourceFacts(path);
    const from = folder(f.file);
    if (from === '') continue; // index.ts and node.ts export everything
    assert.ok(from in RANK, `${f.file}: folder ${from} has no layer in RANK`);
    for (const imp of f.imports) {
      const to = folder(imp);
      if (to === from || imp.startsWith('../')) continue; // same folder, or package.json
      if (!(RANK[to] < RANK[from])) bad.push(`${f.file} -> ${imp}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('src/ has no side-effect import (import of a module for what it does on load)', () => {
  const bad: string[] = [];
  for (const path of sourceFiles()) {
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/^import\s+['"]([^'"]+)['"]/gm))
      bad.push(`${path.slice(SRC.length + 1)}: ${m[1]}`);
  }
  assert.deepEqual(bad, []);
  assert.ok(sourceFiles().includes(join(SRC, 'emu/registry.ts')));
});
