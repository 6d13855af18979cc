// docs/library.md's complete example runs as written (with `gcnkit` being src/index.ts) and prints what
// its comments say.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as gcnkit from '../src/index.js';

const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'library.md'), 'utf8');

test("docs/library.md's example assembles, runs and disassembles its kernel", async () => {
  const example = /```js\n(import \{[^}]*\} from 'gcnkit';\n[\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(example, 'no ```js block importing gcnkit in docs/library.md');
  // The import becomes a destructuring of the module; console.log is captured.
  const body = example.replace(/^import \{([^}]*)\} from 'gcnkit';/, 'const {$1} = gcnkit;');
  const lines: string[] = [];
  const log = (...a: unknown[]) => lines.push(a.join(' '));
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  await new AsyncFunction('gcnkit', 'console', body)(gcnkit, { log });
  assert.equal(lines[0], '1 511 4');
  assert.match(lines[1], /code object:\tfile format elf64-amdgpu[\s\S]*global_store_dword v1, v2, s\[6:7\]/);
});
