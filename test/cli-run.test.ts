// `gcnkit run FILE SPEC.json` (docs/cli.md "run", docs/run-spec.md): the bundled example runs and writes
// its outputs; --json holds everything (--show too); everything that can be checked is checked before
// the run; multi-launch specs share buffers across launches and repeats; bad specs, faults, the budget
// and the memory cap are one-line errors with exit status 1. Most cases run in this process (cli());
// the few that need a process of their own (progress on a terminal, standard input) spawn one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli, gcnkitArgv, oneLineError, root, spawnCli } from './helpers/cli.js';
import { kernelObject } from './helpers/kernel-asm.js';

const example = join(root, 'examples', 'vadd');
const dir = mkdtempSync(join(tmpdir(), 'gcnkit-run-'));
after(() => rmSync(dir, { recursive: true, force: true }));
for (const f of ['a.bin', 'b.bin', 'vadd-gfx908.hsaco']) copyFileSync(join(example, f), join(dir, f));

/** Writes a spec next to the inputs; returns its path (inputs and outputs resolve against it). */
function spec(name: string, s: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(s));
  return join(dir, name);
}
const at = (f: string) => join(dir, f);
const VADD_CO = at('vadd-gfx908.hsaco');

const VADD = {
  kernel: 'vadd',
  grid: [1000],
  block: [256],
  args: [{ buffer: 'a.bin' }, { buffer: 'b.bin' }, { buffer: { bytes: 4000 } }, { value: 1000, type: 'i32' }],
  outputs: { '2': 'c.bin' },
};
const f32 = (f: string) => new Float32Array(new Uint8Array(readFileSync(at(f))).buffer);

test('gcnkit run: the vadd example writes c = a + b and prints its figures and --show', () => {
  const r = cli('run', VADD_CO, spec('vadd.json', VADD), '--show=2:f32:4');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '', 'no progress line when stderr is not a terminal');
  const [a, b, c] = [f32('a.bin'), f32('b.bin'), f32('c.bin')];
  assert.equal(c.length, 1000);
  for (let i = 0; i < 1000; i++) assert.equal(c[i], Math.fround(a[i] + b[i]), `c[${i}]`);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'kernel vadd: grid 1000, block 256, 4 workgroups, 16 waves');
  assert.match(lines[1], /^\d+ wave-instructions, \d+ lane-instructions, [\d.]+ ms$/);
  assert.equal(lines[2], `argument 2 (f32): ${[0, 1, 2, 3].map((i) => c[i]).join(' ')} ...`);
});

test('gcnkit run --json --show: exactly one JSON document, the shown values inside it', () => {
  const r = cli('run', VADD_CO, spec('vadd.json', VADD), '--json', '--show=2:f32:4', '--show=0:u8:2');
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.kernel, 'vadd');
  assert.equal(j.workgroups, 4);
  assert.equal(j.waves, 16);
  assert.deepEqual(j.grid, [1000]);
  assert.ok(j.waveInstructions > 0 && j.laneInstructions > j.waveInstructions);
  const c = f32('c.bin');
  assert.deepEqual(j.show, [
    { buffer: '2', type: 'f32', values: [c[0], c[1], c[2], c[3]], more: true },
    { buffer: '0', type: 'u8', values: [...readFileSync(at('a.bin')).subarray(0, 2)], more: true },
  ]);
  assert.deepEqual(j.outputs, [{ buffer: '2', file: join(realDir(), 'c.bin') }]);
  assert.equal(j.launches.length, 1);
  assert.equal(j.launches[0].runs, 1);
});
const realDir = () =>
  JSON.parse(cli('run', VADD_CO, spec('vadd.json', VADD), '--json').stdout).outputs[0].file.replace(
    /\/c\.bin$/,
    '',
  );

