// `gcnkit run FILE SPEC.json [--json] [--budget=N] [--show=INDEX:TYPE[:COUNT]]`: one kernel dispatch as
// the run spec of ARCHITECTURE.md describes it. File paths in the spec are relative to the spec file.

import { dirname, resolve } from 'node:path';
import { ElfError } from '../elf/errors.js';
import { Device, DispatchError, LaunchError } from '../runtime/device.js';
import type { DeviceBuffer, KernelArg, LaunchResult, ValueType } from '../runtime/types.js';
import { parseArgs } from './args.js';
import { CliError } from './errors.js';
import { readInput, writeOutput } from './io.js';

const VALUE_TYPES = new Set(['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'f16', 'f32', 'f64']);

interface Spec {
  kernel: string;
  grid: number[];
  block: number[];
  args: unknown[];
  outputs: Record<string, string>;
  /** HIP's dynamic shared memory (extern __shared__) in bytes; an extension of ARCHITECTURE's spec. */
  dynamicLds: number;
}

function fail(spec: string, field: string, what: string): never {
  throw new CliError(`${spec}: ${field}: ${what}`);
}

function dims(file: string, v: unknown, field: string): number[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 3)
    fail(file, field, 'must be an array of 1 to 3 integers');
  v.forEach((x, i) => {
    if (!Number.isInteger(x) || (x as number) < 1)
      fail(file, `${field}[${i}]`, `${JSON.stringify(x)} is not a positive integer`);
  });
  return v as number[];
}

function parseSpec(file: string, text: string): Spec {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch (e) {
    fail(file, 'JSON', (e as Error).message);
  }
  if (typeof j !== 'object' || j === null || Array.isArray(j)) fail(file, 'spec', 'must be a JSON object');
  const o = j as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['kernel', 'grid', 'block', 'args', 'outputs', 'dynamic_lds'].includes(k))
      fail(file, k, 'unknown field');
  const dyn = o.dynamic_lds ?? 0;
  if (!Number.isInteger(dyn) || (dyn as number) < 0)
    fail(file, 'dynamic_lds', 'must be a non-negative integer');
  if (typeof o.kernel !== 'string') fail(file, 'kernel', 'must be a string');
  const args = o.args ?? [];
  if (!Array.isArray(args)) fail(file, 'args', 'must be an array');
  const outputs = o.outputs ?? {};
  if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs))
    fail(file, 'outputs', 'must be an object');
  for (const [k, v] of Object.entries(outputs)) {
    if (!/^\d+$/.test(k) || Number(k) >= args.length)
      fail(file, `outputs.${k}`, 'is not the index of an argument');
    if (typeof v !== 'string') fail(file, `outputs.${k}`, 'must be a file name');
  }
  return {
    kernel: o.kernel,
    grid: dims(file, o.grid, 'grid'),
    block: dims(file, o.block ?? [1], 'block'),
    args,
    outputs: outputs as Record<string, string>,
    dynamicLds: dyn as number,
  };
}

function buildArg(dev: Device, file: string, dir: string, a: unknown, i: number): KernelArg {
  const field = `args[${i}]`;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) fail(file, field, 'must be an object');
  const o = a as Record<string, unknown>;
  if ('buffer' in o) {
    const b = o.buffer;
    if (typeof b === 'string') return dev.upload(readInput(resolve(dir, b)));
    if (typeof b === 'object' && b !== null && 'bytes' in b) {
      const n = (b as { bytes: unknown }).bytes;
      if (!Number.isInteger(n) || (n as number) < 0)
        fail(file, `${field}.buffer.bytes`, 'must be a non-negative integer');
      return dev.alloc(n as number);
    }
    fail(file, `${field}.buffer`, 'must be a file name or { "bytes": N }');
  }
  if ('value' in o) {
    const t = o.type;
    if (typeof t !== 'string' || !VALUE_TYPES.has(t))
      fail(file, `${field}.type`, `must be one of ${[...VALUE_TYPES].join(' ')}`);
    const v = o.value;
    const ok = (x: unknown) => typeof x === 'number' || (typeof x === 'string' && /^-?\d+$/.test(x));
    if (!(ok(v) || (Array.isArray(v) && v.every(ok))))
      fail(file, `${field}.value`, 'must be a number or an array of numbers');
    const conv = (x: unknown) => (typeof x === 'string' ? BigInt(x) : (x as number));
    return { value: Array.isArray(v) ? v.map(conv) : conv(v), type: t as ValueType };
  }
  if ('lds' in o) {
    if (!Number.isInteger(o.lds) || (o.lds as number) < 0)
      fail(file, `${field}.lds`, 'must be a non-negative integer');
    return { lds: o.lds as number };
  }
  fail(file, field, 'must have "buffer", "value" or "lds"');
}

