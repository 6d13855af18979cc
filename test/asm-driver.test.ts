// The assembler driver against recorded LLVM 22 behaviour (test/fixtures/asm-driver, made by
// scripts/gen-asm-driver-fixtures.ts): the -show-encoding listing and its diagnostics, the
// -filetype=obj object or its diagnostics, and for kernels the ld.lld-22 -shared code object.
// Every file and kind is checked and reported; EXPECTED lists those that must match.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { assemble, formatDiagnostics } from '../src/asm/assembler.js';
import { setFastPath } from '../src/asm/fast/index.js';
import { linkShared } from '../src/elf/link.js';
import { ElfFile } from '../src/elf/reader.js';
import type { Target } from '../src/isa/targets.js';

const dir = resolve('test/fixtures/asm-driver');
const srcDir = join(dir, 'src');
const llvm = join(dir, 'llvm');

type Kind = 'listing' | 'listing.err' | 'obj' | 'obj.err' | 'hsaco';

/** What must match llvm-mc-22 today; the rest is reported. */
const EXPECTED: Record<string, Kind[]> = {
  'data.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'sections.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'symbols.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'branches.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'macros.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'kernel.s': ['listing', 'listing.err', 'obj', 'obj.err', 'hsaco'],
  'kernel-gfx900.s': ['listing', 'listing.err', 'obj', 'obj.err', 'hsaco'],
  'kernel-errors.s': ['listing', 'listing.err', 'obj.err'],
  'errors.s': ['listing', 'listing.err', 'obj.err'],
  'errors-link.s': ['listing', 'listing.err', 'obj.err'],
  'numeric-labels.s': ['listing', 'listing.err', 'obj', 'obj.err'],
  'hwreg-struct.s': ['listing', 'listing.err', 'obj.err'],
  'movrel-aperture-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'movrel-aperture-gfx700.s': ['listing', 'listing.err', 'obj.err'],
  'movrel-aperture-gfx600.s': ['listing', 'listing.err', 'obj.err'],
  'carry-mask-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'carry-mask-gfx700.s': ['listing', 'listing.err', 'obj.err'],
  'mac-sdwa-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'lanes-gfx600.s': ['listing', 'listing.err', 'obj.err'],
  'lanes-gfx700.s': ['listing', 'listing.err', 'obj.err'],
  'lanes-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'lanes-gfx900.s': ['listing', 'listing.err', 'obj.err'],
  'reg-order-gfx600.s': ['listing', 'listing.err', 'obj.err'],
  'reg-order-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'reg-order-gfx900.s': ['listing', 'listing.err', 'obj.err'],
  'vop3b-sdst-gfx700.s': ['listing', 'listing.err', 'obj.err'],
  'vop3b-sdst-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'vop3b-sdst-gfx900.s': ['listing', 'listing.err', 'obj.err'],
  'interp16-gfx900.s': ['listing', 'listing.err', 'obj.err'],
  'int-clamp-gfx600.s': ['listing', 'listing.err', 'obj.err'],
  'int-clamp-gfx700.s': ['listing', 'listing.err', 'obj.err'],
  'lit-col-gfx600.s': ['listing', 'listing.err', 'obj.err'],
  'lit-col-gfx803.s': ['listing', 'listing.err', 'obj.err'],
  'lit-col-gfx900.s': ['listing', 'listing.err', 'obj.err'],
};

/**
 * Sources whose lines the fast path (src/asm/fast) takes or declines one by one: they must also match with
 * the fast path off, so that both paths give llvm-mc-22's errors at its columns.
 */
const BOTH_PATHS = new Set([
  'movrel-aperture-gfx803.s',
  'movrel-aperture-gfx700.s',
  'movrel-aperture-gfx600.s',
  'lanes-gfx600.s',
  'lanes-gfx700.s',
  'lanes-gfx803.s',
  'lanes-gfx900.s',
  'reg-order-gfx600.s',
  'reg-order-gfx803.s',
  'reg-order-gfx900.s',
  'vop3b-sdst-gfx700.s',
  'vop3b-sdst-gfx803.s',
  'vop3b-sdst-gfx900.s',
  'interp16-gfx900.s',
  'int-clamp-gfx600.s',
  'int-clamp-gfx700.s',
  'lit-col-gfx600.s',
  'lit-col-gfx803.s',
  'lit-col-gfx900.s',
]);

