// Records what LLVM 22 does with test/fixtures/asm-driver/src/*.s: llvm-mc-22's -show-encoding stdout
// and stderr, its -filetype=obj object (or stderr), and for sources with `.amdhsa_kernel` the
// `ld.lld-22 -shared` link of that object. A first line `// mcpu=GPU` picks the processor (default
// gfx908). Run: node --import tsx scripts/gen-asm-driver-fixtures.ts
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = 'test/fixtures/asm-driver';
const srcDir = join(dir, 'src');
const outDir = join(dir, 'llvm');
mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-asm-fixtures-'));

export const mcpuOf = (src: string): string => /^\/\/ mcpu=(\S+)/.exec(src)?.[1] ?? 'gfx908';

for (const file of readdirSync(srcDir)
  .filter((f) => f.endsWith('.s'))
  .sort()) {
  const base = file.slice(0, -2);
  const src = readFileSync(join(srcDir, file), 'latin1');
  const mc = ['-triple=amdgcn-amd-amdhsa', `-mcpu=${mcpuOf(src)}`];
  // Run in the source directory with a relative name, as the test names the file in diagnostics.
  const listing = spawnSync('llvm-mc-22', [...mc, '-show-encoding', file], {
    cwd: srcDir,
    encoding: 'latin1',
  });
  writeFileSync(join(outDir, `${base}.listing`), listing.stdout, 'latin1');
  writeFileSync(join(outDir, `${base}.listing.err`), listing.stderr, 'latin1');
  const obj = join(tmp, `${base}.o`);
  rmSync(obj, { force: true });
  const o = spawnSync('llvm-mc-22', [...mc, '-filetype=obj', '-o', obj, file], {
    cwd: srcDir,
    encoding: 'latin1',
  });
  writeFileSync(join(outDir, `${base}.obj.err`), o.stderr, 'latin1');
  for (const ext of ['o', 'hsaco']) rmSync(join(outDir, `${base}.${ext}`), { force: true });
  let status = o.status === 0 ? 'obj' : 'errors';
  if (o.status === 0 && existsSync(obj)) {
    writeFileSync(join(outDir, `${base}.o`), readFileSync(obj));
    if (/^\s*\.amdhsa_kernel\b/m.test(src)) {
      const so = join(tmp, `${base}.hsaco`);
      const l = spawnSync('ld.lld-22', ['-shared', obj, '-o', so], { encoding: 'latin1' });
      if (l.status !== 0) throw new Error(`ld.lld-22 ${file}: ${l.stderr}`);
      writeFileSync(join(outDir, `${base}.hsaco`), readFileSync(so));
      status += '+hsaco';
    }
  }
  console.log(`${file}: ${status}`);
}
rmSync(tmp, { recursive: true, force: true });
