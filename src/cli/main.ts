#!/usr/bin/env node
// The `gcnkit` command as a process (gcnkit.ts is the command line itself). Only the module of the
// command named on the line is loaded (a dynamic import, one chunk of the bundle each): start-up then
// parses and initialises that command's code and tables, not all six (issue 13: 0.68 s to disassemble
// a tiny file, most of it loading the assembler and the emulator).
import { fileURLToPath } from 'node:url';
import { cacheFileFor, loadBundle } from './disasm-cache.js';
import type { CommandName } from './dispatch.js';

/**
 * The file name of the CommonJS bundle of `gcnkit disasm` next to this file, set by the build
 * (scripts/build.mjs, scripts/lib/cli-bundle.ts); undefined when running from the sources.
 */
declare const GCNKIT_DISASM_BUNDLE: string | undefined;

// `gcnkit disasm x | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const LOAD: Record<CommandName, () => Promise<import('./command.js').Command>> = {
  asm: async () => (await import('./asm.js')).ASM,
  disasm: async () => (await import('./disasm.js')).DISASM,
  info: async () => (await import('./info.js')).INFO,
  isa: async () => (await import('./isa.js')).ISA,
  link: async () => (await import('./link.js')).LINK,
  pm4: async () => (await import('./pm4.js')).PM4,
  run: async () => (await import('./run.js')).RUN,
};

const argv = process.argv.slice(2);
if (typeof GCNKIT_DISASM_BUNDLE === 'string' && argv[0] === 'disasm') {
  // Compiled through a V8 code cache (disasm-cache.ts): Node 20 caches no ES module's code.
  const bundle = fileURLToPath(new URL(GCNKIT_DISASM_BUNDLE, import.meta.url));
  const loaded = loadBundle(bundle, cacheFileFor(bundle));
  const run = loaded.exports.run as (argv: readonly string[]) => number;
  process.exitCode = run(argv);
  loaded.save();
} else await runFromModules();

async function runFromModules(): Promise<void> {
  const { COMMAND_NAMES, runCommandLine } = await import('./dispatch.js');
  // `gcnkit CMD ...` and `gcnkit help CMD` need one command; the usage and errors need none but the names.
  const wanted = argv[0] === 'help' ? argv[1] : argv[0];
  const names: readonly string[] = COMMAND_NAMES;
  const commands =
    wanted !== undefined && names.includes(wanted)
      ? [await LOAD[wanted as CommandName]()]
      : argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help'
        ? await Promise.all(COMMAND_NAMES.map((n) => LOAD[n]()))
        : [];
  process.exitCode = runCommandLine(argv, commands);
}
