// `gcnkit isa [--mcpu=GPU] [--json]`

import { isaTable } from '../isa/table.js';
import { isTarget, type Target } from '../isa/targets.js';
import { parseArgs } from './args.js';
import { CliError } from './errors.js';

export { isaTable };

export function runIsa(argv: string[]): number {
  const { flags, positional } = parseArgs(argv, ['mcpu', 'json']);
  if (positional.length) throw new CliError(`isa: unexpected argument '${positional[0]}'`);
  const mcpu = flags.get('mcpu') ?? 'gfx900';
  if (mcpu === true || !isTarget(mcpu))
    throw new CliError(`isa: --mcpu: unsupported processor '${String(mcpu)}'`);
  const entries = isaTable(mcpu);
  if (flags.has('json')) process.stdout.write(JSON.stringify(entries, null, 1) + '\n');
  else {
    process.stdout.write(
      entries
        .map(
          (e) =>
            `${e.name.padEnd(36)} ${e.encoding.padEnd(10)} ${String(e.opcode).padEnd(4)} ${e.executable ? 'yes' : 'no: ' + e.reason}`,
        )
        .join('\n') + '\n',
    );
    process.stdout.write(summaryLine(mcpu, entries) + '\n');
  }
  return 0;
}

/** "# gfx908: N ops, X execute, Y not yet (reason: count, ...)": the figure the emulator is judged by. */
export function summaryLine(
  target: Target,
  entries: readonly { executable: boolean; reason?: string }[],
): string {
  const reasons = new Map<string, number>();
  let yes = 0;
  for (const e of entries) {
    if (e.executable) yes++;
    else {
      const r = (e.reason ?? 'unknown').replace(/ \(.*\)/, '').replace(/:.*/, '');
      reasons.set(r, (reasons.get(r) ?? 0) + 1);
    }
  }
  const why = [...reasons].map(([r, n]) => `${n} ${r}`).join('; ');
  return `# ${target}: ${entries.length} ops, ${yes} execute, ${entries.length - yes} not yet${why ? ` (${why})` : ''}`;
}
