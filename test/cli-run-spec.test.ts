// The run spec (docs/run-spec.md): both forms parse to one shape; every number may be written in any
// JSON form of an exact integer; errors name the field; paths stay inside the spec's folder and an
// output never replaces the code object, the spec or another output.
import assert from 'node:assert/strict';
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseBytes, parseCount } from '../src/cli/numbers.js';
import { parseShow } from '../src/cli/run-show.js';
import { parseRunSpec, SpecError } from '../src/cli/run-spec.js';
import { SpecPaths } from '../src/cli/spec-paths.js';

const parse = (o: unknown) => parseRunSpec(JSON.stringify(o));
const fails = (o: unknown, re: RegExp) =>
  assert.throws(
    () => (typeof o === 'string' ? parseRunSpec(o) : parse(o)),
    (e: unknown) => e instanceof SpecError && re.test(e.message),
    String(re),
  );

const ONE = {
  kernel: 'vadd',
  grid: [1000],
  block: [256],
  args: [
    { buffer: 'a.bin' },
    { buffer: { file: 'b.bin', bytes: 8192 } },
    { buffer: { bytes: 4000 } },
    { value: 1000, type: 'i32' },
  ],
  outputs: { '2': 'c.bin' },
};

test('one-launch form: buffers are named by argument index; outputs by index', () => {
  const s = parse(ONE);
  assert.equal(s.form, 'one');
  assert.deepEqual(
    s.buffers.map((b) => [b.name, b.file, b.bytes, b.sizeField]),
    [
      ['0', 'a.bin', undefined, 'args[0].buffer'],
      ['1', 'b.bin', 8192, 'args[1].buffer.bytes'],
      ['2', undefined, 4000, 'args[2].buffer.bytes'],
    ],
  );
  assert.deepEqual(s.launches[0].args[0], { kind: 'buffer', name: '0' });
  assert.deepEqual(s.launches[0].args[3], { kind: 'value', value: 1000, type: 'i32' });
  assert.deepEqual(s.outputs, [{ field: 'outputs.2', buffer: '2', file: 'c.bin' }]);
  fails({ ...ONE, outputs: { '3': 'x' } }, /^outputs\.3: argument 3 is not a buffer$/);
  fails({ ...ONE, outputs: { '7': 'x' } }, /^outputs\.7: is not the index of an argument \(0 to 3\)$/);
});

test('multi-launch form: named buffers, launches with repeat and iteration, outputs by name', () => {
  const s = parse({
    buffers: { dist: { file: 'dist0.bin' }, frontier: { bytes: 4096 } },
    launches: [
      { kernel: 'init', grid: [1024], block: [256], args: [{ buffer: 'dist' }] },
      {
        kernel: 'step',
        grid: [1024],
        block: [256],
        dynamic_lds: 0,
        repeat: 10,
        args: [
          { buffer: 'dist' },
          { buffer: 'frontier' },
          { iteration: 'u32' },
          { value: 3, type: 'i32' },
          { value: '18446744073709551615', type: 'u64' },
          { value: 2 },
        ],
      },
    ],
    repeat: 2,
    outputs: { dist: 'dist.out.bin' },
  });
  assert.equal(s.form, 'multi');
  assert.equal(s.repeat, 2);
  assert.deepEqual(
    s.launches.map((l) => [l.field, l.kernel, l.repeat]),
    [
      ['launches[0]', 'init', 1],
      ['launches[1]', 'step', 10],
    ],
  );
  assert.deepEqual(s.launches[1].args[2], { kind: 'iteration', type: 'u32' });
  assert.deepEqual(s.launches[1].args[4], { kind: 'value', value: 18446744073709551615n, type: 'u64' });
  assert.deepEqual(s.launches[1].args[5], { kind: 'value', value: 2 });
  assert.deepEqual(s.outputs, [{ field: 'outputs.dist', buffer: 'dist', file: 'dist.out.bin' }]);
  const L = { kernel: 'k', grid: [1] };
  fails(
    { buffers: {}, launches: [L, { ...L, args: [{ buffer: 'x' }] }] },
    /^launches\[1\]\.args\[0\]\.buffer: no buffer named 'x' \(buffers: none\)$/,
  );
  fails({ launches: [] }, /^launches: must be a non-empty array/);
  fails({ launches: [{ ...L, colour: 1 }] }, /^launches\[0\]\.colour: unknown field/);
  fails({ launches: [L], kernel: 'k' }, /^kernel: unknown field/);
  fails({ buffers: { 'a:b': { bytes: 1 } }, launches: [L] }, /^buffers\.a:b: a buffer name is/);
  fails({ buffers: { a: {} }, launches: [L] }, /^buffers\.a: needs "file", "bytes" or both$/);
  fails(
    { launches: [{ ...L, args: [{ iteration: 'f32' }] }] },
    /^launches\[0\]\.args\[0\]\.iteration: must be an integer type/,
  );
  fails({ launches: [L], outputs: { nope: 'x' } }, /^outputs\.nope: no buffer named 'nope'/);
  fails({ launches: [{ ...L, repeat: 0 }] }, /^launches\[0\]\.repeat: 0 is not a positive integer$/);
  fails({ launches: [L], repeat: 1.5 }, /^repeat: 1\.5 is not a positive integer$/);
  fails({ grid: [1] }, /^spec: needs "kernel" \(one launch\) or "launches"/);
  fails('{"kernel": ', /^JSON: /);
});

