// The run spec of `gcnkit run` (docs/run-spec.md): one launch (`kernel`, `grid`, `block`, `args`,
// `outputs` by argument index), or named buffers shared by a list of launches, each repeated, with
// outputs by buffer name. Both parse to one shape, RunSpec, in which every buffer has a name (in the
// one-launch form, the index of the argument it is passed as). This module only checks the JSON; where
// files are and what they hold is spec-paths.ts's business.

import type { ImageOptions, SamplerOptions } from '../runtime/image.js';
import type { ValueType } from '../runtime/types.js';
import { imageDecl, samplerDecl } from './run-spec-image.js';

/** A spec field that is wrong: `field` is its path (`launches[1].grid[0]`), `what` says why. */
export class SpecError extends Error {
  constructor(
    readonly field: string,
    readonly what: string,
  ) {
    super(`${field}: ${what}`);
  }
}

function specFail(field: string, what: string): never {
  throw new SpecError(field, what);
}

export const VALUE_TYPES: readonly ValueType[] = [
  'i8',
  'u8',
  'i16',
  'u16',
  'i32',
  'u32',
  'i64',
  'u64',
  'f16',
  'f32',
  'f64',
];
export type IntType = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'u64';
const INT_TYPES: readonly IntType[] = ['i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'i64', 'u64'];

/** The largest grid size a dispatch packet holds per dimension (a 32-bit field). */
export const MAX_GRID = 0xffffffff;
/** The most work-items in a workgroup. */
export const MAX_BLOCK = 1024;

export interface BufferDecl {
  readonly name: string;
  /** Where the buffer is declared (`buffers.dist`, `args[2].buffer`), for messages. */
  readonly field: string;
  /** Initial contents, relative to the spec's folder. */
  readonly file?: string;
  /** The fields of `file` and of the size (`buffers.dist.file`, `args[0].buffer`), for messages. */
  readonly fileField: string;
  readonly sizeField: string;
  /** Size in bytes; with a file, the file's data zero-padded to it. */
  readonly bytes?: number;
  /** An image (run-spec "image" fields): its texel data is the buffer. */
  readonly image?: ImageOptions;
}

export type ArgDecl =
  | { readonly kind: 'buffer'; readonly name: string }
  | {
      readonly kind: 'value';
      readonly value: number | bigint | readonly (number | bigint)[];
      /** Absent: the type comes from the kernel's metadata (its .type_name). */
      readonly type?: ValueType;
    }
  | { readonly kind: 'lds'; readonly bytes: number }
  | { readonly kind: 'image'; readonly name: string }
  | { readonly kind: 'sampler'; readonly sampler: SamplerOptions | number }
  | { readonly kind: 'iteration'; readonly type: IntType };

export interface LaunchDecl {
  /** `launches[i]`, or '' in the one-launch form. */
  readonly field: string;
  readonly kernel: string;
  readonly grid: readonly number[];
  readonly block: readonly number[];
  readonly args: readonly ArgDecl[];
  readonly dynamicLds: number;
  readonly repeat: number;
}

export interface OutputDecl {
  readonly field: string;
  readonly buffer: string;
  readonly file: string;
}

export interface RunSpec {
  readonly form: 'one' | 'multi';
  readonly buffers: readonly BufferDecl[];
  readonly launches: readonly LaunchDecl[];
  /** Runs of the whole list of launches. */
  readonly repeat: number;
  readonly outputs: readonly OutputDecl[];
}

type Obj = Record<string, unknown>;

const at = (base: string, key: string | number) =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;

function object(v: unknown, field: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new SpecError(field, 'must be a JSON object');
  return v as Obj;
}

function onlyKeys(o: Obj, base: string, keys: readonly string[]): void {
  for (const k of Object.keys(o))
    if (!keys.includes(k))
      throw new SpecError(at(base, k), `unknown field (fields here: ${keys.join(', ')})`);
}

/** A whole number >= min in any JSON number form (1e6, 1.5e6, 1000.0), at most `max`. */
export function count(
  v: unknown,
  field: string,
  min: 0 | 1,
  max = Number.MAX_SAFE_INTEGER,
  why = '',
): number {
  const kind = min === 0 ? 'a non-negative integer' : 'a positive integer';
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
    throw new SpecError(field, `${JSON.stringify(v) ?? 'nothing'} is not ${kind}`);
  if (v > max)
    throw new SpecError(
      field,
      `${v} is more than ${max}${why ? `, ${why}` : max === Number.MAX_SAFE_INTEGER ? ' (2^53-1)' : ''}`,
    );
  return v;
}

function dims(v: unknown, field: string, max: number, why: string): number[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 3)
    throw new SpecError(field, 'must be an array of 1 to 3 positive integers');
  return v.map((x, i) => count(x, at(field, i), 1, max, why));
}

function str(v: unknown, field: string, what = 'a string'): string {
  if (typeof v !== 'string' || v === '') throw new SpecError(field, `must be ${what}`);
  return v;
}

