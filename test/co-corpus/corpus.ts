// Loader for the HSA code-object corpus (test/co-corpus, rebuilt by scripts/build-co-corpus.sh): the
// objects clang-22/ld.lld-22 made, what llvm-readelf-22 and llvm-objdump-22 said about each, and the linker
// cases (inputs -> ld.lld-22 output). See test/co-corpus/README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** test/co-corpus, absolute. */
export const corpusDir = import.meta.dirname;

/** The llvm-readelf-22 / llvm-objdump-22 arguments each record was made with (the file name follows). */
export const READELF_JSON_ARGS = [
  '--elf-output-style=JSON',
  '-h',
  '-l',
  '-S',
  '--symbols',
  '--dyn-symbols',
  '--notes',
  '-r',
  '-d',
] as const;
export const READELF_TEXT_ARGS = [
  '-h',
  '-l',
  '-S',
  '--symbols',
  '--dyn-syms',
  '--notes',
  '-r',
  '-d',
  '-W',
] as const;
export const OBJDUMP_ARGS = ['-d'] as const;

export interface CorpusFile {
  /** Bare file name, e.g. `kern.gfx90a.xnack+.v5.O2.hsaco` (the tools were run on this name). */
  name: string;
  /** Absolute path. */
  path: string;
  bytes: Buffer;
  /** `llvm-readelf-22 --elf-output-style=JSON ...` output, parsed (an array with one entry per file). */
  readelfJson(): unknown;
  /** `llvm-readelf-22 ... -W` text output. */
  readelfText(): string;
  /** `llvm-objdump-22 -d` output. */
  objdump(): string;
}

/** What an obj/ file name says: `<src>.<gpu>[.<features>].v<cov>.<opt>[.g].{o,hsaco}`. */
export interface CorpusObject extends CorpusFile {
  src: string;
  /** Processor name, e.g. `gfx90a`, `gfx9-generic`. */
  gpu: string;
  /** Target-id features without colons (`xnack+`, `sramecc+xnack-`), '' when none were given. */
  features: string;
  /** Code object version: 4, 5 or 6. */
  cov: number;
  opt: 'O0' | 'O2';
  debug: boolean;
  /** ET_REL (`.o`, clang -c output) or ET_DYN (`.hsaco`). */
  kind: 'rel' | 'dyn';
  /** `opencl` or `hip` (from the source in src/). */
  language: 'opencl' | 'hip';
}

export interface LinkCase {
  name: string;
  /** The ld.lld-22 arguments other than inputs and `-o` (always `-shared`). */
  args: string[];
  /** Input objects in command-line order. */
  inputs: CorpusFile[];
  /** The ld.lld-22 output, with its records. */
  output: CorpusFile;
  /** The command, run in test/co-corpus. */
  command: string;
}

const gunzipText = (path: string): string => gunzipSync(readFileSync(path)).toString('utf8');

function file(dir: string, name: string, readelfDir: string, objdumpDir: string): CorpusFile {
  const path = join(dir, name);
  return {
    name,
    path,
    bytes: readFileSync(path),
    readelfJson: () => JSON.parse(gunzipText(join(readelfDir, `${name}.json.gz`))) as unknown,
    readelfText: () => gunzipText(join(readelfDir, `${name}.txt.gz`)),
    objdump: () => gunzipText(join(objdumpDir, `${name}.dis.gz`)),
  };
}

const NAME = /^([^.]+)\.([^.]+)(?:\.([a-z]+[+-](?:[a-z]+[+-])*))?\.v([456])\.(O0|O2)(\.g)?\.(o|hsaco)$/;

/** Every object in obj/, sorted by name. */
export function corpusFiles(): CorpusObject[] {
  const dir = join(corpusDir, 'obj');
  const src = readdirSync(join(corpusDir, 'src'));
  return readdirSync(dir)
    .filter((f) => /\.(o|hsaco)$/.test(f))
    .sort()
    .map((name) => {
      const m = NAME.exec(name);
      if (!m) throw new Error(`co-corpus: unexpected object name ${name}`);
      const [, base, gpu, features = '', cov, opt, g, ext] = m;
      const language = src.includes(`${base}.hip`) ? 'hip' : 'opencl';
      if (language === 'opencl' && !src.includes(`${base}.cl`))
        throw new Error(`co-corpus: no source for ${name}`);
      return {
        ...file(dir, name, join(corpusDir, 'readelf'), join(corpusDir, 'objdump')),
        src: base!,
        gpu: gpu!,
        features,
        cov: Number(cov),
        opt: opt as 'O0' | 'O2',
        debug: g !== undefined,
        kind: ext === 'o' ? 'rel' : 'dyn',
        language,
      };
    });
}

/** A link/ or obj/ file by its path relative to test/co-corpus (records from link/ or readelf/ + objdump/). */
function corpusPath(rel: string): CorpusFile {
  const [sub, name] = rel.split('/') as [string, string];
  if (sub === 'obj')
    return file(join(corpusDir, 'obj'), name, join(corpusDir, 'readelf'), join(corpusDir, 'objdump'));
  const dir = join(corpusDir, sub);
  const f = file(dir, name, dir, dir);
  // llvm-mc inputs carry their own records; a clang -c input's records live in readelf/ and objdump/.
  if (!existsSync(join(dir, `${name}.json.gz`))) throw new Error(`co-corpus: no records for ${rel}`);
  return f;
}

interface ManifestEntry {
  name: string;
  inputs: string[];
  output: string;
  args: string[];
  command: string;
}

/** The linker cases of link/manifest.json, in manifest order. */
export function linkCases(): LinkCase[] {
  const manifest = JSON.parse(
    readFileSync(join(corpusDir, 'link', 'manifest.json'), 'utf8'),
  ) as ManifestEntry[];
  return manifest.map((e) => ({
    name: e.name,
    args: e.args,
    inputs: e.inputs.map(corpusPath),
    output: corpusPath(e.output),
    command: e.command,
  }));
}