test('numbers: any JSON form of an exact integer; errors name the field; grid 2^32 says why', () => {
  const s = parseRunSpec('{"kernel":"k","grid":[1.5e6, 1e3, 2.0],"block":[2.56e2],"dynamic_lds":1e3}');
  assert.deepEqual(s.launches[0].grid, [1500000, 1000, 2]);
  assert.deepEqual(s.launches[0].block, [256]);
  assert.equal(s.launches[0].dynamicLds, 1000);
  fails({ kernel: 'k', grid: [1.5] }, /^grid\[0\]: 1\.5 is not a positive integer$/);
  fails({ kernel: 'k', grid: [0] }, /^grid\[0\]: 0 is not a positive integer$/);
  fails(
    { kernel: 'k', grid: [2 ** 32] },
    /^grid\[0\]: 4294967296 is more than 4294967295, the largest grid size a dispatch packet holds \(32 bits\)$/,
  );
  fails(
    { kernel: 'k', grid: [1], block: [2048] },
    /^block\[0\]: 2048 is more than 1024, the most work-items a workgroup has$/,
  );
  fails(
    { kernel: 'k', grid: [1], args: [{ buffer: { bytes: 1e300 } }] },
    /^args\[0\]\.buffer\.bytes: 1e\+300 is more than 9007199254740991 \(2\^53-1\)$/,
  );
  fails(
    { kernel: 'k', grid: [1], args: [{ value: 1, type: 'i7' }] },
    /^args\[0\]\.type: must be one of i8 u8/,
  );
  fails(
    { kernel: 'k', grid: [1], args: [{ value: [1, 2] }] },
    /^args\[0\]\.type: is needed for an array value/,
  );
  fails({ kernel: 'k', grid: [1], args: [{ value: 1, lds: 4 }] }, /^args\[0\]: must have exactly one of/);
  // The command line's counts follow the same rule.
  assert.equal(parseCount('1.5e6', '--budget'), 1500000);
  assert.equal(parseCount('1000.0', '--budget'), 1000);
  assert.throws(() => parseCount('1.5', '--budget'), /--budget: '1\.5' is not a positive whole number/);
  assert.throws(() => parseCount('0x10', '--budget'), /not a positive whole number/);
  assert.equal(parseBytes('512M', '--memory'), 512 * 2 ** 20);
  assert.equal(parseBytes('4GiB', '--memory'), 4 * 2 ** 30);
  assert.equal(parseBytes('1.5G', '--memory'), 1.5 * 2 ** 30);
  assert.equal(parseBytes('1e9', '--memory'), 1e9);
  assert.throws(() => parseBytes('lots', '--memory'), /--memory: 'lots' is not a byte count/);
});

