// Numbers on the command line: counts in any JSON number form (`1e6`, `1.5e6` and `1000.0` are whole
// numbers, `1.5` is not), byte sizes with binary suffixes, seconds. A bad value is a usage error naming
// the flag.
import { usageError } from './errors.js';

const JSON_NUMBER = /^(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A whole number >= `min` written as a JSON number, at most 2^53-1. */
export function parseCount(text: string, flag: string, min = 1): number {
  const v = JSON_NUMBER.test(text) ? Number(text) : Number.NaN;
  const kind = min === 0 ? 'a non-negative whole number' : 'a positive whole number';
  if (!Number.isInteger(v) || v < min) throw usageError(`${flag}: '${text}' is not ${kind}`);
  if (!Number.isSafeInteger(v)) throw usageError(`${flag}: '${text}' is more than 2^53-1`);
  return v;
}

const SUFFIX: Record<string, number> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40 };

/** Bytes: a whole number, or a number with K, M, G or T (powers of 1024; `KiB`, `MiB` ... too). */
export function parseBytes(text: string, flag: string): number {
  const m = /^([0-9.eE+-]+)(?:([KMGT])(?:i?B)?)?$/i.exec(text);
  const n = m && JSON_NUMBER.test(m[1]) ? Number(m[1]) * SUFFIX[(m[2] ?? '').toUpperCase()] : Number.NaN;
  if (!Number.isInteger(n) || n < 1)
    throw usageError(`${flag}: '${text}' is not a byte count (e.g. 1073741824, 512M, 4G)`);
  if (!Number.isSafeInteger(n)) throw usageError(`${flag}: '${text}' is more than 2^53-1 bytes`);
  return n;
}

/** Seconds: a non-negative number (fractions allowed). */
export function parseSeconds(text: string, flag: string): number {
  const v = JSON_NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(v)) throw usageError(`${flag}: '${text}' is not a number of seconds`);
  return v;
}
