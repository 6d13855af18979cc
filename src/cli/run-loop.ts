// The launch loop of `gcnkit run`: every run of every launch entry, in order (docs/run-spec.md,
// "The multi-launch form"), through Module.launch, with the runtime's errors mapped to one line that
// names the launch and the flag that changes the outcome.
import { DispatchError, LaunchError, type Module } from '../runtime/device.js';
import type { DeviceBuffer, Engine, KernelArg, LaunchResult } from '../runtime/types.js';
import { CliError, EXIT_INPUT, fromElfError, inputError } from './errors.js';
import type { Progress } from './run-progress.js';
import type { Outcome, RunErrorDetail } from './run-report.js';
import type { LaunchDecl, RunSpec } from './run-spec.js';

/** The flags the loop uses. */
export interface LoopFlags {
  readonly json: boolean;
  readonly budget: number | undefined;
  /** LaunchOptions.workers (undefined: the number of cores). */
  readonly workers: number | undefined;
  readonly engine?: Engine;
  /** Seconds for the whole run; 0 = none. */
  readonly timeout: number;
}

/** What the runtime said about an error the CLI reports, for the JSON document. */
const details = new WeakMap<CliError, RunErrorDetail>();

/** The runtime's errors as one line, with the flag or field that changes the outcome. */
export function runtimeError(
  file: string | undefined,
  where: string,
  e: unknown,
  runTimeout?: number,
): unknown {
  e = fromElfError(e);
  const at = where ? `${where}: ` : '';
  let err: CliError;
  if (e instanceof LaunchError) {
    const hint: Record<string, string> = {
      'memory-limit': ' (--memory=BYTES raises the cap)',
      'block-size': ' (set "block" in the spec)',
    };
    err = new CliError(`${at}${e.message}${hint[e.code] ?? ''}`, EXIT_INPUT, file);
    details.set(err, { message: err.message, kind: e.code });
  } else if (e instanceof DispatchError) {
    const hint: Record<string, string> = {
      budget: ' (--budget=N raises it)',
      timeout: ' (--timeout=SECONDS raises it; 0 = none)',
    };
    let message = e.message;
    // Each dispatch gets what is left of the run's timeout: name the run's, as the user gave it.
    if (e.kind === 'timeout' && runTimeout !== undefined)
      message = message.replace(
        /the timeout of [^ ]+ s passed/,
        `the run's timeout of ${runTimeout} s passed`,
      );
    err = new CliError(`${at}${message}${hint[e.kind] ?? ''}`, EXIT_INPUT, file);
    details.set(err, { message: err.message, kind: e.kind, running: e.running });
  } else return e;
  return err;
}

const INT_BITS: Record<string, number> = {
  i8: 8,
  u8: 8,
  i16: 16,
  u16: 16,
  i32: 32,
  u32: 32,
  i64: 64,
  u64: 64,
};