test('--show and outputs are checked before the kernel runs; a bad one writes nothing', () => {
  rmSync(at('c.bin'), { force: true });
  oneLineError(
    cli('run', VADD_CO, spec('vadd.json', VADD), '--show=3:f32'),
    2,
    /^gcnkit run: --show: argument 3 is not a buffer/,
  );
  oneLineError(
    cli('run', VADD_CO, spec('vadd.json', VADD), '--show=2:float'),
    2,
    /^gcnkit run: --show: '2:float' is not INDEX:TYPE/,
  );
  oneLineError(
    cli('run', VADD_CO, spec('o1.json', { ...VADD, outputs: { '2': 'vadd-gfx908.hsaco' } })),
    1,
    /o1\.json: outputs\.2: 'vadd-gfx908\.hsaco' is the code object: an output may not replace it$/,
  );
  oneLineError(
    cli('run', VADD_CO, spec('o2.json', { ...VADD, outputs: { '2': '../c.bin' } })),
    1,
    /outputs\.2: '\.\.\/c\.bin' is .*, outside the spec's folder/,
  );
  oneLineError(
    cli(
      'run',
      VADD_CO,
      spec('o3.json', { ...VADD, args: [{ buffer: '../../../../etc/passwd' }, ...VADD.args.slice(1)] }),
    ),
    1,
    /args\[0\]\.buffer: '\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd' is \/etc\/passwd, outside/,
  );
  assert.equal(existsSync(at('c.bin')), false);
  // --show reads only the bytes it prints: a 3 GiB buffer under a 4 GiB cap is never copied whole.
  const big = cli(
    'run',
    '--json',
    '--show=2:f32:4',
    VADD_CO,
    spec('big.json', {
      ...VADD,
      args: [...VADD.args.slice(0, 2), { buffer: { bytes: 3e9 } }, VADD.args[3]],
      outputs: {},
    }),
  );
  assert.equal(big.status, 0, big.stderr);
  assert.equal(JSON.parse(big.stdout).show[0].values.length, 4);
});

test('{ "bytes": 1e12 } is refused before allocating, naming the field and the cap; --memory sets the cap', () => {
  const huge = spec('huge.json', {
    ...VADD,
    args: [...VADD.args.slice(0, 2), { buffer: { bytes: 1e12 } }, VADD.args[3]],
  });
  oneLineError(
    cli('run', VADD_CO, huge),
    1,
    /^gcnkit run: .*huge\.json: args\[2\]\.buffer\.bytes: 1000000000000 bytes is more than the device memory cap of 4 GiB \(--memory=BYTES raises it\)$/,
  );
  oneLineError(
    cli('run', '--memory=16K', VADD_CO, spec('vadd.json', VADD)),
    1,
    /^gcnkit run: .*vadd\.json: args\[\d\]\.buffer: .*16384 bytes.* \(--memory=BYTES raises the cap\)$/,
  );
  const tiny = spec('tiny.json', {
    ...VADD,
    args: [{ buffer: { bytes: 4 } }, { buffer: { bytes: 4 } }, { buffer: { bytes: 4 } }, VADD.args[3]],
  });
  oneLineError(
    cli('run', '--memory=8K', VADD_CO, tiny),
    1,
    /^gcnkit run: .*vadd-gfx908\.hsaco: .*8192 bytes.*--memory=BYTES/,
  );
  oneLineError(
    cli('run', '--memory=4000', VADD_CO, spec('vadd.json', VADD)),
    1,
    /^gcnkit run: .*vadd\.json: args: the buffers need 12000 bytes, more than the device memory cap of 4000 bytes/,
  );
  assert.equal(cli('run', '--memory=1M', VADD_CO, spec('vadd.json', VADD)).status, 0);
  oneLineError(
    cli('run', '--memory=lots', VADD_CO, spec('vadd.json', VADD)),
    2,
    /^gcnkit run: --memory: 'lots' is not a byte count/,
  );
});

test('--budget takes any positive integer in any JSON number form', () => {
  assert.equal(cli('run', '--budget=1.5e6', VADD_CO, spec('vadd.json', VADD)).status, 0);
  assert.equal(cli('run', '--budget=1000.0', VADD_CO, spec('vadd.json', VADD)).status, 0);
  oneLineError(
    cli('run', '--budget=1.5', VADD_CO, spec('vadd.json', VADD)),
    2,
    /^gcnkit run: --budget: '1\.5' is not a positive whole number$/,
  );
  oneLineError(cli('run', '--budget=x', VADD_CO, spec('vadd.json', VADD)), 2, /--budget/);
});

