// The raw-device run spec (docs/run-spec.md "Raw device"): no code object and no launches, but the
// processor, bytes placed at device addresses, a PM4 stream run on a compute ring, and device memory
// regions written out afterwards. It drives the virtual GPU the way a driver does.

import { isTarget, TARGETS, type Target } from '../isa/targets.js';
import { SpecError } from './run-spec.js';

export interface RawMemory {
  readonly field: string;
  readonly address: number;
  /** Bytes to map: `bytes`, or the file's size when only a file is given. */
  readonly bytes?: number;
  readonly file?: string;
}

export interface RawOutput {
  readonly field: string;
  readonly address: number;
  readonly bytes: number;
  readonly file: string;
}

export interface RawSpec {
  readonly mcpu: Target;
  readonly memory: readonly RawMemory[];
  /** The PM4 stream's file. */
  readonly pm4: string;
  /** Whether the ring has a constant engine (a graphics ring) for INDIRECT_BUFFER_CONST. */
  readonly constantEngine: boolean;
  readonly outputs: readonly RawOutput[];
}

/** Whether a parsed spec is the raw-device form: it names a PM4 stream and has no launches. */
export function isRawSpec(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'pm4' in v;
}

const fail = (field: string, what: string): never => {
  throw new SpecError(field, what);
};

function object(v: unknown, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(field, 'must be an object');
  return v as Record<string, unknown>;
}

function known(o: Record<string, unknown>, field: string, keys: readonly string[]): void {
  for (const k of Object.keys(o))
    if (!keys.includes(k))
      fail(field === '' ? k : `${field}.${k}`, `unknown field (expected ${keys.join(', ')})`);
}

/** A device address: a hex string "0x..." (JSON numbers lose bits above 2^53). */
function address(v: unknown, field: string): number {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(v))
    fail(field, `must be an address as a hex string such as "0x100000", not ${JSON.stringify(v)}`);
  const n = Number.parseInt((v as string).slice(2), 16);
  if (!Number.isSafeInteger(n) || n >= 2 ** 48)
    fail(field, `${v as string} is beyond the 48-bit device address space`);
  if (n % 4 !== 0) fail(field, `${v as string} is not 4-byte aligned`);
  return n;
}

function byteCount(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    fail(field, `must be a positive whole number of bytes, not ${JSON.stringify(v)}`);
  return v as number;
}

function path(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '') fail(field, 'must be a file path');
  return v as string;
}

export function parseRawSpec(v: unknown): RawSpec {
  const o = object(v, 'spec');
  known(o, '', ['mcpu', 'memory', 'pm4', 'constant_engine', 'outputs']);
  if (typeof o.mcpu !== 'string' || !isTarget(o.mcpu))
    fail('mcpu', `must be one of ${TARGETS.join(', ')}, not ${JSON.stringify(o.mcpu)}`);
  const memory: RawMemory[] = [];
  const mems = o.memory ?? [];
  if (!Array.isArray(mems)) fail('memory', 'must be an array of { address, file and/or bytes }');
  (mems as unknown[]).forEach((m, i) => {
    const f = `memory[${i}]`;
    const e = object(m, f);
    known(e, f, ['address', 'file', 'bytes']);
    if (e.file === undefined && e.bytes === undefined) fail(f, 'needs a file, bytes or both');
    memory.push({
      field: f,
      address: address(e.address, `${f}.address`),
      ...(e.file === undefined ? {} : { file: path(e.file, `${f}.file`) }),
      ...(e.bytes === undefined ? {} : { bytes: byteCount(e.bytes, `${f}.bytes`) }),
    });
  });
  const outputs: RawOutput[] = [];
  const outs = o.outputs ?? [];
  if (!Array.isArray(outs)) fail('outputs', 'must be an array of { address, bytes, file }');
  (outs as unknown[]).forEach((m, i) => {
    const f = `outputs[${i}]`;
    const e = object(m, f);
    known(e, f, ['address', 'bytes', 'file']);
    outputs.push({
      field: f,
      address: address(e.address, `${f}.address`),
      bytes: byteCount(e.bytes, `${f}.bytes`),
      file: path(e.file, `${f}.file`),
    });
  });
  if (o.constant_engine !== undefined && typeof o.constant_engine !== 'boolean')
    fail('constant_engine', 'must be true or false');
  return {
    mcpu: o.mcpu as Target,
    memory,
    pm4: path(o.pm4, 'pm4'),
    constantEngine: o.constant_engine === true,
    outputs,
  };
}
