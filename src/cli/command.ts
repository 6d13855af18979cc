// What every command shares: its options as node:util parseArgs declares them, its help text, and the
// parsing that turns parseArgs' errors into gcnkit's usage errors (exit 2) with one wording.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isTarget, TARGETS, type Target } from '../isa/targets.js';
import { usageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command {
  readonly name: string;
  /** One line for `gcnkit --help`. */
  readonly summary: string;
  /** `gcnkit NAME ...` synopsis lines. */
  readonly usage: readonly string[];
  /** Option lines of `gcnkit NAME --help`, [flag, description]. */
  readonly optionHelp: readonly (readonly [string, string])[];
  readonly options: Options;
  run(args: ParsedArgs): number;
}

export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
}

/** `--help`/`-h` before a `--`: the command's help is wanted, whatever else is on the line. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/**
 * LLVM tools spell long options with one dash (`-mcpu=gfx908`, `-show-encoding`, `-shared`): such an
 * argument naming one of the command's long options is read as the two-dash form. Short options
 * (`-o FILE`, `-oFILE`, `-z defs`) and `-` (standard input) are left as they are.
 */
function llvmSpellings(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  let rest = false;
  for (const a of argv) {
    const m = rest ? null : /^-([a-z][a-z0-9-]+)(=.*)?$/.exec(a);
    if (a === '--') rest = true;
    out.push(m !== null && Object.hasOwn(options, m[1]) ? `-${a}` : a);
  }
  return out;
}

export function parseCommand(cmd: Command, argv: readonly string[]): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: llvmSpellings(argv, cmd.options),
      options: cmd.options,
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (e) {
    const err = e as Error & { code?: string };
    const name = /'(-[^' ]*)/.exec(err.message)?.[1] ?? '';
    const see = `(see gcnkit ${cmd.name} --help)`;
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw usageError(`unknown option '${name}' ${see}`);
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw usageError(
        /does not take/.test(err.message)
          ? `option '${name}' takes no value ${see}`
          : `option '${name}' needs a value ${see}`,
      );
    throw e;
  }
}

/** The value of a string option given at most once (the last one wins, as in most tools). */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  return typeof v === 'string' ? v : undefined;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** Exactly `n` positionals, named in the message when some are missing or extra. */
export function positionals(cmd: Command, args: ParsedArgs, names: readonly string[]): string[] {
  const p = args.positionals;
  if (p.length < names.length)
    throw usageError(`missing ${names.slice(p.length).join(' and ')} (usage: ${cmd.usage[0]})`);
  if (p.length > names.length)
    throw usageError(`unexpected argument '${p[names.length]}' (usage: ${cmd.usage[0]})`);
  return [...p];
}

export function helpText(cmd: Command): string {
  const width = Math.max(...cmd.optionHelp.map(([f]) => f.length), 0) + 2;
  const lines = [...cmd.usage.map((u, i) => `${i === 0 ? 'usage: ' : '       '}${u}`), '', cmd.summary];
  if (cmd.optionHelp.length) {
    lines.push('', 'options:');
    for (const [f, d] of cmd.optionHelp) lines.push(`  ${f.padEnd(width)}${d}`);
  }
  lines.push(
    '',
    "docs/cli.md in gcnkit's repository describes every command, its limits and its JSON output.",
  );
  return lines.join('\n') + '\n';
}

export const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const satisfies Options;
export const HELP_LINE = ['-h, --help', 'print this help and exit'] as const;

/** `--mcpu=GPU`: one of the processors gcnkit models, else a usage error. */
export function mcpuOption(args: ParsedArgs): Target | undefined {
  const v = stringOption(args, 'mcpu');
  if (v === undefined) return undefined;
  if (!isTarget(v)) throw usageError(`--mcpu: unsupported processor '${v}' (${TARGETS.join(', ')})`);
  return v;
}

export const MCPU_OPTION = { mcpu: { type: 'string' } } as const satisfies Options;