const mcpuOf = (src: string): Target => (/^\/\/ mcpu=(\S+)/.exec(src)?.[1] ?? 'gfx908') as Target;
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

function firstDifference(want: Uint8Array, got: Uint8Array): string {
  const n = Math.max(want.length, got.length);
  let i = 0;
  while (i < n && want[i] === got[i]) i++;
  return i === n ? '' : `sizes ${want.length}/${got.length}, first difference at 0x${i.toString(16)}`;
}

/** Each kind's verdict for one source: '' when identical, else what differs. */
export function checkFixture(file: string): Map<Kind, string> {
  const src = readFileSync(join(srcDir, file), 'latin1');
  const base = file.slice(0, -2);
  const ref = (ext: string) => join(llvm, `${base}.${ext}`);
  const mcpu = mcpuOf(src);
  const out = new Map<Kind, string>();
  const diff = (want: string, got: string) => {
    if (want === got) return '';
    const w = want.split('\n');
    const g = got.split('\n');
    let i = 0;
    while (i < w.length && w[i] === g[i]) i++;
    return `line ${i + 1}: want ${JSON.stringify(w[i])}, got ${JSON.stringify(g[i])}`;
  };
  const readme = (opts: { listing: boolean }) =>
    assemble(src, file, {
      mcpu,
      showEncoding: opts.listing,
      object: !opts.listing,
      readFile: (p) => readFileSync(p, 'latin1'),
    });
  const l = readme({ listing: true });
  out.set('listing', diff(readFileSync(ref('listing'), 'latin1'), l.listing ?? ''));
  out.set('listing.err', diff(readFileSync(ref('listing.err'), 'latin1'), formatDiagnostics(l.diagnostics)));
  const o = readme({ listing: false });
  out.set('obj.err', diff(readFileSync(ref('obj.err'), 'latin1'), formatDiagnostics(o.diagnostics)));
  if (existsSync(ref('o'))) {
    const want = readFileSync(ref('o'));
    out.set('obj', o.object ? firstDifference(want, o.object) : 'no object');
    if (existsSync(ref('hsaco'))) {
      const wantSo = readFileSync(ref('hsaco'));
      out.set(
        'hsaco',
        o.object ? firstDifference(wantSo, linkShared([ElfFile.parse(o.object, file)])) : 'no object',
      );
    }
  } else if (o.object) out.set('obj', `llvm-mc wrote no object, gcnkit did (${text(o.object).length} bytes)`);
  return out;
}

const files = readdirSync(srcDir)
  .filter((f) => f.endsWith('.s'))
  .sort();

test('every fixture source is listed in EXPECTED', () => {
  assert.deepEqual(files, Object.keys(EXPECTED).sort());
});

for (const file of files) {
  test(`asm ${file}`, (t) => {
    const prev = process.cwd();
    process.chdir(srcDir);
    const runs: [string, Map<Kind, string>][] = [];
    try {
      runs.push(['', checkFixture(file)]);
      if (BOTH_PATHS.has(file)) {
        setFastPath(false);
        runs.push([' (general path)', checkFixture(file)]);
      }
    } finally {
      setFastPath(true);
      process.chdir(prev);
    }
    const failures: string[] = [];
    for (const [path, res] of runs)
      for (const [kind, problem] of res) {
        const must = EXPECTED[file]?.includes(kind) ?? false;
        const verdict = problem === '' ? 'identical' : problem;
        t.diagnostic(`${kind}${path}: ${verdict}${must ? '' : ' (not yet expected)'}`);
        if (must && problem !== '') failures.push(`${kind}${path}: ${problem}`);
      }
    assert.deepEqual(failures, []);
  });
}
