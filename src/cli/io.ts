// File input and output for the commands: a failure is a one-line CliError naming the file and the
// system's error code, never a stack trace.
import { readFileSync, writeFileSync } from 'node:fs';
import { CliError } from './errors.js';

const code = (e: unknown) => (e as NodeJS.ErrnoException).code ?? 'error';

/** The bytes of `file` (`-` = standard input). */
export function readInput(file: string): Buffer {
  try {
    return readFileSync(file === '-' ? 0 : file);
  } catch (e) {
    throw new CliError(`${file}: cannot read: ${code(e)}`);
  }
}

export function writeOutput(file: string, bytes: Uint8Array): void {
  try {
    writeFileSync(file, bytes);
  } catch (e) {
    throw new CliError(`${file}: cannot write: ${code(e)}`);
  }
}
