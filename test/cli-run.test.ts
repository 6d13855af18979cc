// `gcnkit run FILE SPEC.json` as a command: the bundled example runs and writes its outputs; --json and
// --show print what ARCHITECTURE.md specifies; bad specs, faults and the budget are one-line errors on
// stderr with exit status 1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { kernelObject } from './helpers/kernel-asm.js';

const root = join(import.meta.dirname, '..');
const example = join(root, 'examples', 'vadd');
const dir = mkdtempSync(join(tmpdir(), 'gcnkit-run-'));
after(() => rmSync(dir, { recursive: true, force: true }));
for (const f of ['a.bin', 'b.bin', 'vadd-gfx908.hsaco']) copyFileSync(join(example, f), join(dir, f));

function gcnkit(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });
}

/** Writes a spec next to the inputs; returns its path (inputs and outputs resolve against it). */
function spec(name: string, s: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(s));
  return join(dir, name);
}
const at = (f: string) => join(dir, f);

const VADD = {
  kernel: 'vadd',
  grid: [1000],
  block: [256],
  args: [{ buffer: 'a.bin' }, { buffer: 'b.bin' }, { buffer: { bytes: 4000 } }, { value: 1000, type: 'i32' }],
  outputs: { '2': 'c.bin' },
};

test('gcnkit run: the vadd example writes c = a + b and prints its figures and --show', () => {
  const r = gcnkit(['run', at('vadd-gfx908.hsaco'), spec('vadd.json', VADD), '--show=2:f32:4']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const a = new Float32Array(new Uint8Array(readFileSync(join(dir, 'a.bin'))).buffer);
  const b = new Float32Array(new Uint8Array(readFileSync(join(dir, 'b.bin'))).buffer);
  const c = new Float32Array(new Uint8Array(readFileSync(join(dir, 'c.bin'))).buffer);
  assert.equal(c.length, 1000);
  for (let i = 0; i < 1000; i++) assert.equal(c[i], Math.fround(a[i] + b[i]), `c[${i}]`);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'kernel vadd: grid 1000, block 256, 4 workgroups, 16 waves');
  assert.match(lines[1], /^\d+ wave-instructions, \d+ lane-instructions, [\d.]+ ms$/);
  assert.equal(lines[2], `argument 2 (f32): ${[0, 1, 2, 3].map((i) => c[i]).join(' ')} ...`);
});

test('gcnkit run --json: one JSON object with the launch figures', () => {
  const r = gcnkit(['run', at('vadd-gfx908.hsaco'), spec('vadd.json', VADD), '--json']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.kernel, 'vadd');
  assert.equal(j.workgroups, 4);
  assert.equal(j.waves, 16);
  assert.deepEqual(j.grid, [1000]);
  assert.ok(j.waveInstructions > 0 && j.laneInstructions > j.waveInstructions);
});

function fails(args: string[], re: RegExp): void {
  const r = gcnkit(args);
  assert.equal(r.status, 1, `exit status for ${args.join(' ')}: ${r.stdout}`);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, re);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
}

test('gcnkit run: bad specs are one-line errors naming the field', () => {
  fails(
    ['run', at('vadd-gfx908.hsaco'), spec('s1.json', { ...VADD, grid: [0] })],
    /s1\.json: grid\[0\]: 0 is not/,
  );
  fails(
    ['run', at('vadd-gfx908.hsaco'), spec('s2.json', { ...VADD, colour: 1 })],
    /s2\.json: colour: unknown field/,
  );
  fails(
    ['run', at('vadd-gfx908.hsaco'), spec('s3.json', { ...VADD, args: VADD.args.slice(0, 3) })],
    /takes 4 argument/,
  );
  fails(
    [
      'run',
      at('vadd-gfx908.hsaco'),
      spec('s4.json', { ...VADD, args: [...VADD.args.slice(0, 3), { value: 1, type: 'i7' }] }),
    ],
    /s4\.json: args\[3\]\.type: must be one of/,
  );
  fails(['run', at('vadd-gfx908.hsaco'), spec('s5.json', { ...VADD, kernel: 'nope' })], /nope/);
  writeFileSync(join(dir, 's6.json'), '{"kernel": ');
  fails(['run', at('vadd-gfx908.hsaco'), at('s6.json')], /s6\.json: JSON/);
  fails(['run', at('missing.hsaco'), at('vadd.json')], /missing\.hsaco/);
  fails(['run', at('vadd-gfx908.hsaco'), at('vadd.json'), '--budget=x'], /--budget/);
});

test('gcnkit run: the budget and memory faults stop the kernel with a one-line report', () => {
  fails(
    ['run', at('vadd-gfx908.hsaco'), spec('vadd.json', VADD), '--budget=5'],
    /kernel 'vadd' stopped: the instruction budget of 5 wave-instructions is exhausted/,
  );
  const body = `
  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v2, 0x1000000
  v_mov_b32 v3, s3
  v_add_co_u32 v2, vcc, s2, v2
  v_addc_co_u32 v3, vcc, 0, v3, vcc
  global_store_dword v[2:3], v0, off`;
  writeFileSync(join(dir, 'oob.hsaco'), kernelObject('oob', body, { args: ['ptr'] }));
  fails(
    [
      'run',
      at('oob.hsaco'),
      spec('oob.json', { kernel: 'oob', grid: [64], block: [64], args: [{ buffer: { bytes: 64 } }] }),
    ],
    /^gcnkit: kernel 'oob' workgroup \(0,0,0\) wave 0 lane 0: memory fault at pc 0x[0-9a-f]+ \(global_store_dword v\[2:3\], v0, off\): unmapped address 0x[0-9a-f]+ \(4-byte write\)$/m,
  );
});
