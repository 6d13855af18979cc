// `gcnkit run FILE SPEC.json`: the launches a run spec describes (docs/run-spec.md), on the emulated
// GPU, through the runtime API. Everything that can be checked is checked before the first launch:
// the spec, --show, the output paths, the buffer files and the memory they need against the cap.
import { constants as bufferConstants } from 'node:buffer';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ENGINES, type Engine, isEngine } from '../emu/jit/engine.js';
import { DEFAULT_MEMORY_LIMIT, Device, type Module } from '../runtime/device.js';
import { type ImageOptions, imageShape } from '../runtime/image.js';
import type { DeviceBuffer } from '../runtime/types.js';
import {
  type Command,
  flag,
  HELP_LINE,
  HELP_OPTION,
  type ParsedArgs,
  positionals,
  stringOption,
} from './command.js';
import { CliError, inputError, usageError } from './errors.js';
import { CHUNK, formatBytes, Input, LIMITS, nameOf, readInput, writeChunks } from './io.js';
import { applyJitEnv } from './jit-env.js';
import { parseBytes, parseCount, parseSeconds } from './numbers.js';
import { runLaunches, runtimeError } from './run-loop.js';
import { Progress } from './run-progress.js';
import { runRaw } from './run-raw.js';
import { isRawSpec } from './run-raw-spec.js';
import { printText, runDocument } from './run-report.js';
import { jsonValue, parseShow, showValues } from './run-show.js';
import { type BufferDecl, parseRunSpec, type RunSpec, SpecError } from './run-spec.js';
import { SpecPaths } from './spec-paths.js';
import { useWorkerThreads } from './worker-threads.js';

/** Default wall-clock limit of a whole run, in seconds. */
export const DEFAULT_TIMEOUT = 60;

export const RUN: Command = {
  name: 'run',
  summary: 'run the kernel launches of a run spec (docs/run-spec.md) on the emulated GPU',
  usage: [
    'gcnkit run [--json] [--budget=N] [--workers=N] [--timeout=SECONDS] [--memory=BYTES] [--engine=jit|interpreter] [--show=NAME:TYPE[:COUNT]]... FILE SPEC.json',
    'gcnkit run [--json] [--budget=N] [--timeout=SECONDS] [--memory=BYTES] [--engine=jit|interpreter] RAW-SPEC.json',
  ],
  optionHelp: [
    ['--json', 'print one JSON document (launch figures, --show values, outputs)'],
    ['--budget=N', 'wave-instructions each dispatch may execute (default 1e9; 1e6, 1.5e6 ... accepted)'],
    [
      '--workers=N',
      "threads a dispatch's workgroups are split between (default: the number of cores; 1 = this thread)",
    ],
    ['--timeout=SECONDS', `wall-clock limit of the whole run (default ${DEFAULT_TIMEOUT}; 0 = none)`],
    [
      '--memory=BYTES',
      `device memory cap (default ${formatBytes(DEFAULT_MEMORY_LIMIT)}; 512M, 4G ... accepted)`,
    ],
    [
      '--engine=jit|interpreter',
      'execution engine: compiled basic blocks (jit, default) or one instruction at a time (interpreter)',
    ],
    [
      '--show=NAME:TYPE[:COUNT]',
      'print the first COUNT (16) values of a buffer (argument index in a one-launch spec)',
    ],
    [
      '--progress, --no-progress',
      'force the progress line on stderr on or off (default: on a terminal, not with --json)',
    ],
    ['--allow-outside-paths', "let spec paths leave the spec's folder"],
    HELP_LINE,
  ],
  options: {
    ...HELP_OPTION,
    json: { type: 'boolean' },
    budget: { type: 'string' },
    workers: { type: 'string' },
    timeout: { type: 'string' },
    memory: { type: 'string' },
    engine: { type: 'string' },
    show: { type: 'string', multiple: true },
    progress: { type: 'boolean' },
    'no-progress': { type: 'boolean' },
    'allow-outside-paths': { type: 'boolean' },
  },
  run: runCommand,
};

interface Flags {
  json: boolean;
  budget: number | undefined;
  workers: number | undefined;
  engine: Engine | undefined;
  timeout: number;
  memory: number;
  progress: boolean;
  allowOutside: boolean;
}