test('gcnkit run: bad specs are one-line errors naming the field', () => {
  const fails = (name: string, s: unknown, re: RegExp) =>
    oneLineError(cli('run', VADD_CO, spec(name, s)), 1, re);
  fails('s1.json', { ...VADD, grid: [0] }, /s1\.json: grid\[0\]: 0 is not a positive integer$/);
  fails('s2.json', { ...VADD, colour: 1 }, /s2\.json: colour: unknown field/);
  fails('s3.json', { ...VADD, args: VADD.args.slice(0, 3) }, /takes 4 argument/);
  fails(
    's4.json',
    { ...VADD, args: [...VADD.args.slice(0, 3), { value: 1, type: 'i7' }] },
    /s4\.json: args\[3\]\.type: must be one of/,
  );
  fails('s5.json', { ...VADD, kernel: 'nope' }, /nope/);
  fails(
    's7.json',
    { ...VADD, grid: [2 ** 32] },
    /s7\.json: grid\[0\]: 4294967296 is more than 4294967295, the largest grid size a dispatch packet holds \(32 bits\)$/,
  );
  writeFileSync(at('s6.json'), '{"kernel": ');
  oneLineError(cli('run', VADD_CO, at('s6.json')), 1, /s6\.json: JSON: /);
  oneLineError(cli('run', at('missing.hsaco'), at('vadd.json')), 1, /missing\.hsaco: cannot read: ENOENT$/);
  // A relocatable object names what to do, once (the runtime's message names the file).
  const rel = join(root, 'test', 'fixtures', 'asm-driver', 'llvm', 'kernel.o');
  oneLineError(
    cli('run', rel, at('vadd.json')),
    1,
    /^gcnkit run: \/\S+kernel\.o is a relocatable object \(ET_REL\), not a loadable code object: link it first/,
  );
  oneLineError(
    cli('run', VADD_CO, spec('s8.json', { ...VADD, block: [1024] })),
    1,
    /s8\.json: kernel 'vadd': block 1024x1x1 has 1024 work-items, more than its \.max_flat_workgroup_size of 256 .*\(set "block" in the spec\)$/,
  );
});

test('runtime warnings are printed on stderr as they occur, in the one error format', () => {
  const r = cli(
    'run',
    VADD_CO,
    spec('warn.json', { ...VADD, args: [...VADD.args.slice(0, 3), { value: 1000, type: 'f32' }] }),
  );
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^gcnkit run: .*warn\.json: warning: .*f32.*\n$/);
  const j = cli(
    'run',
    '--json',
    VADD_CO,
    spec('warn.json', { ...VADD, args: [...VADD.args.slice(0, 3), { value: 1000, type: 'f32' }] }),
  );
  assert.equal(JSON.parse(j.stdout).warnings.length, 1);
  // HIP extern __shared__ without dynamic_lds: the runtime's warning, with the spec's word for the fix.
  copyFileSync(join(root, 'test', 'fixtures', 'emu', 'hip-launch-gfx908.hsaco'), at('hip.hsaco'));
  const dyn = { kernel: 'reverse_dynamic', grid: [64], block: [64], args: [{ buffer: { bytes: 256 } }] };
  const d = cli('run', at('hip.hsaco'), spec('dyn.json', dyn));
  assert.equal(d.status, 0, d.stderr);
  assert.match(
    d.stderr,
    /^gcnkit run: .*dyn\.json: warning: kernel 'reverse_dynamic' uses dynamic group memory .* \("dynamic_lds" in the spec\)\n$/,
  );
  assert.equal(cli('run', at('hip.hsaco'), spec('dyn2.json', { ...dyn, dynamic_lds: 256 })).stderr, '');
  // A plain value takes its type from the kernel's metadata (int n): no warning.
  const plain = cli(
    'run',
    VADD_CO,
    spec('plain.json', { ...VADD, args: [...VADD.args.slice(0, 3), { value: 1000 }] }),
  );
  assert.equal(plain.status, 0, plain.stderr);
  assert.equal(plain.stderr, '');
});

