// The `gcnkit` command line: the list of commands, help, --version and the one error format. Each
// command is in its own file (docs/cli.md describes them all); main.ts runs this as a process.
import pkg from '../../package.json' with { type: 'json' };
import { ASM } from './asm.js';
import { type Command, helpText, parseCommand, wantsHelp } from './command.js';
import { DISASM } from './disasm.js';
import { errorLine, usageError } from './errors.js';
import { INFO } from './info.js';
import { ISA } from './isa.js';
import { LINK } from './link.js';
import { RUN } from './run.js';

export const COMMANDS: readonly Command[] = [ASM, DISASM, INFO, ISA, LINK, RUN];

export const VERSION: string = pkg.version;

function usage(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'usage: gcnkit <command> [options] [--] ARGS',
    '       gcnkit help <command> | gcnkit <command> --help | gcnkit --version',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}${c.summary}`),
    '',
    'docs/cli.md describes every command, its limits, exit status and JSON output.',
  ].join('\n');
}

/** The command running, for the error line. */
const current: { name?: string } = {};

const find = (name: string) => COMMANDS.find((c) => c.name === name);

function dispatch(argv: readonly string[]): number {
  const [cmd, ...rest] = argv;
  if (cmd === '--version' || cmd === '-V') {
    process.stdout.write(`gcnkit ${VERSION}\n`);
    return 0;
  }
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    const topic = cmd === 'help' ? rest[0] : undefined;
    if (topic !== undefined) {
      const c = find(topic);
      if (c === undefined) throw usageError(`no command '${topic}' (commands: ${names()})`);
      process.stdout.write(helpText(c));
      return 0;
    }
    // Without a command there is nothing to do: the usage is then an error report, on stderr.
    (cmd === undefined ? process.stderr : process.stdout).write(usage() + '\n');
    return cmd === undefined ? 2 : 0;
  }
  const c = find(cmd);
  if (c === undefined) throw usageError(`unknown command '${cmd}' (commands: ${names()}; see gcnkit --help)`);
  current.name = c.name;
  if (wantsHelp(rest)) {
    process.stdout.write(helpText(c));
    return 0;
  }
  return c.run(parseCommand(c, rest));
}

const names = () => COMMANDS.map((c) => c.name).join(', ');

/**
 * Runs `gcnkit ARGV` in this process: output on process.stdout/stderr, errors as the one-line report.
 * Returns the exit status.
 */
export function gcnkit(argv: readonly string[]): number {
  current.name = undefined;
  try {
    return dispatch(argv);
  } catch (e) {
    // A streamed write to a closed pipe (disasm --raw | head): the reader's choice, not an error.
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    const { line, exitCode } = errorLine(current.name, e);
    process.stderr.write(line + '\n');
    return exitCode;
  }
}
