import { CliError } from './errors.js';

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positional: string[];
}

/** Parses `--name`, `--name=value` and positionals; rejects flags not in `known`. */
export function parseArgs(argv: string[], known: readonly string[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (const a of argv) {
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (!known.includes(name)) throw new CliError(`unknown option '--${name}'`);
      flags.set(name, eq < 0 ? true : a.slice(eq + 1));
    } else positional.push(a);
  }
  return { flags, positional };
}
