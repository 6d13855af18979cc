// `gcnkit link -o OUT FILE...`: relocatable AMDGPU objects to a shared code object, as `ld.lld -shared`.
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { type Command, HELP_LINE, HELP_OPTION, stringOption } from './command.js';
import { fromElfError, usageError } from './errors.js';
import { LIMITS, nameOf, readInput, writeOutput } from './io.js';

export const LINK: Command = {
  name: 'link',
  summary: 'link relocatable objects into a shared code object (as ld.lld -shared)',
  usage: ['gcnkit link -o OUT [-shared] [-z defs] FILE...'],
  optionHelp: [
    ['-o OUT', 'the code object to write (atomically; - = standard output)'],
    ['-shared', "accepted for ld.lld's command line (the output is always shared)"],
    ['-z defs', 'an undefined symbol is an error'],
    HELP_LINE,
  ],
  options: {
    ...HELP_OPTION,
    o: { type: 'string', short: 'o' },
    shared: { type: 'boolean' },
    z: { type: 'string', short: 'z', multiple: true },
  },
  run(args) {
    const out = stringOption(args, 'o');
    if (!out) throw usageError(`missing -o OUT (usage: ${LINK.usage[0]})`);
    const z = (args.values.z ?? []) as string[];
    for (const k of z) if (k !== 'defs') throw usageError(`-z ${k}: only -z defs is supported`);
    if (args.positionals.length === 0) throw usageError(`missing FILE (usage: ${LINK.usage[0]})`);
    let bytes: Uint8Array;
    try {
      const files = args.positionals.map((f) =>
        ElfFile.parse(readInput(f, LIMITS.codeObject, 'an object file'), nameOf(f)),
      );
      bytes = linkShared(files, { noUndefined: z.length > 0 });
    } catch (e) {
      throw fromElfError(e);
    }
    writeOutput(out, bytes);
    return 0;
  },
};