const SHOW_TYPES: Record<string, [number, (v: DataView, o: number) => number | bigint]> = {
  i8: [1, (v, o) => v.getInt8(o)],
  u8: [1, (v, o) => v.getUint8(o)],
  i16: [2, (v, o) => v.getInt16(o, true)],
  u16: [2, (v, o) => v.getUint16(o, true)],
  i32: [4, (v, o) => v.getInt32(o, true)],
  u32: [4, (v, o) => v.getUint32(o, true)],
  i64: [8, (v, o) => v.getBigInt64(o, true)],
  u64: [8, (v, o) => v.getBigUint64(o, true)],
  f32: [4, (v, o) => v.getFloat32(o, true)],
  f64: [8, (v, o) => v.getFloat64(o, true)],
};

export function runRun(argv: string[]): number {
  const { flags, positional } = parseArgs(argv, ['json', 'budget', 'show']);
  if (positional.length !== 2)
    throw new CliError(
      'run: usage: gcnkit run FILE SPEC.json [--json] [--budget=N] [--show=INDEX:TYPE[:COUNT]]',
    );
  const [coFile, specFile] = positional;
  let budget: number | undefined;
  const b = flags.get('budget');
  if (b !== undefined) {
    if (b === true || !/^\d+(e\d+)?$/.test(b) || Number(b) < 1)
      throw new CliError(`run: --budget: '${String(b)}' is not a positive number`);
    budget = Number(b);
  }
  const spec = parseSpec(specFile, readInput(specFile).toString('utf8'));
  const dir = dirname(specFile);
  const dev = new Device();
  let result: LaunchResult;
  const bufs: (DeviceBuffer | undefined)[] = [];
  try {
    const mod = dev.load(readInput(coFile), coFile);
    const args = spec.args.map((a, i) => {
      const k = buildArg(dev, specFile, dir, a, i);
      bufs.push(typeof k === 'object' && 'address' in k ? k : undefined);
      return k;
    });
    result = mod.launch(spec.kernel, {
      grid: spec.grid,
      block: spec.block,
      args,
      budget,
      dynamicLds: spec.dynamicLds,
    });
  } catch (e) {
    if (e instanceof ElfError) throw new CliError(e.message);
    if (e instanceof LaunchError) throw new CliError(`${specFile}: ${e.message}`);
    if (e instanceof DispatchError) throw new CliError(e.message);
    throw e;
  }
  for (const [k, out] of Object.entries(spec.outputs)) {
    const buf = bufs[Number(k)];
    if (buf === undefined) throw new CliError(`${specFile}: outputs.${k}: argument ${k} is not a buffer`);
    writeOutput(resolve(dir, out), dev.mem.download(buf.address, buf.size));
  }
  if (flags.has('json')) {
    process.stdout.write(JSON.stringify({ ...result, grid: spec.grid, block: spec.block }) + '\n');
  } else {
    const r = result;
    // The kernel's printf output first, then gcnkit's own lines; printf notes (dropped or bad records) on stderr.
    process.stdout.write(r.printf.length > 0 && !r.printf.endsWith('\n') ? r.printf + '\n' : r.printf);
    for (const n of r.printfNotes ?? []) process.stderr.write(`gcnkit: ${n}\n`);
    process.stdout.write(
      `kernel ${r.kernel}: grid ${spec.grid.join('x')}, block ${spec.block.join('x')}, ${r.workgroups} workgroups, ` +
        `${r.waves} waves\n${r.waveInstructions} wave-instructions, ${r.laneInstructions} lane-instructions, ` +
        `${(r.seconds * 1000).toFixed(2)} ms\n`,
    );
  }
  const show = flags.get('show');
  if (show !== undefined) {
    const m = show === true ? null : /^(\d+):([a-z0-9]+)(?::(\d+))?$/.exec(show);
    if (m === null || SHOW_TYPES[m[2]] === undefined)
      throw new CliError(
        'run: --show must be INDEX:TYPE[:COUNT], TYPE one of ' + Object.keys(SHOW_TYPES).join(' '),
      );
    const buf = bufs[Number(m[1])];
    if (buf === undefined) throw new CliError(`run: --show: argument ${m[1]} is not a buffer`);
    const [size, get] = SHOW_TYPES[m[2]];
    const bytes = dev.mem.download(buf.address, buf.size);
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = Math.min(Number(m[3] ?? 16), Math.floor(bytes.length / size));
    const vals: string[] = [];
    for (let i = 0; i < count; i++) vals.push(String(get(dv, i * size)));
    process.stdout.write(
      `argument ${m[1]} (${m[2]}): ${vals.join(' ')}${count < bytes.length / size ? ' ...' : ''}\n`,
    );
  }
  return 0;
}
