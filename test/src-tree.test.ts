// Checks on the syntax tree of src/ (TypeScript's parser), each module parsed once for all of them: the
// layers go one way, nothing outside the processor records branches on a processor's name, no Node-only
// module or global outside the Node adapter and the CLI, no import cycle. One process for all four: a
// process of its own for each cost about 5 s of CPU more (loading TypeScript's parser and parsing the
// 2.2 MB of src/ again, most of it the parser's warm-up).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import type ts from 'typescript';
import { PROCESSORS } from '../src/isa/processors.js';
import {
  importCycles,
  parseSource,
  type SourceFacts,
  SRC,
  sourceFacts,
  sourceFiles,
  typescript,
} from './helpers/source-graph.js';

interface Scanned {
  readonly path: string;
  /** Path relative to src/, with `/`. */
  readonly file: string;
  readonly facts: SourceFacts;
  /** processorNameUses of the module. */
  readonly names: string[];
}

let scanned: Scanned[] | undefined;

/** Every module of src/, parsed once and its tree dropped after both scans. */
function scan(): Scanned[] {
  scanned ??= sourceFiles().map((path) => {
    const sf = parseSource(path);
    const file = relative(SRC, path).split('\\').join('/');
    return { path, file, facts: sourceFacts(path, sf), names: processorNameUses(file, sf) };
  });
  return scanned;
}

// ---- Layers: isa -> codec / elf -> asm / emu / disasm -> gpu -> cp -> runtime -> api / cli. A module
// imports (at run time) only from its own folder or a lower layer, and nothing imports a module for its
// side effects (the emulator's registry is built by direct imports, src/emu/registry.ts).

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
  for (const { facts: f } of scan()) {
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

// ---- Processor names: every per-target fact is in src/isa/processors.ts, and consumers ask the record
// (generation, a feature, a count). No string literal or property name that is a processor name
// (`'gfx900'`, `gfx908: ...`, `'gfx90a:xnack+'`), and no regular expression naming one (`/^gfx8/`). Prose
// inside a longer string (a message quoting LLVM, `directive requires gfx90a+`) is not a branch and is
// allowed.

const HOME = 'isa/processors.ts';

/**
 * Files of other areas still keyed by the gfx9 targets (the T_* op tables being replaced by
 * per-generation op rows); each entry names why. Remove an entry when its file is converted.
 */
const PENDING: Record<string, string> = {
  'codec/families/vop3p.ts': 'VOP3P tables built per gfx9 target (vector area)',
};

const NAMES = new Set(PROCESSORS.map((p) => p.name));
const isName = (s: string): boolean => NAMES.has(s.split(':')[0]) || /^gfx\d{3}[0-9a-z]?$/.test(s);

/** `file:line: text` of each place in the module `sf` (named `file`) that names a processor as a value. */
function processorNameUses(file: string, sf: ts.SourceFile): string[] {
  const ts = typescript();
  const out: string[] = [];
  const at = (n: ts.Node) =>
    `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText()}`;
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && isName(n.text)) out.push(at(n));
    else if (ts.isIdentifier(n) && isName(n.text)) out.push(at(n));
    else if (ts.isRegularExpressionLiteral(n) && /gfx\d/.test(n.text)) out.push(at(n));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

test('no consumer in src/ branches on a processor name (only src/isa/processors.ts names them)', () => {
  const uses = scan()
    .filter((s) => s.file !== HOME && !(s.file in PENDING))
    .flatMap((s) => s.names);
  assert.deepEqual(uses, []);
});

test('the checker finds the ways a name can be branched on', () => {
  const probe = [
    "if (t === 'gfx908') x();",
    'const M = { gfx900: 1 };',
    "const S = new Set(['gfx90a:xnack+']);",
    'if (/^gfx8/.test(cpu)) y();',
    "throw new Error('directive requires gfx90a+');",
    "if (p.generation === 'gfx9') z();",
  ].join('\n');
  assert.deepEqual(
    processorNameUses('probe.ts', parseSource('probe.ts', probe)).map((u) => u.split(': ')[0]),
    ['probe.ts:1', 'probe.ts:2', 'probe.ts:3', 'probe.ts:4'],
  );
});

// ---- The library's sources as the package and the browser bundle take them (docs/library.md): no
// Node-only module or global outside the Node adapter and the CLI, no import cycle.
// test/package-sources.test.ts imports src/index.ts from a script outside the repository.

/** The Node adapter and the CLI are the only places that may use Node. */
const nodeAllowed = (file: string) => file === 'node.ts' || file.startsWith('cli/');

test('no node:* import and no Node global in src/ outside src/node.ts and src/cli/', () => {
  const uses = scan()
    .map((s) => s.facts)
    .filter((f) => !nodeAllowed(f.file))
    .flatMap((f) => f.nodeUses.map((u) => `src/${f.file}:${u}`));
  assert.deepEqual(uses, []);
});

test('the scan sees Node use where it is allowed (it can fail)', () => {
  const node = scan().find((s) => s.file === 'node.ts')?.facts;
  assert.ok(
    node?.nodeUses.some((u) => u.includes("import 'node:fs'")),
    JSON.stringify(node?.nodeUses),
  );
  const probe = join(mkdtempSync(join(tmpdir(), 'gcnkit-scan-')), 'probe.ts');
  try {
    writeFileSync(
      probe,
      "import { x } from 'fs';\nconst t = process.hrtime.bigint();\nconst o = { process: 1 };\nBuffer.from(o.process);\n",
    );
    assert.deepEqual(sourceFacts(probe).nodeUses, ["1: import 'fs'", '2: process', '4: Buffer']);
  } finally {
    rmSync(resolve(probe, '..'), { recursive: true, force: true });
  }
});

test('src/ has no import cycle', () => {
  const facts = scan().map((s) => s.facts);
  assert.ok(facts.length > 100, `only ${facts.length} modules found`);
  assert.deepEqual(importCycles(facts), []);
  // The checker finds a cycle when there is one.
  const a = { file: 'a.ts', imports: ['b.ts'], nodeUses: [] };
  const b = { file: 'b.ts', imports: ['c.ts'], nodeUses: [] };
  const c = { file: 'c.ts', imports: ['a.ts', 'd.ts'], nodeUses: [] };
  assert.deepEqual(importCycles([a, b, c, { file: 'd.ts', imports: [], nodeUses: [] }]), [
    'a.ts -> b.ts -> c.ts -> a.ts',
  ]);
});
