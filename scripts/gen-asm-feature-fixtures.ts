// Target-id features (xnack/sramecc) in the assembler: the hand-written kernel of the driver fixtures with
// its .amdgcn_target carrying features, assembled by llvm-mc-22 -mattr=... (object and listing) and linked
// by ld.lld-22. Writes test/fixtures/asm-features/<name>.{o,hsaco,listing}; the sources are made from
// kernel.s by featureSource (the test does the same).
// Run: node --import tsx scripts/gen-asm-feature-fixtures.ts
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** name -> -mattr list. */
export const FEATURE_CASES: Record<string, string[]> = {
  'xnack-on': ['+xnack'],
  'xnack-off': ['-xnack'],
  'sramecc-on-xnack-off': ['+sramecc', '-xnack'],
  'sramecc-off': ['-sramecc'],
};

/** kernel.s with the target id of `mattr` in its .amdgcn_target (LLVM's order: sramecc, then xnack). */
export function featureSource(kernelSource: string, mattr: readonly string[]): string {
  const on = new Map(mattr.map((m) => [m.slice(1), m[0]]));
  const id = ['sramecc', 'xnack']
    .filter((f) => on.has(f))
    .map((f) => `:${f}${on.get(f)}`)
    .join('');
  return kernelSource.replace(/^\.amdgcn_target .*$/m, `.amdgcn_target "amdgcn-amd-amdhsa--gfx908${id}"`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const out = join(root, 'test', 'fixtures', 'asm-features');
  const kernel = readFileSync(join(root, 'test', 'fixtures', 'asm-driver', 'src', 'kernel.s'), 'utf8');
  for (const [name, mattr] of Object.entries(FEATURE_CASES)) {
    const base = join(out, name);
    writeFileSync(`${base}.s`, featureSource(kernel, mattr));
    const mc = ['-triple=amdgcn-amd-amdhsa', '-mcpu=gfx908', `-mattr=${mattr.join(',')}`];
    const listing = execFileSync('llvm-mc-22', [...mc, '-show-encoding', `${name}.s`], { cwd: out });
    writeFileSync(`${base}.listing`, listing);
    execFileSync('llvm-mc-22', [...mc, '-filetype=obj', `${name}.s`, '-o', `${name}.o`], { cwd: out });
    execFileSync('ld.lld-22', ['-shared', `${name}.o`, '-o', `${name}.hsaco`], { cwd: out });
    rmSync(`${base}.s`);
  }
}