const OOB = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v2, 0x1000000
  v_mov_b32 v3, s3
  v_add_co_u32 v2, vcc, s2, v2
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_store_dword v[2:3], v0, off`;

test('gcnkit run: the budget and memory faults stop the kernel with a one-line report', () => {
  oneLineError(
    cli('run', VADD_CO, spec('vadd.json', VADD), '--budget=5'),
    1,
    /vadd\.json: kernel 'vadd' stopped: the instruction budget of 5 wave-instructions is exhausted.* \(--budget=N raises it\)/,
  );
  writeFileSync(at('oob.hsaco'), kernelObject('oob', OOB, { args: ['ptr'] }));
  const oob = spec('oob.json', {
    kernel: 'oob',
    grid: [64],
    block: [64],
    args: [{ buffer: { bytes: 64 } }],
    outputs: { '0': 'oob.bin' },
  });
  oneLineError(
    cli('run', at('oob.hsaco'), oob),
    1,
    /^gcnkit run: .*oob\.json: kernel 'oob' workgroup \(0,0,0\) wave 0 lane 0: memory fault at pc 0x[0-9a-f]+ \(global_store_dword v\[2:3\], v0, off\): unmapped address 0x[0-9a-f]+ \(4-byte write\)$/,
  );
  assert.equal(existsSync(at('oob.bin')), false, 'no output after a failed launch');
  const j = cli('run', '--json', at('oob.hsaco'), oob);
  assert.equal(j.status, 1);
  assert.equal(JSON.parse(j.stdout).error.kind, 'fault');
});

// buf[lane] += the by-value u32 argument.
const INC = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_load_dword s4, s[0:1], 0x8
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v3, s3
  v_add_co_u32 v2, vcc, s2, v1
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_load_dword v4, v[2:3], off
  s_waitcnt vmcnt(0)
  v_add_u32 v4, s4, v4
  global_store_dword v[2:3], v4, off`;

test('multi-launch spec: named buffers shared by launches, per-launch and top-level repeat, iteration, outputs by name', () => {
  writeFileSync(at('inc.hsaco'), kernelObject('inc', INC, { args: ['ptr', 4] }));
  writeFileSync(at('ones.bin'), new Uint8Array(new Uint32Array(32).fill(1).buffer));
  const L = { kernel: 'inc', grid: [64], block: [64] };
  const s = spec('multi.json', {
    buffers: { acc: { file: 'ones.bin', bytes: 256 }, other: { bytes: 256 } },
    launches: [
      { ...L, args: [{ buffer: 'acc' }, { value: 100, type: 'u32' }] },
      { ...L, repeat: 3, args: [{ buffer: 'acc' }, { iteration: 'u32' }] },
      { ...L, args: [{ buffer: 'other' }, { iteration: 'u32' }] },
    ],
    repeat: 2,
    outputs: { acc: 'acc.bin', other: 'other.bin' },
  });
  const r = cli('run', at('inc.hsaco'), s, '--show=acc:u32:2');
  assert.equal(r.status, 0, r.stderr);
  // Lanes 0-31 start at 1 (the file), 32-63 at 0 (padding); + 2 x 100 + iterations 0..5 of launches[1].
  const acc = new Uint32Array(new Uint8Array(readFileSync(at('acc.bin'))).buffer);
  assert.equal(acc.length, 64);
  for (let i = 0; i < 64; i++) assert.equal(acc[i], (i < 32 ? 1 : 0) + 200 + 15, `acc[${i}]`);
  // launches[2] ran twice: iterations 0 and 1.
  assert.deepEqual(
    [...new Uint32Array(new Uint8Array(readFileSync(at('other.bin'))).buffer).subarray(0, 2)],
    [1, 1],
  );
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0], /^launches\[0\] kernel inc: grid 64, block 64, 2 runs, 1 workgroups, 1 waves$/);
  assert.match(lines[2], /^launches\[1\] kernel inc: grid 64, block 64, 6 runs, /);
  assert.match(lines[6], /^total: \d+ wave-instructions/);
  assert.equal(lines[7], 'buffer acc (u32): 216 216 ...');
  const j = JSON.parse(cli('run', '--json', at('inc.hsaco'), s).stdout);
  assert.deepEqual(
    j.launches.map((l: { launch: string; runs: number }) => [l.launch, l.runs]),
    [
      ['launches[0]', 2],
      ['launches[1]', 6],
      ['launches[2]', 2],
    ],
  );
  // An error names the launch entry and the run.
  const bad = spec('multi-bad.json', {
    buffers: { acc: { bytes: 256 } },
    launches: [{ ...L, repeat: 2, args: [{ buffer: 'acc' }] }],
  });
  oneLineError(
    cli('run', at('inc.hsaco'), bad),
    1,
    /multi-bad\.json: launches\[0\] \(inc\), run 1\/2: .*takes 2 argument/,
  );
});

