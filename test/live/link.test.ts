// Live against LLVM 22 (GCNKIT_LIVE=1 and the tools installed): assembles the linker cases' sources with
// llvm-mc-22 now, links them with ld.lld-22 and with gcnkit, and requires identical bytes; then checks that
// llvm-readelf-22 and llvm-objdump-22 read gcnkit's outputs (links and rewritten objects) without a warning.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import { linkShared } from '../../src/elf/link.js';
import { ElfFile } from '../../src/elf/reader.js';
import { imageFromFile, writeElf } from '../../src/elf/writer.js';
import { corpusDir, linkCases } from '../co-corpus/corpus.js';
import { firstDifference, linkerComment } from '../link-check.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live =
  process.env.GCNKIT_LIVE === '1' &&
  ['llvm-mc-22', 'ld.lld-22', 'llvm-readelf-22', 'llvm-objdump-22'].every(have);
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-link-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(cmd: string, args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'latin1', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** llvm-mc arguments for a source's `.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack+"`. */
function mcTarget(src: string): string[] {
  const m = /\.amdgcn_target\s+"amdgcn-amd-amdhsa--([^":]+)((?::[a-z]+[+-])*)"/.exec(src);
  if (!m) throw new Error('no .amdgcn_target');
  const feats = m[2].split(':').filter(Boolean);
  return [
    `-mcpu=${m[1]}`,
    ...(feats.length ? [`-mattr=${feats.map((f) => f.slice(-1) + f.slice(0, -1)).join(',')}`] : []),
  ];
}

function quiet(file: string): void {
  for (const [tool, args] of [
    ['llvm-readelf-22', ['-a', '-W']],
    ['llvm-objdump-22', ['-d']],
  ] as const) {
    const r = run(tool, [...args, file]);
    assert.equal(r.stderr, '', `${tool} ${file}`);
    assert.ok(r.stdout.length > 0);
  }
}

test(
  'live: link cases assembled now, linked by ld.lld-22 and gcnkit, are identical',
  { skip: !live },
  (t) => {
    let n = 0;
    for (const c of linkCases()) {
      const inputs = c.inputs.map((f) => {
        const src = f.path.replace(/\.o$/, '.s');
        if (!f.path.startsWith(join(corpusDir, 'link'))) return f.path;
        const text = readFileSync(src, 'utf8');
        const o = join(tmp, basename(f.path));
        run('llvm-mc-22', ['-triple=amdgcn-amd-amdhsa', ...mcTarget(text), '-filetype=obj', src, '-o', o]);
        return o;
      });
      const want = join(tmp, `${c.name}.lld.so`);
      run('ld.lld-22', ['-shared', ...inputs, '-o', want]);
      const wantBytes = new Uint8Array(readFileSync(want));
      const got = linkShared(
        inputs.map((p) => ElfFile.parse(new Uint8Array(readFileSync(p)), basename(p))),
        { comment: linkerComment(ElfFile.parse(wantBytes, want)) },
      );
      assert.equal(firstDifference(wantBytes, got), '', c.name);
      const mine = join(tmp, `${c.name}.gcnkit.so`);
      writeFileSync(mine, got);
      quiet(mine);
      n++;
    }
    t.diagnostic(`${n} cases identical`);
  },
);

test('live: rewritten corpus objects read cleanly', { skip: !live }, () => {
  for (const c of linkCases()) {
    for (const f of [...c.inputs, c.output]) {
      const out = join(tmp, `rt.${f.name}`);
      writeFileSync(out, writeElf(imageFromFile(ElfFile.parse(f.bytes, f.name))));
      quiet(out);
    }
  }
});
