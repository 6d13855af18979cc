// The `gcnkit` command line with every command loaded, for running it inside a process (tests, tools);
// main.ts, the process, loads only the command it runs. Each command is in its own file (docs/cli.md
// describes them all).
import { ASM } from './asm.js';
import type { Command } from './command.js';
import { DISASM } from './disasm.js';
import { runCommandLine } from './dispatch.js';
import { INFO } from './info.js';
import { ISA } from './isa.js';
import { LINK } from './link.js';
import { PM4 } from './pm4.js';
import { RUN } from './run.js';

export { VERSION } from './dispatch.js';

/** In COMMAND_NAMES' order (test/cli-docs.test.ts checks that the two agree). */
export const COMMANDS: readonly Command[] = [ASM, DISASM, INFO, ISA, LINK, PM4, RUN];

/**
 * Runs `gcnkit ARGV` in this process: output on process.stdout/stderr, errors as the one-line report.
 * Returns the exit status.
 */
export function gcnkit(argv: readonly string[]): number {
  return runCommandLine(argv, COMMANDS);
}
