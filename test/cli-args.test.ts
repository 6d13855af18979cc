// The command line's conventions (docs/cli.md): --version, help for every command, one error format with
// exit 2 for bad usage, and --json on every command that prints data, giving exactly one JSON document.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CliError, errorLine } from '../src/cli/errors.js';
import { supportedNames } from '../src/isa/processors.js';
import { cli, oneLineError, root, spawnCli } from './helpers/cli.js';

const COMMANDS = ['asm', 'disasm', 'info', 'isa', 'link', 'pm4', 'run'];
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const vadd = 'test/corpus/obj/vadd.gfx908.O3.hsaco';

test('gcnkit --version prints the package version; help CMD, CMD --help and CMD -h print its usage', () => {
  const v = cli('--version');
  assert.equal(v.status, 0);
  assert.equal(v.stdout, `gcnkit ${version}\n`);
  for (const c of COMMANDS) {
    for (const argv of [
      ['help', c],
      [c, '--help'],
      [c, '-h'],
      [c, '--bogus', '--help'],
    ]) {
      const r = cli(...argv);
      assert.equal(r.status, 0, `${argv.join(' ')}: ${r.stderr}`);
      assert.equal(r.stderr, '');
      assert.match(r.stdout, new RegExp(`^usage: gcnkit ${c} `), argv.join(' '));
      assert.match(r.stdout, /^options:$/m);
    }
  }
  const top = cli('--help');
  assert.equal(top.status, 0);
  for (const c of COMMANDS) assert.match(top.stdout, new RegExp(`^  ${c} `, 'm'));
  const none = cli();
  assert.equal(none.status, 2);
  assert.equal(none.stdout, '');
  assert.match(none.stderr, /^usage: gcnkit/);
});