export function runLaunches(
  mod: Module,
  spec: RunSpec,
  buffers: Map<string, DeviceBuffer>,
  f: LoopFlags,
  progress: Progress | undefined,
  specName: string,
): Outcome {
  const start = performance.now();
  const outcome: Outcome = {
    launches: spec.launches.map(() => undefined),
    warnings: [],
    shown: [],
    outputs: [],
  };
  const runs = spec.launches.map(() => 0);
  const total = spec.launches.length;
  try {
    for (let rep = 0; rep < spec.repeat; rep++) {
      for (let li = 0; li < total; li++) {
        const l = spec.launches[li];
        for (let r = 0; r < l.repeat; r++) {
          const label = launchLabel(spec, l, runs[li]);
          let timeout: number | undefined;
          if (f.timeout > 0) {
            timeout = f.timeout - (performance.now() - start) / 1000;
            if (timeout <= 0)
              throw inputError(
                specName,
                `${label ? `${label}: ` : ''}the run's timeout of ${f.timeout} s passed before this launch (--timeout=SECONDS raises it; 0 = none)`,
              );
          }
          let result: LaunchResult;
          try {
            result = mod.launch(l.kernel, {
              grid: l.grid,
              block: l.block,
              args: l.args.map((a) => kernelArg(a, buffers, runs[li], mod)),
              dynamicLds: l.dynamicLds,
              budget: f.budget,
              workers: f.workers,
              engine: f.engine,
              timeout,
              ...(progress ? { onProgress: (p) => progress.report(label || l.kernel, p) } : {}),
            });
          } catch (e) {
            throw runtimeError(specName, label, e, f.timeout);
          }
          runs[li]++;
          outcome.launches[li] = addResult(outcome.launches[li], l, result);
          if (!f.json) {
            // The kernel's printf output as it comes; notes on dropped or bad records on stderr.
            progress?.clear();
            const p = result.printf;
            if (p) process.stdout.write(p.endsWith('\n') ? p : p + '\n');
            for (const n of result.printfNotes ?? []) process.stderr.write(`gcnkit run: ${specName}: ${n}\n`);
          }
          progress?.report(
            label || l.kernel,
            {
              wavesDone: result.waves,
              wavesTotal: result.waves,
              waveInstructions: result.waveInstructions,
              seconds: result.seconds,
            },
            r === l.repeat - 1 ? 'last' : 'more',
          );
        }
      }
    }
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    outcome.error = e;
    outcome.errorDetail = details.get(e) ?? { message: e.message };
  }
  return outcome;
}

/** Where a launch is in the run, for messages: '' for the one launch of a one-launch spec run once. */
function launchLabel(spec: RunSpec, l: LaunchDecl, run: number): string {
  const many = spec.repeat > 1 || l.repeat > 1;
  const runPart = many ? `run ${run + 1}/${l.repeat * spec.repeat}` : '';
  if (spec.form === 'one') return runPart;
  return `${l.field} (${l.kernel})${runPart ? `, ${runPart}` : ''}`;
}

function kernelArg(
  a: LaunchDecl['args'][number],
  buffers: Map<string, DeviceBuffer>,
  iteration: number,
  mod: Module,
): KernelArg {
  switch (a.kind) {
    case 'buffer':
    case 'image':
      // An image's entry is the DeviceImage (a DeviceBuffer of its texel data).
      return buffers.get(a.name)!;
    case 'sampler':
      // The device keeps one S# per sampler value, so repeated launches allocate nothing.
      return mod.device.createSampler(a.sampler);
    case 'lds':
      return { lds: a.bytes };
    case 'value':
      return a.type === undefined ? (a.value as number | bigint) : { value: a.value, type: a.type };
    case 'iteration': {
      const bits = INT_BITS[a.type];
      if (bits === 64) return { value: BigInt(iteration), type: a.type };
      // The count wraps as the integer type would.
      let v = iteration % 2 ** bits;
      if (a.type.startsWith('i') && v >= 2 ** (bits - 1)) v -= 2 ** bits;
      return { value: v, type: a.type };
    }
  }
}

/** Sums the figures of the runs of one launch entry. */
function addResult(
  prev: Outcome['launches'][number],
  l: LaunchDecl,
  r: LaunchResult,
): NonNullable<Outcome['launches'][number]> {
  if (prev === undefined)
    return {
      field: l.field,
      kernel: r.kernel,
      grid: l.grid,
      block: l.block,
      runs: 1,
      workgroups: r.workgroups,
      waves: r.waves,
      waveInstructions: r.waveInstructions,
      laneInstructions: r.laneInstructions,
      seconds: r.seconds,
      printf: r.printf,
      printfNotes: [...(r.printfNotes ?? [])],
    };
  return {
    ...prev,
    runs: prev.runs + 1,
    waveInstructions: prev.waveInstructions + r.waveInstructions,
    laneInstructions: prev.laneInstructions + r.laneInstructions,
    seconds: prev.seconds + r.seconds,
    printf: prev.printf + r.printf,
    printfNotes: [...prev.printfNotes, ...(r.printfNotes ?? [])],
  };
}
