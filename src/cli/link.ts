// `gcnkit link -o OUT FILE...`: relocatable AMDGPU objects to a shared code object, as `ld.lld -shared`.
import { ElfError } from '../elf/errors.js';
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { CliError } from './errors.js';
import { readInput, writeOutput } from './io.js';

export function runLink(argv: string[]): number {
  let out: string | undefined;
  let noUndefined = false;
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') {
      out = argv[++i];
      if (out === undefined) throw new CliError('link: -o needs a file name');
    } else if (a.startsWith('-o') && a.length > 2) out = a.slice(2);
    else if (a === '-shared') continue;
    else if (a === '-z' && argv[i + 1] === 'defs') {
      noUndefined = true;
      i++;
    } else if (a.startsWith('-')) throw new CliError(`link: unknown option '${a}'`);
    else inputs.push(a);
  }
  if (!out) throw new CliError('link: expected -o OUT');
  if (inputs.length === 0) throw new CliError('link: expected at least one input FILE');
  let bytes: Uint8Array;
  try {
    const files = inputs.map((f) => ElfFile.parse(readInput(f), f));
    bytes = linkShared(files, { noUndefined });
  } catch (e) {
    if (e instanceof ElfError) throw new CliError(e.message);
    throw e;
  }
  writeOutput(out, bytes);
  return 0;
}
