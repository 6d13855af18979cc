// `gcnkit run --show=NAME:TYPE[:COUNT]`: the first COUNT values of a buffer after the run. Parsed and
// checked against the spec before anything runs, and only the bytes it prints are read from the device.
import { f16ToF32 } from '../emu/float/f16.js';
import { usageError } from './errors.js';
import type { BufferDecl } from './run-spec.js';

type Getter = (v: DataView, o: number) => number | bigint;

export const SHOW_TYPES: Record<string, readonly [number, Getter]> = {
  i8: [1, (v, o) => v.getInt8(o)],
  u8: [1, (v, o) => v.getUint8(o)],
  i16: [2, (v, o) => v.getInt16(o, true)],
  u16: [2, (v, o) => v.getUint16(o, true)],
  i32: [4, (v, o) => v.getInt32(o, true)],
  u32: [4, (v, o) => v.getUint32(o, true)],
  i64: [8, (v, o) => v.getBigInt64(o, true)],
  u64: [8, (v, o) => v.getBigUint64(o, true)],
  f16: [2, (v, o) => f16ToF32(v.getUint16(o, true))],
  f32: [4, (v, o) => v.getFloat32(o, true)],
  f64: [8, (v, o) => v.getFloat64(o, true)],
};

/** Values printed when COUNT is not given. */
export const DEFAULT_SHOW_COUNT = 16;
/** The most values one --show prints (its bytes are read in one piece). */
export const MAX_SHOW_COUNT = 1 << 20;

export interface ShowRequest {
  readonly buffer: string;
  readonly type: string;
  readonly count: number;
}

/** One --show value, checked against the spec's buffers. */
export function parseShow(text: string, buffers: readonly BufferDecl[], form: 'one' | 'multi'): ShowRequest {
  const what = form === 'one' ? 'INDEX' : 'NAME';
  const m = /^([^:]+):([a-z0-9]+)(?::(\d+))?$/.exec(text);
  if (m === null || SHOW_TYPES[m[2]] === undefined)
    throw usageError(
      `--show: '${text}' is not ${what}:TYPE[:COUNT] with TYPE one of ${Object.keys(SHOW_TYPES).join(' ')}`,
    );
  if (!buffers.some((b) => b.name === m[1]))
    throw usageError(
      form === 'one'
        ? `--show: argument ${m[1]} is not a buffer (buffers: arguments ${buffers.map((b) => b.name).join(', ') || 'none'})`
        : `--show: no buffer named '${m[1]}' (buffers: ${buffers.map((b) => b.name).join(', ') || 'none'})`,
    );
  const count = m[3] === undefined ? DEFAULT_SHOW_COUNT : Number(m[3]);
  if (count < 1 || count > MAX_SHOW_COUNT)
    throw usageError(`--show: COUNT ${m[3]} is not from 1 to ${MAX_SHOW_COUNT}`);
  return { buffer: m[1], type: m[2], count };
}

export interface Shown {
  readonly buffer: string;
  readonly type: string;
  readonly values: (number | bigint)[];
  /** Whether the buffer holds more values than were shown. */
  readonly more: boolean;
}

/** The values a request shows, from `read(byteLength)` (the first bytes of a buffer of `size` bytes). */
export function showValues(req: ShowRequest, size: number, read: (bytes: number) => Uint8Array): Shown {
  const [width, get] = SHOW_TYPES[req.type];
  const count = Math.min(req.count, Math.floor(size / width));
  const bytes = read(count * width);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: (number | bigint)[] = [];
  for (let i = 0; i < count; i++) values.push(get(dv, i * width));
  return { buffer: req.buffer, type: req.type, values, more: count * width < size };
}

/** The text line of a shown buffer (the one-launch form calls buffers "argument N"). */
export function showLine(s: Shown, form: 'one' | 'multi'): string {
  const name = form === 'one' ? `argument ${s.buffer}` : `buffer ${s.buffer}`;
  return `${name} (${s.type}): ${s.values.join(' ')}${s.more ? ' ...' : ''}`;
}

/** JSON has no 64-bit integers, NaN or infinities: those values are strings. */
export function jsonValue(v: number | bigint): number | string {
  return typeof v === 'bigint' || !Number.isFinite(v) ? String(v) : v;
}
