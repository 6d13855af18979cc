// The `gcnkit` command for tests that spawn it: the bundled CLI (scripts/lib/cli-bundle.ts), built once
// per test process and removed at exit. A spawn then takes about 0.2 s and 0.2 s of CPU, where node with
// the tsx loader takes 0.5 s and 0.75 s of CPU (2-core CI machine), loading and transforming src/ again.
import { bundleCli } from '../../scripts/lib/cli-bundle.js';

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
