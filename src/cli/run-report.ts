// What `gcnkit run` prints: the figures of each launch entry (summed over its runs), the --show values
// and the outputs written, as text or as one JSON document (docs/cli.md, "run --json").
import type { CliError } from './errors.js';
import { jsonValue, type Shown, showLine } from './run-show.js';
import type { RunSpec } from './run-spec.js';

export interface LaunchSummary {
  /** `launches[i]`, or '' in the one-launch form. */
  readonly field: string;
  readonly kernel: string;
  readonly grid: readonly number[];
  readonly block: readonly number[];
  readonly runs: number;
  readonly workgroups: number;
  readonly waves: number;
  readonly waveInstructions: number;
  readonly laneInstructions: number;
  readonly seconds: number;
  readonly printf: string;
  readonly printfNotes: readonly string[];
}

/** Why a run stopped, as data: the one-line message and what the runtime said about it. */
export interface RunErrorDetail {
  readonly message: string;
  /** DispatchError.kind ('fault', 'budget', 'timeout', ...) or LaunchError.code. */
  readonly kind?: string;
  readonly running?: readonly unknown[];
}

export interface Outcome {
  /** Per launch entry; undefined for an entry that never ran. */
  launches: (LaunchSummary | undefined)[];
  warnings: string[];
  shown: Shown[];
  outputs: { buffer: string; file: string }[];
  error?: CliError;
  errorDetail?: RunErrorDetail;
}

const sum = (o: Outcome, k: 'waveInstructions' | 'laneInstructions' | 'seconds') =>
  o.launches.reduce((s, l) => s + (l?.[k] ?? 0), 0);

export function runDocument(file: string, spec: string, rs: RunSpec, o: Outcome): object {
  const launches = o.launches.filter((l) => l !== undefined);
  const one = rs.form === 'one' && launches.length === 1 ? launches[0] : undefined;
  return {
    file,
    spec,
    // The one-launch form keeps its launch's figures at the top, as before multi-launch specs.
    ...(one
      ? {
          kernel: one.kernel,
          grid: one.grid,
          block: one.block,
          workgroups: one.workgroups,
          waves: one.waves,
          printf: one.printf,
        }
      : {}),
    waveInstructions: sum(o, 'waveInstructions'),
    laneInstructions: sum(o, 'laneInstructions'),
    seconds: sum(o, 'seconds'),
    launches: launches.map(({ field, ...l }) => ({ launch: field || 'launch', ...l })),
    show: o.shown.map((s) => ({ ...s, values: s.values.map(jsonValue) })),
    outputs: o.outputs,
    warnings: o.warnings,
    ...(o.errorDetail ? { error: o.errorDetail } : {}),
  };
}

export function printText(rs: RunSpec, o: Outcome): void {
  if (o.error !== undefined) return;
  const lines: string[] = [];
  const figures = (l: LaunchSummary) =>
    `${l.waveInstructions} wave-instructions, ${l.laneInstructions} lane-instructions, ${(l.seconds * 1000).toFixed(2)} ms`;
  for (const l of o.launches) {
    if (l === undefined) continue;
    const head = rs.form === 'one' ? `kernel ${l.kernel}` : `${l.field} kernel ${l.kernel}`;
    const runs = l.runs > 1 ? `${l.runs} runs, ` : '';
    lines.push(
      `${head}: grid ${l.grid.join('x')}, block ${l.block.join('x')}, ${runs}${l.workgroups} workgroups, ${l.waves} waves`,
    );
    lines.push((rs.form === 'one' ? '' : '  ') + figures(l));
  }
  if (o.launches.filter(Boolean).length > 1)
    lines.push(
      `total: ${sum(o, 'waveInstructions')} wave-instructions, ${sum(o, 'laneInstructions')} lane-instructions, ${(sum(o, 'seconds') * 1000).toFixed(2)} ms`,
    );
  for (const s of o.shown) lines.push(showLine(s, rs.form));
  process.stdout.write(lines.join('\n') + '\n');
}