test('--show names a buffer (an argument index in the one-launch form), checked against the spec', () => {
  const one = parse(ONE);
  assert.deepEqual(parseShow('2:f32:4', one.buffers, 'one'), { buffer: '2', type: 'f32', count: 4 });
  assert.throws(
    () => parseShow('3:f32', one.buffers, 'one'),
    /--show: argument 3 is not a buffer \(buffers: arguments 0, 1, 2\)/,
  );
  assert.throws(() => parseShow('2:f31', one.buffers, 'one'), /--show: '2:f31' is not INDEX:TYPE\[:COUNT\]/);
  const multi = parse({ buffers: { dist: { bytes: 4 } }, launches: [{ kernel: 'k', grid: [1] }] });
  assert.deepEqual(parseShow('dist:u32', multi.buffers, 'multi'), { buffer: 'dist', type: 'u32', count: 16 });
  assert.throws(
    () => parseShow('frontier:u32', multi.buffers, 'multi'),
    /no buffer named 'frontier' \(buffers: dist\)/,
  );
});

test("paths stay inside the spec's folder; outputs never replace the code object, the spec or each other", () => {
  const top = mkdtempSync(join(tmpdir(), 'gcnkit-paths-'));
  after(() => rmSync(top, { recursive: true, force: true }));
  const d = join(top, 'job');
  mkdirSync(join(d, 'sub'), { recursive: true });
  for (const f of ['job/a.bin', 'job/sub/b.bin', 'job/kernel.hsaco', 'job/spec.json', 'secret'])
    writeFileSync(join(top, f), 'x');
  symlinkSync(join(top, 'secret'), join(d, 'link.bin'));
  symlinkSync(top, join(d, 'up'));
  linkSync(join(d, 'kernel.hsaco'), join(d, 'hard.hsaco'));
  const p = new SpecPaths(d, false, {
    'code object': join(d, 'kernel.hsaco'),
    'spec file': join(d, 'spec.json'),
  });
  const real = realpathSync(d);
  assert.equal(p.input('args[0].buffer', 'a.bin'), join(real, 'a.bin'));
  assert.equal(p.input('args[0].buffer', 'sub/../sub/b.bin'), join(real, 'sub', 'b.bin'));
  const refused = (fn: () => unknown, re: RegExp) =>
    assert.throws(fn, (e: unknown) => e instanceof SpecError && re.test(e.message), String(re));
  refused(
    () => p.input('args[0].buffer', '../../../../etc/passwd'),
    /^args\[0\]\.buffer: '\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd' is \/etc\/passwd, outside the spec's folder .* \(--allow-outside-paths allows it\)$/,
  );
  refused(() => p.input('x', '/etc/passwd'), /outside the spec's folder/);
  refused(() => p.input('x', 'link.bin'), /is .*secret, outside/);
  refused(() => p.input('x', 'missing.bin'), /^x: cannot read 'missing\.bin': ENOENT$/);
  refused(() => p.output('outputs.2', '../kernel.hsaco'), /outside the spec's folder/);
  refused(
    () => p.output('outputs.2', 'up/job/kernel.hsaco'),
    /^outputs\.2: 'up\/job\/kernel\.hsaco' is the code object: an output may not replace it$/,
  );
  refused(() => p.output('outputs.2', 'hard.hsaco'), /is the code object/);
  refused(() => p.output('outputs.2', './spec.json'), /is the spec file/);
  refused(() => p.output('outputs.2', '/tmp/anywhere.bin'), /outside the spec's folder/);
  refused(
    () => p.output('outputs.2', 'nodir/c.bin'),
    /^outputs\.2: cannot write 'nodir\/c\.bin': its folder .*: ENOENT$/,
  );
  refused(() => p.output('outputs.2', 'sub'), /it is a directory/);
  assert.equal(p.output('outputs.a', 'c.bin'), join(real, 'c.bin'));
  refused(
    () => p.output('outputs.b', 'sub/../c.bin'),
    /^outputs\.b: 'sub\/\.\.\/c\.bin' is also the file of outputs\.a$/,
  );
  // Writing through a link replaces the link, not what it points to: allowed inside the folder.
  assert.equal(p.output('outputs.c', 'link.bin'), join(real, 'link.bin'));
  const open = new SpecPaths(d, true, { 'code object': join(d, 'kernel.hsaco') });
  assert.equal(open.input('x', '../secret'), join(realpathSync(top), 'secret'));
  refused(() => open.output('outputs.2', '../job/kernel.hsaco'), /is the code object/);
});
