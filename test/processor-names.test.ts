// Nothing outside the processor records branches on a processor's name: every per-target fact is in
// src/isa/processors.ts, and consumers ask the record (generation, a feature, a count). Checked on the
// syntax tree of src/: no string literal or property name that is a processor name (`'gfx900'`,
// `gfx908: ...`, `'gfx90a:xnack+'`), and no regular expression naming one (`/^gfx8/`). Prose inside a
// longer string (a message quoting LLVM, `directive requires gfx90a+`) is not a branch and is allowed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { PROCESSORS } from '../src/isa/processors.js';
import { SRC, sourceFiles } from './helpers/source-graph.js';

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

/** `file:line: text` of each place in `text` that names a processor as a value. */
export function processorNameUses(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
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
  const uses: string[] = [];
  for (const path of sourceFiles()) {
    const file = relative(SRC, path).split('\\').join('/');
    if (file === HOME || file in PENDING) continue;
    uses.push(...processorNameUses(file, readFileSync(path, 'utf8')));
  }
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
    processorNameUses('probe.ts', probe).map((u) => u.split(': ')[0]),
    ['probe.ts:1', 'probe.ts:2', 'probe.ts:3', 'probe.ts:4'],
  );
});
