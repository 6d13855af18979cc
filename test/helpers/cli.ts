// Running gcnkit's command line in tests: in this process where the command's output goes through
// process.stdout/stderr (fast: no Node start-up), or as a child process where the process itself
// matters (stdin, streaming to fd 1, exit status, TTY). Child processes run the bundled CLI
// (scripts/lib/cli-bundle.ts), built once per test process and removed at exit: a spawn then takes
// about 0.2 s and 0.2 s of CPU, where node with the tsx loader takes 0.5 s and 0.75 s of CPU (2-core CI
// machine), loading and transforming src/ again.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleCli } from '../../scripts/lib/cli-bundle.js';
import { gcnkit } from '../../src/cli/gcnkit.js';
import { stdoutBytes } from '../../src/cli/stdout.js';

export const root = join(import.meta.dirname, '..', '..');

let entry: string | undefined;

/** The arguments after process.execPath that run `gcnkit ARGS...`. */
export function gcnkitArgv(...args: string[]): string[] {
  if (entry === undefined) {
    const cli = bundleCli();
    process.on('exit', cli.remove);
    entry = cli.file;
  }
  return [entry, ...args];
}

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** `gcnkit ...args` in this process, its output captured (latin1, as the commands write bytes). */
export function cli(...args: string[]): CliResult {
  return cliIn(undefined, ...args);
}

/** cli() run from the folder `cwd` (relative file names, and the names messages print). */
export function cliIn(cwd: string | undefined, ...args: string[]): CliResult {
  const out: string[] = [];
  const err: string[] = [];
  const wOut = process.stdout.write;
  const wErr = process.stderr.write;
  const capture = (to: string[]) =>
    ((chunk: string | Uint8Array) => {
      to.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1'));
      return true;
    }) as typeof process.stdout.write;
  const wBytes = stdoutBytes.write;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  // Streamed output (disasm) goes to fd 1 directly, not through process.stdout.
  stdoutBytes.write = (b) => out.push(Buffer.from(b).toString('latin1'));
  const back = process.cwd();
  let status: number;
  try {
    if (cwd !== undefined) process.chdir(cwd);
    status = gcnkit(args);
  } finally {
    process.chdir(back);
    process.stdout.write = wOut;
    process.stderr.write = wErr;
    stdoutBytes.write = wBytes;
  }
  return { status, stdout: out.join(''), stderr: err.join('') };
}

/** `gcnkit ...args` as a child process (about 0.2 s each: use sparingly). */
export function spawnCli(
  args: string[],
  opts: { input?: string | Uint8Array; cwd?: string; timeout?: number } = {},
) {
  const r = spawnSync(process.execPath, gcnkitArgv(...args), {
    encoding: 'latin1',
    cwd: opts.cwd ?? root,
    input: opts.input,
    timeout: opts.timeout ?? 30000,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Asserts the one-line error format: `gcnkit CMD: ...` on stderr, nothing on stdout, the exit status. */
export function oneLineError(
  r: { status: number | null; stdout: string; stderr: string },
  status: number,
  re: RegExp,
): void {
  const lines = r.stderr.split('\n');
  if (
    r.status !== status ||
    lines.length !== 2 ||
    lines[1] !== '' ||
    !re.test(lines[0]) ||
    /\n\s+at /.test(r.stderr)
  )
    throw new Error(
      `expected exit ${status} and one line matching ${re}, got exit ${r.status}, stderr:\n${r.stderr}`,
    );
}
