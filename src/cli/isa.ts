// `gcnkit isa [--mcpu=GPU] [--json]`
import { isaTable } from '../emu/isa-table.js';
import { DEFAULT_TARGET, supportedList } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import {
  type Command,
  flag,
  HELP_LINE,
  HELP_OPTION,
  MCPU_OPTION,
  mcpuOption,
  positionals,
} from './command.js';

export const ISA: Command = {
  name: 'isa',
  summary: "list a target's op table: name, encoding, opcode, whether the emulator executes it",
  usage: ['gcnkit isa [--mcpu=GPU] [--json]'],
  optionHelp: [
    ['--mcpu=GPU', `${supportedList()} (default: ${DEFAULT_TARGET})`],
    ['--json', 'print one JSON document (an array of ops) instead of text'],
    HELP_LINE,
  ],
  options: { ...HELP_OPTION, ...MCPU_OPTION, json: { type: 'boolean' } },
  run(args) {
    positionals(ISA, args, []);
    const mcpu = mcpuOption(args) ?? DEFAULT_TARGET;
    const entries = isaTable(mcpu);
    if (flag(args, 'json')) process.stdout.write(JSON.stringify(entries, null, 1) + '\n');
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
  },
};

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