/** Buffer names appear in --show=NAME:TYPE, so they cannot hold a colon. */
const BUFFER_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const isIntText = (x: unknown) => typeof x === 'string' && /^-?(\d+|0x[0-9a-fA-F]+)$/.test(x);
function scalar(x: unknown, field: string): number | bigint {
  if (typeof x === 'number') return x;
  if (isIntText(x)) {
    const s = x as string;
    return s.startsWith('-') ? -BigInt(s.slice(1)) : BigInt(s);
  }
  throw new SpecError(
    field,
    'must be a number, an integer in a string ("-5", "0xffffffffffffffff") or an array of them',
  );
}

/** Names the buffer (or image, when `image`) an argument refers to, declaring it where the form does. */
type BufferRef = (b: unknown, field: string, image: boolean) => string;

function parseArg(a: unknown, field: string, buffer: BufferRef): ArgDecl {
  const o = object(a, field);
  const kinds = ['buffer', 'value', 'lds', 'iteration', 'image', 'sampler'].filter((k) => k in o);
  if (kinds.length !== 1)
    throw new SpecError(
      field,
      'must have exactly one of "buffer", "value", "lds", "iteration", "image" or "sampler"',
    );
  switch (kinds[0]) {
    case 'image':
      onlyKeys(o, field, ['image']);
      return { kind: 'image', name: buffer(o.image, at(field, 'image'), true) };
    case 'sampler':
      onlyKeys(o, field, ['sampler']);
      return { kind: 'sampler', sampler: samplerDecl(o.sampler, at(field, 'sampler'), specFail) };
    case 'buffer':
      onlyKeys(o, field, ['buffer']);
      return { kind: 'buffer', name: buffer(o.buffer, at(field, 'buffer'), false) };
    case 'value': {
      onlyKeys(o, field, ['value', 'type']);
      let type: ValueType | undefined;
      if (o.type !== undefined) {
        if (typeof o.type !== 'string' || !(VALUE_TYPES as readonly string[]).includes(o.type))
          throw new SpecError(at(field, 'type'), `must be one of ${VALUE_TYPES.join(' ')}`);
        type = o.type as ValueType;
      }
      const v = o.value;
      if (Array.isArray(v)) {
        if (type === undefined)
          throw new SpecError(at(field, 'type'), 'is needed for an array value (a vector)');
        if (v.length === 0) throw new SpecError(at(field, 'value'), 'must not be empty');
        return { kind: 'value', value: v.map((x, i) => scalar(x, at(at(field, 'value'), i))), type };
      }
      return { kind: 'value', value: scalar(v, at(field, 'value')), ...(type ? { type } : {}) };
    }
    case 'lds':
      onlyKeys(o, field, ['lds']);
      return { kind: 'lds', bytes: count(o.lds, at(field, 'lds'), 0) };
    default: {
      onlyKeys(o, field, ['iteration']);
      const t = o.iteration;
      if (typeof t !== 'string' || !(INT_TYPES as readonly string[]).includes(t))
        throw new SpecError(at(field, 'iteration'), `must be an integer type: ${INT_TYPES.join(' ')}`);
      return { kind: 'iteration', type: t as IntType };
    }
  }
}

/** An image declared in place (one-launch form): the image fields plus an optional "file". */
function inlineImageDecl(name: string, field: string, b: unknown): BufferDecl {
  const o = object(b, field);
  const { file, ...rest } = o;
  return {
    name,
    field,
    fileField: at(field, 'file'),
    sizeField: field,
    ...(file !== undefined ? { file: str(file, at(field, 'file'), 'a file name') } : {}),
    image: imageDecl(rest, field, specFail),
  };
}

const LAUNCH_KEYS = ['kernel', 'grid', 'block', 'args', 'dynamic_lds', 'repeat'] as const;

function parseLaunch(o: Obj, field: string, buffer: BufferRef): LaunchDecl {
  const args = o.args ?? [];
  if (!Array.isArray(args)) throw new SpecError(at(field, 'args'), 'must be an array');
  return {
    field,
    kernel: str(o.kernel, at(field, 'kernel'), "the kernel's name (a string)"),
    grid: dims(
      o.grid,
      at(field, 'grid'),
      MAX_GRID,
      'the largest grid size a dispatch packet holds (32 bits)',
    ),
    block: dims(o.block ?? [1], at(field, 'block'), MAX_BLOCK, 'the most work-items a workgroup has'),
    args: args.map((a, i) => parseArg(a, at(at(field, 'args'), i), buffer)),
    dynamicLds: count(o.dynamic_lds ?? 0, at(field, 'dynamic_lds'), 0),
    repeat: count(o.repeat ?? 1, at(field, 'repeat'), 1),
  };
}