function flags(args: ParsedArgs): Flags {
  const budget = stringOption(args, 'budget');
  const workers = stringOption(args, 'workers');
  const timeout = stringOption(args, 'timeout');
  const memory = stringOption(args, 'memory');
  const engine = stringOption(args, 'engine');
  if (engine !== undefined && !isEngine(engine))
    throw usageError(`--engine must be ${ENGINES.join(' or ')}, not '${engine}'`);
  const json = flag(args, 'json');
  if (flag(args, 'progress') && flag(args, 'no-progress'))
    throw usageError('--progress and --no-progress contradict each other');
  return {
    json,
    budget: budget === undefined ? undefined : parseCount(budget, '--budget'),
    workers: workers === undefined ? undefined : parseCount(workers, '--workers'),
    engine,
    timeout: timeout === undefined ? DEFAULT_TIMEOUT : parseSeconds(timeout, '--timeout'),
    memory: memory === undefined ? DEFAULT_MEMORY_LIMIT : parseBytes(memory, '--memory'),
    progress:
      flag(args, 'progress') || (!flag(args, 'no-progress') && !json && process.stderr.isTTY === true),
    allowOutside: flag(args, 'allow-outside-paths'),
  };
}

/** A spec error as the one-line report: `SPEC: field: what`. */
const specError = (spec: string, e: SpecError) => inputError(spec, e.message);

/** The largest single buffer this Node.js can hold (typed arrays are limited, 4 GiB on Node 20). */
const MAX_BUFFER = bufferConstants.MAX_LENGTH;

interface PlannedBuffer {
  readonly name: string;
  readonly field: string;
  readonly size: number;
  readonly input?: Input;
  readonly image?: ImageOptions;
}

function runCommand(args: ParsedArgs): number {
  const f = flags(args);
  try {
    applyJitEnv();
  } catch (e) {
    throw usageError((e as Error).message);
  }
  // One argument: a raw-device spec (no code object), run through the command processor.
  if (args.positionals.length === 1) return runRawSpecFile(args.positionals[0], f);
  useWorkerThreads();
  const [coFile, specFile] = positionals(RUN, args, ['FILE', 'SPEC.json']);
  if (coFile === '-' && specFile === '-')
    throw usageError('FILE and SPEC.json cannot both be standard input');
  const specName = nameOf(specFile);
  const spec = parseSpecFile(specFile);
  const shows = ((args.values.show ?? []) as string[]).map((s) => parseShow(s, spec.buffers, spec.form));
  const code = readInput(coFile, LIMITS.codeObject, 'a code object');
  // Paths resolve against the spec's folder (the current one for a spec on standard input).
  const paths = new SpecPaths(specFile === '-' ? '.' : dirname(specFile), f.allowOutside, {
    'code object': coFile === '-' ? undefined : coFile,
    'spec file': specFile === '-' ? undefined : specFile,
  });
  const planned: PlannedBuffer[] = [];
  const outputs: { field: string; buffer: string; path: string }[] = [];
  try {
    for (const o of spec.outputs) outputs.push({ ...o, path: paths.output(o.field, o.file) });
    let total = 0;
    for (const b of spec.buffers) {
      const file = b.file === undefined ? undefined : paths.input(b.fileField, b.file);
      const p = planBuffer(b, file, f.memory);
      planned.push(p);
      total += p.size;
    }
    if (total > f.memory)
      throw new SpecError(
        spec.form === 'one' ? 'args' : 'buffers',
        `the buffers need ${total} bytes, more than the device memory cap of ${formatBytes(f.memory)} (--memory=BYTES raises it)`,
      );
  } catch (e) {
    for (const p of planned) p.input?.close();
    throw e instanceof SpecError ? specError(specName, e) : e;
  }
  const progress = f.progress
    ? new Progress((s) => process.stderr.write(s), process.stderr.isTTY === true, performance.now())
    : undefined;
  const warnings: string[] = [];
  const dev = new Device({
    memoryLimit: f.memory,
    onWarning: (w) => {
      warnings.push(w);
      progress?.clear();
      // The runtime words its advice for the API (the dynamicLds option): add the spec's word.
      const hint = /\bdynamicLds\b/.test(w) ? ' ("dynamic_lds" in the spec)' : '';
      process.stderr.write(`gcnkit run: ${specName}: warning: ${w}${hint}\n`);
    },
  });
  let mod: Module;
  const buffers = new Map<string, DeviceBuffer>();
  try {
    try {
      mod = dev.load(code, nameOf(coFile));
    } catch (e) {
      // The runtime's load errors name the code object already.
      const name = nameOf(coFile);
      throw runtimeError(e instanceof Error && e.message.startsWith(name) ? undefined : name, '', e);
    }
    for (const p of planned) {
      try {
        buffers.set(p.name, fillBuffer(dev, p));
      } catch (e) {
        throw runtimeError(specName, p.field, e);
      }
    }
  } finally {
    for (const p of planned) p.input?.close();
  }
  const outcome = runLaunches(mod, spec, buffers, f, progress, specName);
  progress?.clear();
  outcome.warnings = warnings;
  if (outcome.error === undefined) {
    for (const o of outputs) writeBuffer(dev, buffers.get(o.buffer)!, o.path);
    outcome.shown = shows.map((s) =>
      showValues(s, buffers.get(s.buffer)!.size, (n) => dev.read(buffers.get(s.buffer)!, 0, n)),
    );
    outcome.outputs = outputs.map((o) => ({ buffer: o.buffer, file: o.path }));
  }
  if (f.json)
    process.stdout.write(
      JSON.stringify(runDocument(nameOf(coFile), specName, spec, outcome), jsonReplacer) + '\n',
    );
  else printText(spec, outcome);
  if (outcome.error !== undefined) throw outcome.error;
  return 0;
}

