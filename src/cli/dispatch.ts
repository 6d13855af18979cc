// The `gcnkit` command line over a given set of commands: help, --version, dispatch and the one error
// format. gcnkit.ts runs it with every command loaded; main.ts (the process) loads only the command
// named on the line, so the names live here, apart from the commands' modules.
import pkg from '../../package.json' with { type: 'json' };
import { type Command, helpText, parseCommand, wantsHelp } from './command.js';
import { errorLine, usageError } from './errors.js';

/** Every command, in the order `gcnkit --help` lists them (each is a module `./NAME.js`). */
export const COMMAND_NAMES = ['asm', 'disasm', 'info', 'isa', 'link', 'pm4', 'run'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const VERSION: string = pkg.version;

function usage(commands: readonly Command[]): string {
  const w = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'usage: gcnkit <command> [options] [--] ARGS',
    '       gcnkit help <command> | gcnkit <command> --help | gcnkit --version',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(w)}${c.summary}`),
    '',
    'docs/cli.md describes every command, its limits, exit status and JSON output.',
  ].join('\n');
}

/** The command running, for the error line. */
const current: { name?: string } = {};

const names = () => COMMAND_NAMES.join(', ');

function dispatch(argv: readonly string[], commands: readonly Command[]): number {
  const [cmd, ...rest] = argv;
  const find = (name: string) => commands.find((c) => c.name === name);
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
    (cmd === undefined ? process.stderr : process.stdout).write(usage(commands) + '\n');
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

/**
 * Runs `gcnkit ARGV` in this process with `commands` (the one ARGV names is enough, all of them for the
 * usage): output on process.stdout/stderr, errors as the one-line report. Returns the exit status.
 */
export function runCommandLine(argv: readonly string[], commands: readonly Command[]): number {
  current.name = undefined;
  try {
    return dispatch(argv, commands);
  } catch (e) {
    // A streamed write to a closed pipe (disasm --raw | head): the reader's choice, not an error.
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    const { line, exitCode } = errorLine(current.name, e);
    process.stderr.write(line + '\n');
    return exitCode;
  }
}
