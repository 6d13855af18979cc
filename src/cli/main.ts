#!/usr/bin/env node
// The `gcnkit` command as a process (gcnkit.ts is the command line itself). Only the module of the
// command named on the line is loaded (a dynamic import, one chunk of the bundle each): start-up then
// parses and initialises that command's code and tables, not all six (issue 13: 0.68 s to disassemble
// a tiny file, most of it loading the assembler and the emulator).
import { COMMAND_NAMES, type CommandName, runCommandLine } from './dispatch.js';

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