function outputsOf(v: unknown, key: (k: string, field: string) => string): OutputDecl[] {
  const o = object(v ?? {}, 'outputs');
  return Object.entries(o).map(([k, f]) => {
    const field = at('outputs', k);
    return { field, buffer: key(k, field), file: str(f, field, 'a file name') };
  });
}

/** Parses the text of a run spec; throws SpecError naming the field at fault. */
export function parseRunSpec(text: string): RunSpec {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch (e) {
    throw new SpecError('JSON', (e as Error).message);
  }
  const o = object(j, 'spec');
  if ('launches' in o) return multiLaunch(o);
  if (!('kernel' in o))
    throw new SpecError('spec', 'needs "kernel" (one launch) or "launches" (a list of launches)');
  return oneLaunch(o);
}

function oneLaunch(o: Obj): RunSpec {
  onlyKeys(o, '', [...LAUNCH_KEYS, 'outputs']);
  const buffers: BufferDecl[] = [];
  // Each buffer argument is its own buffer, named by the argument's index.
  const launch = parseLaunch(o, '', (b, field, image) => {
    const name = /^args\[(\d+)\]/.exec(field)![1];
    if (image) buffers.push(inlineImageDecl(name, field, b));
    else if (typeof b === 'string')
      buffers.push({ name, field, fileField: field, sizeField: field, file: str(b, field, 'a file name') });
    else {
      buffers.push(
        bufferDecl(name, field, b, 'must be a file name, { "bytes": N } or { "file": F, "bytes": N }'),
      );
    }
    return name;
  });
  const outputs = outputsOf(o.outputs, (k, field) => {
    if (!/^\d+$/.test(k) || Number(k) >= launch.args.length)
      throw new SpecError(field, `is not the index of an argument (0 to ${launch.args.length - 1})`);
    const kind = launch.args[Number(k)].kind;
    if (kind !== 'buffer' && kind !== 'image') throw new SpecError(field, `argument ${k} is not a buffer`);
    return k;
  });
  return { form: 'one', buffers, launches: [launch], repeat: 1, outputs };
}

/** A buffer given as { file }, { bytes } or both (file data zero-padded to bytes); `neither` is the error. */
function bufferDecl(name: string, field: string, b: unknown, neither: string): BufferDecl {
  const d = object(b, field);
  if ('image' in d) {
    onlyKeys(d, field, ['file', 'image']);
    return {
      name,
      field,
      fileField: at(field, 'file'),
      sizeField: at(field, 'image'),
      ...(d.file !== undefined ? { file: str(d.file, at(field, 'file'), 'a file name') } : {}),
      image: imageDecl(d.image, at(field, 'image'), specFail),
    };
  }
  onlyKeys(d, field, ['file', 'bytes']);
  if (d.file === undefined && d.bytes === undefined) throw new SpecError(field, neither);
  return {
    name,
    field,
    fileField: at(field, 'file'),
    sizeField: at(field, d.bytes !== undefined ? 'bytes' : 'file'),
    ...(d.file !== undefined ? { file: str(d.file, at(field, 'file'), 'a file name') } : {}),
    ...(d.bytes !== undefined ? { bytes: count(d.bytes, at(field, 'bytes'), 0) } : {}),
  };
}

function multiLaunch(o: Obj): RunSpec {
  onlyKeys(o, '', ['buffers', 'launches', 'repeat', 'outputs']);
  const decl = object(o.buffers ?? {}, 'buffers');
  const buffers: BufferDecl[] = Object.entries(decl).map(([name, b]) => {
    const field = at('buffers', name);
    if (!BUFFER_NAME.test(name))
      throw new SpecError(field, 'a buffer name is a letter or _ then letters, digits, _ . or -');
    return bufferDecl(name, field, b, 'needs "file", "bytes" or both');
  });
  const known = (name: string, field: string) => {
    if (!buffers.some((b) => b.name === name))
      throw new SpecError(
        field,
        `no buffer named '${name}' (buffers: ${buffers.map((b) => b.name).join(', ') || 'none'})`,
      );
    return name;
  };
  if (!Array.isArray(o.launches) || o.launches.length === 0)
    throw new SpecError('launches', 'must be a non-empty array of launches');
  const launches = o.launches.map((l, i) => {
    const field = at('launches', i);
    const lo = object(l, field);
    onlyKeys(lo, field, LAUNCH_KEYS);
    return parseLaunch(lo, field, (b, f, image) => {
      const name = known(str(b, f, `the name of ${image ? 'an image' : 'a buffer'} in "buffers"`), f);
      if (image !== (buffers.find((d) => d.name === name)!.image !== undefined))
        throw new SpecError(
          f,
          `'${name}' is ${image ? 'a buffer, not an image' : 'an image: pass it as { "image": name }'}`,
        );
      return name;
    });
  });
  const outputs = outputsOf(o.outputs, (k, field) => known(k, field));
  return { form: 'multi', buffers, launches, repeat: count(o.repeat ?? 1, 'repeat', 1), outputs };
}
