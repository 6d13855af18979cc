// docs/api.md's complete example runs as written (with 'gcnkit' resolved to this repository's runtime)
// and prints what the text says it does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

test('the multi-launch example of docs/api.md runs and sums 1 + 2 + 3', () => {
  const doc = readFileSync('docs/api.md', 'utf8');
  const section = doc.slice(doc.indexOf('## A complete example'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(code, 'no example in docs/api.md');
  const runtime = pathToFileURL(resolve('src/runtime/device.ts')).href;
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-api-doc-'));
  try {
    const file = join(dir, 'example.ts');
    writeFileSync(file, code.replace("from 'gcnkit'", `from '${runtime}'`));
    const out = execFileSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8' });
    assert.match(
      out,
      /^launch 1: 16 waves, 496 wave-instructions in \d+\.\d{3} s\nlaunch 2: .*\nlaunch 3: .*\n/,
    );
    assert.match(out, /\n6 Float32Array\(2\) \[ 6, 6 \]\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