test('bad usage: one line `gcnkit CMD: what`, the same wording for every command, exit 2', () => {
  for (const c of COMMANDS) {
    oneLineError(
      cli(c, '--nope'),
      2,
      new RegExp(`^gcnkit ${c}: unknown option '--nope' \\(see gcnkit ${c} --help\\)$`),
    );
    oneLineError(
      cli(c, '-q'),
      2,
      new RegExp(`^gcnkit ${c}: unknown option '-q' \\(see gcnkit ${c} --help\\)$`),
    );
  }
  oneLineError(cli('disasm'), 2, /^gcnkit disasm: missing FILE \(usage: gcnkit disasm /);
  oneLineError(cli('info', 'a', 'b'), 2, /^gcnkit info: unexpected argument 'b'/);
  oneLineError(cli('run', 'k.hsaco'), 2, /^gcnkit run: missing SPEC\.json/);
  oneLineError(cli('isa', '--json=1'), 2, /^gcnkit isa: option '--json' takes no value/);
  oneLineError(cli('isa', '--mcpu'), 2, /^gcnkit isa: option '--mcpu' needs a value/);
  oneLineError(
    cli('isa', '--mcpu=gfx1030'),
    2,
    new RegExp(`^gcnkit isa: --mcpu: unsupported processor 'gfx1030' \\(${supportedNames().join(', ')}\\)$`),
  );
  oneLineError(cli('link', 'a.o'), 2, /^gcnkit link: missing -o OUT/);
  oneLineError(
    cli('frobnicate'),
    2,
    /^gcnkit: unknown command 'frobnicate' \(commands: asm, disasm, info, isa, link, pm4, run;/,
  );
  oneLineError(cli('help', 'frobnicate'), 2, /^gcnkit: no command 'frobnicate'/);
});

test('bad input: one line `gcnkit CMD: FILE: what`, exit 1', () => {
  oneLineError(cli('info', 'nope.o'), 1, /^gcnkit info: nope\.o: cannot read: ENOENT$/);
  oneLineError(
    cli('disasm', 'package.json'),
    1,
    /^gcnkit disasm: package\.json: e_ident: not an ELF file \(bad magic\)$/,
  );
  oneLineError(cli('link', '-o', '/tmp/x', 'package.json'), 1, /^gcnkit link: package\.json: /);
});

test('--json: disasm gives a record per instruction (address, bytes, text, symbol) matching the text form', () => {
  const text = cli('disasm', vadd);
  const r = cli('disasm', '--json', vadd);
  assert.equal(r.status, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.file, vadd);
  assert.equal(doc.target, 'gfx908');
  const lines = text.stdout.split('\n').filter((l) => l.startsWith('\t') && l.includes('// '));
  assert.equal(doc.instructions.length, lines.length);
  const first = doc.instructions[0];
  assert.deepEqual(first, {
    section: '.text',
    symbol: 'vadd',
    address: 0x1900,
    bytes: '820002c02c000000',
    text: 's_load_dword s2, s[4:5], 0x2c',
  });
  for (const [i, ins] of doc.instructions.entries()) {
    assert.ok(lines[i].startsWith(`\t${ins.text} `), lines[i]);
    assert.ok(
      lines[i].includes(`// ${ins.address.toString(16).toUpperCase().padStart(12, '0')}: `),
      lines[i],
    );
  }
  const branch = doc.instructions.find((x: { target?: string }) => x.target !== undefined);
  if (branch) assert.match(branch.target, /^vadd\+0x[0-9a-f]+$/);
});

test('--json: asm gives its listing, encodings with fixups and diagnostics as data; info and isa one document', () => {
  const dir = join(root, 'test', 'fixtures', 'asm-driver', 'src');
  const r = cli('asm', '--json', '--mcpu=gfx908', join(dir, 'branches.s'));
  assert.equal(r.status, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.target, 'gfx908');
  assert.equal(doc.errors, 0);
  assert.equal(
    doc.listing,
    readFileSync(join(root, 'test', 'fixtures', 'asm-driver', 'llvm', 'branches.listing'), 'latin1'),
  );
  assert.deepEqual(doc.instructions[0], {
    text: 's_getpc_b64 s[0:1]',
    encoding: [0x00, 0x1c, 0x80, 0xbe],
    fixups: [],
  });
  assert.deepEqual(doc.instructions[1], {
    text: 's_add_u32 s0, s0, ext@rel32@lo+4',
    encoding: [0x00, 0xff, 0x00, 0x80, null, null, null, null],
    fixups: [{ offset: 4, value: 'ext@rel32@lo+4', kind: 'FK_PCRel_4' }],
  });
  const bad = cli('asm', '--json', '--mcpu=gfx900', join(dir, 'errors.s'));
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr, '');
  const b = JSON.parse(bad.stdout);
  assert.ok(b.errors > 0);
  assert.deepEqual(Object.keys(b.diagnostics[0]).sort(), [
    'col',
    'file',
    'line',
    'message',
    'notes',
    'severity',
    'source',
  ]);
  assert.equal(JSON.parse(cli('info', '--json', vadd).stdout).target.processor, 'gfx908');
  assert.ok(JSON.parse(cli('isa', '--json').stdout).length > 500);
});

test('as a process: LLVM spellings (-mcpu=, -show-encoding) and exit status', () => {
  const r = spawnCli(['asm', '-mcpu=gfx906', '-show-encoding', '-'], { input: 's_endpgm\n' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /s_endpgm\s+; encoding: \[0x00,0x00,0x81,0xbf\]/);
  const u = spawnCli(['disasm', '--nope']);
  assert.equal(u.status, 2);
});

test('exit status 70 and one line for an internal error; 1 and 2 for input and usage errors', () => {
  assert.deepEqual(errorLine('run', new TypeError('x is undefined\n    at f (a.js:1:1)')), {
    line: 'gcnkit run: internal error: x is undefined; at f (a.js:1:1)',
    exitCode: 70,
  });
  assert.deepEqual(errorLine('asm', new CliError('bad', 1, 'k.s')), {
    line: 'gcnkit asm: k.s: bad',
    exitCode: 1,
  });
  assert.deepEqual(errorLine(undefined, new CliError('what', 2)), { line: 'gcnkit: what', exitCode: 2 });
});
