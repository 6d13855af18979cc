// Live (GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs): the compile and printf recipes of
// docs/compile.md and docs/printf.md, and the README's quick start, work as written. Each page's marked blocks are extracted
// (`<!-- file: NAME -->` a file to write, `<!-- recipe: NAME -->` commands, `<!-- output: RECIPE -->` the
// start of what that recipe prints), the commands run with bash in an empty folder holding the files,
// with `gcnkit` on PATH and GCNKIT set to this checkout as the pages ask, once as written (gfx908) and
// once with the `GPU=gfx908` line changed to each other target; then the code objects they built run on
// the emulator and their outputs are checked against host computations.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bundleCli } from '../../scripts/lib/cli-bundle.js';
import { Device } from '../../src/runtime/device.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22'].every(have);
const skip = live ? false : 'needs GCNKIT_LIVE=1, clang-22, ld.lld-22 and rocm-device-libs';
const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-docs-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

// The `gcnkit` command of the pages: this checkout's CLI, bundled as `npm run build` does.
const cli = bundleCli();
after(cli.remove);
const bin = join(tmp, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'gcnkit'), `#!/bin/sh\nexec "${process.execPath}" "${cli.file}" "$@"\n`);
chmodSync(join(bin, 'gcnkit'), 0o755);

interface Page {
  files: Map<string, string>;
  recipes: { name: string; text: string }[];
  outputs: Map<string, string>;
}

/** The marked fenced blocks of a page, in order. */
function readPage(name: string): Page {
  const lines = readFileSync(join(root, name), 'utf8').split('\n');
  const page: Page = { files: new Map(), recipes: [], outputs: new Map() };
  for (let i = 0; i < lines.length; i++) {
    const m = /^<!-- (file|recipe|output): (\S+) -->$/.exec(lines[i]);
    if (m === null) continue;
    assert.match(
      lines[i + 1] ?? '',
      /^```/,
      `${name}:${i + 1}: a marker must stand right above a code block`,
    );
    const end = lines.indexOf('```', i + 2);
    assert.ok(end > 0, `${name}:${i + 1}: unterminated code block`);
    const text = lines.slice(i + 2, end).join('\n') + '\n';
    if (m[1] === 'file') page.files.set(m[2], text);
    else if (m[1] === 'recipe') page.recipes.push({ name: m[2], text });
    else page.outputs.set(m[2], text);
    i = end;
  }
  return page;
}

/** Runs a page's recipes for one target in a new folder; returns the folder. */
function runPage(name: string, gpu: string): string {
  const page = readPage(name);
  const dir = join(tmp, `${name.replace('/', '-')}-${gpu}`);
  mkdirSync(dir);
  for (const [file, text] of page.files) writeFileSync(join(dir, file), text);
  for (const r of page.recipes) {
    const pinned = r.text.includes('\nGPU=gfx908\n') || r.text.startsWith('GPU=gfx908\n');
    const text = r.text.replace(/^GPU=gfx908$/m, `GPU=${gpu}`);
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', text], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GCNKIT: root },
      maxBuffer: 1 << 24,
    });
    assert.equal(run.status, 0, `${name} recipe ${r.name} (${gpu}) failed:\n${run.stderr.slice(-3000)}`);
    const out = page.outputs.get(r.name);
    if (out !== undefined) assert.ok(run.stdout.startsWith(out), `${r.name} printed:\n${run.stdout}`);
    // A recipe that compiles names its target on a line of its own, so that readers (and this test) change it.
    if (/clang-22/.test(r.text)) assert.ok(pinned, `${name} recipe ${r.name} has no GPU=gfx908 line`);
  }
  return dir;
}

function f32(path: string): Float32Array {
  const b = readFileSync(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

/** |got - want| within `ulps` units in the last place of f32 at want's magnitude. */
function near(got: number, want: number, ulps: number, what: string): void {
  const ulp = want === 0 ? 2 ** -149 : 2 ** (Math.floor(Math.log2(Math.abs(want))) - 23);
  assert.ok(Math.abs(got - want) <= ulps * ulp, `${what}: ${got}, want ${want} within ${ulps} ulp`);
}

const I = Array.from({ length: 1000 }, (_, i) => i);

for (const gpu of ['gfx908', 'gfx900', 'gfx906']) {
  test(`live: docs/compile.md recipes build and run for ${gpu}`, { skip }, () => {
    const dir = runPage('docs/compile.md', gpu);
    // OpenCL: y = 2.5 * sqrt(x) (sqrt within OpenCL's 3 ulp), written by gcnkit run.
    const y = f32(join(dir, 'y.bin'));
    for (const i of I) near(y[i], Math.fround(2.5 * Math.sqrt(i)), 4, `scale y[${i}]`);
    // The one-step build computes the same.
    const dev = new Device();
    const x = dev.upload(Float32Array.from(I));
    const y1 = dev.alloc(4000);
    const one = dev.load(readFileSync(join(dir, 'scale1.hsaco')), 'scale1.hsaco');
    one.launch('scale_sqrt', {
      grid: [1000],
      block: [256],
      args: [x, y1, { value: 2.5, type: 'f32' }, { value: 1000, type: 'i32' }],
    });
    assert.deepEqual(Array.from(dev.download(y1, Float32Array)), Array.from(y));
    // HIP: saxpy 2 * x + 1, exact for these integers, written by gcnkit run.
    assert.deepEqual(
      Array.from(f32(join(dir, 'saxpy.out.bin'))),
      I.map((i) => 2 * i + 1),
    );
    // HIP with ocml: sin within ocml's 4 ulp... of the result's magnitude, or 2^-24 near zero crossings.
    const w = dev.alloc(4000);
    const wave = dev.load(readFileSync(join(dir, 'wave.hsaco')), 'wave.hsaco');
    wave.launch('wave', { grid: [1024], block: [256], args: [x, w, { value: 1000, type: 'u32' }] });
    const got = dev.download(w, Float32Array);
    for (const i of I) assert.ok(Math.abs(got[i] - Math.sin(i)) <= 2 ** -22, `sin(${i}): ${got[i]}`);
  });

  test(`live: docs/printf.md recipes print what the page shows for ${gpu}`, { skip }, () => {
    const dir = runPage('docs/printf.md', gpu);
    assert.ok(existsSync(join(dir, 'hello-cl.hsaco')) && existsSync(join(dir, 'hello-hip.hsaco')));
  });
}

test('live: the README quick start builds, runs and prints what the README shows', { skip }, () => {
  const dir = runPage('README.md', 'gfx908');
  assert.deepEqual(
    Array.from(f32(join(dir, 'y.bin'))),
    I.map((i) => i * i),
  );
  // Its API snippet: the same kernel through Device, plain numbers typed by the metadata.
  const dev = new Device();
  const mod = dev.load(readFileSync(join(dir, 'square.hsaco')));
  const x = dev.upload(Float32Array.from(I));
  const y = dev.alloc(4000);
  const r = mod.launch('square', { grid: [1000], block: [256], args: [x, y, 1000] });
  assert.equal(r.printf, 'square: 1000 elements, y[3] = 9.0\n');
  assert.deepEqual(
    Array.from(dev.download(y, Float32Array)),
    I.map((i) => i * i),
  );
});
