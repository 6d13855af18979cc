// The CLI's one error format: `gcnkit CMD: FILE: what` (or `gcnkit CMD: what` when no file is involved),
// one line on stderr, with an exit status that says whose fault it was (docs/cli.md, "Exit status").
import { ElfError } from '../elf/errors.js';

/** Bad input: a file, a spec field, a kernel that faulted. */
export const EXIT_INPUT = 1;
/** Bad usage: an unknown option, a missing argument, a flag value that is not what it should be. */
export const EXIT_USAGE = 2;
/** A bug in gcnkit (sysexits' EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;

/** An error caused by the user: printed as one line, no stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_INPUT,
    /** The file the message is about, printed before it. */
    readonly file?: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT_USAGE);
export const inputError = (file: string, message: string): CliError =>
  new CliError(message, EXIT_INPUT, file);

/** ElfError (which names its file) as a CliError; anything else unchanged. */
export function fromElfError(e: unknown): unknown {
  return e instanceof ElfError ? inputError(e.file, `${e.field}: ${e.problem}`) : e;
}

/** The line printed for `e` by command `cmd` (without the newline), and the exit status. */
export function errorLine(cmd: string | undefined, e: unknown): { line: string; exitCode: number } {
  const head = cmd === undefined ? 'gcnkit' : `gcnkit ${cmd}`;
  e = fromElfError(e);
  if (e instanceof CliError) {
    const text = e.file === undefined ? e.message : `${e.file}: ${e.message}`;
    return { line: `${head}: ${oneLine(text)}`, exitCode: e.exitCode };
  }
  // A bug, not bad input: still one line, but say so.
  const what = e instanceof Error ? e.message : String(e);
  return { line: `${head}: internal error: ${oneLine(what)}`, exitCode: EXIT_INTERNAL };
}

/** Messages from lower layers may hold newlines (a source line, a list): keep the report on one line. */
function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, '; ');
}