test('progress: silent by default off a terminal, --progress forces it, a terminal gets the rewritten line', () => {
  const forced = cli('run', '--progress', VADD_CO, spec('vadd.json', VADD));
  assert.equal(forced.status, 0, forced.stderr);
  assert.match(forced.stderr, /^vadd: waves 16\/16, [\d.]+ (k |M |G )?instructions\/s, [\d.]+ s elapsed\n$/);
  assert.equal(cli('run', '--progress', '--no-progress', VADD_CO, spec('vadd.json', VADD)).status, 2);
  const hasScript = spawnSync('script', ['--version']).status === 0;
  if (hasScript) {
    const cmd = [process.execPath, ...gcnkitArgv('run', VADD_CO, spec('vadd.json', VADD))]
      .map((a) => `'${a}'`)
      .join(' ');
    const t = spawnSync('script', ['-qec', `${cmd} 2>&1 >/dev/null`, '/dev/null'], {
      encoding: 'utf8',
      cwd: root,
    });
    assert.equal(t.status, 0, t.stdout);
    // Rewritten in place (carriage return, erase to end of line) and cleared at the end.
    assert.match(t.stdout, /\rvadd: waves 16\/16, .* elapsed\x1b\[K/);
    assert.ok(t.stdout.endsWith('\r\x1b[K'), JSON.stringify(t.stdout.slice(-40)));
  }
});

test('--progress off a terminal: a line per launch entry, the runs between throttled', () => {
  const L = { kernel: 'inc', grid: [64], block: [64] };
  const s = spec('many.json', {
    buffers: { acc: { bytes: 256 } },
    launches: [{ ...L, repeat: 40, args: [{ buffer: 'acc' }, { iteration: 'u32' }] }],
  });
  const r = cli('run', '--progress', at('inc.hsaco'), s);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.match(lines[0], /^launches\[0\] \(inc\), run 1\/40: waves 1\/1, /);
  assert.match(lines.at(-1)!, /^launches\[0\] \(inc\), run 40\/40: waves 1\/1, .* s elapsed$/);
  assert.ok(lines.length < 40, `${lines.length} lines for 40 short runs`);
});

test('--timeout stops an endless kernel with the watchdog report; progress lines come while it runs', () => {
  writeFileSync(at('spin.hsaco'), kernelObject('spin', '.Lspin:\n  s_branch .Lspin'));
  const s = spec('spin.json', { kernel: 'spin', grid: [128], block: [64] });
  const t0 = performance.now();
  // A budget the timeout comes well before (the translating engine runs this loop at ~1e9 instructions/s).
  const r = cli('run', '--timeout=1.2', '--budget=1e13', '--progress', at('spin.hsaco'), s);
  const took = performance.now() - t0;
  assert.equal(r.status, 1);
  assert.ok(took > 1100 && took < 8000, `${took} ms`);
  const lines = r.stderr.trimEnd().split('\n');
  // Reports while the kernel runs (every half second), then the one-line error.
  assert.ok(lines.length >= 2, r.stderr);
  assert.match(lines[0], /^spin: waves 0\/2, [\d.]+ (k |M |G )?instructions\/s, [\d.]+ s elapsed$/);
  assert.match(
    lines.at(-1)!,
    /^gcnkit run: .*spin\.json: kernel 'spin' stopped: the run's timeout of 1\.2 s passed .*still running: .*workgroup \(0,0,0\) wave 0.*pc 0x[0-9a-f]+.*\(--timeout=SECONDS raises it; 0 = none\)$/,
  );
  const j = cli('run', '--json', '--timeout=0.3', '--budget=1e13', at('spin.hsaco'), s);
  assert.equal(j.status, 1);
  const err = JSON.parse(j.stdout).error;
  assert.equal(err.kind, 'timeout');
  assert.deepEqual(Object.keys(err.running[0]).sort(), ['atBarrier', 'pcHigh', 'pcLow', 'wave', 'workgroup']);
  // 0 = no timeout: the budget stops it instead.
  oneLineError(
    cli('run', '--timeout=0', '--budget=2e5', at('spin.hsaco'), s),
    1,
    /stopped: the instruction budget of 200000 wave-instructions is exhausted.*\(--budget=N raises it\)$/,
  );
});

test('the spec on standard input resolves paths against the current folder', () => {
  const r = spawnCli(['run', '--show=2:f32:2', VADD_CO, '-'], { input: JSON.stringify(VADD), cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^argument 2 \(f32\): /m);
  assert.ok(existsSync(at('c.bin')));
});
