// docs/cli.md and docs/run-spec.md are the reference users rely on: every command and option the CLI
// accepts is documented, and every run spec shown in the docs is one the parser accepts and that uses
// every field it knows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { COMMAND_NAMES } from '../src/cli/dispatch.js';
import { COMMANDS } from '../src/cli/gcnkit.js';
import { isRawSpec, parseRawSpec } from '../src/cli/run-raw-spec.js';
import { parseRunSpec, VALUE_TYPES } from '../src/cli/run-spec.js';
import { root } from './helpers/cli.js';

const cliMd = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
const specMd = readFileSync(join(root, 'docs', 'run-spec.md'), 'utf8');

test('docs/cli.md has a section for every command and names every option', () => {
  // The process (main.ts) loads a command by its name in COMMAND_NAMES: the two lists agree.
  assert.deepEqual(
    COMMANDS.map((c) => c.name),
    [...COMMAND_NAMES],
  );
  for (const c of COMMANDS) {
    assert.match(cliMd, new RegExp(`^## ${c.name}$`, 'm'), c.name);
    assert.ok(cliMd.includes(`gcnkit ${c.name} `), `synopsis of ${c.name}`);
    for (const [name, o] of Object.entries(c.options)) {
      const spelled = name.length === 1 ? `-${name}` : `--${name}`;
      const alt = (o as { short?: string }).short;
      assert.ok(
        cliMd.includes(spelled) ||
          (alt !== undefined && cliMd.includes(`-${alt}`)) ||
          (name === 'shared' && cliMd.includes('-shared')),
        `${c.name} ${spelled}`,
      );
    }
  }
  for (const s of ['Exit status', 'Limits', '70']) assert.ok(cliMd.includes(s), s);
});

test('docs/run-spec.md: its JSON examples parse, and every field and type name is described', () => {
  const blocks = [...specMd.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 2);
  // The raw-device form (a "pm4" field) parses with its own parser.
  const forms = blocks.map((b) => {
    if (!isRawSpec(JSON.parse(b))) return parseRunSpec(b).form;
    parseRawSpec(JSON.parse(b));
    return 'raw';
  });
  assert.deepEqual([...new Set(forms)].sort(), ['multi', 'one', 'raw']);
  for (const field of [
    'kernel',
    'grid',
    'block',
    'args',
    'dynamic_lds',
    'repeat',
    'outputs',
    'buffers',
    'launches',
    'buffer',
    'value',
    'type',
    'lds',
    'iteration',
    'file',
    'bytes',
    'mcpu',
    'memory',
    'address',
    'pm4',
    'constant_engine',
  ])
    assert.ok(specMd.includes(`\`${field}\``) || specMd.includes(`"${field}"`), field);
  for (const t of VALUE_TYPES) assert.ok(specMd.includes(`\`${t}\``), t);
  for (const s of ['--allow-outside-paths', '..', 'symbolic link', 'atomically', '2^32-1'])
    assert.ok(specMd.includes(s), s);
});