function jsonReplacer(_key: string, v: unknown): unknown {
  return typeof v === 'bigint' || (typeof v === 'number' && !Number.isFinite(v)) ? jsonValue(v) : v;
}

function parseSpecFile(specFile: string): RunSpec {
  const text = new TextDecoder().decode(readInput(specFile, LIMITS.spec, 'a run spec'));
  try {
    return parseRunSpec(text);
  } catch (e) {
    throw e instanceof SpecError ? specError(nameOf(specFile), e) : e;
  }
}

function runRawSpecFile(specFile: string, f: Flags): number {
  // Anything but a readable JSON object with a "pm4" field is a kernel run missing its spec.
  const missing = () =>
    usageError(
      `missing SPEC.json (usage: ${RUN.usage[0]}; with one argument, a raw-device spec with a "pm4" field)`,
    );
  if (specFile !== '-' && !existsSync(specFile)) throw missing();
  const text = new TextDecoder().decode(readInput(specFile, LIMITS.spec, 'a run spec'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw missing();
  }
  if (!isRawSpec(json)) throw missing();
  return runRaw(specFile, json, f);
}

/** A buffer's size, from its file and `bytes`, checked against the cap before anything is allocated. */
function planBuffer(b: BufferDecl, file: string | undefined, cap: number): PlannedBuffer {
  const { name, field, sizeField, bytes } = b;
  const limit = Math.min(cap, MAX_BUFFER);
  let input: Input | undefined;
  if (file !== undefined) {
    try {
      input = Input.open(file, limit, 'a buffer file (the device memory cap, --memory)', false);
    } catch (e) {
      if (e instanceof CliError) throw new SpecError(b.fileField, `${b.file}: ${e.message}`);
      throw e;
    }
  }
  const fileSize = input?.size ?? 0;
  if (bytes !== undefined && bytes < fileSize) {
    input?.close();
    throw new SpecError(sizeField, `${bytes} is less than the size of its file (${fileSize} bytes)`);
  }
  const size = b.image ? imageShape(b.image).bytes : (bytes ?? fileSize);
  if (b.image && fileSize > size) {
    input?.close();
    throw new SpecError(b.fileField, `${b.file}: ${fileSize} bytes, more than the image's ${size}`);
  }
  const what = (lim: string) => `${size} bytes is more than ${lim}`;
  if (size > cap) {
    input?.close();
    throw new SpecError(
      sizeField,
      `${what(`the device memory cap of ${formatBytes(cap)}`)} (--memory=BYTES raises it)`,
    );
  }
  if (size > MAX_BUFFER) {
    input?.close();
    throw new SpecError(sizeField, what(`the largest buffer Node.js holds (${formatBytes(MAX_BUFFER)})`));
  }
  return { name, field, size, ...(input ? { input } : {}), ...(b.image ? { image: b.image } : {}) };
}

/** Allocates a buffer and copies its file into it a chunk at a time (the rest stays zero). */
function fillBuffer(dev: Device, p: PlannedBuffer): DeviceBuffer {
  const buf = p.image ? dev.createImage(p.image) : dev.alloc(p.size);
  if (p.input !== undefined) {
    let off = 0;
    for (const c of p.input.chunks(CHUNK)) {
      dev.write(buf, c, off);
      off += c.length;
    }
  }
  return buf;
}

/** Writes a buffer to `path` atomically, a chunk at a time straight from device memory. */
export function writeBuffer(dev: Pick<Device, 'read'>, buf: DeviceBuffer, path: string): void {
  writeChunks(
    path,
    (function* () {
      for (let off = 0; off < buf.size; off += CHUNK)
        yield dev.read(buf, off, Math.min(CHUNK, buf.size - off));
    })(),
  );
}
