// `gcnkit disasm`'s code as one CommonJS file beside the CLI's ES modules, for both builds of the CLI
// (scripts/build.mjs, scripts/lib/cli-bundle.ts): main.ts runs it through vm.Script with a V8 code cache
// (src/cli/disasm-cache.ts). Its name carries a hash of its text: V8 on Node 20 checks only a source's
// length before using cached code for it, so a cache made for one build must never meet another.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(import.meta.dirname, '..', '..');

/** Writes cli-disasm-HASH.cjs into `outdir`; returns the esbuild `define` of the CLI's own build. */
export function buildDisasmBundle(outdir) {
  const [out] = buildSync({
    entryPoints: [join(root, 'src', 'cli', 'disasm-bundle.ts')],
    outfile: join(outdir, 'cli-disasm.cjs'),
    write: false,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  }).outputFiles;
  const name = `cli-disasm-${createHash('sha256').update(out.contents).digest('hex').slice(0, 16)}.cjs`;
  writeFileSync(join(outdir, name), out.contents);
  return { GCNKIT_DISASM_BUNDLE: JSON.stringify(`./${name}`) };
}
